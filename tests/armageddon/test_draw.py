"""Random playouts draw an action without listing the legal actions where the pending step
can (a movement phase counts each counter's destinations in its bitset): the very action the
listing has at the drawn index, so seeded games are unchanged."""

from __future__ import annotations

from typing import cast

import draws
import numpy as np
import pytest

import wargames
from wargames.armageddon.movement import MovementPhase
from wargames.armageddon.state import ArmageddonState
from wargames.core.errors import RuleViolation

DRAWS = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999999)


def drawing_states(seeds: int) -> list[ArmageddonState]:
    """The states of seeded random games of campaign whose pending step draws without
    listing."""
    game = wargames.game("armageddon")
    start = game.start("campaign", dict(game.bot_options))
    assert isinstance(start, ArmageddonState)
    return cast(list[ArmageddonState], draws.drawing_states(start, seeds))


@pytest.mark.rule(
    "BFA-MOVE-02", "BFA-MOVE-07", "BFA-CARDS-03", "BFA-COMBAT-06", "BFA-BUILD-15", "BFA-BUILD-21"
)
def test_a_drawn_action_is_the_listed_one() -> None:
    """For every chance ``u``, the action drawn is the one at ``int(u * n)`` of the ``n``
    legal actions (each unmoved counter's moves, the special cards that may be played, the end
    of the phase; the attacks of a combat phase, the purchases and placements of a build phase,
    the plans of the strategy segment), drawn from a copy that has not listed them."""
    states = drawing_states(2)
    steps = {type(s.top).__name__ for s in states}
    assert {"MovementPhase", "CombatPhase", "PlaceReady", "ImperialBuild", "OrkBuild"} <= steps
    assert {"PlanCards"} <= steps and any(getattr(s.top, "left", 0) > 0 for s in states)
    draws.assert_drawn_as_listed(states, DRAWS)
    cards = sum(type(a).__name__ == "PlayCard" for s in states for a in s.legal_actions())
    assert cards  # card plays were drawn among too


@pytest.mark.rule("BFA-MOVE-07")
def test_an_illegal_move_is_refused_after_a_draw() -> None:
    """Only the very action drawn from a state skips the look at the listing: a counter that
    moved already is still refused by the movement rule."""
    s = next(s for s in drawing_states(1) if isinstance(s.top, MovementPhase) and s.used)
    drawn = s.random_action(np.random.default_rng(0))
    assert s.apply(drawn) == s.apply(str(drawn))
    moved = sorted(s.used)[0]
    with pytest.raises(RuleViolation, match="already moved"):
        s.apply(f"move {moved} {s.location(moved)}")
