"""The toy game is a fixture for others, so it must keep the whole protocol itself."""

from __future__ import annotations

import pickle

import pytest
import toy_game
from toy_game import Die, Hold, Roll, ToyState

from wargames.core.engine import CHANCE, Match
from wargames.core.errors import NotationError, RuleViolation, ScenarioError

AGENTS = {"red": "random", "blue": "greedy"}


def playout(seed: int) -> Match:
    match = Match(
        toy_game.new(None, {"turn_limit": 30}),
        seed=seed,
        agents={p: toy_game.GAME.agents[a](seed, p) for p, a in AGENTS.items()},
    )
    match.run()
    return match


@pytest.mark.parametrize("seed", range(20))
def test_random_playouts_keep_the_protocol(seed: int) -> None:
    match = playout(seed)
    assert match.over and match.outcome is not None
    for state, action in zip(match.states, match.actions, strict=False):
        assert ToyState.from_json(state.to_json()) == state
        assert pickle.loads(pickle.dumps(state)) == state
        assert state.clone() == state and hash(state) == hash(state.clone())
        assert state.parse_action(str(action)) == action
        assert state.invariant_violations() == []
        if state.current_player == CHANCE:
            assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
        for legal in state.legal_actions():
            state.apply(legal)
    assert match.replay() == match.states


@pytest.mark.parametrize("seed", range(5))
def test_the_conformance_kit_passes(seed: int) -> None:
    testing = pytest.importorskip("wargames.testing")
    agents = {p: toy_game.GAME.agents[a](seed, p) for p, a in AGENTS.items()}
    testing.playout(toy_game.new(None, {"turn_limit": 30}), agents, seed=seed, max_steps=2000)


def test_illegal_actions_raise_with_the_rule_and_change_nothing() -> None:
    state = toy_game.new(None, {})
    before = state.to_json()
    with pytest.raises(RuleViolation, match="TOY-HOLD-01"):
        state.apply(Hold())
    with pytest.raises(RuleViolation, match="TOY-ROLL-01"):
        state.apply(Die(3))
    rolling = state.apply(Roll())
    assert rolling.current_player == CHANCE
    with pytest.raises(RuleViolation, match="TOY-ROLL-01"):
        rolling.apply("hold")
    assert state.to_json() == before
    with pytest.raises(NotationError):
        state.parse_action("roll 7")


def test_rules() -> None:
    state = toy_game.new(None, {}).apply("roll").apply("roll 6").apply("roll").apply("roll 5")
    assert state.pot == 11 and state.current_player == "red"
    won = state.apply("hold")
    assert won.outcome is not None and won.outcome.winner == "red" and won.is_terminal
    bust = toy_game.new(None, {}).apply("roll").apply("roll 1")
    assert bust.pot == 0 and bust.current_player == "blue" and bust.turn == 1
    assert bust.apply("roll").apply("roll 1").turn == 2
    draw = toy_game.new(None, {"turn_limit": 1}).apply("roll").apply("roll 1")
    draw = draw.apply("roll").apply("roll 1")
    assert draw.outcome is not None and draw.outcome.winner is None


def test_match_force_dice_and_undo() -> None:
    match = Match(toy_game.new(None, {}), seed=1)
    match.apply("roll")
    match.force_dice(6).roll()
    assert match.state == ToyState(pot=6)
    match.undo_decision()
    assert match.state == match.initial


def test_match_roll_outside_a_chance_node_is_refused_and_changes_nothing() -> None:
    """``Match.roll`` at a player's decision (or once the game is over) is refused before the
    generator draws: the next roll is the one it would have been."""
    match, twin = Match(toy_game.new(None, {}), seed=4), Match(toy_game.new(None, {}), seed=4)
    with pytest.raises(RuleViolation, match="no dice are called for now"):
        match.roll()
    assert match.state == match.initial and not match.actions
    match.apply("roll")
    twin.apply("roll")
    assert match.roll() == twin.roll()
    over = toy_game.new(None, {"target": 3}).apply("roll").apply("roll 6").apply("hold")
    assert over.outcome is not None
    done = Match(over, seed=4)
    with pytest.raises(RuleViolation, match="no dice are called for now"):
        done.roll()


def test_scenarios_and_options() -> None:
    assert toy_game.new("long", {}).target == 30
    assert toy_game.new(None, {"target": 3}).target == 3
    with pytest.raises(ScenarioError, match="unknown scenario"):
        toy_game.new("nope", {})
    with pytest.raises(ScenarioError, match="no such option; options: target, turn_limit"):
        toy_game.new(None, {"colour": "red"})
