"""Battle for Armageddon combat phases: the COMBAT rules, the rulebook's odds and combat
examples, Ghazghkull's re-roll, the die modifiers and what happens to hives, factories and
fortifications when their defenders are driven out.

The Combat Results Table is reconstructed (research notes 5.1, ``data/crt.toml``): columns 1-3
to 6-1, and only two of its cells are the rulebook's (at 4-1 a 2 is EX and a 6 is DE). The
combat example is replayed where the research notes place it: the 3rd Guard Army and the 2nd
Rough Riders Brigade in N2 (ash waste, no terrain modifier), Ghazghkull and three Goff Hordes
across the Diablo in F1 (the factory there in ruins) and a fourth Horde in OT10.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import pytest
from bfa import combat, fight, refused

from wargames.armageddon.combat import (
    AdvanceChoice,
    CombatPhase,
    CombatRoll,
    RerollChoice,
    Retreat,
    TakeLoss,
    numbers,
)
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.state import DEAD, ArmageddonState
from wargames.core.engine import CHANCE, Match
from wargames.core.odds import Odds, odds_ratio

EXAMPLE = {
    "F1": ["ghazghkull", "goff-hordes-1", "goff-hordes-2", "goff-hordes-3"],
    "OT10": ["goff-hordes-4"],
    "OT9": ["bad-moon-hordes-1"],
    "N2": ["guard-3", "rough-riders-2"],
}
"""The combat example on turn 2, with a Bad Moon stack next to N2 that may not join."""


def texts(s: ArmageddonState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def outcome(s: ArmageddonState, defenders: Iterable[str]) -> str:
    """Which result was applied, read from the state right after the die (no cards held):
    DE leaves the defenders dead, EX asks for the defender's loss, DR for his retreat."""
    if all(s.location(c) == DEAD for c in defenders):
        return "DE"
    if isinstance(s.top, TakeLoss) and s.top.side == IMPERIUM:
        return "EX"
    if isinstance(s.top, Retreat) and s.top.side == IMPERIUM:
        return "DR"
    if isinstance(s.top, Retreat) and s.top.side == ORKS:
        return "AR"
    raise AssertionError(f"unexpected step {s.top}")


# ------------------------------------------------------------------------ odds examples


@pytest.mark.rule("BFA-COMBAT-21-EX", "BFA-COMBAT-10", "BFA-COMBAT-08", "BFA-COMBAT-09")
def test_odds_example_12_against_4_is_3_to_1() -> None:
    assert odds_ratio(12, 4) == Odds(3, 1)
    s = combat({"OT9": ["goff-hordes-1", "goff-hordes-2"], "N2": ["guard-6"]})
    n = numbers(s, ORKS, "N2", ("OT9",))
    assert (n.attack, n.defence, str(n.odds), str(n.column)) == (12, 4, "3-1", "3-1")


@pytest.mark.rule("BFA-COMBAT-22-EX", "BFA-COMBAT-11", "BFA-COMBAT-08", "BFA-COMBAT-09")
def test_odds_example_4_against_12_is_1_to_3() -> None:
    assert odds_ratio(4, 12) == Odds(1, 3)
    s = combat(
        {"S2": ["guard-1"], "N2": ["ghazghkull", "goff-nobz-1", "goff-gargant"]}, side=IMPERIUM
    )
    n = numbers(s, IMPERIUM, "N2", ("S2",))
    assert (n.attack, n.defence, str(n.odds), str(n.column)) == (4, 12, "1-3", "1-3")


@pytest.mark.rule("BFA-COMBAT-23-EX", "BFA-COMBAT-10")
def test_odds_example_11_against_4_rounds_down_to_2_to_1() -> None:
    assert odds_ratio(11, 4) == Odds(2, 1)
    s = combat({"OT9": ["goff-hordes-1", "goff-battlewagons-1"], "N2": ["guard-6"]})
    n = numbers(s, ORKS, "N2", ("OT9",))
    assert (n.attack, n.defence, str(n.odds)) == (11, 4, "2-1")


@pytest.mark.rule("BFA-COMBAT-11", "BFA-GAP-14")
def test_odds_below_even_are_rounded_in_the_defenders_favour() -> None:
    assert odds_ratio(5, 12) == Odds(1, 3)  # 0.42: not 12 // 5 = "1-2"
    assert odds_ratio(5, 10) == Odds(1, 2)
    assert odds_ratio(6, 7) == Odds(1, 2)
    assert odds_ratio(6, 6) == Odds(1, 1)
    s = combat({"OT9": ["bad-moon-hordes-1"], "N2": ["guard-1", "guard-2", "hive-gangs-1"]})
    n = numbers(s, ORKS, "N2", ("OT9",))
    assert (n.attack, n.defence, str(n.odds)) == (5, 12, "1-3")


