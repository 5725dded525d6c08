"""Counters in areas: the model Battle for Armageddon and The Warmaster share.

A game of this kind has a fixed set of counters (the *manifest*), and a state says where each
one is with one tuple, ``where``, in manifest order: an area id of the map, or an off-map box
(``@pool``, ``@dead``, ``@cup`` ...). Everything else the rules ask (what is in this area, which
of a side's counters form its stack there, which areas a side occupies, which of its counters
are on the map) is read from a :class:`Placement`, the where-is-what index, built once in one
pass and then carried from state to state, updated only where counters moved
(:func:`move_counters`).

The games differ only in settings:

- a counter that is not a *unit* (Battle for Armageddon's hives, factories and fortifications)
  belongs to its side's stack but not to its units (:attr:`Manifest.units`);
- counters *left out* of the stacks while they stay where they are (Battle for Armageddon's
  smoking ruins) are passed to :func:`placement` and :func:`move_counters`.

A state using the model has the fields ``where`` and ``_memo`` and an ``evolve`` method (a
:class:`~wargames.core.tasks.TaskState`), and keeps its index in the memo under ``"index"``,
declared in ``kept_memo`` as depending on ``where`` and on whatever it leaves out.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, Generic, Protocol, Self, TypeVar

import attrs

SpecT = TypeVar("SpecT")


@attrs.frozen(eq=False)
class Manifest(Generic[SpecT]):
    """Every counter of one data set, in a fixed order, with what the index needs to know
    of each: its side and whether it is a unit, and which locations are map areas."""

    ids: tuple[str, ...]
    specs: tuple[SpecT, ...]
    index: dict[str, int]
    """Counter id -> its position in :attr:`ids` (and in a state's ``where``)."""
    sides: tuple[str, ...]
    """The side of each counter, in manifest order."""
    units: tuple[bool, ...]
    """Whether each counter is a unit (``False``: in its side's stack, not among its units)."""
    players: tuple[str, ...]
    areas: frozenset[str]
    """The map's areas; every other location is an off-map box."""
    all_units: bool
    """No counter is a structure: a side's units are its stacks."""
    side_of: dict[str, str]
    """Counter id -> its side."""
    unit_of: dict[str, bool]
    """Counter id -> whether it is a unit."""

    @classmethod
    def of(
        cls,
        counters: Iterable[tuple[str, SpecT]],
        *,
        players: tuple[str, ...],
        areas: Collection[str],
        side: Callable[[SpecT], str],
        unit: Callable[[SpecT], bool] = lambda spec: True,
    ) -> Manifest[SpecT]:
        """The manifest of ``(counter id, spec)`` pairs in order; ``side`` and ``unit`` read a
        spec's side and whether it is a unit."""
        pairs = list(counters)
        ids = tuple(c for c, _ in pairs)
        specs = tuple(spec for _, spec in pairs)
        units = tuple(unit(spec) for spec in specs)
        return cls(
            ids=ids,
            specs=specs,
            index={c: i for i, c in enumerate(ids)},
            sides=tuple(side(spec) for spec in specs),
            units=units,
            players=players,
            areas=frozenset(areas),
            all_units=all(units),
            side_of={c: side(spec) for c, spec in pairs},
            unit_of=dict(zip(ids, units, strict=True)),
        )


Table = dict[str, tuple[str, ...]]
"""Location -> counters there, in manifest order (empty locations are absent)."""


@attrs.frozen
class Placement:
    """Where everything is: every location's counters, and per side its stacks (its counters
    in each map area, those left out excepted), its units (the stacks without structures) and
    the areas it occupies (those holding a stack of it). Never mutated once built:
    :meth:`moved` makes a new one sharing what did not change."""

    manifest: Manifest[Any] = attrs.field(eq=False, repr=False)
    at: Table
    stacks: dict[str, Table]
    units: dict[str, Table]
    """The same tables as :attr:`stacks` when every counter is a unit."""
    occupied: dict[str, frozenset[str]]
    _on_map: dict[str, tuple[str, ...]] = attrs.field(factory=dict, eq=False)

    @classmethod
    def of(
        cls,
        manifest: Manifest[Any],
        where: tuple[str, ...],
        left_out: Collection[str] = frozenset(),
    ) -> Placement:
        """The index of ``where`` in one pass; ``left_out`` counters are in no stack."""
        at: dict[str, list[str]] = {}
        stacks: dict[str, dict[str, list[str]]] = {side: {} for side in manifest.players}
        units: dict[str, dict[str, list[str]]] = {side: {} for side in manifest.players}
        areas = manifest.areas
        for cid, side, unit, loc in zip(
            manifest.ids, manifest.sides, manifest.units, where, strict=True
        ):
            at.setdefault(loc, []).append(cid)
            if loc in areas and cid not in left_out:
                stacks[side].setdefault(loc, []).append(cid)
                if unit:
                    units[side].setdefault(loc, []).append(cid)
        stack_tables = {side: _frozen(d) for side, d in stacks.items()}
        unit_tables = (
            stack_tables if manifest.all_units else {side: _frozen(d) for side, d in units.items()}
        )
        occupied = {side: frozenset(d) for side, d in stack_tables.items()}
        return cls(manifest, _frozen(at), stack_tables, unit_tables, occupied)

    def moved(
        self, changed: list[tuple[str, str, str]], left_out: Collection[str] = frozenset()
    ) -> Placement:
        """This index after counters moved (``(counter, from, to)``), touching only the
        locations and sides involved; untouched tables are shared, never mutated."""
        manifest = self.manifest
        at = self.at.copy()
        key = manifest.index.__getitem__
        side_of = manifest.side_of
        touched: dict[tuple[str, str], None] = {}
        for counter, old, new in changed:
            there = at[old]
            if len(there) == 1:
                del at[old]
            else:
                at[old] = tuple(c for c in there if c != counter)
            here = at.get(new)
            at[new] = tuple(sorted((*here, counter), key=key)) if here else (counter,)
            side = side_of[counter]
            touched[side, old] = None
            touched[side, new] = None
        areas = manifest.areas
        all_units = manifest.all_units
        is_unit = manifest.unit_of
        stacks = self.stacks.copy()
        units = stacks if all_units else self.units.copy()
        occupied = self.occupied.copy()
        for side, loc in touched:
            if loc not in areas:
                continue
            side_stacks = stacks[side]
            if side_stacks is self.stacks[side]:
                side_stacks = stacks[side] = side_stacks.copy()
                if not all_units:
                    units[side] = units[side].copy()
            if left_out:
                stack = tuple(
                    c for c in at.get(loc, ()) if side_of[c] == side and c not in left_out
                )
            else:
                stack = tuple(c for c in at.get(loc, ()) if side_of[c] == side)
            _put(side_stacks, loc, stack)
            if not all_units:
                _put(units[side], loc, tuple(c for c in stack if is_unit[c]))
        for side, side_stacks in stacks.items():
            if side_stacks is not self.stacks[side]:
                occupied[side] = frozenset(side_stacks)
        return Placement(manifest, at, stacks, units, occupied)

    def on_map(self, side: str) -> tuple[str, ...]:
        """``side``'s units on the map, in manifest order."""
        found = self._on_map.get(side)
        if found is None:
            every = [c for cs in self.units[side].values() for c in cs]
            found = self._on_map[side] = tuple(sorted(every, key=self.manifest.index.__getitem__))
        return found


def _frozen(table: dict[str, list[str]]) -> Table:
    return {k: tuple(v) for k, v in table.items()}


def _put(table: Table, key: str, value: tuple[str, ...]) -> None:
    if value:
        table[key] = value
    else:
        table.pop(key, None)


class Located(Protocol):
    """A state of counters in areas: where each counter of the manifest is, a memo that
    keeps the index, and a copy with changes."""

    @property
    def where(self) -> tuple[str, ...]: ...

    @property
    def _memo(self) -> dict[str, Any]: ...

    def evolve(self, **changes: Any) -> Self: ...


StateT = TypeVar("StateT", bound=Located)


def placement(
    state: Located, manifest: Manifest[Any], left_out: Collection[str] = frozenset()
) -> Placement:
    """``state``'s where-is-what index: kept in its memo, built on first use."""
    memo = state._memo
    found: Placement | None = memo.get("index")
    if found is None:
        found = memo["index"] = Placement.of(manifest, state.where, left_out)
    return found


def relocated(
    where: tuple[str, ...], index: Mapping[str, int], moves: Iterable[tuple[str, str]]
) -> tuple[tuple[str, ...], list[tuple[str, str, str]]]:
    """The locations ``where`` (by manifest ``index``) after ``moves``, and each move as
    ``(counter, from, to)`` for updating an index (:meth:`Placement.moved`)."""
    after = list(where)
    changed: list[tuple[str, str, str]] = []
    for counter, loc in moves:
        i = index[counter]
        changed.append((counter, after[i], loc))
        after[i] = loc
    return tuple(after), changed


def move_counters(
    state: StateT,
    manifest: Manifest[Any],
    moves: Iterable[tuple[str, str]],
    left_out: Collection[str] = frozenset(),
) -> StateT:
    """``state`` with each ``(counter, location)`` of ``moves`` moved there; an index already
    built is carried over, updated where counters moved."""
    where, changed = relocated(state.where, manifest.index, moves)
    new = state.evolve(where=where)
    old: Placement | None = state._memo.get("index")
    if old is not None:
        new._memo["index"] = old.moved(changed, left_out)
    return new


__all__ = ["Located", "Manifest", "Placement", "move_counters", "placement", "relocated"]
