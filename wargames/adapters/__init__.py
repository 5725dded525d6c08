"""Bridges from the games to the frameworks where game-playing agents are built, each in its
own module and optional extra: :mod:`wargames.adapters.openspiel` (``[openspiel]``),
:mod:`wargames.adapters.pettingzoo` and :mod:`wargames.adapters.gymnasium` (``[rl]``).

This package imports none of them: ``import wargames`` (and ``import wargames.adapters``) works
without the extras; importing one adapter module imports its framework.
"""
