"""JSON form of a Commands & Colors: Ancients state (or view), exact in both directions.

A shipped scenario is saved by name; any other (a file read by path, a position built for a
test) is saved with its data, so the state reads back anywhere. The game options that chose
readings are saved too. Tasks are saved with :func:`~wargames.core.engine.encode_value`.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from wargames.core.cards import Deck, Pile
from wargames.core.engine import Outcome, decode_value, encode_value
from wargames.core.errors import ScenarioError

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState

T = TypeVar("T", bound="AncientsState")

FORMAT = 1


@cache
def _classes() -> dict[str, type]:
    from wargames.ancients import (
        battle,
        close,
        elephants,
        epic,
        evade,
        leaders,
        momentum,
        movement,
        orders,
        retreat,
        teamturn,
        teamvictory,
    )
    from wargames.ancients.combat import Strike
    from wargames.ancients.flow import TASKS

    del battle, elephants, evade, leaders, momentum, movement, orders, retreat  # register tasks
    del teamturn, teamvictory  # the 'Armageddon' variant's tasks
    del epic  # the Epic command rules' tasks
    return {**TASKS, "Strike": Strike, "Combat": close.Combat}


def state_to_json(s: AncientsState) -> dict[str, Any]:
    sc = s.scenario
    return {
        "game": "ancients",
        "format": FORMAT,
        "scenario": sc.name,
        "scenario_data": None if sc.source is None else dict(sc.source),
        "readings": [[k, v] for k, v in sc.readings],
        "where": list(s.where),
        "blocks": list(s.blocks),
        "hands": [list(h.cards) for h in s.hands],
        "draw": list(s.deck.draw.cards),
        "discards": list(s.deck.discards.cards),
        "banners": list(s.banners),
        "held": list(s.held),
        "turn": s.turn,
        "active": s.active,
        "card": s.card,
        "ordered": list(s.ordered),
        "moved": list(s.moved),
        "stuck": sorted(s.stuck),
        "battled": sorted(s.battled),
        "owed": list(s.owed),
        "last": list(s.last),
        "turn_cap": s.turn_cap,
        "tasks": [encode_value(t) for t in s.tasks],
        "result": None if s.result is None else s.result.to_json(),
    }


def state_from_json(cls: type[T], data: dict[str, Any]) -> T:
    from wargames.ancients.scenario import load_scenario, scenario_from_data

    if data.get("game") != "ancients" or data.get("format") != FORMAT:
        raise ScenarioError("(json)", "game", "not a Commands & Colors: Ancients state")
    readings = tuple((k, v) for k, v in data["readings"])
    if data["scenario_data"] is None:
        scenario = load_scenario(data["scenario"], readings)
    else:
        scenario = scenario_from_data(data["scenario_data"], data["scenario"], readings)
    classes = _classes()
    hands = data["hands"]
    if "armageddon" in data:  # the team variant's state (wargames.ancients.variant)
        from wargames.ancients.variant import ArmageddonState

        if not issubclass(cls, ArmageddonState):
            cls = ArmageddonState  # type: ignore[assignment]
    if "epic" in data:  # the Epic command rules (wargames.ancients.epic)
        from wargames.ancients.epic import EpicState

        if not issubclass(cls, EpicState):
            cls = EpicState  # type: ignore[assignment]
    state = cls(
        scenario=scenario,
        where=tuple(data["where"]),
        blocks=tuple(data["blocks"]),
        hands=(Pile(tuple(hands[0])), Pile(tuple(hands[1]))),
        deck=Deck(Pile(tuple(data["draw"])), Pile(tuple(data["discards"]))),
        banners=(data["banners"][0], data["banners"][1]),
        held=tuple(data["held"]),
        turn=data["turn"],
        active=data["active"],
        card=data["card"],
        ordered=tuple(data["ordered"]),
        moved=tuple(data["moved"]),
        stuck=frozenset(data["stuck"]),
        battled=frozenset(data["battled"]),
        owed=tuple(data["owed"]),
        last=(data["last"][0], data["last"][1]) if "last" in data else ("", ""),
        turn_cap=data["turn_cap"],
        tasks=tuple(decode_value(t, classes) for t in data["tasks"]),
        result=None if data["result"] is None else Outcome.from_json(data["result"]),
    )
    if "epic" in data:
        from wargames.ancients.epic import with_epic

        return with_epic(state, data["epic"])  # type: ignore[arg-type, no-any-return]
    if "armageddon" in data:
        return state.with_variant(data["armageddon"])  # type: ignore[attr-defined, no-any-return]
    return state


__all__ = ["FORMAT", "state_from_json", "state_to_json"]
