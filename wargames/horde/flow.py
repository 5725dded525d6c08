"""The sequence of play of a P-Scale battle as tasks: rounds, alternating activations, and the
steps at the start and end of each round.

The source gives no round structure (HMC-GAP-04). Our reading:

1. **Start of the round**: the records of the action economy are cleared; orders that last
   "for the turn" (Brace!, Get Down!, Forced March!) lapse if their unit was not activated
   since the round after they were given; a confusion older than the last round ends
   (research 3.6: "until the end of its next turn"). Hordes off the board after a Full
   Retreat! reappear in their HQ area, each owner choosing the square (HMC-ORDERS-12); each
   horde with several Officers gets the bonus of the one its owner chooses (HMC-OFFICER-07);
   every horde in stealth is looked for by the enemy (an Awareness test, HMC-GAP-20).
2. **Activations**: the sides take turns, the side with the initiative first (the scenario's
   side in round 1, then alternately). In its turn a side activates one of its units that has
   not acted this round, or passes for the rest of the round; once a side has passed or has
   nothing left to activate, the other activates the rest of its units. An activated horde
   receives one Full order or up to two Half orders, plus Free orders (HMC-ORDERS-19), from
   the Commander, who may order it only from his command post or if he can see it
   (HMC-ORDERS-02); a horde he may not order stands idle unless fear or frenzy drives it. A
   lone Officer acts on his own.
3. **End of the round**: after the last round of the mission the Turning Points decide
   (:mod:`wargames.horde.victory`). A side with no horde left fighting has broken and loses
   at once, whenever that happens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.core import tasks
from wargames.core.codec import saved
from wargames.core.engine import CHANCE, Action, Player
from wargames.core.errors import RuleViolation
from wargames.core.tasks import quick_evolve
from wargames.horde import actions as cmd
from wargames.horde.combat.strikes import die_outcomes
from wargames.horde.reach import discover
from wargames.horde.scenario import SIDES, other_side
from wargames.horde.units import CONFUSED, FLEEING, FRENZIED, GONE, ROUTING, Unit
from wargames.horde.victory import broken_outcome, mission_outcome

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState as S

AWARENESS_RANGE = 5
"""How far (in squares) an enemy horde looks for a horde in stealth (HMC-GAP-20)."""

COMPELLED = frozenset({FLEEING, ROUTING, FRENZIED})
"""Morale states that make a horde act without orders (research 3.6)."""


class BattleTask(tasks.Task["S"]):
    """One pending step of a P-Scale battle."""

    rule: ClassVar[str] = "HMC-ORDERS-19"
    sequence_rule: ClassVar[str] = "HMC-ORDERS-19"


# -- the round --------------------------------------------------------------------------------


@saved("horde/begin-round")
@attrs.frozen
class BeginRound(BattleTask):
    """A new round (see the module docstring, step 1)."""

    def run(self, s: S) -> S:
        r = s.round + 1
        first = s.setup.first if r == 1 else other_side(s.initiative)
        s = s.evolve(
            round=r,
            initiative=first,
            passed=frozenset(),
            activated=frozenset(),
            moved=frozenset(),
            no_move=frozenset(),
            rallied=frozenset(),
            reshaped=frozenset(),
            tested=frozenset(),
        )
        fresh = {u.id: new for u in s.units if (new := _new_round(u, r)) is not u}
        s, choices = _officer_bonuses(s, fresh)
        searches = [Awareness(h) for side in SIDES for h in sorted(s.places().stealthed[side])]
        return s.pop(
            ReturnToHQ(first),
            ReturnToHQ(other_side(first)),
            *choices,
            *searches,
            Turn(first),
        )


def _new_round(u: Unit, r: int) -> Unit:
    """``u`` as round ``r`` begins."""
    lapsed = u.orders_round < r - 1 and (u.brace or u.get_down or u.forced_march)
    calm = u.morale == CONFUSED and u.morale_round < r - 1
    magnitude = u.horde.magnitude  # every unit, every round: not through the property
    if not (u.received or u.round_magnitude != magnitude or lapsed or calm):
        return u
    return quick_evolve(
        u,
        received=0,
        round_magnitude=magnitude,
        brace=u.brace and not lapsed,
        get_down=u.get_down and not lapsed,
        forced_march=u.forced_march and not lapsed,
        morale="" if calm else u.morale,
    )


def _officer_bonuses(s: S, fresh: dict[str, Unit]) -> tuple[S, list[BattleTask]]:
    """The state with the units of ``fresh`` (by id) and each horde's Officer bonus for the
    round: the only one, or the owner's choice among Officers whose talents differ
    (HMC-OFFICER-07)."""
    attached = s.places().attached
    choices: list[BattleTask] = []
    for u in s.units:
        if u.officer is not None or u.status in GONE:
            continue
        if u.id not in attached:
            bonus = None
        else:
            officers = s.attached(u.id)
            if len({o.talents for o in officers}) > 1:
                choices.append(ChooseBonus(u.id))
                bonus = None
            else:
                bonus = officers[0].id
        if bonus != u.bonus:
            fresh[u.id] = quick_evolve(fresh.get(u.id, u), bonus=bonus)
    return (s.replace(*fresh.values()) if fresh else s), choices


@saved("horde/return-to-hq")
@attrs.frozen
class ReturnToHQ(BattleTask):
    """``side``'s hordes off the board after a Full Retreat! reappear in its HQ area, the
    owner choosing each one's square (HMC-ORDERS-12); a horde with no free square waits for
    the next round."""

    side: str
    rule: ClassVar[str] = "HMC-ORDERS-12"

    def waiting(self, s: S) -> Unit | None:
        """The side's first horde off the board, waiting to come back."""
        for u in s.units:
            if u.status == "off-board" and u.side == self.side and u.is_horde:
                return u
        return None

    def squares(self, s: S) -> tuple[str, ...]:
        """The squares of the side's HQ area it may come back to, by id: none with a horde
        the side sees (one in stealth may be there, and is found) or a lone enemy Officer."""
        side = self.side
        taken = visibility.horde_mask(s, s.hidden_from(side)) | visibility.enemy_mask(s, side)
        bit = s.field.bit
        return tuple([square for square in s.field.hq_by_id[side] if not bit[square] & taken])

    def actor(self, s: S) -> Player | None:
        return self.side if self.waiting(s) is not None and self.squares(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        u = self.waiting(s)
        assert u is not None
        return tuple([cmd.return_to(u.id, square) for square in self.squares(s)])

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, cmd.Return)
        lurking = s.horde_at(action.square)
        if lurking is not None:  # an enemy in stealth was there: found, and the square taken
            return discover(s, lurking)
        u = s.unit(action.unit)
        return s.replace(quick_evolve(u, status="fighting", square=action.square))

    def run(self, s: S) -> S:
        return s.pop()


