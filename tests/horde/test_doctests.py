"""The examples in the horde modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "wargames.horde",
    "wargames.horde.combat.actions",
    "wargames.horde.combat.attack",
    "wargames.horde.combat.context",
    "wargames.horde.combat.damage",
    "wargames.horde.combat.data",
    "wargames.horde.combat.engagement",
    "wargames.horde.combat.morale",
    "wargames.horde.movement",
    "wargames.horde.combat.odds",
    "wargames.horde.combat.profiles",
    "wargames.horde.combat.ratings",
    "wargames.horde.combat.rules",
    "wargames.horde.combat.terms",
    "wargames.horde.combat.weapons",
    "wargames.horde.odds",
    "wargames.horde.battlefield",
    "wargames.horde.blast",
    "wargames.horde.actions",
    "wargames.horde.game",
    "wargames.horde.scenario",
    "wargames.horde.scenario_value",
    "wargames.horde.position",
    "wargames.horde.sight",
    "wargames.horde.terrain",
    "wargames.horde.narration",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
