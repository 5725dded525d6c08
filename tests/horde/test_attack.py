"""Attack resolution: attack roll, Attack Quality, defence roll, full or partial damage
(HMC-ATTACK), with the examples under both presets, and the checks that refuse illegal
attacks."""

from __future__ import annotations

import pytest
from horde.hmc import BOTH, build, weapon

from wargames.core.engine import Match
from wargames.core.errors import RuleViolation
from wargames.horde.combat.attack import (
    attack_level,
    attack_numbers,
    attack_quality,
    choose_weapon,
    defence_result,
    hit_of,
)
from wargames.horde.combat.context import AttackContext, Side
from wargames.horde.combat.data import horde
from wargames.horde.combat.engagement import EngagementState, new_engagement
from wargames.horde.combat.rules import HordeRules


@pytest.mark.rule("HMC-ATTACK-01")
def test_melee_uses_melee_attack_and_ranged_uses_ranged_attack() -> None:
    h = build(ws=50, s=40, bs=20, per=20)  # Melee 7, Ranged 3
    target = build("target")
    assert attack_numbers(h, target, "melee").attack == 7
    assert attack_numbers(h, target, "ranged").attack == 3
    assert attack_numbers(h, target, "melee").weapon.kind == "melee"
    assert attack_numbers(h, target, "ranged").weapon.kind == "ranged"


@pytest.mark.rule("HMC-ATTACK-01")
def test_the_weapon_is_the_named_one_or_the_first_of_its_kind() -> None:
    h = build(weapons=(weapon("Axe"), weapon("Sword", damage="1d10+2"), weapon("Gun", "basic")))
    assert choose_weapon(h, "melee").name == "Axe"
    assert choose_weapon(h, "melee", "sword").name == "Sword"
    ctx = AttackContext(weapon="Sword")
    assert attack_numbers(h, build("t"), "melee", ctx).weapon.name == "Sword"
    with pytest.raises(RuleViolation, match="no melee weapon 'Gun'") as info:
        choose_weapon(h, "melee", "Gun")
    assert info.value.rule == "HMC-ATTACK-01"
    unarmed = build(weapons=(weapon("Gun", "basic"),))
    with pytest.raises(RuleViolation, match="has no melee weapon"):
        attack_numbers(unarmed, build("t"), "melee")


@pytest.mark.rule("HMC-ATTACK-02", "HMC-ATTACK-03")
@pytest.mark.parametrize(("die", "attack", "level"), [(7, 6, 3), (1, 6, -3), (10, 8, 8), (4, 6, 0)])
def test_attack_level_and_quality(die: int, attack: int, level: int) -> None:
    assert attack_level(die, attack) == die + attack - 10 == level
    assert attack_quality(die, attack) == -level


@pytest.mark.rule("HMC-ATTACK-04", "HMC-ATTACK-05")
def test_defence_result_decides_partial_or_full_damage() -> None:
    assert defence_result(5, 9, -3) == 1
    assert hit_of(0) == "partial" and hit_of(5) == "partial"
    assert hit_of(-1) == "full" and hit_of(-7) == "full"
    numbers = attack_numbers(build(bs=40, per=40), build("t", t=30, ag=30, ap=3), "ranged")
    # Attack 6 against Defense 6: full damage exactly when attack die + 6 > defence die + 6
    for a in range(1, 11):
        for d in range(1, 11):
            expected = "full" if a > d else "partial"
            assert numbers.hit(a, d) == expected
            assert numbers.result(a, d) == defence_result(d, 6, attack_quality(a, 6))


@pytest.mark.rule("HMC-ATTACK-06")
def test_an_attack_never_misses_but_damage_may_be_zero() -> None:
    """Even the worst attack die against the best defence die gives partial damage."""
    weak = build(ws=10, s=10, weapons=(weapon("Fist", damage="1d5"),))
    tough = build("wall", t=90, ag=90, ap=20)
    numbers = attack_numbers(weak, tough, "melee")
    assert numbers.hit(1, 10) == "partial"
    assert numbers.partial.damage(5) == 0
    state = Match(new_engagement(weak, tough, "melee"), seed=0).force_dice(1, 10, 3).advance()
    assert isinstance(state, EngagementState)
    assert state.strikes[0].hit == "partial" and state.strikes[0].damage == 0


@BOTH
@pytest.mark.rule("HMC-ATTACK-07-EX")
def test_stormtroopers_attack_quality_example(rules: HordeRules) -> None:
    """Ranged Attack 6 and a die of 7: attack level 3, Attack Quality -3."""
    numbers = attack_numbers(horde("stormtroopers"), horde("iron-guard-mk1"), "ranged", rules=rules)
    assert numbers.attack == 6
    assert attack_level(7, numbers.attack) == 3
    assert numbers.quality(7) == -3


@BOTH
@pytest.mark.rule("HMC-ATTACK-08-EX", "HMC-GAP-05")
def test_iron_guard_defence_example(rules: HordeRules) -> None:
    """Defense 9 against AQ -3 with a die of 9: 9 + 9 - 3 - 10 = 5, partial damage (the
    source's "half damage" is partial damage, HMC-GAP-05)."""
    troopers, guard = horde("stormtroopers"), horde("iron-guard-mk1")
    numbers = attack_numbers(troopers, guard, "ranged", rules=rules)
    assert numbers.result(7, 9) == 5
    assert numbers.hit(7, 9) == "partial"
    match = Match(new_engagement(troopers, guard, "ranged", rules=rules), seed=0)
    final = match.force_dice(7, 9, 3).advance()
    assert isinstance(final, EngagementState)
    strike = final.strikes[0]
    assert (strike.attack_die, strike.defence_die, strike.hit) == (7, 9, "partial")
    assert numbers.partial.sides == 5


@pytest.mark.rule("HMC-COMBAT-05")
def test_a_horde_in_cqc_cannot_shoot() -> None:
    ctx = AttackContext(attacker=Side(in_cqc=True))
    with pytest.raises(RuleViolation) as info:
        attack_numbers(build(), build("t"), "ranged", ctx)
    assert info.value.rule == "HMC-COMBAT-05"
    assert attack_numbers(build(), build("t"), "melee", ctx).kind == "melee"


@pytest.mark.rule("HMC-TALENT-02")
def test_a_stealthed_horde_cannot_be_attacked() -> None:
    ctx = AttackContext(defender=Side(stealthed=True))
    for kind in ("melee", "ranged"):
        with pytest.raises(RuleViolation) as info:
            attack_numbers(build(), build("t"), kind, ctx)
        assert info.value.rule == "HMC-TALENT-02"


@pytest.mark.rule("HMC-DAMAGE-15")
def test_a_destroyed_horde_neither_attacks_nor_is_attacked() -> None:
    for attacker, defender in (
        (build(magnitude=0, starting=40), build("t")),
        (build(), build("t", magnitude=0, starting=40)),
    ):
        with pytest.raises(RuleViolation) as info:
            attack_numbers(attacker, defender, "melee")
        assert info.value.rule == "HMC-DAMAGE-15"


def test_inconsistent_contexts_are_refused() -> None:
    with pytest.raises(RuleViolation) as info:
        attack_numbers(build(), build("t"), "ranged", AttackContext(counter=True))
    assert info.value.rule == "HMC-COUNTER-03"
    with pytest.raises(RuleViolation) as info:
        attack_numbers(build(), build("t"), "ranged", AttackContext(charge=True))
    assert info.value.rule == "HMC-COMBAT-02"
    with pytest.raises(ValueError, match="unknown attack kind"):
        new_engagement(build(), build("t"), "psychic")  # type: ignore[arg-type]
