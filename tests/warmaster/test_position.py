"""What-if positions of The Warmaster (issue 18): counters face up and face down where you
say, the cup, from the start of a chosen phase of a chosen turn; then the game plays on by the
rules, hiding from the Imperial player what the rules hide."""

from __future__ import annotations

import doctest
from typing import Any

import pytest

import wargames
from wargames.core.engine import Match
from wargames.core.errors import ScenarioError
from wargames.core.notation import Roll
from wargames.core.sequence import plan, trace
from wargames.testing import check_state, playout
from wargames.warmaster import position as position_module
from wargames.warmaster.data import IMPERIAL, TRAITOR
from wargames.warmaster.flow import PHASES
from wargames.warmaster.position import STARTS, position
from wargames.warmaster.scenario_value import BoardingScenario
from wargames.warmaster.sequence import SEQUENCE
from wargames.warmaster.specials import START
from wargames.warmaster.state import CUP, DEAD, HIDDEN, POOL, RESERVE, UNKNOWN, WarmasterState

MIDGAME: dict[str, Any] = {
    "face_up": {
        "21": ["emperor", "custodes-1", "custodes-2"],
        "33": ["angron", "world-eaters-1"],
        "43": ["sanguinius"],
    },
    "face_down": {"65": "horus", "44": "trap-1", "12": "justaerin-1"},
    "turn": 3,
    "phase": "imperial-movement",
    "bridge": "imperial",
}
"""A position of turn 3: the Emperor holds the Bridge, Horus hides in 65."""


def agents(seed: int) -> dict[str, wargames.Agent]:
    return {IMPERIAL: wargames.RandomAgent(seed), TRAITOR: wargames.RandomAgent(seed + 1)}


@pytest.mark.rule("WM-SEQ-02", "WM-HIDDEN-01", "WM-SETUP-03")
def test_counters_stand_as_given_from_the_phase_given() -> None:
    s = position(**MIDGAME, destroyed=["55"], reserve=[["rogal-dorn"]])
    assert (s.turn, s.phase, s.bridge, s.current_player) == (
        3,
        "imperial-movement",
        IMPERIAL,
        IMPERIAL,
    )
    assert s.location("emperor") == "21" and s.location("angron") == "33"
    assert s.face_down == {"horus", "trap-1", "justaerin-1"} and s.location("trap-1") == "44"
    assert s.location("rogal-dorn") == RESERVE and s.reserve == (("rogal-dorn",),)
    assert "55" in s.destroyed and s.location("imperial-guard-1") == DEAD  # arrived on turn 2
    assert s.location("sons-of-horus-1") == DEAD  # a starting unit not named
    # every reinforcement not on the ship is in the cup (WM-SETUP-03)
    assert len(s.cup) == 20 and s.cup.cards.count("world-eaters") == 2
    assert all(s.location(c) == CUP for c in ("magnus", "crew-4", "world-eaters-2"))
    # each side controls the areas it alone holds; the rest are the Traitor's as at the start
    assert s.control == {"21", "43"} and s.controller("33") == TRAITOR
    check_state(s)


@pytest.mark.rule("WM-SETUP-05", "WM-REINF-04", "WM-BRIDGE-02")
def test_waves_still_to_come_wait_in_the_pool() -> None:
    first = position(face_down={"65": "horus"}, turn=1)
    assert first.current_player == IMPERIAL and first.turn == 0  # the groups are formed first
    assert all(first.location(u) == POOL for u in ("emperor", "imperial-guard-3"))
    second = position(
        face_up={"21": ["emperor"]}, face_down={"65": "horus"}, turn=2, bridge=TRAITOR
    )
    assert second.turn == 2 and second.bridge == IMPERIAL  # the Emperor alone on the Bridge
    assert second.current_player == wargames.CHANCE  # the Imperial Guard teleport
    assert all(second.location(f"imperial-guard-{n}") == POOL for n in (1, 2, 3))
    later = position(
        face_up={"21": ["emperor"]}, face_down={"65": "horus"}, turn=2, phase="traitor-movement"
    )
    assert later.location("imperial-guard-1") == DEAD  # arrived and destroyed since


