"""Odds ratios rounded in the defender's favour, and combat results tables."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.dice import clamp
from wargames.core.odds import CombatResultsTable, Odds, odds_ratio


@pytest.mark.parametrize(
    ("attack", "defence", "column"),
    [
        (29, 6, "4-1"),
        (11, 4, "2-1"),
        (4, 12, "1-3"),
        (5, 12, "1-3"),
        (12, 4, "3-1"),
        (6, 6, "1-1"),
        (5, 6, "1-2"),
        (1, 7, "1-7"),
    ],
)
def test_odds_ratio_examples(attack: int, defence: int, column: str) -> None:
    assert str(odds_ratio(attack, defence)) == column


@given(st.integers(1, 10_000), st.integers(1, 10_000))
def test_odds_never_better_for_the_attacker_than_the_true_ratio(a: int, d: int) -> None:
    odds = odds_ratio(a, d)
    assert 1 in (odds.attacker, odds.defender)
    if a >= d:
        n = odds.attacker
        assert odds.defender == 1
        assert n * d <= a < (n + 1) * d
    else:
        n = odds.defender
        assert odds.attacker == 1 and n >= 2
        assert Fraction(1, n) <= Fraction(a, d) < Fraction(1, n - 1)


@given(st.integers(1, 1000))
def test_defence_zero_gives_the_top_column(a: int) -> None:
    odds = odds_ratio(a, 0)
    assert odds.value >= a
    assert TABLE.column(odds) == len(TABLE.columns) - 1


def test_odds_ratio_rejects_no_attack_or_negative_defence() -> None:
    with pytest.raises(ValueError):
        odds_ratio(0, 3)
    with pytest.raises(ValueError):
        odds_ratio(3, -1)


def test_odds_parse_and_value() -> None:
    assert Odds.parse("4-1") == Odds.parse("4:1") == Odds(4, 1)
    assert Odds.parse("1-3").value == pytest.approx(1 / 3)


# A small table: columns 1-2 .. 3-1, result codes with an exchange.
COLUMNS = tuple(Odds.parse(c) for c in ["1-2", "1-1", "2-1", "3-1"])
CELLS = (
    ("AE", "AE", "AR", "AR", "NE", "EX"),
    ("AE", "AR", "NE", "EX", "DR", "DR"),
    ("AR", "NE", "EX", "DR", "DR", "DE"),
    ("NE", "EX", "DR", "DR", "DE", "DE"),
)
RESULTS = {
    "AE": "Attacker eliminated",
    "AR": "Attacker retreats",
    "NE": "No effect",
    "EX": "Exchange",
    "DR": "Defender retreats",
    "DE": "Defender eliminated",
}
TABLE = CombatResultsTable(COLUMNS, CELLS, RESULTS)


def test_column_clamps_beyond_either_end() -> None:
    assert TABLE.column(Odds(1, 5)) == 0
    assert TABLE.column(Odds(1, 2)) == 0
    assert TABLE.column(Odds(1, 1)) == 1
    assert TABLE.column(Odds(9, 1)) == 3
    assert TABLE.column_for(29, 6) == Odds(3, 1)
    assert TABLE.column_for(2, 9) == Odds(1, 2)
    assert TABLE.column_for(11, 4) == Odds(2, 1)


@given(st.integers(1, 6), st.integers(-8, 8), st.sampled_from(COLUMNS))
def test_result_clamps_the_modified_roll(roll: int, modifier: int, odds: Odds) -> None:
    expected = CELLS[COLUMNS.index(odds)][clamp(roll + modifier, 1, 6) - 1]
    assert TABLE.result(odds, roll, modifier) == expected


def test_result_spot_checks() -> None:
    assert TABLE.result(Odds(3, 1), 6, +4) == "DE"
    assert TABLE.result(Odds(1, 2), 1, -4) == "AE"
    assert TABLE.result(Odds(2, 1), 3) == "EX"


def brute(odds: Odds, modifier: int, reroll: Callable[[str], bool] | None) -> dict[str, Fraction]:
    """Enumerate both dice: the second roll is used only when the policy re-rolls the first."""
    col = CELLS[TABLE.column(odds)]
    counts: dict[str, int] = {}
    for a, b in product(range(1, 7), repeat=2):
        code = col[clamp(a + modifier, 1, 6) - 1]
        if reroll is not None and reroll(code):
            code = col[clamp(b + modifier, 1, 6) - 1]
        counts[code] = counts.get(code, 0) + 1
    return {c: Fraction(n, 36) for c, n in counts.items()}


@given(
    st.sampled_from([*COLUMNS, Odds(1, 4), Odds(6, 1)]),
    st.integers(-7, 7),
    st.one_of(st.none(), st.sets(st.sampled_from(sorted(RESULTS)))),
)
def test_distribution_matches_brute_force(
    odds: Odds, modifier: int, rerolled: set[str] | None
) -> None:
    policy = None if rerolled is None else (lambda code: code in rerolled)
    dist = TABLE.distribution(odds, modifier, policy)
    assert sum(dist.values()) == 1
    assert dist == brute(odds, modifier, policy)


def test_reroll_exchange_once() -> None:
    plain = TABLE.distribution(Odds(2, 1))
    again = TABLE.distribution(Odds(2, 1), reroll=lambda code: code == "EX")
    assert plain["EX"] == Fraction(1, 6)
    assert again["EX"] == Fraction(1, 36)  # EX twice in a row
    assert again["DR"] == Fraction(2, 6) + Fraction(1, 6) * Fraction(2, 6)


def test_table_with_five_rows_is_refused() -> None:
    with pytest.raises(ValueError, match="one result per die face"):
        CombatResultsTable(COLUMNS, (*CELLS[:3], CELLS[3][:5]), RESULTS)


def test_table_with_undefined_code_is_refused() -> None:
    with pytest.raises(ValueError, match="'XX' is not defined"):
        CombatResultsTable(COLUMNS, (*CELLS[:3], ("XX", *CELLS[3][1:])), RESULTS)


def test_table_columns_must_run_worst_to_best() -> None:
    with pytest.raises(ValueError, match="worst to best"):
        CombatResultsTable(tuple(reversed(COLUMNS)), CELLS, RESULTS)


def test_table_needs_results_for_every_column() -> None:
    with pytest.raises(ValueError, match="4 columns but 3"):
        CombatResultsTable(COLUMNS, CELLS[:3], RESULTS)
