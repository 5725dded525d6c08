"""Ork supply lines: where one Imperial move could cut them, the counters posted to guard them,
and the stack Ghazghkull joins (strong, supplied, and hard to cut off)."""

from __future__ import annotations

from collections.abc import Iterator

from wargames.armageddon.agents.bot import Bot
from wargames.armageddon.agents.geography import geo
from wargames.armageddon.agents.planner import Planner
from wargames.armageddon.agents.threat import imperial_reach, risk
from wargames.armageddon.agents.values import GHAZ, GHAZ_RISK
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.state import ArmageddonState as S


class OrkLines:
    """The Ork supply lines as they stand at the start of the phase."""

    def __init__(self, bot: Bot, s: S) -> None:
        self.g = g = geo(s.data)
        self.blocked = frozenset(s.occupied(IMPERIUM))
        self.sources = g.supply[ORKS] - self.blocked
        self.reach = bot.cached(s, "reach", lambda: imperial_reach(s))
        """Areas some Imperial counter could enter in its next move."""
        self.depth = g.bfs(self.sources, self.blocked)
        """Area -> its distance from the nearest open Ork supply source."""

    def cut_points(self, area: str, held: set[str]) -> Iterator[str]:
        """The areas on a supply line of ``area`` whose occupation by an Imperial counter in its
        next move would cut ``area`` off (areas in ``held``, checked as each is reached, are
        safe)."""
        for y in self.g.line_back(self.depth, area):
            if y in held or y not in self.reach:
                continue
            if area not in self.g.bfs(self.sources - {y}, self.blocked | {y}):
                yield y

    def cuttable(self, area: str, held: set[str]) -> bool:
        """Whether ``area`` is out of supply already or one Imperial move could cut it off."""
        if area not in self.depth:
            return True
        return next(self.cut_points(area, held), None) is not None


def guard_lines(s: S, plan: Planner, lines: OrkLines, areas: list[str], keep: set[str]) -> None:
    """Put a counter on every area where one Imperial move could cut the supply line of
    the stacks in ``areas`` (Ghazghkull's first, then the captured hives); counters in the
    areas of ``keep`` stay where they are."""
    specs = s.data.counters
    for area in areas:
        if area not in lines.depth:
            continue
        held = plan.held()
        for y in lines.cut_points(area, held):
            cands = [
                c
                for c in plan.reach
                if c != GHAZ
                and y in plan.reach[c]
                and plan.where(c) not in keep
                and plan.fits(c, y)
            ]
            if cands:
                pick = min(cands, key=lambda c: (specs[c].attack, c))
                plan.force(pick, y)
                held.add(y)


def place_warlord(
    s: S, plan: Planner, lines: OrkLines, aim: str | None, supplied: frozenset[str]
) -> None:
    """Ghazghkull joins a Goff stack next to the Goff target (``aim``) if one is safe: hard to
    destroy where it stands and with a supply line no Imperial move can cut."""
    here = s.location(GHAZ)
    options = [here, *plan.reach.get(GHAZ, ())]
    best = max(options, key=lambda a: (_site_score(s, plan, lines, a, aim, supplied), a == here, a))
    if best != here:
        plan.go(GHAZ, best)


def _site_score(
    s: S, plan: Planner, lines: OrkLines, area: str, aim: str | None, supplied: frozenset[str]
) -> float:
    """How good a place ``area`` is for Ghazghkull: among his own tribe only, in a stack hard to
    destroy, in supply that cannot be cut, next to the target."""
    g = lines.g
    specs = s.data.counters
    mates = [
        c for c in plan.at(area) if c != GHAZ and specs[c].side == ORKS and not specs[c].structure
    ]
    if any(specs[c].tribe != specs[GHAZ].tribe for c in mates):
        return -1e9
    dfn = sum(specs[c].defence for c in mates) + specs[GHAZ].defence
    v = -GHAZ_RISK * risk(s, area, dfn)
    v += 3.0 * len(mates) - (25.0 if not mates else 0.0)
    if area not in supplied:
        v -= 80.0
    else:
        if area not in g.supply[ORKS] and lines.cuttable(area, plan.held()):
            v -= 30.0
        v -= 1.0 * max(0, lines.depth.get(area, 9) - 2)
    if aim is not None and aim in g.nbrs[area]:
        v += 6.0 + 0.3 * sum(specs[c].attack for c in mates)
    elif aim is not None:
        v -= 0.5 * g.dist[area].get(aim, 9)
    return v
