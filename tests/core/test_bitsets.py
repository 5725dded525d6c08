"""Sets of places as bitsets (core.bitsets): masks read back in id order, the n-th place,
the places next to a set."""

from __future__ import annotations

import random

from wargames.core.bitsets import mask_of, names, nth, spread

IDS = ("a1", "a2", "b1", "b2", "c1")
BIT = {place: 1 << i for i, place in enumerate(IDS)}
AROUND = (0b00110, 0b01001, 0b10001, 0b00010, 0b00100)  # a chain a1-a2-b2, a1-b1-c1


def test_a_mask_reads_back_its_places_in_id_order() -> None:
    mask = mask_of(BIT, ["c1", "a1", "b2"])
    assert mask == 0b11001
    assert names(mask, IDS) == ["a1", "b2", "c1"]
    assert names(0, IDS) == []


def test_the_nth_place_is_the_nth_name() -> None:
    rng = random.Random(3)
    for _ in range(200):
        mask = rng.randrange(1, 1 << len(IDS))
        listed = names(mask, IDS)
        assert [IDS[nth(mask, n)] for n in range(len(listed))] == listed


def test_spread_is_the_union_of_the_neighbours() -> None:
    assert spread(BIT["a1"], AROUND) == BIT["a2"] | BIT["b1"]
    assert spread(BIT["a2"] | BIT["b1"], AROUND) == BIT["a1"] | BIT["b2"] | BIT["c1"]
    assert spread(0, AROUND) == 0
