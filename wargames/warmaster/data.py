"""The Warmaster's reference data as typed records: ship map, tables, counters, special rules.

The rulebook (``shared/seeds/warmaster.txt``) refers to a board, a Teleportation Table, a
Battle Results Table, a counter manifest and special rules that are not available
(WM-GAP-01 to WM-GAP-05). The files in ``wargames/warmaster/data/`` reconstruct them from
``shared/research/warmaster-horde-data.md`` (sections 3.1 to 3.5) wherever the rules
catalogue's readings allow; the files' header comments list each departure from the research
proposals and why. Every record carries a ``provenance`` (``"reconstructed"`` unless all its
values are the rulebook's) and, where some value is the rulebook's, a ``note`` saying which.
An owner of the original sheets can replace the values.

:func:`load_data` reads and validates those files (or corrected copies dropped in a folder)
into :class:`WarmasterData`; :func:`load_setup` reads a scenario (the traitor cup and face-down
counters, the Imperial waves, the options) from ``wargames/warmaster/scenarios/`` or any path.
Every problem in a file raises :class:`~wargames.core.errors.ScenarioError` naming the file,
the key path (``area[3].adjacent[1]``) and what is wrong.

>>> data = default_data()
>>> data.bridge, data.board["21"].name
('21', 'The Bridge')
>>> data.teleport.roll(5, 3).area
'53'
>>> str(data.battle.column_for(9, 5))
'1-1'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

import attrs
import networkx as nx

from wargames.core.areas import Area, AreaMap, Border
from wargames.core.dice import d66, d66_faces
from wargames.core.odds import CombatResultsTable
from wargames.core.scenario import (
    Node,
    data_reader,
    package_files,
    read_scenario,
    symmetric_borders,
)

IMPERIAL = "imperial"
TRAITOR = "traitor"
SIDES = (IMPERIAL, TRAITOR)
EMPEROR = "emperor"
"""The Emperor's counter id: the Traitor wins when he dies (WM-VICTORY-01)."""
HORUS = "horus"
"""Horus's counter id: the Imperial player wins when he dies (WM-VICTORY-02)."""

KINDS = ("unit", "trap", "horror", "ambush")
"""Counter kinds: fighting units, and the three perils revealed face up (WM-HIDDEN-04)."""
REROLLS = ("none", "hero", "supreme")
"""Re-roll abilities: ``hero`` is cancelled by any opposing re-roll unit (WM-REROLL-04, -06);
``supreme`` (the Emperor, Horus) only by the other supreme one (WM-REROLL-05)."""
BACKS = ("eye", "skull")
"""Traitor counter backs: the Eye of Horus on starting units, the skull on reinforcements
(WM-COMP-04)."""
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
D66_RESULTS = tuple(roll for roll, _ in d66_faces())
"""The 36 results of a D66, 11 to 66 (WM-TELEPORT-03)."""
OUTCOMES = ("reserve", "scatter", "arrive")
CHOOSERS = ("owner", "opponent")
LOSSES = ("none", "one", "all")
DIE_SIDES = 6


# --------------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------------


@attrs.frozen
class UnitSpec:
    """One counter type of the manifest: ``count`` identical counters (WM-COMP-03).

    Traps and Ambushes have factors 0 and never fight: they take effect when revealed and
    are removed (:class:`TrapEffect`, :class:`AmbushEffect`).
    """

    id: str
    name: str
    side: str
    kind: str
    attack: int
    defence: int
    count: int = 1
    reroll: str = "none"
    """``"none"``, ``"hero"`` or ``"supreme"`` (see :data:`REROLLS`)."""
    back: str | None = None
    """Traitor counters: ``"eye"`` (starting unit, set up face down) or ``"skull"`` (in the
    cup); ``None`` for Imperial counters."""
    provenance: str = "reconstructed"

    @property
    def has_reroll(self) -> bool:
        """Whether the unit has the re-roll ability (WM-REROLL-01)."""
        return self.reroll != "none"

    @property
    def starts_face_down(self) -> bool:
        """A Traitor starting unit, set up face down (WM-SETUP-02, WM-HIDDEN-01)."""
        return self.back == "eye"

    @property
    def fights(self) -> bool:
        """Whether the counter takes part in battles (Traps and Ambushes never do)."""
        return self.kind in ("unit", "horror")

    def instances(self) -> tuple[str, ...]:
        """The ids of the individual counters: ``("emperor",)``, ``("custodes-1", ...)``."""
        if self.count == 1:
            return (self.id,)
        return tuple(f"{self.id}-{n}" for n in range(1, self.count + 1))

    def __str__(self) -> str:
        return f"{self.name} ({self.attack}-{self.defence})"


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


@attrs.frozen
class TeleportEffect:
    """A special result of the Teleportation Table (the x6 results).

    ``loss_on``: each unit rolls a D6 and is destroyed on this or less (0: no roll);
    ``hero_loss_on``: the same for units with a re-roll ability (``None``: as ``loss_on``).
    ``outcome``: ``"reserve"`` (survivors teleport again at their side's next Reinforcements
    phase), ``"scatter"`` (roll again for every unit separately; a further x6 is re-rolled
    unless in ``scatter_keeps``) or ``"arrive"`` (survivors arrive together in an area that
    ``chooser`` picks, ``"owner"`` being the teleporting side, inside ``sections`` if not
    empty, never destroyed, and holding no units of the arriving side if
    ``not_with_own_units``).
    """

    id: str
    name: str
    outcome: str
    loss_on: int = 0
    hero_loss_on: int | None = None
    chooser: str | None = None
    sections: frozenset[int] = frozenset()
    not_with_own_units: bool = False
    scatter_keeps: frozenset[int] = frozenset()
    provenance: str = "reconstructed"

    def loss_threshold(self, has_reroll: bool) -> int:
        """The D6 roll at or below which a unit is destroyed (0: never)."""
        if has_reroll and self.hero_loss_on is not None:
            return self.hero_loss_on
        return self.loss_on


