"""Hidden cards, redaction, resampling, JSON and the notation of the actions."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from ccb import position, roll

from wargames.ancients import actions as act
from wargames.ancients import new_game
from wargames.ancients.state import AncientsState
from wargames.core.agents import RandomAgent
from wargames.core.engine import CHANCE, Match
from wargames.core.errors import NotationError


def midgame(seed: int = 4, steps: int = 120) -> AncientsState:
    s = new_game("elephant-ridge")
    m = Match(s, seed=seed, agents={"bottom": RandomAgent(seed), "top": RandomAgent(seed + 1)})
    m.run(steps)
    state = m.state
    assert isinstance(state, AncientsState)
    return state


def test_a_view_shows_one_s_own_hand_and_only_counts_of_the_other_and_the_deck() -> None:
    s = midgame()
    v = s.view("bottom")
    assert v.hand("bottom") == s.hand("bottom")
    assert set(v.hand("top").cards) == {"?"} and len(v.hand("top")) == len(s.hand("top"))
    assert set(v.deck.draw.cards) <= {"?"} and len(v.deck.draw) == len(s.deck.draw)
    assert v.deck.discards == s.deck.discards and v.where == s.where and v.banners == s.banners
    assert v.invariant_violations() == []
    w = s.view("top")
    assert w.hand("top") == s.hand("top") and set(w.hand("bottom").cards) == {"?"}
    with pytest.raises(ValueError):
        s.view("middle")


def test_a_player_s_legal_actions_are_the_same_in_his_view() -> None:
    s = midgame(steps=121)
    while s.current_player in (None, CHANCE):
        s = s.apply(s.legal_actions()[0])
    player = s.current_player
    assert player is not None
    assert s.view(player).legal_actions() == s.legal_actions()


def test_draws_are_redacted_for_the_other_player() -> None:
    s = new_game()
    draw = s.legal_actions()[0]
    assert s.redact(draw, "bottom") == str(draw) and s.redact(draw, "top") == "draw ?"
    m = Match(new_game(), seed=2, agents={"bottom": RandomAgent(1), "top": RandomAgent(2)})
    m.run(40)
    log = m.log_for("top")
    assert any(line.startswith("chance: draw ?") for line in log)
    assert any(line.startswith("chance: draw ") and "?" not in line for line in log)
    assert any(line.startswith("bottom: play ") for line in log)  # played cards are public


def test_resampling_deals_the_unseen_cards_again() -> None:
    s = midgame()
    rng = np.random.default_rng(7)
    seen = []
    for _ in range(5):
        r = s.resample_hidden("bottom", rng)
        assert r.hand("bottom") == s.hand("bottom") and len(r.hand("top")) == len(s.hand("top"))
        assert r.deck.discards == s.deck.discards and r.where == s.where
        unseen = Counter(r.hand("top").cards) + Counter(r.deck.draw.cards)
        assert unseen == Counter(s.hand("top").cards) + Counter(s.deck.draw.cards)
        assert r.invariant_violations() == []
        seen.append(r.hand("top"))
    assert len(set(seen)) > 1


def test_states_read_back_exactly_from_json_mid_combat() -> None:
    s = position({"06-05": "EL"}, {"06-04": "LI"}, leaders={"06-04": "top"}, ordered=["06-05"])
    s = s.apply("attack 06-05 06-04").apply("stand")
    s = roll(s, "swords", "flag")  # an elephant re-roll pending
    back = AncientsState.from_json(s.to_json())
    assert back == s and back.to_json() == s.to_json() and back.top == s.top
    assert back.legal_actions() == s.legal_actions()


def test_every_action_s_notation_reads_back() -> None:
    examples = [
        act.PlayCard("order-three-center"),
        act.Order("05-07"),
        act.Order("05-07", leader=True),
        act.Move("05-07", "05-05"),
        act.Move("05-07", "04-06", leader=True),
        act.Fire("05-07", "06-04"),
        act.Attack("05-07", "06-06"),
        act.Evade(),
        act.Stand(),
        act.EvadeTo(("05-08",)),
        act.EvadeTo(("05-08", "05-09", "off")),
        act.Ignore(1),
        act.RetreatTo("06-06", "06-07"),
        act.Rampage("05-06"),
        act.Advance(),
        act.BattleBack(),
        act.Dice.of(["swords", "light", "flag"]),
        act.Draw("order-two-left"),
        act.Pass("battles"),
    ]
    s = new_game()
    for action in examples:
        assert s.parse_action(str(action)) == action
    assert str(act.Dice.of(["swords", "light", "flag"])) == "roll light flag swords"
    assert str(act.Fire("05-07", "06-04")) == "fire 05-07 at 06-04"
    for bad in ("fire 05-07 06-04", "roll light purple", "ignore -1", "order", "leap 05-05"):
        with pytest.raises(NotationError):
            s.parse_action(bad)


def test_dice_outcomes_are_the_multisets_of_faces() -> None:
    for n, count in ((1, 6), (2, 21), (3, 56), (5, 252)):
        outcomes = act.dice_outcomes(n)
        assert len(outcomes) == count and sum(p for _, p in outcomes) == pytest.approx(1)
    two = dict((str(a), p) for a, p in act.dice_outcomes(2))
    assert two["roll helmet helmet"] == pytest.approx(1 / 36)
    assert two["roll light helmet"] == pytest.approx(2 / 36)


def test_states_print_readably() -> None:
    s = position({"06-05": "HI"}, {"06-04": "MI"}, leaders={"06-05": "bottom"})
    text = str(s)
    assert "06-05 HI4+bottom-leader-1" in text and "06-04 MI4" in text
    assert "bottom (bottom) 0/5 banners" in text
    assert s.current_player == CHANCE  # no unit ordered: nothing to battle, the draw pending


def test_the_package_docstring_example() -> None:
    import doctest

    import wargames.ancients

    result = doctest.testmod(wargames.ancients)
    assert result.failed == 0 and result.attempted > 0
