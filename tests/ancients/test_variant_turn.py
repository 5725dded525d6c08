"""The turn of the 'Armageddon' variant through the engine (CCA-SEQ-01 to -09, CCA-HAND-06,
-07, CCA-GAP-06, -12, -13)."""

from __future__ import annotations

import pytest
from cca import drain, legal, refused, roll, team_position

import wargames
from wargames.ancients.variant.flanks import hand_limit
from wargames.core.engine import CHANCE

ARMIES = ({"03-07": "MI", "11-07": "MI", "20-07": "LC"}, {"03-05": "MI", "11-05": "MI"})
PLACED = (("order-two-left", "order-two-center", "order-two-right"), ("", "", ""))


def opening() -> wargames.GameState:
    """A game of two a side, both Commanders keeping the left flank (CCA-ROLE-05)."""
    s = wargames.load("ancients", "the-long-ridge", players=2)
    return s.apply("flank left").apply("flank left")


@pytest.mark.rule("CCA-HAND-06", "CCA-GAP-12", "CCA-HAND-02")
def test_the_opening_deal_then_three_cards_placed_then_back_to_the_limit() -> None:
    s = opening()
    limit = hand_limit(s, "bottom")
    assert limit == 5 + 3
    draws = 0
    while s.current_player == CHANCE:
        s = s.apply(s.legal_actions()[0])
        draws += 1
    assert draws == 2 * limit and [len(h) for h in s.hands] == [limit, limit]
    for side in ("bottom", "top"):
        for flank in ("left", "center", "right"):
            assert s.current_player == f"{side}/commander"
            choice = legal(s)[0]
            assert choice.endswith(" " + flank)
            s = s.apply(choice)
        assert all(s.placed[0 if side == "bottom" else 1])
    s = drain(s)
    assert [len(h) for h in s.hands] == [limit, limit] and s.turn == 1


@pytest.mark.rule("CCA-HAND-07", "CCA-SEQ-03", "CCA-GAP-06")
def test_the_first_side_opens_by_revealing_its_three_cards() -> None:
    s = opening()
    while s.turn == 0:
        before = s.placed
        s = s.apply(s.legal_actions()[0])
    assert s.active == "bottom" and s.turn == 1
    if "end counter-attack" in legal(s):
        s = s.apply("end counter-attack")
    assert s.revealed == before[0] and all(before[0])
    assert s.placed[0] == ("", "", "")
    assert s.placed[1] == before[1] and all(before[1])  # the other side's wait for its turn


@pytest.mark.rule("CCA-SEQ-01", "CCA-SEQ-04", "CCA-SEQ-05", "CCA-GAP-06")
def test_orders_on_every_flank_then_all_movement_then_combat() -> None:
    s = team_position(*ARMIES, players=4, placed=PLACED, hands=(("rally",), ()))
    assert s.current_player == "bottom/left" and s.flank == "left"
    s = s.apply("order 03-07").apply("order 11-07").apply("order 20-07")
    assert s.flank_orders == ((s.unit_at("03-07"),), (s.unit_at("11-07"),), (s.unit_at("20-07"),))
    assert s.current_player == "bottom/left" and "move 03-07 03-06" in legal(s)
    refused(s, "attack 03-07 03-06", "CCB-TURN-01")  # no combat while a flank still moves
    s = s.apply("move 03-07 03-06")
    assert s.current_player == "bottom/center"
    s = s.apply("move 11-07 11-06")
    assert s.current_player == "bottom/right"
    s = s.apply("end moves")
    assert s.current_player == "bottom/commander"
    assert legal(s) == ["battles 03-06", "battles 11-06"]
    refused(s, "battles 20-07", "CCA-SEQ-05")  # its light cavalry has nobody to battle
    s = s.apply("battles 03-06")
    assert s.current_player == "bottom/left" and legal(s) == ["attack 03-06 03-05", "end battles"]
    s = s.apply("end battles")
    assert s.current_player == "bottom/center"  # the one flank left: nothing to choose