@pytest.mark.rule("BFA-COMBAT-12", "BFA-GAP-01", "BFA-GAP-14")
def test_odds_beyond_the_table_use_the_extreme_columns() -> None:
    s = combat({"OT9": ["goff-hordes-1", "goff-hordes-2", "goff-gargant"], "N2": ["hive-gangs-1"]})
    n = numbers(s, ORKS, "N2", ("OT9",))
    assert (n.attack, n.defence, str(n.odds), str(n.column)) == (20, 2, "10-1", "6-1")
    weak = combat({"S2": ["hive-gangs-1"], "N2": ["goff-gargant", "goff-nobz-1"]}, side=IMPERIUM)
    n = numbers(weak, IMPERIUM, "N2", ("S2",))
    assert (n.attack, n.defence, str(n.odds), str(n.column)) == (1, 10, "1-10", "1-3")
    crt = s.data.crt
    assert crt.result(Odds(10, 1), 1) == crt.result(Odds(6, 1), 1)
    assert crt.result(Odds(1, 10), 6) == crt.result(Odds(1, 3), 6)


@pytest.mark.rule("BFA-GAP-14")
def test_a_defence_of_zero_uses_the_highest_column_and_an_attack_of_zero_is_no_attack() -> None:
    assert odds_ratio(1, 0).value > 6
    s = combat({"OT9": ["goff-hordes-1"]})
    assert s.data.crt.column_for(1, 0) == Odds(6, 1)
    with pytest.raises(ValueError):
        odds_ratio(0, 4)


# ------------------------------------------------------------------------ the combat example


@pytest.mark.rule("BFA-COMBAT-24-EX", "BFA-COMBAT-06", "BFA-COMBAT-08", "BFA-COMBAT-09")
def test_combat_example_29_against_6_is_4_to_1_and_30_would_be_5_to_1() -> None:
    s = combat(EXAMPLE)
    attack = [s.spec(c).attack for c in (*EXAMPLE["F1"], *EXAMPLE["OT10"])]
    assert sorted(attack) == [5, 6, 6, 6, 6]
    assert [s.spec(c).defence for c in EXAMPLE["N2"]] == [2, 4]
    n = numbers(s, ORKS, "N2", ("F1", "OT10"))
    assert (n.attack, n.defence, str(n.odds)) == (29, 6, "4-1")
    assert "attack N2 from F1,OT10" in texts(s)
    # one attack point more (Nobz 7 instead of a Horde 6) gives 30 and the 5-1 column
    more = combat(
        {**EXAMPLE, "F1": ["ghazghkull", "goff-hordes-1", "goff-hordes-2", "goff-nobz-1"]}
    )
    n = numbers(more, ORKS, "N2", ("F1", "OT10"))
    assert (n.attack, n.defence, str(n.odds), str(n.column)) == (30, 6, "5-1", "5-1")


@pytest.mark.rule("BFA-COMBAT-25-EX", "BFA-COMBAT-07")
def test_combat_example_the_bad_moon_stack_may_not_join_the_goffs() -> None:
    s = combat(EXAMPLE)
    assert s.data.board.adjacent("OT9", "N2")
    assert "attack N2 from OT9" in texts(s)  # the Bad Moons may attack on their own
    for action in texts(s):
        if action.startswith("attack N2 from "):
            areas = set(action.split()[-1].split(","))
            assert not ("OT9" in areas and areas & {"F1", "OT10"})
    refused(s, "attack N2 from F1,OT10,OT9", "BFA-COMBAT-07")
    refused(s, "attack N2 from OT9,OT10", "BFA-COMBAT-07")


@pytest.mark.rule("BFA-COMBAT-26-EX", "BFA-COMBAT-15", "BFA-COMBAT-16")
def test_combat_example_no_river_modifier_and_a_2_is_an_exchange() -> None:
    s = combat(EXAMPLE)
    board = s.data.board
    assert board.crosses("F1", "N2", "river") and not board.crosses("OT10", "N2", "river")
    n = numbers(s, ORKS, "N2", ("F1", "OT10"))
    assert n.modifier == 0 and n.reasons == ()
    assert numbers(s, ORKS, "N2", ("F1",)).modifier == -1  # F1 alone would cross the Diablo
    assert s.data.crt.result(Odds(4, 1), 2) == "EX"
    rolled = fight(s, "attack N2 from F1,OT10", 2)
    assert isinstance(rolled.top, RerollChoice) and rolled.top.roll == 2
    assert "(EX)" in rolled.top.describe(rolled)
    kept = rolled.apply("keep")
    assert outcome(kept, EXAMPLE["N2"]) == "EX"


