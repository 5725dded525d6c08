"""The Epic command rules on the Epic board (CCB-EPIC-04 to -10, CCB-GAP-09): seats, cards
given per section, whole-army cards, reaching cards, the Commander's two draws, JSON."""

from __future__ import annotations

import pytest
from ccb import legal, refused

from wargames.ancients.cards import deck
from wargames.ancients.epic import EpicState, GiveCards
from wargames.ancients.flow import BeginTurn
from wargames.ancients.game import new_game
from wargames.ancients.orders import PlayStep
from wargames.ancients.state import AncientsState
from wargames.core.cards import Deck, Pile
from wargames.core.errors import ScenarioError

HAND = (
    "order-two-left",
    "order-three-center",
    "order-two-right",
    "line-command",
    "order-heavy-troops",
    "coordinated-attack",
    "leadership-any-section",
)


def turn(players: int = 8, hand: tuple[str, ...] = HAND) -> EpicState:
    """Turn 1 of 'The Twin Valleys', bottom's Overall Commander holding ``hand``."""
    s = new_game("twin-valleys", {"players": players})
    assert isinstance(s, EpicState)
    rest = list(deck(s.scenario.cards))
    for card in hand:
        rest.remove(card)
    other, rest = rest[:7], rest[7:]
    s = s.evolve(
        hands=(Pile.of(hand), Pile.of(other)), deck=Deck(Pile.of(rest)), tasks=(BeginTurn(),)
    )
    return s.settle()


def moved(s: EpicState, *pairs: tuple[str, str]) -> EpicState:
    """``s`` with the unit in each first hex moved to the second."""
    moves = []
    for old, new in pairs:
        unit = s.unit_at(old)
        assert unit is not None
        moves.append((unit, new))
    return s.relocate(moves)


@pytest.mark.rule("CCB-EPIC-01", "CCB-GAP-09")
def test_the_setting_turns_the_epic_rules_on() -> None:
    s = new_game("twin-valleys")
    assert s.scenario.board.layout.id == "epic" and len(s.scenario.board) == 230
    assert s.scenario.settings.epic_command and isinstance(s, EpicState)
    assert len(s.scenario.deck) == 60  # the standard deck (CCB-GAP-09)
    base = new_game("twin-valleys", {"epic_command": False})
    assert not isinstance(base, EpicState)
    assert isinstance(base.settle().top, type(base.top))
    assert isinstance(turn().top, GiveCards)
    assert not any(isinstance(t, PlayStep) for t in turn().tasks)


@pytest.mark.rule("CCB-EPIC-04")
def test_eight_players_commander_and_three_field_generals() -> None:
    s = turn(8)
    assert s.current_player == "bottom/commander"  # he holds the cards and gives them
    s = s.apply("give order-two-left left").apply("give order-two-right right")
    s = s.apply("end cards")
    assert isinstance(s.top, type(s.top)) and s.current_player == "bottom/left"
    assert "order 05-07" in legal(s)
    s = s.apply("end orders")
    while s.current_player == "bottom/left":
        s = s.apply(s.legal_actions()[-1])
    assert s.current_player == "bottom/right" and "order 22-07" in legal(s)


@pytest.mark.rule("CCB-EPIC-05", "CCB-EPIC-06")
def test_six_and_four_players() -> None:
    six = turn(6).apply("give order-three-center center").apply("end cards")
    assert six.current_player == "bottom/commander+center"
    four = turn(4).apply("give order-two-right right").apply("end cards")
    assert four.current_player == "bottom/left+right"
    assert turn(4).seat("top", "left") == turn(4).seat("top", "right") == "top/left+right"
    assert turn(2).current_player == "bottom"
    with pytest.raises(ScenarioError):
        new_game("twin-valleys", {"players": 3})


@pytest.mark.rule("CCB-EPIC-07")
def test_up_to_three_cards_one_per_section() -> None:
    s = turn().apply("give order-two-left left")
    assert "give order-three-center center" in legal(s)
    assert not any(a.startswith("give order-two-left") for a in legal(s))
    refused(s, "give leadership-any-section left", "CCB-EPIC-07")
    s = s.apply("give order-three-center center")
    s = s.apply("give leadership-any-section right")
    assert s.section == "left" and s.card == "order-two-left"  # three given: played
    refused(s, "order 13-07", "CCB-ORDERS-04")  # the left card orders in the left


@pytest.mark.rule("CCB-EPIC-08")
def test_a_whole_army_card_takes_the_whole_turn() -> None:
    s = turn()
    assert "give order-heavy-troops army" in legal(s)
    after = s.apply("give order-heavy-troops army")
    assert after.section == "army" and after.card == "order-heavy-troops"
    section_first = s.apply("give order-two-left left")
    assert not any("army" in a for a in legal(section_first))
    refused(section_first, "give order-heavy-troops army", "CCB-EPIC-08")
    everywhere = s.apply("give coordinated-attack left+center+right")  # three sections
    assert everywhere.section == "left+center+right"


@pytest.mark.rule("CCB-EPIC-09")
def test_a_reaching_card_counts_twice() -> None:
    s = moved(turn(), ("16-07", "08-07"), ("11-07", "10-07"), ("03-07", "09-07"))
    alone = s.apply("give line-command left").apply("end cards")
    alone = alone.apply("order 07-07").apply("order 08-07").apply("order 09-07")
    assert "order 10-07" in legal(alone)  # the center is free: it takes a second card
    alone = alone.apply("order 10-07")
    assert alone.reached == ("center",) and alone.slots() == 2
    full = s.apply("give line-command left").apply("give order-three-center center")
    full = full.apply("end cards").apply("order 07-07").apply("order 08-07")
    full = full.apply("order 09-07")
    assert "order 10-07" not in legal(full)
    refused(full, "order 10-07", "CCB-EPIC-09")
    two = s.apply("give line-command left").apply("give order-two-right right")
    two = two.apply("end cards").apply("order 07-07").apply("order 08-07")
    two = two.apply("order 09-07").apply("order 10-07")  # 3 cards' worth: no more reach
    assert two.slots() == 3


def finish(s: EpicState) -> EpicState:
    """Play out the bottom side's turn without moving: end every step, any draw at random."""
    while s.active == "bottom" and s.result is None:
        if s.current_player == "chance":
            s = s.apply(s.chance_outcomes()[0][0])
        else:
            s = s.apply(s.legal_actions()[-1])
    return s


@pytest.mark.rule("CCB-EPIC-10")
def test_the_commander_draws_two_cards() -> None:
    three = turn().apply("give order-two-left left").apply("give order-three-center center")
    three = finish(three.apply("give order-two-right right"))
    assert len(three.hand("bottom")) == 7 - 3 + 2
    one = finish(turn().apply("give order-two-left left").apply("end cards"))
    assert len(one.hand("bottom")) == 7  # never above his Command (CCB-HAND-01)


def test_epic_state_reads_back_from_json() -> None:
    s = turn().apply("give line-command left").apply("end cards").apply("order 07-07")
    back = AncientsState.from_json(s.to_json())
    assert isinstance(back, EpicState) and back == s and back.section == "left"
