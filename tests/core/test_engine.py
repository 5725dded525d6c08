"""The game protocol and the Match driver, on the toy dice race (tests/toy_game.py)."""

from __future__ import annotations

import json
import pickle

import pytest
from toy_game import Die, Hold, Roll, ToyState

from wargames.core.agents import RandomAgent
from wargames.core.engine import CHANCE, Match, Outcome, Record, legal_strings, replay
from wargames.core.errors import NotationError, RuleViolation

ROLL, HOLD = Roll(), Hold()


def toy(match: Match) -> ToyState:
    state = match.state
    assert isinstance(state, ToyState)
    return state


def random_agents(seed: int) -> dict[str, RandomAgent]:
    return {"red": RandomAgent(seed), "blue": RandomAgent(seed + 1)}


def test_initial_state() -> None:
    state = ToyState()
    assert state.current_player == "red"
    assert state.legal_actions() == [ROLL]
    assert state.chance_outcomes() == []
    assert not state.is_chance and not state.is_terminal and state.outcome is None


def test_chance_node_lists_outcomes() -> None:
    state = ToyState().apply(ROLL)
    assert state.current_player == CHANCE and state.is_chance
    outcomes = state.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == [f"roll {v}" for v in range(1, 7)]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.legal_actions() == [a for a, _ in outcomes]


def test_apply_returns_a_new_state_and_leaves_the_old_unchanged() -> None:
    state = ToyState()
    before = state.to_json()
    nxt = state.apply(ROLL).apply(Die(5))
    assert nxt.pot == 5 and nxt.current_player == "red"
    assert state.to_json() == before and state == ToyState()
    assert nxt.apply("hold").scores == (5, 0)
    assert nxt.scores == (0, 0) and nxt.pot == 5


@pytest.mark.parametrize("action", [HOLD, Die(3), "hold", "roll 4"])
def test_illegal_action_raises_and_state_is_unchanged(action: object) -> None:
    state = ToyState()
    before = state.to_json()
    with pytest.raises(RuleViolation) as info:
        state.apply(action)  # type: ignore[arg-type,unused-ignore]
    assert info.value.rule in ("TOY-HOLD-01", "TOY-ROLL-01")
    assert state == ToyState() and state.to_json() == before


def test_decision_at_a_chance_node_is_illegal() -> None:
    rolling = ToyState().apply(ROLL)
    with pytest.raises(RuleViolation, match="TOY-ROLL-01"):
        rolling.apply(HOLD)
    assert rolling == ToyState(rolling=True)


def test_game_over_refuses_everything() -> None:
    done = ToyState(scores=(10, 3), turn=4)
    assert done.is_terminal and done.legal_actions() == []
    assert done.outcome == Outcome("red", "reached 10 points", 4)
    with pytest.raises(RuleViolation, match="GAME-OVER"):
        done.apply(ROLL)


def test_notation_round_trips() -> None:
    state = ToyState(pot=4)
    for action in state.legal_actions():
        assert state.parse(str(action)) == action
    assert state.find_action("hold") == HOLD
    assert legal_strings(state) == ["roll", "hold"]
    with pytest.raises(NotationError):
        state.find_action("roll 3")
    with pytest.raises(NotationError):
        state.apply("dance")


def test_clone_json_and_pickle() -> None:
    state = ToyState(scores=(3, 7), pot=2, seat=1, turn=5)
    state.legal_actions()  # fills the memo, which must not matter
    assert state.clone() == state and state.clone() is not state
    assert ToyState.from_json(json.loads(json.dumps(state.to_json()))) == state
    assert pickle.loads(pickle.dumps(state)) == state


def test_replay_function() -> None:
    end = replay(ToyState(), ["roll", "roll 4", "hold", "roll", "roll 1"])
    assert end == ToyState(scores=(4, 0), seat=0, turn=2)


def play(seed: int) -> Match:
    match = Match(ToyState(), seed=seed, agents=random_agents(seed))
    match.run(5000)
    return match


def test_same_seed_same_game() -> None:
    a, b = play(11), play(11)
    assert a.over and a.outcome is not None
    assert a.actions == b.actions and a.log == b.log
    assert any(play(s).actions != a.actions for s in (12, 13, 14))


def test_run_stops_at_max_steps_and_step_needs_an_agent() -> None:
    match = Match(ToyState(), seed=1, agents={"red": RandomAgent(1)})
    match.run(3)
    assert len(match.actions) == 3
    match = Match(ToyState(), seed=1)
    with pytest.raises(RuleViolation, match="no agent plays red"):
        match.step()
    match.apply("roll")
    match.advance()  # rolls the die, then stops: red has no agent
    assert match.players == ["red", CHANCE]
    assert match.state.current_player in ("red", "blue")


