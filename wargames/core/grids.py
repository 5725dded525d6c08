"""Hex and square grids, built as the same :class:`~wargames.core.areas.AreaMap` as area maps.

Every cell is an :class:`~wargames.core.areas.Area` whose id names its column and row, 1-based,
``"CC-RR"`` (``"03-05"`` is column 3 of row 5; numbers grow past two digits on big grids). So
movement reach, supply tracing, stacking and retreat serve grids and area maps alike, and
:func:`grid_coords` reads an id back.

**Square grids** (:func:`square_grid`) join orthogonal neighbours, and diagonal ones with
``diagonal=True``; :func:`square_distance` is then the Chebyshev distance, else the Manhattan one.

**Hex grids** (:func:`hex_grid`) are Commands & Colors boards: pointy-topped hexes in horizontal
rows that alternate a long row and a short row (13 and 12 hexes; 26 and 25 on the double-width
board), the short rows set half a hex to the right, first and last rows long on a 9-row board.
:func:`hex_coords` gives a hex's axial coordinates ``(q, r)`` (the cube coordinates are
``(q, r, -q - r)``); ``Area.pos`` is its centre for drawing, in units of one hex width with y
growing downwards. :func:`hex_distance`, :func:`ring` and :func:`line` work in those coordinates;
:func:`hex_doubled_x` gives the "doubled" column (twice the place in the row, plus one in a
short row) that board sections are drawn in, and :func:`hex_row_neighbours` the neighbours in
the row above or below (the rear hexes of a retreat toward one edge);
:func:`line` reports the hexes a line of sight enters and the pairs of hexes it only grazes
along their common edge (in Commands & Colors such a pair blocks only if *both* hexes block),
and whether it leaves the board (then it is blocked).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import cache

import attrs

from wargames.core.areas import Area, AreaMap, Border

Coord = tuple[int, int]
"""A cell's ``(column, row)``, both 1-based, as in its id."""

