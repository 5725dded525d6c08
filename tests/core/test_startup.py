"""Start-up loads only what it needs (issue 16): ``import wargames`` imports no game (and
not numpy), and an odds query imports only its own game. Each check runs in a fresh
interpreter and reads its ``sys.modules``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import wargames

GAMES = wargames.games()
ODDS = {
    "ancients": ["HI", "MI", "--leader", "attached"],
    "armageddon": ["29", "6", "--reroll", "EX"],
    "horde": ["stormtroopers", "Mk 1 Iron Guard", "--ranged"],
    "warmaster": ["emperor,custodes", "horus,justaerin", "--sanctum"],
}


def modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def games_in(modules: set[str]) -> set[str]:
    return {g for g in GAMES if f"wargames.{g}" in modules}


def test_import_wargames_imports_no_game() -> None:
    modules = modules_after("import wargames")
    assert games_in(modules) == set()
    assert "numpy" not in modules  # the random agent imports it when one is made
    assert "importlib.metadata" not in modules  # the registry reads entry points when asked


def test_the_registry_lists_games_without_loading_them() -> None:
    modules = modules_after("import wargames\nassert 'horde' in wargames.games()")
    assert games_in(modules) == set()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.quick(1)
def test_an_odds_query_imports_only_its_game(game: str) -> None:
    args = json.dumps(["odds", game, *ODDS[game]])
    modules = modules_after(f"from wargames.cli import main\nassert main({args}) == 0")
    assert games_in(modules) == {game}
