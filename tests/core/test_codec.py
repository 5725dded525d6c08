"""The generic codec (:mod:`wargames.core.codec`): explicit registration of saved values, the
exact JSON round trip of nested values and whole states, and the refusal of other formats."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import attrs
import pytest

import wargames
from wargames.core import codec
from wargames.core.cards import Deck, Pile
from wargames.core.codec import DERIVED, SavedStateError, decode, encode, saved
from wargames.core.engine import Outcome

GAMES = ("armageddon", "warmaster", "horde", "ancients")


@saved("codec-test/point")
@attrs.frozen
class Point:
    x: int
    y: int = 0


@saved("codec-test/shape")
@attrs.frozen
class Shape:
    name: str
    corners: tuple[Point, ...]
    tags: frozenset[str] = frozenset()
    loose: frozenset[int] = frozenset()
    extra: Any = None
    area: float | None = attrs.field(default=None, eq=False, metadata=DERIVED)


def through_text(data: Any) -> Any:
    return json.loads(json.dumps(data, allow_nan=False))


# -- registration -------------------------------------------------------------------------------


def test_a_tag_belongs_to_one_class() -> None:
    with pytest.raises(TypeError, match=r"'codec-test/point'.*already registered to .*Point"):

        @saved("codec-test/point")
        @attrs.frozen
        class Other:
            z: int


def test_a_class_has_one_tag() -> None:
    with pytest.raises(TypeError, match="already registered as 'codec-test/point'"):
        saved("codec-test/point-again")(Point)


def test_saved_goes_above_attrs() -> None:
    with pytest.raises(TypeError, match=r"Plain is not an attrs class; put @saved above"):

        @attrs.frozen
        @saved("codec-test/plain")
        class Plain:
            z: int


def test_a_tag_is_a_non_empty_string() -> None:
    with pytest.raises(TypeError, match="non-empty string"):
        saved(" ")(Point)


def test_hooks_come_in_pairs() -> None:
    with pytest.raises(TypeError, match="both encode and decode"):
        saved("codec-test/half", encode=lambda v: {})(Point)


def test_an_unregistered_class_is_refused_when_saved() -> None:
    @attrs.frozen
    class Stray:
        z: int

    with pytest.raises(TypeError, match=r"Stray is not registered for saving: decorate it with"):
        encode((1, Stray(2)))


def test_other_containers_are_refused_when_saved() -> None:
    for value in ([1, 2], {1: "a"}, {3}):
        with pytest.raises(TypeError):
            encode(value)


def test_the_registry_finds_classes_by_tag_only() -> None:
    assert codec.registered("codec-test/shape") is Shape
    assert codec.tag_of(Shape) == "codec-test/shape"
    assert codec.registered("core/outcome") is Outcome
    with pytest.raises(SavedStateError, match="no saved class has the tag 'Shape'"):
        codec.registered("Shape")


# -- values -------------------------------------------------------------------------------------


def test_nested_values_round_trip_exactly() -> None:
    shape = Shape(
        "kite",
        (Point(1, 2), Point(-3)),
        frozenset({"b", "a"}),
        frozenset({3, 1, 2}),
        extra=(
            None,
            True,
            2.5,
            frozenset({(1, "x"), (0, "y")}),
            {"deck": Deck(Pile(("a", "b")), Pile())},
            Outcome("red", "won", 3),
        ),
        area=12.0,
    )
    data = encode(shape)
    assert data["@"] == "codec-test/shape" and "area" not in data  # derived: not saved
    assert data["tags"] == ["a", "b"] and data["loose"] == [1, 2, 3]  # frozenset fields: lists
    back = decode(through_text(data))
    assert back == shape and back.area is None
    assert type(back.extra[3]) is frozenset and type(back.extra[4]) is dict
    assert encode(back) == data


def test_a_set_saves_the_same_whatever_its_order() -> None:
    a = encode(frozenset(["x", "y", "z"]))
    b = encode(frozenset(["z", "y", "x"]))
    assert a == b == {"~set": ["x", "y", "z"]}


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"@": "codec-test/nowhere"}, "unknown saved tag 'codec-test/nowhere'"),
        ({"@": "codec-test/point", "y": 1}, "codec-test/point: missing field 'x'"),
        ({"@": "codec-test/point", "x": 1, "y": 1, "z": 1}, r"unknown fields \['z'\]"),
        ({"x": 1}, "no '@' tag"),
        (
            {"@": "codec-test/shape", "name": "s", "corners": [{"x": 1}], "tags": [], "loose": []},
            "no '@' tag",
        ),
    ],
)
def test_bad_saved_values_are_clear_errors(data: Any, problem: str) -> None:
    with pytest.raises(SavedStateError, match=problem):
        decode(data)


@saved("codec-test/positive")
@attrs.frozen
class Positive:
    n: int = attrs.field(validator=attrs.validators.gt(0))


def test_a_value_that_does_not_construct_is_a_saved_state_error() -> None:
    assert decode(encode(Positive(2))) == Positive(2)
    with pytest.raises(SavedStateError, match="codec-test/positive: cannot be read back"):
        decode({"@": "codec-test/positive", "n": 0})


# -- whole states -------------------------------------------------------------------------------


def some_states(game: str) -> list[wargames.GameState]:
    """The first steps of a seeded game: tasks of several kinds on the stack."""
    match = wargames.Match(
        wargames.load(game),
        seed=3,
        agents=dict.fromkeys(type(wargames.load(game)).players, wargames.agent(game, "random", 3)),
    )
    match.run(max_steps=40)
    return match.states[::8]


@pytest.mark.parametrize("game", GAMES)
def test_states_of_every_game_round_trip_through_the_codec(game: str) -> None:
    for state in some_states(game):
        data = through_text(state.to_json())
        assert data["game"] == type(state).game and data["format"] == codec.FORMAT == 3
        assert data["@"] == codec.tag_of(type(state))
        back = type(state).from_json(data)
        assert back == state and back.to_json() == data


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("old", [1, 2, None, "3"])
def test_a_state_saved_in_another_format_is_refused(game: str, old: Any) -> None:
    state = wargames.load(game)
    data = dict(state.to_json(), format=old)
    with pytest.raises(SavedStateError, match=f"format {old!r}: this version reads format 3"):
        type(state).from_json(data)


@pytest.mark.parametrize("game", GAMES)
def test_a_state_of_another_game_is_refused(game: str) -> None:
    state = wargames.load(game)
    data = dict(state.to_json(), game="chess")
    with pytest.raises(SavedStateError, match=f"a saved state of 'chess', not of '{game}'"):
        type(state).from_json(data)


def test_a_saved_state_missing_a_field_is_refused() -> None:
    state = wargames.load("armageddon")
    data = state.to_json()
    del data["turn"]
    with pytest.raises(SavedStateError, match="missing field 'turn'"):
        type(state).from_json(data)


def test_the_state_tag_must_name_the_class_or_a_subclass() -> None:
    wargames.load("warmaster")  # its state class registers the tag (whatever ran before)
    state = wargames.load("armageddon")
    data = dict(state.to_json(), **{"@": "warmaster/state"})
    with pytest.raises(SavedStateError, match="is a warmaster/state, not a"):
        type(state).from_json(data)


@pytest.mark.parametrize(
    ("scenario", "tag"),
    [("the-long-ridge", "ancients/armageddon"), ("twin-valleys", "ancients/epic")],
)
def test_a_variant_state_reads_back_through_its_base_class(scenario: str, tag: str) -> None:
    from wargames.ancients.state import AncientsState

    state = wargames.load("ancients", scenario=scenario)
    data = through_text(state.to_json())
    assert data["@"] == tag
    back = AncientsState.from_json(data)
    assert type(back) is type(state) and back == state


def test_a_horde_unit_is_saved_as_its_profile_and_what_changed() -> None:
    state = wargames.load("horde")
    unit = state.to_json()["units"][0]
    assert unit["@"] == "horde/unit" and isinstance(unit["profile"], str)
    assert "characteristics" not in json.dumps(unit)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.quick(1)
def test_a_state_reads_back_in_a_fresh_process(game: str) -> None:
    """The state class declares the modules of its saved classes; nothing else need have been
    imported (no game played) for a saved state to read back."""
    state = some_states(game)[-1]
    cls = type(state)
    script = (
        "import json, sys, importlib\n"
        f"cls = getattr(importlib.import_module({cls.__module__!r}), {cls.__name__!r})\n"
        "data = json.load(sys.stdin)\n"
        "print(json.dumps(cls.from_json(data).to_json(), sort_keys=True))\n"
    )
    text = json.dumps(state.to_json(), sort_keys=True)
    done = subprocess.run(
        [sys.executable, "-c", script], input=text, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == text


def test_records_do_not_depend_on_the_saved_state_format() -> None:
    record = wargames.play(
        "armageddon", agents={"orks": "random", "imperium": "random"}, seed=5, max_steps=60
    )
    again = wargames.replay(json.loads(json.dumps(record.to_json())))
    assert [str(a) for a in again.actions] == list(record.actions)


def test_a_plain_subclass_is_saved_under_its_registered_base() -> None:
    class Loud(Point):
        """Behaviour only: the same fields."""

    data = encode(Loud(1, 2))
    assert data == {"@": "codec-test/point", "x": 1, "y": 2}
    assert decode(data) == Point(1, 2)

    @attrs.frozen
    class Moved(Point):
        z: int = 0

    with pytest.raises(TypeError, match="Moved is not registered for saving"):
        encode(Moved(1))


def test_a_state_reads_back_as_the_plain_subclass_it_is_read_through() -> None:
    from toy_game import ToyState

    class Quiet(ToyState):
        """Behaviour only."""

    state = Quiet(pot=3)
    data = through_text(state.to_json())
    assert data["@"] == "toy/state"
    back = Quiet.from_json(data)
    assert type(back) is Quiet and back == state
    assert type(ToyState.from_json(data)) is ToyState
