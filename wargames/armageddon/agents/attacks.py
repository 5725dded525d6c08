"""Attack choice: every attack scored by its expected value on the Combat Results Table, and the
cards played for an attack (Waaagh!, Orbital Strike)."""

from __future__ import annotations

from collections.abc import Sequence

from wargames.armageddon import actions as ac
from wargames.armageddon.agents.bot import Bot, first_pass
from wargames.armageddon.agents.geography import geo, hive_sites
from wargames.armageddon.agents.values import (
    ENDGAME_PRIZE,
    FACTORY_PRIZE,
    GHAZ,
    HIVE_PRIZE,
    LAST_TURN_STAKES,
    UNCAPTURE_PRIZE,
    VICTORY_PRIZE,
    expected,
    odds_column,
    worths,
)
from wargames.armageddon.agents.victory import hives_to_retake, ork_hives_needed, turns_left
from wargames.armageddon.combat import defence_of, modifiers
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.state import ArmageddonState as S
from wargames.armageddon.state import other
from wargames.core.engine import Action

Memo = dict[object, object]
"""Assessments shared by the attacks scored for one decision."""


def combat_phase(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """Make the attack of best expected value if it beats the bot's caution (Waaagh! first
    when it is well worth it), or play Orbital Strike where it pays; else pass."""
    memo: Memo = {}
    best: Action | None = None
    top = bot.caution
    for a in legal:
        if isinstance(a, ac.Attack):
            v = attack_value(s, bot.side, a, memo)
            if v > top:
                best, top = a, v
    for c in legal:
        if not isinstance(c, ac.PlayCard):
            continue
        if c.card == "waaagh" and best is not None and top > 10:
            return c
        if c.card == "orbital-strike" and strike_value(s, bot.side, c) > 4:
            return c
    if best is not None:
        return best
    return first_pass(legal)


def attack_value(s: S, side: str, a: ac.Attack, memo: Memo, drop: int = 0) -> float:
    """The expected value to ``side`` of attack ``a`` (with the defence less ``drop``), with
    Ghazghkull's re-roll if he is in it."""
    dfn = _defence(s, side, a.target, memo)
    att = 0
    for st in a.stacks:
        att += _stack_attack(s, side, st, memo)
    if att <= 0:
        return -1e9
    col = odds_column(s, att, max(0, dfn - drop))
    mod, _ = modifiers(s, side, a.target, a.stacks)
    values = code_values(s, side, a.target, a.stacks, memo)
    reroll = side == ORKS and any(GHAZ in s.units(st, ORKS) for st in a.stacks)
    return expected(s, col, mod, values, reroll)


def _defence(s: S, side: str, target: str, memo: Memo) -> int:
    key = ("dfn", target)
    dfn = memo.get(key)
    if dfn is None:
        dfn = memo[key] = defence_of(s, target, other(side))
    assert isinstance(dfn, int)
    return dfn


def _stack_attack(s: S, side: str, area: str, memo: Memo) -> int:
    key = ("att", area)
    v = memo.get(key)
    if v is None:
        v = memo[key] = sum(s.data.counters[c].attack for c in s.units(area, side))
    assert isinstance(v, int)
    return v


def code_values(
    s: S, side: str, target: str, stacks: Sequence[str], memo: Memo | None = None
) -> dict[str, float]:
    """What each result of an attack on ``target`` from ``stacks`` is worth to ``side``."""
    key = ("target", target, movers(s, side, stacks))
    found = memo.get(key) if memo is not None else None
    if found is None:
        found = _target_values(s, side, target, stacks)
        if memo is not None:
            memo[key] = found
    assert isinstance(found, tuple)
    kill, driven, ex_gain, prize = found
    own_worth, ex_loss = _stakes(s, side, stacks)
    k = LAST_TURN_STAKES if turns_left(s) == 0 else 1.0
    return {
        "DE": k * kill + prize,
        "DR": k * driven + prize,
        "EX": k * (ex_gain - ex_loss) + prize,
        "AR": k * (-0.1 * own_worth - 2.0),
        "AE": -k * own_worth,
    }


def _stakes(s: S, side: str, stacks: Sequence[str]) -> tuple[float, float]:
    """The attackers' worth, and what an exchange costs them (the cheapest counter of each
    stack that may be lost)."""
    mine = worths(s.data)[side]
    own_worth = 0.0
    ex_loss = 0.0
    for st in stacks:
        units = s.units(st, side)
        own_worth += sum(mine[c] for c in units)
        ok = [mine[c] for c in units if c not in s.retreated]
        if ok:
            ex_loss += min(ok)
    return own_worth, ex_loss


def movers(s: S, side: str, stacks: Sequence[str]) -> bool:
    """Whether an attacking counter could advance after the attack (movement 2 or more)."""
    specs = s.data.counters
    return any(specs[c].movement >= 2 for st in stacks for c in s.units(st, side))


def _target_values(
    s: S, side: str, target: str, stacks: Sequence[str]
) -> tuple[float, float, float, float]:
    """The defender's side of an attack: (worth destroyed by a DE, worth of a DR, what an EX
    takes from the defender, the prize of clearing the area)."""
    g = geo(s.data)
    w = worths(s.data)
    theirs = w[side]
    plain = w["plain"]
    defenders = s.units(target, other(side))
    kill = sum(theirs[c] for c in defenders)
    mine_occ = s.occupied(side)
    exits = any(n not in mine_occ for n in g.nbrs[target])
    doomed = sum(theirs[c] for c in defenders if c in s.retreated)
    # Defenders driven out: worth a quarter of their plain value (out of position), all
    # of their worth when they have nowhere to go or retreated already.
    shaken = 0.25 * sum(plain[c] for c in defenders if c not in s.retreated)
    driven = kill if not exits else shaken + doomed
    first = min(defenders, key=lambda c: (theirs[c], c)) if defenders else None
    one = theirs[first] if first else 0.0
    ex_rest = driven - (0.25 * plain[first] if exits else one) if first else 0.0
    return (kill, driven, one + max(0.0, ex_rest), area_prize(s, side, target, stacks))


def area_prize(s: S, side: str, target: str, stacks: Sequence[str]) -> float:
    """What clearing ``target`` of enemy counters is worth to ``side`` beyond the counters."""
    return _ork_prize(s, target, stacks) if side == ORKS else _imperial_prize(s, target)


def _ork_prize(s: S, target: str, stacks: Sequence[str]) -> float:
    """An intact hive to ruin (less when no attacker could advance into it), a factory, a
    fortification."""
    specs = s.data.counters
    total = 0.0
    advance = movers(s, ORKS, stacks)
    for c in s.stack(target, IMPERIUM):
        kind = specs[c].kind
        if kind == "hive":
            total += HIVE_PRIZE * (1.0 if advance else 0.7)
        elif kind == "factory":
            total += FACTORY_PRIZE
        elif kind == "fortification":
            total += 2.0
    if ork_hives_needed(s) == 1 and _uncaptured_hive(s, target):
        total += VICTORY_PRIZE * (1.0 if advance else 0.3)
    return total


def _uncaptured_hive(s: S, area: str) -> bool:
    """Whether a hive the Orks have not captured stands in ``area``."""
    return any(a == area and not s.hive_captured(h) for h, a in hive_sites(s).items())


def _imperial_prize(s: S, target: str) -> float:
    """A captured hive to take back (more while the Orks hold two or more; more again once
    Ghazghkull is gone)."""
    total = 0.0
    hives = hive_sites(s)
    for h, area in hives.items():
        if area == target and h in s.ruined:
            held = sum(s.hive_captured(x) for x in hives)
            total += UNCAPTURE_PRIZE * (1.5 if held >= 2 else 1.0)
            if not s.ghazghkull_in_play():
                total += ENDGAME_PRIZE
                if hives_to_retake(s) == [target]:
                    total += VICTORY_PRIZE
    return total


def strike_value(s: S, side: str, a: ac.PlayCard) -> float:
    """Orbital Strike: a 1 in 3 chance that the Orks lose their cheapest counter there."""
    if a.card != "orbital-strike":
        return -1.0
    units = s.units(a.target, ORKS)
    if not units:
        return -1.0
    w = worths(s.data)[IMPERIUM]
    lose = min(units, key=lambda c: (w[c] if c != GHAZ else 1e6, c))
    value = w[lose]
    if len(units) == 1:
        value += area_prize(s, side, a.target, ())
    return value / 3
