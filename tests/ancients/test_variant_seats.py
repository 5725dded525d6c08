"""Seats of the 'Armageddon' team variant: roles, who decides what, views (CCA-GEN-01,
CCA-ROLE-01 to -07, CCA-GAP-05, -14, -15)."""

from __future__ import annotations

import pytest
from cca import legal, team_position

import wargames
from wargames.ancients.state import BACK
from wargames.ancients.variant.seats import FLANKS, roles_of, seat_for, seats
from wargames.core.errors import ScenarioError

SCENARIO = "the-long-ridge"
PLACED = (("order-two-left", "order-two-center", "order-two-right"), ("", "", ""))
ARMIES = ({"03-07": "MI", "11-07": "MI", "20-07": "MI"}, {"03-03": "MI"})


def at_orders(players: int, choice: str = "") -> wargames.GameState:
    """Bottom's orders about to begin, its Commander's set-up choice ``choice``."""
    return team_position(
        *ARMIES, players=players, placed=PLACED, hands=(("rally",), ()), chosen=(choice, "")
    )


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
    assert seats("bottom", 3) == ("bottom/commander", "bottom/left", "bottom/right")
    s = at_orders(3, "left")
    assert s.current_player == "bottom/left"
    s = s.apply("order 03-07")
    assert s.current_player == "bottom/left" and s.flank == "center"
    s = s.apply("order 11-07")
    assert s.current_player == "bottom/right"


@pytest.mark.rule("CCA-ROLE-05")
def test_two_players_commander_runs_one_outside_flank() -> None:
    assert seats("bottom", 2) == ("bottom/commander", "bottom/general")
    s = at_orders(2, "left")
    assert s.current_player == "bottom/commander"
    s = s.apply("order 03-07")
    assert s.current_player == "bottom/general"
    s = s.apply("order 11-07").apply("order 20-07")
    assert s.current_player == "bottom/commander"  # moving on the left flank
    assert s.seat("bottom", "commander") == "bottom/commander"
    assert seat_for("bottom", "commander", 2) == "bottom/commander"


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
    s = at_orders(3, "left")
    assert s.current_player == "bottom/left" and s.card == "order-two-left"
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


# -- the set-up choice of flanks (CCA-ROLE-04, -05; the Commander's: ancients-armageddon-notes) --


def choose(players: int, bottom: str, top: str) -> wargames.GameState:
    """A game of ``players`` a side whose Commanders make the set-up choice by notation."""
    verb = "centre" if players == 3 else "flank"
    s = wargames.load("ancients", SCENARIO, players=players)
    assert s.current_player == "bottom/commander"
    assert sorted(legal(s)) == [f"{verb} left", f"{verb} right"]
    s = s.apply(f"{verb} {bottom}")
    assert s.current_player == "top/commander"
    assert sorted(legal(s)) == [f"{verb} left", f"{verb} right"]
    s = s.apply(f"{verb} {top}")
    assert s.chosen == (bottom, top)
    assert s.current_player == "chance"  # then the opening deal, as before
    return s


def flank_seats(players: int, choice: str) -> list[str]:
    """Who orders on the left, center and right flanks, in that order; each sees the card
    placed on a flank he runs and not one on a flank he does not run."""
    s = at_orders(players, choice)
    found = []
    for flank, unit in zip(("left", "center", "right"), ("03-07", "11-07", "20-07"), strict=True):
        seat = s.current_player
        assert s.flank == flank
        assert legal(s) == [f"order {unit}", "end orders"]
        for f in ("left", "center", "right"):  # the courier's card: only on his flanks
            roles = roles_of(seat, players, choice)
            runs = f in roles or "commander" in roles  # the Commander sees all he placed
            assert s.sees_placed(seat, "bottom", f) == runs, (seat, f)
        found.append(seat)
        s = s.apply(f"order {unit}")
    return found


WHO_ORDERS = [  # (players, choice): the seats ordering on the left, center, right flanks
    (1, "", ["bottom", "bottom", "bottom"]),
    (2, "left", ["bottom/commander", "bottom/general", "bottom/general"]),
    (2, "right", ["bottom/general", "bottom/general", "bottom/commander"]),
    (3, "left", ["bottom/left", "bottom/left", "bottom/right"]),
    (3, "right", ["bottom/left", "bottom/right", "bottom/right"]),
    (4, "", ["bottom/left", "bottom/center", "bottom/right"]),
]


@pytest.mark.rule("CCA-ROLE-03", "CCA-ROLE-04", "CCA-ROLE-05", "CCA-ROLE-06", "CCA-ROLE-02")
@pytest.mark.parametrize(("players", "choice", "expected"), WHO_ORDERS)
def test_which_seat_orders_on_which_flank_under_each_choice(
    players: int, choice: str, expected: list[str]
) -> None:
    assert flank_seats(players, choice) == expected
    assert seats("bottom", players) == tuple(dict.fromkeys(["bottom/commander", *expected])) or (
        players == 1
    )
    if players in (2, 3):  # the same, the choice made by notation at set-up, for both sides
        s = choose(players, choice, "right" if choice == "left" else "left")
        assert [s.seat("bottom", f) for f in FLANKS] == expected
        top = [s.seat("top", f) for f in FLANKS]  # top's choice is the other one
        other = flank_seats(players, "right" if choice == "left" else "left")
        assert top == [seat.replace("bottom", "top") for seat in other]
        assert s.commander_seat("bottom") == "bottom/commander"


