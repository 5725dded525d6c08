"""One horde engagement with explicit dice: an attack and the counter-attack it allows, as a
game state on the task stack (:class:`~wargames.core.tasks.TaskState`).

:func:`new_engagement` starts one: ``attacker`` attacks ``defender`` (melee or ranged) in a
:class:`~wargames.horde.context.AttackContext` under :class:`~wargames.horde.rules.HordeRules`.
Each die is a chance node, so :meth:`Match.force_dice <wargames.core.engine.Match.force_dice>`
can force any of them, and each choice the rules give a player is a decision:

1. the attack d10 (HMC-ATTACK-02; none against a fleeing horde, whose attacker counts 10,
   HMC-MORALE-10);
2. the defence d10 (HMC-ATTACK-04), which makes the hit full or partial (HMC-ATTACK-05);
3. the damage die: one die of the weapon's type for full damage, 1d5 for partial
   (HMC-DAMAGE-03, -07, -10);
4. with a Tearing weapon the attacker decides ``reroll`` or ``keep``, the new result standing
   (HMC-WEAPON-05, HMC-GAP-19; under the ``best-of-two`` reading a second die is rolled and the
   higher kept, no decision);
5. the damage is taken off the target's Magnitude, never below 0 (HMC-DAMAGE-01, -14, -15);
6. after a melee attack the defender decides ``counter`` or ``hold`` (HMC-COUNTER-01): no
   counter-attack after a ranged attack (HMC-COUNTER-03), if either horde is destroyed, or if
   the defender is fleeing or confused; a counter-attack is a full attack at -2
   (HMC-COUNTER-02) and allows no counter-attack itself (HMC-COUNTER-05, HMC-GAP-29). Under
   Brace!, when charged, the defender decides first and its counter-attack is resolved before
   the charge, without the -2 (HMC-COUNTER-04, HMC-ORDERS-05); it then has no second one
   (HMC-GAP-29; ``hold`` there gives up its counter-attack).

Each horde's Magnitude at the moment of its attack is the one used (HMC-DAMAGE-02). The
players are ``"attacker"`` and ``"defender"``; the engagement is over when the last attack is
resolved, and :attr:`~wargames.core.tasks.TaskState.outcome` names the horde that lost less
Magnitude (``None``: equal losses). Every state is a value with exact JSON, perfect
information (:meth:`EngagementState.view` hides nothing) and the invariant that no Magnitude is
ever negative. The battle game can reuse the pure functions this module calls
(:func:`~wargames.horde.attack.attack_numbers` and :mod:`wargames.horde.damage`), or run an
engagement per attack.

>>> from wargames.core.engine import Match
>>> from wargames.horde.data import horde
>>> state = new_engagement(horde("cultists"), horde("marines"), "ranged")
>>> match = Match(state, seed=1).force_dice(9, 1, 5)
>>> final = match.advance()
>>> final.defender.magnitude, str(final.outcome)
(46, 'attacker win: the attacker lost 0 Magnitude, the defender 14')
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar, Final, Self

import attrs

from wargames.core import tasks
from wargames.core.engine import CHANCE, Action, Outcome, Player, decode_value, encode_value
from wargames.core.errors import RuleViolation, ScenarioError
from wargames.core.notation import Reroll, Roll
from wargames.core.tasks import TaskState
from wargames.horde import actions as act
from wargames.horde.attack import AttackNumbers, attack_numbers
from wargames.horde.context import AttackContext, Side
from wargames.horde.damage import DamageFormula
from wargames.horde.profiles import Characteristics, Horde, Officer, Specialist
from wargames.horde.rules import DEFAULT, HordeRules
from wargames.horde.talents import stealth_forces_morale_test
from wargames.horde.weapons import DamageCode, Kind, RateOfFire, Weapon

ATTACKER: Final = "attacker"
DEFENDER: Final = "defender"
ROLES: tuple[Player, ...] = (ATTACKER, DEFENDER)
FORMAT = 1
GAME_ID = "horde-engagement"
"""The engagement's game id in records and JSON (the battle game will be ``horde``)."""
_PLAIN = AttackContext()


