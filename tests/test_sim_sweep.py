"""Sweeps: a batch over several scenarios, each game's record labelled (issue 18)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from extras import extra

import wargames
from wargames.core.engine import Record
from wargames.core.errors import ArgumentError, RecordError
from wargames.sim import rows, simulate, simulate_rows, sweep, to_frame

MIRROR = wargames.scenario("horde", "mirror").with_rounds(2)


def weaker(magnitude: int) -> wargames.ScenarioValue:
    """The mirror battle with red's first horde at ``magnitude``."""
    return MIRROR.with_magnitude("B1", magnitude)


def test_a_function_of_a_parameter_labels_each_game_with_it() -> None:
    records = simulate("horde", 2, seed=5, scenario=weaker, parameters=[10, 30])
    assert [r.label for r in records] == [10, 10, 30, 30]
    assert [r.seed for r in records] == [5, 6, 5, 6]  # the same seeds for every scenario
    for record in records:
        start = wargames.replay(record).initial
        assert start.unit("B1").magnitude == record.label
        assert Record.from_json(record.to_json()) == record


def test_a_list_is_labelled_by_position_and_a_dict_by_key() -> None:
    listed = simulate("horde", 1, scenario=[MIRROR, weaker(12)])
    assert [r.label for r in listed] == [0, 1]
    keyed = simulate("horde", 1, scenario={"even": MIRROR, "weak B1": weaker(12)})
    assert [r.label for r in keyed] == ["even", "weak B1"]
    assert [r.actions for r in keyed] == [r.actions for r in listed]
    single = simulate("horde", 1, scenario=MIRROR)
    assert single[0].label is None and "label" not in single[0].to_json()
    assert single[0].actions == listed[0].actions


def test_a_sweep_on_an_executor_is_the_sweep_played_here() -> None:
    here = simulate("horde", 2, scenario=weaker, parameters=[8, 16])
    with ThreadPoolExecutor(2) as pool:
        there = simulate("horde", 2, scenario=weaker, parameters=[8, 16], executor=pool)
    assert there == here


def test_rows_and_frames_carry_the_label() -> None:
    records, made = simulate_rows("horde", 1, scenario={"a": MIRROR, "b": weaker(9)})
    assert [row["label"] for row in made] == ["a", "b"] == [row["label"] for row in rows(records)]
    assert list(made[0])[:4] == ["seed", "game", "scenario", "label"]
    pd = extra("pandas")
    assert pd is not None
    frame = to_frame(records)
    assert list(frame.columns[:4]) == ["seed", "game", "scenario", "label"]
    assert list(frame["label"]) == ["a", "b"]


def test_what_a_sweep_refuses() -> None:
    with pytest.raises(ArgumentError, match="needs the parameters"):
        sweep(weaker)
    with pytest.raises(ArgumentError, match="without a scenario function"):
        sweep(MIRROR, parameters=[1])
    with pytest.raises(ArgumentError, match="no scenarios"):
        sweep([])
    with pytest.raises(ArgumentError, match="label must be text"):
        sweep({(1, 2): MIRROR})  # type: ignore[dict-item]
    with pytest.raises(ArgumentError, match="more than"):
        simulate("horde", 600_000, scenario=[MIRROR, MIRROR])
    with pytest.raises(wargames.ScenarioError, match=r"blue\.horde\[1\]\.at"):
        simulate("horde", 1, scenario=[MIRROR, MIRROR.moved("A1", "99-99")])


@pytest.mark.parametrize(
    ("label", "problem"),
    [([1], "expected a short text"), (2**70, "expected a short text"), ("", "printable name")],
)
def test_a_record_with_a_bad_label_is_refused(label: object, problem: str) -> None:
    document = simulate("horde", 1, scenario=[MIRROR])[0].to_json()
    with pytest.raises(RecordError, match=problem):
        Record.from_json({**document, "label": label})
