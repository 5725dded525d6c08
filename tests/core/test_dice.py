"""Dice: faces, D66, clamped modified rolls and exact distributions (icepool as the oracle)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.dice import (
    D5,
    D6,
    D10,
    D100,
    Die,
    chance_that,
    clamp,
    d66,
    d66_faces,
    distribution_of,
    expectation,
    faces,
    modified,
    modified_distribution,
    with_reroll,
)


def oracle(die: icepool.Die) -> dict[int, Fraction]:
    """An icepool die as exact probabilities."""
    total = die.denominator()
    return {int(o): Fraction(q, total) for o, q in die.items() if q}


@pytest.mark.parametrize("sides", [5, 6, 10, 100])
def test_faces_are_fair_and_sum_to_one(sides: int) -> None:
    pairs = faces(sides)
    assert [f for f, _ in pairs] == list(range(1, sides + 1))
    assert {p for _, p in pairs} == {Fraction(1, sides)}
    assert sum(p for _, p in pairs) == 1


def test_die_objects() -> None:
    assert D6.faces() == (1, 2, 3, 4, 5, 6)
    assert (D5.high, D10.high, D100.high) == (5, 10, 100)
    assert Die(6, low=0).faces() == (0, 1, 2, 3, 4, 5)
    assert str(D10) == "D10"


def test_d66_reads_tens_then_units() -> None:
    assert d66(5, 3) == 53
    assert d66(1, 1) == 11 and d66(6, 6) == 66
    for bad in [(0, 3), (7, 1), (3, 0), (3, 7)]:
        with pytest.raises(ValueError, match="1-6"):
            d66(*bad)


def test_d66_faces_are_36_equiprobable_results() -> None:
    pairs = d66_faces()
    values = [v for v, _ in pairs]
    assert len(values) == len(set(values)) == 36
    assert min(values) == 11 and max(values) == 66
    assert set(values) == {10 * t + u for t, u in product(range(1, 7), repeat=2)}
    assert {p for _, p in pairs} == {Fraction(1, 36)}
    assert sum(p for _, p in pairs) == 1


@given(st.integers(-50, 50), st.integers(-10, 10), st.integers(0, 20))
def test_clamp_is_within_range_and_identity_inside(value: int, low: int, width: int) -> None:
    high = low + width
    out = clamp(value, low, high)
    assert low <= out <= high
    if low <= value <= high:
        assert out == value


@given(st.integers(1, 6), st.integers(-12, 12))
def test_modified_roll_never_above_6_or_below_1(roll: int, modifier: int) -> None:
    out = modified(roll, modifier)
    assert 1 <= out <= 6
    assert out == max(1, min(6, roll + modifier))


@given(st.sampled_from([5, 6, 10]), st.integers(-12, 12))
def test_modified_distribution_matches_icepool(sides: int, modifier: int) -> None:
    ours = modified_distribution(sides, modifier)
    expected = oracle((icepool.d(sides) + modifier).clip(1, sides))
    assert ours == expected
    assert sum(ours.values()) == 1


def test_modified_distribution_with_own_bounds() -> None:
    assert modified_distribution(6, 2, low=1, high=7) == oracle((icepool.d6 + 2).clip(1, 7))
    assert modified_distribution(6, -3, low=0, high=6) == oracle((icepool.d6 - 3).clip(0, 6))


def test_distribution_of_a_function_of_two_dice_matches_icepool() -> None:
    two = {(a, b): p * q for a, p in faces(6) for b, q in faces(6)}
    assert distribution_of(two, sum) == oracle(2 @ icepool.d6)
    assert distribution_of(two, max) == oracle(icepool.highest(icepool.d6, icepool.d6))
    assert list(distribution_of(two, sum)) == list(range(2, 13))  # in increasing order


def test_distribution_of_reads_pairs_as_well_as_mappings() -> None:
    joint = (((0, 1), Fraction(1, 4)), ((2, 1), Fraction(1, 4)), ((2, 0), Fraction(1, 2)))
    assert distribution_of(joint, lambda key: key[0]) == {0: Fraction(1, 4), 2: Fraction(3, 4)}
    assert distribution_of(joint, lambda key: key[1]) == {0: Fraction(1, 2), 1: Fraction(1, 2)}


def test_chance_that_sums_the_outcomes_where_the_event_holds() -> None:
    d10 = dict(faces(10))
    assert chance_that(d10, lambda v: v >= 7) == Fraction(4, 10)
    assert chance_that(d10, lambda v: v > 10) == 0
    assert chance_that(faces(6), lambda v: v % 2 == 0) == Fraction(1, 2)


def test_reroll_ones_and_twos_once() -> None:
    d6 = dict(faces(6))
    dist = with_reroll(d6, lambda v: v <= 2)
    assert dist == oracle(icepool.d6.reroll([1, 2], depth=1))
    # By hand: 4/6 keep 3..6 (mean 4.5) and 2/6 take a fresh roll (mean 3.5): 3 + 7/6 = 25/6.
    assert expectation(dist) == Fraction(25, 6)
    brute = [b if a <= 2 else a for a, b in product(range(1, 7), repeat=2)]
    assert expectation(dist) == Fraction(sum(brute), 36)


@given(st.sets(st.integers(1, 6)), st.integers(-3, 3))
def test_reroll_policy_matches_brute_force(rerolled: set[int], modifier: int) -> None:
    first = modified_distribution(6, modifier)
    dist = with_reroll(first, lambda v: v in rerolled)
    assert sum(dist.values()) == 1
    counts: dict[int, int] = {}
    for a, b in product(range(1, 7), repeat=2):
        v = modified(a, modifier)
        kept = modified(b, modifier) if v in rerolled else v
        counts[kept] = counts.get(kept, 0) + 1
    assert dist == {v: Fraction(n, 36) for v, n in counts.items()}


def test_reroll_with_a_different_second_die() -> None:
    dist = with_reroll(dict(faces(6)), lambda v: v == 1, second={6: Fraction(1)})
    assert dist[6] == Fraction(2, 6) and 1 not in dist


def test_expectation_takes_pairs_or_mapping() -> None:
    assert expectation(faces(6)) == Fraction(7, 2)
    assert expectation(dict(d66_faces())) == Fraction(385, 10)
