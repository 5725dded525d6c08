"""Saved states from outside: every reader validates (issue 13, part B).

A tampered or broken document raises :class:`SavedStateError` naming the key path and the
problem, never a raw Python error, and never loads a state that breaks the game's invariants.
The documents below are the kinds that used to raise ``KeyError``/``TypeError``/... or load a
broken state: wrong types, bools for ints, huge numbers, long strings, deep nesting, unknown
fields, unknown names (in the state and in its pending tasks), an emptied task stack.
"""

from __future__ import annotations

import copy
import functools
import json
import pickle
from typing import Any

import pytest

import wargames
from wargames.core.codec import SavedStateError, decode
from wargames.core.typecheck import MAX_DEPTH

GAMES = ("armageddon", "warmaster", "horde", "ancients")


@functools.cache
def saved(game: str) -> dict[str, Any]:
    """The saved document of a seeded game after 60 actions or more: the first with a pending
    task naming a side or a unit."""
    match = wargames.match(game, seed=3)
    for _ in range(60):
        match.step()
    while not any({"side", "unit", "last"} & set(t) for t in match.state.to_json()["tasks"]):
        match.step()
    return match.state.to_json()


def load(game: str, data: Any) -> wargames.GameState:
    return type(wargames.load(game)).from_json(data)


def tampered(game: str) -> dict[str, Any]:
    return copy.deepcopy(saved(game))


def task_with(data: dict[str, Any], *fields: str) -> tuple[int, str]:
    """The index of the last pending task with one of ``fields``, and that field."""
    for i in reversed(range(len(data["tasks"]))):
        for field in fields:
            if field in data["tasks"][i]:
                return i, field
    raise AssertionError(f"no pending task has a field among {fields}")


def deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


TURN = {"horde": "round"}
"""The field holding the turn (horde counts rounds)."""


@pytest.mark.parametrize("game", GAMES)
def test_valid_documents_still_load(game: str) -> None:
    data = json.loads(json.dumps(saved(game)))
    assert load(game, data).to_json() == data


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (True, "expected an integer, found True"),
        ("3", "expected an integer, found '3'"),
        (2**70, r"1180591620717411303424 is out of range \(at most 2\*\*63"),
        pytest.param(10**5000, "an integer of 5001 digits is out of range", id="10**5000"),
        (float("nan"), "expected an integer, found nan"),
        ([3], "expected an integer, found a list"),
    ],
)
def test_a_field_of_the_wrong_type_names_its_key(game: str, value: Any, problem: str) -> None:
    data, key = tampered(game), TURN.get(game, "turn")
    data[key] = value
    with pytest.raises(SavedStateError, match=f"saved {game} state: {key}: {problem}") as info:
        load(game, data)
    assert info.value.key == key


@pytest.mark.parametrize("game", ["armageddon", "warmaster", "ancients"])
def test_an_item_of_a_list_names_its_index(game: str) -> None:
    data = tampered(game)
    data["where"][2] = 7
    with pytest.raises(SavedStateError, match=r"where\[2\]: expected a string, found 7"):
        load(game, data)


def test_a_horde_unit_names_its_index_and_field() -> None:
    data = tampered("horde")
    data["units"][1]["side"] = 7
    with pytest.raises(SavedStateError, match=r"units\[1\]\.side: expected a string, found 7"):
        load("horde", data)
    data = tampered("horde")
    officer = next(i for i, u in enumerate(data["units"]) if u["officer"] is not None)
    data["units"][officer]["officer"][2] = [["talent"]]
    with pytest.raises(SavedStateError, match=rf"units\[{officer}\]\.officer\.talents\[0\]"):
        load("horde", data)


@pytest.mark.parametrize("game", GAMES)
def test_a_field_of_a_task_names_the_task_and_the_field(game: str) -> None:
    data = tampered(game)
    i, field = task_with(data, "side", "unit", "last", "number")
    data["tasks"][i][field] = {"not": "a name"}
    with pytest.raises(SavedStateError, match=rf"tasks\[{i}\]\.{field}: ") as info:
        load(game, data)
    assert info.value.key.startswith(f"tasks[{i}].{field}")


@pytest.mark.parametrize("game", GAMES)
def test_a_long_string_is_refused(game: str) -> None:
    data = tampered(game)
    i, field = task_with(data, "side", "unit", "last")
    data["tasks"][i][field] = "A" * 5000
    with pytest.raises(SavedStateError, match="a string of 5000 characters") as info:
        load(game, data)
    assert "AAAAAAAAAA" not in str(info.value)  # not echoed back


@pytest.mark.parametrize("game", GAMES)
def test_a_missing_field_of_a_task_is_named(game: str) -> None:
    data = tampered(game)
    i, field = task_with(data, "side", "unit", "last", "number")
    del data["tasks"][i][field]
    with pytest.raises(SavedStateError, match=rf"tasks\[{i}\]: .*missing field '{field}'"):
        load(game, data)


