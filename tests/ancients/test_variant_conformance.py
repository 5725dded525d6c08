"""The conformance kit on the 'Armageddon' variant: random games with 1 to 4 players a side,
JSON round trips, views that never show the other side's cards, and the command line."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest

import wargames
from wargames.ancients import new_game
from wargames.ancients.state import BACK, SIDES
from wargames.ancients.teams import seats
from wargames.ancients.variant import ArmageddonState
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
@pytest.mark.parametrize("block", range(4))
def test_random_team_games_conform(block: int) -> None:
    """32 random games, 8 for each team size, every state checked (light)."""
    for seed in range(block * GAMES // 4, (block + 1) * GAMES // 4):
        players = seed % 4 + 1
        state = new_game(NAME, {"turn_cap": CAP, "players": players})
        final, actions = playout(
            state, agents(seed, players), seed, 20_000, check_every=200, light=True
        )
        assert final.outcome is not None and actions


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
