"""Commands & Colors: Ancients: the declared sequences of play (the base game's, the Epic
command rules' and the 'Armageddon' team variant's) and the flow's tasks cannot drift apart
(every task belongs to a declared step; seeded games visit the steps in order)."""

from __future__ import annotations

from functools import partial

import attrs
import pytest

from wargames.ancients.epic.sequence import EPIC
from wargames.ancients.game import new_game
from wargames.ancients.sequence import SEQUENCE
from wargames.ancients.variant.sequence import SEQUENCE as TEAM
from wargames.core.sequence import SequenceOfPlay, task_classes_of
from wargames.testing import ConformanceError, check_sequence

TASKS = task_classes_of("wargames.ancients")
VARIANT = "wargames.ancients.variant."  # the 'Armageddon' team variant's sub-package
EPIC_RULES = "wargames.ancients.epic."  # the Epic command rules' sub-package
BASE = [t for t, module in TASKS.items() if not module.startswith((VARIANT, EPIC_RULES))]
EPIC_TASKS = [t for t, module in TASKS.items() if module.startswith(EPIC_RULES)]
TEAM_TASKS = [t for t, module in TASKS.items() if module.startswith(VARIANT)]

GAMES = [
    ("river-crossing", SEQUENCE, BASE),
    ("elephant-ridge", SEQUENCE, BASE),
    ("mirror-fields", SEQUENCE, BASE),
    ("twin-valleys", EPIC, EPIC_TASKS),
    ("the-long-ridge", TEAM, TEAM_TASKS),
]


def test_every_task_belongs_to_a_declared_step() -> None:
    assert SEQUENCE.unclaimed(BASE) == []
    assert EPIC.unclaimed(EPIC_TASKS) == []
    assert TEAM.unclaimed(TEAM_TASKS) == []


@pytest.mark.parametrize(("scenario", "sequence", "tasks"), GAMES)
@pytest.mark.quick(1)
def test_seeded_games_follow_the_declared_sequence(
    scenario: str, sequence: SequenceOfPlay, tasks: list[str]
) -> None:
    check_sequence(partial(new_game, scenario), sequence, range(2), 1500, tasks)


@pytest.mark.parametrize(("scenario", "sequence", "tasks"), GAMES)
@pytest.mark.quick(1)
def test_a_sequence_in_another_order_than_the_flow_fails(
    scenario: str, sequence: SequenceOfPlay, tasks: list[str]
) -> None:
    set_up, turn = sequence.steps
    *steps, last = turn.steps
    backwards = attrs.evolve(
        sequence, steps=(set_up, attrs.evolve(turn, steps=(last, *steps)))
    )  # the turn's last step first
    with pytest.raises(ConformanceError, match="against the declared order"):
        check_sequence(partial(new_game, scenario), backwards, range(1), 1500, tasks)


def test_a_task_the_sequence_does_not_name_fails() -> None:
    set_up, turn = SEQUENCE.steps
    play, order, *rest = turn.steps
    forgetful = attrs.evolve(
        SEQUENCE,
        steps=(set_up, attrs.evolve(turn, steps=(play, attrs.evolve(order, tasks=()), *rest))),
    )  # the orders left out
    with pytest.raises(ConformanceError, match="OrderStep"):
        check_sequence(partial(new_game, "river-crossing"), forgetful, range(1), 1500, BASE)
