"""A P-Scale battle scenario as a Python value (:mod:`wargames.core.scenario_value`).

:class:`BattleScenario` holds a scenario file's keys (the format is described at the top of
``wargames/horde/scenarios/manufactorum.toml`` and on the docs page "Scenarios"): the grid, the
terrain, the mission (rounds, who has the first initiative, the objectives) and the two armies,
each with its hordes (:class:`HordeEntry`) and Officers (:class:`OfficerEntry`). Read one, change
it, play it::

    >>> import wargames
    >>> battle = wargames.scenario("horde", "mirror")
    >>> bigger = battle.add_horde("blue", HordeEntry("A3", "guard-infantry", "03-05"))
    >>> state = wargames.load("horde", scenario=bigger.with_rounds(6))
    >>> state.rounds, len(state.units) - len(wargames.load("horde", "mirror").units)
    (6, 1)

Keys a file leaves out are ``None`` here (the game's default applies: 10 rounds, blue first,
the catalogue's readings) and stay out of the document. What the values mean (a square on the
grid, a known profile, one horde per square, HMC-SCALE-05) is checked when the scenario is
played, exactly as for a file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

import attrs

from wargames.core.scenario import Node
from wargames.core.scenario_value import ScenarioValue, document, optional
from wargames.horde.scenario import (
    HORDE_KEYS,
    OBJECTIVE_KEYS,
    OFFICER_KEYS,
    PACKAGE,
    SIDE_KEYS,
    SIDES,
    TOP_KEYS,
)
from wargames.horde.terrain import TERRAIN


def _strings(root: Node, key: str) -> tuple[str, ...] | None:
    return root.strings(key, default_empty=False) if root.has(key) else None


def _list(values: tuple[str, ...] | None) -> list[str] | None:
    return None if values is None else list(values)


@attrs.frozen
class HordeEntry:
    """A ``[[blue.horde]]`` of the file: a horde of a shipped ``profile`` on square ``at``
    (``"05-07"``), at its profile's Magnitude unless ``magnitude`` says less, in stealth from
    the start if ``stealthed`` (Ambushers in cover, HMC-TALENT-01)."""

    id: str
    profile: str
    at: str
    magnitude: int | None = None
    stealthed: bool | None = None
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> HordeEntry:
        node.only(HORDE_KEYS)
        return cls(
            node.get("id", str),
            node.get("profile", str),
            node.get("at", str),
            optional(node, "magnitude", int),
            optional(node, "stealthed", bool),
            optional(node, "note", str),
        )

    def to_document(self) -> dict[str, Any]:
        return document(
            ("id", self.id),
            ("profile", self.profile),
            ("at", self.at),
            ("magnitude", self.magnitude),
            ("stealthed", self.stealthed),
            ("note", self.note),
        )


@attrs.frozen
class OfficerEntry:
    """A ``[[blue.officer]]``: an Officer with the statistics and weapons of ``profile`` and
    ``wounds``, his ``talents``, who either stands ``at`` a square or ``join``s a horde."""

    id: str
    profile: str
    wounds: int
    name: str | None = None
    talents: tuple[str, ...] | None = None
    at: str | None = None
    join: str | None = None
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> OfficerEntry:
        node.only(OFFICER_KEYS)
        return cls(
            node.get("id", str),
            node.get("profile", str),
            node.get("wounds", int),
            optional(node, "name", str),
            _strings(node, "talents"),
            optional(node, "at", str),
            optional(node, "join", str),
            optional(node, "note", str),
        )

    def to_document(self) -> dict[str, Any]:
        return document(
            ("id", self.id),
            ("name", self.name),
            ("profile", self.profile),
            ("wounds", self.wounds),
            ("talents", _list(self.talents)),
            ("at", self.at),
            ("join", self.join),
            ("note", self.note),
        )


@attrs.frozen
class ArmyEntry:
    """A side's table (``[blue]``): the ``army``'s name, its HQ area (squares and rectangles
    ``"01-01:02-12"``) with the ``command_post`` in it, the Officer who is its ``commander``
    (without one the Commander stays at the command post), its hordes and Officers."""

    army: str
    hq: tuple[str, ...]
    command_post: str
    commander: str | None = None
    hordes: tuple[HordeEntry, ...] = ()
    officers: tuple[OfficerEntry, ...] = ()
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> ArmyEntry:
        node.only(SIDE_KEYS)
        return cls(
            node.get("army", str),
            node.strings("hq", default_empty=False),
            node.get("command_post", str),
            optional(node, "commander", str),
            tuple(HordeEntry.from_node(n) for n in node.list("horde", default_empty=True)),
            tuple(OfficerEntry.from_node(n) for n in node.list("officer", default_empty=True)),
            optional(node, "note", str),
        )

    def to_document(self) -> dict[str, Any]:
        return document(
            ("army", self.army),
            ("hq", list(self.hq)),
            ("command_post", self.command_post),
            ("commander", self.commander),
            ("note", self.note),
            ("horde", [h.to_document() for h in self.hordes] or None),
            ("officer", [o.to_document() for o in self.officers] or None),
        )


@attrs.frozen
class ObjectiveEntry:
    """An ``[[objective]]``: ``kind`` ``"control"`` (its ``squares``), ``"collapse"`` or
    ``"destroy"`` (its ``unit``), worth ``points`` Turning Points, to ``side`` only if given."""

    kind: str
    points: int
    name: str | None = None
    squares: tuple[str, ...] | None = None
    unit: str | None = None
    side: str | None = None
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> ObjectiveEntry:
        node.only(OBJECTIVE_KEYS)
        return cls(
            node.get("kind", str),
            node.get("points", int),
            optional(node, "name", str),
            _strings(node, "squares"),
            optional(node, "unit", str),
            optional(node, "side", str),
            optional(node, "note", str),
        )

    def to_document(self) -> dict[str, Any]:
        return document(
            ("kind", self.kind),
            ("name", self.name),
            ("squares", _list(self.squares)),
            ("unit", self.unit),
            ("side", self.side),
            ("points", self.points),
            ("note", self.note),
        )


@attrs.frozen(kw_only=True)
class BattleScenario(ScenarioValue):
    """A P-Scale battle scenario (see the module docstring); ``terrain`` maps a kind of
    ground (``ruins``, ``cover``...) to its squares and rectangles."""

    game_id = "horde"
    package = PACKAGE

    title: str
    width: int
    height: int
    blue: ArmyEntry
    red: ArmyEntry
    rounds: int | None = None
    first: str | None = None
    rules: str | None = None
    provenance: str | None = None
    note: str | None = None
    terrain: dict[str, tuple[str, ...]] | None = attrs.field(default=None, hash=False)
    terrain_note: str | None = None
    objectives: tuple[ObjectiveEntry, ...] = ()

    @classmethod
    def from_node(cls, root: Node) -> Self:
        root.only(TOP_KEYS)
        terrain, terrain_note = _terrain(root)
        return cls(
            title=root.get("title", str),
            width=root.get("width", int),
            height=root.get("height", int),
            blue=ArmyEntry.from_node(root.child("blue")),
            red=ArmyEntry.from_node(root.child("red")),
            rounds=optional(root, "rounds", int),
            first=optional(root, "first", str),
            rules=optional(root, "rules", str),
            provenance=optional(root, "provenance", str),
            note=optional(root, "note", str),
            terrain=terrain,
            terrain_note=terrain_note,
            objectives=tuple(
                ObjectiveEntry.from_node(n) for n in root.list("objective", default_empty=True)
            ),
        )

    def to_document(self) -> dict[str, Any]:
        terrain = None
        if self.terrain is not None or self.terrain_note is not None:
            kinds = {kind: list(squares) for kind, squares in (self.terrain or {}).items()}
            terrain = document(*kinds.items(), ("note", self.terrain_note))
        return document(
            ("title", self.title),
            ("provenance", self.provenance),
            ("note", self.note),
            ("width", self.width),
            ("height", self.height),
            ("rounds", self.rounds),
            ("first", self.first),
            ("rules", self.rules),
            ("terrain", terrain),
            ("objective", [o.to_document() for o in self.objectives] or None),
            ("blue", self.blue.to_document()),
            ("red", self.red.to_document()),
        )

    # -- changing it ----------------------------------------------------------------------------

    def army(self, side: str) -> ArmyEntry:
        """The army of ``side`` (``"blue"`` or ``"red"``)."""
        if side not in SIDES:
            raise ValueError(f"side: expected one of {list(SIDES)}, got {side!r}")
        army: ArmyEntry = getattr(self, side)
        return army

    def with_army(self, side: str, army: ArmyEntry) -> Self:
        """This scenario with ``side``'s army replaced."""
        self.army(side)
        return attrs.evolve(self, blue=army) if side == "blue" else attrs.evolve(self, red=army)

    def with_rounds(self, rounds: int) -> Self:
        """This scenario with a mission of ``rounds`` battle rounds."""
        return attrs.evolve(self, rounds=rounds)

    def add_horde(self, side: str, horde: HordeEntry) -> Self:
        """This scenario with ``horde`` added to ``side``'s army."""
        army = self.army(side)
        return self.with_army(side, attrs.evolve(army, hordes=(*army.hordes, horde)))

    def add_officer(self, side: str, officer: OfficerEntry) -> Self:
        """This scenario with ``officer`` added to ``side``'s army."""
        army = self.army(side)
        return self.with_army(side, attrs.evolve(army, officers=(*army.officers, officer)))

    def without(self, unit: str) -> Self:
        """This scenario without the horde or Officer ``unit`` (a ``KeyError`` if neither
        army has it)."""
        return self._each_unit(unit, lambda entry: None)

    def moved(self, unit: str, square: str) -> Self:
        """This scenario with the horde or Officer ``unit`` set up on ``square`` (an Officer
        who joined a horde now stands on the square instead)."""

        def move(entry: HordeEntry | OfficerEntry) -> HordeEntry | OfficerEntry:
            if isinstance(entry, OfficerEntry):
                return attrs.evolve(entry, at=square, join=None)
            return attrs.evolve(entry, at=square)

        return self._each_unit(unit, move)

    def with_magnitude(self, horde: str, magnitude: int) -> Self:
        """This scenario with ``horde`` starting at ``magnitude``."""

        def resize(entry: HordeEntry | OfficerEntry) -> HordeEntry | OfficerEntry:
            if not isinstance(entry, HordeEntry):
                raise KeyError(f"{horde!r} is an Officer, not a horde")
            return attrs.evolve(entry, magnitude=magnitude)

        return self._each_unit(horde, resize)

    def _each_unit(
        self,
        unit: str,
        change: Callable[[HordeEntry | OfficerEntry], HordeEntry | OfficerEntry | None],
    ) -> Self:
        """This scenario with ``change`` made to the entry of ``unit`` (``None``: removed)."""
        found = self
        hit = False
        for side in SIDES:
            army = found.army(side)
            hordes: list[HordeEntry] = []
            officers: list[OfficerEntry] = []
            entries: tuple[HordeEntry | OfficerEntry, ...] = (*army.hordes, *army.officers)
            for entry in entries:
                new = change(entry) if entry.id == unit else entry
                hit = hit or entry.id == unit
                if isinstance(new, HordeEntry):
                    hordes.append(new)
                elif isinstance(new, OfficerEntry):
                    officers.append(new)
            army = attrs.evolve(army, hordes=tuple(hordes), officers=tuple(officers))
            found = found.with_army(side, army)
        if not hit:
            raise KeyError(f"no unit {unit!r} in either army")
        return found


def _terrain(root: Node) -> tuple[dict[str, tuple[str, ...]] | None, str | None]:
    """The ``[terrain]`` table: each kind's squares, and its note."""
    if not root.has("terrain"):
        return None, None
    node = root.child("terrain")
    node.only(tuple(TERRAIN))
    kinds = {
        kind: node.strings(kind, default_empty=False)
        for kind in node.keys()  # noqa: SIM118 - a Node, not a dict
        if kind != "note"
    }
    return kinds, optional(node, "note", str)


__all__ = ["ArmyEntry", "BattleScenario", "HordeEntry", "ObjectiveEntry", "OfficerEntry"]