@pytest.mark.parametrize("game", GAMES)
def test_deep_nesting_is_refused_without_recursion_error(game: str) -> None:
    data = tampered(game)
    data["result"] = deep(5000)
    with pytest.raises(SavedStateError, match=f"result.*nested deeper than {MAX_DEPTH} levels"):
        load(game, data)
    data["result"] = {"@": "core/outcome", "winner": deep(40), "reason": "x", "turn": 1}
    with pytest.raises(SavedStateError, match=r"result\.winner: expected a string or null"):
        load(game, data)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.update(bogus=1), r"unknown fields \['bogus'\]"),
        (lambda d: d.update({"@": 5}), "the state's tag is 5, not a string"),
        (lambda d: d.update(format=3.0), "format 3.0: this version reads format 3"),
        (lambda d: d.update(game="x" * 5000), r"a saved state of 'xxx.*\.\.\., not of"),
        (lambda d: d["tasks"].append({"@": "no/such-task"}), "unknown saved tag 'no/such-task'"),
        (lambda d: d["tasks"].append(["a", "list"]), r"tasks\[\d+\]: expected a Task, found a"),
    ],
)
def test_malformed_documents_are_refused(game: str, change: Any, problem: str) -> None:
    data = tampered(game)
    change(data)
    with pytest.raises(SavedStateError, match=problem):
        load(game, data)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("data", [[], "state", None, 7])
def test_a_document_that_is_not_an_object_is_refused(game: str, data: Any) -> None:
    with pytest.raises(SavedStateError, match="is a JSON object"):
        load(game, data)


# -- the game's invariants on the state read back ------------------------------------------


@pytest.mark.parametrize("game", ["armageddon", "warmaster"])
def test_a_counter_in_no_known_place_breaks_the_invariants(game: str) -> None:
    data = tampered(game)
    data["where"][0] = "the moon"
    with pytest.raises(SavedStateError, match=r"invariants: .*unknown place 'the moon'"):
        load(game, data)


@pytest.mark.parametrize("game", GAMES)
def test_a_task_naming_an_unknown_side_or_unit_is_refused(game: str) -> None:
    data = tampered(game)
    i, field = task_with(data, "side", "unit", "last")
    data["tasks"][i][field] = "martians"
    with pytest.raises(SavedStateError, match=rf"tasks\[{i}\]\.{field} names unknown 'martians'"):
        load(game, data)


@pytest.mark.parametrize("game", GAMES)
def test_an_emptied_task_stack_is_refused(game: str) -> None:
    data = tampered(game)
    data["tasks"] = []
    with pytest.raises(SavedStateError, match=r"invariants: .*(no turn is pending|game is over)"):
        load(game, data)


def test_an_unknown_strategy_card_is_refused() -> None:
    data = tampered("armageddon")
    data["plans"] = [["no-such-card"], []]
    with pytest.raises(SavedStateError, match="plans: unknown 'no-such-card'"):
        load("armageddon", data)


def test_a_horde_unit_of_no_side_is_refused() -> None:
    data = tampered("horde")
    data["units"][0]["side"] = "cultist-rabble"
    with pytest.raises(SavedStateError, match="fights for no side of the battle"):
        load("horde", data)


def test_an_unknown_hex_in_an_ancients_task_is_refused() -> None:
    data = tampered("ancients")
    data["tasks"].insert(1, {"@": "ancients/extra-hex", "unit": 0, "advanced_to": "99-99"})
    with pytest.raises(SavedStateError, match=r"advanced_to names unknown '99-99'"):
        load("ancients", data)


def test_too_many_dice_are_refused() -> None:
    data = tampered("ancients")
    data["tasks"].append({"@": "ancients/command-dice", "dice": 18, "card": "rally"})
    with pytest.raises(SavedStateError, match="dice names unknown 18"):
        load("ancients", data)


# -- the error itself -------------------------------------------------------------------------


def test_the_error_keeps_its_parts_and_pickles() -> None:
    with pytest.raises(SavedStateError) as info:
        decode({"@": "core/pile", "cards": ["a", 5]})
    error = info.value
    assert (error.key, error.problem) == ("cards[1]", "expected a string, found 5")
    back = pickle.loads(pickle.dumps(error))
    assert (back.key, back.problem, str(back)) == (error.key, error.problem, str(error))


def test_a_set_of_mappings_is_refused() -> None:
    assert decode({"~set": [[1], [2]]}) == frozenset({(1,), (2,)})
    with pytest.raises(SavedStateError, match=r"~set: a set holds a list or a mapping"):
        decode({"~set": [{"~map": {}}]})
