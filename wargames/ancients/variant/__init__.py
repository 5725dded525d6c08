"""Richard Irving's 'Armageddon' team variant of Commands & Colors: Ancients (CCA-*), played by a
scenario that says ``variant = "armageddon"``, with the game option ``players`` (1 to 4 a side).

Its modules, each one concept: :mod:`~wargames.ancients.variant.seats` (the seats and roles,
CCA-ROLE-01 to -07), :mod:`~wargames.ancients.variant.state` (:class:`ArmageddonState`),
:mod:`~wargames.ancients.variant.actions` (its actions and their notation),
:mod:`~wargames.ancients.variant.flow` (its turn as tasks, CCA-SEQ-01 to -09),
:mod:`~wargames.ancients.variant.orders` (ordering on one flank),
:mod:`~wargames.ancients.variant.flanks` (cards bound to flanks, hand limits),
:mod:`~wargames.ancients.variant.victory` (banners per flank),
:mod:`~wargames.ancients.variant.sequence` (its declared sequence of play),
:mod:`~wargames.ancients.variant.agents` (the team-aware greedy agent) and
:mod:`~wargames.ancients.variant.game` (:func:`start_armageddon`). They import the base game
(:mod:`wargames.ancients`), never the other way round: the base game reaches them only from
:mod:`wargames.ancients.game` (starting a variant scenario, its seats, the ``greedy`` agent)
and, for the docs page's tables, :mod:`wargames.ancients.reference`. See
``docs/ancients-armageddon-notes.md``.
"""

from __future__ import annotations

from wargames.ancients.variant.game import start_armageddon
from wargames.ancients.variant.sequence import SEQUENCE
from wargames.ancients.variant.state import ArmageddonState

__all__ = ["SEQUENCE", "ArmageddonState", "start_armageddon"]
