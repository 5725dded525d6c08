"""Horde mass combat for d100 Warhammer 40,000 roleplaying games: the combat engine and the
P-Scale battle game ``horde``.

Hordes fight hordes without a roll per trooper (``shared/rules/horde.md``, rule prefix HMC).
The package holds two products:

* :mod:`wargames.horde.combat`, the E-Scale combat engine and its data: horde profiles, the
  ratings, modifiers, damage and morale modifiers of one attack, an attack with explicit dice
  as tasks (:mod:`~wargames.horde.combat.strikes`), an attack and its counter-attack as a game
  state (:func:`new_engagement`) and their exact odds (:func:`attack_odds`,
  :func:`engagement_odds`). It imports nothing of the battle.
* the P-Scale battle game (``wargames.load("horde")``, :data:`GAME`), built on the engine with
  the skeleton every game follows: the descriptor (:mod:`~wargames.horde.game`), the state
  (:mod:`~wargames.horde.state`), the notation (:mod:`~wargames.horde.actions`), the sequence
  of play (:mod:`~wargames.horde.flow`, :mod:`~wargames.horde.sequence`), the scenarios
  (:mod:`~wargames.horde.scenario`), the bots (:mod:`~wargames.horde.agents`), the odds of
  attacks on the board (:mod:`~wargames.horde.odds`), and one module per rule concept: the
  battlefield (:mod:`~wargames.horde.battlefield`, :mod:`~wargames.horde.terrain`,
  :mod:`~wargames.horde.sight`), the units (:mod:`~wargames.horde.units`), what a side sees
  (:mod:`~wargames.horde.visibility`), close combat (:mod:`~wargames.horde.close_combat`), the
  chain of command (:mod:`~wargames.horde.command`), the circumstances of an attack
  (:mod:`~wargames.horde.circumstances`), the orders (:mod:`~wargames.horde.orders`,
  :mod:`~wargames.horde.targets`, :mod:`~wargames.horde.moves`,
  :mod:`~wargames.horde.movement`, :mod:`~wargames.horde.reach`,
  :mod:`~wargames.horde.withdrawal`, :mod:`~wargames.horde.reshape`,
  :mod:`~wargames.horde.compulsion`), casualties (:mod:`~wargames.horde.casualties`,
  :mod:`~wargames.horde.blast`), morale tests (:mod:`~wargames.horde.morale_checks`), Officers
  (:mod:`~wargames.horde.officers`) and the end of the battle (:mod:`~wargames.horde.victory`).

The public names of both are importable from here.

>>> from wargames.horde import attack_odds, horde
>>> odds = attack_odds(horde("stormtroopers"), horde("Mk 1 Iron Guard"), "ranged")
>>> str(odds.full)
'21/100'
"""

from __future__ import annotations

from wargames.horde.combat.attack import AttackNumbers, attack_numbers
from wargames.horde.combat.context import AttackContext, Side
from wargames.horde.combat.damage import DamageFormula, full_damage, magnitude_loss, partial_damage
from wargames.horde.combat.data import (
    HordeBook,
    default_hordes,
    horde,
    load_horde_file,
    load_hordes,
)
from wargames.horde.combat.engagement import EngagementState, new_engagement
from wargames.horde.combat.modifiers import attack_terms, defence_terms
from wargames.horde.combat.morale import willpower_modifiers
from wargames.horde.combat.odds import (
    AttackOdds,
    EngagementOdds,
    attack_odds,
    engagement_odds,
    odds_command,
)
from wargames.horde.combat.profiles import Characteristics, Horde, Officer, Specialist
from wargames.horde.combat.ratings import defense, melee_attack, ranged_attack
from wargames.horde.combat.rules import DEFAULT, PRINTED_EXAMPLES, HordeRules
from wargames.horde.combat.terms import Term
from wargames.horde.combat.weapons import DamageCode, RateOfFire, Weapon
from wargames.horde.game import GAME, new_battle
from wargames.horde.game import OPTIONS as OPTIONS
from wargames.horde.scenario import DEFAULT_SCENARIO as DEFAULT_SCENARIO
from wargames.horde.scenario import SIDES
from wargames.horde.sequence import SEQUENCE
from wargames.horde.state import PScaleState

__all__ = [
    "DEFAULT",
    "GAME",
    "PRINTED_EXAMPLES",
    "SEQUENCE",
    "SIDES",
    "AttackContext",
    "AttackNumbers",
    "AttackOdds",
    "Characteristics",
    "DamageCode",
    "DamageFormula",
    "EngagementOdds",
    "EngagementState",
    "Horde",
    "HordeBook",
    "HordeRules",
    "Officer",
    "PScaleState",
    "RateOfFire",
    "Side",
    "Specialist",
    "Term",
    "Weapon",
    "attack_numbers",
    "attack_odds",
    "attack_terms",
    "default_hordes",
    "defence_terms",
    "defense",
    "engagement_odds",
    "full_damage",
    "horde",
    "load_horde_file",
    "load_hordes",
    "magnitude_loss",
    "melee_attack",
    "new_battle",
    "new_engagement",
    "odds_command",
    "partial_damage",
    "ranged_attack",
    "willpower_modifiers",
]
