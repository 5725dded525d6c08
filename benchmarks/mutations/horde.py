"""Planted bugs for the horde mass-combat catalogue (HMC-*): its worked examples (-EX) so far;
the rest of the catalogue is the second half of issue 17 item 4. See :mod:`mutations` for the
fields."""

from __future__ import annotations

from mutations import Mutation as M

C = "wargames/horde/combat/"

MUTATIONS: list[M] = [
    M(
        "HMC-STAT-02-EX",
        C + "ratings.py",
        'second = horde.ap if rules.defense_ab == "armour" else horde.agb',
        'second = horde.agb if rules.defense_ab == "armour" else horde.ap',
        "the Defense's second term read the other way (armour and Agility Bonus swapped)",
    ),
    M(
        "HMC-STAT-04-EX",
        C + "ratings.py",
        "return horde.wsb + half_up(horde.sb)",
        "return horde.wsb + horde.sb // 2",
        "half SB rounded down in the Melee Attack",
    ),
    M(
        "HMC-STAT-06-EX",
        C + "ratings.py",
        "return horde.bsb + half_up(horde.perb)",
        "return horde.bsb + horde.perb",
        "the whole PerB added to the Ranged Attack",
    ),
    M(
        "HMC-ATTACK-07-EX",
        C + "attack.py",
        "return -attack_level(die, attack)",
        "return attack_level(die, attack)",
        "the Attack Quality's sign is not reversed",
    ),
    M(
        "HMC-ATTACK-08-EX",
        C + "attack.py",
        "return die + defence + quality - 10",
        "return die + defence - quality - 10",
        "the Attack Quality subtracted in the defence roll",
    ),
    M(
        "HMC-DAMAGE-16-EX",
        C + "damage.py",
        'rate = best if rules.rof_full_ranged == "whole" else half_up(best)',
        'rate = half_up(best) if rules.rof_full_ranged == "whole" else best',
        "the full ranged hit's rate-of-fire term read the other way (whole and half swapped)",
    ),
    M(
        "HMC-DAMAGE-17-EX",
        C + "damage.py",
        'added.append(term("HMC-DAMAGE-08", "SB", attacker.sb))',
        'added.append(term("HMC-DAMAGE-08", "SB", half_up(attacker.sb)))',
        "a full melee hit adds half SB",
    ),
    M(
        "HMC-DAMAGE-18-EX",
        C + "damage.py",
        'added.append(term("HMC-DAMAGE-12", "SB", attacker.sb))',
        'added.append(term("HMC-DAMAGE-12", "SB", half_up(attacker.sb)))',
        "a partial melee hit adds half SB",
    ),
]

SKIPPED: dict[str, str] = {}
