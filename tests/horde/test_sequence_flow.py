"""Horde (P-Scale battles): the declared sequence of play and the flow's tasks cannot drift
apart (every task belongs to a declared step; seeded battles visit the steps in order)."""

from __future__ import annotations

from functools import partial

import attrs
import pytest

from wargames.core.sequence import task_classes_of
from wargames.horde.game import new_battle
from wargames.horde.sequence import SEQUENCE
from wargames.testing import ConformanceError, check_sequence

TASKS = [t for t in task_classes_of("wargames.horde") if t != "Finish"]
"""The battle's tasks: every task class but the E-scale engagement's end."""

SHORT = partial(new_battle, options={"rounds": 3})
"""Three rounds: the sequence repeats, and seeded games stay short."""


def test_every_task_belongs_to_a_declared_step() -> None:
    assert SEQUENCE.unclaimed(TASKS) == []


@pytest.mark.parametrize("scenario", ["manufactorum", "mirror", "ork-assault"])
def test_seeded_battles_follow_the_declared_sequence(scenario: str) -> None:
    check_sequence(partial(new_battle, scenario, {"rounds": 3}), SEQUENCE, range(2), tasks=TASKS)


def test_a_sequence_in_another_order_than_the_flow_fails() -> None:
    set_up, rounds = SEQUENCE.steps
    start, activations, end = rounds.steps
    backwards = attrs.evolve(
        SEQUENCE, steps=(set_up, attrs.evolve(rounds, steps=(activations, start, end)))
    )  # the activations before the start of the round
    with pytest.raises(ConformanceError, match="against the declared order"):
        check_sequence(SHORT, backwards, range(1), tasks=TASKS)


def test_a_task_the_sequence_does_not_name_fails() -> None:
    set_up, rounds = SEQUENCE.steps
    start, activations, end = rounds.steps
    forgetful = attrs.evolve(
        SEQUENCE,
        steps=(
            set_up,
            attrs.evolve(
                rounds, steps=(start, attrs.evolve(activations, tasks=("Turn", "Activation")), end)
            ),
        ),
    )  # the orders and attacks left out
    with pytest.raises(ConformanceError, match="MoveOrder"):
        check_sequence(SHORT, forgetful, range(1), tasks=TASKS)
