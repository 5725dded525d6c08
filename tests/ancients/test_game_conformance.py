"""The conformance kit on Commands & Colors: Ancients: 200 random full games, determinism, the
registry and the command line.

After every action (``light``): clone equality, an exact JSON round trip, illegal actions
(recent actions replayed where they no longer apply) refused with the state unchanged, the
invariants (one unit and one leader per hex at most, blocks within 1 and the starting strength,
60 cards in hands, deck, discards and play, banners equal to the enemy pieces destroyed plus
objectives, the where-is-what index up to date) and both players' views. Every 100th state,
the first and the last also apply every legal action.

Random games take about 200 turns to reach a banner target (the agents wander); the 200 games
below are capped at 40 turns (the bot-play option ``turn_cap``, not a rule of the game: the
side with more banners wins) so that they cost about 40 s of CPU; a few more are played to their
natural end.

The 50 greedy games (the registry's ``greedy`` agent on both sides, five blocks of ten, half on
each base scenario) are checked the same way, light after every action and in full every 50th
state; greedy players fight, so many end by banners before their cap of 18 turns.
"""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import pytest
from blocks import seed_blocks

import wargames
from wargames.ancients import GAME, new_game
from wargames.ancients.scenario import scenario_names
from wargames.cli import main
from wargames.core.agents import RandomAgent
from wargames.testing import check_game_determinism, playout

GAMES = 200
BLOCK = 20
CAP = 40
CHECK_EVERY = 100
STEPS = 100_000


def agents(seed: int) -> dict[str, wargames.Agent]:
    return {"bottom": RandomAgent(seed), "top": RandomAgent(seed + 1_000)}


@pytest.mark.rule("CCB-TURN-01", "CCB-UNITS-02", "CCB-UNITS-16", "CCB-CARDS-01")
@pytest.mark.parametrize("seeds", seed_blocks(GAMES, BLOCK, 2))
def test_random_games_conform(seeds: range) -> None:
    """200 random games, 100 of each shipped scenario, every state checked."""
    names = scenario_names()
    for seed in seeds:
        state = new_game(names[seed % len(names)], {"turn_cap": CAP})
        final, actions = playout(
            state, agents(seed), seed, STEPS, check_every=CHECK_EVERY, light=True
        )
        assert final.outcome is not None and actions
        assert final.outcome.turn is not None and final.outcome.turn <= CAP


GREEDY_GAMES = 50
GREEDY_BLOCK = 10
GREEDY_CAP = 18
"""Greedy games often reach their banner target in 18 to 26 turns; the cap bounds the cost."""
BASE_SCENARIOS = ("elephant-ridge", "river-crossing")
"""The base game's scenarios (``the-long-ridge`` is the Armageddon variant's)."""


def greedy_agents(seed: int) -> dict[str, wargames.Agent]:
    return {
        side: wargames.agent("ancients", "greedy", seed * 10 + i, side)
        for i, side in enumerate(GAME.players)
    }


@pytest.mark.rule("CCB-TURN-01", "CCB-UNITS-02", "CCB-MOVE-16", "CCB-VICTORY-01")
@pytest.mark.parametrize("seeds", seed_blocks(GREEDY_GAMES, GREEDY_BLOCK, 2))
def test_greedy_games_conform(seeds: range) -> None:
    """50 greedy games, 25 of each base scenario, every state checked (light), every 50th
    in full."""
    for seed in seeds:
        name = BASE_SCENARIOS[seed % len(BASE_SCENARIOS)]
        state = new_game(name, {"turn_cap": GREEDY_CAP})
        final, actions = playout(
            state, greedy_agents(seed), seed, STEPS, check_every=50, light=True
        )
        assert final.outcome is not None and actions
        assert final.outcome.turn is not None and final.outcome.turn <= GREEDY_CAP


@pytest.mark.slow
@pytest.mark.rule("CCB-VICTORY-03")
@pytest.mark.parametrize("name", scenario_names())
def test_random_games_end_by_banners(name: str) -> None:
    """Uncapped random games end when a side reaches its banner target."""
    for seed in range(2):
        final, _ = playout(new_game(name), agents(seed), seed, STEPS, check_every=500, light=True)
        assert final.outcome is not None and "victory banners" in final.outcome.reason


def test_registered_game() -> None:
    assert "ancients" in wargames.games() and wargames.game("ancients") is GAME
    assert GAME.players == ("bottom", "top") and GAME.sequence is not None
    assert GAME.bot_options == {"turn_cap": 500}
    assert GAME.odds is not None and "text" in GAME.odds.command(["HI", "MI"])
    record = wargames.play("ancients", seed=5)
    assert record.outcome is not None and record.options == {"turn_cap": 500}


def test_same_seed_same_game() -> None:
    check_game_determinism("ancients", 3)


def test_the_command_line_plays_a_game_to_the_end() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["play", "ancients", "--seed", "1"]) == 0
    text = out.getvalue()
    assert "Outcome:" in text and "victory banners" in text
