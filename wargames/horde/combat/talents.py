"""The combat effects of horde talents and of attacking from stealth (HMC-TALENT-01 to -12).

Attack and damage effects, read by :mod:`wargames.horde.combat.modifiers` and
:mod:`wargames.horde.combat.damage`:

* an attack from stealth (Ambushers) gains +2 Attack and +2 damage (HMC-TALENT-04); whether a
  horde is in stealth is a flag of the context
  (:attr:`~wargames.horde.combat.context.Side.stealthed`): entering stealth, discovery by Awareness
  tests and moving are the battle game's (HMC-TALENT-01 to -03, HMC-GAP-20);
* Assault Shooters: +2 Melee Attack and +2 melee damage while the horde carries a pistol
  (HMC-TALENT-06);
* Fire Drill: +1 Ranged Attack and "+2 Magnitude" for ranged damage (HMC-TALENT-11);
* Swift Attack: +1 Melee Attack and "+2 Magnitude" for melee damage (HMC-TALENT-12).
  "+2 Magnitude" is read as +2 to the Magnitude-tens damage term (HMC-GAP-11; see
  :func:`wargames.horde.combat.damage.magnitude_term`).

Morale-related effects are predicates the battle game's morale procedure uses:
:func:`stealth_forces_morale_test` (HMC-TALENT-05: damage above 20% of the target's Magnitude
*before* the attack), :func:`is_fearless` (HMC-TALENT-10, HMC-MORALE-05),
:func:`may_test_below_quarter` (Disciplined, HMC-TALENT-08) and :func:`frenzies_on_failure`
(Blood-Soaked Tide, HMC-TALENT-07).
"""

from __future__ import annotations

from wargames.horde.combat.context import AttackContext
from wargames.horde.combat.profiles import (
    ASSAULT_SHOOTERS,
    BLOOD_SOAKED_TIDE,
    DISCIPLINED,
    FEARLESS,
    FIRE_DRILL,
    INTO_THE_JAWS_OF_HELL,
    SWIFT_ATTACK,
    Horde,
)
from wargames.horde.combat.terms import Term
from wargames.horde.combat.weapons import Kind

STEALTH_BONUS = 2
"""Attack and damage bonus of an attack from stealth (HMC-TALENT-04)."""

FROM_STEALTH = Term("HMC-TALENT-04", "attack from stealth", STEALTH_BONUS)
ASSAULT_SHOOTERS_BONUS = Term("HMC-TALENT-06", "Assault Shooters", 2)
FIRE_DRILL_ATTACK = Term("HMC-TALENT-11", "Fire Drill", 1)
SWIFT_ATTACK_ATTACK = Term("HMC-TALENT-12", "Swift Attack", 1)
FIRE_DRILL_MAGNITUDE = Term("HMC-TALENT-11", "Fire Drill", 2)
SWIFT_ATTACK_MAGNITUDE = Term("HMC-TALENT-12", "Swift Attack", 2)


def attack_terms(horde: Horde, kind: Kind, context: AttackContext) -> list[Term]:
    """The talents' and stealth's modifiers to the Horde Attack."""
    out: list[Term] = []
    if context.attacker.stealthed:
        out.append(FROM_STEALTH)
    if kind == "melee" and horde.has(ASSAULT_SHOOTERS) and horde.has_pistol:
        out.append(ASSAULT_SHOOTERS_BONUS)
    if kind == "ranged" and horde.has(FIRE_DRILL):
        out.append(FIRE_DRILL_ATTACK)
    if kind == "melee" and horde.has(SWIFT_ATTACK):
        out.append(SWIFT_ATTACK_ATTACK)
    return out


def damage_terms(horde: Horde, kind: Kind, from_stealth: bool) -> list[Term]:
    """The talents' and stealth's flat damage bonuses (not the Magnitude bonuses);
    ``from_stealth``: the attack is made from stealth."""
    out: list[Term] = []
    if from_stealth:
        out.append(FROM_STEALTH)
    if kind == "melee" and horde.has(ASSAULT_SHOOTERS) and horde.has_pistol:
        out.append(ASSAULT_SHOOTERS_BONUS)
    return out


def magnitude_bonus_terms(horde: Horde, kind: Kind) -> list[Term]:
    """The talents' "+2 Magnitude for damage" (HMC-TALENT-11, -12)."""
    if kind == "ranged" and horde.has(FIRE_DRILL):
        return [FIRE_DRILL_MAGNITUDE]
    if kind == "melee" and horde.has(SWIFT_ATTACK):
        return [SWIFT_ATTACK_MAGNITUDE]
    return []


def stealth_forces_morale_test(damage: int, magnitude_before: int) -> bool:
    """Whether an attack from stealth that took ``damage`` Magnitude forces a morale test:
    more than 20% of the target's Magnitude before the attack (HMC-TALENT-05)."""
    return 5 * damage > magnitude_before


def is_fearless(horde: Horde) -> bool:
    """Fearless, or led by an Officer with Into the Jaws of Hell (HMC-TALENT-10,
    HMC-MORALE-05): it never suffers morale failures."""
    if horde.has(FEARLESS):
        return True
    return any(INTO_THE_JAWS_OF_HELL in o.talents for o in horde.officers)


def strength(horde: Horde) -> float:
    """Strength: current Magnitude as a fraction of the starting Magnitude (HMC-GAP-10)."""
    return horde.magnitude / horde.starting_magnitude if horde.starting_magnitude else 0.0


def may_test_below_quarter(horde: Horde) -> bool:
    """A Disciplined horde below 25% Strength may take a morale test (HMC-TALENT-08, HMC-GAP-10:
    Strength is against the starting Magnitude)."""
    return horde.has(DISCIPLINED) and 4 * horde.magnitude < horde.starting_magnitude


def frenzies_on_failure(horde: Horde) -> bool:
    """A Blood-Soaked Tide horde turns frenzied when it suffers a morale failure
    (HMC-TALENT-07)."""
    return horde.has(BLOOD_SOAKED_TIDE)


__all__ = [
    "STEALTH_BONUS",
    "attack_terms",
    "damage_terms",
    "frenzies_on_failure",
    "is_fearless",
    "magnitude_bonus_terms",
    "may_test_below_quarter",
    "stealth_forces_morale_test",
    "strength",
]
