"""The conformance kit on The Warmaster: 200 random full games from the registry, with the bot
turn cap.

After every action (``light``): clone equality, exact JSON round trip, illegal actions (recent
actions replayed where they no longer apply) refused with the state unchanged, the game's
invariants (counters only in known places, at most one face-down counter per area, the cup
matching the counters in it, no counter in a destroyed area, stacks legal outside the side's own
teleport-to-movement window) and both players' views. Every 50th state, and the first and last,
also applies every legal action. Same seed, same game, also in another process.

Hidden information (views, resampling) is tested in ``test_hidden.py``.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from blocks import seed_blocks

import wargames
from wargames.core.agents import RandomAgent
from wargames.testing import check_game_determinism, playout
from wargames.warmaster import GAME
from wargames.warmaster.data import IMPERIAL, TRAITOR

STEPS = 20_000
"""A bound no capped game comes near (random games take about 20-500 actions)."""

RANDOM_GAMES = 200
BLOCK = 20
QUICK = 4
"""Games of the default test run (all of them: ``-m slow``)."""
CHECK_EVERY = 50
"""Full checks (every legal action applied) on every 50th state: the light checks after every
action cost most of the time (about 0.2 s a game on one slow core), full checks every 50th
state add little."""


def agents(seed: int) -> dict[str, wargames.Agent]:
    return {IMPERIAL: RandomAgent(seed), TRAITOR: RandomAgent(seed + 1_000)}


@pytest.mark.rule("WM-SEQ-02", "WM-STACK-03", "WM-SETUP-02")
@pytest.mark.parametrize("seeds", seed_blocks(RANDOM_GAMES, BLOCK, QUICK))
def test_random_games_conform(seeds: range) -> None:
    """200 random games (ten blocks of twenty) end with an outcome, every state passing the
    light checks, every 50th the full ones."""
    cap = wargames.load("warmaster", bot_turn_cap=True).turn_cap
    for seed in seeds:
        state = wargames.load("warmaster", turn_cap=cap)
        final, actions = playout(
            state, agents(seed), seed, STEPS, check_every=CHECK_EVERY, light=True
        )
        assert final.outcome is not None and actions
        assert final.outcome.turn is not None and final.outcome.turn <= cap


# The 50 greedy games of the conformance kit are in test_agents.py (test_greedy_games_conform).


def test_registered_with_a_bot_turn_cap() -> None:
    assert "warmaster" in wargames.games()
    assert GAME.bot_options == {"bot_turn_cap": True}
    record = wargames.play("warmaster", seed=5)
    assert record.outcome is not None and record.options == {"bot_turn_cap": True}
    assert (record.outcome.turn or 0) <= 12
    assert wargames.load("warmaster", bot_turn_cap=True).turn_cap == 12
    assert wargames.load("warmaster").turn_cap is None


@pytest.mark.rule("WM-VICTORY-05")
@pytest.mark.parametrize(
    ("options", "bots", "cap"),
    [
        ({"bot_turn_cap": 5}, True, 5),  # the scenario's own bot cap, not the boarding's 12
        ({"bot_turn_cap": 5}, False, None),  # people play the rulebook's game
        ({"turn_cap": 4, "bot_turn_cap": 9}, True, 4),  # its own cap comes sooner
        ({"turn_cap": 7, "bot_turn_cap": 0}, True, 7),
        ({"turn_cap": 0, "bot_turn_cap": 0}, True, None),
    ],
)
def test_bots_get_the_scenarios_own_turn_cap(
    options: dict[str, int], bots: bool, cap: int | None
) -> None:
    """A game between bots is capped by its scenario's ``bot_turn_cap`` (or by its
    ``turn_cap`` when that is sooner), not by the shipped boarding's (WM-GAP-20)."""
    scenario = wargames.scenario("warmaster", "boarding").with_options(**options)
    assert wargames.load("warmaster", scenario, bot_turn_cap=bots).turn_cap == cap
    record = wargames.play("warmaster", scenario=scenario, seed=3)
    assert record.options == {"bot_turn_cap": True}
    bot_cap = cap if bots else None
    if bot_cap is not None:
        assert record.outcome is not None and (record.outcome.turn or 0) <= bot_cap + 1
    # a turn_cap given wins over both
    assert wargames.load("warmaster", scenario, turn_cap=2, bot_turn_cap=True).turn_cap == 2


def test_same_seed_same_game() -> None:
    check_game_determinism("warmaster", 3)


READ_BACK = """
import gc
gc.disable()  # the replaced task classes stay listed: the read-back must not pick them
import wargames
from wargames.warmaster.state import WarmasterState
s = wargames.load("warmaster")
back = WarmasterState.from_json(s.to_json())
assert type(back.top) is type(s.top), (type(back.top).__dict__.keys(), type(s.top).__dict__.keys())
assert back == s
"""


def test_saved_tasks_read_back_before_the_garbage_collector_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-c", READ_BACK], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
