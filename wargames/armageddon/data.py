"""Battle for Armageddon's reference sheet as typed data.

The rulebook refers to a reference sheet (Combat Results Table, Terrain Effects Chart, counter
manifest, Imperial set-up, build costs, cards) and a map that are not available. The files in
``wargames/armageddon/data/`` reconstruct them from ``shared/research/armageddon-data.md``
with the rulebook's own counters and examples reproducible; every reconstructed record carries
``provenance = "reconstructed"``. An owner of the original sheet can replace the values.

:func:`load_data` reads and validates those files (or corrected copies dropped in a folder)
into :class:`ArmageddonData`; every problem in a file raises
:class:`~wargames.core.errors.ScenarioError` naming the file, the key path and what is wrong.
A scenario's starting position is read and checked against this data by
:mod:`wargames.armageddon.scenario`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, SupportsIndex

import attrs

from wargames.core.areas import Area, AreaMap, Border
from wargames.core.odds import CombatResultsTable
from wargames.core.scenario import (
    Node,
    data_reader,
    symmetric_borders,
)
from wargames.core.transport import once_reduce

ORKS = "orks"
IMPERIUM = "imperium"
SIDES = (ORKS, IMPERIUM)
TRIBES = ("goff", "bad-moon", "evil-sunz")
PHASES = ("movement", "combat", "build")


@attrs.frozen
class CounterSpec:
    """One counter of the manifest: side, kind, tribe and attack-defence-movement."""

    id: str
    name: str
    side: str
    kind: str
    attack: int
    defence: int
    movement: int
    tribe: str | None = None
    exempt: bool = False
    """Does not count against the stacking limit (BFA-STACK-03)."""
    structure: bool = False
    """A hive, factory or fortification: static, never a loss, never retreats (BFA-GAP-10)."""
    provenance: str = "reconstructed"

    def __str__(self) -> str:
        return f"{self.name} ({self.attack}-{self.defence}-{self.movement})"


@attrs.frozen
class BuildCost:
    """Build points of a counter kind and its production-track space (steps from 'ready')."""

    kind: str
    cost: int
    space: int
    provenance: str = "reconstructed"


@attrs.frozen
class Terrain:
    """A row of the Terrain Effects Chart."""

    id: str
    name: str
    enterable: bool = True
    stops: frozenset[str] = frozenset()
    """Sides whose counters must stop on entering (ash wastes: both; jungle: the Imperium)."""
    blocks_supply: bool = False
    defender_modifier: int = 0
    """Die modifier to an attack on a stack in this terrain."""
    provenance: str = "reconstructed"


@attrs.frozen
class StrategyCard:
    """A strategy card: its two phases, in the order they are carried out."""

    id: str
    side: str
    phases: tuple[str, str]
    provenance: str = "reconstructed"

    def __str__(self) -> str:
        return f"{self.phases[0]} & {self.phases[1]}"


@attrs.frozen
class SpecialCard:
    """A special card: its name, when it may be played and its effect (an engine key)."""

    id: str
    side: str
    name: str
    effect: str
    text: str
    provenance: str = "reconstructed"


@attrs.frozen(eq=False)
class ArmageddonData:
    """Everything the reference sheet and the board give the engine."""

    board: AreaMap
    terrain: Mapping[str, Terrain]
    counters: Mapping[str, CounterSpec]
    costs: Mapping[str, BuildCost]
    crt: CombatResultsTable
    strategy: Mapping[str, StrategyCard]
    special: Mapping[str, SpecialCard]
    rivers: Mapping[str, tuple[tuple[str, str], ...]]
    """River name -> the borders it runs along."""
    supply: Mapping[str, tuple[str, ...]]
    """Side -> its supply areas."""

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        """The shipped data pickles as a call of :func:`default_data`
        (:mod:`wargames.core.transport`); data edited in a notebook by value."""
        return once_reduce(self, default_data, protocol)


# --------------------------------------------------------------------------------------------
# Loading and validating the data files
# --------------------------------------------------------------------------------------------

PACKAGE = "wargames.armageddon"
DATA_FILES = ("terrain.toml", "map.toml", "counters.toml", "costs.toml", "crt.toml", "cards.toml")
TAGS = frozenset(
    {"ork-territory", "ork-supply", "imperial-supply", "hive", "factory", "port", "coast"}
)
KINDS = frozenset(
    {
        "warlord", "gargant", "nobz", "battlewagons", "hordes",
        "commissar", "commander", "chapter", "guard-army", "rough-riders", "hive-gangs",
        "titan-legion", "fortification", "hive", "factory",
    }
)  # fmt: skip
SUPPLY_TAGS = {ORKS: "ork-supply", IMPERIUM: "imperial-supply"}
"""Side -> the map tag of its supply areas (BFA-SUPPLY-02, BFA-SUPPLY-11, BFA-BUILD-21)."""
STACK_LIMIT = 3
STRATEGY_HAND = 6
DIE_SIDES = 6


def load_data(folder: Path | None = None) -> ArmageddonData:
    """Read and validate the reference sheet and map (BFA-GAP-01 to BFA-GAP-06, -08).

    ``None`` reads the files shipped in ``wargames/armageddon/data``. A ``folder`` replaces
    them file by file: each of :data:`DATA_FILES` found there is used instead of the shipped
    one, so an owner of the original sheet can drop in only the tables he has. Any problem
    raises :class:`ScenarioError` naming the file, the key path and what is wrong.
    """
    read = data_reader(PACKAGE, folder)
    terrain = _load_terrain(read("terrain.toml"))
    map_node = read("map.toml")
    board, rivers = _load_map(map_node, terrain)
    counters = _load_counters(read("counters.toml"))
    costs = _load_costs(read("costs.toml"), {c.kind for c in counters.values()})
    strategy, special = _load_cards(read("cards.toml"))
    return ArmageddonData(
        board=board,
        terrain=terrain,
        counters=counters,
        costs=costs,
        crt=_load_crt(read("crt.toml")),
        strategy=strategy,
        special=special,
        rivers=rivers,
        supply=_supply(board, map_node),
    )


@cache
def default_data() -> ArmageddonData:
    """The shipped data, loaded once."""
    return load_data()


# ------------------------------------------------------------------------------- terrain

_TERRAIN_KEYS = (
    "id", "name", "enterable", "stops", "blocks_supply", "defender_modifier", "provenance",
)  # fmt: skip


def _load_terrain(node: Node) -> dict[str, Terrain]:
    """The Terrain Effects Chart (BFA-GAP-02): one record per terrain type."""
    node.only(("terrain",))
    seen: dict[str, str] = {}
    out: dict[str, Terrain] = {}
    for item in node.list("terrain"):
        item.only(_TERRAIN_KEYS)
        terrain = Terrain(
            id=item.unique(seen, "terrain id", "id"),
            name=item.get("name", str),
            enterable=item.get("enterable", bool, True),
            stops=frozenset(item.picks("stops", SIDES, "side")),
            blocks_supply=item.get("blocks_supply", bool, False),
            defender_modifier=item.get("defender_modifier", int, 0),
            provenance=item.provenance(),
        )
        out[terrain.id] = terrain
    return out


# ----------------------------------------------------------------------------------- map

_AREA_KEYS = ("id", "name", "row", "col", "terrain", "tags", "adjacent", "provenance")
_RIVER_KEYS = ("name", "borders", "provenance")
Rivers = dict[str, tuple[tuple[str, str], ...]]


def _load_map(node: Node, terrain: Mapping[str, Terrain]) -> tuple[AreaMap, Rivers]:
    """The board (BFA-GAP-03): areas, symmetric adjacency, rivers as border features."""
    node.only(("area", "river"))
    areas, adjacency = _areas(node.list("area"), terrain)
    borders = symmetric_borders(adjacency)
    rivers, features = _rivers(
        node.list("river", default_empty=True), areas, {frozenset(pair) for pair in borders}
    )
    edges = [
        Border(a, b, features=features.get(frozenset((a, b)), frozenset())) for a, b in borders
    ]
    return AreaMap(areas.values(), edges), rivers


def _area(node: Node, terrain: Mapping[str, Terrain]) -> Area:
    """One area; drawn on an offset ("brick") grid: ``pos = (col + 0.5 * (row % 2), row)``."""
    node.only(_AREA_KEYS)
    row, col = node.number("row"), node.number("col")
    node.provenance()
    return Area(
        id=node.get("id", str),
        name=node.get("name", str),
        terrain=node.choice("terrain", terrain, what="terrain"),
        tags=frozenset(node.picks("tags", TAGS, "tag")),
        pos=(col + 0.5 * (row % 2), float(row)),
    )


def _areas(
    nodes: Iterable[Node], terrain: Mapping[str, Terrain]
) -> tuple[dict[str, Area], dict[str, list[Node]]]:
    seen: dict[str, str] = {}
    areas: dict[str, Area] = {}
    adjacency: dict[str, list[Node]] = {}
    for node in nodes:
        area = _area(node, terrain)
        node.unique(seen, "area id", "id")
        areas[area.id] = area
        adjacency[area.id] = node.list("adjacent")
    return areas, adjacency


def _rivers(
    nodes: Iterable[Node], areas: Collection[str], borders: Collection[frozenset[str]]
) -> tuple[Rivers, dict[frozenset[str], frozenset[str]]]:
    """Rivers (BFA-COMBAT-15, BFA-MOVE-11): each border may carry at most one river, and gets
    the features ``{"river", "river:<name>"}``."""
    rivers: Rivers = {}
    seen: dict[str, str] = {}
    features: dict[frozenset[str], frozenset[str]] = {}
    for node in nodes:
        node.only(_RIVER_KEYS)
        node.provenance()
        name = node.unique(seen, "river name", "name")
        marks = frozenset({"river", f"river:{name}"})
        pairs = [_river_border(b, areas, borders, features) for b in node.list("borders")]
        for a, b in pairs:
            features[frozenset((a, b))] = marks
        rivers[name] = tuple(pairs)
    return rivers, features


def _river_border(
    node: Node,
    areas: Collection[str],
    borders: Collection[frozenset[str]],
    taken: Mapping[frozenset[str], frozenset[str]],
) -> tuple[str, str]:
    ends = [item.as_(str) for item in node.items()]
    if len(ends) != 2:
        raise node.error(f"a border is a pair of area ids, got {len(ends)} ids")
    for item, end in zip(node.items(), ends, strict=True):
        if end not in areas:
            raise item.error(f"unknown area {end!r}")
    pair = frozenset(ends)
    if pair not in borders:
        raise node.error(f"{ends[0]} and {ends[1]} are not adjacent")
    if pair in taken:
        raise node.error(f"the border {ends[0]}-{ends[1]} already carries a river")
    return ends[0], ends[1]


def _supply(board: AreaMap, node: Node) -> dict[str, tuple[str, ...]]:
    """Each side's supply areas by tag: Helsreach and the southern edge for the Imperium
    (BFA-SUPPLY-11, research R10), Ork Territory for the Orks (R11); each side needs one."""
    supply = {side: board.with_tag(tag) for side, tag in SUPPLY_TAGS.items()}
    for side, areas in supply.items():
        if not areas:
            raise node.error(f"no area is tagged {SUPPLY_TAGS[side]!r}", "area")
    return supply


# ------------------------------------------------------------------------------ counters

_GROUP_KEYS = (
    "side", "kind", "tribe", "attack", "defence", "movement", "exempt", "structure",
    "provenance", "counters",
)  # fmt: skip
_ENTRY_KEYS = ("id", "name", "provenance")


def _load_counters(node: Node) -> dict[str, CounterSpec]:
    """The counter manifest (BFA-GAP-04): groups of counters sharing kind and values, read as
    one :class:`CounterSpec` per counter; ids are unique across the whole manifest."""
    node.only(("group",))
    seen: dict[str, str] = {}
    counters: dict[str, CounterSpec] = {}
    for group in node.list("group"):
        template = _group(group)
        for entry in group.list("counters"):
            entry.only(_ENTRY_KEYS)
            counter = attrs.evolve(
                template,
                id=entry.unique(seen, "counter id", "id"),
                name=entry.get("name", str),
                provenance=entry.provenance(template.provenance),
            )
            counters[counter.id] = counter
    return counters


def _group(node: Node) -> CounterSpec:
    """A group's shared values as a template counter (id and name still empty)."""
    node.only(_GROUP_KEYS)
    side = node.choice("side", SIDES, what="side")
    return CounterSpec(
        id="",
        name="",
        side=side,
        kind=node.choice("kind", KINDS, what="counter kind"),
        attack=node.number("attack"),
        defence=node.number("defence"),
        movement=node.number("movement"),
        tribe=_tribe(node, side),
        exempt=node.get("exempt", bool, False),
        structure=node.get("structure", bool, False),
        provenance=node.provenance(),
    )


