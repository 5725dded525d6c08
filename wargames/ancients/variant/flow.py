"""The turn of the 'Armageddon' team variant as tasks (CCA-SEQ-01 to -09, CCA-HAND-01 to -07).

Before anything else, on a side of three players the Commander gives the center flank to the
left or right Field General, and on a side of two he picks the outside flank he runs himself
(:class:`ChooseFlanks`, CCA-ROLE-04, -05). Then each side is dealt up to its hand
limit, its Commander places one card face down on each flank, and draws back up to the limit
(CCA-HAND-06, CCA-GAP-12). A side's turn then runs (CCA-SEQ-01):

1. :class:`CounterWindow`: the Commander may play Counter Attack from his hand on any flank,
   one per flank (CCA-SEQ-02, CCA-CARDS-11, CCA-GAP-08);
2. :class:`Reveal`: the cards placed last turn are turned up, except where a Counter Attack
   was played: that card stays face down for next turn (CCA-SEQ-03, CCA-CARDS-12, -13);
3. :class:`FlankOrders` then :class:`FlankMoves` on the left, center and right flanks: each
   flank's Field General orders with his flank's card and moves, all movement before any
   combat (CCA-SEQ-04);
4. combats one at a time, each resolved in full: the Commander chooses the unit that battles
   next, among those ordered on every flank (:class:`ChooseCombat`), its flank's Field
   General fights it (:class:`FlankBattle`) (CCA-SEQ-05 to -07, CCA-VICTORY-03, CCA-GAP-13);
   before each close combat the opposing Commander may play First Strike
   (:class:`FirstStrikeOffer`, CCA-CARDS-14, CCA-GAP-09);
5. :class:`PlaceCard` per flank: the Commander places a card face down (CCA-SEQ-08);
6. :class:`Refill`: he draws up to his hand limit (CCA-SEQ-09, CCA-HAND-02 to -04).

Actions: ``counter-attack left``, ``end counter-attack``, ``place order-two-left left``,
``battles 03-06`` (the Commander's choice of the unit that battles next, CCA-VICTORY-03),
``play first-strike``, ``end first-strike``, ``credit left`` (CCA-BANNER-03), and at set-up
``centre left`` / ``centre right`` and ``flank left`` / ``flank right`` (CCA-ROLE-04, -05).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.battle import BattleStep, after_move
from wargames.ancients.close import Combat, DefenderChoice, Strikes
from wargames.ancients.command_dice import CommandRoll, IAmSpartacus, Rally
from wargames.ancients.commands import CardRule, rule_of
from wargames.ancients.flow import DrawCard, end
from wargames.ancients.movement import MoveStep
from wargames.ancients.variant.actions import (
    OUTSIDE,
    BattleNext,
    Centre,
    CounterAttack,
    OutsideFlank,
    Place,
    place_action,
)
from wargames.ancients.variant.flanks import (
    COUNTER_ATTACK,
    FIRST_STRIKE,
    REACTIONS,
    hand_limit,
    played_mark,
)
from wargames.ancients.variant.orders import FlankOrderStep
from wargames.ancients.variant.seats import CHOOSING, FLANKS, mirror
from wargames.ancients.variant.state import team
from wargames.core import tasks
from wargames.core.cards import Deck, Pile
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState
    from wargames.ancients.variant.state import ArmageddonState as S


class TeamTask(tasks.Task["S"]):
    """One pending step of the variant's turn (frozen attrs subclasses)."""

    rule: ClassVar[str] = "CCA-SEQ-01"
    sequence_rule: ClassVar[str] = "CCA-SEQ-01"


Task = tasks.Task[Any]
SPARTACUS = "i-am-spartacus"


# -- helpers ------------------------------------------------------------------------------------


def index(flank: str) -> int:
    return FLANKS.index(flank)


def take_from_hand(s: S, side: str, card: str) -> S:
    i = 0 if side == "bottom" else 1
    hands = list(s.hands)
    hands[i] = hands[i].remove(card)
    return s.evolve(hands=(hands[0], hands[1]))


