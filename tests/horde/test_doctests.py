"""The examples in the horde modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "wargames.horde",
    "wargames.horde.actions",
    "wargames.horde.attack",
    "wargames.horde.context",
    "wargames.horde.damage",
    "wargames.horde.data",
    "wargames.horde.engagement",
    "wargames.horde.morale",
    "wargames.horde.movement",
    "wargames.horde.odds",
    "wargames.horde.profiles",
    "wargames.horde.ratings",
    "wargames.horde.rules",
    "wargames.horde.terms",
    "wargames.horde.weapons",
    "wargames.horde.analysis",
    "wargames.horde.battlefield",
    "wargames.horde.blast",
    "wargames.horde.commands",
    "wargames.horde.game",
    "wargames.horde.scenario",
    "wargames.horde.sight",
    "wargames.horde.terrain",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
