"""The Warmaster (Jervis Johnson, White Dwarf 161, 1993): the Emperor boards Horus's battle
barge and hunts for the Warmaster among face-down traitor counters, traps and horrors, while
traitor reinforcements teleport in from the cup.

The reference data (ship map, Teleportation Table, Battle Results Table, counter manifest and
special rules, all reconstructed) and the boarding scenario are in
:mod:`wargames.warmaster.data`; the engine is :func:`new_game` and the states it returns.

>>> from wargames.warmaster import new_game
>>> state = new_game()
>>> state.current_player
'traitor'
"""

from __future__ import annotations

from wargames.warmaster.actions import parse
from wargames.warmaster.data import IMPERIAL, TRAITOR, default_data
from wargames.warmaster.game import GAME, new_game
from wargames.warmaster.sequence import SEQUENCE
from wargames.warmaster.state import WarmasterState

__all__ = [
    "GAME",
    "IMPERIAL",
    "SEQUENCE",
    "TRAITOR",
    "WarmasterState",
    "default_data",
    "new_game",
    "parse",
]
