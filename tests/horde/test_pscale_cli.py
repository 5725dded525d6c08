"""The ``wargames`` command with the horde battle: play, scenarios, replay and odds, through
the registry."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from wargames.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_the_default_battle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "horde", "--seed", "1", "--quiet")
    assert code == 0 and err == ""
    assert out.startswith("Outcome: ") and ("Turning Points" in out or "broke" in out)


def test_play_a_scenario_and_replay_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "play", "horde", "--scenario", "mirror", "--seed", "4", "--json")
    assert code == 0
    record = json.loads(out)
    assert record["game"] == "horde" and record["scenario"] == "mirror"
    file = tmp_path / "game.json"
    file.write_text(out, encoding="utf-8")
    code, replayed, err = run(capsys, "replay", str(file), "--quiet")
    assert code == 0 and err == ""
    assert record["outcome"]["reason"] in replayed
    code, log, _ = run(capsys, "play", "horde", "--scenario", "mirror", "--seed", "4")
    assert code == 0 and "blue: activate" in log and "chance: roll" in log


def test_a_line_a_player_types_that_is_no_action_is_explained(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The prompt says what a P-Scale action starts with, once, and asks again."""
    monkeypatch.chdir(tmp_path)  # quitting saves the game here
    monkeypatch.setattr(sys, "stdin", io.StringIO("bogus order\nquit\n"))
    code, out, _ = run(capsys, "play", "horde", "--blue", "human", "--seed", "3")
    assert code == 0
    assert "cannot read 'bogus order': no action of a P-Scale battle reads 'bogus order'" in out
    assert "a unit's id and its order, or 'activate'" in out
    assert out.count("cannot read") == 1


def test_scenarios_are_listed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenarios", "horde")
    assert code == 0
    lines = out.splitlines()
    assert "manufactorum  The Manufactorum (default)" in lines
    assert "mirror        Mirror Match" in lines and "ork-assault   Shrine of the Fallen" in lines


def test_odds_through_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "horde", "cultists", "space-marines", "--ranged")
    assert code == 0 and "Magnitude lost" in out
    code, out, _ = run(capsys, "odds", "horde", "space-marines", "cultists", "--melee", "--json")
    data = json.loads(out)
    assert code == 0 and data["kind"] == "melee" and "engagement" in data
    code, _, err = run(capsys, "odds", "horde", "cultists", "squats", "--ranged")
    assert code == 2 and "unknown horde 'squats'" in err