@attrs.frozen
class TeleportResult:
    """One line of the Teleportation Table: a D66 roll and either an area or an effect."""

    roll: int
    area: str | None = None
    effect: TeleportEffect | None = None
    provenance: str = "reconstructed"


@attrs.frozen
class Teleportarium:
    """Research 3.2 rule 4: a side in ``sides`` that controls the Teleportarium at the start of
    its Reinforcements phase rolls ``rolls`` times per teleport and picks one result, and if
    ``direct_arrival`` may bring units from reserve straight into the Teleportarium."""

    sides: frozenset[str]
    rolls: int
    direct_arrival: bool
    provenance: str = "reconstructed"


@attrs.frozen(eq=False)
class TeleportTable:
    """The Teleportation Table (WM-GAP-01): every D66 result exactly once.

    ``on_destroyed_area``: ``"reroll"`` (the catalogue's reading) or ``"shift"`` (research 3.2:
    the opponent shifts the arrivals to an adjacent area, Lost in the Warp if there is none).
    ``traitor_reserve``: where a Traitor unit sent back to reserve goes: ``"next-phase"`` (it
    teleports at the next Traitor Reinforcements phase, besides that phase's draw) or
    ``"cup"``.
    """

    results: Mapping[int, TeleportResult]
    effects: Mapping[str, TeleportEffect]
    on_destroyed_area: str
    traitor_reserve: str
    teleportarium: Teleportarium
    provenance: str = "reconstructed"

    def __getitem__(self, roll: int) -> TeleportResult:
        return self.results[roll]

    def roll(self, tens: int, units: int) -> TeleportResult:
        """The line for a first die ``tens`` and a second die ``units`` (5 then 3: 53)."""
        return self.results[d66(tens, units)]

    def area_rolls(self) -> dict[str, tuple[int, ...]]:
        """Area -> the D66 results that land there."""
        out: dict[str, list[int]] = {}
        for roll, result in self.results.items():
            if result.area is not None:
                out.setdefault(result.area, []).append(roll)
        return {area: tuple(rolls) for area, rolls in out.items()}


@attrs.frozen
class BattleResult:
    """What a code of the Battle Results Table does (WM-GAP-02).

    Losses are ``"none"``, ``"one"`` or ``"all"``, chosen by their owner (WM-DESTROY-02);
    retreats move the survivors one area, the opponent choosing where (WM-RETREAT-01 to -05);
    ``retreat_needs_both``: the retreat happens only if both sides still have units after the
    losses; ``heroes_last``: a unit with a re-roll ability may be taken as the loss only when
    no other unit is left.
    """

    code: str
    name: str
    description: str
    attacker_loses: str = "none"
    defender_loses: str = "none"
    attacker_retreats: bool = False
    defender_retreats: bool = False
    retreat_needs_both: bool = False
    heroes_last: bool = False
    provenance: str = "reconstructed"


@attrs.frozen
class Movement:
    """Movement allowances in areas (WM-BRIDGE-05 to -07)."""

    bridge_controller: int = 3
    other: int = 1
    bridge_destroyed: int = 1
    provenance: str = "rulebook"

    def allowance(self, controls_bridge: bool, bridge_destroyed: bool = False) -> int:
        """How many areas a unit of a side may move this turn."""
        if bridge_destroyed:
            return self.bridge_destroyed
        return self.bridge_controller if controls_bridge else self.other


@attrs.frozen
class TrapEffect:
    """A revealed Trap: each enemy unit in the area rolls a D6 and is destroyed on ``loss_on``
    or less; then the Trap is removed if ``removed``."""

    loss_on: int
    removed: bool = True
    provenance: str = "reconstructed"


@attrs.frozen
class HorrorEffect:
    """A Horror fights with its factors; while it is in the area, Imperial attacks there shift
    ``imperial_attack_shift`` columns unless a unit of ``negated_by`` is among the attackers;
    it leaves the game after the first battle it fights if ``removed_after_battle``."""

    imperial_attack_shift: int
    negated_by: frozenset[str]
    removed_after_battle: bool = True
    provenance: str = "reconstructed"


@attrs.frozen
class AmbushEffect:
    """A revealed Ambush: ``draw`` units come from the cup into the area (never above the
    stacking limit; the marker does not count) and attack at once, ``attack_shift`` columns;
    then the marker is removed if ``removed``."""

    draw: int
    attack_shift: int
    removed: bool = True
    provenance: str = "reconstructed"


@attrs.frozen
class SanctumRule:
    """``unit`` defending in the area tagged ``sanctum`` shifts the column ``defence_shift``."""

    unit: str
    defence_shift: int
    provenance: str = "reconstructed"


@attrs.frozen
class AreaControl:
    """Area control (research 3.1): taken by being alone in an area at the end of a Battle
    phase, kept until an enemy unit is alone there; ``initial`` holds every area at the start.
    Not the Bridge control of WM-BRIDGE-02."""

    initial: str
    provenance: str = "reconstructed"