@pytest.mark.rule("BFA-COMBAT-27-EX", "BFA-COMBAT-20", "BFA-COMBAT-19", "BFA-GAP-18")
def test_combat_example_ghazghkull_rerolls_the_exchange_into_defender_eliminated() -> None:
    match = Match(combat(EXAMPLE), seed=1).force_dice(2, 6)
    match.apply("attack N2 from F1,OT10")
    s = match.advance()
    assert isinstance(s, ArmageddonState)
    assert isinstance(s.top, RerollChoice) and s.current_player == ORKS
    assert texts(s) == ["reroll", "keep"]
    match.apply("reroll")
    s = match.advance()
    assert isinstance(s, ArmageddonState)
    assert s.data.crt.result(Odds(4, 1), 6) == "DE"
    assert s.location("guard-3") == DEAD and s.location("rough-riders-2") == DEAD
    assert not s.occupied(IMPERIUM) & {"N2"}
    # advance: every attacking counter has movement 2, and the player may take any of them
    assert isinstance(s.top, AdvanceChoice) and s.current_player == ORKS
    assert set(texts(s)) == {
        "advance ghazghkull",
        "advance goff-hordes-1",
        "advance goff-hordes-2",
        "advance goff-hordes-3",
        "advance goff-hordes-4",
        "end advance",
    }
    s = s.apply("advance ghazghkull").apply("advance goff-hordes-4").apply("end advance")
    assert s.stack("N2", ORKS) == ("ghazghkull", "goff-hordes-4")
    assert s.stack("F1", ORKS) == ("goff-hordes-1", "goff-hordes-2", "goff-hordes-3")
    assert isinstance(s.top, CombatPhase)


@pytest.mark.rule("BFA-COMBAT-20", "BFA-GAP-09", "BFA-GAP-01")
def test_rerolling_only_an_exchange_at_4_to_1_gives_ex_1_9_dr_4_9_de_4_9() -> None:
    s = combat(EXAMPLE)
    crt = s.data.crt
    dist = crt.distribution(Odds(4, 1), reroll=lambda code: code == "EX")
    assert dist == {"EX": Fraction(1, 9), "DR": Fraction(4, 9), "DE": Fraction(4, 9)}
    # the same figure from the engine itself, roll by roll
    declared = s.apply("attack N2 from F1,OT10")
    found: dict[str, Fraction] = {}
    for first, p in declared.chance_outcomes():
        choice = declared.apply(first)
        assert isinstance(choice.top, RerollChoice)
        kept = choice.apply("keep")
        if outcome(kept, EXAMPLE["N2"]) != "EX":
            code = outcome(kept, EXAMPLE["N2"])
            found[code] = found.get(code, Fraction(0)) + Fraction(p).limit_denominator(6)
            continue
        again = choice.apply("reroll")
        assert isinstance(again.top, CombatRoll) and again.top.rerolled
        for second, q in again.chance_outcomes():
            code = outcome(again.apply(second), EXAMPLE["N2"])
            share = Fraction(p).limit_denominator(6) * Fraction(q).limit_denominator(6)
            found[code] = found.get(code, Fraction(0)) + share
    assert found == dist


# ---------------------------------------------------------------------- Ghazghkull's re-roll


@pytest.mark.rule("BFA-COMBAT-20", "BFA-GAP-09")
def test_the_reroll_is_taken_once_and_the_new_roll_stands_even_if_worse() -> None:
    s = fight(combat(EXAMPLE), "attack N2 from F1,OT10", 6)  # a DE
    assert isinstance(s.top, RerollChoice)
    s = s.apply("reroll").apply("roll 1")  # 1 at 4-1 is an EX
    assert not isinstance(s.top, RerollChoice)  # no second re-roll
    assert outcome(s, EXAMPLE["N2"]) == "EX"


@pytest.mark.rule("BFA-COMBAT-20", "BFA-GAP-09")
def test_no_reroll_unless_ghazghkull_takes_part_in_the_attack() -> None:
    # Ghazghkull stays out: the Horde in OT10 attacks alone
    alone = fight(combat(EXAMPLE), "attack N2 from OT10", 6)
    assert not isinstance(alone.top, RerollChoice)
    # Ghazghkull defending: the Imperial attacker gets no re-roll and the Orks no choice
    imp = combat(
        {"S2": ["guard-1", "guard-2"], "N2": ["ghazghkull", "goff-hordes-1"]}, side=IMPERIUM
    )
    rolled = fight(imp, "attack N2 from S2", 1)
    assert not isinstance(rolled.top, RerollChoice)
    assert not any(isinstance(t, RerollChoice) for t in rolled.tasks)


# -------------------------------------------------------------------- the die and modifiers


@pytest.mark.rule("BFA-COMBAT-13")
def test_the_attacker_rolls_one_d6() -> None:
    s = combat(EXAMPLE).apply("attack N2 from OT10")
    assert s.current_player == CHANCE and isinstance(s.top, CombatRoll)
    outcomes = s.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == [f"roll {v}" for v in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)


@pytest.mark.rule("BFA-COMBAT-16", "BFA-GAP-01")
@pytest.mark.parametrize("roll", range(1, 7))
def test_the_result_is_read_from_the_table_column_and_roll(roll: int) -> None:
    s = combat(EXAMPLE)
    code = s.data.crt.result(Odds(4, 1), roll)
    assert code == ("EX", "EX", "DR", "DR", "DE", "DE")[roll - 1]
    after = fight(s, "attack N2 from F1,OT10", roll).apply("keep")
    assert outcome(after, EXAMPLE["N2"]) == code


