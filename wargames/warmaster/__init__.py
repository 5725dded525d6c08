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

from wargames.core.agents import RandomAgent
from wargames.core.registry import Game
from wargames.warmaster.actions import parse
from wargames.warmaster.data import (
    IMPERIAL,
    SIDES,
    TRAITOR,
    default_data,
    load_setup,
    scenario_names,
)
from wargames.warmaster.game import DEFAULT_SCENARIO, new_game
from wargames.warmaster.odds import odds_command
from wargames.warmaster.render import render as _render
from wargames.warmaster.sequence import SEQUENCE
from wargames.warmaster.state import WarmasterState


def _random(seed: int | None, player: str) -> RandomAgent:
    return RandomAgent(seed)


def _greedy(seed: int | None, player: str):  # type: ignore[no-untyped-def]
    from wargames.warmaster.agents import greedy

    return greedy(seed, player)


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
    odds=odds_command,
    render=_render,
    bot_options=_bot_turn_cap(),
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
