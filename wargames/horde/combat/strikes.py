"""Attack resolution as tasks, shared by the E-Scale engagement and the P-Scale battle.

One horde attack (a *strike*) is a few steps on the task stack of a
:class:`~wargames.core.tasks.TaskState`; every die is a chance node and every choice the rules
give a player is a decision:

1. the attack d10 (HMC-ATTACK-02; none against a fleeing horde, whose attacker counts 10,
   HMC-MORALE-10): :class:`AttackRoll`;
2. the defence d10 (HMC-ATTACK-04), which makes the hit full or partial (HMC-ATTACK-05):
   :class:`DefenceRoll`;
3. the damage die: one die of the weapon's type for full damage, 1d5 for partial
   (HMC-DAMAGE-03, -07, -10): :class:`DamageRoll`; with a Tearing weapon the attacker decides
   ``reroll`` or ``keep``, the new result standing (HMC-WEAPON-05, HMC-GAP-19;
   :class:`TearingChoice`), or under ``best-of-two`` a second die is rolled and the higher kept;
4. the damage is taken off the target (HMC-DAMAGE-01, -14, -15): :class:`Inflict` hands the
   finished :class:`Strike` to the state (:meth:`StrikeHost.take_hit`), which may push its
   own follow-ups (the battle's morale test) before anything else happens.

:class:`Engage` lays out an attack and the counter-attack it allows: after a melee attack the
target decides ``counter`` or ``hold`` (HMC-COUNTER-01; :class:`CounterChoice`); under Brace!,
when charged, it decides first and its counter-attack goes before the charge without the -2
(HMC-COUNTER-04, HMC-ORDERS-05), with no second one (HMC-GAP-29). A counter-attack allows no
counter-attack itself (HMC-COUNTER-05).

A state that uses these tasks is a :class:`StrikeHost`: it says what the numbers of a strike
are with the hordes as they stand (HMC-DAMAGE-02), who decides for a unit, whether a unit
still stands and may counter-attack, and what a finished strike does. The engagement
(:mod:`wargames.horde.combat.engagement`) names its units ``"attacker"`` and ``"defender"``; the
battle (:mod:`wargames.horde.state`) names them by their ids on the board.
"""

from __future__ import annotations

import abc
from functools import cache
from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.core import tasks
from wargames.core.codec import saved
from wargames.core.engine import CHANCE, Action, Player
from wargames.core.notation import Reroll, Roll
from wargames.core.tasks import TaskState, own_dict, quick_evolve
from wargames.horde.combat import actions as act
from wargames.horde.combat.damage import DamageFormula
from wargames.horde.combat.talents import stealth_forces_morale_test
from wargames.horde.combat.weapons import Kind

if TYPE_CHECKING:
    from typing import Self

    from wargames.horde.combat.attack import AttackNumbers


@cache
def die_outcomes(sides: int) -> tuple[tuple[Action, float], ...]:
    """The chance outcomes of one die: ``roll 1`` .. ``roll sides``, equally likely."""
    return tuple((Roll(v), 1 / sides) for v in range(1, sides + 1))