def copied(s: S, flank: str) -> str:
    """The card a Counter Attack on ``flank`` copies: the one the other side used on its last
    turn on the same stretch of battlefield (its mirror-named flank), a section card mirrored
    (CCA-CARDS-11, -13, CCA-GAP-07); none: Counter Attack's own one unit of choice."""
    other = 1 if s.active == "bottom" else 0
    card = s.flank_last[other][index(mirror(flank))]
    if not card:
        return COUNTER_ATTACK
    spec = s.scenario.cards[card]
    return spec.mirror or card


# -- the opening ---------------------------------------------------------------------------------


def opening_tasks(first: str) -> tuple[Task, ...]:
    """Deal to the hand limit, place three cards, draw back up (CCA-HAND-06, CCA-GAP-12)."""
    second = "top" if first == "bottom" else "bottom"
    places = [PlaceCard(side, f) for side in (first, second) for f in FLANKS]
    return (
        ChooseFlanks(first),
        ChooseFlanks(second),
        Refill(first),
        Refill(second),
        *places,
        Refill(first),
        Refill(second),
        BeginTeamTurn(),
    )


@saved("ancients/choose-flanks")
@attrs.frozen
class ChooseFlanks(TeamTask):
    """Set-up: on a side of three players its Commander gives the center flank to the left or
    the right Field General (``centre left``, CCA-ROLE-04); on a side of two he picks the
    outside flank he runs himself (``flank right``, CCA-ROLE-05). The text says only that the
    center "can be taken by either Left or Right" and that the Commander "will control 1
    outside flank"; the project reads both as the Commander's, who already allots the cards to
    the flanks (docs/ancients-armageddon-notes.md). Sides of one or four players have nothing
    to choose."""

    side: str
    rule: ClassVar[str] = "CCA-ROLE-04"

    def choosing(self, s: S) -> bool:
        return s.players_of(self.side) in CHOOSING and not s.choice_of(self.side)

    def actor(self, s: S) -> Player | None:
        return s.commander_seat(self.side) if self.choosing(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        kind = Centre if s.players_of(self.side) == 3 else OutsideFlank
        return tuple(kind(f) for f in OUTSIDE)

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, Centre | OutsideFlank)
        chosen = list(s.chosen)
        chosen[0 if self.side == "bottom" else 1] = action.flank
        return s.pop(chosen=(chosen[0], chosen[1]))

    def run(self, s: S) -> S:
        return s.pop()

    def explain(self, s: S, action: Action) -> RuleViolation:
        """The choice of the side's size refused, naming its rule (CCA-ROLE-04 or -05)."""
        three = s.players_of(self.side) == 3
        legal = " / ".join(str(a) for a in self.legal(s))
        return RuleViolation(
            "CCA-ROLE-04" if three else "CCA-ROLE-05",
            f"{action} is not the set-up choice of a side of {s.players_of(self.side)}: {legal}",
        )


@saved("ancients/refill")
@attrs.frozen
class Refill(TeamTask):
    """``side``'s Commander draws until he holds his hand limit; above it he keeps his cards
    and draws nothing (CCA-SEQ-09, CCA-HAND-02 to -04)."""

    side: str
    rule: ClassVar[str] = "CCA-SEQ-09"

    def run(self, s: S) -> S:
        if len(s.hand(self.side)) >= hand_limit(s, self.side) or not s.deck.can_draw():
            return s.pop()
        return s.push(DrawCard(self.side))


# -- the turn ------------------------------------------------------------------------------------


@saved("ancients/begin-team-turn")
@attrs.frozen
class BeginTeamTurn(TeamTask):
    """A side's turn begins: its six steps (CCA-SEQ-01)."""

    rule: ClassVar[str] = "CCA-SEQ-01"

    def run(self, s: S) -> S:
        side = s.active
        return s.pop(
            CounterWindow(),
            Reveal(),
            *[FlankOrders(f) for f in FLANKS],
            *[FlankMoves(f) for f in FLANKS],
            ChooseCombat(),
            UseUp(),
            *[PlaceCard(side, f) for f in FLANKS],
            Refill(side),
            EndTeamTurn(),
            turn=s.turn + 1,
            card=None,
            ordered=(),
            moved=(0,) * len(s.where),
            stuck=frozenset(),
            battled=frozenset(),
            owed=(),
            revealed=("", "", ""),
            countered=(),
            flank="",
            flank_orders=((), (), ()),
            played=("", "", ""),
            offered=None,
        )


