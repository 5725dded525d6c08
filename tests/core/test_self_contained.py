"""A record and a saved state are self-contained and safe: a shipped scenario is named by its
id, a user's scenario is carried in full with its hash, and nothing named in a record or a
saved state is ever opened as a path. (Issue: records, saved states and scenario files from
strangers.)"""

from __future__ import annotations

import builtins
import copy
import hashlib
import io
import json
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import wargames
from wargames import RecordError, ScenarioError, ScenarioSource
from wargames.core.codec import SavedStateError
from wargames.core.engine import GameState
from wargames.core.sources import CACHE_SIZE, canonical_json, read_user_scenario
from wargames.testing import random_states

# game -> (shipped scenario, text in it, the changed text, what the state then shows)
CHANGES: dict[str, tuple[str, str, str, Callable[[Any], object]]] = {
    "armageddon": ("campaign", "turns = 8", "turns = 3", lambda s: s.setup.turns),
    "warmaster": ("boarding", "turn_cap = 0", "turn_cap = 3", lambda s: s.setup.turn_cap),
    "horde": ("manufactorum", "rounds = 10", "rounds = 3", lambda s: s.setup.rounds),
    "ancients": ("river-crossing", "banners = 5", "banners = 3", lambda s: s.scenario.target),
}
CHANGED = {"armageddon": 3, "warmaster": 3, "horde": 3, "ancients": (3, 3)}
GAMES = sorted(CHANGES)


def shipped_text(game: str) -> str:
    name = CHANGES[game][0]
    return resources.files(f"wargames.{game}").joinpath(f"scenarios/{name}.toml").read_text()


def user_file(tmp_path: Path, game: str, name: str = "short") -> Path:
    """The game's shipped scenario with one number changed, saved as ``name.toml``."""
    _, old, new, _ = CHANGES[game]
    text = shipped_text(game)
    assert old in text
    path = tmp_path / f"{name}.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def played(state: GameState, seed: int, steps: int) -> GameState:
    """``steps`` random decisions from ``state`` (dice drawn with their probabilities)."""
    *_, last = random_states(state, seed, steps + 1)
    return last


