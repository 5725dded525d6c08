"""The Epic command rules on the Epic board (CCB-EPIC-04 to -10, CCB-GAP-09): seats, cards
given per section, whole-army cards, reaching cards, the Commander's two draws, JSON; the hand
is the Overall Commander's: what each seat sees of it, and First Strike asked of him."""

from __future__ import annotations

import numpy as np
import pytest
from ccb import legal, refused

import wargames
from wargames.ancients.cards import deck
from wargames.ancients.close import DefenderChoice
from wargames.ancients.epic.flow import GiveCards
from wargames.ancients.epic.reactions import FieldDefenderChoice, ReactionOffer
from wargames.ancients.epic.seats import FLANKS, seats
from wargames.ancients.epic.state import EpicState
from wargames.ancients.flow import BeginTurn, drawing_side
from wargames.ancients.game import new_game
from wargames.ancients.orders import PlayStep
from wargames.ancients.render import render_svg
from wargames.ancients.state import BACK, SIDES, AncientsState
from wargames.core.agents import RandomAgent
from wargames.core.cards import Deck, Pile
from wargames.core.engine import CHANCE, Match
from wargames.core.errors import ScenarioError

GREEDY = {"bottom": "greedy", "top": "greedy"}

HAND = (
    "order-two-left",
    "order-three-center",
    "order-two-right",
    "line-command",
    "order-heavy-troops",
    "coordinated-attack",
    "leadership-any-section",
)


def turn(
    players: int = 8, hand: tuple[str, ...] = HAND, other: tuple[str, ...] | None = None
) -> EpicState:
    """Turn 1 of 'The Twin Valleys', bottom's Overall Commander holding ``hand`` (top's
    ``other``, else 7 cards of the deck)."""
    s = new_game("twin-valleys", {"players": players})
    assert isinstance(s, EpicState)
    rest = list(deck(s.scenario.cards))
    for card in (*hand, *(other or ())):
        rest.remove(card)
    if other is None:
        other, rest = tuple(rest[:7]), rest[7:]
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


# -- the hand is the Overall Commander's: views, redaction, First Strike (CCB-EPIC-04) ----------

TOP_HAND = (
    "first-strike",
    "order-two-left",
    "order-two-right",
    "order-three-center",
    "order-heavy-troops",
    "order-two-center",
    "order-three-left",
)
"""Top's hand in the First Strike tests: he holds First Strike."""


def three_given(players: int = 8) -> EpicState:
    """Bottom's Overall Commander has given three cards; the left one is being played."""
    s = turn(players).apply("give order-two-left left").apply("give order-three-center center")
    return s.apply("give order-two-right right")


@pytest.mark.rule("CCB-EPIC-04", "CCB-TURN-02")
def test_only_the_overall_commander_sees_the_hand() -> None:
    s = three_given()
    assert s.card == "order-two-left" and s.current_player == "bottom/left"
    faces = [card for card, _ in s.given]
    commander = s.view("bottom/commander")
    assert commander.hand("bottom") == s.hand("bottom") and [c for c, _ in commander.given] == faces
    for seat in ("bottom/left", "bottom/center", "bottom/right", "top/commander", "top/left"):
        seen = s.view(seat)
        assert set(seen.hand("bottom").cards) == {BACK}  # never a card of the hand...
        assert len(seen.hand("bottom")) == len(s.hand("bottom"))  # ...only how many
        assert set(seen.deck.draw.cards) == {BACK} and seen.invariant_violations() == []
        assert EpicState.from_json(seen.to_json()) == seen
    shown = {f: [c for c, _ in s.view(f"bottom/{f}").given] for f in ("left", "center", "right")}
    # the card in play is face up; a Field General sees the card given to him, not the others'
    assert shown["left"] == ["order-two-left", BACK, BACK]
    assert shown["center"] == ["order-two-left", "order-three-center", BACK]
    assert shown["right"] == ["order-two-left", BACK, "order-two-right"]
    assert [w for _, w in s.view("top/left").given] == ["left", "center", "right"]
    assert [c for c, _ in s.view("top/commander").given] == ["order-two-left", BACK, BACK]
    assert set(s.view("top/commander").hand("top").cards) != {BACK}  # his own hand
    drawn = render_svg(s, "bottom/left")  # the drawing is of the seat's view
    name = s.scenario.cards["line-command"].name
    assert drawn.count("cards (hidden)") == 2 and name not in drawn
    assert name in render_svg(s, "bottom/commander")


