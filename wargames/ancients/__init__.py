"""Commands & Colors: Ancients (3rd edition), playable as the game ``ancients``, and the pure
rules Richard Irving's 'Armageddon' team variant builds on.

The rules, each module one concept:

* :mod:`~wargames.ancients.settings`: :class:`AncientsSettings`, the changeable readings;
* :mod:`~wargames.ancients.units`: the unit table (``data/units.toml``) and the rules read
  off it (dice, fire, evasion, retreat, momentum);
* :mod:`~wargames.ancients.terrain`: the terrain table (``data/terrain.toml``), movement
  effects, dice caps and the sword and flag ignores;
* :mod:`~wargames.ancients.board`: the 13x9, Epic and 'Armageddon' boards, sections named
  from each seat, rear hexes, range, line of sight, linked groups;
* :mod:`~wargames.ancients.dice`: the battle die and the scoring of a roll, elephant re-rolls
  included;
* :mod:`~wargames.ancients.odds`: exact outcome distributions and ``wargames odds ancients``;
* :mod:`~wargames.ancients.cards`: the 60 command cards as data;
* :mod:`~wargames.ancients.components`: the base box.

The engine: :func:`new_game` (:mod:`~wargames.ancients.game`) gives an
:class:`AncientsState` (:mod:`~wargames.ancients.state`), whose turn is a stack of tasks
(:mod:`~wargames.ancients.flow`): cards and orders (:mod:`~wargames.ancients.commands`,
:mod:`~wargames.ancients.orders`), movement, ranged and close combat, retreat, evasion,
momentum, leaders, elephants and victory, one module each. Scenarios are TOML files in
``scenarios/`` (:mod:`~wargames.ancients.scenario`). See ``docs/ancients-notes.md``.

The 'Armageddon' team variant (CCA-*) plays a scenario that says ``variant = "armageddon"``,
with the game option ``players`` (1 to 4 a side): the sub-package
:mod:`~wargames.ancients.variant` (its seats, state, turn, cards bound to flanks and banners
per flank). The Epic command rules (CCB-EPIC-04 to -10), behind the setting ``epic_command``,
are the sub-package :mod:`~wargames.ancients.epic`. Both import the base game; the base game
reaches them only from :mod:`~wargames.ancients.game`. See ``docs/ancients-armageddon-notes.md``.

>>> from wargames.ancients import new_game
>>> state = new_game()
>>> state.current_player
'chance'
"""

from __future__ import annotations

from wargames.ancients import tactics as tactics  # registers the tactic cards
from wargames.ancients.game import DEFAULT_SCENARIO as DEFAULT_SCENARIO
from wargames.ancients.game import GAME, new_game
from wargames.ancients.game import OPTIONS as OPTIONS
from wargames.ancients.game import seats as seats
from wargames.ancients.odds import odds_command as odds_command
from wargames.ancients.odds import roll_odds as roll_odds
from wargames.ancients.scenario import scenario_names as scenario_names
from wargames.ancients.sequence import SEQUENCE
from wargames.ancients.settings import DEFAULT, AncientsSettings
from wargames.ancients.state import SIDES as SIDES
from wargames.ancients.state import AncientsState

__all__ = [
    "DEFAULT",
    "GAME",
    "SEQUENCE",
    "AncientsSettings",
    "AncientsState",
    "new_game",
]