@pytest.mark.rule("WM-SETUP-03", "WM-REINF-07")
def test_the_cup_holds_what_is_given() -> None:
    s = position(face_up={"21": ["emperor"]}, face_down={"65": "horus"}, cup={"crew": 2}, turn=4)
    assert sorted(s.cup.cards) == ["crew", "crew"]
    assert s.location("crew-1") == CUP and s.location("crew-3") == DEAD
    assert s.location("angron") == DEAD


@pytest.mark.rule("WM-HIDDEN-01", "WM-REINF-07")
def test_the_imperial_view_hides_the_face_down_counters_and_the_cup() -> None:
    s = position(**MIDGAME)
    seen = s.view(IMPERIAL)
    for counter in ("horus", "trap-1", "justaerin-1", "magnus"):
        assert seen.location(counter) == HIDDEN
    assert sorted(seen.backs) == ["12", "44", "65"] and set(seen.cup.cards) == {UNKNOWN}
    assert "horus" not in str(seen) and "horus" not in str(seen.to_json())
    assert seen.location("angron") == "33"  # face up: seen
    assert s.view(TRAITOR).location("horus") == "65"


@pytest.mark.rule("WM-SEQ-01", "WM-VICTORY-03")
def test_the_position_plays_on_to_the_end_and_replays_the_same() -> None:
    capped = BoardingScenario.read("boarding").with_turn_cap(6)
    s = position(capped, **MIDGAME, warp_instability=True)
    assert s.warp_instability and s.turn_cap == 6
    final, actions = playout(s, agents(3), seed=5, max_steps=20_000, check_every=25)
    assert isinstance(final, WarmasterState) and final.is_terminal and actions
    again = Match(s, seed=5, agents=agents(3))
    again.run()
    assert again.state == final and again.actions == actions


@pytest.mark.rule("WM-SEQ-01", "WM-SEQ-02")
@pytest.mark.parametrize("phase", STARTS)
@pytest.mark.quick(2)
def test_every_start_plays_on_by_the_sequence_of_play(phase: str) -> None:
    capped = BoardingScenario.read("boarding").with_turn_cap(4)
    s = position(
        capped,
        face_up={"21": ["emperor", "custodes-1"], "33": ["magnus"]},
        face_down={"65": "horus", "12": "justaerin-1"},
        turn=2,
        phase=phase,
    )
    if phase in (START, PHASES[0], PHASES[1]):  # the first decision or roll is in the phase
        assert s.turn == 2 and s.phase == (PHASES[0] if phase == START else phase)
    final, actions = playout(s, agents(1), seed=2, max_steps=20_000, check_every=1)
    assert final.is_terminal and actions
    assert SEQUENCE.check(plan(s), rounds=False) == []  # the steps the flow means to do
    states = [s]
    for action in actions:
        states.append(states[-1].apply(action))
    assert states[-1] == final and SEQUENCE.check(trace(states)) == []


