"""Where a unit can move on the battlefield, and moving it there.

A move counts the squares entered, diagonal steps included (HMC-GAP-16), each at a cost of one
square of movement, two in difficult terrain unless the horde has an Engineer
(HMC-SPECIALIST-05). A unit may move through squares of allied hordes but never through enemy
units (HMC-SCALE-06; an enemy Officer stands in the way too), never into impassable terrain,
and a horde may not end its move on a square with another horde (HMC-SCALE-05); an Officer
may end on his allies' squares (HMC-OFFICER-03). How far each order goes is
:mod:`wargames.horde.movement`'s: Half Move, Full Move, three times the Half Move.

Hidden information: a side cannot see enemy hordes in stealth, so its moves are planned as if
their squares were empty. A move that runs into one stops in the last square before it, and
the hidden horde is discovered (:func:`discover`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from wargames.horde.specialists import ignores_difficult_terrain
from wargames.horde.units import Unit

if TYPE_CHECKING:
    from wargames.horde.battle import PScaleState as S


@attrs.frozen
class Reach:
    """Squares a unit can enter this move, with the movement it costs (the path to one is
    found back from the costs: :meth:`path`)."""

    start: str
    cost: dict[str, int]
    links: Mapping[str, frozenset[str]] = attrs.field(repr=False)
    cheap: frozenset[str] = attrs.field(repr=False)
    """The squares that cost one square of movement to enter (the others cost two)."""

    def path(self, square: str) -> list[str]:
        """The squares entered on the way to ``square``, in order (``square`` last): back
        from ``square``, each time to the first neighbour (in grid order) whose cost plus the
        cost of entering is the cost."""
        out = [square]
        cost = {**self.cost, self.start: 0}
        while out[-1] != self.start:
            here = out[-1]
            before = cost[here] - (1 if here in self.cheap else 2)
            out.append(min(sq for sq in self.links[here] if cost.get(sq) == before))
        out.pop()
        return out[::-1]


def reach(s: S, u: Unit, limit: int | None = None) -> Reach:
    """Everywhere ``u`` can go with ``limit`` squares of movement (default: three times its
    Half Move, the longest move of any order), as its side sees the board; cached while no
    unit changes."""
    limit = u.horde.run_move if limit is None else limit
    layout = s.layout()
    memo: dict[tuple[str, int, bool], Reach] | None = layout.get("reach")
    if memo is None:
        memo = layout["reach"] = {}
    key = (u.id, limit, u.is_horde and ignores_difficult_terrain(u.horde))
    found = memo.get(key)
    if found is None:
        found = memo[key] = _search(s, u, limit)
    return found


def blocked(s: S, side: str) -> frozenset[str]:
    """Squares ``side``'s units may not enter: impassable ones and those of the enemy units
    it sees (HMC-SCALE-06)."""
    layout = s.layout()
    memo: dict[str, frozenset[str]] | None = layout.get("blocked")
    if memo is None:
        memo = layout["blocked"] = {}
    found = memo.get(side)
    if found is None:
        places = s.places()
        hidden = s.hidden_from(side)
        enemy = {
            sq
            for sq, uid in places.horde_at.items()
            if uid not in hidden and s.unit(uid).side != side
        }
        enemy |= {
            sq
            for sq, officers in places.officers_at.items()
            if any(s.unit(o).side != side for o in officers)
        }
        found = memo[side] = s.field.impassable | enemy
    return found


def _search(s: S, u: Unit, limit: int) -> Reach:
    """Cheapest first, a whole layer of squares at a time (costs are 1 or 2): a square first
    found next to a layer of cost ``k`` costs ``k`` plus its own entry cost."""
    field = s.field
    start = s.location(u)
    assert start is not None
    engineer = u.is_horde and ignores_difficult_terrain(u.horde)
    links, cheap, barred = field.step_sets, field.cheap[engineer], blocked(s, u.side)
    cost = {start: 0}
    layers: list[set[str]] = [set() for _ in range(limit + 1)]
    layers[0].add(start)
    for k in range(limit):
        if not layers[k]:
            continue
        found = set().union(*[links[sq] for sq in layers[k]])
        found -= barred
        found.difference_update(cost)
        ones = found & cheap
        layers[k + 1] |= ones
        cost.update(dict.fromkeys(ones, k + 1))
        if k + 2 <= limit:
            twos = found - ones
            layers[k + 2] |= twos
            cost.update(dict.fromkeys(twos, k + 2))
    del cost[start]
    return Reach(start, cost, links, cheap)


def no_stop(s: S, u: Unit) -> frozenset[str]:
    """Squares ``u`` may not end a move on, beyond those it may not enter: for a horde, the
    squares of the hordes its side sees (HMC-SCALE-05); none for an Officer."""
    if u.is_officer:
        return frozenset()
    layout = s.layout()
    memo: dict[str, frozenset[str]] | None = layout.get("no_stop")
    if memo is None:
        memo = layout["no_stop"] = {}
    found = memo.get(u.side)
    if found is None:
        hidden = s.hidden_from(u.side)
        found = memo[u.side] = frozenset(
            sq for sq, uid in s.places().horde_at.items() if uid not in hidden
        )
    return found


def may_end(s: S, u: Unit, square: str) -> bool:
    """Whether ``u`` may end a move on ``square`` as its side sees it: a horde not on another
    horde's square (HMC-SCALE-05), an Officer with his allies only (HMC-OFFICER-03)."""
    there = s.places().horde_at.get(square)
    if there is None or there in s.hidden_from(u.side):
        return True
    return u.is_officer and s.unit(there).side == u.side


