"""Battlefields of Commands & Colors: Ancients: hex boards with sections, seats and sight.

A :class:`BoardLayout` (``data/boards.toml``) gives a board's rows and its sections as ranges
of the doubled column (:func:`~wargames.core.grids.hex_doubled_x`), seen from the bottom
player's seat: the standard 13x9 board (rows of 13 and 12, 113 hexes, CCB-BOARD-01 to -03;
left flank x <= 8, center 8 to 16, right flank x >= 16, CCB-BOARD-07, -08), the Epic 26x9 board
(rows of 26 and 25, 230 hexes, CCB-EPIC-01 to -03; flanks at 17 and 33, CCB-GAP-08) and the
'Armageddon' board (the Epic one with each flank split in two, CCA-FLANK-01 to -03). All of it
is data: a corrected map replaces it (CCB-GAP-06 to -08).

A :class:`Board` is a layout with terrain: it holds a :class:`~wargames.core.areas.AreaMap`
built by :func:`~wargames.core.grids.hex_grid` (so the core movement reach, stacking and
retreat code serves it), with each hex's terrain id and each hexside's features (a rampart).
It answers what the rules ask of the ground:

* :meth:`Board.sections_of`, :meth:`Board.hexes_of`: sections named from a player's seat
  (``"bottom"`` or ``"top"``: one's left is the other's right, CCB-BOARD-06, CCA-GAP-14), a
  hex on a dotted line in both (CCB-BOARD-05); :meth:`Board.subsections_of` for the variant's
  six sections;
* :meth:`Board.rear`: a hex's rear hexes for a seat (CCB-BOARD-10), the steps of retreats and
  evades;
* :meth:`Board.range` (CCB-RANGED-03) and :meth:`Board.line_of_sight` (CCB-LOS-01 to -06 with
  the hill rule, CCB-TERRAIN-17, -18), :meth:`Board.fire_crosses` (fire across a rampart);
* :meth:`Board.linked_groups`, :meth:`Board.linked_from`: linked units (CCB-GAP-30).

>>> board = Board.of("standard")
>>> len(board), sorted(board.sections_of("05-01", "bottom"))
(113, ['center', 'left'])
>>> sorted(board.sections_of("05-01", "top"))
['center', 'right']
>>> board.rear("07-05", "bottom"), board.rear("07-05", "top")
(('06-06', '07-06'), ('06-04', '07-04'))
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from functools import cache, lru_cache
from typing import Literal

import attrs

from wargames.ancients.settings import DEFAULT, AncientsSettings
from wargames.ancients.terrain import TerrainTable, TerrainType, terrain_for
from wargames.ancients.units import rule_ids
from wargames.core.areas import AreaMap, Border
from wargames.core.caches import PER_DATA
from wargames.core.grids import (
    HexLine,
    grid_coords,
    hex_distance,
    hex_doubled_x,
    hex_grid,
    hex_row_neighbours,
    line,
)
from wargames.core.scenario import Node, data_reader

Seat = Literal["bottom", "top"]
SEATS: tuple[Seat, ...] = ("bottom", "top")
"""The two players' seats: ``"bottom"`` sits at the last row (his baseline), ``"top"`` at
row 1. Retreats go toward one's own baseline (CCB-RETREAT-08)."""


@attrs.frozen
class Zone:
    """A section (or sub-section) of a layout: the hexes whose doubled column lies from
    ``x_min`` to ``x_max`` (``None``: no bound), named ``name`` by the bottom player and
    ``mirror`` by the top one. A sub-section names its ``flank``."""

    name: str
    mirror: str
    x_min: int | None = None
    x_max: int | None = None
    flank: str | None = None

    def contains(self, x: int) -> bool:
        return (self.x_min is None or x >= self.x_min) and (self.x_max is None or x <= self.x_max)


@attrs.frozen
class BoardLayout:
    """A board's shape and sections (one row of ``data/boards.toml``)."""

    id: str
    name: str
    rows: int
    long_row: int
    short_row: int
    sections: tuple[Zone, ...]
    subsections: tuple[Zone, ...] = ()
    provenance: str = "reconstructed"
    rules: tuple[str, ...] = ()
    note: str = ""

    @property
    def hexes(self) -> int:
        """How many hexes it has (rows alternate long and short, the first long)."""
        longs = (self.rows + 1) // 2
        return longs * self.long_row + (self.rows - longs) * self.short_row

    @property
    def max_x(self) -> int:
        return 2 * (self.long_row - 1)


