"""The Commander's hand in the 'Armageddon' variant: Command plus leaders on the board
(CCA-HAND-01 to -04, CCA-GAP-11)."""

from __future__ import annotations

import pytest
from cca import State, drain, roll, team_position

from wargames.ancients.variant.flanks import hand_limit
from wargames.core.engine import CHANCE

CARDS = ("order-two-left", "order-two-center", "order-two-right", "order-three-left")


def at_placing(hand: tuple[str, ...], leaders: dict[str, str] | None = None) -> State:
    s = team_position(
        {"03-07": "MI", "07-07": "MI", "11-07": "MI"},
        {"03-03": "MI"},
        leaders=leaders,
        players=3,
        command=(4, 5),
        hands=(hand, ()),
    )
    assert s.current_player == "bottom/commander"
    return s


@pytest.mark.rule("CCA-HAND-01", "CCA-HAND-02", "CCA-GAP-11")
def test_the_limit_is_command_plus_leaders_on_the_board() -> None:
    s = at_placing(CARDS[:3], {"03-07": "bottom", "07-07": "bottom", "05-05": "bottom"})
    assert s.command("bottom") == 4 and hand_limit(s, "bottom") == 4 + 3
    assert hand_limit(s, "top") == 5
    s = s.apply("place order-two-left left").apply("place order-two-center center")
    s = s.apply("place order-two-right right")
    draws = 0
    while s.current_player == CHANCE and s.top.side == "bottom":
        s = s.apply(s.legal_actions()[0])
        draws += 1
    assert draws == 7 and len(s.hand("bottom")) == 7


def leader_at_risk(hands: tuple[tuple[str, ...], tuple[str, ...]]) -> State:
    """Top's last block at 03-05, with one of its two leaders, is attacked from 03-06."""
    s = team_position(
        {"03-06": "MI"},
        {"03-05": "MI", "20-03": "MI"},
        leaders={"03-05": "top", "20-03": "top"},
        players=4,
        placed=(("order-two-left", "", ""), ("", "", "")),
        hands=hands,
        blocks={"03-05": 1},
    )
    return s.apply("order 03-06").apply("end moves").apply("attack 03-06 03-05")


@pytest.mark.rule("CCA-HAND-03", "CCA-GAP-11")
def test_a_leader_killed_lowers_the_limit() -> None:
    s = leader_at_risk((("rally",), ()))
    assert hand_limit(s, "top") == 7
    s = roll(s, "medium", "light", "light", "light")  # the unit is lost: the leader's check
    s = roll(s, "helmet")  # killed
    assert hand_limit(s, "top") == 6


@pytest.mark.rule("CCA-HAND-03", "CCA-GAP-11", "CCA-SEQ-09")
def test_after_a_leader_is_lost_the_commander_draws_only_to_the_lower_limit() -> None:
    s = leader_at_risk((("rally", "line-command", "double-time"), (*CARDS, "order-three-center")))
    s = roll(roll(s, "medium", "light", "light", "light"), "helmet")  # unit and leader lost
    s = s.apply("end advance")
    s = s.apply("place rally left").apply("place line-command center")
    s = drain(s.apply("place double-time right"))
    assert s.active == "top" and s.current_player == "top/commander"  # nothing placed: place
    s = s.apply("place order-two-left left").apply("place order-two-center center")
    s = drain(s.apply("place order-two-right right"))
    assert len(s.hand("top")) == 6 == hand_limit(s, "top")  # 5 + 1 leader, not 5 + 2


@pytest.mark.rule("CCA-HAND-04")
def test_above_the_limit_the_commander_keeps_his_cards_and_draws_nothing() -> None:
    hand = (*CARDS, "line-command", "double-time", "rally", "order-three-center", "order-four-left")
    s = at_placing(hand)  # limit 4, hand 9
    s = s.apply("place rally left").apply("place double-time center")
    s = s.apply("place line-command right")
    assert s.active == "top" and len(s.hand("bottom")) == 6  # nothing discarded or drawn
