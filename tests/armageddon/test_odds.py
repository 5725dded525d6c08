"""The bounds of the Armageddon odds calculator (``wargames odds armageddon``): every number is
one the rules can produce, or an :class:`ArgumentError` naming it and its range."""

from __future__ import annotations

import pytest

import wargames
from wargames.armageddon.odds import attack_limit, attack_odds, defence_limit, modifier_limit
from wargames.core.errors import ArgumentError


def test_the_limits_come_from_the_counters_and_the_die() -> None:
    assert (attack_limit(), defence_limit(), modifier_limit()) == (366, 401, 5)


def test_the_edges_are_accepted() -> None:
    assert sum(attack_odds(366, 401, -5).values()) == 1
    assert attack_odds(1, 0, 5)["DE"] == 1
    rerolled = wargames.odds("armageddon", 6, 2, reroll=["ex"])
    assert rerolled == attack_odds(6, 2, 0, ("EX",)) != attack_odds(6, 2)


@pytest.mark.parametrize(
    ("args", "argument"),
    [
        ((367, 1), "attack"),
        ((0, 1), "attack"),
        ((6, 405), "defence"),
        ((6, -1), "defence"),
        ((6, 2, 6), "modifier"),
        ((6, 2, -6), "modifier"),
        ((6.0, 2), "attack"),
        ((6, 2, 0, ["ZZ"]), "reroll"),
    ],
)
def test_out_of_range_is_an_argument_error(args: tuple[object, ...], argument: str) -> None:
    with pytest.raises(ArgumentError) as e:
        attack_odds(*args)  # type: ignore[arg-type]
    assert e.value.argument == argument