class Board:
    """A battlefield: a layout, the terrain of its hexes and the features of its hexsides.

    ``terrain`` maps hex ids to terrain ids of ``table`` (clear elsewhere); ``hexsides`` maps
    pairs of adjacent hexes to hexside terrain ids (``"rampart"``). :attr:`map` is the
    :class:`~wargames.core.areas.AreaMap`: each area's ``terrain`` is the terrain id, each
    border's ``features`` its hexside ids.
    """

    def __init__(
        self,
        layout: BoardLayout,
        terrain: Mapping[str, str] | None = None,
        hexsides: Mapping[tuple[str, str], Iterable[str]] | None = None,
        table: TerrainTable | None = None,
    ) -> None:
        self.layout = layout
        self.table = table if table is not None else terrain_for()
        grid = hex_grid(layout.rows, layout.long_row, layout.short_row)
        chosen = dict(terrain or {})
        for hex_id, tid in chosen.items():
            if hex_id not in grid:
                raise ValueError(f"hex {hex_id!r} is not on the {layout.id} board")
            found = self.table.find(tid)
            if found.hexside:
                raise ValueError(f"{found.id} lies on a hexside, not in hex {hex_id}")
            chosen[hex_id] = found.id
        sides: dict[frozenset[str], frozenset[str]] = {}
        for (a, b), features in (hexsides or {}).items():
            if not grid.adjacent(a, b):
                raise ValueError(f"{a} and {b} are not adjacent hexes of the board")
            ids = frozenset(self.table.find(f).id for f in features)
            for f in ids:
                if not self.table[f].hexside:
                    raise ValueError(f"{f} is not a hexside terrain (between {a} and {b})")
            sides[frozenset((a, b))] = sides.get(frozenset((a, b)), frozenset()) | ids
        areas = [attrs.evolve(grid[h], terrain=chosen.get(h, "clear")) for h in grid.ids]
        borders = [
            Border(b.a, b.b, sides.get(frozenset((b.a, b.b)), frozenset()))
            for _, _, b in grid.graph.edges(data="border")
        ]
        self.map = AreaMap(areas, borders)
        self.ids: tuple[str, ...] = self.map.ids
        self._sections = _zones_by_hex(self.ids, layout.sections)
        self._subsections = _zones_by_hex(self.ids, layout.subsections)
        self._hills = self._hill_groups()

    @classmethod
    def of(
        cls,
        layout: str | BoardLayout | None = None,
        terrain: Mapping[str, str] | None = None,
        hexsides: Mapping[tuple[str, str], Iterable[str]] | None = None,
        settings: AncientsSettings = DEFAULT,
    ) -> Board:
        """A board of ``layout`` (an id of ``data/boards.toml``; default: the settings')."""
        if not isinstance(layout, BoardLayout):
            layout = layouts_for(settings)[layout or settings.board]
        return cls(layout, terrain, hexsides, terrain_for(settings))

    def __len__(self) -> int:
        return len(self.ids)

    def __contains__(self, hex_id: object) -> bool:
        return hex_id in self.map

    def __iter__(self) -> Iterator[str]:
        return iter(self.ids)

    # -- terrain ------------------------------------------------------------------------

    def terrain(self, hex_id: str) -> TerrainType:
        """The terrain of a hex."""
        return self.table[self.map[hex_id].terrain]

    def hexside(self, a: str, b: str) -> tuple[TerrainType, ...]:
        """The hexside terrain between two adjacent hexes (a rampart), sorted by id."""
        return tuple(self.table[f] for f in sorted(self.map.features(a, b)))

    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        return self.map.neighbours(hex_id)

    # -- sections -----------------------------------------------------------------------

    def sections_of(self, hex_id: str, seat: Seat) -> frozenset[str]:
        """The sections (left, center, right) a hex belongs to, named from ``seat``: two for
        a hex on a dotted line (CCB-BOARD-04 to -08; the variant's flanks, CCA-FLANK-01,
        -03)."""
        return _named(self._sections[hex_id], seat)

    def subsections_of(self, hex_id: str, seat: Seat) -> frozenset[str]:
        """The variant's sections (two per flank, CCA-FLANK-02, -03) a hex belongs to, named
        from ``seat`` (empty on a board without them)."""
        return _named(self._subsections[hex_id], seat)

    def hexes_of(self, section: str, seat: Seat) -> tuple[str, ...]:
        """The hexes of a section or sub-section as ``seat`` names it, in board order."""
        zones = (*self.layout.sections, *self.layout.subsections)
        wanted = [z for z in zones if (z.name if seat == "bottom" else z.mirror) == section]
        if not wanted:
            raise KeyError(f"no section {section!r} on the {self.layout.id} board")
        zone = wanted[0]
        return tuple(h for h in self.ids if zone.contains(hex_doubled_x(h)))

    def flank_of(self, subsection: str, seat: Seat) -> str:
        """The flank (section) a sub-section lies in, both named from ``seat``."""
        for zone in self.layout.subsections:
            if (zone.name if seat == "bottom" else zone.mirror) == subsection:
                flank = next(z for z in self.layout.sections if z.name == zone.flank)
                return flank.name if seat == "bottom" else flank.mirror
        raise KeyError(f"no sub-section {subsection!r} on the {self.layout.id} board")

    # -- rear, baseline, range -------------------------------------------------------------

    def rear(self, hex_id: str, seat: Seat) -> tuple[str, ...]:
        """The hexes adjacent to ``hex_id`` in the next row toward ``seat``'s baseline: two
        inside, one at the end of a long row, none on the baseline (CCB-BOARD-10)."""
        return hex_row_neighbours(self.map, hex_id, 1 if seat == "bottom" else -1)

    def baseline(self, seat: Seat) -> tuple[str, ...]:
        """The row on ``seat``'s edge of the board (CCB-GEN-01)."""
        row = self.layout.rows if seat == "bottom" else 1
        return tuple(h for h in self.ids if grid_coords(h)[1] == row)

    def range(self, a: str, b: str) -> int:
        """Hexes from ``a`` to ``b``, counting ``b`` but not ``a`` (CCB-RANGED-03)."""
        return hex_distance(a, b)

    # -- line of sight ------------------------------------------------------------------

    def line(self, a: str, b: str) -> HexLine:
        """The hexes the line from centre to centre crosses (CCB-LOS-01)."""
        return line(self.map, a, b)

    def _hill_groups(self) -> dict[str, int]:
        group: dict[str, int] = {}
        for start in self.ids:
            height = self.terrain(start).height
            if not height or start in group:
                continue
            group[start] = len(group)
            label = group[start]
            frontier = deque([start])
            while frontier:
                here = frontier.popleft()
                for nxt in self.neighbours(here):
                    if nxt not in group and self.terrain(nxt).height == height:
                        group[nxt] = label
                        frontier.append(nxt)
        return group

    def obstructs(self, a: str, b: str, occupied: Collection[str]) -> Callable[[str], bool]:
        """Whether a hex between ``a`` and ``b`` blocks their line of sight: a unit or leader
        of either side (``occupied``, CCB-LOS-03), blocking terrain (forest, camp, walls,
        CCB-LOS-04), or a hill hex, unless ``a`` and ``b`` stand on that same hill at its
        height (CCB-TERRAIN-17, -18): from lower ground one sees onto the first hill hex (it
        is an end, never an obstruction), not across it."""
        ends_group = {self._hills.get(a), self._hills.get(b)}

        def blocks(hex_id: str) -> bool:
            if hex_id in occupied:
                return True
            terrain = self.terrain(hex_id)
            if terrain.blocks_los:
                return True
            if terrain.height:
                return not (len(ends_group) == 1 and self._hills.get(hex_id) in ends_group)
            return False

        return blocks

    def line_of_sight(self, a: str, b: str, occupied: Collection[str] = ()) -> bool:
        """Whether a unit in ``a`` sees ``b`` (CCB-LOS-01 to -06): only the hexes between
        block (not the firer's nor the target's, CCB-LOS-02), a line along a hexside is
        blocked only when both hexes obstruct (CCB-LOS-06), a line leaving the board is
        blocked (CCB-LOS-05). ``occupied``: hexes holding any unit or leader."""
        return not self.line(a, b).blocked(self.obstructs(a, b, occupied))

    def fire_crosses(self, a: str, b: str, feature: str = "rampart") -> bool:
        """Whether fire from ``a`` at ``b`` crosses a hexside of ``b`` with ``feature``: the
        line enters ``b`` through that hexside, or through a corner of it (the defender's
        rampart then counts, CCB-TERRAIN-26)."""
        steps = self.line(a, b).steps
        if len(steps) < 2:
            return False
        return any(
            self.map.adjacent(h, b) and feature in self.map.features(h, b) for h in steps[-2]
        )

    # -- linked groups ----------------------------------------------------------------------

    def linked_groups(self, hexes: Iterable[str]) -> tuple[frozenset[str], ...]:
        """``hexes`` split into linked groups: each member adjacent to another member of its
        group (CCB-GAP-30), in board order of their first hex."""
        todo = set(hexes)
        groups = []
        for start in self.ids:
            if start in todo:
                group = self.linked_from(start, todo)
                todo -= group
                groups.append(group)
        if todo:
            raise KeyError(f"not hexes of the board: {sorted(todo)}")
        return tuple(groups)

    def linked_from(self, start: str, hexes: Iterable[str]) -> frozenset[str]:
        """The hexes of ``hexes`` linked to ``start`` hex by hex (``start`` included; the
        chain of a Leadership card starts at the leader's hex, CCB-GAP-30)."""
        members = set(hexes) | {start}
        found = {start}
        frontier = deque([start])
        while frontier:
            here = frontier.popleft()
            for nxt in self.neighbours(here):
                if nxt in members and nxt not in found:
                    found.add(nxt)
                    frontier.append(nxt)
        return frozenset(found)