@pytest.mark.rule("BFA-COMBAT-14", "BFA-COMBAT-15")
def test_a_modified_roll_below_1_counts_as_1() -> None:
    s = combat({"F1": ["goff-hordes-1"], "N2": ["guard-3", "rough-riders-2"]})
    n = numbers(s, ORKS, "N2", ("F1",))
    assert (str(n.odds), n.modifier) == ("1-1", -1)
    crt = s.data.crt
    assert crt.result(Odds(1, 1), 1, -1) == crt.result(Odds(1, 1), 1) == "AE"
    assert crt.result(Odds(1, 1), 1, -5) == "AE"
    after = fight(s, "attack N2 from F1", 1)  # 1 - 1 = 0, read as 1: attacker eliminated
    assert after.location("goff-hordes-1") == DEAD
    assert after.stack("N2", IMPERIUM) == ("guard-3", "rough-riders-2")
    assert isinstance(after.top, CombatPhase)


@pytest.mark.rule("BFA-COMBAT-14", "BFA-GAP-12", "BFA-SURPRISE-02")
def test_a_modified_roll_above_6_counts_as_6() -> None:
    s = combat({"OT10": ["goff-hordes-1"], "N2": ["guard-3", "rough-riders-2"]}, turn=1)
    n = numbers(s, ORKS, "N2", ("OT10",))
    assert (str(n.odds), n.modifier) == ("1-1", 1)
    crt = s.data.crt
    assert crt.result(Odds(1, 1), 6, +1) == crt.result(Odds(1, 1), 6) == "DR"
    assert crt.result(Odds(1, 1), 6, +4) == "DR"
    after = fight(s, "attack N2 from OT10", 6)  # 6 + 1 = 7, read as 6: defender retreats
    assert outcome(after, ["guard-3", "rough-riders-2"]) == "DR"


@pytest.mark.rule("BFA-COMBAT-15")
def test_the_river_modifier_applies_only_when_every_attacking_stack_crosses() -> None:
    defenders = ["guard-3", "rough-riders-2"]
    both = combat(
        {"F1": ["goff-hordes-1"], "S2": ["goff-hordes-2"], "N2": defenders}, ruined=("factory-F1",)
    )
    board = both.data.board
    assert board.crosses("F1", "N2", "river") and board.crosses("S2", "N2", "river")
    n = numbers(both, ORKS, "N2", ("F1", "S2"))
    assert (n.attack, n.defence, str(n.odds), n.modifier) == (12, 6, "2-1", -1)
    mixed = combat({"F1": ["goff-hordes-1"], "OT10": ["goff-hordes-2"], "N2": defenders})
    n = numbers(mixed, ORKS, "N2", ("F1", "OT10"))
    assert (n.attack, n.defence, str(n.odds), n.modifier) == (12, 6, "2-1", 0)
    dry = numbers(mixed, ORKS, "N2", ("OT10",))
    assert dry.modifier == 0
    # at 2-1 a 5 is DR, a 4 is EX: the -1 turns the 5 into an exchange only when both cross
    assert outcome(fight(both, "attack N2 from F1,S2", 5), defenders) == "EX"
    assert outcome(fight(mixed, "attack N2 from F1,OT10", 5), defenders) == "DR"


@pytest.mark.rule("BFA-GAP-12", "BFA-SURPRISE-02", "BFA-SURPRISE-03", "BFA-COMBAT-13")
def test_the_first_turn_bonus_is_plus_one_to_ork_attack_rolls_only() -> None:
    defenders = ["guard-3", "rough-riders-2"]
    stacks = {"OT10": ["goff-hordes-1"], "N2": defenders}
    first = combat(stacks, turn=1)
    later = combat(stacks, turn=2)
    assert numbers(first, ORKS, "N2", ("OT10",)).modifier == 1
    assert numbers(later, ORKS, "N2", ("OT10",)).modifier == 0
    # 1-1: a 5 is EX, a 6 is DR; on turn 1 the 5 becomes a 6
    assert outcome(fight(first, "attack N2 from OT10", 5), defenders) == "DR"
    assert outcome(fight(later, "attack N2 from OT10", 5), defenders) == "EX"
    # the Orks defending on turn 1: the Imperial attack gets no bonus (open ground, no river)
    imp = combat({"S2": ["guard-1"], "S1": ["goff-hordes-1"]}, side=IMPERIUM, turn=1)
    assert not imp.data.board.crosses("S2", "S1", "river")
    n = numbers(imp, IMPERIUM, "S1", ("S2",))
    assert n.modifier == 0 and n.reasons == ()


@pytest.mark.rule("BFA-GAP-02", "BFA-GAP-20")
def test_terrain_modifiers_of_the_reconstructed_chart() -> None:
    """Reconstructed: -1 to attack a stack in an industrial area (hive and factory alike, one
    entry) or in jungle; none in ash waste or open ground; the river -1 on top."""
    s = combat(
        {
            "OT7": ["goff-hordes-1"],
            "N2": ["goff-hordes-2"],
            "S2": ["goff-hordes-4"],
            "OT11": ["goff-hordes-3"],
            "HAD": ["guard-6"],
            "F3": ["guard-5"],
            "N3": ["guard-20"],
        }
    )
    hive = numbers(s, ORKS, "HAD", ("OT7",))
    factory = numbers(s, ORKS, "F3", ("N2",))
    across = numbers(s, ORKS, "F3", ("S2",))
    open_ground = numbers(s, ORKS, "N3", ("OT11",))
    assert hive.modifier == factory.modifier == -1
    assert len(hive.reasons) == len(factory.reasons) == 1
    assert across.modifier == -2  # industrial area and the Diablo (S2-F3)
    assert open_ground.modifier == 0
    jungle = combat({"N1": ["guard-1"], "OT7": ["goff-hordes-1"]}, side=IMPERIUM)
    assert numbers(jungle, IMPERIUM, "OT7", ("N1",)).modifier == -1


