"""One horde engagement with explicit dice: an attack and the counter-attack it allows, as a
game state on the task stack (:class:`~wargames.core.tasks.TaskState`).

:func:`new_engagement` starts one: ``attacker`` attacks ``defender`` (melee or ranged) in a
:class:`~wargames.horde.combat.context.AttackContext` under
:class:`~wargames.horde.combat.rules.HordeRules`. Each die is a chance node, so
:meth:`Match.force_dice <wargames.core.engine.Match.force_dice>` can force any of them, and each
choice the rules give a player is a decision:

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

The attack steps are the tasks of :mod:`wargames.horde.combat.strikes`, which the P-Scale battle
uses too. Each horde's Magnitude at the moment of its attack is the one used (HMC-DAMAGE-02). The
players are ``"attacker"`` and ``"defender"``; the engagement is over when the last attack is
resolved, and :attr:`~wargames.core.tasks.TaskState.outcome` names the horde that lost less
Magnitude (``None``: equal losses). Every state is a value with exact JSON, perfect
information (:meth:`EngagementState.view` hides nothing) and the invariant that no Magnitude is
ever negative.

>>> from wargames.core.engine import Match
>>> from wargames.horde.combat.data import horde
>>> state = new_engagement(horde("cultists"), horde("marines"), "ranged")
>>> match = Match(state, seed=1).force_dice(9, 1, 5)
>>> final = match.advance()
>>> final.defender.magnitude, str(final.outcome)
(46, 'attacker win: the attacker lost 0 Magnitude, the defender 14')
"""

from __future__ import annotations

from typing import ClassVar, Final, Self

import attrs

from wargames.core import tasks
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation
from wargames.horde.combat import actions as act
from wargames.horde.combat.attack import AttackNumbers, attack_numbers
from wargames.horde.combat.context import AttackContext
from wargames.horde.combat.profiles import Horde
from wargames.horde.combat.rules import DEFAULT, HordeRules
from wargames.horde.combat.strikes import (
    AttackRoll,
    CounterChoice,
    DamageRoll,
    DefenceRoll,
    Engage,
    Inflict,
    StartStrike,
    Strike,
    StrikeHost,
    TearingChoice,
    die_outcomes,
)
from wargames.horde.combat.weapons import Kind

ATTACKER: Final = "attacker"
DEFENDER: Final = "defender"
ROLES: tuple[Player, ...] = (ATTACKER, DEFENDER)
GAME_ID = "horde-engagement"
"""The engagement's game id in records and JSON (the P-Scale battle game is ``horde``)."""
_PLAIN = AttackContext()


def other(role: str) -> str:
    return DEFENDER if role == ATTACKER else ATTACKER


class Task(tasks.Task["EngagementState"]):
    """One pending step of an engagement that is not part of an attack (the attacks are the
    shared :mod:`~wargames.horde.combat.strikes` tasks)."""

    rule: ClassVar[str] = "HMC-ATTACK-01"
    sequence_rule: ClassVar[str] = "HMC-ATTACK-01"


@saved("horde-engagement/finish")
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


@saved("horde/engagement")
@attrs.frozen(slots=False)
class EngagementState(StrikeHost):
    """An engagement between two hordes (see the module docstring)."""

    game: ClassVar[str] = GAME_ID
    players: ClassVar[tuple[Player, ...]] = ROLES
    saved_modules: ClassVar[tuple[str, ...]] = ("wargames.horde.combat.strikes",)

    attacker: Horde
    defender: Horde
    kind: Kind
    context: AttackContext = _PLAIN
    rules: HordeRules = DEFAULT
    counters: bool = True
    """Whether a melee attack allows the defender's counter-attack decision."""
    strikes: tuple[Strike, ...] = ()
    """The attacks resolved so far, in order."""

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

    def decider(self, unit: str) -> Player:
        """Each horde decides for itself: the unit names are the roles."""
        return unit

    def standing(self, unit: str) -> bool:
        return not self.horde(unit).destroyed

    def can_counter(self, strike: Strike) -> bool:
        """Whether the target of the melee attack ``strike`` may counter-attack now
        (HMC-COUNTER-01, -03)."""
        if strike.kind != "melee" or self.attacker.destroyed or self.defender.destroyed:
            return False
        try:
            self.numbers(strike.countered())
        except RuleViolation:
            return False
        return True

    def brace_first(self, strike: Strike) -> bool:
        return self.context.brace_first and not strike.counter

    def from_stealth(self, strike: Strike) -> bool:
        return not strike.counter and self.context.attacker.stealthed

    def take_hit(self, strike: Strike) -> Self:
        """The strike is recorded and its loss taken off the target's Magnitude."""
        assert strike.loss is not None
        target = self.horde(strike.target)
        lost = {strike.target: target.lose(strike.loss)}
        return self.evolve(strikes=(*self.strikes, strike), **lost)

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
    first = Strike(ATTACKER, DEFENDER, kind, charge=ctx.charge)
    begin = (Finish(), Engage(first, counters))  # the stack: bottom first
    state = EngagementState(attacker, defender, kind, ctx, rules, counters, tasks=begin)
    return state.settle()


__all__ = [
    "ATTACKER",
    "DEFENDER",
    "ROLES",
    "AttackRoll",
    "CounterChoice",
    "DamageRoll",
    "DefenceRoll",
    "EngagementState",
    "Inflict",
    "StartStrike",
    "Strike",
    "Task",
    "TearingChoice",
    "die_outcomes",
    "new_engagement",
]