@saved("ancients/counter-window")
@attrs.frozen
class CounterWindow(TeamTask):
    """Step 1: the Commander may play Counter Attack on a flank, before any card is revealed;
    one per flank (CCA-SEQ-02, CCA-CARDS-11, CCA-GAP-08)."""

    rule: ClassVar[str] = "CCA-SEQ-02"

    def flanks(self, s: S) -> tuple[str, ...]:
        if COUNTER_ATTACK not in s.hand(s.active).cards:
            return ()
        return tuple(f for f in FLANKS if f not in s.countered)

    def actor(self, s: S) -> Player | None:
        return s.commander_seat(s.active) if self.flanks(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return (*(CounterAttack(f) for f in self.flanks(s)), end("counter-attack"))

    def act(self, s: S, action: Action) -> S:
        if not isinstance(action, CounterAttack):
            return s.pop()
        s = take_from_hand(s, s.active, COUNTER_ATTACK)
        return s.evolve(countered=(*s.countered, action.flank), deck=s.deck.discard(COUNTER_ATTACK))

    def run(self, s: S) -> S:
        return s.pop()

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, CounterAttack):
            if COUNTER_ATTACK not in s.hand(s.active).cards:
                return RuleViolation("CCA-CARDS-11", "the Commander holds no Counter Attack")
            return RuleViolation("CCA-GAP-08", "one Counter Attack per flank")
        return super().explain(s, action)


@saved("ancients/reveal")
@attrs.frozen
class Reveal(TeamTask):
    """Step 2: the cards placed last turn are revealed, except on a flank where a Counter
    Attack was played: that card stays face down for next turn and the Counter Attack copies
    (CCA-SEQ-03, CCA-CARDS-11, -12, CCA-HAND-07)."""

    rule: ClassVar[str] = "CCA-SEQ-03"

    def run(self, s: S) -> S:
        i = 0 if s.active == "bottom" else 1
        placed = list(s.placed[i])
        revealed = []
        effective = []
        for k, flank in enumerate(FLANKS):
            if flank in s.countered:
                revealed.append(COUNTER_ATTACK)
                effective.append(copied(s, flank))
            else:
                revealed.append(placed[k])
                effective.append(placed[k])
                placed[k] = ""
        all_placed = list(s.placed)
        all_placed[i] = (placed[0], placed[1], placed[2])
        last = list(s.flank_last)
        last[i] = (effective[0], effective[1], effective[2])
        return s.pop(
            revealed=(revealed[0], revealed[1], revealed[2]),
            effective=(effective[0], effective[1], effective[2]),
            placed=(all_placed[0], all_placed[1]),
            flank_last=(last[0], last[1]),
        )


def _enter(s: S, flank: str, ordered: tuple[int, ...]) -> S:
    """The state carrying out ``flank``: its card is the card in play, its fallback mark
    (:attr:`AncientsState.last`) the one recorded when its orders began."""
    return s.evolve(**_entering(s, flank, ordered))


def _entering(
    s: S, flank: str, ordered: tuple[int, ...], played: tuple[str, str, str] | None = None
) -> dict[str, Any]:
    """The changes :func:`_enter` makes (``played``: the flanks' marks, when they change
    too), for a step that pops with them in one go (in place while the automatic steps own
    the state)."""
    k = index(flank)
    card = s.effective[k]
    last = list(s.last)
    last[0 if s.active == "bottom" else 1] = (played or s.played)[k] or card
    changes: dict[str, Any] = {
        "flank": flank,
        "card": card or None,
        "ordered": ordered,
        "last": (last[0], last[1]),
    }
    if played is not None:
        changes["played"] = played
    return changes


@saved("ancients/leave-flank")
@attrs.frozen
class LeaveFlank(TeamTask):
    """A flank's step is over: its orders are kept, the next flank's card takes over."""

    flank: str
    keep: bool = False

    def run(self, s: S) -> S:
        orders = list(s.flank_orders)
        if self.keep:
            orders[index(self.flank)] = s.ordered
        return s.pop(
            flank="", card=None, ordered=(), flank_orders=(orders[0], orders[1], orders[2])
        )