@attrs.frozen
class AreaDestruction:
    """What happens to units in an area when it is destroyed: each rolls a D6 and is destroyed
    on ``loss_on`` or less; ``survivors_moved_by`` moves each survivor to an adjacent area not
    destroyed (none: destroyed)."""

    loss_on: int
    survivors_moved_by: str
    provenance: str = "reconstructed"


@attrs.frozen
class ReactorSabotage:
    """Units of ``side`` alone in a reactor area at the end of their Battle phase may detonate
    it: the reactor is destroyed, each adjacent area on a D6 of ``adjacent_destroyed_from`` or
    more. Once every reactor is destroyed: no Bridge movement bonus if
    ``all_reactors_lost_bridge``; the Defensive Screens count as captured if
    ``all_reactors_capture_screens``."""

    side: str
    adjacent_destroyed_from: int
    all_reactors_lost_bridge: bool
    all_reactors_capture_screens: bool
    provenance: str = "reconstructed"


@attrs.frozen
class FleetLasers:
    """From the turn after ``side`` captures the Defensive Screens, each of its Reinforcements
    phases fires ``shots`` D66 rolls (re-rolling a units die in ``reroll_units``); each hit
    destroys the area rolled, but the first hit of a turn goes to an intact hull area while
    one is left if ``hull_first``."""

    side: str
    shots: int
    reroll_units: frozenset[int]
    hull_first: bool
    provenance: str = "reconstructed"


@attrs.frozen
class ShipBreakup:
    """The ship breaks up after ``laser_hits`` hits, or once the Bridge and any reactor are
    destroyed if ``bridge_and_reactor``: ``winner`` wins, unless the Emperor is aboard and fails
    a D6 roll of ``emperor_escape_from`` or more, which gives ``failed_escape``."""

    laser_hits: int
    bridge_and_reactor: bool
    winner: str
    emperor_escape_from: int
    failed_escape: str
    provenance: str = "reconstructed"


@attrs.frozen
class WarpInstability:
    """Optional: from turn ``from_turn``, at the start of each turn a D6 of ``turn -
    turn_offset`` or less destroys one area rolled on a D66 (units die in ``reroll_units``
    re-rolled)."""

    from_turn: int
    turn_offset: int
    reroll_units: frozenset[int]
    provenance: str = "reconstructed"

    def threshold(self, turn: int) -> int:
        """The D6 roll at or below which an area is destroyed at the start of ``turn``."""
        return max(0, turn - self.turn_offset) if turn >= self.from_turn else 0


@attrs.frozen
class Specials:
    """The special rules (WM-GAP-05), all reconstructed from research 3.1 to 3.5."""

    trap: TrapEffect
    horror: HorrorEffect
    ambush: AmbushEffect
    sanctum: SanctumRule
    control: AreaControl
    area_destruction: AreaDestruction
    reactor_sabotage: ReactorSabotage
    fleet_lasers: FleetLasers
    ship_breakup: ShipBreakup
    warp_instability: WarpInstability


@attrs.frozen(eq=False)
class WarmasterData:
    """Everything the board, the reference sheets and the special rules give the engine."""

    board: AreaMap
    sections: Mapping[int, Section]
    areas: Mapping[str, AreaSpec]
    counters: Mapping[str, UnitSpec]
    teleport: TeleportTable
    battle: CombatResultsTable
    results: Mapping[str, BattleResult]
    """Battle Results Table code -> what it does."""
    stack_limit: int
    movement: Movement
    traitor_reinforcements: Mapping[int, int]
    """D6 face -> number of Traitor reinforcements (WM-REINF-06)."""
    specials: Specials

    @property
    def bridge(self) -> str:
        """The Bridge's area id."""
        return self.board.with_tag("bridge")[0]

    @property
    def sanctum(self) -> str:
        return self.board.with_tag("sanctum")[0]

    @property
    def defensive_screens(self) -> str:
        return self.board.with_tag("defensive-screens")[0]

    @property
    def teleportarium(self) -> str:
        return self.board.with_tag("teleportarium")[0]

    @property
    def reactors(self) -> tuple[str, ...]:
        return self.board.with_tag("reactor")

    @property
    def hull(self) -> tuple[str, ...]:
        return self.board.with_tag("hull")

    def section_areas(self, section: int) -> tuple[str, ...]:
        return self.board.with_tag(f"section-{section}")

    def spec(self, unit: str) -> UnitSpec:
        """The counter type of a counter id or instance id (``"custodes-2"``)."""
        found = self.counters.get(unit)
        if found is None:
            base, _, number = unit.rpartition("-")
            found = self.counters.get(base) if number.isdigit() else None
            if found is None or unit not in found.instances():
                raise KeyError(unit)
        return found

    def instances(self, side: str | None = None) -> tuple[str, ...]:
        """The ids of every individual counter (of ``side``), in manifest order."""
        return tuple(
            unit
            for spec in self.counters.values()
            if side is None or spec.side == side
            for unit in spec.instances()
        )


@attrs.frozen
class ImperialWave:
    """Imperial units that teleport aboard on one turn (WM-REINF-01 to -05).

    ``teleport`` is ``"groups"`` (``groups`` groups of ``group_size``, one D66 roll per group,
    the group holding ``first`` teleporting first; the player makes up the groups) or
    ``"alone"`` (one roll per unit). ``suggested_groups`` is a default grouping.
    """

    turn: int
    teleport: str
    units: Mapping[str, int]
    groups: int = 0
    group_size: int = 0
    first: str | None = None
    suggested_groups: tuple[tuple[str, ...], ...] = ()

    @property
    def size(self) -> int:
        return sum(self.units.values())


