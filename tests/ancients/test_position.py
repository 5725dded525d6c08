"""What-if positions of Commands & Colors: Ancients (issue 18): pieces, hands and discards as
given, from the start of a chosen turn; the 'Armageddon' team variant's seats and placed cards;
then the game plays on by the rules."""

from __future__ import annotations

import pytest

import wargames
from wargames.ancients.game import seats as team_seats
from wargames.ancients.position import Standing, position
from wargames.ancients.scenario_value import AncientsScenario
from wargames.ancients.state import BACK, DEAD, OFF, AncientsState
from wargames.ancients.variant.state import ArmageddonState
from wargames.core.engine import CHANCE, Match
from wargames.core.errors import ScenarioError
from wargames.testing import check_state, playout

BOTTOM = ("rally", "order-two-left", "line-command", "double-time", "clash-of-shields")
EXTRA = ("order-light-troops", "order-medium-troops", "order-heavy-troops")
TOP = ("order-three-center", "order-two-right", "line-command", "out-flanked", "first-strike")


def _piece(s: AncientsState, name: str) -> int:
    return s.scenario.names.index(name)


@pytest.mark.rule("CCB-TURN-01", "CCB-UNITS-16", "CCB-VICTORY-01", "CCB-VICTORY-04")
def test_pieces_and_cards_stand_as_given_from_the_turn_given() -> None:
    s = position(
        "river-crossing",
        {
            "bottom-lc-1": Standing(hex="04-05", blocks=1),
            "top-li-3": Standing(status="eliminated"),
            "top-lc-1": Standing(status="off-board"),
        },
        hands={"bottom": BOTTOM, "top": TOP},
        discards=["order-four-left", "darken-the-sky"],
        turn=7,
    )
    assert (s.turn, s.active, s.current_player) == (7, "bottom", "bottom")  # the card play
    lc = _piece(s, "bottom-lc-1")
    assert (s.where[lc], s.blocks[lc]) == ("04-05", 1)
    assert s.where[_piece(s, "top-li-3")] == DEAD and s.where[_piece(s, "top-lc-1")] == OFF
    assert s.banners == (1, 0)  # a banner for the piece eliminated, none for the one gone off
    assert sorted(s.hand("bottom").cards) == sorted(BOTTOM)
    assert sorted(s.hand("top").cards) == sorted(TOP)
    assert s.deck.discards.cards == ("darken-the-sky", "order-four-left")
    assert len(s.deck.draw) == 60 - 10 - 2 and "darken-the-sky" not in s.deck.draw.cards
    untouched = wargames.load("ancients", "river-crossing")
    li = _piece(s, "bottom-li-2")  # not named: as the scenario sets it up
    assert (s.where[li], s.blocks[li]) == (untouched.where[li], untouched.blocks[li])
    check_state(s)


@pytest.mark.rule("CCB-TURN-07", "CCB-HAND-01")
def test_the_players_alternate_and_short_hands_are_drawn_first() -> None:
    assert position("river-crossing", turn=1).active == "bottom"  # the scenario's first
    assert position("river-crossing", turn=2).active == "top"
    assert position("elephant-ridge", turn=1).active == "top"
    s = position("river-crossing", hands={"bottom": BOTTOM, "top": TOP[:3]}, active="top")
    assert s.current_player == CHANCE  # the top hand is filled to its Command first
    assert [type(t).__name__ for t in s.tasks[-2:]] == ["DrawCard", "DrawCard"]
    agents = {p: wargames.RandomAgent(1) for p in s.players}
    final, _ = playout(s, agents, seed=2, max_steps=2, must_end=False)
    assert isinstance(final, AncientsState) and len(final.hand("top")) == 5
    assert final.current_player == "top"


@pytest.mark.rule("CCB-TURN-02")
def test_a_view_hides_the_other_hand_and_the_draw_pile() -> None:
    s = position("river-crossing", hands={"bottom": BOTTOM, "top": TOP})
    seen = s.view("bottom")
    assert sorted(seen.hand("bottom").cards) == sorted(BOTTOM)
    assert set(seen.hand("top").cards) == {BACK} and len(seen.hand("top")) == 5
    assert set(seen.deck.draw.cards) == {BACK}
    assert not set(TOP) & set(str(a) for a in seen.legal_actions())


