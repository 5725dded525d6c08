"""Bridges to the frameworks where game-playing agents are built: OpenSpiel
(:mod:`wargames.adapters.openspiel`, extra ``[openspiel]``), PettingZoo
(:mod:`wargames.adapters.pettingzoo`) and Gymnasium (:mod:`wargames.adapters.gymnasium`, both
extra ``[rl]``).

Every adapter numbers actions with the game's own codec (:func:`wargames.action_space`) and
observes with :mod:`wargames.core.observation`; none has a numbering of its own. This package
imports nothing optional: ``import wargames`` (and ``import wargames.adapters``) works without
the extras; importing one adapter module imports its framework.
"""
