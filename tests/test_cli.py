"""The ``wargames`` command, run in-process on the toy game (tests/toy_game.py)."""

from __future__ import annotations

import io
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
import toy_game

import wargames
from wargames import cli
from wargames.cli import main
from wargames.core import registry
from wargames.core.engine import Action, GameState


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    toy_game.install(monkeypatch)
    yield
    registry.game.cache_clear()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_error(err: str) -> str:
    """The single ``wargames: error:`` line of stderr (and nothing else)."""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("wargames: error: "), err
    assert "Traceback" not in err
    return lines[0]


class TTY(io.StringIO):
    def isatty(self) -> bool:
        return True


# -- games, scenarios, odds ------------------------------------------------------------------


def test_games_lists_ids_and_titles(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "games")
    assert code == 0 and err == ""
    assert any(line.split()[:1] == ["toy"] and "Toy dice race" in line for line in out.splitlines())


def test_games_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    rows = {row["id"]: row for row in json.loads(out)["games"]}
    assert rows["toy"] == {"id": "toy", "title": "Toy dice race", "players": ["red", "blue"]}


def test_games_survives_a_broken_plugin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    specs = {**registry._specs(), "broken": "no_such_module_here:GAME"}
    monkeypatch.setattr(registry, "_specs", lambda: specs)
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "broken" in out and "unavailable" in out
    code, _, err = run(capsys, "play", "broken")
    assert code == 2
    assert "cannot load game 'broken'" in one_error(err)


def test_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenarios", "toy")
    assert code == 0
    assert out.splitlines() == ["default  The Short Race (default)", "long     The Long Race"]
    code, out, _ = run(capsys, "scenarios", "toy", "--json")
    assert json.loads(out) == {
        "game": "toy",
        "default": "default",
        "scenarios": ["default", "long"],
        "info": [
            {"id": "default", "title": "The Short Race", "description": "race to 10 points"},
            {"id": "long", "title": "The Long Race", "description": "race to 30 points"},
        ],
    }
    code, out, _ = run(capsys, "scenarios", "toy", "--long")
    assert code == 0
    assert out.splitlines() == [
        "default  The Short Race (default)",
        "         race to 10 points",
        "long     The Long Race",
        "         race to 30 points",
    ]


def test_odds_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "toy", "2")
    assert code == 0
    assert out.strip() == toy_game.odds(["2"])["text"]
    code, out, _ = run(capsys, "odds", "toy", "2", "--json")
    assert code == 0
    assert json.loads(out) == toy_game.odds(["2"])


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["odds", "toy", "two"], "toy odds"),
        (["odds"], "GAME"),
        (["odds", "nope", "1"], "unknown game 'nope'"),
    ],
)
def test_odds_errors(capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert expected in one_error(err)


def test_odds_missing(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toy_game, "GAME", attrs.evolve(toy_game.GAME, odds=None))
    registry.game.cache_clear()
    code, _, err = run(capsys, "odds", "toy", "1")
    assert code == 2
    assert "no odds calculator" in one_error(err)


# -- play ------------------------------------------------------------------------------------


def test_play_prints_a_log_by_turn_then_the_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "toy", "--seed", "5", "--blue", "greedy")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Toy dice race — scenario default, seed 5 (red: random, blue: greedy)"
    assert lines[1] == "Turn 1"
    assert lines[-1].startswith("Outcome: ")
    moves = [line.split(": ", 1) for line in lines[1:-1] if not line.startswith("Turn ")]
    assert all(line.startswith("  ") for line in lines[2:-1] if not line.startswith("Turn "))
    record = wargames.play("toy", agents={"blue": "greedy"}, seed=5)
    assert [action for _, action in moves] == list(record.actions)
    for who, action in moves:
        assert who.strip() in ("chance", "red", "blue")
        assert (who.strip() == "chance") == action.startswith("roll ")
    assert record.outcome is not None
    assert str(record.outcome) in lines[-1]


