"""Battle for Armageddon build phases: the Imperial build points, costs, production track and
placement; the Ork return of destroyed counters; the first-turn halving.

The cost table and the production-track layout are missing from the source and reconstructed
in ``data/costs.toml`` (guard army 5 points / 2 spaces, rough riders 4 / 2, hive gangs 2 / 1,
titan legion 8 / 3, fortification 2 / 2); the hives and factories carry reconstructed defence
values (Hades, Acheron, Tartarus 3; Helsreach, Infernus 2; seven factories 1 each: 20 in all).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest
from bfa import E2_CUT, GHAZ, deal, refused, segment, start_turn, top, violation

from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.game import new_game
from wargames.armageddon.position import position
from wargames.armageddon.state import DEAD, POOL, READY, ArmageddonState
from wargames.armageddon.supply import supplied_areas
from wargames.core.engine import Match

# -- helpers -------------------------------------------------------------------------------------


def legal(state: ArmageddonState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def imperial_build(
    stacks: Mapping[str, Iterable[str]], turn: int = 2, ruined: Iterable[str] = ()
) -> ArmageddonState:
    """The start of an Imperial build phase."""
    s = segment(stacks, phase="build", turn=turn, ruined=ruined)
    assert top(s) == "ImperialBuild"
    return s


def ork_build(stacks: Mapping[str, Iterable[str]], ruined: Iterable[str] = ()) -> ArmageddonState:
    """The start of an Ork build phase on turn 2."""
    s = position(stacks, side=ORKS, phase="build", turn=2, ruined=ruined)
    assert top(s) == "OrkBuild"
    return s


def points(state: ArmageddonState) -> int:
    """Build points left to spend in the current Imperial build phase."""
    assert top(state) == "ImperialBuild"
    return int(state.top.points)  # type: ignore[attr-defined]


def intact_sum(state: ArmageddonState) -> int:
    """Sum of the defence of the hives and factories on the map showing their intact side."""
    return sum(
        spec.defence
        for c, spec in state.data.counters.items()
        if spec.kind in ("hive", "factory")
        and state.location(c) in state.data.board
        and c not in state.ruined
    )


def end_everything(m: Match) -> ArmageddonState:
    """Pass every decision (ending phases, declining cards and advances) until the next
    strategy segment asks the Orks for their plan."""
    while True:
        s = m.advance()
        if type(s.top).__name__ == "PlanCards":
            return s
        ends = [a for a in s.legal_actions() if str(a).startswith("end ")]
        if type(s.top).__name__ == "Arrive":  # the Space Marines' arrival (turn 2): placed
            ends = list(s.legal_actions())
        assert ends, f"no way to pass at {s.top}"
        m.apply(ends[0])


def deploy_orks(m: Match, prefer: Mapping[str, tuple[str, ...]]) -> ArmageddonState:
    """Deploy the whole Ork army, each tribe in its preferred areas while they have room."""
    while type(m.state.top).__name__ == "DeployOrks":
        options = m.state.legal_actions()
        tribe = m.state.spec(options[0].counter).tribe  # type: ignore[attr-defined]
        pick = next((a for a in options if a.area in prefer.get(tribe, ())), options[0])  # type: ignore[attr-defined]
        m.apply(pick)
    return deal(m)


# -- the build points track ----------------------------------------------------------------------


@pytest.mark.rule("BFA-BUILD-02")
def test_track_is_the_sum_of_intact_hive_and_factory_defence() -> None:
    s = new_game()
    defences = {
        c: spec.defence for c, spec in s.data.counters.items() if spec.kind in ("hive", "factory")
    }
    assert len(defences) == 12
    assert all(s.location(c) in s.data.board for c in defences)
    assert s.build_points == sum(defences.values()) == intact_sum(s) == 20


@pytest.mark.rule("BFA-BUILD-03", "BFA-BUILD-02")
def test_ruining_a_factory_or_hive_lowers_the_track_by_its_defence() -> None:
    """An Ork DE against a lone factory (defence 1) and then a lone hive (Hades, 3)."""
    s = position(
        {
            **GHAZ,
            "OT9": ["goff-gargant", "goff-nobz-1", "goff-hordes-1"],
            "OT7": ["bad-moon-gargant", "bad-moon-nobz-1", "bad-moon-hordes-1"],
        },
        side=ORKS,
        phase="combat",
        turn=2,
    )
    m = Match(s, seed=1)
    assert s.build_points == 20
    m.apply("attack F1 from OT9")
    m.force_dice(6)
    m.advance()
    m.apply("end advance")
    assert m.state.ruined == {"factory-F1"}
    assert m.state.build_points == 19 == intact_sum(m.state)
    m.apply("attack HAD from OT7")
    m.force_dice(6)
    m.advance()
    m.apply("end advance")
    assert m.state.ruined == {"factory-F1", "hive-hades"}
    assert m.state.build_points == 16 == intact_sum(m.state)


# -- how many points a build phase gives ---------------------------------------------------------


@pytest.mark.rule("BFA-SURPRISE-04", "BFA-GAP-13", "BFA-BUILD-05", "BFA-SURPRISE-05")
@pytest.mark.parametrize(
    ("ruined", "track", "turn_one", "later"),
    [
        ((), 20, 10, 20),
        (("factory-F1",), 19, 9, 19),
        (("hive-hades",), 17, 8, 17),
        (("hive-helsreach", "factory-F2", "factory-F3"), 16, 8, 16),
    ],
)
def test_turn_one_allowance_is_half_the_track_rounded_down(
    ruined: tuple[str, ...], track: int, turn_one: int, later: int
) -> None:
    first = imperial_build({}, turn=1, ruined=ruined)
    assert first.build_points == track
    assert points(first) == turn_one
    second = imperial_build({}, turn=2, ruined=ruined)
    assert second.build_points == track
    assert points(second) == later


@pytest.mark.rule("BFA-SURPRISE-04", "BFA-GAP-13", "BFA-BUILD-05")
def test_turn_one_with_a_factory_ruined_gives_nine_points_not_ten() -> None:
    """19 halves to 9 (rounded down): an 8-point titan leaves 1, too little for hive gangs
    (2); rounding up would have left 2. The track itself stays at 19."""
    s = imperial_build({}, turn=1, ruined=["factory-F1"])
    assert points(s) == 9
    s = s.apply("buy titan-2")
    assert points(s) == 1
    assert s.build_points == 19
    assert not any(str(a).startswith("buy ") for a in s.legal_actions())
    assert refused(s, "buy hive-gangs-7") == "BFA-BUILD-05"


@pytest.mark.rule("BFA-SURPRISE-04", "BFA-GAP-13", "BFA-BUILD-05", "BFA-BUILD-03")
def test_turn_one_game_both_imperial_build_phases_are_halved() -> None:
    """A real first turn: the Orks (initiative) ruin factory F1 in the first action segment;
    both Imperial build phases of turn 1 then give 19 // 2 = 9 points, each starting afresh,
    while the track stays at 19; on turn 2 the full 19 is available."""
    m = Match(new_game(), seed=11)
    deploy_orks(m, {"goff": ("OT9",), "bad-moon": ("OT8",)})
    assert {m.state.spec(c).tribe for c in m.state.stack("OT9", ORKS)} == {"goff"}
    s = start_turn(m, "orks-cm orks-mc", "imperium-mb imperium-bc", initiative=ORKS)
    assert (s.turn, s.segment, s.acting, s.phase) == (1, 1, ORKS, "combat")
    m.apply("attack F1 from OT9")
    m.force_dice(6)  # 6 + 1 (First Turn Surprise) - 1 (river) - 1 (industrial) at 6-1: DE
    s = m.advance()
    if "keep" in legal(s):  # Ghazghkull's re-roll is not wanted
        s = m.apply("keep")
    assert s.ruined == {"factory-F1"}
    assert s.build_points == 19
    m.apply("end advance")
    m.apply("end phase")  # Ork combat
    m.apply("end phase")  # Ork movement
    s = m.advance()
    assert (s.segment, s.acting, s.phase) == (2, IMPERIUM, "movement")
    s = m.apply("end phase")
    assert points(s) == 9
    s = m.apply("buy guard-9")
    assert points(s) == 4
    m.apply("end buying")
    m.apply("end build")
    s = m.advance()
    assert (s.segment, s.acting) == (3, ORKS)
    m.apply("end phase")
    m.apply("end phase")
    s = m.advance()
    assert (s.segment, s.acting, s.phase) == (4, IMPERIUM, "build")
    assert points(s) == 9  # not the 4 left over, not 9 + 4, not the full track
    assert s.build_points == 19
    end_everything(m)
    s = start_turn(m, "orks-mc orks-cm", "imperium-bm imperium-mc")
    assert (s.turn, s.acting, s.phase) == (2, IMPERIUM, "build")
    assert points(s) == 19


@pytest.mark.rule("BFA-BUILD-05")
def test_spending_keeps_the_track_and_unspent_points_are_lost() -> None:
    """Two Imperial build phases in one turn (cards movement-build, then build-combat): the
    first spends 5 of 20 and loses the other 15; the second starts from the full 20 again."""
    s = position(GHAZ, side=ORKS, phase="build", turn=4)
    m = Match(s, seed=2)
    end_everything(m)
    s = start_turn(m, "orks-mc orks-cm", "imperium-mb imperium-bc")
    m.apply("end phase")
    assert points(m.state) == 20
    s = m.apply("buy guard-9")
    assert points(s) == 15
    assert s.build_points == 20
    m.apply("end buying")
    s = m.apply("end build")
    assert s.build_points == 20
    m.apply("end phase")  # Ork segment
    m.apply("end phase")
    s = m.advance()
    assert (s.segment, s.acting, s.phase) == (3, IMPERIUM, "build")
    assert points(s) == 20
    assert s.build_points == 20


# -- what may be bought ---------------------------------------------------------------------------


@pytest.mark.rule("BFA-BUILD-06", "BFA-BUILD-11", "BFA-GAP-06")
def test_costs_and_track_spaces_come_from_the_reconstructed_table() -> None:
    s = imperial_build({})
    table = {k: (c.cost, c.space) for k, c in s.data.costs.items()}
    assert table == {
        "guard-army": (5, 2),
        "rough-riders": (4, 2),
        "hive-gangs": (2, 1),
        "titan-legion": (8, 3),
        "fortification": (2, 2),
    }
    for counter in ("guard-9", "rough-riders-3", "hive-gangs-7", "titan-2", "fortification-6"):
        cost = s.data.costs[s.spec(counter).kind]
        after = s.apply(f"buy {counter}")
        assert points(after) == 20 - cost.cost
        assert after.location(counter) == f"@track{cost.space}"


@pytest.mark.rule("BFA-BUILD-05", "BFA-BUILD-06")
def test_only_affordable_counters_are_offered() -> None:
    """Turn 1 with Hades, Acheron and Tartarus ruined: 11 // 2 = 5 points. A guard army
    (5) is offered; after hive gangs (2), 3 are left: no guard army, no rough riders (4)."""
    s = imperial_build({}, turn=1, ruined=["hive-hades", "hive-acheron", "hive-tartarus"])
    assert points(s) == 5
    assert {"buy guard-9", "buy rough-riders-3", "buy hive-gangs-7"} <= legal(s)
    assert "buy titan-2" not in legal(s)
    s = s.apply("buy hive-gangs-7")
    assert points(s) == 3
    offered = {str(a).split()[1] for a in s.legal_actions() if str(a).startswith("buy ")}
    assert offered
    assert all(s.data.costs[s.spec(c).kind].cost <= 3 for c in offered)
    assert refused(s, "buy guard-9") == "BFA-BUILD-05"
    assert refused(s, "buy rough-riders-3") == "BFA-BUILD-05"


@pytest.mark.rule("BFA-BUILD-06", "BFA-BUILD-07-EX")
def test_space_marine_chapters_are_never_offered() -> None:
    s = imperial_build({})
    chapters = [c for c, spec in s.data.counters.items() if spec.kind == "chapter"]
    assert len(chapters) >= 3
    assert all(s.location(c) == POOL for c in chapters)
    assert "chapter" not in s.data.costs
    assert not any(a.split()[1] in chapters for a in legal(s) if a.startswith("buy "))
    assert refused(s, f"buy {chapters[0]}") == "BFA-BUILD-06"


@pytest.fixture(scope="module")
def after_losses() -> Match:
    """The Blood Angels and the 21st Guard Army are cut off in E2 in an Imperial segment of
    turn 4 and destroyed by the supply check; turn 5 begins with an Imperial build phase."""
    s = segment(
        {"E2": ["blood-angels", "guard-21"], "HAD": ["guard-1"], **E2_CUT}, ruined=["factory-F4"]
    )
    m = Match(s, seed=3)
    end_everything(m)
    start_turn(m, "orks-mc orks-cm", "imperium-bm imperium-mc")
    return m


@pytest.mark.rule("BFA-BUILD-07-EX", "BFA-BUILD-06")
def test_a_lost_chapter_can_never_be_rebuilt(after_losses: Match) -> None:
    s = after_losses.state
    assert (s.turn, s.acting, s.phase) == (5, IMPERIUM, "build")
    assert s.location("blood-angels") == DEAD
    assert "buy blood-angels" not in legal(s)
    assert refused(s, "buy blood-angels") == "BFA-BUILD-06"


@pytest.mark.rule("BFA-BUILD-08")
def test_lost_and_set_aside_counters_may_be_built_but_not_those_in_play(
    after_losses: Match,
) -> None:
    s = after_losses.state
    assert s.location("guard-21") == DEAD
    assert s.location("guard-9") == POOL
    assert {"buy guard-21", "buy guard-9"} <= legal(s)
    assert s.location("guard-1") == "HAD"
    assert "buy guard-1" not in legal(s)
    assert refused(s, "buy guard-1") == "BFA-BUILD-08"
    bought = s.apply("buy guard-21")
    assert bought.location("guard-21") == "@track2"


@pytest.mark.rule("BFA-BUILD-09", "BFA-BUILD-10-EX")
def test_any_guard_army_costs_the_same() -> None:
    """The 1st Army (4-5-1) and the 20th Army (2-3-1) both cost a guard army's 5 points,
    and the player gets exactly the one he picks."""
    s = imperial_build({})
    first, twentieth = s.spec("guard-1"), s.spec("guard-20")
    assert (first.attack, first.defence, first.movement) == (4, 5, 1)
    assert (twentieth.attack, twentieth.defence, twentieth.movement) == (2, 3, 1)
    guards = [c for c, spec in s.data.counters.items() if spec.kind == "guard-army"]
    assert {f"buy {c}" for c in guards} <= legal(s)
    left = {points(s.apply(f"buy {c}")) for c in guards}
    assert left == {15}
    took = s.apply("buy guard-20")
    assert took.location("guard-20") == "@track2"
    assert took.location("guard-1") == POOL
    # with exactly a guard army's cost left, the strong 1st and the weak 20th are both offered
    low = s
    for c in [c for c in guards if c not in ("guard-1", "guard-20")][:3]:
        low = low.apply(f"buy {c}")
    assert points(low) == 5
    assert {"buy guard-1", "buy guard-20"} <= legal(low)


# -- the production track --------------------------------------------------------------------------


@pytest.mark.rule("BFA-BUILD-11", "BFA-BUILD-12", "BFA-BUILD-13", "BFA-BUILD-14-EX")
def test_bought_counters_go_to_their_space_and_the_whole_track_moves() -> None:
    s = imperial_build({})
    s = s.apply("buy titan-2").apply("buy guard-9").apply("buy hive-gangs-7")
    assert [s.location(c) for c in ("titan-2", "guard-9", "hive-gangs-7")] == [
        "@track3",
        "@track2",
        "@track1",
    ]
    assert points(s) == 5
    s = s.apply("end buying")
    assert [s.location(c) for c in ("titan-2", "guard-9", "hive-gangs-7")] == [
        "@track2",
        "@track1",
        READY,
    ]
    places = {a for a in legal(s) if a.startswith("place ")}
    assert "place hive-gangs-7 HAD" in places
    assert not any(a.split()[1] in ("titan-2", "guard-9") for a in places)
    s = s.apply("place hive-gangs-7 HAD")
    assert s.location("hive-gangs-7") == "HAD"  # on the map in the phase it was bought


@pytest.mark.rule("BFA-BUILD-12", "BFA-BUILD-13", "BFA-GAP-24")
def test_a_guard_army_needs_the_next_build_phase_and_ready_counters_wait() -> None:
    """First build phase: guard army, titan and hive gangs bought; the hive gangs reach the
    'ready' box and are left there (placing is optional). In the movement phase between, no
    placement is possible. Second build phase: the track moves again (guard army ready, titan
    one space on), the hive gangs are still in the box, and both may be placed."""
    s = position(GHAZ, side=ORKS, phase="build", turn=4)
    m = Match(s, seed=4)
    end_everything(m)
    start_turn(m, "orks-mc orks-cm", "imperium-bm imperium-mc")
    for counter in ("guard-9", "titan-2", "hive-gangs-7"):
        m.apply(f"buy {counter}")
    s = m.apply("end buying")
    assert {a for a in legal(s) if a.startswith("place ")} == {
        f"place hive-gangs-7 {area}" for area in ("HAD", "ACH", "TAR", "HEL", "INF")
    } | {f"place hive-gangs-7 F{i}" for i in range(1, 8)}
    s = m.apply("end build")
    assert (s.phase, s.location("hive-gangs-7")) == ("movement", READY)
    assert not any(a.startswith("place ") for a in legal(s))
    violation(s, "place hive-gangs-7 HAD")
    end_everything(m)
    s = start_turn(m, "orks-mc orks-cm", "imperium-bm imperium-mc")
    assert (s.turn, s.phase) == (6, "build")
    assert [s.location(c) for c in ("guard-9", "titan-2", "hive-gangs-7")] == [
        "@track1",
        "@track2",
        READY,
    ]
    s = m.apply("end buying")
    assert [s.location(c) for c in ("guard-9", "titan-2", "hive-gangs-7")] == [
        READY,
        "@track1",
        READY,
    ]
    assert {"place guard-9 HAD", "place hive-gangs-7 HAD"} <= legal(s)
    assert not any(a.startswith("place titan-2") for a in legal(s))
    s = m.apply("place guard-9 HAD")
    s = m.apply("place hive-gangs-7 TAR")
    assert (s.location("guard-9"), s.location("hive-gangs-7")) == ("HAD", "TAR")


@pytest.mark.rule("BFA-BUILD-01", "BFA-PHASE-01", "BFA-GAP-24")
def test_building_outside_a_build_phase_is_refused_naming_the_phase_rule() -> None:
    s = position({**GHAZ, "HAD": ["guard-1"]}, side=IMPERIUM, phase="movement", turn=2)
    for action in ("buy guard-9", "place guard-9 HAD"):
        err = violation(s, action)
        assert err.rule == "BFA-PHASE-01"
        assert "build phase" in err.message


@pytest.mark.rule("BFA-BUILD-01")
def test_without_a_build_card_the_imperium_adds_nothing() -> None:
    """A turn with movement-combat and combat-movement: no purchase or placement is ever
    offered, the pool keeps every counter and the track is untouched."""
    s = position({**GHAZ, "HAD": ["guard-1"]}, side=ORKS, phase="build", turn=4)
    m = Match(s, seed=5)
    end_everything(m)
    pool = m.state.in_box(POOL, IMPERIUM)
    start_turn(m, "orks-mc orks-cm", "imperium-mc imperium-cm")
    seen: set[str] = set()
    while m.state.turn == 5:
        s = m.advance()
        if s.acting == IMPERIUM:
            seen |= {s.phase or ""}
            assert not any(a.startswith(("buy ", "place ", "rebuild ")) for a in legal(s))
            violation(s, "buy guard-9")
        ends = [a for a in s.legal_actions() if str(a).startswith("end ")]
        if type(s.top).__name__ == "PlanCards":
            break
        m.apply(ends[0])
    assert seen == {"movement", "combat"}
    assert m.state.in_box(POOL, IMPERIUM) == pool
    assert not m.state.in_box(READY) and m.state.build_points == 20


# -- placing ready counters ----------------------------------------------------------------------


@pytest.mark.rule("BFA-BUILD-15", "BFA-GAP-23")
def test_ready_counters_go_only_with_an_intact_hive_or_factory_with_room() -> None:
    """F1 is ruined (an Imperial unit stands there); F3 holds three counting counters; F2 is
    intact but cut off by Orks (supply is not required); N2 and ruined Hades have no intact
    hive or factory."""
    s = imperial_build(
        {
            "F1": ["hive-gangs-6"],
            "F3": ["guard-2", "guard-3", "guard-5"],
            "N2": ["guard-4"],
            "HAD": ["bad-moon-hordes-1"],
            "N1": ["bad-moon-hordes-2"],
            "S1": ["bad-moon-hordes-3"],
            "W1": ["bad-moon-hordes-4"],
        },
        ruined=["factory-F1", "hive-hades"],
    )
    assert "F2" not in supplied_areas(s, IMPERIUM)
    s = s.apply("buy hive-gangs-7").apply("end buying")
    gangs = {a.split()[2] for a in legal(s) if a.startswith("place hive-gangs-7 ")}
    assert gangs == {"ACH", "TAR", "HEL", "INF", "F2", "F4", "F5", "F6", "F7"}
    for area in ("F1", "F3", "N2", "HAD"):
        assert refused(s, f"place hive-gangs-7 {area}") == "BFA-BUILD-15"


@pytest.mark.rule("BFA-BUILD-15")
def test_an_exempt_fortification_may_join_a_full_stack() -> None:
    s = imperial_build({"F3": ["guard-2", "guard-3", "guard-5"]}, turn=4)
    s = s.apply("buy fortification-6").apply("buy hive-gangs-7").apply("end buying")
    s = s.apply("end build")
    m = Match(s, seed=6)
    end_everything(m)
    s = start_turn(m, "orks-mc orks-cm", "imperium-bm imperium-mc")
    s = m.apply("end buying")
    assert s.location("fortification-6") == READY
    assert "place fortification-6 F3" in legal(s)
    assert "place hive-gangs-7 F3" not in legal(s)
    s = m.apply("place fortification-6 F3")
    assert set(s.stack("F3", IMPERIUM)) == {
        "guard-2",
        "guard-3",
        "guard-5",
        "fortification-6",
        "factory-F3",
    }


@pytest.mark.rule("BFA-BUILD-16", "BFA-BUILD-15")
def test_ready_counters_that_do_not_fit_stay_in_the_box_until_a_later_phase() -> None:
    """Every hive and factory but Hades is ruined and Hades holds three guard armies: the
    hive gangs bought (2 of the 3 points) cannot be placed and stay in the 'ready' box. Next
    turn a guard army leaves Hades in the movement phase and the gangs are placed."""
    ruined = ["hive-acheron", "hive-tartarus", "hive-helsreach", "hive-infernus"]
    ruined += [f"factory-F{i}" for i in range(1, 8)]
    s = imperial_build({"HAD": ["guard-1", "guard-6", "guard-8"]}, turn=4, ruined=ruined)
    assert points(s) == 3
    s = s.apply("buy hive-gangs-7").apply("end buying")
    assert s.location("hive-gangs-7") == READY
    assert legal(s) == {"end build"}
    assert refused(s, "place hive-gangs-7 HAD") == "BFA-BUILD-15"
    m = Match(s, seed=7)
    m.apply("end build")
    assert m.state.location("hive-gangs-7") == READY
    end_everything(m)
    s = start_turn(m, "orks-mc orks-cm", "imperium-mb imperium-cm")
    assert s.location("hive-gangs-7") == READY
    m.apply("move guard-8 N1")
    m.apply("end phase")
    s = m.apply("end buying")
    assert "place hive-gangs-7 HAD" in legal(s)
    s = m.apply("place hive-gangs-7 HAD")
    assert s.location("hive-gangs-7") == "HAD"


# -- rebuilding a ruined hive or factory ---------------------------------------------------------


@pytest.mark.rule("BFA-GAP-10", "BFA-BUILD-04", "BFA-BUILD-02")
def test_rebuilding_a_ruin_costs_twice_its_value_and_raises_the_track() -> None:
    """Hades (3) is ruined with a guard army in it: rebuilding costs 6 of the 17 points; the
    hive flips face up at the end of the build phase and the track returns to 20. Ruined F1
    has no Imperial unit and cannot be rebuilt."""
    s = imperial_build({"HAD": ["guard-1"]}, ruined=["hive-hades", "factory-F1"])
    assert s.build_points == 16 == intact_sum(s)
    assert points(s) == 16
    assert "rebuild HAD" in legal(s)
    assert "rebuild F1" not in legal(s)
    assert refused(s, "rebuild F1") == "BFA-GAP-10"
    s = s.apply("rebuild HAD")
    assert points(s) == 10
    assert "rebuild HAD" not in legal(s)
    assert "hive-hades" in s.ruined and s.build_points == 16  # flips when the phase ends
    s = s.apply("buy hive-gangs-7").apply("end buying")
    assert "place hive-gangs-7 HAD" not in legal(s)
    s = s.apply("end build")
    assert s.ruined == {"factory-F1"}
    assert s.build_points == 19 == intact_sum(s)


@pytest.mark.rule("BFA-GAP-10", "BFA-BUILD-04")
def test_a_ruined_factory_costs_two_to_rebuild_and_adds_one() -> None:
    s = imperial_build({"F1": ["hive-gangs-6"]}, turn=1, ruined=["factory-F1", "hive-hades"])
    assert (s.build_points, points(s)) == (16, 8)
    s = s.apply("rebuild F1")
    assert points(s) == 6
    s = s.apply("end buying").apply("end build")
    assert s.ruined == {"hive-hades"}
    assert s.build_points == 17


# -- the Ork build -------------------------------------------------------------------------------

RUINS = {
    "F1": "factory-F1",
    "F2": "factory-F2",
    "F3": "factory-F3",
    "F4": "factory-F4",
    "F5": "factory-F5",
    "HAD": "hive-hades",
}
HOLDERS = ["goff-hordes-1", "goff-hordes-2", "goff-hordes-3", "goff-hordes-4", "goff-hordes-5"]


@pytest.mark.rule("BFA-BUILD-17", "BFA-BUILD-18", "BFA-BUILD-19-EX")
@pytest.mark.parametrize("held", range(6))
def test_one_return_for_each_pair_of_held_ruins(held: int) -> None:
    """Six smoking ruins, ``held`` of them with an Ork counter: floor(held / 2) returns; the
    sixth ruin (HAD) is never held, so it never counts."""
    areas = list(RUINS)[:held]
    stacks = {**GHAZ, **{a: [HOLDERS[i]] for i, a in enumerate(areas)}}
    s = ork_build(stacks, ruined=RUINS.values())
    assert s.top.left == held // 2  # type: ignore[attr-defined]
    returns = 0
    while any(a.startswith("return ") for a in legal(s)):
        s = s.apply(next(a for a in s.legal_actions() if str(a).startswith("return ")))
        returns += 1
    assert returns == held // 2


@pytest.mark.rule("BFA-BUILD-19-EX", "BFA-BUILD-17")
def test_five_held_ruins_give_two_counters() -> None:
    stacks = {**GHAZ, **{a: [HOLDERS[i]] for i, a in enumerate(list(RUINS)[:5])}}
    s = ork_build(stacks, ruined=RUINS.values())
    s = s.apply("return goff-nobz-1 OT1").apply("return bad-moon-nobz-1 OT2")
    assert (s.location("goff-nobz-1"), s.location("bad-moon-nobz-1")) == ("OT1", "OT2")
    assert not any(a.startswith("return ") for a in legal(s))
    assert refused(s, "return evil-sunz-nobz-1 OT3") == "BFA-BUILD-17"


@pytest.mark.rule("BFA-BUILD-20")
def test_ghazghkull_never_returns_any_other_lost_counter_may() -> None:
    stacks = {a: [HOLDERS[i]] for i, a in enumerate(list(RUINS)[:4])}
    s = ork_build(stacks, ruined=RUINS.values())
    assert s.location("ghazghkull") == DEAD
    assert s.top.left == 2  # type: ignore[attr-defined]
    returned = {a.split()[1] for a in legal(s) if a.startswith("return ")}
    assert "ghazghkull" not in returned
    assert refused(s, "return ghazghkull OT1") == "BFA-BUILD-20"
    kinds = {
        (spec.kind, spec.tribe, spec.attack, spec.defence, spec.movement)
        for c, spec in s.data.counters.items()
        if spec.side == ORKS and s.location(c) == DEAD and c != "ghazghkull"
    }
    offered = {
        (spec.kind, spec.tribe, spec.attack, spec.defence, spec.movement)
        for spec in (s.spec(c) for c in returned)
    }
    assert offered == kinds


@pytest.mark.rule("BFA-BUILD-21", "BFA-BUILD-18")
def test_returned_orks_go_to_a_held_ruin_or_an_ork_supply_area_obeying_stacking() -> None:
    """Held ruins: F1 (one Goff), F2 (three Goffs, full), F3 (a Bad Moon); F4 is ruined but
    unheld; N2 holds Goffs but is neither a ruin nor a supply area; OT1 holds a Bad Moon,
    OT2 an Imperial unit and OT4 Ghazghkull (a Goff)."""
    s = ork_build(
        {
            **GHAZ,
            "F1": ["goff-hordes-1"],
            "F2": ["goff-hordes-2", "goff-hordes-3", "goff-hordes-4"],
            "F3": ["bad-moon-hordes-1"],
            "N2": ["goff-hordes-5"],
            "OT1": ["bad-moon-hordes-2"],
            "OT2": ["guard-1"],
        },
        ruined=["factory-F1", "factory-F2", "factory-F3", "factory-F4"],
    )
    assert s.top.left == 1  # type: ignore[attr-defined]
    areas = {a.split()[2] for a in legal(s) if a.startswith("return goff-nobz-1 ")}
    assert areas == {"F1", *(f"OT{i}" for i in range(3, 13))}
    for area in ("F2", "F3", "F4", "N2", "OT1", "OT2", "HAD"):
        assert refused(s, f"return goff-nobz-1 {area}") == "BFA-BUILD-21"
    bad_moon = {a.split()[2] for a in legal(s) if a.startswith("return bad-moon-nobz-1 ")}
    assert bad_moon == {"F3", "OT1", "OT3", *(f"OT{i}" for i in range(5, 13))}
    s = s.apply("return goff-nobz-1 F1")
    assert set(s.stack("F1", ORKS)) == {"goff-nobz-1", "goff-hordes-1"}


@pytest.mark.rule("BFA-BUILD-22")
def test_orks_have_no_points_and_bring_back_only_destroyed_counters() -> None:
    """Every Ork counter but the 7th Goff Hordes is on the map and four ruins are held
    (two returns allowed): only that one counter can come back, nothing is bought, and the
    build points track does not move."""
    stacks = {
        "F1": ["goff-gargant", "goff-nobz-1", "goff-nobz-2"],
        "F3": ["goff-battlewagons-1", "goff-hordes-1", "goff-hordes-2"],
        "OT1": ["goff-hordes-3", "goff-hordes-4", "goff-hordes-5"],
        "OT2": ["ghazghkull", "goff-hordes-6"],
        "HAD": ["bad-moon-gargant", "bad-moon-nobz-1", "bad-moon-nobz-2"],
        "F2": ["bad-moon-battlewagons-1", "bad-moon-battlewagons-2", "bad-moon-hordes-1"],
        "OT3": ["bad-moon-hordes-2", "bad-moon-hordes-3", "bad-moon-hordes-4"],
        "OT4": ["bad-moon-hordes-5", "bad-moon-hordes-6"],
        "OT5": ["evil-sunz-gargant", "evil-sunz-nobz-1", "evil-sunz-battlewagons-1"],
        "OT6": ["evil-sunz-battlewagons-2", "evil-sunz-battlewagons-3", "evil-sunz-hordes-1"],
        "OT7": ["evil-sunz-hordes-2", "evil-sunz-hordes-3", "evil-sunz-hordes-4"],
        "OT8": ["evil-sunz-hordes-5", "evil-sunz-hordes-6"],
    }
    s = ork_build(stacks, ruined=["factory-F1", "factory-F2", "factory-F3", "hive-hades"])
    assert s.in_box(DEAD, ORKS) == ("goff-hordes-7",)
    assert s.top.left == 2  # type: ignore[attr-defined]
    track = s.build_points
    assert all(a.startswith(("return goff-hordes-7 ", "end ")) for a in legal(s))
    assert refused(s, "return goff-hordes-1 OT9") == "BFA-BUILD-22"
    s = s.apply("return goff-hordes-7 OT2")
    assert s.top.left == 1  # type: ignore[attr-defined]
    assert legal(s) == {"end build"}
    assert s.build_points == track
