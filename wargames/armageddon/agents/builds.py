"""Build phases: Imperial purchases spent to the last point, the placing of new Imperial
counters, and the Ork counters brought back."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from wargames.armageddon import actions as ac
from wargames.armageddon.agents.attacks import strike_value
from wargames.armageddon.agents.bot import Bot
from wargames.armageddon.agents.geography import geo, hive_sites
from wargames.armageddon.agents.targets import imperial_targets, ork_aims
from wargames.armageddon.agents.threat import danger, endangered, potential
from wargames.armageddon.agents.values import FORT_CAP, GANG_RISK
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.stacking import fits
from wargames.armageddon.state import DEAD, READY, TRACK
from wargames.armageddon.state import ArmageddonState as S
from wargames.core.engine import Action


def count_kind(s: S, counters: Iterable[str], kind: str) -> int:
    """How many of ``counters`` are of ``kind``."""
    specs = s.data.counters
    return sum(1 for c in counters if specs[c].kind == kind)


def imperial_build(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """Imperial purchases (BFA-BUILD-05): Emergency Production, rebuilt ruins, then the most
    strength for the points; fortifications and hive gangs for the endangered hives."""
    points = getattr(s.top, "points", 0)
    forts = fort_need(bot, s)
    gangs = gangs_wanted(bot, s)
    return bot.best(legal, lambda a: _purchase_score(bot, s, a, points, forts, gangs))


def _purchase_score(bot: Bot, s: S, a: Action, points: int, forts: int, gangs: int) -> float:
    if isinstance(a, ac.PlayCard):
        if a.card == "emergency-production":
            return 100.0
        return strike_value(s, bot.side, a) * 2 if a.card == "orbital-strike" else -1.0
    if isinstance(a, ac.Rebuild):
        return 60.0
    if isinstance(a, ac.Buy):
        return _buy_score(s, a.counter, points, forts, gangs)
    return 0.0


def _buy_score(s: S, counter: str, points: int, forts: int, gangs: int) -> float:
    """A counter's strength for its cost; a fortification when the hives want ``forts`` more;
    hive gangs reach the map at once, so they are bought to fill an endangered hive now
    (``gangs`` places), otherwise only with the change."""
    spec = s.data.counters[counter]
    cost = s.data.costs[spec.kind].cost
    if spec.kind == "fortification":
        return 20.0 if forts > 0 else 0.5
    value = (spec.attack + spec.defence + 0.3 * spec.movement) / cost
    if spec.kind == "hive-gangs":
        if gangs > 0:
            return 15.0 + value
        if points >= 5:
            return 1.0
    return 10.0 + value


def gangs_wanted(bot: Bot, s: S) -> int:
    """Free places in the endangered hives, less the hive gangs already bought for them."""
    specs = s.data.counters
    want = 0
    for area, d in endangered(bot, s):
        if d >= GANG_RISK:
            want += max(0, 3 - sum(1 for c in s.units(area, IMPERIUM) if not specs[c].exempt))
    boxes = (READY, f"{TRACK}1")
    return want - sum(count_kind(s, s.in_box(box, IMPERIUM), "hive-gangs") for box in boxes)


def fort_need(bot: Bot, s: S) -> int:
    """How many more fortifications the endangered hives want (beyond those on order)."""
    boxes = (READY, *(f"{TRACK}{space}" for space in range(1, 4)))
    queued = sum(count_kind(s, s.in_box(box, IMPERIUM), "fortification") for box in boxes)
    return bot.cached(s, "forts", lambda: _fort_want(bot, s)) - queued


def _fort_want(bot: Bot, s: S) -> int:
    """Fortifications (up to :data:`FORT_CAP` a hive) until no Ork attack within two moves
    clears an endangered hive with a chance above 0.25."""
    need = 0
    for area, _danger_now in endangered(bot, s):
        forts = count_kind(s, s.stack(area, IMPERIUM), "fortification")
        pot = potential(s, area, 2)
        k = 0
        while k < FORT_CAP - forts and danger(s, area, 3 * k, 2, pot) > 0.25:
            k += 1
        need += k
    return need


def place_ready(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """New counters (BFA-BUILD-15) go to the endangered hives, or else near the counter-attack
    targets; fortifications to the endangered hives short of :data:`FORT_CAP`."""
    dangers = dict(endangered(bot, s))
    targets = imperial_targets(bot, s)
    return bot.best(legal, lambda a: _placing_score(s, a, dangers, targets))


def _placing_score(s: S, a: Action, dangers: dict[str, float], targets: list[str]) -> float:
    if not isinstance(a, ac.Place):
        return -100.0  # a ready counter is worth more on the map than in the box
    area = a.area
    d = dangers.get(area, 0.0)
    if s.data.counters[a.counter].kind == "fortification":
        forts = count_kind(s, s.stack(area, IMPERIUM), "fortification")
        return 10.0 * d + (1.0 if area in dangers else 0.0) - 4.0 * (forts >= FORT_CAP)
    v = 5.0 + 10.0 * d
    if targets:
        v -= 0.8 * min(geo(s.data).dist[area].get(x, 9) for x in targets)
    return v


def ork_build(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """Ork counters come back (BFA-BUILD-17) strongest first, near their tribe's target, in the
    captured hives if they can; Mekboyz is played when there are counters to bring back."""
    aims = ork_aims(bot, s)
    hives = hive_sites(s)
    ruined = {hives[h] for h in hives if h in s.ruined}
    return bot.best(legal, lambda a: _return_score(s, a, aims, ruined))


def _return_score(s: S, a: Action, aims: dict[str, str], ruined: set[str]) -> float:
    if isinstance(a, ac.PlayCard):
        return 50.0 if a.card == "mekboyz" and s.in_box(DEAD, ORKS) else -1.0
    if not isinstance(a, ac.Return):
        return 0.0
    spec = s.data.counters[a.counter]
    aim = aims.get(spec.tribe or "")
    v = float(spec.attack + spec.defence)
    if a.area in ruined:
        v += 3.0
    if aim is not None:
        v -= 1.5 * geo(s.data).dist[a.area].get(aim, 9)
    if not fits(s.data, s.stack(a.area, ORKS), a.counter):
        v -= 100
    return v
