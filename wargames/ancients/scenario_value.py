"""A Commands & Colors: Ancients scenario as a Python value (:mod:`wargames.core.scenario_value`).

:class:`AncientsScenario` holds a scenario file's keys (the format is described in
:mod:`wargames.ancients.scenario` and on the docs page "Scenarios"): the title, who plays
first, the variant, the board (:class:`BoardEntry`: layout, terrain per hex, hexside terrain),
the readings (:class:`SettingsEntry`), the objectives and each side's table (:class:`SideEntry`:
its army, Command, banners to win, units, leaders and missiles). The base game, the
'Armageddon' team variant (``variant = "armageddon"``) and the Epic battles
(``epic_command = true``) share the format. Read one, change it, play it::

    >>> import wargames
    >>> ridge = wargames.scenario("ancients", "elephant-ridge")
    >>> bolder = ridge.add_unit("bottom", UnitEntry("04-08", "HC")).with_banners("top", 7)
    >>> state = wargames.load("ancients", scenario=bolder.with_command("bottom", 6))
    >>> state.scenario.command, state.scenario.target, state.where[11]
    ((6, 5), (6, 7), '04-08')

Keys a file leaves out are ``None`` here (``()`` for the lists: the game's default applies,
the standard board, the catalogue's readings) and stay out of the document. A piece is named
by its hex or its ``name``. What the values mean (a hex on the board, a known unit type or
terrain, one unit and one leader per hex, a Command of 1 to 12) is checked when the scenario
is played, exactly as for a file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self, TypeVar

import attrs

from wargames.ancients.board import BOARD_KEYS, HEXSIDE_KEYS, SEATS
from wargames.ancients.scenario import (
    LEADER_KEYS,
    MISSILE_KEYS,
    OBJECTIVE_KEYS,
    PACKAGE,
    SETTING_KEYS,
    SIDE_KEYS,
    TOP_KEYS,
    UNIT_KEYS,
)
from wargames.core.scenario import Node
from wargames.core.scenario_value import ScenarioValue, document, optional

Entry = TypeVar("Entry", "UnitEntry", "LeaderEntry")


def _entries(node: Node, key: str, read: Callable[[Node], Entry]) -> tuple[Entry, ...]:
    return tuple(read(item) for item in node.list(key, default_empty=True))


def _names(root: Node, key: str) -> dict[str, str] | None:
    """A table of names to strings (``terrain``: hex to terrain; ``terrain_names``)."""
    if not root.has(key):
        return None
    node = root.child(key)
    return {name: node.get(name, str) for name in node.keys()}  # noqa: SIM118 - a Node


def _listed(entries: tuple[Any, ...]) -> list[dict[str, Any]] | None:
    return [e.to_document() for e in entries] or None


@attrs.frozen
class UnitEntry:
    """A unit of a side's ``units``: a block of ``type`` (a unit code: ``"HI"``, ``"LC"``...)
    set up on ``hex``, called ``name`` if given (else ``bottom-hi-3``)."""

    hex: str
    type: str
    name: str | None = None
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> UnitEntry:
        node.only(UNIT_KEYS)
        return cls(
            node.get("hex", str),
            node.get("type", str),
            optional(node, "name", str),
            optional(node, "note", str),
        )

    def to_document(self) -> dict[str, Any]:
        return document(
            ("hex", self.hex), ("type", self.type), ("name", self.name), ("note", self.note)
        )


@attrs.frozen
class LeaderEntry:
    """A leader of a side's ``leaders`` on ``hex``: attached to the side's unit there, or a
    lone leader (CCB-LEADER-01)."""

    hex: str
    name: str | None = None
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> LeaderEntry:
        node.only(LEADER_KEYS)
        return cls(node.get("hex", str), optional(node, "name", str), optional(node, "note", str))

    def to_document(self) -> dict[str, Any]:
        return document(("hex", self.hex), ("name", self.name), ("note", self.note))


@attrs.frozen
class MissileEntry:
    """A side's ``missiles`` entry: its units of ``type`` fire to ``range`` hexes
    (CCB-RANGED-01, CCB-GEN-03)."""

    type: str
    range: int
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> MissileEntry:
        node.only(MISSILE_KEYS)
        return cls(node.get("type", str), node.get("range", int), optional(node, "note", str))

    def to_document(self) -> dict[str, Any]:
        return document(("type", self.type), ("range", self.range), ("note", self.note))


@attrs.frozen
class SideEntry:
    """A side's table (``[bottom]``, ``[top]``): its ``army`` (by default the seat's name),
    its ``command`` (the hand size, CCB-HAND-01), the ``banners`` it needs to win
    (CCB-VICTORY-03), its units, leaders and missiles."""

    command: int
    banners: int
    army: str | None = None
    units: tuple[UnitEntry, ...] = ()
    leaders: tuple[LeaderEntry, ...] = ()
    missiles: tuple[MissileEntry, ...] = ()
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> SideEntry:
        node.only(SIDE_KEYS)
        return cls(
            node.get("command", int),
            node.get("banners", int),
            optional(node, "army", str),
            _entries(node, "units", UnitEntry.from_node),
            _entries(node, "leaders", LeaderEntry.from_node),
            tuple(MissileEntry.from_node(n) for n in node.list("missiles", default_empty=True)),
            optional(node, "note", str),
        )

    def to_document(self) -> dict[str, Any]:
        return document(
            ("army", self.army),
            ("command", self.command),
            ("banners", self.banners),
            ("note", self.note),
            ("units", _listed(self.units)),
            ("leaders", _listed(self.leaders)),
            ("missiles", _listed(self.missiles)),
        )


@attrs.frozen
class HexsideEntry:
    """A ``[[board.hexside]]``: ``terrain`` (a ``rampart``) on the side between two adjacent
    ``hexes`` (CCB-TERRAIN-25)."""

    hexes: tuple[str, ...]
    terrain: str
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> HexsideEntry:
        node.only(HEXSIDE_KEYS)
        return cls(
            node.strings("hexes", default_empty=False),
            node.get("terrain", str),
            optional(node, "note", str),
        )

    def to_document(self) -> dict[str, Any]:
        return document(("hexes", list(self.hexes)), ("terrain", self.terrain), ("note", self.note))


@attrs.frozen
class BoardEntry:
    """The ``[board]``: its ``layout`` (``"standard"``, ``"epic"``, ``"armageddon"``), the
    ``terrain`` of each hex that is not clear, names of the user's own for terrains
    (``terrain_names``, CCB-GAP-38) and terrain on hexsides."""

    layout: str | None = None
    terrain: dict[str, str] | None = attrs.field(default=None, hash=False)
    terrain_names: dict[str, str] | None = attrs.field(default=None, hash=False)
    hexsides: tuple[HexsideEntry, ...] = ()
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> BoardEntry:
        node.only(BOARD_KEYS)
        return cls(
            optional(node, "layout", str),
            _names(node, "terrain"),
            _names(node, "terrain_names"),
            tuple(HexsideEntry.from_node(n) for n in node.list("hexside", default_empty=True)),
            optional(node, "note", str),
        )

    def to_document(self) -> dict[str, Any]:
        return document(
            ("layout", self.layout),
            ("note", self.note),
            ("terrain_names", None if self.terrain_names is None else dict(self.terrain_names)),
            ("terrain", None if self.terrain is None else dict(self.terrain)),
            ("hexside", _listed(self.hexsides)),
        )


@attrs.frozen(kw_only=True)
class SettingsEntry:
    """The ``[settings]``: the readings the scenario chooses (CCB-GEN-03; see
    :class:`~wargames.ancients.settings.AncientsSettings`); unset ones are the catalogue's."""

    helmets: str | None = None
    lone_leader_support: bool | None = None
    elephant_sword_rerolls: bool | None = None
    lone_leaders_block_fire: bool | None = None
    war_machine_evade: str | None = None
    move_fire_move: str | None = None
    first_strike_vs_bonus: bool | None = None
    ignores_add_up: bool | None = None
    epic_command: bool | None = None
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> SettingsEntry:
        node.only(tuple(SETTING_KEYS))
        return cls(
            note=optional(node, "note", str),
            **{
                key: optional(node, key, bool if kind is bool else str)
                for key, kind in SETTING_KEYS.items()
            },
        )

    def to_document(self) -> dict[str, Any]:
        return document(*((key, getattr(self, key)) for key in (*SETTING_KEYS, "note")))


