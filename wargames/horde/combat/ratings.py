"""A horde's three ratings, built from its characteristic bonuses (HMC-STAT-01 to -06).

* Defense = Toughness Bonus + Agility Bonus (HMC-STAT-01; "AB" read as Agility Bonus,
  HMC-GAP-02; :attr:`~wargames.horde.combat.rules.HordeRules.defense_ab` ``"armour"`` takes the
  armour points instead);
* Melee Attack = Weapon Skill Bonus + half the Strength Bonus, rounded up (HMC-STAT-03);
* Ranged Attack = Ballistic Skill Bonus + half the Perception Bonus, rounded up (HMC-STAT-05).

>>> from wargames.horde.combat.data import horde
>>> defense(horde("iron-guard-mk1")), melee_attack(horde("iron-guard-mk1"))
(9, 8)
>>> ranged_attack(horde("stormtroopers"))
6
"""

from __future__ import annotations

from wargames.horde.combat.profiles import Horde
from wargames.horde.combat.rules import DEFAULT, HordeRules
from wargames.horde.combat.weapons import Kind


def half_up(value: int) -> int:
    """Half of ``value``, rounded up (the source's rounding wherever it gives one)."""
    return -(-value // 2)


def defense(horde: Horde, rules: HordeRules = DEFAULT) -> int:
    """Defense = TB + AB (HMC-STAT-01, HMC-GAP-02)."""
    second = horde.ap if rules.defense_ab == "armour" else horde.agb
    return horde.tb + second


def melee_attack(horde: Horde) -> int:
    """Melee Attack = WSB + half SB rounded up (HMC-STAT-03)."""
    return horde.wsb + half_up(horde.sb)


def ranged_attack(horde: Horde) -> int:
    """Ranged Attack = BSB + half PerB rounded up (HMC-STAT-05)."""
    return horde.bsb + half_up(horde.perb)


def attack_rating(horde: Horde, kind: Kind) -> int:
    """The rating a ``kind`` attack uses (HMC-ATTACK-01), before modifiers."""
    return melee_attack(horde) if kind == "melee" else ranged_attack(horde)


__all__ = ["attack_rating", "defense", "half_up", "melee_attack", "ranged_attack"]
