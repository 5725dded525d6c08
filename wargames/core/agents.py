"""Agents: the :class:`~wargames.core.engine.Agent` protocol and :class:`RandomAgent`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.core.engine import Action, Agent, GameState, acts_on_legal_actions

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Agent", "RandomAgent"]


class RandomAgent:
    """Picks uniformly among the legal actions of its view, from its own seeded generator
    (:meth:`~wargames.core.engine.GameState.random_action`: one draw per decision). It looks
    at nothing else, so a :class:`~wargames.Match` may show it the state itself where that
    lists the same actions (:func:`~wargames.core.engine.acts_on_legal_actions`)."""

    def __init__(self, seed: int | None = None) -> None:
        import numpy as np  # not at import: ``import wargames`` does without numpy

        self.rng: np.random.Generator = np.random.default_rng(seed)

    @acts_on_legal_actions
    def act(self, view: GameState) -> Action:
        return view.random_action(self.rng)

    def __repr__(self) -> str:
        return "RandomAgent()"
