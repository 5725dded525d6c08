"""Cards bound to flanks in the 'Armageddon' variant (CCA-CARDS-01 to -10, -15, -16-EX,
CCA-FLANK-01 to -04, CCA-HAND-05, CCA-GAP-04, -10, -16, -17)."""

from __future__ import annotations

import pytest
from cca import legal, refused, team_position

from wargames.ancients.scenario import load_scenario
from wargames.ancients.variant.flanks import placed_right

ENEMY = {"03-03": "MI"}
HAND = (("rally",), ())


def flanks(left: str = "", center: str = "", right: str = "") -> tuple[tuple[str, ...], ...]:
    return ((left, center, right), ("", "", ""))


@pytest.mark.rule("CCA-FLANK-01", "CCA-FLANK-02", "CCA-FLANK-03")
def test_three_flanks_of_two_sections_boundary_hexes_in_both() -> None:
    sc = load_scenario("the-long-ridge")
    board = sc.board
    assert board.layout.id == "armageddon" and len(board) == 230
    assert board.sections_of("03-07", "bottom") == {"left"}
    assert board.subsections_of("03-07", "bottom") == {"left-outer"}
    assert board.subsections_of("07-07", "bottom") == {"left-inner"}
    assert board.sections_of("09-08", "bottom") == {"left", "center"}
    assert board.subsections_of("13-08", "bottom") == {"center-left", "center-right"}
    assert board.sections_of("03-07", "top") == {"right"}


@pytest.mark.rule("CCA-CARDS-01", "CCA-CARDS-05", "CCA-CARDS-06")
def test_a_section_card_on_the_wrong_flank_gives_no_action_and_is_used_up() -> None:
    s = team_position(
        {"03-07": "MI", "11-07": "MI"},
        ENEMY,
        players=4,
        placed=flanks("", "order-two-left"),
        hands=HAND,
    )
    # the center's card names the left: no order at all on the center; straight to placing
    assert s.current_player == "bottom/commander" and "order-two-left" in s.deck.discards.cards
    assert not placed_right(s.scenario.cards["order-two-left"], "center")
    assert s.flank_orders == ((), (), ())
    s = team_position(
        {"03-07": "MI", "11-07": "MI"},
        ENEMY,
        players=4,
        placed=flanks("order-two-left"),
        hands=HAND,
    )
    assert s.current_player == "bottom/left" and legal(s) == ["order 03-07", "end orders"]


@pytest.mark.rule("CCA-CARDS-02", "CCA-CARDS-13")
def test_a_section_card_orders_from_one_section_of_its_flank() -> None:
    s = team_position(
        {"03-07": "MI", "02-07": "MI", "07-07": "MI", "11-07": "MI"},
        ENEMY,
        players=4,
        placed=flanks("order-three-left"),
        hands=HAND,
    )
    assert sorted(legal(s)) == ["end orders", "order 02-07", "order 03-07", "order 07-07"]
    s = s.apply("order 03-07")
    assert legal(s) == ["order 02-07", "end orders"]
    refused(s, "order 07-07", "CCA-CARDS-02")
    refused(s, "order 11-07", "CCA-CARDS-10")


@pytest.mark.rule("CCA-CARDS-03", "CCA-CARDS-04", "CCA-GAP-16")
def test_leadership_needs_its_leader_in_the_flank_and_may_order_across() -> None:
    units = {"09-07": "MI", "09-08": "MI", "10-07": "MI", "11-07": "MI", "03-07": "MI"}
    s = team_position(
        units,
        ENEMY,
        leaders={"09-07": "bottom"},
        players=4,
        placed=flanks("inspired-left-leadership"),
        hands=HAND,
    )
    s = s.apply("order 09-07")  # the leader's unit, in the left flank
    assert legal(s) == ["order 09-08", "order 10-07", "end orders"]
    s = s.apply("order 10-07")  # a center unit linked to him (CCA-CARDS-04)
    assert "order 11-07" in legal(s)
    # his leader in the center: the left's Inspired card orders one unit there, no chain
    s = team_position(
        units,
        ENEMY,
        leaders={"11-07": "bottom"},
        players=4,
        placed=flanks("inspired-left-leadership"),
        hands=HAND,
    )
    assert "order 11-07" not in legal(s)
    s = s.apply("order 09-07")
    assert s.flank_orders == ((s.unit_at("09-07"),), (), ())  # one unit, then the moves
    assert not any(a.startswith("order") for a in legal(s)) and "end moves" in legal(s)
    # a leader on a hex of two flanks satisfies either (CCA-GAP-16)
    s = team_position(
        {"09-08": "MI", "10-07": "MI", "11-07": "MI"},
        ENEMY,
        leaders={"09-08": "bottom"},
        players=4,
        placed=flanks("", "inspired-center-leadership"),
        hands=HAND,
    )
    assert s.current_player == "bottom/center"
    assert legal(s)[0] == "order 09-08"
    assert legal(s.apply("order 09-08")) == ["order 10-07", "end orders"]


@pytest.mark.rule("CCA-CARDS-07", "CCA-GAP-04")
def test_coordinated_attack_one_unit_in_each_section_of_its_flank() -> None:
    s = team_position(
        {"02-07": "MI", "03-07": "MI", "07-07": "MI", "11-07": "MI"},
        ENEMY,
        players=4,
        placed=flanks("coordinated-attack"),
        hands=HAND,
    )
    s = s.apply("order 03-07")
    assert legal(s) == ["order 07-07", "end orders"]
    refused(s, "order 02-07", "CCA-CARDS-07")
    s = s.apply("order 07-07")
    assert s.flank_orders[0] == (s.unit_at("03-07"), s.unit_at("07-07"))


