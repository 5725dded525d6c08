"""The sequence of play as tasks: set-up, the strategy segment, action segments, victory.

A *task* is one pending step of the sequence. The state keeps them on a stack; the top task
says who decides (or that dice are rolled) and what may be done. Automatic tasks (revealing a
card, checking victory) run as soon as they reach the top.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.armageddon import actions as act
from wargames.armageddon.data import IMPERIUM, ORKS, ArmageddonData
from wargames.armageddon.deploy import deploy_options, unplaced
from wargames.armageddon.state import acting_side
from wargames.core import tasks
from wargames.core.caches import PER_DATA
from wargames.core.cards import Deck, Pile
from wargames.core.codec import saved
from wargames.core.engine import CHANCE, Action, Outcome, Player
from wargames.core.errors import RuleViolation
from wargames.core.notation import D6_OUTCOMES
from wargames.core.tasks import sample

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S


class Task(tasks.Task["S"]):
    """One pending step of Battle for Armageddon; subclasses are frozen attrs classes."""

    rule: ClassVar[str] = "BFA-SEQ-02"
    sequence_rule: ClassVar[str] = "BFA-SEQ-02"

    def out_of_place(self, s: S, action: Action, legal: tuple[Action, ...]) -> RuleViolation | None:
        return out_of_place(s, self.actor(s), action, legal)


class DieRoll(tasks.DieRoll["S"], Task):
    """A step that waits for one D6 (BFA-GAME-04); subclasses say what the value does in
    :meth:`rolled`."""


ACTIVITY: dict[type, str] = {
    act.Move: "movement",
    act.Attack: "combat",
    act.Buy: "build",
    act.Rebuild: "build",
    act.Place: "build",
    act.Return: "build",
}
"""The kind of action phase each activity belongs to (BFA-PHASE-01)."""


def out_of_place(
    s: S, actor: Player | None, action: Action, legal: tuple[Action, ...]
) -> RuleViolation | None:
    """The sequence rule an action breaks when it is not the kind of action the pending step
    takes: a special card that may not be played (BFA-CARDS-02/03/04, BFA-COMP-04), a phase
    activity outside its phase (BFA-PHASE-01/02, BFA-ACTION-01/02), or any other activity
    outside its segment (BFA-SEQ-02). None when the action is of a kind the step takes."""
    if isinstance(action, act.PlayCard):
        return _card_refused(s, actor, action, legal)
    if any(type(a) is type(action) for a in legal):
        return None
    kind = ACTIVITY.get(type(action))
    if kind is None or s.phase is None:
        return RuleViolation("BFA-SEQ-02", f"{action} is not an activity of this segment")
    if s.card is not None:
        first, second = s.data.strategy[s.card].phases
        if kind not in (first, second):
            return RuleViolation("BFA-PHASE-02", f"{s.card} gives no {kind} phase")
        if kind == second and s.phase == first != second:
            return RuleViolation("BFA-ACTION-02", f"the {first} phase is not finished")
        if kind == first and s.phase == second != first:
            return RuleViolation("BFA-ACTION-01", f"the {first} phase of {s.card} is over")
    if kind != s.phase:
        return RuleViolation(
            "BFA-PHASE-01", f"{action} belongs to a {kind} phase, not to this {s.phase} phase"
        )
    return None


def _card_refused(
    s: S, actor: Player | None, action: act.PlayCard, legal: tuple[Action, ...]
) -> RuleViolation:
    card = s.data.special.get(action.card)
    if card is None:
        return RuleViolation("BFA-CARDS-02", f"there is no special card {action.card!r}")
    if actor not in (ORKS, IMPERIUM):
        return RuleViolation("BFA-SEQ-02", f"no special card may be played now ({actor})")
    if card.side != actor:
        return RuleViolation("BFA-COMP-04", f"{action.card} is not one of the {actor}' cards")
    if actor in s.played:
        return RuleViolation(
            "BFA-CARDS-03", f"the {actor} have already played a special card in this action segment"
        )
    if not s.holds(actor, action.card):
        if action.card in s.decks[_i(actor)].discards:
            return RuleViolation("BFA-CARDS-04", f"{action.card} has been used and discarded")
        return RuleViolation("BFA-CARDS-01", f"{action.card} is not in the {actor}' hand")
    return RuleViolation(
        "BFA-CARDS-02",
        f"{action.card} may not be played now"
        + (
            f" (or not at that target; legal: {sample(legal)})"
            if any(isinstance(a, act.PlayCard) and a.card == action.card for a in legal)
            else ""
        ),
    )


# -- set-up ------------------------------------------------------------------------------------


@saved("armageddon/deploy-orks")
@attrs.frozen
class DeployOrks(Task):
    """The Ork player places every Ork counter in Ork territory (BFA-SETUP-06/07)."""

    rule: ClassVar[str] = "BFA-SETUP-07"

    def actor(self, s: S) -> Player | None:
        return ORKS

    def legal(self, s: S) -> tuple[Action, ...]:
        return deploy_options(s)

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Deploy)
        moves = [(action.counter, action.area)]
        if unplaced(s) != (action.counter,):
            return s.move_counters(moves)
        return s.move_counters(moves, tasks=s.popped())  # the last one placed


@saved("armageddon/deal-special")
@attrs.frozen
class DealSpecial(Task):
    """Each player deals himself special cards at random from his own deck (BFA-CARDS-01)."""

    side: str
    count: int
    rule: ClassVar[str] = "BFA-CARDS-01"

    def actor(self, s: S) -> Player | None:
        if self.count <= 0 or not s.decks[_i(self.side)].can_draw():
            return None
        return CHANCE

    def chance(self, s: S) -> tuple[tuple[Action, float], ...]:
        deck = s.decks[_i(self.side)]
        return tuple([(act.made(act.Draw, self.side, card), p) for card, p in deck.draw_outcomes()])

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Draw)
        i = _i(self.side)
        decks, hands = list(s.decks), list(s.hands)
        decks[i] = decks[i].take(action.card)
        hands[i] = hands[i].add(action.card)
        return s.evolve(
            decks=(decks[0], decks[1]),
            hands=(hands[0], hands[1]),
            tasks=s.popped(DealSpecial(self.side, self.count - 1)),
        )

    def run(self, s: S) -> S:
        return s.pop()  # nothing left to draw (BFA-STRAT-09, BFA-GAP-08)


def _i(side: str) -> int:
    return 0 if side == ORKS else 1


# -- the turn ----------------------------------------------------------------------------------


@saved("armageddon/begin-turn")
@attrs.frozen
class BeginTurn(Task):
    """A new game turn: arrivals, then the six segments (BFA-SEQ-01)."""

    def run(self, s: S) -> S:
        arriving = s.setup.reinforcements.get(s.turn, ())
        steps: list[Task] = [build.Arrive(tuple(arriving))] if arriving else []
        steps += [
            PlanCards(ORKS),
            PlanCards(IMPERIUM),
            Initiative(None),
            DealSpecial(ORKS, 1),
            DealSpecial(IMPERIUM, 1),
        ]
        steps += [ActionSegment(n) for n in range(1, 5)]
        steps.append(Victory())
        return s.evolve(
            segment=0,
            initiative=None,
            card=None,
            phase=None,
            effects=frozenset(),
            played=frozenset(),
            tasks=s.popped(*steps),
        )


@saved("armageddon/plan-cards")
@attrs.frozen
class PlanCards(Task):
    """Strategy segment: stack two of the six strategy cards face down, in order (BFA-STRAT-03).

    The Imperial player may first play Astropathic Warning to see the Orks' stack.
    """

    side: str
    rule: ClassVar[str] = "BFA-STRAT-03"

    def actor(self, s: S) -> Player | None:
        return self.side

    def legal(self, s: S) -> tuple[Action, ...]:
        plans = _plans(s.data, self.side)
        return (*plans, ASTROPATH) if self._astropath(s) else plans

    def draw(self, s: S, chance: float) -> Action:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, not listed."""
        plans = _plans(s.data, self.side)
        i = int(chance * (len(plans) + self._astropath(s)))
        return plans[i] if i < len(plans) else ASTROPATH

    def _astropath(self, s: S) -> bool:
        return self.side == IMPERIUM and s.holds(IMPERIUM, "astropathic-warning")

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.PlayCard):
            return s.spend_card(IMPERIUM, action.card, "astropath")
        assert isinstance(action, act.Plan)
        plans = list(s.plans)
        plans[_i(self.side)] = (action.first, action.second)
        return s.evolve(plans=(plans[0], plans[1]), tasks=s.popped())

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.Plan):
            for card in (action.first, action.second):
                spec = s.data.strategy.get(card)
                if spec is not None and spec.side != self.side:
                    return RuleViolation("BFA-COMP-04", f"{card} is not a {self.side} card")
        return super().explain(s, action)


