"""Where is what: the index of a Battle for Armageddon position, carried from state to state.

A state says where each counter is with one tuple, ``where`` (an area id or an off-map box per
counter, in manifest order). The rules ask the other way round: what is in this area, which
counters form a side's stack there (smoking ruins are in no stack, BFA-GAP-10), which of them
are units (no hives, factories, forts), which areas a side occupies (BFA-MOVE-05,
BFA-SUPPLY-03). :class:`Placement` answers those, built once per game in one pass and then
updated only where counters moved (:meth:`Placement.moved`), sharing every table that did not
change. Besides the area ids it keeps each side's occupied areas as a bitset of
:mod:`wargames.armageddon.mapbits`, which the movement and supply rules read.

This is the model of :mod:`wargames.core.counters` specialised to this game (structures and
ruins, the bitsets); the tables are never mutated once a placement is handed out.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Callable, Collection
from itertools import chain
from typing import Any

from wargames.armageddon.mapbits import MapBits
from wargames.core.counters import Manifest, Table


class Placement:
    """Where everything is (see the module docstring)."""

    __slots__ = ("_occupied", "_on_map", "at", "bits", "manifest", "masks", "stacks", "units")

    def __init__(
        self,
        manifest: Manifest[Any],
        bits: MapBits,
        at: Table,
        stacks: dict[str, Table],
        units: dict[str, Table],
        masks: dict[str, int],
    ) -> None:
        self.manifest = manifest
        self.bits = bits
        self.at = at
        """Off-map box -> every counter in it, in manifest order (a map area's counters are
        its two stacks and its ruins: :meth:`in_area`)."""
        self.stacks = stacks
        """Side -> area -> its stack there (structures included, ruins not)."""
        self.units = units
        """Side -> area -> its unit counters there (its stack without structures)."""
        self.masks = masks
        """Side -> the areas it occupies, as a bitset."""
        self._occupied: dict[str, frozenset[str]] | None = None  # made when first asked
        self._on_map: dict[str, tuple[str, ...]] | None = None

    @classmethod
    def of(
        cls, manifest: Manifest[Any], bits: MapBits, where: tuple[str, ...], ruined: Collection[str]
    ) -> Placement:
        """The index of ``where`` in one pass; ``ruined`` counters are in no stack."""
        at: dict[str, list[str]] = {}
        stacks: dict[str, dict[str, list[str]]] = {side: {} for side in manifest.players}
        units: dict[str, dict[str, list[str]]] = {side: {} for side in manifest.players}
        areas = manifest.areas
        for cid, side, unit, loc in zip(
            manifest.ids, manifest.sides, manifest.units, where, strict=True
        ):
            if loc not in areas:
                at.setdefault(loc, []).append(cid)
            elif cid not in ruined:
                stacks[side].setdefault(loc, []).append(cid)
                if unit:
                    units[side].setdefault(loc, []).append(cid)
        stack_tables = {side: _frozen(d) for side, d in stacks.items()}
        return cls(
            manifest,
            bits,
            _frozen(at),
            stack_tables,
            {side: _frozen(d) for side, d in units.items()},
            {side: bits.mask(d) for side, d in stack_tables.items()},
        )

    def moved(self, changed: list[tuple[str, str, str]], ruined: Collection[str]) -> Placement:
        """This index after counters moved (``(counter, from, to)``): each counter leaves its
        old location's tables and joins its new one's, in manifest order; the tables of other
        locations and sides are shared, never mutated."""
        manifest = self.manifest
        key = manifest.index.__getitem__
        side_of = manifest.side_of
        is_unit = manifest.unit_of
        areas = manifest.areas
        bit = self.bits.bit
        at = self.at
        stacks = self.stacks.copy()
        units = self.units.copy()
        masks = self.masks.copy()
        for counter, old, new in changed:
            if old not in areas or new not in areas:
                if at is self.at:
                    at = at.copy()
                if old not in areas:
                    _leave(at, old, counter)
                if new not in areas:
                    _join(at, new, counter, key)
            if counter in ruined:
                continue  # smoking ruins are in no stack
            side = side_of[counter]
            side_stacks = stacks[side]
            side_units = units[side]
            if side_stacks is self.stacks[side]:
                side_stacks = stacks[side] = side_stacks.copy()
                side_units = units[side] = side_units.copy()
            unit = is_unit[counter]
            if old in areas:
                if not _leave(side_stacks, old, counter):
                    masks[side] &= ~bit[old]
                if unit:
                    _leave(side_units, old, counter)
            if new in areas:
                _join(side_stacks, new, counter, key)
                masks[side] |= bit[new]
                if unit:
                    _join(side_units, new, counter, key)
        return Placement(manifest, self.bits, at, stacks, units, masks)

    def ruined_out(self, counters: Collection[str], where: tuple[str, ...]) -> Placement:
        """This index once the structures ``counters`` (in their stacks on the map, at their
        places in ``where``) became smoking ruins: each leaves its stack and stays in its area
        (ruins are in no stack, BFA-GAP-10); they are no units, so only the stacks change."""
        manifest, bit = self.manifest, self.bits.bit
        index, side_of = manifest.index, manifest.side_of
        stacks, masks = self.stacks.copy(), self.masks.copy()
        for counter in counters:
            area, side = where[index[counter]], side_of[counter]
            table = stacks[side]
            if table is self.stacks[side]:
                table = stacks[side] = table.copy()
            if not _leave(table, area, counter):
                masks[side] &= ~bit[area]
        return Placement(manifest, self.bits, self.at, stacks, self.units, masks)

    def in_area(
        self, area: str, ruined: Collection[str], where: tuple[str, ...]
    ) -> tuple[str, ...]:
        """Every counter in map area ``area`` (of ``where``), both sides' stacks and the
        ``ruined`` structures there, in manifest order."""
        stacks = [table[area] for table in self.stacks.values() if area in table]
        index = self.manifest.index
        ruins = [c for c in ruined if where[index[c]] == area]
        if not ruins and len(stacks) == 1:
            return stacks[0]
        found = [c for stack in stacks for c in stack] + ruins
        return tuple(sorted(found, key=index.__getitem__))

    def occupied(self, side: str) -> frozenset[str]:
        """The areas holding a stack of ``side``."""
        known = self._occupied
        if known is None:
            known = self._occupied = {}
        found = known.get(side)
        if found is None:
            found = known[side] = frozenset(self.stacks[side])
        return found

    def on_map(self, side: str) -> tuple[str, ...]:
        """``side``'s units on the map, in manifest order."""
        known = self._on_map
        if known is None:
            known = self._on_map = {}
        found = known.get(side)
        if found is None:
            every = chain.from_iterable(self.units[side].values())
            found = known[side] = tuple(sorted(every, key=self.manifest.index.__getitem__))
        return found

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Placement):
            return NotImplemented
        return (self.at, self.stacks, self.units, self.masks) == (
            other.at,
            other.stacks,
            other.units,
            other.masks,
        )

    __hash__ = None  # type: ignore[assignment]


def _leave(table: Table, loc: str, counter: str) -> bool:
    """Take ``counter`` out of ``table[loc]``; whether anything is left there."""
    there = table[loc]
    if len(there) == 1:
        del table[loc]
        return False
    i = there.index(counter)
    table[loc] = there[:i] + there[i + 1 :]
    return True


def _join(table: Table, loc: str, counter: str, key: Callable[[str], int]) -> None:
    """Put ``counter`` into ``table[loc]``, in manifest order."""
    here = table.get(loc)
    if here:
        j = bisect(here, key(counter), key=key)
        table[loc] = (*here[:j], counter, *here[j:])
    else:
        table[loc] = (counter,)


def _frozen(table: dict[str, list[str]]) -> Table:
    return {k: tuple(v) for k, v in table.items()}


__all__ = ["Placement"]