@saved("horde/choose-bonus")
@attrs.frozen
class ChooseBonus(BattleTask):
    """The owner of a horde led by several Officers chooses whose bonus applies this round
    (HMC-OFFICER-07)."""

    horde: str
    rule: ClassVar[str] = "HMC-OFFICER-07"

    def actor(self, s: S) -> Player | None:
        return s.unit(self.horde).side if len(s.attached(self.horde)) > 1 else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple(cmd.Bonus(self.horde, o.id) for o in s.attached(self.horde))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, cmd.Bonus)
        bonus = quick_evolve(s.unit(self.horde), bonus=action.officer)
        return s.replace(bonus, tasks=s.popped())

    def run(self, s: S) -> S:
        return s.pop()


@saved("horde/awareness")
@attrs.frozen
class Awareness(BattleTask):
    """The enemy looks for a horde in stealth: a d100 Awareness test against the Perception of
    the best-placed enemy horde within :data:`AWARENESS_RANGE` squares that has a line of
    sight to it; success discovers it (HMC-TALENT-02, HMC-GAP-20). The die is rolled whether
    or not anyone is near, so the roll gives nothing away."""

    unit: str
    rule: ClassVar[str] = "HMC-TALENT-02"

    def actor(self, s: S) -> Player | None:
        u = s.unit(self.unit)
        # in a player's view the hidden horde has no square, and the die is still rolled
        here = u.on_board or (u.id in s.hidden and u.status == "fighting")
        return CHANCE if here and u.stealthed else None

    def chance(self, s: S) -> tuple[tuple[Action, float], ...]:
        return die_outcomes(100)

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, cmd.Roll)
        u = s.unit(self.unit)
        observer = awareness_observer(s, u)
        if observer is not None and action.value <= awareness_target(observer):
            return discover(s.pop(), u)
        return s.pop()

    def run(self, s: S) -> S:
        return s.pop()