def test_the_module_example_runs() -> None:
    result = doctest.testmod(position_module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0


BASE: dict[str, Any] = {"face_up": {"21": ["emperor"]}, "face_down": {"65": "horus"}, "turn": 3}
"""The position each refusal changes."""


@pytest.mark.parametrize(
    ("given", "key", "problem"),
    [
        ({"face_up": {"99": ["emperor"]}}, "face_up.99", "no area"),
        ({"face_up": {"21": ["emperor", "zeppelin"]}}, "face_up.21", "no counter 'zeppelin'"),
        (
            {"face_up": {"21": ["emperor", "imperial-guard-1"]}, "turn": 2},
            "face_up.21",
            "teleports aboard on turn 2",
        ),
        ({"face_up": {"21": ["emperor", "trap-2"]}}, "face_up.21", "removed once revealed"),
        ({"face_up": {"21": ["emperor", "horus"]}}, "face_down.65", "named twice"),
        ({"face_down": {"65": "horus", "12": "angron"}}, "face_down.12", "no Traitor starting"),
        (
            {"face_up": {"21": ["emperor"], "55": ["magnus"]}, "destroyed": ["55"]},
            "face_up.55",
            "destroyed",
        ),
        ({"face_down": {"12": "justaerin-1"}}, "face_up", "horus is not named"),
        ({"face_up": {"12": ["custodes-1"]}}, "face_up", "emperor is not named"),
        ({"cup": {"crew": 5}}, "cup.crew", "expected 0 to 4"),
        ({"cup": {"dragon": 1}}, "cup.dragon", "expected 0 to 0"),
        ({"reserve": [["custodes-1", "magnus"]]}, "reserve.0", "one side's units"),
        ({"reserve": [["emperor"]]}, "reserve.0", "named twice"),
        ({"reserve": [[]]}, "reserve.0", "an empty body"),
        ({"bridge": "orks"}, "bridge", "expected one of"),
        ({"destroyed": ["77"]}, "destroyed.77", "no area"),
        ({"control": ["21"], "destroyed": ["21"]}, "face_up.21", "destroyed"),
        ({"control": ["31"], "destroyed": ["31"]}, "control.31", "destroyed"),
        ({"turn": 0}, "turn", "expected 1"),
        ({"phase": "lunch"}, "phase", "expected one of"),
        (
            {"face_up": {"21": ["emperor"], "33": ["magnus", "flamers", "crew-1", "crew-2"]}},
            "position",
            "traitor over-stacked in 33",
        ),
    ],
)
@pytest.mark.rule("WM-SETUP-02", "WM-STACK-03", "WM-VICTORY-01")
def test_a_position_that_breaks_a_rule_is_refused(
    given: dict[str, Any], key: str, problem: str
) -> None:
    with pytest.raises(ScenarioError) as caught:
        position(**(BASE | given))
    assert caught.value.key == key and problem in caught.value.problem


def test_a_turn_past_the_cap_is_refused() -> None:
    capped = BoardingScenario.read("boarding").with_turn_cap(6)
    with pytest.raises(ScenarioError) as caught:
        position(capped, **(BASE | {"turn": 7}))
    assert caught.value.key == "turn" and "expected 1 to 6" in caught.value.problem


def test_a_scenario_of_another_game_is_refused() -> None:
    with pytest.raises(ScenarioError, match="not of warmaster"):
        position(wargames.scenario("horde", "mirror"))  # type: ignore[arg-type]


# -- the Defensive Screens and the fleet's lasers (specials fleet_lasers, ship_breakup) --------

NINE = ["11", "14", "31", "41", "12", "13", "15", "22", "23"]
"""Nine destroyed areas: the four of the hull, where the first hit of each turn goes while one
is left (specials ``fleet_lasers.hull_first``), and five more; not the Bridge or a reactor."""


@pytest.mark.rule("WM-GAP-05")
def test_the_lasers_fire_from_the_turn_after_the_screens_are_taken() -> None:
    taken = position(**BASE, phase="traitor-movement", screens=3)  # at the end of this turn's
    assert (taken.screens, taken.laser_hits) == (3, 0)  # Imperial Battle phase
    firing = position(**(BASE | {"turn": 4}), screens=3)
    assert firing.phase == "imperial-reinforcements" and firing.current_player == IMPERIAL
    # the first hit of a turn: the Imperial player picks an intact hull area
    assert [str(a) for a in firing.legal_actions()] == ["fire 11", "fire 14", "fire 31", "fire 41"]
    hit = firing.apply(firing.legal_actions()[1])
    assert hit.laser_hits == 1 and hit.destroyed == {"14"} and hit.is_chance  # the second shot
    quiet = position(**(BASE | {"turn": 4}))  # the Screens not taken: the lasers are silent
    assert quiet.screens is None and quiet.phase == "imperial-movement"


@pytest.mark.rule("WM-GAP-05")
def test_the_last_laser_hit_breaks_the_ship_up() -> None:
    s = position(**(BASE | {"turn": 7}), screens=1, laser_hits=9, destroyed=NINE)
    assert (s.screens, s.laser_hits, s.destroyed) == (1, 9, frozenset(NINE))
    check_state(s)
    assert s.is_chance  # no hull area left: the first shot is a D66 roll, tens then units
    s = s.apply(Roll(3)).apply(Roll(3))  # area 33: the tenth hit
    assert s.laser_hits == 10 and "33" in s.destroyed and s.is_chance  # the Emperor's escape
    ends = {
        outcome.value: s.apply(outcome).outcome  # type: ignore[attr-defined]
        for outcome, _ in s.chance_outcomes()
    }
    assert ends[1] is not None and ends[1].winner is None  # still aboard: a draw
    assert ends[4] is not None and ends[4].winner == IMPERIAL


@pytest.mark.parametrize(
    ("given", "key", "problem"),
    [
        ({"screens": 3}, "screens", "Battle phase is over (1 to 2)"),
        ({"screens": 0}, "screens", "is over"),
        ({"screens": "2"}, "screens", "got '2'"),
        ({"screens": True}, "screens", "got True"),
        ({"screens": 1, "turn": 1, "phase": "imperial-movement"}, "screens", "none yet"),
        ({"laser_hits": 1, "destroyed": ["11"]}, "laser_hits", "Defensive Screens are taken"),
        ({"screens": 2, "laser_hits": 1, "destroyed": ["11"]}, "laser_hits", "fired in 0 turns"),
        (
            {"screens": 1, "laser_hits": 3, "destroyed": ["11", "14", "31"]},
            "laser_hits",
            "at most 2: 2 shots a turn, fired in 1 turns",
        ),
        (
            {"screens": 1, "turn": 5, "laser_hits": 3, "destroyed": ["11", "14"]},
            "laser_hits",
            "at most 2: each hit destroys an area, and 2 are destroyed",
        ),
        (
            {"screens": 1, "turn": 7, "laser_hits": 10, "destroyed": [*NINE, "24"]},
            "laser_hits",
            "breaks up at 10 hits",
        ),
        ({"screens": 1, "laser_hits": 1, "destroyed": ["12"]}, "laser_hits", "0 destroyed"),
        (
            {"screens": 1, "turn": 7, "laser_hits": 5, "destroyed": ["11", "14", "12", "13", "15"]},
            "laser_hits",
            "at most 4: the first hit of a turn goes to a hull area while one is left",
        ),
        ({"screens": 1, "laser_hits": -1}, "laser_hits", "expected a number of hits"),
        ({"screens": 1, "laser_hits": 1.0}, "laser_hits", "expected a number of hits"),
    ],
)
@pytest.mark.rule("WM-GAP-05")
def test_screens_and_laser_hits_that_cannot_be_are_refused(
    given: dict[str, Any], key: str, problem: str
) -> None:
    with pytest.raises(ScenarioError) as caught:
        position(**(BASE | given))
    assert caught.value.key == key and problem in caught.value.problem


@pytest.mark.rule("WM-GAP-05")
def test_no_screens_when_the_scenario_has_no_lasers() -> None:
    calm = BoardingScenario.read("boarding").with_options(fleet_lasers=False)
    for given, key in (({"screens": 1}, "screens"), ({"laser_hits": 1}, "laser_hits")):
        with pytest.raises(ScenarioError) as caught:
            position(calm, **(BASE | given))
        assert caught.value.key == key and "fleet_lasers is off" in caught.value.problem
    assert position(calm, **BASE).screens is None
