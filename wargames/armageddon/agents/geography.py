"""What the greedy bot needs of the map: passable areas, distances, rivers, terrain modifiers,
supply sources and the hive sites, computed once per data set."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import lru_cache

from wargames.armageddon.data import IMPERIUM, ORKS, ArmageddonData
from wargames.armageddon.state import ArmageddonState as S
from wargames.core.caches import PER_DATA


class Geo:
    """The static geography of one data set, as the bot uses it."""

    def __init__(self, data: ArmageddonData) -> None:
        board = data.board
        terrain = data.terrain
        self.passable = frozenset(a for a in board.ids if terrain[board[a].terrain].enterable)
        self.nbrs = {
            a: tuple(n for n in board.neighbours(a) if n in self.passable) for a in board.ids
        }
        self.river = {
            (a, n): board.crosses(a, n, "river") for a in board.ids for n in board.neighbours(a)
        }
        self.defmod = {a: terrain[board[a].terrain].defender_modifier for a in board.ids}
        self.stops = {a: terrain[board[a].terrain].stops for a in board.ids}
        self.supply = {side: frozenset(data.supply[side]) for side in (ORKS, IMPERIUM)}
        self.dist = {a: self.bfs((a,), frozenset()) for a in self.passable}

    def bfs(self, starts: Iterable[str], blocked: frozenset[str]) -> dict[str, int]:
        """Borders crossed from the nearest start to every passable area not blocked (the starts
        themselves are never blocked)."""
        found = {a: 0 for a in starts}
        frontier = deque(found)
        nbrs = self.nbrs
        while frontier:
            here = frontier.popleft()
            d = found[here] + 1
            for n in nbrs[here]:
                if n not in found and n not in blocked:
                    found[n] = d
                    frontier.append(n)
        return found

    def line_back(self, depth: dict[str, int], area: str) -> list[str]:
        """One supply line from ``area`` back to a source of ``depth`` (a :meth:`bfs` from the
        sources), nearest area first: a cut must lie on every line, so on this one."""
        path = []
        at = area
        while depth[at] > 0:
            at = min(n for n in self.nbrs[at] if depth.get(n, 99) == depth[at] - 1)
            path.append(at)
        return path


@lru_cache(maxsize=PER_DATA)
def geo(data: ArmageddonData) -> Geo:
    """The geography of ``data``, computed once."""
    return Geo(data)


_HIVES: dict[int, tuple[ArmageddonData, dict[str, str]]] = {}


def hive_sites(s: S) -> dict[str, str]:
    """Hive counter -> its area (hives never move, so once per data set)."""
    found = _HIVES.get(id(s.data))
    if found is None or found[0] is not s.data:
        if len(_HIVES) >= PER_DATA:  # bounded: a data set per entry (core.caches)
            _HIVES.clear()
        found = _HIVES[id(s.data)] = (s.data, {h: s.location(h) for h in s.hives()})
    return found[1]


def jungle(g: Geo, area: str) -> bool:
    """Whether ``area`` stops Imperial movement but not Ork movement (the Imperial bot keeps
    out of it)."""
    return IMPERIUM in g.stops[area] and ORKS not in g.stops[area]


def is_factory(s: S, area: str) -> bool:
    """Whether a factory stands in ``area``."""
    return any(s.spec(c).kind == "factory" for c in s.structures(area))
