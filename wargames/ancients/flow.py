"""The turn as tasks: the opening deal, then turns of five steps until a side wins.

A turn runs: play a card, order, move, battle, draw (CCB-TURN-01 to -07). Each step is a task
on the state's stack (:class:`wargames.core.tasks.TaskState`); the steps of a combat push
tasks of their own above the battle step (:mod:`wargames.ancients.close`,
:mod:`wargames.ancients.ranged`). Chance is explicit: :class:`DiceRoll` is a chance node over
the multiset of faces of a roll of battle dice, :class:`DrawCard` one over the cards left in the
draw pile.

Every task class is registered by name (:func:`task`) so saved states read back
(:mod:`wargames.ancients.serial`).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, TypeVar

import attrs

from wargames.ancients import actions
from wargames.ancients.board import SEATS
from wargames.core import tasks
from wargames.core.codec import saved
from wargames.core.engine import CHANCE, Action, Player
from wargames.core.notation import Pass

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S

T = TypeVar("T", bound=type)
V = TypeVar("V")


def once(s: S, key: str, compute: Callable[[], V]) -> V:
    """``compute()`` once per state: the pending task's :meth:`~Task.actor` and
    :meth:`~Task.legal` (and its refusals) ask the same question of the same state. ``key``
    names the question (only the pending task asks it)."""
    memo = s._memo
    if key in memo:
        found: V = memo[key]
        return found
    value = memo[key] = compute()
    return value


class Task(tasks.Task["S"]):
    """One pending step of Commands & Colors: Ancients; subclasses are frozen attrs classes."""

    rule: ClassVar[str] = "CCB-TURN-01"
    sequence_rule: ClassVar[str] = "CCB-TURN-01"


class DiceRoll(Task):
    """A roll of ``dice`` battle dice: one chance node over the multiset of faces
    (:func:`~wargames.ancients.actions.dice_outcomes`); subclasses say what the faces do in
    :meth:`rolled`."""

    dice: int

    def actor(self, s: S) -> Player | None:
        return CHANCE

    def chance(self, s: S) -> tuple[tuple[Action, float], ...]:
        return actions.dice_outcomes(self.dice)

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, actions.Dice)
        return self.rolled(s, action)

    def rolled(self, s: S, faces: actions.Dice) -> S:
        raise NotImplementedError(type(self).__name__)


# -- the deal and the draw -------------------------------------------------------------------


@saved("ancients/draw-card")
@attrs.frozen
class DrawCard(Task):
    """``side`` draws one card (chance over the cards left; an empty draw pile is first
    refilled by shuffling the discards, CCB-HAND-05)."""

    side: str
    rule: ClassVar[str] = "CCB-TURN-06"

    def actor(self, s: S) -> Player | None:
        return CHANCE if s.deck.can_draw() else None

    def chance(self, s: S) -> tuple[tuple[Action, float], ...]:
        cards = s.deck.refreshed().draw.cards  # Deck.draw_outcomes, counted in C
        n = len(cards)
        return tuple([(_DRAWS[card], k / n) for card, k in Counter(cards).items()])

    def pick(self, s: S, chance: float) -> Action:
        """The card :meth:`chance`'s outcomes give for ``chance``
        (:func:`~wargames.core.engine.pick_outcome`), without making them: the pile is sorted
        (a saved state with a pile out of order is refused), so its outcomes are its runs of
        copies in order and the card at place ``int(chance * n)`` is drawn, unless ``chance``
        lies within :data:`EDGE` of an end of that card's run, where the outcomes' sums (the
        same sums in the same order) are counted up to it."""
        cards = s.deck.refreshed().draw.cards
        n = len(cards)
        at = int(chance * n)
        if at < n:
            card = cards[at]
            low, high = bisect_left(cards, card, 0, at), bisect_right(cards, card, at)
            if chance - low / n > EDGE and high / n - chance > EDGE:
                return _DRAWS[card]
        return _counted_to(cards, chance)

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, actions.Draw)
        i = SEATS.index(self.side)
        hands = list(s.hands)
        hands[i] = hands[i].add(action.card)
        return s.pop(deck=s.deck.take(action.card), hands=(hands[0], hands[1]))

    def run(self, s: S) -> S:
        return s.pop()  # nothing left to draw: every card is in a hand or in play


EDGE = 1e-9
"""How near the end of a card's run :meth:`DrawCard.pick` counts the sums out: far wider than
the sums' rounding (at most some 60 additions of a few units in the last place)."""


