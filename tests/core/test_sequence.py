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


# -- tying the declared sequence to the tasks of the flow ----------------------------------------

FLOW = SequenceOfPlay(
    "toy",
    (
        Step("Set-up", "Place the pieces.", tasks=("Deploy",)),
        Step(
            "Game turn",
            "Both players act.",
            repeat="8 turns",
            tasks=("BeginTurn",),
            steps=(
                Step("Ork turn", "The Orks act.", tasks=("Move", "Fight")),
                Step("Imperial turn", "The Imperium acts.", tasks=("Move", "Fight")),
                Step("End of turn", "Count the cities.", tasks=("Count",)),
            ),
        ),
    ),
    anytime=("Reinforce",),
)


def test_a_game_in_the_declared_order_passes() -> None:
    trace = ["Deploy", "Move", "Fight", "Move", "Reinforce", "Count", "Move", "Fight", "Count"]
    assert FLOW.check(trace) == []


def test_a_task_no_step_names_is_reported() -> None:
    assert FLOW.check(["Deploy", "Parley"]) == ["step 1: task Parley belongs to no declared step"]
    assert FLOW.unclaimed(["Deploy", "Move", "Reinforce", "Parley", "Count"]) == ["Parley"]


def test_a_step_out_of_order_is_reported() -> None:
    (problem,) = FLOW.check(["Move", "Deploy"])
    assert problem.startswith("step 1: task Deploy (Set-up) after Ork turn")


def test_another_round_starts_anywhere_in_a_trace_but_only_with_the_round_in_a_plan() -> None:
    assert FLOW.check(["Count", "Move"]) == []  # a new turn, its first task a move
    assert FLOW.check(["Count", "Move"], rounds=False) != []
    assert FLOW.check(["Count", "BeginTurn", "Move"], rounds=False) == []