@attrs.frozen(eq=False)
class Setup:
    """A scenario: the Traitor counters (face down and in the cup), the Imperial waves and the
    options."""

    name: str
    bridge_control: str
    """Who controls the Bridge when the game begins (WM-BRIDGE-01)."""
    face_down: Mapping[str, int]
    """Counter type -> how many the Traitor sets up face down, one per area (WM-SETUP-02)."""
    cup: Mapping[str, int]
    """Counter type -> how many go into the cup (WM-SETUP-03)."""
    imperial: tuple[ImperialWave, ...]
    turn_cap: int | None = None
    """``None``: no turn limit, the rulebook's game (WM-VICTORY-05)."""
    bot_turn_cap: int | None = None
    """The cap for bot-against-bot runs, so they always end."""
    cap_winner: str = TRAITOR
    """Who wins when a cap ends the game (``"draw"`` allowed)."""
    reactor_sabotage: bool = True
    fleet_lasers: bool = True
    warp_instability: bool = False
    provenance: str = "reconstructed"

    def wave(self, turn: int) -> ImperialWave | None:
        """The Imperial units due to teleport on ``turn``, if any."""
        return next((w for w in self.imperial if w.turn == turn), None)

    def face_down_units(self, data: WarmasterData) -> tuple[str, ...]:
        """Instance ids of the face-down starting units."""
        return _instances(self.face_down, data)

    def cup_units(self, data: WarmasterData) -> tuple[str, ...]:
        """Instance ids of the counters in the cup."""
        return _instances(self.cup, data)

    def wave_units(self, wave: ImperialWave, data: WarmasterData) -> tuple[str, ...]:
        """Instance ids of a wave's units; instances are shared out between waves in order."""
        used: dict[str, int] = {}
        for other in self.imperial:
            if other is wave:
                return _instances(wave.units, data, used)
            for kind, n in other.units.items():
                used[kind] = used.get(kind, 0) + n
        raise ValueError("not a wave of this set-up")


def _instances(
    counts: Mapping[str, int], data: WarmasterData, skip: Mapping[str, int] | None = None
) -> tuple[str, ...]:
    out: list[str] = []
    for kind, n in counts.items():
        start = 0 if skip is None else skip.get(kind, 0)
        out.extend(data.counters[kind].instances()[start : start + n])
    return tuple(out)


# --------------------------------------------------------------------------------------------
# Loading and validating the data files
# --------------------------------------------------------------------------------------------

PACKAGE = "wargames.warmaster"
DATA_FILES = (
    "map.toml", "counters.toml", "teleport.toml", "battle.toml", "rules.toml", "specials.toml",
)  # fmt: skip
_SIDE_WORD = {IMPERIAL: "an Imperial", TRAITOR: "a Traitor"}


def load_data(folder: Path | None = None) -> WarmasterData:
    """Read and validate the map, tables, manifest and special rules (WM-GAP-01 to -05).

    ``None`` reads the files shipped in ``wargames/warmaster/data``. A ``folder`` replaces them
    file by file: each of :data:`DATA_FILES` found there is used instead of the shipped one.
    Any problem raises :class:`ScenarioError` naming the file, the key path and what is wrong.
    """
    read = data_reader(PACKAGE, folder)
    sections, areas, board = _load_map(read("map.toml"))
    counters = _load_counters(read("counters.toml"))
    teleport = _load_teleport(read("teleport.toml"), board, sections)
    battle, results = _load_battle(read("battle.toml"))
    stack_limit, movement, reinforcements = _load_rules(read("rules.toml"))
    return WarmasterData(
        board=board,
        sections=sections,
        areas=areas,
        counters=counters,
        teleport=teleport,
        battle=battle,
        results=results,
        stack_limit=stack_limit,
        movement=movement,
        traitor_reinforcements=reinforcements,
        specials=_load_specials(read("specials.toml"), counters),
    )


@cache
def default_data() -> WarmasterData:
    """The shipped data, loaded once."""
    return load_data()


def _die_face(node: Node, key: str, default: int | None = None) -> int:
    """A D6 threshold: 0 (never) to 6."""
    return node.number(key, 0, DIE_SIDES, default)


def _digits(node: Node, key: str) -> frozenset[int]:
    """A list of D6 faces (absent = empty)."""
    out: set[int] = set()
    for item in node.list(key, default_empty=True):
        value = item.as_(int)
        if not 1 <= value <= DIE_SIDES:
            raise item.error(f"expected a die face from 1 to {DIE_SIDES}, got {value}")
        out.add(value)
    return frozenset(out)


# ----------------------------------------------------------------------------------- map

_SECTION_KEYS = ("id", "name", "provenance")
_AREA_KEYS = ("id", "name", "section", "tags", "adjacent", "pos", "provenance")


def _load_map(node: Node) -> tuple[dict[int, Section], dict[str, AreaSpec], AreaMap]:
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


# ------------------------------------------------------------------------------ counters

_COUNTER_KEYS = (
    "id", "name", "side", "kind", "attack", "defence", "count", "reroll", "back", "provenance",
)  # fmt: skip