class CountingMatch(Match[ToyState]):
    """A match that counts its steps: :meth:`Match.run` steps through an overridden
    :meth:`step`."""

    steps = 0

    def step(self) -> ToyState:
        self.steps += 1
        return super().step()


def test_run_plays_as_step_by_step() -> None:
    """``run`` (its step written out) plays the game that :meth:`Match.step` plays with the
    same seeds, dice forced as queued, and steps through a subclass's own ``step``."""
    for seed in range(6):
        ran = play(seed)
        stepped = Match(ToyState(), seed=seed, agents=random_agents(seed))
        while not stepped.over:
            stepped.step()
        assert ran.actions == stepped.actions and ran.log == stepped.log
        assert ran.players == stepped.players and ran.outcome == stepped.outcome
        assert list(ran.states) == list(stepped.states)
    forced = Match(ToyState(), seed=2, agents=random_agents(2)).force_dice(6, 5)
    forced.run(30)
    assert [a for a in forced.actions if isinstance(a, Die)][:2] == [Die(6), Die(5)]
    again = Match(ToyState(), seed=2, agents=random_agents(2)).force_dice(6, 5)
    while not again.over and len(again.actions) < 30:
        again.step()
    assert forced.actions == again.actions
    counting = CountingMatch(ToyState(), seed=3, agents=random_agents(3))
    counting.run(7)
    assert counting.steps == 7 and len(counting.actions) == 7


def test_force_dice_picks_the_forced_value() -> None:
    match = Match(ToyState(), seed=5)
    match.force_dice(6, 1)
    match.apply("roll")
    match.roll()
    assert toy(match).pot == 6
    match.apply("roll")
    match.roll()
    assert match.state == ToyState(seat=1)
    match.apply("roll")
    match.force("roll 3").roll()
    assert toy(match).pot == 3
    match.apply("roll")
    match.force(Die(2)).roll()
    assert toy(match).pot == 5


def test_impossible_forced_value_raises_and_is_dropped() -> None:
    match = Match(ToyState(), seed=5)
    match.apply("roll")
    match.force_dice(7)
    with pytest.raises(RuleViolation, match="forced outcome 7 is not possible"):
        match.roll()
    assert match.state == ToyState(rolling=True) and len(match.actions) == 1
    match.roll()  # the impossible value does not stay queued
    assert len(match.actions) == 2
    with pytest.raises(RuleViolation, match="no dice"):
        Match(ToyState()).roll()


def test_undo() -> None:
    match = Match(ToyState(), seed=2)
    match.force_dice(4).apply("roll")
    match.roll()
    match.apply("hold")
    assert toy(match).scores == (4, 0)
    assert match.undo() == ToyState(pot=4)
    assert match.undo(2) == ToyState() and match.actions == []
    with pytest.raises(ValueError):
        match.undo()


def test_undo_decision_returns_to_the_pending_decision() -> None:
    match = Match(ToyState(), seed=2)
    match.force_dice(4, 5)
    match.apply("roll")
    match.roll()
    match.apply("roll")
    match.roll()
    assert toy(match).pot == 9
    # The last decision was the second 'roll': undo it and its die, but keep the first die.
    assert match.undo_decision() == ToyState(pot=4)
    assert match.state.current_player == "red"
    assert [str(a) for a in match.actions] == ["roll", "roll 4"]
    assert match.undo_decision() == ToyState()
    assert match.undo_decision() == ToyState()


def test_replay_equals_states() -> None:
    match = play(3)
    assert match.replay() == match.states
    assert match.initial == ToyState()


def test_record_round_trips_through_json() -> None:
    match = play(4)
    record = match.record()
    assert record.game == "toy" and record.seed == 4 and record.outcome == match.outcome
    assert list(record.actions) == [str(a) for a in match.actions]
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record
    assert replay(ToyState(), list(again.actions)) == match.state


def test_apply_by_notation_logs_the_action() -> None:
    match = Match(ToyState())
    match.apply("roll")
    assert match.actions == [ROLL] and match.log == ["red: roll"]
    assert "toy" in repr(match) and "chance to decide" in repr(match)


@pytest.mark.parametrize("game_id", ["ancients", "armageddon", "horde", "warmaster"])
@pytest.mark.parametrize("junk", [[], {}, None, 42, ("roll", 4), b"roll 4"], ids=repr)
def test_anything_that_is_not_an_action_is_a_rule_violation(game_id: str, junk: object) -> None:
    """Unhashable or foreign values given to ``apply`` are refused like any illegal action."""
    import wargames

    state = wargames.load(game_id)
    before = state.to_json()
    with pytest.raises(RuleViolation):
        state.apply(junk)  # type: ignore[arg-type]
    assert state.to_json() == before
