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

from typing import TYPE_CHECKING

from wargames.core.tasks import quick_evolve
from wargames.horde import visibility
from wargames.horde.combat.specialists import ignores_difficult_terrain
from wargames.horde.scenario import other_side
from wargames.horde.units import Unit

if TYPE_CHECKING:
    from wargames.horde.battlefield import Battlefield
    from wargames.horde.state import PScaleState as S


class Reach:
    """Squares a unit can enter with up to ``limit`` squares of movement, by the movement it
    costs: layer ``k`` is the square mask (:attr:`Battlefield.bit
    <wargames.horde.battlefield.Battlefield.bit>`) of the squares costing ``k`` (layer 0 the
    start). Cheapest first, a whole layer at a time (costs are 1 or 2): a square first found
    next to layer ``k`` costs ``k`` plus its own entry cost; finding the squares next to a
    layer is a few shifts of its mask. The search goes only as far as a question needs: a
    shorter move's layers are the first layers of a longer one's, so one search serves every
    order (:meth:`within`). The path to a square is found back from the costs
    (:meth:`path`)."""

    __slots__ = (
        "_done",
        "_free",
        "_layers",
        "_upto",
        "engineer",
        "field",
        "limit",
        "start",
    )

    def __init__(
        self, field: Battlefield, start: str, engineer: bool, open_: int, limit: int
    ) -> None:
        self.field, self.start, self.engineer, self.limit = field, start, engineer, limit
        here = field.bit[start]
        self._free = open_ & ~here
        """The squares it may enter that no layer holds yet."""
        self._layers = [0] * (limit + 2)
        """Layers ``0 .. limit``, and the squares costing ``limit + 1`` (never reported: a
        square costing two found next to layer ``limit - 1`` has its place)."""
        self._layers[0] = here
        self._upto = [0]
        self._done = 0
        """Layers ``0 .. _done`` are complete (all layers below it have been spread)."""

    @property
    def layers(self) -> tuple[int, ...]:
        """Every layer up to :attr:`limit` (the whole search)."""
        self._extend(self.limit)
        return tuple(self._layers[: self.limit + 1])

    def _extend(self, upto: int) -> None:
        """Complete the layers up to ``upto``: spread each layer below it in turn; what it
        finds leaves the free squares."""
        layers, done = self._layers, self._done
        if done >= upto:
            return
        field = self.field
        cheap, width = field.cheap_mask[self.engineer], field.width
        not_first, not_last = field.edges
        free = self._free
        for k in range(done, upto):
            layer = layers[k]
            if layer:
                row = layer | ((layer << 1) & not_first) | ((layer >> 1) & not_last)
                found = (row | (row << width) | (row >> width)) & free  # see spread
                if found:
                    free ^= found
                    ones = found & cheap
                    layers[k + 1] |= ones
                    layers[k + 2] |= found ^ ones
        self._free, self._done = free, upto

    def within(self, limit: int | None = None) -> int:
        """The mask of the squares it can enter with ``limit`` squares of movement (default,
        or more than the search's: all of the search's; the start excluded)."""
        limit = self.limit if limit is None else min(limit, self.limit)
        upto = self._upto
        if limit >= len(upto):
            self._extend(limit)
            within, layers = upto[-1], self._layers
            for k in range(len(upto), limit + 1):
                within |= layers[k]
                upto.append(within)
        return upto[limit]

    @property
    def cost(self) -> dict[str, int]:
        """Square -> the movement it costs to enter it (the start excluded)."""
        squares_in = self.field.squares_in
        return {sq: k for k, layer in enumerate(self.layers) if k for sq in squares_in(layer)}

    def path(self, square: str) -> list[str]:
        """The squares entered on the way to ``square``, in order (``square`` last): back
        from ``square``, each time to the first neighbour (in grid order) whose cost plus the
        cost of entering is the cost."""
        field, layers = self.field, self._layers
        bit, cheap, steps = field.bit, field.cheap_mask[self.engineer], field.steps
        end, k = bit[square], 0
        while True:  # the square's cost: the first layer it is in (searched no further)
            if k > self._done:
                self._extend(k)
            if layers[k] & end:
                break
            k += 1
        out = [square]
        here = square
        while k:
            k -= 1 if bit[here] & cheap else 2
            layer = layers[k]
            for n in steps[here]:  # the first neighbour by id
                if bit[n] & layer:
                    here = n
                    break
            out.append(here)
        out.pop()
        return out[::-1]


def reach(s: S, u: Unit, limit: int | None = None) -> Reach:
    """Everywhere ``u`` can go with at least ``limit`` squares of movement, as its side sees
    the board: the search of its longest move (three times its Half Move) unless ``limit``
    is longer; :meth:`Reach.within` narrows it to a move. Cached while no unit changes."""
    limit = u.horde.run_move if limit is None else max(limit, u.horde.run_move)
    layout = s.layout()
    memo: dict[tuple[str, int, bool], Reach] | None = layout.get("reach")
    if memo is None:
        memo = layout["reach"] = {}
    key = (u.id, limit, u.is_horde and ignores_difficult_terrain(u.horde))
    found = memo.get(key)
    if found is None:
        found = memo[key] = _search(s, u, limit)
    return found


