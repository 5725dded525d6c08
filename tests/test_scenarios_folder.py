"""The user-style scenarios of the top-level ``scenarios/`` folder: each is documented, checks
clean, loads by path and plays to the end with random and greedy bots under the conformance
kit's checks (the first, every 100th and the last state in full, the others lightly)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import wargames
from wargames.testing import check_state, playout

ROOT = Path(__file__).parents[1]
FOLDER = ROOT / "scenarios"
FILES = sorted(FOLDER.glob("*/*.toml"))
IDS = [f"{p.parent.name}/{p.stem}" for p in FILES]
STEPS = 20_000
"""More actions than any of these games takes (the longest, Ancients, about 1,000)."""


def test_every_game_has_two_new_scenarios() -> None:
    for game_id in wargames.games():
        mine = {p.stem for p in FILES if p.parent.name == game_id}
        assert len(mine) >= 2, game_id
        assert not mine & set(wargames.game(game_id).scenario_ids()), "not a shipped id"
    assert {p.parent.name for p in FILES} <= set(wargames.games())


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_header_says_what_it_shows_and_its_balance(path: Path) -> None:
    header = path.read_text(encoding="utf-8").split("\n\n")[0]
    assert all(line.startswith("#") for line in header.splitlines())
    assert "What it shows:" in header and "Balance" in header
    readme = (FOLDER / "README.md").read_text(encoding="utf-8")
    assert f"{path.parent.name}/{path.name}" in readme


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_checks_clean_and_loads_by_path(path: Path) -> None:
    game_id = path.parent.name
    assert wargames.check_scenario(path) == []
    assert wargames.check_scenario(str(path), game=game_id) == []
    state = wargames.load(game_id, scenario=str(path))
    assert state.current_player is not None


def bots(path: Path, kind: str, seed: int) -> tuple[wargames.GameState, dict[str, wargames.Agent]]:
    """The scenario's initial state (with the game's options for bot-only play) and ``kind``
    bots on every side."""
    g = wargames.game(path.parent.name)
    state = g.start(str(path), dict(g.bot_options))
    return state, {p: g.agent(kind, seed * 31 + i, p) for i, p in enumerate(g.players)}


@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize("path", FILES, ids=IDS)
@pytest.mark.quick(4)
def test_plays_to_the_end(path: Path, kind: str) -> None:
    """A seeded game to its end, the kit's full checks on its first, middle and last states."""
    state, agents = bots(path, kind, seed=3)
    match = wargames.Match(state, seed=3, agents=agents)
    states = [match.state]
    while not match.over:
        match.step()
        states.append(match.state)
    assert match.state.outcome is not None and len(states) > 10
    for checked in (states[0], states[len(states) // 2], states[-1]):
        check_state(checked)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_plays_to_the_end_under_the_kit(path: Path, kind: str) -> None:
    """The same games with the kit's light checks after every action and the full ones on
    every 100th state."""
    state, agents = bots(path, kind, seed=3)
    final, actions = playout(state, agents, 3, STEPS, check_every=100, light=True)
    assert final.outcome is not None and len(actions) > 10


def test_the_worked_examples_of_the_scenarios_page_are_clean(tmp_path: Path) -> None:
    """docs/scenarios.md shows one worked example per game, in this order: each checks clean
    and plays (a greedy game to the end)."""
    fence = "`" * 3
    page = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    examples = re.findall(fence + r"toml\n(.*?)" + fence, page, re.S)
    games = ["armageddon", "warmaster", "horde", "ancients"]
    assert len(examples) == len(games)
    for game_id, text in zip(games, examples, strict=True):
        path = tmp_path / f"{game_id}.toml"
        path.write_text(text, encoding="utf-8")
        assert wargames.check_scenario(path, game=game_id) == []
        players = wargames.game(game_id).players
        record = wargames.play(
            game_id, dict.fromkeys(players, "greedy"), seed=1, scenario=str(path)
        )
        assert record.outcome is not None
