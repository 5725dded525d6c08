"""Retreat destinations and elimination, over a small map."""

from __future__ import annotations

import pytest

from wargames.core.areas import Area, AreaMap, Border
from wargames.core.retreat import RetreatRule

#   a - b - c
#   |   |   |
#   d - e - f - g
BOARD = AreaMap(
    [Area(x) for x in "abcdefg"],
    [Border(*pair) for pair in ["ab", "bc", "ad", "be", "cf", "de", "ef", "fg"]],
)


def test_one_area_retreat_lists_enterable_neighbours_sorted() -> None:
    rule = RetreatRule()
    assert rule.destinations(BOARD, "e", lambda _x: True) == ("b", "d", "f")
    assert rule.destinations(BOARD, "e", lambda x: x != "b") == ("d", "f")


def test_fits_excludes_full_areas() -> None:
    rule = RetreatRule()
    assert rule.destinations(BOARD, "e", lambda _x: True, fits=lambda x: x == "f") == ("f",)
    assert rule.destinations(BOARD, "e", lambda _x: True, fits=lambda _x: False) == ()


def test_movement_zero_has_no_retreat() -> None:
    rule = RetreatRule()
    assert rule.destinations(BOARD, "e", lambda _x: True, movement=0) == ()
    assert rule.destinations(BOARD, "e", lambda _x: True, movement=1) == ("b", "d", "f")


def test_two_area_retreat_ends_exactly_two_away_through_enterable_areas() -> None:
    rule = RetreatRule(distance=2)
    assert rule.destinations(BOARD, "a", lambda _x: True) == ("c", "e")
    # Through b only: e is still reachable through d.
    assert rule.destinations(BOARD, "a", lambda x: x != "d") == ("c", "e")
    assert rule.destinations(BOARD, "a", lambda x: x not in ("b", "d")) == ()
    assert rule.destinations(BOARD, "e", lambda _x: True, fits=lambda x: x != "c") == ("a", "g")


@pytest.mark.parametrize(
    ("second", "already", "destinations", "dies"),
    [
        (False, False, ("b",), False),
        (False, True, ("b",), False),
        (True, False, ("b",), False),
        (True, True, ("b",), True),
        (False, False, (), True),
        (True, False, (), True),
    ],
)
def test_must_eliminate(
    second: bool, already: bool, destinations: tuple[str, ...], dies: bool
) -> None:
    rule = RetreatRule(second_retreat_eliminates=second)
    assert rule.must_eliminate(already, destinations) is dies


def test_game_settings_are_data() -> None:
    bfa = RetreatRule(
        "owner",
        retreated_defend_at_zero=True,
        retreated_absorb_losses=False,
        second_retreat_eliminates=True,
    )
    warmaster = RetreatRule("opponent")
    assert bfa.chooser == "owner" and warmaster.chooser == "opponent"
    assert warmaster.retreated_absorb_losses and not bfa.retreated_absorb_losses
