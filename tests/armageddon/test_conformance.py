"""The conformance kit on Battle for Armageddon: 200 random and 50 greedy full games.

After every action: clone equality, exact JSON round trip, illegal actions (the last twenty
actions of the game, replayed where they no longer apply) refused with the state unchanged,
the game's invariants (no counter in two places or in an unknown place, no area holding both
sides, stacks legal wherever the rules require, the build track equal to the intact hives and
factories, counter totals conserved) and every player's view. Every 25th state, and the first
and last, also applies every legal action. Same seed, same game, also in another process.
"""

from __future__ import annotations

import pytest

import wargames
from wargames.armageddon.agents import GreedyAgent
from wargames.core.agents import RandomAgent
from wargames.testing import check_game_determinism, playout

STEPS = 5_000
"""A bound no game of eight turns comes near (random games take about 500 actions)."""


def random_agents(seed: int) -> dict[str, wargames.Agent]:
    return {"orks": RandomAgent(seed), "imperium": RandomAgent(seed + 1_000)}


def greedy_agents(seed: int) -> dict[str, wargames.Agent]:
    return {"orks": GreedyAgent("orks", seed), "imperium": GreedyAgent("imperium", seed + 1)}


@pytest.mark.rule("BFA-GAME-03", "BFA-SEQ-01", "BFA-STACK-02", "BFA-STACK-04", "BFA-BUILD-02")
@pytest.mark.parametrize("block", range(10))
def test_random_games_conform(block: int) -> None:
    """200 random-vs-random games (20 per block), checked after every action."""
    for seed in range(block * 20, block * 20 + 20):
        final, _ = playout(
            wargames.load("armageddon"),
            random_agents(seed),
            seed,
            STEPS,
            check_every=25,
            light=True,
        )
        assert final.outcome is not None and final.outcome.turn is not None
        assert final.outcome.turn <= 8


@pytest.mark.rule("BFA-GAME-03", "BFA-VICTORY-08")
@pytest.mark.parametrize("block", range(5))
def test_greedy_games_conform(block: int) -> None:
    """50 greedy-vs-greedy games (10 per block), checked after every action."""
    for seed in range(block * 10, block * 10 + 10):
        final, _ = playout(
            wargames.load("armageddon"),
            greedy_agents(seed),
            seed,
            STEPS,
            check_every=50,
            light=True,
        )
        assert final.outcome is not None


def test_same_seed_same_game_across_processes() -> None:
    check_game_determinism("armageddon", seed=11)