def other(role: str) -> str:
    return DEFENDER if role == ATTACKER else ATTACKER


@cache
def die_outcomes(sides: int) -> tuple[tuple[Action, float], ...]:
    """The chance outcomes of one die: ``roll 1`` .. ``roll sides``, equally likely."""
    return tuple((Roll(v), 1 / sides) for v in range(1, sides + 1))


@attrs.frozen(cache_hash=True)
class Strike:
    """One attack of the engagement, as far as it is resolved."""

    striker: str
    """``"attacker"``, or ``"defender"`` for its counter-attack."""
    counter: bool = False
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
    must take a morale test (HMC-TALENT-05; the battle game runs it)."""

    @property
    def target(self) -> str:
        return other(self.striker)

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


class Task(tasks.Task["EngagementState"]):
    """One pending step of an engagement."""

    rule: ClassVar[str] = "HMC-ATTACK-01"
    sequence_rule: ClassVar[str] = "HMC-ATTACK-01"


@attrs.frozen
class Begin(Task):
    """Lays out the engagement: the attack, then the counter-attack decision; with Brace!
    against a charge, the counter-attack decision first (HMC-COUNTER-04, HMC-ORDERS-05)."""

    def run(self, s: EngagementState) -> EngagementState:
        melee = s.kind == "melee" and s.counters
        if melee and s.context.brace_first:
            return s.pop(CounterChoice(True), StartStrike(ATTACKER), Finish())
        steps: list[Task] = [StartStrike(ATTACKER)]
        if melee:
            steps.append(CounterChoice(False))
        return s.pop(*steps, Finish())


@attrs.frozen
class StartStrike(Task):
    """An attack begins if both hordes still stand."""

    striker: str
    counter: bool = False

    def run(self, s: EngagementState) -> EngagementState:
        if s.attacker.destroyed or s.defender.destroyed:
            return s.pop()
        return s.pop(AttackRoll(Strike(self.striker, self.counter)))


@attrs.frozen
class AttackRoll(Task):
    """The attack d10 (HMC-ATTACK-02); maximised against a fleeing horde (HMC-MORALE-10)."""

    strike: Strike
    rule: ClassVar[str] = "HMC-ATTACK-02"

    def actor(self, s: EngagementState) -> Player | None:
        return None if s.numbers(self.strike).fixed_attack_die else CHANCE

    def chance(self, s: EngagementState) -> tuple[tuple[Action, float], ...]:
        return die_outcomes(10)

    def act(self, s: EngagementState, action: Action) -> EngagementState:
        assert isinstance(action, Roll)
        return s.pop(DefenceRoll(attrs.evolve(self.strike, attack_die=action.value)))

    def run(self, s: EngagementState) -> EngagementState:
        die = s.numbers(self.strike).fixed_attack_die
        return s.pop(DefenceRoll(attrs.evolve(self.strike, attack_die=die)))

    def describe(self, s: EngagementState) -> str:
        return f"{self.strike.striker}'s attack die"


@attrs.frozen
class DefenceRoll(Task):
    """The defence d10: full or partial damage (HMC-ATTACK-04, -05)."""

    strike: Strike
    rule: ClassVar[str] = "HMC-ATTACK-04"

    def actor(self, s: EngagementState) -> Player | None:
        return CHANCE

    def chance(self, s: EngagementState) -> tuple[tuple[Action, float], ...]:
        return die_outcomes(10)

    def act(self, s: EngagementState, action: Action) -> EngagementState:
        assert isinstance(action, Roll) and self.strike.attack_die is not None
        hit = s.numbers(self.strike).hit(self.strike.attack_die, action.value)
        return s.pop(DamageRoll(attrs.evolve(self.strike, defence_die=action.value, hit=hit)))

    def describe(self, s: EngagementState) -> str:
        return f"{self.strike.target}'s defence die"


@attrs.frozen
class DamageRoll(Task):
    """The damage die (HMC-DAMAGE-03, -07, -10); ``again`` is ``"reroll"`` for a Tearing
    reroll, ``"best"`` for the second die of ``best-of-two`` (HMC-WEAPON-05, HMC-GAP-19)."""

    strike: Strike
    again: str = ""
    rule: ClassVar[str] = "HMC-DAMAGE-01"

    def formula(self, s: EngagementState) -> DamageFormula:
        assert self.strike.hit in ("full", "partial")
        return s.numbers(self.strike).formula("full" if self.strike.hit == "full" else "partial")

    def actor(self, s: EngagementState) -> Player | None:
        return None if s.numbers(self.strike).max_damage_die else CHANCE

    def chance(self, s: EngagementState) -> tuple[tuple[Action, float], ...]:
        return die_outcomes(self.formula(s).sides)

    def act(self, s: EngagementState, action: Action) -> EngagementState:
        assert isinstance(action, Roll)
        return self.rolled(s, action.value)

    def run(self, s: EngagementState) -> EngagementState:
        return self.rolled(s, self.formula(s).sides)

    def rolled(self, s: EngagementState, value: int) -> EngagementState:
        strike = self.strike
        if self.again == "best":
            assert strike.first_die is not None
            return s.pop(Inflict(attrs.evolve(strike, damage_die=max(strike.first_die, value))))
        if self.again == "reroll":
            return s.pop(Inflict(attrs.evolve(strike, damage_die=value)))
        strike = attrs.evolve(strike, damage_die=value)
        numbers = s.numbers(strike)
        if numbers.tearing == "reroll" and not numbers.max_damage_die:
            return s.pop(TearingChoice(strike))
        if numbers.tearing == "best-of-two" and not numbers.max_damage_die:
            return s.pop(DamageRoll(attrs.evolve(strike, first_die=value), "best"))
        return s.pop(Inflict(strike))

    def describe(self, s: EngagementState) -> str:
        return f"{self.strike.striker}'s damage die (d{self.formula(s).sides})"


@attrs.frozen
class TearingChoice(Task):
    """The attacker with a Tearing weapon rerolls the damage die or keeps it
    (HMC-WEAPON-05)."""

    strike: Strike
    rule: ClassVar[str] = "HMC-WEAPON-05"
    sequence_rule: ClassVar[str] = "HMC-WEAPON-05"

    def actor(self, s: EngagementState) -> Player | None:
        return self.strike.striker

    def legal(self, s: EngagementState) -> tuple[Action, ...]:
        return (Reroll(True), Reroll(False))

    def act(self, s: EngagementState, action: Action) -> EngagementState:
        assert isinstance(action, Reroll)
        if action.reroll:
            strike = attrs.evolve(self.strike, first_die=self.strike.damage_die, damage_die=None)
            return s.pop(DamageRoll(strike, "reroll"))
        return s.pop(Inflict(self.strike))

    def describe(self, s: EngagementState) -> str:
        return f"Tearing: reroll the damage die of {self.strike.damage_die}?"


@attrs.frozen
class Inflict(Task):
    """The damage is taken off the target's Magnitude (HMC-DAMAGE-01, -14, -15)."""

    strike: Strike

    def run(self, s: EngagementState) -> EngagementState:
        strike = self.strike
        numbers = s.numbers(strike)
        assert strike.damage_die is not None and strike.hit is not None
        formula = numbers.formula("full" if strike.hit == "full" else "partial")
        damage = formula.damage(strike.damage_die)
        loss = numbers.loss(damage)
        target = s.horde(strike.target)
        stealth = not strike.counter and s.context.attacker.stealthed
        done = attrs.evolve(
            strike,
            damage=damage,
            loss=loss,
            morale_test=stealth and stealth_forces_morale_test(loss, target.magnitude),
        )
        return s.evolve(strikes=(*s.strikes, done), **{strike.target: target.lose(loss)}).pop()


