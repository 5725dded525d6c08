"""The conformance kit on the P-Scale battle: 200 random full games from the registry.

After every action (``light``): clone equality, exact JSON round trip, illegal actions (recent
actions replayed where they no longer apply) refused with the state unchanged, the invariants
(one horde per square, Magnitude never negative nor above its start, Magnitude totals only
falling except by Split! and Merge!, units that left the battle staying gone, Officers joined
only to their own hordes, stealth only for Ambushers in cover) and both players' views. Every
25th state, and the first and last, also applies every legal action. Same seed, same game, also
in another process.

The games are whole missions, shortened to keep the run short (30-40 s of CPU on one slow
core): three rounds of the mirror and the ork assault, two of the manufactorum (its armies are
the largest).
"""

from __future__ import annotations

import json

import pytest
from blocks import seed_blocks

import wargames
from wargames.core.agents import RandomAgent
from wargames.horde import GAME, PScaleState
from wargames.testing import check_game_determinism, check_state, playout

STEPS = 5_000
"""A bound no shortened mission comes near (they take about 40-200 actions)."""
RANDOM_GAMES = 200
BLOCK = 20
CHECK_EVERY = 25
ROUNDS = {"mirror": 3, "ork-assault": 3, "manufactorum": 2}


def agents(seed: int) -> dict[str, wargames.Agent]:
    return {"blue": RandomAgent(seed), "red": RandomAgent(seed + 1_000)}


@pytest.mark.rule("HMC-ORDERS-19", "HMC-SCALE-05")
@pytest.mark.parametrize("seeds", seed_blocks(RANDOM_GAMES, BLOCK, 3))
def test_random_games_conform(seeds: range) -> None:
    """200 random games (ten blocks of twenty, the scenarios in turn) end with an outcome,
    every state passing the light checks, every 25th the full ones."""
    names = sorted(ROUNDS)
    for seed in seeds:
        name = names[seed % len(names)]
        state = wargames.load("horde", name, rounds=ROUNDS[name])
        final, actions = playout(
            state, agents(seed), seed, STEPS, check_every=CHECK_EVERY, light=True
        )
        assert final.outcome is not None and actions
        assert (final.outcome.turn or 0) <= ROUNDS[name]


GREEDY_GAMES = 50
GREEDY_BLOCK = 10


@pytest.mark.parametrize("seeds", seed_blocks(GREEDY_GAMES, GREEDY_BLOCK, 1))
def test_greedy_games_conform(seeds: range) -> None:
    """50 games of the greedy commander against itself (five blocks of ten, the scenarios in
    turn, whole missions) end with an outcome, every state passing the light checks, every
    25th the full ones."""
    names = sorted(ROUNDS)
    for seed in seeds:
        name = names[seed % len(names)]
        bots = {
            side: wargames.agent("horde", "greedy", seed * 7 + i, side)
            for i, side in enumerate(("blue", "red"))
        }
        state = wargames.load("horde", name)
        final, actions = playout(state, bots, seed, STEPS, check_every=CHECK_EVERY, light=True)
        assert final.outcome is not None and actions


def test_registered_game() -> None:
    assert "horde" in wargames.games() and wargames.game("horde") is GAME
    assert GAME.players == ("blue", "red") and GAME.sequence is not None
    assert GAME.bot_options == {}  # missions end after their last round
    assert set(GAME.agents) == {"random", "greedy"} and GAME.render is not None
    record = wargames.play("horde", seed=5, scenario="mirror")
    assert record.outcome is not None and (record.outcome.turn or 0) <= 10


def test_same_seed_same_game() -> None:
    check_game_determinism("horde", 3, scenario="mirror")


def test_json_round_trip_of_a_whole_game_and_of_views() -> None:
    match = wargames.match("horde", seed=11, scenario="ork-assault")
    match.run()
    for state in match.states[::7]:
        assert isinstance(state, PScaleState)
        for s in (state, state.view("blue"), state.view("red")):
            back = PScaleState.from_json(json.loads(json.dumps(s.to_json())))
            assert back == s and back.to_json() == s.to_json()
    check_state(match.states[len(match.states) // 2])
    replayed = wargames.replay(match.record())
    assert replayed.state == match.state
