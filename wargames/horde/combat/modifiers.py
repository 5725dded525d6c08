"""Attack and defence modifiers: the Horde Attack and the defence total of one attack, term by
term (HMC-COMBAT, HMC-DEFENSE, and the modifiers of orders, morale, weapons, talents and
specialists).

Horde Attack (:func:`attack_terms`), starting from the rating the attack uses
(HMC-ATTACK-01):

* an untrained horde halves its rating, rounded up, *before* the other modifiers
  (HMC-COMBAT-04, HMC-GAP-13);
* charge +2 (HMC-COMBAT-02); counter-attack -2 (HMC-COMBAT-03, HMC-COUNTER-02) unless it is
  made first under Brace! (HMC-ORDERS-05), a further -2 under Get Down! (HMC-ORDERS-06);
  Forced March! -2 (HMC-ORDERS-09, counter-attacks included, HMC-GAP-30);
* frenzied +2 in melee, -2 at range (HMC-TALENT-07, the research notes' frenzy);
* Tearing +1 (HMC-WEAPON-06); talents and stealth (:mod:`wargames.horde.combat.talents`); Pathfinder
  +2 ranged (:mod:`wargames.horde.combat.specialists`).

Defence (:func:`defence_terms`), starting from the Defense rating:

* cover +2, Engineer +2, Get Down! doubling (HMC-DEFENSE-01, HMC-SPECIALIST-06,
  HMC-ORDERS-06);
* Armour Bonus +2 when AP >= Penetration + 4 (HMC-DEFENSE-02), else Armour Penalty -2 when AP
  is 0 or Penetration >= 2 x AP (HMC-DEFENSE-06); never both (HMC-DEFENSE-07); the Penetration
  is the weapon's with Accurate's +2 (HMC-WEAPON-01);
* +3 against ranged attacks while in CQC (HMC-DEFENSE-03);
* outnumbered in close combat: -1 at 2-1, -2 at 3-1 ... (HMC-DEFENSE-04), counting Magnitude
  (HMC-GAP-14; :func:`outnumbering`);
* -1 per attack already received this round (HMC-DEFENSE-05); Forced March! -2
  (HMC-ORDERS-09); frenzied -2 (HMC-TALENT-07);
* a fleeing horde's Defense rating and positive modifiers count 0 while penalties still apply
  (HMC-MORALE-09, HMC-GAP-17).

All modifiers add up (HMC-DEFENSE-08). At E-Scale only the counter-attack -2 applies
(HMC-SCALE-02, HMC-GAP-27).
"""

from __future__ import annotations

from functools import lru_cache

from wargames.horde.combat import specialists, talents
from wargames.horde.combat.context import AttackContext, Side
from wargames.horde.combat.morale import outnumbered_ratio
from wargames.horde.combat.profiles import Horde
from wargames.horde.combat.ratings import attack_rating, defense
from wargames.horde.combat.rules import HordeRules
from wargames.horde.combat.terms import TERMS_CACHE, Term, term, total
from wargames.horde.combat.weapons import Kind, Weapon

RATING_RULE = {"melee": "HMC-STAT-03", "ranged": "HMC-STAT-05"}
RATING_NAME = {"melee": "Melee Attack", "ranged": "Ranged Attack"}

CHARGE = Term("HMC-COMBAT-02", "charge", 2)
COUNTER_ATTACK = Term("HMC-COUNTER-02", "counter-attack", -2)
BRACED_COUNTER_ATTACK = Term("HMC-ORDERS-05", "braced counter-attack (no -2)", 0)
GET_DOWN_COUNTER_ATTACK = Term("HMC-ORDERS-06", "Get Down! counter-attack", -2)
FORCED_MARCH = Term("HMC-ORDERS-09", "Forced March!", -2)
TEARING = Term("HMC-WEAPON-06", "Tearing", 1)
"""Tearing's +1, to the Horde Attack and to the damage (HMC-WEAPON-06)."""
FRENZIED_ATTACK = {
    "melee": Term("HMC-TALENT-07", "frenzied", 2),
    "ranged": Term("HMC-TALENT-07", "frenzied", -2),
}
FRENZIED_DEFENCE = Term("HMC-TALENT-07", "frenzied", -2)
ARMOUR_BONUS = Term("HMC-DEFENSE-02", "Armour Bonus", 2)
ARMOUR_PENALTY = Term("HMC-DEFENSE-06", "Armour Penalty", -2)
IN_CQC_AGAINST_RANGED = Term("HMC-DEFENSE-03", "in CQC against a ranged attack", 3)
FLEEING_DEFENSE = Term("HMC-MORALE-09", "Defense (fleeing: 0)", 0)


