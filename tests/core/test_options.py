"""Game options as a schema (:mod:`wargames.core.options`): one validation for every game,
one error type naming the option and the problem."""

from __future__ import annotations

from typing import Any

import pytest

import wargames
from wargames.core.errors import (
    OptionError,
    ScenarioError,
    UnknownNameError,
    UnknownOptionError,
    WargamesError,
)
from wargames.core.options import Option, Options, from_json_text

# -- the schema itself -------------------------------------------------------------------------


def test_check_fills_in_defaults_and_keeps_given_values() -> None:
    schema = Options(
        (
            Option("cap", int, "a cap", low=1, high=10),
            Option("fast", bool, "go fast", default=False),
            Option("mode", str, "a mode", default="a", choices=("a", "b")),
        )
    )
    assert schema.check(None) == {"cap": None, "fast": False, "mode": "a"}
    assert schema.check({"cap": 3, "mode": "b"}) == {"cap": 3, "fast": False, "mode": "b"}
    assert schema.check({"fast": None}) == {"cap": None, "fast": False, "mode": "a"}


@pytest.mark.parametrize(
    ("option", "value", "problem"),
    [
        (Option("n", int, "h", low=1, high=10), "3", "expected a whole number, got '3'"),
        (Option("n", int, "h", low=1, high=10), True, "expected a whole number, got True"),
        (Option("n", int, "h", low=1, high=10), 11, "must be between 1 and 10, got 11"),
        (Option("n", int, "h", low=1, high=10), 0, "must be between 1 and 10, got 0"),
        (Option("x", float, "h", low=0, high=1), "0.5", "expected a number, got '0.5'"),
        (Option("x", float, "h", low=0, high=1), 1.5, "must be between 0 and 1, got 1.5"),
        (Option("b", bool, "h"), 1, "expected true or false, got 1"),
        (Option("s", str, "h"), 3, "expected text, got 3"),
        (Option("s", str, "h", choices=("a", "b")), "c", "expected one of a, b, got 'c'"),
    ],
)
def test_a_bad_value_names_the_option_and_the_problem(
    option: Option, value: Any, problem: str
) -> None:
    with pytest.raises(OptionError) as caught:
        Options((option,)).check({option.name: value}, "toy")
    error = caught.value
    assert (error.option, error.problem, error.game) == (option.name, problem, "toy")
    assert str(error) == f"toy option {option.name!r}: {problem}"
    assert (error.file, error.key) == ("(options)", option.name)  # still a ScenarioError
    assert isinstance(error, ScenarioError | WargamesError)


def test_an_unknown_option_lists_the_valid_ones_and_suggests_one() -> None:
    schema = Options(
        (Option("turn_cap", int, "h", low=1, high=9), Option("warp", bool, "h", default=False))
    )
    with pytest.raises(UnknownOptionError) as caught:
        schema.check({"turn_cpa": 3}, "warmaster")
    error = caught.value
    assert isinstance(error, OptionError) and isinstance(error, UnknownNameError)
    assert isinstance(error, KeyError)  # as a lookup by name raised before
    assert error.choices == ("turn_cap", "warp") and error.name == "turn_cpa"
    assert str(error) == (
        "warmaster option 'turn_cpa': no such option; options: turn_cap, warp; "
        "did you mean 'turn_cap'?"
    )
    with pytest.raises(UnknownOptionError, match="the game takes no options"):
        Options().check({"players": 2})


def test_a_parser_checks_rich_values() -> None:
    def pair(value: Any) -> tuple[int, int]:
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise ValueError(f"expected a pair, got {value!r}")
        return (value[0], value[1])

    option = Option("p", object, "a pair", parse=pair, shows="pair", allowed_text="a, b")
    assert option.check([1, 2]) == (1, 2)
    assert option.type_name == "pair" and option.allowed() == "a, b"
    with pytest.raises(OptionError, match="expected a pair, got 3"):
        option.check(3)


def test_declarations_are_checked() -> None:
    with pytest.raises(TypeError, match="low and a high bound"):
        Option("n", int, "unbounded")
    with pytest.raises(TypeError, match="needs a parse"):
        Option("x", list, "a list")
    with pytest.raises(TypeError, match="not an identifier"):
        Option("turn-cap", int, "h", low=1, high=2)
    with pytest.raises(TypeError, match="declared twice: n"):
        Options((Option("n", bool, "h"), Option("n", bool, "h")))


