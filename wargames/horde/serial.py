"""JSON form of a P-Scale battle state (or view), exact in both directions.

A unit is saved as its profile id and what changed in the battle (Magnitude, starting
Magnitude, Specialists' wounds), not as the whole profile: reading it back takes the profile
from the shipped horde data (:func:`~wargames.horde.units.sized`). The scenario is saved by
name (or path) and read again.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from wargames.core.engine import Outcome, decode_value, encode_value
from wargames.core.errors import ScenarioError
from wargames.horde.profiles import Officer
from wargames.horde.rules import HordeRules
from wargames.horde.scenario import load_scenario
from wargames.horde.strikes import Strike, StrikeTask, attrs_subclasses
from wargames.horde.units import Unit, sized

if TYPE_CHECKING:
    from wargames.horde.battle import PScaleState

T = TypeVar("T", bound="PScaleState")

GAME = "horde"
FORMAT = 1


@cache
def _classes() -> dict[str, type]:
    from wargames.horde import flow, morale_test, moves, orders, reshape, withdrawal

    del morale_test, moves, orders, reshape, withdrawal  # imported so their tasks are known
    return {
        **attrs_subclasses(StrikeTask),
        **attrs_subclasses(flow.BattleTask),
        "Strike": Strike,
    }


def unit_to_json(u: Unit) -> dict[str, Any]:
    """A unit as JSON: its profile id and what the battle changed."""
    h, o = u.horde, u.officer
    return {
        "id": u.id,
        "side": u.side,
        "profile": h.id,
        "magnitude": h.magnitude,
        "starting": h.starting_magnitude,
        "specialists": [sp.wounds for sp in h.specialists],
        "square": u.square,
        "status": u.status,
        "officer": None if o is None else [o.name, o.wounds, list(o.talents)],
        "attached_to": u.attached_to,
        "morale": u.morale,
        "morale_round": u.morale_round,
        "stealthed": u.stealthed,
        "orders": [u.brace, u.get_down, u.forced_march, u.orders_round],
        "received": u.received,
        "round_magnitude": u.round_magnitude,
        "fatigued": u.fatigued,
        "bonus": u.bonus,
        "into": u.into,
    }


def unit_from_json(data: dict[str, Any]) -> Unit:
    """Read back :func:`unit_to_json`."""
    o = data["officer"]
    brace, get_down, forced_march, orders_round = data["orders"]
    return Unit(
        id=data["id"],
        side=data["side"],
        horde=sized(
            data["profile"], data["magnitude"], data["starting"], tuple(data["specialists"])
        ),
        square=data["square"],
        status=data["status"],
        officer=None if o is None else Officer(o[0], o[1], tuple(o[2])),
        attached_to=data["attached_to"],
        morale=data["morale"],
        morale_round=data["morale_round"],
        stealthed=data["stealthed"],
        brace=brace,
        get_down=get_down,
        forced_march=forced_march,
        orders_round=orders_round,
        received=data["received"],
        round_magnitude=data["round_magnitude"],
        fatigued=data["fatigued"],
        bonus=data["bonus"],
        into=data["into"],
    )


def state_to_json(s: PScaleState) -> dict[str, Any]:
    return {
        "game": GAME,
        "format": FORMAT,
        "scenario": s.setup.name,
        "rules": attrs.asdict(s.rules),
        "rounds": s.rounds,
        "round": s.round,
        "initiative": s.initiative,
        "units": [unit_to_json(u) for u in s.units],
        **{name: sorted(getattr(s, name)) for name in SETS},
        "tasks": [encode_value(t) for t in s.tasks],
        "result": None if s.result is None else s.result.to_json(),
    }


SETS = (
    "passed",
    "activated",
    "moved",
    "no_move",
    "rallied",
    "reshaped",
    "tested",
    "quartered",
    "hidden",
)


def state_from_json(cls: type[T], data: dict[str, Any]) -> T:
    if data.get("game") != GAME or data.get("format") != FORMAT:
        raise ScenarioError("(json)", "game", "not a horde P-Scale battle state of this format")
    classes = _classes()
    return cls(
        setup=load_scenario(data["scenario"]),
        rules=HordeRules(**data["rules"]),
        rounds=data["rounds"],
        units=tuple(unit_from_json(u) for u in data["units"]),
        round=data["round"],
        initiative=data["initiative"],
        tasks=tuple(decode_value(t, classes) for t in data["tasks"]),
        result=None if data["result"] is None else Outcome.from_json(data["result"]),
        **{name: frozenset(data[name]) for name in SETS},
    )


__all__ = ["FORMAT", "state_from_json", "state_to_json", "unit_from_json", "unit_to_json"]