def halve(value: int, rules: HordeRules) -> int:
    """Half of ``value`` rounded as :attr:`HordeRules.untrained_rounding` says (HMC-GAP-13)."""
    return -(-value // 2) if rules.untrained_rounding == "up" else value // 2


def attack_terms(
    attacker: Horde, weapon: Weapon, kind: Kind, context: AttackContext, rules: HordeRules
) -> tuple[Term, ...]:
    """The Horde Attack of this attack, term by term (see the module docstring)."""
    out = [*rating_terms(attacker, weapon, kind, rules)]
    out += _counter_terms(context)
    if rules.scale == "E":
        return tuple(out)
    if context.charge and kind == "melee":
        out.append(CHARGE)
    side = context.attacker
    if side.forced_march and (rules.forced_march_on_counter or not context.counter):
        out.append(FORCED_MARCH)
    if weapon.tearing:
        out.append(TEARING)
    if side.frenzied:
        out.append(FRENZIED_ATTACK[kind])
    out += talents.attack_terms(attacker, kind, context)
    if kind == "ranged":  # (the common melee case spared the call: numbers are built often)
        out += specialists.pathfinder_terms(attacker, kind, context, rules)
    if not weapon.trained and rules.untrained_order == "total":
        whole = total(out)
        out.append(
            term("HMC-COMBAT-04", "untrained (halves the total)", halve(whole, rules) - whole)
        )
    return tuple(out)


@lru_cache(maxsize=TERMS_CACHE)
def rating_terms(
    attacker: Horde, weapon: Weapon, kind: Kind, rules: HordeRules
) -> tuple[Term, ...]:
    """The rating the attack uses (HMC-ATTACK-01), halved first by an untrained horde under
    the ``base`` reading (HMC-COMBAT-04, HMC-GAP-13); worked out once per horde and weapon."""
    base = attack_rating(attacker, kind)
    rating = term(RATING_RULE[kind], RATING_NAME[kind], base)
    if not weapon.trained and rules.scale == "P" and rules.untrained_order == "base":
        return (rating, term("HMC-COMBAT-04", "untrained", halve(base, rules) - base))
    return (rating,)


def _counter_terms(context: AttackContext) -> list[Term]:
    """Counter-attack -2, none when braced (HMC-COUNTER-02, HMC-ORDERS-05); a further -2 under
    Get Down! (HMC-ORDERS-06)."""
    if not context.counter:
        return []
    out = [BRACED_COUNTER_ATTACK if context.braced else COUNTER_ATTACK]
    if context.attacker.get_down:
        out.append(GET_DOWN_COUNTER_ATTACK)
    return out


def outnumbering(
    defender: Horde, attacker: Horde, kind: Kind, side: Side, rules: HordeRules
) -> int:
    """By how much ``defender`` is outnumbered in close combat, as a whole ratio (2 for 2-1),
    0 when it is in no close combat (HMC-DEFENSE-04, HMC-GAP-14).

    The enemies are the hordes of ``side.engaged_with`` and, for a melee attack, the
    attacker. Under the ``magnitude`` reading their total Magnitude is divided by the
    defender's, rounded down; under ``hordes`` they are counted.
    """
    enemies = side.engaged_with
    if kind == "melee":
        enemies = (*enemies, attacker.magnitude)
    return outnumbered_ratio(defender, enemies, rules)


@lru_cache(maxsize=TERMS_CACHE)
def defense_rating(defender: Horde, rules: HordeRules) -> Term:
    """The Defense rating (HMC-STAT-01), worked out once per horde."""
    return term("HMC-STAT-01", "Defense", defense(defender, rules))


def armour_term(defender: Horde, weapon: Weapon) -> Term | None:
    """The Armour Bonus (+2, HMC-DEFENSE-02) or the Armour Penalty (-2, HMC-DEFENSE-06), never
    both (HMC-DEFENSE-07), or ``None``."""
    ap, pen = defender.ap, weapon.penetration
    if ap >= pen + 4:
        return ARMOUR_BONUS
    if ap == 0 or pen >= 2 * ap:
        return ARMOUR_PENALTY
    return None


def defence_terms(
    defender: Horde,
    attacker: Horde,
    weapon: Weapon,
    kind: Kind,
    context: AttackContext,
    rules: HordeRules,
) -> tuple[Term, ...]:
    """The defence total of this attack before the die and the Attack Quality, term by term
    (see the module docstring)."""
    side = context.defender
    rating = defense_rating(defender, rules)
    if rules.scale == "E":
        return (rating,)
    out: list[Term] = []
    if side.cover:  # (the common open-ground case spared the call)
        out += specialists.cover_terms(defender, side, rules)
    armour = armour_term(defender, weapon)
    if armour is not None:
        out.append(armour)
    if side.in_cqc and kind == "ranged":
        out.append(IN_CQC_AGAINST_RANGED)
    ratio = outnumbering(defender, attacker, kind, side, rules)
    if ratio >= 2:
        out.append(term("HMC-DEFENSE-04", f"outnumbered {ratio}-1", 1 - ratio))
    if side.attacks_received:
        out.append(term("HMC-DEFENSE-05", "attacks received", -side.attacks_received))
    if side.forced_march:
        out.append(FORCED_MARCH)
    if side.frenzied:
        out.append(FRENZIED_DEFENCE)
    if side.fleeing:
        return _fleeing(out, rules)
    return (rating, *out)


def _fleeing(terms: list[Term], rules: HordeRules) -> tuple[Term, ...]:
    """A fleeing horde's Defense is zero (HMC-MORALE-09, HMC-GAP-17)."""
    if rules.fleeing_defense == "all":
        return (FLEEING_DEFENSE,)
    return (FLEEING_DEFENSE, *(t for t in terms if t.value < 0))


__all__ = [
    "armour_term",
    "attack_terms",
    "defence_terms",
    "defense_rating",
    "halve",
    "outnumbering",
    "rating_terms",
]
