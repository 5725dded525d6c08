"""The automatic steps after an action pop in place (:meth:`PScaleState._apply
<wargames.horde.state.PScaleState._apply>`): only in the state that action made, which no one
else holds; every state handed out stays the value it was."""

from __future__ import annotations

import numpy as np
import pytest

import wargames
from wargames.horde.state import PScaleState

SCENARIOS = list(wargames.game("horde").scenarios())


def _start(scenario: str) -> PScaleState:
    start = wargames.load("horde", scenario=scenario)
    assert isinstance(start, PScaleState)
    return start


@pytest.mark.rule("HMC-GAP-04")
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.quick(1)
def test_applying_never_changes_a_state_handed_out(scenario: str) -> None:
    """Every state of a seeded mission (activations, moves, attacks, morale tests, new
    rounds: all their automatic steps run) is, after the mission, the value it was when
    handed out, and none carries the mark of a state the automatic steps own."""
    rng = np.random.default_rng(5)
    kept: list[tuple[PScaleState, dict[str, object]]] = []
    s = _start(scenario)
    while s.current_player is not None and len(kept) < 900:
        kept.append((s, s.to_json()))
        s = s.apply(s.random_action(rng))
    assert len({state.round for state, _ in kept}) > 2  # new rounds' steps were run too
    for state, saved in kept:
        assert "owned" not in state._memo
        assert state.to_json() == saved


def test_a_pop_copies_a_state_no_step_owns() -> None:
    """Outside the automatic steps of an action ``pop`` copies, as the kit's does; an action
    applied leaves the state it was applied to as it was."""
    s = _start("mirror")
    tasks = s.tasks
    popped = s.pop()
    assert popped is not s and s.tasks == tasks and popped.tasks == tasks[:-1]
    before = s.to_json()
    after = s.apply(s.legal_actions()[0])
    assert after is not s and s.to_json() == before and s.tasks == tasks
