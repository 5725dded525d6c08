"""The ship (``data/map.toml``): the battle barge's sections and areas, their tags and the
doors between them (WM-GAP-03, research 3.1).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs
import networkx as nx

from wargames.core.areas import Area, AreaMap, Border
from wargames.core.scenario import Node, symmetric_borders
from wargames.warmaster.tables import DIE_SIDES

AREA_TAGS = ("bridge", "sanctum", "defensive-screens", "reactor", "hull", "teleportarium")
REQUIRED_TAGS: Mapping[str, tuple[int, int | None]] = {
    "bridge": (1, 1),
    "sanctum": (1, 1),
    "defensive-screens": (1, 1),
    "teleportarium": (1, 1),
    "reactor": (1, None),
    "hull": (1, None),
}
"""How many areas must carry each tag: (at least, at most or ``None``)."""


@attrs.frozen
class Section:
    """A section of the ship; its id is the first digit of its areas' D66 rolls."""

    id: int
    name: str
    provenance: str = "reconstructed"


@attrs.frozen
class AreaSpec:
    """An area as the file gives it; :attr:`WarmasterData.board` holds the same areas as an
    :class:`~wargames.core.areas.AreaMap` (with the tag ``section-N`` added)."""

    id: str
    name: str
    section: int
    tags: frozenset[str]
    adjacent: tuple[str, ...]
    pos: tuple[float, float]
    provenance: str = "reconstructed"


_SECTION_KEYS = ("id", "name", "provenance")
_AREA_KEYS = ("id", "name", "section", "tags", "adjacent", "pos", "provenance")


def load_map(node: Node) -> tuple[dict[int, Section], dict[str, AreaSpec], AreaMap]:
    """The ship (WM-GAP-03, research 3.1): sections, areas with tags, symmetric adjacency, one
    connected ship, and each special area tagged as :data:`REQUIRED_TAGS` asks."""
    node.only(("section", "area"))
    sections = _sections(node.list("section"))
    seen: dict[str, str] = {}
    areas: dict[str, AreaSpec] = {}
    adjacency: dict[str, list[Node]] = {}
    for item in node.list("area"):
        area = _area(item, sections, seen)
        areas[area.id] = area
        adjacency[area.id] = item.list("adjacent")
    if not areas:
        raise node.error("the ship needs at least one area", "area")
    borders = symmetric_borders(adjacency)
    board = AreaMap(
        (
            Area(
                id=a.id,
                name=a.name,
                terrain="deck",
                tags=a.tags | {f"section-{a.section}"},
                pos=a.pos,
            )
            for a in areas.values()
        ),
        (Border(a, b) for a, b in borders),
    )
    _check_connected(node, board)
    _check_tags(node, board)
    return sections, areas, board


def _sections(nodes: Iterable[Node]) -> dict[int, Section]:
    out: dict[int, Section] = {}
    where: dict[int, str] = {}
    for item in nodes:
        item.only(_SECTION_KEYS)
        number = item.number("id", least=1, most=DIE_SIDES)
        if number in where:
            raise item.error(f"duplicate section id {number} (first at {where[number]})", "id")
        where[number] = item.path
        out[number] = Section(number, item.get("name", str), item.provenance())
    return out


def _area(node: Node, sections: Mapping[int, Section], seen: dict[str, str]) -> AreaSpec:
    node.only(_AREA_KEYS)
    area_id = node.unique(seen, "area id", "id")
    section = node.get("section", int)
    if section not in sections:
        raise node.error(f"unknown section {section}; defined: {sorted(sections)}", "section")
    return AreaSpec(
        id=area_id,
        name=node.get("name", str),
        section=section,
        tags=frozenset(node.picks("tags", AREA_TAGS, "tag")),
        adjacent=tuple(item.as_(str) for item in node.list("adjacent")),
        pos=_pos(node),
        provenance=node.provenance(),
    )


def _pos(node: Node) -> tuple[float, float]:
    values = [item.as_(float) for item in node.list("pos")]
    if len(values) != 2:
        raise node.error(f"expected [x, y], got {len(values)} numbers", "pos")
    return values[0], values[1]


def _check_connected(node: Node, board: AreaMap) -> None:
    parts = sorted(nx.connected_components(board.graph), key=lambda c: min(c))
    if len(parts) > 1:
        cut = ", ".join(sorted(parts[1]))
        raise node.error(
            f"the ship is not connected: {cut} cannot be reached from {min(parts[0])}", "area"
        )


def _check_tags(node: Node, board: AreaMap) -> None:
    for tag, (least, most) in REQUIRED_TAGS.items():
        tagged = board.with_tag(tag)
        if len(tagged) < least:
            raise node.error(f"no area is tagged {tag!r}", "area")
        if most is not None and len(tagged) > most:
            raise node.error(
                f"{len(tagged)} areas are tagged {tag!r} ({', '.join(tagged)}); "
                f"at most {most} may be",
                "area",
            )
