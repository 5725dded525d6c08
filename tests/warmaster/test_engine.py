"""The Warmaster's engine: set-up, teleports, movement, Bridge control, stacking, reveals,
battles, re-rolls, retreats and victory, each driven through the engine's tasks and chance
nodes."""

from __future__ import annotations

import attrs
import networkx as nx
import pytest
from wm import position, refused, roll, strs, top

import wargames.warmaster.battle as battle_module
from wargames.core.agents import RandomAgent
from wargames.core.engine import CHANCE, Match
from wargames.warmaster import actions as act
from wargames.warmaster.battle import AmbushDraw, Battle, BattlePhase, numbers, reroll_side
from wargames.warmaster.data import HORUS, IMPERIAL, TRAITOR, default_data
from wargames.warmaster.flow import PHASES, BeginTurn, Phase, bridge_control
from wargames.warmaster.game import new_game
from wargames.warmaster.movement import MovementPhase, destinations
from wargames.warmaster.state import (
    CUP,
    DEAD,
    POOL,
    RESERVE,
    UNPLACED,
    WARP,
    WarmasterState,
)
from wargames.warmaster.teleport import ImperialReinforcements, Teleport, TraitorReinforcements

EMPEROR_GROUP = ("emperor", "custodes-1", "custodes-2")


def placed() -> WarmasterState:
    """A new game with the Traitor set up, each unit in the first free area (11, 12, ...)."""
    s = new_game()
    while s.current_player == TRAITOR:
        s = s.apply(s.legal_actions()[0])
    return s


def grouped() -> WarmasterState:
    """Set-up done with research's suggested groups: turn 1, the Emperor's group about to
    teleport."""
    s = placed()
    s = s.apply("group emperor custodes-1 custodes-2")
    s = s.apply("group sanguinius blood-angels-terminators-1 blood-angels-terminators-2")
    return s.apply("group rogal-dorn imperial-fists-terminators-1 imperial-fists-terminators-2")


# -- set-up ------------------------------------------------------------------------------------


@pytest.mark.rule("WM-SETUP-01", "WM-SETUP-02", "WM-SETUP-03", "WM-HIDDEN-01", "WM-GAP-13")
def test_traitor_sets_up_face_down_one_unit_per_area() -> None:
    s = new_game()
    assert s.current_player == TRAITOR and s.turn == 0
    assert strs(s.legal_actions()) == [f"place horus {a}" for a in s.data.board.ids]
    s = s.apply("place horus 23")
    assert "horus" in s.face_down and s.location("horus") == "23"
    assert "23" not in [a.area for a in s.legal_actions() if isinstance(a, act.Place)]
    refused(s, "place justaerin-1 23", "WM-SETUP-02")
    s = placed()
    assert s.face_down == set(s.setup.face_down_units(s.data))  # every starting unit
    assert all(s.spec(c).back == "eye" for c in s.face_down)
    assert len(s.face_down) == 15
    assert len({s.location(c) for c in s.face_down}) == 15
    assert len(s.cup) == 22 and sorted(s.in_box(CUP)) == sorted(s.setup.cup_units(s.data))
    assert all(s.spec(c).back == "skull" for c in s.in_box(CUP))
    assert s.current_player == IMPERIAL  # only once the Traitor is done


@pytest.mark.rule(
    "WM-SETUP-04", "WM-SETUP-05", "WM-SETUP-06", "WM-REINF-02", "WM-COMP-05", "WM-GAP-17"
)
def test_imperial_player_forms_four_groups_of_three_emperor_first() -> None:
    s = placed()
    # the force the set-up gives the Imperial player: 15 units, three of them Imperial Guard
    force = [c for c in s.in_box(POOL) if s.side_of(c) == IMPERIAL]
    assert len(force) == 15
    guard = [c for c in force if s.spec(c).id == "imperial-guard"]
    assert guard == ["imperial-guard-1", "imperial-guard-2", "imperial-guard-3"]
    groups = s.legal_actions()
    assert all(isinstance(g, act.Group) and "emperor" in g.units for g in groups)
    assert not any(u.startswith("imperial-guard") for g in groups for u in g.units)
    # the Emperor and two of five kinds, three of which have more than one counter
    assert len(groups) == 10 + 3
    refused(s, "group sanguinius custodes-1 custodes-2", "WM-REINF-02")
    refused(s, "group emperor custodes-1 imperial-guard-1", "WM-SETUP-04")
    refused(s, "group emperor custodes-1", "WM-SETUP-05")  # exactly three
    refused(s, "group emperor custodes-1 custodes-2 custodes-3", "WM-SETUP-05")
    s = s.apply("group emperor custodes-1 custodes-2")
    # then any three of the nine left: 20 make-ups (identical counters are one choice)
    second = strs(s.legal_actions())
    assert len(second) == 20
    assert "group sanguinius rogal-dorn custodes-3" in second
    fists = " ".join(f"imperial-fists-terminators-{n}" for n in (1, 2, 3))
    assert f"group {fists}" in second
    refused(s, "group custodes-1 sanguinius rogal-dorn", "WM-SETUP-05")  # already grouped
    s = grouped()
    assert s.groups == ()  # all four teleport on turn 1, the Emperor's first
    assert s.turn == 1 and s.current_player == CHANCE
    assert isinstance(s.top, Teleport) and s.top.units == EMPEROR_GROUP
    assert all(s.location(u) == POOL for u in guard)
    imperial = [c for c in s.manifest.ids if s.side_of(c) == IMPERIAL]
    assert len(imperial) == 15 and not s.aboard_units(IMPERIAL)


@pytest.mark.rule("WM-REINF-01", "WM-REINF-02", "WM-SETUP-06", "WM-TELEPORT-02", "WM-GAP-17")
def test_all_four_groups_teleport_on_turn_1_in_the_order_formed() -> None:
    s = placed()
    s = s.apply("group emperor custodes-1 custodes-2")
    s = s.apply("group rogal-dorn imperial-fists-terminators-1 imperial-fists-terminators-2")
    s = s.apply("group sanguinius blood-angels-terminators-1 blood-angels-terminators-2")
    assert (s.turn, s.phase) == (1, PHASES[0])
    order = [
        EMPEROR_GROUP,
        ("rogal-dorn", "imperial-fists-terminators-1", "imperial-fists-terminators-2"),
        ("sanguinius", "blood-angels-terminators-1", "blood-angels-terminators-2"),
        ("custodes-3", "blood-angels-terminators-3", "imperial-fists-terminators-3"),
    ]
    dice = [(5, 3), (5, 4), (5, 5), (6, 3)]
    for body, (tens, units) in zip(order, dice, strict=True):
        assert s.phase == PHASES[0] and not any(s.aboard(u) for u in body)
        assert isinstance(s.top, Teleport) and s.top.units == body  # one D66 per group
        s = roll(s, tens, units)
        assert {s.location(u) for u in body} == {f"{tens}{units}"}
    assert (s.turn, s.phase, s.current_player) == (1, PHASES[1], IMPERIAL)
    assert len(s.aboard_units(IMPERIAL)) == 12
    assert all(s.location(f"imperial-guard-{n}") == POOL for n in (1, 2, 3))