@attrs.frozen
class ObjectiveEntry:
    """An ``[[objective]]``: ``banners`` (default 1) for holding ``hex`` at the end of a
    turn, to ``side`` (``"bottom"``, ``"top"``; default ``"both"``) (CCB-VICTORY-02)."""

    hex: str
    side: str | None = None
    banners: int | None = None
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> ObjectiveEntry:
        node.only(OBJECTIVE_KEYS)
        return cls(
            node.get("hex", str),
            optional(node, "side", str),
            optional(node, "banners", int),
            optional(node, "note", str),
        )

    def to_document(self) -> dict[str, Any]:
        return document(
            ("hex", self.hex), ("side", self.side), ("banners", self.banners), ("note", self.note)
        )


@attrs.frozen(kw_only=True)
class AncientsScenario(ScenarioValue):
    """A Commands & Colors: Ancients scenario (see the module docstring): who plays ``first``
    (CCB-GAP-11), the board, the readings, the objectives and the two sides (CCB-GEN-02)."""

    game_id = "ancients"
    package = PACKAGE

    provenance: str
    first: str
    bottom: SideEntry
    top: SideEntry
    title: str | None = None
    note: str | None = None
    variant: str | None = None
    board: BoardEntry | None = None
    settings: SettingsEntry | None = None
    objectives: tuple[ObjectiveEntry, ...] = ()

    @classmethod
    def from_node(cls, root: Node) -> Self:
        root.only(TOP_KEYS)
        return cls(
            provenance=root.get("provenance", str),
            first=root.get("first", str),
            bottom=SideEntry.from_node(root.child("bottom")),
            top=SideEntry.from_node(root.child("top")),
            title=optional(root, "title", str),
            note=optional(root, "note", str),
            variant=optional(root, "variant", str),
            board=BoardEntry.from_node(root.child("board")) if root.has("board") else None,
            settings=(
                SettingsEntry.from_node(root.child("settings")) if root.has("settings") else None
            ),
            objectives=tuple(
                ObjectiveEntry.from_node(n) for n in root.list("objective", default_empty=True)
            ),
        )

    def to_document(self) -> dict[str, Any]:
        return document(
            ("title", self.title),
            ("provenance", self.provenance),
            ("note", self.note),
            ("variant", self.variant),
            ("first", self.first),
            ("settings", None if self.settings is None else self.settings.to_document()),
            ("board", None if self.board is None else self.board.to_document()),
            ("objective", _listed(self.objectives)),
            ("bottom", self.bottom.to_document()),
            ("top", self.top.to_document()),
        )

    # -- the sides ------------------------------------------------------------------------------

    def side(self, seat: str) -> SideEntry:
        """The table of ``seat`` (``"bottom"`` or ``"top"``)."""
        if seat not in SEATS:
            raise ValueError(f"side: expected one of {list(SEATS)}, got {seat!r}")
        side: SideEntry = getattr(self, seat)
        return side

    def with_side(self, seat: str, side: SideEntry) -> Self:
        """This scenario with ``seat``'s table replaced."""
        self.side(seat)
        return attrs.evolve(self, bottom=side) if seat == "bottom" else attrs.evolve(self, top=side)

    def with_command(self, seat: str, command: int) -> Self:
        """This scenario with ``seat``'s Command (its hand size, CCB-HAND-01) ``command``."""
        return self.with_side(seat, attrs.evolve(self.side(seat), command=command))

    def with_banners(self, seat: str, banners: int) -> Self:
        """This scenario with ``seat`` winning at ``banners`` victory banners (CCB-VICTORY-03,
        CCB-GAP-11)."""
        return self.with_side(seat, attrs.evolve(self.side(seat), banners=banners))

    def with_first(self, seat: str) -> Self:
        """This scenario with ``seat`` playing first (CCB-GAP-11)."""
        self.side(seat)
        return attrs.evolve(self, first=seat)

    def arm(self, seat: str, unit_type: str, reach: int) -> Self:
        """This scenario with ``seat``'s units of ``unit_type`` firing missiles to ``reach``
        hexes (CCB-RANGED-01, CCB-GEN-03; in place of the type's earlier arming, if any)."""
        side = self.side(seat)
        kept = tuple(m for m in side.missiles if m.type != unit_type)
        armed = (*kept, MissileEntry(unit_type, reach))
        return self.with_side(seat, attrs.evolve(side, missiles=armed))

    # -- the pieces -----------------------------------------------------------------------------

    def add_unit(self, seat: str, unit: UnitEntry) -> Self:
        """This scenario with ``unit`` added to ``seat``'s army."""
        side = self.side(seat)
        return self.with_side(seat, attrs.evolve(side, units=(*side.units, unit)))

    def add_leader(self, seat: str, leader: LeaderEntry) -> Self:
        """This scenario with ``leader`` added to ``seat``'s army."""
        side = self.side(seat)
        return self.with_side(seat, attrs.evolve(side, leaders=(*side.leaders, leader)))

    def without_unit(self, unit: str) -> Self:
        """This scenario without the unit on hex ``unit`` or named ``unit`` (a ``KeyError``
        if neither army has one); a leader attached to it stays, alone."""
        return self._each("units", unit, lambda side, entry: None)

    def without_leader(self, leader: str) -> Self:
        """This scenario without the leader named ``leader`` or on hex ``leader``."""
        return self._each("leaders", leader, lambda side, entry: None)

    def move_leader(self, leader: str, hex_id: str) -> Self:
        """This scenario with the leader named ``leader`` (or on hex ``leader``) set up on
        ``hex_id``: attached to his side's unit there, or alone (CCB-LEADER-01)."""
        return self._each("leaders", leader, lambda side, entry: attrs.evolve(entry, hex=hex_id))

    def move_unit(self, unit: str, hex_id: str) -> Self:
        """This scenario with the unit on hex ``unit`` (or named ``unit``) set up on
        ``hex_id``, with the leader attached to it (his side's leader on its hex,
        CCB-LEADER-01)."""
        moved: list[tuple[str, str]] = []

        def move(seat: str, entry: UnitEntry) -> UnitEntry:
            moved.append((seat, entry.hex))
            return attrs.evolve(entry, hex=hex_id)

        found = self._each("units", unit, move)
        for seat, old in moved:
            side = found.side(seat)
            leaders = tuple(
                attrs.evolve(leader, hex=hex_id) if leader.hex == old else leader
                for leader in side.leaders
            )
            found = found.with_side(seat, attrs.evolve(side, leaders=leaders))
        return found

    def _each(
        self,
        pieces: str,
        piece: str,
        change: Callable[[str, Any], Any],
    ) -> Self:
        """This scenario with ``change`` made to each of the sides' ``pieces`` (``"units"``
        or ``"leaders"``) on hex ``piece`` or named ``piece`` (``None``: removed)."""
        found = self
        hit = False
        for seat in SEATS:
            side = found.side(seat)
            kept = []
            for entry in getattr(side, pieces):
                if piece in (entry.hex, entry.name):
                    hit = True
                    entry = change(seat, entry)
                if entry is not None:
                    kept.append(entry)
            changes: dict[str, Any] = {pieces: tuple(kept)}
            found = found.with_side(seat, attrs.evolve(side, **changes))
        if not hit:
            what = "unit" if pieces == "units" else "leader"
            raise KeyError(f"no {what} on hex or named {piece!r} in either army")
        return found

    # -- the battlefield and the readings -------------------------------------------------------

    def with_terrain(self, hex_id: str, terrain: str | None) -> Self:
        """This scenario with ``terrain`` (a terrain id or a name of ``terrain_names``) in
        hex ``hex_id``; ``None``: clear."""
        board = self.board or BoardEntry()
        cells = {h: t for h, t in (board.terrain or {}).items() if h != hex_id}
        if terrain is not None:
            cells[hex_id] = terrain
        return attrs.evolve(self, board=attrs.evolve(board, terrain=cells))

    def add_hexside(self, hexes: tuple[str, str], terrain: str) -> Self:
        """This scenario with ``terrain`` (a ``rampart``) on the side between ``hexes``."""
        board = self.board or BoardEntry()
        sides = (*board.hexsides, HexsideEntry(tuple(hexes), terrain))
        return attrs.evolve(self, board=attrs.evolve(board, hexsides=sides))

    def add_objective(self, objective: ObjectiveEntry) -> Self:
        """This scenario with ``objective`` (banners for holding a hex, CCB-VICTORY-02)."""
        return attrs.evolve(self, objectives=(*self.objectives, objective))

    def with_readings(self, **readings: Any) -> Self:
        """This scenario with the ``[settings]`` readings given (``helmets="attached-only"``,
        ``epic_command=True``; ``None`` unsets one), CCB-GEN-03. An unknown reading is a
        ``KeyError`` listing the known ones."""
        unknown = sorted(set(readings) - set(SETTING_KEYS))
        if unknown:
            raise KeyError(f"not a reading of the game: {unknown}; known: {list(SETTING_KEYS)}")
        settings = attrs.evolve(self.settings or SettingsEntry(), **readings)
        return attrs.evolve(self, settings=settings)


__all__ = [
    "AncientsScenario",
    "BoardEntry",
    "HexsideEntry",
    "LeaderEntry",
    "MissileEntry",
    "ObjectiveEntry",
    "SettingsEntry",
    "SideEntry",
    "UnitEntry",
]
