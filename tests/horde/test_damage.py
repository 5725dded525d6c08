"""Damage (HMC-DAMAGE): full and partial, ranged and melee, Magnitude loss and destruction, the
three worked examples under the catalogue's readings and under the printed examples' preset,
and the readings of HMC-GAP-06, -07, -08, -34."""

from __future__ import annotations

import pytest
from horde.hmc import BOTH, build, weapon, with_rules

from wargames.core.engine import Match
from wargames.horde.combat.damage import (
    full_damage,
    magnitude_loss,
    magnitude_tens,
    partial_damage,
)
from wargames.horde.combat.data import horde
from wargames.horde.combat.engagement import EngagementState, new_engagement
from wargames.horde.combat.profiles import Horde
from wargames.horde.combat.rules import DEFAULT, PRINTED_EXAMPLES, HordeRules

BOLTER = weapon("Bolter", "basic", "1d10+6", pen=4, rof="S/2/-")


def target(ap: int = 6, t: int = 40, magnitude: int = 60) -> Horde:
    return build("target", ap=ap, t=t, magnitude=magnitude)


@pytest.mark.rule("HMC-DAMAGE-01")
def test_damage_is_taken_off_the_magnitude() -> None:
    h = build(magnitude=40)
    assert h.lose(7).magnitude == 33
    assert magnitude_loss(7, h) == 7


@pytest.mark.rule("HMC-DAMAGE-02")
def test_the_attackers_current_magnitude_counts() -> None:
    """A horde worn down to 45 of 60 adds 5 tens, not 6."""
    marines = horde("space-marines")
    sword = marines.weapons_of("melee")[0]
    fresh = full_damage(marines, horde("cultists"), sword, "melee")
    worn = full_damage(marines.with_magnitude(45), horde("cultists"), sword, "melee")
    assert fresh.bonus - worn.bonus == 6 - 5


@pytest.mark.rule("HMC-DAMAGE-03")
def test_full_ranged_damage_rolls_at_most_one_die_plus_the_fixed_bonus() -> None:
    shooter = build(magnitude=1)  # Magnitude term 1
    gun = weapon("Cannon", "heavy", "2d10+3", pen=0)
    formula = full_damage(shooter, target(ap=0, t=0), gun, "ranged")
    assert formula.sides == 10
    assert formula.bonus == 3 + 1  # nothing for the second d10
    assert formula.damage(7) == 7 + 3 + 1


@pytest.mark.rule("HMC-DAMAGE-04")
@pytest.mark.parametrize(
    ("magnitude", "tens"), [(80, 8), (45, 5), (41, 5), (10, 1), (1, 1), (0, 0)]
)
def test_full_ranged_damage_adds_the_tens_of_magnitude_rounded_up(
    magnitude: int, tens: int
) -> None:
    assert magnitude_tens(magnitude) == tens
    gun = weapon("Gun", "basic", "1d10", pen=0)
    formula = full_damage(build(magnitude=magnitude, starting=80), target(ap=0, t=0), gun, "ranged")
    assert formula.bonus == tens


@pytest.mark.rule("HMC-DAMAGE-05", "HMC-GAP-06")
@pytest.mark.parametrize(
    ("rof", "half", "whole"), [("S/2/-", 1, 2), ("S/3/10", 5, 10), ("S/-/-", 0, 0), ("-/-/5", 3, 5)]
)
def test_full_ranged_damage_adds_half_the_best_rate(rof: str, half: int, whole: int) -> None:
    gun = weapon("Gun", "basic", "1d10", pen=0, rof=rof)
    shooter = build(magnitude=10)
    written = full_damage(shooter, target(ap=0, t=0), gun, "ranged")
    printed = full_damage(shooter, target(ap=0, t=0), gun, "ranged", rules=PRINTED_EXAMPLES)
    assert written.bonus == 1 + half
    assert printed.bonus == 1 + whole


@pytest.mark.rule("HMC-DAMAGE-06")
@pytest.mark.parametrize(("ap", "pen", "armour"), [(6, 4, 2), (6, 8, 0), (0, 3, 0), (10, 0, 10)])
def test_full_ranged_damage_subtracts_armour_less_penetration_and_tb(
    ap: int, pen: int, armour: int
) -> None:
    gun = weapon("Gun", "basic", "1d10", pen=pen)
    formula = full_damage(build(magnitude=10), target(ap=ap, t=40), gun, "ranged")
    assert formula.soak == armour + 4


