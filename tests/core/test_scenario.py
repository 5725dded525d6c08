"""Scenario files: every error names the file, the key path and the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from wargames.core.errors import ScenarioError, UnknownScenarioError
from wargames.core.odds import Odds
from wargames.core.scenario import (
    Node,
    data_reader,
    parse_toml,
    read_scenario,
    read_toml,
    symmetric_borders,
)

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


def test_choice_names_what_it_picks_and_may_default(root: Node) -> None:
    area = root.list("area")[0]
    assert area.choice("id", ("a", "b"), what="area id") == "a"
    assert area.choice("terrain", ("clear", "jungle"), "clear", what="terrain") == "clear"
    err = error_of(lambda: area.choice("id", ["x", "y"], what="area id"))
    assert (err.file, err.key) == ("test.toml", "area[0].id")
    assert err.problem == "unknown area id 'a'; expected one of ['x', 'y']"
    err = error_of(lambda: area.choice("terrain", ("clear",), what="terrain"))
    assert (err.key, err.problem) == ("area[0].terrain", "missing key")


CHECKS = """
[unit]
id = "guard"
side = "imperium"
attack = 3
note = "free text is allowed in every record"

[[area]]
id = "a"
tags = ["hive", "port"]

[[area]]
id = "b"
tags = ["hive", "moon", "hive"]

[[area]]
id = "a"
tags = ["port", "port"]

[[area]]
id = ""
"""


@pytest.fixture
def checks() -> Node:
    return parse_toml(CHECKS, "checks.toml")


def test_only_rejects_unknown_keys_but_not_note(checks: Node) -> None:
    unit = checks.child("unit")
    unit.only(("id", "side", "attack"))
    err = error_of(lambda: unit.only(("id", "attack")))
    assert (err.file, err.key) == ("checks.toml", "unit.side")
    assert err.problem == "unknown key; expected one of ['attack', 'id']"
    assert str(err) == "checks.toml: unit.side: unknown key; expected one of ['attack', 'id']"
    assert error_of(lambda: unit.child("id").only(("id",))).problem == "expected a table"


def test_picks_reads_distinct_known_values(checks: Node) -> None:
    areas = checks.list("area")
    tags = {"hive", "port"}
    assert areas[0].picks("tags", tags, "tag") == ("hive", "port")
    assert areas[3].picks("tags", tags, "tag") == ()
    err = error_of(lambda: areas[1].picks("tags", tags, "tag"))
    assert (err.file, err.key) == ("checks.toml", "area[1].tags[1]")
    assert err.problem == "unknown tag 'moon'; expected one of ['hive', 'port']"
    err = error_of(lambda: areas[2].picks("tags", tags, "tag"))
    assert (err.key, err.problem) == (
        "area[2].tags[1]",
        "tag 'port' is listed twice (first at area[2].tags[0])",
    )


def test_number_checks_its_range(checks: Node) -> None:
    unit = checks.child("unit")
    assert unit.number("attack") == 3
    assert unit.number("attack", least=1, most=6) == 3
    assert unit.number("defence", default=2) == 2
    err = error_of(lambda: unit.number("attack", least=4))
    assert (err.file, err.key) == ("checks.toml", "unit.attack")
    assert err.problem == "expected a whole number of at least 4, got 3"
    err = error_of(lambda: unit.number("attack", 0, 2))
    assert err.problem == "expected a whole number from 0 to 2, got 3"
    assert error_of(lambda: unit.number("defence")).key == "unit.defence"
    assert error_of(lambda: unit.number("side")).problem == "expected an integer, got 'imperium'"


def test_unique_names_the_first_place(checks: Node) -> None:
    areas = checks.list("area")
    seen: dict[str, str] = {}
    assert areas[0].unique(seen, "area id", "id") == "a"
    assert areas[1].child("id").unique(seen, "area id") == "b"
    assert seen == {"a": "area[0].id", "b": "area[1].id"}
    err = error_of(lambda: areas[2].unique(seen, "area id", "id"))
    assert (err.file, err.key) == ("checks.toml", "area[2].id")
    assert err.problem == "duplicate area id 'a' (first at area[0].id)"
    err = error_of(lambda: areas[3].unique(seen, "area id", "id"))
    assert (err.key, err.problem) == ("area[3].id", "an empty area id")


def adjacency(text: str) -> dict[str, list[Node]]:
    root = parse_toml(text, "map.toml")
    return {area.get("id", str): area.list("adjacent") for area in root.list("area")}


MAP = """
[[area]]
id = "b"
adjacent = ["a", "c"]
[[area]]
id = "a"
adjacent = ["b"]
[[area]]
id = "c"
adjacent = ["b"]
"""


def test_symmetric_borders_lists_each_border_once_sorted() -> None:
    assert symmetric_borders(adjacency(MAP)) == [("a", "b"), ("b", "c")]
    assert symmetric_borders({}) == []


@pytest.mark.parametrize(
    ("old", "new", "key", "problem"),
    [
        ('["a", "c"]', '["a", "d"]', "area[0].adjacent[1]", "unknown area 'd'"),
        ('["a", "c"]', '["a", "b"]', "area[0].adjacent[1]", "b cannot border itself"),
        ('["a", "c"]', '["a", "c", "a"]', "area[0].adjacent[2]", "a is listed twice"),
        (
            'adjacent = ["b"]\n[[area]]\nid = "c"\nadjacent = ["b"]',
            'adjacent = ["b"]\n[[area]]\nid = "c"\nadjacent = []',
            "area[0].adjacent[1]",
            "asymmetric adjacency: b lists c but c does not list b",
        ),
    ],
)
def test_symmetric_borders_errors_name_the_list_element(
    old: str, new: str, key: str, problem: str
) -> None:
    assert MAP.count(old) == 1
    err = error_of(lambda: symmetric_borders(adjacency(MAP.replace(old, new))))
    assert (err.file, err.key, err.problem) == ("map.toml", key, problem)


CRT = """
provenance = "reconstructed"

