"""The errors every game raises: illegal actions and bad scenario files."""

from __future__ import annotations


class WargamesError(Exception):
    """Base class of every error this library raises on purpose."""


class RuleViolation(WargamesError):
    """An action the rules forbid. The state it was tried on is unchanged.

    ``rule`` is the catalogue id of the rule that forbids it (``"BFA-MOVE-05"``), and the
    message says what is wrong in the rulebook's words.
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}")


class ScenarioError(WargamesError):
    """A scenario or data file that cannot be used: names the file, the key path and the problem."""

    def __init__(self, file: str, key: str, problem: str) -> None:
        self.file = file
        self.key = key
        self.problem = problem
        super().__init__(f"{file}: {key}: {problem}")


class NotationError(WargamesError, ValueError):
    """Text that does not parse as an action of the game."""
