"""Random playouts draw an action without listing the legal actions where the pending step
can (a move order's square, a unit to activate, a Split!'s size and square): the very action
the listing has at the drawn index, so seeded games are unchanged."""

from __future__ import annotations

from typing import cast

import draws
import numpy as np
import pytest

import wargames
from wargames.core.errors import RuleViolation
from wargames.horde.battlefield import Battlefield
from wargames.horde.flow import Turn
from wargames.horde.moves import MoveOrder
from wargames.horde.reshape import SplitPlacement, SplitSize
from wargames.horde.state import PScaleState

SCENARIOS = ("manufactorum", "mirror", "ork-assault")
DRAWS = (0.0, 0.25, 0.5, 0.75, 0.999999)


def drawing_states(scenario: str, seeds: int) -> list[PScaleState]:
    """The states of seeded random missions whose pending step draws without listing."""
    start = wargames.load("horde", scenario=scenario)
    assert isinstance(start, PScaleState)
    return cast(list[PScaleState], draws.drawing_states(start, seeds))


@pytest.mark.rule(
    "HMC-ORDERS-07", "HMC-ORDERS-04", "HMC-ORDERS-10", "HMC-ORDERS-11", "HMC-ORDERS-16"
)
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.quick(1)
def test_a_drawn_action_is_the_listed_one(scenario: str) -> None:
    """For every chance ``u``, the action drawn is the one at ``int(u * n)`` of the ``n``
    legal actions (a move order's squares: Tactical Advance!, Charge!, Pull Back!, Tactical
    Retreat! and the others; the units a side may activate and its pass; a Split!'s sizes
    and squares), drawn from a copy that has not listed them."""
    states = drawing_states(scenario, 4)
    draws.assert_drawn_as_listed(states, DRAWS)
    steps = {type(s.top) for s in states}
    assert {MoveOrder, Turn} <= steps
    if scenario == "manufactorum":
        assert {SplitSize, SplitPlacement} <= steps


def move_order_states(scenario: str, seeds: int) -> list[PScaleState]:
    """The states of :func:`drawing_states` that wait for a move order's square."""
    return [s for s in drawing_states(scenario, seeds) if isinstance(s.top, MoveOrder)]


@pytest.mark.rule("HMC-ORDERS-07")
def test_an_illegal_square_is_refused_after_a_draw() -> None:
    """Only the very action drawn from a state skips the look at the listing: any other square
    is still refused by the order's rule."""
    s = move_order_states("mirror", 1)[0]
    drawn = s.random_action(np.random.default_rng(0))
    assert s.apply(drawn) == s.apply(str(drawn))
    with pytest.raises(RuleViolation):
        s.apply(f"{s.top.unit} to 99-99")  # type: ignore[attr-defined]
    with pytest.raises(RuleViolation):
        s.evolve().apply(None)  # type: ignore[arg-type]  # nothing drawn is not None drawn


@pytest.mark.rule("HMC-SCALE-04")
def test_nth_square_by_id_reads_the_mask_column_by_column() -> None:
    """The ``n``-th square of a mask in id order, without listing it, is the sorted list's."""
    field = Battlefield.build(
        5, 4, {}, {"blue": ("01-01",), "red": ("05-04",)}, {"blue": "01-01", "red": "05-04"}
    )
    rng = np.random.default_rng(1)
    for _ in range(200):
        mask = int(rng.integers(0, 1 << 20))
        squares = sorted(field.squares_in(mask))
        for n in range(len(squares)):
            assert field.nth_by_id(mask, n) == squares[n]
        assert field.nth_by_id(mask, len(squares)) is None


@pytest.mark.rule("HMC-ATTACK-02", "HMC-ATTACK-04")
def test_a_listed_die_face_is_taken_like_any_other() -> None:
    """A die's face that is the very outcome listed (as ``Match.roll`` picks it) gives the
    state an equal face read from its notation gives; a face the die does not have is
    refused."""
    start = wargames.load("horde", scenario="mirror")
    rng = np.random.default_rng(3)
    s, rolled = start, 0
    while s.current_player is not None and rolled < 30:
        if s.is_chance:
            outcomes = s.chance_outcomes()
            face = outcomes[int(rng.random() * len(outcomes))][0]
            assert s.apply(face) == s.evolve().apply(str(face))
            with pytest.raises(RuleViolation):
                s.evolve().apply(f"roll {len(outcomes) + 1}")
            rolled += 1
        s = s.apply(s.random_action(rng))
    assert rolled == 30
