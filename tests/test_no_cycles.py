"""Random playouts leave no reference cycles behind: every state, step and search a game makes
is freed by reference counting as soon as play moves on, none waits for the garbage
collector (docs/performance-history.md, session 28: C&C: Ancients' retreat and evasion searches were
recursive nested functions, each a cycle holding the state it searched, some two objects a
decision; the collector's passes over them measured up to a tenth of a playout's time)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest

import wargames
from wargames import CHANCE, Match, RandomAgent
from wargames.core.engine import GameState

GAMES = ("ancients", "horde", "armageddon", "warmaster")


def _starts(game: str) -> Iterator[GameState]:
    described = wargames.game(game)
    for name in sorted(described.scenarios()):
        yield described.start(name, dict(described.bot_options))


def _playout(state: GameState, seed: int) -> None:
    rng = np.random.default_rng(seed)
    while (player := state.current_player) is not None:
        state = state.apply(state.random_action(rng))
    assert state.outcome is not None
    assert player is None or player == CHANCE


@contextmanager
def collector_paused() -> Iterator[None]:
    """The collector paused after a collection: what it finds afterwards is what reference
    counting left."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize("game", GAMES)
def test_a_playout_on_states_leaves_no_cycles(game: str) -> None:
    """Every shipped scenario, two seeded random games on states after a first one (which
    fills the process's caches, imports what play imports on first use): nothing left
    unreachable (C&C: Ancients' games retreat, evade and rally, the searches that made
    cycles)."""
    starts = list(_starts(game))
    for state in starts:
        _playout(state, 0)
    with collector_paused():
        for state in starts:
            for seed in (1, 2):
                _playout(state, seed)
        assert gc.collect() == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_match_leaves_no_cycles(game: str) -> None:
    """A game through a :class:`Match` with random agents (views, the log), after a first
    one: nothing left unreachable once the match is dropped."""
    state = next(_starts(game))
    agents = {p: RandomAgent(i) for i, p in enumerate(state.players)}
    Match(state, seed=2, agents=agents).run()
    with collector_paused():
        Match(state, seed=3, agents=agents).run()
        assert gc.collect() == 0
