"""The Border Raid descriptor: what the game is, in one place (its entry point names it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
from wargames.core.engine import GameState
from wargames.core.options import Option, Options
from wargames.core.registry import Game, Length
from wargames.core.scenario import ScenarioInfo, shipped_scenarios

from border_raid.agents import greedy_agent, random_agent
from border_raid.flow import start
from border_raid.scenario import MAX_TURNS, SIDES, load_setup, scenario_names
from border_raid.state import RaidState

DEFAULT_SCENARIO = "border"

OPTIONS = Options(
    (
        Option(
            "turns",
            int,
            "play N turns instead of the scenario's (the game is drawn after the last)",
            low=1,
            high=MAX_TURNS,
            default_text="the scenario's",
        ),
    )
)
"""The options of a game of Border Raid (``wargames options raid`` lists them)."""


def new_game(scenario: str | None, options: Mapping[str, Any]) -> RaidState:
    """The first state of ``scenario`` (a shipped name or a ``.toml`` path), red to play."""
    chosen = OPTIONS.check(options, "raid")
    setup = load_setup(scenario or DEFAULT_SCENARIO)
    if chosen["turns"] is not None:
        setup = attrs.evolve(setup, turns=chosen["turns"])
    return start(RaidState(setup=setup, where=tuple(c.area for c in setup.companies)))


def _scenarios() -> tuple[ScenarioInfo, ...]:
    """The shipped scenarios, titled and described by their own files."""
    return tuple(
        ScenarioInfo(info.id, info.title, load_description(info.id))
        for info in shipped_scenarios("border_raid", {})
    )


def load_description(name: str) -> str:
    from wargames.core.scenario import read_scenario

    return read_scenario("border_raid", name).get("description", str, "")


def _turns(state: GameState) -> int:
    assert isinstance(state, RaidState)
    return state.setup.turns


GAME = Game(
    id="raid",
    title="Border Raid",
    players=SIDES,
    new=new_game,
    scenarios=scenario_names,
    default_scenario=DEFAULT_SCENARIO,
    agents={"random": random_agent, "greedy": greedy_agent},
    options=OPTIONS,
    information="perfect",
    length=Length(unit="turn", turns=_turns, note="the scenario's number of turns"),
    scenario_info=_scenarios,
)
"""The registry entry (``wargames.games`` entry point ``raid = "border_raid:GAME"``)."""

__all__ = ["DEFAULT_SCENARIO", "GAME", "OPTIONS", "new_game"]
