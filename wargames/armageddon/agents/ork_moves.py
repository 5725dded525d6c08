"""Ork movement: garrisons stay in the captured hives, spare counters occupy empty ruins, each
tribe gathers next to its target, and Ghazghkull and the supply lines are looked after."""

from __future__ import annotations

from wargames.armageddon import actions as ac
from wargames.armageddon.agents.bot import Bot
from wargames.armageddon.agents.geography import Geo, geo, hive_sites
from wargames.armageddon.agents.planner import Planner, favourite
from wargames.armageddon.agents.supply_lines import OrkLines, guard_lines, place_warlord
from wargames.armageddon.agents.targets import ork_aims
from wargames.armageddon.agents.threat import imperial_threat
from wargames.armageddon.agents.values import GHAZ
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.state import ArmageddonState as S
from wargames.armageddon.supply import supplied_areas


def ork_moves(bot: Bot, s: S, moves: list[ac.Move]) -> list[ac.Move]:
    """Every Ork move of this phase (see the package docstring)."""
    plan = Planner(s, ORKS, moves)
    supplied = supplied_areas(s, ORKS)
    aims = ork_aims(bot, s)
    _garrison_ruins(s, plan)
    _gather(s, plan, aims, supplied)
    # Ghazghkull joins the safest strong Goff stack, near the Goff target if possible, and
    # spare counters guard the supply lines of his stack and of the garrisons.
    hives = hive_sites(s)
    guarded = [hives[h] for h in hives if h in s.ruined and plan.at(hives[h])]
    lines = OrkLines(bot, s)
    if GHAZ in s.on_map(ORKS):
        place_warlord(s, plan, lines, aims.get(s.data.counters[GHAZ].tribe or ""), supplied)
        guarded.insert(0, plan.where(GHAZ))
    guard_lines(s, plan, lines, guarded, set(guarded))
    return plan.moves()


def _garrison_ruins(s: S, plan: Planner) -> None:
    """Garrisons stay in captured hives; ruined hives with nobody in them are occupied."""
    for h, area in hive_sites(s).items():
        if h not in s.ruined:
            continue
        inside = [c for c in s.units(area, ORKS) if c != GHAZ]
        if inside:
            _keep_garrison(s, plan, area, inside)
        elif not s.units(area, IMPERIUM):
            _occupy(s, plan, area)


def _keep_garrison(s: S, plan: Planner, area: str, inside: list[str]) -> None:
    """Two of the counters ``inside`` the captured hive stay (the slowest and weakest in
    attack), three when the Imperial attack within reach is strong against them."""
    specs = s.data.counters
    threat = imperial_threat(s, area)
    keep = 3 if threat >= 1.2 * sum(specs[c].defence for c in inside) else 2
    for c in sorted(inside, key=lambda c: (specs[c].movement, specs[c].attack))[:keep]:
        plan.hold(c)


def _occupy(s: S, plan: Planner, area: str) -> None:
    """Two counters that can reach the empty ruined hive, the best defenders for their attack,
    move in."""
    specs = s.data.counters
    cands = sorted(
        (c for c in plan.free() if c != GHAZ and area in plan.reach[c]),
        key=lambda c: (specs[c].attack - specs[c].defence, c),
    )
    for c in cands[:2]:
        plan.go(c, area)


def _gather(s: S, plan: Planner, aims: dict[str, str], supplied: frozenset[str]) -> None:
    """Each tribe gathers around its target, the strongest tribe first."""
    specs = s.data.counters
    order = sorted(
        aims, key=lambda t: -sum(specs[c].attack for c in plan.free() if specs[c].tribe == t)
    )
    for t in order:
        _gather_tribe(s, plan, t, aims[t], supplied)


def _gather_tribe(s: S, plan: Planner, tribe: str, aim: str, supplied: frozenset[str]) -> None:
    """The tribe's free counters, strongest first, stay in or move to the areas next to its
    target ``aim`` (the best ones first), or else close in on it; always staying in supply."""
    g = geo(s.data)
    specs = s.data.counters
    dmap = g.bfs((aim,), s.occupied(IMPERIUM))
    pref = _staging_areas(s, aim)
    units = sorted(
        (c for c in plan.free() if specs[c].tribe == tribe and c != GHAZ),
        key=lambda c: (-specs[c].attack, c),
    )
    for c in units:
        if s.location(c) in pref:
            plan.hold(c)
            continue
        opts = [a for a in plan.reach[c] if a in pref and a in supplied and plan.fits(c, a)]
        if opts:
            plan.go(c, favourite(opts, pref))
            continue
        plan.step_closer(c, _way_to(g, dmap, aim, s.location(c)), lambda a: a in supplied)


def _way_to(g: Geo, dmap: dict[str, int], aim: str, here: str) -> dict[str, int]:
    """The distances to steer by towards ``aim``: around the Imperial stacks (``dmap``) when
    there is a way round, else straight at them (the stacks in the way are attacked)."""
    return dmap if here in dmap else g.dist[aim]


def _staging_areas(s: S, aim: str) -> dict[str, float]:
    """The areas next to ``aim`` free of Imperial counters -> how much the Orks want to attack
    from there: least for those across a river, then by distance and name."""
    g = geo(s.data)
    imperial = s.occupied(IMPERIUM)
    stage = [n for n in g.nbrs[aim] if n not in imperial]
    stage.sort(key=lambda n: (g.river.get((n, aim), False), g.dist[n].get(aim, 0), n))
    return {n: 3 - i * 0.1 - 2 * g.river.get((n, aim), False) for i, n in enumerate(stage)}
