"""Retreats: the owner moves his unit back toward his baseline, hex by hex (CCB-RETREAT-01 to
-20).

Each hex of a retreat is one of the rear hexes (CCB-BOARD-10) of the hex being left, never
sideways or forward (CCB-RETREAT-08); it may not hold a unit of either side or a lone enemy
leader, be impassable or off the board (CCB-RETREAT-09); terrain that stops movement does not
stop a retreat (CCB-RETREAT-10, marsh excepted: a die per marsh hex, CCB-TERRAIN-47). A unit
without a leader that enters a lone friendly leader's hex ends its retreat there and the
leader attaches (CCB-RETREAT-13); a unit with a leader passes through such a hex but may not
end there (CCB-GAP-21): that step goes straight on to the hex beyond, in one decision. The
attached leader goes along (CCB-RETREAT-14).

A unit loses a block for every hex of its retreat it cannot make (CCB-RETREAT-11), and the
owner must take a path that loses the fewest blocks (CCB-RETREAT-12, CCB-GAP-20): only the
first hexes of such paths are offered. Forced steps are taken without asking.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.flow import Task, once
from wargames.ancients.movement import move_unit
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S

Path = tuple[str, ...]


def may_enter_backward(s: S, unit: int, hex_id: str) -> bool:
    """Whether a retreating or evading ``unit`` may enter ``hex_id``: no unit of either side,
    no lone enemy leader, terrain it may enter (CCB-RETREAT-09, CCB-TERRAIN-02, -03)."""
    if s.unit_at(hex_id) is not None:
        return False
    leader = s.leader_at(hex_id)
    if leader is not None and s.side_of(leader) != s.side_of(unit):
        return False
    return hex_id in s.scenario.geometry.entry(s.kind(unit)).near


def lone_friend(s: S, unit: int, hex_id: str) -> bool:
    """Whether a lone leader of ``unit``'s side stands in ``hex_id``."""
    leader = s.leader_at(hex_id)
    return leader is not None and s.unit_at(hex_id) is None and s.side_of(leader) == s.side_of(unit)


def hops(
    s: S,
    side: str,
    here: str,
    left: int,
    enter: Callable[[str], bool],
    pass_only: Callable[[str], bool],
) -> dict[str, Path]:
    """The hexes a piece going back toward ``side``'s baseline may step to next, each with the
    hexes it enters on the way: a rear hex it may enter, or, through rear hexes it may only pass
    (``pass_only``: another leader's), the first hex beyond where it may stop, within ``left``
    hexes."""
    found: dict[str, Path] = {}
    _walk(s.scenario.geometry.rear[side], enter, pass_only, left, found, here, ())
    return found


def _walk(
    rear: Mapping[str, Sequence[str]],
    enter: Callable[[str], bool],
    pass_only: Callable[[str], bool],
    left: int,
    found: dict[str, Path],
    hex_id: str,
    path: Path,
) -> None:
    """:func:`hops`' depth-first walk from ``hex_id`` (``path`` the hexes entered so far),
    each next hex into ``found`` with the first path that reaches it. A function of the
    module, not one nested in :func:`hops`: a nested function that calls itself is a
    reference cycle, left with everything it holds (the state among them) for the garbage
    collector."""
    for nxt in rear[hex_id]:
        if not enter(nxt):
            continue
        longer = (*path, nxt)
        if pass_only(nxt):
            if len(longer) < left:
                _walk(rear, enter, pass_only, left, found, nxt, longer)
        else:
            found.setdefault(nxt, longer)


def unit_hops(s: S, unit: int, here: str, left: int) -> dict[str, Path]:
    """:func:`hops` for a retreating or evading unit."""
    has_leader = s.attached(unit) is not None
    return hops(
        s,
        s.side_of(unit),
        here,
        left,
        lambda h: may_enter_backward(s, unit, h),
        lambda h: has_leader and lone_friend(s, unit, h),
    )


def stops_in(s: S, unit: int, hex_id: str, has_leader: bool) -> bool:
    """A unit without a leader stops in a lone friendly leader's hex (CCB-RETREAT-13)."""
    return not has_leader and lone_friend(s, unit, hex_id)


def retreat_costs(s: S, unit: int, left: int) -> dict[str, tuple[int, Path]]:
    """For each next hex of the retreat: the fewest blocks the rest of it must cost, and the
    hexes entered to get there."""
    has_leader = s.attached(unit) is not None
    memo: dict[tuple[str, int], int] = {}
    return {
        h: (_cost(s, unit, has_leader, memo, h, left - len(p)), p)
        for h, p in unit_hops(s, unit, s.where[unit], left).items()
    }


