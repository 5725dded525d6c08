"""The P-Scale battlefield: a square grid of 10 m squares with terrain, HQ areas, command posts
and objectives (HMC-SCALE-04).

The grid is :func:`wargames.core.grids.square_grid` with diagonal borders: squares sharing a
side or a corner are adjacent (HMC-GAP-16), so distances in squares are Chebyshev distances
(one dm per square, HMC-SCALE-04). Terrain kinds are :data:`~wargames.horde.terrain.TERRAIN`.

Each side has an **HQ area** (a set of squares; HMC-GAP-25: the scenario draws it, usually a
strip along the side's own edge) and a **command post**, one square inside it, where its
Commander orders every unit (HMC-ORDERS-02). Hordes in the HQ area get +10 Willpower
(HMC-MORALE-03); Tactical Retreat! heads for it (HMC-ORDERS-11); Full Retreat! brings a horde
back there (HMC-ORDERS-12) and lets a horde already there leave the battle (HMC-ORDERS-14).

Everything the hot paths read (neighbours, coordinates, movement costs, distance to each HQ,
lines of sight, one per offset between two squares) is precomputed or cached once per
battlefield; the :class:`~wargames.core.areas.AreaMap` stays the source of truth.

>>> from wargames.horde.terrain import TERRAIN
>>> field = Battlefield.build(4, 3, {"02-02": "ruins"}, {"blue": ("01-01",), "red": ("04-03",)},
...                           {"blue": "01-01", "red": "04-03"})
>>> field.distance("01-01", "04-03"), field.neighbours("01-01")
(3, ('01-02', '02-01', '02-02'))
>>> field.hq_distance("blue", "03-03"), field.cover("02-02"), field.cost("02-02", False)
(2, True, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import attrs

from wargames.core.areas import AreaMap
from wargames.core.grids import grid_coords, grid_id, square_grid
from wargames.horde.sight import Sightline
from wargames.horde.terrain import OPEN, TERRAIN, Terrain

T = TypeVar("T")


ROW_PATTERNS = 2048
"""Row patterns :meth:`Battlefield.squares_in` remembers per battlefield (emptied when full).
The keys are a row and any subset of its squares: 2**16 per row of a 16-square board, so
unbounded they kept growing over thousands of games (2,400 after 60 random games on the
Manufactorum, and climbing); a miss only builds one row's tuple of squares. Over games 100
to 300 of ``benchmarks/memory.py``: 71 % hits at 2,048 (83 % at 4,096, 88 % unbounded),
0.6 rows asked per decision; 2,048 (some 220 bytes each) are full by game 100 (issue 13)."""

SPAN = 1 << 16
"""The codes of the squares (:attr:`Battlefield._codes`) count rows in steps of ``SPAN``:
any column offset of a battlefield narrower than half of it keeps offsets apart."""

BOXES = 8192
"""Squares and distances :meth:`Battlefield.box` remembers per battlefield (a shipped board asks
for a few distances of its squares; a huge user board cannot grow it without end)."""


@attrs.frozen(eq=False)
class Battlefield:
    """The grid, its terrain, and each side's HQ area and command post."""

    width: int
    height: int
    grid: AreaMap
    terrain: Mapping[str, Terrain]
    hq: Mapping[str, frozenset[str]]
    """Each side's HQ area (HMC-GAP-25)."""
    command_posts: Mapping[str, str]
    """Each side's command post, a square of its HQ area (HMC-ORDERS-02)."""
    _coords: dict[str, tuple[int, int]] = attrs.field(repr=False)
    _at: dict[tuple[int, int], str] = attrs.field(repr=False)
    _hq_distance: dict[str, dict[str, int]] = attrs.field(repr=False)
    _lines: dict[tuple[int, int], tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = (
        attrs.field(factory=dict, repr=False)
    )
    _pairs: dict[tuple[str, str], tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = (
        attrs.field(factory=dict, repr=False)
    )
    steps: dict[str, tuple[str, ...]] = attrs.field(init=False, repr=False)
    """Square -> its neighbours (the hot paths' copy of the grid's)."""
    costs: dict[bool, dict[str, int]] = attrs.field(init=False, repr=False)
    """With an Engineer or not -> square -> the movement it costs to enter (:meth:`cost`)."""
    number: dict[str, int] = attrs.field(init=False, repr=False)
    """Square -> its place in :attr:`squares` (lines of sight are offsets of numbers)."""
    bit: dict[str, int] = attrs.field(init=False, repr=False)
    """Square -> its bit in a *square mask*: an integer whose bit ``n`` stands for the square
    numbered ``n`` (the movement search and lines of sight work on masks)."""
    everywhere: int = attrs.field(init=False, repr=False)
    """The mask of every square."""
    around: dict[str, int] = attrs.field(init=False, repr=False)
    """Square -> the mask of its neighbours."""
    cheap_mask: dict[bool, int] = attrs.field(init=False, repr=False)
    """With an Engineer or not -> the mask of the squares that cost one square of movement to
    enter (the others cost two)."""
    impassable_mask: int = attrs.field(init=False, repr=False)
    """The mask of the squares no unit may enter."""
    sight_blocker_mask: int = attrs.field(init=False, repr=False)
    """The mask of the squares whose terrain blocks lines of sight."""
    hq_rings: dict[str, tuple[int, ...]] = attrs.field(init=False, repr=False)
    """Side -> the masks of the squares ``d`` squares from its HQ area, ``d`` = 0, 1, ..."""
    hq_within: dict[str, tuple[int, ...]] = attrs.field(init=False, repr=False)
    """Side -> the masks of the squares fewer than ``d`` squares from its HQ area, ``d`` = 0,
    1, ... (the squares nearer it than one ``d`` squares away)."""
    hq_by_id: dict[str, tuple[str, ...]] = attrs.field(init=False, repr=False)
    """Side -> the squares of its HQ area, sorted by id (where its hordes come back,
    HMC-ORDERS-12)."""
    edges: tuple[int, int] = attrs.field(init=False, repr=False)
    """The masks of every square but those of the first column, and but the last column."""
    id_columns: tuple[int, ...] | None = attrs.field(init=False, repr=False)
    """The masks of the columns, first to last, when the squares sorted by id run column by
    column (each column's from its first row: ids ``"CC-RR"``), else ``None``
    (:meth:`nth_by_id`)."""
    _row_squares: dict[tuple[int, int], tuple[str, ...]] = attrs.field(
        init=False, factory=dict, repr=False
    )
    _codes: dict[str, int] = attrs.field(init=False, repr=False)
    """Square -> its column plus its row times :data:`SPAN`: the difference of two squares'
    codes names the offset ``(dc, dr)`` between them, one integer (:meth:`in_sight_of`)."""
    _line_masks: dict[int, tuple[int, int, tuple[int, ...]]] = attrs.field(
        init=False, factory=dict, repr=False
    )
    _boxes: dict[tuple[str, int], int] = attrs.field(init=False, factory=dict, repr=False)
    """(square, distance) -> :meth:`box` (a few distances are asked: the Full Moves plus one)."""

    def __attrs_post_init__(self) -> None:
        if self.width >= SPAN // 2:
            raise ValueError(f"a battlefield is at most {SPAN // 2 - 1} squares wide")
        grid = self.grid
        ids = grid.ids
        set_ = object.__setattr__
        set_(self, "steps", {a: grid.neighbours(a) for a in ids})
        costs = {e: {a: self.cost(a, e) for a in ids} for e in (False, True)}
        set_(self, "costs", costs)
        set_(self, "number", {a: i for i, a in enumerate(ids)})
        set_(self, "_codes", {a: c + r * SPAN for a, (c, r) in self._coords.items()})
        set_(self, "bit", {a: 1 << i for i, a in enumerate(ids)})
        bit = self.bit
        set_(self, "everywhere", (1 << len(ids)) - 1)
        set_(self, "around", {a: self.mask_of(grid.neighbours(a)) for a in ids})
        cheap = {e: self.mask_of(a for a in ids if costs[e][a] == 1) for e in (False, True)}
        set_(self, "cheap_mask", cheap)
        set_(self, "impassable_mask", self.mask_of(a for a in ids if not self.passable(a)))
        set_(self, "sight_blocker_mask", self.mask_of(a for a in ids if self.blocks_sight(a)))
        first = self.mask_of(a for a in ids if self._coords[a][0] == 1)
        last = self.mask_of(a for a in ids if self._coords[a][0] == self.width)
        set_(self, "edges", (self.everywhere & ~first, self.everywhere & ~last))
        by_column = sorted(ids, key=lambda a: self._coords[a])
        columns = [
            self.mask_of(a for a in ids if self._coords[a][0] == c)
            for c in range(1, self.width + 1)
        ]
        set_(self, "id_columns", tuple(columns) if sorted(ids) == by_column else None)
        rings: dict[str, list[int]] = {}
        for side, distances in self._hq_distance.items():
            found = rings[side] = [0] * (max(distances.values(), default=0) + 1)
            for a, d in distances.items():
                found[d] |= bit[a]
        set_(self, "hq_rings", {side: tuple(masks) for side, masks in rings.items()})
        within: dict[str, tuple[int, ...]] = {}
        for side, masks in rings.items():
            nearer = [0]
            for mask in masks:
                nearer.append(nearer[-1] | mask)
            within[side] = tuple(nearer)
        set_(self, "hq_within", within)
        set_(self, "hq_by_id", {side: tuple(sorted(squares)) for side, squares in self.hq.items()})

    @classmethod
    def build(
        cls,
        width: int,
        height: int,
        terrain: Mapping[str, str],
        hq: Mapping[str, tuple[str, ...] | frozenset[str]],
        command_posts: Mapping[str, str],
    ) -> Battlefield:
        """A ``width`` x ``height`` battlefield; ``terrain`` maps squares to terrain names
        (the rest is open), ``hq`` each side to its HQ squares."""
        kinds = {grid_coords(sq): name for sq, name in terrain.items()}
        grid = square_grid(width, height, diagonal=True, terrain=kinds)
        coords = {a: grid_coords(a) for a in grid.ids}
        at = {c: a for a, c in coords.items()}
        hq_sets = {side: frozenset(squares) for side, squares in hq.items()}
        return cls(
            width=width,
            height=height,
            grid=grid,
            terrain={a: TERRAIN[name] for a, name in terrain.items()},
            hq=hq_sets,
            command_posts=dict(command_posts),
            coords=coords,
            at=at,
            hq_distance={side: _distances(coords, hq_sets[side]) for side in hq_sets},
        )

    # -- squares --------------------------------------------------------------------------------

    @property
    def squares(self) -> tuple[str, ...]:
        """Every square, row by row."""
        return self.grid.ids

    def __contains__(self, square: object) -> bool:
        return square in self._coords

    def coords(self, square: str) -> tuple[int, int]:
        return self._coords[square]

    def square(self, col: int, row: int) -> str | None:
        """The square at ``(col, row)``, or ``None`` off the board."""
        return self._at.get((col, row))

    def kind(self, square: str) -> Terrain:
        return self.terrain.get(square, OPEN)

    def neighbours(self, square: str) -> tuple[str, ...]:
        """The (up to eight) adjacent squares (HMC-GAP-16)."""
        return self.grid.neighbours(square)

    def distance(self, a: str, b: str) -> int:
        """Squares between ``a`` and ``b`` (Chebyshev: diagonal steps count one)."""
        (ca, ra), (cb, rb) = self._coords[a], self._coords[b]
        return max(abs(ca - cb), abs(ra - rb))

    def adjacent(self, a: str, b: str) -> bool:
        """Sharing a side or a corner (HMC-COMBAT-01, HMC-GAP-16)."""
        return a != b and self.distance(a, b) == 1

    def cover(self, square: str) -> bool:
        return self.kind(square).cover

    def passable(self, square: str) -> bool:
        return not self.kind(square).impassable

    def cost(self, square: str, engineer: bool) -> int:
        """Movement spent entering ``square``: 2 in difficult terrain, 1 with an Engineer
        (HMC-SPECIALIST-05), else 1."""
        return 2 if self.kind(square).difficult and not engineer else 1

    # -- HQ ---------------------------------------------------------------------------------------

    def in_hq(self, side: str, square: str) -> bool:
        return square in self.hq[side]

    def hq_distance(self, side: str, square: str) -> int:
        """Squares from ``square`` to the nearest square of ``side``'s HQ area."""
        return self._hq_distance[side][square]

    # -- sight ----------------------------------------------------------------------------------

    def line(self, a: str, b: str) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
        """The squares a line of sight from ``a`` to ``b`` enters, and the corner pairs it
        slips between (:class:`~wargames.horde.sight.Sightline`)."""
        ids, start = self.squares, self.number[a]
        entered, corners = self._offsets(a, b)
        return (
            tuple(ids[start + d] for d in entered),
            tuple((ids[start + p], ids[start + q]) for p, q in corners),
        )

    def _offsets(self, a: str, b: str) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        key = (a, b)
        found = self._pairs.get(key)
        if found is None:
            (ca, ra), (cb, rb) = self._coords[a], self._coords[b]
            found = self._pairs[key] = self.line_offsets(cb - ca, rb - ra)
        return found

    def line_offsets(self, dc: int, dr: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        """The line to a square ``(dc, dr)`` away as offsets of square numbers (a line between
        two squares of the board never leaves it, so the offsets hold anywhere); cached."""
        key = (dc, dr)
        found = self._lines.get(key)
        if found is None:
            w = self.width
            line = Sightline.of(dc, dr)
            found = self._lines[key] = (
                tuple(x + y * w for x, y in line.entered),
                tuple((p[0] + p[1] * w, q[0] + q[1] * w) for p, q in line.corners),
            )
        return found

    def clear(self, a: str, b: str, blocks: Callable[[str], bool]) -> bool:
        """Whether the line of sight from ``a`` to ``b`` is clear: no square it enters
        between them blocks, and no corner pair it slips between blocks on both sides."""
        entered, corners = self.line(a, b)
        if any(blocks(square) for square in entered):
            return False
        return all(not (blocks(p) and blocks(q)) for p, q in corners)

    def clear_of(self, a: str, b: str, blockers: int) -> bool:
        """:meth:`clear` with the blocking squares given as a square mask (the hot path)."""
        return bool(self.in_sight_of(a, ((True, b),), blockers))

    def in_sight_of(self, a: str, targets: Iterable[tuple[T, str]], blockers: int) -> list[T]:
        """The ``(what, square)`` of ``targets`` whose squares have a clear line of sight from
        ``a`` (:meth:`clear`, with the blocking squares as a mask), by ``what``: the line to a
        square ``(dc, dr)`` away is the same from every square (:meth:`_line_mask`, made once
        per offset), so the blocking squares are shifted to ``a``'s line instead of the line
        to them. No line is kept per pair of squares: there are tens of thousands of pairs
        (36,864 on the 192-square Manufactorum), and a cache of them, some 160 bytes a line,
        grew for thousands of games (issue 13: 5 MB of the horde's growth after its first
        100 games) and saved little (84 % hits unbounded, 1.6 lines asked per decision)."""
        codes, masks = self._codes, self._line_masks
        here = codes[a]
        base = self.number[a]
        out = []
        for what, b in targets:
            found = masks.get(codes[b] - here)  # by the offset (dc, dr) from a to b
            if found is None:
                (ca, ra), (cb, rb) = self._coords[a], self._coords[b]
                found = self._line_mask(cb - ca, rb - ra)
            low, line, pairs = found
            seen = blockers >> (base + low)
            if line & seen:
                continue
            for pair in pairs:
                if pair & seen == pair:
                    break  # blocked on both sides of a corner it slips between
            else:
                out.append(what)
        return out

    def _line_mask(self, dc: int, dr: int) -> tuple[int, int, tuple[int, ...]]:
        """The squares a line to a square ``(dc, dr)`` away enters, and its corner pairs, as
        masks shifted by the lowest offset ``low`` (a line's mask from any square is its
        shift by the square's number plus ``low``); cached. Lines are symmetric: the line is
        traced once for its reflections and its transposes (the same squares mirrored)."""
        key = dc + dr * SPAN  # the difference of the squares' codes
        found = self._line_masks.get(key)
        if found is None:
            entered, corners = self._mirrored(dc, dr)
            low = min([0, *entered, *(d for pair in corners for d in pair)])
            line = 0
            for d in entered:
                line |= 1 << (d - low)
            pairs = tuple([(1 << (p - low)) | (1 << (q - low)) for p, q in corners])
            found = self._line_masks[key] = (low, line, pairs)
        return found

    def _mirrored(self, dc: int, dr: int) -> tuple[list[int], list[tuple[int, int]]]:
        """:meth:`line_offsets`' squares (not their order) from the traced line to ``(|dc|,
        |dr|)`` or its transpose, whichever runs farther across."""
        across, down = abs(dc), abs(dr)
        flip = across < down
        line = Sightline.of(down, across) if flip else Sightline.of(across, down)
        sc, sr, w = (1 if dc >= 0 else -1), (1 if dr >= 0 else -1), self.width

        def number(x: int, y: int) -> int:
            if flip:
                x, y = y, x
            return sc * x + sr * y * w

        entered = [number(x, y) for x, y in line.entered]
        corners = [(number(*p), number(*q)) for p, q in line.corners]
        return entered, corners

    # -- square masks ---------------------------------------------------------------------------

    def mask_of(self, squares: Iterable[str]) -> int:
        """The square mask of ``squares``."""
        bit = self.bit
        out = 0
        for square in squares:
            out |= bit[square]
        return out

    def squares_in(self, mask: int) -> list[str]:
        """The squares of a square mask, in square-number order (row by row): a row's bits
        at a time, each row pattern's squares looked up once made."""
        width, rows = self.width, self._row_squares
        row_bits = (1 << width) - 1
        out: list[str] = []
        row = 0
        while mask:
            pattern = mask & row_bits
            if pattern:
                key = (row, pattern)
                found = rows.get(key)
                if found is None:
                    if len(rows) >= ROW_PATTERNS:
                        rows.clear()
                    ids = self.squares[row * width : (row + 1) * width]
                    found = rows[key] = tuple([a for i, a in enumerate(ids) if pattern >> i & 1])
                out += found
            mask >>= width
            row += 1
        return out

    def nth_by_id(self, mask: int, n: int) -> str | None:
        """The square at index ``n`` of the squares of ``mask`` sorted by id (``None`` when
        the ids do not sort column by column, :attr:`id_columns`), without listing them: the
        columns' counts, then the ``n``-th square of its column, row by row."""
        columns = self.id_columns
        if columns is None or n < 0:
            return None
        for column in columns:
            found = mask & column
            count = found.bit_count()
            if n >= count:
                n -= count
                continue
            for _ in range(n):
                found &= found - 1  # drop the lowest square
            return self.squares[(found & -found).bit_length() - 1]
        return None

    def spread(self, mask: int) -> int:
        """The squares of ``mask`` and every square next to one of them (shifts of the mask:
        a column either way, then a row either way)."""
        not_first, not_last = self.edges
        row = mask | ((mask << 1) & not_first) | ((mask >> 1) & not_last)
        return (row | (row << self.width) | (row >> self.width)) & self.everywhere

    def box(self, square: str, distance: int) -> int:
        """The mask of the squares at most ``distance`` rows and columns from ``square`` (the
        square itself included), made once per square and distance."""
        key = (square, distance)
        found = self._boxes.get(key)
        if found is None:
            found = self.bit[square]
            for _ in range(distance):
                found = self.spread(found)
            if len(self._boxes) < BOXES:
                self._boxes[key] = found
        return found

    def blocks_sight(self, square: str) -> bool:
        return self.kind(square).blocks_sight

    def to_json(self) -> dict[str, Any]:
        """The battlefield as scenario-like data (for documentation and tests)."""
        return {
            "width": self.width,
            "height": self.height,
            "terrain": {a: t.name for a, t in sorted(self.terrain.items())},
            "hq": {side: sorted(squares) for side, squares in self.hq.items()},
            "command_posts": dict(self.command_posts),
        }


def _distances(coords: Mapping[str, tuple[int, int]], targets: frozenset[str]) -> dict[str, int]:
    """Chebyshev distance from every square to the nearest of ``targets``."""
    points = [coords[t] for t in targets]
    return {
        a: min((max(abs(c - tc), abs(r - tr)) for tc, tr in points), default=0)
        for a, (c, r) in coords.items()
    }


def rectangle(corner: str, other: str) -> tuple[str, ...]:
    """The squares of the rectangle with corners ``corner`` and ``other`` (``"01-01"``,
    ``"02-12"``), row by row."""
    (c1, r1), (c2, r2) = grid_coords(corner), grid_coords(other)
    return tuple(
        grid_id(c, r)
        for r in range(min(r1, r2), max(r1, r2) + 1)
        for c in range(min(c1, c2), max(c1, c2) + 1)
    )


__all__ = ["Battlefield", "rectangle"]
