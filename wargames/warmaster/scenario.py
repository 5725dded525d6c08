"""The Warmaster's scenarios: reading a scenario file (the Traitor's cup and face-down
counters, the Imperial waves, the options) and checking it against the reference data.

:func:`load_setup` reads a scenario: a shipped one from ``wargames/warmaster/scenarios/``, a
user's file by its path, or a :class:`~wargames.core.sources.ScenarioSource` (a user scenario
carried by a saved game); every problem raises :class:`~wargames.core.errors.ScenarioError`
naming the file, the key path and what is wrong. The set-up keeps its source, which saved
states and records name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, SupportsIndex

import attrs

from wargames.core.scenario import Node, package_files
from wargames.core.sources import CACHE_SIZE, ScenarioSource, scenario_source
from wargames.core.transport import SharedValues, shared_reduce
from wargames.warmaster.data import (
    EMPEROR,
    HORUS,
    IMPERIAL,
    PACKAGE,
    SIDES,
    TRAITOR,
    WarmasterData,
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
    source: ScenarioSource = attrs.field(kw_only=True)
    """Where the scenario came from: a shipped id or a user's data (saved with a state)."""

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        """Pickled as its source (:data:`SETUPS`, :mod:`wargames.core.transport`)."""
        return shared_reduce(self, SETUPS, _built, protocol)

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


_SIDE_WORD = {IMPERIAL: "an Imperial", TRAITOR: "a Traitor"}


_SETUP_KEYS = ("name", "provenance", "bridge_control", "traitor", "imperial", "options")
_WAVE_KEYS = (
    "turn", "teleport", "units", "groups", "group_size", "first", "suggested_groups",
)  # fmt: skip
_OPTION_KEYS = (
    "turn_cap", "bot_turn_cap", "cap_winner", "reactor_sabotage", "fleet_lasers",
    "warp_instability",
)  # fmt: skip


MAX_TURN = 1000
"""The latest turn a wave or a turn cap may name (as the ``turn_cap`` option; the rulebook's
waves come on turns 1 and 2, WM-REINF-01, and it has no turn limit, WM-VICTORY-05)."""


def scenario_names() -> list[str]:
    """The scenarios shipped in ``wargames/warmaster/scenarios`` ("boarding")."""
    return package_files(PACKAGE, "scenarios")


def load_setup(scenario: str | ScenarioSource, data: WarmasterData) -> Setup:
    """A scenario, checked against ``data``: a shipped id, the path to a user's ``.toml`` file
    (read again at every call, so an edit takes effect) or a source. Built once per source
    and data (the last :data:`~wargames.core.sources.CACHE_SIZE`)."""
    return _built(scenario_source(PACKAGE, scenario), data)


def _built(source: ScenarioSource, data: WarmasterData) -> Setup:
    """The set-up of ``source`` over ``data``, built once (:data:`SETUPS`); what a pickled
    set-up is read back with."""
    return SETUPS.get(source, data)


def _build(source: ScenarioSource, data: WarmasterData) -> Setup:
    return setup_from(source.node(PACKAGE), source, data)


SETUPS: SharedValues[Setup] = SharedValues(_build, CACHE_SIZE)
"""The set-ups built, by source and data (the last :data:`~wargames.core.sources.CACHE_SIZE`);
one pickles as its source and data (:mod:`wargames.core.transport`)."""


def setup_from(node: Node, source: ScenarioSource, data: WarmasterData) -> Setup:
    """The scenario in a scenario document, checked against ``data``.

    The Traitor's face-down counters are eye-backed starting units, Horus among them, no more
    than there are areas (one per area, WM-SETUP-01, -02); the cup holds skull-backed units
    (WM-SETUP-03); Imperial waves name Imperial counters, a group wave is exactly its groups
    times their size and holds its ``first`` unit (WM-SETUP-05, WM-REINF-01 to -04); no counter
    type is used more often than the manifest holds it. Besides: every wave teleports at least
    one unit, waves come on turns 1 to :data:`MAX_TURN`, turn caps are 0 (none) to
    :data:`MAX_TURN`, and the name is a printable name.
    """
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
        name=node.name("name", source.name),
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
        source=source,
    )


def _cap(node: Node, key: str) -> int | None:
    """A turn cap; 0 or absent means none."""
    value = node.number(key, 0, MAX_TURN, default=0)
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
        turn = item.number("turn", 1, MAX_TURN)
        if turn in turns:
            raise item.error(f"turn {turn} already has a wave (at {turns[turn]})", "turn")
        turns[turn] = item.path
        units = _counts(item.child("units"), data, IMPERIAL, used)
        if not units:
            raise item.error("a wave needs at least one unit", "units")
        if item.get("teleport", str) == "groups":
            waves.append(_group_wave(item, turn, units, data))
        else:
            item.choice("teleport", ("groups", "alone"), what="teleport mode")
            for key in ("groups", "group_size", "first", "suggested_groups"):
                if item.has(key):
                    raise item.error("only a 'groups' wave has this key", key)
            waves.append(ImperialWave(turn=turn, teleport="alone", units=units))
    if not any(EMPEROR in w.units for w in waves):
        raise node.error("the Emperor is in no Imperial wave", "imperial")
    return tuple(sorted(waves, key=lambda w: w.turn))


def _group_wave(
    node: Node, turn: int, units: Mapping[str, int], data: WarmasterData
) -> ImperialWave:
    """Groups of exactly ``group_size`` (WM-SETUP-05), the ``first`` unit's group first
    (WM-REINF-02): ``first`` is a one-of-a-kind counter, such as the Emperor, so that one
    group holds it."""
    groups = node.number("groups", least=1)
    size = node.number("group_size", least=1)
    total = sum(units.values())
    if total != groups * size:
        raise node.error(f"{total} units cannot make {groups} groups of exactly {size}", "units")
    first = node.get("first", str)
    if first not in units:
        raise node.error(f"{first!r} is not among this wave's units", "first")
    if data.counters[first].count != 1:
        raise node.error(
            f"the manifest has {data.counters[first].count} {first} counters; the first group "
            "is named by a one-of-a-kind counter (the Emperor, a Primarch)",
            "first",
        )
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
