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

from typing import TYPE_CHECKING

from wargames.core.agents import RandomAgent
from wargames.core.engine import GameState, Player
from wargames.core.registry import Game, Length, OddsCalculator
from wargames.core.scenario import ScenarioInfo, shipped_scenarios
from wargames.warmaster.actions import parse
from wargames.warmaster.data import (
    IMPERIAL,
    SIDES,
    TRAITOR,
    default_data,
    load_setup,
    scenario_names,
)
from wargames.warmaster.game import DEFAULT_SCENARIO, OPTIONS, new_game
from wargames.warmaster.odds import analyse, odds_command
from wargames.warmaster.render import render as _render
from wargames.warmaster.sequence import SEQUENCE
from wargames.warmaster.state import WarmasterState

if TYPE_CHECKING:
    import numpy as np


def _random(seed: int | None, player: str) -> RandomAgent:
    return RandomAgent(seed)


def _greedy(seed: int | None, player: str):  # type: ignore[no-untyped-def]
    from wargames.warmaster.agents import greedy

    return greedy(seed, player)


def _determinize(state: GameState, player: Player, rng: np.random.Generator) -> GameState:
    assert isinstance(state, WarmasterState)
    return state.resample_hidden(player, rng)


def _turns(state: GameState) -> int | None:
    assert isinstance(state, WarmasterState)
    return state.turn_cap


def _scenarios() -> tuple[ScenarioInfo, ...]:
    return shipped_scenarios(
        "wargames.warmaster",
        {
            "boarding": (
                "The Boarding",
                "The rulebook's one scenario: the Emperor's assault teleports aboard Horus's "
                "battle barge to find and kill the Warmaster.",
            )
        },
    )


def _bot_turn_cap() -> dict[str, int]:
    cap = load_setup(DEFAULT_SCENARIO, default_data()).bot_turn_cap
    return {} if cap is None else {"turn_cap": cap}


GAME = Game(
    id="warmaster",
    title="The Warmaster",
    players=SIDES,
    new=lambda scenario, options: new_game(scenario, options),
    scenarios=scenario_names,
    default_scenario=DEFAULT_SCENARIO,
    agents={"random": _random, "greedy": _greedy},
    sequence=SEQUENCE,
    odds=OddsCalculator(
        command=odds_command,
        compute=analyse,
        signature="attack, defence, *, reroll, policy, attacker, sanctum, ambush, horror "
        "-> BattleOdds",
    ),
    render=_render,
    bot_options=_bot_turn_cap(),
    options=OPTIONS,
    information="imperfect",
    hidden="the Traitor's face-down counters and the cup's draws",
    length=Length(
        unit="game turn",
        turns=_turns,
        cap_option="turn_cap",
        note="no turn limit in the rules (WM-VICTORY-05); the option turn_cap ends the game, "
        "and bots' games get the scenario's bot turn cap",
    ),
    scenario_info=_scenarios,
    determinize=_determinize,
)
"""The registry entry; bot-only games get the scenario's bot turn cap so they always end."""

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