ASTROPATH = act.PlayCard("astropathic-warning")


@lru_cache(maxsize=PER_DATA * 2)
def _plans(data: ArmageddonData, side: str) -> tuple[act.Plan, ...]:
    """Every stack of two of ``side``'s strategy cards, in order (made once per data set)."""
    cards = tuple(c.id for c in data.strategy.values() if c.side == side)
    return tuple(act.Plan(a, b) for a, b in permutations(cards, 2))


@saved("armageddon/initiative")
@attrs.frozen
class Initiative(Task):
    """Both roll a D6, the higher wins the initiative; ties are rolled again (BFA-STRAT-05,
    BFA-GAP-11). On turn 1 the Orks have it without a roll (BFA-SURPRISE-01)."""

    ork_roll: int | None
    rule: ClassVar[str] = "BFA-STRAT-05"

    def actor(self, s: S) -> Player | None:
        return None if s.turn == 1 else CHANCE

    def run(self, s: S) -> S:
        return s.evolve(initiative=ORKS, tasks=s.popped())

    def chance(self, s: S) -> tuple[tuple[Action, float], ...]:
        return D6_OUTCOMES

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Roll)
        if self.ork_roll is None:
            return s.pop(Initiative(action.value))
        if action.value == self.ork_roll:
            return s.pop(Initiative(None))
        winner = ORKS if self.ork_roll > action.value else IMPERIUM
        return s.evolve(initiative=winner, tasks=s.popped())

    def describe(self, s: S) -> str:
        return "initiative: Ork roll" if self.ork_roll is None else "initiative: Imperial roll"


