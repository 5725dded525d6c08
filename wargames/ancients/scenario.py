"""Scenarios of Commands & Colors: Ancients: the battlefield, both armies, Command, banners.

A scenario is a TOML file (shipped ones in ``wargames/ancients/scenarios/``) read through the
core :class:`~wargames.core.scenario.Node` cursor, so every problem is a
:class:`~wargames.core.errors.ScenarioError` naming the file, the key path and what is wrong
(a unit off the board, two units or two leaders on a hex, an unknown unit type or terrain, a
town that is not mapped to a terrain, CCB-GAP-38)::

    title = "..."
    provenance = "original"          # our own design: the base box's 15 are not available
    note = "..."                     # (CCB-GAP-10)
    first = "bottom"                 # who plays first (CCB-GAP-11)
    [board]                          # wargames.ancients.board.load_board
    terrain = { "06-05" = "forest" }
    [settings]                       # optional: AncientsSettings readings
    helmets = "attached-only"
    [bottom]                         # each seat: army, Command, banners to win, pieces
    army = "Rome"
    command = 5                      # hand size (CCB-HAND-01)
    banners = 5                      # the target (CCB-VICTORY-03, CCB-GAP-11)
    units = [{ hex = "05-08", type = "HI" }]
    leaders = [{ hex = "05-08", name = "Scipio" }]
    missiles = [{ type = "MI", range = 2 }]   # optional: this side's MI fire (CCB-RANGED-01)
    [top]
    ...
    [[objective]]                    # optional banners for holding a hex (CCB-VICTORY-02)
    hex = "07-05"
    side = "both"                    # who may earn it: bottom | top | both
    banners = 1

A side's ``missiles`` arms every unit of each type listed, on that side only, with missile
weapons of that range (2 to 12 hexes); they fire 2 dice if they have not moved and 1 if they
have, like every firing unit (CCB-RANGED-01, -09, CCB-GEN-03;
:func:`~wargames.ancients.units.armed`).

:func:`load_scenario` takes a shipped id, the path to a user's file (read again at every call,
so an edit takes effect) or a :class:`~wargames.core.sources.ScenarioSource`; the scenario
keeps its source, which saved states and records name (a shipped id, or a user's data in full:
never a path).

The pieces of a scenario are numbered once (the bottom player's units, his leaders, then the
top player's): a state keeps each piece's hex and blocks in tuples in that order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, SupportsIndex

import attrs

from wargames.ancients.board import SEATS, Board, Seat, load_board
from wargames.ancients.cards import CardTable, cards_for, deck
from wargames.ancients.geometry import Geometry
from wargames.ancients.settings import (
    HELMETS,
    MOVE_FIRE_MOVES,
    WAR_MACHINE_EVADES,
    AncientsSettings,
)
from wargames.ancients.units import MISSILE_RANGES, UnitTable, UnitType, armed, units_for
from wargames.core.errors import ScenarioError
from wargames.core.scenario import (
    PROVENANCES,
    Node,
    package_files,
)
from wargames.core.sources import CACHE_SIZE, ScenarioSource, scenario_source
from wargames.core.transport import SharedValues, shared_reduce

PACKAGE = "wargames.ancients"
SCENARIO_PROVENANCES = PROVENANCES | {"original"}
"""A scenario's ``provenance``: the core values, or ``"original"`` for a design of this
project (CCB-GAP-10: the base box's scenarios are not available)."""

TOP_KEYS = (
    "title",
    "provenance",
    "note",
    "variant",
    "first",
    "board",
    "settings",
    "bottom",
    "top",
    "objective",
)
"""The keys of a scenario's top-level table."""
VARIANTS = ("", "armageddon")
"""A scenario's ``variant``: none (the base game), or ``"armageddon"``, the team variant on
the 'Armageddon' board (:mod:`wargames.ancients.variant.state`, CCA-GEN-03)."""
SIDE_KEYS = ("army", "command", "banners", "units", "leaders", "missiles")
"""The keys of a side's table (``[bottom]``, ``[top]``)."""
UNIT_KEYS = ("hex", "type", "name")
"""The keys of a side's ``units`` entry."""
LEADER_KEYS = ("hex", "name")
"""The keys of a side's ``leaders`` entry."""
MISSILE_KEYS = ("type", "range")
"""The keys of a side's ``missiles`` entry."""
OBJECTIVE_KEYS = ("hex", "side", "banners")
"""The keys of an ``[[objective]]``."""
SETTING_KEYS: dict[str, tuple[str, ...] | type] = {
    "helmets": HELMETS,
    "lone_leader_support": bool,
    "elephant_sword_rerolls": bool,
    "lone_leaders_block_fire": bool,
    "war_machine_evade": WAR_MACHINE_EVADES,
    "move_fire_move": MOVE_FIRE_MOVES,
    "first_strike_vs_bonus": bool,
    "ignores_add_up": bool,
    "epic_command": bool,
}
"""Readings a scenario (or a game option) may set (CCB-GEN-03); the board comes from
``[board]`` and the data folder from the settings."""


Readings = tuple[tuple[str, Any], ...]
"""Readings chosen as game options, ``(name, value)`` pairs: they override the scenario's."""


@attrs.frozen
class Objective:
    """Banners for holding a hex (CCB-VICTORY-02): ``side`` (or ``"both"``) earns ``banners``
    while one of its units stands in ``hex`` at the end of a turn."""

    hex: str
    side: str
    banners: int = 1


@attrs.frozen(eq=False)
class Scenario:
    """A battle ready to play: board, pieces (numbered), Command and banners per side.

    Per piece ``i``: ``types[i]`` (``None`` for a leader), ``sides[i]``, ``names[i]`` and its
    starting hex ``start[i]``. Per side (``SEATS`` order): ``army``, ``command`` (hand size,
    CCB-HAND-01) and ``target`` (banners to win). ``missiles`` lists the unit types the
    scenario arms, ``(side, code, range)``: their pieces' ``types`` are the armed rows
    (CCB-RANGED-01).
    """

    name: str
    title: str
    board: Board
    settings: AncientsSettings
    units: UnitTable
    cards: CardTable
    types: tuple[UnitType | None, ...]
    sides: tuple[Seat, ...]
    names: tuple[str, ...]
    start: tuple[str, ...]
    army: tuple[str, str]
    command: tuple[int, int]
    target: tuple[int, int]
    first: Seat
    objectives: tuple[Objective, ...] = ()
    provenance: str = "original"
    note: str = ""
    source: ScenarioSource = attrs.field(kw_only=True)
    """Where the scenario came from: a shipped id, or a user's data (saved with a state)."""
    readings: Readings = ()
    """The readings game options chose over the scenario's (saved with a state)."""
    variant: str = ""
    """``"armageddon"``: an 'Armageddon' team scenario (CCA-GEN-03)."""
    missiles: tuple[tuple[Seat, str, int], ...] = ()
    """The unit types each side's ``missiles`` arms: ``(side, code, range)`` (CCB-RANGED-01)."""
    geometry: Geometry = attrs.field(init=False)
    deck: tuple[str, ...] = attrs.field(init=False)
    """Every card of the deck, one per copy, sorted."""
    units_by_side: dict[str, tuple[int, ...]] = attrs.field(init=False, eq=False, repr=False)
    """Per side, its units in piece order."""
    leaders_by_side: dict[str, tuple[int, ...]] = attrs.field(init=False, eq=False, repr=False)
    """Per side, its leaders in piece order."""

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        """Pickled as its source (:data:`SCENARIOS`, :mod:`wargames.core.transport`)."""
        return shared_reduce(self, SCENARIOS, _built, protocol)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "geometry", Geometry.of(self.board))
        object.__setattr__(self, "deck", deck(self.cards))
        pieces = tuple(zip(self.sides, self.types, strict=True))
        for name, leaders in (("units_by_side", False), ("leaders_by_side", True)):
            found = {
                seat: tuple(
                    p
                    for p, (side, kind) in enumerate(pieces)
                    if side == seat and (kind is None) == leaders
                )
                for seat in SEATS
            }
            object.__setattr__(self, name, found)

    @property
    def pieces(self) -> range:
        return range(len(self.types))

    def side_index(self, side: str) -> int:
        return SEATS.index(side)

    def full(self, piece: int) -> int:
        """A piece's starting strength (a leader is one block, CCB-LEADER-01)."""
        kind = self.types[piece]
        return 1 if kind is None else kind.blocks