def _load_counters(node: Node) -> dict[str, UnitSpec]:
    """The counter manifest (WM-GAP-04, research 3.4): one record per counter type, ids unique;
    exactly one Emperor and one Horus (WM-VICTORY-01, -02)."""
    node.only(("counter",))
    seen: dict[str, str] = {}
    counters: dict[str, UnitSpec] = {}
    for item in node.list("counter"):
        spec = _counter(item, seen)
        counters[spec.id] = spec
    for unit, side in ((EMPEROR, IMPERIAL), (HORUS, TRAITOR)):
        spec_or_none = counters.get(unit)
        if spec_or_none is None:
            raise node.error(f"no counter has the id {unit!r}", "counter")
        if spec_or_none.side != side or spec_or_none.count != 1:
            raise node.error(f"{unit!r} must be one {side} counter", seen[unit])
    return counters


def _counter(node: Node, seen: dict[str, str]) -> UnitSpec:
    node.only(_COUNTER_KEYS)
    unit = node.unique(seen, "counter id", "id")
    if re.search(r"-\d+$", unit):
        raise node.error(f"a counter id may not end in -<number>: {unit!r}", "id")
    side = node.choice("side", SIDES, what="side")
    return UnitSpec(
        id=unit,
        name=node.get("name", str),
        side=side,
        kind=node.choice("kind", KINDS, what="counter kind"),
        attack=node.number("attack"),
        defence=node.number("defence"),
        count=node.number("count", least=1, default=1),
        reroll=node.choice("reroll", REROLLS, "none", what="re-roll ability"),
        back=_back(node, side),
        provenance=node.provenance(),
    )


def _back(node: Node, side: str) -> str | None:
    """Traitor counters have an eye or a skull back (WM-COMP-04); Imperial ones none."""
    if side == TRAITOR:
        return node.choice("back", BACKS, what="back")
    if node.has("back"):
        raise node.error("only Traitor counters have a back (eye or skull)", "back")
    return None


# -------------------------------------------------------------------------- teleport table

_RESULT_KEYS = ("roll", "area", "effect", "provenance")
_EFFECT_KEYS = (
    "id", "name", "outcome", "loss_on", "hero_loss_on", "chooser", "sections",
    "not_with_own_units", "scatter_keeps", "provenance",
)  # fmt: skip


def _load_teleport(node: Node, board: AreaMap, sections: Mapping[int, Section]) -> TeleportTable:
    """The Teleportation Table (WM-GAP-01, research 3.2): each of the 36 D66 results once, each
    naming a known area or a defined effect."""
    node.only(("result", "effect", "rules", "teleportarium"))
    effects = _effects(node.list("effect"), sections)
    results: dict[int, TeleportResult] = {}
    where: dict[int, str] = {}
    for item in node.list("result"):
        result = _teleport_result(item, board, effects, where)
        results[result.roll] = result
    missing = [r for r in D66_RESULTS if r not in results]
    if missing:
        raise node.error(
            f"the table must cover the 36 D66 results 11-66; missing {missing}", "result"
        )
    rules = node.child("rules")
    rules.only(("on_destroyed_area", "traitor_reserve", "provenance"))
    return TeleportTable(
        results={r: results[r] for r in D66_RESULTS},
        effects=effects,
        on_destroyed_area=rules.choice("on_destroyed_area", ("reroll", "shift"), what="rule"),
        traitor_reserve=rules.choice("traitor_reserve", ("next-phase", "cup"), what="rule"),
        teleportarium=_teleportarium(node.child("teleportarium")),
        provenance=rules.provenance(),
    )


def _teleport_result(
    node: Node, board: AreaMap, effects: Mapping[str, TeleportEffect], where: dict[int, str]
) -> TeleportResult:
    node.only(_RESULT_KEYS)
    roll_node = node.child("roll")
    roll = roll_node.as_(int)
    if roll not in D66_RESULTS:
        raise roll_node.error(f"{roll} is not a D66 result (two digits, each 1 to 6)")
    if roll in where:
        raise roll_node.error(f"D66 result {roll} is listed twice (first at {where[roll]})")
    where[roll] = node.path
    if node.has("area") == node.has("effect"):
        raise node.error(f"result {roll} needs either an area or an effect, not both or neither")
    area = effect = None
    if node.has("area"):
        area = node.get("area", str)
        if area not in board:
            raise node.error(f"unknown area {area!r}", "area")
    else:
        effect_id = node.get("effect", str)
        if effect_id not in effects:
            raise node.error(f"unknown effect {effect_id!r}; defined: {sorted(effects)}", "effect")
        effect = effects[effect_id]
    return TeleportResult(roll, area, effect, node.provenance())


def _effects(nodes: Iterable[Node], sections: Mapping[int, Section]) -> dict[str, TeleportEffect]:
    seen: dict[str, str] = {}
    out: dict[str, TeleportEffect] = {}
    for item in nodes:
        item.only(_EFFECT_KEYS)
        effect_id = item.unique(seen, "effect id", "id")
        outcome = item.choice("outcome", OUTCOMES, what="outcome")
        chooser = item.choice("chooser", CHOOSERS, what="chooser") if item.has("chooser") else None
        if (outcome == "arrive") != (chooser is not None):
            raise item.error("an 'arrive' effect needs a chooser, and only it has one", "chooser")
        out[effect_id] = TeleportEffect(
            id=effect_id,
            name=item.get("name", str),
            outcome=outcome,
            loss_on=_die_face(item, "loss_on", 0),
            hero_loss_on=_die_face(item, "hero_loss_on") if item.has("hero_loss_on") else None,
            chooser=chooser,
            sections=_section_ids(item, sections),
            not_with_own_units=item.get("not_with_own_units", bool, False),
            scatter_keeps=_d66_list(item, "scatter_keeps"),
            provenance=item.provenance(),
        )
    return out


