"""Area maps over networkx: areas with terrain and tags, borders with features (rivers).

The graph is the source of truth; :class:`AreaMap` precomputes sorted neighbour tuples from it
for the hot paths (movement reach, retreat, supply). Hex and square grids
(:mod:`wargames.core.grids`) build the same type, so movement, stacking and retreat code serves
area maps and grids alike.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping

import attrs
import networkx as nx


@attrs.frozen
class Area:
    """One area (or hex, or square): id, name, terrain, tags and a drawing position."""

    id: str
    name: str = ""
    terrain: str = "open"
    tags: frozenset[str] = frozenset()
    pos: tuple[float, float] = (0.0, 0.0)

    def has(self, tag: str) -> bool:
        return tag in self.tags


@attrs.frozen
class Border:
    """The border between two areas and its features (``{"river", "river:Diablo"}``)."""

    a: str
    b: str
    features: frozenset[str] = frozenset()

    def has(self, feature: str) -> bool:
        return feature in self.features


class AreaMap:
    """A map of areas joined by borders."""

    def __init__(self, areas: Iterable[Area], borders: Iterable[Border]) -> None:
        graph: nx.Graph = nx.Graph()
        for area in areas:
            if area.id in graph:
                raise ValueError(f"area {area.id!r} is defined twice")
            graph.add_node(area.id, area=area)
        for border in borders:
            for end in (border.a, border.b):
                if end not in graph:
                    raise ValueError(f"border {border.a}-{border.b} names unknown area {end!r}")
            if border.a == border.b:
                raise ValueError(f"area {border.a!r} cannot border itself")
            graph.add_edge(border.a, border.b, border=border)
        self.graph = graph
        self.areas: Mapping[str, Area] = {n: graph.nodes[n]["area"] for n in graph.nodes}
        self.ids: tuple[str, ...] = tuple(self.areas)
        self._neighbours: dict[str, tuple[str, ...]] = {
            n: tuple(sorted(graph.neighbors(n))) for n in graph.nodes
        }
        self._tagged: dict[str, tuple[str, ...]] = {}
        self._features: dict[frozenset[str], frozenset[str]] = {
            frozenset((a, b)): data["border"].features for a, b, data in graph.edges(data=True)
        }

    def __contains__(self, area: object) -> bool:
        return area in self.areas

    def __len__(self) -> int:
        return len(self.areas)

    def __getitem__(self, area: str) -> Area:
        return self.areas[area]

    def neighbours(self, area: str) -> tuple[str, ...]:
        """The areas sharing a border with ``area``, sorted by id."""
        return self._neighbours[area]

    def adjacent(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self._features

    def features(self, a: str, b: str) -> frozenset[str]:
        """The features of the border between ``a`` and ``b`` (empty if none or not adjacent)."""
        return self._features.get(frozenset((a, b)), frozenset())

    def crosses(self, a: str, b: str, feature: str) -> bool:
        """Whether going from ``a`` to ``b`` crosses a border with ``feature`` (a river)."""
        return feature in self.features(a, b)

    def with_tag(self, tag: str) -> tuple[str, ...]:
        """The areas tagged ``tag``, in map order (looked up once per tag)."""
        found = self._tagged.get(tag)
        if found is None:
            found = self._tagged[tag] = tuple(a for a in self.ids if tag in self.areas[a].tags)
        return found

    def reach(
        self,
        start: str,
        steps: int,
        can_enter: Callable[[str], bool],
        stops: Callable[[str], bool] = lambda _a: False,
    ) -> dict[str, int]:
        """Areas a piece can end in, each with the fewest areas entered to get there.

        Each area entered counts one. ``can_enter(area)`` excludes impassable and forbidden
        areas (a piece never passes through them); an area where ``stops(area)`` is true can be
        entered but the move ends there (ash wastes). ``start`` itself is not in the result.
        """
        found: dict[str, int] = {}
        frontier: deque[tuple[str, int]] = deque([(start, 0)])
        seen = {start}
        nbrs = self._neighbours
        while frontier:
            here, used = frontier.popleft()
            if used >= steps:
                continue
            for nxt in nbrs[here]:
                if nxt in seen or not can_enter(nxt):
                    continue
                seen.add(nxt)
                found[nxt] = used + 1
                if not stops(nxt):
                    frontier.append((nxt, used + 1))
        return found

    def connected_to(
        self, goals: Collection[str], passable: Callable[[str], bool]
    ) -> frozenset[str]:
        """Every passable area joined to a passable goal area by a path of passable areas.

        This is supply tracing done once for a whole side: a piece in area ``x`` traces supply
        exactly when ``x`` is in the result (impassable goals supply nothing).
        """
        start = [g for g in goals if g in self.areas and passable(g)]
        seen = set(start)
        frontier = deque(start)
        nbrs = self._neighbours
        while frontier:
            here = frontier.popleft()
            for nxt in nbrs[here]:
                if nxt not in seen and passable(nxt):
                    seen.add(nxt)
                    frontier.append(nxt)
        return frozenset(seen)

    def traces(self, start: str, goals: Collection[str], passable: Callable[[str], bool]) -> bool:
        """Whether ``start`` traces a path of passable areas to any goal (both ends passable)."""
        return passable(start) and start in self.connected_to(goals, passable)

    def distance(self, a: str, b: str) -> int | None:
        """Fewest borders crossed from ``a`` to ``b`` ignoring terrain (``None`` if unreachable)."""
        try:
            return int(nx.shortest_path_length(self.graph, a, b))
        except nx.NetworkXNoPath:
            return None
