"""Seats of the 'Armageddon' team variant: roles, who decides what, views (CCA-GEN-01,
CCA-ROLE-01 to -07, CCA-GAP-05, -14, -15)."""

from __future__ import annotations

import pytest
from cca import legal, team_position

import wargames
from wargames.ancients.state import BACK
from wargames.ancients.variant.seats import roles_of, seat_for, seats
from wargames.core.errors import ScenarioError

SCENARIO = "the-long-ridge"
PLACED = (("order-two-left", "order-two-center", "order-two-right"), ("", "", ""))
ARMIES = ({"03-07": "MI", "11-07": "MI", "20-07": "MI"}, {"03-03": "MI"})


def at_orders(players: int) -> wargames.GameState:
    return team_position(*ARMIES, players=players, placed=PLACED, hands=(("rally",), ()))


@pytest.mark.rule("CCA-GEN-01", "CCA-GAP-05", "CCA-ROLE-01")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_side_has_one_to_four_players_one_of_them_commander(players: int) -> None:
    s = wargames.load("ancients", SCENARIO, players=players)
    assert s.team == (players, players)
    found = seats("bottom", players)
    assert len(found) == players
    assert "commander" in roles_of(found[0], players) or found == ("bottom",)
    for bad in (0, 5, "two", True):
        with pytest.raises(ScenarioError):
            wargames.load("ancients", SCENARIO, players=bad)
    assert wargames.load("ancients", SCENARIO, players=(1, 4)).team == (1, 4)


@pytest.mark.rule("CCA-ROLE-03")
def test_four_players_commander_and_three_field_generals() -> None:
    assert seats("top", 4) == ("top/commander", "top/left", "top/center", "top/right")
    s = at_orders(4)
    assert s.current_player == "bottom/left"
    s = s.apply("order 03-07")
    assert s.current_player == "bottom/center"
    s = s.apply("order 11-07")
    assert s.current_player == "bottom/right"


@pytest.mark.rule("CCA-ROLE-04")
def test_three_players_two_field_generals_one_taking_the_center() -> None:
    assert seats("bottom", 3) == ("bottom/commander", "bottom/left+center", "bottom/right")
    s = at_orders(3)
    assert s.current_player == "bottom/left+center"
    s = s.apply("order 03-07")
    assert s.current_player == "bottom/left+center" and s.flank == "center"
    s = s.apply("order 11-07")
    assert s.current_player == "bottom/right"


@pytest.mark.rule("CCA-ROLE-05")
def test_two_players_commander_runs_one_outside_flank() -> None:
    assert seats("bottom", 2) == ("bottom/commander+left", "bottom/center+right")
    s = at_orders(2)
    assert s.current_player == "bottom/commander+left"
    s = s.apply("order 03-07")
    assert s.current_player == "bottom/center+right"
    s = s.apply("order 11-07").apply("order 20-07")
    assert s.current_player == "bottom/commander+left"  # moving on the left flank
    assert s.seat("bottom", "commander") == "bottom/commander+left"
    assert seat_for("bottom", "commander", 2) == "bottom/commander+left"


@pytest.mark.rule("CCA-ROLE-06", "CCA-ROLE-02")
def test_one_player_does_everything_and_the_delay_still_applies() -> None:
    s = at_orders(1)
    assert seats("bottom", 1) == ("bottom",)
    assert s.current_player == "bottom"
    # the card placed this turn is not used this turn: it waits face down
    s = s.apply("end orders").apply("end orders").apply("end orders")
    assert s.current_player == "bottom" and legal(s) == ["place rally left"]
    s = s.apply("place rally left")
    assert s.placed[0] == ("rally", "", "") and s.revealed == ("", "", "")


@pytest.mark.rule("CCA-ROLE-07", "CCA-ROLE-02", "CCA-GAP-15")
def test_a_field_general_of_two_flanks_uses_each_card_in_its_own_flank() -> None:
    s = at_orders(3)
    assert s.current_player == "bottom/left+center" and s.card == "order-two-left"
    assert legal(s) == ["order 03-07", "end orders"]  # not the center's unit
    s = s.apply("order 03-07")
    assert s.card == "order-two-center" and legal(s) == ["order 11-07", "end orders"]


@pytest.mark.rule("CCA-GAP-14", "CCA-ROLE-02")
def test_each_side_names_its_flanks_from_its_own_baseline() -> None:
    # the top side's left flank is the bottom side's right
    s = team_position(
        {"03-07": "MI"},
        {"22-03": "MI", "03-03": "MI"},
        players=4,
        active="top",
        placed=(("", "", ""), ("order-two-left", "", "")),
    )
    assert s.current_player == "top/left" and legal(s) == ["order 22-03", "end orders"]


@pytest.mark.rule("CCA-ROLE-01", "CCA-SEQ-08")
def test_views_show_a_seat_only_what_it_may_see() -> None:
    s = team_position(
        *ARMIES,
        players=4,
        hands=(("rally", "double-time"), ("line-command",)),
        placed=(PLACED[0], ("order-two-left", "order-three-center", "order-four-right")),
    )
    commander = s.view("bottom/commander")
    assert commander.hand("bottom").cards == s.hand("bottom").cards
    assert commander.hand("top").cards == (BACK,)
    assert commander.placed[1] == (BACK, BACK, BACK)
    left = s.view("bottom/left")
    assert set(left.hand("bottom").cards) == {BACK}  # only the Commander holds cards
    their_left = s.view("top/left")
    assert their_left.placed[1] == ("order-two-left", BACK, BACK)
    assert their_left.placed[0] == PLACED[0] or their_left.placed[0] == ("", "", "")
    for seat in (*seats("top", 4), "top"):
        seen = s.view(seat)
        assert set(seen.hand("bottom").cards) <= {BACK}
        assert set(seen.deck.draw.cards) <= {BACK}