def _section_ids(node: Node, sections: Mapping[int, Section]) -> frozenset[int]:
    out: set[int] = set()
    for item in node.list("sections", default_empty=True):
        value = item.as_(int)
        if value not in sections:
            raise item.error(f"unknown section {value}; defined: {sorted(sections)}")
        out.add(value)
    return frozenset(out)


def _d66_list(node: Node, key: str) -> frozenset[int]:
    out: set[int] = set()
    for item in node.list(key, default_empty=True):
        value = item.as_(int)
        if value not in D66_RESULTS:
            raise item.error(f"{value} is not a D66 result (two digits, each 1 to 6)")
        out.add(value)
    return frozenset(out)


def _teleportarium(node: Node) -> Teleportarium:
    node.only(("sides", "rolls", "direct_arrival", "provenance"))
    return Teleportarium(
        sides=frozenset(node.picks("sides", SIDES, "side")),
        rolls=node.number("rolls", least=1),
        direct_arrival=node.get("direct_arrival", bool),
        provenance=node.provenance(),
    )


# ---------------------------------------------------------------------------------- battle

_BATTLE_RESULT_KEYS = (
    "code", "name", "description", "attacker_loses", "defender_loses", "attacker_retreats",
    "defender_retreats", "retreat_needs_both", "heroes_last", "provenance",
)  # fmt: skip


def _load_battle(node: Node) -> tuple[CombatResultsTable, dict[str, BattleResult]]:
    """The Battle Results Table (WM-GAP-02, research 3.3): typed result codes, then one column
    of six results per ratio, columns from worst to best for the attacker."""
    node.only(("provenance", "result", "column"))
    results = _battle_results(node.list("result"))
    descriptions = {code: r.description for code, r in results.items()}
    table = node.odds_table(descriptions, DIE_SIDES, what="a ratio")
    return table, results


def _battle_results(nodes: Iterable[Node]) -> dict[str, BattleResult]:
    seen: dict[str, str] = {}
    out: dict[str, BattleResult] = {}
    for item in nodes:
        item.only(_BATTLE_RESULT_KEYS)
        code = item.unique(seen, "result code", "code")
        out[code] = BattleResult(
            code=code,
            name=item.get("name", str),
            description=item.get("description", str),
            attacker_loses=item.choice("attacker_loses", frozenset(LOSSES), "none"),
            defender_loses=item.choice("defender_loses", frozenset(LOSSES), "none"),
            attacker_retreats=item.get("attacker_retreats", bool, False),
            defender_retreats=item.get("defender_retreats", bool, False),
            retreat_needs_both=item.get("retreat_needs_both", bool, False),
            heroes_last=item.get("heroes_last", bool, False),
            provenance=item.provenance(),
        )
    return out


# ----------------------------------------------------------------------------------- rules


def _load_rules(node: Node) -> tuple[int, Movement, dict[int, int]]:
    """The rulebook's numbers: stacking (WM-STACK-01), movement (WM-BRIDGE-05 to -07) and the
    Traitor reinforcement roll (WM-REINF-06), whose rows cover each D6 face exactly once."""
    node.only(("stacking", "movement", "traitor_reinforcements"))
    stacking = node.child("stacking")
    stacking.only(("limit", "provenance"))
    stacking.provenance()
    moves = node.child("movement")
    moves.only(("bridge_controller", "other", "bridge_destroyed", "provenance"))
    movement = Movement(
        bridge_controller=moves.number("bridge_controller", least=1),
        other=moves.number("other", least=1),
        bridge_destroyed=moves.number("bridge_destroyed", least=1),
        provenance=moves.provenance(),
    )
    table: dict[int, int] = {}
    where: dict[int, str] = {}
    for row in node.list("traitor_reinforcements"):
        row.only(("roll", "units", "provenance"))
        row.provenance()
        units = row.number("units", least=0)
        for item in row.list("roll"):
            face = item.as_(int)
            if not 1 <= face <= DIE_SIDES:
                raise item.error(f"expected a die face from 1 to {DIE_SIDES}, got {face}")
            if face in where:
                raise item.error(f"die face {face} is listed twice (first at {where[face]})")
            where[face] = item.path
            table[face] = units
    missing = [f for f in range(1, DIE_SIDES + 1) if f not in table]
    if missing:
        raise node.error(
            f"every die face 1-{DIE_SIDES} needs a row; missing {missing}", "traitor_reinforcements"
        )
    limit = stacking.number("limit", least=1)
    return limit, movement, dict(sorted(table.items()))


# -------------------------------------------------------------------------------- specials

_SPECIAL_TABLES = (
    "trap", "horror", "ambush", "sanctum", "control", "area_destruction", "reactor_sabotage",
    "fleet_lasers", "ship_breakup", "warp_instability",
)  # fmt: skip