def blocked(s: S, side: str) -> int:
    """The mask of the squares ``side``'s units may not enter: impassable ones and those of
    the enemy units it sees (HMC-SCALE-06)."""
    return s.field.impassable_mask | visibility.enemy_mask(s, side)


def _search(s: S, u: Unit, limit: int) -> Reach:
    """A new search of ``limit`` squares of movement for ``u`` (see :class:`Reach`)."""
    start = s.location(u)
    assert start is not None
    engineer = u.is_horde and ignores_difficult_terrain(u.horde)
    open_ = s.field.everywhere & ~blocked(s, u.side)
    return Reach(s.field, start, engineer, open_, limit)


def no_stop(s: S, u: Unit) -> int:
    """The mask of the squares ``u`` may not end a move on, beyond those it may not enter:
    for a horde, the squares of the hordes its side sees (HMC-SCALE-05); none for an
    Officer."""
    if u.is_officer:
        return 0
    try:  # the hot path: known in this layout
        known: int = s._lookups["layout"]["no_stop"][u.side]  # type: ignore[index]
        return known
    except (KeyError, TypeError):
        pass
    layout = s.layout()
    memo: dict[str, int] | None = layout.get("no_stop")
    if memo is None:
        memo = layout["no_stop"] = {}
    found = memo.get(u.side)
    if found is None:
        found = memo[u.side] = visibility.horde_mask(s, s.hidden_from(u.side))
    return found


def may_end(s: S, u: Unit, square: str) -> bool:
    """Whether ``u`` may end a move on ``square`` as its side sees it: a horde not on another
    horde's square (HMC-SCALE-05), an Officer with his allies only (HMC-OFFICER-03)."""
    there = s.places().horde_at.get(square)
    if there is None or there in s.hidden_from(u.side):
        return True
    return u.is_officer and s.unit(there).side == u.side


def ends(s: S, u: Unit, allowance: int) -> int:
    """The mask of the squares ``u`` may end a move of ``allowance`` squares on."""
    return reach(s, u).within(allowance) & ~no_stop(s, u)


def next_ends(s: S, u: Unit, allowance: int) -> int:
    """The mask of the squares next to ``u`` it may end a move of ``allowance`` squares on:
    the first step of the search (:func:`ends` holds them all), found without it. A square
    costs one square of movement to enter, two in difficult terrain unless the horde has an
    Engineer (HMC-SPECIALIST-05)."""
    if allowance < 1:
        return 0
    here = s.location(u)
    assert here is not None
    field = s.field
    found = field.around[here] & ~(blocked(s, u.side) | no_stop(s, u))
    if allowance >= 2:
        return found
    return found & field.cheap_mask[u.is_horde and ignores_difficult_terrain(u.horde)]


def destinations(s: S, u: Unit, allowance: int) -> list[str]:
    """The squares ``u`` may end a move of ``allowance`` squares on, in grid order."""
    return sorted(s.field.squares_in(ends(s, u, allowance)))


def move(s: S, u: Unit, square: str, limit: int | None = None) -> S:
    """``u`` moves to ``square`` along its path (found with ``limit`` squares of movement,
    default the longest move); moving ends stealth (HMC-TALENT-03). If the path runs into an
    enemy horde in stealth, the move ends in the square before it and that horde is
    discovered."""
    if not s.places().stealthed[other_side(u.side)] and _may_stop(s, u, square):
        end, found = square, None  # no enemy in stealth to run into: the path changes nothing
    else:
        end, found = _along_path(s, u, square, limit)
    moved = quick_evolve(u, square=end, stealthed=False)
    s = s.replace(moved, moved=s.moved | {u.id} | {o.id for o in s.attached(u.id)})
    return s if found is None else discover(s, found)


def _along_path(s: S, u: Unit, square: str, limit: int | None) -> tuple[str, Unit | None]:
    """Where ``u``'s move to ``square`` ends, square by square along its path: before the
    first enemy horde in stealth on the way (found, and returned), and back off an allied
    horde's square."""
    start = s.location(u)
    assert start is not None
    squares = [start, *reach(s, u, limit).path(square)]
    horde_at, unit = s.places().horde_at, s.unit
    found: Unit | None = None
    last = 0
    for i, step in enumerate(squares[1:], 1):
        uid = horde_at.get(step)
        if uid is not None:
            there = unit(uid)
            if there.side != u.side and there.stealthed:
                found = there
                break
        last = i
    while last > 0 and not _may_stop(s, u, squares[last]):
        last -= 1  # step back off an allied horde's square
    return squares[last], found


def _may_stop(s: S, u: Unit, square: str) -> bool:
    uid = s.places().horde_at.get(square)
    return uid is None or uid == u.id or (u.is_officer and s.unit(uid).side == u.side)


def discover(s: S, u: Unit) -> S:
    """``u`` is seen: its stealth ends (HMC-TALENT-02)."""
    return s.replace(quick_evolve(s.unit(u.id), stealthed=False))


__all__ = [
    "Reach",
    "blocked",
    "destinations",
    "discover",
    "ends",
    "may_end",
    "move",
    "next_ends",
    "no_stop",
    "reach",
]
