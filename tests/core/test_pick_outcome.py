"""``pick_outcome`` draws a chance node's outcome by its running sum of probabilities; a long
outcome tuple that recurs (a d100, several battle dice) is searched by bisection in its kept
running sums. Whichever way, the same ``r`` gives the same outcome as the plain loop, so seeded
games are unchanged."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

import numpy as np
import pytest

from wargames.ancients.actions import dice_outcomes
from wargames.core import engine
from wargames.core.engine import Action, pick_outcome
from wargames.horde.combat.strikes import die_outcomes


def looped(outcomes: Sequence[tuple[Action, float]], r: float) -> Action:
    """The reference: the first outcome whose running sum (``itertools.accumulate``, the same
    additions in the same order) exceeds ``r``, else the last."""
    sums = accumulate(p for _, p in outcomes)
    return next((a for (a, _), s in zip(outcomes, sums, strict=True) if r < s), outcomes[-1][0])


def edges(outcomes: Sequence[tuple[Action, float]]) -> list[float]:
    """Every running sum, the float just below it and just above it, 0 and the float below 1."""
    found = [0.0, float(np.nextafter(1.0, 0.0))]
    acc = 0.0
    for _, p in outcomes:
        acc += p
        found += [acc, float(np.nextafter(acc, 0.0)), float(np.nextafter(acc, 2.0))]
    return found


TABLES = {
    "d100": die_outcomes(100),
    "d10": die_outcomes(10),
    "4 battle dice": dice_outcomes(4),
    "6 battle dice": dice_outcomes(6),
}


@pytest.mark.parametrize("name", list(TABLES))
def test_a_recurring_table_picks_as_the_loop_at_every_edge(name: str) -> None:
    """The shipped dice tables (a d100, a d10, four and six battle dice), asked again and
    again: the outcome at every running sum, either side of it, and random draws, is the
    loop's."""
    outcomes = TABLES[name]
    rs = edges(outcomes) + list(np.random.default_rng(7).random(500))
    for _ in range(3):  # the first time unsummed, then bisected from the kept sums
        assert [pick_outcome(outcomes, r) for r in rs] == [looped(outcomes, r) for r in rs]
    if len(outcomes) >= engine.MANY_OUTCOMES:
        assert engine._running_sums(outcomes) is not None  # it is bisected by now


def test_uneven_and_fresh_tuples_pick_as_the_loop() -> None:
    """Tuples made afresh for each node (a draw pile's cards, uneven weights), and lists, also
    give the loop's outcome; the kept sums stay bounded however many such tuples pass."""
    rng = np.random.default_rng(3)
    for n in (16, 17, 40, 300):
        weights = rng.random(n)
        weights /= weights.sum()
        outcomes = tuple((f"card {i}", float(w)) for i, w in enumerate(weights))
        for r in [*edges(outcomes), *rng.random(50)]:
            assert pick_outcome(outcomes, r) == looped(outcomes, r)
            assert pick_outcome(list(outcomes), r) == looped(outcomes, r)
    for k in range(3 * engine.SUMS_KEPT):
        fresh = tuple((f"card {i}", 1 / 20) for i in range(20 + k % 3))
        assert pick_outcome(fresh, 0.5) == looped(fresh, 0.5)
    assert len(engine._SUMS) <= engine.SUMS_KEPT