@pytest.mark.rule("CCB-TURN-01", "CCB-VICTORY-03")
def test_the_position_plays_on_to_the_end_and_replays_the_same() -> None:
    s = position(
        "mirror-fields",
        {"top-li-1": Standing(status="eliminated"), "bottom-li-1": Standing(blocks=1)},
        hands={"bottom": BOTTOM},
        turn=10,
        turn_cap=400,
    )
    agents = {side: wargames.RandomAgent(3 + i) for i, side in enumerate(s.players)}
    final, actions = playout(s, agents, seed=5, max_steps=20_000, check_every=50)
    assert final.is_terminal and final.outcome is not None and actions
    again = Match(
        s, seed=5, agents={p: wargames.RandomAgent(3 + i) for i, p in enumerate(s.players)}
    )
    again.run()
    assert again.state == final


@pytest.mark.rule("CCA-GEN-01", "CCA-ROLE-04", "CCA-SEQ-08", "CCA-BANNER-01")
def test_the_team_variant_seats_and_placed_cards() -> None:
    s = position(
        "the-long-ridge",
        {"top-li-3": Standing(status="eliminated")},
        players=(3, 2),
        chosen={"bottom": "right", "top": "left"},
        hands={"bottom": (*BOTTOM, *EXTRA), "top": (*TOP, *EXTRA)},  # Command + 3 leaders
        placed={
            "bottom": ("order-three-left", "order-three-center", "order-three-right"),
            "top": ("order-two-left", "order-two-center", "order-two-right"),
        },
        turn=3,
    )
    assert isinstance(s, ArmageddonState) and s.turn == 3 and s.active == "bottom"
    assert s.chosen == ("right", "left") and s.team == (3, 2)
    assert s.placed[1] == ("order-two-left", "order-two-center", "order-two-right")
    assert s.banners == (1, 0) and sum(s.flank_banners[0]) == 1
    # the bottom Commander may answer with Counter Attack, or the left Field General orders
    assert s.current_player in ("bottom/commander", "bottom/left")
    left = s.view("bottom/left")
    assert set(left.hand("bottom").cards) == {BACK}  # only the Commander holds cards
    assert left.revealed == ("order-three-left", "order-three-center", "order-three-right")
    assert left.placed[1] == (BACK, BACK, BACK)  # the other side's cards lie face down
    general = s.view("top/general")  # the top Commander runs the left: he the center, right
    assert general.placed[1] == (BACK, "order-two-center", "order-two-right")
    seats = team_seats("the-long-ridge", {"players": (3, 2)})
    final, _ = playout(
        s, {p: wargames.RandomAgent(7) for p in seats}, seed=9, max_steps=30_000, check_every=500
    )
    assert final.is_terminal


@pytest.mark.rule("CCA-ROLE-05", "CCA-HAND-06")
def test_the_team_variant_without_cards_sets_up_first() -> None:
    s = position("the-long-ridge", players=2)
    assert s.current_player == "bottom/commander"  # he picks the flank he runs
    assert [str(a) for a in s.legal_actions()] == ["flank left", "flank right"]
    assert all(len(hand) == 0 for hand in s.hands)  # dealt, placed and drawn after it


_FIVE = ("lc-1", "li-2", "ls-3", "li-4", "lb-5")


