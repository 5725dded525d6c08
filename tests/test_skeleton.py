"""Every game package has the same skeleton: the same module name for the same role
(docs/design.md, "One skeleton for every game"), so a reader who knows one game knows where to
look in the others; and no module grows past what one reading takes in."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

import wargames
from wargames.core import registry
from wargames.core.tasks import Task

GAMES = sorted(registry.BUILTIN)

REQUIRED = (
    "game",  # new_game(), OPTIONS and the GAME descriptor
    "state",  # the state class
    "actions",  # the actions and their notation (parse)
    "flow",  # the sequence of play as tasks
    "sequence",  # the declared sequence of play
    "scenario",  # reading and checking scenario files
    "invariants",  # what every state keeps, for the conformance kit
    "agents",  # the bots (a module or a package)
    "odds",  # the odds calculator
    "render",  # the drawing
    "reference",  # the docs page's tables
    "numbering",  # actions as numbers: the descriptor's action_space
    "observation",  # the observation tensor and string: the descriptor's observer
    "summary",  # a finished game's figures for a batch's table: the descriptor's summary
)
"""Modules every game package has, each with one role."""

OPTIONAL = {
    "data": "reference data (tables, maps, counters) read from data/",
    "redact": "what each player may read of an action (games with hidden actions)",
    "describe": "states as text for logs and the terminal",
    "narration": "the game's Narrator: what happened, in plain words",
    "prompts": "what each pending decision asks, and the notes beside its choices",
}
"""Modules a game has only when it needs the role; the name then means that role."""

MAX_LINES = 650
"""The longest module (the issue's '~600 lines'): longer ones are split by rule concept."""


def modules(package: str) -> list[str]:
    """Every module of a package and of its sub-packages, by dotted name."""
    root = importlib.import_module(package)
    found = [package]
    for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
        found.append(info.name)
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_role_has_its_module(game_id: str) -> None:
    package = f"wargames.{game_id}"
    names = {name.removeprefix(f"{package}.") for name in modules(package)}
    missing = [role for role in REQUIRED if role not in names]
    assert not missing, f"{package} has no module for: {', '.join(missing)}"
    assert (Path(importlib.import_module(package).__file__ or "").parent / "scenarios").is_dir()


@pytest.mark.parametrize("game_id", GAMES)
def test_each_module_plays_its_role(game_id: str) -> None:
    package = f"wargames.{game_id}"
    game = wargames.game(game_id)
    assert importlib.import_module(f"{package}.game").GAME is game
    state = wargames.load(game_id)
    assert type(state).__module__ == f"{package}.state"
    parse = importlib.import_module(f"{package}.actions").parse
    for action in state.legal_actions():
        assert parse(str(action)) == action
    flow = importlib.import_module(f"{package}.flow")
    assert any(
        isinstance(value, type) and issubclass(value, Task) and value.__module__ == flow.__name__
        for value in vars(flow).values()
    ), f"{package}.flow defines no task of the sequence of play"
    assert importlib.import_module(f"{package}.sequence").SEQUENCE is game.sequence


@pytest.mark.parametrize("game_id", GAMES)
def test_no_module_is_too_long_to_read(game_id: str) -> None:
    root = Path(importlib.import_module(f"wargames.{game_id}").__file__ or "").parent
    long = {
        str(path.relative_to(root)): lines
        for path in sorted(root.rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"modules over {MAX_LINES} lines in wargames/{game_id}: {long}"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_module_is_named_like_a_test(game_id: str) -> None:
    names = [name.rsplit(".", 1)[-1] for name in modules(f"wargames.{game_id}")]
    assert not [n for n in names if n.startswith("test") or n.endswith("_test")]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_state_class_is_not_a_wall_of_methods(game_id: str) -> None:
    """A state class holds the position and its look-ups; rules live in their modules. (The
    bound was 35; C&C: Ancients' copies written out for its one kept cache, ``evolve`` and
    ``_with_tasks``, December 2026, took it to 37: the engine's hot path, not rules.)"""
    cls = type(wargames.load(game_id))
    tree = ast.parse(Path(importlib.import_module(cls.__module__).__file__ or "").read_text())
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
    methods = [n for n in body.body if isinstance(n, ast.FunctionDef)]
    assert len(methods) <= 37, f"{cls.__name__} has {len(methods)} methods"


@pytest.mark.parametrize(
    ("package", "role"),
    [
        ("wargames.horde.combat", "the horde combat engine (E-scale), used by the battle"),
        ("wargames.ancients.variant", "the 'Armageddon' team variant"),
        ("wargames.ancients.epic", "the Epic command rules"),
    ],
)
def test_a_game_with_several_products_keeps_each_in_a_sub_package(package: str, role: str) -> None:
    module = importlib.import_module(package)
    assert hasattr(module, "__path__"), f"{role} is not a sub-package ({package})"
