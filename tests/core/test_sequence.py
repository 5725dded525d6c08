"""The sequence of play as data: lookup and Markdown rendering."""

from __future__ import annotations

import pytest

from wargames.core.sequence import SequenceOfPlay, Step

SEQUENCE = SequenceOfPlay(
    "toy",
    (
        Step("Set-up", "Place the pieces.", ("T-SETUP",)),
        Step(
            "Game turn",
            "Both players act.",
            repeat="8 turns",
            steps=(
                Step(
                    "Ork turn",
                    "The Orks act.",
                    steps=(
                        Step("Movement", "Move.", ("T-MOVE-01", "T-MOVE-02")),
                        Step("Combat", "Fight."),
                    ),
                ),
                Step("Imperial turn", "The Imperium acts."),
            ),
        ),
        Step("Victory", "Count the cities."),
    ),
)


def test_names_and_walk_order() -> None:
    assert SEQUENCE.names() == ("Set-up", "Game turn", "Victory")
    assert [s.name for s in SEQUENCE.walk()] == [
        "Set-up",
        "Game turn",
        "Ork turn",
        "Movement",
        "Combat",
        "Imperial turn",
        "Victory",
    ]


def test_find_searches_nested_steps() -> None:
    assert SEQUENCE.find("Combat").text == "Fight."
    assert SEQUENCE.find("Movement").rules == ("T-MOVE-01", "T-MOVE-02")
    with pytest.raises(KeyError):
        SEQUENCE.find("Lunch")


def test_markdown_numbers_each_level_and_indents_children() -> None:
    assert SEQUENCE.markdown() == (
        "1. **Set-up**: Place the pieces. *(T-SETUP)*\n"
        "2. **Game turn** — 8 turns: Both players act.\n"
        "    1. **Ork turn**: The Orks act.\n"
        "        1. **Movement**: Move. *(T-MOVE-01, T-MOVE-02)*\n"
        "        2. **Combat**: Fight.\n"
        "    2. **Imperial turn**: The Imperium acts.\n"
        "3. **Victory**: Count the cities.\n"
    )