def test_play_json_is_exactly_the_record(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "toy", "--seed", "11", "--red", "greedy", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)  # one JSON object and nothing else
    assert isinstance(data, dict)
    expected = wargames.play("toy", agents={"red": "greedy"}, seed=11)
    assert data == expected.to_json()
    assert data["options"] == {"turn_limit": 50}  # bot-only games get bot_options


def test_play_same_seed_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "play", "toy", "--seed", "2")
    second = run(capsys, "play", "toy", "--seed", "2")
    assert first == second


def test_play_without_seed_reports_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "toy", "--json")
    assert code == 0
    assert isinstance(json.loads(out)["seed"], int)


def test_play_quiet_prints_only_the_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "toy", "--seed", "1", "--quiet")
    assert code == 0
    assert len(out.splitlines()) == 1 and out.startswith("Outcome: ")


def test_play_max_steps_stops_early(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "toy", "--seed", "1", "--max-steps", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert len(data["actions"]) == 3 and data["outcome"] is None
    code, out, _ = run(capsys, "play", "toy", "--seed", "1", "--max-steps", "3")
    assert code == 0
    assert out.splitlines()[-1] == "Stopped after 3 actions: the game is not over."


def test_play_scenario_by_name_and_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "play", "toy", "--scenario", "long", "--seed", "3", "--quiet")
    assert code == 0 and "reached 30 points" in out
    good = tmp_path / "short.toml"
    good.write_text("target = 3\n", encoding="utf-8")
    code, out, _ = run(capsys, "play", "toy", "--scenario", str(good), "--seed", "3", "--json")
    assert code == 0
    assert json.loads(out)["scenario"] == str(good)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("target = 'ten'\n", "target: expected an integer"),
        ("target = 0\n", "target: must be at least 1"),
        ("turn_limit = 3\n", "target: missing key"),
        ("target = [\n", "(syntax)"),
    ],
)
def test_play_bad_scenario_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, expected: str
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "play", "toy", "--scenario", str(bad))
    assert code == 2 and out == ""
    line = one_error(err)
    assert "bad scenario" in line and str(bad) in line and expected in line


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["play", "nope"], "unknown game 'nope'; installed:"),
        (["play"], "required: GAME"),
        (["play", "toy", "--red", "bogus"], "argument --red: invalid choice: 'bogus'"),
        (["play", "toy", "--green", "random"], "unrecognized arguments: --green"),
        (["play", "toy", "--seed", "x"], "argument --seed: expected a whole number"),
        (["play", "toy", "--seed", "-1"], "argument --seed"),
        (["play", "toy", "--scenario", "nowhere"], "unknown scenario 'nowhere'"),
        (["play", "toy", "--scenario", "/no/such/file.toml"], "cannot read"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        ([], "required: COMMAND"),
        (["scenarios", "nope"], "unknown game 'nope'"),
    ],
)
def test_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert expected in one_error(err)


def test_help_and_version_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "toy", "--help")
    assert code == 0 and "--red AGENT" in out and "--blue AGENT" in out and "human" in out
    code, out, _ = run(capsys, "play", "--help")
    assert code == 0 and "GAME" in out
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "replay" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"wargames {wargames.__version__}"


class _Cheat:
    def act(self, view: GameState) -> Action:
        return toy_game.Hold()  # illegal whenever the pot is empty


