"""Battle for Armageddon's scenarios: reading a scenario file and checking its starting
position against the reference data.

:func:`load_setup` reads a scenario's starting position (:class:`Setup`): a shipped one from
``wargames/armageddon/scenarios/``, a user's file by its path, or a
:class:`~wargames.core.sources.ScenarioSource` (a user scenario carried by a saved game); every
problem raises :class:`~wargames.core.errors.ScenarioError` naming the file, the key path and
what is wrong. The set-up keeps its source, which saved states and records name.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any, SupportsIndex

import attrs

from wargames.armageddon.data import (
    IMPERIUM,
    ORKS,
    PACKAGE,
    STACK_LIMIT,
    ArmageddonData,
    CounterSpec,
)
from wargames.core.scenario import Node, package_files
from wargames.core.sources import CACHE_SIZE, ScenarioSource, scenario_source
from wargames.core.stacking import StackingRule
from wargames.core.transport import SharedValues, shared_reduce


@attrs.frozen
class Setup:
    """A scenario's starting position."""

    name: str
    imperial: Mapping[str, tuple[str, ...]]
    """Area id -> counter ids placed there at the start (structures included)."""
    reinforcements: Mapping[int, tuple[str, ...]]
    """Turn -> Imperial counter ids that arrive at the start of that turn."""
    ork_areas: tuple[str, ...]
    """Areas where the Ork player may deploy (Ork territory)."""
    ork_counters: tuple[str, ...]
    """The Ork counters deployed (all of them in the campaign)."""
    build_points: int = 20
    turns: int = 8
    provenance: str = "reconstructed"
    source: ScenarioSource = attrs.field(kw_only=True)
    """Where the scenario came from: a shipped id or a user's data (saved with a state)."""

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        """Pickled as its source (:data:`SETUPS`, :mod:`wargames.core.transport`)."""
        return shared_reduce(self, SETUPS, _built, protocol)


_SIDE_WORD = {ORKS: "an Ork", IMPERIUM: "an Imperial"}


def _is_exempt(counter: CounterSpec) -> bool:
    return counter.exempt


def _tribe_of(counter: CounterSpec) -> str | None:
    return counter.tribe


_SETUP_STACKING: StackingRule[CounterSpec] = StackingRule(
    limit=STACK_LIMIT,
    exempt=_is_exempt,
    group=_tribe_of,
    loss_chooser="opponent",
    checked="end-of-movement",
)
"""At most three counting counters per stack (BFA-STACK-02), leaders and structures exempt
(BFA-STACK-03), one Ork tribe per stack (BFA-STACK-04), the opponent picks the losses
(BFA-STACK-05), checked at the end of movement (BFA-STACK-07)."""

SETUP_KEYS = (
    "name", "provenance", "build_points", "turns", "imperial", "reinforcements",
    "ork_areas", "ork_counters",
)  # fmt: skip
"""The keys of a scenario file's top level (``note`` is allowed besides, as everywhere)."""

MAX_TURNS = 99
"""The longest game a scenario may set (the campaign lasts 8 turns, BFA-SETUP-01)."""


def scenario_names() -> list[str]:
    """The scenarios shipped in ``wargames/armageddon/scenarios`` ("campaign")."""
    return package_files(PACKAGE, "scenarios")


def load_setup(scenario: str | ScenarioSource, data: ArmageddonData) -> Setup:
    """A scenario's starting position: a shipped id, the path to a user's ``.toml`` file
    (read again at every call, so an edit takes effect) or a source. Built once per source
    and data (the last :data:`~wargames.core.sources.CACHE_SIZE`)."""
    return _built(scenario_source(PACKAGE, scenario), data)


def _built(source: ScenarioSource, data: ArmageddonData) -> Setup:
    """The set-up of ``source`` over ``data``, built once (:data:`SETUPS`); what a pickled
    set-up is read back with."""
    return SETUPS.get(source, data)


