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
"""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import pytest

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
@pytest.mark.parametrize("block", range(GAMES // BLOCK))
def test_random_games_conform(block: int) -> None:
    """200 random games, 100 of each shipped scenario, every state checked."""
    names = scenario_names()
    for seed in range(block * BLOCK, (block + 1) * BLOCK):
        state = new_game(names[seed % len(names)], {"turn_cap": CAP})
        final, actions = playout(
            state, agents(seed), seed, STEPS, check_every=CHECK_EVERY, light=True
        )
        assert final.outcome is not None and actions
        assert final.outcome.turn is not None and final.outcome.turn <= CAP


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
    assert GAME.odds is not None and "text" in GAME.odds(["HI", "MI"])
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