def _zones_by_hex(ids: Iterable[str], zones: tuple[Zone, ...]) -> dict[str, tuple[Zone, ...]]:
    return {h: tuple(z for z in zones if z.contains(hex_doubled_x(h))) for h in ids}


def _named(zones: tuple[Zone, ...], seat: Seat) -> frozenset[str]:
    return frozenset(z.name if seat == "bottom" else z.mirror for z in zones)


# -- loading --------------------------------------------------------------------------------

_LAYOUT_KEYS = (
    "id",
    "name",
    "rows",
    "long_row",
    "short_row",
    "section",
    "subsection",
    "provenance",
    "rules",
)
_ZONE_KEYS = ("name", "mirror", "x_min", "x_max", "flank")


def _zone(node: Node, flanks: Mapping[str, Zone] | None) -> Zone:
    node.only(_ZONE_KEYS)
    x_min = node.number("x_min") if node.has("x_min") else None
    x_max = node.number("x_max") if node.has("x_max") else None
    if x_min is not None and x_max is not None and x_min > x_max:
        raise node.error(f"x_min {x_min} is beyond x_max {x_max}")
    flank = None
    if flanks is not None:
        flank = node.choice("flank", list(flanks), what="flank")
    elif node.has("flank"):
        raise node.error("only a sub-section lies in a flank", "flank")
    return Zone(node.get("name", str), node.get("mirror", str), x_min, x_max, flank)


