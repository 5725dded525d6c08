"""Morale in a P-Scale battle: when a horde tests, the d100 Willpower test and its modifiers
from the board, the states a failure brings, and what they do (HMC-GAP-03, research notes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from horde.pscale import battle, changed, legal, moved, play, to_decision

from wargames.core.engine import CHANCE
from wargames.horde.combat.strikes import CounterChoice, DefenceRoll
from wargames.horde.combat.terms import total
from wargames.horde.morale_checks import (
    MoraleTest,
    degrees_of_failure,
    morale_target,
    morale_terms,
)
from wargames.horde.state import PScaleState
from wargames.horde.units import resized

GUARD = "guard-infantry"
TRAITORS = "traitor-guard"


def shot(tmp_path: Path, target: str = TRAITORS, **kw: object) -> PScaleState:
    """A ranged attack of a guard squad on ``target`` ready to roll."""
    state = battle(
        tmp_path,
        [("A", GUARD, "05-04")],
        [("Z", target, "09-04"), ("Y", TRAITORS, "02-08")],  # Y keeps red in the battle
        **kw,  # type: ignore[arg-type]
    )
    return play(state, "activate A", "A attack Z ranged")


@pytest.mark.rule("HMC-GAP-03")
def test_a_quarter_of_the_magnitude_lost_in_a_round_forces_a_d100_test(tmp_path: Path) -> None:
    """Losing 25% of the Magnitude held when the round began forces a Willpower test (research
    O9): a d100 against Willpower 30 and the modifiers (isolated: -10), and a failure by one
    degree confuses, by two makes it flee, by three or more makes it rout (research O2, 3.6)."""
    state = play(shot(tmp_path), 10, 1, 6)  # full damage, 10 Magnitude: 25% of 40
    assert state.unit("Z").magnitude == 30
    assert isinstance(state.top, MoraleTest) and state.current_player == CHANCE
    assert len(state.chance_outcomes()) == 100
    assert morale_target(state, state.unit("Z"), "loss") == 20
    for roll, morale in (
        (20, ""),
        (21, "confused"),
        (31, "fleeing"),
        (41, "routing"),
        (99, "routing"),
    ):
        assert play(state, roll).unit("Z").morale == morale
    assert "Z" in state.tested  # once a round
    rolls = (1, 20, 21, 29, 30, 31, 100)
    assert [degrees_of_failure(r, 20) for r in rolls] == [0, 0, 1, 1, 2, 2, 9]


@pytest.mark.rule("HMC-GAP-03")
def test_a_smaller_loss_forces_no_test(tmp_path: Path) -> None:
    state = play(shot(tmp_path), 10, 1, 5)  # 9 Magnitude: under 25%
    assert state.unit("Z").magnitude == 31 and state.current_player == "blue"


@pytest.mark.rule(
    "HMC-MORALE-01",
    "HMC-MORALE-02",
    "HMC-MORALE-03",
    "HMC-MORALE-06",
    "HMC-MORALE-07",
    "HMC-MORALE-08",
    "HMC-MORALE-11",
)
def test_willpower_modifiers_are_read_off_the_board(tmp_path: Path) -> None:
    state = battle(
        tmp_path,
        [("A", GUARD, "05-04"), ("B", GUARD, "05-05"), ("C", GUARD, "01-08")],
        [
            ("Z", TRAITORS, "06-04"),
            ("Y", TRAITORS, "06-05"),
            ("X", TRAITORS, "06-03"),
            ("W", TRAITORS, "09-08"),
        ],
        terrain={"cover": ["05-04"]},
    )

    def labels(unit: str) -> list[str]:
        return [t.label for t in morale_terms(state, state.unit(unit), "loss")]

    a = labels("A")
    assert "adjacent ally" in a and "cover" in a  # B next to it, a cover square
    assert "isolated (over 5 dm from allies)" not in a
    assert labels("C") == ["HQ area"]  # in its HQ, four squares from A
    # two adjacent allies still give +10 once
    crowded = moved(state, C="04-04")
    terms = [
        t for t in morale_terms(crowded, crowded.unit("A"), "loss") if t.rule == "HMC-MORALE-01"
    ]
    assert [t.value for t in terms] == [10]
    assert total(morale_terms(crowded, crowded.unit("A"), "loss")) == total(
        morale_terms(state, state.unit("A"), "loss")
    )
    alone = battle(
        tmp_path, [("C", GUARD, "01-08"), ("D", GUARD, "08-01")], [("Z", TRAITORS, "10-08")]
    )
    assert labels_of(alone, "C") == ["HQ area", "isolated (over 5 dm from allies)"]
    assert labels_of(moved(alone, D="06-03"), "C") == ["HQ area"]  # 5 squares: not more than 5
    assert "isolated (over 5 dm from allies)" in labels_of(moved(alone, D="07-03"), "C")  # 6
    # A stands next to Z, Y and X (120 to 40, 3-1); B next to Z and Y only (80 to 40, 2-1)
    assert "outnumbered 3-1 in close combat" in labels("A")
    assert "outnumbered 3-1 in close combat" not in labels("B")
    three_to_one = moved(state, B="02-02")  # A alone against Z, Y and X: 120 to 40
    assert "outnumbered 3-1 in close combat" in labels_of(three_to_one, "A")
    half = changed(changed(state, "Z", status="destroyed", square=None), "Y", morale="fleeing")
    assert "army lost half its hordes" in labels_of(half, "X")
    assert "army lost half its hordes" not in labels_of(state, "X")
    quarter = changed(state, "Z", status="destroyed", square=None)  # 1 of 4 lost: not half
    assert "army lost half its hordes" not in labels_of(quarter, "X")


def labels_of(state: object, unit: str) -> list[str]:
    return [t.label for t in morale_terms(state, state.unit(unit), "loss")]  # type: ignore[arg-type, attr-defined]


@pytest.mark.rule("HMC-MORALE-04", "HMC-OFFICER-07")
def test_an_officer_leads_and_iron_discipline_adds_to_it(tmp_path: Path) -> None:
    officers = [
        {
            "id": "lt",
            "profile": "guard-command",
            "wounds": 12,
            "join": "A",
            "talents": ["Iron Discipline"],
        }
    ]
    state = battle(tmp_path, [("A", GUARD, "05-04")], [("Z", TRAITORS, "09-08")], officers=officers)
    terms = {t.label: t.value for t in morale_terms(state, state.unit("A"), "loss")}
    assert terms["led by an Officer"] == 10 and terms["Iron Discipline"] == 10


@pytest.mark.rule("HMC-TALENT-10", "HMC-MORALE-05")
def test_fearless_hordes_never_test(tmp_path: Path) -> None:
    """Chaos Space Marines (Fearless) lose a quarter of their Magnitude and take no test; a
    horde with the bonus of an Officer with Into the Jaws of Hell is Fearless too."""
    state = play(shot(tmp_path, "chaos-space-marines"), 10, 1)
    state = to_decision(state, 10)
    marines = state.unit("Z")
    assert 4 * (20 - marines.magnitude) >= 20 and state.current_player == "blue"
    officers = [
        {
            "side": "red",
            "id": "cm",
            "profile": "guard-command",
            "wounds": 14,
            "join": "Z",
            "talents": ["Into the Jaws of Hell"],
        }
    ]
    led = play(shot(tmp_path, officers=officers), 10, 1, 6)
    assert led.unit("Z").magnitude == 30 and led.current_player == "blue"  # no test


@pytest.mark.rule("HMC-TALENT-08", "HMC-TALENT-09", "HMC-GAP-10")
def test_at_a_quarter_of_its_strength_a_horde_breaks_unless_disciplined(tmp_path: Path) -> None:
    """At 25% of its starting Magnitude a horde routs without a test; a Disciplined horde takes
    a test instead, without the under-strength penalty."""
    weak = shot(tmp_path)
    z = weak.unit("Z")
    weak = changed(weak, "Z", horde=resized(z.horde, 14), round_magnitude=14)
    broken = play(weak, 10, 1, 5)  # 9 Magnitude: 5 left of 40
    assert broken.unit("Z").morale == "routing" and broken.current_player == "blue"
    iron = battle(
        tmp_path,
        [("A", GUARD, "05-04")],
        [("Z", "iron-guard-mk1", "09-04"), ("Y", TRAITORS, "02-08")],
    )
    iron = play(iron, "activate A", "A attack Z ranged")
    z = iron.unit("Z")
    iron = changed(iron, "Z", horde=resized(z.horde, 9), round_magnitude=9)
    hurt = play(iron, 10, 1, 10)
    assert hurt.unit("Z").magnitude <= 7 and isinstance(hurt.top, MoraleTest)
    labels = [t.label for t in morale_terms(hurt, hurt.unit("Z"), "quarter")]
    assert "under-strength" not in labels  # Disciplined
    assert hurt.top.reason == "quarter"


@pytest.mark.rule("HMC-TALENT-07")
def test_blood_soaked_tide_turns_frenzied_and_must_attack(tmp_path: Path) -> None:
    state = play(shot(tmp_path, "cultist-rabble"), 10, 1, 10)
    assert isinstance(state.top, MoraleTest)
    frenzied = play(state, 100)
    assert frenzied.unit("Z").morale == "frenzied"
    frenzied = play(frenzied, "A done") if frenzied.current_player == "blue" else frenzied
    frenzied = play(frenzied, "activate Z")
    orders = legal(frenzied)
    assert orders == ["Z charge A"]  # the nearest enemy, and nothing else
    state = play(frenzied, "Z charge A", "Z to 06-04")
    terms = {t.label: t.value for t in state.numbers(state.top.strike).attack_terms}
    assert terms["frenzied"] == 2


@pytest.mark.rule("HMC-MORALE-09", "HMC-MORALE-10", "HMC-COUNTER-01")
def test_a_broken_horde_has_no_defence_and_no_counter_attack(tmp_path: Path) -> None:
    """A fleeing horde's Defense is 0 and attacks on it count the attack die as 10 (no roll);
    a horde confused by the attack it just took does not counter-attack."""
    state = battle(tmp_path, [("A", GUARD, "05-04")], [("Z", TRAITORS, "06-04")])
    fleeing = changed(state, "Z", morale="fleeing", morale_round=1)
    state = play(fleeing, "activate A", "A attack Z melee")
    assert isinstance(state.top, DefenceRoll)  # the attack die was not rolled
    assert state.top.strike.attack_die == 10
    assert state.numbers(state.top.strike).defence_terms[0].value == 0
    calm = play(
        battle(tmp_path, [("A", "cultists", "05-04")], [("Z", TRAITORS, "06-04")]),
        "activate A",
        "A attack Z melee",
    )
    numbers = calm.numbers(calm.top.strike)  # type: ignore[attr-defined]
    full = next(d for d, x in enumerate(numbers.losses("full"), 1) if x >= 10)
    hit = play(calm, 10, 1, full)
    assert isinstance(hit.top, MoraleTest)
    confused = play(hit, 21)
    assert confused.unit("Z").morale == "confused"
    assert not isinstance(confused.top, CounterChoice)  # no counter-attack
    steady = play(hit, 1)
    assert isinstance(steady.top, CounterChoice) and steady.current_player == "red"


@pytest.mark.rule("HMC-GAP-03")
def test_what_the_morale_states_do(tmp_path: Path) -> None:
    """Confused: one Half order; fleeing: flees its Run distance from the nearest enemy;
    routing: runs for its HQ and leaves the field there; confusion ends after the next round."""
    state = battle(
        tmp_path, [("A", GUARD, "05-04"), ("B", GUARD, "02-02")], [("Z", TRAITORS, "07-04")]
    )
    confused = play(changed(state, "A", morale="confused", morale_round=1), "activate A")
    orders = legal(confused)
    assert "A brace" not in orders and "A tactical advance" in orders and "A rally" in orders
    fleeing = play(changed(state, "A", morale="fleeing", morale_round=1), "activate A")
    flee = [x for x in legal(fleeing) if "flee" in x]
    assert flee and all(state.field.distance(x.split()[-1], "07-04") == 6 for x in flee)
    routing = play(changed(state, "A", morale="routing", morale_round=1), "activate A")
    assert legal(routing) == ["A rally", "A rout off"]  # its HQ is within 9 squares
    gone = play(routing, "A rout off")
    assert gone.unit("A").status == "routed"
    later = changed(state, "A", morale="confused", morale_round=1)
    later = play(later, "activate A", "A done", "activate Z", "Z done", "activate B", "B done")
    assert later.round == 2 and later.unit("A").morale == "confused"
    later = play(later, "activate Z", "Z done", "pass")
    assert later.round == 3 and later.unit("A").morale == ""


@pytest.mark.rule("HMC-ORDERS-15", "HMC-GAP-03")
def test_rallying_a_routing_horde_is_at_minus_twenty(tmp_path: Path) -> None:
    state = battle(
        tmp_path, [("A", GUARD, "05-04"), ("B", GUARD, "02-02")], [("Z", TRAITORS, "09-08")]
    )
    routing = changed(state, "A", morale="routing", morale_round=1)
    labels = {t.label: t.value for t in morale_terms(routing, routing.unit("A"), "rally")}
    assert labels["rallying a routing horde"] == -20
    tested = play(routing, "activate A", "A rally")
    assert tested.current_player == CHANCE
    assert play(tested, 100).unit("A").morale == "routing"
