"""Fixtures of the horde tests: the shipped example units and builders of made-up hordes."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from horde.hmc import build, weapon

from wargames.horde.combat.data import horde
from wargames.horde.combat.profiles import Horde
from wargames.horde.combat.weapons import Weapon


@pytest.fixture
def make() -> Callable[..., Horde]:
    return build


@pytest.fixture
def arm() -> Callable[..., Weapon]:
    return weapon


@pytest.fixture
def cultists() -> Horde:
    return horde("cultists")


@pytest.fixture
def marines() -> Horde:
    return horde("space-marines")


@pytest.fixture
def iron_guard() -> Horde:
    return horde("iron-guard-mk1")


@pytest.fixture
def stormtroopers() -> Horde:
    return horde("stormtroopers")