@saved("ancients/flank-orders")
@attrs.frozen
class FlankOrders(TeamTask):
    """Step 3, orders: the flank's Field General orders with the card on his flank
    (CCA-SEQ-04, CCA-ROLE-02, -07); a card on the wrong flank gives no action (CCA-CARDS-05)."""

    flank: str
    rule: ClassVar[str] = "CCA-SEQ-04"

    def run(self, s: S) -> S:
        k = index(self.flank)
        card = s.effective[k]
        if not card:
            return s.pop()
        marks = list(s.played)
        marks[k] = played_mark(s, self.flank, card)
        s = s.evolve(**_entering(s, self.flank, (), (marks[0], marks[1], marks[2])))
        if card != COUNTER_ATTACK and isinstance(rule_of(card).resolve(s), Rally | IAmSpartacus):
            # Command dice: the card's own roll, its faces spent in this flank only
            return s.pop(CommandRoll(card), LeaveFlank(self.flank, True))
        return s.pop(FlankOrderStep(self.flank), LeaveFlank(self.flank, True))


@saved("ancients/flank-moves")
@attrs.frozen
class FlankMoves(TeamTask):
    """Step 3, movement: the pieces ordered on the flank move under its card; every flank
    moves before any combat (CCA-SEQ-04)."""

    flank: str
    rule: ClassVar[str] = "CCA-SEQ-04"

    def run(self, s: S) -> S:
        ordered = s.flank_orders[index(self.flank)]
        if not ordered:
            return s.pop()
        card = s.effective[index(self.flank)]
        steps = card_steps(card, MoveStep)
        return s.pop(*steps, LeaveFlank(self.flank), **_entering(s, self.flank, ordered))


@saved("ancients/flank-battle")
@attrs.frozen
class FlankBattle(TeamTask):
    """Step 4: one unit ordered on ``flank`` battles, its combat chosen and resolved in full by
    the flank's Field General under the flank's card (CCA-SEQ-05, -06, CCA-GAP-13)."""

    flank: str
    unit: int
    rule: ClassVar[str] = "CCA-SEQ-05"

    def run(self, s: S) -> S:
        card = s.effective[index(self.flank)]
        steps = card_steps(card, BattleStep)
        return s.pop(*steps, LeaveFlank(self.flank), **_entering(s, self.flank, (self.unit,)))


def card_steps(card: str, kind: type[Task]) -> tuple[Task, ...]:
    """The card's own steps of one kind (its movement, or its battles: a tactic card may
    change them), all movement of every flank coming before any combat (CCA-SEQ-04)."""
    if card == COUNTER_ATTACK:
        return (kind(),)
    rule = rule_of(card)
    found = _CARD_STEPS.get((rule, kind))
    if found is None:  # a card's steps are the same in every state: kept per rule and kind
        found = _CARD_STEPS[rule, kind] = tuple(t for t in rule.steps() if isinstance(t, kind))
    return found


_CARD_STEPS: dict[tuple[CardRule, type[Task]], tuple[Task, ...]] = {}
""":func:`card_steps` by card rule and kind of step (at most the deck's rules times two)."""


def combatants(s: S, done: tuple[int, ...] = ()) -> tuple[tuple[str, int], ...]:
    """The units ordered this turn, flank by flank, that may still battle, as ``(flank,
    unit)``: each is offered once (``done``: those already chosen)."""
    found: list[tuple[str, int]] = []
    for k, flank in enumerate(FLANKS):
        ordered = s.flank_orders[k]
        if not ordered:
            continue
        steps = card_steps(s.effective[k], BattleStep)
        if not steps or not isinstance(steps[0], BattleStep):
            continue
        step = steps[0]
        # the flank's card in play, its pieces ordered: as each unit would battle alone (no
        # rule asks a battling unit about the other pieces ordered with it, only whether it
        # is one of them)
        entered = _enter(s, flank, ordered)
        for p in ordered:
            if p in done or s.is_leader(p) or not s.on_board(p) or p in s.battled:
                continue
            if after_move(entered, p) != "may-not" and step.has_target(entered, p):
                found.append((flank, p))
    return tuple(found)