def test_command_line_text() -> None:
    cap = Option("turn_cap", int, "h", low=1, high=10)
    assert cap.flag == "--turn-cap" and cap.from_text("7") == 7
    with pytest.raises(OptionError, match="expected a whole number, got 'x'"):
        cap.from_text("x")
    with pytest.raises(OptionError, match="between 1 and 10"):
        cap.from_text("12")
    flag = Option("warp", bool, "h")
    assert flag.from_text("yes") is True and flag.from_text("False") is False
    with pytest.raises(OptionError, match="true or false"):
        flag.from_text("maybe")
    assert from_json_text('{"a": 1}') == {"a": 1} and from_json_text("printed") == "printed"


def test_listing_rows() -> None:
    row = Option("cap", int, "a cap", low=1, high=10).to_json()
    assert row == {
        "name": "cap",
        "flag": "--cap",
        "type": "int",
        "default": None,
        "default_text": "the scenario's",
        "allowed": "1..10",
        "choices": None,
        "low": 1,
        "high": 10,
        "help": "a cap",
    }


# -- every game's options ----------------------------------------------------------------------

GOOD: list[tuple[str, str, Any]] = [
    ("warmaster", "turn_cap", 12),
    ("warmaster", "turn_cap", 0),
    ("warmaster", "warp_instability", True),
    ("horde", "rules", "printed"),
    ("horde", "rules", {"tearing": "best-of-two", "partial_fixed_bonus": False}),
    ("horde", "rounds", 3),
    ("ancients", "players", 2),
    ("ancients", "players", (1, 4)),
    ("ancients", "players", [2, 3]),
    ("ancients", "turn_cap", 500),
    ("ancients", "helmets", "attached-only"),
    ("ancients", "war_machine_evade", "as-units"),
    ("ancients", "move_fire_move", "split"),
    ("ancients", "lone_leader_support", False),
    ("ancients", "epic_command", True),
]

WRONG_TYPE: list[tuple[str, str, Any, str]] = [
    ("warmaster", "turn_cap", "12", "whole number"),
    ("warmaster", "turn_cap", True, "whole number"),
    ("warmaster", "warp_instability", "yes", "true or false"),
    ("horde", "rules", 3, "preset name or a table"),
    ("horde", "rules", {"partial_fixed_bonus": "no"}, "true or false"),
    ("horde", "rounds", 2.5, "whole number"),
    ("ancients", "players", "2", "number from 1 to 8"),
    ("ancients", "players", True, "number from 1 to 8"),
    ("ancients", "turn_cap", 1.5, "whole number"),
    ("ancients", "helmets", 1, "expected text"),
    ("ancients", "ignores_add_up", "false", "true or false"),
    ("ancients", "war_machine_evade", True, "expected text"),
    ("ancients", "move_fire_move", ["split"], "expected text"),
]

OUT_OF_BOUNDS: list[tuple[str, str, Any, str]] = [
    ("warmaster", "turn_cap", -1, "between 0 and 1000"),
    ("warmaster", "turn_cap", 1001, "between 0 and 1000"),
    ("horde", "rules", "house", "unknown preset 'house'"),
    ("horde", "rules", {"tearing": "never"}, "tearing"),
    ("horde", "rules", {"armour": "thick"}, "no reading 'armour'"),
    ("horde", "rounds", 101, "between 0 and 100"),
    ("horde", "rounds", -2, "between 0 and 100"),
    ("ancients", "players", 9, "number from 1 to 8"),
    ("ancients", "players", 0, "number from 1 to 8"),
    ("ancients", "players", (5, 1), "1 to 4 each"),
    ("ancients", "players", (1, 2, 3), "1 to 4 each"),
    ("ancients", "turn_cap", 0, "between 1 and 10000"),
    ("ancients", "turn_cap", 10_001, "between 1 and 10000"),
    ("ancients", "helmets", "never", "expected one of attached-or-adjacent, attached-only"),
    ("ancients", "move_fire_move", "half", "expected one of full-each, split"),
    ("ancients", "war_machine_evade", "never", "expected one of always, as-units"),
]


def test_every_option_of_every_game_is_tested_and_described() -> None:
    good = {(g, o) for g, o, _ in GOOD}
    wrong = {(g, o) for g, o, _, _ in WRONG_TYPE}
    beyond = {(g, o) for g, o, _, _ in OUT_OF_BOUNDS}
    for game_id in ("armageddon", "warmaster", "horde", "ancients"):
        for option in wargames.game(game_id).options:
            key = (game_id, option.name)
            assert option.help and option.allowed() != "any", key
            bounded = option.kind not in (int, float) or option.parse or option.choices
            assert bounded or option.high is not None, key
            if option.kind is not bool:  # true-or-false options: the next test
                assert key in good and key in wrong and key in beyond, key


