"""Records from strangers: every document that is not a good record raises RecordError (or
another WargamesError naming what is wrong), never a raw Python exception, and never loads half
a record. (Issue: records, saved states and scenario files from strangers.)"""

from __future__ import annotations

import contextlib
import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wargames
from wargames import RecordError, WargamesError

RECORD = wargames.play("armageddon", seed=3, max_steps=120).to_json()


def replayed(data: Any) -> wargames.Match:
    return wargames.replay(data)


def test_a_good_record_replays() -> None:
    match = replayed(copy.deepcopy(RECORD))
    assert [str(a) for a in match.actions] == RECORD["actions"]


def test_a_saved_game_carries_its_agents() -> None:
    data = {**copy.deepcopy(RECORD), "agents": {"orks": "human", "imperium": "greedy"}}
    record = wargames.Record.from_json(data)
    assert record.agents == {"orks": "human", "imperium": "greedy"}
    assert record.to_json() == data
    assert "agents" not in wargames.Record.from_json(RECORD).to_json()  # none: no key
    assert len(replayed(data).actions) == len(RECORD["actions"])


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"seed": "abc"}, "seed"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**200}, "seed"),
        ({"seed": True}, "seed"),
        ({"actions": None}, "actions"),
        ({"actions": "roll 1"}, "actions"),
        ({"actions": ["deploy", 7]}, "actions[1]"),
        ({"actions": [""]}, "actions[0]"),
        ({"game": "chess"}, "game"),
        ({"game": 7}, "game"),
        ({"game": ""}, "game"),
        ({"scenario": "x" * 5000}, "scenario"),
        ({"scenario": "camp\x00aign"}, "scenario"),
        ({"options": [1, 2]}, "options"),
        ({"options": {"": 1}}, "options"),
        ({"outcome": "won"}, "outcome"),
        ({"outcome": {"winner": "orks", "reason": "x", "turn": "8"}}, "outcome.turn"),
        ({"redacted_for": 5}, "redacted_for"),
        ({"redacted_for": "orks"}, "redacted_for"),
        ({"colour": "red"}, "colour"),
        ({"agents": ["human"]}, "agents"),
        ({"agents": {"orks": 3}}, "agents.orks"),
        ({"agents": {"": "human"}}, "agents"),
    ],
)
def test_tampered_records_name_the_key(change: dict[str, Any], key: str) -> None:
    data = {**copy.deepcopy(RECORD), **change}
    with pytest.raises(RecordError) as caught:
        replayed(data)
    assert caught.value.key == key
    assert str(caught.value).startswith(f"record: {key}: ")


@pytest.mark.parametrize("missing", ["game", "scenario", "actions"])
def test_a_record_without_its_game_scenario_or_actions_is_refused(missing: str) -> None:
    data = copy.deepcopy(RECORD)
    del data[missing]
    with pytest.raises(RecordError, match=f"record: {missing}: missing"):
        replayed(data)


@pytest.mark.parametrize("document", [None, [], "record", 42, [RECORD]])
def test_documents_that_are_not_objects_are_refused(document: Any) -> None:
    with pytest.raises(RecordError, match="expected a JSON object"):
        replayed(document)


def test_an_action_that_does_not_apply_names_its_index() -> None:
    data = copy.deepcopy(RECORD)
    data["actions"][5] = "retreat nowhere"
    with pytest.raises(RecordError) as caught:
        replayed(data)
    assert caught.value.key == "actions[5]" and "'retreat nowhere'" in str(caught.value)


def mutations() -> st.SearchStrategy[Any]:
    """JSON values a stranger might put anywhere in a record."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(allow_nan=False),
        st.text(max_size=30),
    )
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=6,
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from([*sorted(RECORD), "extra"]), value=mutations(), index=st.integers(0, 5))
def test_fuzzed_records_replay_or_raise_a_wargames_error(key: str, value: Any, index: int) -> None:
    data = json.loads(json.dumps(RECORD))
    if key == "actions" and index < len(data["actions"]) and not isinstance(value, list):
        data["actions"][index] = value  # one action replaced
    elif key == "extra":
        data.pop(sorted(RECORD)[index % len(RECORD)])  # one key deleted
    else:
        data[key] = value
    with contextlib.suppress(WargamesError):  # anything else fails the test
        replayed(data)
