"""Battle for Armageddon supply: tracing supply lines, the check after the acting player's card,
and the fate of cut-off stacks.

The map is reconstructed: Imperial supply areas are Helsreach (HEL, the port) and the southern
areas S6, S7, F7, S8, S9; every Ork Territory area (OT1-OT12) is an Ork supply area. The
reconstructed map has mountain areas (M1, M2, M3) but no sea area, so the sea is not exercised.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from bfa import E2_CUT, segment, start_turn

from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.state import DEAD, ArmageddonState
from wargames.armageddon.supply import supplied_areas
from wargames.core.engine import CHANCE, Match


def check(state: ArmageddonState, *dice: int) -> tuple[ArmageddonState, int]:
    """End the phase, so that the acting side checks supply, rolling ``dice`` in order when the
    check calls for them. Returns the state after the check and the number of rolls made."""
    state = state.apply("end phase")
    rolls = 0
    for value in dice:
        if state.current_player != CHANCE:
            break
        state = state.apply(f"roll {value}")
        rolls += 1
    assert state.current_player != CHANCE, "more supply rolls than expected"
    assert state.segment == 5 or state.turn == 5  # the segment is over
    return state, rolls


def on_map(state: ArmageddonState, counters: Iterable[str]) -> dict[str, str]:
    return {c: state.location(c) for c in counters}


# -- tracing supply ------------------------------------------------------------------------------


@pytest.mark.rule("BFA-SUPPLY-02", "BFA-SUPPLY-04")
def test_supply_is_traced_through_ash_wastes() -> None:
    """W2's neighbours are Acheron (Orks), two mountains and two ash wastes (W1, W3): every
    supply line passes through ash wastes, which do not stop it. N1, far in the north, traces a
    long line across the map."""
    s = segment(
        {"W2": ["guard-21"], "N1": ["guard-22"], "ACH": ["bad-moon-hordes-1"]},
        ruined=["hive-acheron"],
    )
    assert s.data.board["W1"].terrain == s.data.board["W3"].terrain == "ash-waste"
    assert {"W2", "N1"} <= supplied_areas(s, IMPERIUM)
    after, rolls = check(s)
    assert rolls == 0
    assert on_map(after, ["guard-21", "guard-22"]) == {"guard-21": "W2", "guard-22": "N1"}


@pytest.mark.rule("BFA-SUPPLY-03", "BFA-SUPPLY-06")
def test_mountains_and_enemy_areas_block_supply() -> None:
    """With Orks in Acheron, W1 and W3, W2's only other neighbours are mountains (M1, M2):
    it is cut off, and destroyed (no hive or fortification)."""
    s = segment(
        {
            "W2": ["guard-21"],
            "ACH": ["bad-moon-hordes-1"],
            "W1": ["bad-moon-hordes-2"],
            "W3": ["bad-moon-hordes-3"],
        },
        ruined=["hive-acheron"],
    )
    assert {s.data.board[a].terrain for a in ("M1", "M2")} == {"mountain"}
    assert "W2" not in supplied_areas(s, IMPERIUM)
    after, rolls = check(s)
    assert rolls == 0
    assert after.location("guard-21") == DEAD


@pytest.mark.rule("BFA-SUPPLY-03")
def test_an_enemy_in_a_supply_area_denies_it() -> None:
    """Tartarus's neighbours are E3, S5 and S9 (an Imperial supply area). With Orks in all
    three, a guard army in Tartarus is cut off: the stack (with the hive) must roll."""
    s = segment(
        {
            "TAR": ["guard-8"],
            "E3": ["bad-moon-hordes-1"],
            "S5": ["bad-moon-hordes-2"],
            "S9": ["bad-moon-hordes-3"],
        }
    )
    assert "S9" in s.data.supply[IMPERIUM]
    assert "TAR" not in supplied_areas(s, IMPERIUM)
    free = segment({"TAR": ["guard-8"], "E3": ["bad-moon-hordes-1"], "S5": ["bad-moon-hordes-2"]})
    assert "TAR" in supplied_areas(free, IMPERIUM)
    after, rolls = check(s, 6)
    assert rolls == 1
    assert after.location("guard-8") == "TAR"


@pytest.mark.rule("BFA-SUPPLY-05")
def test_a_counter_in_its_own_supply_area_is_in_supply() -> None:
    """F7 is an Imperial supply area; with Orks in S4, S7 and S8 (its other neighbour is a
    mountain) no line leaves it, yet its guard army is in supply."""
    s = segment(
        {
            "F7": ["guard-21"],
            "S4": ["bad-moon-hordes-1"],
            "S7": ["bad-moon-hordes-2"],
            "S8": ["bad-moon-hordes-3"],
        }
    )
    after, rolls = check(s)
    assert rolls == 0
    assert after.location("guard-21") == "F7"


# -- who is checked, and when --------------------------------------------------------------------


def both_cut_off(side: str) -> ArmageddonState:
    """An Imperial guard army in E2, cut off by Orks in E1, E3 and ruined F4; a Bad Moon horde
    in N3, cut off by Imperial units in OT11, OT12 and S3 and by intact Infernus (an Imperial
    counter). Everything else is in supply."""
    stacks = {
        "E2": ["guard-21"],
        **E2_CUT,
        "N3": ["bad-moon-hordes-1"],
        "OT11": ["guard-22"],
        "OT12": ["guard-23"],
        "S3": ["guard-24"],
    }
    return segment(stacks, side=side, ruined=["factory-F4"])


@pytest.mark.rule("BFA-SUPPLY-01", "BFA-ACTION-04")
@pytest.mark.parametrize(
    ("side", "lost", "stay"),
    [
        pytest.param(
            IMPERIUM,
            "guard-21",
            {"bad-moon-hordes-1": "N3", "guard-22": "OT11", "guard-23": "OT12", "guard-24": "S3"},
            id="imperium",
        ),
        pytest.param(
            ORKS,
            "bad-moon-hordes-1",
            {
                "guard-21": "E2",
                "evil-sunz-hordes-1": "E1",
                "evil-sunz-hordes-2": "E3",
                "evil-sunz-hordes-3": "F4",
            },
            id="orks",
        ),
    ],
)
def test_only_the_acting_side_is_checked(side: str, lost: str, stay: dict[str, str]) -> None:
    """Both sides have a cut-off stack: only the acting ``side`` loses its own (``lost``); the
    other side's cut-off counter and the acting side's counters in supply ``stay`` put."""
    s = both_cut_off(side)
    assert "E2" not in supplied_areas(s, IMPERIUM)
    assert "N3" not in supplied_areas(s, ORKS)
    after, _ = check(s)
    assert after.location(lost) == DEAD
    assert on_map(after, stay) == stay


# -- the fate of a cut-off stack -----------------------------------------------------------------

TARTARUS_CUT = {
    "E3": ["bad-moon-hordes-1"],
    "S5": ["bad-moon-hordes-2"],
    "S9": ["bad-moon-hordes-3"],
}
"""Orks in all three neighbours of Tartarus."""


@pytest.mark.rule("BFA-SUPPLY-06")
def test_a_cut_off_stack_without_hive_or_fortification_is_destroyed_without_a_roll() -> None:
    s = segment({"E2": ["guard-21", "rough-riders-3"], **E2_CUT}, ruined=["factory-F4"])
    after, rolls = check(s)
    assert rolls == 0
    assert on_map(after, ["guard-21", "rough-riders-3"]) == {
        "guard-21": DEAD,
        "rough-riders-3": DEAD,
    }


@pytest.mark.rule("BFA-SUPPLY-10", "BFA-SUPPLY-06", "BFA-GAP-19")
def test_a_factory_gives_no_shelter() -> None:
    """F2 (intact factory) is cut off by Orks in ruined Hades, N1, S1 and W1 (M1 is a
    mountain): its guard army is destroyed without a roll; the factory stays, intact."""
    s = segment(
        {
            "F2": ["guard-21"],
            "HAD": ["bad-moon-hordes-1"],
            "N1": ["bad-moon-hordes-2"],
            "S1": ["bad-moon-hordes-3"],
            "W1": ["bad-moon-hordes-4"],
        },
        ruined=["hive-hades"],
    )
    assert "F2" not in supplied_areas(s, IMPERIUM)
    after, rolls = check(s)
    assert rolls == 0
    assert after.location("guard-21") == DEAD
    assert after.location("factory-F2") == "F2" and "factory-F2" not in after.ruined


@pytest.mark.rule("BFA-SUPPLY-07", "BFA-SUPPLY-09")
@pytest.mark.parametrize("die", range(1, 7))
@pytest.mark.parametrize("shelter", ["hive", "fortification"])
def test_a_hive_or_a_fortification_gives_one_roll_for_the_whole_stack(
    shelter: str, die: int
) -> None:
    """A cut-off stack of three units with a hive (Tartarus) or with a fortification (in E2):
    one D6 for the whole stack, 1-3 destroys every unit, 4-6 saves them all."""
    units = ["guard-21", "rough-riders-3", "hive-gangs-7"]
    if shelter == "hive":
        s = segment({"TAR": units, **TARTARUS_CUT})
        area = "TAR"
    else:
        s = segment({"E2": [*units, "fortification-6"], **E2_CUT}, ruined=["factory-F4"])
        area = "E2"
    after, rolls = check(s, die, 6, 6)
    assert rolls == 1
    expected = DEAD if die <= 3 else area
    assert on_map(after, units) == dict.fromkeys(units, expected)


@pytest.mark.rule("BFA-SUPPLY-08", "BFA-SUPPLY-09")
@pytest.mark.parametrize(
    ("dice", "rolls", "destroyed"),
    [
        ((1, 3), 2, True),
        ((3, 2), 2, True),
        ((2, 4), 2, False),
        ((3, 6), 2, False),
        ((4,), 1, False),
        ((6,), 1, False),
    ],
)
def test_a_hive_and_a_fortification_give_two_rolls_both_must_fail(
    dice: tuple[int, ...], rolls: int, destroyed: bool
) -> None:
    """Tartarus with a fortification: the stack dies only if both rolls are 1-3 (once the
    first roll succeeds the second cannot change the result and is not made)."""
    units = ["guard-21", "hive-gangs-7"]
    s = segment({"TAR": [*units, "fortification-6"], **TARTARUS_CUT})
    after, made = check(s, *dice, 6)
    assert made == rolls
    assert on_map(after, units) == dict.fromkeys(units, DEAD if destroyed else "TAR")


@pytest.mark.rule("BFA-GAP-19", "BFA-SUPPLY-07")
@pytest.mark.parametrize("die", [2, 5])
def test_a_ruined_hive_still_shelters_and_is_not_removed(die: int) -> None:
    s = segment({"TAR": ["guard-21"], **TARTARUS_CUT}, ruined=["hive-tartarus"])
    after, rolls = check(s, die, 6)
    assert rolls == 1
    assert after.location("guard-21") == (DEAD if die <= 3 else "TAR")
    assert after.location("hive-tartarus") == "TAR"
    assert "hive-tartarus" in after.ruined


@pytest.mark.rule("BFA-GAP-19", "BFA-SUPPLY-08")
def test_hive_and_fortification_stay_when_their_stack_is_destroyed() -> None:
    s = segment({"TAR": ["guard-21", "fortification-6"], **TARTARUS_CUT})
    after, rolls = check(s, 1, 1)
    assert rolls == 2
    assert after.location("guard-21") == DEAD
    assert on_map(after, ["hive-tartarus", "fortification-6"]) == {
        "hive-tartarus": "TAR",
        "fortification-6": "TAR",
    }
    assert "hive-tartarus" not in after.ruined
    assert after.build_points == 20


# -- Helsreach and the rulebook's supply example --------------------------------------------------


@pytest.mark.rule("BFA-SUPPLY-11", "BFA-SUPPLY-05")
def test_helsreach_is_an_imperial_supply_area() -> None:
    """Helsreach's only neighbour, E1, is held by the Orks: no line leaves the port, and its
    stack (hive and fortification) is still in supply: no roll, nobody lost."""
    units = ["guard-7", "hive-gangs-4"]
    s = segment({"HEL": [*units, "fortification-4"], "E1": ["evil-sunz-hordes-1"]})
    assert s.data.board.neighbours("HEL") == ("E1",)
    assert "HEL" in s.data.supply[IMPERIUM]
    after, rolls = check(s)
    assert rolls == 0
    assert on_map(after, units) == dict.fromkeys(units, "HEL")


def supply_example() -> Match:
    """The supply example: two Hive Gang counters in E2 whose every route crosses Ork units
    (E1, E3, ruined F4); Imperial units in Helsreach beyond E1; a titan and a guard army in S5
    and a titan in Tartarus next to the Orks in E3. The Orks end a build phase of turn 4; on
    turn 5 the Imperium has the initiative with a movement-combat card."""
    s = segment(
        {
            "E2": ["hive-gangs-7", "hive-gangs-8"],
            "HEL": ["guard-7", "hive-gangs-4", "fortification-4"],
            "S5": ["titan-1", "guard-1"],
            "TAR": ["titan-2"],
            **E2_CUT,
        },
        side=ORKS,
        phase="build",
        ruined=["factory-F4"],
    )
    m = Match(s, seed=9)
    m.apply("end build")
    st = start_turn(m, "orks-mc orks-cm", "imperium-mc imperium-cm")  # the Imperium's initiative
    assert (st.turn, st.segment, st.acting, st.phase) == (5, 1, IMPERIUM, "movement")
    return m


GANGS = ["hive-gangs-7", "hive-gangs-8"]
HELSREACH = ["guard-7", "hive-gangs-4"]


@pytest.mark.rule("BFA-SUPPLY-12-EX", "BFA-SUPPLY-01", "BFA-SUPPLY-11")
def test_supply_example_cut_off_hive_gangs_die_at_the_end_of_the_imperial_segment() -> None:
    m = supply_example()
    assert "E2" not in supplied_areas(m.state, IMPERIUM)
    s = m.apply("end phase")  # movement over: no check yet
    assert s.phase == "combat"
    assert on_map(s, GANGS) == dict.fromkeys(GANGS, "E2")
    s = m.apply("end phase")  # both phases of the card done: the check
    s = m.advance()
    assert (s.segment, s.acting) == (2, ORKS)
    assert on_map(s, GANGS) == dict.fromkeys(GANGS, DEAD)
    assert on_map(s, HELSREACH) == dict.fromkeys(HELSREACH, "HEL")
    assert on_map(s, ["titan-1", "guard-1", "titan-2"]) == {
        "titan-1": "S5",
        "guard-1": "S5",
        "titan-2": "TAR",
    }


@pytest.mark.rule("BFA-SUPPLY-12-EX", "BFA-SUPPLY-01")
def test_supply_example_a_line_reopened_before_the_check_saves_the_hive_gangs() -> None:
    """The combat phase destroys the Orks in E3 (20 against 3, a 6: DE): E2 traces through E3
    and S5 to S8 when the check comes, and the Hive Gangs survive."""
    m = supply_example()
    m.apply("end phase")
    m.apply("attack E3 from S5,TAR")
    m.force_dice(6)
    s = m.advance()
    assert s.location("evil-sunz-hordes-2") == DEAD
    while s.acting == IMPERIUM and s.segment == 1:
        ends = [a for a in s.legal_actions() if str(a).startswith("end ")]
        m.apply(ends[0])
        s = m.advance()
    assert (s.segment, s.acting) == (2, ORKS)
    assert on_map(s, GANGS) == dict.fromkeys(GANGS, "E2")
    assert on_map(s, HELSREACH) == dict.fromkeys(HELSREACH, "HEL")