@pytest.mark.parametrize("game_id", ["warmaster", "ancients"])
def test_every_true_or_false_option(game_id: str) -> None:
    g = wargames.game(game_id)
    flags = [o.name for o in g.options if o.kind is bool]
    assert flags
    for name in flags:
        assert g.check_options({name: True})[name] is True
        assert g.check_options({name: False})[name] is False
        for bad in ("yes", 1, 0):
            with pytest.raises(OptionError, match="expected true or false"):
                g.check_options({name: bad})


@pytest.mark.parametrize(("game_id", "name", "value"), GOOD)
def test_a_good_value_is_taken(game_id: str, name: str, value: Any) -> None:
    checked = wargames.game(game_id).check_options({name: value})
    assert checked[name] is not None


@pytest.mark.parametrize(("game_id", "name", "value", "problem"), WRONG_TYPE + OUT_OF_BOUNDS)
def test_a_bad_value_is_an_option_error(game_id: str, name: str, value: Any, problem: str) -> None:
    with pytest.raises(OptionError) as caught:
        wargames.game(game_id).check_options({name: value})
    assert caught.value.option == name and caught.value.game == game_id
    assert problem in caught.value.problem


@pytest.mark.parametrize("game_id", ["armageddon", "warmaster", "horde", "ancients"])
def test_an_unknown_option_of_each_game(game_id: str) -> None:
    valid = wargames.game(game_id).options.names
    with pytest.raises(UnknownOptionError) as caught:
        wargames.load(game_id, colour="red")
    assert caught.value.choices == valid
    assert ("takes no options" in str(caught.value)) == (not valid)


def test_load_goes_through_the_schema() -> None:
    with pytest.raises(OptionError, match="warmaster option 'turn_cap': must be between"):
        wargames.load("warmaster", turn_cap=5000)
    assert wargames.load("warmaster", turn_cap=7).turn_cap == 7  # type: ignore[attr-defined]
    state = wargames.load("horde", "mirror", rules={"tearing": "best-of-two"}, rounds=3)
    assert state.rounds == 3 and state.rules.tearing == "best-of-two"  # type: ignore[attr-defined]
    assert wargames.load("ancients", "the-long-ridge", players=[1, 4]).team == (1, 4)  # type: ignore[attr-defined]


def test_scenario_dependent_checks_are_option_errors_too() -> None:
    with pytest.raises(OptionError, match="only an 'Armageddon' or Epic scenario has teams"):
        wargames.load("ancients", "river-crossing", players=2)
    with pytest.raises(OptionError, match="expected 2, 4, 6 or 8 in all, got 3"):
        wargames.load("ancients", "twin-valleys", players=3)


def test_match_play_simulate_and_replay_check_options() -> None:
    with pytest.raises(OptionError):
        wargames.match("warmaster", warp_instability="on")
    with pytest.raises(OptionError):
        wargames.play("horde", rounds=1000)
    with pytest.raises(UnknownOptionError):
        wargames.simulate("armageddon", 0, turns=3)  # checked even before any game runs
    record = wargames.play("horde", seed=1, scenario="mirror", rounds=1).to_json()
    record["options"] = {"rounds": "one"}
    with pytest.raises(OptionError, match="rounds"):
        wargames.replay(record)


# -- every number of every shipped game is bounded -------------------------------------------

SHIPPED = ("armageddon", "warmaster", "horde", "ancients")


def _numbers() -> list[tuple[str, Option]]:
    return [
        (game, option)
        for game in SHIPPED
        for option in wargames.game(game).options
        if option.kind in (int, float) and option.parse is None and not option.choices
    ]


def test_every_numeric_option_of_a_shipped_game_has_a_range() -> None:
    found = _numbers()
    assert {game for game, _ in found} >= {"warmaster", "horde", "ancients"}
    for game, option in found:
        assert option.low is not None and option.high is not None, (game, option.name)
        assert option.allowed() == f"{option.low}..{option.high}"


@pytest.mark.parametrize(("game", "option"), _numbers(), ids=lambda v: getattr(v, "name", v))
def test_a_numeric_option_takes_its_edges_and_refuses_beyond(game: str, option: Option) -> None:
    g = wargames.game(game)
    assert g.options.check({option.name: option.low}, game)[option.name] == option.low
    assert g.options.check({option.name: option.high}, game)[option.name] == option.high
    for bad in (option.low - 1, option.high + 1, 10**30, True, "7", 2.5):
        with pytest.raises(OptionError, match=f"option '{option.name}'"):
            g.options.check({option.name: bad}, game)
    with pytest.raises(OptionError, match=f"between {option.low} and {option.high}"):
        option.from_text(str(option.high + 1))
    with pytest.raises(OptionError, match="expected a whole number"):
        option.from_text("9" * 5000)