def _check_zones(node: Node, key: str, zones: tuple[Zone, ...], ids: tuple[str, ...]) -> None:
    names = {z.name for z in zones}
    for i, zone in enumerate(zones):
        where = f"{key}[{i}]"
        if zone.mirror not in names:
            raise node.error(f"mirror {zone.mirror!r} is not a {key} of the layout", where)
        twin = next(z for z in zones if z.name == zone.mirror)
        if twin.mirror != zone.name:
            raise node.error(f"{zone.name} and {twin.name} do not mirror each other", where)
        if not any(zone.contains(hex_doubled_x(h)) for h in ids):
            raise node.error(f"{zone.name} holds no hex", where)
    if len(names) != len(zones):
        raise node.error(f"{key} names repeat", key)
    loose = [h for h in ids if not any(z.contains(hex_doubled_x(h)) for z in zones)]
    if zones and loose:
        raise node.error(f"hexes in no {key}: {', '.join(loose[:5])}", key)


def _layout(node: Node, seen: dict[str, str]) -> BoardLayout:
    node.only(_LAYOUT_KEYS)
    lid = node.unique(seen, "layout id", "id")
    rows = node.number("rows", 1, 99)
    long_row = node.number("long_row", 1, 99)
    short_row = node.number("short_row", 1, long_row)
    sections = tuple(_zone(n, None) for n in node.list("section"))
    flanks = {z.name: z for z in sections}
    subsections = tuple(_zone(n, flanks) for n in node.list("subsection", default_empty=True))
    ids = hex_grid(rows, long_row, short_row).ids
    _check_zones(node, "section", sections, ids)
    _check_zones(node, "subsection", subsections, ids)
    for i, sub in enumerate(subsections):
        flank = flanks[sub.flank or ""]
        outside = [
            h
            for h in ids
            if sub.contains(hex_doubled_x(h)) and not flank.contains(hex_doubled_x(h))
        ]
        if outside:
            raise node.error(
                f"{sub.name} reaches outside flank {flank.name}: {outside[0]}", f"subsection[{i}]"
            )
        twin = next(s for s in subsections if s.name == sub.mirror)
        if flanks[twin.flank or ""].name != flank.mirror:
            raise node.error(f"{sub.name}'s mirror lies in the wrong flank", f"subsection[{i}]")
    return BoardLayout(
        id=lid,
        name=node.get("name", str),
        rows=rows,
        long_row=long_row,
        short_row=short_row,
        sections=sections,
        subsections=subsections,
        provenance=node.provenance(),
        rules=rule_ids(node),
        note=node.get("note", str, ""),
    )


