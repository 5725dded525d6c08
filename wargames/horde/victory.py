"""How a P-Scale battle ends: a side breaks, or the mission's last round is scored in Turning
Points (research H11; the seed gives no victory rules).

* **Breaking**: a side none of whose hordes is still fighting (each destroyed, routed off the
  field, withdrawn, merged away, or routing now) has broken; the other side wins at once (both
  broken: a draw). Hordes off the board after a Full Retreat! are still in the battle. The
  state checks after every action (:meth:`~wargames.horde.state.PScaleState._apply`).
* **Turning Points**: after the last round each objective of the scenario scores its points
  (:class:`~wargames.horde.scenario.Objective`): ``control`` to the side with more Magnitude on
  the area (a routing horde counts as destroyed), ``collapse`` to a side whose enemy has lost at
  least half of its hordes (destroyed, routed or routing), ``destroy`` to the enemy of a unit
  destroyed, routed, routing or slain, with every horde split from it. More points win; equal
  points are a draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.horde.scenario import SIDES, Objective, other_side
from wargames.horde.units import ROUTING, Unit

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState as S


def fighting_on(u: Unit) -> bool:
    """Still in the battle and not running from it."""
    return u.status in ("fighting", "off-board") and u.morale != ROUTING


def broken(s: S, side: str) -> bool:
    """Whether none of ``side``'s hordes is still fighting (see the module docstring)."""
    return not any(u.side == side and u.officer is None and fighting_on(u) for u in s.units)


def broken_sides(s: S) -> list[str]:
    """The sides that have broken (:func:`broken`), in the order of ``SIDES``: one pass over
    the units, over as soon as each side has a horde still fighting."""
    standing: set[str] = set()
    for u in s.units:
        if u.side in standing or u.officer is not None or not fighting_on(u):
            continue
        standing.add(u.side)
        if len(standing) == len(SIDES):
            return []
    return [side for side in SIDES if side not in standing]


def broken_outcome(s: S) -> S | None:
    """The ended battle if a side has broken, else ``None``."""
    lookups = s.lookups()
    down: list[str] | None = lookups.get("broken")
    if down is None:
        down = lookups["broken"] = broken_sides(s)
    if not down:
        return None
    if len(down) == 2:
        return s.end(None, "both armies broke")
    loser = down[0]
    army = s.setup.sides[loser].army
    return s.end(other_side(loser), f"the {loser} army ({army}) broke: no horde still fights")


def lost(u: Unit) -> bool:
    """Counts as destroyed for the Turning Points: destroyed, routed, routing or slain."""
    return u.status in ("destroyed", "routed", "slain") or (u.fighting and u.morale == ROUTING)


def lineage(s: S, unit: str) -> list[Unit]:
    """``unit`` and every horde split from it, following merges into their new horde."""
    out: list[Unit] = []
    todo = [unit]
    seen: set[str] = set()
    while todo:
        uid = todo.pop()
        if uid in seen or uid not in s:
            continue
        seen.add(uid)
        u = s.unit(uid)
        out.append(u)
        todo += [v.id for v in s.units if v.is_horde and v.id.startswith(uid + "-")]
        if u.into is not None:
            todo.append(u.into)
    return out


def scores(s: S) -> dict[str, list[tuple[Objective, int]]]:
    """Each side's Turning Points, objective by objective."""
    out: dict[str, list[tuple[Objective, int]]] = {side: [] for side in SIDES}
    for objective in s.setup.objectives:
        for side in SIDES:
            if objective.side not in (None, side):
                continue
            if achieved(s, objective, side):
                out[side].append((objective, objective.points))
    return out


def achieved(s: S, objective: Objective, side: str) -> bool:
    """Whether ``side`` scores ``objective`` now."""
    enemy = other_side(side)
    if objective.kind == "control":
        return held(s, objective, side) > held(s, objective, enemy)
    if objective.kind == "collapse":
        hordes = s.hordes(enemy)
        return 2 * sum(1 for h in hordes if lost(h)) >= len(hordes) > 0
    assert objective.unit is not None
    target = s.unit(objective.unit)
    return target.side == enemy and all(lost(u) for u in lineage(s, objective.unit))


def held(s: S, objective: Objective, side: str) -> int:
    """The Magnitude ``side`` has on the objective's squares (routing hordes count 0)."""
    return sum(
        u.magnitude
        for u in s.units
        if u.side == side
        and u.is_horde
        and u.on_board
        and u.morale != ROUTING
        and u.square in objective.squares
    )


def mission_outcome(s: S) -> S:
    """The battle ended after its last round: the Turning Points decide."""
    points = {side: sum(p for _, p in got) for side, got in scores(s).items()}
    blue, red = (points[side] for side in SIDES)
    text = f"Turning Points {SIDES[0]} {blue}, {SIDES[1]} {red} after {s.round} rounds"
    if blue == red:
        return s.end(None, text)
    return s.end(SIDES[0] if blue > red else SIDES[1], text)


__all__ = [
    "achieved",
    "broken",
    "broken_outcome",
    "broken_sides",
    "held",
    "lineage",
    "lost",
    "mission_outcome",
    "scores",
]
