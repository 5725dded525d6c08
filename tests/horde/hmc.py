"""Helpers of the horde tests: builders of made-up hordes and weapons, and the two presets."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from wargames.horde.combat.profiles import Characteristics, Horde, Specialist
from wargames.horde.combat.rules import DEFAULT, PRINTED_EXAMPLES, HordeRules
from wargames.horde.combat.weapons import Weapon, parse_damage, parse_rate_of_fire


def weapon(
    name: str = "Blade",
    category: str = "melee",
    damage: str = "1d10",
    pen: int = 0,
    rof: str = "S/-/-",
    **qualities: Any,
) -> Weapon:
    """A weapon for a test."""
    rate = parse_rate_of_fire(rof) if category != "melee" else parse_rate_of_fire("-/-/-")
    return Weapon(name, category, parse_damage(damage), pen, rate, **qualities)


def build(
    name: str = "test",
    *,
    magnitude: int = 40,
    starting: int | None = None,
    ap: int = 4,
    weapons: tuple[Weapon, ...] | None = None,
    talents: tuple[str, ...] = (),
    specialists: tuple[Specialist, ...] = (),
    **chars: int,
) -> Horde:
    """A horde for a test: every characteristic 30 unless given (``ws=45``)."""
    values = {"ws": 30, "bs": 30, "s": 30, "t": 30, "ag": 30, "per": 30, "wp": 30, **chars}
    arms = weapons or (weapon(), weapon("Gun", "basic", "1d10+3", rof="S/3/-"))
    return Horde(
        id=name,
        name=name,
        characteristics=Characteristics(**values),
        magnitude=magnitude,
        starting_magnitude=magnitude if starting is None else starting,
        ap=ap,
        weapons=arms,
        talents=talents,
        specialists=specialists,
    )


def specialist(kind: str, wounds: int = 10, weapon: Weapon | None = None) -> Specialist:
    return Specialist(kind, kind.title(), wounds, max(wounds, 1), weapon)


BOTH = pytest.mark.parametrize(
    "rules", [DEFAULT, PRINTED_EXAMPLES], ids=["catalogue", "printed-examples"]
)
"""Run an example test under the catalogue's readings and the printed examples' preset."""


def with_rules(**changes: Any) -> HordeRules:
    """The catalogue's readings with some changed."""
    return attrs.evolve(DEFAULT, **changes)
