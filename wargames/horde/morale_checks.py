"""Morale tests of a P-Scale battle: when a horde must test, its d100 Willpower test, and the
states a failure puts it in (HMC-GAP-03, filled from the research notes, section "Read this
first" and 3.6; reconstructed).

**The test** is a d100 roll (a chance node) against the horde's Willpower plus its modifiers
(:func:`morale_terms`): the seed's (HMC-MORALE-01 to -08, through
:func:`~wargames.horde.combat.morale.willpower_modifiers`: adjacent ally, cover, HQ area, Officer,
isolation, outnumbered, army half lost, and the notes' under-strength -10 and Fear), an
Officer's Iron Discipline (+10 more, on top of the Officer's +10, HMC-MORALE-04; reconstructed),
-10 while confused, -20 to rally a routing horde or a fleeing horde with nowhere to flee. A roll
at or under the target passes. Degrees of failure count the Black Crusade / Only War way: one,
plus one per full 10 points the roll is over the target (research O2).

**Fear** (research 3.6, H8, O5; reconstructed): a horde takes the Fear penalty of the highest
Fear level among the enemy units in close combat with it (:func:`enemy_fear`: the hordes and
lone Officers its side sees in the eight squares around it, and the Officers joined to those
hordes): Fear 1 nothing, 2 -10, 3 -20, 4 -30. Contact with Fear forces no test of its own: hordes
take the penalty on their tests instead of a fear test (H8). A Disciplined horde takes it too
(HMC-TALENT-09 spares only the under-strength penalty); Fearless and frenzied hordes never test
(HMC-TALENT-10, O7).

**When** (:class:`MoraleCheck`, after every attack that leaves the horde standing, before a
counter-attack, HMC-COUNTER-01):

* at 25% of its starting Magnitude or less a horde breaks without a test (it routs), unless it
  is Fearless; a Disciplined horde tests instead (HMC-TALENT-08, research O10), once;
* a horde that has lost 25% of the Magnitude it had when the round began tests, once a round
  (research O9);
* a horde hit from stealth for more than 20% of its Magnitude tests (HMC-TALENT-05).

A Fearless horde, or one led by an Officer with Into the Jaws of Hell whose bonus it has, never
tests and never fails (HMC-TALENT-10, HMC-MORALE-05, HMC-OFFICER-07); a frenzied horde is
immune; a horde already failing does not test again (except the Disciplined test at 25%).

**Failure** (research 3.6): 1 degree confused, 2 fleeing, 3 or more routing; a Blood-Soaked
Tide horde turns frenzied instead (HMC-TALENT-07). A state never improves by failing again.
Rally! (:mod:`wargames.horde.orders`) tests to end confusion, flight or rout; a frenzied horde
tests when no enemy is adjacent after its activation, and calms down on a pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

import attrs

from wargames.core.codec import saved
from wargames.core.engine import CHANCE, Action, Player
from wargames.core.notation import Roll
from wargames.core.tasks import quick_evolve
from wargames.horde import close_combat
from wargames.horde.combat.morale import willpower_modifiers
from wargames.horde.combat.profiles import DISCIPLINED, FEARLESS, INTO_THE_JAWS_OF_HELL
from wargames.horde.combat.strikes import die_outcomes
from wargames.horde.combat.talents import frenzies_on_failure
from wargames.horde.combat.terms import Term, total
from wargames.horde.flow import BattleTask
from wargames.horde.units import CONFUSED, FLEEING, FRENZIED, ROUTING, Morale, Unit

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState as S

Reason = Literal["loss", "stealth", "quarter", "rally", "frenzy"]
IRON_DISCIPLINE = "Iron Discipline"
ISOLATION = 5
"""More than this many squares from every allied unit is isolated (HMC-MORALE-06)."""
SEVERITY: dict[str, int] = {"": 0, CONFUSED: 1, FLEEING: 2, ROUTING: 3}


def bonus_officer(s: S, horde: Unit) -> Unit | None:
    """The Officer whose bonus ``horde`` has this round (HMC-OFFICER-07)."""
    if horde.bonus is None:
        return None
    o = s.unit(horde.bonus)
    return o if o.attached_to == horde.id else None


def fearless(s: S, horde: Unit) -> bool:
    """Fearless, or with the bonus of an Officer with Into the Jaws of Hell (HMC-TALENT-10,
    HMC-MORALE-05, HMC-OFFICER-07)."""
    if horde.horde.has(FEARLESS):
        return True
    o = bonus_officer(s, horde)
    return o is not None and INTO_THE_JAWS_OF_HELL in o.talents


def army_half_lost(s: S, side: str) -> bool:
    """``side`` has lost at least half of its hordes to flight or defeat: destroyed, routed
    off the field, or fleeing or routing now (HMC-MORALE-08)."""
    hordes = s.hordes(side)
    lost = sum(
        1
        for h in hordes
        if h.status in ("destroyed", "routed")
        or h.morale
        in (
            FLEEING,
            ROUTING,
        )
    )
    return 2 * lost >= len(hordes) > 0


def enemy_fear(s: S, u: Unit) -> int:
    """The highest Fear level among the enemy units in close combat with ``u`` (0: none): the
    hordes and lone Officers its side sees around it, and the Officers joined to those hordes,
    each by its own profile (HMC-GAP-03; research 3.6, H8, O5)."""
    most = 0
    for e in close_combat.adjacent_enemies(s, u):
        most = max(most, e.horde.fear, *(o.horde.fear for o in s.attached(e.id)))
    return most


def morale_terms(s: S, u: Unit, reason: Reason, blocked: bool = False) -> tuple[Term, ...]:
    """The modifiers to ``u``'s Willpower for a test (see the module docstring); ``blocked``:
    a fleeing horde with nowhere to flee."""
    field = s.field
    square = s.location(u)
    assert square is not None
    allies = [a for a in s.units if a.side == u.side and a.id != u.id and a.on_board]
    adjacent = any(a.is_horde and field.adjacent(square, a.square or "") for a in allies)
    near = any(
        a.square is not None and field.distance(square, a.square) <= ISOLATION for a in allies
    )
    engaged = [e.magnitude for e in close_combat.adjacent_enemies(s, u) if e.is_horde]
    terms = list(
        willpower_modifiers(
            u.horde,
            adjacent_ally=adjacent,
            in_cover=field.cover(square),
            in_hq=field.in_hq(u.side, square),
            officer=bool(s.attached(u.id)),
            isolated=not near and not adjacent,
            engaged_with=engaged,
            army_half_lost=army_half_lost(s, u.side),
            fear=enemy_fear(s, u),
            rules=s.rules,
        )
    )
    o = bonus_officer(s, u)
    if o is not None and IRON_DISCIPLINE in o.talents:
        terms.append(Term("HMC-MORALE-04", "Iron Discipline", 10))
    if u.morale == CONFUSED:
        terms.append(Term("HMC-GAP-03", "confused", -10))
    if reason == "rally" and u.morale == ROUTING:
        terms.append(Term("HMC-ORDERS-15", "rallying a routing horde", -20))
    if u.morale == FLEEING and blocked:
        terms.append(Term("HMC-GAP-03", "fleeing with nowhere to flee", -20))
    return tuple(terms)


def morale_target(s: S, u: Unit, reason: Reason, blocked: bool = False) -> int:
    """The d100 target of ``u``'s test: Willpower plus :func:`morale_terms`."""
    return u.horde.willpower + total(morale_terms(s, u, reason, blocked))


