"""Decisions inside a battle: cards before and after the roll, Ghazghkull's re-roll, losses,
retreats and advances."""

from __future__ import annotations

from collections.abc import Sequence

from wargames.armageddon import actions as ac
from wargames.armageddon.agents.attacks import Memo, attack_value, code_values
from wargames.armageddon.agents.bot import Bot, card_choice, first_pass
from wargames.armageddon.agents.geography import geo, hive_sites, is_factory
from wargames.armageddon.agents.threat import risk
from wargames.armageddon.agents.values import (
    GHAZ,
    GHAZ_RETREAT_RISK,
    expected,
    odds_column,
    worths,
)
from wargames.armageddon.combat import combat_result, defence_of, modifiers
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.state import ArmageddonState as S
from wargames.armageddon.state import other
from wargames.armageddon.supply import supplied_areas
from wargames.core.engine import Action


def attack_cards(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """Tunnel Rats (BFA-CARDS-03): played when an attack that ignores the hive's defence is
    worth more than 3 over the attack as it stands."""
    battle = s.top.battle  # type: ignore[attr-defined]
    hive = sum(
        s.spec(c).defence for c in s.stack(battle.target, IMPERIUM) if s.spec(c).kind == "hive"
    )
    a = ac.Attack(battle.target, battle.stacks)
    memo: Memo = {}
    gain = attack_value(s, bot.side, a, memo, hive) - attack_value(s, bot.side, a, memo)
    return card_choice(legal, gain > 3.0)


def defence_cards(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """Thunderbolt Wing (BFA-CARDS-03): played to defend a hive, a factory or a stack of two
    or more."""
    battle = s.top.battle  # type: ignore[attr-defined]
    kinds = {s.spec(c).kind for c in s.stack(battle.target, IMPERIUM)}
    want = "hive" in kinds or "factory" in kinds or len(s.units(battle.target, IMPERIUM)) >= 2
    return card_choice(legal, want)


def heroic_stand(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """Heroic Stand (BFA-CARDS-03): played to hold a hive, or when the stack has nowhere to
    retreat to."""
    battle = s.top.battle  # type: ignore[attr-defined]
    kinds = {s.spec(c).kind for c in s.stack(battle.target, IMPERIUM)}
    orks = s.occupied(ORKS)
    trapped = not any(n not in orks for n in geo(s.data).nbrs[battle.target])
    return card_choice(legal, "hive" in kinds or trapped)


def reroll_choice(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """Ghazghkull's re-roll (BFA-COMBAT-20): taken when the result is worth less than the
    expected value of a new roll."""
    top = s.top
    b = top.battle  # type: ignore[attr-defined]
    values = code_values(s, bot.side, b.target, b.stacks)
    code = combat_result(s, b, top.roll)  # type: ignore[attr-defined]
    att = sum(s.spec(c).attack for c in b.attackers)
    dfn = defence_of(s, b.target, IMPERIUM)
    col = odds_column(s, max(1, att), dfn)
    mod, _ = modifiers(s, ORKS, b.target, b.stacks)
    fresh = expected(s, col, mod, values, False)
    return ac.Reroll(values.get(code, 0.0) < fresh)


def take_loss(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """A loss (BFA-COMBAT-17): the counter worth least to the side; Ghazghkull last, whatever
    his worth, since the Imperium cannot win while he lives (BFA-VICTORY-05)."""
    w = worths(s.data)[bot.side]
    others = [a for a in legal if getattr(a, "counter", None) != GHAZ] or list(legal)
    return bot.best(others, lambda a: -w[a.counter])  # type: ignore[attr-defined]


def retreat(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """A retreat (BFA-RETREAT-02): to the area least threatened for its defence, in supply;
    Ghazghkull to a strong stack hard to destroy."""
    first = legal[0]
    assert isinstance(first, ac.RetreatTo)
    counter = first.counter
    side = bot.side
    foe = other(side)
    g = geo(s.data)
    specs = s.data.counters
    supplied = supplied_areas(s, side)

    def score(a: Action) -> float:
        assert isinstance(a, ac.RetreatTo)
        area = a.area
        danger = sum(specs[c].attack for n in g.nbrs[area] for c in s.units(n, foe))
        mates = s.units(area, side)
        dfn = sum(specs[c].defence for c in mates) + specs[counter].defence
        v = -danger / max(1, dfn)
        v += 5.0 if area in supplied else -20.0
        if counter == GHAZ:
            v -= GHAZ_RETREAT_RISK * risk(s, area, dfn)
            v += 2.0 * len(mates)
        return v

    return bot.best(legal, score)


def advance_choice(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """An advance into the emptied area (BFA-COMBAT-19), while the stack there is short of
    what the side wants to hold it with."""
    target = s.top.battle.target  # type: ignore[attr-defined]
    advances = [a for a in legal if isinstance(a, ac.Advance)]
    if not advances:
        return legal[-1]
    inside = list(s.units(target, bot.side))
    if bot.side == ORKS:
        pick = _ork_advance(s, target, inside, advances)
    else:
        pick = _imperial_advance(s, target, inside, advances)
    return pick if pick is not None else first_pass(legal)


def _ork_advance(
    s: S, target: str, inside: list[str], advances: list[ac.Advance]
) -> ac.Advance | None:
    """Orks fill a hive to three counting counters, an empty factory with one; the best
    defender for its attack goes (never Ghazghkull)."""
    specs = s.data.counters
    counting = [c for c in inside if not specs[c].exempt]
    is_hive = target in hive_sites(s).values()
    want = 3 if is_hive else 1 if is_factory(s, target) and not counting else 0
    if len(counting) >= want:
        return None
    cands = [a for a in advances if a.counter != GHAZ]
    if not cands:
        return None
    return max(
        cands,
        key=lambda a: (specs[a.counter].defence - 0.5 * specs[a.counter].attack, a.counter),
    )


def _imperial_advance(
    s: S, target: str, inside: list[str], advances: list[ac.Advance]
) -> ac.Advance | None:
    """The Imperium fills a hive to two counters, its best defenders first."""
    specs = s.data.counters
    want = 2 if target in hive_sites(s).values() else 0
    if len(inside) >= want:
        return None
    return max(advances, key=lambda a: (specs[a.counter].defence, a.counter))
