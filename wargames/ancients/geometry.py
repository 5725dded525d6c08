"""The battlefield's geometry, precomputed for the engine's hot paths.

:class:`~wargames.ancients.board.Board` answers every question the rules ask of the ground;
:class:`Geometry` keeps the answers the engine asks thousands of times a game in plain
dictionaries: each hex's neighbours and terrain, its rear hexes for each seat
(CCB-BOARD-10), the distance between two hexes (CCB-RANGED-03), the hexside terrain between
two neighbours (a rampart), and the lines of sight it has already drawn (CCB-LOS-01 to -06).
The board stays the source of truth: every table here is read off it once.
"""

from __future__ import annotations

from collections.abc import Collection

import attrs

from wargames.ancients.board import SEATS, Board
from wargames.ancients.terrain import TerrainType, may_enter, must_stop
from wargames.ancients.units import UnitType
from wargames.core.bitsets import mask_of, names, nth, spread
from wargames.core.grids import HexLine, hex_coords

Step = tuple[str, bool]
"""A hex a piece may step into, and whether it must stop there."""


@attrs.frozen
class Entry:
    """The hexes a kind of piece may enter when it started its move next to them (``near``) or
    farther (``far``), and those where it must stop (``stops``); read off them, per hex, the
    steps a piece of that kind may take out of it: ``first`` out of the hex it starts from,
    ``onward`` out of any other (each neighbour in the board's order)."""

    near: frozenset[str]
    far: frozenset[str]
    stops: frozenset[str]
    first: dict[str, tuple[Step, ...]] = attrs.field(factory=dict, eq=False, repr=False)
    onward: dict[str, tuple[Step, ...]] = attrs.field(factory=dict, eq=False, repr=False)
    first_mask: int = attrs.field(default=0, eq=False, repr=False)
    """The hex mask (:attr:`Geometry.bit`) of ``near | far``: where a first step may go."""
    onward_mask: int = attrs.field(default=0, eq=False, repr=False)
    """The hex mask of ``far``: where any later step may go."""
    stops_mask: int = attrs.field(default=0, eq=False, repr=False)
    """The hex mask of ``stops``."""

    @classmethod
    def of(
        cls,
        neighbours: dict[str, tuple[str, ...]],
        near: frozenset[str],
        far: frozenset[str],
        stops: frozenset[str],
        bit: dict[str, int],
    ) -> Entry:
        """The entry with its steps out of every hex of ``neighbours``, and its masks (``bit``:
        :attr:`Geometry.bit`)."""

        def steps(here: str, enters: Collection[str]) -> tuple[Step, ...]:
            return tuple((h, h in stops) for h in neighbours[here] if h in enters)

        return cls(
            near,
            far,
            stops,
            first={h: steps(h, far | near) for h in neighbours},
            onward={h: steps(h, far) for h in neighbours},
            first_mask=mask_of(bit, far | near),
            onward_mask=mask_of(bit, far),
            stops_mask=mask_of(bit, stops),
        )