# ---------------------------------------------------------------------- declaring attacks


@pytest.mark.rule("BFA-COMBAT-01")
def test_attacking_is_optional_and_only_against_adjacent_enemy_stacks() -> None:
    s = combat({"OT10": ["goff-hordes-1"], "N2": ["guard-3"], "S1": ["guard-6"]})
    assert "end phase" in texts(s)
    attacks = [a for a in texts(s) if a.startswith("attack ")]
    assert "attack N2 from OT10" in attacks
    assert not any(a.startswith("attack S1 ") for a in attacks)  # S1 is not next to OT10
    refused(s, "attack S1 from OT10", "BFA-COMBAT-06")
    refused(s, "attack OT9 from OT10", "BFA-COMBAT-01")  # no enemy there
    refused(s, "attack N2 from OT11", "BFA-COMBAT-01")  # no stack of ours there
    done = s.apply("end phase")
    assert done.stack("N2", IMPERIUM) == ("guard-3",)


@pytest.mark.rule("BFA-COMBAT-01")
def test_each_stack_attacks_at_most_once_per_phase() -> None:
    s = combat({"OT10": ["goff-hordes-1", "goff-hordes-2"], "N2": ["guard-3"], "INF": ["guard-2"]})
    assert "attack INF from OT10" in texts(s)
    s = fight(s, "attack N2 from OT10", 3)  # 12 vs 2 = 6-1: a 3 is DE
    assert s.location("guard-3") == DEAD
    s = s.apply("end advance")
    assert isinstance(s.top, CombatPhase)
    assert not any(a.endswith("from OT10") for a in texts(s))
    refused(s, "attack INF from OT10", "BFA-COMBAT-01")


@pytest.mark.rule("BFA-COMBAT-04")
def test_an_attack_is_resolved_fully_before_the_next_is_declared() -> None:
    s = combat(
        {
            "OT10": ["goff-hordes-1"],
            "OT9": ["goff-hordes-2"],
            "N2": ["guard-3"],
            "F1": ["hive-gangs-6", "factory-F1"],
            "OT8": ["goff-hordes-3"],
        },
        ruined=(),
    )
    # the attacker picks the order: either attack may come first
    assert {"attack N2 from OT10", "attack F1 from OT8"} <= set(texts(s))
    s = fight(s, "attack N2 from OT10", 6)  # 6 vs 2 = 3-1: a 6 is DE
    assert isinstance(s.top, AdvanceChoice)  # the advance is part of this attack
    refused(s, "attack F1 from OT8", "BFA-COMBAT-19")
    s = s.apply("end advance")
    assert "attack F1 from OT8" in texts(s)


@pytest.mark.rule("BFA-COMBAT-05")
def test_an_enemy_area_is_attacked_at_most_once_per_phase() -> None:
    s = combat({"OT10": ["goff-hordes-1"], "OT9": ["goff-hordes-2"], "N2": ["guard-1", "guard-2"]})
    s = fight(s, "attack N2 from OT10", 3)  # 6 vs 10 = 1-2: a 3 is AR
    assert outcome(s, ["guard-1", "guard-2"]) == "AR"
    s = s.apply("retreat goff-hordes-1 OT4")
    assert isinstance(s.top, CombatPhase)
    assert s.stack("N2", IMPERIUM) == ("guard-1", "guard-2")
    assert not any(a.startswith("attack N2 ") for a in texts(s))
    refused(s, "attack N2 from OT9", "BFA-COMBAT-05")


@pytest.mark.rule("BFA-COMBAT-02", "BFA-COMBAT-03")
def test_attacks_are_by_and_against_whole_stacks() -> None:
    s = combat(
        {
            "OT10": ["goff-hordes-1", "goff-nobz-1", "goff-battlewagons-1"],
            "N2": ["guard-1", "guard-3", "yarrick"],
        }
    )
    n = numbers(s, ORKS, "N2", ("OT10",))
    assert n.attack == 6 + 7 + 5
    assert n.defence == 5 + 2 + 4
    refused(s, "attack N2 from OT10,OT10", "BFA-COMBAT-02")
    after = fight(s, "attack N2 from OT10", 1)  # 18 vs 11 = 1-1: a 1 is AE
    assert all(
        after.location(c) == DEAD for c in ("goff-hordes-1", "goff-nobz-1", "goff-battlewagons-1")
    )
    # against a whole stack: every defending counter, the leader included, must retreat
    s2 = fight(s, "attack N2 from OT10", 6)  # a 6 at 1-1 is DR
    assert isinstance(s2.top, Retreat)
    assert set(s2.top.counters) == {"guard-1", "guard-3", "yarrick"}