def _build(source: ScenarioSource, data: ArmageddonData) -> Setup:
    return setup_from(source.node(PACKAGE), source, data)


SETUPS: SharedValues[Setup] = SharedValues(_build, CACHE_SIZE)
"""The set-ups built, by source and data (the last :data:`~wargames.core.sources.CACHE_SIZE`);
one pickles as its source and data (:mod:`wargames.core.transport`)."""


def setup_from(node: Node, source: ScenarioSource, data: ArmageddonData) -> Setup:
    """The starting position in a scenario document.

    Implements the set-up rules (BFA-SETUP-01, -04 to -07) over the missing reference sheet's
    deployment (BFA-GAP-05): every counter exists and is placed once, on its own side's list;
    Imperial stacks obey stacking; the Ork army fits its deployment areas; and the build
    points equal the defence of the hives and factories set up (BFA-BUILD-02).

    Besides: each side has an army (at least one Ork counter and one Ork area), every hive and
    factory counter is set up (the build points track counts them all), the game lasts 1 to
    :data:`MAX_TURNS` turns and the name is a printable name.
    """
    node.only(SETUP_KEYS)
    placed: dict[str, str] = {}
    ork_areas = _ork_areas(node, data)
    imperial = _imperial(node.child("imperial"), data, placed, ork_areas)
    ork_counters = _counter_ids(node.list("ork_counters"), data, placed, ORKS)
    if not ork_counters:
        raise node.error("the Orks need at least one counter", "ork_counters")
    _check_ork_room(node, ork_counters, ork_areas, data)
    turns = node.number("turns", 1, MAX_TURNS)
    build_points = node.number("build_points")
    _check_sites(node, imperial, data)
    _check_build_points(node, build_points, imperial, data)
    return Setup(
        name=node.name("name", source.name),
        imperial=imperial,
        reinforcements=_reinforcements(node, data, placed, turns),
        ork_areas=ork_areas,
        ork_counters=ork_counters,
        build_points=build_points,
        turns=turns,
        provenance=node.provenance(),
        source=source,
    )


def _ork_areas(node: Node, data: ArmageddonData) -> tuple[str, ...]:
    """The Ork deployment areas: known areas in Ork Territory (BFA-SETUP-07)."""
    seen: dict[str, str] = {}
    for item in node.list("ork_areas"):
        area = item.unique(seen, "area")
        if area not in data.board:
            raise item.error(f"unknown area {area!r}")
        if not data.board[area].has("ork-territory"):
            raise item.error(f"{area} is not in Ork Territory")
    if not seen:
        raise node.error("the Orks need at least one deployment area", "ork_areas")
    return tuple(seen)


def _imperial(
    node: Node, data: ArmageddonData, placed: dict[str, str], ork_areas: Collection[str]
) -> dict[str, tuple[str, ...]]:
    """The Imperial deployment, area by area (BFA-SETUP-04)."""
    out: dict[str, tuple[str, ...]] = {}
    areas = node.keys()
    for area in areas:
        _check_placement_area(node, area, data, ork_areas)
        stack = node.child(area)
        out[area] = _counter_ids(stack.items(), data, placed, IMPERIUM)
        _check_stack(stack, area, [data.counters[c] for c in out[area]], data)
    return out


def _check_placement_area(
    node: Node, area: str, data: ArmageddonData, ork_areas: Collection[str]
) -> None:
    if area not in data.board:
        raise node.error(f"unknown area {area!r}", area)
    if not data.terrain[data.board[area].terrain].enterable:
        raise node.error(f"{area} is impassable ({data.board[area].terrain})", area)
    if area in ork_areas:
        raise node.error(f"{area} is an Ork deployment area", area)


