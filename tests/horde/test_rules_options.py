"""The options object: defaults are the catalogue's readings, the preset follows the printed
examples, values are checked, and it round-trips through JSON."""

from __future__ import annotations

import attrs
import pytest

from wargames.horde.combat.rules import DEFAULT, PRESETS, PRINTED_EXAMPLES, HordeRules


@pytest.mark.rule("HMC-GAP-09")
def test_defaults_are_the_catalogue_readings_and_the_preset_the_examples() -> None:
    assert HordeRules() == DEFAULT == PRESETS["catalogue"]
    assert DEFAULT.rof_full_ranged == "half"
    assert DEFAULT.magnitude_tens == "up"
    assert DEFAULT.partial_fixed_bonus is True
    assert HordeRules.printed_examples() is PRINTED_EXAMPLES is PRESETS["printed"]
    assert PRINTED_EXAMPLES.changes() == {
        "rof_full_ranged": "whole",
        "magnitude_tens": "truncate",
        "partial_fixed_bonus": False,
    }
    assert str(DEFAULT) == "catalogue readings"
    assert "magnitude_tens=truncate" in str(PRINTED_EXAMPLES)


def test_every_reading_that_changes_numbers_is_a_field() -> None:
    names = {f.name for f in attrs.fields(HordeRules)}
    assert names >= {
        "scale",
        "defense_ab",
        "rof_full_ranged",
        "magnitude_tens",
        "partial_fixed_bonus",
        "magnitude_bonus",
        "partial_magnitude_bonus",
        "untrained_rounding",
        "untrained_order",
        "medic_rounding",
        "outnumber_by",
        "fleeing_defense",
        "fleeing_max_die",
        "tearing",
        "engineer_cover",
        "pathfinder",
        "forced_march_on_counter",
    }


def test_values_are_checked_and_round_trip() -> None:
    with pytest.raises(ValueError):
        HordeRules(magnitude_tens="down")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        HordeRules(scale="X")  # type: ignore[arg-type]
    rules = HordeRules(tearing="best-of-two", scale="E", forced_march_on_counter=False)
    assert HordeRules.from_json(rules.to_json()) == rules
    assert hash(rules) == hash(HordeRules.from_json(rules.to_json()))
