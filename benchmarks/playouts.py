"""Shared measurements for the per-game benchmark scripts: random playouts, playouts through
a :class:`~wargames.Match`, and state clones, all in CPU time (``time.process_time``), best of
several runs so other load on the machine distorts the figures less.

Decisions are every applied action, dice and card draws included.
"""

from __future__ import annotations

import time
import timeit
from collections.abc import Callable
from typing import Any

import numpy as np

import wargames
from wargames import CHANCE, Match, RandomAgent
from wargames.core.engine import GameState, pick_outcome


def random_game(game: str, seed: int, **options: Any) -> int:
    """One random-vs-random game played on states directly, as OpenSpiel's random playouts do:
    ``legal_actions()``, a uniform choice, ``apply``; dice drawn with their probabilities
    (:func:`~wargames.core.engine.pick_outcome`, as a :class:`Match` draws them).
    Returns the number of decisions."""
    rng = np.random.default_rng(seed)
    state = wargames.load(game, **options)
    decisions = 0
    while state.current_player is not None:
        if state.current_player == CHANCE:
            action = pick_outcome(state.chance_outcomes(), rng.random())
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        state = state.apply(action)
        decisions += 1
    return decisions


def drawn_game(game: str, seed: int, **options: Any) -> int:
    """One random game played on states as ``benchmarks/peers.py`` plays it: every action
    drawn by :meth:`~wargames.core.engine.GameState.random_action` (the same game as
    :func:`random_game`'s, found without listing where the game can). Returns the number of
    decisions."""
    rng = np.random.default_rng(seed)
    state = wargames.load(game, **options)
    decisions = 0
    while state.current_player is not None:
        state = state.apply(state.random_action(rng))
        decisions += 1
    return decisions


def match_game(game: str, seed: int, **options: Any) -> int:
    """One random-vs-random game through a :class:`Match` (agents see views, the log grows)."""
    state = wargames.load(game, **options)
    agents = {p: RandomAgent(seed + 10_000 * i) for i, p in enumerate(state.players)}
    match = Match(state, seed=seed, agents=agents)
    match.run()
    return len(match.actions)


def playouts(games: int, play: Callable[[int], int], repeats: int = 3) -> dict[str, float]:
    """Decisions per second over ``games`` seeded games, the best of ``repeats`` runs."""
    play(0)  # warm the data caches
    best = float("inf")
    decisions = 0
    for _ in range(repeats):
        start = time.process_time()
        decisions = sum(play(seed) for seed in range(games))
        best = min(best, time.process_time() - start)
    return {
        "games": games,
        "decisions": decisions,
        "seconds": best,
        "decisions_per_second": decisions / best,
    }


def mid_game(game: str, steps: int, **options: Any) -> GameState:
    """A state ``steps`` random decisions into a seeded game."""
    state = wargames.load(game, **options)
    agents = {p: RandomAgent(i + 1) for i, p in enumerate(state.players)}
    match = Match(state, seed=1, agents=agents)
    match.run(steps)
    return match.state


def per_second(call: Callable[[], object], n: int) -> float:
    """Calls of ``call`` per second of CPU time, the best of three runs."""
    best = min(timeit.repeat(call, number=n, repeat=3, timer=time.process_time))
    return n / best


def report_line(name: str, result: dict[str, float]) -> str:
    return (
        f"{name}: {result['decisions_per_second']:,.0f} decisions/s "
        f"({result['decisions']:.0f} decisions in {result['games']:.0f} games, "
        f"{result['seconds']:.2f} s CPU)"
    )
