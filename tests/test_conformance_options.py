"""``benchmarks/conformance.py --option KEY=VALUE``: whole numbers and switches reach the game as
the types its options take (a switch given as text was refused: ``epic_command=true``)."""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import wargames

CONFORMANCE = Path(__file__).resolve().parent.parent / "benchmarks" / "conformance.py"


@pytest.fixture(scope="module")
def conformance() -> ModuleType:
    """The script, loaded from its file (``benchmarks`` is not a package)."""
    spec = importlib.util.spec_from_file_location("conformance_script", CONFORMANCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("players=4", ("players", 4)),
        ("epic_command=true", ("epic_command", True)),
        ("epic_command=False", ("epic_command", False)),
        ("helmets=attached-only", ("helmets", "attached-only")),
    ],
)
def test_an_option_reads_as_its_type(
    conformance: ModuleType, text: str, expected: tuple[str, Any]
) -> None:
    assert conformance.option(text) == expected


def test_a_switch_given_on_the_command_line_starts_a_game(conformance: ModuleType) -> None:
    key, value = conformance.option("epic_command=true")
    state = wargames.game("ancients").start("twin-valleys", {"players": 8, key: value})
    assert state.current_player is not None


def test_an_option_without_a_value_is_refused(conformance: ModuleType) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="KEY=VALUE"):
        conformance.option("epic_command")