@pytest.mark.rule("WM-STACK-06", "WM-STACK-03", "WM-STACK-05", "WM-DESTROY-02")
def test_two_groups_landing_together_are_legal_until_the_end_of_movement() -> None:
    s = roll(grouped(), 5, 3, 5, 3, 5, 4, 6, 3)  # the first two groups both land in 53
    assert len(s.units("53", IMPERIAL)) == 6 and s.phase == PHASES[1]
    assert not s.invariant_violations()  # six are legal after the teleports
    s = s.apply("move custodes-1 44")
    s = s.apply("end phase")  # five left: two must go, the Imperial player choosing
    assert top(s) == "Overstacked" and s.current_player == IMPERIAL
    assert strs(s.legal_actions()) == [f"lose {u}" for u in s.units("53", IMPERIAL)]
    s = s.apply("lose blood-angels-terminators-1")
    assert top(s) == "Overstacked"
    s = s.apply("lose blood-angels-terminators-2")
    assert top(s) != "Overstacked" and s.phase != PHASES[1]
    assert s.units("53", IMPERIAL) == ("emperor", "sanguinius", "custodes-2")
    assert all(s.location(f"blood-angels-terminators-{n}") == DEAD for n in (1, 2))


# -- teleports ---------------------------------------------------------------------------------


@pytest.mark.rule(
    "WM-TELEPORT-01",
    "WM-TELEPORT-02",
    "WM-TELEPORT-03",
    "WM-TELEPORT-04-EX",
    "WM-REINF-03",
    "WM-TELEPORT-06",
)
def test_d66_five_then_three_is_53_for_the_whole_group() -> None:
    s = grouped()
    assert strs(s.legal_actions()) == [f"roll {v}" for v in range(1, 7)]
    s = roll(s, 5)
    assert s.current_player == CHANCE and isinstance(s.top, Teleport) and s.top.tens == 5
    assert not s.aboard_units(IMPERIAL)
    s = roll(s, 3)
    assert [s.location(u) for u in EMPEROR_GROUP] == ["53"] * 3
    # the next group rolls on its own; 1 then 1 is area 11, where Horus lies face down
    assert s.top.units[0] == "sanguinius"
    s = roll(s, 1, 1)
    assert s.units("11", IMPERIAL) == (
        "sanguinius",
        "blood-angels-terminators-1",
        "blood-angels-terminators-2",
    )
    assert "horus" in s.face_down  # no reveal before the Battle phase (WM-HIDDEN-08)


@pytest.mark.rule("WM-TELEPORT-05-EX", "WM-REROLL-07", "WM-GAP-01")
def test_d66_one_then_six_is_16_lost_in_the_warp() -> None:
    s = roll(grouped(), 5, 3, 1, 6)
    effect = s.data.teleport[16].effect
    assert effect is not None and effect.id == "lost-in-the-warp"
    assert top(s) == "LossRoll" and s.top.unit == "sanguinius" and s.top.threshold == 1
    s = roll(s, 2)  # Sanguinius survives on a 2; no re-roll is offered for this die
    assert top(s) == "LossRoll" and s.top.threshold == 2
    s = roll(s, 2, 3)  # the first Terminators die on a 2, the second survive a 3
    assert s.location("blood-angels-terminators-1") == DEAD
    assert s.reserve == (("sanguinius", "blood-angels-terminators-2"),)
    assert s.location("sanguinius") == RESERVE


@pytest.mark.rule("WM-GAP-01", "WM-MOVE-03")
def test_a_result_naming_a_destroyed_area_is_rolled_again() -> None:
    s = position({"emperor": POOL}, [Teleport(IMPERIAL, ("emperor",))], destroyed={"53"})
    s = roll(s, 5, 3)
    assert s.current_player == CHANCE and s.location("emperor") == POOL
    s = roll(s, 2, 4)
    assert s.location("emperor") == "24"


@pytest.mark.rule("WM-REINF-04", "WM-REINF-05")
def test_imperial_guard_teleport_alone_on_turn_2_and_nothing_comes_later() -> None:
    guards = {f"imperial-guard-{n}": POOL for n in (1, 2, 3)}
    s = position(guards, [ImperialReinforcements()], turn=2, phase=PHASES[0])
    assert s.top.units == ("imperial-guard-1",)
    s = roll(s, 2, 1)
    assert s.location("imperial-guard-1") == "21"
    assert s.top.units == ("imperial-guard-2",)
    s = roll(s, 3, 3, 4, 4)
    assert [s.location(g) for g in guards] == ["21", "33", "44"]
    for turn in (3, 4, 9):  # Imperial units still waiting would not come
        later = position(
            {**guards, "custodes-1": "53"},
            [ImperialReinforcements(), MovementPhase(IMPERIAL)],
            turn=turn,
            phase=PHASES[0],
        )
        assert top(later) == "MovementPhase"
        assert all(later.location(g) == POOL for g in guards)


@pytest.mark.rule(
    "WM-SEQ-06", "WM-REINF-06", "WM-REINF-07", "WM-REINF-08", "WM-REINF-09", "WM-GAP-06"
)
def test_traitor_reinforcements_roll_draw_and_teleport_one_by_one() -> None:
    s = position({}, [TraitorReinforcements()], phase=PHASES[3])
    assert top(s) == "ReinforcementRoll"
    s = roll(s, 4)  # 3-4: two units
    odds = dict((str(a), p) for a, p in s.chance_outcomes())
    assert odds["draw crew"] == pytest.approx(4 / 22)
    assert odds["draw angron"] == pytest.approx(1 / 22)
    s = roll(s, "draw angron")
    assert s.location("angron") == WARP and "angron" not in s.cup
    assert isinstance(s.top, Teleport) and s.top.units == ("angron",)
    s = roll(s, 5, 3)
    assert s.location("angron") == "53" and "angron" not in s.face_down
    s = roll(s, "draw crew", 2, 2)
    assert s.location("crew-1") == "22"
    assert not s.tasks and len(s.cup) == 20
    for face, count in ((1, 1), (2, 1), (3, 2), (5, 3), (6, 3)):
        assert s.data.traitor_reinforcements[face] == count


