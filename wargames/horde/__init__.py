"""Horde mass combat for d100 Warhammer 40,000 roleplaying games: the combat engine and the
P-Scale battle game ``horde``.

Hordes fight hordes without a roll per trooper (``shared/rules/horde.md``, rule prefix HMC).
This package is the E-Scale combat engine and its data, built to be reused by the P-Scale
battle game (grid, orders, morale, officers, victory):

* :mod:`~wargames.horde.combat.profiles` and :mod:`~wargames.horde.combat.weapons`: horde profiles
  as frozen values; :mod:`~wargames.horde.combat.data` loads them from TOML files a GM can edit;
* :mod:`~wargames.horde.combat.ratings`: Defense, Melee Attack, Ranged Attack (HMC-STAT);
* :mod:`~wargames.horde.combat.rules`: :class:`HordeRules`, the readings that change numbers, with
  the catalogue's default and the :data:`PRINTED_EXAMPLES` preset;
* :mod:`~wargames.horde.combat.context`: :class:`AttackContext`, the circumstances of one attack;
* :mod:`~wargames.horde.combat.modifiers`, :mod:`~wargames.horde.combat.damage`,
  :mod:`~wargames.horde.combat.attack`, :mod:`~wargames.horde.combat.talents`,
  :mod:`~wargames.horde.combat.specialists`, :mod:`~wargames.horde.combat.morale`,
  :mod:`~wargames.horde.movement`: pure functions for every rule of combat;
* :mod:`~wargames.horde.combat.strikes`: an attack with explicit dice as tasks, shared by the
  engagement and the battle; :mod:`~wargames.horde.combat.engagement`: an attack and its
  counter-attack as a game state (:func:`new_engagement`);
* :mod:`~wargames.horde.combat.odds`: exact odds (:func:`attack_odds`, :func:`engagement_odds`) and
  the ``wargames odds horde`` answer (:func:`odds_command`).

The P-Scale battle (``wargames.load("horde")``, :data:`GAME`): the battlefield
(:mod:`~wargames.horde.battlefield`, :mod:`~wargames.horde.terrain`,
:mod:`~wargames.horde.sight`), the units (:mod:`~wargames.horde.units`), the state
(:mod:`~wargames.horde.state`), the sequence of play (:mod:`~wargames.horde.flow`), the orders
(:mod:`~wargames.horde.orders`, :mod:`~wargames.horde.targets`, :mod:`~wargames.horde.moves`,
:mod:`~wargames.horde.reach`, :mod:`~wargames.horde.withdrawal`,
:mod:`~wargames.horde.reshape`, :mod:`~wargames.horde.compulsion`), morale tests
(:mod:`~wargames.horde.morale_checks`), Officers (:mod:`~wargames.horde.officers`), the end of
the battle (:mod:`~wargames.horde.victory`), the notation (:mod:`~wargames.horde.actions`),
scenarios (:mod:`~wargames.horde.scenario`) and helpers for bots
(:mod:`~wargames.horde.odds`).

>>> from wargames.horde import attack_odds, horde
>>> odds = attack_odds(horde("stormtroopers"), horde("Mk 1 Iron Guard"), "ranged")
>>> str(odds.full)
'21/100'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.core.agents import RandomAgent
from wargames.core.engine import GameState, Player
from wargames.core.registry import Game, Length, OddsCalculator
from wargames.core.scenario import ScenarioInfo, shipped_scenarios
from wargames.horde.agents import greedy
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
from wargames.horde.game import OPTIONS, new_battle
from wargames.horde.render import render
from wargames.horde.scenario import DEFAULT_SCENARIO, SIDES, scenario_names
from wargames.horde.sequence import SEQUENCE
from wargames.horde.state import PScaleState

if TYPE_CHECKING:
    import numpy as np


def _random(seed: int | None, player: str) -> RandomAgent:
    return RandomAgent(seed)


def _determinize(state: GameState, player: Player, rng: np.random.Generator) -> GameState:
    assert isinstance(state, PScaleState)
    return state.resample_hidden(player, rng)


def _rounds(state: GameState) -> int:
    assert isinstance(state, PScaleState)
    return state.rounds


def _scenarios() -> tuple[ScenarioInfo, ...]:
    return shipped_scenarios(
        "wargames.horde",
        {
            "manufactorum": "An Imperial Guard platoon assaults a manufactorum held by worn-down "
            "Chaos cultists and Chaos Space Marines.",
            "mirror": "Two identical Imperial Guard forces on a point-symmetric board, for "
            "balance tests.",
            "ork-assault": "Space Marines and their Captain hold a ruined shrine against an Ork "
            "warband led by its Warboss.",
        },
    )


GAME = Game(
    id="horde",
    title="Horde mass combat (P-Scale battles)",
    players=SIDES,
    new=lambda scenario, options: new_battle(scenario, options),
    scenarios=scenario_names,
    default_scenario=DEFAULT_SCENARIO,
    agents={"random": _random, "greedy": greedy},
    sequence=SEQUENCE,
    odds=OddsCalculator(
        command=odds_command,
        compute=attack_odds,
        signature="attacker: Horde, defender: Horde, kind, context=, rules=, tearing= "
        "-> AttackOdds",
    ),
    render=render,
    options=OPTIONS,
    information="imperfect",
    hidden="the squares of enemy hordes in stealth (HMC-TALENT-01 to -03)",
    length=Length(
        unit="battle round",
        turns=_rounds,
        cap_option="rounds",
        note="the mission's rounds (10 in the research notes' missions); the option rounds "
        "shortens it",
    ),
    scenario_info=_scenarios,
    determinize=_determinize,
)
"""The registry entry. Missions end after their last round, so bots need no cap."""

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
