"""The ``wargames`` command's scenario checks and its answers to misspelt and bad input:
``check``, "did you mean", titles in ``scenarios``, odds at a defence of 0, and one-line errors
from ``odds`` and ``replay`` whatever they are given."""

from __future__ import annotations

from pathlib import Path

import pytest

from wargames.cli import main

SCENARIOS = Path(__file__).parents[1] / "scenarios"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("wargames: error: "), err
    return lines[0]


# -- check -----------------------------------------------------------------------------------


def test_check_a_clean_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(SCENARIOS / "horde" / "waaagh.toml")
    code, out, err = run(capsys, "check", path)
    assert code == 0 and err == ""
    assert out.splitlines() == [
        f"{path}: ok",
        "  game:     horde (Horde mass combat (P-Scale battles))",
        "  title:    The Green Tide",
        "  sides:    blue, red",
        "  length:   10 battle rounds",
    ]


def test_check_lists_every_problem(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (SCENARIOS / "warmaster" / "spearhead.toml").read_text(encoding="utf-8")
    text = text.replace('bridge_control = "traitor"', 'bridge_control = "chaos"')
    text = text.replace("horus = 1", "horus = 1\nfulgrim = 1").replace("trap = 2", "trap = -2")
    path = tmp_path / "spearhead.toml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "check", str(path), "--game", "warmaster")
    assert code == 2
    assert [line.split(": ")[1] for line in out.splitlines()] == [
        "traitor.face_down.fulgrim",
        "traitor.face_down.trap",
        "bridge_control",
    ]
    assert err.strip() == "3 problems in this warmaster scenario"


def test_check_bad_arguments(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "check", str(SCENARIOS / "horde" / "waaagh.toml"), "--game", "hord")
    assert code == 2 and "did you mean 'horde'?" in one_error(err)
    code, out, _ = run(capsys, "check", str(tmp_path / "missing.toml"))
    assert code == 2 and out.startswith(f"{tmp_path / 'missing.toml'}: (file): cannot read")


# -- did you mean ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["scenarios", "armagedon"], "did you mean 'armageddon'?"),
        (["play", "armagedon"], "did you mean 'armageddon'?"),
        (["play", "armageddon", "--scenario", "campain"], "did you mean 'campaign'?"),
        (["play", "armageddon", "--orks", "gredy"], "did you mean 'greedy'?"),
        (["play", "warmaster", "--turn-cpa", "3"], "did you mean '--turn-cap'?"),
        (["options", "warmastr"], "did you mean 'warmaster'?"),
        (["scenario", "horde"], "did you mean 'scenarios'?"),
        (["replay", "--jsn", "x.json"], "did you mean '--json'?"),
        (["odds", "ancient"], "did you mean 'ancients'?"),
    ],
)
def test_did_you_mean(capsys: pytest.CaptureFixture[str], argv: list[str], hint: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and one_error(err).split(" (see ")[0].endswith(hint)


# -- scenarios, odds ---------------------------------------------------------------------------


def test_scenarios_list_titles(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenarios", "ancients")
    assert code == 0
    assert "river-crossing  The Ford at Dawn (default)" in out.splitlines()
    assert "the-long-ridge  The Long Ridge" in out.splitlines()


@pytest.mark.rule("BFA-GAP-14")
def test_odds_on_no_defence(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "armageddon", "5", "0")
    first = out.splitlines()[0]
    assert code == 0 and "5000" not in out
    assert first.startswith("5 against 0: no defence") and "the highest column, 6-1" in first
    code, out, _ = run(capsys, "odds", "armageddon", "5", "0", "--json")
    assert '"odds": "no defence"' in out and '"column": "6-1"' in out


BAD_ODDS = [
    [],
    ["armageddon"],
    ["armageddon", "x", "1"],
    ["armageddon", "1"],
    ["armageddon", "0", "3"],
    ["armageddon", "-1", "3"],
    ["armageddon", "3", "-1"],
    ["armageddon", "1", "2", "3"],
    ["armageddon", "9" * 30, "1"],
    ["armageddon", "5", "1", "--modifier", "x"],
    ["armageddon", "5", "1", "--modifier", "99"],
    ["armageddon", "5", "1", "--reroll", "QQ"],
    ["armageddon", "5", "1", "--bogus"],
    ["armageddon", "", "5"],
    ["warmaster"],
    ["warmaster", "x", "y"],
    ["warmaster", "emperor,nobody", "3"],
    ["warmaster", "5", "5", "--policy", "x"],
    ["warmaster", ",", ","],
    ["horde"],
    ["horde", "--melee", "--weapon", "zz"],
    ["horde", "--melee", "--attacker-magnitude", "-5"],
    ["horde", "--melee", "--data", "/nonexistent"],
    ["ancients", "--terrain", "nowhere"],
    ["ancients", "--bonus", "x"],
    ["ancients", "--blocks", "999999"],
    ["nogame", "1", "2"],
]


@pytest.mark.parametrize("argv", BAD_ODDS, ids=[" ".join(a) or "(none)" for a in BAD_ODDS])
def test_odds_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _, err = run(capsys, "odds", *argv)
    assert code == 2
    one_error(err)


BAD_RECORDS = {
    "not-json": "not json",
    "empty-object": "{}",
    "a-list": "[1, 2]",
    "not-utf8": b"\xff\xfe",
    "bad-seed": '{"game": "armageddon", "seed": "x", "actions": []}',
    "bad-action": '{"game": "armageddon", "seed": 1, "actions": ["xx"], "scenario": "campaign"}',
    "a-path": '{"game": "armageddon", "seed": 1, "actions": [], "scenario": "/etc/passwd"}',
    "no-game": '{"game": "zzz", "seed": 1, "actions": []}',
    "huge-seed": '{"game": "armageddon", "seed": 1e999, "actions": []}',
    "bad-option": '{"game": "armageddon", "seed": 1, "actions": [], "options": {"x": 1}}',
    "bad-types": '{"game": "armageddon", "seed": 1, "actions": {}, "options": []}',
    "deep": "[" * 100_000,
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_replay_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    path = tmp_path / f"{name}.json"
    content = BAD_RECORDS[name]
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    one_error(err)


@pytest.mark.parametrize("argv", [[], ["/nonexistent.json"], [".", "--quiet"], ["a", "b"]])
def test_replay_bad_arguments_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, _, err = run(capsys, "replay", *argv)
    assert code == 2
    one_error(err)
