"""Random playouts draw an action without listing the legal actions where the pending step
can (the card played, the orders, the moves counted off each mover's reach, the battles): the
very action the listing has at the drawn index, so seeded games are unchanged."""

from __future__ import annotations

import draws
import numpy as np
import pytest

import wargames
from wargames.ancients.battle import BattleStep
from wargames.ancients.flow import DrawCard
from wargames.ancients.movement import MoveStep
from wargames.ancients.orders import OrderStep, PlayStep
from wargames.ancients.state import AncientsState
from wargames.ancients.variant.flow import PlaceCard
from wargames.core.errors import RuleViolation

DRAWS = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999999)
SCENARIOS = list(wargames.game("ancients").scenarios())


def drawing_states(scenario: str, seeds: int, hook: str = "draw") -> list[AncientsState]:
    """The states of seeded random games of ``scenario`` whose pending step draws without
    listing (``hook="pick"``: a chance step that picks its outcome without listing)."""
    game = wargames.game("ancients")
    start = game.start(scenario, dict(game.bot_options))
    assert isinstance(start, AncientsState)
    found = draws.drawing_states(start, seeds, hook)
    assert all(isinstance(s, AncientsState) for s in found)
    return found  # type: ignore[return-value]


@pytest.mark.rule(
    "CCB-TURN-02", "CCB-TURN-03", "CCB-MOVE-01", "CCB-BATTLE-01", "CCA-CARDS-10", "CCA-SEQ-08"
)
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.quick(1)
def test_a_drawn_action_is_the_listed_one(scenario: str) -> None:
    """For every chance ``u``, the action drawn is the one at ``int(u * n)`` of the ``n``
    legal actions (a card of the hand, an order, a move, a battle, the end of the step, the
    variant's card placed on a flank), drawn from a copy that has listed nothing."""
    states = drawing_states(scenario, 1)
    steps = (OrderStep, MoveStep, BattleStep)
    if scenario == "elephant-ridge":  # the base game's card step (not the variant's)
        steps = (PlayStep, *steps)
    if scenario == "the-long-ridge":  # the 'Armageddon' variant's cards placed on flanks
        steps = (*steps, PlaceCard)
    for step in steps:
        assert any(isinstance(s.top, step) for s in states), step
    draws.assert_drawn_as_listed(states, DRAWS)


@pytest.mark.rule("CCB-TURN-06", "CCB-HAND-05")
@pytest.mark.parametrize("scenario", ["elephant-ridge", "the-long-ridge"])
@pytest.mark.quick(1)
def test_a_card_drawn_is_the_listed_outcome(scenario: str) -> None:
    """A card drawn from the pile without listing its outcomes is the one the listed outcomes
    give for the same chance (every card's edge and the float below it included), whether
    the draw pile is full, nearly empty or was just refilled from the discards."""
    states = drawing_states(scenario, 2, "pick")
    assert all(isinstance(s.top, DrawCard) for s in states)
    piles = {len(s.deck.draw) for s in states}
    assert 0 in piles and len(piles) > 10, piles  # refills from the discards, many sizes
    draws.assert_picked_as_listed(states, DRAWS)


@pytest.mark.rule("CCB-MOVE-01")
def test_an_illegal_move_is_refused_after_a_draw() -> None:
    """Only the very action drawn from a state skips the look at the listing: a piece that
    moved already is still refused by the movement rule."""
    s = next(
        s
        for s in drawing_states("mirror-fields", 1)
        if isinstance(s.top, MoveStep) and any(s.moved)
    )
    drawn = s.random_action(np.random.default_rng(0))
    assert s.apply(drawn) == s.apply(str(drawn))
    piece = next(p for p, n in enumerate(s.moved) if n)
    hex_id = s.where[piece]
    leader = " leader" if s.is_leader(piece) else ""
    with pytest.raises(RuleViolation, match=r"once a turn|may not move"):
        s.apply(f"move{leader} {hex_id} {s.scenario.geometry.neighbours[hex_id][0]}")