@pytest.mark.rule("HMC-DAMAGE-07")
@pytest.mark.parametrize(
    ("code", "sides", "extra"),
    [("1d10+3", 10, 3), ("2d10+3", 10, 5), ("3d10", 10, 4), ("3d5", 5, 4), ("1d5+2", 5, 2)],
)
def test_full_melee_damage_adds_two_per_extra_die(code: str, sides: int, extra: int) -> None:
    """One die of the code's type (HMC-GAP-34 for d5 codes), +2 per extra die, + the bonus."""
    blade = weapon("Blade", "melee", code)
    formula = full_damage(build(magnitude=1, s=0), target(ap=0, t=0), blade, "melee")
    assert formula.sides == sides
    assert formula.bonus == extra + 1  # + Magnitude tens 1, SB 0


@pytest.mark.rule("HMC-GAP-34")
def test_other_dice_in_ranged_and_partial_damage() -> None:
    """A 3d5 ranged weapon rolls one d5 with nothing for the lost dice; partial damage is 1d5."""
    sling = weapon("Sling", "thrown", "3d5+1")
    shooter = build(magnitude=1)
    full = full_damage(shooter, target(ap=0, t=0), sling, "ranged")
    assert (full.sides, full.bonus) == (5, 1 + 1)
    partial = partial_damage(shooter, target(ap=0, t=0), sling, "ranged")
    assert (partial.sides, partial.bonus) == (5, 1 + 1)


@pytest.mark.rule("HMC-DAMAGE-08", "HMC-DAMAGE-09")
def test_full_melee_damage_adds_tens_and_sb_less_armour_and_tb() -> None:
    blade = weapon("Blade", "melee", "1d10+2", pen=3)
    attacker = build(magnitude=33, s=45)  # tens 4, SB 4
    formula = full_damage(attacker, target(ap=5, t=30), blade, "melee")
    assert formula.bonus == 2 + 4 + 4
    assert formula.soak == (5 - 3) + 3
    assert formula.damage(6) == 6 + 10 - 5
    # SB counts in melee only (the same attacker shooting adds no SB) ...
    gun = weapon("Gun", "basic", "1d10+2", pen=3)
    assert full_damage(attacker, target(ap=5, t=30), gun, "ranged").bonus == 2 + 4
    # ... and Penetration above the AP leaves only the TB (the armour never goes below 0)
    piercing = weapon("Pick", "melee", "1d10+2", pen=8)
    assert full_damage(attacker, target(ap=5, t=30), piercing, "melee").soak == 0 + 3


@pytest.mark.rule("HMC-DAMAGE-10", "HMC-GAP-08")
def test_partial_damage_rolls_1d5_and_keeps_the_fixed_bonus() -> None:
    gun = weapon("Cannon", "heavy", "2d10+4", pen=0)
    shooter = build(magnitude=10)
    written = partial_damage(shooter, target(ap=0, t=0), gun, "ranged")
    dropped = partial_damage(shooter, target(ap=0, t=0), gun, "ranged", rules=PRINTED_EXAMPLES)
    assert written.sides == dropped.sides == 5
    assert written.bonus == 4 + 1  # fixed bonus, half of 1 ten rounded up; no bonus for dice
    assert dropped.bonus == 1
    blade = weapon("Blade", "melee", "3d10+1")
    melee = partial_damage(build(magnitude=1, s=0), target(ap=0, t=0), blade, "melee")
    assert melee.bonus == 1 + 1  # no +2 per extra die in partial damage