def _load_specials(node: Node, counters: Mapping[str, UnitSpec]) -> Specials:
    """The special rules (WM-GAP-05, research 3.1 to 3.5); named counters must exist."""
    node.only(_SPECIAL_TABLES)
    trap = node.child("trap")
    trap.only(("loss_on", "removed", "provenance"))
    horror = node.child("horror")
    horror.only(("imperial_attack_shift", "negated_by", "removed_after_battle", "provenance"))
    ambush = node.child("ambush")
    ambush.only(("draw", "attack_shift", "removed", "provenance"))
    sanctum = node.child("sanctum")
    sanctum.only(("unit", "defence_shift", "provenance"))
    return Specials(
        trap=TrapEffect(
            loss_on=_die_face(trap, "loss_on"),
            removed=trap.get("removed", bool, True),
            provenance=trap.provenance(),
        ),
        horror=HorrorEffect(
            imperial_attack_shift=horror.get("imperial_attack_shift", int),
            negated_by=frozenset(horror.picks("negated_by", counters, "counter")),
            removed_after_battle=horror.get("removed_after_battle", bool, True),
            provenance=horror.provenance(),
        ),
        ambush=AmbushEffect(
            draw=ambush.number("draw", least=1),
            attack_shift=ambush.get("attack_shift", int),
            removed=ambush.get("removed", bool, True),
            provenance=ambush.provenance(),
        ),
        sanctum=SanctumRule(
            unit=sanctum.choice("unit", counters, what="counter"),
            defence_shift=sanctum.get("defence_shift", int),
            provenance=sanctum.provenance(),
        ),
        control=_control(node.child("control")),
        area_destruction=_area_destruction(node.child("area_destruction")),
        reactor_sabotage=_reactor_sabotage(node.child("reactor_sabotage")),
        fleet_lasers=_fleet_lasers(node.child("fleet_lasers")),
        ship_breakup=_ship_breakup(node.child("ship_breakup")),
        warp_instability=_warp_instability(node.child("warp_instability")),
    )


def _control(node: Node) -> AreaControl:
    node.only(("initial", "provenance"))
    return AreaControl(node.choice("initial", SIDES, what="side"), node.provenance())


def _area_destruction(node: Node) -> AreaDestruction:
    node.only(("loss_on", "survivors_moved_by", "provenance"))
    return AreaDestruction(
        loss_on=_die_face(node, "loss_on"),
        survivors_moved_by=node.choice("survivors_moved_by", CHOOSERS, what="chooser"),
        provenance=node.provenance(),
    )


def _reactor_sabotage(node: Node) -> ReactorSabotage:
    node.only(
        (
            "side", "adjacent_destroyed_from", "all_reactors_lost_bridge",
            "all_reactors_capture_screens", "provenance",
        ),
    )  # fmt: skip
    return ReactorSabotage(
        side=node.choice("side", SIDES, what="side"),
        adjacent_destroyed_from=node.number("adjacent_destroyed_from", 1, DIE_SIDES + 1),
        all_reactors_lost_bridge=node.get("all_reactors_lost_bridge", bool),
        all_reactors_capture_screens=node.get("all_reactors_capture_screens", bool),
        provenance=node.provenance(),
    )


def _fleet_lasers(node: Node) -> FleetLasers:
    node.only(("side", "shots", "reroll_units", "hull_first", "provenance"))
    return FleetLasers(
        side=node.choice("side", SIDES, what="side"),
        shots=node.number("shots", least=1),
        reroll_units=_digits(node, "reroll_units"),
        hull_first=node.get("hull_first", bool),
        provenance=node.provenance(),
    )


def _ship_breakup(node: Node) -> ShipBreakup:
    node.only(
        (
            "laser_hits", "bridge_and_reactor", "winner", "emperor_escape_from",
            "failed_escape", "provenance",
        ),
    )  # fmt: skip
    outcomes = (*SIDES, "draw")
    return ShipBreakup(
        laser_hits=node.number("laser_hits", least=1),
        bridge_and_reactor=node.get("bridge_and_reactor", bool),
        winner=node.choice("winner", outcomes, what="outcome"),
        emperor_escape_from=node.number("emperor_escape_from", 1, DIE_SIDES + 1),
        failed_escape=node.choice("failed_escape", outcomes, what="outcome"),
        provenance=node.provenance(),
    )


def _warp_instability(node: Node) -> WarpInstability:
    node.only(("from_turn", "turn_offset", "reroll_units", "provenance"))
    return WarpInstability(
        from_turn=node.number("from_turn", least=1),
        turn_offset=node.number("turn_offset"),
        reroll_units=_digits(node, "reroll_units"),
        provenance=node.provenance(),
    )


# ---------------------------------------------------------------------------- scenarios

_SETUP_KEYS = ("name", "provenance", "bridge_control", "traitor", "imperial", "options")
_WAVE_KEYS = (
    "turn", "teleport", "units", "groups", "group_size", "first", "suggested_groups",
)  # fmt: skip
_OPTION_KEYS = (
    "turn_cap", "bot_turn_cap", "cap_winner", "reactor_sabotage", "fleet_lasers",
    "warp_instability",
)  # fmt: skip


def scenario_names() -> list[str]:
    """The scenarios shipped in ``wargames/warmaster/scenarios`` ("boarding")."""
    return package_files(PACKAGE, "scenarios")


