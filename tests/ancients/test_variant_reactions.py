"""Counter Attack and First Strike, the Commander's only immediate reactions in the
'Armageddon' variant (CCA-SEQ-02, CCA-CARDS-11 to -14, CCA-GAP-07 to -09)."""

from __future__ import annotations

import pytest
from cca import State, legal, refused, roll, team_position

from wargames.ancients.variant.flow import copied
from wargames.core.engine import CHANCE

UNITS = {"20-07": "MI", "21-07": "MI", "24-07": "MI", "03-07": "MI"}
ENEMY = {"03-03": "MI"}
PLACED = (("", "", "order-two-center"), ("", "", ""))


def countering(last: str = "order-two-left", hand: tuple[str, ...] = ("counter-attack",)) -> State:
    return team_position(
        UNITS,
        ENEMY,
        players=4,
        placed=PLACED,
        hands=(hand, ()),
        flank_last=(("", "", ""), (last, "", "")),
    )


@pytest.mark.rule("CCA-SEQ-02", "CCA-CARDS-11", "CCA-GAP-07")
def test_counter_attack_before_the_reveal_copies_the_same_stretch() -> None:
    s = countering()
    assert s.current_player == "bottom/commander" and s.revealed == ("", "", "")
    assert legal(s) == [
        "counter-attack left",
        "counter-attack center",
        "counter-attack right",
        "end counter-attack",
    ]
    s = s.apply("counter-attack right")
    # the top side's left is the bottom side's right: its Order Two Left becomes Two Right
    assert copied(s, "right") == "order-two-right"
    assert s.revealed == ("", "", "counter-attack") and s.effective[2] == "order-two-right"
    assert "counter-attack" in s.deck.discards.cards and not s.hand("bottom").cards
    assert s.current_player == "bottom/right"
    assert sorted(legal(s)) == ["end orders", "order 20-07", "order 21-07", "order 24-07"]


@pytest.mark.rule("CCA-SEQ-02")
def test_counter_attack_only_before_the_reveal() -> None:
    s = team_position(
        UNITS,
        ENEMY,
        players=4,
        placed=(("", "", "order-two-right"), ("", "", "")),
        hands=(("counter-attack", "rally"), ()),
        flank_last=(("", "", ""), ("order-two-left", "", "")),
    )
    assert "counter-attack right" in legal(s)
    s = s.apply("end counter-attack")
    assert s.revealed == ("", "", "order-two-right") and s.current_player == "bottom/right"
    refused(s, "counter-attack right", "CCB-TURN-01")  # too late once the cards are revealed
    assert "counter-attack" in s.hand("bottom").cards


@pytest.mark.rule("CCA-CARDS-13", "CCA-GAP-07")
def test_copying_a_section_card_orders_from_one_section() -> None:
    s = countering("order-three-left").apply("counter-attack right")
    s = s.apply("order 20-07")
    assert legal(s) == ["order 21-07", "end orders"]
    refused(s, "order 24-07", "CCA-CARDS-02")


@pytest.mark.rule("CCA-CARDS-11", "CCA-GAP-07")
def test_counter_attack_with_nothing_to_copy_orders_one_unit_in_its_flank() -> None:
    s = countering("").apply("counter-attack right")
    assert s.effective[2] == "counter-attack"
    assert "order 03-07" not in legal(s)
    s = s.apply("order 20-07")
    assert all(a.startswith("move") or a == "end moves" for a in legal(s))


@pytest.mark.rule("CCA-CARDS-12", "CCA-GAP-08", "CCA-SEQ-03")
def test_the_displaced_card_stays_face_down_for_next_turn() -> None:
    s = countering(hand=("counter-attack", "rally", "line-command"))
    s = s.apply("counter-attack right").apply("end orders")
    assert s.placed[0] == ("", "", "order-two-center")
    s = s.apply("place rally left").apply("place line-command center")
    assert s.current_player == CHANCE  # no card is placed on the right flank this turn
    assert s.placed[0] == ("rally", "line-command", "order-two-center")


@pytest.mark.rule("CCA-GAP-08")
def test_one_counter_attack_per_flank_and_never_placed() -> None:
    s = countering(hand=("counter-attack", "counter-attack", "rally"))
    s = s.apply("counter-attack right")
    assert legal(s) == ["counter-attack left", "counter-attack center", "end counter-attack"]
    refused(s, "counter-attack right", "CCA-GAP-08")
    s = s.apply("counter-attack left")
    assert s.countered == ("right", "left") and s.current_player == "bottom/left"
    s = countering(hand=("counter-attack", "rally")).apply("end counter-attack")
    while s.current_player != "bottom/commander":
        s = s.apply("end orders") if "end orders" in legal(s) else s.apply(legal(s)[-1])
    assert legal(s) == ["place rally left"]
    refused(s, "place counter-attack left", "CCA-GAP-08")


def striking(top_hand: tuple[str, ...]) -> State:
    s = team_position(
        {"03-06": "MI"},
        {"03-05": "MI"},
        players=4,
        placed=(("order-two-left", "", ""), ("", "", "")),
        hands=(("rally",), top_hand),
    )
    return s.apply("order 03-06").apply("end moves").apply("attack 03-06 03-05")


@pytest.mark.rule("CCA-CARDS-14", "CCA-GAP-09")
def test_first_strike_offered_to_the_opposing_commander_before_the_roll() -> None:
    hand = (
        "first-strike",
        "order-three-center",
        "line-command",
        "double-time",
        "order-two-left",
        "order-two-center",
    )
    s = striking(hand)
    assert s.current_player == "top/commander"  # not the Field General of the flank
    assert legal(s) == ["play first-strike", "end first-strike"]
    s = s.apply("play first-strike")
    assert "first-strike" in s.deck.discards.cards and len(s.hand("top")) == 5
    s = roll(s, "medium", "medium", "light", "light")  # the defender strikes first: 2 hits
    assert s.blocks[s.unit_at("03-06")] == 2
    s = roll(s, "light", "light", "light", "light")  # then the attacker (full at the start)
    # the combat is over: the Commander draws the replacement, above his hand limit of 5
    assert s.current_player == CHANCE and s.top.side == "top"
    s = s.apply(s.legal_actions()[0])
    assert len(s.hand("top")) == 6


@pytest.mark.rule("CCA-CARDS-14")
def test_declining_first_strike_and_the_field_general_never_plays_it() -> None:
    s = striking(("first-strike",))
    s = s.apply("end first-strike")
    assert s.current_player == CHANCE  # no second offer: the attacker rolls
    assert "first-strike" in s.hand("top").cards


def test_the_field_general_of_the_flank_decides_an_evasion() -> None:
    s = team_position(
        {"03-06": "MI"},
        {"03-05": "LI"},
        players=4,
        placed=(("order-two-left", "", ""), ("", "", "")),
        hands=(("rally",), ("first-strike",)),
    )
    s = s.apply("order 03-06").apply("end moves").apply("attack 03-06 03-05")
    assert s.current_player == "top/commander"
    s = s.apply("end first-strike")
    assert s.current_player == "top/right" and legal(s) == ["stand", "evade"]