@pytest.mark.rule("BFA-COMBAT-02")
def test_every_counter_of_an_attacking_stack_has_attacked() -> None:
    s = combat(
        {"OT10": ["goff-hordes-1", "goff-nobz-1"], "N2": ["guard-1", "guard-2"], "INF": ["guard-4"]}
    )
    s = s.apply("attack N2 from OT10")
    assert {"goff-hordes-1", "goff-nobz-1"} <= s.used


@pytest.mark.rule("BFA-COMBAT-06", "BFA-COMBAT-08")
def test_a_combined_attack_adds_every_adjacent_stack_and_uses_each_up() -> None:
    s = combat(
        {
            "OT9": ["goff-hordes-1"],
            "OT10": ["goff-hordes-2"],
            "S2": ["goff-hordes-3"],
            "N2": ["guard-1", "guard-2"],
            "F3": ["guard-4"],
        }
    )
    assert "attack N2 from OT10,OT9,S2" in texts(s)
    n = numbers(s, ORKS, "N2", ("OT10", "OT9", "S2"))
    assert (n.attack, n.defence, str(n.odds)) == (18, 10, "1-1")
    s = fight(s, "attack N2 from OT10,OT9,S2", 2)  # 1-1: a 2 is AR
    assert isinstance(s.top, Retreat) and s.top.side == ORKS
    assert set(s.top.counters) == {"goff-hordes-1", "goff-hordes-2", "goff-hordes-3"}
    # S2 is also next to F3, but its one attack is spent
    used = combat(
        {
            "OT9": ["goff-hordes-1"],
            "S2": ["goff-hordes-3"],
            "N2": ["guard-1"],
            "F3": ["guard-4"],
            "F1": ["goff-nobz-1"],
        }
    )
    assert "attack F3 from S2" in texts(used)
    used = fight(used, "attack N2 from OT9,S2", 6)  # 12 vs 5 = 2-1: a 6 is DR
    used = used.apply("retreat guard-1 INF").apply("end advance")
    refused(used, "attack F3 from S2", "BFA-COMBAT-01")
    assert "attack F3 from F1" not in texts(used)  # F1 is not next to F3
    assert not any(a.startswith("attack F3 from") and "S2" in a for a in texts(used))


@pytest.mark.rule("BFA-COMBAT-06")
def test_a_combined_attack_may_name_its_stacks_in_any_order() -> None:
    s = combat(EXAMPLE)
    after = s.apply("attack N2 from OT10,F1")
    assert after.used == s.apply("attack N2 from F1,OT10").used


@pytest.mark.rule("BFA-COMBAT-07")
def test_ork_tribes_never_attack_together() -> None:
    s = combat(
        {
            "OT9": ["bad-moon-hordes-1"],
            "OT10": ["goff-hordes-1"],
            "S2": ["evil-sunz-hordes-1"],
            "N2": ["guard-3"],
        }
    )
    attacks = [a for a in texts(s) if a.startswith("attack N2 ")]
    assert sorted(attacks) == ["attack N2 from OT10", "attack N2 from OT9", "attack N2 from S2"]
    refused(s, "attack N2 from OT9,OT10", "BFA-COMBAT-07")
    refused(s, "attack N2 from OT10,S2", "BFA-COMBAT-07")
    refused(s, "attack N2 from OT9,OT10,S2", "BFA-COMBAT-07")


# ----------------------------------------------------------------------------- the results


@pytest.mark.rule("BFA-COMBAT-17", "BFA-COMBAT-18")
def test_exchange_each_side_loses_one_counter_per_stack_chosen_by_its_owner() -> None:
    s = fight(combat(EXAMPLE), "attack N2 from F1,OT10", 2).apply("keep")
    # the defender first: the Imperial player picks which of his counters goes
    assert isinstance(s.top, TakeLoss) and s.current_player == IMPERIUM
    assert sorted(texts(s)) == ["lose guard-3", "lose rough-riders-2"]
    refused(s, "lose goff-hordes-1", "BFA-COMBAT-17")
    s = s.apply("lose rough-riders-2")
    assert s.location("rough-riders-2") == DEAD and s.location("guard-3") == "N2"
    # then the Ork player loses one counter from each attacking stack, his choice
    assert isinstance(s.top, TakeLoss) and s.current_player == ORKS and s.top.area == "F1"
    assert sorted(texts(s)) == [
        "lose ghazghkull",
        "lose goff-hordes-1",
        "lose goff-hordes-2",
        "lose goff-hordes-3",
    ]
    s = s.apply("lose goff-hordes-2")
    assert isinstance(s.top, TakeLoss) and s.current_player == ORKS and s.top.area == "OT10"
    assert texts(s) == ["lose goff-hordes-4"]
    s = s.apply("lose goff-hordes-4")
    # then the defender's survivors retreat
    assert isinstance(s.top, Retreat) and s.current_player == IMPERIUM
    assert all(a.startswith("retreat guard-3 ") for a in texts(s))
    s = s.apply("retreat guard-3 S2")
    assert s.location("guard-3") == "S2"
    assert [
        c for c in ("goff-hordes-2", "goff-hordes-4", "rough-riders-2") if s.location(c) == DEAD
    ] == ["goff-hordes-2", "goff-hordes-4", "rough-riders-2"]
    assert s.stack("F1", ORKS) == ("ghazghkull", "goff-hordes-1", "goff-hordes-3")
    # the area is empty: the attackers may advance (BFA-GAP-18 reading)
    assert isinstance(s.top, AdvanceChoice)
    assert "advance ghazghkull" in texts(s)


