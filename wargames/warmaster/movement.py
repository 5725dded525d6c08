"""Movement phases (WM-MOVE-01 to -09, WM-BRIDGE-05 to -07) and the stacking check that ends
them (WM-STACK-01 to -06).

Units move one at a time, each at most once per phase, up to their side's allowance: three
areas for the side that controls the Bridge, one for the other, one for both once the Bridge is
destroyed. They never enter a destroyed area and stop on entering an area with enemy units,
face-down ones included. A unit may leave an area shared with enemies (teleported there or
not). Face-down Traitor units never move. When the phase ends, every area holding more than
three of the side's units loses the excess, the owner choosing which.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation
from wargames.core.stacking import StackingRule
from wargames.warmaster import actions as act
from wargames.warmaster.data import IMPERIAL, TRAITOR, WarmasterData
from wargames.warmaster.flow import Task

if TYPE_CHECKING:
    from wargames.warmaster.state import WarmasterState as S

END_PHASE = act.Pass("phase")


def stacking(data: WarmasterData) -> StackingRule[str]:
    """At most ``limit`` units per side per area, checked at the end of movement, the owner
    choosing the losses (WM-STACK-01 to -05)."""
    return StackingRule(limit=data.stack_limit, loss_chooser="owner", checked="end-of-movement")


def destinations(s: S, unit: str) -> tuple[str, ...]:
    """Every area ``unit`` may end its move in this phase (sorted)."""
    side = s.side_of(unit)
    steps = s.allowance[side]
    enemies = s.occupied(TRAITOR if side == IMPERIAL else IMPERIAL)
    return _reach(s.data, s.location(unit), steps, s.destroyed, enemies)


MOVES_CACHE = 4096
"""Reaches and move lists :func:`_reach` and :func:`_moves` remember (unit, start, allowance,
destroyed and enemy-held areas). Measured over 200 random games: 12,000 and 17,000 distinct
keys (some 90 a game), hit rates 29.5 % and 81 % already at 64 entries, the same as unbounded
(a unit's moves are asked again within the same phase, rarely games later). 4,096 keeps the
last 40-odd games' moves, so replaying recent games (as ``bench_instructions.py`` does) still
hits; with the 65,536 entries they had, the process grew by 71 MB over 2,000 random games,
with 256 by 0.9 MB."""


@lru_cache(maxsize=MOVES_CACHE)
def _reach(
    data: WarmasterData,
    start: str,
    steps: int,
    destroyed: frozenset[str],
    enemies: frozenset[str],
) -> tuple[str, ...]:
    found = data.board.reach(start, steps, lambda a: a not in destroyed, lambda a: a in enemies)
    return tuple(sorted(found))


def moves(s: S, unit: str) -> tuple[act.Move, ...]:
    """Every move ``unit`` may make in this phase, by destination."""
    side = s.side_of(unit)
    enemies = s.occupied(TRAITOR if side == IMPERIAL else IMPERIAL)
    return _moves(s.data, unit, s.location(unit), s.allowance[side], s.destroyed, enemies)


@lru_cache(maxsize=MOVES_CACHE)
def _moves(
    data: WarmasterData,
    unit: str,
    start: str,
    steps: int,
    destroyed: frozenset[str],
    enemies: frozenset[str],
) -> tuple[act.Move, ...]:
    return tuple(act.Move(unit, a) for a in _reach(data, start, steps, destroyed, enemies))


def movable(s: S, side: str) -> tuple[str, ...]:
    """``side``'s units that may still move: aboard, face up, not yet moved (WM-MOVE-06,
    WM-SEQ-08)."""
    return tuple(c for c in s.aboard_units(side) if c not in s.moved and c not in s.face_down)


STILL_TO_MOVE = "still-to-move"
"""The memo entry of a state just after a move: its Movement phase's actions. A unit moving
changes neither the enemy-held areas nor the allowance (WM-BRIDGE-05 to -07) nor where the
side's other units stand, so the moves left are the listing before it, without the moved
unit's moves (WM-MOVE-06), in the same order."""


