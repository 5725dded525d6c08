"""``wargames play`` driven through a pseudo-terminal, a whole game per game.

A scripted human answers ``1`` (the first legal action) to every question, and on the way
asks for ``help``, ``map`` and ``legend``, takes a decision back with ``undo``, saves with
``save FILE`` and leaves with ``quit``; the game is then played to its end with
``wargames play --resume FILE``, writing the board with ``--svg`` all along.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

import wargames

pexpect = pytest.importorskip("pexpect")

ROOT = Path(wargames.__file__).resolve().parent.parent
PROMPT = r"\n([a-z][\w/+-]*)> "
"""A question: the seat (``orks``, or a team game's ``bottom/commander``) and ``>``."""
TIMEOUT = 60

GAMES = {
    "armageddon": ["armageddon", "--orks", "human", "--imperium", "random", "--seed", "3"],
    "warmaster": ["warmaster", "--imperial", "human", "--seed", "2", "--turn-cap", "2"],
    "horde": ["horde", "--blue", "human", "--red", "random", "--seed", "3"],
    "ancients": ["ancients", "--bottom", "human", "--seed", "2", "--turn-cap", "6"],
    "ancients-teams": [
        *("ancients", "--scenario", "the-long-ridge", "--players", "2"),
        *("--bottom", "human", "--seed", "3", "--turn-cap", "2"),
    ],
}
"""Each game with a human on one side against a bot, seeded, short enough to play through
(the 'Armageddon' team variant too: the human side's two seats are asked in turn)."""


def spawn(tmp_path: Path, *argv: str) -> Any:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "dumb", "WARGAMES_DEBUG": "1"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "wargames.cli", *argv],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(50, 160),
    )
    child.delaybeforesend = None  # pexpect waits 50 ms before each line by default
    return child


def answer_until_the_end(child: Any) -> int:
    """Answer ``1`` to every question until the game ends; how many were asked."""
    asked = 0
    while child.expect([PROMPT, pexpect.EOF]) == 0:
        child.sendline("1")
        asked += 1
    return asked


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_at_the_terminal(game: str, tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", *GAMES[game], "--svg", "board.svg")
    child.expect(PROMPT)
    seat = child.match.group(1)
    child.sendline("help")
    child.expect("Commands:")
    child.expect(PROMPT)
    child.sendline("map")
    child.expect(PROMPT)
    child.sendline("legend")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("undone: ")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("save mid.json")
    child.expect("saved to mid.json")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Game saved to wargames-")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (tmp_path / "board.svg").read_text(encoding="utf-8").lstrip().startswith("<")

    child = spawn(tmp_path, "play", "--resume", "mid.json", "--svg", "board.svg")
    child.expect("Resumed from mid.json")
    asked = answer_until_the_end(child)
    child.close()
    assert child.exitstatus == 0, child.before
    assert asked > 0 and "Outcome: " in (child.before or "")
    assert f"{seat}> " not in (child.before or "")  # the last prompt was answered


@pytest.mark.slow
@pytest.mark.parametrize("game", ["armageddon", "horde"])
def test_ctrl_d_saves_and_says_where(game: str, tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", *GAMES[game])
    child.expect(PROMPT)
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    seed = GAMES[game][GAMES[game].index("--seed") + 1]
    assert f"the game is saved in wargames-{game}-{seed}.json" in (child.before or "")
    assert (tmp_path / f"wargames-{game}-{seed}.json").is_file()
