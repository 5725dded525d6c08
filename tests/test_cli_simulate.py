"""``wargames simulate GAME N``: a batch of bot games from the command line (issue 15, item 5):
the summary table, ``--json``, ``--csv``, ``--jobs``, errors as one line with status 2, and the
progress bar only on a terminal."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import toy_game
from extras import extra

import wargames
from wargames import cli
from wargames.cli import main
from wargames.core import registry
from wargames.sim import rows, summary


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    toy_game.install(monkeypatch)
    yield
    registry.game.cache_clear()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_summary_table_names_each_side_and_its_agent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "simulate", "toy", "20", "--blue", "greedy", "--seed", "7")
    assert (code, err) == (0, "")
    records = wargames.simulate("toy", 20, agents={"blue": "greedy"}, seed=7)
    wins = summary(records)["wins"]
    lines = out.splitlines()
    assert lines[0] == "Toy dice race, scenario default: 20 games, seeds 7 to 26"
    red = ["red", "random", str(wins["red"]), "wins", f"{wins['red'] / 20:.1%}"]
    assert lines[1].split() == red
    assert lines[2].split()[:3] == ["blue", "greedy", str(wins["blue"])]
    assert lines[3].split()[:2] == ["draws", str(summary(records)["draws"])]
    assert lines[4].startswith("  actions: mean ")


def test_json_holds_the_summary_and_one_row_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "toy", "5", "--seed", "2", "--target", "20", "--json")
    assert code == 0
    data = json.loads(out)
    records = wargames.simulate("toy", 5, seed=2, target=20)
    assert data == {"summary": summary(records), "games": rows(records)}
    assert [g["seed"] for g in data["games"]] == [2, 3, 4, 5, 6]


def test_jobs_play_the_same_games_on_worker_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "warmaster", "4", "--seed", "6", "--max-steps", "60", "--json"]
    here = run(capsys, *args)
    assert run(capsys, *args, "--jobs", "2") == here
    assert here[0] == 0 and len(json.loads(here[1])["games"]) == 4


def test_csv_writes_one_row_per_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    extra("pandas")
    file = tmp_path / "batch.csv"
    code, out, err = run(capsys, "simulate", "toy", "6", "--red", "greedy", "--csv", str(file))
    assert (code, err) == (0, "")
    assert out.startswith("Toy dice race, scenario default: 6 games")  # the table as well
    table = list(csv.DictReader(file.open()))
    expected = rows(wargames.simulate("toy", 6, agents={"red": "greedy"}))
    assert [r["seed"] for r in table] == [str(r["seed"]) for r in expected]
    assert [r["winner"] for r in table] == [r["winner"] or "" for r in expected]
    assert [r["decisions"] for r in table] == [str(r["decisions"]) for r in expected]
    assert set(table[0]) >= {"agent_red", "agent_blue", "reason", "turns", "actions"}
    code, out, _ = run(capsys, "simulate", "toy", "3", "--csv", "-")
    assert code == 0 and len(list(csv.DictReader(io.StringIO(out)))) == 3  # the CSV only


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["simulate"], "required: GAME, N"),
        (["simulate", "toy"], "required: N"),
        (["simulate", "tyo", "3"], "did you mean 'toy'?"),
        (["simulate", "toy", "-2"], "argument N: expected a whole number from 0"),
        (["simulate", "toy", "many"], "argument N: expected a whole number"),
        (["simulate", "toy", "3", "--jobs", "0"], "--jobs: expected a whole number from 1"),
        (["simulate", "toy", "3", "--red", "gredy"], "did you mean 'greedy'?"),
        (["simulate", "toy", "3", "--red", "human"], "invalid choice: 'human'"),
        (["simulate", "toy", "3", "--csv", "a.csv", "--json"], "not allowed with argument"),
        (["simulate", "toy", "3", "--jobs", "2", "--dask", "x:1"], "not allowed with argument"),
        (["simulate", "toy", "3", "--scenario", "longg"], "unknown scenario 'longg'"),
        (["simulate", "toy", "3", "--target", "0"], "target"),
        (["simulate", "toy", "3", "--csv", "/no/such/dir/a.csv"], "--csv: no directory"),
        (["simulate", "toy", "3", "--seed", str(2**128 - 2)], "seed: expected a whole number"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("wargames: error: ")
    assert says in lines[0]


def test_without_the_extras_csv_and_dask_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    monkeypatch.setitem(sys.modules, "distributed", None)
    code, out, err = run(capsys, "simulate", "toy", "3", "--csv", str(tmp_path / "a.csv"))
    assert (code, out) == (2, "")
    assert err == 'wargames: error: --csv needs pandas: pip install "wargames-rules[data]"\n'
    assert not (tmp_path / "a.csv").exists()
    code, out, err = run(capsys, "simulate", "toy", "3", "--dask", "tcp://127.0.0.1:8786")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and '--dask needs dask.distributed: pip install "' in err


def test_a_scheduler_that_does_not_answer_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    extra("distributed")
    monkeypatch.setattr(cli.simulate, "DASK_TIMEOUT", 0.5)
    code, out, err = run(capsys, "simulate", "toy", "3", "--dask", "tcp://127.0.0.1:9")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert "cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'" in err


def test_help_lists_the_players_and_options_of_the_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "simulate", "toy", "--help")
    assert code == 0 and "--red AGENT" in out and "--target" in out and "--dask ADDRESS" in out
    code, out, _ = run(capsys, "simulate", "--help")
    assert code == 0 and "wargames simulate GAME --help" in out


def _simulate_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "wargames.cli", "simulate", "warmaster", *args]


def test_no_progress_bar_when_stderr_is_piped() -> None:
    done = subprocess.run(
        _simulate_command("3", "--seed", "6"), capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("The Warmaster, scenario boarding: 3 games")


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal of Linux")
def test_a_progress_bar_on_a_terminal() -> None:
    import fcntl
    import pty
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    with subprocess.Popen(
        _simulate_command("3", "--seed", "6"), stdout=subprocess.PIPE, stderr=follower
    ) as child:
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            shown += chunk
        assert child.stdout is not None
        out = child.stdout.read().decode()
    os.close(leader)
    assert child.returncode == 0
    assert b"warmaster:" in shown and b"/3 [" in shown  # the bar, gone once the batch is over
    assert out.startswith("The Warmaster, scenario boarding: 3 games")