# -- loading --------------------------------------------------------------------------------


def scenario_names() -> list[str]:
    """The shipped scenarios, by name."""
    return package_files(PACKAGE, "scenarios")


def load_scenario(scenario: str | ScenarioSource, readings: Readings = ()) -> Scenario:
    """A shipped scenario by id, a user's TOML file by path (read again at every call, so an
    edit takes effect) or a source, with ``readings``. Built once per source and readings (the
    last :data:`~wargames.core.sources.CACHE_SIZE`)."""
    return _built(scenario_source(PACKAGE, scenario), readings)


def scenario_from_data(
    data: Mapping[str, Any], name: str = "(position)", readings: Readings = ()
) -> Scenario:
    """A scenario from data already read (a dict shaped like the TOML file), carried as a
    user's scenario called ``name``; the same data gives the same scenario object."""
    return _built(ScenarioSource.user(name, data, name), readings)


def _built(source: ScenarioSource, readings: Readings) -> Scenario:
    """The scenario of ``source`` with ``readings``, built once (:data:`SCENARIOS`); what a
    pickled scenario is read back with."""
    return SCENARIOS.get(source, readings)


def _build(source: ScenarioSource, readings: Readings) -> Scenario:
    return scenario_from(source.node(PACKAGE), source, readings)


SCENARIOS: SharedValues[Scenario] = SharedValues(_build, CACHE_SIZE)
"""The scenarios built, by source and readings (the last
:data:`~wargames.core.sources.CACHE_SIZE`); one pickles as its source and readings
(:mod:`wargames.core.transport`)."""


