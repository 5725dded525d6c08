"""Where is what on the Warmaster's ship, kept up to date as counters move.

A state's where-is-what index is a :class:`wargames.core.counters.Placement` (every location's
counters, each side's stack in each area and the areas it occupies, all in manifest order),
built once from ``where`` and carried from state to state. :func:`moved` is
:meth:`Placement.moved <wargames.core.counters.Placement.moved>` for The Warmaster's counters,
which are all units and of which none is left out of the stacks: each moved counter is taken
out of its old location and put into its new one at its manifest place, and only the tables
it touches are copied. It gives an index equal to the one built again from ``where``.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Callable, Iterable
from typing import Any

from wargames.core.counters import Placement, Table


def moved(index: Placement, changed: Iterable[tuple[str, str, str]]) -> Placement:
    """``index`` after each ``(counter, from, to)`` of ``changed`` moved, in order."""
    manifest = index.manifest
    if not manifest.all_units:  # structures (not The Warmaster's): the general update
        return index.moved(list(changed))
    order: Callable[[str], int] = manifest.index.__getitem__
    areas = manifest.areas
    side_of = manifest.side_of
    at = index.at.copy()
    stacks = index.stacks.copy()
    copied: dict[str, bool] = {}
    """Sides whose stack table is a copy made here -> whether its occupied areas changed."""
    for counter, old, new in changed:
        _take(at, old, counter)
        _put(at, new, counter, order)
        from_area, to_area = old in areas, new in areas
        if not (from_area or to_area):
            continue
        side = side_of[counter]
        table = stacks[side]
        if side not in copied:
            table = stacks[side] = table.copy()
            copied[side] = False
        if from_area and _take(table, old, counter):
            copied[side] = True
        if to_area and _put(table, new, counter, order):
            copied[side] = True
    occupied = index.occupied
    if any(copied.values()):
        occupied = occupied.copy()
        for side, changed_areas in copied.items():
            if changed_areas:
                occupied[side] = frozenset(stacks[side])
    return Placement(manifest, at, stacks, stacks, occupied)


def moved_one(index: Placement, counter: str, old: str, new: str) -> Placement:
    """``index`` after ``counter`` moved from ``old`` to ``new``: :func:`moved` for one
    counter, the common case (a move, a retreat, a teleport alone)."""
    manifest = index.manifest
    if not manifest.all_units:
        return index.moved([(counter, old, new)])
    order: Callable[[str], int] = manifest.index.__getitem__
    at = index.at.copy()
    _take(at, old, counter)
    _put(at, new, counter, order)
    stacks, occupied = index.stacks, index.occupied
    areas = manifest.areas
    from_area, to_area = old in areas, new in areas
    if from_area or to_area:
        side = manifest.side_of[counter]
        table = stacks[side].copy()
        emptied = from_area and _take(table, old, counter)
        entered = to_area and _put(table, new, counter, order)
        stacks = {**stacks, side: table}
        if emptied or entered:
            occupied = {**occupied, side: frozenset(table)}
    return Placement(manifest, at, stacks, stacks, occupied)


def _take(table: Table, location: str, counter: str) -> bool:
    """Take ``counter`` out of ``location``; whether the location is now empty (and gone)."""
    there = table[location]
    if len(there) == 1:
        del table[location]
        return True
    i = there.index(counter)
    table[location] = there[:i] + there[i + 1 :]
    return False


def _put(table: Table, location: str, counter: str, order: Callable[[str], Any]) -> bool:
    """Put ``counter`` into ``location`` at its manifest place; whether it was empty."""
    here = table.get(location)
    if not here:
        table[location] = (counter,)
        return True
    i = bisect(here, order(counter), key=order)
    table[location] = (*here[:i], counter, *here[i:])
    return False


__all__ = ["moved", "moved_one"]