@attrs.frozen
class CounterChoice(Task):
    """The horde attacked in melee counter-attacks or not (HMC-COUNTER-01); ``first`` under
    Brace! against a charge (HMC-ORDERS-05)."""

    first: bool
    rule: ClassVar[str] = "HMC-COUNTER-01"
    sequence_rule: ClassVar[str] = "HMC-COUNTER-01"

    def actor(self, s: EngagementState) -> Player | None:
        return DEFENDER if s.can_counter() else None

    def legal(self, s: EngagementState) -> tuple[Action, ...]:
        return (act.Counter(True), act.Counter(False))

    def act(self, s: EngagementState, action: Action) -> EngagementState:
        assert isinstance(action, act.Counter)
        return s.pop(StartStrike(DEFENDER, True)) if action.attack else s.pop()

    def run(self, s: EngagementState) -> EngagementState:
        return s.pop()

    def describe(self, s: EngagementState) -> str:
        return "counter-attack first (Brace!)?" if self.first else "counter-attack?"


@attrs.frozen
class Finish(Task):
    """The engagement is over."""

    def run(self, s: EngagementState) -> EngagementState:
        lost = s.losses
        a, d = lost[ATTACKER], lost[DEFENDER]
        winner = ATTACKER if d > a else DEFENDER if a > d else None
        gone = [r for r in ROLES if s.horde(r).destroyed]
        reason = f"the attacker lost {a} Magnitude, the defender {d}"
        if gone:
            reason += "; " + " and ".join(f"the {r} is destroyed" for r in gone)
        return s.end(winner, reason)