@saved("ancients/choose-combat")
@attrs.frozen
class ChooseCombat(TeamTask):
    """Step 4: the battling side's Commander chooses the unit whose combat comes next, among
    the units ordered on every flank (``battles 03-06``); that flank's Field General then
    fights it (or lets it pass), and the combat is resolved in full before the Commander
    chooses again. So combats are always fought one at a time in an order of the Commander's
    choosing, whether or not a win could result (CCA-SEQ-05 to -07, CCA-VICTORY-03,
    CCA-GAP-13). With one unit left to battle there is nothing to choose."""

    done: tuple[int, ...] = ()
    rule: ClassVar[str] = "CCA-VICTORY-03"

    def found(self, s: S) -> tuple[tuple[str, int], ...]:
        found: tuple[tuple[str, int], ...] | None = s._memo.get("combatants")  # once()
        if found is None:
            found = s._memo["combatants"] = combatants(s, self.done)
        return found

    def actor(self, s: S) -> Player | None:
        return s.commander_seat(s.active) if len(self.found(s)) > 1 else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple(BattleNext(s.where[p]) for _, p in self.found(s))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, BattleNext)
        for flank, p in self.found(s):
            if s.where[p] == action.hex:
                return self.battle(s, flank, p)
        raise AssertionError(action)

    def run(self, s: S) -> S:
        found = self.found(s)
        return self.battle(s, *found[0]) if found else s.pop()

    def battle(self, s: S, flank: str, unit: int) -> S:
        return s.pop(FlankBattle(flank, unit), ChooseCombat((*self.done, unit)))

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, BattleNext):
            return RuleViolation(
                "CCA-SEQ-05", f"no unit ordered this turn in {action.hex} may battle now"
            )
        return super().explain(s, action)


@saved("ancients/first-strike-offer")
@attrs.frozen
class FirstStrikeOffer(TeamTask):
    """Before the attacker rolls, the opposing Commander may play First Strike from his hand;
    he draws its replacement once the combat is over, above his hand limit if need be
    (CCA-CARDS-14, CCA-GAP-09)."""

    combat: Combat
    rule: ClassVar[str] = "CCA-CARDS-14"

    def side(self, s: S) -> str:
        return s.side_of(self.combat.target)

    def actor(self, s: S) -> Player | None:
        return s.commander_seat(self.side(s))

    def legal(self, s: S) -> tuple[Action, ...]:
        return (act.PlayCard(FIRST_STRIKE), end("first-strike"))

    def act(self, s: S, action: Action) -> S:
        if not isinstance(action, act.PlayCard):
            return s.pop()
        side = self.side(s)
        s = take_from_hand(s, side, FIRST_STRIKE)
        s = s.pop(deck=s.deck.discard(FIRST_STRIKE))  # the offer
        c = attrs.evolve(self.combat, first_strike=True)
        return s.pop(Strikes(c), DrawCard(side))  # the defender's choice gives way


@saved("ancients/team-defender-choice")
@attrs.frozen
class TeamDefenderChoice(DefenderChoice):
    """The defender's choice without First Strike: in the variant it is the Commander's card,
    offered to him before (:class:`FirstStrikeOffer`, CCA-CARDS-14)."""

    def _options(self, s: AncientsState) -> tuple[Action, ...]:
        c = self.combat
        if s.is_leader(c.target) or not can_evade(s, c.target, c.attacker):
            return ()
        return (act.Stand(), act.Evade())


def offers_first_strike(s: S, combat: Combat) -> bool:
    """Whether First Strike may be offered before ``combat``: the defending side holds it, the
    target is a unit, and a bonus combat only if the reading allows (CCB-CARDS-36)."""
    if s.is_leader(combat.target) or FIRST_STRIKE not in s.hand(s.side_of(combat.target)).cards:
        return False
    return not combat.bonus or s.scenario.settings.first_strike_vs_bonus