@pytest.mark.rule("BFA-COMBAT-19", "BFA-GAP-18")
def test_defender_eliminated_and_the_advance_of_movement_2_counters() -> None:
    s = combat(
        {
            "OT10": ["goff-gargant", "goff-hordes-1", "goff-nobz-1"],
            "OT9": ["goff-hordes-2", "goff-hordes-3", "goff-battlewagons-1"],
            "N2": ["guard-3"],
        }
    )
    s = fight(s, "attack N2 from OT10,OT9", 6)  # 37 vs 2: 6-1, a 6 is DE
    assert s.location("guard-3") == DEAD
    assert isinstance(s.top, AdvanceChoice)
    offered = {a.split()[1] for a in texts(s) if a.startswith("advance ")}
    # the Gargant Big Mob (movement 1) may not advance
    assert offered == {
        "goff-hordes-1",
        "goff-nobz-1",
        "goff-hordes-2",
        "goff-hordes-3",
        "goff-battlewagons-1",
    }
    refused(s, "advance goff-gargant", "BFA-COMBAT-19")
    s = s.apply("advance goff-hordes-1").apply("advance goff-hordes-2")
    assert "advance goff-nobz-1" in texts(s) and "advance goff-hordes-1" not in texts(s)
    s = s.apply("advance goff-battlewagons-1")
    # the stack in N2 is full: no further counter may advance and the attack is over
    assert s.stack("N2", ORKS) == ("goff-battlewagons-1", "goff-hordes-1", "goff-hordes-2")
    assert isinstance(s.top, CombatPhase)
    assert s.location("goff-nobz-1") == "OT10" and s.location("goff-gargant") == "OT10"


@pytest.mark.rule("BFA-GAP-18")
def test_the_advance_is_optional_and_not_offered_after_an_attacker_retreat() -> None:
    s = fight(combat({"OT10": ["goff-hordes-1"], "N2": ["guard-3"]}), "attack N2 from OT10", 6)
    assert isinstance(s.top, AdvanceChoice)
    s = s.apply("end advance")
    assert s.location("goff-hordes-1") == "OT10" and not s.stack("N2", ORKS)
    # after a DR that empties the area the advance is offered too
    dr = fight(combat({"OT10": ["goff-hordes-1"], "N2": ["guard-6"]}), "attack N2 from OT10", 6)
    assert outcome(dr, ["guard-6"]) == "DR"  # 6 vs 4: 1-1, a 6 is DR
    dr = dr.apply("retreat guard-6 S2")
    assert isinstance(dr.top, AdvanceChoice)
    # an attacker retreat: no advance anywhere
    ar = fight(
        combat({"OT10": ["goff-hordes-1"], "N2": ["guard-1", "guard-2"]}), "attack N2 from OT10", 3
    )
    ar = ar.apply("retreat goff-hordes-1 OT4")
    assert isinstance(ar.top, CombatPhase)


@pytest.mark.rule("BFA-GAP-01")
def test_attacker_eliminated_and_attacker_retreat_of_the_reconstructed_table() -> None:
    stacks = {
        "OT10": ["goff-hordes-1", "goff-hordes-2"],
        "OT9": ["goff-hordes-3"],
        "N2": ["guard-1", "guard-2", "guard-4"],
    }
    s = combat(stacks)
    n = numbers(s, ORKS, "N2", ("OT10", "OT9"))
    assert (n.attack, n.defence, str(n.odds)) == (18, 15, "1-1")
    ae = fight(s, "attack N2 from OT10,OT9", 1)
    assert all(ae.location(c) == DEAD for c in ("goff-hordes-1", "goff-hordes-2", "goff-hordes-3"))
    assert ae.stack("N2", IMPERIUM) == ("guard-1", "guard-2", "guard-4")
    ar = fight(s, "attack N2 from OT10,OT9", 2)
    assert isinstance(ar.top, Retreat) and ar.current_player == ORKS
    for c, area in [("goff-hordes-1", "OT4"), ("goff-hordes-2", "OT4"), ("goff-hordes-3", "OT3")]:
        ar = ar.apply(f"retreat {c} {area}")
    assert ar.stack("OT4", ORKS) == ("goff-hordes-1", "goff-hordes-2")
    assert ar.stack("N2", IMPERIUM) == ("guard-1", "guard-2", "guard-4")
    assert isinstance(ar.top, CombatPhase)