class Geometry:
    """Lookups of one :class:`~wargames.ancients.board.Board` (see the module docstring)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.ids = board.ids
        self.neighbours: dict[str, tuple[str, ...]] = {h: board.neighbours(h) for h in board.ids}
        self.adjacent: dict[str, frozenset[str]] = {
            h: frozenset(n) for h, n in self.neighbours.items()
        }
        self.terrain: dict[str, TerrainType] = {h: board.terrain(h) for h in board.ids}
        self.rear: dict[str, dict[str, tuple[str, ...]]] = {
            seat: {h: board.rear(h, seat) for h in board.ids} for seat in SEATS
        }
        self.baseline: dict[str, frozenset[str]] = {
            seat: frozenset(board.baseline(seat)) for seat in SEATS
        }
        self.sections: dict[str, dict[str, frozenset[str]]] = {
            seat: {h: board.sections_of(h, seat) for h in board.ids} for seat in SEATS
        }
        self._coords = {h: hex_coords(h) for h in board.ids}
        self._hexsides: dict[tuple[str, str], tuple[TerrainType, ...]] = {}
        for a in board.ids:
            for b in self.neighbours[a]:
                sides = board.hexside(a, b)
                if sides:
                    self._hexsides[(a, b)] = sides
        self._ids = {h: h for h in board.ids}  # each hex id's one string
        self.hexes: tuple[str, ...] = tuple(sorted(self._ids))
        """The hexes in id order: bit ``i`` of a hex mask is ``hexes[i]``."""
        self.bit: dict[str, int] = {h: 1 << i for i, h in enumerate(self.hexes)}
        """Hex -> its bit in a hex mask (bits in id order: a mask's hexes come out sorted)."""
        self.around: dict[str, int] = {h: mask_of(self.bit, self.neighbours[h]) for h in board.ids}
        """Hex -> the mask of its neighbours."""
        self._around: tuple[int, ...] = tuple(self.around[h] for h in self.hexes)
        self._sight: dict[str, dict[str, tuple[tuple[str, ...], ...] | None]] = {}
        self._fire_crosses: dict[tuple[str, str], bool] = {}
        self._entry: dict[str, Entry] = {}
        self._bands: dict[tuple[str, int], frozenset[str]] = {}
        self._band_masks: dict[tuple[str, int], int] = {}
        self._sight_masks: dict[str, dict[str, tuple[int, ...] | None]] = {}
        self._away: dict[str, tuple[int, ...]] = {}

    def entry(self, kind: UnitType | None) -> Entry:
        """Where a unit of ``kind`` (``None``: a lone leader) may go, from the terrain alone
        (:func:`~wargames.ancients.terrain.may_enter`,
        :func:`~wargames.ancients.terrain.must_stop`)."""
        key = "leader" if kind is None else kind.code
        found = self._entry.get(key)
        if found is None:
            found = self._entry[key] = Entry.of(
                self.neighbours,
                near=frozenset(h for h, t in self.terrain.items() if may_enter(t, kind, True)),
                far=frozenset(h for h, t in self.terrain.items() if may_enter(t, kind, False)),
                stops=frozenset(h for h, t in self.terrain.items() if must_stop(t, kind)),
                bit=self.bit,
            )
        return found

    def spread(self, mask: int) -> int:
        """The mask of the hexes next to any hex of ``mask``."""
        return spread(mask, self._around)

    def nth_hex(self, mask: int, n: int) -> str:
        """The ``n``-th hex of ``mask`` in id order (``hexes_in(mask)[n]``, without the others
        after it); ``mask`` has more than ``n``."""
        return self.hexes[nth(mask, n)]

    def hexes_in(self, mask: int) -> list[str]:
        """The hexes of ``mask``, in id order."""
        return names(mask, self.hexes)

    @classmethod
    def of(cls, board: Board) -> Geometry:
        return cls(board)

    def distance(self, a: str, b: str) -> int:
        """Hexes from ``a`` to ``b``, counting ``b`` and not ``a`` (CCB-RANGED-03)."""
        (qa, ra), (qb, rb) = self._coords[a], self._coords[b]
        dq, dr = qa - qb, ra - rb
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def fire_band(self, hex_id: str, reach: int) -> frozenset[str]:
        """The hexes a unit in ``hex_id`` with a range of ``reach`` may fire at, counting
        distance alone: from 2 (never an adjacent one) to ``reach`` hexes away (CCB-RANGED-03,
        -07, -08); worked out once per hex and range."""
        key = (hex_id, reach)
        found = self._bands.get(key)
        if found is None:
            away = self._away.get(hex_id)
            if away is None:
                away = self._away[hex_id] = self._distances_from(hex_id)
            found = self._bands[key] = frozenset(
                [h for h, d in zip(self.ids, away, strict=True) if 2 <= d <= reach]
            )
        return found

    def fire_band_mask(self, hex_id: str, reach: int) -> int:
        """:meth:`fire_band` as a hex mask (:attr:`bit`), worked out once per hex and range."""
        key = (hex_id, reach)
        found = self._band_masks.get(key)
        if found is None:
            found = self._band_masks[key] = mask_of(self.bit, self.fire_band(hex_id, reach))
        return found

    def _distances_from(self, a: str) -> tuple[int, ...]:
        """The :meth:`distance` from ``a`` to every hex, in the board's order (its formula
        written out: a call per hex would cost more than the sum), worked out once per hex for
        all its fire bands."""
        qa, ra = self._coords[a]
        coords = self._coords
        found = []
        for h in self.ids:
            qb, rb = coords[h]
            dq, dr = qa - qb, ra - rb
            found.append((abs(dq) + abs(dr) + abs(dq + dr)) // 2)
        return tuple(found)

    def hexside(self, a: str, b: str) -> tuple[TerrainType, ...]:
        """The hexside terrain between neighbours ``a`` and ``b`` (a rampart), if any."""
        return self._hexsides.get((a, b), ())

    def line(self, a: str, b: str) -> HexLine:
        """The line from the centre of ``a`` to the centre of ``b`` (:meth:`Board.line`), not
        kept: :meth:`sight` keeps what play needs of it, much smaller."""
        return self.board.line(a, b)

    def sees(self, a: str, b: str, occupied: Collection[str]) -> bool:
        """Line of sight from ``a`` to ``b`` with pieces in ``occupied`` (CCB-LOS-01 to -06,
        CCB-TERRAIN-17, -18: :meth:`Board.line_of_sight`): blocked where the terrain blocks
        it, or where every hex of a step between the ends that the terrain leaves open holds a
        piece (:meth:`sight`)."""
        steps = self.sight(a, b)
        return steps is not None and not any(all(h in occupied for h in s) for s in steps)

    def sees_past(self, a: str, b: str, occupied: int) -> bool:
        """:meth:`sees` with the hexes holding a piece as a hex mask (:attr:`bit`): no step of
        the line between the ends has every hex the terrain leaves open occupied."""
        seen = self._sight_masks.get(a)
        if seen is None:
            seen = self._sight_masks[a] = {}
        if b in seen:
            steps = seen[b]
        else:
            found = self.sight(a, b)
            bit = self.bit
            steps = seen[b] = None if found is None else tuple(mask_of(bit, s) for s in found)
        if steps is None:
            return False
        for step in steps:  # noqa: SIM110 - a loop, not a generator, on the hot path
            if step & occupied == step:
                return False
        return True

    def sight(self, a: str, b: str) -> tuple[tuple[str, ...], ...] | None:
        """The steps of the line from ``a`` to ``b`` between its ends (a hex, or the pair
        whose edge it runs along), each cut to its hexes the terrain does not block:
        ``None`` when the terrain alone blocks the line (CCB-LOS-04, -05, CCB-TERRAIN-17,
        -18; :meth:`Board.obstructs` with no piece on the board)."""
        seen = self._sight.get(a)  # kept per hex, then per target: no key tuple per line
        if seen is None:
            seen = self._sight[a] = {}
        if b in seen:
            return seen[b]
        line = self.line(a, b)
        found: tuple[tuple[str, ...], ...] | None = None
        if not line.leaves_board:
            terrain_blocks = self.board.obstructs(a, b, ())
            ids = self._ids  # the board's own id strings, not the line's copies
            steps = [
                tuple([ids[h] for h in step if not terrain_blocks(h)]) for step in line.steps[1:-1]
            ]
            found = None if not all(steps) else tuple(steps)
        seen[b] = found
        return found

    def fire_crosses(self, a: str, b: str) -> bool:
        """Whether fire from ``a`` enters ``b`` across a rampart (CCB-TERRAIN-26)."""
        if not self._hexsides:
            return False
        found = self._fire_crosses.get((a, b))
        if found is None:
            found = self._fire_crosses[(a, b)] = self.board.fire_crosses(a, b)
        return found


__all__ = ["Entry", "Geometry", "Step"]
