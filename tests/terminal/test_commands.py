"""Play at the terminal, in-process on the toy game: the prompt's format and every command
(help, ?, map, legend, undo, save, quit, the end of input) and ``play --resume``."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs
import pytest
import toy_game

from wargames.cli import main
from wargames.core import registry
from wargames.core.engine import Action, GameState, Outcome, Player
from wargames.terminal.commands import COMMANDS, command_named
from wargames.terminal.log import outcome_line, outcome_text


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    toy_game.install(monkeypatch)
    monkeypatch.chdir(tmp_path)  # the autosave file goes to the current directory
    yield
    registry.game.cache_clear()


def play(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    lines: Sequence[str],
    *argv: str,
) -> tuple[int, str, str]:
    """Run ``wargames ARGV`` with ``lines`` typed at the prompt; status, stdout, stderr."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


HUMAN_RED = ("play", "toy", "--red", "human", "--blue", "greedy", "--seed", "4")
ALWAYS_ROLL = ["1"] * 400
"""Red always rolls (the first action), so the cautious blue bot wins in the end."""


class TableTalk:
    """A narrator that says recognisable things, to see where the terminal puts them."""

    def happened(
        self, before: GameState, action: Action, after: GameState, viewer: Player | None
    ) -> Sequence[str]:
        return [f"the die shows {action}"] if str(action).startswith("roll ") else []

    def deciding(self, state: GameState, viewer: Player | None) -> str:
        return f"{viewer}: roll again or bank the pot of {getattr(state, 'pot', '?')}"

    def note(self, state: GameState, action: Action) -> str:
        return "a 1 loses the pot" if str(action) == "roll" else ""

    def board(self, state: GameState, viewer: Player | None) -> str:
        return f"BOARD as {viewer} sees it"

    def legend(self, state: GameState) -> Sequence[tuple[str, str]]:
        return [("pot", "points at risk this go")]


@pytest.fixture
def talk(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toy_game, "GAME", attrs.evolve(toy_game.GAME, narrator=TableTalk()))
    registry.game.cache_clear()


