"""Battle for Armageddon: stacking, driven through ``position()`` and ``apply()``: one stack per
side and area, three counting counters, the exempt counters, one Ork tribe per stack, and the
opponent's choice of losses when a stack ends a movement phase illegal.
"""

from __future__ import annotations

import pytest
from bfa import State, refused, top

from wargames.armageddon import actions as act
from wargames.armageddon.combat import numbers
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.game import new_game
from wargames.armageddon.position import position
from wargames.armageddon.state import DEAD, READY
from wargames.core.engine import Match


def choices(s: State) -> set[str]:
    """The counters the player to decide may eliminate."""
    return {a.counter for a in s.legal_actions() if isinstance(a, act.Eliminate)}


def after_movement(stacks: dict[str, list[str]], moves: list[str], side: str = ORKS) -> State:
    """``side`` makes ``moves`` in a turn-2 movement phase and ends it."""
    s = position(stacks, side=side, phase="movement", turn=2)
    for move in moves:
        s = s.apply(move)
    return s.apply("end phase")


GOFFS = ["goff-hordes-1", "goff-hordes-2", "goff-hordes-3"]


# ---------------------------------------------------------------------------------- STACK


@pytest.mark.rule("BFA-STACK-01")
def test_all_counters_of_a_side_in_an_area_are_one_stack() -> None:
    stacks = {"OT4": ["goff-hordes-1", "goff-hordes-2"], "OT3": ["goff-nobz-1", "goff-nobz-2"],
              "OT9": ["ghazghkull"]}  # fmt: skip
    s = position(stacks, side=ORKS, phase="movement", turn=2)
    s = s.apply("move goff-nobz-1 OT4").apply("move goff-nobz-2 OT4")
    assert s.stack("OT4", ORKS) == ("goff-nobz-1", "goff-nobz-2", "goff-hordes-1", "goff-hordes-2")
    assert not s.stack("OT3", ORKS)
    # Two pairs that met are one stack of four, over the limit.
    s = s.apply("end phase")
    assert (top(s), s.top.area) == ("Overstacked", "OT4")  # type: ignore[attr-defined]
    # And a stack fights as one: every counter in the area is in its attack.
    s = position(
        {"OT10": ["goff-hordes-1", "goff-nobz-1", "ghazghkull"], "N2": ["guard-3"]},
        side=ORKS,
        phase="combat",
        turn=2,
    )
    assert [
        a.stacks for a in s.legal_actions() if isinstance(a, act.Attack) and a.target == "N2"
    ] == [("OT10",)]
    assert numbers(s, ORKS, "N2", ("OT10",)).attack == 6 + 7 + 5


@pytest.mark.rule("BFA-STACK-02")
def test_at_most_three_counting_counters() -> None:
    stacks = {"OT4": GOFFS[:2], "OT3": ["goff-hordes-4", "goff-hordes-5"], "OT9": ["ghazghkull"]}
    s = after_movement(stacks, ["move goff-hordes-4 OT4"])
    assert len(s.stack("OT4", ORKS)) == 3
    assert top(s) != "Overstacked" and s.location("goff-hordes-4") == "OT4"
    s = after_movement(stacks, ["move goff-hordes-4 OT4", "move goff-hordes-5 OT4"])
    assert top(s) == "Overstacked" and s.current_player == IMPERIUM
    assert choices(s) == set(GOFFS[:2]) | {"goff-hordes-4", "goff-hordes-5"}


@pytest.mark.rule("BFA-STACK-03")
def test_leaders_and_structures_do_not_count() -> None:
    # Ghazghkull joins three Goffs.
    s = after_movement({"OT4": GOFFS, "OT3": ["ghazghkull"]}, ["move ghazghkull OT4"])
    assert len(s.stack("OT4", ORKS)) == 4 and top(s) != "Overstacked"
    # Hades: the hive, a fortification, Yarrick and Dante on top of three Imperial armies.
    stacks = {"HAD": ["fortification-1", "yarrick", "guard-1", "guard-6"], "F1": ["dante"],
              "S1": ["hive-gangs-1"], "OT4": ["ghazghkull"]}  # fmt: skip
    s = after_movement(stacks, ["move dante HAD", "move hive-gangs-1 HAD"], side=IMPERIUM)
    assert sorted(s.stack("HAD", IMPERIUM)) == sorted(
        ["hive-hades", "fortification-1", "yarrick", "dante", "guard-1", "guard-6",
         "hive-gangs-1"]
    )  # fmt: skip
    assert top(s) != "Overstacked" and s.location("dante") == "HAD"