@saved("horde/strike")
@attrs.frozen(cache_hash=True, slots=False)
class Strike:
    """One attack, as far as it is resolved."""

    striker: str
    """The unit that attacks (``"attacker"``/``"defender"`` in an engagement, a unit id in a
    battle)."""
    target: str
    kind: Kind = "melee"
    counter: bool = False
    """A counter-attack (HMC-COUNTER-02)."""
    charge: bool = False
    """The attack of a Charge! (HMC-COMBAT-02, HMC-ORDERS-04)."""
    braced: bool = False
    """A counter-attack made first under Brace! (HMC-ORDERS-05)."""
    weapon: str | None = None
    """The weapon's name; ``None``: the striker's first weapon of the kind."""
    attack_die: int | None = None
    defence_die: int | None = None
    hit: str | None = None
    """``"full"`` or ``"partial"``."""
    first_die: int | None = None
    """The damage die before a Tearing reroll (or the first of two, ``best-of-two``)."""
    damage_die: int | None = None
    damage: int | None = None
    loss: int | None = None
    """The Magnitude the target lost."""
    morale_test: bool = False
    """An attack from stealth that cost the target over 20% of its Magnitude: the target
    must take a morale test (HMC-TALENT-05)."""

    def __attrs_post_init__(self) -> None:
        """A dictionary of its own, read fast, which its copies keep (:func:`own_dict`)."""
        own_dict(self, cached_hash=True)

    def countered(self) -> Strike:
        """The counter-attack this attack allows: the target strikes back in melee."""
        return Strike(self.target, self.striker, "melee", counter=True)

    def __str__(self) -> str:
        who = "counter-attack" if self.counter else "attack"
        parts = [f"{self.striker} {who}: attack die {self.attack_die}"]
        parts.append(f"defence die {self.defence_die}, {self.hit} damage")
        die = (
            f"{self.damage_die}"
            if self.first_die is None
            else f"{self.first_die}->{self.damage_die}"
        )
        parts.append(f"damage die {die}, damage {self.damage}, Magnitude lost {self.loss}")
        return "; ".join(parts)


class StrikeHost(TaskState):
    """A task state that resolves attacks with the strike tasks (see the module docstring)."""

    @abc.abstractmethod
    def numbers(self, strike: Strike) -> AttackNumbers:
        """The numbers of ``strike`` with the units as they stand now (HMC-DAMAGE-02)."""

    @abc.abstractmethod
    def decider(self, unit: str) -> Player:
        """The player who decides for ``unit`` (Tearing rerolls, counter-attacks)."""

    @abc.abstractmethod
    def standing(self, unit: str) -> bool:
        """Whether ``unit`` can still attack or be attacked (not destroyed, still there)."""

    @abc.abstractmethod
    def can_counter(self, strike: Strike) -> bool:
        """Whether the target of the melee attack ``strike`` may counter-attack now
        (HMC-COUNTER-01)."""

    @abc.abstractmethod
    def brace_first(self, strike: Strike) -> bool:
        """Whether the target's counter-attack goes before ``strike`` (Brace!, HMC-ORDERS-05)."""

    @abc.abstractmethod
    def from_stealth(self, strike: Strike) -> bool:
        """Whether ``strike`` is made from stealth (HMC-TALENT-04, -05)."""

    @abc.abstractmethod
    def take_hit(self, strike: Strike) -> Self:
        """The state once the finished ``strike`` has taken its toll (HMC-DAMAGE-01); it may
        push follow-up tasks, done before anything else."""


def unseen(s: StrikeHost, strike: Strike) -> bool:
    """Whether ``s`` is a view that hides the square of a horde of ``strike`` (an enemy horde
    in stealth): the strike's numbers, which depend on where both stand, are then unknown."""
    hidden: frozenset[str] = getattr(s, "hidden", frozenset())
    return strike.striker in hidden or strike.target in hidden


class StrikeTask(tasks.Task[StrikeHost]):
    """One step of attack resolution."""

    rule: ClassVar[str] = "HMC-ATTACK-01"
    sequence_rule: ClassVar[str] = "HMC-ATTACK-01"


@saved("horde/engage")
@attrs.frozen
class Engage(StrikeTask):
    """Lays out an attack and, after a melee attack, the target's counter-attack decision;
    with Brace! against a charge, that decision first (HMC-COUNTER-01, -04, HMC-ORDERS-05).
    ``counters=False`` leaves the counter-attack out."""

    attack: Strike
    counters: bool = True

    def run(self, s: StrikeHost) -> StrikeHost:
        melee = self.attack.kind == "melee" and self.counters
        if melee and s.brace_first(self.attack):
            return s.pop(CounterChoice(self.attack, True), StartStrike(self.attack))
        if melee:
            return s.pop(StartStrike(self.attack), CounterChoice(self.attack, False))
        return s.pop(StartStrike(self.attack))


@saved("horde/start-strike")
@attrs.frozen
class StartStrike(StrikeTask):
    """An attack begins if both units still stand."""

    strike: Strike

    def run(self, s: StrikeHost) -> StrikeHost:
        if not (s.standing(self.strike.striker) and s.standing(self.strike.target)):
            return s.pop()
        return s.pop(AttackRoll(self.strike))