@pytest.mark.parametrize(
    ("kwargs", "key", "problem"),
    [
        ({"pieces": {"Z9": Standing()}}, "pieces.Z9", "no piece 'Z9'"),
        ({"pieces": {"Mago": Standing(hex="99-99")}}, "pieces.Mago.hex", "no hex"),
        ({"pieces": {"top-li-3": Standing(blocks=0)}}, "pieces.top-li-3.blocks", "1 to 4"),
        ({"pieces": {"top-li-3": Standing(blocks=5)}}, "pieces.top-li-3.blocks", "1 to 4"),
        ({"pieces": {"Mago": Standing(status="asleep")}}, "pieces.Mago.status", "expected one"),  # type: ignore[arg-type]
        (
            {"pieces": {"Mago": Standing(hex="06-04", status="eliminated")}},
            "pieces.Mago.status",
            "no hex nor blocks",
        ),
        ({"pieces": {"top-li-3": Standing(hex="04-06")}}, "pieces", "2 units in 04-06"),
        ({"pieces": {"Mago": Standing(hex="04-06")}}, "pieces", "stands on an enemy unit"),
        ({"hands": {"left": ["rally"]}}, "hands.left", "expected a side"),
        ({"hands": {"top": ["joker"]}}, "hands.top", "no card of the deck"),
        ({"hands": {"top": "rally"}}, "hands.top", "expected a list of card ids"),
        ({"discards": [3]}, "discards", "expected a list of card ids"),
        ({"discards": "rally"}, "discards", "expected a list of card ids"),
        ({"pieces": {"Mago": {"hex": "06-04"}}}, "pieces.Mago", "expected a Standing"),
        ({"hands": {"top": ["rally", "rally"]}}, "hands.top", "more often than the deck's 1"),
        ({"hands": {"top": ["rally"]}, "discards": ["rally"]}, "discards", "more often"),
        ({"hands": {"top": ["line-command"] * 4 + ["double-time"] * 2}}, "hands.top", "at most 5"),
        ({"turn": 0}, "turn", "expected a turn from 1"),
        ({"active": "left"}, "active", "expected one of"),
        ({"turn": 9, "turn_cap": 8}, "turn_cap", "at least the turn"),
        ({"banners": {"top": 2}}, "banners.top", "holds 0 banners"),
        (
            {"pieces": {f"bottom-{n}": Standing(status="eliminated") for n in _FIVE}},
            "banners.top",
            "reached its target",
        ),
        ({"players": 2}, "players", "only an 'Armageddon' or Epic scenario"),
        ({"placed": {"bottom": ["rally"] * 3}}, "placed", "only the 'Armageddon'"),
    ],
)
def test_a_position_that_breaks_a_rule_is_refused(
    kwargs: dict[str, object], key: str, problem: str
) -> None:
    with pytest.raises(ScenarioError) as caught:
        position("river-crossing", **kwargs)  # type: ignore[arg-type]
    assert caught.value.key == key and problem in caught.value.problem


@pytest.mark.parametrize(
    ("kwargs", "key", "problem"),
    [
        ({"players": 5}, "players", "1 to 4"),
        ({"players": 4, "chosen": {"top": "left"}}, "chosen.top", "chooses no flank"),
        ({"players": 3, "chosen": {"top": "center"}}, "chosen.top", "expected one of"),
        ({"placed": {"top": ["rally"]}}, "placed.top", "expected 3 cards"),
        ({"placed": {"top": ["first-strike", "", ""]}}, "placed.top", "never placed"),
        (
            {"placed": {"top": ["rally", "", ""]}, "hands": {"top": ["rally"]}},
            "placed.top",
            "more often",
        ),
        (
            {"hands": {"top": [*["order-light-troops"] * 4, *["order-two-center"] * 4, *TOP]}},
            "hands.top",
            "13 cards: a hand holds at most 8",
        ),
    ],
)
def test_a_team_position_that_breaks_a_rule_is_refused(
    kwargs: dict[str, object], key: str, problem: str
) -> None:
    with pytest.raises(ScenarioError) as caught:
        position("the-long-ridge", **kwargs)  # type: ignore[arg-type]
    assert caught.value.key == key and problem in caught.value.problem


@pytest.mark.rule("CCB-VICTORY-03", "CCB-TERRAIN-02")
def test_a_scenario_value_and_the_wrong_game() -> None:
    shipped = wargames.scenario("ancients", "river-crossing")
    assert isinstance(shipped, AncientsScenario)
    built = shipped.with_banners("bottom", 2)
    s = position(built, {"top-li-3": Standing(status="eliminated")}, turn=2)
    assert s.active == "top" and s.banners == (1, 0) and not s.is_terminal
    with pytest.raises(ScenarioError) as caught:  # at a target of 1, bottom has won already
        position(built.with_banners("bottom", 1), {"top-li-3": Standing(status="eliminated")})
    assert caught.value.key == "banners.bottom"
    lake = built.with_terrain("05-05", "seacoast")
    with pytest.raises(ScenarioError) as caught:  # CCB-TERRAIN-02
        position(lake, {"bottom-lc-1": Standing(hex="05-05")})
    assert caught.value.key == "pieces.bottom-lc-1.hex" and "impassable" in caught.value.problem
    with pytest.raises(ScenarioError) as wrong:
        position(wargames.scenario("horde", "mirror"))  # type: ignore[arg-type]
    assert wrong.value.key == "scenario"


def test_the_module_example_runs() -> None:
    import doctest

    import wargames.ancients.position as module

    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted and not result.failed