def test_a_bot_that_breaks_the_rules(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    agents = {**toy_game.GAME.agents, "cheat": lambda seed, player: _Cheat()}
    monkeypatch.setattr(toy_game, "GAME", attrs.evolve(toy_game.GAME, agents=agents))
    registry.game.cache_clear()
    code, _, err = run(capsys, "play", "toy", "--red", "cheat", "--json")
    assert code == 2
    line = one_error(err)
    assert "red's agent cheat" in line and "TOY-HOLD-01" in line


def test_an_unexpected_error_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(scenario: str | None, options: Any) -> GameState:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(toy_game, "GAME", attrs.evolve(toy_game.GAME, new=explode))
    registry.game.cache_clear()
    code, _, err = run(capsys, "play", "toy")
    assert code == 2
    assert one_error(err) == "wargames: error: RuntimeError: boom second line"


# -- progress --------------------------------------------------------------------------------


def test_progress_dots_only_on_a_tty(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    tty = TTY()
    monkeypatch.setattr(sys, "stderr", tty)
    assert main(["play", "toy", "--scenario", "long", "--seed", "4", "--json"]) == 0
    dots = tty.getvalue()
    turns = json.loads(capsys.readouterr().out)["outcome"]["turn"]
    assert dots == "." * (turns - 1) + "\n"
    code, _, err = run(capsys, "play", "toy", "--scenario", "long", "--seed", "4", "--json")
    assert code == 0 and err == ""  # stderr is not a TTY under capsys


# -- the human agent -------------------------------------------------------------------------


def test_human_player(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # red types a bad line, a bad number, an illegal action, then always rolls (number or
    # notation); it never holds, so the cautious blue bot wins.
    lines = ["dance", "7", "hold", "", "?"] + ["1", "roll"] * 200
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, err = run(capsys, "play", "toy", "--red", "human", "--blue", "greedy", "--seed", "9")
    assert code == 0, err
    assert "turn 1 · red 0, blue 0 · red to play" in out  # str(state)
    assert "  1. roll" in out
    assert "cannot read 'dance'" in out
    assert "there is no action 7" in out
    assert "'hold' is not legal now (TOY-HOLD-01" in out
    assert "red: roll" in out and "chance: roll " in out
    assert out.splitlines()[-1].startswith("Outcome: blue win")


def test_human_player_with_json_prompts_on_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("roll\n" * 400))
    code, out, err = run(capsys, "play", "toy", "--red", "human", "--blue", "greedy", "--json")
    assert code == 0
    record = json.loads(out)
    assert record["options"] == {}  # a human in the game: no bot_options
    assert "red> " in err


def test_human_end_of_input_saves_and_exits_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("roll\n"))
    code, _, err = run(capsys, "play", "toy", "--red", "human", "--blue", "human", "--seed", "3")
    assert code == 2
    line = one_error(err)
    assert "end of input" in line and "saved in wargames-toy-3.json" in line
    saved = json.loads((tmp_path / "wargames-toy-3.json").read_text(encoding="utf-8"))
    assert saved["actions"][0] == "roll" and saved["agents"] == {"red": "human", "blue": "human"}


# -- replay ----------------------------------------------------------------------------------


def _record_file(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> dict[str, Any]:
    code, out, _ = run(capsys, "play", "toy", "--seed", "8", "--json", *extra)
    assert code == 0
    path.write_text(out, encoding="utf-8")
    data: dict[str, Any] = json.loads(out)
    return data


def test_replay_reproduces_the_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = tmp_path / "game.json"
    _record_file(capsys, file, "--blue", "greedy")
    code, played, _ = run(capsys, "play", "toy", "--seed", "8", "--blue", "greedy")
    code, replayed, err = run(capsys, "replay", str(file))
    assert code == 0 and err == ""
    assert replayed.splitlines()[0] == "Toy dice race — scenario default, seed 8"
    assert replayed.splitlines()[1:] == played.splitlines()[1:]


def test_replay_json_and_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    file = tmp_path / "game.json"
    record = _record_file(capsys, file)
    monkeypatch.setattr(sys, "stdin", io.StringIO(file.read_text(encoding="utf-8")))
    code, out, _ = run(capsys, "replay", "-", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["record"] == record
    assert data["outcome"] == record["outcome"]
    assert [e["action"] for e in data["log"]] == record["actions"]
    assert data["log"][0] == {"player": "red", "action": "roll", "turn": 1}
    assert data["log"][1]["player"] == "chance"


def test_replay_of_an_unfinished_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = tmp_path / "game.json"
    _record_file(capsys, file, "--max-steps", "4")
    code, out, _ = run(capsys, "replay", str(file), "--quiet")
    assert code == 0
    assert out == "Stopped after 4 actions: the game is not over.\n"


def _edited(path: Path, **changes: Any) -> Path:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(changes)
    out = path.with_name("edited.json")
    out.write_text(json.dumps(data), encoding="utf-8")
    return out


def test_replay_detects_a_different_outcome(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = tmp_path / "game.json"
    record = _record_file(capsys, file)
    loser = "red" if record["outcome"]["winner"] == "blue" else "blue"
    edited = _edited(file, outcome={**record["outcome"], "winner": loser})
    code, _, err = run(capsys, "replay", str(edited))
    assert code == 2
    assert "differs from the recorded one" in one_error(err)


def test_replay_illegal_action_names_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = tmp_path / "game.json"
    record = _record_file(capsys, file)
    edited = _edited(file, actions=["roll", "roll 3", "roll", "roll 4", "hold", "hold"])
    code, _, err = run(capsys, "replay", str(edited))
    assert code == 2
    line = one_error(err)
    assert "action 6 ('hold') cannot be replayed" in line and "TOY-HOLD-01" in line
    edited = _edited(file, actions=[*record["actions"][:2], "jump"])
    code, _, err = run(capsys, "replay", str(edited))
    assert code == 2
    assert "action 3 ('jump')" in one_error(err)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "not a game record (expected a JSON object)"),
        ('{"game": "toy"}', "not a game record: scenario: missing"),
        (
            '{"game": "nope", "scenario": "default", "actions": [], "outcome": null}',
            "unknown game 'nope'",
        ),
        pytest.param("[" * 100_000 + "]" * 100_000, "nested too deeply", id="deep-json"),
        pytest.param(
            '{"game": "toy", "scenario": null, "actions": [' + "[" * 50 + "]" * 50 + "]}",
            "actions[0]: expected an action's notation, got [[[...]]]",
            id="deep-action",
        ),
        pytest.param(b"\xff\xfe{}", "not UTF-8", id="not-utf8"),
    ],
)
def test_replay_bad_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | bytes, expected: str
) -> None:
    file = tmp_path / "bad.json"
    if isinstance(content, bytes):
        file.write_bytes(content)
    else:
        file.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "replay", str(file))
    assert code == 2 and out == ""
    assert expected in one_error(err)