def awareness_observer(s: S, hidden: Unit) -> Unit | None:
    """The enemy horde that looks for ``hidden``: within :data:`AWARENESS_RANGE` squares with
    a line of sight, the highest Perception (the first in unit order on a tie)."""
    assert hidden.square is not None
    best: Unit | None = None
    for e in s.units:
        if e.side == hidden.side or not e.on_board or e.is_officer or e.stealthed:
            continue
        assert e.square is not None
        if s.field.distance(e.square, hidden.square) > AWARENESS_RANGE:
            continue
        if not visibility.sees(s, e.side, e.square, hidden.square):
            continue
        if best is None or awareness_target(e) > awareness_target(best):
            best = e
    return best


def awareness_target(observer: Unit) -> int:
    """The d100 target of an Awareness test: the observer's Perception (HMC-GAP-20)."""
    return observer.horde.characteristics.per


# -- activations ------------------------------------------------------------------------------


def compelled(u: Unit) -> bool:
    """Fear or frenzy drives the horde: it acts without orders (research 3.6)."""
    return u.morale in COMPELLED


def eligible(s: S, side: str) -> tuple[Unit, ...]:
    """``side``'s units that may be activated now: on the board, not yet activated this
    round, and either a lone Officer, a horde its Commander may order (HMC-ORDERS-02) or a
    horde driven by fear or frenzy."""
    memo: dict[str, tuple[Unit, ...]] | None = s._eligible_units
    if memo is None:
        memo = {}
        object.__setattr__(s, "_eligible_units", memo)
    found = memo.get(side)
    if found is None:
        found = memo[side] = _eligible(s, side)
    return found


def _eligible(s: S, side: str) -> tuple[Unit, ...]:
    activated, by_id = s.activated, s.by_id()
    waiting = [by_id[i] for i in acting_units(s, side) if i not in activated]
    if not waiting or command.at_post(s, side):  # he may order every unit (HMC-ORDERS-02)
        return tuple(waiting)
    # the hordes that need their Commander's order (HMC-ORDERS-02): only theirs are asked
    asked = [u for u in waiting if u.officer is None and u.morale not in COMPELLED]
    ordered = command.ordered_among(s, side, asked) if asked else None
    if ordered is None or len(ordered) == len(asked):
        return tuple(waiting)
    return tuple(
        [u for u in waiting if u.officer is not None or u.morale in COMPELLED or u.id in ordered]
    )


def acting_units(s: S, side: str) -> tuple[str, ...]:
    """The ids of ``side``'s units that act on their own, in the order of the units: on the
    board and fighting, hordes and lone Officers (an Officer who joined a horde acts with it).
    Cached by layout (``"acting"``, by side): carried over a move unchanged
    (:func:`~wargames.horde.carry.carry_layout`) and over a horde entering or leaving the board
    with its id added or taken out (:func:`~wargames.horde.carry.carry_toggle`)."""
    layout = s.layout()
    memo: dict[str, tuple[str, ...]] | None = layout.get("acting")
    if memo is None:
        memo = layout["acting"] = {}
    found = memo.get(side)
    if found is None:
        found = memo[side] = tuple(
            [
                u.id
                for u in s.units
                if u.side == side and u.on_board and (u.is_horde or u.attached_to is None)
            ]
        )
    return found