def _tribe(node: Node, side: str) -> str | None:
    """Every Ork counter belongs to exactly one of the three tribes; Imperial ones to none
    (BFA-COMP-06)."""
    if side == ORKS:
        return node.choice("tribe", TRIBES, what="tribe")
    if node.has("tribe"):
        raise node.error("Imperial counters have no tribe", "tribe")
    return None


# --------------------------------------------------------------------------------- costs

_COST_KEYS = ("kind", "cost", "space", "provenance")


def _load_costs(node: Node, kinds: Collection[str]) -> dict[str, BuildCost]:
    """Build costs per counter kind and production-track spaces (BFA-GAP-06, BFA-BUILD-06,
    BFA-BUILD-09, BFA-BUILD-11): one cost per kind; a kind with no entry cannot be built."""
    node.only(("cost",))
    seen: dict[str, str] = {}
    costs: dict[str, BuildCost] = {}
    for item in node.list("cost", default_empty=True):
        item.only(_COST_KEYS)
        kind = item.choice("kind", kinds, what="counter kind")
        item.unique(seen, "cost for kind", "kind")
        costs[kind] = BuildCost(
            kind=kind,
            cost=item.number("cost", least=1),
            space=item.number("space", least=1),
            provenance=item.provenance(),
        )
    return costs