def test_replay_reads_only_a_regular_file_of_bounded_size(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A device (``/dev/zero`` never ends), a FIFO (opening it would wait for a writer) and a
    file over the size limit are refused at once, in one line."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for name in ("/dev/zero", str(fifo)):
        code, _, err = run(capsys, "replay", name)
        assert code == 2 and "not a regular file" in one_error(err)
    big = tmp_path / "big.json"
    big.write_text(" " * 2048 + "{}", encoding="utf-8")
    monkeypatch.setattr(cli.replay, "MAX_RECORD_BYTES", 1024)
    code, _, err = run(capsys, "replay", str(big))
    assert code == 2 and "larger than 1 KiB" in one_error(err)


def test_replay_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2
    assert "cannot read" in one_error(err) and "No such file" in err


# -- options from the schema -----------------------------------------------------------------


def test_options_lists_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "options", "toy")
    assert code == 0 and err == ""
    assert out.splitlines() == [
        "target (--target INT)",
        "    points to bank to win",
        "    type: int; default: the scenario's; allowed: 1..1000",
        "turn_limit (--turn-limit INT)",
        "    a draw after N turns",
        "    type: int; default: none; allowed: 1..1000",
    ]
    code, out, _ = run(capsys, "options", "toy", "--json")
    rows = json.loads(out)["options"]
    assert [(r["name"], r["flag"], r["type"], r["low"], r["high"]) for r in rows] == [
        ("target", "--target", "int", 1, 1000),
        ("turn_limit", "--turn-limit", "int", 1, 1000),
    ]


