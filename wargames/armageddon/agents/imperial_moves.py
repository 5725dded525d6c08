"""Imperial movement: threatened hives are held, ruins re-occupied, Ork supply lines cut, and
everyone else gathers for counter-attacks."""

from __future__ import annotations

from collections.abc import Callable

from wargames.armageddon import actions as ac
from wargames.armageddon.agents.bot import Bot
from wargames.armageddon.agents.counterattack import cut_supply, stage
from wargames.armageddon.agents.geography import geo, hive_sites, jungle
from wargames.armageddon.agents.planner import Planner
from wargames.armageddon.agents.targets import imperial_targets
from wargames.armageddon.agents.threat import danger, endangered, potential
from wargames.armageddon.agents.values import HOLD_RISK
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.state import ArmageddonState as S
from wargames.armageddon.supply import supplied_areas


def imperial_moves(bot: Bot, s: S, moves: list[ac.Move]) -> list[ac.Move]:
    """Every Imperial move of this phase (see the package docstring)."""
    plan = Planner(s, IMPERIUM, moves)
    supplied = supplied_areas(s, IMPERIUM)
    threats = _hive_threats(bot, s)
    # With Ghazghkull dead, every ruined hive held is a step to victory (BFA-VICTORY-05, 06):
    # the ruins are re-occupied before the intact hives take their defenders.
    endgame = not s.ghazghkull_in_play()
    if endgame:
        _hold_ruins(s, plan, ("hive",))
    for threat, area in threats:
        _defend(s, plan, area, threat)
    _hold_ruins(s, plan, ("factory",) if endgame else ("hive", "factory"))
    cut_supply(s, plan, supplied)
    # Everyone else gathers around the best counter-attack targets, the strongest attackers
    # in the places next to them (weaker counters there make room); the rest close in on the
    # nearest target, or on the most threatened hive.
    targets = imperial_targets(bot, s)
    for aim in targets[:2]:
        stage(s, plan, aim, supplied)
    goals = targets[:2] or [a for t, a in threats[:1] if t > 0]
    if goals:
        _close_in(s, plan, goals, supplied)
    return plan.moves()


def _hive_threats(bot: Bot, s: S) -> list[tuple[float, str]]:
    """(danger, area) of every intact hive not entered by the Orks, most endangered first."""
    dangers = dict(endangered(bot, s))
    orks = s.occupied(ORKS)
    return sorted(
        (
            (dangers.get(area, 0.0), area)
            for h, area in hive_sites(s).items()
            if h not in s.ruined and area not in orks
        ),
        reverse=True,
    )


def _defend(s: S, plan: Planner, area: str, threat: float) -> None:
    """A threatened hive keeps (and gets) the defenders it needs: enough that the strongest
    Ork attack within reach would more likely fail than clear them. A safe hive keeps its best
    defender."""
    specs = s.data.counters
    here = sorted(s.units(area, IMPERIUM), key=lambda c: (-specs[c].defence, c))
    if threat <= 0:
        for c in here[:1]:
            plan.hold(c)
        return
    safe = _holds(s, area, sum(specs[c].defence for c in here))
    kept = 0
    for c in here:
        if kept and safe(kept):
            break
        plan.hold(c)
        kept += specs[c].defence
    if not safe(kept):
        _reinforce(s, plan, area, kept, safe)


def _reinforce(s: S, plan: Planner, area: str, kept: int, safe: Callable[[int], bool]) -> None:
    """Free counters that can reach the hive, best defenders first, move in until it is safe
    (with a defence of ``kept`` already)."""
    specs = s.data.counters
    cands = sorted(
        (c for c in plan.free() if area in plan.reach[c]), key=lambda c: (-specs[c].defence, c)
    )
    for c in cands:
        if plan.fits(c, area):
            plan.go(c, area)
            kept += specs[c].defence
            if safe(kept):
                break


def _holds(s: S, area: str, total: int) -> Callable[[int], bool]:
    """Whether a defence of ``kept`` holds the hive in ``area`` (now defended by ``total``): the
    strongest Ork attack within one move (or, discounted, two) clears it with a chance of
    :data:`HOLD_RISK` at most."""
    pot = (potential(s, area, 1), potential(s, area, 2))

    def safe(kept: int) -> bool:
        extra = kept - total
        return (
            max(danger(s, area, extra, 1, pot[0]), 0.7 * danger(s, area, extra, 2, pot[1]))
            <= HOLD_RISK
        )

    return safe


def _hold_ruins(s: S, plan: Planner, kinds: tuple[str, ...]) -> None:
    """Held ruins (of hives and factories of ``kinds``) keep their weakest counter; empty ones
    are re-occupied (hives first, by two counters; other ruins by one)."""
    specs = s.data.counters
    orks = s.occupied(ORKS)
    ruins = {s.location(c): c for c in s.ruined}
    for area in sorted(ruins, key=lambda a: (s.spec(ruins[a]).kind != "hive", a)):
        if area in orks or s.spec(ruins[area]).kind not in kinds:
            continue
        holding = s.units(area, IMPERIUM)
        if holding:
            plan.hold(min(holding, key=lambda c: (specs[c].attack, c)))
            continue
        cands = sorted(
            (c for c in plan.free() if area in plan.reach[c]),
            key=lambda c: (specs[c].attack + specs[c].defence, c),
        )
        for c in cands[: 2 if s.spec(ruins[area]).kind == "hive" else 1]:
            if plan.fits(c, area):
                plan.go(c, area)


def _close_in(s: S, plan: Planner, goals: list[str], supplied: frozenset[str]) -> None:
    """The free counters, strongest first, move nearer the nearest of ``goals`` (staying in
    supply and out of the jungle) unless they stand next to one already; when Ork stacks wall
    the goals off, straight at the wall."""
    g = geo(s.data)
    specs = s.data.counters
    dmap = g.bfs(goals, s.occupied(ORKS))
    through = g.bfs(goals, frozenset())  # the Ork stacks in the way are attacked

    def allowed(a: str) -> bool:
        return a in supplied and not jungle(g, a)

    for c in sorted(plan.free(), key=lambda c: (-specs[c].attack, c)):
        here = s.location(c)
        if dmap.get(here, 99) <= 1:
            continue
        plan.step_closer(c, dmap if here in dmap else through, allowed)