@pytest.mark.rule("BFA-STACK-04")
def test_one_ork_tribe_per_stack() -> None:
    stacks = {"OT4": GOFFS[:2], "OT3": ["bad-moon-hordes-1"], "OT9": ["ghazghkull"]}
    s = after_movement(stacks, ["move bad-moon-hordes-1 OT4"])
    assert len(s.stack("OT4", ORKS)) == 3  # within the limit, yet illegal
    assert top(s) == "Overstacked" and s.current_player == IMPERIUM
    # A returned Ork counter never joins a stack of another tribe.
    s = position(
        {
            "HAD": ["goff-hordes-1"],
            "F1": ["goff-hordes-2"],
            "OT4": ["ghazghkull"],
            "OT3": ["evil-sunz-hordes-1"],
        },
        side=ORKS,
        phase="build",
        turn=2,
        ruined=["hive-hades", "factory-F1"],
    )
    areas = {
        a.area
        for a in s.legal_actions()
        if isinstance(a, act.Return) and a.counter == "bad-moon-hordes-1"
    }
    assert areas and not areas & {"HAD", "F1", "OT3", "OT4"}
    assert refused(s, "return bad-moon-hordes-1 HAD") == "BFA-BUILD-21"
    goff = {
        a.area
        for a in s.legal_actions()
        if isinstance(a, act.Return) and a.counter == "goff-hordes-3"
    }
    assert {"HAD", "F1", "OT4"} <= goff and "OT3" not in goff


@pytest.mark.rule("BFA-STACK-05")
def test_an_illegal_stack_is_found_at_once_and_the_opponent_chooses() -> None:
    # Orks over-stacked: the Imperial player must choose, with nothing to spot.
    s = after_movement(
        {"OT4": GOFFS, "OT3": ["goff-hordes-4"], "OT9": ["ghazghkull"]}, ["move goff-hordes-4 OT4"]
    )
    assert top(s) == "Overstacked" and s.current_player == IMPERIUM
    s = s.apply("eliminate goff-hordes-2")
    assert s.location("goff-hordes-2") == DEAD
    assert len(s.stack("OT4", ORKS)) == 3 and top(s) != "Overstacked"
    # Imperial over-stacking: the Ork player chooses.
    stacks = {"HAD": ["guard-1", "guard-6", "hive-gangs-1"], "F1": ["guard-5"],
              "OT4": ["ghazghkull"]}  # fmt: skip
    s = after_movement(stacks, ["move guard-5 HAD"], side=IMPERIUM)
    assert top(s) == "Overstacked" and s.current_player == ORKS
    s = s.apply("eliminate guard-1")
    assert s.location("guard-1") == DEAD and top(s) != "Overstacked"
    # Until the stack is legal the opponent keeps choosing.
    s = after_movement(
        {"OT4": GOFFS, "OT3": ["goff-hordes-4", "goff-hordes-5"], "OT9": ["ghazghkull"]},
        ["move goff-hordes-4 OT4", "move goff-hordes-5 OT4"],
    )
    s = s.apply("eliminate goff-hordes-5")
    assert top(s) == "Overstacked" and s.current_player == IMPERIUM
    s = s.apply("eliminate goff-hordes-1")
    assert top(s) != "Overstacked" and len(s.stack("OT4", ORKS)) == 3


@pytest.mark.rule("BFA-STACK-06", "BFA-GAP-16")
def test_removal_from_an_over_limit_stack_spares_ghazghkull() -> None:
    s = after_movement(
        {"OT4": ["ghazghkull", *GOFFS], "OT3": ["goff-hordes-4"]}, ["move goff-hordes-4 OT4"]
    )
    assert top(s) == "Overstacked"
    assert choices(s) == {*GOFFS, "goff-hordes-4"}
    assert refused(s, "eliminate ghazghkull") == "BFA-STACK-06"
    s = s.apply("eliminate goff-hordes-4")
    assert s.location("ghazghkull") == "OT4" and top(s) != "Overstacked"
    # The same for the Imperial exempt counters: Yarrick, the hive and the fortification stay.
    stacks = {"HAD": ["yarrick", "fortification-1", "guard-1", "guard-6", "hive-gangs-1"],
              "F1": ["guard-5"], "OT4": ["ghazghkull"]}  # fmt: skip
    s = after_movement(stacks, ["move guard-5 HAD"], side=IMPERIUM)
    assert choices(s) == {"guard-1", "guard-5", "guard-6", "hive-gangs-1"}
    for exempt in ("yarrick", "fortification-1", "hive-hades"):
        assert refused(s, f"eliminate {exempt}") == "BFA-STACK-06"


@pytest.mark.rule("BFA-STACK-06", "BFA-GAP-16")
def test_removal_from_a_mixed_tribe_stack_takes_the_offending_tribe() -> None:
    stacks = {"OT4": ["ghazghkull", *GOFFS[:2]], "OT3": ["bad-moon-hordes-1"]}
    s = after_movement(stacks, ["move bad-moon-hordes-1 OT4"])
    assert top(s) == "Overstacked"
    assert choices(s) == {"bad-moon-hordes-1"}
    for goff in ("ghazghkull", "goff-hordes-1"):
        assert refused(s, f"eliminate {goff}") == "BFA-STACK-06"
    s = s.apply("eliminate bad-moon-hordes-1")
    assert s.stack("OT4", ORKS) == ("ghazghkull", "goff-hordes-1", "goff-hordes-2")
    assert top(s) != "Overstacked"
    # Mixed and over the limit: first the other tribe goes, then one more of the Goffs.
    stacks = {"OT4": GOFFS, "OT3": ["goff-hordes-4", "bad-moon-hordes-1"], "OT9": ["ghazghkull"]}
    s = after_movement(stacks, ["move goff-hordes-4 OT4", "move bad-moon-hordes-1 OT4"])
    assert choices(s) == {"bad-moon-hordes-1"}
    s = s.apply("eliminate bad-moon-hordes-1")
    assert choices(s) == {*GOFFS, "goff-hordes-4"}


