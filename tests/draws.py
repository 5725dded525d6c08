"""The states where a step draws its random action without listing (:meth:`Task.draw
<wargames.core.tasks.Task.draw>`), for the per-game draw tests: a step's draw must give the
very action the listing has at the drawn index, so seeded games do not change."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

import numpy as np

from wargames.core.engine import Action, GameState, pick_outcome
from wargames.core.tasks import Task, TaskState


class FixedRandom:
    """A stand-in for a generator whose every draw is ``u``: ``random_action`` called with it
    draws the action that ``u`` picks."""

    def __init__(self, u: float) -> None:
        self.u = u

    def random(self) -> float:
        return self.u


def drawn(state: GameState, u: float) -> Action:
    """The action ``state.random_action`` draws when its generator gives ``u``."""
    return state.random_action(cast(np.random.Generator, FixedRandom(u)))


def drawing_states(start: TaskState, seeds: int, hook: str = "draw") -> list[TaskState]:
    """The states of random playouts from ``start`` (seeds ``0 .. seeds - 1``) whose pending
    step has a draw of its own (``hook="pick"``: a chance step with its own pick)."""
    found = []
    base = getattr(Task, hook)
    for seed in range(seeds):
        rng = np.random.default_rng(seed)
        s = start
        while s.current_player is not None:
            if getattr(type(s.top), hook) is not base:
                found.append(s)
            s = s.apply(s.random_action(rng))
    return found


def assert_drawn_as_listed(states: Iterable[TaskState], draws: Iterable[float]) -> None:
    """For every chance ``u`` of ``draws``, the action a copy of each state that has listed
    nothing draws is the one at ``int(u * n)`` of its ``n`` legal actions."""
    chances = tuple(draws)
    for s in states:
        legal = s.legal_actions()
        for u in chances:
            assert drawn(s.evolve(), u) == legal[int(u * len(legal))], (s.top, u)


def assert_picked_as_listed(states: Iterable[TaskState], draws: Iterable[float]) -> None:
    """For every chance ``u`` of ``draws``, and for every sum of the outcomes' probabilities
    taken in order (where one outcome ends and the next begins) and the float just below it,
    the outcome a copy of each chance state that has listed nothing picks is the one
    :func:`~wargames.core.engine.pick_outcome` takes from its listed outcomes."""
    for s in states:
        outcomes = s.chance_outcomes()
        edges: list[float] = []
        acc = 0.0
        for _, p in outcomes:
            acc += p
            edges += [acc, float(np.nextafter(acc, 0.0))]
        for u in (*draws, *(e for e in edges if e < 1.0)):
            assert drawn(s.evolve(), u) == pick_outcome(outcomes, u), (s.top, u)
