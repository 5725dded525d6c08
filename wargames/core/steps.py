"""The steps one action sets off, one by one: what a narrator tells.

``state.apply(action)`` does the action's own step and then every automatic step that follows
(:meth:`~wargames.core.tasks.TaskState.settle`): an attack's result, the losses it removes, a
victory check. A narrator wants each of them with the state just before and just after it;
:func:`trace` replays the same steps with the game's own tasks (nothing is computed twice in a
different way) and lists them. It is for reading a game, never called in play.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import attrs

from wargames.core.engine import Action
from wargames.core.tasks import Task, TaskState

S = TypeVar("S", bound=TaskState)


@attrs.frozen
class Step(Generic[S]):
    """One step of the sequence of play: the ``task`` that was on top, the ``action`` taken at
    it (``None`` for an automatic step), the state ``before`` it and the state ``after`` it."""

    task: Task[Any]
    action: Action | None
    before: S
    after: S


def trace(before: S, action: Action) -> list[Step[S]]:
    """Every step ``before.apply(action)`` goes through: the action's step, then each automatic
    step until a player or the dice must decide, or the game is over. ``before`` is a settled
    state (one handed out by the game) and ``action`` legal in it; the last step's ``after``
    equals ``before.apply(action)``."""
    task = before.top
    state: S = task.act(before, action)
    steps: list[Step[S]] = [Step(task, action, before, state)]
    while state.tasks and state.result is None:
        top = state.top
        if top.actor(state) is not None:
            break
        nxt: S = top.run(state)
        steps.append(Step(top, None, state, nxt))
        state = nxt
    return steps


__all__ = ["Step", "trace"]
