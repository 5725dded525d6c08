"""wargames.core.toml_writer: scenario data written as TOML reads back as the same data."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scenario_files import scenario_files

from wargames.core.toml_writer import toml_text

FILES = scenario_files()

keys = st.text(max_size=12)
leaves = (
    st.text(max_size=30)
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.booleans()
)
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=25,
)
tables = st.dictionaries(keys, values, max_size=6)


@settings(max_examples=100, deadline=None)
@given(tables)
def test_any_plain_document_reads_back_the_same(data: dict[str, Any]) -> None:
    assert tomllib.loads(toml_text(data)) == data


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(tables)
def test_any_plain_document_reads_back_the_same_at_a_larger_budget(data: dict[str, Any]) -> None:
    """The same property as above, ten times the documents (``-m slow``)."""
    assert tomllib.loads(toml_text(data)) == data


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_scenario_file_reads_back_the_same(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    text = toml_text(data, header="A scenario written back\nby the tests")
    assert text.startswith("# A scenario written back\n# by the tests\n\n")
    assert tomllib.loads(text) == data


def test_sections_as_a_person_writes_them() -> None:
    data = {
        "title": 'The "Long" Ridge',
        "note": "two lines\nof text",
        "turns": 8,
        "board": {"size": [13, 9], "terrain": {"hill": ["A1", "B2"]}},
        "bottom": {"unit": [{"kind": "MI", "at": "C3"}, {"kind": "HI", "at": "D3"}]},
    }
    assert toml_text(data) == (
        'title = "The \\"Long\\" Ridge"\n'
        'note = """\ntwo lines\nof text"""\n'
        "turns = 8\n"
        "\n"
        "[board]\n"
        "size = [13, 9]\n"
        "\n"
        "[board.terrain]\n"
        'hill = ["A1", "B2"]\n'
        "\n"
        "[[bottom.unit]]\n"
        'kind = "MI"\n'
        'at = "C3"\n'
        "\n"
        "[[bottom.unit]]\n"
        'kind = "HI"\n'
        'at = "D3"\n'
    )


def test_what_is_not_scenario_data_is_refused() -> None:
    with pytest.raises(ValueError, match="not scenario data"):
        toml_text({"x": float("nan")})
    with pytest.raises(ValueError, match="not scenario data"):
        toml_text({"x": None})


def test_a_long_list_wraps_and_reads_back() -> None:
    data = {"counters": [f"counter-{i:03d}" for i in range(40)], "short": [1, 2]}
    text = toml_text(data)
    assert all(len(line) <= 96 for line in text.splitlines())
    assert text.startswith('counters = [\n    "counter-000", "counter-001",')
    assert "short = [1, 2]\n" in text
    assert tomllib.loads(text) == data


def test_a_key_ending_in_a_line_break_is_quoted() -> None:
    """Found by the property test: ``re.match`` with ``$`` lets a final line break through."""
    for data in ({"0\n": {}}, {"0\n": []}, {"a\n": {"b": 1}}):
        assert tomllib.loads(toml_text(data)) == data