@pytest.mark.rule("BFA-STACK-07")
def test_stacking_binds_setup_retreats_and_placement_but_movement_only_at_its_end() -> None:
    # Set-up: no fourth counting counter in an Ork territory area.
    s = new_game()
    for counter in ("ghazghkull", "goff-gargant", "goff-nobz-1", "goff-nobz-2"):
        s = s.apply(f"deploy {counter} OT1")
    assert refused(s, "deploy goff-battlewagons-1 OT1") == "BFA-SETUP-07"
    # Movement: a counter passes through, and may stop for a while in, a full stack.
    stacks = {"OT4": GOFFS, "OT3": ["goff-hordes-4", "goff-nobz-1"], "OT9": ["ghazghkull"]}
    s = position(stacks, side=ORKS, phase="movement", turn=2)
    assert s.find_action("move goff-hordes-4 OT5")  # OT5 lies beyond OT4 only
    s = s.apply("move goff-nobz-1 OT4")
    assert len(s.stack("OT4", ORKS)) == 4 and top(s) == "MovementPhase"
    s = s.apply("move goff-hordes-1 OT10").apply("end phase")
    assert top(s) != "Overstacked" and len(s.stack("OT4", ORKS)) == 3
    # Placement: a new Imperial counter never goes to a full stack.
    s = position(
        {"HAD": ["guard-1", "guard-6", "hive-gangs-1"], "OT4": ["ghazghkull"]},
        side=IMPERIUM,
        phase="build",
        turn=2,
    )
    s = s.apply("buy hive-gangs-7").apply("end buying")
    assert s.location("hive-gangs-7") == READY
    places = {a.area for a in s.legal_actions() if isinstance(a, act.Place)}
    assert "INF" in places and "HAD" not in places
    assert refused(s, "place hive-gangs-7 HAD") == "BFA-BUILD-15"
    # Retreat: only into an area where the counter fits; with none, it is destroyed.
    full = {
        "F1": ["guard-9", "guard-10", "guard-11"],
        "INF": ["guard-12", "guard-13", "guard-14"],
        "F3": ["guard-15", "guard-16", "guard-17"],
        "OT9": ["evil-sunz-hordes-1"],
    }
    two, three = ["guard-18", "guard-19"], ["guard-18", "guard-19", "guard-21"]
    for s2, fate in ((two, "S2"), (three, DEAD)):
        s = position(
            {**full, "S2": s2, "N2": ["guard-3"], "OT10": ["goff-hordes-1"], "OT4": ["ghazghkull"]},
            side=ORKS,
            phase="combat",
            turn=2,
        )
        m = Match(s.apply("attack N2 from OT10"), seed=0)
        m.force_dice(5)  # 6 against 2, 3-1: a 5 is DR
        m.roll()
        s = m.state  # type: ignore[assignment]
        if fate == "S2":
            assert s.legal_actions() == [act.RetreatTo("guard-3", "S2")]
            s = s.apply("retreat guard-3 S2")
        assert s.location("guard-3") == fate


# ------------------------------------------------------------------------------------ GAPS


@pytest.mark.rule("BFA-GAP-25")
def test_the_one_tribe_rule_is_also_checked_only_when_movement_ends() -> None:
    stacks = {"OT4": ["goff-hordes-1"], "OT3": ["bad-moon-hordes-1", "bad-moon-hordes-2"],
              "OT9": ["ghazghkull"]}  # fmt: skip
    s = position(stacks, side=ORKS, phase="movement", turn=2)
    # A Bad Moon horde passes through the Goff stack in OT4 to OT5 ...
    assert s.find_action("move bad-moon-hordes-2 OT5")
    s = s.apply("move bad-moon-hordes-2 OT5")
    # ... another joins it for a while, and the Goff leaves: legal when the phase ends.
    s = s.apply("move bad-moon-hordes-1 OT4")
    assert {s.spec(c).tribe for c in s.stack("OT4", ORKS)} == {"goff", "bad-moon"}
    s = s.apply("move goff-hordes-1 OT10").apply("end phase")
    assert top(s) != "Overstacked"
    assert s.stack("OT4", ORKS) == ("bad-moon-hordes-1",)
    assert s.stack("OT5", ORKS) == ("bad-moon-hordes-2",)