@pytest.mark.rule("HMC-DAMAGE-11")
@pytest.mark.parametrize(
    ("magnitude", "term"), [(80, 4), (72, 4), (70, 4), (45, 3), (61, 4), (10, 1), (5, 1)]
)
def test_partial_damage_adds_half_the_tens_rounded_up(magnitude: int, term: int) -> None:
    gun = weapon("Gun", "basic", "1d10", pen=0)
    formula = partial_damage(
        build(magnitude=magnitude, starting=80), target(ap=0, t=0), gun, "ranged"
    )
    assert formula.bonus == term == -(-magnitude // 20)


@pytest.mark.rule("HMC-DAMAGE-12")
def test_partial_damage_adds_sb_in_melee_or_half_the_rate_at_range() -> None:
    attacker = build(magnitude=1, s=50)
    blade = weapon("Blade", "melee", "1d10")
    gun = weapon("Gun", "basic", "1d10", rof="S/3/-")
    assert partial_damage(attacker, target(ap=0, t=0), blade, "melee").bonus == 1 + 5
    assert partial_damage(attacker, target(ap=0, t=0), gun, "ranged").bonus == 1 + 2
    auto = weapon("Auto", "basic", "1d10", rof="S/3/9")  # the higher rate, halved, rounded up
    assert partial_damage(attacker, target(ap=0, t=0), auto, "ranged").bonus == 1 + 5
    # the printed examples' whole rate is a reading of full damage only (HMC-GAP-06)
    twenty = build(magnitude=20)  # 2 tens, rounded up or truncated: a half-tens term of 1
    printed = partial_damage(twenty, target(ap=0, t=0), auto, "ranged", rules=PRINTED_EXAMPLES)
    assert printed.bonus == 1 + 5


@pytest.mark.rule("HMC-DAMAGE-13")
def test_partial_damage_subtracts_full_armour_and_tb() -> None:
    gun = weapon("Gun", "basic", "1d10", pen=9)
    formula = partial_damage(build(magnitude=10), target(ap=6, t=40), gun, "ranged")
    assert formula.soak == 6 + 4


@pytest.mark.rule("HMC-DAMAGE-14")
def test_negative_damage_counts_as_zero() -> None:
    gun = weapon("Gun", "basic", "1d10", pen=0)
    formula = partial_damage(build(magnitude=10), target(ap=10, t=50), gun, "ranged")
    assert formula.raw(5) == 5 + 1 - 10 - 5 < 0
    assert formula.damage(5) == 0
    assert formula.explain(1).endswith("counted as 0")
    # ... and the target loses no Magnitude (never gains any)
    shooter, wall = build(magnitude=10, weapons=(weapon(), gun)), target(ap=10, t=50)
    final = Match(new_engagement(shooter, wall, "ranged"), seed=0).force_dice(1, 10, 5).advance()
    assert isinstance(final, EngagementState)
    assert final.strikes[0].hit == "partial" and final.strikes[0].damage == 0
    assert final.defender.magnitude == 60


@pytest.mark.rule("HMC-DAMAGE-15", "HMC-GAP-10")
def test_magnitude_zero_is_destroyed_and_never_negative() -> None:
    h = build(magnitude=5)
    assert magnitude_loss(12, h) == 5
    gone = h.lose(12)
    assert gone.magnitude == 0 and gone.destroyed
    assert not h.lose(4).destroyed


# -- the worked examples -------------------------------------------------------------------------

RANGED_EX = {"catalogue": (14, 46), "printed-examples": (15, 45)}
MELEE_EX = {"catalogue": (10, 70), "printed-examples": (9, 71)}
COUNTER_EX = {"catalogue": (2, 43), "printed-examples": (0, 45)}


def preset(rules: HordeRules) -> str:
    return "catalogue" if rules == DEFAULT else "printed-examples"


@BOTH
@pytest.mark.rule("HMC-DAMAGE-16-EX", "HMC-GAP-06", "HMC-GAP-09")
def test_full_ranged_damage_example(rules: HordeRules) -> None:
    """Cultists (80) hit Marines (60) with bolters and roll 5: the written rule adds half the
    rate (1), 20 - 6 = 14, Marines at 46; the printed example adds the whole rate, 21 - 6 = 15,
    Marines at 45."""
    cultists, marines = horde("cultists"), horde("space-marines")
    bolter = cultists.weapons_of("ranged")[0]
    formula = full_damage(cultists, marines, bolter, "ranged", rules=rules)
    damage, left = RANGED_EX[preset(rules)]
    assert formula.damage(5) == damage
    assert formula.soak == 2 + 4
    # Through the engine: a full hit (attack die 10 against defence die 1), damage die 5.
    final = (
        Match(new_engagement(cultists, marines, "ranged", rules=rules), seed=0)
        .force_dice(10, 1, 5)
        .advance()
    )
    assert isinstance(final, EngagementState)
    assert final.strikes[0].hit == "full"
    assert final.defender.magnitude == left


@BOTH
@pytest.mark.rule("HMC-DAMAGE-17-EX", "HMC-GAP-07")
def test_full_melee_damage_example(rules: HordeRules) -> None:
    """Marines (45) hit Cultists (80) with chainswords and roll 5: tens rounded up (5) give
    17 - 7 = 10 and Cultists at 70. The printed 72 rests on truncated tens (4) *and* an
    addition slip (5 + 3 + 4 + 4 is 16, not the stated 15): the preset, which truncates and
    adds correctly, gives 16 - 7 = 9 and Cultists at 71."""
    marines, cultists = horde("space-marines").with_magnitude(45), horde("cultists")
    sword = marines.weapons_of("melee")[0]
    formula = full_damage(marines, cultists, sword, "melee", rules=rules)
    damage, left = MELEE_EX[preset(rules)]
    assert formula.raw(5) + formula.soak == damage + 7
    assert formula.damage(5) == damage
    final = (
        Match(new_engagement(marines, cultists, "melee", rules=rules), seed=0)
        .force_dice(10, 1, 5)
        .advance()
    )
    assert isinstance(final, EngagementState)
    assert final.defender.magnitude == left


def test_the_printed_melee_example_is_an_addition_slip() -> None:
    """The printed terms 5 + 3 + 4 + 4 sum to 16; the text says 15, hence its 8 and 72."""
    assert 5 + 3 + 4 + 4 == 16
    assert 80 - (15 - 4 - 3) == 72
    printed = full_damage(
        horde("space-marines").with_magnitude(45),
        horde("cultists"),
        horde("space-marines").weapons[0],
        "melee",
        rules=PRINTED_EXAMPLES,
    )
    assert printed.raw(5) + printed.soak == 16


@BOTH
@pytest.mark.rule("HMC-DAMAGE-18-EX", "HMC-GAP-08")
def test_partial_melee_counter_attack_example(rules: HordeRules) -> None:
    """Cultists (72) counter-attack Marines (45) with monokatanas, partial damage, 1d5 of 2:
    the written rule adds the +3, 12 - 10 = 2, Marines at 43; the printed example drops it,
    9 - 10 = -1, counted 0: the Marines are unharmed. The half-tens term is 4 at 72, 71 or
    70."""
    marines = horde("space-marines").with_magnitude(45)
    damage, left = COUNTER_EX[preset(rules)]
    for magnitude in (72, 71, 70):
        cultists = horde("cultists").with_magnitude(magnitude)
        katana = cultists.weapons_of("melee")[0]
        formula = partial_damage(cultists, marines, katana, "melee", rules=rules)
        assert formula.soak == 6 + 4
        assert formula.damage(2) == damage
        assert marines.lose(formula.damage(2)).magnitude == left


@BOTH
@pytest.mark.rule("HMC-DAMAGE-16-EX", "HMC-DAMAGE-17-EX", "HMC-DAMAGE-18-EX")
def test_the_three_examples_in_one_battle(rules: HordeRules) -> None:
    """The examples as one sequence of engagements: the volley leaves the Marines at 46 (45),
    their charge the Cultists at 70 (71), and the Cultists' partial counter-attack the Marines
    at 43 (unharmed at 45); the Marines attack at 45 as the example says."""
    cultists, marines = horde("cultists"), horde("space-marines")
    volley = (
        Match(new_engagement(cultists, marines, "ranged", rules=rules), seed=0)
        .force_dice(10, 1, 5)
        .advance()
    )
    assert isinstance(volley, EngagementState)
    assert volley.defender.magnitude == RANGED_EX[preset(rules)][1]
    melee = new_engagement(marines.with_magnitude(45), cultists, "melee", rules=rules)
    match = Match(melee, seed=0).force_dice(10, 1, 5)
    match.advance()
    match.apply("counter")
    final = match.force_dice(1, 10, 2).advance()
    assert isinstance(final, EngagementState)
    attack, counter = final.strikes
    assert (attack.hit, counter.hit, counter.counter) == ("full", "partial", True)
    assert final.defender.magnitude == MELEE_EX[preset(rules)][1]
    assert final.attacker.magnitude == COUNTER_EX[preset(rules)][1]


def test_readings_of_magnitude_tens() -> None:
    """HMC-GAP-07: rounded up by default, truncated under the preset."""
    truncate = with_rules(magnitude_tens="truncate")
    assert [magnitude_tens(m) for m in (45, 50, 1)] == [5, 5, 1]
    assert [magnitude_tens(m, truncate) for m in (45, 50, 1)] == [4, 5, 0]
