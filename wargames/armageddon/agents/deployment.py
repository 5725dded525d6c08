"""Set-up: where the Ork counters are deployed, each tribe near the hive it goes for."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import ceil

from wargames.armageddon import actions as ac
from wargames.armageddon.agents.bot import Bot
from wargames.armageddon.agents.geography import Geo, geo
from wargames.armageddon.agents.targets import assign_targets, by_tribe
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.state import UNPLACED
from wargames.armageddon.state import ArmageddonState as S
from wargames.core.engine import Action


def deploy_orks(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """Deploy each counter where the deployment plan (made at the first decision) puts it, or
    failing that as near its tribe's target as it may go."""
    if not bot.deployment:
        bot.deployment = deployment(bot, s)
    for a in legal:
        if isinstance(a, ac.Deploy) and bot.deployment.get(a.counter) == a.area:
            return a
    g = geo(s.data)
    first = legal[0]
    assert isinstance(first, ac.Deploy)
    tribe = s.spec(first.counter).tribe
    aim = bot.aims.get(tribe or "", "")
    return bot.best(
        legal, lambda a: -g.dist[a.area].get(aim, 9) if isinstance(a, ac.Deploy) else -99.0
    )


def deployment(bot: Bot, s: S) -> dict[str, str]:
    """Where each Ork counter starts: each tribe in the Ork areas nearest its target hive,
    its slow and strong counters nearest of all (sets the tribes' aims)."""
    tribes = by_tribe(s, s.in_box(UNPLACED, ORKS))
    bot.aims = assign_targets(bot, s, tribes, deploying=True)
    owned = _claim_areas(s, tribes, bot.aims)
    plan: dict[str, str] = {}
    for t, cs in tribes.items():
        plan.update(_fill_areas(s, cs, owned[t], bot.aims.get(t)))
    return plan


def _nearest(g: Geo, aim: str | None) -> Callable[[str], tuple[int, str]]:
    """Sort key: areas nearest ``aim`` first (by name when there is no aim)."""
    return lambda a: (g.dist[a].get(aim, 9) if aim else 0, a)


def _claim_areas(s: S, tribes: dict[str, list[str]], aims: dict[str, str]) -> dict[str, list[str]]:
    """Tribe -> its deployment areas: room for its counters (three a stack), the strongest
    tribe choosing first, each taking the free area nearest its target in turn."""
    g = geo(s.data)
    specs = s.data.counters
    free = [a for a in s.setup.ork_areas if not s.stack(a, IMPERIUM)]
    need = {t: ceil(sum(not specs[c].exempt for c in cs) / 3) for t, cs in tribes.items()}
    order = sorted(tribes, key=lambda t: -sum(specs[c].attack for c in tribes[t]))
    owned: dict[str, list[str]] = {t: [] for t in tribes}
    while free and any(len(owned[t]) < need[t] for t in order):
        for t in order:
            if len(owned[t]) >= need[t] or not free:
                continue
            pick = min(free, key=_nearest(g, aims.get(t)))
            owned[t].append(pick)
            free.remove(pick)
    return owned


def _fill_areas(s: S, cs: list[str], areas: list[str], aim: str | None) -> dict[str, str]:
    """Counter -> area for one tribe: its slowest (then strongest) counters in the areas nearest
    its target, three to an area; its leaders in the nearest."""
    specs = s.data.counters
    slots = sorted(areas, key=_nearest(geo(s.data), aim))
    room = {a: 3 for a in slots}
    counting = sorted(
        (c for c in cs if not specs[c].exempt),
        key=lambda c: (specs[c].movement, -specs[c].attack, c),
    )
    plan: dict[str, str] = {}
    for c in counting:
        for a in slots:
            if room[a] > 0:
                plan[c] = a
                room[a] -= 1
                break
    for c in cs:
        if specs[c].exempt and slots:
            plan[c] = slots[0]
    return plan
