"""Attack resolution: the attack roll, the Attack Quality, the defence roll and the kind of hit
(HMC-ATTACK-01 to -06), and every number of one attack gathered in :class:`AttackNumbers`.

1. The attacker rolls 1d10; the attack level is die + Attack - 10 (HMC-ATTACK-02), and the
   Attack Quality is its negative, AQ = 10 - die - Attack (HMC-ATTACK-03).
2. The defender rolls 1d10: die + Defense + AQ - 10, with the defence modifiers
   (HMC-ATTACK-04). A result of 0 or more gives partial damage, -1 or less full damage
   (HMC-ATTACK-05): an attack never simply misses (HMC-ATTACK-06). Equivalently, full damage
   happens exactly when the attacker's die + Attack beats the defender's die + Defense.
3. Damage (:mod:`wargames.horde.combat.damage`).

Against a fleeing horde the attack d10 counts as 10 (HMC-MORALE-10, HMC-GAP-18; with the
``attack-and-damage`` reading the damage die is maximised too).

:func:`attack_numbers` computes everything that does not depend on the dice, once per
attacker, defender, kind, context and rules (cached by value): the engine
(:mod:`wargames.horde.combat.engagement`) and the odds (:mod:`wargames.horde.combat.odds`) both read
it, so they cannot disagree.

>>> attack_quality(7, 6), defence_result(9, 9, -3), hit_of(defence_result(9, 9, -3))
(-3, 5, 'partial')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

import attrs

from wargames.core.caches import PER_PROFILE
from wargames.core.errors import RuleViolation
from wargames.horde.combat.context import AttackContext
from wargames.horde.combat.damage import (
    FULL,
    PARTIAL,
    DamageFormula,
    Hit,
    full_damage,
    magnitude_loss,
    partial_damage,
)
from wargames.horde.combat.modifiers import attack_terms, defence_terms
from wargames.horde.combat.profiles import Horde
from wargames.horde.combat.rules import DEFAULT, HordeRules
from wargames.horde.combat.specialists import has_medic
from wargames.horde.combat.terms import Term, describe, total
from wargames.horde.combat.weapons import Kind, Weapon

Tearing = Literal["none", "reroll", "best-of-two"]

_CONTEXT = AttackContext()


def attack_level(die: int, attack: int) -> int:
    """die + Attack - 10 (HMC-ATTACK-02)."""
    return die + attack - 10


def attack_quality(die: int, attack: int) -> int:
    """The attack level with its sign reversed: 10 - die - Attack (HMC-ATTACK-03)."""
    return -attack_level(die, attack)


def defence_result(die: int, defence: int, quality: int) -> int:
    """die + Defense (with modifiers) + AQ - 10 (HMC-ATTACK-04)."""
    return die + defence + quality - 10


def hit_of(result: int) -> Hit:
    """Partial damage for a defence result of 0 or more, full damage for -1 or less
    (HMC-ATTACK-05)."""
    return PARTIAL if result >= 0 else FULL


def choose_weapon(horde: Horde, kind: Kind, name: str | None = None) -> Weapon:
    """The weapon of a ``kind`` attack: the one named, else the horde's first of that kind."""
    usable = horde.weapons_of(kind)
    if name is not None:
        weapon = weapon_named(usable, name)
        if weapon is not None:
            return weapon
        have = ", ".join(w.name for w in usable) or "none"
        raise RuleViolation(
            "HMC-ATTACK-01", f"{horde.name} has no {kind} weapon {name!r} (its {kind}: {have})"
        )
    if not usable:
        raise RuleViolation("HMC-ATTACK-01", f"{horde.name} has no {kind} weapon")
    return usable[0]


@lru_cache(maxsize=PER_PROFILE)
def weapon_named(weapons: tuple[Weapon, ...], name: str) -> Weapon | None:
    """The first of ``weapons`` called ``name`` (in any case), if any."""
    wanted = name.lower()
    return next((w for w in weapons if w.name.lower() == wanted), None)


def check_attack(attacker: Horde, defender: Horde, kind: Kind, context: AttackContext) -> None:
    """Raise :class:`RuleViolation` if the rules forbid this attack."""
    if attacker.destroyed or defender.destroyed:
        who = attacker if attacker.destroyed else defender
        raise RuleViolation("HMC-DAMAGE-15", f"{who.name} is destroyed")
    if kind == "ranged" and context.counter:
        raise RuleViolation("HMC-COUNTER-03", "a counter-attack is a melee attack")
    if kind == "ranged" and context.charge:
        raise RuleViolation("HMC-COMBAT-02", "a charge is a melee attack")
    if kind == "ranged" and context.attacker.in_cqc:
        raise RuleViolation("HMC-COMBAT-05", f"{attacker.name} is tied up in CQC and cannot shoot")
    if context.defender.stealthed:
        raise RuleViolation(
            "HMC-TALENT-02", f"{defender.name} is in stealth and cannot be attacked"
        )
    if context.counter and not context.attacker.may_counter:
        raise RuleViolation(
            "HMC-COUNTER-01", f"{attacker.name} is fleeing or confused and cannot counter-attack"
        )


