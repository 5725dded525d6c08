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
from itertools import chain, filterfalse
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
    """The areas within ``steps`` areas entered of ``start``, never through a destroyed area,
    stopping on entering an enemy-held one (WM-MOVE-02 to -04), sorted: the reach of
    :meth:`~wargames.core.areas.AreaMap.reach`, area by area outwards."""
    neighbours = data.board.neighbours
    seen = {start}
    found: list[str] = []
    frontier = [start]
    for _ in range(steps):
        further: list[str] = []
        for here in frontier:
            for area in neighbours(here):
                if area in seen or area in destroyed:
                    continue
                seen.add(area)
                found.append(area)
                if area not in enemies:
                    further.append(area)
        frontier = further
    found.sort()
    return tuple(found)


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
    return tuple([_move(unit, a) for a in _reach(data, start, steps, destroyed, enemies)])


_move = lru_cache(maxsize=MOVES_CACHE)(act.Move)
"""The move of a unit to an area, made once (units times areas: some 2,500 on the ship)."""


def movable(s: S, side: str) -> tuple[str, ...]:
    """``side``'s units that may still move: aboard, face up, not yet moved (WM-MOVE-06,
    WM-SEQ-08)."""
    return tuple(filterfalse((s.moved | s.face_down).__contains__, s.aboard_units(side)))


STILL_TO_MOVE = "still-to-move"
"""The memo entry of a state in a Movement phase: the units that may still move and the moves
of each, in order (:meth:`MovementPhase.still_to_move`). A unit moving changes neither the
enemy-held areas nor the allowance (WM-BRIDGE-05 to -07) nor where the side's other units
stand, so after a move they are the same less the unit that moved (WM-MOVE-06): the state
after a move is given them."""

StillToMove = tuple[tuple[str, ...], tuple[tuple[act.Move, ...], ...]]
"""Units that may still move, and each one's moves."""


@saved("warmaster/movement-phase")
@attrs.frozen
class MovementPhase(Task):
    """The phasing player moves any, all or none of his units (WM-MOVE-01), then stacking is
    checked (WM-STACK-03)."""

    side: str
    rule: ClassVar[str] = "WM-MOVE-02"

    def actor(self, s: S) -> Player | None:
        return self.side

    def still_to_move(self, s: S) -> StillToMove:
        """The units that may still move and the moves of each (worked out once per phase:
        see :data:`STILL_TO_MOVE`)."""
        found: StillToMove | None = s._memo.get(STILL_TO_MOVE)
        if found is None:
            units = movable(s, self.side)
            # what :func:`moves` reads of the state, the same for every unit of the side
            data, destroyed, location = s.data, s.destroyed, s.location
            steps = s.allowance[self.side]
            enemies = s.occupied(TRAITOR if self.side == IMPERIAL else IMPERIAL)
            each = tuple([_moves(data, u, location(u), steps, destroyed, enemies) for u in units])
            found = s._memo[STILL_TO_MOVE] = (units, each)
        return found

    def legal(self, s: S) -> tuple[Action, ...]:
        _, each = self.still_to_move(s)
        return (*chain.from_iterable(each), END_PHASE)

    def draw(self, s: S, chance: float) -> Action:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, found by
        counting each unit's moves, without joining them into one listing."""
        _, each = self.still_to_move(s)
        i = int(chance * (sum(map(len, each)) + 1))
        for moves_of in each:
            if i < len(moves_of):
                return moves_of[i]
            i -= len(moves_of)
        return END_PHASE

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.Move):
            unit = action.unit
            units, each = self.still_to_move(s)
            after = s.move_counter(unit, action.area, moved=s.moved | {unit})
            i = units.index(unit)
            after._memo[STILL_TO_MOVE] = (units[:i] + units[i + 1 :], each[:i] + each[i + 1 :])
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
        """The side's first area (by id) holding more units than the limit, if any."""
        limit = s.data.stack_limit
        over = [area for area, units in s.stacks(self.side).items() if len(units) > limit]
        return min(over) if over else None

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
