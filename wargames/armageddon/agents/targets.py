"""Targets: the hive each Ork tribe goes for, and the Ork stacks the Imperium counter-attacks."""

from __future__ import annotations

from collections.abc import Iterable

from wargames.armageddon.agents.bot import Bot
from wargames.armageddon.agents.geography import geo, hive_sites
from wargames.armageddon.agents.threat import imperial_threat
from wargames.armageddon.agents.values import CLEARS, GHAZ, expected, odds_column
from wargames.armageddon.agents.victory import ork_push
from wargames.armageddon.combat import defence_of
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.state import ArmageddonState as S


def by_tribe(s: S, counters: Iterable[str]) -> dict[str, list[str]]:
    """Ork tribe -> its counters among ``counters``."""
    tribes: dict[str, list[str]] = {}
    for c in counters:
        t = s.data.counters[c].tribe
        if t is not None:
            tribes.setdefault(t, []).append(c)
    return tribes


def ork_aims(bot: Bot, s: S) -> dict[str, str]:
    """Ork tribe -> the area of its target hive, chosen again once per phase."""
    return bot.cached(s, "aims", lambda: _ork_aims_now(bot, s))


def _ork_aims_now(bot: Bot, s: S) -> dict[str, str]:
    bot.aims = assign_targets(bot, s, by_tribe(s, s.on_map(ORKS)))
    return bot.aims


def assign_targets(
    bot: Bot, s: S, tribes: dict[str, list[str]], deploying: bool = False
) -> dict[str, str]:
    """Ork tribe -> the area of the hive it goes for: the assignment (one tribe per hive
    while there are enough) that maximises the chance of clearing each hive soon."""
    targets = [
        area for h, area in hive_sites(s).items() if h not in s.ruined or s.units(area, IMPERIUM)
    ]
    if not targets or not tribes:
        return {}
    scores: dict[tuple[str, str], float] = {}
    for area in targets:
        for t, v in _target_scores(bot, s, area, tribes, deploying).items():
            scores[(t, area)] = v
    if ork_push(s):
        return _all_on_one(scores, targets, sorted(tribes), bot.push)
    return _best_assignment(scores, targets, sorted(tribes))


PUSH_HOLD = 1.0
"""What the hive the Orks already push for is worth more, per tribe, than another: the push
keeps its target instead of turning its tribes from hive to hive between phases."""


def _all_on_one(
    scores: dict[tuple[str, str], float], targets: list[str], names: list[str], bot_push: list[str]
) -> dict[str, str]:
    """Every tribe on the one target with the best total score: one more hive wins. The
    target of the push under way (``bot_push``) is kept while it stands."""
    held = bot_push[0] if bot_push else None

    def total(a: str) -> float:
        return sum(scores[(t, a)] for t in names) + (PUSH_HOLD * len(names) if a == held else 0)

    best = max(targets, key=lambda a: (total(a), a))
    bot_push[:] = [best]
    return dict.fromkeys(names, best)


def _target_scores(
    bot: Bot, s: S, area: str, tribes: dict[str, list[str]], deploying: bool
) -> dict[str, float]:
    """Each tribe's score for the hive in ``area``: its chance of clearing it, less the turns it
    needs to get there, more if it already goes for it."""
    g = geo(s.data)
    imperial = s.occupied(IMPERIUM)
    dmap = g.bfs((area,), imperial)
    open_sides = [n for n in g.nbrs[area] if n not in imperial]
    slots = 3 * max(1, len(open_sides))
    dfn = max(1, defence_of(s, area, IMPERIUM))
    mod = g.defmod[area] + (1 if s.turn == 1 and deploying else 0)
    out: dict[str, float] = {}
    for t, cs in tribes.items():
        p = _clear_chance(s, cs, slots, dfn, mod)
        turns = _turns_away(s, cs, dmap, deploying)
        out[t] = p - 0.25 * turns + (0.15 if bot.aims.get(t) == area else 0)
    return out


def _clear_chance(s: S, cs: list[str], slots: int, dfn: int, mod: int) -> float:
    """The chance that the tribe's counters ``cs`` (the strongest that fit in ``slots``, and
    every leader) clear a stack of defence ``dfn``."""
    specs = s.data.counters
    counting = sorted((specs[c].attack for c in cs if not specs[c].exempt), reverse=True)
    atk = sum(counting[:slots]) + sum(specs[c].attack for c in cs if specs[c].exempt)
    col = odds_column(s, max(1, atk), dfn)
    return expected(s, col, mod, CLEARS, any(c == GHAZ for c in cs))


def _turns_away(s: S, cs: list[str], dmap: dict[str, int], deploying: bool) -> float:
    """Roughly the turns the tribe's counters ``cs`` need to reach the target of ``dmap`` (from
    the nearest Ork deployment area while deploying)."""
    if deploying:
        steps = min(dmap.get(a, 9) for a in s.setup.ork_areas) - 1
        return steps / 4
    specs = s.data.counters
    ds = sorted(
        max(0, dmap.get(s.location(c), 12) - 1) / max(1, specs[c].movement)
        for c in cs
        if not specs[c].exempt
    )
    return sum(ds[:6]) / max(1, len(ds[:6])) / 2


def _best_assignment(
    scores: dict[tuple[str, str], float], targets: list[str], names: list[str]
) -> dict[str, str]:
    """The assignment of targets to the tribe ``names`` with the best total score, sharing a
    target costing more while there are enough targets for every tribe."""
    best: tuple[float, tuple[str, ...]] = (-1e9, ())
    for combo in _combos(targets, len(names)):
        total = 0.0
        for t, a in zip(names, combo, strict=True):
            total += scores[(t, a)]
        dup = len(combo) - len(set(combo))
        total -= 0.4 * dup if len(targets) >= len(names) else 0.1 * dup
        if total > best[0]:
            best = (total, combo)
    return dict(zip(names, best[1], strict=True))


def _combos(targets: list[str], n: int) -> Iterable[tuple[str, ...]]:
    """Every sequence of ``n`` targets (repeats allowed), in order."""
    if n == 0:
        yield ()
        return
    for t in targets:
        for rest in _combos(targets, n - 1):
            yield (t, *rest)


def imperial_targets(bot: Bot, s: S) -> list[str]:
    """Ork-held areas worth a counter-attack, best first: captured hives and Ghazghkull's
    stack, ranked by their worth and by the Imperial strength that can close in on them."""
    return bot.cached(s, "targets", lambda: _imperial_targets_now(s))


def _imperial_targets_now(s: S) -> list[str]:
    cands: dict[str, float] = {}
    for h, area in hive_sites(s).items():
        if h in s.ruined and s.units(area, ORKS):
            cands[area] = 3.0
    if s.ghazghkull_in_play():
        area = s.location(GHAZ)
        cands[area] = cands.get(area, 0.0) + 2.5
    ranked = []
    for area, base in cands.items():
        pot = imperial_threat(s, area, 2)
        dfn = max(1, defence_of(s, area, ORKS))
        ranked.append((-base * min(pot / dfn, 4.0), area))
    return [a for _, a in sorted(ranked)]
