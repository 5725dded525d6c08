"""Commands & Colors: Ancients (3rd edition) and Richard Irving's 'Armageddon' team variant.

This package holds the pure rules the game engine builds on, each module one concept:

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

Nothing here holds game state or rolls dice: a roll is a chance node whose outcomes are the
faces, scored by :func:`wargames.ancients.dice.score`. See ``docs/ancients-notes.md``.
"""

from wargames.ancients.settings import DEFAULT, AncientsSettings

__all__ = ["DEFAULT", "AncientsSettings"]
