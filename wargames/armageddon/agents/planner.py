"""The movement planner: a phase's moves, planned counter by counter against the stacks they
will make."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from wargames.armageddon import actions as ac
from wargames.armageddon.stacking import fits
from wargames.armageddon.state import ArmageddonState as S


class Planner:
    """A phase's moves, planned counter by counter against the stacks they will make.

    ``reach`` maps each counter that may move to the areas it may move to; a counter is
    *fixed* once it has been given its place (to stay, or to go somewhere)."""

    def __init__(self, s: S, side: str, moves: Iterable[ac.Move]) -> None:
        self.s = s
        self.side = side
        self.reach: dict[str, set[str]] = {}
        for m in moves:
            self.reach.setdefault(m.counter, set()).add(m.area)
        self.occ: dict[str, list[str]] = {}
        for c in s.on_map(side):
            self.occ.setdefault(s.location(c), []).append(c)
        self.dest: dict[str, str] = {}
        self.fixed: set[str] = set()
        self._structures: dict[str, tuple[str, ...]] = {}

    def free(self) -> list[str]:
        """The counters that may move and have no place yet."""
        return [c for c in self.reach if c not in self.fixed]

    def at(self, area: str) -> list[str]:
        """The side's counters planned to be in ``area``."""
        return self.occ.get(area, [])

    def held(self) -> set[str]:
        """The areas the side's counters are planned to be in."""
        return {a for a, cs in self.occ.items() if cs}

    def fits(self, counter: str, area: str) -> bool:
        """Whether ``counter`` fits in the stack planned for ``area`` (stacking limit)."""
        stack = [c for c in self.occ.get(area, []) if c != counter]
        structures = self._structures.get(area)
        if structures is None:
            specs = self.s.data.counters
            structures = self._structures[area] = tuple(
                c for c in self.s.stack(area, self.side) if specs[c].structure
            )
        return fits(self.s.data, (*structures, *stack), counter)

    def hold(self, counter: str) -> None:
        """``counter`` stays where it is planned to be."""
        self.fixed.add(counter)

    def go(self, counter: str, area: str) -> None:
        """``counter`` moves to ``area`` (unless it is fixed already or cannot get there)."""
        if counter in self.fixed or area not in self.reach.get(counter, ()):
            return
        here = self.dest.get(counter, self.s.location(counter))
        self.occ[here].remove(counter)
        self.occ.setdefault(area, []).append(counter)
        self.dest[counter] = area
        self.fixed.add(counter)

    def force(self, counter: str, area: str) -> None:
        """Send ``counter`` to ``area`` even if it was planned otherwise."""
        self.fixed.discard(counter)
        self.go(counter, area)

    def step_closer(
        self, counter: str, dmap: dict[str, int], allowed: Callable[[str], bool]
    ) -> None:
        """Move ``counter`` to the allowed area of its reach where it fits nearest by ``dmap``
        (distances to a goal), if that is nearer than where it stands."""
        now = dmap.get(self.s.location(counter), 99)
        opts = [
            a
            for a in self.reach[counter]
            if allowed(a) and self.fits(counter, a) and dmap.get(a, 99) < now
        ]
        if opts:
            self.go(counter, min(opts, key=lambda a: (dmap.get(a, 99), a)))

    def where(self, counter: str) -> str:
        """Where ``counter`` is planned to be."""
        return self.dest.get(counter, self.s.location(counter))

    def moves(self) -> list[ac.Move]:
        """The planned moves, in the order the counters were first given one."""
        return [ac.Move(c, a) for c, a in self.dest.items() if a != self.s.location(c)]


def favourite(areas: Iterable[str], pref: dict[str, float]) -> str:
    """The most preferred of ``areas`` (by ``pref``, then by name)."""
    return max(areas, key=lambda a: (pref[a], a))
