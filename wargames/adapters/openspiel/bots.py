"""Playing OpenSpiel's bots against ours, and the seats of a game's OpenSpiel players."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from wargames.adapters.openspiel.state import WargamesState
from wargames.core.engine import Agent, Player, pick_outcome
from wargames.core.errors import ArgumentError
from wargames.core.registry import game


def play_against(
    loaded: Any,
    bot: Any,
    bot_player: int,
    agent: str | Agent = "random",
    seed: int = 0,
    start: WargamesState | None = None,
) -> WargamesState:
    """A whole game of ``loaded`` (a :class:`WargamesGame`): the OpenSpiel ``bot`` (anything
    with ``step(state) -> action id``, e.g. ``MCTSBot``) plays OpenSpiel player
    ``bot_player``, searching a state resampled from what its seat sees
    (:meth:`WargamesState.resample_from_infostate`); ``agent`` (one of our agents, or its
    name) plays every other seat by its view; chance outcomes are drawn with their
    probabilities by a generator seeded with ``seed``. The game starts from ``start`` (a
    copy), else from the beginning. Returns the terminal state."""
    seats = players(loaded)
    if not 0 <= bot_player < len(seats):
        raise ArgumentError("bot_player", f"expected 0 to {len(seats) - 1}, got {bot_player}")
    rng = np.random.default_rng(seed)
    agents = {
        seat: game(loaded.game_id).agent(agent, seed, seat) if isinstance(agent, str) else agent
        for seat in seats
    }
    state: WargamesState = loaded.new_initial_state() if start is None else start.clone()
    while not state.is_terminal():
        player = state.current_player()
        if player == pyspiel.PlayerId.CHANCE:
            outcome: int = pick_outcome(state.chance_outcomes(), float(rng.random()))  # type: ignore[assignment]
            state.apply_action(outcome)
        elif player == bot_player:
            state.apply_action(bot.step(state.resample_from_infostate(player, rng.random)))
        else:
            ours = state.wargames_state
            chosen = agents[seats[player]].act(ours.view(seats[player]))
            state.apply_action(state._play.context.codec.action_id(ours, chosen))
    return state


def players(game_or_state: Any) -> tuple[Player, ...]:
    """The seat of each OpenSpiel player of a game (or a state's game), player 0 first."""
    found = game_or_state.get_game() if hasattr(game_or_state, "get_game") else game_or_state
    seats: tuple[Player, ...] = found.seats
    return seats