def load_setup(name_or_path: str, data: WarmasterData) -> Setup:
    """A scenario by shipped name or path to a ``.toml`` file, checked against ``data``.

    The Traitor's face-down counters are eye-backed starting units, Horus among them, no more
    than there are areas (one per area, WM-SETUP-01, -02); the cup holds skull-backed units
    (WM-SETUP-03); Imperial waves name Imperial counters, a group wave is exactly its groups
    times their size and holds its ``first`` unit (WM-SETUP-05, WM-REINF-01 to -04); no counter
    type is used more often than the manifest holds it.
    """
    node = read_scenario(PACKAGE, name_or_path)
    node.only(_SETUP_KEYS)
    used: dict[str, int] = {}
    traitor = node.child("traitor")
    traitor.only(("face_down", "cup"))
    face_down = _counts(traitor.child("face_down"), data, TRAITOR, used, back="eye")
    if HORUS not in face_down:
        raise traitor.error("Horus must be among the face-down starting units", "face_down")
    placed = sum(face_down.values())
    if placed > len(data.board):
        raise traitor.error(
            f"{placed} face-down units but only {len(data.board)} areas: one per area at most",
            "face_down",
        )
    cup = _counts(traitor.child("cup"), data, TRAITOR, used, back="skull")
    waves = _waves(node, data, used)
    options = node.child("options") if node.has("options") else Node({}, node.file, "options")
    options.only(_OPTION_KEYS)
    return Setup(
        name=node.get("name", str, Path(node.file).stem),
        bridge_control=node.choice("bridge_control", SIDES, what="side"),
        face_down=face_down,
        cup=cup,
        imperial=waves,
        turn_cap=_cap(options, "turn_cap"),
        bot_turn_cap=_cap(options, "bot_turn_cap"),
        cap_winner=options.choice("cap_winner", frozenset((*SIDES, "draw")), TRAITOR),
        reactor_sabotage=options.get("reactor_sabotage", bool, True),
        fleet_lasers=options.get("fleet_lasers", bool, True),
        warp_instability=options.get("warp_instability", bool, False),
        provenance=node.provenance(),
    )


def _cap(node: Node, key: str) -> int | None:
    """A turn cap; 0 or absent means none."""
    value = node.number(key, default=0)
    return value or None


def _counts(
    node: Node,
    data: WarmasterData,
    side: str,
    used: dict[str, int],
    back: str | None = None,
) -> dict[str, int]:
    """Counter type -> how many, each a known counter of ``side`` (with ``back``), never more
    in all than the manifest holds (``used`` keeps the running totals)."""
    out: dict[str, int] = {}
    listed = node.keys()
    for unit in listed:
        spec = data.counters.get(unit)
        if spec is None:
            raise node.error(f"unknown counter {unit!r}", unit)
        if spec.side != side:
            raise node.error(
                f"{unit} is {_SIDE_WORD[spec.side]} counter, not {_SIDE_WORD[side]} one", unit
            )
        if back is not None and spec.back != back:
            raise node.error(
                f"{unit} has a{'n' if spec.back == 'eye' else ''} {spec.back} back; "
                f"this list takes {back}-backed counters",
                unit,
            )
        count = node.number(unit, least=1)
        total = used.get(unit, 0) + count
        if total > spec.count:
            raise node.error(
                f"{total} {unit} counters used but the manifest has {spec.count}", unit
            )
        used[unit] = total
        out[unit] = count
    return out


def _waves(node: Node, data: WarmasterData, used: dict[str, int]) -> tuple[ImperialWave, ...]:
    waves: list[ImperialWave] = []
    turns: dict[int, str] = {}
    for item in node.list("imperial"):
        item.only(_WAVE_KEYS)
        turn = item.number("turn", least=1)
        if turn in turns:
            raise item.error(f"turn {turn} already has a wave (at {turns[turn]})", "turn")
        turns[turn] = item.path
        units = _counts(item.child("units"), data, IMPERIAL, used)
        if item.get("teleport", str) == "groups":
            waves.append(_group_wave(item, turn, units))
        else:
            item.choice("teleport", ("groups", "alone"), what="teleport mode")
            for key in ("groups", "group_size", "first", "suggested_groups"):
                if item.has(key):
                    raise item.error("only a 'groups' wave has this key", key)
            waves.append(ImperialWave(turn=turn, teleport="alone", units=units))
    if not any(EMPEROR in w.units for w in waves):
        raise node.error("the Emperor is in no Imperial wave", "imperial")
    return tuple(sorted(waves, key=lambda w: w.turn))


def _group_wave(node: Node, turn: int, units: Mapping[str, int]) -> ImperialWave:
    """Groups of exactly ``group_size`` (WM-SETUP-05), the ``first`` unit's group first
    (WM-REINF-02)."""
    groups = node.number("groups", least=1)
    size = node.number("group_size", least=1)
    total = sum(units.values())
    if total != groups * size:
        raise node.error(f"{total} units cannot make {groups} groups of exactly {size}", "units")
    first = node.get("first", str)
    if first not in units:
        raise node.error(f"{first!r} is not among this wave's units", "first")
    suggested = tuple(
        _suggested_group(item, size, units) for item in node.list("suggested_groups", True)
    )
    if suggested:
        _check_partition(node, suggested, groups, units, first)
    return ImperialWave(turn, "groups", units, groups, size, first, suggested)


def _suggested_group(node: Node, size: int, units: Mapping[str, int]) -> tuple[str, ...]:
    group = tuple(item.as_(str) for item in node.items())
    if len(group) != size:
        raise node.error(f"a group has exactly {size} units, got {len(group)}")
    for item, unit in zip(node.items(), group, strict=True):
        if unit not in units:
            raise item.error(f"{unit!r} is not among this wave's units")
    return group


def _check_partition(
    node: Node,
    groups: tuple[tuple[str, ...], ...],
    count: int,
    units: Mapping[str, int],
    first: str,
) -> None:
    key = "suggested_groups"
    if len(groups) != count:
        raise node.error(f"expected {count} groups, got {len(groups)}", key)
    tally: dict[str, int] = {}
    for group in groups:
        for unit in group:
            tally[unit] = tally.get(unit, 0) + 1
    if tally != dict(units):
        raise node.error("the groups must use each of the wave's units exactly once", key)
    if first not in groups[0]:
        raise node.error(f"the first group must hold {first!r}", key)