@contextmanager
def no_file_opened() -> Iterator[None]:
    """Fail the test if anything opens a file (and a hang fails it after five seconds)."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"a file was opened: {args[:1]}")

    saved = builtins.open, io.open, os.open
    builtins.open = io.open = os.open = refuse  # type: ignore[assignment]
    old = signal.signal(signal.SIGALRM, lambda *_: pytest.fail("hung"))
    signal.alarm(5)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
        builtins.open, io.open, os.open = saved  # type: ignore[misc]


# -- user scenarios round-trip -------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_user_scenario_survives_a_saved_state(tmp_path: Path, game: str) -> None:
    path = user_file(tmp_path, game)
    state = played(wargames.load(game, str(path)), seed=1, steps=30)
    show = CHANGES[game][3]
    assert show(state) == CHANGED[game]
    text = json.dumps(state.to_json())
    assert str(tmp_path) not in text  # the data, not the path
    path.unlink()  # nothing reads the file again
    back = type(state).from_json(json.loads(text))
    assert show(back) == CHANGED[game]
    assert back == state and hash(back) == hash(state)
    assert back.to_json() == state.to_json()
    assert played(back, seed=2, steps=60) == played(state, seed=2, steps=60)


@pytest.mark.parametrize("game", GAMES)
def test_a_user_scenario_survives_a_record(tmp_path: Path, game: str) -> None:
    path = user_file(tmp_path, game)
    record = wargames.play(game, seed=4, scenario=str(path), max_steps=80)
    assert isinstance(record.scenario, ScenarioSource)
    assert record.scenario.name == "short" and not record.scenario.shipped
    text = json.dumps(record.to_json())
    assert str(tmp_path) not in text
    saved = json.loads(text)["scenario"]
    assert set(saved) == {"name", "data", "sha256"}
    path.unlink()
    again = wargames.Record.from_json(json.loads(text))
    assert again == record
    match = wargames.replay(json.loads(text))
    assert CHANGES[game][3](match.state) == CHANGED[game]
    assert match.record().to_json() == record.to_json()
    original = wargames.match(game, seed=4, scenario=None)
    assert match.initial != original.initial  # the set-up differs


@pytest.mark.parametrize("game", GAMES)
def test_a_shipped_scenario_saves_just_its_id(game: str) -> None:
    name = CHANGES[game][0]
    state = wargames.load(game, name)
    saved = state.to_json()["scenario"]
    assert saved == name or saved == {"name": name, "data": None, "readings": []}
    record = wargames.play(game, seed=1, scenario=name, max_steps=5).to_json()
    assert record["scenario"] == name
    assert wargames.play(game, seed=1, max_steps=5).to_json()["scenario"] is None


# -- equality ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_states_that_differ_only_in_their_set_up_are_unequal(tmp_path: Path, game: str) -> None:
    shipped = wargames.load(game, CHANGES[game][0])
    short = wargames.load(game, str(user_file(tmp_path, game)))
    same = wargames.load(game, str(user_file(tmp_path / "..", game, "short")))
    assert short != shipped
    assert short == same and hash(short) == hash(same)
    assert shipped == wargames.load(game, CHANGES[game][0])


# -- caches by content ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_editing_a_file_takes_effect_on_the_next_load(tmp_path: Path, game: str) -> None:
    _, old, new, show = CHANGES[game]
    path = user_file(tmp_path, game)
    assert show(wargames.load(game, str(path))) == CHANGED[game]
    path.write_text(shipped_text(game), encoding="utf-8")
    assert show(wargames.load(game, str(path))) != CHANGED[game]
    path.write_text(shipped_text(game).replace(old, new) + "\n[[[broken", encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        wargames.load(game, str(path))
    assert caught.value.file == str(path)
    path.write_text(shipped_text(game).replace(old, new), encoding="utf-8")
    assert show(wargames.load(game, str(path))) == CHANGED[game]


def test_the_caches_are_bounded(tmp_path: Path) -> None:
    from wargames.armageddon.scenario import SETUPS
    from wargames.core import sources

    path = tmp_path / "many.toml"
    for edit in range(2 * CACHE_SIZE):
        path.write_text(f'note = "edit {edit}"\n' + shipped_text("armageddon"))
        source = wargames.load("armageddon", str(path)).scenario_source
        assert source is not None and source.data is not None
        assert source.data["note"] == f"edit {edit}"
    assert len(sources._PARSED) <= CACHE_SIZE
    assert len(SETUPS) <= CACHE_SIZE


def test_a_source_compares_by_name_and_hash(tmp_path: Path) -> None:
    path = user_file(tmp_path, "armageddon")
    first, second = read_user_scenario(path), read_user_scenario(path)
    assert first == second and hash(first) == hash(second)
    text = canonical_json(first.data, "x")
    assert first.sha256 == hashlib.sha256(text.encode()).hexdigest()
    assert first != ScenarioSource("campaign")
    path.write_text(path.read_text().replace("turns = 3", "turns = 4"))
    assert read_user_scenario(path) != first


def test_any_file_name_gives_a_name_a_record_reads_back(tmp_path: Path) -> None:
    path = user_file(tmp_path, "armageddon")
    odd = path.rename(tmp_path / ("back\\slash\nnew line " + "x" * 220 + ".toml"))
    record = wargames.play("armageddon", seed=1, scenario=str(odd), max_steps=3)
    assert isinstance(record.scenario, ScenarioSource)
    assert record.scenario.name.startswith("back_slash_new line x")
    assert wargames.replay(json.loads(json.dumps(record.to_json()))).state.setup.turns == 3


def test_a_toml_date_cannot_be_carried(tmp_path: Path) -> None:
    path = tmp_path / "dated.toml"
    path.write_text(shipped_text("armageddon") + "\n[when]\nnote = 1979-05-27\n")
    with pytest.raises(ScenarioError) as caught:
        wargames.load("armageddon", str(path))
    assert caught.value.key == "when.note" and "date" in caught.value.problem


# -- records never open a path -------------------------------------------------------------------


def record_naming(scenario: object, game: str = "armageddon") -> dict[str, Any]:
    return {"game": game, "scenario": scenario, "seed": 1, "actions": []}


def refused_record(scenario: object, key: str = "scenario") -> RecordError:
    wargames.load("armageddon")  # the shipped files are read before files are refused
    with no_file_opened(), pytest.raises(RecordError) as caught:
        wargames.replay(record_naming(scenario))
    assert caught.value.key == key
    return caught.value


def paths(tmp_path: Path) -> list[str]:
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    other = tmp_path / "other.toml"
    other.write_text('secret = "do not echo"\n')
    repo = Path(wargames.__file__).parent.parent / "pyproject.toml"
    return [
        "/dev/zero",
        "/dev/stdin",
        str(fifo),
        str(other),
        str(repo),
        "../scenarios/campaign.toml",
        "../../../../etc/passwd",
        "scenarios/campaign.toml",
        str(user_file(tmp_path, "armageddon")),
    ]


def test_records_naming_paths_are_refused_without_opening_them(tmp_path: Path) -> None:
    for path in paths(tmp_path):
        error = refused_record(path)
        assert "not a shipped scenario" in error.problem and "never a path" in error.problem
        assert "do not echo" not in str(error) and "secret" not in str(error)
    with no_file_opened(), pytest.raises(RecordError):
        wargames.Record.from_json(record_naming("/dev/zero"))


def test_a_record_built_in_python_with_a_path_is_refused(tmp_path: Path) -> None:
    for scenario in (str(tmp_path / "x.toml"), ScenarioSource(str(user_file(tmp_path, "horde")))):
        record = wargames.Record("horde", scenario, 1, (), None)
        wargames.load("horde")
        with no_file_opened(), pytest.raises(RecordError) as caught:
            wargames.replay(record)
        assert caught.value.key == "scenario"


def embedded(game: str = "armageddon", **changes: Any) -> dict[str, Any]:
    """A user scenario's saved form: the shipped data with ``changes``, hashed."""
    from wargames.core.scenario import parse_toml

    data = parse_toml(shipped_text(game), "x").value
    data.update(changes)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))  # the canonical form
    return {"name": "mine", "data": data, "sha256": hashlib.sha256(text.encode()).hexdigest()}


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (lambda s: s.update(sha256="0" * 64), "scenario.sha256"),
        (lambda s: s.update(sha256="not hex"), "scenario.sha256"),
        (lambda s: s["data"].update(turns=4), "scenario.sha256"),
        (lambda s: s.update(data=[1, 2]), "scenario.data"),
        (lambda s: s.update(data=None), "scenario.data"),
        (lambda s: s.update(name="../../etc/passwd"), "scenario.name"),
        (lambda s: s.update(name=""), "scenario.name"),
        (lambda s: s.pop("sha256"), "scenario.sha256"),
        (lambda s: s.update(path="/dev/zero"), "scenario.path"),
    ],
)
def test_a_tampered_embedded_scenario_names_the_key(
    change: Callable[[dict[str, Any]], object], key: str
) -> None:
    saved = embedded()
    change(saved)
    refused_record(saved, key)


