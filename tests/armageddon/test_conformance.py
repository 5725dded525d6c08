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
from blocks import seed_blocks

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


KINDS = {"random": (random_agents, 25), "greedy": (greedy_agents, 50)}
"""The agents of each kind of game, and how often the full checks run (every 25th state of a
random game, every 50th of a greedy one; light checks on all the others)."""
BLOCKS = [("random", seeds) for seeds in seed_blocks(200, 20, 2)] + [
    ("greedy", seeds) for seeds in seed_blocks(50, 10, 1)
]
"""200 random games and 50 greedy ones, in blocks of 20 and 10 (slow), and the first two random
and first greedy game in the default run (the pytest ids say which)."""


@pytest.mark.rule(
    "BFA-GAME-03", "BFA-SEQ-01", "BFA-STACK-02", "BFA-STACK-04", "BFA-BUILD-02", "BFA-VICTORY-08"
)
@pytest.mark.parametrize(
    ("kind", "seeds"),
    [pytest.param(k, *p.values, id=f"{k}-{p.id}", marks=p.marks) for k, p in BLOCKS],
)
@pytest.mark.quick(1)
def test_games_conform(kind: str, seeds: range) -> None:
    """Every game ends within eight turns with an outcome, every state passing the checks."""
    agents, full_every = KINDS[kind]
    for seed in seeds:
        final, _ = playout(
            wargames.load("armageddon"),
            agents(seed),
            seed,
            STEPS,
            check_every=full_every,
            light=True,
        )
        assert final.outcome is not None and final.outcome.turn is not None
        assert final.outcome.turn <= 8


def test_same_seed_same_game_across_processes() -> None:
    check_game_determinism("armageddon", seed=11)