def _counter_ids(
    nodes: Iterable[Node], data: ArmageddonData, placed: dict[str, str], side: str
) -> tuple[str, ...]:
    """Counter ids that must exist, belong to ``side`` and not be placed anywhere else."""
    out: list[str] = []
    for item in nodes:
        counter = item.as_(str)
        spec = data.counters.get(counter)
        if spec is None:
            raise item.error(f"unknown counter {counter!r}")
        if spec.side != side:
            raise item.error(
                f"{counter} is {_SIDE_WORD[spec.side]} counter, not {_SIDE_WORD[side]} one"
            )
        if counter in placed:
            raise item.error(f"counter {counter!r} is placed twice (first at {placed[counter]})")
        placed[counter] = item.path
        out.append(counter)
    return tuple(out)


def _check_stack(node: Node, area: str, stack: list[CounterSpec], data: ArmageddonData) -> None:
    """Stacking at set-up (BFA-SETUP-04, BFA-STACK-02, BFA-STACK-03); a hive counter only in a
    hive area, a factory only in a factory area, at most one of them per area."""
    problems = _SETUP_STACKING.problems(stack, IMPERIUM)
    if problems:
        raise node.error("stacking violation: " + "; ".join(problems))
    sites = [c for c in stack if c.kind in ("hive", "factory")]
    if len(sites) > 1:
        raise node.error(f"{len(sites)} hive or factory counters in one area")
    for site in sites:
        if not data.board[area].has(site.kind):
            raise node.error(
                f"{site.id} is a {site.kind} counter but {area} is not a {site.kind} area"
            )


def _check_ork_room(
    node: Node, counters: Iterable[str], areas: Collection[str], data: ArmageddonData
) -> None:
    """The Ork army must fit its areas: one tribe and three counting counters per area
    (BFA-SETUP-07, BFA-STACK-02, BFA-STACK-04)."""
    per_tribe: dict[str | None, int] = {}
    for counter in counters:
        spec = data.counters[counter]
        if not spec.exempt:
            per_tribe[spec.tribe] = per_tribe.get(spec.tribe, 0) + 1
    needed = sum(-(-n // STACK_LIMIT) for n in per_tribe.values())
    if needed > len(areas):
        raise node.error(
            f"the Ork counters need {needed} areas (one tribe and at most {STACK_LIMIT} "
            f"counting counters per area) but there are {len(areas)} Ork areas",
            "ork_counters",
        )


def _check_sites(node: Node, imperial: Mapping[str, Iterable[str]], data: ArmageddonData) -> None:
    """Every hive and factory counter is set up: the build points track counts them all
    until they are ruined (BFA-SETUP-01, BFA-BUILD-02)."""
    placed = {c for stack in imperial.values() for c in stack}
    for counter, spec in data.counters.items():
        if spec.kind in ("hive", "factory") and counter not in placed:
            raise node.error(f"the {spec.kind} counter {counter!r} is not set up", "imperial")


def _check_build_points(
    node: Node, build_points: int, imperial: Mapping[str, Iterable[str]], data: ArmageddonData
) -> None:
    """The build points track equals the defence of the intact hives and factories
    (BFA-BUILD-02); at the start, 20 (BFA-SETUP-01)."""
    total = sum(
        data.counters[c].defence
        for stack in imperial.values()
        for c in stack
        if data.counters[c].kind in ("hive", "factory")
    )
    if build_points != total:
        raise node.error(
            f"{build_points} build points, but the hives and factories set up produce {total}",
            "build_points",
        )


def _reinforcements(
    node: Node, data: ArmageddonData, placed: dict[str, str], turns: int
) -> dict[int, tuple[str, ...]]:
    """Turn -> Imperial counters arriving at its start (the Space Marines, research 5.8)."""
    out: dict[int, tuple[str, ...]] = {}
    if not node.has("reinforcements"):
        return out
    table = node.child("reinforcements")
    turns_listed = table.keys()
    for key in turns_listed:
        turn = int(key) if key.isascii() and key.isdigit() and len(key) <= 4 else 0
        if not 1 <= turn <= turns:
            raise table.error(f"expected a turn number from 1 to {turns}", key)
        out[turn] = _counter_ids(table.child(key).items(), data, placed, IMPERIUM)
    return out