def test_options_of_the_shipped_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "options", "armageddon")
    assert code == 0 and out.strip() == "armageddon takes no options"
    code, out, _ = run(capsys, "options", "warmaster")
    assert "turn_cap (--turn-cap INT)" in out and "allowed: 0..1000" in out
    assert "warp_instability (--warp-instability / --no-warp-instability)" in out
    code, out, _ = run(capsys, "options", "ancients")
    assert "players (--players INT_OR_PAIR)" in out and "type: int or pair" in out
    assert "helmets (--helmets {attached-or-adjacent,attached-only})" in out
    code, out, _ = run(capsys, "options", "horde")
    assert "rules (--rules PRESET_OR_READINGS)" in out and "catalogue, printed" in out


def test_play_flags_come_from_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "toy", "--help")
    assert code == 0 and "--target INT" in out and "--turn-limit INT" in out
    assert "--players" not in out  # only a game that declares the option has the flag
    code, out, _ = run(capsys, "play", "toy", "--target", "3", "--seed", "2", "--json")
    assert code == 0
    record = json.loads(out)
    assert record["options"] == {"turn_limit": 50, "target": 3}  # the bots' cap, then ours
    assert record == wargames.play("toy", seed=2, target=3).to_json()
    code, out, _ = run(capsys, "play", "warmaster", "--help")
    assert "--warp-instability, --no-warp-instability" in out and "--turn-cap INT" in out
    code, out, _ = run(capsys, "play", "ancients", "--help")
    assert "--players INT_OR_PAIR" in out and "--move-fire-move" in out


def test_play_passes_each_kind_of_option(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--seed", "1", "--json", "--max-steps", "3"]
    code, out, _ = run(capsys, "play", "warmaster", "--no-warp-instability", *argv)
    assert code == 0 and json.loads(out)["options"]["warp_instability"] is False
    code, out, _ = run(
        capsys, "play", "ancients", "--scenario", "the-long-ridge", "--players", "1,3", *argv
    )
    assert code == 0 and json.loads(out)["options"]["players"] == [1, 3]
    code, out, _ = run(capsys, "play", "horde", "--rules", '{"tearing": "best-of-two"}', *argv)
    assert code == 0 and json.loads(out)["options"]["rules"] == {"tearing": "best-of-two"}


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["play", "toy", "--target", "0"], "argument --target: must be between 1 and 1000, got 0"),
        (["play", "toy", "--target", "many"], "argument --target: expected a whole number"),
        (["play", "armageddon", "--players", "2"], "unrecognized arguments: --players 2"),
        (["play", "horde", "--rules", "house"], "argument --rules: unknown preset 'house'"),
        (["play", "ancients", "--players", "2"], "only an 'Armageddon' or Epic scenario"),
        (["options", "armagedon"], "unknown game 'armagedon'; installed:"),
        (["play", "toy", "--scenario", "lnog"], "unknown scenario 'lnog'; shipped: default, long"),
        (["odds", "warmastr", "9", "5"], "did you mean 'warmaster'?"),
    ],
)
def test_option_and_name_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert expected in one_error(err)


def test_replay_of_a_record_with_a_bad_option(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = wargames.play("toy", seed=3).to_json()
    record["options"] = {"target": -5}
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(record), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(file))
    assert code == 2
    assert "toy option 'target': must be between 1 and 1000, got -5" in one_error(err)


# -- bounds of every number the command takes ------------------------------------------------

