"""Rally and I Am Spartacus placed on a flank in the 'Armageddon' variant: the Command dice
are rolled and spent on that flank only (CCA-CARDS-10, CCA-GAP-10)."""

from __future__ import annotations

import pytest
from cca import State, drain, legal, refused, roll, team_position

from wargames.core.engine import CHANCE

ENEMY = {"03-02": "MI"}


def placed_on_left(
    card: str,
    bottom: dict[str, str],
    leaders: dict[str, str] | None = None,
    blocks: dict[str, int] | None = None,
) -> State:
    return team_position(
        bottom,
        ENEMY,
        leaders=leaders,
        blocks=blocks,
        players=4,
        placed=((card, "", ""), ("", "", "")),
        hands=(("order-two-center",), ()),
    )


@pytest.mark.rule("CCA-CARDS-10", "CCA-GAP-10")
def test_rally_on_a_flank_gives_blocks_and_orders_only_there() -> None:
    s = placed_on_left(
        "rally",
        {"03-07": "MI", "11-07": "MI"},
        leaders={"03-07": "bottom", "11-07": "bottom"},
        blocks={"03-07": 2, "11-07": 2},
    )
    assert s.current_player == CHANCE and getattr(s.top, "dice", None) == 5
    s = roll(s, "medium", "medium", "medium", "flag", "swords")
    # three medium faces, but the center's damaged unit lies outside the left flank
    assert s.current_player == "bottom/left" and legal(s) == ["rally 03-07"]
    refused(s, "rally 11-07", "CCA-CARDS-10")
    s = s.apply("rally 03-07").apply("rally 03-07")
    unit = s.unit_at("03-07")
    assert unit is not None and s.blocks[unit] == 4
    assert s.flank_orders[0] == (unit,)  # the rallied unit is ordered on the left flank
    assert s.current_player == "bottom/left" and "move 03-07 03-06" in legal(s)
    other = s.unit_at("11-07")
    assert other is not None and s.blocks[other] == 2


@pytest.mark.rule("CCA-CARDS-10", "CCA-GAP-10")
def test_spartacus_on_a_flank_orders_by_its_dice_only_there_then_reshuffles() -> None:
    s = placed_on_left("i-am-spartacus", {"03-07": "MI", "04-07": "LI", "11-07": "MI"})
    assert s.current_player == CHANCE
    s = roll(s, "medium", "medium", "light", "flag", "swords")
    assert s.current_player == "bottom/left"
    assert sorted(legal(s)) == ["end orders", "order 03-07", "order 04-07"]
    refused(s, "order 11-07", "CCA-CARDS-10")
    s = s.apply("order 03-07").apply("order 04-07")
    assert s.flank_orders[0] == (s.unit_at("03-07"), s.unit_at("04-07"))
    s = s.apply("end moves")
    assert s.current_player == "bottom/commander"  # placing: the flank's card is used up
    s = s.apply("place order-two-center left")
    # the draw pile, the discards and the card were shuffled together (CCB-CARDS-38)
    assert not s.deck.discards.cards and "i-am-spartacus" in s.deck.draw.cards
    assert drain(s).turn > s.turn
