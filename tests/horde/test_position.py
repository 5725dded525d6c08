"""What-if positions of a P-Scale battle (issue 18): units where and as you say, from the
start of a chosen round; then the battle plays on by the rules."""

from __future__ import annotations

import pytest

import wargames
from wargames.core.engine import Match
from wargames.core.errors import ScenarioError
from wargames.horde.position import Standing, position
from wargames.testing import check_state, playout


def test_units_stand_as_given_from_the_round_given() -> None:
    s = position(
        "mirror",
        {
            "A1": Standing(square="06-03", magnitude=12),
            "B1": Standing(morale="confused"),
            "B2": Standing(status="destroyed"),
            "AHW": Standing(status="off-board"),
        },
        round=4,
        first="red",
        rounds=6,
    )
    assert (s.round, s.initiative, s.rounds) == (4, "red", 6)
    a1, b1, b2 = s.unit("A1"), s.unit("B1"), s.unit("B2")
    assert (a1.square, a1.magnitude) == ("06-03", 12)
    assert b1.morale == "confused"  # still confused as the round starts (it began last round)
    assert b2.gone and b2.square is None and s.unit("AHW").status == "off-board"
    untouched = wargames.load("horde", "mirror")
    a2, set_up = s.unit("A2"), untouched.unit("A2")  # not named: as the scenario sets it up
    assert (a2.square, a2.magnitude, a2.morale) == (set_up.square, set_up.magnitude, "")
    check_state(s)


def test_the_initiative_alternates_unless_given() -> None:
    assert position("mirror", round=1).initiative == "blue"  # the scenario's first side
    assert position("mirror", round=2).initiative == "red"
    assert position("mirror", round=3).initiative == "blue"
    assert position("mirror", round=1, first="red").initiative == "red"


def test_the_position_plays_on_to_the_end() -> None:
    s = position("manufactorum", {"CMD": Standing(magnitude=4)}, round=8)
    agents = {side: wargames.RandomAgent(3 + i) for i, side in enumerate(s.players)}
    final, actions = playout(s, agents, seed=5, max_steps=20_000, check_every=50)
    assert final.is_terminal and final.outcome is not None and actions
    again = Match(
        s, seed=5, agents={p: wargames.RandomAgent(3 + i) for i, p in enumerate(s.players)}
    )
    again.run()
    assert again.state == final


def test_a_scenario_value_and_an_officer_moved_off_his_horde() -> None:
    built = wargames.scenario("horde", "mirror").with_rounds(5)
    s = position(built, {"CMD-lieutenant": Standing(square="02-04")}, round=2)
    lieutenant = s.unit("CMD-lieutenant")
    assert lieutenant.square == "02-04" and lieutenant.attached_to is None and s.rounds == 5
    assert s.unit("CMD").bonus != "CMD-lieutenant"


@pytest.mark.parametrize(
    ("units", "extra", "key", "problem"),
    [
        ({"Z9": Standing()}, {}, "units.Z9", "no unit 'Z9'"),
        ({"A1": Standing(square="99-99")}, {}, "units.A1.square", "no passable square"),
        ({"A1": Standing(magnitude=0)}, {}, "units.A1.magnitude", "expected 1 to"),
        ({"A1": Standing(magnitude=999)}, {}, "units.A1.magnitude", "expected 1 to"),
        ({"A1": Standing(morale="brave")}, {}, "units.A1.morale", "expected one of"),  # type: ignore[arg-type]
        ({"A1": Standing(status="asleep")}, {}, "units.A1.status", "expected one of"),  # type: ignore[arg-type]
        ({"A1": Standing(square="03-06")}, {}, "units", "2 hordes on 03-06"),
        ({"CMD": Standing(status="destroyed")}, {}, "units.CMD.status", "joined to CMD"),
        ({}, {"round": 11}, "round", "expected 1 to 10"),
        ({}, {"first": "green"}, "first", "expected one of"),
    ],
)
def test_a_position_that_breaks_a_rule_is_refused(
    units: dict[str, Standing], extra: dict[str, object], key: str, problem: str
) -> None:
    with pytest.raises(ScenarioError) as caught:
        position("mirror", units, **extra)  # type: ignore[arg-type]
    assert caught.value.key == key and problem in caught.value.problem
