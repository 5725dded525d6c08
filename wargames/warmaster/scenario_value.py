"""A scenario of The Warmaster as a Python value (:mod:`wargames.core.scenario_value`).

:class:`BoardingScenario` holds a scenario file's keys (the format is on the docs page
"Scenarios" and at the top of ``wargames/warmaster/scenarios/boarding.toml``): who controls the
Bridge, the Traitor's set-up (:class:`TraitorEntry`: the counters set up face down and those in
the cup), the Imperial waves that teleport aboard (:class:`WaveEntry`) and the options
(:class:`OptionsEntry`). Counter types are given with how many of them: ``{"crew": 4}``. Read
one, change it, play it::

    >>> import wargames
    >>> boarding = wargames.scenario("warmaster", "boarding")
    >>> storm = boarding.remove_from_cup("crew", 2).remove_face_down("trap")
    >>> state = wargames.load("warmaster", scenario=storm.with_warp_instability())
    >>> len(state.cup), len(wargames.load("warmaster", "boarding").cup), state.warp_instability
    (20, 22, True)
    >>> boarding.wave(1).first, boarding.wave(1).groups, boarding.wave(2).teleport
    ('emperor', 4, 'alone')

Keys a file leaves out are ``None`` here (the game's default applies: no turn cap, the
Traitor winning at a cap, the ship-destruction routes on, no warp instability) and stay out of
the document. What the values mean (a known counter of the right side and back, Horus face
down, no more counters than the manifest holds, groups of exactly their size) is checked when
the scenario is played, by :mod:`wargames.warmaster.scenario`, exactly as for a file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Self

import attrs

from wargames.core.scenario import Node
from wargames.core.scenario_value import ScenarioValue, document, optional
from wargames.warmaster.data import PACKAGE
from wargames.warmaster.scenario import _OPTION_KEYS, _SETUP_KEYS, _WAVE_KEYS

TRAITOR_KEYS = ("face_down", "cup")
"""The keys of the ``[traitor]`` table (the loader's ``traitor.only(...)``)."""

Counts = dict[str, int]
"""Counter type -> how many (``{"custodes": 3}``), in the file's order."""


def _copied(counts: Mapping[str, int]) -> Counts:
    """A value's own copy of ``counts`` (any mapping given)."""
    return dict(counts)


def _grouped(groups: Iterable[Iterable[str]] | None) -> tuple[tuple[str, ...], ...] | None:
    """Groups of counter types as tuples (lists given in Python compare equal to a file's)."""
    return None if groups is None else tuple(tuple(group) for group in groups)


def _counts(node: Node, key: str) -> Counts:
    """The table of counter types under ``key``, each with a whole number (which types and
    how many are checked when played)."""
    table = node.child(key)
    return {unit: table.get(unit, int) for unit in table.keys()}  # noqa: SIM118 - a Node


def _added(counts: Mapping[str, int], counter: str, count: int) -> Counts:
    """``counts`` with ``count`` more ``counter``."""
    if count < 1:
        raise ValueError(f"count: expected at least 1, got {count}")
    return {**counts, counter: counts.get(counter, 0) + count}


def _removed(counts: Mapping[str, int], counter: str, count: int, where: str) -> Counts:
    """``counts`` with ``count`` fewer ``counter`` (a type removed in full is left out);
    ``where`` names the list in the errors."""
    if counter not in counts:
        raise KeyError(f"no {counter!r} {where}; it holds {sorted(counts)}")
    if not 1 <= count <= counts[counter]:
        raise ValueError(f"{where} holds {counts[counter]} {counter}, cannot remove {count}")
    left = counts[counter] - count
    return {k: (left if k == counter else n) for k, n in counts.items() if k != counter or left}


@attrs.frozen
class TraitorEntry:
    """The ``[traitor]`` table: the eye-backed starting units set up ``face_down``, one per
    area, Horus among them (WM-SETUP-02), and the skull-backed reinforcements in the ``cup``
    (WM-SETUP-03)."""

    face_down: Counts = attrs.field(converter=_copied, hash=False)
    cup: Counts = attrs.field(converter=_copied, hash=False)
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> TraitorEntry:
        node.only(TRAITOR_KEYS)
        return cls(_counts(node, "face_down"), _counts(node, "cup"), optional(node, "note", str))

    def to_document(self) -> dict[str, Any]:
        return document(
            ("note", self.note), ("face_down", dict(self.face_down)), ("cup", dict(self.cup))
        )


@attrs.frozen
class WaveEntry:
    """An ``[[imperial]]`` wave: the Imperial ``units`` that teleport aboard on ``turn``
    (WM-REINF-01, -04). ``teleport`` is ``"groups"`` (``groups`` groups of exactly
    ``group_size``, one D66 roll a group, the group holding ``first`` first: WM-SETUP-05,
    WM-REINF-02, -03; ``suggested_groups`` a default grouping for bots and quick starts) or
    ``"alone"`` (one roll a unit)."""

    turn: int
    teleport: str
    units: Counts = attrs.field(converter=_copied, hash=False)
    groups: int | None = None
    group_size: int | None = None
    first: str | None = None
    suggested_groups: tuple[tuple[str, ...], ...] | None = attrs.field(
        default=None, converter=_grouped
    )
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> WaveEntry:
        node.only(_WAVE_KEYS)
        suggested = None
        if node.has("suggested_groups"):
            suggested = tuple(
                tuple(unit.as_(str) for unit in group.items())
                for group in node.list("suggested_groups")
            )
        return cls(
            node.get("turn", int),
            node.get("teleport", str),
            _counts(node, "units"),
            optional(node, "groups", int),
            optional(node, "group_size", int),
            optional(node, "first", str),
            suggested,
            optional(node, "note", str),
        )

    def to_document(self) -> dict[str, Any]:
        suggested = self.suggested_groups
        return document(
            ("turn", self.turn),
            ("teleport", self.teleport),
            ("groups", self.groups),
            ("group_size", self.group_size),
            ("first", self.first),
            ("note", self.note),
            ("units", dict(self.units)),
            ("suggested_groups", None if suggested is None else [list(g) for g in suggested]),
        )


@attrs.frozen
class OptionsEntry:
    """The ``[options]`` table: a ``turn_cap`` (0: none, the rulebook's game, WM-VICTORY-05),
    the ``bot_turn_cap`` of bot-against-bot games, the ``cap_winner`` at a cap, the
    ship-destruction routes (``reactor_sabotage``, ``fleet_lasers``) and the optional
    ``warp_instability`` (WM-GAP-05)."""

    turn_cap: int | None = None
    bot_turn_cap: int | None = None
    cap_winner: str | None = None
    reactor_sabotage: bool | None = None
    fleet_lasers: bool | None = None
    warp_instability: bool | None = None
    note: str | None = None

    @classmethod
    def from_node(cls, node: Node) -> OptionsEntry:
        node.only(_OPTION_KEYS)
        return cls(
            optional(node, "turn_cap", int),
            optional(node, "bot_turn_cap", int),
            optional(node, "cap_winner", str),
            optional(node, "reactor_sabotage", bool),
            optional(node, "fleet_lasers", bool),
            optional(node, "warp_instability", bool),
            optional(node, "note", str),
        )

    def to_document(self) -> dict[str, Any]:
        return document(*((key, getattr(self, key)) for key in (*_OPTION_KEYS, "note")))


@attrs.frozen(kw_only=True)
class BoardingScenario(ScenarioValue):
    """A scenario of The Warmaster (see the module docstring). ``setup_name`` is the file's
    ``name`` key (``None``: the game names the set-up after the scenario); ``imperial`` is the
    list of waves in the file's order."""

    game_id = "warmaster"
    package = PACKAGE

    provenance: str
    bridge_control: str
    traitor: TraitorEntry
    imperial: tuple[WaveEntry, ...]
    setup_name: str | None = None
    options: OptionsEntry | None = None
    note: str | None = None

    @classmethod
    def from_node(cls, root: Node) -> Self:
        root.only(_SETUP_KEYS)
        setup_name = optional(root, "name", str)
        return cls(
            name=setup_name or "scenario",
            setup_name=setup_name,
            provenance=root.get("provenance", str),
            note=optional(root, "note", str),
            bridge_control=root.get("bridge_control", str),
            traitor=TraitorEntry.from_node(root.child("traitor")),
            imperial=tuple(WaveEntry.from_node(n) for n in root.list("imperial")),
            options=OptionsEntry.from_node(root.child("options")) if root.has("options") else None,
        )

    def to_document(self) -> dict[str, Any]:
        return document(
            ("name", self.setup_name),
            ("provenance", self.provenance),
            ("note", self.note),
            ("bridge_control", self.bridge_control),
            ("traitor", self.traitor.to_document()),
            ("imperial", [wave.to_document() for wave in self.imperial]),
            ("options", None if self.options is None else self.options.to_document()),
        )

    # -- changing it ----------------------------------------------------------------------------

    def renamed(self, name: str) -> Self:
        """This scenario named ``name`` (its ``name`` key too, if it has one), for saving as
        ``NAME.toml``."""
        return attrs.evolve(self, name=name, setup_name=name if self.setup_name else None)

    def with_bridge_control(self, side: str) -> Self:
        """This scenario with ``side`` controlling the Bridge at the start (WM-BRIDGE-01)."""
        return attrs.evolve(self, bridge_control=side)

    def add_face_down(self, counter: str, count: int = 1) -> Self:
        """This scenario with ``count`` more ``counter`` starting units set up face down
        (WM-SETUP-02)."""
        face_down = _added(self.traitor.face_down, counter, count)
        return attrs.evolve(self, traitor=attrs.evolve(self.traitor, face_down=face_down))

    def remove_face_down(self, counter: str, count: int = 1) -> Self:
        """This scenario with ``count`` fewer ``counter`` set up face down (a ``KeyError`` if
        none is, a ``ValueError`` for more than there are)."""
        face_down = _removed(self.traitor.face_down, counter, count, "face down")
        return attrs.evolve(self, traitor=attrs.evolve(self.traitor, face_down=face_down))

    def add_to_cup(self, counter: str, count: int = 1) -> Self:
        """This scenario with ``count`` more ``counter`` reinforcements in the cup
        (WM-SETUP-03)."""
        cup = _added(self.traitor.cup, counter, count)
        return attrs.evolve(self, traitor=attrs.evolve(self.traitor, cup=cup))

    def remove_from_cup(self, counter: str, count: int = 1) -> Self:
        """This scenario with ``count`` fewer ``counter`` in the cup (a ``KeyError`` if the cup
        has none, a ``ValueError`` for more than it has)."""
        cup = _removed(self.traitor.cup, counter, count, "in the cup")
        return attrs.evolve(self, traitor=attrs.evolve(self.traitor, cup=cup))

    def wave(self, turn: int) -> WaveEntry:
        """The Imperial wave that teleports aboard on ``turn`` (a ``KeyError`` if none)."""
        for wave in self.imperial:
            if wave.turn == turn:
                return wave
        raise KeyError(
            f"no Imperial wave on turn {turn}; waves on turns {[w.turn for w in self.imperial]}"
        )

    def add_wave(self, wave: WaveEntry) -> Self:
        """This scenario with ``wave`` teleporting aboard too (one wave a turn: a wave on a
        turn that has one is the file's error when played)."""
        return attrs.evolve(self, imperial=(*self.imperial, wave))

    def without_wave(self, turn: int) -> Self:
        """This scenario without the wave of ``turn``."""
        self.wave(turn)
        return attrs.evolve(self, imperial=tuple(w for w in self.imperial if w.turn != turn))

    def with_wave_turn(self, turn: int, new_turn: int) -> Self:
        """This scenario with the wave of ``turn`` teleporting on ``new_turn`` instead."""
        return self._each_wave(turn, lambda wave: attrs.evolve(wave, turn=new_turn))

    def add_to_wave(self, turn: int, counter: str, count: int = 1) -> Self:
        """This scenario with ``count`` more ``counter`` in the wave of ``turn`` (a group wave
        must still make its groups, :meth:`in_groups`)."""
        return self._each_wave(
            turn, lambda wave: attrs.evolve(wave, units=_added(wave.units, counter, count))
        )

    def remove_from_wave(self, turn: int, counter: str, count: int = 1) -> Self:
        """This scenario with ``count`` fewer ``counter`` in the wave of ``turn``."""
        where = f"in the wave of turn {turn}"
        return self._each_wave(
            turn, lambda wave: attrs.evolve(wave, units=_removed(wave.units, counter, count, where))
        )

    def in_groups(
        self,
        turn: int,
        groups: int,
        group_size: int,
        first: str,
        suggested_groups: Iterable[Iterable[str]] | None = None,
    ) -> Self:
        """This scenario with the wave of ``turn`` teleporting as ``groups`` groups of exactly
        ``group_size`` units, one D66 roll a group, the group holding ``first`` first
        (WM-SETUP-05, WM-REINF-01 to -03), with ``suggested_groups`` as its default grouping
        (``None``: none)."""
        return self._each_wave(
            turn,
            lambda wave: attrs.evolve(
                wave,
                teleport="groups",
                groups=groups,
                group_size=group_size,
                first=first,
                suggested_groups=suggested_groups,
            ),
        )

    def alone(self, turn: int) -> Self:
        """This scenario with each unit of the wave of ``turn`` teleporting alone, with its
        own D66 roll (as the Imperial Guard on turn 2, WM-REINF-04)."""
        return self._each_wave(
            turn,
            lambda wave: attrs.evolve(
                wave,
                teleport="alone",
                groups=None,
                group_size=None,
                first=None,
                suggested_groups=None,
            ),
        )

    def with_options(self, **options: Any) -> Self:
        """This scenario with the options given changed (``turn_cap=8``,
        ``warp_instability=True``; ``None`` leaves one out, the game's default); a
        ``KeyError`` names an option the file has not."""
        unknown = sorted(set(options) - set(_OPTION_KEYS))
        if unknown:
            raise KeyError(f"no option {unknown[0]!r}; the options are {list(_OPTION_KEYS)}")
        return attrs.evolve(self, options=attrs.evolve(self.options or OptionsEntry(), **options))

    def with_warp_instability(self, on: bool = True) -> Self:
        """This scenario with the optional warp instability on (or off) (WM-GAP-05)."""
        return self.with_options(warp_instability=on)

    def with_turn_cap(self, turns: int) -> Self:
        """This scenario ending after ``turns`` game turns, the ``cap_winner`` winning (0: no
        turn limit, the rulebook's game, WM-VICTORY-05)."""
        return self.with_options(turn_cap=turns)

    def _each_wave(self, turn: int, change: Callable[[WaveEntry], WaveEntry]) -> Self:
        """This scenario with ``change`` made to the wave of ``turn``."""
        self.wave(turn)
        waves = tuple(change(w) if w.turn == turn else w for w in self.imperial)
        return attrs.evolve(self, imperial=waves)


__all__ = ["BoardingScenario", "OptionsEntry", "TraitorEntry", "WaveEntry"]