@saved("horde/attack-roll")
@attrs.frozen
class AttackRoll(StrikeTask):
    """The attack d10 (HMC-ATTACK-02); maximised against a fleeing horde (HMC-MORALE-10)."""

    strike: Strike
    rule: ClassVar[str] = "HMC-ATTACK-02"

    def actor(self, s: StrikeHost) -> Player | None:
        if unseen(s, self.strike):
            return CHANCE  # a view: the die is rolled (a settled state never waits on no one)
        return None if s.numbers(self.strike).fixed_attack_die else CHANCE

    def chance(self, s: StrikeHost) -> tuple[tuple[Action, float], ...]:
        return die_outcomes(10)

    def act(self, s: StrikeHost, action: Action) -> StrikeHost:
        assert isinstance(action, Roll)
        return s.pop(DefenceRoll(quick_evolve(self.strike, attack_die=action.value)))

    def run(self, s: StrikeHost) -> StrikeHost:
        die = s.numbers(self.strike).fixed_attack_die
        return s.pop(DefenceRoll(quick_evolve(self.strike, attack_die=die)))

    def describe(self, s: StrikeHost) -> str:
        return f"{self.strike.striker}'s attack die"


@saved("horde/defence-roll")
@attrs.frozen
class DefenceRoll(StrikeTask):
    """The defence d10: full or partial damage (HMC-ATTACK-04, -05)."""

    strike: Strike
    rule: ClassVar[str] = "HMC-ATTACK-04"

    def actor(self, s: StrikeHost) -> Player | None:
        return CHANCE

    def chance(self, s: StrikeHost) -> tuple[tuple[Action, float], ...]:
        return die_outcomes(10)

    def act(self, s: StrikeHost, action: Action) -> StrikeHost:
        assert isinstance(action, Roll) and self.strike.attack_die is not None
        hit = s.numbers(self.strike).hit(self.strike.attack_die, action.value)
        return s.pop(DamageRoll(quick_evolve(self.strike, defence_die=action.value, hit=hit)))

    def describe(self, s: StrikeHost) -> str:
        return f"{self.strike.target}'s defence die"


@saved("horde/damage-roll")
@attrs.frozen
class DamageRoll(StrikeTask):
    """The damage die (HMC-DAMAGE-03, -07, -10); ``again`` is ``"reroll"`` for a Tearing
    reroll, ``"best"`` for the second die of ``best-of-two`` (HMC-WEAPON-05, HMC-GAP-19)."""

    strike: Strike
    again: str = ""
    rule: ClassVar[str] = "HMC-DAMAGE-01"

    def formula(self, s: StrikeHost) -> DamageFormula:
        assert self.strike.hit in ("full", "partial")
        return s.numbers(self.strike).formula("full" if self.strike.hit == "full" else "partial")

    def actor(self, s: StrikeHost) -> Player | None:
        if unseen(s, self.strike):
            return CHANCE  # a view: the die is rolled (a settled state never waits on no one)
        return None if s.numbers(self.strike).max_damage_die else CHANCE

    def chance(self, s: StrikeHost) -> tuple[tuple[Action, float], ...]:
        """The faces of the damage die; none known in a view that hides the die's size."""
        return () if unseen(s, self.strike) else die_outcomes(self.formula(s).sides)

    def act(self, s: StrikeHost, action: Action) -> StrikeHost:
        assert isinstance(action, Roll)
        return self.rolled(s, action.value)

    def run(self, s: StrikeHost) -> StrikeHost:
        return self.rolled(s, self.formula(s).sides)

    def rolled(self, s: StrikeHost, value: int) -> StrikeHost:
        strike = self.strike
        if self.again == "best":
            assert strike.first_die is not None
            return s.pop(Inflict(quick_evolve(strike, damage_die=max(strike.first_die, value))))
        if self.again == "reroll":
            return s.pop(Inflict(quick_evolve(strike, damage_die=value)))
        strike = quick_evolve(strike, damage_die=value)
        numbers = s.numbers(strike)
        if numbers.tearing == "reroll" and not numbers.max_damage_die:
            return s.pop(TearingChoice(strike))
        if numbers.tearing == "best-of-two" and not numbers.max_damage_die:
            return s.pop(DamageRoll(quick_evolve(strike, first_die=value), "best"))
        return s.pop(Inflict(strike))

    def describe(self, s: StrikeHost) -> str:
        if unseen(s, self.strike):
            return f"{self.strike.striker}'s damage die"
        return f"{self.strike.striker}'s damage die (d{self.formula(s).sides})"