@attrs.frozen(slots=False)
class EngagementState(TaskState):
    """An engagement between two hordes (see the module docstring)."""

    game: ClassVar[str] = GAME_ID
    players: ClassVar[tuple[Player, ...]] = ROLES

    attacker: Horde
    defender: Horde
    kind: Kind
    context: AttackContext = _PLAIN
    rules: HordeRules = DEFAULT
    counters: bool = True
    """Whether a melee attack allows the defender's counter-attack decision."""
    strikes: tuple[Strike, ...] = ()
    """The attacks resolved so far, in order."""
    tasks: tuple[Task, ...] = ()
    result: Outcome | None = None
    _memo: dict[str, Any] = attrs.field(init=False, factory=dict, eq=False, repr=False)

    # -- reading ------------------------------------------------------------------------------

    def horde(self, role: str) -> Horde:
        """The ``"attacker"`` or the ``"defender"``."""
        return self.attacker if role == ATTACKER else self.defender

    def numbers(self, strike: Strike) -> AttackNumbers:
        """The numbers of ``strike`` with both hordes as they stand (HMC-DAMAGE-02)."""
        if strike.striker == ATTACKER:
            return attack_numbers(self.attacker, self.defender, self.kind, self.context, self.rules)
        counter = self.context.counter_context()
        return attack_numbers(self.defender, self.attacker, "melee", counter, self.rules)

    def can_counter(self) -> bool:
        """Whether the defender may counter-attack now (HMC-COUNTER-01, -03)."""
        if self.kind != "melee" or self.attacker.destroyed or self.defender.destroyed:
            return False
        try:
            self.numbers(Strike(DEFENDER, True))
        except RuleViolation:
            return False
        return True

    @property
    def losses(self) -> dict[str, int]:
        """The Magnitude each horde has lost so far."""
        lost = {ATTACKER: 0, DEFENDER: 0}
        for strike in self.strikes:
            lost[strike.target] += strike.loss or 0
        return lost

    # -- protocol -----------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return act.parse(text)

    def view(self, player: Player) -> Self:
        """Perfect information: every player sees the whole state."""
        if player not in ROLES:
            raise ValueError(f"unknown player {player!r}; expected one of {list(ROLES)}")
        return self.share(self.evolve(), player)

    def invariant_violations(self) -> list[str]:
        problems = []
        for role in ROLES:
            h = self.horde(role)
            if h.magnitude < 0:
                problems.append(f"the {role}'s Magnitude is negative ({h.magnitude})")
            if h.magnitude > h.starting_magnitude:
                problems.append(f"the {role}'s Magnitude is above its starting Magnitude")
        for strike in self.strikes:
            if strike.loss is None or strike.loss < 0 or (strike.damage or 0) < 0:
                problems.append(f"a resolved attack has no or negative damage: {strike}")
        return problems

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "format": FORMAT,
            "attacker": encode_value(self.attacker),
            "defender": encode_value(self.defender),
            "kind": self.kind,
            "context": encode_value(self.context),
            "rules": encode_value(self.rules),
            "counters": self.counters,
            "strikes": [encode_value(s) for s in self.strikes],
            "tasks": [encode_value(t) for t in self.tasks],
            "result": None if self.result is None else self.result.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        if data.get("game") != GAME_ID or data.get("format") != FORMAT:
            raise ScenarioError("(json)", "game", "not a horde engagement of this format")
        classes = _classes()
        kind: Kind = "melee" if data["kind"] == "melee" else "ranged"
        return cls(
            attacker=decode_value(data["attacker"], classes),
            defender=decode_value(data["defender"], classes),
            kind=kind,
            context=decode_value(data["context"], classes),
            rules=decode_value(data["rules"], classes),
            counters=bool(data["counters"]),
            strikes=tuple(decode_value(s, classes) for s in data["strikes"]),
            tasks=tuple(decode_value(t, classes) for t in data["tasks"]),
            result=None if data["result"] is None else Outcome.from_json(data["result"]),
        )

    def __str__(self) -> str:
        lines = [
            f"{self.kind} engagement: {self.attacker} attacks {self.defender}"
            + (f" ({self.rules})" if self.rules != DEFAULT else "")
        ]
        lines += [f"  {s}" for s in self.strikes]
        if self.result is not None:
            lines.append(str(self.result))
        elif self.tasks:
            lines.append(f"  waiting for: {self.top.describe(self)}")
        return "\n".join(lines)


