"""Checks shared by every game's tests: an illegal action raises :class:`RuleViolation`
naming its rule and leaves the state exactly as it was; action lists as notation."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from wargames.core.engine import GameState
from wargames.core.errors import RuleViolation


def violation(state: GameState, action: str) -> RuleViolation:
    """Apply the illegal ``action``: it raises :class:`RuleViolation`, and ``state`` is left
    exactly as it was (equal to a clone taken before, with the same JSON). Returns the error."""
    before = state.clone()
    before_json = state.to_json()
    with pytest.raises(RuleViolation) as exc:
        state.apply(action)
    assert state == before, f"refusing {action!r} changed the state"
    assert state.to_json() == before_json, f"refusing {action!r} changed the state's JSON"
    return exc.value


def refused(state: GameState, action: str, rule: str | None = None) -> str:
    """Apply the illegal ``action`` (see :func:`violation`) and return the id of the rule it
    breaks; when ``rule`` is given, the violation must name exactly that rule."""
    broken = violation(state, action).rule
    if rule is not None:
        assert broken == rule, f"{action!r} was refused under {broken}, not {rule}"
    return broken


def strs(actions: Iterable[object]) -> list[str]:
    """Actions as their notation."""
    return [str(a) for a in actions]
