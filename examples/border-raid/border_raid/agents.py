"""Border Raid's bots: ``random`` (the core's) and ``greedy``, a one-look-ahead raider."""

from __future__ import annotations

import numpy as np
from wargames.core.agents import RandomAgent
from wargames.core.engine import Action, Agent, GameState, Player

from border_raid import combat
from border_raid.actions import Attack, Move
from border_raid.state import RaidState


class Greedy:
    """Attacks at the best odds of 2:1 or more; else moves the company that gets closest to
    the enemy keep; random among equals (its own seeded generator)."""

    def __init__(self, seed: int | None, player: Player) -> None:
        self.rng = np.random.default_rng(seed)
        self.player = player

    def act(self, view: GameState) -> Action:
        assert isinstance(view, RaidState)
        legal = view.legal_actions()
        scored = [(self.score(view, a), i) for i, a in enumerate(legal)]
        best = max(score for score, _ in scored)
        choices = [legal[i] for score, i in scored if score == best]
        return choices[int(self.rng.random() * len(choices))]

    def score(self, s: RaidState, action: Action) -> float:
        foe_keep = s.setup.keep("blue" if self.player == "red" else "red")
        if isinstance(action, Attack):
            from border_raid.flow import defence

            odds = combat.attack_odds(s.strength(action.source), defence(s, action.target))
            return 10 + odds.value if odds.value >= 2 else -1
        if isinstance(action, Move):
            before = s.map.distance(s.area_of(action.company), foe_keep) or 0
            after = s.map.distance(action.to, foe_keep) or 0
            return float(before - after)
        return 0.0


def random_agent(seed: int | None, player: Player) -> Agent:
    return RandomAgent(seed)


def greedy_agent(seed: int | None, player: Player) -> Agent:
    return Greedy(seed, player)


__all__ = ["Greedy", "greedy_agent", "random_agent"]