@pytest.mark.rule("CCA-ROLE-04", "CCA-ROLE-05")
def test_a_seat_keeps_its_name_whatever_the_choice() -> None:
    for players in (2, 3):
        names = seats("bottom", players)
        for choice in ("left", "right"):
            s = choose(players, choice, choice)
            everyone = wargames.game("ancients").seats_of(SCENARIO, {"players": players})
            assert everyone == (*names, *(n.replace("bottom", "top") for n in names))
            for seat in names:  # no name lists a flank its seat does not run
                said = seat.split("/")[1]
                roles = roles_of(seat, players, choice)
                assert said in ("commander", "general") or said in roles, (seat, roles)
                assert s.view(seat).current_player == s.current_player


@pytest.mark.rule("CCA-ROLE-04", "CCA-ROLE-05")
@pytest.mark.parametrize("players", [1, 4])
def test_one_or_four_players_have_no_set_up_choice(players: int) -> None:
    s = wargames.load("ancients", SCENARIO, players=players)
    assert s.current_player == "chance" and s.chosen == ("", "")


@pytest.mark.rule("CCA-ROLE-04", "CCA-ROLE-05")
@pytest.mark.parametrize(
    ("players", "choice"), [(2, "left"), (2, "right"), (3, "left"), (3, "right")]
)
def test_the_prompt_and_the_narration_name_the_seats_concerned(players: int, choice: str) -> None:
    g = wargames.game("ancients")
    narrator = g.narration()
    s = wargames.load("ancients", SCENARIO, players=players)
    asked = narrator.deciding(s, "bottom/commander")
    verb = "centre" if players == 3 else "flank"
    action = s.parse_action(f"{verb} {choice}")
    told = " ".join(narrator.happened(s, action, s.apply(action), None))
    if players == 3:
        assert "bottom/left: centre left" in asked and "bottom/right: centre right" in asked
        assert f"gives the center flank to bottom/{choice}" in told
        assert f"runs the {choice} and center flanks" in told
    else:
        assert "bottom/general" in asked and "flank left or flank right" in asked
        others = "left and center" if choice == "right" else "center and right"
        assert f"runs the {choice} flank himself; bottom/general runs the {others}" in told
    # the board (the prompt's 'map') says who runs each flank once the choice is made
    after = s.apply(action)
    board = narrator.board(after.view("bottom/commander"), "bottom/commander")
    runs = zip(FLANKS, flank_seats(players, choice), strict=True)
    run = "; ".join(f"{f} {seat}" for f, seat in runs)
    assert f"bottom's flanks (from its own baseline) run by: {run}" in board


@pytest.mark.rule("CCA-ROLE-04", "CCA-ROLE-05")
def test_a_saved_state_with_an_impossible_choice_is_refused() -> None:
    s = choose(3, "right", "left")
    assert type(s).from_json(s.to_json()).chosen == ("right", "left")
    for team, chosen in (((3, 3), ["center", ""]), ((4, 4), ["left", ""]), ((1, 2), ["", "up"])):
        data = wargames.load("ancients", SCENARIO, players=team).to_json()
        data["chosen"] = chosen
        with pytest.raises(wargames.WargamesError, match="CCA-ROLE-04"):
            type(s).from_json(data)


@pytest.mark.rule("CCA-ROLE-04", "CCA-ROLE-05")
def test_the_set_up_choice_parses_back_and_is_recorded_and_replayed() -> None:
    from wargames.ancients.variant.actions import Centre, OutsideFlank, parse

    for text, action in (("centre right", Centre("right")), ("flank left", OutsideFlank("left"))):
        assert parse(text) == action and str(action) == text
    for bad in ("centre center", "flank center", "centre", "flank up"):
        with pytest.raises(ValueError):
            parse(bad)
    s = wargames.load("ancients", SCENARIO, players=(3, 2))
    s = s.apply("centre right").apply("flank right")
    assert s.chosen == ("right", "right")
    for players, wrong, rule in (
        (3, "flank left", "CCA-ROLE-04"),
        (2, "centre left", "CCA-ROLE-05"),
    ):
        start = wargames.load("ancients", SCENARIO, players=players)
        with pytest.raises(wargames.RuleViolation, match=rule):
            start.apply(wrong)
        assert start.chosen == ("", "") and start.current_player == "bottom/commander"
    agents = {"bottom": "random", "top": "random"}
    m = wargames.match("ancients", agents, 4, SCENARIO, players=(2, 3), turn_cap=2)
    m.run(max_steps=40)
    first = [str(a) for a in m.actions[:2]]
    assert first[0] in ("flank left", "flank right") and first[1].startswith("centre ")
    replayed = wargames.replay(m.record())
    assert [str(a) for a in replayed.actions[:2]] == first
    assert replayed.state.chosen == m.state.chosen == (first[0][6:], first[1][7:])
