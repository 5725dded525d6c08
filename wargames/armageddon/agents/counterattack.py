"""Imperial counter-attack moves: staging the strongest attackers next to an Ork-held target,
and posting counters across the supply lines of valuable Ork stacks."""

from __future__ import annotations

from wargames.armageddon.agents.geography import geo, hive_sites, jungle
from wargames.armageddon.agents.planner import Planner, favourite
from wargames.armageddon.agents.values import worths
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.state import ArmageddonState as S


def stage(s: S, plan: Planner, aim: str, supplied: frozenset[str]) -> None:
    """Fill the areas next to ``aim`` with the strongest Imperial attackers that can get
    there; weaker counters standing in them move aside when they can."""
    g = geo(s.data)
    orks = s.occupied(ORKS)
    near = [n for n in g.nbrs[aim] if n not in orks and n in supplied]
    if not near:
        return
    pref = {n: 3 - 2 * g.river.get((n, aim), False) - 0.1 * i for i, n in enumerate(sorted(near))}
    free = set(plan.free())
    chosen = _choose_attackers(s, plan, pref, free)
    _make_room(s, plan, aim, pref, free - set(chosen), supplied)
    for c, a in chosen.items():
        if a == plan.where(c):
            plan.hold(c)
        elif plan.fits(c, a):
            plan.go(c, a)


def _choose_attackers(
    s: S, plan: Planner, pref: dict[str, float], free: set[str]
) -> dict[str, str]:
    """Free counter -> the staging area (of ``pref``) it takes, strongest attackers first,
    three counting counters to an area with those that stay there; leaders go along."""
    specs = s.data.counters
    room = {n: 3 - _staying(s, plan, n, free) for n in pref}
    cands = sorted(
        (c for c in free if plan.where(c) in pref or any(a in pref for a in plan.reach[c])),
        key=lambda c: (-specs[c].attack, c),
    )
    chosen: dict[str, str] = {}
    for c in cands:
        if specs[c].exempt:
            here = plan.where(c)
            chosen[c] = (
                here if here in pref else favourite((a for a in plan.reach[c] if a in pref), pref)
            )
            continue
        spot = _spot(plan, c, pref, room)
        if spot is not None:
            chosen[c] = spot
            room[spot] -= 1
    return chosen


def _staying(s: S, plan: Planner, area: str, free: set[str]) -> int:
    """The counting counters (not leaders, not structures) that stay in ``area``."""
    specs = s.data.counters
    return sum(
        1 for c in plan.at(area) if c not in free and not specs[c].exempt and not specs[c].structure
    )


def _spot(plan: Planner, c: str, pref: dict[str, float], room: dict[str, int]) -> str | None:
    """The staging area with room for ``c``: where it stands, else the best it can reach."""
    here = plan.where(c)
    if here in pref and room[here] > 0:
        return here
    opts = [a for a in plan.reach[c] if a in pref and room[a] > 0]
    return favourite(opts, pref) if opts else None


def _make_room(
    s: S, plan: Planner, aim: str, pref: dict[str, float], idle: set[str], supplied: frozenset[str]
) -> None:
    """The ``idle`` counters standing in the staging areas (of ``pref``) step out of them,
    towards ``aim``, when they can; otherwise they stay."""
    g = geo(s.data)
    for c in sorted(idle):
        here = plan.where(c)
        if here not in pref:
            continue
        outs = [
            a
            for a in plan.reach[c]
            if a not in pref and a in supplied and not jungle(g, a) and plan.fits(c, a)
        ]
        if outs:
            plan.go(c, min(outs, key=lambda a: (g.dist[a].get(aim, 99), a)))
        else:
            plan.hold(c)


def cut_supply(s: S, plan: Planner, supplied: frozenset[str]) -> None:
    """Put a counter across the supply line of valuable Ork stacks (twice at most)."""
    cut = _SupplyCut(s, plan, supplied)
    for _ in range(2):
        if not cut.once():
            return


class _SupplyCut:
    """The Imperial attempts of one phase to cut the supply of the Ork stacks."""

    def __init__(self, s: S, plan: Planner, supplied: frozenset[str]) -> None:
        self.s = s
        self.plan = plan
        self.supplied = supplied
        self.g = geo(s.data)
        self.sources = self.g.supply[ORKS]
        self.blocked = set(s.occupied(IMPERIUM))
        self.stacks: dict[str, list[str]] = {}
        for c in s.on_map(ORKS):
            self.stacks.setdefault(s.location(c), []).append(c)
        self.hive_areas = set(hive_sites(s).values())

    def once(self) -> bool:
        """Post the counter across the best cut, if it is worth it; whether one was posted."""
        base = self.g.bfs(self.sources - self.blocked, frozenset(self.blocked))
        exposed = [a for a in self.stacks if a in base and a not in self.sources]
        if not exposed:
            return False
        cands = self._candidates()
        best = self._best(cands, exposed)
        if best is None:
            return False
        specs = self.s.data.counters
        units = sorted(
            (c for c in cands[best] if self.plan.fits(c, best)),
            key=lambda c: (-specs[c].defence, c),
        )
        if not units:
            return False
        self.plan.go(units[0], best)
        self.blocked.add(best)
        return True

    def _candidates(self) -> dict[str, list[str]]:
        """Area (supplied, free of both sides' counters) -> the free counters that can enter it."""
        orks = self.s.occupied(ORKS)
        cands: dict[str, list[str]] = {}
        for c in self.plan.free():
            for a in self.plan.reach[c]:
                if a in self.supplied and a not in orks and a not in self.blocked:
                    cands.setdefault(a, []).append(c)
        return cands

    def _best(self, cands: dict[str, list[str]], exposed: list[str]) -> str | None:
        """The candidate area whose occupation cuts off the most Ork worth (more than 6)."""
        best, top = None, 6.0
        for x in sorted(cands):
            if x in self.sources and len(self.sources - self.blocked - {x}) == 0:
                continue
            v = self._value(x, exposed)
            if v > top:
                best, top = x, v
        return best

    def _value(self, x: str, exposed: list[str]) -> float:
        """The worth of the ``exposed`` Ork stacks cut off by occupying ``x`` (half in hives)."""
        cut = self.g.bfs(self.sources - self.blocked - {x}, frozenset(self.blocked | {x}))
        w = worths(self.s.data)[IMPERIUM]
        v = 0.0
        for a in exposed:
            if a not in cut:
                shelter = 0.5 if a in self.hive_areas else 1.0
                v += shelter * sum(w[c] for c in self.stacks[a])
        return v