@saved("armageddon/action-segment")
@attrs.frozen
class ActionSegment(Task):
    """Reveal the top strategy card, carry out its two phases in order, then check the acting
    side's supply (BFA-SEQ-04..07, BFA-ACTION-01, BFA-ACTION-04)."""

    number: int

    def run(self, s: S) -> S:
        side = acting_side(self.number, s.initiative)
        assert side is not None
        i = _i(side)
        card_id, rest = s.plans[i][0], s.plans[i][1:]
        plans = list(s.plans)
        plans[i] = rest
        first, second = s.data.strategy[card_id].phases
        return s.evolve(
            segment=self.number,
            played=frozenset(),
            effects=frozenset(e for e in s.effects if e == "astropath"),
            plans=(plans[0], plans[1]),
            card=card_id,
            tasks=s.popped(
                phases.phase_task(first, side),
                phases.phase_task(second, side),
                supply.SupplyCheck(side),
                EndSegment(),
            ),
        )


@saved("armageddon/end-segment")
@attrs.frozen
class EndSegment(Task):
    """The action segment is over: its card effects lapse."""

    def run(self, s: S) -> S:
        return s.evolve(
            card=None,
            phase=None,
            effects=frozenset(e for e in s.effects if e == "astropath"),
            tasks=s.popped(),
        )


@saved("armageddon/victory")
@attrs.frozen
class Victory(Task):
    """Victory segment: check both sides' conditions; after turn 8 the game is a draw
    (BFA-VICTORY-01..09, BFA-SEQ-08)."""

    rule: ClassVar[str] = "BFA-VICTORY-01"

    def run(self, s: S) -> S:
        s = s.evolve(segment=5)
        captured = sum(s.hive_captured(h) for h in s.hives())
        orks_win = captured >= 3
        imperium_wins = not s.ghazghkull_in_play() and all(s.hive_controlled(h) for h in s.hives())
        assert not (orks_win and imperium_wins), "BFA-VICTORY-09"
        if orks_win:
            return _end(s, ORKS, f"the Orks hold {captured} captured hives")
        if imperium_wins:
            return _end(s, IMPERIUM, "Ghazghkull is gone and the Imperium controls all five hives")
        if s.turn >= s.setup.turns:
            return _end(s, None, f"no side has won by the end of turn {s.turn}")
        return s.evolve(turn=s.turn + 1, tasks=s.popped(BeginTurn()))


def _end(s: S, winner: str | None, reason: str) -> S:
    return s.evolve(result=Outcome(winner, reason, s.turn), tasks=())


def new_game_tasks() -> tuple[Task, ...]:
    """The tasks of a new game, in order: Ork deployment, the special-card deal, turn 1."""
    return (DeployOrks(), DealSpecial(ORKS, 2), DealSpecial(IMPERIUM, 2), BeginTurn())


# The phases, the arrivals and the supply check are tasks built on this module's (they import
# it): their modules are imported once this one is complete and named at run time (not inside
# the steps: an import there costs more than half a microsecond at every call).
from wargames.armageddon import build, phases, supply  # noqa: E402

__all__ = ["Deck", "DieRoll", "Pile", "Task", "new_game_tasks"]