def _counted_to(cards: tuple[str, ...], chance: float) -> actions.Draw:
    """The card drawn for ``chance`` from the pile ``cards``, counted as
    :func:`~wargames.core.engine.pick_outcome` counts :meth:`DrawCard.chance`'s outcomes."""
    n = len(cards)
    acc = 0.0
    for card, k in Counter(cards).items():
        acc += k / n
        if chance < acc:
            return _DRAWS[card]
    return _DRAWS[cards[-1]]  # past the last sum (rounding): the last card, as pick_outcome


class _Draws(dict[str, actions.Draw]):
    """The (shared) chance outcomes drawing each card, made on first use."""

    def __missing__(self, card: str) -> actions.Draw:
        found = self[card] = actions.Draw(card)
        return found


_DRAWS = _Draws()


def draw_action(card: str) -> actions.Draw:
    """The (shared) chance outcome drawing ``card``."""
    return _DRAWS[card]


def deal_tasks(first: str) -> tuple[Task, ...]:
    """The opening hands: each player is dealt his Command in cards, the first player first
    (CCB-HAND-04, CCB-GAP-11)."""
    return (Deal(first), Deal(_other(first)), BeginTurn())


@saved("ancients/deal")
@attrs.frozen
class Deal(Task):
    """Deal ``side`` cards until he holds his Command (CCB-HAND-01, -04)."""

    side: str
    rule: ClassVar[str] = "CCB-HAND-04"

    def run(self, s: S) -> S:
        missing = s.command(self.side) - len(s.hand(self.side))
        if missing <= 0:
            return s.pop()
        return s.push(DrawCard(self.side))


def drawing_side(s: S) -> str | None:
    """The side whose draw is the pending chance node, if a card is being drawn."""
    if s.tasks and isinstance(s.top, DrawCard):
        return s.top.side
    return None


# -- the turn --------------------------------------------------------------------------------


@saved("ancients/begin-turn")
@attrs.frozen
class BeginTurn(Task):
    """A turn begins: the active player's five steps (CCB-TURN-01); the card played decides
    the steps between the card and the draw (order, move, battle)."""

    rule: ClassVar[str] = "CCB-TURN-01"

    def run(self, s: S) -> S:
        return s.pop(
            *s.turn_steps(),
            turn=s.turn + 1,
            card=None,
            ordered=(),
            moved=(0,) * len(s.where),
            stuck=frozenset(),
            battled=frozenset(),
            owed=(),
        )


@saved("ancients/draw-step")
@attrs.frozen
class DrawStep(Task):
    """Step 5: the played card is discarded and the active player draws one (CCB-TURN-06);
    a player who played a card in reaction draws its replacement first (CCB-CARDS-34)."""

    rule: ClassVar[str] = "CCB-TURN-06"

    def run(self, s: S) -> S:
        deck = s.deck if s.card is None else s.deck.discard(s.card)
        draws = [DrawCard(side) for side in s.owed]
        return s.pop(*draws, DrawCard(s.active), deck=deck, card=None, owed=())


@saved("ancients/end-turn")
@attrs.frozen
class EndTurn(Task):
    """The turn passes to the other player (CCB-TURN-07); objectives held are counted first
    (CCB-VICTORY-02). The bot-play turn cap, if set, may end the game here."""

    rule: ClassVar[str] = "CCB-TURN-07"

    def run(self, s: S) -> S:
        s = hold_objectives(s)
        if s.result is not None:
            return s
        if s.turn_cap is not None and s.turn >= s.turn_cap:
            return turn_cap_reached(s)
        return s.pop(BeginTurn(), active=_other(s.active))


def _other(side: str) -> str:
    return "top" if side == "bottom" else "bottom"


_ENDS: dict[str, Pass] = {}


def end(what: str) -> Pass:
    """The (shared) action that finishes a step: ``end orders``, ``end moves``..."""
    found = _ENDS.get(what)
    if found is None:
        found = _ENDS[what] = Pass(what)
    return found


# Imported once this module is complete (they import it, directly or not), not in the
# functions that name them: an import statement run at every step costs a microsecond.
from wargames.ancients.victory import hold_objectives, turn_cap_reached  # noqa: E402

__all__ = [
    "BeginTurn",
    "Deal",
    "DiceRoll",
    "DrawCard",
    "DrawStep",
    "EndTurn",
    "Task",
    "deal_tasks",
    "drawing_side",
    "end",
    "once",
]
