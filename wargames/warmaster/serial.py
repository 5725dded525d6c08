"""JSON form of a Warmaster state (or view), exact in both directions."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from wargames.core.cards import Pile
from wargames.core.engine import Outcome, decode_value, encode_value
from wargames.core.errors import ScenarioError
from wargames.core.tasks import task_classes

if TYPE_CHECKING:
    from wargames.warmaster.data import Setup
    from wargames.warmaster.state import WarmasterState

T = TypeVar("T", bound="WarmasterState")

FORMAT = 2
"""2: area control and the warp instability option saved. A format-1 state (saved before
they existed) reads back with the initial control and the scenario's option."""

READABLE = (1, FORMAT)


@cache
def _classes() -> dict[str, type]:
    from wargames.warmaster import battle, flow, movement, specials, teleport

    del movement, specials, teleport  # imported so their tasks register
    return {**task_classes(flow.Task), "Battle": battle.Battle}


@lru_cache(maxsize=64)
def _setup(scenario: str) -> Setup:
    from wargames.warmaster.data import default_data, load_setup

    return load_setup(scenario, default_data())


def state_to_json(s: WarmasterState) -> dict[str, Any]:
    return {
        "game": "warmaster",
        "format": FORMAT,
        "scenario": s.setup.name,
        "where": dict(zip(s.manifest.ids, s.where, strict=True)),
        "face_down": sorted(s.face_down),
        "cup": list(s.cup.cards),
        "groups": [list(g) for g in s.groups],
        "reserve": [list(g) for g in s.reserve],
        "turn": s.turn,
        "phase": s.phase,
        "bridge": s.bridge,
        "destroyed": sorted(s.destroyed),
        "control": sorted(s.control),
        "moved": sorted(s.moved),
        "retreated": sorted(s.retreated),
        "fought": sorted(s.fought),
        "doomed": list(s.doomed),
        "screens": s.screens,
        "laser_hits": s.laser_hits,
        "turn_cap": s.turn_cap,
        "warp_instability": s.warp_instability,
        "secret_dead": sorted(s.secret_dead),
        "backs": list(s.backs),
        "tasks": [encode_value(t) for t in s.tasks],
        "result": None if s.result is None else s.result.to_json(),
    }


def state_from_json(cls: type[T], data: dict[str, Any]) -> T:
    from wargames.warmaster.data import default_data
    from wargames.warmaster.specials import initial_control

    if data.get("game") != "warmaster" or data.get("format") not in READABLE:
        raise ScenarioError("(json)", "game", "not a Warmaster state of this format")
    ref = default_data()
    setup = _setup(data["scenario"])
    where = data["where"]
    classes = _classes()
    destroyed = frozenset(data["destroyed"])
    if data["format"] == 1:
        control = initial_control(ref) - destroyed
        warp = setup.warp_instability
    else:
        control = frozenset(data["control"])
        warp = data["warp_instability"]
    return cls(
        data=ref,
        setup=setup,
        where=tuple(where[c] for c in ref.instances()),
        face_down=frozenset(data["face_down"]),
        cup=Pile(tuple(data["cup"])),
        groups=tuple(tuple(g) for g in data["groups"]),
        reserve=tuple(tuple(g) for g in data["reserve"]),
        turn=data["turn"],
        phase=data["phase"],
        bridge=data["bridge"],
        destroyed=destroyed,
        control=control,
        moved=frozenset(data["moved"]),
        retreated=frozenset(data["retreated"]),
        fought=frozenset(data["fought"]),
        doomed=tuple(data["doomed"]),
        screens=data["screens"],
        laser_hits=data["laser_hits"],
        turn_cap=data["turn_cap"],
        warp_instability=warp,
        secret_dead=frozenset(data.get("secret_dead", ())),
        backs=tuple(data["backs"]),
        tasks=tuple(decode_value(t, classes) for t in data["tasks"]),
        result=None if data["result"] is None else Outcome.from_json(data["result"]),
    )
