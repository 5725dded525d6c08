"""The steps one action sets off, one by one: what a narrator tells.

``state.apply(action)`` does the action's own step and then every automatic step that follows
(:meth:`~wargames.core.tasks.TaskState.settle`): an attack's result, the losses it removes, a
victory check. A narrator wants each of them with the state just before and just after it;
:func:`trace` replays the same steps with the game's own tasks (nothing is computed twice in a
different way) and lists them. It is for reading a game, never called in play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import attrs

from wargames.core.engine import Action, GameState, Player
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


@attrs.frozen
class StepNarrator(Generic[S]):
    """A :class:`~wargames.core.narration.Narrator` made of a game's functions, for a game
    that tells each step an action sets off (:func:`trace`): ``told(step, viewer)`` for each
    step, then ``then(before, after)`` (e.g. who must now choose); ``deciding``, ``note``,
    ``board`` and ``legend`` as the protocol asks, on the game's own state class ``state``."""

    state: type[S]
    told: Callable[[Step[S], Player | None], list[str]]
    prompt: Callable[[S, Player | None], str]
    notes: Callable[[S, Action], str]
    board_text: Callable[[S, Player | None], str]
    legend_entries: Callable[[S], Sequence[tuple[str, str]]]
    then: Callable[[S, S], list[str]] | None = None

    def _own(self, state: GameState) -> S:
        assert isinstance(state, self.state), f"not a {self.state.__name__}"
        return state

    def happened(
        self, before: GameState, action: Action, after: GameState, viewer: Player | None
    ) -> Sequence[str]:
        """Every step ``action`` set off, as ``viewer`` may read it, then :attr:`then`."""
        s, t = self._own(before), self._own(after)
        lines: list[str] = []
        for step in trace(s, action):
            lines += self.told(step, viewer)
        if self.then is not None:
            lines += self.then(s, t)
        return lines

    def deciding(self, state: GameState, viewer: Player | None) -> str:
        return self.prompt(self._own(state), viewer)

    def note(self, state: GameState, action: Action) -> str:
        return self.notes(self._own(state), action)

    def board(self, state: GameState, viewer: Player | None) -> str:
        return self.board_text(self._own(state), viewer)

    def legend(self, state: GameState) -> Sequence[tuple[str, str]]:
        return self.legend_entries(self._own(state))


__all__ = ["Step", "StepNarrator", "trace"]