# ------------------------------------------------- hives, factories and fortifications in combat


HADES = ["guard-6", "fortification-1"]


@pytest.mark.rule("BFA-GAP-10", "BFA-COMBAT-09")
def test_structures_add_their_defence_and_are_never_chosen_as_losses() -> None:
    s = combat({"HAD": HADES, "OT7": ["goff-hordes-1", "goff-hordes-2", "goff-gargant"]})
    n = numbers(s, ORKS, "HAD", ("OT7",))
    assert n.defence == 4 + 3 + 3  # 6th Guard Army, fortification, Hades hive
    assert (n.attack, str(n.odds)) == (20, "2-1")
    ex = fight(s, "attack HAD from OT7", 4)  # 2-1, -1 industrial area: 3 is EX
    assert isinstance(ex.top, TakeLoss) and ex.current_player == IMPERIUM
    assert texts(ex) == ["lose guard-6"]
    refused(ex, "lose hive-hades", "BFA-COMBAT-17")
    refused(ex, "lose fortification-1", "BFA-COMBAT-17")


@pytest.mark.rule("BFA-GAP-10")
def test_driving_out_the_defenders_ruins_the_hive_and_removes_the_fortification() -> None:
    s = combat({"HAD": HADES, "OT7": ["goff-hordes-1", "goff-hordes-2", "goff-gargant"]})
    assert s.build_points == 19  # F1 already in ruins
    after = fight(s, "attack HAD from OT7", 6)  # 20 vs 10 = 2-1, 6 - 1 = 5 is DR
    assert outcome(after, ["guard-6"]) == "DR"
    after = after.apply("retreat guard-6 S1")
    assert "hive-hades" in after.ruined
    assert after.location("fortification-1") == DEAD
    assert after.build_points == 19 - 3
    assert "HAD" not in after.occupied(IMPERIUM)
    assert isinstance(after.top, AdvanceChoice)
    after = after.apply("advance goff-hordes-1").apply("end advance")
    assert after.stack("HAD", ORKS) == ("goff-hordes-1",)
    assert after.hive_captured("hive-hades")


@pytest.mark.rule("BFA-GAP-10", "BFA-COMBAT-19")
def test_defender_eliminated_ruins_the_hive_and_drops_the_build_track() -> None:
    s = combat(
        {
            "INF": ["hive-gangs-5"],
            "OT10": ["ghazghkull", "goff-gargant", "goff-nobz-1", "goff-nobz-2"],
        }
    )
    n = numbers(s, ORKS, "INF", ("OT10",))
    assert (n.attack, n.defence, str(n.odds), n.modifier) == (27, 4, "6-1", -1)
    assert s.build_points == 19
    s = fight(s, "attack INF from OT10", 3)  # 3 - 1 = 2 at 6-1 is DR: re-roll it
    s = s.apply("reroll").apply("roll 6")  # 6 - 1 = 5 is DE
    assert s.location("hive-gangs-5") == DEAD
    assert "hive-infernus" in s.ruined and s.location("hive-infernus") == "INF"
    assert s.build_points == 19 - 2
    assert "INF" not in s.occupied(IMPERIUM)
    s = s.apply("advance goff-nobz-1").apply("end advance")
    assert s.hive_captured("hive-infernus")


@pytest.mark.rule("BFA-GAP-10", "BFA-COMBAT-18")
def test_an_exchange_that_drives_out_the_defenders_ruins_a_factory() -> None:
    s = combat({"F3": ["guard-5"], "N2": ["goff-hordes-1", "goff-hordes-2"]}, ruined=())
    n = numbers(s, ORKS, "F3", ("N2",))
    assert (n.attack, n.defence, str(n.odds), n.modifier) == (12, 5, "2-1", -1)
    points = s.build_points
    ex = fight(s, "attack F3 from N2", 5)  # 5 - 1 = 4 at 2-1: EX
    ex = ex.apply("lose guard-5")
    ex = ex.apply("lose goff-hordes-2")
    assert "factory-F3" in ex.ruined
    assert ex.build_points == points - 1
    assert "F3" not in ex.occupied(IMPERIUM)


@pytest.mark.rule("BFA-GAP-10")
def test_a_hive_falls_only_when_no_imperial_unit_is_left() -> None:
    s = combat({"HAD": HADES, "OT7": ["goff-hordes-1"]})
    after = fight(s, "attack HAD from OT7", 6)  # 6 vs 10 = 1-2: 6 - 1 = 5 is EX
    after = after.apply("lose guard-6").apply("lose goff-hordes-1")
    # the only unit was lost, nobody is left to retreat: the hive falls
    assert "hive-hades" in after.ruined
    held = combat({"HAD": [*HADES, "guard-1"], "OT7": ["goff-hordes-1"]})
    ar = fight(held, "attack HAD from OT7", 3)  # 6 vs 15: 1-3, 3 - 1 = 2 is AE
    assert ar.location("goff-hordes-1") == DEAD
    assert "hive-hades" not in ar.ruined
    assert ar.location("fortification-1") == "HAD"
    assert ar.build_points == 19