@saved("ancients/use-up")
@attrs.frozen
class UseUp(TeamTask):
    """The cards revealed this turn are discarded (the Counter Attacks went at once)."""

    rule: ClassVar[str] = "CCA-SEQ-05"

    def run(self, s: S) -> S:
        deck = s.deck
        for card in s.revealed:
            if card and card != COUNTER_ATTACK:
                deck = deck.discard(card)
        if SPARTACUS in s.effective:  # the draw pile, the discards and the card (CCB-CARDS-38)
            deck = Deck(Pile.of([*deck.draw.cards, *deck.discards.cards]))
        return s.pop(deck=deck, card=None, ordered=(), revealed=("", "", ""))


@saved("ancients/place-card")
@attrs.frozen
class PlaceCard(TeamTask):
    """Step 5: ``side``'s Commander places one card face down on ``flank``, none where a card
    displaced by a Counter Attack still lies (CCA-SEQ-08, CCA-CARDS-06, -12, CCA-GAP-08).
    Counter Attack and First Strike are never placed (CCA-GAP-08)."""

    side: str
    flank: str
    rule: ClassVar[str] = "CCA-SEQ-08"

    def cards(self, s: S) -> tuple[str, ...]:
        """The cards that may be placed (asked by :meth:`actor`, :meth:`legal` and
        :meth:`draw` of the same state: worked out once)."""
        found: tuple[str, ...] | None = s._memo.get("placeable")  # once(), written out
        if found is None:
            found = s._memo["placeable"] = self._cards(s)
        return found

    def _cards(self, s: S) -> tuple[str, ...]:
        i = 0 if self.side == "bottom" else 1
        if s.placed[i][index(self.flank)]:
            return ()
        return tuple([c for c in dict.fromkeys(s.hand(self.side).cards) if c not in REACTIONS])

    def actor(self, s: S) -> Player | None:
        return s.commander_seat(self.side) if self.cards(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple(place_action(c, self.flank) for c in self.cards(s))

    def draw(self, s: S, chance: float) -> Action:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, made alone."""
        cards = self.cards(s)
        return place_action(cards[int(chance * len(cards))], self.flank)

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, Place)
        i = 0 if self.side == "bottom" else 1
        s = take_from_hand(s, self.side, action.card)
        row = list(s.placed[i])
        row[index(self.flank)] = action.card
        placed = list(s.placed)
        placed[i] = (row[0], row[1], row[2])
        return s.pop(placed=(placed[0], placed[1]))

    def run(self, s: S) -> S:
        return s.pop()

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, Place):
            if action.flank != self.flank:
                return RuleViolation("CCA-SEQ-08", f"the card for the {self.flank} flank now")
            if action.card in REACTIONS:
                return RuleViolation("CCA-GAP-08", f"{action.card} is played, never placed")
            return RuleViolation("CCA-SEQ-08", f"{action.card} is not in the Commander's hand")
        return super().explain(s, action)


@saved("ancients/end-team-turn")
@attrs.frozen
class EndTeamTurn(TeamTask):
    """The turn passes to the other side (CCA-SEQ-01, CCA-GAP-06)."""

    rule: ClassVar[str] = "CCA-SEQ-01"

    def run(self, s: S) -> S:
        s = team(hold_objectives(s))
        if s.result is not None:
            return s
        if s.turn_cap is not None and s.turn >= s.turn_cap:
            return team(turn_cap_reached(s))
        other = "top" if s.active == "bottom" else "bottom"
        return s.pop(BeginTeamTurn(), active=other)


# Imported once this module is complete (they import it, directly or not), not in the
# functions that name them: an import statement run at every step costs a microsecond.
from wargames.ancients.evade import can_evade  # noqa: E402
from wargames.ancients.victory import hold_objectives, turn_cap_reached  # noqa: E402

__all__ = [
    "BeginTeamTurn",
    "ChooseCombat",
    "ChooseFlanks",
    "CounterWindow",
    "FirstStrikeOffer",
    "FlankBattle",
    "FlankMoves",
    "FlankOrders",
    "PlaceCard",
    "Refill",
    "Reveal",
    "TeamDefenderChoice",
    "copied",
    "offers_first_strike",
    "opening_tasks",
]