# ----------------------------------------------------------------------------------- CRT


def _load_crt(node: Node) -> CombatResultsTable:
    """The Combat Results Table (BFA-GAP-01): result codes, then one column of six results per
    odds ratio, columns from worst to best for the attacker (BFA-COMBAT-12)."""
    node.only(("provenance", "result", "column"))
    return node.odds_table(_results(node.list("result")), DIE_SIDES)


def _results(nodes: Iterable[Node]) -> dict[str, str]:
    seen: dict[str, str] = {}
    results: dict[str, str] = {}
    for item in nodes:
        item.only(("code", "description", "provenance"))
        code = item.unique(seen, "result code", "code")
        results[code] = item.get("description", str)
        item.provenance()
    return results


# --------------------------------------------------------------------------------- cards


def _load_cards(node: Node) -> tuple[dict[str, StrategyCard], dict[str, SpecialCard]]:
    """Strategy cards (BFA-GAP-07), six per side (BFA-STRAT-01), and special cards
    (BFA-GAP-08); ids are unique across both sets."""
    node.only(("strategy", "special"))
    seen: dict[str, str] = {}
    strategy = {c.id: c for c in (_strategy(n, seen) for n in node.list("strategy"))}
    for side in SIDES:
        count = sum(1 for c in strategy.values() if c.side == side)
        if count != STRATEGY_HAND:
            raise node.error(
                f"{side} has {count} strategy cards; each side holds {STRATEGY_HAND}", "strategy"
            )
    special = {c.id: c for c in (_special(n, seen) for n in node.list("special"))}
    return strategy, special


