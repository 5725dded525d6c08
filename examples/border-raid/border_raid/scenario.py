"""Border Raid scenarios: the map, the companies and the turn limit, read from TOML.

A scenario is a :class:`Setup` value. The shipped ones live in ``scenarios/`` (by name:
``"border"``); any other ``.toml`` file is read by path. Every problem is a
:class:`~wargames.ScenarioError` naming the file, the key and what is wrong. A set-up is saved
whole inside a saved state (it is small), so a saved game never depends on a file.
"""

from __future__ import annotations

from functools import cache

import attrs
from wargames.core.areas import Area, AreaMap, Border
from wargames.core.codec import saved
from wargames.core.scenario import Node, package_files, read_scenario

SIDES = ("red", "blue")
"""The two players; red moves first (RAID-SEQ-01)."""

TERRAIN = ("clear", "hill", "keep")
MAX_TURNS = 100
MAX_STRENGTH = 9


@saved("raid/area")
@attrs.frozen
class AreaSpec:
    """One area of the map: its terrain, and for a keep the side it belongs to."""

    id: str
    terrain: str
    side: str | None = None


@saved("raid/company")
@attrs.frozen
class Company:
    """A company: its side, its strength and where it starts."""

    id: str
    side: str
    strength: int
    area: str


@saved("raid/setup")
@attrs.frozen
class Setup:
    """A whole scenario (RAID-MAP-01, RAID-SETUP-01)."""

    name: str
    title: str
    turns: int
    areas: tuple[AreaSpec, ...]
    borders: tuple[tuple[str, str], ...]
    companies: tuple[Company, ...]

    def keep(self, side: str) -> str:
        """The area that is ``side``'s keep."""
        return next(a.id for a in self.areas if a.terrain == "keep" and a.side == side)


def scenario_names() -> list[str]:
    """The shipped scenarios, by name."""
    return package_files("border_raid", "scenarios")


def load_setup(name_or_path: str) -> Setup:
    """A shipped scenario by name, or a TOML file by path, checked completely."""
    node = read_scenario("border_raid", name_or_path)
    node.only({"title", "description", "turns", "area", "borders", "company"})
    areas = tuple(_area(n) for n in node.list("area"))
    ids = [a.id for a in areas]
    if len(set(ids)) != len(ids):
        raise node.error(f"area ids must be unique, got {ids}", "area")
    for side in SIDES:
        keeps = [a for a in areas if a.terrain == "keep" and a.side == side]
        if len(keeps) != 1:
            raise node.error(f"{side} needs exactly one keep, got {len(keeps)}", "area")
    borders = _borders(node.child("borders"), ids)
    companies = tuple(_company(n, ids) for n in node.list("company"))
    for side in SIDES:
        if not any(c.side == side for c in companies):
            raise node.error(f"{side} has no company", "company")
    if len({c.id for c in companies}) != len(companies):
        raise node.error("company ids must be unique", "company")
    return Setup(
        name=name_or_path,
        title=node.get("title", str),
        turns=node.number("turns", 1, MAX_TURNS),
        areas=areas,
        borders=borders,
        companies=companies,
    )


def _area(node: Node) -> AreaSpec:
    node.only({"id", "terrain", "side"})
    terrain = node.choice("terrain", TERRAIN, what="terrain")
    side = node.choice("side", SIDES, what="side") if node.has("side") else None
    if (terrain == "keep") != (side is not None):
        raise node.error("a keep, and only a keep, names the side it belongs to", "side")
    return AreaSpec(node.get("id", str), terrain, side)


def _borders(node: Node, ids: list[str]) -> tuple[tuple[str, str], ...]:
    """The borders, each listed once under either of its areas (RAID-MAP-01)."""
    pairs: list[tuple[str, str]] = []
    for a in node.keys():  # noqa: SIM118 - a Node, not a dict
        if a not in ids:
            raise node.error(f"unknown area {a!r}; expected one of {ids}", a)
        for item in node.child(a).items():
            b = item.as_(str)
            if b not in ids or b == a:
                raise item.error(f"expected another area, one of {ids}; got {b!r}")
            pairs.append((min(a, b), max(a, b)))
    return tuple(dict.fromkeys(pairs))


def _company(node: Node, areas: list[str]) -> Company:
    node.only({"id", "side", "strength", "area"})
    return Company(
        id=node.get("id", str),
        side=node.choice("side", SIDES, what="side"),
        strength=node.number("strength", 1, MAX_STRENGTH),
        area=node.choice("area", areas, what="area"),
    )


@cache
def board(setup: Setup) -> AreaMap:
    """The set-up's map as a core :class:`~wargames.core.areas.AreaMap` (made once)."""
    areas = [Area(a.id, terrain=a.terrain) for a in setup.areas]
    return AreaMap(areas, [Border(a, b) for a, b in setup.borders])


__all__ = ["SIDES", "AreaSpec", "Company", "Setup", "board", "load_setup", "scenario_names"]
