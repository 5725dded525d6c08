"""What-if positions of a P-Scale battle: a scenario's units where and as you say, from the
start of a chosen round; then the battle plays on by the rules.

>>> from wargames.horde.position import Standing, position
>>> s = position(
...     "mirror",
...     {"A1": Standing(square="06-03", magnitude=12), "B1": Standing(morale="confused")},
...     round=3,
...     first="red",
... )
>>> s.round, s.initiative, s.unit("A1").square, s.unit("A1").magnitude
(3, 'red', '06-03', 12)

A position starts where a round starts (HMC-ORDERS-19, research 3.6): the Commanders who left
their posts may return (HMC-GAP-25), Officers' bonuses are chosen, stealthed hordes may be
spotted, then the side with the initiative activates first. Units not named stand as the
scenario sets them up. A unit's :class:`Standing` may move it, lower its Magnitude (an
Officer's: his wounds), shake its morale or take it out of the battle; what it may not do is
break a rule of the battle (two hordes on a square, HMC-SCALE-05; a Magnitude above the
start; an Officer joined to a horde that has left): that is a
:class:`~wargames.core.errors.ScenarioError` naming the unit and the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import attrs

from wargames.core.errors import ScenarioError
from wargames.horde.game import before_battle
from wargames.horde.scenario import SIDES, other_side
from wargames.horde.scenario_value import BattleScenario
from wargames.horde.state import PScaleState
from wargames.horde.units import GONE, Morale, Status, Unit, resized

WHERE = "(what-if position)"
"""What a position's errors name as their file."""

MORALE: tuple[Morale, ...] = ("", "confused", "fleeing", "routing", "frenzied")
STATUS: tuple[str, ...] = ("fighting", "off-board", *sorted(GONE))


@attrs.frozen
class Standing:
    """How one unit stands when the position starts (``None``: as the scenario sets it up).

    ``square``: where it stands (an Officer given a square leaves the horde he had joined);
    ``magnitude``: a horde's Magnitude, an Officer's wounds (at least 1, at most the start);
    ``morale``: ``""`` (steady), ``"confused"``, ``"fleeing"``, ``"routing"`` or
    ``"frenzied"``; ``status``: ``"fighting"``, ``"off-board"`` (after a Full Retreat!) or the
    way it left the battle (``"destroyed"``, ``"routed"``, ``"withdrawn"``, ``"slain"``...).
    """

    square: str | None = None
    magnitude: int | None = None
    morale: Literal["", "confused", "fleeing", "routing", "frenzied"] | None = None
    status: Status | None = None


def position(
    scenario: str | BattleScenario | None = None,
    units: Mapping[str, Standing] | None = None,
    round: int = 1,
    first: str | None = None,
    rounds: int | None = None,
) -> PScaleState:
    """The battle of ``scenario`` (a shipped id, a file's path or a scenario value) at the
    start of ``round``, with ``units`` standing as given and ``first`` (default: the
    scenario's alternation) to activate first; ``rounds``: the mission's length (default the
    scenario's; at least ``round``)."""
    value = BattleScenario.of(scenario, WHERE)
    if first is not None and first not in SIDES:
        raise ScenarioError(WHERE, "first", f"expected one of {list(SIDES)}, got {first!r}")
    if round == 1 and first is not None:
        value = attrs.evolve(value, first=first)  # round 1's initiative is the scenario's
    start = before_battle(value.source(), {"rounds": rounds or 0})
    if not 1 <= round <= start.rounds:
        raise ScenarioError(WHERE, "round", f"expected 1 to {start.rounds}, got {round}")
    changed = _stand(start, dict(units or {}), round)
    opening = first or _alternation(start.setup.first, round)
    state = start.evolve(units=changed, round=round - 1, initiative=other_side(opening))
    problems = state.invariant_violations()
    if problems:
        raise ScenarioError(WHERE, "units", "; ".join(problems))
    return state.settle()


def _alternation(first: str, round: int) -> str:
    """Who has the initiative in ``round`` when nobody says: the scenario's first side in odd
    rounds, the other in even ones (the initiative alternates, HMC-GAP-04)."""
    return first if round % 2 else other_side(first)


def _stand(state: PScaleState, standing: dict[str, Standing], round: int) -> tuple[Unit, ...]:
    """The units of ``state`` with ``standing`` applied (checked one by one)."""
    known = {u.id for u in state.units}
    for unit in standing:
        if unit not in known:
            raise ScenarioError(WHERE, f"units.{unit}", f"no unit {unit!r} in the scenario")
    out = [_stood(state, u, standing[u.id], round) if u.id in standing else u for u in state.units]
    leaving = {u.id for u in out if u.gone}
    by_id = {u.id: u for u in out}
    for u in out:
        if u.attached_to in leaving and not u.gone:
            raise ScenarioError(
                WHERE,
                f"units.{u.attached_to}.status",
                f"{u.id} is joined to {u.attached_to}: give him a square or a status too",
            )
        if u.bonus is not None and by_id[u.bonus].attached_to != u.id:
            by_id[u.id] = attrs.evolve(u, bonus=None)
    return tuple(by_id[u.id] for u in out)


def _stood(state: PScaleState, u: Unit, standing: Standing, round: int) -> Unit:
    key = f"units.{u.id}"
    changes: dict[str, object] = {}
    if standing.square is not None:
        field = state.field
        if standing.square not in field or not field.passable(standing.square):
            raise ScenarioError(
                WHERE, f"{key}.square", f"{standing.square!r} is no passable square of the board"
            )
        changes |= {"square": standing.square, "attached_to": None}
    if standing.magnitude is not None:
        most = u.horde.starting_magnitude
        if not 1 <= standing.magnitude <= most:
            raise ScenarioError(WHERE, f"{key}.magnitude", f"expected 1 to {most}")
        changes |= {"horde": resized(u.horde, standing.magnitude)}
        changes |= {"round_magnitude": standing.magnitude}
    if standing.morale is not None:
        if standing.morale not in MORALE:
            raise ScenarioError(WHERE, f"{key}.morale", f"expected one of {list(MORALE)}")
        changes |= {"morale": standing.morale, "morale_round": round - 1}
    if standing.status is not None:
        if standing.status not in STATUS:
            raise ScenarioError(WHERE, f"{key}.status", f"expected one of {list(STATUS)}")
        changes |= {"status": standing.status}
        if standing.status != "fighting":
            changes |= {"square": None, "attached_to": None, "stealthed": False}
    return attrs.evolve(u, **changes)  # type: ignore[arg-type]


__all__ = ["Standing", "position"]
