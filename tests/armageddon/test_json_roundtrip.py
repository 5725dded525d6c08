"""JSON round trip of random Battle for Armageddon states (hypothesis): any position reached by
random play is saved and read back exactly, and play continues identically from the copy."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import wargames
from wargames import Match, RandomAgent
from wargames.armageddon.state import ArmageddonState


def reached(seed: int, steps: int) -> Match:
    match = Match(
        wargames.load("armageddon"),
        seed=seed,
        agents={"orks": RandomAgent(seed), "imperium": RandomAgent(seed + 1)},
    )
    match.run(steps)
    return match


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 700))
def test_random_states_round_trip_through_json(seed: int, steps: int) -> None:
    state = reached(seed, steps).state
    text = json.dumps(state.to_json(), sort_keys=True)
    back = ArmageddonState.from_json(json.loads(text))
    assert back == state
    assert json.dumps(back.to_json(), sort_keys=True) == text
    assert [str(a) for a in back.legal_actions()] == [str(a) for a in state.legal_actions()]
    assert back.current_player == state.current_player


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 400))
def test_play_goes_on_identically_from_a_saved_state(seed: int, steps: int) -> None:
    match = reached(seed, steps)
    copy = ArmageddonState.from_json(json.loads(json.dumps(match.state.to_json())))
    original = Match(
        match.state, seed=seed + 7, agents={"orks": RandomAgent(3), "imperium": RandomAgent(4)}
    )
    restored = Match(
        copy, seed=seed + 7, agents={"orks": RandomAgent(3), "imperium": RandomAgent(4)}
    )
    original.run(200)
    restored.run(200)
    assert [str(a) for a in original.actions] == [str(a) for a in restored.actions]
    assert original.state == restored.state
