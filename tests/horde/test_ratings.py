"""Horde ratings: Defense, Melee Attack, Ranged Attack (HMC-STAT), with the examples under both
presets."""

from __future__ import annotations

import pytest
from horde.hmc import BOTH, build, with_rules

from wargames.horde.combat.attack import attack_numbers
from wargames.horde.combat.data import horde
from wargames.horde.combat.profiles import Characteristics, Horde
from wargames.horde.combat.ratings import attack_rating, defense, melee_attack, ranged_attack
from wargames.horde.combat.rules import HordeRules


@pytest.mark.rule("HMC-STAT-01")
def test_defense_is_toughness_plus_agility_bonus() -> None:
    h = build(t=47, ag=52)
    assert defense(h) == 4 + 5
    assert defense(build(t=30, ag=30)) == 6


def test_defense_under_the_armour_reading_of_ab() -> None:
    """HMC-GAP-02's alternative: AB is the armour (AP)."""
    h = build(t=40, ag=30, ap=6)
    assert defense(h, with_rules(defense_ab="armour")) == 4 + 6


@pytest.mark.rule("HMC-STAT-03")
@pytest.mark.parametrize(
    ("ws", "s", "expected"), [(40, 70, 8), (30, 30, 5), (30, 40, 5), (45, 9, 4), (45, 19, 5)]
)
def test_melee_attack_is_wsb_plus_half_sb_rounded_up(ws: int, s: int, expected: int) -> None:
    assert melee_attack(build(ws=ws, s=s)) == expected


@pytest.mark.rule("HMC-STAT-05")
@pytest.mark.parametrize(
    ("bs", "per", "expected"), [(40, 40, 6), (30, 30, 5), (25, 50, 5), (9, 9, 0)]
)
def test_ranged_attack_is_bsb_plus_half_perb_rounded_up(bs: int, per: int, expected: int) -> None:
    assert ranged_attack(build(bs=bs, per=per)) == expected


def test_bonuses_add_unnatural_modifiers() -> None:
    h = Horde(
        "x",
        "x",
        Characteristics(40, 40, 40, 40, 40, 40, 40),
        10,
        10,
        0,
        build().weapons,
        unnatural=Characteristics(s=3, t=1),
    )
    assert (h.sb, h.tb, h.wsb) == (7, 5, 4)


@BOTH
@pytest.mark.rule("HMC-STAT-02-EX")
def test_iron_guard_defense_example(rules: HordeRules) -> None:
    """TB 5 + AB 4 = Defense 9, the rating the defence roll uses under either preset."""
    guard = horde("iron-guard-mk1")
    assert (guard.tb, guard.agb) == (5, 4)
    assert defense(guard, rules) == 9
    numbers = attack_numbers(horde("stormtroopers"), guard, "ranged", rules=rules)
    assert numbers.defence == 9


@BOTH
@pytest.mark.rule("HMC-STAT-04-EX")
def test_iron_guard_melee_attack_example(rules: HordeRules) -> None:
    """WSB 4 + half of SB 7 rounded up (4) = 8."""
    guard = horde("iron-guard-mk1")
    assert melee_attack(guard) == 4 + 4 == 8
    assert attack_numbers(guard, horde("cultists"), "melee", rules=rules).attack == 8


@BOTH
@pytest.mark.rule("HMC-STAT-06-EX")
def test_stormtrooper_ranged_attack_example(rules: HordeRules) -> None:
    """BSB 4 + half of PerB 4 (2) = 6."""
    troopers = horde("stormtroopers")
    assert ranged_attack(troopers) == 6
    assert attack_rating(troopers, "ranged") == 6
    assert attack_numbers(troopers, horde("iron-guard-mk1"), "ranged", rules=rules).attack == 6
