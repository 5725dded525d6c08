"""Steps 1 and 2 of a turn: play a card, then order the pieces it allows, one decision each.

Step 1: the active player plays one card from his hand, face up (CCB-TURN-02). Its rule
(:mod:`wargames.ancients.commands`) then runs the card's steps, normally order, move and battle.

Step 2: the player orders pieces one at a time, ``order 05-07`` for the unit in a hex (its
attached leader goes with it and takes no order, CCB-ORDERS-06) or ``order leader 05-07`` for a
leader: a lone one (CCB-ORDERS-07), or one leaving his unit on a card with the helmet icon,
which costs an order and does not order the unit (CCB-ORDERS-08, -09). He may stop at any time
(``end orders``); orders the card grants beyond what he can use are lost (CCB-ORDERS-03).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.commands import ORDERABLE_BEFORE
from wargames.ancients.flow import Task, end
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S


@saved("ancients/play-step")
@attrs.frozen
class PlayStep(Task):
    """Step 1: the active player plays exactly one card from his hand (CCB-TURN-02)."""

    rule: ClassVar[str] = "CCB-TURN-02"

    def actor(self, s: S) -> Player | None:
        return s.seat(s.active)

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple([play_action(c) for c in dict.fromkeys(s.hand(s.active).cards)])

    def draw(self, s: S, chance: float) -> Action:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`: the card at
        that place among the hand's different cards."""
        cards = tuple(dict.fromkeys(s.hand(s.active).cards))
        return play_action(cards[int(chance * len(cards))])

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.PlayCard)
        i = 0 if s.active == "bottom" else 1
        hands = list(s.hands)
        hands[i] = hands[i].remove(action.card)
        s = s.evolve(hands=(hands[0], hands[1]), card=action.card)
        last = list(s.last)
        last[i] = rule_of(action.card).played(s, s.active)
        s = s.evolve(last=(last[0], last[1]))
        return s.pop(*s.rule.steps())

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.PlayCard):
            return RuleViolation("CCB-TURN-02", f"{action.card} is not a card in your hand")
        return super().explain(s, action)


@saved("ancients/order-step")
@attrs.frozen
class OrderStep(Task):
    """Step 2: the active player announces the pieces the card orders (CCB-TURN-03)."""

    rule: ClassVar[str] = "CCB-TURN-03"

    def orderable(self, s: S) -> tuple[int, ...]:
        found: tuple[int, ...] | None = s._memo.get("orderable")  # once(), written out
        if found is None:
            found = s._memo["orderable"] = s.rule.orderable(s, s.active)
        return found

    def actor(self, s: S) -> Player | None:
        return s.seat(s.active) if self.orderable(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        where, types = s.where, s.scenario.types
        orders: list[Action] = [order_action(where[p], types[p] is None) for p in self.orderable(s)]
        orders.append(end("orders"))
        return tuple(orders)

    def draw(self, s: S, chance: float) -> Action:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, the one order
        made (the orderable pieces, then ``end orders``)."""
        pieces = self.orderable(s)
        i = int(chance * (len(pieces) + 1))
        if i == len(pieces):
            return end("orders")
        piece = pieces[i]
        return order_action(s.where[piece], s.scenario.types[piece] is None)

    def act(self, s: S, action: Action) -> S:
        if not isinstance(action, act.Order):
            return s.pop()
        piece = piece_ordered(s, action)
        assert piece is not None
        before = s._memo.get(ORDERABLE_BEFORE)  # what a section card found (commands.narrowed)
        s = s.evolve(ordered=(*s.ordered, piece))
        if before is not None:
            s._memo[ORDERABLE_BEFORE] = before
        return s.rule.on_order(s, piece)

    def run(self, s: S) -> S:
        return s.pop()

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.Order):
            piece = piece_ordered(s, action)
            if piece is None:
                what = "leader" if action.leader else "unit"
                return RuleViolation("CCB-ORDERS-01", f"no {what} in {action.hex} to order")
            return s.rule.refusal(s, s.active, piece)
        return super().explain(s, action)


_ORDERS: dict[tuple[str, bool], act.Order] = {}
_PLAYS: dict[str, act.PlayCard] = {}


def play_action(card: str) -> act.PlayCard:
    """The (shared) action playing ``card``."""
    found = _PLAYS.get(card)
    if found is None:
        found = _PLAYS[card] = act.PlayCard(card)
    return found


def order_action(hex_id: str, leader: bool) -> act.Order:
    """The (shared) action ordering the unit, or the leader, in ``hex_id``."""
    key = (hex_id, leader)
    found = _ORDERS.get(key)
    if found is None:
        found = _ORDERS[key] = act.Order(hex_id, leader)
    return found


def piece_ordered(s: S, order: act.Order) -> int | None:
    """The piece an order names: the leader in the hex, or the unit there."""
    return s.leader_at(order.hex) if order.leader else s.unit_at(order.hex)


# Imported once this module is complete (they import it, directly or not), not in the
# functions that name them: an import statement run at every step costs a microsecond.
from wargames.ancients.commands import rule_of  # noqa: E402

__all__ = ["OrderStep", "PlayStep", "order_action", "piece_ordered", "play_action"]