TOP_SEED = str(2**128 - 1)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (
            ["play", "toy", "--seed", str(2**128)],
            "--seed: expected a whole number from 0 to 2**128",
        ),
        (["play", "toy", "--seed", "9" * 5000], "--seed: expected a whole number from 0"),
        (["play", "toy", "--seed", "1.5"], "--seed: expected a whole number from 0"),
        (["play", "toy", "--max-steps", "1000001"], "--max-steps: expected a whole number"),
        (["play", "toy", "--max-steps", "-1"], "from 0 to 1,000,000, got -1"),
        (["odds", "ancients", "MI", "HI", "--bonus", "10000"], "--bonus: expected a whole"),
        (["odds", "ancients", "MI", "HI", "--bonus", "7"], "from 0 to 6, got 7"),
        (["odds", "ancients", "MI", "HI", "--blocks", "5"], "--blocks: expected a whole number"),
        (["odds", "ancients", "LB", "MI", "--ranged", "--moved", "7"], "--moved: expected"),
        (["odds", "armageddon", "367", "1"], "attack: expected a whole number from 1 to 366"),
        (["odds", "armageddon", "6", "402"], "defence: expected a whole number from 0 to 401"),
        (
            ["odds", "armageddon", "6", "2", "-m", "6"],
            "--modifier: expected a whole number from -5",
        ),
        (["odds", "armageddon", "x", "2"], "invalid int value"),
        (["odds", "warmaster", "223", "5"], "attack: expected a whole number from 1 to 222"),
        (["odds", "warmaster", "9", "219"], "defence: expected a whole number from 0 to 218"),
        (["odds", "warmaster", "9" * 5000, "5"], "digits is no total"),
        (
            [
                "odds",
                "horde",
                "stormtroopers",
                "cultists",
                "--melee",
                "--defender-magnitude",
                "1001",
            ],
            "--defender-magnitude: expected a whole number from 0 to 1000",
        ),
        (
            ["odds", "horde", "stormtroopers", "cultists", "--melee", "--received", "101"],
            "--received: expected a whole number from 0 to 100",
        ),
        (
            [
                "odds",
                "horde",
                "stormtroopers",
                "cultists",
                "--melee",
                "--engaged",
                "9,9,9,9,9,9,9,9,9",
            ],
            "--engaged: expected at most 8",
        ),
    ],
)
def test_every_number_is_bounded_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert expected in one_error(err)


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "toy", "--seed", TOP_SEED, "--max-steps", "1000000", "--quiet"],
        ["play", "toy", "--seed", "0", "--max-steps", "0", "--quiet"],
        ["odds", "ancients", "MI", "HI", "--bonus", "6"],
        ["odds", "ancients", "MI", "HI", "--blocks", "4"],
        ["odds", "ancients", "LB", "MI", "--ranged", "--moved", "6"],
        ["odds", "armageddon", "366", "401", "-m", "-5"],
        ["odds", "armageddon", "1", "0", "-m", "5"],
        ["odds", "warmaster", "222", "218"],
        ["odds", "warmaster", "1", "0"],
        ["odds", "horde", "stormtroopers", "cultists", "--melee", "--defender-magnitude", "1000"],
        ["odds", "horde", "stormtroopers", "cultists", "--melee", "--received", "100"],
        [
            "odds",
            "horde",
            "stormtroopers",
            "cultists",
            "--melee",
            "--engaged",
            "1,1,1,1,1,1,1,1000",
        ],
    ],
)
def test_the_edge_values_are_accepted(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert out.strip()


def test_a_huge_card_bonus_is_refused_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "odds", "ancients", "MI", "HI")  # the game's data loaded: time the refusal only
    start = time.process_time()
    code, _, err = run(capsys, "odds", "ancients", "MI", "HI", "--bonus", "10000")
    assert time.process_time() - start < 0.5
    assert code == 2
    assert "--bonus: expected a whole number from 0 to 6, got 10000" in one_error(err)


def test_the_top_seed_plays_the_game_the_api_plays(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "toy", "--seed", TOP_SEED, "--json")
    assert code == 0
    assert json.loads(out) == wargames.play("toy", seed=2**128 - 1).to_json()
