"""Weapon qualities (HMC-WEAPON), horde talents (HMC-TALENT) and specialists
(HMC-SPECIALIST): their effects on attack, defence, damage and Magnitude loss."""

from __future__ import annotations

import attrs
import pytest
from horde.hmc import build, specialist, weapon, with_rules

from wargames.core.engine import Match
from wargames.core.notation import Reroll
from wargames.horde.combat.attack import attack_numbers
from wargames.horde.combat.context import AttackContext, Side
from wargames.horde.combat.damage import full_damage, magnitude_loss, partial_damage
from wargames.horde.combat.data import horde
from wargames.horde.combat.engagement import EngagementState, TearingChoice, new_engagement
from wargames.horde.combat.profiles import (
    ENGINEER,
    MEDIC,
    PATHFINDER,
    WEAPON_SPECIALIST,
    Horde,
    Officer,
)
from wargames.horde.combat.specialists import ignores_difficult_terrain, medic_loss
from wargames.horde.combat.talents import (
    frenzies_on_failure,
    is_fearless,
    may_test_below_quarter,
    stealth_forces_morale_test,
)

PLAIN = AttackContext()
TARGET = build("target", ap=0, t=0)


def bonus(
    a: Horde, w: object, kind: str = "ranged", ctx: AttackContext = PLAIN, **rules: object
) -> int:
    return full_damage(a, TARGET, w, kind, ctx, with_rules(**rules)).bonus  # type: ignore[arg-type]


# -- weapon qualities ----------------------------------------------------------------------------


@pytest.mark.rule("HMC-WEAPON-01")
def test_accurate_adds_two_damage_and_two_penetration() -> None:
    plain = weapon("Las", "basic", "1d10+3", pen=1)
    accurate = weapon("Las", "basic", "1d10+3", pen=1, accurate=True)
    shooter = build(magnitude=10)
    assert bonus(shooter, accurate) == bonus(shooter, plain) + 2
    armoured = build("armoured", ap=5, t=0)
    assert full_damage(shooter, armoured, accurate, "ranged").soak == 5 - 3
    assert full_damage(shooter, armoured, plain, "ranged").soak == 5 - 1
    assert accurate.penetration == 3
    p_plain = partial_damage(shooter, TARGET, plain, "ranged")
    p_acc = partial_damage(shooter, TARGET, accurate, "ranged")
    assert p_acc.bonus == p_plain.bonus + 2


@pytest.mark.rule("HMC-WEAPON-02", "HMC-GAP-11")
def test_blast_adds_two_per_level_to_the_magnitude_term() -> None:
    shooter = build(magnitude=41)  # tens 5
    plain = weapon("Frag", "heavy", "1d10", rof="S/-/-")
    blast = weapon("Frag", "heavy", "1d10", rof="S/-/-", blast=3)
    assert bonus(shooter, plain) == 5
    assert bonus(shooter, blast) == 5 + 6
    # The literal reading: Magnitude 41 + 6 = 47, whose tens are still 5.
    assert bonus(shooter, blast, magnitude_bonus="literal") == 5
    assert bonus(build(magnitude=39), blast, magnitude_bonus="literal") == 5  # 45: 5 tens


