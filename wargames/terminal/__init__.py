"""Playing a game at the terminal: ``wargames play GAME --PLAYER human``.

- :mod:`~wargames.terminal.session`: one game from the command line to its outcome: the log,
  the human players, undo, save and resume, ``--svg``.
- :mod:`~wargames.terminal.prompt`: the question put to a human player, the same for every
  game (where the game stands, what is decided and why, the numbered legal actions).
- :mod:`~wargames.terminal.commands`: what may be typed instead of an action (``help``,
  ``?``, ``map``, ``legend``, ``undo``, ``save FILE``, ``quit``).
- :mod:`~wargames.terminal.log`: the log, each action followed by the game's narration.
- :mod:`~wargames.terminal.saves`: saved games, and why undo and resume bring the same dice.
- :mod:`~wargames.terminal.guard`: a narrator that fails falls back to plain words.

Everything a game says in words comes from its narrator
(:meth:`Game.narration <wargames.core.registry.Game.narration>`), so the terminal knows no game
by name.
"""

from __future__ import annotations

from wargames.terminal.errors import CommandError, EndOfInput
from wargames.terminal.prompt import HumanAgent
from wargames.terminal.session import HUMAN, Session, Table, new_match

__all__ = ["HUMAN", "CommandError", "EndOfInput", "HumanAgent", "Session", "Table", "new_match"]
