"""The bounds of the numbers the public functions take (:mod:`wargames.core.bounds`): a seed,
a step cap, a batch size out of range or of the wrong type is an :class:`ArgumentError` naming
the argument and the range, never numpy's ``ValueError``/``TypeError``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import wargames
from wargames.core import bounds
from wargames.core.errors import ArgumentError, WargamesError
from wargames.core.registry import AGENT_SEED_LIMIT

TOP = 2**128 - 1
BAD_SEEDS = [-1, TOP + 1, 2**1000, True, False, 1.0, 2.5, "3", b"3", [1], np.float64(3), None]


def _seeded(seed: Any) -> list[Callable[[], object]]:
    """Every public entry point given ``seed``."""
    return [
        lambda: wargames.play("warmaster", seed=seed, max_steps=3),
        lambda: wargames.match("warmaster", seed=seed),
        lambda: wargames.Match(wargames.load("warmaster"), seed=seed),
        lambda: wargames.simulate("warmaster", 1, seed=seed, max_steps=3),
    ]


@pytest.mark.parametrize("seed", [s for s in BAD_SEEDS if s is not None], ids=repr)
def test_a_bad_seed_is_an_argument_error_everywhere(seed: Any) -> None:
    for call in _seeded(seed):
        with pytest.raises(ArgumentError, match=r"^seed: expected a whole number from 0 to") as e:
            call()
        assert isinstance(e.value, WargamesError) and isinstance(e.value, ValueError)
        assert e.value.argument == "seed"


@pytest.mark.parametrize("seed", [0, TOP, np.int64(7), np.uint64(2**63)], ids=repr)
def test_the_edge_seeds_are_accepted(seed: Any) -> None:
    record = wargames.play("warmaster", seed=seed, max_steps=3)
    assert record.seed == int(seed) and type(record.seed) is int
    assert wargames.replay(record.to_json()).actions == wargames.replay(record).actions


def test_the_seed_of_a_batch_leaves_room_for_every_game() -> None:
    assert wargames.simulate("warmaster", 2, seed=TOP - 1, max_steps=2)[1].seed == TOP
    with pytest.raises(ArgumentError, match=r"^seed: "):
        wargames.simulate("warmaster", 2, seed=TOP, max_steps=2)


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [
        ({"n": -1}, "n"),
        ({"n": bounds.MAX_GAMES + 1}, "n"),
        ({"n": 1.0}, "n"),
        ({"n": 1, "chunksize": 0}, "chunksize"),
        ({"n": 1, "max_steps": -1}, "max_steps"),
        ({"n": 1, "max_steps": bounds.MAX_STEPS + 1}, "max_steps"),
    ],
)
def test_the_numbers_of_a_batch_are_bounded(kwargs: dict[str, Any], argument: str) -> None:
    with pytest.raises(ArgumentError) as e:
        wargames.simulate("warmaster", **kwargs)
    assert e.value.argument == argument and "expected a whole number from" in str(e.value)


@pytest.mark.parametrize("steps", [-1, bounds.MAX_STEPS + 1, True, 2.0])
def test_the_step_cap_of_a_game_is_bounded(steps: Any) -> None:
    with pytest.raises(ArgumentError, match=r"^max_steps: expected a whole number from 0 to"):
        wargames.play("warmaster", seed=1, max_steps=steps)


def test_the_step_cap_takes_its_edges() -> None:
    assert wargames.play("warmaster", seed=1, max_steps=0).actions == ()
    assert wargames.play("warmaster", seed=1, max_steps=bounds.MAX_STEPS).outcome is not None


def test_a_bot_seed_is_bounded_and_covers_every_seat_of_a_match() -> None:
    assert TOP * 7919 + 100 < AGENT_SEED_LIMIT
    wargames.agent("warmaster", "random", AGENT_SEED_LIMIT)
    for bad in (-1, AGENT_SEED_LIMIT + 1, "1", True):
        with pytest.raises(ArgumentError, match=r"^seed: expected a whole number from 0 to 2"):
            wargames.agent("warmaster", "random", bad)


def test_long_numbers_are_named_by_their_size() -> None:
    with pytest.raises(ArgumentError, match=r"got a number of 1001 digits$"):
        bounds.whole("x", 10**1000, 0, 10)
    with pytest.raises(ArgumentError, match=r"got 2\*\*200$"):
        bounds.whole("x", 2**200, 0, 10)
