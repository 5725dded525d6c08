"""JSON form of a Battle for Armageddon state, exact in both directions."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from wargames.core.cards import Deck, Pile
from wargames.core.engine import Outcome, decode_value, encode_value
from wargames.core.errors import ScenarioError
from wargames.core.tasks import task_classes

if TYPE_CHECKING:
    from wargames.armageddon.data import Setup
    from wargames.armageddon.state import ArmageddonState

T = TypeVar("T", bound="ArmageddonState")

FORMAT = 1


def _classes() -> dict[str, type]:
    from wargames.armageddon import build, combat, flow, movement, phases, specials, supply

    del build, movement, phases, specials, supply  # imported so their tasks register
    return {**task_classes(flow.Task), "Battle": combat.Battle}


@lru_cache(maxsize=64)
def _setup(scenario: str) -> Setup:
    """The set-up named in a saved state (read once per scenario)."""
    from wargames.armageddon.data import default_data, load_setup

    return load_setup(scenario, default_data())


def state_to_json(s: ArmageddonState) -> dict[str, Any]:
    return {
        "game": "armageddon",
        "format": FORMAT,
        "scenario": s.setup.name,
        "where": dict(zip(s.manifest.ids, s.where, strict=True)),
        "ruined": sorted(s.ruined),
        "build_points": s.build_points,
        "turn": s.turn,
        "segment": s.segment,
        "initiative": s.initiative,
        "plans": [list(p) for p in s.plans],
        "card": s.card,
        "phase": s.phase,
        "hands": [list(h.cards) for h in s.hands],
        "decks": [
            {"draw": list(d.draw.cards), "discards": list(d.discards.cards)} for d in s.decks
        ],
        "played": sorted(s.played),
        "effects": sorted(s.effects),
        "used": sorted(s.used),
        "attacked": sorted(s.attacked),
        "retreated": sorted(s.retreated),
        "rebuilding": sorted(s.rebuilding),
        "tasks": [encode_value(t) for t in s.tasks],
        "result": None if s.result is None else s.result.to_json(),
    }


def state_from_json(cls: type[T], data: dict[str, Any]) -> T:
    from wargames.armageddon.data import default_data

    if data.get("game") != "armageddon" or data.get("format") != FORMAT:
        raise ScenarioError("(json)", "game", "not a Battle for Armageddon state of this format")
    board = default_data()
    setup = _setup(data["scenario"])
    classes = _classes()
    where = data["where"]
    return cls(
        data=board,
        setup=setup,
        where=tuple(where[c] for c in board.counters),
        ruined=frozenset(data["ruined"]),
        build_points=data["build_points"],
        turn=data["turn"],
        segment=data["segment"],
        initiative=data["initiative"],
        plans=(tuple(data["plans"][0]), tuple(data["plans"][1])),
        card=data["card"],
        phase=data["phase"],
        hands=(Pile(tuple(data["hands"][0])), Pile(tuple(data["hands"][1]))),
        decks=tuple(
            Deck(Pile(tuple(d["draw"])), Pile(tuple(d["discards"])))  # type: ignore[arg-type]
            for d in data["decks"]
        ),
        played=frozenset(data["played"]),
        effects=frozenset(data["effects"]),
        used=frozenset(data["used"]),
        attacked=frozenset(data["attacked"]),
        retreated=frozenset(data["retreated"]),
        rebuilding=frozenset(data["rebuilding"]),
        tasks=tuple(decode_value(t, classes) for t in data["tasks"]),
        result=None if data["result"] is None else Outcome.from_json(data["result"]),
    )