@pytest.mark.usefixtures("talk")
def test_one_prompt_format_with_the_narration(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = play(capsys, monkeypatch, ["map", "legend", *ALWAYS_ROLL], *HUMAN_RED)
    assert code == 0
    lines = out.splitlines()
    first = lines.index(
        "── Toy dice race — turn 1 · red 0, blue 0 · red to play · pot 0 (race to 10)"
    )
    assert lines[first + 1] == "   red: roll again or bank the pot of 0"
    assert lines[first + 2] == "  1. roll  a 1 loses the pot"
    assert lines[first + 3] == "  (a number, an action as listed, or 'help' for the commands)"
    assert lines[first + 4].startswith("red> BOARD as red sees it")  # map
    assert lines[first + 5] == "red>   pot  points at risk this go"  # legend
    assert "  1. roll  a 1 loses the pot\n  2. hold\n" in out  # no note: nothing beside it
    rolled = [i for i, line in enumerate(lines) if line.startswith("  chance: roll ")]
    assert rolled and all(lines[i + 1].startswith("      the die shows roll ") for i in rolled)
    assert "DeployOrks" not in out and "waiting for" not in out


def test_help_lists_every_command_and_how_to_choose(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = play(capsys, monkeypatch, ["help", "1", "help", *ALWAYS_ROLL], *HUMAN_RED)
    assert code == 0
    assert "Enter 1 or the action as listed (roll): it is the only one." in out
    for command in COMMANDS:
        assert f"  {command.usage} " in out
    assert "Enter a number from 1 to 2, or an action as listed (e.g. roll)." in out
    assert "  Ctrl-D       the end of input: saves like quit" in out


def test_commands_are_read_before_actions() -> None:
    assert command_named("save my game.json") == (COMMANDS[5], "my game.json")
    assert command_named("  MAP ") == (COMMANDS[2], "")
    assert command_named("?") == (COMMANDS[1], "")
    assert command_named("roll") is None
    assert command_named("map charge 03-04") is None  # an action of a unit called MAP


def test_list_and_the_plain_fallback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = play(capsys, monkeypatch, ["list", "legend", "map", *ALWAYS_ROLL], *HUMAN_RED)
    assert code == 0
    assert out.count("  1. roll\n  2. hold\n") >= 2  # listed, then listed again by 'list'
    assert "This game has no codes to explain." in out
    assert "red> turn 1 · red 0, blue 0 · red to play" in out  # the plain board: str(view)
    assert "   red to decide" in out


def _record(out: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(out)
    return data


def test_undo_goes_back_and_the_same_dice_come_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, plain, _ = play(capsys, monkeypatch, ALWAYS_ROLL, *HUMAN_RED, "--json")
    assert code == 0
    typed = ["undo", "1", "1", "1", "undo", "undo", *ALWAYS_ROLL]
    code, undone, err = play(capsys, monkeypatch, typed, *HUMAN_RED, "--json")
    assert code == 0
    assert "nothing to undo: this is your first decision" in err
    assert "undone: 2 actions taken back" in err  # red's roll and its die
    assert _record(undone) == _record(plain)  # the dice fell again as they had


def test_undo_skips_the_bots_decisions(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # red rolls, then holds: blue (the bot) plays its whole go; undo takes it back too.
    typed = ["1", "2", "undo", *ALWAYS_ROLL]
    code, _, err = play(capsys, monkeypatch, typed, *HUMAN_RED, "--json")
    assert code == 0
    taken = int(err.split("undone: ")[1].split()[0])
    assert taken > 2  # red's hold, then blue's rolls and dice, back to red's decision


def test_save_then_resume_plays_the_same_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, whole, _ = play(capsys, monkeypatch, ALWAYS_ROLL, *HUMAN_RED, "--json")
    code, out, _ = play(capsys, monkeypatch, ["1", "1", "save mid.json", "quit"], *HUMAN_RED)
    assert code == 0
    assert "saved to mid.json; continue it with: wargames play --resume mid.json" in out
    saved = json.loads((tmp_path / "mid.json").read_text(encoding="utf-8"))
    assert saved["agents"] == {"red": "human", "blue": "greedy"} and saved["seed"] == 4
    code, resumed, _ = play(
        capsys, monkeypatch, ALWAYS_ROLL, "play", "--resume", "mid.json", "--json"
    )
    assert code == 0
    assert _record(resumed) == _record(whole)
    code, out, _ = play(capsys, monkeypatch, ALWAYS_ROLL, "play", "--resume", "mid.json")
    assert "Resumed from mid.json: 4 actions played again, turn 1." in out.splitlines()[1]
    code, replayed, _ = play(capsys, monkeypatch, [], "replay", "mid.json", "--quiet")
    assert code == 0 and replayed == "Stopped after 4 actions: the game is not over.\n"


def test_resume_may_change_a_player_but_nothing_else(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    play(capsys, monkeypatch, ["1", "quit"], *HUMAN_RED)
    code, out, _ = play(
        capsys,
        monkeypatch,
        [],
        "play",
        "--resume",
        "wargames-toy-4.json",
        "--red",
        "greedy",
        "--quiet",
    )
    assert code == 0 and out.startswith("Outcome: ")
    for extra in (["--seed", "5"], ["--scenario", "long"], ["--target", "20"]):
        code, _, err = play(
            capsys, monkeypatch, [], "play", "--resume", "wargames-toy-4.json", *extra
        )
        assert code == 2 and "the saved game fixes it" in err and extra[0] in err
    code, _, err = play(capsys, monkeypatch, [], "play", "horde", "--resume", "wargames-toy-4.json")
    assert code == 2 and "is a game of toy, not horde" in err


def test_resume_checks_the_file_like_replay(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "bad.json").write_text('{"game": "toy", "scenario": null, "actions": ["fly"]}')
    code, _, err = play(capsys, monkeypatch, [], "play", "--resume", "bad.json")
    assert code == 2 and "action 1 ('fly') cannot be replayed" in err
    (tmp_path / "bad.json").write_text('{"game": "toy", "scenario": null, "actions": ["roll"]}')
    code, _, err = play(capsys, monkeypatch, [], "play", "--resume", "bad.json")
    assert code == 2 and "the record has no seed" in err
    (tmp_path / "bad.json").write_text(
        '{"game": "toy", "scenario": null, "actions": [], "agents": {"red": 3}}'
    )
    code, _, err = play(capsys, monkeypatch, [], "play", "--resume", "bad.json")
    assert code == 2 and "agents.red" in err
    code, _, err = play(capsys, monkeypatch, [], "play", "--resume", "missing.json")
    assert code == 2 and err.startswith("wargames: error: cannot read missing.json")


def test_quit_saves_to_the_autosave_file_and_exits_0(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, out, err = play(capsys, monkeypatch, ["1", "quit"], *HUMAN_RED)
    assert code == 0 and err == ""
    assert out.splitlines()[-1].endswith(
        "Game saved to wargames-toy-4.json; continue it with: "
        "wargames play --resume wargames-toy-4.json"
    )
    saved = json.loads((tmp_path / "wargames-toy-4.json").read_text(encoding="utf-8"))
    assert saved["actions"][0] == "roll" and saved["outcome"] is None


def test_save_to_a_bad_place_says_so_and_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    typed = ["save no/such/dir/x.json", *ALWAYS_ROLL]
    code, out, _ = play(capsys, monkeypatch, typed, *HUMAN_RED)
    assert code == 0
    assert "cannot save to no/such/dir/x.json: No such file or directory" in out


def test_a_draw_says_its_turn_once() -> None:
    said = Outcome(None, "no side has won by the end of turn 8", 8)
    assert outcome_text(said) == "draw: no side has won by the end of turn 8"
    red = Outcome("red", "reached 10 points", 8)
    assert outcome_text(red) == "red win: reached 10 points (turn 8)"
    later = Outcome(None, "the end of turn 18", 1)
    assert outcome_text(later) == "draw: the end of turn 18 (turn 1)"
    assert outcome_text(None) == "not over"
    assert (
        outcome_line(said, 40)
        == "Outcome: draw: no side has won by the end of turn 8 after 40 actions"
    )


def _decision(legal: Sequence[str]) -> tuple[io.StringIO, object]:
    from wargames.core.narration import PlainNarrator
    from wargames.terminal.commands import Decision

    out = io.StringIO()
    state = toy_game.ToyState()
    return out, Decision(state, "red", list(legal), PlainNarrator(), out)


def test_a_long_list_groups_actions_that_differ_in_their_last_word() -> None:
    from wargames.terminal.commands import Decision, list_actions

    moves = [f"move nobz-{n} OT{k}" for n in range(1, 4) for k in range(1, 6)]
    out, decision = _decision([*moves, "end phase"])
    assert isinstance(decision, Decision)
    list_actions(decision)
    lines = out.getvalue().splitlines()
    assert lines[0] == "  move nobz-1  [1] OT1 [2] OT2 [3] OT3 [4] OT4 [5] OT5"
    assert lines[2] == "  move nobz-3  [11] OT1 [12] OT2 [13] OT3 [14] OT4 [15] OT5"
    assert lines[3] == "  16. end phase"
    out, decision = _decision(moves[:4])  # a short list: one action a line
    assert isinstance(decision, Decision)
    list_actions(decision)
    assert out.getvalue().splitlines() == [f"  {i}. {m}" for i, m in enumerate(moves[:4], 1)]


def test_a_cut_list_keeps_its_last_single_actions() -> None:
    from wargames.terminal.commands import Decision, list_actions

    moves = [f"move unit-{n} A{k}" for n in range(50) for k in range(2)]
    out, decision = _decision([*moves, "end phase"])
    assert isinstance(decision, Decision)
    list_actions(decision, limit=10)
    lines = out.getvalue().splitlines()
    assert len(lines) == 10
    assert lines[-2] == "  ... 84 more (? lists them all)"  # 8 lines of 2 shown
    assert lines[-1] == "  101. end phase"
    out.truncate(0)
    out.seek(0)
    list_actions(decision, limit=None)
    assert len(out.getvalue().splitlines()) == 51


def test_svg_is_written_as_the_game_goes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, _, _ = play(
        capsys,
        monkeypatch,
        [],
        "play",
        "armageddon",
        "--seed",
        "1",
        "--max-steps",
        "5",
        "--svg",
        "board.svg",
        "--quiet",
    )
    assert code == 0
    assert (tmp_path / "board.svg").read_text(encoding="utf-8").startswith("<svg")
    code, _, err = play(capsys, monkeypatch, [], "play", "toy", "--svg", "board.svg")
    assert code == 2 and "toy has no drawing (--svg)" in err


class Broken(TableTalk):
    """A narrator with a bug in every sentence."""

    def deciding(self, state: GameState, viewer: Player | None) -> str:
        raise ZeroDivisionError("a bug")

    def happened(
        self, before: GameState, action: Action, after: GameState, viewer: Player | None
    ) -> Sequence[str]:
        raise ZeroDivisionError("a bug")


def test_a_failing_narrator_does_not_end_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(toy_game, "GAME", attrs.evolve(toy_game.GAME, narrator=Broken()))
    registry.game.cache_clear()
    monkeypatch.delenv("WARGAMES_DEBUG", raising=False)
    code, out, _ = play(capsys, monkeypatch, ALWAYS_ROLL, *HUMAN_RED)
    assert code == 0 and "   red to decide" in out  # the plain words instead
    assert "  1. roll  a 1 loses the pot" in out  # what works still shows
    monkeypatch.setenv("WARGAMES_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        play(capsys, monkeypatch, ALWAYS_ROLL, *HUMAN_RED)


class CtrlC(io.StringIO):
    """Input where the player presses Ctrl-C at the second question."""

    def __init__(self) -> None:
        super().__init__("1\n")
        self.asked = 0

    def readline(self, size: int | None = -1) -> str:
        self.asked += 1
        if self.asked > 1:
            raise KeyboardInterrupt
        return super().readline()


def test_ctrl_c_keeps_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "stdin", CtrlC())
    code = main(list(HUMAN_RED))
    out, err = capsys.readouterr()
    assert code == 130 and err == "wargames: error: interrupted\n"
    assert "Game saved to wargames-toy-4.json." in out
    saved = json.loads((tmp_path / "wargames-toy-4.json").read_text(encoding="utf-8"))
    assert saved["actions"][0] == "roll"
