"""The game's turn played through the engine: the deal, the five steps, the draw and the
reshuffle (CCB-TURN-*, CCB-HAND-*, CCB-GEN-*)."""

from __future__ import annotations

from pathlib import Path

import pytest
from ccb import HAND, draw, legal, position, refused, roll, top

import wargames
from wargames.ancients import GAME, new_game
from wargames.ancients.cards import DECK_SIZE
from wargames.ancients.flow import DrawCard
from wargames.ancients.state import SIDES
from wargames.core.cards import Deck, Pile
from wargames.core.engine import CHANCE

SCENARIOS = Path(__file__).parents[2] / "wargames" / "ancients" / "scenarios"


def dealt() -> wargames.GameState:
    """A new game of the default scenario with the opening hands dealt."""
    s = new_game()
    while s.current_player == CHANCE:
        s = s.apply(s.legal_actions()[0])
    return s


@pytest.mark.rule("CCB-HAND-01", "CCB-HAND-04", "CCB-GAP-11", "CCB-GEN-02")
def test_each_player_is_dealt_his_command_first_player_first() -> None:
    s = new_game()
    sc = s.scenario
    assert sc.command == (5, 5) and sc.first == "bottom" and sc.target == (5, 5)
    assert isinstance(s.top, DrawCard) and s.top.side == "bottom"
    draws = 0
    while s.current_player == CHANCE:
        assert isinstance(s.top, DrawCard)
        assert s.top.side == ("bottom" if draws < 5 else "top")
        s = s.apply(s.legal_actions()[0])
        draws += 1
    assert draws == 10 and [len(h) for h in s.hands] == [5, 5]
    assert len(s.deck.draw) == DECK_SIZE - 10
    assert s.current_player == "bottom" and top(s) == "PlayStep" and s.turn == 1


@pytest.mark.rule("CCB-HAND-04", "CCB-HAND-01")
def test_unequal_commands_give_unequal_opening_hands(tmp_path: Path) -> None:
    text = (SCENARIOS / "river-crossing.toml").read_text(encoding="utf-8")
    text = text.replace("command = 5", "command = 4", 1).replace("command = 5", "command = 6", 1)
    path = tmp_path / "unequal.toml"
    path.write_text(text, encoding="utf-8")
    s = new_game(str(path))
    assert s.scenario.command == (4, 6)
    while s.current_player == CHANCE:
        s = s.apply(s.legal_actions()[0])
    assert [len(h) for h in s.hands] == [4, 6] and len(s.deck.draw) == DECK_SIZE - 10


@pytest.mark.rule("CCB-TURN-01", "CCB-TURN-02", "CCB-TURN-03", "CCB-TURN-04", "CCB-TURN-05")
def test_a_turn_runs_play_order_move_battle_draw() -> None:
    s = position({"05-07": "LI", "06-07": "MI"}, {"05-05": "MI"}, card=None, step="play")
    assert top(s) == "PlayStep"
    assert legal(s) == [f"play {c}" for c in sorted(HAND[:5])]
    s = s.apply("play order-two-center")
    assert s.card == "order-two-center" and "order-two-center" not in s.hand("bottom").cards[:1]
    assert top(s) == "OrderStep"
    s = s.apply("order 05-07")
    assert top(s) == "OrderStep"
    refused(s, "move 05-07 05-06", "CCB-TURN-01")  # every order is announced before any move
    s = s.apply("order 06-07")
    assert top(s) == "MoveStep" and s.ordered == (s.unit_at("05-07"), s.unit_at("06-07"))
    s = s.apply("move 05-07 05-06")
    refused(s, "fire 05-06 at 05-05", "CCB-TURN-01")  # no battle while pieces still move
    s = s.apply("end moves")
    assert top(s) == "BattleStep"
    assert "attack 05-06 05-05" in legal(s)
    s = s.apply("end battles")
    assert isinstance(s.top, DrawCard) and s.top.side == "bottom"
    assert "order-two-center" in s.deck.discards


@pytest.mark.rule("CCB-TURN-05", "CCB-BATTLE-01")
def test_units_battle_one_at_a_time_in_the_active_player_s_order() -> None:
    s = position(
        {"05-07": "MI", "08-07": "MI"}, {"05-06": "MI", "08-06": "MI"}, ordered=["05-07", "08-07"]
    )
    assert legal(s) == ["attack 05-07 05-06", "attack 08-07 08-06", "end battles"]
    s = s.apply("attack 08-07 08-06")  # the second ordered unit first: his choice
    s = roll(s, "medium", "light", "light", "light")
    assert top(s) == "BattleBackChoice" and s.current_player == "top"
    refused(s, "attack 05-07 05-06", "CCB-TURN-01")  # not before this combat is over
    s = roll(s.apply("battle-back"), "light", "light", "light", "light")
    assert top(s) == "BattleStep" and legal(s) == ["attack 05-07 05-06", "end battles"]


@pytest.mark.rule("CCB-TURN-02")
def test_only_a_card_in_hand_can_be_played() -> None:
    s = position({"05-07": "LI"}, {"05-03": "MI"}, card=None, step="play")
    refused(s, "play order-four-right", "CCB-TURN-02")
    refused(s, "order 05-07", "CCB-TURN-01")