@pytest.mark.rule("CCA-CARDS-08", "CCA-CARDS-09", "CCA-GAP-17")
def test_out_flanked_two_units_in_each_section_even_in_the_center() -> None:
    center = {"10-07": "MI", "11-07": "MI", "12-07": "MI", "14-07": "MI", "15-07": "MI"}
    s = team_position(
        {**center, "16-07": "MI"},
        ENEMY,
        players=4,
        placed=flanks("", "out-flanked"),
        hands=HAND,
    )
    assert s.current_player == "bottom/center"
    s = s.apply("order 10-07").apply("order 11-07")
    assert legal(s) == ["order 14-07", "order 15-07", "order 16-07", "end orders"]
    refused(s, "order 12-07", "CCA-CARDS-08")
    s = s.apply("order 14-07").apply("order 15-07")
    assert len(s.flank_orders[1]) == 4


@pytest.mark.rule("CCA-CARDS-10", "CCA-GAP-10", "CCA-HAND-05")
def test_other_cards_act_only_on_their_flank_up_to_the_scenario_command() -> None:
    left = {f"0{c}-07": "MI" for c in range(1, 8)}
    s = team_position(
        {**left, "11-07": "MI"},
        ENEMY,
        leaders={"01-07": "bottom", "02-07": "bottom", "11-07": "bottom"},
        players=4,
        placed=flanks("order-medium-troops"),
        hands=HAND,
    )
    assert "order 11-07" not in legal(s)
    for hex_id in list(left)[:5]:
        s = s.apply(f"order {hex_id}")
    # Command 5, though the hand limit is 5 + 3 leaders: the left flank is done
    assert len(s.flank_orders[0]) == 5
    assert all(a.startswith("move") or a == "end moves" for a in legal(s))
    s = team_position(
        {"03-07": "MI", "11-07": "MI", "20-07": "MI"},
        ENEMY,
        players=4,
        placed=flanks("", "", "line-command"),
        hands=HAND,
    )
    assert s.current_player == "bottom/right" and "order 11-07" not in legal(s)
    refused(s, "order 11-07", "CCA-CARDS-10")


@pytest.mark.rule("CCA-CARDS-15", "CCA-CARDS-16-EX", "CCA-FLANK-04", "CCA-FLANK-03")
def test_a_unit_on_two_flanks_takes_an_order_from_either_never_both() -> None:
    units = {"09-08": "MI", "07-07": "MI", "11-07": "MI"}
    placed = flanks("order-two-left", "order-two-center")
    s = team_position(units, ENEMY, players=4, placed=placed, hands=HAND)
    assert "order 09-08" in legal(s)
    s = s.apply("order 09-08").apply("order 07-07")
    assert s.current_player == "bottom/center"
    assert legal(s) == ["order 11-07", "end orders"]
    refused(s, "order 09-08", "CCA-CARDS-15")
    # not ordered on the left: the center's Field General may order it
    s = team_position(units, ENEMY, players=4, placed=placed, hands=HAND)
    s = s.apply("order 07-07").apply("end orders")
    assert "order 09-08" in legal(s)


@pytest.mark.rule("CCA-GAP-10", "CCA-CARDS-03")
def test_leadership_any_section_on_a_flank_needs_its_leader_in_that_flank() -> None:
    units = {"03-07": "MI", "04-07": "MI", "11-07": "MI", "12-07": "MI"}
    placed = flanks("leadership-any-section")
    s = team_position(units, ENEMY, leaders={"03-07": "bottom"}, players=4, placed=placed)
    assert legal(s.apply("order 03-07")) == ["order 04-07", "end orders"]  # the chain
    s = team_position(units, ENEMY, leaders={"11-07": "bottom"}, players=4, placed=placed)
    assert legal(s) == ["order 03-07", "order 04-07", "end orders"]  # not the center's
    s = s.apply("order 03-07")  # his leader is in the center: 1 unit of choice only
    assert s.flank_orders == ((s.unit_at("03-07"),), (), ())
    assert not any(a.startswith("order") for a in legal(s))


@pytest.mark.rule("CCA-CARDS-10", "CCA-GAP-10")
def test_a_tactic_card_with_nothing_to_order_in_its_flank_orders_one_unit_there() -> None:
    # Mounted Charge on the left, the only mounted unit in the center: 1 unit of choice
    units = {"03-07": "MI", "07-07": "MI", "11-07": "MC"}
    s = team_position(units, ENEMY, players=4, placed=flanks("mounted-charge"), hands=HAND)
    assert s.played[0] == "mounted-charge!"
    assert legal(s) == ["order 03-07", "order 07-07", "end orders"]
    s = s.apply("order 03-07")
    assert s.flank_orders[0] == (s.unit_at("03-07"),)  # one unit, then the moves
    units = {"03-07": "LC", "07-07": "MC", "11-07": "MC"}
    s = team_position(units, ENEMY, players=4, placed=flanks("mounted-charge"), hands=HAND)
    assert s.played[0] == "mounted-charge"
    s = s.apply("order 03-07").apply("order 07-07")
    assert len(s.flank_orders[0]) == 2
