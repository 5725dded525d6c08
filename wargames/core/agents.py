"""Agents: the :class:`~wargames.core.engine.Agent` protocol and :class:`RandomAgent`."""

from __future__ import annotations

import numpy as np

from wargames.core.engine import Action, Agent, GameState

__all__ = ["Agent", "RandomAgent"]


class RandomAgent:
    """Picks uniformly among the legal actions of its view, from its own seeded generator
    (:meth:`~wargames.core.engine.GameState.random_action`: one draw per decision)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, view: GameState) -> Action:
        return view.random_action(self.rng)

    def __repr__(self) -> str:
        return "RandomAgent()"