@pytest.mark.rule("HMC-GAP-12")
def test_blast_in_partial_damage_is_halved_with_the_magnitude_term() -> None:
    shooter = build(magnitude=41)  # tens 5
    blast = weapon("Frag", "heavy", "1d10", rof="S/-/-", blast=3)
    halved = partial_damage(shooter, TARGET, blast, "ranged")
    assert halved.sides == 5
    assert halved.bonus == -(-(5 + 6) // 2)
    whole = partial_damage(
        shooter, TARGET, blast, "ranged", rules=with_rules(partial_magnitude_bonus="whole")
    )
    assert whole.bonus == 3 + 6


@pytest.mark.rule("HMC-WEAPON-03")
def test_blast_rolls_a_single_die_with_nothing_for_the_others() -> None:
    shooter = build(magnitude=10, s=40)
    blast = weapon("Bomb", "melee", "3d10+2", blast=1)
    formula = full_damage(shooter, TARGET, blast, "melee")
    assert formula.sides == 10
    assert formula.bonus == 2 + (1 + 2) + 4  # no +2 per extra die in melee either


@pytest.mark.rule("HMC-WEAPON-04")
def test_only_blast_twenty_or_more_hits_several_hordes() -> None:
    assert not weapon(blast=19).hits_several_hordes
    assert weapon(blast=20).hits_several_hordes
    assert not weapon().hits_several_hordes


@pytest.mark.rule("HMC-WEAPON-06")
def test_tearing_adds_one_to_attack_and_damage() -> None:
    axe = weapon("Axe", "melee", "1d10", tearing=True)
    a = build(weapons=(axe,))
    b = build(weapons=(weapon("Axe", "melee", "1d10"),))
    na, nb = attack_numbers(a, TARGET, "melee"), attack_numbers(b, TARGET, "melee")
    assert na.attack == nb.attack + 1
    assert na.full.bonus == nb.full.bonus + 1
    assert na.partial.bonus == nb.partial.bonus + 1


@pytest.mark.rule("HMC-WEAPON-05", "HMC-GAP-19")
def test_tearing_lets_the_attacker_reroll_the_damage_die_once() -> None:
    axe = weapon("Axe", "melee", "1d10", tearing=True)
    state = new_engagement(build(ws=90, weapons=(axe,)), build("t", magnitude=80), "melee")
    match = Match(state, seed=0).force_dice(10, 1, 2)
    s = match.advance()
    assert isinstance(s.top, TearingChoice)  # type: ignore[attr-defined]
    assert s.current_player == "attacker"
    assert s.legal_actions() == [Reroll(True), Reroll(False)]
    match.apply("reroll")
    s = match.force_dice(1).advance()
    assert isinstance(s, EngagementState)
    strike = s.strikes[0]
    assert (strike.first_die, strike.damage_die) == (2, 1)  # the new result stands, even lower
    assert s.current_player == "defender"  # no second reroll: on to the counter-attack


def test_tearing_under_the_best_of_two_reading() -> None:
    """HMC-GAP-19's alternative: two dice, the higher counts, no decision."""
    axe = weapon("Axe", "melee", "1d10", tearing=True)
    rules = with_rules(tearing="best-of-two")
    state = new_engagement(
        build(ws=90, weapons=(axe,)), build("t", magnitude=80), "melee", rules=rules
    )
    s = Match(state, seed=0).force_dice(10, 1, 7, 3).advance()
    assert isinstance(s, EngagementState)
    assert (s.strikes[0].first_die, s.strikes[0].damage_die) == (7, 7)


@pytest.mark.rule("HMC-MORALE-10", "HMC-GAP-18")
def test_attacks_on_a_fleeing_horde_maximise_the_attack_die() -> None:
    ctx = AttackContext(defender=Side(fleeing=True))
    a, d = build(), build("t", magnitude=80)
    numbers = attack_numbers(a, d, "melee", ctx)
    assert numbers.fixed_attack_die == 10 and not numbers.max_damage_die
    s = Match(new_engagement(a, d, "melee", ctx), seed=0).force_dice(1, 4).advance()
    assert isinstance(s, EngagementState)
    assert s.strikes[0].attack_die == 10  # the first forced die went to the defence roll
    assert s.strikes[0].defence_die == 1
    both = with_rules(fleeing_max_die="attack-and-damage")
    s = Match(new_engagement(a, d, "melee", ctx, both), seed=0).force_dice(3).advance()
    assert isinstance(s, EngagementState)
    strike = s.strikes[0]
    assert strike.damage_die == (10 if strike.hit == "full" else 5)


# -- talents -------------------------------------------------------------------------------------


@pytest.mark.rule("HMC-TALENT-04")
def test_an_attack_from_stealth_gains_two_attack_and_damage() -> None:
    ctx = AttackContext(attacker=Side(stealthed=True))
    a = build()
    plain, hidden = attack_numbers(a, TARGET, "ranged"), attack_numbers(a, TARGET, "ranged", ctx)
    assert hidden.attack == plain.attack + 2
    assert hidden.full.bonus == plain.full.bonus + 2
    assert hidden.partial.bonus == plain.partial.bonus + 2


@pytest.mark.rule("HMC-TALENT-03")
def test_attacking_ends_stealth_so_the_target_can_counter_attack() -> None:
    ctx = AttackContext(attacker=Side(stealthed=True))
    assert not ctx.counter_context().defender.stealthed
    state = new_engagement(build(), build("t", magnitude=80), "melee", ctx)
    s = Match(state, seed=0).force_dice(5, 5, 1).advance()
    assert s.current_player == "defender"
    assert "counter" in [str(a) for a in s.legal_actions()]


@pytest.mark.rule("HMC-TALENT-05")
def test_a_stealth_attack_over_a_fifth_of_the_magnitude_forces_a_morale_test() -> None:
    assert not stealth_forces_morale_test(10, 50)
    assert stealth_forces_morale_test(11, 50)
    ambushers = build(ws=60, s=60, weapons=(weapon("Knife", "melee", "1d10+10"),))
    ctx = AttackContext(attacker=Side(stealthed=True))
    s = (
        Match(new_engagement(ambushers, build("t", magnitude=40), "melee", ctx), seed=0)
        .force_dice(10, 1, 10)
        .advance()
    )
    assert isinstance(s, EngagementState)
    assert s.strikes[0].loss is not None and s.strikes[0].loss > 8
    assert s.strikes[0].morale_test
    s = (
        Match(new_engagement(ambushers, build("t", magnitude=40), "melee"), seed=0)
        .force_dice(10, 1, 10)
        .advance()
    )
    assert isinstance(s, EngagementState)
    assert not s.strikes[0].morale_test  # not from stealth


@pytest.mark.rule("HMC-TALENT-06")
def test_assault_shooters_with_a_pistol_gain_two_melee_attack_and_damage() -> None:
    pistol = weapon("Pistol", "pistol", "1d10+2", rof="S/2/-")
    blade = weapon("Blade", "melee", "1d10")
    with_pistol = build(talents=("Assault Shooters",), weapons=(blade, pistol))
    without = build(talents=("Assault Shooters",), weapons=(blade, weapon("Gun", "basic")))
    plain = build(weapons=(blade, pistol))
    base = attack_numbers(plain, TARGET, "melee")
    boosted = attack_numbers(with_pistol, TARGET, "melee")
    assert boosted.attack == base.attack + 2
    assert boosted.full.bonus == base.full.bonus + 2
    assert attack_numbers(without, TARGET, "melee").attack == base.attack
    assert (
        attack_numbers(with_pistol, TARGET, "ranged").attack
        == attack_numbers(plain, TARGET, "ranged").attack
    )


@pytest.mark.rule("HMC-TALENT-07")
def test_blood_soaked_tide_turns_frenzied_on_a_morale_failure() -> None:
    assert frenzies_on_failure(horde("cultist-rabble"))
    assert not frenzies_on_failure(horde("cultists"))


@pytest.mark.rule("HMC-TALENT-08", "HMC-GAP-10")
def test_disciplined_may_test_below_a_quarter_of_its_starting_magnitude() -> None:
    troopers = horde("stormtroopers")  # Disciplined, starting Magnitude 30
    assert not may_test_below_quarter(troopers.with_magnitude(8))  # 8 of 30 is not below 25%
    assert may_test_below_quarter(troopers.with_magnitude(7))
    assert not may_test_below_quarter(horde("cultists").with_magnitude(5))


@pytest.mark.rule("HMC-TALENT-10", "HMC-MORALE-05")
def test_fearless_hordes_and_officers_with_into_the_jaws_of_hell() -> None:
    assert is_fearless(horde("space-marines"))
    assert not is_fearless(horde("guard-infantry"))
    assert is_fearless(horde("guard-command"))  # its Commissar
    led = build(talents=())
    assert not is_fearless(led)
    jaws = attrs.evolve(led, officers=(Officer("Commissar", 12, ("Into the Jaws of Hell",)),))
    assert is_fearless(jaws)
    iron = attrs.evolve(led, officers=(Officer("Lieutenant", 12, ("Iron Discipline",)),))
    assert not is_fearless(iron)


@pytest.mark.rule("HMC-TALENT-11")
def test_fire_drill_adds_one_ranged_attack_and_two_magnitude_for_ranged_damage() -> None:
    drilled = build(magnitude=30, talents=("Fire Drill",))
    plain = build(magnitude=30)
    gun = drilled.weapons_of("ranged")[0]
    assert (
        attack_numbers(drilled, TARGET, "ranged").attack
        == attack_numbers(plain, TARGET, "ranged").attack + 1
    )
    assert bonus(drilled, gun) == bonus(plain, gun) + 2
    assert (
        attack_numbers(drilled, TARGET, "melee").attack
        == attack_numbers(plain, TARGET, "melee").attack
    )
    blade = drilled.weapons_of("melee")[0]
    assert bonus(drilled, blade, "melee") == bonus(plain, blade, "melee")


@pytest.mark.rule("HMC-TALENT-12")
def test_swift_attack_adds_one_melee_attack_and_two_magnitude_for_melee_damage() -> None:
    swift = build(magnitude=30, talents=("Swift Attack",))
    plain = build(magnitude=30)
    blade = swift.weapons_of("melee")[0]
    assert (
        attack_numbers(swift, TARGET, "melee").attack
        == attack_numbers(plain, TARGET, "melee").attack + 1
    )
    assert bonus(swift, blade, "melee") == bonus(plain, blade, "melee") + 2
    # The literal reading: Magnitude 30 + 2 = 32 has 4 tens (one more); 28 + 2 = 30 has 3.
    assert (
        bonus(swift, blade, "melee", magnitude_bonus="literal") == bonus(plain, blade, "melee") + 1
    )
    swift28, plain28 = swift.with_magnitude(28), plain.with_magnitude(28)
    assert bonus(swift28, blade, "melee", magnitude_bonus="literal") == bonus(
        plain28, blade, "melee"
    )
    gun = swift.weapons_of("ranged")[0]
    assert bonus(swift, gun) == bonus(plain, gun)


# -- specialists ---------------------------------------------------------------------------------


@pytest.mark.rule("HMC-SPECIALIST-05")
def test_an_engineer_crosses_difficult_terrain_at_full_speed() -> None:
    assert ignores_difficult_terrain(build(specialists=(specialist(ENGINEER),)))
    assert not ignores_difficult_terrain(build())
    assert not ignores_difficult_terrain(build(specialists=(specialist(ENGINEER, 0),)))


@pytest.mark.rule("HMC-SPECIALIST-07", "HMC-GAP-13")
@pytest.mark.parametrize(
    ("damage", "down", "up", "nearest"),
    [(10, 8, 9, 9), (20, 17, 17, 17), (7, 5, 6, 6), (1, 0, 1, 1), (0, 0, 0, 0)],
)
def test_a_medic_cuts_the_magnitude_lost_by_fifteen_percent(
    damage: int, down: int, up: int, nearest: int
) -> None:
    healed = build(magnitude=40, specialists=(specialist(MEDIC),))
    assert magnitude_loss(damage, healed) == down == medic_loss(damage, with_rules())
    assert medic_loss(damage, with_rules(medic_rounding="up")) == up
    assert medic_loss(damage, with_rules(medic_rounding="nearest")) == nearest
    assert magnitude_loss(damage, build(magnitude=40)) == damage
    assert magnitude_loss(damage, healed, with_rules(scale="E")) == damage


@pytest.mark.rule("HMC-SPECIALIST-09", "HMC-GAP-22")
def test_a_pathfinder_adds_two_to_his_hordes_ranged_attack() -> None:
    scouted = build(specialists=(specialist(PATHFINDER),))
    plain = build()
    assert (
        attack_numbers(scouted, TARGET, "ranged").attack
        == attack_numbers(plain, TARGET, "ranged").attack + 2
    )
    assert (
        attack_numbers(scouted, TARGET, "melee").attack
        == attack_numbers(plain, TARGET, "melee").attack
    )
    marked = with_rules(pathfinder="marked-target")
    ctx = AttackContext(defender=Side(marked=True))
    assert (
        attack_numbers(plain, TARGET, "ranged", ctx, marked).attack
        == attack_numbers(plain, TARGET, "ranged").attack + 2
    )
    assert (
        attack_numbers(scouted, TARGET, "ranged", PLAIN, marked).attack
        == attack_numbers(plain, TARGET, "ranged").attack
    )


@pytest.mark.rule("HMC-SPECIALIST-10", "HMC-GAP-24")
def test_a_weapon_specialist_lends_his_weapon_to_the_horde() -> None:
    team = horde("guard-heavy-weapons")
    names = [w.name for w in team.usable_weapons]
    assert "Missile Launcher (frag)" in names
    ctx = AttackContext(weapon="Missile Launcher (frag)")
    numbers = attack_numbers(team, horde("ork-boyz"), "ranged", ctx)
    assert numbers.weapon.blast == 3
    gunner = team.specialists[1]
    assert gunner.kind == WEAPON_SPECIALIST
    downed = attrs.evolve(team, specialists=(team.specialists[0], attrs.evolve(gunner, wounds=0)))
    assert "Missile Launcher (frag)" not in [w.name for w in downed.usable_weapons]
