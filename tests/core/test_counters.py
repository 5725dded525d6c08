"""Counters in areas: the manifest, the where-is-what index and moves (core.counters)."""

from __future__ import annotations

from typing import Any, Self

import attrs
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.counters import Manifest, Placement, move_counters, placement

AREAS = ("north", "south", "east")
BOXES = ("@pool", "@dead")


@attrs.frozen
class Spec:
    side: str
    structure: bool = False


COUNTERS = (
    ("hive", Spec("red", structure=True)),
    ("r1", Spec("red")),
    ("r2", Spec("red")),
    ("b1", Spec("blue")),
    ("b2", Spec("blue")),
    ("fort", Spec("blue", structure=True)),
)


def manifest(structures: bool = True) -> Manifest[Spec]:
    return Manifest.of(
        COUNTERS,
        players=("red", "blue"),
        areas=AREAS,
        side=lambda spec: spec.side,
        unit=(lambda spec: not spec.structure) if structures else (lambda spec: True),
    )


@attrs.frozen(slots=False)
class Board:
    """A bare state of counters in areas: ``where``, a memo, ``evolve``."""

    where: tuple[str, ...]
    _memo: dict[str, Any] = attrs.field(init=False, factory=dict, eq=False)

    def evolve(self, **changes: Any) -> Self:
        return attrs.evolve(self, **changes)


START = ("north", "north", "south", "south", "@pool", "north")


def test_manifest_orders_and_indexes_the_counters() -> None:
    m = manifest()
    assert m.ids == ("hive", "r1", "r2", "b1", "b2", "fort")
    assert m.index["b1"] == 3
    assert m.sides == ("red", "red", "red", "blue", "blue", "blue")
    assert m.units == (False, True, True, True, True, False)
    assert not m.all_units
    assert manifest(structures=False).all_units


def test_placement_reads_where_is_what() -> None:
    index = Placement.of(manifest(), START)
    assert index.at["north"] == ("hive", "r1", "fort")
    assert index.at["@pool"] == ("b2",)
    assert index.stacks["blue"]["north"] == ("fort",)
    assert "north" not in index.units["blue"]  # a fort is in its side's stack, not a unit
    assert index.units["red"]["north"] == ("r1",)
    assert index.occupied["blue"] == {"north", "south"}
    assert "@pool" not in index.stacks["blue"]  # boxes hold no stacks
    assert index.on_map("blue") == ("b1",)


def test_left_out_counters_stay_put_but_are_in_no_stack() -> None:
    index = Placement.of(manifest(), START, left_out=frozenset({"fort"}))
    assert index.at["north"] == ("hive", "r1", "fort")
    assert index.occupied["blue"] == {"south"}


def test_every_counter_a_unit_shares_the_tables() -> None:
    index = Placement.of(manifest(structures=False), START)
    assert index.units is index.stacks
    assert index.on_map("blue") == ("b1", "fort")


def test_move_counters_carries_the_index_and_leaves_the_state_alone() -> None:
    m = manifest()
    state = Board(START)
    before = placement(state, m)
    moved = move_counters(state, m, [("r1", "east"), ("b2", "north")])
    assert state.where == START and placement(state, m) is before
    assert moved.where == ("north", "east", "south", "south", "north", "north")
    carried = moved._memo["index"]
    assert carried == Placement.of(m, moved.where)
    assert carried.at["north"] == ("hive", "b2", "fort")
    assert carried.stacks["red"] is not before.stacks["red"]
    assert before.at["north"] == ("hive", "r1", "fort")  # the old index is never mutated


def test_an_unbuilt_index_is_built_on_first_use() -> None:
    m = manifest()
    moved = move_counters(Board(START), m, [("r2", "@dead")])
    assert "index" not in moved._memo
    assert placement(moved, m).at["@dead"] == ("r2",)


LOCATIONS = AREAS + BOXES


@given(
    st.lists(
        st.lists(
            st.tuples(st.sampled_from([c for c, _ in COUNTERS]), st.sampled_from(LOCATIONS)),
            min_size=1,
            max_size=4,
        ),
        max_size=12,
    ),
    st.booleans(),
    st.frozensets(st.sampled_from([c for c, _ in COUNTERS])),
)
def test_an_index_carried_through_moves_equals_a_fresh_one(
    turns: list[list[tuple[str, str]]], structures: bool, left_out: frozenset[str]
) -> None:
    m = manifest(structures)
    state = Board(START)
    placement(state, m, left_out)
    for moves in turns:
        state = move_counters(state, m, moves, left_out)
        fresh = Placement.of(m, state.where, left_out)
        assert state._memo["index"] == fresh
        for side in m.players:
            assert state._memo["index"].on_map(side) == fresh.on_map(side)
