"""The Border Raid descriptor: what the game is, in one place (its entry point names it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
from wargames.core.errors import ScenarioError
from wargames.core.registry import Game

from border_raid.agents import greedy_agent, random_agent
from border_raid.scenario import MAX_TURNS, SIDES, load_setup, scenario_names
from border_raid.state import RaidState
from border_raid.turn import start

DEFAULT_SCENARIO = "border"


def new_game(scenario: str | None, options: Mapping[str, Any]) -> RaidState:
    """The first state of ``scenario`` (a shipped name or a ``.toml`` path), red to play.
    Option ``turns`` replaces the scenario's number of turns."""
    setup = load_setup(scenario or DEFAULT_SCENARIO)
    for key, value in options.items():
        if key != "turns":
            raise ScenarioError("(options)", key, "Border Raid takes only 'turns'")
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_TURNS:
            raise ScenarioError("(options)", key, f"expected 1 to {MAX_TURNS}, got {value!r}")
        setup = attrs.evolve(setup, turns=value)
    where = tuple(c.area for c in setup.companies)
    return start(RaidState(setup=setup, where=where))


GAME = Game(
    id="raid",
    title="Border Raid",
    players=SIDES,
    new=new_game,
    scenarios=scenario_names,
    default_scenario=DEFAULT_SCENARIO,
    agents={"random": random_agent, "greedy": greedy_agent},
)
"""The registry entry (``wargames.games`` entry point ``raid = "border_raid:GAME"``)."""

__all__ = ["DEFAULT_SCENARIO", "GAME", "new_game"]
