"""Battle for Armageddon movement phases: the MOVE rules, the rulebook's movement example and
the over-stacking example.

The map is reconstructed (research notes 5.7): the Diablo runs between OT9 and F1, F1 is the
Cinder Plain Manufactorum, S1 the ash waste south of it, Hades (HAD) holds the 6th Guard Army.
The reconstructed map has no Sea area (the sea lies beyond the coast), so the impassable
terrain exercised here is the mountains.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from bfa import refused
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.movement import MovementPhase, Overstacked, destinations
from wargames.armageddon.position import position
from wargames.armageddon.state import DEAD, ArmageddonState

BAD_MOONS = {
    "OT9": ["bad-moon-gargant", "bad-moon-battlewagons-1", "bad-moon-battlewagons-2"],
    "OT8": ["bad-moon-nobz-1"],
    "HAD": ["guard-6"],
}
"""The movement example: the Gargant Big Mob and the battlewagons north of the Diablo in OT9,
the Nobz in OT8, the 6th Guard Army in Hades."""


def moves(state: ArmageddonState) -> set[str]:
    return {str(a) for a in state.legal_actions() if str(a).startswith("move ")}


def example(turn: int = 2) -> ArmageddonState:
    """Start of the Ork movement phase of turn 2, the factory in F1 already smoking ruins."""
    return position(BAD_MOONS, side=ORKS, phase="movement", turn=turn, ruined=["factory-F1"])


# ------------------------------------------------------------- the rulebook's movement example


@pytest.mark.rule("BFA-MOVE-14-EX", "BFA-MOVE-11", "BFA-MOVE-12", "BFA-MOVE-02")
def test_movement_example_gargant_crosses_the_diablo_into_the_ruins() -> None:
    s = example()
    assert s.turn == 2 and s.phase == "movement" and s.current_player == ORKS
    assert s.spec("bad-moon-gargant").movement == 1
    assert s.data.board.crosses("OT9", "F1", "river")  # the Diablo
    assert "factory-F1" in s.ruined and not s.units("F1", IMPERIUM)
    # movement 1: one area, the river crossing costing nothing extra
    assert "F1" in destinations(s, "bad-moon-gargant")
    assert "S1" not in destinations(s, "bad-moon-gargant")
    refused(s, "move bad-moon-gargant S1", "BFA-MOVE-02")
    after = s.apply("move bad-moon-gargant F1")
    assert after.location("bad-moon-gargant") == "F1"
    assert after.stack("F1", ORKS) == ("bad-moon-gargant",)


@pytest.mark.rule("BFA-MOVE-15-EX", "BFA-MOVE-10", "BFA-MOVE-02")
def test_movement_example_nobz_go_through_the_gargants_onto_the_ash_waste() -> None:
    s = example().apply("move bad-moon-gargant F1")
    assert s.spec("bad-moon-nobz-1").movement == 2
    assert s.data.board.adjacent("OT8", "F1") and s.data.board.adjacent("F1", "S1")
    assert s.data.board["S1"].terrain == "ash-waste"
    reach = destinations(s, "bad-moon-nobz-1")
    assert {"F1", "S1"} <= set(reach)
    assert "C1" not in reach  # three areas away: beyond a movement of 2
    s = s.apply("move bad-moon-nobz-1 S1")
    assert s.location("bad-moon-nobz-1") == "S1"
    assert s.location("bad-moon-gargant") == "F1"


@pytest.mark.rule("BFA-MOVE-16-EX", "BFA-MOVE-10", "BFA-MOVE-07")
def test_movement_example_battlewagons_must_stop_on_the_ash_waste() -> None:
    s = example().apply("move bad-moon-gargant F1").apply("move bad-moon-nobz-1 S1")
    assert s.spec("bad-moon-battlewagons-1").movement == 3
    reach = set(destinations(s, "bad-moon-battlewagons-1"))
    assert "S1" in reach
    # Nothing is reached by going on from S1: lifting the stop (the Ere We Go! card) adds
    # areas only when some area beyond S1 is open. With the refinery in F2 also in ruins,
    # F2 (OT9 -> F1 -> S1 -> F2, three areas) is such an area: every other way there runs
    # through Imperial Hades or the N1 ash waste.
    assert s.data.board.neighbours("F2") == ("HAD", "M1", "N1", "S1", "W1")
    wider = position(BAD_MOONS, turn=2, ruined=["factory-F1", "factory-F2"])
    wider = wider.apply("move bad-moon-gargant F1").apply("move bad-moon-nobz-1 S1")
    beyond = set(destinations(wider, "bad-moon-battlewagons-1"))
    assert "S1" in beyond
    assert "F2" not in beyond
    lifted = wider.evolve(effects=wider.effects | {"ere-we-go:OT9"})
    assert set(destinations(lifted, "bad-moon-battlewagons-1")) - beyond == {"F2"}
    refused(wider, "move bad-moon-battlewagons-1 F2", "BFA-MOVE-02")
    s = s.apply("move bad-moon-battlewagons-1 S1")
    assert s.location("bad-moon-battlewagons-1") == "S1"
    # the unused movement point is lost: the counter cannot go on from S1
    refused(s, "move bad-moon-battlewagons-1 F2", "BFA-MOVE-07")
    refused(s, "move bad-moon-battlewagons-1 S2", "BFA-MOVE-07")
    assert not any(m.startswith("move bad-moon-battlewagons-1 ") for m in moves(s))
    end = s.apply("end phase")
    assert end.stack("S1", ORKS) == ("bad-moon-nobz-1", "bad-moon-battlewagons-1")
    assert not any(isinstance(t, Overstacked) for t in end.tasks)


# --------------------------------------------------------------------------- the MOVE rules


@pytest.mark.rule("BFA-MOVE-01")
def test_any_number_of_counters_may_move_from_none_to_all() -> None:
    none = example().apply("end phase")
    assert none.location("bad-moon-gargant") == "OT9"
    assert none.location("bad-moon-nobz-1") == "OT8"
    s = example()
    for counter, area in [
        ("bad-moon-gargant", "F1"),
        ("bad-moon-battlewagons-1", "S2"),
        ("bad-moon-battlewagons-2", "OT10"),
        ("bad-moon-nobz-1", "S1"),
    ]:
        s = s.apply(f"move {counter} {area}")
    assert moves(s) == set()  # every counter has moved; only ending the phase is left
    assert [str(a) for a in s.legal_actions()] == ["end phase"]


@pytest.mark.rule("BFA-MOVE-02")
def test_a_counter_moves_up_to_its_movement_value_in_areas() -> None:
    s = position(
        {"C1": ["goff-battlewagons-1"], "S2": ["goff-hordes-1"], "F2": ["guard-6"]},
        turn=2,
        ruined=["factory-F1"],
    )
    board = s.data.board
    for counter in ("goff-battlewagons-1", "goff-hordes-1"):
        reach = destinations(s, counter)
        assert reach
        allowance = s.spec(counter).movement
        start = s.location(counter)
        for area in reach:
            assert 1 <= (board.distance(start, area) or 0) <= allowance
    # hordes (movement 2) in S2: F1 is one area, OT8 two, OT7 three
    hordes = destinations(s, "goff-hordes-1")
    assert {"F1", "OT8"} <= set(hordes)
    assert "OT7" not in hordes
    refused(s, "move goff-hordes-1 OT7", "BFA-MOVE-02")


@pytest.mark.rule("BFA-MOVE-03")
def test_a_counter_with_movement_zero_never_moves() -> None:
    s = position({"HAD": ["guard-6", "fortification-1"]}, side=IMPERIUM, turn=2)
    assert s.spec("fortification-1").movement == 0
    assert s.spec("hive-hades").movement == 0
    refused(s, "move fortification-1 N1", "BFA-MOVE-03")
    refused(s, "move hive-hades N1", "BFA-MOVE-03")
    assert not {m for m in moves(s) if m.split()[1] in ("fortification-1", "hive-hades")}
    assert "move guard-6 N1" in moves(s)


@pytest.mark.rule("BFA-MOVE-04")
def test_no_counter_enters_or_crosses_a_mountain_area() -> None:
    s = position({"C1": ["goff-battlewagons-1"], "S1": ["goff-hordes-1"]}, turn=2)
    board = s.data.board
    assert board["M1"].terrain == "mountain" and board.adjacent("S1", "M1")
    refused(s, "move goff-hordes-1 M1", "BFA-MOVE-04")
    # W2 is two areas from C1 over the Diablo Range (C1 -> M1 -> W2); every other way is
    # mountain, Imperial Acheron or a longer road, so the battlewagons cannot get there.
    assert board.adjacent("C1", "M1") and board.adjacent("M1", "W2")
    reach = destinations(s, "goff-battlewagons-1")
    assert "W2" not in reach
    assert not {"M1", "M2", "M3"} & set(reach)


@pytest.mark.rule("BFA-MOVE-05", "BFA-GAP-10")
def test_no_counter_enters_or_passes_an_area_with_any_enemy_counter() -> None:
    # the factory in F1 intact (an Imperial counter): F1 is closed, and so is everything
    # the Nobz could only reach through it
    s = position({"OT8": ["bad-moon-nobz-1"], "N1": ["yarrick"]}, turn=2)
    assert "factory-F1" not in s.ruined
    reach = destinations(s, "bad-moon-nobz-1")
    assert "F1" not in reach
    assert "S1" not in reach  # OT8 -> F1 -> S1 and OT8 -> HAD -> S1 are both closed
    assert "N1" not in reach  # Yarrick alone (a special counter) holds it
    refused(s, "move bad-moon-nobz-1 F1", "BFA-MOVE-05")
    refused(s, "move bad-moon-nobz-1 N1", "BFA-MOVE-05")
    refused(s, "move bad-moon-nobz-1 S1", "BFA-MOVE-02")
    # the same for the Imperium: no Imperial counter enters an Ork-held area
    imp = position({"HAD": ["guard-6"], "OT8": ["bad-moon-hordes-1"]}, side=IMPERIUM, turn=2)
    refused(imp, "move guard-6 OT8", "BFA-MOVE-05")
    assert "OT8" not in destinations(imp, "guard-6")


@pytest.mark.rule("BFA-MOVE-12", "BFA-GAP-10")
def test_smoking_ruins_do_not_block_movement_but_an_intact_factory_does() -> None:
    ruined = position({"OT8": ["bad-moon-nobz-1"]}, turn=2, ruined=["factory-F1"])
    intact = position({"OT8": ["bad-moon-nobz-1"]}, turn=2)
    assert "F1" in destinations(ruined, "bad-moon-nobz-1")
    assert "S1" in destinations(ruined, "bad-moon-nobz-1")
    assert "F1" not in destinations(intact, "bad-moon-nobz-1")
    after = ruined.apply("move bad-moon-nobz-1 F1")
    assert after.location("bad-moon-nobz-1") == "F1"
    assert "factory-F1" in after.ruined  # entering does not change the ruins


@pytest.mark.rule("BFA-MOVE-06", "BFA-MOVE-07")
def test_counters_move_one_at_a_time_and_a_finished_move_is_final() -> None:
    s = example()
    first = s.apply("move bad-moon-nobz-1 F1")  # one action is the whole move
    assert first.location("bad-moon-nobz-1") == "F1"
    second = first.apply("move bad-moon-gargant OT10")
    # the Nobz may neither continue nor change their move once another counter has moved
    refused(second, "move bad-moon-nobz-1 S1", "BFA-MOVE-07")
    refused(second, "move bad-moon-nobz-1 OT8", "BFA-MOVE-07")
    refused(first, "move bad-moon-nobz-1 S1", "BFA-MOVE-07")
    assert not any(m.startswith("move bad-moon-nobz-1 ") for m in moves(second))
    assert second.location("bad-moon-nobz-1") == "F1"


@pytest.mark.rule("BFA-MOVE-07")
def test_moved_marks_are_cleared_at_the_end_of_the_phase() -> None:
    s = example().apply("move bad-moon-nobz-1 F1")
    assert "bad-moon-nobz-1" in s.used
    end = s.apply("end phase")
    assert end.used == frozenset()
    # a fresh movement phase in the same position lets the counter move again
    again = position({"F1": ["bad-moon-nobz-1"]}, turn=3, ruined=["factory-F1"])
    assert "move bad-moon-nobz-1 S1" in moves(again)


@pytest.mark.rule("BFA-MOVE-08", "BFA-MOVE-13-EX")
def test_a_counter_may_move_through_a_full_friendly_stack() -> None:
    full = ["bad-moon-gargant", "bad-moon-hordes-1", "bad-moon-hordes-2"]
    s = position({"F1": full, "OT8": ["bad-moon-nobz-1"]}, turn=2, ruined=["factory-F1"])
    assert len(s.stack("F1", ORKS)) == 3
    assert "S1" in destinations(s, "bad-moon-nobz-1")  # OT8 -> F1 (full) -> S1
    end = s.apply("move bad-moon-nobz-1 S1").apply("end phase")
    assert end.location("bad-moon-nobz-1") == "S1"
    assert end.stack("F1", ORKS) == tuple(full)
    assert not any(isinstance(t, Overstacked) for t in end.tasks)


@pytest.mark.rule("BFA-MOVE-08", "BFA-MOVE-13-EX")
def test_a_fourth_counter_may_join_a_full_stack_if_one_leaves_before_the_phase_ends() -> None:
    full = ["bad-moon-gargant", "bad-moon-hordes-1", "bad-moon-hordes-2"]
    s = position({"F1": full, "OT8": ["bad-moon-nobz-1"]}, turn=2, ruined=["factory-F1"])
    s = s.apply("move bad-moon-nobz-1 F1")
    assert len(s.stack("F1", ORKS)) == 4  # over-stacked in the middle of the phase: allowed
    assert isinstance(s.top, MovementPhase)
    s = s.apply("move bad-moon-hordes-1 S2")
    end = s.apply("end phase")
    assert set(end.stack("F1", ORKS)) == {
        "bad-moon-gargant",
        "bad-moon-hordes-2",
        "bad-moon-nobz-1",
    }
    assert end.location("bad-moon-hordes-1") == "S2"
    assert not any(isinstance(t, Overstacked) for t in end.tasks)
    assert all(end.location(c) != DEAD for c in [*full, "bad-moon-nobz-1"])


@pytest.mark.rule("BFA-MOVE-08", "BFA-GAP-25")
def test_tribes_may_share_an_area_in_the_middle_of_a_move() -> None:
    s = position(
        {"F1": ["bad-moon-hordes-1"], "OT8": ["goff-hordes-1"]}, turn=2, ruined=["factory-F1"]
    )
    assert "S1" in destinations(s, "goff-hordes-1")  # through the Bad Moon stack
    s = s.apply("move goff-hordes-1 F1")  # a mixed stack for now
    s = s.apply("move bad-moon-hordes-1 S2")
    end = s.apply("end phase")
    assert end.stack("F1", ORKS) == ("goff-hordes-1",)
    assert not any(isinstance(t, Overstacked) for t in end.tasks)


@pytest.mark.rule("BFA-MOVE-09")
def test_over_stacking_left_at_the_end_is_cured_by_the_opponent() -> None:
    full = ["bad-moon-gargant", "bad-moon-hordes-1", "bad-moon-hordes-2"]
    s = position(
        {"F1": full, "OT8": ["bad-moon-nobz-1"], "OT4": ["ghazghkull"]},
        turn=2,
        ruined=["factory-F1"],
    )
    s = s.apply("move bad-moon-nobz-1 F1").apply("end phase")
    assert isinstance(s.top, Overstacked)
    assert s.current_player == IMPERIUM  # the opponent chooses
    assert {str(a) for a in s.legal_actions()} == {
        f"eliminate {c}" for c in [*full, "bad-moon-nobz-1"]
    }
    after = s.apply("eliminate bad-moon-gargant")
    assert after.location("bad-moon-gargant") == DEAD
    assert len(after.stack("F1", ORKS)) == 3
    assert not any(isinstance(t, Overstacked) for t in after.tasks)


@pytest.mark.rule("BFA-MOVE-09")
def test_a_mixed_tribe_stack_at_the_end_is_cured_by_the_opponent() -> None:
    s = position(
        {
            "F1": ["bad-moon-hordes-1", "bad-moon-hordes-2"],
            "OT9": ["goff-hordes-1"],
            "OT4": ["ghazghkull"],
        },
        turn=2,
        ruined=["factory-F1"],
    )
    s = s.apply("move goff-hordes-1 F1").apply("end phase")
    assert isinstance(s.top, Overstacked) and s.current_player == IMPERIUM
    offered = {str(a) for a in s.legal_actions()}
    assert "eliminate goff-hordes-1" in offered
    assert offered <= {f"eliminate {c}" for c in s.stack("F1", ORKS)}
    after = s.apply("eliminate goff-hordes-1")
    assert after.stack("F1", ORKS) == ("bad-moon-hordes-1", "bad-moon-hordes-2")


@pytest.mark.rule("BFA-MOVE-09", "BFA-GAP-16")
def test_the_opponent_cures_an_imperial_stack_and_never_takes_an_exempt_counter() -> None:
    had = ["guard-1", "guard-6", "hive-gangs-1", "yarrick", "fortification-1"]
    s = position({"HAD": had, "F1": ["guard-2"], "OT4": ["ghazghkull"]}, side=IMPERIUM, turn=2)
    s = s.apply("move guard-2 HAD").apply("end phase")
    assert isinstance(s.top, Overstacked) and s.top.area == "HAD"
    assert s.current_player == ORKS
    assert {str(a) for a in s.legal_actions()} == {
        f"eliminate {c}" for c in ("guard-1", "guard-2", "guard-6", "hive-gangs-1")
    }
    refused(s, "eliminate yarrick", "BFA-STACK-06")
    after = s.apply("eliminate guard-1")
    assert after.location("guard-1") == DEAD
    assert set(after.stack("HAD", IMPERIUM)) == {
        "hive-hades",
        "yarrick",
        "fortification-1",
        "guard-2",
        "guard-6",
        "hive-gangs-1",
    }


@pytest.mark.rule("BFA-MOVE-09")
def test_a_legal_stack_at_the_end_loses_nothing() -> None:
    s = example()
    s = s.apply("move bad-moon-battlewagons-1 F1").apply("move bad-moon-battlewagons-2 F1")
    s = s.apply("move bad-moon-gargant F1")
    end = s.apply("end phase")
    assert len(end.stack("F1", ORKS)) == 3
    assert not any(isinstance(t, Overstacked) for t in end.tasks)


@pytest.mark.rule("BFA-MOVE-10", "BFA-GAP-02")
def test_entering_an_ash_waste_ends_the_move_for_both_sides() -> None:
    orks = position({"OT10": ["goff-battlewagons-1"]}, turn=2)
    board = orks.data.board
    assert board["N2"].terrain == "ash-waste"
    reach = destinations(orks, "goff-battlewagons-1")
    assert "N2" in reach
    assert "S2" not in reach  # OT10 -> N2 -> S2 would go on from the ash waste
    imp = position({"C1": ["guard-11"]}, side=IMPERIUM, turn=2)
    assert imp.spec("guard-11").movement == 2
    reach = destinations(imp, "guard-11")
    assert "S1" in reach and board["S1"].terrain == "ash-waste"
    assert not {"F2", "HAD"} & set(reach)  # C1 -> S1 -> F2 / HAD would go on from S1
    assert {"S2", "F1", "C3"} <= set(reach)  # open ground does not stop a move


# ------------------------------------------------------------------- a reference reachability


def reference_reach(s: ArmageddonState, counter: str) -> set[str]:
    """Areas at the end of some route of at most ``movement`` areas that enters no
    impassable or enemy-held area and goes on from no area that stops a move."""
    data = s.data
    side = s.spec(counter).side
    enemy = s.occupied(IMPERIUM if side == ORKS else ORKS)
    found: set[str] = set()

    def walk(here: str, left: int) -> None:
        if left == 0:
            return
        for nxt in data.board.neighbours(here):
            terrain = data.terrain[data.board[nxt].terrain]
            if not terrain.enterable or nxt in enemy:
                continue
            found.add(nxt)
            if side not in terrain.stops:
                walk(nxt, left - 1)

    walk(s.location(counter), s.spec(counter).movement)
    found.discard(s.location(counter))
    return found


PASSABLE = [
    "OT7", "OT8", "OT9", "OT10", "OT11", "N1", "N2", "N3", "S1", "S2", "S3", "W1", "C1", "C2",
    "E1", "W2", "C3", "E2", "C4", "E3", "S4", "S5", "S6", "S7", "S8", "S9", "W3",
]  # fmt: skip
MOVERS = [
    "goff-battlewagons-1",
    "goff-hordes-1",
    "goff-gargant",
    "rough-riders-1",
    "guard-11",
    "guard-6",
    "blood-angels",
]


@given(
    mover=st.sampled_from(MOVERS),
    start=st.sampled_from(PASSABLE),
    enemies=st.lists(st.sampled_from(PASSABLE), max_size=5, unique=True),
)
@settings(max_examples=60, deadline=None)
@pytest.mark.rule("BFA-MOVE-02", "BFA-MOVE-04", "BFA-MOVE-05", "BFA-MOVE-10")
def test_reach_matches_a_route_by_route_reading_of_the_rules(
    mover: str, start: str, enemies: Iterable[str]
) -> None:
    spare = iter(
        [
            "bad-moon-hordes-1",
            "bad-moon-hordes-2",
            "bad-moon-hordes-3",
            "bad-moon-hordes-4",
            "bad-moon-hordes-5",
        ]
    )
    mine = position({start: [mover]}, turn=2)
    side = mine.spec(mover).side
    foes = iter([f"guard-{n}" for n in (17, 18, 19, 21, 22)]) if side == ORKS else spare
    stacks: dict[str, list[str]] = {start: [mover]}
    for area in enemies:
        if area != start:
            stacks[area] = [next(foes)]
    s = position(stacks, side=side, turn=2)
    assert set(destinations(s, mover)) == reference_reach(s, mover)
    assert {m.split()[2] for m in moves(s) if m.split()[1] == mover} == reference_reach(s, mover)


@pytest.mark.rule("BFA-CARDS-02")
def test_the_rail_network_follows_the_imperial_counters_as_they_move() -> None:
    """Rail Convoy (reconstructed card: a stack moves any distance through connected areas
    holding Imperial counters and in supply): once the 18th Army has left C1, the rail link
    C3 - C1 - S2 is broken for the counters that move after it."""
    s = position(
        {"C3": ["guard-17"], "C1": ["guard-18"], "S2": ["guard-19"]}, side=IMPERIUM, turn=2
    )
    s = s.evolve(effects=s.effects | {"rail:C3"})
    assert {"S2", "F1", "HAD"} <= set(destinations(s, "guard-17"))
    s = s.apply("move guard-18 C3")
    assert not {"S2", "F1", "HAD"} & set(destinations(s, "guard-17"))
    offered = {m.split()[2] for m in moves(s) if m.split()[1] == "guard-17"}
    assert offered == set(destinations(s, "guard-17"))
    refused(s, "move guard-17 S2", "BFA-MOVE-02")