@pytest.mark.rule("CCA-SEQ-05", "CCA-SEQ-06", "CCA-SEQ-07", "CCA-GAP-13", "CCA-VICTORY-03")
@pytest.mark.rule("CCA-GAP-15")
def test_combats_are_resolved_one_at_a_time_each_in_full() -> None:
    s = team_position(
        {"03-06": "MI", "11-06": "MI"},
        {"03-05": "MI", "11-05": "MI"},
        players=4,
        placed=(("order-two-left", "order-two-center", ""), ("", "", "")),
        hands=(("rally",), ()),
    )
    # ordered, not moved: an ordered unit may battle where it stands (CCA-GAP-15)
    s = s.apply("order 03-06").apply("order 11-06").apply("end moves").apply("end moves")
    # the battling side's Commander chooses the order of the flanks' combats
    assert s.current_player == "bottom/commander"
    assert legal(s) == ["battles 03-06", "battles 11-06"]
    s = s.apply("battles 03-06").apply("attack 03-06 03-05")
    s = roll(s, "light", "light", "light", "light")  # all missed: the defender battles back
    assert s.current_player == "top/right" and "battle-back" in legal(s)  # its own right
    refused(s, "attack 11-06 11-05")  # the center waits for this combat to end
    s = s.apply("battle-back")
    s = roll(s, "light", "light", "light", "light")
    # the left flank's one combat is over: the center's begins
    assert s.current_player == "bottom/center" and legal(s)[0] == "attack 11-06 11-05"


@pytest.mark.rule("CCA-SEQ-08", "CCA-SEQ-09", "CCA-SEQ-01", "CCA-CARDS-06")
def test_the_commander_places_a_card_per_flank_then_refills() -> None:
    hand = ("rally", "line-command", "double-time", "order-two-center")
    s = team_position(*ARMIES, players=3, placed=PLACED, hands=(hand, ()))
    s = s.apply("end orders").apply("end orders").apply("end orders")
    assert s.current_player == "bottom/commander"
    assert legal(s) == [f"place {c} left" for c in sorted(hand)]
    refused(s, "place rally center", "CCA-SEQ-08")
    refused(s, "place order-four-left left", "CCA-SEQ-08")
    s = s.apply("place line-command left").apply("place rally center")
    s = s.apply("place order-two-center right")  # the wrong flank, on purpose
    assert s.placed[0] == ("line-command", "rally", "order-two-center")
    assert s.current_player == CHANCE  # refill to Command 5 + leaders (none): 4 cards
    for _ in range(4):
        assert s.top.side == "bottom"
        s = s.apply(s.legal_actions()[0])
    assert len(s.hand("bottom")) == 5 and s.active == "top"
    assert set(PLACED[0]) <= set(s.deck.discards.cards)  # cards used go to the discards


@pytest.mark.rule("CCA-SEQ-01")
def test_the_variant_declares_its_own_sequence_of_play() -> None:
    from wargames.ancients import GAME
    from wargames.ancients.variant.sequence import SEQUENCE, sequence_of

    s = opening()
    assert sequence_of(s) is SEQUENCE and GAME.sequence is not SEQUENCE
    assert sequence_of(wargames.load("ancients")) is GAME.sequence
    turn = SEQUENCE.find("Turn")
    assert [step.name for step in turn.steps] == [
        "Counter Attack",
        "Reveal",
        "Orders and movement",
        "Battle",
        "Place",
        "Draw",
    ]
    # each step names the rule its tasks carry out
    from wargames.ancients.variant import flow as teamturn

    cited = {r for step in SEQUENCE.walk() for r in step.rules}
    for task in (
        teamturn.CounterWindow,
        teamturn.Reveal,
        teamturn.FlankOrders,
        teamturn.ChooseCombat,
        teamturn.PlaceCard,
        teamturn.Refill,
    ):
        assert task.rule in cited, task
