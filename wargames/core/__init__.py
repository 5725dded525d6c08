"""Game-agnostic primitives shared by every game. This package never imports a game."""

from wargames.core.engine import CHANCE, Action, Agent, GameState, Match, Outcome, Record
from wargames.core.errors import NotationError, RuleViolation, ScenarioError, WargamesError

__all__ = [
    "CHANCE",
    "Action",
    "Agent",
    "GameState",
    "Match",
    "NotationError",
    "Outcome",
    "Record",
    "RuleViolation",
    "ScenarioError",
    "WargamesError",
]
