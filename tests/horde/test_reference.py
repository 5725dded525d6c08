"""The docs page's tables, generated from the code: every marker resolves, and the worked
examples come out as the page and the notes state."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wargames.horde.combat.rules import DEFAULT, PRINTED_EXAMPLES
from wargames.horde.reference import EXAMPLES, TABLES, example

PAGE = Path(__file__).parents[2] / "docs" / "horde.md"


def test_every_table_renders() -> None:
    for name, make in TABLES.items():
        text = make()
        assert text.startswith(("|", "1.")), name


def test_every_marker_of_the_page_is_a_table() -> None:
    markers = re.findall(r"<!--\s*horde:(\w+)\s*-->", PAGE.read_text(encoding="utf-8"))
    assert set(markers) == set(TABLES)


@pytest.mark.rule("HMC-DAMAGE-16-EX", "HMC-DAMAGE-17-EX", "HMC-DAMAGE-18-EX", "HMC-GAP-09")
def test_examples_under_both_presets() -> None:
    assert [example(i, DEFAULT)[2] for i in range(len(EXAMPLES))] == [46, 70, 43]
    assert [example(i, PRINTED_EXAMPLES)[2] for i in range(len(EXAMPLES))] == [45, 71, 45]
    assert [ex[8] for ex in EXAMPLES] == [45, 72, 45]


def test_modifier_tables_follow_the_code() -> None:
    assert "| charge | charge +2 | +2 | HMC-COMBAT-02 |" in TABLES["attack_modifiers"]()
    assert "| cover and Get Down! |" in TABLES["defence_modifiers"]()
    assert "| 0 | -2 | -2 | -2 | -2 | -2 |" in TABLES["armour"]()
    assert "**whole**" in TABLES["readings"]()