def load_layouts(folder: str | None = None) -> dict[str, BoardLayout]:
    """The layouts of ``data/boards.toml`` (or ``folder/boards.toml``), by id."""
    root = data_reader("wargames.ancients", folder)("boards.toml")
    seen: dict[str, str] = {}
    layouts = {lay.id: lay for lay in (_layout(n, seen) for n in root.list("layout"))}
    if not layouts:
        raise root.error("no layout", "layout")
    return layouts


@cache
def default_layouts() -> dict[str, BoardLayout]:
    """The shipped layouts (read once; do not modify the dict)."""
    return load_layouts()


def layouts_for(settings: AncientsSettings = DEFAULT) -> Mapping[str, BoardLayout]:
    """The layouts the ``settings`` name (their ``data`` folder, else the shipped ones)."""
    return default_layouts() if settings.data is None else _layouts_in(settings.data)


@lru_cache(maxsize=PER_DATA)
def _layouts_in(folder: str) -> dict[str, BoardLayout]:
    return load_layouts(folder)


BOARD_KEYS = ("layout", "terrain", "hexside", "terrain_names")
"""The keys of a scenario's ``[board]`` table."""
HEXSIDE_KEYS = ("hexes", "terrain")
"""The keys of a ``[[board.hexside]]``."""


def load_board(node: Node, settings: AncientsSettings = DEFAULT) -> Board:
    """A board from a scenario's ``[board]`` table::

        layout = "standard"                      # default: the settings' board
        terrain = { "05-03" = "forest", "06-03" = "hill" }
        terrain_names = { town = "fortified-camp" }   # towns must be mapped (CCB-GAP-38)
        [[board.hexside]]
        hexes = ["05-05", "05-06"]
        terrain = "rampart"

    Every problem is a :class:`~wargames.core.errors.ScenarioError` at its key.
    """
    node.only(BOARD_KEYS)
    layouts = layouts_for(settings)
    layout = layouts[node.choice("layout", list(layouts), settings.board, "layout")]
    table = terrain_for(settings)
    names: dict[str, str] = {}
    if node.has("terrain_names"):
        mapping = node.child("terrain_names")
        names_listed = mapping.keys()
        for key in names_listed:
            target = mapping.get(key, str)
            if target not in table:
                raise mapping.error(f"unknown terrain {target!r}; known: {', '.join(table)}", key)
            names[key] = target
    grid = hex_grid(layout.rows, layout.long_row, layout.short_row)
    terrain: dict[str, str] = {}
    if node.has("terrain"):
        cells = node.child("terrain")
        listed = cells.keys()
        for hex_id in listed:
            if hex_id not in grid:
                raise cells.error(f"no hex {hex_id!r} on the {layout.id} board", hex_id)
            try:
                found = table.find(cells.get(hex_id, str), names)
            except KeyError as exc:
                raise cells.error(str(exc.args[0]), hex_id) from None
            if found.hexside:
                raise cells.error(f"{found.id} lies on a hexside, not in a hex", hex_id)
            terrain[hex_id] = found.id
    hexsides: dict[tuple[str, str], list[str]] = {}
    for item in node.list("hexside", default_empty=True):
        item.only(HEXSIDE_KEYS)
        pair = item.strings("hexes", default_empty=False)
        if len(pair) != 2 or not all(h in grid for h in pair) or not grid.adjacent(*pair):
            raise item.error(f"expected two adjacent hexes of the board, got {list(pair)}", "hexes")
        try:
            found = table.find(item.get("terrain", str), names)
        except KeyError as exc:
            raise item.error(str(exc.args[0]), "terrain") from None
        if not found.hexside:
            raise item.error(f"{found.id} is not a hexside terrain", "terrain")
        hexsides.setdefault((pair[0], pair[1]), []).append(found.id)
    return Board(layout, terrain, hexsides, table)


__all__ = [
    "BOARD_KEYS",
    "HEXSIDE_KEYS",
    "SEATS",
    "Board",
    "BoardLayout",
    "Seat",
    "Zone",
    "default_layouts",
    "layouts_for",
    "load_board",
    "load_layouts",
]
