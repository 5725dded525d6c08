"""Battle for Armageddon (Games Workshop, 1992): Orks against the Imperium on Armageddon
Secundus, eight turns of strategy cards, odds-ratio combat, supply and hives.

>>> from wargames.armageddon import new_game
>>> state = new_game()
>>> state.current_player
'orks'
"""

from __future__ import annotations

from wargames.armageddon.actions import parse
from wargames.armageddon.data import IMPERIUM, ORKS, default_data
from wargames.armageddon.game import GAME, new_game
from wargames.armageddon.sequence import SEQUENCE
from wargames.armageddon.state import ArmageddonState

__all__ = [
    "GAME",
    "IMPERIUM",
    "ORKS",
    "SEQUENCE",
    "ArmageddonState",
    "default_data",
    "new_game",
    "parse",
]
