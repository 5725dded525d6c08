"""The E-Scale horde combat engine: hordes fighting hordes without a roll per trooper
(``shared/rules/horde.md``, rule prefix HMC), the part of horde mass combat the P-Scale battle
game (:mod:`wargames.horde`) is built on.

* :mod:`~wargames.horde.combat.profiles` and :mod:`~wargames.horde.combat.weapons`: horde
  profiles as frozen values; :mod:`~wargames.horde.combat.data` loads them from TOML files a GM
  can edit (``data/``);
* :mod:`~wargames.horde.combat.ratings`: Defense, Melee Attack, Ranged Attack (HMC-STAT);
* :mod:`~wargames.horde.combat.rules`: :class:`~wargames.horde.combat.rules.HordeRules`, the
  readings that change numbers, with the catalogue's default and the printed examples' preset;
* :mod:`~wargames.horde.combat.context`: the circumstances of one attack;
* :mod:`~wargames.horde.combat.modifiers`, :mod:`~wargames.horde.combat.damage`,
  :mod:`~wargames.horde.combat.attack`, :mod:`~wargames.horde.combat.terms`,
  :mod:`~wargames.horde.combat.talents`, :mod:`~wargames.horde.combat.specialists`,
  :mod:`~wargames.horde.combat.morale`: pure functions for every rule of combat;
* :mod:`~wargames.horde.combat.strikes`: an attack with explicit dice as tasks, shared by the
  engagement and the battle; :mod:`~wargames.horde.combat.engagement`: an attack and its
  counter-attack as a game state, with its actions in :mod:`~wargames.horde.combat.actions`;
* :mod:`~wargames.horde.combat.odds`: exact odds of an attack and of an engagement, and the
  ``wargames odds horde`` answer.

The arrows point one way: the battle imports the engine; the engine imports nothing of the
battle. The public names are re-exported by :mod:`wargames.horde`.
"""