@pytest.mark.rule("CCB-EPIC-04", "CCB-EPIC-05", "CCB-EPIC-06")
def test_the_seat_holding_the_commander_sees_the_hand_with_fewer_players() -> None:
    for players, commander, general in (
        (6, "commander+center", "left"),
        (4, "commander+center", "left+right"),
    ):
        s = turn(players)
        assert s.view(f"bottom/{commander}").hand("bottom") == s.hand("bottom")
        assert set(s.view(f"bottom/{general}").hand("bottom").cards) == {BACK}
    two = turn(2)
    assert two.view("bottom").hand("bottom") == two.hand("bottom")
    with pytest.raises(ValueError):
        turn(8).view("bottom/left+right")  # no such seat with eight players


@pytest.mark.rule("CCB-EPIC-04", "CCB-EPIC-07")
def test_cards_given_are_hidden_until_played_and_the_log_is_redacted() -> None:
    s = turn().apply("give order-two-left left")
    assert s.current_player == "bottom/commander"  # still giving: nothing is played yet
    assert s.view("bottom/left").given == (("order-two-left", "left"),)
    assert s.view("bottom/right").given == ((BACK, "left"),)
    assert s.view("top/right").given == ((BACK, "left"),)
    give = s.parse_action("give order-three-center center")
    assert s.redact(give, "bottom/commander") == "give order-three-center center"
    assert s.redact(give, "bottom/center") == "give order-three-center center"
    assert s.redact(give, "bottom/left") == "give ? center"
    assert s.redact(give, "top/commander") == "give ? center"
    drawing = finish(s.apply("end cards"))
    m = Match(turn(), seed=4, agents={"bottom": RandomAgent(1), "top": RandomAgent(2)})
    m.run(60)
    sections = {  # where each seat sees the cards given: the Commander everywhere
        "bottom/commander": ("army", "left", "center", "right"),
        "bottom/left": ("left",),
        "top/commander": (),
    }
    for seat, sees in sections.items():
        log = [
            (st.redact(a, seat), drawing_side(st))
            for st, a in zip(m.states, m.actions, strict=False)
            if st.active == "bottom" and str(a).startswith(("give ", "draw "))
        ]
        assert {line.split()[0] for line, _ in log} == {"give", "draw"}
        for line, drawer in log:
            words = line.split()
            if words[0] == "give":
                shown = any(part in sees for part in words[2].split("+"))
                assert (words[1] != BACK) == shown
            elif drawer == "bottom":
                assert (words[1] != BACK) == (seat == "bottom/commander")
    assert drawing.invariant_violations() == []


@pytest.mark.rule("CCB-EPIC-04")
def test_resampling_deals_again_only_what_the_seat_cannot_see() -> None:
    s = three_given()
    rng = np.random.default_rng(5)
    hands = set()
    for _ in range(6):
        r = s.resample_hidden("bottom/center", rng)
        assert r.view("bottom/center") == s.view("bottom/center")
        assert r.invariant_violations() == []
        assert r.given[1] == ("order-three-center", "center") and r.given[0] == s.given[0]
        hands.add(r.hand("bottom"))
    assert len(hands) > 1  # the commander's hand is dealt again: the seat never saw it
    mine = s.resample_hidden("bottom/commander", rng)
    assert mine.hand("bottom") == s.hand("bottom") and mine.given == s.given


def close_combat(
    players: int, frm: str, target: str, to: str, card: str, section: str
) -> EpicState:
    """Bottom gives ``card`` to ``section`` and attacks from ``frm`` the top unit brought from
    ``target`` to ``to``; top holds First Strike."""
    s = moved(turn(players, other=TOP_HAND), (target, to))
    s = s.apply(f"give {card} {section}").apply("end cards")
    s = s.apply(f"order {frm}").apply("end orders").apply("end moves")
    return s.apply(f"attack {frm} {to}")


@pytest.mark.rule("CCB-EPIC-04", "CCB-CARDS-32")
def test_first_strike_is_asked_of_the_overall_commander_not_the_field_general() -> None:
    s = close_combat(8, "05-07", "05-03", "05-06", "order-two-left", "left")  # a medium unit
    assert isinstance(s.top, ReactionOffer)
    assert s.current_player == "top/commander" and s.current_player != s.owner(s.top.combat.target)
    assert s.owner(s.top.combat.target) == "top/right"  # bottom's left is top's right
    assert legal(s) == ["play first-strike", "end first-strike"]
    played = s.apply("play first-strike")
    assert "first-strike" not in played.hand("top").cards and played.owed == ("top",)
    assert "first-strike" in played.deck.discards.cards
    assert played.current_player == CHANCE  # the defender's first strike is rolled
    assert s.apply("end first-strike").current_player == CHANCE  # it cannot evade: it stands
    refused(s, "play order-two-left", "CCB-CARDS-32")
    refused(s, "evade", "CCB-TURN-01")  # the Field General answers after him


