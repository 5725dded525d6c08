"""Border Raid: the conformance kit in one call, and a test for each rule (ids in flow.py)."""

from __future__ import annotations

import pytest
import wargames
from wargames.core.notation import Roll
from wargames.testing import check_game

from border_raid import GAME, RaidState, new_game
from border_raid.actions import Attack, Lose, Move, Pass, RetreatTo
from border_raid.combat import outcome_odds, result


def start(**where: str) -> RaidState:
    """The standard scenario with some companies moved (``lost`` for a destroyed one)."""
    state = new_game(None, {})
    for company, area in where.items():
        state = state.moved(company, area)
    return state


def refused(state: RaidState, action: object, rule: str) -> None:
    before = state.to_json()
    with pytest.raises(wargames.RuleViolation) as caught:
        state.apply(action)
    assert caught.value.rule == rule
    assert state.to_json() == before


def test_the_whole_conformance_kit_passes() -> None:
    report = check_game(GAME, seeds=range(10))
    assert report.games == 10 * len(GAME.scenarios())


def test_the_game_is_found_through_its_entry_point() -> None:
    assert "raid" in wargames.games()
    assert wargames.load("raid").current_player == "red"


@pytest.mark.rule("RAID-SEQ-01", "RAID-SEQ-02")
def test_red_plays_first_and_the_players_alternate() -> None:
    state = start()
    assert state.current_player == "red"
    assert Pass() in state.legal_actions()
    after = state.apply("pass")
    assert after.current_player == "blue" and after.turn == 1
    assert after.apply("pass").turn == 2


@pytest.mark.rule("RAID-MOVE-01", "RAID-MOVE-02")
def test_a_company_moves_next_door_but_not_into_the_enemy() -> None:
    state = start()
    assert state.apply("move r3 hill").area_of("r3") == "hill"
    refused(state, Move("r3", "blue-keep"), "RAID-MOVE-01")
    refused(state, Move("r1", "ford"), "RAID-MOVE-02")


@pytest.mark.rule("RAID-STACK-01")
def test_no_more_than_two_companies_in_an_area() -> None:
    state = start(r2="wood")
    refused(state, Move("r1", "wood"), "RAID-STACK-01")


@pytest.mark.rule("RAID-COMBAT-01", "RAID-COMBAT-02", "RAID-COMBAT-03")
def test_attacks_need_one_to_two_and_a_hill_doubles_the_defence() -> None:
    state = start(r1="wood", b3="hill")  # 3 against 2 on a hill: 3:4, the 1:2 column
    assert Attack("hill", "wood") in state.legal_actions()
    state = start(r1="lost", r2="lost", b3="lost", b1="hill", b2="ford")
    # r3 in the wood, 2 against 3 doubled on the hill: 2:6 is 1:3, below 1:2
    refused(state, Attack("hill", "wood"), "RAID-COMBAT-03")
    refused(state, Attack("ford", "wood"), "RAID-COMBAT-01")  # not next to each other


@pytest.mark.rule("RAID-CRT-01")
def test_the_table_gives_the_result_and_its_exact_odds() -> None:
    assert [result(3, 1, die) for die in range(1, 7)] == ["NE", "NE", "DR", "DR", "DE", "DE"]
    assert result(1, 2, 1) == "AE"
    assert sum(outcome_odds(2, 2).values()) == 1
    assert outcome_odds(2, 2)["AE"] == pytest.approx(1 / 3)
    assert outcome_odds(1, 3) == {}


@pytest.mark.rule("RAID-CRT-02", "RAID-RETREAT-01")
def test_the_owner_chooses_the_loss_and_the_retreat() -> None:
    state = start(r1="wood", r2="wood", r3="ford", b3="hill")  # 5 against 2 doubled: 1:1
    state = state.apply("attack hill from wood").apply(Roll(1))  # AE
    assert state.current_player == "red"
    assert set(state.legal_actions()) == {Lose("r1"), Lose("r2")}
    state = state.apply("lose r2")
    assert state.area_of("r2") == "lost" and state.current_player == "blue"

    state = start(r1="wood", r2="wood", b3="hill")
    state = state.apply("attack hill from wood").apply(Roll(6))  # DE
    assert state.current_player == "blue" and state.legal_actions() == [Lose("b3")]
    state = state.apply("lose b3")
    assert state.area_of("b3") == "lost" and state.current_player == "blue"  # blue's go now


@pytest.mark.rule("RAID-RETREAT-01", "RAID-RETREAT-02")
def test_retreats_go_where_the_owner_says_or_are_destroyed() -> None:
    state = start(r1="wood", r2="wood", b3="hill")  # 5 against 4: 1:1
    state = state.apply("attack hill from wood").apply(Roll(5))  # DR
    assert state.current_player == "blue"
    assert set(state.legal_actions()) == {RetreatTo("ford")}  # the keep is full, the wood red
    assert state.apply("retreat ford").area_of("b3") == "ford"

    boxed = start(r1="wood", r2="wood", r3="ford", b3="hill")
    boxed = boxed.apply("attack hill from wood").apply(Roll(5))  # DR with nowhere to go
    assert boxed.area_of("b3") == "lost" and boxed.current_player == "blue"


@pytest.mark.rule("RAID-VICTORY-01")
def test_holding_the_enemy_keep_at_the_end_of_a_go_wins() -> None:
    state = start(b1="hill", b2="hill", b3="wood", r3="ford")
    state = state.apply("move r3 blue-keep")
    assert state.outcome is not None and state.outcome.winner == "red"
    assert state.returns() == [1.0, -1.0]


@pytest.mark.rule("RAID-VICTORY-02")
def test_a_side_with_no_company_left_loses() -> None:
    state = start(b1="lost", b2="lost", r1="wood", r2="wood", b3="hill", r3="red-keep")
    state = state.apply("attack hill from wood").apply(Roll(6)).apply("lose b3")
    assert state.outcome is not None and state.outcome.winner == "red"
    assert "no company left" in state.outcome.reason


@pytest.mark.rule("RAID-VICTORY-03")
def test_the_game_is_drawn_after_the_last_turn() -> None:
    state = new_game("skirmish", {"turns": 1})
    state = state.apply("pass").apply("pass")
    assert state.outcome is not None and state.outcome.winner is None


def test_bad_options_and_scenarios_are_refused() -> None:
    with pytest.raises(wargames.OptionError, match="turns"):
        wargames.load("raid", turns=0)
    with pytest.raises(wargames.OptionError, match="did you mean 'turns'"):
        wargames.load("raid", turn=3)
    with pytest.raises(wargames.ScenarioError, match="unknown scenario"):
        wargames.load("raid", scenario="nowhere")


def test_the_descriptor_says_what_the_game_is() -> None:
    game = wargames.game("raid")
    assert [s.title for s in game.scenario_list()] == ["The border", "A skirmish"]
    assert game.max_turns("skirmish") == 6 and game.max_turns(None, {"turns": 3}) == 3
    assert [o.name for o in game.options] == ["turns"]


def test_a_saved_state_is_self_contained() -> None:
    state = new_game("skirmish", {"turns": 3}).apply("move r2 hill")
    again = RaidState.from_json(state.to_json())
    assert again == state and again.setup.turns == 3
