"""The conformance kit on the 'Armageddon' variant: random games with 1 to 4 players a side,
JSON round trips, views that never show the other side's cards, and the command line.

The conformance issue's games on the Armageddon scenario with four players a side: 200 random
games (ten blocks of twenty) and 50 greedy ones (five blocks of ten; the registry's ``greedy``
agent of each side plays its seats, ``Match.agent_for``), with the kit's light checks after every
action (clone, JSON round trip, illegal actions refused, the invariants: one unit and one leader
per hex at most, blocks within 1 and the starting strength, banners equal to the enemy pieces
destroyed plus objectives, the 60 cards each in one place: hands, flanks, deck or discards; every
seat's view) and the full ones every 50th state. Both are capped by the bot-play option
``turn_cap`` (random games hardly meet: a short cap checks as much; greedy ones fight).
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest
from blocks import seed_blocks

import wargames
from wargames.ancients import new_game
from wargames.ancients.state import BACK, SIDES
from wargames.ancients.variant.seats import seats
from wargames.ancients.variant.state import ArmageddonState
from wargames.cli import main
from wargames.core.agents import RandomAgent
from wargames.core.engine import CHANCE, Match
from wargames.testing import playout

NAME = "the-long-ridge"
GAMES = 32
CAP = 16
"""Random games hardly meet in 16 turns; a few longer games below reach the fighting."""


def agents(seed: int, players: int) -> dict[str, wargames.Agent]:
    every = (*seats("bottom", players), *seats("top", players))
    return {seat: RandomAgent(seed * 10 + i) for i, seat in enumerate(every)}


@pytest.mark.rule("CCA-GEN-01", "CCA-SEQ-01", "CCA-ROLE-01")
@pytest.mark.parametrize("seeds", seed_blocks(GAMES, GAMES // 4, 4))
def test_random_team_games_conform(seeds: range) -> None:
    """32 random games, 8 for each team size, every state checked (light)."""
    for seed in seeds:
        players = seed % 4 + 1
        state = new_game(NAME, {"turn_cap": CAP, "players": players})
        final, actions = playout(
            state, agents(seed, players), seed, 20_000, check_every=200, light=True
        )
        assert final.outcome is not None and actions


FOUR = 4
RANDOM_GAMES = 200
RANDOM_BLOCK = 20
RANDOM_CAP = 4
"""About 3 s of CPU a block of twenty on a slow shared core (random seats hardly meet: the
team turn sequence, not combat, is what these games check)."""
GREEDY_GAMES = 50
GREEDY_BLOCK = 10
GREEDY_CAP = 6
"""About 9 s of CPU a block of ten, most of it the greedy agents' thinking (capped at 8 turns,
eight games in ten had taken banners)."""


def greedy_agents(seed: int) -> dict[str, wargames.Agent]:
    """One greedy agent a side: the side's seats are played by it (``Match.agent_for``)."""
    return {
        side: wargames.agent("ancients", "greedy", seed * 10 + i, side)
        for i, side in enumerate(SIDES)
    }


@pytest.mark.rule("CCA-GEN-01", "CCA-SEQ-01", "CCA-ROLE-01")
@pytest.mark.parametrize("seeds", seed_blocks(RANDOM_GAMES, RANDOM_BLOCK, 2))
def test_random_four_a_side_games_conform(seeds: range) -> None:
    """200 random games with four players a side, every state checked (light)."""
    for seed in seeds:
        state = new_game(NAME, {"turn_cap": RANDOM_CAP, "players": FOUR})
        final, actions = playout(
            state, agents(1_000 + seed, FOUR), seed, 20_000, check_every=50, light=True
        )
        assert final.outcome is not None and actions
        assert final.outcome.turn is not None and final.outcome.turn <= RANDOM_CAP


@pytest.mark.rule("CCA-GEN-01", "CCA-SEQ-01", "CCA-VICTORY-01")
@pytest.mark.parametrize("seeds", seed_blocks(GREEDY_GAMES, GREEDY_BLOCK, 1))
def test_greedy_four_a_side_games_conform(seeds: range) -> None:
    """50 greedy games with four players a side, every state checked (light)."""
    for seed in seeds:
        state = new_game(NAME, {"turn_cap": GREEDY_CAP, "players": FOUR})
        final, actions = playout(
            state, greedy_agents(seed), seed, 20_000, check_every=50, light=True
        )
        assert isinstance(final, ArmageddonState) and final.outcome is not None and actions
        assert final.outcome.turn is not None and final.outcome.turn <= GREEDY_CAP
        assert [sum(row) for row in final.flank_banners] == list(final.banners)


@pytest.mark.rule("CCA-VICTORY-01", "CCA-VICTORY-02", "CCA-BANNER-01")
def test_longer_random_games_fight_and_count_banners_per_flank() -> None:
    for seed, players in ((1, 4), (2, 2)):
        state = new_game(NAME, {"turn_cap": 400, "players": players})
        match = Match(state, seed=seed, agents=agents(seed, players))
        match.run(60_000)
        final = match.state
        assert isinstance(final, ArmageddonState) and final.outcome is not None
        assert [sum(row) for row in final.flank_banners] == list(final.banners)
        assert final.invariant_violations() == []
        round_trip = ArmageddonState.from_json(json.loads(json.dumps(final.to_json())))
        assert round_trip == final


def test_views_never_show_the_other_sides_cards() -> None:
    state = new_game(NAME, {"turn_cap": 6, "players": 4})
    match = Match(state, seed=3, agents=agents(3, 4))
    while not match.over:
        s = match.state
        assert isinstance(s, ArmageddonState)
        for i, side in enumerate(SIDES):
            other = 1 - i
            for seat in (*seats(side, 4), side):
                seen = s.view(seat)
                assert set(seen.hands[other].cards) <= {BACK}
                assert all(c in ("", BACK) for c in seen.placed[other])
                assert set(seen.deck.draw.cards) <= {BACK}
                again = ArmageddonState.from_json(seen.to_json())
                assert again == seen
        player = s.current_player
        if player not in (None, CHANCE):
            assert s.view(player).legal_actions() == s.legal_actions()
        match.step()


def test_the_command_line_plays_team_games() -> None:
    for players in ("1", "2", "3", "4"):
        out = io.StringIO()
        with redirect_stdout(out):
            code = main(
                [
                    "play",
                    "ancients",
                    "--scenario",
                    NAME,
                    "--players",
                    players,
                    "--seed",
                    "5",
                    "--max-steps",
                    "120",
                ]
            )
        assert code == 0
        text = out.getvalue()
        if players == "4":
            assert "bottom/left:" in text and "bottom/commander:" in text
    out = io.StringIO()
    with redirect_stdout(out):
        main(
            [
                "play",
                "ancients",
                "--scenario",
                NAME,
                "--players",
                "3",
                "--seed",
                "5",
                "--json",
                "--max-steps",
                "200",
            ]
        )
    record = json.loads(out.getvalue())
    assert record["options"]["players"] == 3
    replayed = wargames.replay(record)
    assert len(replayed.actions) == 200
