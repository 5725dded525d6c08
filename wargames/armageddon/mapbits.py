"""The map of Armageddon Secundus as integer bitsets, worked out once per data set.

Area ``i`` of the map, in the sorted order of the area ids, is bit ``1 << i``: a set of areas
is one integer, and the questions asked at every step of play (where may a counter move, which
areas trace supply) become a few integer operations over precomputed masks instead of a walk
over the map's graph. The graph (:class:`~wargames.core.areas.AreaMap`) stays the source of
truth; these masks are read from it and answer exactly as its walks do (``tests/armageddon``
compares them).

Since the ids are numbered in sorted order, the areas of a mask read lowest bit first come out
sorted by id (:meth:`MapBits.names`), the order every list of areas of the game is given in.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import attrs

from wargames.armageddon import actions as act
from wargames.armageddon.data import SIDES, ArmageddonData
from wargames.core.bitsets import names
from wargames.core.caches import PER_DATA


@attrs.frozen(eq=False)
class MapBits:
    """The board's areas as bits, with the masks the movement and supply rules read."""

    areas: tuple[str, ...]
    """The area ids, sorted: bit ``i`` is ``areas[i]``."""
    bit: dict[str, int]
    """Area id -> its bit (``1 << i``)."""
    neighbours: dict[int, int]
    """An area's bit -> the mask of the areas sharing a border with it."""
    enterable: int
    """Areas a counter may enter: no sea, no mountain (BFA-MOVE-04)."""
    stops: dict[str, int]
    """Side -> areas where its counters must stop on entering: ash wastes for both, jungle for
    the Imperium (BFA-MOVE-06, terrain chart)."""
    supply_passable: int
    """Areas a supply path may cross: enterable, not blocking supply (BFA-SUPPLY-03/04)."""
    supply: dict[str, int]
    """Side -> its supply areas (BFA-SUPPLY-02)."""
    moves: dict[str, dict[int, act.Move]]
    """Counter id -> area bit -> the move of that counter to that area (made once)."""
    balls: dict[str, tuple[int, ...]]
    """Area id -> the areas within ``k`` borders of it at index ``k`` (through any terrain),
    for ``k`` up to :data:`BALL_RADIUS`."""
    remembered_moves: dict[tuple[str, int], list[Any]] = attrs.field(
        factory=dict, init=False, repr=False
    )
    """(counter, mask) -> ``[moves, ids]``: :meth:`moves_to` and, once the action codec has
    numbered them, the moves' ids (``None`` until then: the codec reads them from the entry the
    engine has just read, :class:`~wargames.armageddon.numbering.MoveIds`); up to
    :data:`MOVES_CACHE` entries (emptied when full)."""

    def mask(self, areas: Iterable[str]) -> int:
        """The mask of ``areas`` (off-map boxes and unknown ids are ignored)."""
        bit = self.bit
        found = 0
        for a in areas:
            found |= bit.get(a, 0)
        return found

    def names(self, mask: int) -> tuple[str, ...]:
        """The area ids of ``mask``, sorted."""
        return tuple(names(mask, self.areas))

    def around(self, mask: int) -> int:
        """Every area bordering an area of ``mask``."""
        neighbours = self.neighbours
        found = 0
        while mask:
            low = mask & -mask
            found |= neighbours[low]
            mask ^= low
        return found

    def reach(self, start: str, steps: int, blocked: int, stops: int) -> int:
        """Areas a counter in ``start`` may end its move in with ``steps`` areas of movement:
        never through ``blocked`` or impassable areas, and not beyond an area of ``stops``
        (the breadth-first walk of :meth:`~wargames.core.areas.AreaMap.reach`, a ring of
        areas per step). ``start`` itself is not included."""
        seen = frontier = self.bit[start]
        allowed = self.enterable & ~blocked
        found = 0
        for _ in range(steps):
            entered = self.around(frontier) & allowed & ~seen
            if not entered:
                break
            seen |= entered
            found |= entered
            frontier = entered & ~stops
            if not frontier:
                break
        return found

    def reach_near(self, start: str, steps: int, blocked: int, stops: int) -> int:
        """:meth:`reach`, remembered: the walk looks at no area more than ``steps`` borders
        from ``start``, so only ``blocked`` and ``stops`` there are part of the question, and
        the same question comes back while the stacks nearby stay put (a bounded cache)."""
        balls = self.balls[start]
        if steps >= len(balls):
            return self.reach(start, steps, blocked, stops)
        near = balls[steps]
        return _reach(self, start, steps, blocked & near, stops & near)

    def connected(self, goals: int, passable: int) -> int:
        """Every area of ``passable`` joined to one of ``goals`` through areas of ``passable``
        (supply tracing for a whole side, as
        :meth:`~wargames.core.areas.AreaMap.connected_to`)."""
        seen = frontier = goals & passable
        while frontier:
            frontier = self.around(frontier) & passable & ~seen
            seen |= frontier
        return seen

    def singles(self, mask: int) -> tuple[int, ...]:
        """The bits of ``mask`` one by one, lowest (first area id) first."""
        out = []
        while mask:
            low = mask & -mask
            out.append(low)
            mask ^= low
        return tuple(out)

    def nth(self, mask: int, i: int) -> int:
        """The bit of ``mask`` at index ``i`` of :meth:`singles` (``0 <= i < popcount``):
        :func:`~wargames.core.bitsets.nth`'s loop kept here, giving the bit itself (the draw of
        every move asks; going through the index measured 0.7 % more work a decision)."""
        for _ in range(i):
            mask &= mask - 1
        return mask & -mask

    def moves_to(self, counter: str, mask: int) -> tuple[act.Move, ...]:
        """The moves of ``counter`` to the areas of ``mask``, sorted by area; remembered (a
        movement phase lists the same counter's reach again in each of its states)."""
        remembered = self.remembered_moves
        key = (counter, mask)
        found = remembered.get(key)
        if found is None:
            if len(remembered) >= MOVES_CACHE:
                remembered.clear()
            found = remembered[key] = [self.moves_along(counter, self.singles(mask)), None]
        moves: tuple[act.Move, ...] = found[0]
        return moves

    def moves_along(self, counter: str, singles: tuple[int, ...]) -> tuple[act.Move, ...]:
        """The moves of ``counter`` to the areas of :meth:`singles`, in their order."""
        return tuple(map(self.moves[counter].__getitem__, singles))


