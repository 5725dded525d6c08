"""Border Raid: a small complete game written against the wargames kit.

Two players, red and blue, each with a few companies, race across a small map of areas to take
the other's keep. On his go a player moves one company, attacks with the companies of one area,
or passes; combat is an odds ratio and one D6 on a combat results table; the owner chooses
which company a result destroys and where defeated companies retreat. The rules, with their
ids, are in :mod:`border_raid.flow`; the docs page "Write a game" walks through every module.

>>> import wargames
>>> state = wargames.load("raid")
>>> state.current_player
'red'
"""

from border_raid.game import GAME, new_game
from border_raid.state import RaidState

__all__ = ["GAME", "RaidState", "new_game"]