@cache
def _classes() -> dict[str, type]:
    records: list[type] = [
        Horde,
        Characteristics,
        Weapon,
        DamageCode,
        RateOfFire,
        Officer,
        Specialist,
        Side,
        AttackContext,
        HordeRules,
        Strike,
    ]
    return {**tasks.task_classes(Task), **{c.__name__: c for c in records}}


def new_engagement(
    attacker: Horde,
    defender: Horde,
    kind: Kind,
    context: AttackContext | None = None,
    rules: HordeRules = DEFAULT,
    *,
    counters: bool = True,
) -> EngagementState:
    """The engagement of ``attacker``'s ``kind`` attack on ``defender`` (see the module
    docstring). ``counters=False`` leaves the counter-attack out (a battle game that runs a
    morale test between the attack and the counter-attack starts the counter-attack as an
    engagement of its own, with :meth:`AttackContext.counter_context`).

    Raises :class:`RuleViolation` when the rules forbid the attack.
    """
    if kind not in ("melee", "ranged"):
        raise ValueError(f"unknown attack kind {kind!r}; expected 'melee' or 'ranged'")
    ctx = AttackContext() if context is None else context
    attack_numbers(attacker, defender, kind, ctx, rules)  # raises if the attack is illegal
    state = EngagementState(attacker, defender, kind, ctx, rules, counters, tasks=(Begin(),))
    return state.settle()


__all__ = [
    "ATTACKER",
    "DEFENDER",
    "ROLES",
    "EngagementState",
    "Strike",
    "Task",
    "die_outcomes",
    "new_engagement",
]
