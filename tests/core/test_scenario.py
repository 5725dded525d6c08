"""Scenario files: every error names the file, the key path and the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from wargames.core.errors import ScenarioError
from wargames.core.scenario import Node, parse_toml, read_toml

TEXT = """
name = "Test"
turns = 8
ratio = 2
flag = true
provenance = "reconstructed"

[[area]]
id = "a"
adjacent = ["b"]

[[area]]
id = "b"
adjacent = ["a", "c"]

[[area]]
id = "c"
adjacent = ["b"]

[[area]]
id = "d"
adjacent = ["c", 4]
"""


@pytest.fixture
def root() -> Node:
    return parse_toml(TEXT, "test.toml")


def error_of(fn: object) -> ScenarioError:
    assert callable(fn)
    with pytest.raises(ScenarioError) as info:
        fn()
    return info.value


def test_values_of_the_right_type(root: Node) -> None:
    assert root.get("name", str) == "Test"
    assert root.get("turns", int) == 8
    assert root.get("ratio", float) == 2.0 and isinstance(root.get("ratio", float), float)
    assert root.get("flag", bool) is True
    assert root.get("absent", int, 3) == 3
    assert root.provenance() == "reconstructed"
    assert [n.get("id", str) for n in root.list("area")] == ["a", "b", "c", "d"]
    assert root.list("nothing", default_empty=True) == []
    assert root.map(lambda n: n.get("id", str), "area") == ["a", "b", "c", "d"]


def test_key_path_names_list_indices(root: Node) -> None:
    bad = root.list("area")[3].list("adjacent")[1]
    err = error_of(lambda: bad.as_(str))
    assert err.file == "test.toml"
    assert err.key == "area[3].adjacent[1]"
    assert "expected a string, got 4" in err.problem
    assert str(err) == "test.toml: area[3].adjacent[1]: expected a string, got 4"
    strings_err = error_of(lambda: root.list("area")[3].strings("adjacent"))
    assert strings_err.key == "area[3].adjacent[1]"


def test_missing_key_names_its_path(root: Node) -> None:
    err = error_of(lambda: root.list("area")[2].get("terrain", str))
    assert (err.key, err.problem) == ("area[2].terrain", "missing key")
    assert error_of(lambda: root.child("nope")).key == "nope"


def test_bool_is_not_an_integer(root: Node) -> None:
    err = error_of(lambda: root.get("flag", int))
    assert (err.key, err.problem) == ("flag", "expected an integer, got True")
    assert error_of(lambda: root.get("flag", float)).key == "flag"


def test_wrong_types(root: Node) -> None:
    assert error_of(lambda: root.get("name", int)).problem == "expected an integer, got 'Test'"
    assert error_of(lambda: root.get("turns", str)).problem == "expected a string, got 8"
    assert error_of(lambda: root.child("name").keys()).problem == "expected a table"
    assert error_of(lambda: list(root.child("name").items())).problem == "expected a list"


def test_choice_rejects_unknown_values(root: Node) -> None:
    assert root.choice("name", {"Test", "Other"}) == "Test"
    err = error_of(lambda: root.choice("name", {"A", "B"}))
    assert err.key == "name"
    assert err.problem == "unknown value 'Test'; expected one of ['A', 'B']"
    err = error_of(lambda: parse_toml('provenance = "guess"', "p.toml").provenance())
    assert (err.file, err.key) == ("p.toml", "provenance")


def test_syntax_error_names_file() -> None:
    err = error_of(lambda: parse_toml("name = = 3", "broken.toml"))
    assert (err.file, err.key) == ("broken.toml", "(syntax)")
    assert str(err).startswith("broken.toml: (syntax): ")


def test_read_toml_from_disk(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text("turns = 3\n", encoding="utf-8")
    assert read_toml(path).get("turns", int) == 3
    err = error_of(lambda: read_toml(tmp_path / "missing.toml"))
    assert err.key == "(file)" and "cannot read" in err.problem
    err = error_of(lambda: root_of_top_level_error())
    assert err.key == "(top level)"


def root_of_top_level_error() -> None:
    raise parse_toml("", "e.toml").error("empty scenario")