def _strategy(node: Node, seen: dict[str, str]) -> StrategyCard:
    """A strategy card: two action phases in printed order (BFA-STRAT-02)."""
    node.only(("id", "side", "phases", "provenance"))
    phases = [_phase(item) for item in node.list("phases")]
    if len(phases) != 2:
        raise node.error(f"a strategy card names 2 phases, got {len(phases)}", "phases")
    return StrategyCard(
        id=node.unique(seen, "card id", "id"),
        side=node.choice("side", SIDES, what="side"),
        phases=(phases[0], phases[1]),
        provenance=node.provenance(),
    )


def _phase(node: Node) -> str:
    value = node.as_(str)
    if value not in PHASES:
        raise node.error(f"unknown phase {value!r}; expected one of {list(PHASES)}")
    return value


def _special(node: Node, seen: dict[str, str]) -> SpecialCard:
    """A special card; ``effect`` (the engine's key) defaults to the id."""
    node.only(("id", "side", "name", "effect", "text", "provenance"))
    card_id = node.unique(seen, "card id", "id")
    return SpecialCard(
        id=card_id,
        side=node.choice("side", SIDES, what="side"),
        name=node.get("name", str),
        effect=node.get("effect", str, card_id),
        text=node.get("text", str),
        provenance=node.provenance(),
    )