def test_embedded_data_goes_through_the_same_checks_as_a_file() -> None:
    error = refused_record(embedded(turns="eight"), "scenario.data.turns")
    assert "expected an integer" in error.problem
    refused_record(embedded(turns=10**30), "scenario.data.turns")
    deep: dict[str, Any] = {}
    inner = deep
    for _ in range(100):
        inner["x"] = inner = {}
    error = refused_record(embedded(note=deep), "scenario.data.note" + ".x" * 31)
    assert "nested deeper than 32" in error.problem


def test_a_good_embedded_scenario_replays_without_a_file() -> None:
    saved = embedded(turns=3)
    with no_file_opened():
        record = wargames.Record.from_json(record_naming(copy.deepcopy(saved)))
    assert isinstance(record.scenario, ScenarioSource)
    assert record.scenario.sha256 == saved["sha256"]
    match = wargames.replay(record)
    assert match.state.setup.turns == 3 and match.state.scenario_source == record.scenario


# -- saved states never open a path --------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_saved_states_naming_paths_are_refused_without_opening_them(
    tmp_path: Path, game: str
) -> None:
    state = wargames.load(game)
    document = state.to_json()
    for path in paths(tmp_path):
        bad = copy.deepcopy(document)
        bad["scenario"] = (
            {"name": path, "data": None, "readings": []} if game == "ancients" else path
        )
        with no_file_opened(), pytest.raises(SavedStateError) as caught:
            type(state).from_json(bad)
        assert "never a path" in str(caught.value)


@pytest.mark.parametrize("game", GAMES)
def test_a_saved_state_with_tampered_data_names_the_key(tmp_path: Path, game: str) -> None:
    state = wargames.load(game, str(user_file(tmp_path, game)))
    document = state.to_json()
    bad = copy.deepcopy(document)
    bad["scenario"]["data"]["extra"] = 1
    with no_file_opened(), pytest.raises(SavedStateError, match=r"scenario\.sha256"):
        type(state).from_json(bad)
    bad["scenario"]["sha256"] = hashlib.sha256(
        canonical_json(bad["scenario"]["data"], "x").encode()
    ).hexdigest()
    with pytest.raises(SavedStateError, match=r"scenario\.data\.extra: unknown key"):
        type(state).from_json(bad)


# -- the command line ----------------------------------------------------------------------------


def test_the_command_line_records_a_user_file_in_full(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from wargames.cli import main

    path = user_file(tmp_path, "horde")
    argv = ["play", "horde", "--scenario", str(path), "--seed", "2", "--max-steps", "40"]
    assert main([*argv, "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["scenario"]["name"] == "short" and str(tmp_path) not in out
    record = tmp_path / "game.json"
    record.write_text(out, encoding="utf-8")
    path.unlink()
    assert main(["replay", str(record)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("scenario short, seed 2")
    data = json.loads(out)
    data["scenario"] = str(path)  # a record of before: the path, which is never opened
    record.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(record)]) == 2
    err = capsys.readouterr().err
    assert "scenario:" in err and "never a path" in err and len(err.splitlines()) == 1


def test_an_ancients_state_checks_its_saved_readings() -> None:
    state = wargames.load("ancients", helmets="attached-only")
    document = state.to_json()
    assert document["scenario"]["readings"] == [["helmets", "attached-only"]]
    assert type(state).from_json(copy.deepcopy(document)) == state
    assert state != wargames.load("ancients")  # the readings are part of the set-up
    for readings in ([["helmets", "sometimes"]], [["nope", True]], "x", [[1, 2]], [["helmets"]]):
        bad = copy.deepcopy(document)
        bad["scenario"]["readings"] = readings
        with pytest.raises(SavedStateError, match=r"scenario\.readings"):
            type(state).from_json(bad)