def destinations(s: S, u: Unit, allowance: int) -> list[str]:
    """The squares ``u`` may end a move of ``allowance`` squares on, in grid order."""
    r = reach(s, u, allowance)
    stops = no_stop(s, u)
    return sorted(sq for sq in r.cost if sq not in stops)


def can_end_near(s: S, u: Unit, allowance: int) -> bool:
    """Whether ``u`` can end a move of ``allowance`` squares anywhere: a quick look at the
    squares next to it first (the cheapest free one), the full search only if none will do."""
    if first_step(s, u) <= allowance:
        return True
    return bool(destinations(s, u, allowance))


def first_step(s: S, u: Unit) -> int:
    """The least movement that takes ``u`` to a square next to it where it may stop (a large
    number when there is none); cached by layout."""
    engineer = u.is_horde and ignores_difficult_terrain(u.horde)
    return s.by_layout("first step", (u.id, engineer), lambda: _first_step(s, u, engineer))


def _first_step(s: S, u: Unit, engineer: bool) -> int:
    start = s.location(u)
    assert start is not None
    field = s.field
    costs = field.costs[engineer]
    barred, stops = blocked(s, u.side), no_stop(s, u)
    free = [costs[n] for n in field.steps[start] if n not in barred and n not in stops]
    return min(free, default=10**6)


def move(s: S, u: Unit, square: str, limit: int | None = None) -> S:
    """``u`` moves to ``square`` along its path (found with ``limit`` squares of movement,
    default the longest move); moving ends stealth (HMC-TALENT-03). If the path runs into an
    enemy horde in stealth, the move ends in the square before it and that horde is
    discovered."""
    start = s.location(u)
    assert start is not None
    squares = [start, *reach(s, u, limit).path(square)]
    found: Unit | None = None
    last = 0
    for i, step in enumerate(squares[1:], 1):
        there = s.horde_at(step)
        if there is not None and there.side != u.side and there.stealthed:
            found = there
            break
        last = i
    while last > 0 and not _may_stop(s, u, squares[last]):
        last -= 1  # step back off an allied horde's square
    moved = attrs.evolve(u, square=squares[last], stealthed=False)
    s = s.replace(moved).evolve(moved=s.moved | {u.id} | {o.id for o in s.attached(u.id)})
    return s if found is None else discover(s, found)


def _may_stop(s: S, u: Unit, square: str) -> bool:
    there = s.horde_at(square)
    return there is None or there.id == u.id or (u.is_officer and there.side == u.side)


def discover(s: S, u: Unit) -> S:
    """``u`` is seen: its stealth ends (HMC-TALENT-02)."""
    return s.replace(attrs.evolve(s.unit(u.id), stealthed=False))


__all__ = [
    "Reach",
    "blocked",
    "can_end_near",
    "destinations",
    "discover",
    "first_step",
    "may_end",
    "move",
    "no_stop",
    "reach",
]
