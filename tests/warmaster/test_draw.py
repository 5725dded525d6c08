"""Random playouts draw a movement phase's action without listing the legal actions (each
unit's moves are counted, not joined into one list): the very action the listing has at the
drawn index, so seeded games are unchanged."""

from __future__ import annotations

from typing import cast

import draws
import numpy as np
import pytest

import wargames
from wargames.core.errors import RuleViolation
from wargames.warmaster.movement import MovementPhase
from wargames.warmaster.state import WarmasterState

DRAWS = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999999)


def drawing_states(seeds: int) -> list[WarmasterState]:
    """The states of seeded random games of boarding whose pending step draws without
    listing."""
    game = wargames.game("warmaster")
    start = game.start("boarding", dict(game.bot_options))
    assert isinstance(start, WarmasterState)
    return cast(list[WarmasterState], draws.drawing_states(start, seeds))


@pytest.mark.rule("WM-MOVE-01", "WM-MOVE-02", "WM-MOVE-06")
def test_a_drawn_action_is_the_listed_one() -> None:
    """For every chance ``u``, the action drawn is the one at ``int(u * n)`` of the ``n``
    legal actions (each unit's moves, then the end of the phase), drawn from a copy that has
    not listed them."""
    states = drawing_states(3)
    assert any(isinstance(s.top, MovementPhase) for s in states)
    draws.assert_drawn_as_listed(states, DRAWS)


@pytest.mark.rule("WM-MOVE-06")
def test_an_illegal_move_is_refused_after_a_draw() -> None:
    """Only the very action drawn from a state skips the look at the listing: a unit that
    moved already is still refused."""
    s = next(s for s in drawing_states(3) if isinstance(s.top, MovementPhase) and s.moved)
    drawn = s.random_action(np.random.default_rng(0))
    assert s.apply(drawn) == s.apply(str(drawn))
    unit = sorted(s.moved)[0]
    with pytest.raises(RuleViolation, match="already moved"):
        s.apply(f"move {unit} {s.location(unit)}")
