"""Victory banners and the end of the game (CCB-VICTORY-*)."""

from __future__ import annotations

import pytest
from ccb import draw, position, roll, top

from wargames.ancients import new_game


@pytest.mark.rule("CCB-VICTORY-01", "CCB-VICTORY-03", "CCB-LEADER-18")
def test_the_game_ends_the_moment_a_side_reaches_its_target() -> None:
    s = position(
        {"06-05": "HI"},
        {"06-04": "MI"},
        leaders={"06-04": "top"},
        ordered=["06-05"],
        blocks={"06-04": 1},
        banners=(4, 0),
    )
    s = roll(s.apply("attack 06-05 06-04"), "medium", "light", "light", "light", "light")
    assert s.outcome is not None and s.outcome.winner == "bottom"
    assert s.current_player is None and s.legal_actions() == []
    assert s.leader_at("06-04") is not None  # nothing further resolved: no leader check
    assert "5 victory banners" in s.outcome.reason
    s = position(
        {"06-05": "MI"},
        {"06-03": "MI"},
        leaders={"06-04": "top"},
        ordered=["06-05"],
        banners=(4, 0),
    )
    s = roll(s.apply("attack 06-05 06-04"), "helmet", "light", "light", "light")
    assert s.outcome is not None and s.outcome.winner == "bottom"  # a killed leader counts


@pytest.mark.rule("CCB-VICTORY-02", "CCB-GEN-03")
def test_objective_banners_are_held_while_a_unit_stands_on_the_hex() -> None:
    s = position(
        {"06-05": "MI"},
        {"01-01": "MI"},
        ordered=["06-05"],
        step="moves",
        objectives=[{"hex": "06-04", "side": "bottom", "banners": 1}],
    )
    s = s.apply("move 06-05 06-04")
    s = draw(s, "order-two-left")  # the end of the turn
    assert s.banners == (1, 0) and s.held == ("bottom",)
    s = position(
        {"06-05": "MI"},
        {"01-01": "MI"},
        ordered=["06-05"],
        step="moves",
        objectives=[{"hex": "06-05", "side": "bottom"}],
    )
    s = draw(s.apply("end moves"), "order-two-left")
    assert s.banners == (1, 0)
    s = s.apply("play order-three-right").apply("end orders")
    assert s.banners == (1, 0)
    s = position(
        {"06-05": "MI"},
        {"01-01": "MI"},
        ordered=["06-05"],
        step="moves",
        objectives=[{"hex": "06-05", "side": "top"}],
    )
    s = draw(s.apply("end moves"), "order-two-left")
    assert s.banners == (0, 0)  # only the top player may earn it


def test_objectives_are_lost_when_left() -> None:
    s = position(
        {"06-05": "MI"},
        {"01-01": "MI"},
        ordered=["06-05"],
        step="moves",
        objectives=[{"hex": "06-05"}],
    )
    s = draw(s.apply("end moves"), "order-two-left")
    assert s.banners == (1, 0)
    s = s.relocate([(0, "06-04")])  # the unit walks off it
    from wargames.ancients.victory import hold_objectives

    assert hold_objectives(s).banners == (0, 0)


@pytest.mark.rule("CCB-VICTORY-05", "CCB-GAP-11")
def test_each_side_has_its_own_target_and_a_draw_needs_both_at_once() -> None:
    sc = new_game("elephant-ridge").scenario
    assert sc.target == (6, 6) and sc.first == "top"
    s = position(
        {"06-05": "HI"}, {"06-04": "MI"}, ordered=["06-05"], blocks={"06-04": 1}, targets=(1, 9)
    )
    s = roll(s.apply("attack 06-05 06-04"), "medium", "light", "light", "light", "light")
    assert s.outcome is not None and s.outcome.winner == "bottom"


def test_the_bot_turn_cap_ends_the_game_on_banners() -> None:
    s = new_game(options={"turn_cap": 2})
    from wargames.core.engine import CHANCE

    while s.current_player is not None:
        s = s.apply(s.legal_actions()[-1] if s.current_player != CHANCE else s.legal_actions()[0])
    assert s.outcome is not None and s.turn == 2 and "turn cap" in s.outcome.reason
    assert s.outcome.winner is None  # equal banners: a draw
    assert top(s) == "(none)"