@pytest.mark.rule("WM-REINF-06", "WM-SEQ-06")
@pytest.mark.parametrize(("face", "count"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_the_traitor_reinforcement_die_gives_one_two_or_three(face: int, count: int) -> None:
    s = position({}, [TraitorReinforcements()], phase=PHASES[3])
    assert top(s) == "ReinforcementRoll"
    s = roll(s, face)
    drawn = 0
    while s.tasks:  # every draw is one counter teleporting alone
        s = roll(s, "draw crew", 1, 1)
        drawn += 1
    assert drawn == count and len(s.units("11", TRAITOR)) == count
    assert len(s.cup) == 22 - count


@pytest.mark.rule("WM-REINF-10", "WM-GAP-18")
def test_a_short_cup_gives_what_is_left_and_an_empty_cup_nothing() -> None:
    s = position({}, [TraitorReinforcements()], phase=PHASES[3], cup=False)
    s = roll(s, 6)
    assert not s.tasks and not s.aboard_units(TRAITOR)
    one = position({"angron": CUP}, [TraitorReinforcements()], phase=PHASES[3], cup=False)
    assert one.cup.cards == ("angron",)
    one = roll(one, 6, "draw angron", 2, 2)  # three allowed, one left: it comes alone
    assert one.location("angron") == "22" and not one.tasks and not len(one.cup)


# -- movement and the Bridge -------------------------------------------------------------------


@pytest.mark.rule("WM-BRIDGE-05", "WM-BRIDGE-06", "WM-MOVE-01", "WM-MOVE-02")
def test_three_areas_with_bridge_control_one_without() -> None:
    units = {"custodes-1": "53", "custodes-2": "11"}
    graph = default_data().board.graph

    def within(area: str, steps: int) -> tuple[str, ...]:
        found = nx.single_source_shortest_path_length(graph, area, cutoff=steps)
        return tuple(sorted(a for a, d in found.items() if d > 0))

    slow = position(units, [MovementPhase(IMPERIAL)], phase=PHASES[1], bridge=TRAITOR)
    assert destinations(slow, "custodes-1") == ("44", "51", "55") == within("53", 1)
    refused(slow, "move custodes-1 52", "WM-BRIDGE-06")
    fast = position(units, [MovementPhase(IMPERIAL)], phase=PHASES[1], bridge=IMPERIAL)
    reach = destinations(fast, "custodes-1")
    assert reach == within("53", 3)  # any route, any turns, up to three areas
    assert "21" in reach and "12" not in reach  # 53-51-25-21 is three, 12 is four away
    refused(fast, "move custodes-1 12", "WM-BRIDGE-05")
    assert "end phase" in strs(fast.legal_actions())  # moving is optional: none
    both = fast.apply("move custodes-1 21").apply("move custodes-2 35")  # or all
    assert (both.location("custodes-1"), both.location("custodes-2")) == ("21", "35")
    # the Traitor's units by the same allowances
    crew = {"crew-1": "53"}
    t = position(crew, [MovementPhase(TRAITOR)], phase=PHASES[4], bridge=TRAITOR)
    assert destinations(t, "crew-1") == within("53", 3)
    t = position(crew, [MovementPhase(TRAITOR)], phase=PHASES[4], bridge=IMPERIAL)
    assert destinations(t, "crew-1") == within("53", 1)


@pytest.mark.rule("WM-COMP-02", "WM-MOVE-02")
def test_the_areas_and_their_links_govern_movement() -> None:
    board = default_data().board
    for area in board.ids:
        s = position({"custodes-1": area}, [MovementPhase(IMPERIAL)], phase=PHASES[1])
        assert destinations(s, "custodes-1") == tuple(sorted(board.neighbours(area)))


@pytest.mark.rule("WM-BRIDGE-07")
def test_a_destroyed_bridge_limits_everyone_to_one_area() -> None:
    s = position({"custodes-1": "53"}, [MovementPhase(IMPERIAL)], bridge=IMPERIAL, destroyed={"21"})
    assert destinations(s, "custodes-1") == ("44", "51", "55")
    refused(s, "move custodes-1 52", "WM-BRIDGE-07")
    assert bridge_control(s) is None
    t = position(
        {"crew-1": "53"},
        [MovementPhase(TRAITOR)],
        bridge=TRAITOR,
        destroyed={"21"},
        phase=PHASES[4],
    )
    assert destinations(t, "crew-1") == ("44", "51", "55")
    # a new turn gives the Bridge to nobody, ever again
    n = position({"custodes-1": "22", "emperor": "11"}, [BeginTurn()], destroyed={"21"}, turn=4)
    assert n.turn == 5 and n.bridge is None and n.allowance == {IMPERIAL: 1, TRAITOR: 1}


@pytest.mark.rule("WM-MOVE-04", "WM-HIDDEN-06", "WM-MOVE-03", "WM-GAP-14", "WM-HIDDEN-02")
def test_entering_an_area_with_enemies_face_down_included_stops_the_move() -> None:
    s = position(
        {"custodes-1": "53", "sons-of-horus-1": "51"},
        [MovementPhase(IMPERIAL), Phase(PHASES[2]), BattlePhase(IMPERIAL)],
        face_down={"sons-of-horus-1"},
        bridge=IMPERIAL,
        destroyed={"55"},
        phase=PHASES[1],
    )
    reach = destinations(s, "custodes-1")
    assert "51" in reach and "25" not in reach  # 25 lies only beyond 51
    assert "55" not in reach and "54" not in reach  # never into or through a destroyed area
    refused(s, "move custodes-1 25", "WM-MOVE-04")
    refused(s, "move custodes-1 55", "WM-MOVE-03")
    s = s.apply("move custodes-1 51")
    assert s.face_down == {"sons-of-horus-1"}  # entering reveals nothing yet (WM-GAP-14)
    s = s.apply("end phase")  # a battle follows in the Imperial Battle phase
    assert s.phase == PHASES[2] and not s.face_down and top(s) == "BattleRoll"
    b = s.top.battle
    assert (b.side, b.area, b.attackers, b.defenders) == (
        IMPERIAL,
        "51",
        ("custodes-1",),
        ("sons-of-horus-1",),
    )


@pytest.mark.rule("WM-MOVE-07", "WM-TELEPORT-06")
def test_a_unit_teleported_among_enemies_may_walk_out_next_movement_phase() -> None:
    guards = {f"imperial-guard-{n}": POOL for n in (1, 2, 3)}
    s = position(
        {**guards, "justaerin-1": "51"},
        [ImperialReinforcements(), Phase(PHASES[1]), MovementPhase(IMPERIAL)],
        turn=2,
        phase=PHASES[0],
    )
    s = roll(s, 5, 1, 6, 3, 6, 3)  # the first lands on the Justaerin in 51
    assert s.location("imperial-guard-1") == "51" and s.phase == PHASES[1]
    assert destinations(s, "imperial-guard-1") == ("25", "52", "53", "63")
    s = s.apply("move imperial-guard-1 52")
    assert s.location("imperial-guard-1") == "52"


@pytest.mark.rule("WM-MOVE-08", "WM-MOVE-09", "WM-GAP-15")
def test_units_may_leave_an_enemy_area_but_stop_in_the_next_one() -> None:
    """The Custodes stayed in 51 after an earlier battle (no teleport this turn): he may still
    leave, but stops in the next area holding enemies."""
    s = position(
        {"custodes-1": "51", "sons-of-horus-1": "51", "sons-of-horus-2": "53"},
        [MovementPhase(IMPERIAL)],
        bridge=IMPERIAL,
    )
    reach = destinations(s, "custodes-1")
    assert {"25", "52", "53", "63"} <= set(reach)
    assert "44" not in reach  # beyond the enemies in 53
    # the moves are offered and made: nothing holds a unit in a contested area
    offered = strs(s.legal_actions())
    assert {f"move custodes-1 {a}" for a in reach} <= set(offered)
    assert s.apply("move custodes-1 25").location("custodes-1") == "25"


@pytest.mark.rule("WM-MOVE-05", "WM-MOVE-06", "WM-SEQ-08", "WM-SEQ-07")
def test_each_unit_moves_once_and_face_down_units_never_move() -> None:
    s = position(
        {"custodes-1": "53", "custodes-2": "53"}, [MovementPhase(IMPERIAL)], bridge=IMPERIAL
    )
    s = s.apply("move custodes-1 51")
    refused(s, "move custodes-1 52", "WM-MOVE-06")
    s = s.apply("move custodes-2 44")  # once another unit has moved, the first move stands
    refused(s, "move custodes-1 53", "WM-MOVE-06")
    assert {a.unit for a in s.legal_actions() if isinstance(a, act.Move)} == set()
    t = position(
        {"sons-of-horus-1": "51", "sons-of-horus-2": "53"},
        [MovementPhase(TRAITOR)],
        face_down={"sons-of-horus-1"},
        phase=PHASES[4],
    )
    moving = {a.unit for a in t.legal_actions() if isinstance(a, act.Move)}
    assert moving == {"sons-of-horus-2"}
    refused(t, "move sons-of-horus-1 52", "WM-SEQ-08")


@pytest.mark.rule("WM-STACK-01", "WM-STACK-03", "WM-STACK-04-EX", "WM-STACK-05")
def test_stacking_is_checked_at_the_end_of_movement_the_owner_choosing_losses() -> None:
    units = {
        "custodes-1": "53",
        "custodes-2": "53",
        "custodes-3": "53",
        "blood-angels-terminators-1": "51",
    }
    tasks = [MovementPhase(IMPERIAL), BattlePhase(IMPERIAL)]
    s = position(units, tasks, bridge=IMPERIAL, phase=PHASES[1])
    # 44 is two areas away, and only through 53, which holds three Imperial units already
    assert "44" in destinations(s, "blood-angels-terminators-1")
    through = s.apply("move blood-angels-terminators-1 44").apply("end phase")
    assert not through.tasks and through.location("blood-angels-terminators-1") == "44"
    s = s.apply("move blood-angels-terminators-1 53")  # four: legal while moving
    assert len(s.units("53", IMPERIAL)) == 4
    s = s.apply("end phase")
    assert top(s) == "Overstacked" and s.current_player == IMPERIAL
    assert strs(s.legal_actions()) == [
        "lose custodes-1",
        "lose custodes-2",
        "lose custodes-3",
        "lose blood-angels-terminators-1",
    ]
    s = s.apply("lose custodes-2")
    assert s.location("custodes-2") == DEAD and len(s.units("53", IMPERIAL)) == 3
    assert not s.tasks  # the phase is over
    # one of the four moves on before the phase ends: nothing is lost
    again = position(units, tasks, bridge=IMPERIAL, phase=PHASES[1])
    again = again.apply("move blood-angels-terminators-1 53").apply("move custodes-1 44")
    again = again.apply("end phase")
    assert not again.tasks
    assert all(again.location(u) != DEAD for u in units)
    # the Traitor's stacks likewise, at the end of his Movement phase, his choice
    crowd = {f"world-eaters-{n}": "53" for n in (1, 2, 3)} | {"crew-1": "55"}
    t = position(crowd, [MovementPhase(TRAITOR)], phase=PHASES[4])
    t = t.apply("move crew-1 53").apply("end phase")
    assert top(t) == "Overstacked" and t.current_player == TRAITOR
    assert strs(t.legal_actions()) == [f"lose {u}" for u in t.units("53", TRAITOR)]


@pytest.mark.rule("WM-STACK-02")
def test_three_a_side_may_share_an_area() -> None:
    units = {f"custodes-{n}": "53" for n in (1, 2, 3)} | {
        f"world-eaters-{n}": "53" for n in (1, 2, 3)
    }
    s = position(units, [MovementPhase(IMPERIAL), BattlePhase(IMPERIAL)], phase=PHASES[1])
    s = s.apply("end phase")
    assert top(s) == "BattleRoll" and not s.invariant_violations()
    assert len(s.units("53", IMPERIAL)) == 3 == len(s.units("53", TRAITOR))
    b = s.top.battle
    assert len(b.attackers) == 3 and len(b.defenders) == 3


@pytest.mark.rule("WM-BRIDGE-01", "WM-BRIDGE-02", "WM-BRIDGE-03", "WM-BRIDGE-04", "WM-GAP-08")
def test_bridge_control_passes_at_the_start_of_each_turn() -> None:
    assert new_game().bridge == TRAITOR
    alone = position({"custodes-1": "21"}, [], bridge=TRAITOR)
    assert bridge_control(alone) == IMPERIAL
    taken = position({"crew-1": "21"}, [], bridge=IMPERIAL)
    assert bridge_control(taken) == TRAITOR
    for holder in (TRAITOR, IMPERIAL):  # shared or empty: it stays where it was
        shared = position({"custodes-1": "21", "crew-1": "21"}, [], bridge=holder)
        assert bridge_control(shared) == holder
        empty = position({}, [], bridge=holder)
        assert bridge_control(empty) == holder
    hidden = position({"trap-1": "21"}, [], face_down={"trap-1"}, bridge=IMPERIAL)
    assert bridge_control(hidden) == TRAITOR  # a face-down counter is a unit on the Bridge
    s = position({"custodes-1": "21", "emperor": "11"}, [BeginTurn()], turn=4)
    assert s.turn == 5 and s.bridge == IMPERIAL and top(s) == "MovementPhase"
    s = s.apply("move custodes-1 22")
    assert s.bridge == IMPERIAL  # fixed for the whole turn
    assert {"35", "21"} <= set(destinations(s, "emperor"))  # still three areas
    # arriving on the Bridge changes nothing before the next turn either
    t = position({"custodes-1": "22", "custodes-2": "15"}, [BeginTurn()], turn=4)
    assert t.bridge == TRAITOR
    t = t.apply("move custodes-1 21")
    assert t.bridge == TRAITOR
    assert destinations(t, "custodes-2") == ("12", "13", "22", "35", "45")


@pytest.mark.rule(
    "WM-SEQ-01",
    "WM-SEQ-02",
    "WM-SEQ-03",
    "WM-SEQ-04",
    "WM-SEQ-05",
    "WM-SEQ-06",
    "WM-SEQ-07",
    "WM-SEQ-08",
    "WM-SEQ-09",
    "WM-COMBAT-04",
)
def test_a_whole_turn_goes_through_the_six_phases_in_order() -> None:
    units = {f"imperial-guard-{n}": POOL for n in (1, 2, 3)}
    units |= {"custodes-1": "51", "crew-1": "51", HORUS: "11"}
    start = position(units, [], turn=1, face_down={HORUS})
    stack = reversed(BeginTurn().run(start.push(BeginTurn())).tasks)
    assert [t.name for t in stack if isinstance(t, Phase)] == list(PHASES)
    s = position(units, [BeginTurn()], turn=1, face_down={HORUS})
    seen = []

    def at(phase: str, who: str) -> None:
        assert (s.turn, s.phase, s.current_player) == (2, phase, who)
        seen.append(phase)

    # Imperial Reinforcements: turn 2 brings the Guard, each alone
    at(PHASES[0], CHANCE)
    assert isinstance(s.top, Teleport) and s.top.units == ("imperial-guard-1",)
    refused(s, "move custodes-1 52", "WM-SEQ-02")
    s = roll(s, 6, 3, 6, 3, 6, 4)
    # Imperial Movement: any of his units aboard, none of the Traitor's
    at(PHASES[1], IMPERIAL)
    movers = {a.unit for a in s.legal_actions() if isinstance(a, act.Move)}
    assert movers == {"custodes-1", "imperial-guard-1", "imperial-guard-2", "imperial-guard-3"}
    refused(s, "battle 51", "WM-SEQ-02")
    refused(s, "move crew-1 52", "WM-SEQ-02")
    s = s.apply("end phase")
    # Imperial Battle: the Imperial player attacks
    at(PHASES[2], CHANCE)
    b = s.top.battle
    assert (b.side, b.attackers, b.defenders) == (IMPERIAL, ("custodes-1",), ("crew-1",))
    s = roll(s, 1)  # 3-1, a 1: no effect
    # Traitor Reinforcements: the die, the draw, the teleport
    at(PHASES[3], CHANCE)
    assert top(s) == "ReinforcementRoll"
    s = roll(s, 1, "draw world-eaters", 5, 5)
    # Traitor Movement: his face-up units only, Horus face down stays put
    at(PHASES[4], TRAITOR)
    movers = {a.unit for a in s.legal_actions() if isinstance(a, act.Move)}
    assert movers == {"crew-1", "world-eaters-1"}
    refused(s, "move custodes-1 52", "WM-SEQ-02")
    s = s.apply("move world-eaters-1 64").apply("end phase")  # onto the third Guard
    # Traitor Battle: the Traitor attacks, in the order he picks
    at(PHASES[5], TRAITOR)
    assert strs(s.legal_actions()) == ["battle 51", "battle 64"]
    s = s.apply("battle 64")
    b = s.top.battle
    assert (b.side, b.attackers, b.defenders) == (
        TRAITOR,
        ("world-eaters-1",),
        ("imperial-guard-3",),
    )
    s = roll(s, 1)  # 3-1, a 1: no effect
    b = s.top.battle
    assert (b.side, b.attackers, b.defenders) == (TRAITOR, ("crew-1",), ("custodes-1",))
    s = roll(s, 6)  # 1-3, a 6: no effect
    assert seen == list(PHASES)
    assert (s.turn, s.phase, s.current_player) == (3, PHASES[1], IMPERIAL)  # nothing teleports


# -- reveals -----------------------------------------------------------------------------------


@pytest.mark.rule("WM-HIDDEN-02", "WM-HIDDEN-03", "WM-HIDDEN-07", "WM-GAP-14")
def test_face_down_units_sharing_an_area_flip_before_any_battle() -> None:
    s = position(
        {
            "custodes-1": "51",
            "sons-of-horus-1": "51",
            "custodes-2": "53",
            "sons-of-horus-2": "53",
            "sons-of-horus-3": "55",
        },
        [BattlePhase(IMPERIAL), Phase(PHASES[3]), MovementPhase(TRAITOR)],
        face_down={"sons-of-horus-1", "sons-of-horus-2", "sons-of-horus-3"},
    )
    assert s.face_down == {"sons-of-horus-3"}  # alone: stays face down
    # both flipped before either battle, which the Imperial player now orders
    assert s.current_player == IMPERIAL and strs(s.legal_actions()) == ["battle 51", "battle 53"]
    s = roll(s.apply("battle 51"), 1)  # 6 against 4 is 1-1; a 1: A1, the Custodes is lost
    s = s.apply("lose custodes-1")
    s = roll(s, 2)  # 53: 1-1, a 2: the Custodes retreats
    s = s.apply("retreat custodes-2 44")
    assert top(s) == "MovementPhase"  # nobody shares their areas any more: they stay up
    assert s.face_down == {"sons-of-horus-3"}
    assert {s.location(u) for u in ("sons-of-horus-1", "sons-of-horus-2")} == {"51", "53"}


@pytest.mark.rule("WM-HIDDEN-02", "WM-SEQ-09")
def test_the_traitor_battle_phase_reveals_too() -> None:
    """An Imperial unit can share an area with a face-down counter when the Traitor's Battle
    phase starts (a survivor of a destroyed area is displaced next to it by the Traitor)."""
    t = position(
        {"custodes-1": "51", "sons-of-horus-1": "51"},
        [BattlePhase(TRAITOR)],
        face_down={"sons-of-horus-1"},
        phase=PHASES[5],
    )
    assert not t.face_down and top(t) == "BattleRoll"
    b = t.top.battle
    assert (b.side, b.attackers, b.defenders) == (TRAITOR, ("sons-of-horus-1",), ("custodes-1",))


@pytest.mark.rule("WM-HIDDEN-06", "WM-RETREAT-03")
def test_a_face_down_counter_blocks_an_imperial_retreat() -> None:
    s = position(
        {
            "custodes-1": "52",
            "thousand-sons-1": "52",
            "thousand-sons-2": "52",
            "sons-of-horus-1": "23",
            "crew-1": "34",
        },
        [BattlePhase(IMPERIAL)],
        face_down={"sons-of-horus-1"},
        destroyed={"54"},
    )
    s = roll(s, 3)  # 6 against 10 is 1-2; a 3: AR, the Traitor moving the Custodes
    assert s.current_player == TRAITOR and s.face_down == {"sons-of-horus-1"}
    assert strs(s.legal_actions()) == ["retreat custodes-1 51"]  # not 23, 34 or 54


@pytest.mark.rule("WM-HIDDEN-08", "WM-GAP-14")
def test_leaving_before_the_battle_phase_reveals_nothing() -> None:
    s = position(
        {"custodes-1": "51", "sons-of-horus-1": "51"},
        [MovementPhase(IMPERIAL), BattlePhase(IMPERIAL)],
        face_down={"sons-of-horus-1"},
        phase=PHASES[1],
    )
    s = s.apply("move custodes-1 52").apply("end phase")
    assert s.face_down == {"sons-of-horus-1"} and not s.tasks
    # entering a face-down unit's area reveals nothing either: the Battle phase does
    # (WM-HIDDEN-02, the reading of WM-GAP-14)
    s = position(
        {"custodes-1": "52", "sons-of-horus-1": "51"},
        [MovementPhase(IMPERIAL), BattlePhase(IMPERIAL)],
        face_down={"sons-of-horus-1"},
        phase=PHASES[1],
    )
    s = s.apply("move custodes-1 51")
    assert s.face_down == {"sons-of-horus-1"}
    assert "sons-of-horus-1" in s.hidden_from(IMPERIAL)
    assert s.apply("end phase").face_down == frozenset()


@pytest.mark.rule("WM-HIDDEN-04", "WM-HIDDEN-03", "WM-GAP-05")
def test_a_revealed_trap_strikes_at_once_and_is_removed() -> None:
    s = position(
        {
            "custodes-1": "51",
            "custodes-2": "51",
            "trap-1": "51",
            "custodes-3": "53",
            "crew-1": "53",
        },
        [BattlePhase(IMPERIAL)],
        face_down={"trap-1"},
    )
    # before the battle in 53, although the Imperial player has a battle to fight there
    assert top(s) == "LossRoll" and s.top.unit == "custodes-1"
    s = roll(s, 1, 2)
    assert s.location("custodes-1") == DEAD and s.location("custodes-2") == "51"
    assert s.location("trap-1") == DEAD  # removed: 51 has nothing left to fight
    assert top(s) == "BattleRoll" and s.top.battle.area == "53"


@pytest.mark.rule("WM-HIDDEN-04")
def test_a_revealed_ambush_draws_from_the_cup_and_attacks_at_once() -> None:
    s = position(
        {"custodes-1": "51", "ambush-1": "51"}, [BattlePhase(IMPERIAL)], face_down={"ambush-1"}
    )
    assert s.location("ambush-1") == DEAD and top(s) == "AmbushDraw"
    s = roll(s, "draw world-eaters", "draw crew")
    assert s.units("51", TRAITOR) == ("world-eaters-1", "crew-1")
    assert top(s) == "BattleRoll"
    b = s.top.battle
    assert b.side == TRAITOR and b.ambush and b.attackers == ("world-eaters-1", "crew-1")
    n = numbers(s, b)
    assert (n.attack, n.defence, n.ratio) == (7, 6, "1-1")
    assert str(s.data.battle.columns[n.column]) == "2-1"  # one column to the right


@pytest.mark.rule("WM-HIDDEN-04")
def test_a_horror_shifts_imperial_attacks_unless_the_emperor_attacks() -> None:
    s = position({"custodes-1": "51", "horror-1": "51"}, [BattlePhase(IMPERIAL)])
    n = numbers(s, s.top.battle)
    assert n.ratio == "2-1" and str(s.data.battle.columns[n.column]) == "1-1"
    e = position({"emperor": "51", "horror-1": "51", "horus": "11"}, [BattlePhase(IMPERIAL)])
    m = numbers(e, e.top.battle)
    assert m.ratio == "4-1" and str(e.data.battle.columns[m.column]) == "4-1" and not m.shifts
    s = roll(s, 3)  # 1-1, a 3: no effect; the Horror leaves the game after its battle
    assert s.location("horror-1") == DEAD


# -- battles -----------------------------------------------------------------------------------


@pytest.mark.rule(
    "WM-COMBAT-06",
    "WM-COMBAT-07",
    "WM-COMBAT-08",
    "WM-COMBAT-09",
    "WM-COMBAT-10",
    "WM-COMBAT-11-EX",
)
def test_ten_against_five_is_2_to_1() -> None:
    s = position(
        {"custodes-1": "52", "imperial-fists-terminators-1": "52", "thousand-sons-1": "52"},
        [BattlePhase(IMPERIAL)],
    )
    n = numbers(s, s.top.battle)
    assert (n.attack, n.defence, n.ratio) == (10, 5, "2-1")
    assert str(s.data.battle.columns[n.column]) == "2-1"
    # one D6, rolled for the attacker
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [
        (f"roll {v}", pytest.approx(1 / 6)) for v in range(1, 7)
    ]
    s = roll(s, 1)  # 2-1, a 1: AR (1-1 would give A1), the Traitor choosing where
    assert top(s) == "Retreat" and s.current_player == TRAITOR
    assert all(s.location(u) == "52" for u in ("custodes-1", "imperial-fists-terminators-1"))


@pytest.mark.rule("WM-COMBAT-12-EX", "WM-DESTROY-02", "WM-DESTROY-01")
def test_nine_against_five_is_1_to_1() -> None:
    s = position(
        {
            "blood-angels-terminators-1": "52",
            "imperial-fists-terminators-1": "52",
            "thousand-sons-1": "52",
        },
        [BattlePhase(IMPERIAL)],
    )
    n = numbers(s, s.top.battle)
    assert (n.attack, n.defence, n.ratio) == (9, 5, "1-1")
    assert str(s.data.battle.columns[n.column]) == "1-1"
    s = roll(s, 1)  # 1-1, a 1: A1 (2-1 would give AR): the attacker loses one, then retreats
    assert top(s) == "TakeLoss" and s.current_player == IMPERIAL
    assert strs(s.legal_actions()) == [
        "lose blood-angels-terminators-1",
        "lose imperial-fists-terminators-1",
    ]
    s = s.apply("lose imperial-fists-terminators-1")
    assert s.location("imperial-fists-terminators-1") == DEAD
    assert top(s) == "Retreat" and s.current_player == TRAITOR


@pytest.mark.rule("WM-DESTROY-01")
def test_a_destroyed_traitor_unit_leaves_the_game_not_for_the_cup() -> None:
    s = position(
        {
            "blood-angels-terminators-1": "52",
            "imperial-fists-terminators-1": "52",
            "thousand-sons-1": "52",
        },
        [BattlePhase(IMPERIAL)],
    )
    cup = s.cup
    s = roll(s, 6)  # 9 against 5 is 1-1; a 6: D1, the Traitor's only unit there
    if s.current_player == TRAITOR:
        s = s.apply("lose thousand-sons-1")
    assert s.location("thousand-sons-1") == DEAD
    assert s.cup == cup and "thousand-sons-1" not in s.in_box(CUP)


@pytest.mark.rule("WM-COMBAT-01", "WM-COMBAT-02", "WM-COMBAT-03", "WM-COMBAT-04", "WM-GAP-16")
def test_every_contested_area_is_fought_in_the_phasing_players_order() -> None:
    s = position(
        {
            "custodes-1": "51",
            "custodes-2": "51",
            "crew-1": "51",
            "custodes-3": "53",
            "crew-2": "53",
        },
        [BattlePhase(IMPERIAL)],
    )
    assert s.current_player == IMPERIAL
    assert strs(s.legal_actions()) == ["battle 51", "battle 53"]  # no passing: compulsory
    refused(s, "end phase", "WM-SEQ-02")
    other = s.apply("battle 51").top.battle  # all his units there attack together
    assert (other.attackers, other.defenders) == (("custodes-1", "custodes-2"), ("crew-1",))
    s = s.apply("battle 53")
    b = s.top.battle
    assert (b.side, b.area, b.attackers, b.defenders) == (
        IMPERIAL,
        "53",
        ("custodes-3",),
        ("crew-2",),
    )
    s = roll(s, 3)  # 3-1, a 3: DR
    assert top(s) == "Retreat" and s.current_player == IMPERIAL  # 53 is not done yet
    assert strs(s.legal_actions()) == ["retreat crew-2 44", "retreat crew-2 55"]
    s = s.apply("retreat crew-2 44")
    # 53 is settled; 51 is the one battle left, fought once only
    b = s.top.battle
    assert (b.area, b.attackers, b.defenders) == ("51", ("custodes-1", "custodes-2"), ("crew-1",))
    s = roll(s, 3)  # 6-1, a 3: DE
    assert s.location("crew-1") == DEAD and not s.tasks
    assert s.location("crew-2") == "44"  # 53 was not fought again


@pytest.mark.rule("WM-COMBAT-10", "WM-GAP-02", "WM-DESTROY-02", "WM-RETREAT-01")
def test_eliminations_and_exchanges_as_the_table_directs() -> None:
    # 6 against 17 is 1-3; a 1: AE, every attacker is destroyed
    ae = position(
        {"custodes-1": "52", "death-guard-1": "52", "death-guard-2": "52", "thousand-sons-1": "52"},
        [BattlePhase(IMPERIAL)],
    )
    assert numbers(ae, ae.top.battle).ratio == "1-3"
    ae = roll(ae, 1)
    assert ae.location("custodes-1") == DEAD and len(ae.units("52", TRAITOR)) == 3
    # 12 against 2 is 6-1; a 3: DE, every defender is destroyed
    de = position({"custodes-1": "52", "custodes-2": "52", "crew-1": "52"}, [BattlePhase(IMPERIAL)])
    de = roll(de, 3)
    assert de.location("crew-1") == DEAD and len(de.units("52", IMPERIAL)) == 2
    # 12 against 12 is 1-1; a 4: EX, each side loses one of its own choice, then the defender's
    # survivors retreat, the attacker choosing where
    units = {"custodes-1": "52", "custodes-2": "52", "death-guard-1": "52", "death-guard-2": "52"}
    ex = roll(position(units, [BattlePhase(IMPERIAL)]), 4)
    assert ex.current_player == IMPERIAL
    assert strs(ex.legal_actions()) == ["lose custodes-1", "lose custodes-2"]
    ex = ex.apply("lose custodes-2")
    assert ex.current_player == TRAITOR
    assert strs(ex.legal_actions()) == ["lose death-guard-1", "lose death-guard-2"]
    ex = ex.apply("lose death-guard-1")
    assert ex.location("custodes-2") == DEAD and ex.location("death-guard-1") == DEAD
    assert top(ex) == "Retreat" and ex.current_player == IMPERIAL
    ex = ex.apply("retreat death-guard-2 23")
    assert ex.location("death-guard-2") == "23" and ex.location("custodes-1") == "52"


@pytest.mark.rule("WM-COMBAT-05")
def test_an_area_still_contested_is_fought_again_by_the_traitor() -> None:
    units = {"custodes-1": "51", "thousand-sons-1": "51"}
    s = position(units, [BattlePhase(IMPERIAL), Phase(PHASES[5]), BattlePhase(TRAITOR)])
    s = roll(s, 3)  # 1-1, a 3: NE
    assert top(s) == "BattleRoll" and s.phase == PHASES[5]
    b = s.top.battle
    assert (b.side, b.area, b.attackers, b.defenders) == (
        TRAITOR,
        "51",
        ("thousand-sons-1",),
        ("custodes-1",),
    )


@pytest.mark.rule(
    "WM-RETREAT-01",
    "WM-RETREAT-02",
    "WM-RETREAT-03",
    "WM-RETREAT-05",
    "WM-RETREAT-09",
    "WM-GAP-09",
)
def test_retreats_are_chosen_by_the_opponent_unit_by_unit() -> None:
    units = {
        "custodes-1": "52",
        "custodes-2": "51",
        "thousand-sons-1": "52",
        "thousand-sons-2": "52",
        "crew-1": "34",
        "crew-2": "34",
    }
    t = position(
        {**units, "blood-angels-terminators-1": "52"},
        [BattlePhase(IMPERIAL), Phase(PHASES[3]), MovementPhase(TRAITOR)],
        destroyed={"54"},
    )
    t = roll(t, 5)  # 11 against 10 is 1-1; a 5: DR, the Imperial player moves the Traitors
    assert top(t) == "Retreat" and t.current_player == IMPERIAL
    # 51 holds an enemy and 54 is destroyed; 34 has room for one more Traitor
    assert strs(t.legal_actions()) == ["retreat thousand-sons-1 23", "retreat thousand-sons-1 34"]
    t = t.apply("retreat thousand-sons-1 34")
    assert t.location("thousand-sons-1") == "34" and "thousand-sons-1" in t.retreated
    assert strs(t.legal_actions()) == ["retreat thousand-sons-2 23"]  # 34 is now full
    t = t.apply("retreat thousand-sons-2 23")
    assert t.location("thousand-sons-2") == "23"
    # the next phase begins: the retreats of this Battle phase are forgotten
    assert top(t) == "MovementPhase" and t.phase == PHASES[3] and not t.retreated


@pytest.mark.rule("WM-RETREAT-04")
def test_a_unit_with_nowhere_to_retreat_is_destroyed() -> None:
    units = {
        "custodes-1": "52",
        "blood-angels-terminators-1": "52",
        "custodes-2": "51",
        "custodes-3": "23",
        "thousand-sons-1": "52",
    }
    s = position(
        {**units, "thousand-sons-2": "52"}, [BattlePhase(IMPERIAL)], destroyed={"54", "34"}
    )
    s = roll(s, 6)  # 11 against 10 is 1-1; a 6: D1, then the survivor retreats
    assert s.current_player == TRAITOR  # the owner picks his loss, among his own units
    assert strs(s.legal_actions()) == ["lose thousand-sons-1", "lose thousand-sons-2"]
    s = s.apply("lose thousand-sons-2")
    assert s.location("thousand-sons-1") == DEAD  # no area to go to


@pytest.mark.rule("WM-RETREAT-06", "WM-RETREAT-07", "WM-RETREAT-08", "WM-GAP-10", "WM-COMBAT-07")
def test_units_that_retreated_defend_at_zero_may_be_lost_and_die_if_forced_again() -> None:
    units = {"custodes-1": "52", "thousand-sons-1": "52", "thousand-sons-2": "52"}
    s = position(units, [BattlePhase(IMPERIAL)], retreated={"thousand-sons-1"})
    n = numbers(s, s.top.battle)
    assert (n.attack, n.defence, n.ratio) == (6, 5, "1-1")
    s = roll(s, 6)  # D1: the Traitor may choose the unit that already retreated
    assert strs(s.legal_actions()) == ["lose thousand-sons-1", "lose thousand-sons-2"]
    s = s.apply("lose thousand-sons-2")
    assert s.location("thousand-sons-1") == DEAD  # forced to retreat again: destroyed
    # with the same empty areas around, units that had not retreated are moved instead
    fresh = position({**units, "custodes-2": "52"}, [BattlePhase(IMPERIAL)])
    fresh = roll(fresh, 5)  # 12 against 10 is 1-1; a 5: DR
    assert top(fresh) == "Retreat" and fresh.current_player == IMPERIAL
    assert strs(fresh.legal_actions()) == [f"retreat thousand-sons-1 {a}" for a in (23, 34, 51, 54)]


@pytest.mark.rule("WM-RETREAT-06", "WM-RETREAT-08")
def test_the_retreat_rule_object_drives_defence_and_losses(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's :class:`RetreatRule` settings are what the engine follows: flipped, a unit
    that already retreated defends at full strength and may not be taken as a loss."""
    assert battle_module.RETREAT.retreated_absorb_losses
    rule = attrs.evolve(
        battle_module.RETREAT, retreated_absorb_losses=False, retreated_defend_at_zero=False
    )
    monkeypatch.setattr(battle_module, "RETREAT", rule)
    units = {"custodes-1": "52", "thousand-sons-1": "52", "thousand-sons-2": "52"}
    s = position(units, [BattlePhase(IMPERIAL)], retreated={"thousand-sons-1"})
    n = numbers(s, s.top.battle)
    assert (n.attack, n.defence, n.ratio) == (6, 10, "1-2")  # the retreated 5 counts now
    s = position(
        {**units, "custodes-2": "52"}, [BattlePhase(IMPERIAL)], retreated={"thousand-sons-1"}
    )
    s = roll(s, 6)  # 12 against 10 is 1-1: a 6 is D1
    assert strs(s.legal_actions()) == ["lose thousand-sons-2"]  # not the one that retreated


@pytest.mark.rule("WM-GAP-12", "WM-COMBAT-08")
def test_ratios_below_1_to_1_and_a_zero_defence() -> None:
    units = {"custodes-1": "52", "thousand-sons-1": "52", "thousand-sons-2": "52"}
    s = position(units, [BattlePhase(IMPERIAL)])
    n = numbers(s, s.top.battle)
    assert (n.attack, n.defence, n.ratio) == (6, 10, "1-2")
    assert str(s.data.battle.columns[n.column]) == "1-2"
    z = position(units, [BattlePhase(IMPERIAL)], retreated={"thousand-sons-1", "thousand-sons-2"})
    n = numbers(z, z.top.battle)
    assert n.defence == 0 and str(z.data.battle.columns[n.column]) == "6-1"  # the best column


@pytest.mark.rule("WM-GAP-07", "WM-SEQ-07")
def test_the_traitor_may_move_any_number_of_face_up_units() -> None:
    s = position(
        {"crew-1": "51", "crew-2": "53", "horus": "23"},
        [MovementPhase(TRAITOR), BattlePhase(TRAITOR)],
        phase=PHASES[4],
        bridge=TRAITOR,
    )
    s = s.apply("move crew-1 63").apply("move crew-2 64").apply("move horus 22")
    assert [s.location(u) for u in ("crew-1", "crew-2", "horus")] == ["63", "64", "22"]


# -- re-rolls ----------------------------------------------------------------------------------


def _battle(s: WarmasterState, side: str, area: str) -> Battle:
    other = TRAITOR if side == IMPERIAL else IMPERIAL
    return Battle(side, area, s.fighters(area, side), s.fighters(area, other))


@pytest.mark.rule("WM-REROLL-01", "WM-REROLL-04", "WM-REROLL-05", "WM-REROLL-06", "WM-GAP-11")
@pytest.mark.parametrize(
    ("imperial", "traitor", "who"),
    [
        (("sanguinius",), ("crew-1",), IMPERIAL),
        (("custodes-1",), ("angron",), TRAITOR),
        (("sanguinius",), ("angron",), None),
        (("rogal-dorn",), ("magnus",), None),
        (("emperor",), ("angron",), IMPERIAL),
        (("emperor", "sanguinius"), ("magnus",), IMPERIAL),
        (("sanguinius",), ("horus",), TRAITOR),
        (("emperor",), ("horus",), None),
        (("emperor", "rogal-dorn"), ("horus", "angron"), None),
        (("custodes-1",), ("crew-1",), None),
    ],
)
def test_re_rolls_cancel_each_other(
    imperial: tuple[str, ...], traitor: tuple[str, ...], who: str | None
) -> None:
    units = {u: "51" for u in (*imperial, *traitor)}
    units.setdefault("horus", "11")
    s = position(units, [])
    assert reroll_side(s, _battle(s, IMPERIAL, "51")) == who
    assert reroll_side(s, _battle(s, TRAITOR, "51")) == who


@pytest.mark.rule("WM-REROLL-02", "WM-REROLL-03")
def test_a_re_roll_must_be_kept() -> None:
    s = position({"sanguinius": "52", "sons-of-horus-1": "52"}, [BattlePhase(IMPERIAL)])
    s = roll(s, 1)  # 9 against 4 is 2-1; a 1: AR
    assert top(s) == "RerollChoice" and s.current_player == IMPERIAL
    assert strs(s.legal_actions()) == ["reroll", "keep"]
    s = roll(s.apply("reroll"), 2)  # the new roll stands, and there is no second re-roll
    assert not s.tasks
    assert s.location("sanguinius") == "52" and s.location("sons-of-horus-1") == "52"  # NE
    # a defending hero's side may demand the re-roll too (WM-GAP-11)
    d = position({"sanguinius": "52", "sons-of-horus-1": "52"}, [BattlePhase(TRAITOR)])
    d = roll(d, 6)
    assert top(d) == "RerollChoice" and d.current_player == IMPERIAL


# -- victory -----------------------------------------------------------------------------------


@pytest.mark.rule("WM-VICTORY-02", "WM-VICTORY-03")
def test_the_imperial_player_wins_the_moment_horus_dies() -> None:
    s = position({"emperor": "52", "horus": "52"}, [BattlePhase(IMPERIAL), BattlePhase(TRAITOR)])
    assert top(s) == "BattleRoll"  # the Emperor and Horus cancel each other's re-rolls
    s = roll(s, 6)  # 12 against 12 is 1-1; a 6: D1
    s = s.apply("lose horus")
    assert s.outcome is not None and s.outcome.winner == IMPERIAL
    assert s.current_player is None and not s.tasks  # nothing further is resolved


@pytest.mark.rule("WM-VICTORY-01", "WM-VICTORY-03", "WM-REROLL-07")
def test_the_traitor_wins_the_moment_the_emperor_dies() -> None:
    s = position({"emperor": "52", "horus": "52"}, [BattlePhase(IMPERIAL)])
    s = roll(s, 1).apply("lose emperor")  # A1
    assert s.outcome is not None and s.outcome.winner == TRAITOR
    # a Trap kills him: the Custodes' own Trap roll is never made, the battle never fought
    t = position(
        {"emperor": "51", "custodes-1": "51", "trap-1": "51", "crew-1": "53", "custodes-2": "53"},
        [BattlePhase(IMPERIAL)],
        face_down={"trap-1"},
    )
    assert top(t) == "LossRoll" and t.top.unit == "emperor"
    t = roll(t, 1)  # no re-roll for a Trap's die, even the Emperor's
    assert t.outcome is not None and t.outcome.winner == TRAITOR
    assert t.current_player is None and not t.tasks and not t.legal_actions()
    assert t.location("custodes-1") == "51" and t.location("crew-1") == "53"


@pytest.mark.rule("WM-VICTORY-04", "WM-GAP-21")
def test_the_emperor_and_horus_falling_together_is_a_draw() -> None:
    s = position({"emperor": "52", "horus": "52"}, [BattlePhase(IMPERIAL)])
    s = roll(s, 4)  # 1-1, a 4: EX
    s = s.apply("lose emperor")
    assert s.outcome is None  # both losses are destroyed together
    s = s.apply("lose horus")
    assert s.outcome is not None and s.outcome.winner is None


@pytest.mark.rule("WM-VICTORY-05", "WM-GAP-20")
def test_no_turn_limit_unless_a_cap_is_asked_for() -> None:
    assert new_game().turn_cap is None
    assert new_game(options={"turn_cap": 5}).turn_cap == 5
    s = position({"emperor": "11"}, [BeginTurn()], turn=12, turn_cap=12)
    assert s.outcome is not None and s.outcome.winner == TRAITOR
    s = position({"emperor": "11"}, [BeginTurn()], turn=12)
    assert s.outcome is None and s.turn == 13
    # nor any later turn: no limit hides behind a larger number
    for turn in (20, 30, 100, 999):
        s = position({"emperor": "11"}, [BeginTurn()], turn=turn)
        assert s.outcome is None and s.turn == turn + 1


# -- the game as a whole -----------------------------------------------------------------------


@pytest.mark.rule("WM-COMP-01")
def test_two_players_the_imperial_and_the_traitor() -> None:
    s = new_game()
    assert WarmasterState.players == (IMPERIAL, TRAITOR)
    assert s.current_player == TRAITOR and placed().current_player == IMPERIAL
    assert s.view(IMPERIAL) != s.view(TRAITOR)  # each sees his own side of the game
    with pytest.raises(ValueError, match="unknown player"):
        s.view("chaos")


@pytest.mark.rule("WM-GAP-19")
def test_the_readings_of_the_machine_translation() -> None:
    """The source's "the Horuses" is the one Horus counter, whose death ends the game; its
    "piling up limit" is the stacking limit, three units a side, checked at the end of a
    Movement phase; its "phase battle traitor" is the sixth phase, in which the Traitor
    attacks where his movement brought his units."""
    data = default_data()
    assert [c for c in data.instances() if data.spec(c).id == HORUS] == [HORUS]
    dead = position({"emperor": "52", HORUS: "52"}, [BattlePhase(IMPERIAL)])
    dead = roll(dead, 6).apply("lose horus")  # 1-1, a 6: D1
    assert dead.outcome is not None and dead.outcome.winner == IMPERIAL
    crowd = {f"custodes-{n}": "51" for n in (1, 2, 3)} | {"sanguinius": "52"}
    piled = position(crowd, [MovementPhase(IMPERIAL)], bridge=IMPERIAL, phase=PHASES[1])
    piled = piled.apply("move sanguinius 51").apply("end phase")
    assert top(piled) == "Overstacked" and data.stack_limit == 3
    s = position(
        {"custodes-1": "51", "crew-1": "52"},
        [MovementPhase(TRAITOR), Phase(PHASES[5]), BattlePhase(TRAITOR)],
        phase=PHASES[4],
    )
    s = s.apply("move crew-1 51").apply("end phase")
    assert s.phase == "traitor-battle" == PHASES[5]
    b = s.top.battle
    assert (b.side, b.attackers, b.defenders) == (TRAITOR, ("crew-1",), ("custodes-1",))


ARRIVING = {IMPERIAL: PHASES[0], TRAITOR: PHASES[3]}


@pytest.mark.rule(
    "WM-COMP-01",
    "WM-TELEPORT-01",
    "WM-REINF-05",
    "WM-DESTROY-01",
    "WM-SEQ-08",
    "WM-VICTORY-03",
)
@pytest.mark.parametrize("seed", range(8))
def test_random_games_keep_the_rules(seed: int) -> None:
    """Property over random games with the bot turn cap, state after state: only the two
    players and the dice decide; units come aboard only by teleporting in their side's
    Reinforcements phase (or drawn by a revealed Ambush, a reconstructed special), Imperial
    units on turns 1 and 2 only; the dead never come back, not even to the cup; face-down
    counters never move; nothing happens after the game is over."""
    agents = {IMPERIAL: RandomAgent(seed), TRAITOR: RandomAgent(seed + 500)}
    m = Match(new_game(options={"turn_cap": 12}), seed=seed, agents=agents)
    before = m.state
    while not m.over:
        assert before.current_player in (IMPERIAL, TRAITOR, CHANCE)
        m.step()
        s = m.state
        assert isinstance(s, WarmasterState) and isinstance(before, WarmasterState)
        for c, was, now in zip(s.manifest.ids, before.where, s.where, strict=True):
            side = s.side_of(c)
            if was == DEAD:
                assert now == DEAD, (c, now)
            if now in s.data.board and was not in s.data.board and was != UNPLACED:
                ambush = was == CUP and isinstance(before.top, AmbushDraw)
                assert before.phase == ARRIVING[side] or ambush, (c, was, now, before.phase)
                if was == POOL:
                    assert before.turn in (1, 2)
            if c in before.face_down and c in s.face_down:
                assert now == was
        assert len(s.cup) <= len(before.cup)
        before = s
    assert m.state.current_player is None and not m.state.legal_actions()