[[column]]
odds = "1-2"
rows = ["AE", "AE", "NE", "NE", "NE", "DE"]
provenance = "reconstructed"

[[column]]
odds = "2:1"
rows = ["AE", "NE", "NE", "DE", "DE", "DE"]
provenance = "rulebook"
note = "the rulebook's column"
"""
CODES = {"AE": "Attacker eliminated", "NE": "No effect", "DE": "Defender eliminated"}


def test_odds_table_reads_columns_worst_first() -> None:
    crt = parse_toml(CRT, "crt.toml").odds_table(CODES)
    assert crt.columns == (Odds(1, 2), Odds(2, 1))
    assert crt.cells[1] == ("AE", "NE", "NE", "DE", "DE", "DE")
    assert (crt.die_sides, crt.provenance, dict(crt.results)) == (6, "reconstructed", CODES)
    assert crt.result(Odds(3, 1), 6) == "DE"


@pytest.mark.parametrize(
    ("old", "new", "key", "problem"),
    [
        ('"2:1"', '"2-3"', "column[1].odds", "expected odds like '4-1' or '1-3', got '2-3'"),
        (
            '"2:1"',
            '"1-3"',
            "column[1].odds",
            "columns must run from worst to best for the attacker: 1-3 after 1-2",
        ),
        (
            '"NE", "DE"]\nprovenance = "reconstructed"',
            '"NE"]\nprovenance = "reconstructed"',
            "column[0].rows",
            "expected 6 results, one per die roll 1-6; got 5",
        ),
        (
            '["AE", "NE"',
            '["AE", "XX"',
            "column[1].rows[1]",
            "undefined result code 'XX'; defined: ['AE', 'DE', 'NE']",
        ),
        (
            'provenance = "rulebook"',
            'provenance = "rulebook"\nshift = 1',
            "column[1].shift",
            "unknown key; expected one of ['odds', 'provenance', 'rows']",
        ),
        (
            'provenance = "rulebook"',
            'provenance = "guess"',
            "column[1].provenance",
            "unknown value 'guess'",
        ),
    ],
)
def test_odds_table_errors_name_file_key_and_problem(
    old: str, new: str, key: str, problem: str
) -> None:
    assert CRT.count(old) == 1
    node = parse_toml(CRT.replace(old, new), "crt.toml")
    err = error_of(lambda: node.odds_table(CODES))
    assert (err.file, err.key) == ("crt.toml", key)
    assert err.problem.startswith(problem)


def test_odds_table_names_its_odds_and_needs_a_column() -> None:
    node = parse_toml(CRT.replace('"2:1"', '"2-2"'), "battle.toml")
    err = error_of(lambda: node.odds_table(CODES, what="a ratio"))
    assert err.problem == "expected a ratio like '4-1' or '1-3', got '2-2'"
    err = error_of(lambda: parse_toml('provenance = "inferred"', "e.toml").odds_table(CODES))
    assert (err.key, err.problem) == ("column", "missing key")
    empty = parse_toml('provenance = "inferred"\ncolumn = []', "e.toml")
    err = error_of(lambda: empty.odds_table(CODES))
    assert (err.key, err.problem) == ("column", "the table needs at least one column")


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


def test_data_reader_prefers_a_folder_s_copy(tmp_path: Path) -> None:
    shipped = data_reader("wargames.armageddon")
    assert shipped("terrain.toml").file == "wargames/armageddon/data/terrain.toml"
    (tmp_path / "terrain.toml").write_text('[[terrain]]\nid = "moon"\n', encoding="utf-8")
    read = data_reader("wargames.armageddon", tmp_path)
    assert read("terrain.toml").list("terrain")[0].get("id", str) == "moon"
    assert read("costs.toml").file == "wargames/armageddon/data/costs.toml"
    err = error_of(lambda: data_reader("wargames.armageddon", tmp_path / "nowhere"))
    assert (err.file, err.key, err.problem) == (
        str(tmp_path / "nowhere"),
        "(folder)",
        "no such folder",
    )
    err = error_of(lambda: shipped("moon.toml"))
    assert (err.file, err.key) == ("wargames/armageddon/data/moon.toml", "(file)")


def test_read_scenario_by_name_or_path(tmp_path: Path) -> None:
    shipped = read_scenario("wargames.armageddon", "campaign")
    assert shipped.file == "wargames/armageddon/scenarios/campaign.toml"
    path = tmp_path / "mine.toml"
    path.write_text("turns = 4\n", encoding="utf-8")
    assert read_scenario("wargames.armageddon", str(path)).get("turns", int) == 4
    err = error_of(lambda: read_scenario("wargames.armageddon", "no-such"))
    assert (err.file, err.key) == ("no-such", "(scenario)")
    assert err.problem == (
        "unknown scenario 'no-such'; shipped: campaign, or a path to a .toml file"
    )
    assert isinstance(err, UnknownScenarioError) and err.choices == ("campaign",)
    err = error_of(lambda: read_scenario("wargames.armageddon", str(tmp_path / "gone.toml")))
    assert err.key == "(file)" and "cannot read" in err.problem


# -- files from strangers: only regular files, bounded, UTF-8, not too deep ------------------


def test_devices_fifos_and_folders_are_refused_at_once(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)  # opening it to read would wait for a writer forever
    for path in ("/dev/zero", fifo, tmp_path):
        with pytest.raises(ScenarioError) as caught:
            read_toml(path)
        assert caught.value.file == str(path)
        assert "not a regular file" in str(caught.value) or "cannot read" in str(caught.value)


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    from wargames.core.scenario import MAX_FILE_BYTES

    big = tmp_path / "big.toml"
    big.write_text("x = 1\n" + "# padding\n" * (MAX_FILE_BYTES // 10 + 1), encoding="utf-8")
    with pytest.raises(ScenarioError, match="larger than 1024 KiB"):
        read_toml(big)


def test_bytes_that_are_not_utf8_name_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b'title = "ok"\nname = "caf\xe9"\n')
    with pytest.raises(ScenarioError, match=r"not UTF-8 text \(line 2\)"):
        read_toml(bad)


@pytest.mark.parametrize(
    "text",
    [
        "x = " + "[" * 1000 + "]" * 1000,
        "x = " + "{a = " * 1000 + "1" + "}" * 1000,
        "\n".join(f"[{'.'.join(['t'] * n)}]" for n in (40,)),
    ],
    ids=["arrays", "inline-tables", "dotted-table"],
)
def test_deep_nesting_is_an_error_not_a_crash(text: str) -> None:
    with pytest.raises(ScenarioError, match="nested deeper than 32 levels"):
        parse_toml(text, "deep.toml")


def test_shallow_files_still_read() -> None:
    assert parse_toml("x = [[1, 2], [3]]\n[a.b.c]\nd = 1\n", "ok.toml").value["a"]["b"]["c"] == {
        "d": 1
    }


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ('""', "''"),
        ('"   "', "'   '"),
        ('"a\\u0000b"', "'a\\x00b'"),
        ('"line\\nbreak"', "'line\\nbreak'"),
        ('"' + "x" * 201 + '"', "(201 characters)"),
    ],
    ids=["empty", "blank", "nul", "line-break", "too-long"],
)
def test_a_name_is_short_printable_text(value: str, shown: str) -> None:
    node = parse_toml(f"title = {value}\n", "names.toml")
    err = error_of(lambda: node.name("title"))
    assert (err.file, err.key) == ("names.toml", "title")
    assert err.problem.startswith("expected a name of 1 to 200 printable characters, got ")
    assert shown in err.problem


def test_a_name_may_default_and_keeps_its_text() -> None:
    node = parse_toml('title = "The Long Ridge \u2014 a battle"\n', "names.toml")
    assert node.name("title") == "The Long Ridge \u2014 a battle"
    assert node.name("army", "bottom") == "bottom"
    assert error_of(lambda: node.name("army")).problem == "missing key"


def test_text_allows_line_breaks_but_no_other_control_characters() -> None:
    node = parse_toml('note = """two\nlines\twith a tab"""\nbad = "a\\u0007"\n', "t.toml")
    assert node.text("note") == "two\nlines\twith a tab"
    assert node.text("absent") == ""
    err = error_of(lambda: node.text("bad"))
    assert err.key == "bad" and "printable characters" in err.problem
    long = parse_toml(f'note = "{"x" * 10_001}"\n', "t.toml")
    assert "at most 10000" in error_of(lambda: long.text("note")).problem


def test_odd_keys_are_shown_escaped_on_one_line() -> None:
    node = parse_toml('[units]\n"a\\nb" = 1\n"' + "k" * 50 + '" = 2\n', "keys.toml")
    units = node.child("units")
    err = error_of(lambda: units.only(()))
    assert err.key == "units.'a\\nb'" and "\n" not in str(err)
    assert units.error("bad", "k" * 50).key.endswith("(50 characters)")


def test_a_number_of_thousands_of_digits_is_a_syntax_error() -> None:
    with pytest.raises(ScenarioError, match="integer string conversion") as info:
        parse_toml("turns = " + "9" * 5000 + "\n", "big.toml")
    assert info.value.key == "(syntax)"


def test_a_huge_value_is_quoted_short() -> None:
    node = parse_toml(f'turns = "{"x" * 5000}"\nside = "{"y" * 5000}"\n', "huge.toml")
    err = error_of(lambda: node.get("turns", int))
    assert err.problem == f"expected an integer, got '{'x' * 40}...' (5000 characters)"
    err = error_of(lambda: node.choice("side", ("a", "b")))
    assert err.problem.startswith("unknown value 'yyy") and err.problem.endswith("(cut short)")
    assert len(err.problem) < 1100