@pytest.mark.rule("CCB-EPIC-04", "CCB-CLOSE-03")
def test_the_field_general_evades_or_stands_but_plays_no_card() -> None:
    s = close_combat(8, "05-07", "06-04", "04-06", "order-two-left", "left")  # light infantry
    assert isinstance(s.top, ReactionOffer) and s.current_player == "top/commander"
    declined = s.apply("end first-strike")
    assert isinstance(declined.top, FieldDefenderChoice)
    assert declined.current_player == "top/right" and legal(declined) == ["stand", "evade"]
    refused(declined, "play first-strike", "CCB-EPIC-04")  # not from the Field General
    assert "first-strike" in declined.hand("top").cards
    view = declined.view("top/right")
    assert set(view.hand("top").cards) == {BACK}
    assert EpicState.from_json(view.to_json()).legal_actions() == declined.legal_actions()
    no_card = moved(turn(8), ("06-04", "04-06"))  # top's hand holds no First Strike
    no_card = no_card.apply("give order-two-left left").apply("end cards").apply("order 05-07")
    no_card = no_card.apply("end orders").apply("end moves").apply("attack 05-07 04-06")
    assert no_card.current_player == "top/right" and legal(no_card) == ["stand", "evade"]


@pytest.mark.rule("CCB-EPIC-04", "CCB-EPIC-05", "CCB-EPIC-06")
def test_one_seat_holding_both_roles_makes_one_choice() -> None:
    two = close_combat(2, "05-07", "05-03", "05-06", "order-two-left", "left")
    assert type(two.top) is DefenderChoice and two.current_player == "top"
    assert legal(two) == ["stand", "play first-strike"]  # the base game's choice
    center = close_combat(4, "11-07", "11-03", "11-06", "order-three-center", "center")
    assert type(center.top) is DefenderChoice
    assert center.current_player == "top/commander+center"
    assert "play first-strike" in legal(center)
    flank = close_combat(4, "05-07", "05-03", "05-06", "order-two-left", "left")
    assert isinstance(flank.top, ReactionOffer)
    assert flank.current_player == "top/commander+center"


@pytest.mark.rule("CCB-EPIC-04")
def test_greedy_eight_player_games_keep_each_hand_with_its_commander() -> None:
    """A whole greedy game of eight seats: no Field General's view ever holds a card of the
    hand or a card given to another section before it is played; a seat's decisions are the
    same from its own view read back from JSON; the same seed gives the same game."""
    games = []
    for _ in range(2):
        m = wargames.match(
            "ancients", GREEDY, seed=0, scenario="twin-valleys", players=8, turn_cap=60
        )
        m.run()
        games.append([str(a) for a in m.actions])
    assert games[0] == games[1]
    assert "bottom/commander: play first-strike" in m.log
    for s, player in zip(m.states[::3], m.players[::3], strict=False):
        assert isinstance(s, EpicState)
        for seat in (*seats("bottom", 4), *seats("top", 4)):
            seen = s.view(seat)
            for side in SIDES:
                if not seat.endswith("/commander") or not seat.startswith(side):
                    assert set(seen.hand(side).cards) <= {BACK}
            mine = s.roles_of(seat) if seat.startswith(s.active) else ()
            mine = ("army", *FLANKS) if "commander" in mine else mine  # he gave them all
            for (card, where), down in zip(seen.given, s.face_down(), strict=True):
                if down and not any(part in mine for part in where.split("+")):
                    assert card == BACK  # a card given to another section, not yet played
        if player not in (None, CHANCE):
            back = EpicState.from_json(s.view(player).to_json())
            assert back.legal_actions() == s.legal_actions()


@pytest.mark.rule("CCB-EPIC-07", "CCB-EPIC-09")
def test_a_card_bound_to_its_section_orders_what_its_rule_allows() -> None:
    """What a card given to a section may order, listed in one pass over its rule's
    orderable pieces, is each piece its rule orders that the card may take: not used by an
    earlier card, in its sections or in one it may reach (checked piece by piece along
    random games of the Epic scenario)."""
    from wargames.ancients.epic.sections import SectionBound
    from wargames.ancients.orders import OrderStep
    from wargames.testing import random_states

    start = wargames.load("ancients", scenario="twin-valleys", turn_cap=500)
    assert isinstance(start, EpicState)
    asked = allowed = 0
    for s in random_states(start, 23, 1500):
        if not s.tasks or not isinstance(s.top, OrderStep) or s.card is None:
            continue
        rule = s.rule
        if not isinstance(rule, SectionBound):
            continue
        inner = rule.inner.orderable(s, s.active)
        found = rule.orderable(s, s.active)
        own = rule.own(s)
        reading = tuple(
            p
            for p in inner
            if p not in s.used
            and (not rule.sections(s, p).isdisjoint(own) or rule.reach(s, p) is not None)
        )
        assert found == reading
        asked, allowed = asked + 1, allowed + len(found)
    assert asked > 50 and allowed