def degrees_of_failure(roll: int, target: int) -> int:
    """0 for a pass; else one, plus one per full 10 points over the target (research O2)."""
    return 0 if roll <= target else 1 + (roll - target) // 10


def failed(u: Unit, degrees: int, round_: int) -> Unit:
    """``u`` after failing by ``degrees``: frenzied (Blood-Soaked Tide, HMC-TALENT-07), else
    confused, fleeing or routing, never better than it was."""
    if frenzies_on_failure(u.horde):
        state: Morale = FRENZIED
    else:
        state = CONFUSED if degrees == 1 else FLEEING if degrees == 2 else ROUTING
        if SEVERITY.get(u.morale, 0) >= SEVERITY[state]:
            return u
    return quick_evolve(u, morale=state, morale_round=round_)


@saved("horde/morale-check")
@attrs.frozen
class MoraleCheck(BattleTask):
    """Whether an attack makes ``unit`` test (see the module docstring); ``stealth``: the
    attack came from stealth and cost it over 20% of its Magnitude (HMC-TALENT-05)."""

    unit: str
    stealth: bool = False
    rule: ClassVar[str] = "HMC-GAP-03"

    def run(self, s: S) -> S:
        u = s.unit(self.unit)
        if not u.on_board or u.morale == FRENZIED or fearless(s, u):
            return s.pop()
        if 4 * u.magnitude <= u.horde.starting_magnitude and u.id not in s.quartered:
            s = s.evolve(quartered=s.quartered | {u.id})
            if u.horde.has(DISCIPLINED):
                return s.pop(MoraleTest(u.id, "quarter"))
            routed = quick_evolve(u, morale=ROUTING, morale_round=s.round)
            return s.replace(routed, tasks=s.popped())
        if u.failing:
            return s.pop()
        if 4 * (u.round_magnitude - u.magnitude) >= u.round_magnitude and u.id not in s.tested:
            return s.pop(MoraleTest(u.id, "loss"), tested=s.tested | {u.id})
        if self.stealth:
            return s.pop(MoraleTest(u.id, "stealth"))
        return s.pop()


@saved("horde/morale-test")
@attrs.frozen
class MoraleTest(BattleTask):
    """A d100 Willpower test of ``unit`` (see the module docstring). ``reason``: ``loss``,
    ``stealth`` or ``quarter`` (a failure breaks it), ``rally`` (a pass ends its morale
    failure, HMC-ORDERS-15) or ``frenzy`` (a pass ends its frenzy)."""

    unit: str
    reason: Reason
    blocked: bool = False
    rule: ClassVar[str] = "HMC-GAP-03"

    def actor(self, s: S) -> Player | None:
        return CHANCE if s.unit(self.unit).on_board else None

    def chance(self, s: S) -> tuple[tuple[Action, float], ...]:
        return die_outcomes(100)

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, Roll)
        u = s.unit(self.unit)
        target = morale_target(s, u, self.reason, self.blocked)
        degrees = degrees_of_failure(action.value, target)
        if self.reason in ("rally", "frenzy"):
            if degrees:
                return s.pop()
            rallied = quick_evolve(u, morale="", morale_round=s.round)
            return s.replace(rallied, tasks=s.popped())
        if not degrees:
            return s.pop()
        return s.replace(failed(u, degrees, s.round), tasks=s.popped())

    def run(self, s: S) -> S:
        return s.pop()

    def describe(self, s: S) -> str:
        u = s.unit(self.unit)
        return f"{u.id}'s morale test ({self.reason}), d100 <= {morale_target(s, u, self.reason)}"


__all__ = [
    "IRON_DISCIPLINE",
    "MoraleCheck",
    "MoraleTest",
    "army_half_lost",
    "bonus_officer",
    "degrees_of_failure",
    "enemy_fear",
    "failed",
    "fearless",
    "morale_target",
    "morale_terms",
]