@saved("horde/tearing-choice")
@attrs.frozen
class TearingChoice(StrikeTask):
    """The attacker with a Tearing weapon rerolls the damage die or keeps it
    (HMC-WEAPON-05)."""

    strike: Strike
    rule: ClassVar[str] = "HMC-WEAPON-05"
    sequence_rule: ClassVar[str] = "HMC-WEAPON-05"

    def actor(self, s: StrikeHost) -> Player | None:
        return s.decider(self.strike.striker)

    def legal(self, s: StrikeHost) -> tuple[Action, ...]:
        return (Reroll(True), Reroll(False))

    def act(self, s: StrikeHost, action: Action) -> StrikeHost:
        assert isinstance(action, Reroll)
        if action.reroll:
            strike = quick_evolve(self.strike, first_die=self.strike.damage_die, damage_die=None)
            return s.pop(DamageRoll(strike, "reroll"))
        return s.pop(Inflict(self.strike))

    def describe(self, s: StrikeHost) -> str:
        return f"Tearing: reroll the damage die of {self.strike.damage_die}?"


@saved("horde/inflict")
@attrs.frozen
class Inflict(StrikeTask):
    """The damage is taken off the target (HMC-DAMAGE-01, -14, -15); the state does the rest
    (:meth:`StrikeHost.take_hit`)."""

    strike: Strike

    def run(self, s: StrikeHost) -> StrikeHost:
        strike = self.strike
        numbers = s.numbers(strike)
        assert strike.damage_die is not None and strike.hit is not None
        formula = numbers.formula("full" if strike.hit == "full" else "partial")
        damage = formula.damage(strike.damage_die)
        loss = numbers.loss(damage)
        done = quick_evolve(
            strike,
            damage=damage,
            loss=loss,
            morale_test=s.from_stealth(strike)
            and stealth_forces_morale_test(loss, numbers.defender.magnitude),
        )
        return s.pop().take_hit(done)


@saved("horde/counter-choice")
@attrs.frozen
class CounterChoice(StrikeTask):
    """The unit attacked in melee counter-attacks or not (HMC-COUNTER-01); ``first`` under
    Brace! against a charge (HMC-ORDERS-05)."""

    attack: Strike
    first: bool
    rule: ClassVar[str] = "HMC-COUNTER-01"
    sequence_rule: ClassVar[str] = "HMC-COUNTER-01"

    def actor(self, s: StrikeHost) -> Player | None:
        return s.decider(self.attack.target) if s.can_counter(self.attack) else None

    def legal(self, s: StrikeHost) -> tuple[Action, ...]:
        return (act.Counter(True), act.Counter(False))

    def act(self, s: StrikeHost, action: Action) -> StrikeHost:
        assert isinstance(action, act.Counter)
        if not action.attack:
            return s.pop()
        counter = quick_evolve(self.attack.countered(), braced=self.first)
        return s.pop(StartStrike(counter))

    def run(self, s: StrikeHost) -> StrikeHost:
        return s.pop()

    def describe(self, s: StrikeHost) -> str:
        return "counter-attack first (Brace!)?" if self.first else "counter-attack?"


__all__ = [
    "AttackRoll",
    "CounterChoice",
    "DamageRoll",
    "DefenceRoll",
    "Engage",
    "Inflict",
    "StartStrike",
    "Strike",
    "StrikeHost",
    "StrikeTask",
    "TearingChoice",
    "die_outcomes",
]