HEX_DIRECTIONS: tuple[Coord, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six axial steps ``(dq, dr)``, counter-clockwise from east."""

_ROW_HEIGHT = math.sqrt(3) / 2


def grid_id(col: int, row: int) -> str:
    """The id of column ``col`` in row ``row`` (both from 1): ``grid_id(3, 5) == "03-05"``."""
    if col < 1 or row < 1:
        raise ValueError(f"grid columns and rows start at 1, got ({col}, {row})")
    return f"{col:02d}-{row:02d}"


def grid_coords(area_id: str) -> Coord:
    """``(column, row)`` of a cell id: ``grid_coords("03-05") == (3, 5)``."""
    col, sep, row = area_id.partition("-")
    if not (sep and col.isdigit() and row.isdigit()):
        raise ValueError(f"{area_id!r} is not a grid cell id like '03-05'")
    return int(col), int(row)


def _extras(
    coord: Coord,
    terrain: Mapping[Coord, str] | None,
    tags: Mapping[Coord, Iterable[str]] | None,
) -> tuple[str, frozenset[str]]:
    return (terrain or {}).get(coord, "open"), frozenset((tags or {}).get(coord, ()))


def _check_keys(cells: set[Coord], *tables: Mapping[Coord, object] | None) -> None:
    for table in tables:
        for coord in table or {}:
            if coord not in cells:
                raise ValueError(f"cell {coord} is not on the grid")


# -- square grids -----------------------------------------------------------------------------


def square_grid(
    width: int,
    height: int,
    diagonal: bool = False,
    terrain: Mapping[Coord, str] | None = None,
    tags: Mapping[Coord, Iterable[str]] | None = None,
) -> AreaMap:
    """A ``width`` x ``height`` grid of squares; ``terrain`` and ``tags`` by ``(col, row)``.

    Squares sharing a side border each other, and with ``diagonal`` also squares sharing a corner.
    ``Area.pos`` is ``(col, row)``.
    """
    if width < 1 or height < 1:
        raise ValueError(f"a grid needs at least one square, got {width}x{height}")
    cells = {(c, r) for c in range(1, width + 1) for r in range(1, height + 1)}
    _check_keys(cells, terrain, tags)
    steps = [(1, 0), (0, 1), *([(1, 1), (1, -1)] if diagonal else [])]
    areas = [
        Area(
            grid_id(c, r), grid_id(c, r), *_extras((c, r), terrain, tags), pos=(float(c), float(r))
        )
        for c, r in sorted(cells, key=lambda cr: (cr[1], cr[0]))
    ]
    borders = [
        Border(grid_id(c, r), grid_id(c + dc, r + dr))
        for c, r in sorted(cells)
        for dc, dr in steps
        if (c + dc, r + dr) in cells
    ]
    return AreaMap(areas, borders)


def square_distance(a: str, b: str, diagonal: bool = False) -> int:
    """Squares between two cells: Chebyshev with ``diagonal`` moves, else Manhattan."""
    (ca, ra), (cb, rb) = grid_coords(a), grid_coords(b)
    dc, dr = abs(ca - cb), abs(ra - rb)
    return max(dc, dr) if diagonal else dc + dr


# -- hex grids --------------------------------------------------------------------------------


def hex_grid(
    rows: int = 9,
    long_row: int = 13,
    short_row: int = 12,
    terrain: Mapping[Coord, str] | None = None,
    tags: Mapping[Coord, Iterable[str]] | None = None,
) -> AreaMap:
    """A Commands & Colors board: ``rows`` rows alternating ``long_row`` and ``short_row`` hexes.

    Row 1 is long; the short rows sit half a hex to the right. ``hex_grid()`` is the standard
    13x9 board (113 hexes), ``hex_grid(9, 26, 25)`` the double-width one. ``terrain`` and
    ``tags`` are keyed by ``(col, row)``, 1-based, as in the ids.
    """
    if rows < 1 or not 1 <= short_row <= long_row:
        raise ValueError(f"bad hex board: {rows} rows of {long_row} and {short_row} hexes")
    cells = {
        (c, r) for r in range(1, rows + 1) for c in range(1, (long_row if r % 2 else short_row) + 1)
    }
    _check_keys(cells, terrain, tags)
    areas, borders = [], []
    for c, r in sorted(cells, key=lambda cr: (cr[1], cr[0])):
        here = grid_id(c, r)
        q, ar = hex_coords(here)
        centre = (q + ar / 2, ar * _ROW_HEIGHT)
        areas.append(Area(here, here, *_extras((c, r), terrain, tags), pos=centre))
        for dq, dr in HEX_DIRECTIONS[:3]:  # east, north-east, north-west: each border once
            there = _offset(q + dq, ar + dr)
            if there in cells:
                borders.append(Border(here, grid_id(*there)))
    return AreaMap(areas, borders)


def hex_coords(area_id: str) -> Coord:
    """Axial coordinates ``(q, r)`` of a hex id (``r`` is the row from 0)."""
    col, row = grid_coords(area_id)
    r = row - 1
    return col - 1 - r // 2, r


def _offset(q: int, r: int) -> Coord:
    return q + r // 2 + 1, r + 1


def hex_id(q: int, r: int) -> str:
    """The id of the hex at axial ``(q, r)`` (``ValueError`` if left of or above the board)."""
    return grid_id(*_offset(q, r))


def hex_doubled_x(area_id: str) -> int:
    """The hex's doubled column: ``2 * (column - 1)`` in a long row, one more in a short row.

    Every hex is then as far right as its ``x`` says, in half hexes from the left edge:
    ``"01-01"`` is 0, ``"01-02"`` is 1, ``"13-09"`` is 24 on the 13x9 board. Adjacent hexes of
    one row differ by 2, the neighbours in the next row by 1.
    """
    col, row = grid_coords(area_id)
    return 2 * (col - 1) + (row - 1) % 2


_ROW_STEPS: dict[int, tuple[Coord, Coord]] = {1: ((-1, 1), (0, 1)), -1: ((0, -1), (1, -1))}


def hex_row_neighbours(board: AreaMap, area: str, step: int) -> tuple[str, ...]:
    """The hexes of ``board`` adjacent to ``area`` in the next row down (``step=1``) or up
    (``step=-1``), left one first: two inside the board, one at the end of a long row, none
    past the first or last row."""
    if step not in _ROW_STEPS:
        raise ValueError(f"step must be 1 (the row below) or -1 (the row above), got {step}")
    q, r = hex_coords(area)
    found = []
    for dq, dr in _ROW_STEPS[step]:
        cell = _offset(q + dq, r + dr)
        if cell[0] >= 1 and cell[1] >= 1 and grid_id(*cell) in board:
            found.append(grid_id(*cell))
    return tuple(found)


def _cube_distance(a: Coord, b: Coord) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_distance(a: str, b: str) -> int:
    """Hexes from ``a`` to ``b`` (adjacent hexes are 1 apart)."""
    return _cube_distance(hex_coords(a), hex_coords(b))


def ring(board: AreaMap, center: str, radius: int) -> tuple[str, ...]:
    """The hexes of ``board`` exactly ``radius`` from ``center``, walking counter-clockwise (as
    drawn) from the south-west corner of the ring; ``(center,)`` for radius 0."""
    if radius < 0:
        raise ValueError("a ring's radius cannot be negative")
    q, r = hex_coords(center)
    if radius == 0:
        return (center,) if center in board else ()
    # Start ``radius`` steps to the south-west, so the first side of the ring runs east.
    q, r = q + HEX_DIRECTIONS[4][0] * radius, r + HEX_DIRECTIONS[4][1] * radius
    found: list[str] = []
    for dq, dr in HEX_DIRECTIONS:
        for _ in range(radius):
            cell = _offset(q, r)
            if cell[0] >= 1 and cell[1] >= 1 and grid_id(*cell) in board:
                found.append(grid_id(*cell))
            q, r = q + dq, r + dr
    return tuple(found)


@attrs.frozen
class HexLine:
    """The hexes a straight line from centre to centre passes, in order from ``a`` to ``b``.

    Each step is one hex whose inside the line crosses (a clipped corner counts), or a pair of
    hexes whose common edge the line runs along (it grazes both). A grazed pair with one hex
    off the board is left out: the line runs along the board's edge there, and a pair blocks
    only when both its hexes block.
    """

    steps: tuple[tuple[str, ...], ...]
    leaves_board: bool = False
    """Whether the line enters a hex that is not on the board, or runs along the edge between
    two such hexes (never between two hexes of a whole rectangular grid; possible on a board
    with holes). Such a line is blocked. A line along the edge between a hex of the board and
    one off it stays on the board: the off-board side never blocks."""

    @property
    def hexes(self) -> tuple[str, ...]:
        """The hexes the line enters, endpoints included, in order."""
        return tuple(s[0] for s in self.steps if len(s) == 1)

    @property
    def grazed(self) -> tuple[tuple[str, str], ...]:
        """The pairs of hexes the line runs between along their common edge."""
        return tuple((s[0], s[1]) for s in self.steps if len(s) == 2)

    def blocked(self, blocks: Callable[[str], bool]) -> bool:
        """Whether the line is blocked: an entered hex between the ends blocks, or both hexes
        of a grazed pair block, or the line leaves the board. The two end hexes never block."""
        if self.leaves_board:
            return True
        inner = self.steps[1:-1]
        return any(all(blocks(h) for h in step) for step in inner)


def _span(q: int, r: int, dq: int, dr: int) -> tuple[Fraction, Fraction, bool] | None:
    """Where the segment from hex (0, 0) to (dq, dr) meets the hex at (q, r): the parameter
    interval ``lo < hi`` and whether it only runs along an edge (``None``: no common length).

    In cube coordinates a hex is ``|x - y| <= 1`` for the three differences of its coordinates
    (taken from its centre); each is linear along the segment, so this is exact arithmetic.
    """
    lo, hi, edge = Fraction(0), Fraction(1), False
    s, ds = -q - r, -dq - dr
    for c, d in ((q - r, dq - dr), (r - s, dr - ds), (s - q, ds - dq)):
        if d == 0:
            if abs(c) > 1:
                return None
            edge = edge or abs(c) == 1
            continue
        t1, t2 = sorted((Fraction(c - 1, d), Fraction(c + 1, d)))
        lo, hi = max(lo, t1), min(hi, t2)
    return (lo, hi, edge) if lo < hi else None


@cache
def _line_offsets(dq: int, dr: int) -> tuple[tuple[Coord, ...], ...]:
    """The steps of the line from axial (0, 0) to (dq, dr) (lines are translation invariant)."""
    entered: list[tuple[Fraction, tuple[Coord, ...]]] = []
    runs: dict[tuple[Fraction, Fraction], list[Coord]] = {}
    for q in range(min(0, dq), max(0, dq) + 1):
        for r in range(min(0, dr), max(0, dr) + 1):
            span = _span(q, r, dq, dr)
            if span is None:
                continue
            lo, hi, edge = span
            if edge:
                runs.setdefault((lo, hi), []).append((q, r))
            else:
                entered.append((lo, ((q, r),)))
    steps = entered + [(lo, tuple(pair)) for (lo, _), pair in runs.items()]
    return tuple(step for _, step in sorted(steps))


def line(board: AreaMap, a: str, b: str) -> HexLine:
    """The hexes of ``board`` on the straight line from the centre of ``a`` to that of ``b``.

    Exact: every hex whose inside the line crosses, however little, is entered; where the line
    runs exactly along the edge between two hexes they are reported as a grazed pair. (The
    usual cube-lerp sampling misses hexes whose corner the line clips, and cannot tell a line
    along an edge from one crossing an edge at its midpoint, so it is not used.)
    """
    for end in (a, b):
        if end not in board:
            raise KeyError(f"hex {end!r} is not on the board")
    (qa, ra), (qb, rb) = hex_coords(a), hex_coords(b)
    steps: list[tuple[str, ...]] = []
    leaves = False
    for step in _line_offsets(qb - qa, rb - ra):
        cells = [_offset(qa + q, ra + r) for q, r in step]
        ids = sorted([grid_id(*c) for c in cells if c[0] >= 1 and c[1] >= 1])
        on = [h for h in ids if h in board]
        if len(on) == len(cells):
            steps.append(tuple(on))
        elif not on:
            leaves = True  # through a hex off the board, or between two of them
    return HexLine(tuple(steps), leaves)


__all__ = [
    "HEX_DIRECTIONS",
    "HexLine",
    "grid_coords",
    "grid_id",
    "hex_coords",
    "hex_distance",
    "hex_doubled_x",
    "hex_grid",
    "hex_id",
    "hex_row_neighbours",
    "line",
    "ring",
    "square_distance",
    "square_grid",
]
