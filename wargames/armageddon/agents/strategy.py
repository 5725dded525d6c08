"""Strategy: the two strategy cards of each turn, and the special cards played outside combat
(Kult of Speed in the movement phase, any card offered at a supply check)."""

from __future__ import annotations

from collections.abc import Sequence

from wargames.armageddon import actions as ac
from wargames.armageddon.agents.bot import Bot
from wargames.armageddon.agents.geography import geo
from wargames.armageddon.agents.targets import ork_aims
from wargames.armageddon.agents.values import GHAZ
from wargames.armageddon.agents.victory import imperial_offensive
from wargames.armageddon.build import held_ruins, ork_allowance
from wargames.armageddon.data import ORKS
from wargames.armageddon.state import DEAD
from wargames.armageddon.state import ArmageddonState as S
from wargames.core.engine import Action


def plan_cards(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """Play a special card when one is offered, else plan this turn's strategy cards."""
    for a in legal:
        if isinstance(a, ac.PlayCard):
            return a
    wanted = strategy_cards(bot, s)
    for a in legal:
        if isinstance(a, ac.Plan) and (a.first, a.second) == wanted:
            return a
    return legal[0]


def strategy_cards(bot: Bot, s: S) -> tuple[str, str]:
    """The strategy cards for this turn.

    Orks: move and attack, then attack again and move (two attacks a turn, and the last
    move of the turn garrisons the ruins), or attack and build when destroyed counters can
    come back. Imperium: build twice a turn (the production track moves at every build
    phase), with one move and one combat between the builds; in its offensive (the last turn,
    Ghazghkull dead) build once, then move twice and strike once, so that every counter, the
    new ones too, stands by the hives to retake for one combined attack."""
    p = bot.side
    if p == ORKS:
        dead = any(s.spec(c).side == ORKS and c != GHAZ for c in s.counters_at(DEAD))
        builds = ork_allowance(s) + (1 if s.holds(ORKS, "mekboyz") else 0)
        if dead and (ork_allowance(s) >= 1 or (builds >= 1 and len(held_ruins(s)) >= 1)):
            return (f"{p}-mc", f"{p}-cb")
        return (f"{p}-mc", f"{p}-cm")
    if imperial_offensive(s):
        return (f"{p}-bm", f"{p}-mc")
    return (f"{p}-bm", f"{p}-cb")


def movement_card(bot: Bot, s: S, cards: Sequence[ac.PlayCard]) -> Action | None:
    """The card to play before moving, if any: Kult of Speed for the slowest Ork tribe."""
    if bot.side == ORKS:
        for c in cards:
            if c.card == "kult-of-speed" and c.target == slowest_tribe(bot, s):
                return c
    return None


def slowest_tribe(bot: Bot, s: S) -> str | None:
    """The tribe farthest from its target (the one Kult of Speed helps most)."""
    aims = ork_aims(bot, s)
    g = geo(s.data)
    worst, far = None, 2.0
    for t, aim in aims.items():
        ds = [g.dist[s.location(c)].get(aim, 9) for c in s.on_map(ORKS) if s.spec(c).tribe == t]
        if ds and sum(ds) / len(ds) > far:
            worst, far = t, sum(ds) / len(ds)
    return worst


def supply_check(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """Play the card offered at a supply check."""
    for a in legal:
        if isinstance(a, ac.PlayCard):
            return a
    return legal[-1]