def _without_unit(listed: tuple[Action, ...], unit: str) -> tuple[Action, ...]:
    """``listed`` without the moves of ``unit`` (they come one after the other)."""
    first = last = -1
    for i, a in enumerate(listed):
        if type(a) is act.Move and a.unit == unit:
            if first < 0:
                first = i
            last = i
        elif first >= 0:
            break
    return listed[:first] + listed[last + 1 :] if first >= 0 else listed


@saved("warmaster/movement-phase")
@attrs.frozen
class MovementPhase(Task):
    """The phasing player moves any, all or none of his units (WM-MOVE-01), then stacking is
    checked (WM-STACK-03)."""

    side: str
    rule: ClassVar[str] = "WM-MOVE-02"

    def actor(self, s: S) -> Player | None:
        return self.side

    def legal(self, s: S) -> tuple[Action, ...]:
        carried: tuple[Action, ...] | None = s._memo.get(STILL_TO_MOVE)
        if carried is not None:
            return carried
        out: list[Action] = []
        for unit in movable(s, self.side):
            out.extend(moves(s, unit))
        out.append(END_PHASE)
        return tuple(out)

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.Move):
            unit = action.unit
            listed = s._legal_tuple()
            after = s.move_counters([(unit, action.area)], moved=s.moved | {unit})
            after._memo[STILL_TO_MOVE] = _without_unit(listed, unit)
            return after
        return s.pop(Overstacked(self.side))

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.Move):
            unit = action.unit
            if unit not in s.manifest.index:
                return RuleViolation("WM-MOVE-01", f"there is no unit {unit!r}")
            if s.side_of(unit) != self.side:
                return RuleViolation("WM-SEQ-02", f"{unit} is not a {self.side} unit")
            if not s.aboard(unit):
                return RuleViolation("WM-SEQ-04", f"{unit} is not aboard the ship")
            if unit in s.face_down:
                return RuleViolation("WM-SEQ-08", "face-down Traitor units never move")
            if unit in s.moved:
                return RuleViolation("WM-MOVE-06", f"{unit} has already moved this phase")
            if action.area in s.destroyed:
                return RuleViolation("WM-MOVE-03", f"{action.area} is destroyed")
            steps = s.allowance[self.side]
            free = _reach(s.data, s.location(unit), steps, s.destroyed, frozenset())
            if action.area in free:
                rule = "WM-MOVE-04"
            elif s.bridge is None or s.data.bridge in s.destroyed:
                rule = "WM-BRIDGE-07"
            else:
                rule = "WM-BRIDGE-05" if s.bridge == self.side else "WM-BRIDGE-06"
            return RuleViolation(
                rule,
                f"{unit} cannot reach {action.area}: {steps} area(s) this turn, stopping on "
                "entering any area with enemy units, never through destroyed areas",
            )
        return super().explain(s, action)


@saved("warmaster/overstacked")
@attrs.frozen
class Overstacked(Task):
    """End of a Movement phase: the owner destroys units of his own over-stacked areas, one
    decision per unit, until each holds at most three (WM-STACK-05, WM-DESTROY-02)."""

    side: str
    rule: ClassVar[str] = "WM-STACK-05"

    def area(self, s: S) -> str | None:
        limit = s.data.stack_limit
        for area in sorted(s.occupied(self.side)):
            if len(s.units(area, self.side)) > limit:
                return area
        return None

    def actor(self, s: S) -> Player | None:
        return self.side if self.area(s) is not None else None

    def legal(self, s: S) -> tuple[Action, ...]:
        area = self.area(s)
        if area is None:  # the Imperial view: over the limit with counters he cannot see
            return ()
        return tuple(act.Lose(c) for c in s.units(area, self.side))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Lose)
        return s.kill((action.unit,))

    def run(self, s: S) -> S:
        return s.pop()


__all__ = ["MovementPhase", "Overstacked", "destinations", "moves", "stacking"]