def scenario_from(node: Node, source: ScenarioSource, readings: Readings = ()) -> Scenario:
    """Read a scenario's top-level table, the document of ``source`` (see the module
    docstring); ``readings`` override the scenario's own ``[settings]``."""
    name = source.name
    node.only(TOP_KEYS)
    own = _settings(node)
    chosen = settings_with(own, dict(readings))
    board = load_board(node.child("board"), chosen) if node.has("board") else Board.of(None)
    units = units_for(chosen)
    types: list[UnitType | None] = []
    sides: list[Seat] = []
    names: list[str] = []
    start: list[str] = []
    taken: dict[str, str] = {}
    led: dict[str, str] = {}
    armies, commands, targets = [], [], []
    missiles: list[tuple[Seat, str, int]] = []
    for seat in SEATS:
        side = node.child(seat)
        side.only(SIDE_KEYS)
        armies.append(side.name("army", seat))
        commands.append(side.number("command", 1, 12))
        targets.append(side.number("banners", 1, 60))
        for i, item in enumerate(side.list("units", default_empty=True)):
            item.only(UNIT_KEYS)
            hex_id = _hex(item, board)
            if hex_id in taken:
                raise item.error(f"two units on hex {hex_id} (first at {taken[hex_id]})", "hex")
            taken[hex_id] = item.path
            try:
                kind = units.find(item.get("type", str))
            except KeyError as exc:
                raise item.error(str(exc.args[0]), "type") from None
            if board.terrain(hex_id).impassable:
                raise item.error(f"hex {hex_id} is impassable {board.terrain(hex_id)}", "hex")
            types.append(kind)
            sides.append(seat)
            names.append(item.name("name", f"{seat}-{kind.code.lower()}-{i + 1}"))
            start.append(hex_id)
        if seat not in sides:
            raise side.error(f"the {seat} army needs at least one unit", "units")
        missiles += _arm(side, seat, units, types, sides)
        for i, item in enumerate(side.list("leaders", default_empty=True)):
            item.only(LEADER_KEYS)
            hex_id = _hex(item, board)
            if hex_id in led:
                raise item.error(f"two leaders on hex {hex_id} (first at {led[hex_id]})", "hex")
            led[hex_id] = item.path
            types.append(None)
            sides.append(seat)
            names.append(item.name("name", f"{seat}-leader-{i + 1}"))
            start.append(hex_id)
    for i, piece_type in enumerate(types):
        if piece_type is None:
            unit = next((j for j, h in enumerate(start) if h == start[i] and types[j]), None)
            if unit is not None and sides[unit] != sides[i]:
                raise node.error(f"leader {names[i]} stands on an enemy unit in {start[i]}")
    return Scenario(
        name=name,
        title=node.name("title", name),
        board=board,
        settings=chosen,
        units=units,
        cards=cards_for(chosen),
        types=tuple(types),
        sides=tuple(sides),
        names=tuple(names),
        start=tuple(start),
        army=(armies[0], armies[1]),
        command=(commands[0], commands[1]),
        target=(targets[0], targets[1]),
        first=node.choice("first", SEATS, what="first player"),  # type: ignore[arg-type]
        objectives=tuple(_objective(n, board) for n in node.list("objective", default_empty=True)),
        provenance=node.choice("provenance", SCENARIO_PROVENANCES, what="provenance"),
        note=node.text("note"),
        source=source,
        readings=readings,
        variant=_variant(node, board, own),
        missiles=tuple(missiles),
    )