BALL_RADIUS = 8
"""The farthest :attr:`MapBits.balls` reach (movement values are at most 6, 7 under Kult of
Speed)."""

MOVES_CACHE = 4096
"""Lists of moves :meth:`MapBits.moves_to` remembers by counter and reach: over 100 random
campaigns 95.4 % of 327,061 asked are answered from 4,096 entries (96.4 % from 8,192, 97.0 %
unbounded), and 4,096 fill within the first hundred games (8,192 grew a 2,000-game run's
memory after its first hundred games by 6.9 % instead of about 2 %)."""

REACH_CACHE = 4096
"""Reaches :meth:`MapBits.reach_near` remembers (start, movement, blocked and stopping areas
nearby): 2,200 distinct in 40 random campaigns, 86 % of the walks answered from 4,096
entries."""


@lru_cache(maxsize=REACH_CACHE)
def _reach(bits: MapBits, start: str, steps: int, blocked: int, stops: int) -> int:
    return bits.reach(start, steps, blocked, stops)


def _balls(bit: dict[str, int], neighbours: dict[int, int], area: str) -> tuple[int, ...]:
    found = [bit[area]]
    for _ in range(BALL_RADIUS):
        ring = found[-1]
        mask = ring
        while mask:
            low = mask & -mask
            ring |= neighbours[low]
            mask ^= low
        found.append(ring)
    return tuple(found)


@lru_cache(maxsize=PER_DATA)
def map_bits(data: ArmageddonData) -> MapBits:
    """The bitsets of ``data``'s board (one per data set)."""
    board = data.board
    areas = tuple(sorted(board.ids))
    bit = {a: 1 << i for i, a in enumerate(areas)}

    def mask(ids: Iterable[str]) -> int:
        return sum(bit[a] for a in set(ids))

    terrain = {a: data.terrain[board[a].terrain] for a in areas}
    neighbours = {bit[a]: mask(board.neighbours(a)) for a in areas}
    return MapBits(
        areas=areas,
        bit=bit,
        neighbours=neighbours,
        enterable=mask(a for a in areas if terrain[a].enterable),
        stops={side: mask(a for a in areas if side in terrain[a].stops) for side in SIDES},
        supply_passable=mask(
            a for a in areas if terrain[a].enterable and not terrain[a].blocks_supply
        ),
        supply={side: mask(a for a in data.supply[side] if a in bit) for side in SIDES},
        moves={
            c: {bit[a]: act.Move(c, a) for a in areas}
            for c, spec in data.counters.items()
            if spec.movement > 0
        },
        balls={a: _balls(bit, neighbours, a) for a in areas},
    )


__all__ = ["MapBits", "map_bits"]
