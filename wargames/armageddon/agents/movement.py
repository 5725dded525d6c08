"""Movement: the whole phase planned at its first decision and played move by move, and the
enemy counters destroyed when a move of theirs leaves a stack over the limit."""

from __future__ import annotations

from collections.abc import Sequence

from wargames.armageddon import actions as ac
from wargames.armageddon.agents.bot import Bot
from wargames.armageddon.agents.imperial_moves import imperial_moves
from wargames.armageddon.agents.ork_moves import ork_moves
from wargames.armageddon.agents.strategy import movement_card
from wargames.armageddon.agents.values import worths
from wargames.armageddon.data import ORKS
from wargames.armageddon.state import ArmageddonState as S
from wargames.core.engine import Action


def movement_phase(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """Plan the whole phase at its first decision, then play the plan move by move (a
    counter's reach does not change while the others move)."""
    key = (s.turn, s.segment, s.phase, len(s.effects), len(s.played))
    if bot.plan_key != key:
        card = movement_card(bot, s, [a for a in legal if isinstance(a, ac.PlayCard)])
        if card is not None:
            return card
        bot.plan_key = key
        moves = [a for a in legal if isinstance(a, ac.Move)]
        bot.plan = ork_moves(bot, s, moves) if bot.side == ORKS else imperial_moves(bot, s, moves)
        bot.plan.reverse()
    while bot.plan:
        a = bot.plan.pop()
        if a.counter not in s.used:
            return a
    for x in reversed(legal):
        if isinstance(x, ac.Pass):
            return x
    return legal[-1]


def overstacked(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """An enemy stack over the limit after movement: destroy its counter worth most (by this
    side's reckoning)."""
    w = worths(s.data)[bot.side]
    return bot.best(legal, lambda a: w[a.counter])  # type: ignore[attr-defined]