def _arm(
    side: Node,
    seat: Seat,
    units: UnitTable,
    types: list[UnitType | None],
    sides: list[Seat],
) -> list[tuple[Seat, str, int]]:
    """Arm ``seat``'s units of each type its ``missiles`` lists (CCB-RANGED-01, CCB-GEN-03):
    their ``types`` become the armed rows. Returns ``(seat, code, range)`` per type."""
    armed_types: list[tuple[Seat, str, int]] = []
    first: dict[str, str] = {}
    for item in side.list("missiles", default_empty=True):
        item.only(MISSILE_KEYS)
        try:
            kind = units.find(item.get("type", str))
        except KeyError as exc:
            raise item.error(str(exc.args[0]), "type") from None
        if kind.code in first:
            raise item.error(f"{kind.code} is armed twice (first at {first[kind.code]})", "type")
        first[kind.code] = item.path
        reach = item.number("range", *MISSILE_RANGES)
        try:
            arms = armed(kind, reach)
        except ValueError as exc:
            raise item.error(f"{exc}: a scenario arms units without them", "type") from None
        pieces = [
            p
            for p, t in enumerate(types)
            if t is not None and sides[p] == seat and t.code == kind.code
        ]
        if not pieces:
            raise item.error(f"no {seat} unit is {kind.code}", "type")
        for p in pieces:
            types[p] = arms
        armed_types.append((seat, kind.code, reach))
    return armed_types


def _variant(node: Node, board: Board, own: AncientsSettings) -> str:
    """The scenario's variant; an 'Armageddon' scenario is played on the 'Armageddon' board
    (CCA-FLANK-01, -02) under the variant's own command rules, not the Epic ones."""
    variant = node.choice("variant", VARIANTS, "", "variant")
    if variant == "armageddon" and not board.layout.subsections:
        raise node.error("an 'Armageddon' scenario needs the armageddon board layout", "variant")
    if variant == "armageddon" and own.epic_command:
        raise node.child("settings").error(
            "an 'Armageddon' scenario has the variant's own command rules, not the Epic ones",
            "epic_command",
        )
    return variant


def _hex(item: Node, board: Board) -> str:
    hex_id = item.get("hex", str)
    if hex_id not in board:
        raise item.error(f"hex {hex_id!r} is off the {board.layout.id} board", "hex")
    return hex_id


def _objective(node: Node, board: Board) -> Objective:
    node.only(OBJECTIVE_KEYS)
    return Objective(
        _hex(node, board),
        node.choice("side", (*SEATS, "both"), "both", "side"),
        node.number("banners", 1, 12, default=1),
    )


def _settings(node: Node) -> AncientsSettings:
    if not node.has("settings"):
        return AncientsSettings()
    table = node.child("settings")
    table.only(tuple(SETTING_KEYS))
    values: dict[str, Any] = {}
    for key, kind in SETTING_KEYS.items():
        if not table.has(key):
            continue
        if kind is bool:
            values[key] = table.get(key, bool)
        else:
            assert isinstance(kind, tuple)
            values[key] = table.choice(key, kind, what=key.replace("_", " "))
    return AncientsSettings(**values)


def settings_with(base: AncientsSettings, options: Mapping[str, Any]) -> AncientsSettings:
    """``base`` with the readings named in game ``options`` (unknown names are an error)."""
    values: dict[str, Any] = {}
    for key, value in options.items():
        kind = SETTING_KEYS.get(key)
        if kind is None:
            raise ScenarioError(
                "(options)", key, f"not a reading of the game: {list(SETTING_KEYS)}"
            )
        if (kind is bool and not isinstance(value, bool)) or (
            isinstance(kind, tuple) and value not in kind
        ):
            raise ScenarioError("(options)", key, f"unexpected value {value!r}")
        values[key] = value
    return attrs.evolve(base, **values)


__all__ = [
    "LEADER_KEYS",
    "MISSILE_KEYS",
    "OBJECTIVE_KEYS",
    "SCENARIO_PROVENANCES",
    "SETTING_KEYS",
    "SIDE_KEYS",
    "TOP_KEYS",
    "UNIT_KEYS",
    "VARIANTS",
    "Objective",
    "Readings",
    "Scenario",
    "load_scenario",
    "scenario_from",
    "scenario_from_data",
    "scenario_names",
    "settings_with",
]