@saved("horde/turn")
@attrs.frozen
class Turn(BattleTask):
    """``side`` activates one of its units, or passes for the rest of the round
    (HMC-GAP-04). A side may not pass while a horde driven by fear or frenzy has not acted."""

    side: str

    def actor(self, s: S) -> Player | None:
        return self.side if eligible(s, self.side) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        units = eligible(s, self.side)
        out: list[Action] = [cmd.activate(u.id) for u in units]
        if not any(compelled(u) for u in units):
            out.append(cmd.END_TURN)
        return tuple(out)

    def draw(self, s: S, chance: float) -> Action | None:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, the only one made
        (``None``: there is none)."""
        units = eligible(s, self.side)
        driven = not COMPELLED.isdisjoint([u.morale for u in units])  # compelled(u) of any
        count = len(units) if driven else len(units) + 1
        if not count:
            return None
        i = int(chance * count)
        return cmd.activate(units[i].id) if i < len(units) else cmd.END_TURN

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, cmd.EndTurn):
            return s.pop(NextTurn.of(self.side), passed=s.passed | {self.side})
        assert isinstance(action, cmd.Activate)
        return orders.begin_activation(
            s,
            action.unit,
            orders.Activation.of(action.unit),
            AfterActivation.of(action.unit),
            NextTurn.of(self.side),
        )

    def run(self, s: S) -> S:
        return s.pop(NextTurn.of(self.side), passed=s.passed | {self.side})

    def explain(self, s: S, action: Action) -> RuleViolation:
        """Name the rule a refused activation breaks."""
        if isinstance(action, cmd.Activate) and action.unit in s:
            u = s.unit(action.unit)
            if u.side != self.side:
                return RuleViolation("HMC-ORDERS-01", f"{u.id} is not a {self.side} unit")
            if u.id in s.activated:
                return RuleViolation("HMC-ORDERS-19", f"{u.id} has already acted this round")
            if u.on_board and u.is_horde and not command.commands(s, u):
                return RuleViolation(
                    "HMC-ORDERS-02",
                    f"the {self.side} Commander is away from his command post and cannot "
                    f"see {u.id}",
                )
        if isinstance(action, cmd.EndTurn):
            return RuleViolation(
                "HMC-GAP-03", "a fleeing, routing or frenzied horde must act before passing"
            )
        return super().explain(s, action)


@saved("horde/next-turn")
@attrs.frozen
class NextTurn(BattleTask):
    """The turn passes to the other side, unless it has passed or has nothing to activate;
    when neither side can act the round's activations are over."""

    last: str

    def run(self, s: S) -> S:
        for side in (other_side(self.last), self.last):
            if side not in s.passed and eligible(s, side):
                return s.pop(Turn.of(side))
        return s.pop()


@saved("horde/after-activation")
@attrs.frozen
class AfterActivation(BattleTask):
    """After an activation: a frenzied horde with no enemy adjacent tests to calm down
    (research 3.6)."""

    unit: str

    def run(self, s: S) -> S:
        u = s.unit(self.unit)
        if u.on_board and u.morale == FRENZIED and not close_combat.adjacent_enemies(s, u):
            return s.pop(morale_checks.MoraleTest(u.id, "frenzy"))
        return s.pop()


@saved("horde/end-round")
@attrs.frozen
class EndRound(BattleTask):
    """The end of the round: the battle ends when a side has broken, or after the mission's
    last round (:mod:`wargames.horde.victory`)."""

    def run(self, s: S) -> S:
        done = broken_outcome(s)
        if done is not None:
            return done
        if s.round >= s.rounds:
            return mission_outcome(s)
        return s.pop(BeginRound(), EndRound())


def new_battle_tasks() -> tuple[BattleTask, ...]:
    """The tasks of a new battle, bottom first."""
    return (EndRound(), BeginRound())


# The activation and the morale tests are tasks built on this module's (they import it): their
# modules are imported once this one is complete, and named at run time.
from wargames.horde import close_combat, command, morale_checks, orders, visibility  # noqa: E402

__all__ = [
    "AWARENESS_RANGE",
    "AfterActivation",
    "Awareness",
    "BattleTask",
    "BeginRound",
    "ChooseBonus",
    "EndRound",
    "NextTurn",
    "ReturnToHQ",
    "Turn",
    "awareness_observer",
    "awareness_target",
    "compelled",
    "eligible",
    "new_battle_tasks",
]
