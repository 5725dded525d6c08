"""Battle for Armageddon: the declared sequence of play and the flow's tasks cannot drift
apart (every task belongs to a declared step; seeded games visit the steps in order)."""

from __future__ import annotations

import attrs
import pytest

from wargames.armageddon.game import new_game
from wargames.armageddon.sequence import SEQUENCE
from wargames.core.sequence import task_classes_of
from wargames.testing import ConformanceError, check_sequence


def test_every_task_belongs_to_a_declared_step() -> None:
    assert SEQUENCE.unclaimed(task_classes_of("wargames.armageddon")) == []


def test_seeded_games_follow_the_declared_sequence() -> None:
    check_sequence(new_game, SEQUENCE, seeds=range(3))


def test_a_sequence_in_another_order_than_the_flow_fails() -> None:
    set_up, turn = SEQUENCE.steps
    backwards = attrs.evolve(SEQUENCE, steps=(turn, set_up))  # set-up after the turns
    with pytest.raises(ConformanceError, match="against the declared order"):
        check_sequence(new_game, backwards, seeds=range(1))


def test_a_task_the_sequence_does_not_name_fails() -> None:
    set_up, turn = SEQUENCE.steps
    forgetful = attrs.evolve(
        SEQUENCE, steps=(attrs.evolve(set_up, tasks=("DealSpecial",)), turn)
    )  # the Ork deployment left out
    with pytest.raises(ConformanceError, match="DeployOrks"):
        check_sequence(new_game, forgetful, seeds=range(1))
