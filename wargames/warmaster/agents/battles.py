"""Battles as the greedy agents see them: the column, who re-rolls, the exact expected value of
a battle on the Battle Results Table, and what may still be hidden (face-down counters, the
cup)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, prod

from wargames.core.odds import odds_ratio
from wargames.warmaster.agents.values import (
    EVEN,
    HURT,
    PRIZE,
    SPLIT,
    S,
    Specs,
    Stakes,
    cheapest,
    ordered,
    worth,
)
from wargames.warmaster.data import EMPEROR, HORUS, IMPERIAL, TRAITOR, UnitSpec, WarmasterData
from wargames.warmaster.state import CUP, HIDDEN, other


def column(data: WarmasterData, area: str, side: str, att: Specs, dfn: Specs, shift: int) -> int:
    """The Battle Results Table column (as :func:`~wargames.warmaster.battle.numbers`)."""
    odds = odds_ratio(max(sum(u.attack for u in att), 1), sum(u.defence for u in dfn))
    sp = data.specials
    horror = any(u.kind == "horror" for u in dfn)
    if side == IMPERIAL and horror and not any(u.id in sp.horror.negated_by for u in att):
        shift += sp.horror.imperial_attack_shift
    if area == data.sanctum and any(u.id == sp.sanctum.unit for u in dfn):
        shift += sp.sanctum.defence_shift
    return max(0, min(len(data.battle.columns) - 1, data.battle.column(odds) + shift))


def reroller(side: str, att: Specs, dfn: Specs) -> str | None:
    """The side keeping a re-roll (as :func:`~wargames.warmaster.battle.reroll_side`)."""
    kinds = {side: {u.reroll for u in att if u.has_reroll}}
    kinds[other(side)] = {u.reroll for u in dfn if u.has_reroll}
    for who in (side, other(side)):
        mine, theirs = kinds[who], kinds[other(who)]
        if ("supreme" in mine and "supreme" not in theirs) or ("hero" in mine and not theirs):
            return who
    return None


def _retreat_cost(units: Specs, room: int, stakes: Stakes) -> float:
    """What a forced retreat costs: the units with no room die, the others are scattered."""
    dead = sum(worth(u, stakes) for u in units[room:])
    hurt = sum(
        HURT * min(worth(u), 25.0) + SPLIT * (u.id in (EMPEROR, HORUS)) for u in units[:room]
    )
    return dead + hurt


def code_value(
    data: WarmasterData,
    code: str,
    att: Specs,
    dfn: Specs,
    rooms: tuple[int, int],
    prize: float = 0.0,
    stakes: Stakes = EVEN,
) -> float:
    """A result's worth to the attacker: losses (the owner's cheapest), retreats, the prize."""
    r = data.results[code]
    gain = 0.0
    a, d = list(att), list(dfn)
    sides = ((a, r.attacker_loses, -1, r.heroes_last), (d, r.defender_loses, 1, False))
    for units, loses, sign, last in sides:
        if loses == "all":
            gain += sign * sum(worth(u, stakes) for u in units)
            units.clear()
        elif loses == "one" and units:
            lost = cheapest(units, last)
            gain += sign * worth(lost, stakes)
            units.remove(lost)
    both = bool(a) and bool(d)
    if r.attacker_retreats and a and (both or not r.retreat_needs_both):
        gain, a = gain - _retreat_cost(tuple(a), rooms[0], stakes), []
    if r.defender_retreats and d and (both or not r.retreat_needs_both):
        gain, d = gain + _retreat_cost(tuple(d), rooms[1], stakes), []
    return gain + (prize if a and not d else 0.0)


@lru_cache(maxsize=1 << 16)
def battle_ev(
    data: WarmasterData,
    area: str,
    side: str,
    att: Specs,
    dfn: Specs,
    rooms: tuple[int, int],
    prize: float = 0.0,
    shift: int = 0,
    stakes: Stakes = EVEN,
) -> float:
    """Expected worth to the attacker of ``att`` attacking ``dfn`` in ``area`` (``rooms``: the
    retreat room of each side); a surviving re-roll replaces any result worth less to its side
    than a new roll."""
    if not att or not dfn:
        return prize if att else 0.0
    cells = data.battle.cells[column(data, area, side, att, dfn, shift)]
    vals = [code_value(data, c, att, dfn, rooms, prize, stakes) for c in cells]
    base = sum(vals) / len(vals)
    who = reroller(side, att, dfn)
    if who is not None:
        keep = max if who == side else min
        return sum(keep(v, base) for v in vals) / len(vals)
    return base


@lru_cache(maxsize=256)
def ambush_draws(left: tuple[tuple[UnitSpec, int], ...], k: int, n: int = 6) -> tuple[Specs, ...]:
    """``n`` draws of ``k`` counters standing for every draw from ``left`` (type, count): the
    medians of ``n`` equally likely slices of the draws ordered by attack total."""
    count = dict(left)
    draws = []
    for draw in combinations_with_replacement(list(count), k):
        w = prod(comb(count[u], draw.count(u)) for u in set(draw))
        draws.append((sum(u.attack for u in draw), [u.id for u in draw], w, ordered(draw)))
    draws.sort(key=lambda d: (d[0], d[1]))
    total, acc, reps = sum(d[2] for d in draws), 0, list[Specs]()
    for _, _, w, draw in draws:
        while len(reps) < n and acc + w > (len(reps) + 0.5) / n * total:
            reps.append(draw)
        acc += w
    return tuple(reps)


def room(s: S, area: str, side: str) -> int:
    """How many of ``side``'s units could retreat out of ``area`` (WM-RETREAT-03)."""
    shut = s.occupied(other(side))
    near = [n for n in s.data.board.neighbours(area) if n not in s.destroyed and n not in shut]
    return sum(max(0, s.data.stack_limit - s.count(n, side)) for n in near)


def prize(s: S, side: str, area: str) -> float:
    """What clearing ``area`` of enemies is worth to ``side``."""
    if area == s.data.bridge and s.bridge is not None:
        return PRIZE[side]["bridge"]
    if area == s.data.defensive_screens and s.screens is None and s.setup.fleet_lasers:
        return PRIZE[side]["screens"]
    return 0.0


def hidden_mix(s: S) -> list[tuple[UnitSpec, float]]:
    """For the Imperial player: what a face-down counter may be, each starting type not yet
    seen with its share of the unidentified starting counters."""
    counts: dict[str, int] = {}
    for c in s.manifest.ids:
        if s.spec(c).starts_face_down and s.location(c) == HIDDEN:
            counts[s.spec(c).id] = counts.get(s.spec(c).id, 0) + 1
    total = sum(counts.values())
    return [(s.data.counters[k], n / total) for k, n in sorted(counts.items())]


def unseen_cup(s: S) -> list[UnitSpec]:
    """The reinforcements not yet seen (the cup's make-up is public knowledge)."""
    ids = s.manifest.ids
    return [s.spec(c) for c in ids if s.spec(c).back == "skull" and s.location(c) in (HIDDEN, CUP)]


def cup_average(s: S) -> UnitSpec:
    """A typical reinforcement not yet seen."""
    left = unseen_cup(s)
    n = max(1, len(left))
    attack, defence = (round(sum(getattr(u, f) for u in left) / n) for f in ("attack", "defence"))
    return UnitSpec("cup-unit", "reinforcement", TRAITOR, "unit", attack, defence)
