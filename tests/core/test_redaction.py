"""Per-player redacted logs and records (GameState.redact, Match.log_for, Match.record(player))
on the toy dice race (tests/toy_game.py), and the CLI's ``play --as`` / ``replay`` refusal."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import toy_game
from toy_game import Die, ToyState

import wargames
from wargames.cli import main
from wargames.core import registry
from wargames.core.agents import RandomAgent
from wargames.core.engine import CHANCE, Action, Match, Player, Record
from wargames.core.errors import ScenarioError, UnknownPlayerError


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    toy_game.install(monkeypatch)
    yield
    registry.game.cache_clear()


def played(seed: int = 3, cls: type[ToyState] = ToyState) -> Match:
    agents = {"red": RandomAgent(seed), "blue": RandomAgent(seed + 1)}
    m = Match(cls(), seed=seed, agents=agents, scenario="default", options={"target": 10})
    m.run()
    return m


class SecretDice(ToyState):
    """The toy race where each player's dice are hidden from the other: the die of a chance
    node reads ``roll ?`` to the player not on the go."""

    def redact(self, action: Action, player: Player) -> str:
        if isinstance(action, Die) and toy_game.PLAYERS[self.seat] != player:
            return "roll ?"
        return str(action)


def test_the_default_redaction_is_the_notation() -> None:
    m = played()
    for state, action in zip(m.states, m.actions, strict=False):
        for player in ToyState.players:
            assert state.redact(action, player) == str(action)
    for player in ToyState.players:
        assert m.log_for(player) == m.log
        assert m.redacted(player) == [str(a) for a in m.actions]


def test_record_without_player_is_the_full_replayable_record() -> None:
    m = played()
    full = m.record()
    assert full.redacted_for is None and full.replayable
    assert full.seed == 3
    assert full.actions == tuple(str(a) for a in m.actions)
    full.check_replayable()  # nothing raised
    assert wargames.replay(full).state == m.state


def test_record_for_a_player_says_so_and_leaves_the_seed_out() -> None:
    m = played()
    red = m.record("red")
    assert red.redacted_for == "red" and not red.replayable
    assert red.seed is None  # the seed would give every hidden draw away
    assert red.actions == m.record().actions  # nothing is hidden in the toy race
    assert red.outcome == m.outcome and red.game == "toy" and red.scenario == "default"
    assert red.options == {"target": 10}


def test_the_log_for_a_player_uses_the_state_the_action_was_taken_in() -> None:
    m = played(cls=SecretDice)
    full = m.log
    for player in ToyState.players:
        seen = m.log_for(player)
        assert len(seen) == len(full)
        for i, (line, state) in enumerate(zip(seen, m.states, strict=False)):
            assert isinstance(state, ToyState)
            if m.players[i] == CHANCE and toy_game.PLAYERS[state.seat] != player:
                assert line == "chance: roll ?"
            else:
                assert line == full[i]
    assert "roll ?" in m.record("red").actions and "roll ?" in m.record("blue").actions


def test_an_unknown_player_is_refused() -> None:
    m = played()
    with pytest.raises(UnknownPlayerError, match="unknown player 'green'; players: red, blue"):
        m.record("green")
    with pytest.raises(UnknownPlayerError, match="unknown player 'green'"):
        m.log_for("green")


@pytest.mark.parametrize("game_id", ["armageddon", "warmaster", "horde", "ancients"])
def test_every_game_names_an_unknown_player(game_id: str) -> None:
    """A view, a redaction or a bot for a player the game does not have is an
    :class:`UnknownPlayerError` (a WargamesError listing the players), never a bare error."""
    m = wargames.match(game_id, seed=1)
    state = m.initial
    with pytest.raises(UnknownPlayerError, match="unknown player 'green'") as caught:
        state.view("green")
    assert isinstance(caught.value, wargames.WargamesError)
    assert set(caught.value.choices) >= {str(s) for s in state.players if "/" not in str(s)}
    action = state.legal_actions()[0]
    with pytest.raises(UnknownPlayerError):
        state.redact(action, "green")
    with pytest.raises(UnknownPlayerError):
        m.record("green")


def test_redacted_record_json_round_trip() -> None:
    record = played(cls=SecretDice).record("blue")
    data = json.loads(json.dumps(record.to_json()))
    assert data["redacted_for"] == "blue" and data["seed"] is None
    assert Record.from_json(data) == record


def test_full_record_json_has_no_redaction_and_old_json_still_loads() -> None:
    record = played().record()
    data = record.to_json()
    assert data["redacted_for"] is None
    old = {k: v for k, v in data.items() if k != "redacted_for"}  # JSON written before
    assert Record.from_json(old) == record
    assert Record.from_json(old).replayable


def test_replay_refuses_a_redacted_record() -> None:
    record = played().record("red")
    for given in (record, record.to_json()):
        with pytest.raises(ScenarioError, match=r"redacted for red .* cannot be replayed"):
            wargames.replay(given)


# -- the command line ----------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("wargames: error: ") and "Traceback" not in err
    return lines[0]


def test_cli_play_as_writes_the_redacted_record(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "toy", "--seed", "5", "--as", "blue", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    full = wargames.play("toy", seed=5)
    assert data == redacted_json(full, "blue")


def redacted_json(full: Record, player: str) -> dict[str, object]:
    data = full.to_json()
    data.update(seed=None, redacted_for=player)
    return data


def test_cli_play_as_shows_the_log_as_that_player_saw_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "play", "toy", "--seed", "5", "--as", "red")
    assert code == 0
    header, *rest = out.splitlines()
    assert header.endswith(", as red saw it")
    code, plain, _ = run(capsys, "play", "toy", "--seed", "5")
    assert plain.splitlines()[1:] == rest  # nothing hidden in the toy race


def test_cli_play_as_an_unknown_player_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "toy", "--as", "green", "--json")
    assert code == 2 and out == ""
    assert "--as" in one_error(err) and "green" in err


def test_cli_play_help_documents_as(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "toy", "--help")
    assert code == 0 and "--as PLAYER" in out and "cannot be replayed" in " ".join(out.split())


def test_cli_replay_refuses_a_redacted_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "play", "toy", "--seed", "2", "--as", "red", "--json")
    assert code == 0
    file = tmp_path / "red.json"
    file.write_text(out, encoding="utf-8")
    for args in (("replay", str(file)), ("replay", str(file), "--json")):
        code, replayed, err = run(capsys, *args)
        assert code == 2 and replayed == ""
        line = one_error(err)
        assert "redacted for red" in line and "cannot be replayed" in line
