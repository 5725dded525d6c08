"""The state's own copies and the drawn action's short way in agree with the kit's: a copy
made by :meth:`AncientsState.evolve` or by ``pop`` with changes equals the kit's two-step copy
and keeps the where-is-what index exactly when the pieces stay put; the action
:meth:`~AncientsState.random_action` drew is applied without a look at the listing, and only
that one."""

from __future__ import annotations

import numpy as np
import pytest

import wargames
from wargames.ancients.flow import DrawCard
from wargames.ancients.state import AncientsState
from wargames.core.errors import RuleViolation
from wargames.core.tasks import TaskState
from wargames.testing import random_states

SCENARIOS = list(wargames.game("ancients").scenarios())


def _states(scenario: str, seed: int, decisions: int) -> list[AncientsState]:
    start = wargames.load("ancients", scenario=scenario, turn_cap=500)
    assert isinstance(start, AncientsState)
    return list(random_states(start, seed, decisions))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_state_class_keeps_only_the_index(scenario: str) -> None:
    """The copies are written out for one kept cache: the index, kept while ``where`` is
    unchanged (a state class caching more would need them written again)."""
    s = _states(scenario, 1, 1)[0]
    assert type(s).kept_memo == {"index": frozenset({"where"})}
    assert type(s).kept_fields == {}


@pytest.mark.rule("CCB-TURN-01")
@pytest.mark.parametrize("scenario", ["mirror-fields", "the-long-ridge"])
def test_copies_equal_the_kits(scenario: str) -> None:
    """``evolve`` and ``pop(..., **changes)`` give the state the kit's ``evolve`` and ``pop``
    give, the index kept unless a piece moved."""
    checked = 0
    for s in _states(scenario, 3, 300)[::5]:
        if not s.tasks:
            continue
        s._index()
        turn = TaskState.evolve(s, turn=s.turn + 1)
        assert s.evolve(turn=s.turn + 1) == turn
        assert s.evolve(turn=s.turn + 1)._memo == {"index": s._index()}
        assert s.pop(turn=s.turn + 1) == TaskState.pop(turn)
        assert s.pop(turn=s.turn + 1)._memo == {"index": s._index()}
        where = (s.where[1], *s.where[1:])
        assert s.evolve(where=where) == TaskState.evolve(s, where=where)
        assert s.evolve(where=where)._memo == {}
        checked += 1
    assert checked > 30


@pytest.mark.rule("CCB-TURN-06")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_drawn_action_is_applied_as_any_legal_action(scenario: str) -> None:
    """The action drawn from a state (a decision, a roll, a card drawn) leads where the same
    action applied by its notation does; an action drawn elsewhere is looked up as ever."""
    rng = np.random.default_rng(5)
    seen_draw = False
    for s in _states(scenario, 2, 200)[::7]:
        if s.current_player is None:
            continue
        drawn = s.random_action(rng)
        assert s.apply(drawn) == s.evolve().apply(str(drawn))
        seen_draw |= isinstance(s.top, DrawCard)
    assert seen_draw


@pytest.mark.rule("CCB-TURN-03")
def test_only_the_drawn_action_skips_the_listing() -> None:
    """Nothing drawn is not ``None`` drawn: ``apply(None)`` is refused, before a draw and
    after one; an illegal action is refused after a draw."""
    s = _states("mirror-fields", 4, 20)[-1]
    with pytest.raises(RuleViolation):
        s.apply(None)
    s.random_action(np.random.default_rng(0))
    with pytest.raises(RuleViolation):
        s.apply(None)
    with pytest.raises(RuleViolation):
        s.apply("move 01-01 09-09")


@pytest.mark.rule("CCB-TURN-01", "CCB-TURN-07")
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.quick(1)
def test_applying_never_changes_a_state_handed_out(scenario: str) -> None:
    """The automatic steps after an action pop in place only in the state that action made:
    every state of a seeded game is, after the game, the value it was when handed out, and
    none carries the mark of a state the automatic steps own."""
    start = wargames.load("ancients", scenario=scenario, turn_cap=60)
    assert isinstance(start, AncientsState)
    rng = np.random.default_rng(5)
    kept: list[tuple[AncientsState, dict[str, object]]] = []
    s = start
    while s.current_player is not None and len(kept) < 600:
        kept.append((s, s.to_json()))
        s = s.apply(s.random_action(rng))
    turns = {state.turn for state, _ in kept}
    assert len(turns) > 3  # several turns' automatic steps (draw, pass, begin) were run
    for state, saved in kept:
        assert "owned" not in state._memo
        assert state.to_json() == saved


@pytest.mark.rule("CCB-TURN-01")
def test_a_pop_copies_a_state_no_step_owns() -> None:
    """Outside the automatic steps ``pop`` and ``push`` copy, as the kit's do."""
    s = _states("elephant-ridge", 2, 40)[-1]
    tasks = s.tasks
    assert s.pop() is not s and s.tasks == tasks
    assert s.push(*tasks[-1:]) is not s and s.tasks == tasks