@attrs.frozen(cache_hash=True)
class AttackNumbers:
    """Every number of one attack that does not depend on the dice."""

    attacker: Horde
    defender: Horde
    kind: Kind
    weapon: Weapon
    attack_terms: tuple[Term, ...]
    defence_terms: tuple[Term, ...]
    fixed_attack_die: int | None
    """10 when the attack die is maximised (a fleeing target, HMC-MORALE-10), else ``None``."""
    max_damage_die: bool
    """The damage die is maximised too (HMC-GAP-18 ``attack-and-damage`` reading)."""
    full: DamageFormula
    partial: DamageFormula
    tearing: Tearing
    """How the damage die may be rerolled (HMC-WEAPON-05, HMC-GAP-19)."""
    rules: HordeRules

    @property
    def attack(self) -> int:
        """The Horde Attack with its modifiers."""
        return total(self.attack_terms)

    @property
    def defence(self) -> int:
        """The Defense with the defence modifiers."""
        return total(self.defence_terms)

    def quality(self, attack_die: int) -> int:
        """The Attack Quality of a roll (HMC-ATTACK-03)."""
        return attack_quality(attack_die, self.attack)

    def result(self, attack_die: int, defence_die: int) -> int:
        """The defence result (HMC-ATTACK-04)."""
        return defence_result(defence_die, self.defence, self.quality(attack_die))

    def hit(self, attack_die: int, defence_die: int) -> Hit:
        """Full or partial damage for these dice (HMC-ATTACK-05)."""
        return hit_of(self.result(attack_die, defence_die))

    def formula(self, hit: Hit) -> DamageFormula:
        return self.full if hit == FULL else self.partial

    def loss(self, damage: int) -> int:
        """The Magnitude the defender loses to ``damage``."""
        return magnitude_loss(damage, self.defender, self.rules)

    def losses(self, hit: Hit) -> tuple[int, ...]:
        """The Magnitude lost for each face of the damage die of a ``hit`` (1 first)."""
        return self.formula_losses(self.formula(hit))

    def formula_losses(self, formula: DamageFormula) -> tuple[int, ...]:
        """The Magnitude lost for each face of the damage die of ``formula`` (1 first)."""
        offset = total(formula.added) - total(formula.subtracted)
        low, high = 1 + offset, formula.sides + offset  # the damage of faces 1 and sides
        defender, rules = self.defender, self.rules
        if rules.scale == "P" and has_medic(defender):
            return tuple([magnitude_loss(max(0, d), defender, rules) for d in range(low, high + 1)])
        # magnitude_loss without a Medic: the damage within 0 and the Magnitude, face by face
        cap = defender.magnitude
        if cap <= 0:
            return (0,) * (high - low + 1)
        zeros = max(0, min(high, 0) - low + 1)
        capped = max(0, high - max(low, cap) + 1)
        return (0,) * zeros + tuple(range(max(low, 1), min(high, cap - 1) + 1)) + (cap,) * capped

    def describe(self) -> str:
        """The attack and defence totals, term by term."""
        return (
            f"Attack {self.attack} ({describe(self.attack_terms)}); "
            f"Defense {self.defence} ({describe(self.defence_terms)})"
        )


@lru_cache(maxsize=1024)  # 1 % hits in random play at any size; 860 bytes an entry
def attack_numbers(
    attacker: Horde,
    defender: Horde,
    kind: Kind,
    context: AttackContext = _CONTEXT,
    rules: HordeRules = DEFAULT,
) -> AttackNumbers:
    """The numbers of ``attacker``'s ``kind`` attack on ``defender`` in ``context``.

    Raises :class:`RuleViolation` if the attack is not allowed (:func:`check_attack`) or the
    attacker has no such weapon (:func:`choose_weapon`).
    """
    check_attack(attacker, defender, kind, context)
    weapon = choose_weapon(attacker, kind, context.weapon)
    fleeing = rules.scale == "P" and context.defender.fleeing
    tearing: Tearing = "none"
    if weapon.tearing and rules.scale == "P":
        tearing = rules.tearing
    return AttackNumbers(
        attacker=attacker,
        defender=defender,
        kind=kind,
        weapon=weapon,
        attack_terms=attack_terms(attacker, weapon, kind, context, rules),
        defence_terms=defence_terms(defender, attacker, weapon, kind, context, rules),
        fixed_attack_die=10 if fleeing else None,
        max_damage_die=fleeing and rules.fleeing_max_die == "attack-and-damage",
        full=full_damage(attacker, defender, weapon, kind, context, rules),
        partial=partial_damage(attacker, defender, weapon, kind, context, rules),
        tearing=tearing,
        rules=rules,
    )


__all__ = [
    "AttackNumbers",
    "Tearing",
    "attack_level",
    "attack_numbers",
    "attack_quality",
    "check_attack",
    "choose_weapon",
    "defence_result",
    "hit_of",
    "weapon_named",
]