def _cost(
    s: S, unit: int, has_leader: bool, memo: dict[tuple[str, int], int], hex_id: str, remaining: int
) -> int:
    """The fewest blocks the rest of a retreat from ``hex_id`` with ``remaining`` hexes to go
    must cost (:func:`retreat_costs`; ``memo`` by hex and hexes to go). Of the module, not
    nested: see :func:`_walk`."""
    if remaining <= 0 or stops_in(s, unit, hex_id, has_leader):
        return 0
    key = (hex_id, remaining)
    if key not in memo:
        nexts = unit_hops(s, unit, hex_id, remaining)
        memo[key] = min(
            (_cost(s, unit, has_leader, memo, h, remaining - len(p)) for h, p in nexts.items()),
            default=remaining,
        )
    return memo[key]


def cheapest(s: S, unit: int, left: int) -> dict[str, Path]:
    """The next hexes of the paths that lose the fewest blocks (CCB-RETREAT-12, CCB-GAP-20)."""
    costs = retreat_costs(s, unit, left)
    if not costs:
        return {}
    least = min(c for c, _ in costs.values())
    return {h: p for h, (c, p) in costs.items() if c == least}


def go_back(s: S, unit: int, path: Path) -> S:
    """``unit`` (and its attached leader) goes along ``path``, rolling for each marsh hex it
    enters (CCB-TERRAIN-47)."""

    s = move_unit(s, unit, path[-1])
    terrain = s.scenario.geometry.terrain
    marsh = [MarshRoll(unit) for h in path if terrain[h].entry_roll]
    return s.push(*marsh) if marsh else s


@saved("ancients/retreat")
@attrs.frozen
class Retreat(Task):
    """``unit`` retreats ``left`` more hexes, its owner choosing each (CCB-RETREAT-07).
    ``checked``: the roll that caused it already made the unit's 2-dice leader check
    (CCB-GAP-16)."""

    unit: int
    left: int
    checked: bool = False
    rule: ClassVar[str] = "CCB-RETREAT-08"

    def options(self, s: S) -> dict[str, Path]:
        if not s.on_board(self.unit) or self.left <= 0:
            return {}
        return once(s, "retreat", lambda: cheapest(s, self.unit, self.left))

    def actor(self, s: S) -> Player | None:
        return s.owner(self.unit) if len(self.options(s)) > 1 else None

    def legal(self, s: S) -> tuple[Action, ...]:
        here = s.where[self.unit]
        return tuple(act.RetreatTo(here, h) for h in self.options(s))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.RetreatTo)
        return self.step(s, self.options(s)[action.to])

    def run(self, s: S) -> S:
        if not s.on_board(self.unit) or self.left <= 0:
            return s.pop()
        options = self.options(s)
        if options:
            return self.step(s, next(iter(options.values())))
        return lose(s.pop(), self.unit, self.left, self.checked)

    def step(self, s: S, path: Path) -> S:
        unit = self.unit
        stops = stops_in(s, unit, path[-1], s.attached(unit) is not None)
        left = 0 if stops else self.left - len(path)
        s = s.pop(Retreat(unit, left, self.checked)) if left else s.pop()
        return go_back(s, unit, path)

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.RetreatTo):
            here = s.where[self.unit]
            if action.frm != here:
                return RuleViolation("CCB-RETREAT-07", f"the retreating unit stands in {here}")
            if action.to not in s.scenario.geometry.rear[s.side_of(self.unit)][here]:
                return RuleViolation(
                    "CCB-RETREAT-08", "a retreat goes to a rear hex, never sideways"
                )
            if action.to in retreat_costs(s, self.unit, self.left):
                return RuleViolation(
                    "CCB-RETREAT-12", "another path loses fewer blocks: the owner must take it"
                )
            return RuleViolation("CCB-RETREAT-09", f"the unit may not retreat into {action.to}")
        return super().explain(s, action)


# Imported once this module is complete (they import it, directly or not), not in the
# functions that name them: an import statement run at every step costs a microsecond.
from wargames.ancients.combat import MarshRoll, lose  # noqa: E402

__all__ = [
    "Retreat",
    "cheapest",
    "go_back",
    "hops",
    "lone_friend",
    "may_enter_backward",
    "retreat_costs",
    "stops_in",
    "unit_hops",
]