@pytest.mark.rule("CCB-TURN-06", "CCB-TURN-07", "CCB-HAND-01")
def test_the_card_is_discarded_a_card_drawn_and_the_turn_passes() -> None:
    s = position({"05-07": "LI"}, {"05-03": "MI"}, step="battles")
    assert top(s) == "DrawCard" and s.current_player == CHANCE
    assert "order-four-center" in s.deck.discards and s.card is None
    s = draw(s, "order-three-left")
    assert len(s.hand("bottom")) == 5 and "order-three-left" in s.hand("bottom")
    assert s.active == "top" and s.current_player == "top" and top(s) == "PlayStep"
    assert s.turn == 2 and s.ordered == () and s.battled == frozenset()


@pytest.mark.rule("CCB-HAND-05")
def test_an_empty_deck_is_refilled_from_the_discards() -> None:
    s = position({"05-07": "LI"}, {"05-03": "MI"}, step="battles")
    every = [*s.deck.draw.cards, *s.deck.discards.cards]
    s = s.evolve(deck=Deck(Pile(), Pile.of(every)))
    s = s.settle()
    outcomes = dict((str(a), p) for a, p in s.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1)
    assert "draw order-four-center" in outcomes  # the card just discarded is shuffled in
    s = draw(s, "order-four-center")
    assert len(s.deck.discards) == 0 and len(s.deck.draw) == len(every) - 1


@pytest.mark.rule("CCB-HAND-02", "CCB-HAND-03")
def test_up_to_command_follows_the_side_s_command() -> None:
    units = {f"{c:02d}-07": "LI" for c in range(1, 9)}
    for command in (3, 6):
        s = position(
            units,
            {"05-03": "MI"},
            card="order-light-troops",
            step="orders",
            command=(command, 5),
        )
        for _ in range(command):
            s = s.apply(legal(s)[0])
        assert len(s.ordered) == command and top(s) == "MoveStep"
        s = draw(s.apply("end moves"), "line-command")
        assert len(s.hand("bottom")) == command  # the same number is the hand's size


@pytest.mark.rule("CCB-GEN-03", "CCB-GAP-02")
def test_a_scenario_or_an_option_changes_a_reading() -> None:
    s = position({"05-07": "HI"}, {"05-06": "MI"}, leaders={"04-07": "bottom"}, ordered=["05-07"])
    s = s.apply("attack 05-07 05-06")
    s = roll(s, "helmet", "helmet", "light", "light", "light")
    assert s.blocks[s.unit_at("05-06")] == 2  # an adjacent leader's helmets hit
    s = position(
        {"05-07": "HI"},
        {"05-06": "MI"},
        leaders={"04-07": "bottom"},
        ordered=["05-07"],
        readings={"helmets": "attached-only"},
    )
    s = s.apply("attack 05-07 05-06")
    s = roll(s, "helmet", "helmet", "light", "light", "light")
    assert s.blocks[s.unit_at("05-06")] == 4
    assert new_game(options={"helmets": "attached-only"}).scenario.settings.helmets == (
        "attached-only"
    )


@pytest.mark.rule("CCB-GEN-04", "CCB-UNITS-01")
def test_pieces_are_units_or_leaders_and_units_start_at_full_strength() -> None:
    s = dealt()
    sc = s.scenario
    leaders = [p for p in sc.pieces if sc.types[p] is None]
    units = [p for p in sc.pieces if sc.types[p] is not None]
    assert len(leaders) == 4 and len(units) == 24
    assert all(s.blocks[p] == sc.types[p].blocks for p in units)  # type: ignore[union-attr]
    assert all(s.blocks[p] == 1 for p in leaders)
    # an order names a unit; a leader is ordered as a leader (CCB-ORDERS-07)
    assert s.units_of("bottom") == tuple(p for p in units if sc.sides[p] == "bottom")


@pytest.mark.rule("CCB-TURN-07", "CCB-GEN-01")
def test_players_alternate_with_bottom_and_top_seats() -> None:
    assert GAME.players == SIDES == ("bottom", "top")
    s = dealt()
    assert s.active == "bottom"
    s = s.apply(s.legal_actions()[0])
    while s.current_player in (CHANCE, "bottom") or s.active == "bottom":
        s = s.apply(s.legal_actions()[-1])
    assert s.active == "top" and s.current_player == "top"
    assert s.scenario.geometry.baseline["bottom"] == frozenset(
        h for h in s.scenario.board.ids if h.endswith("-09")
    )
    assert s.scenario.geometry.baseline["top"] == frozenset(
        h for h in s.scenario.board.ids if h.endswith("-01")
    )


def test_seat_helper_names_the_player_for_a_side_and_role() -> None:
    s = dealt()
    assert s.seat("bottom") == "bottom" and s.seat("top", "left") == "top"
    assert s.owner(s.units_of("top")[0]) == "top"


@pytest.mark.rule("CCB-DICE-05", "CCB-CLOSE-05")
def test_a_match_forces_dice_and_draws_by_their_notation() -> None:
    from wargames.core.engine import Match

    s = position({"05-07": "HI"}, {"05-06": "MI"}, ordered=["05-07"])
    m = Match(s, seed=1)
    m.apply("attack 05-07 05-06")
    m.force("roll light medium medium flag swords").roll()  # faces in FACES order
    assert m.state.blocks[m.state.unit_at("05-06")] == 1  # type: ignore[attr-defined]
    assert m.state.current_player == "top"  # the retreat path is the defender's
    m.apply(m.state.legal_actions()[0])
    m.apply("end advance")
    m.force("draw rally").roll()
    assert "rally" in m.state.hand("bottom")  # type: ignore[attr-defined]
    assert m.log[1] == "chance: roll light medium medium flag swords"
