"""The Warmaster: the declared sequence of play and the flow's tasks cannot drift apart
(every task belongs to a declared step; seeded games visit the steps in order)."""

from __future__ import annotations

import attrs
import pytest

from wargames.core.sequence import SequenceOfPlay, Step, task_classes_of
from wargames.testing import ConformanceError, check_sequence
from wargames.warmaster.game import new_game
from wargames.warmaster.sequence import SEQUENCE


def with_turn(*steps: Step) -> SequenceOfPlay:
    """The declared sequence with the game turn's phases replaced by ``steps``."""
    set_up, turn = SEQUENCE.steps
    return attrs.evolve(SEQUENCE, steps=(set_up, attrs.evolve(turn, steps=steps)))


def test_every_task_belongs_to_a_declared_step() -> None:
    assert SEQUENCE.unclaimed(task_classes_of("wargames.warmaster")) == []
    assert "Teleport" in SEQUENCE.find("Traitor Reinforcements").tasks


def test_seeded_games_follow_the_declared_sequence() -> None:
    check_sequence(new_game, SEQUENCE, seeds=range(3))


def test_a_sequence_with_battle_before_movement_fails() -> None:
    warp, reinforce, move, battle, *traitor = SEQUENCE.steps[1].steps
    with pytest.raises(ConformanceError, match="against the declared order"):
        check_sequence(new_game, with_turn(warp, reinforce, battle, move, *traitor), range(1))


def test_a_sequence_that_leaves_out_the_battle_tasks_fails() -> None:
    warp, reinforce, move, battle, *traitor = SEQUENCE.steps[1].steps
    emptied = attrs.evolve(battle, tasks=())
    traitor = [
        attrs.evolve(step, tasks=()) if step.name == "Traitor Battle" else step for step in traitor
    ]
    with pytest.raises(ConformanceError, match="BattlePhase"):
        check_sequence(new_game, with_turn(warp, reinforce, move, emptied, *traitor), range(1))
