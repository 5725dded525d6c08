"""The engagement state: explicit dice, the counter-attack decision and its order, Tearing,
JSON, views, notation, invariants and the conformance kit (HMC-COUNTER, HMC-ATTACK)."""

from __future__ import annotations

import json

import attrs
import pytest
from horde.hmc import build, weapon

from wargames.core.agents import RandomAgent
from wargames.core.codec import SavedStateError
from wargames.core.engine import CHANCE, Match
from wargames.core.errors import NotationError, RuleViolation
from wargames.core.notation import Reroll, Roll
from wargames.horde.combat.actions import Counter, parse
from wargames.horde.combat.context import AttackContext, Side
from wargames.horde.combat.data import horde
from wargames.horde.combat.engagement import (
    AttackRoll,
    CounterChoice,
    DamageRoll,
    EngagementState,
    new_engagement,
)
from wargames.horde.combat.rules import DEFAULT, PRINTED_EXAMPLES, HordeRules
from wargames.testing import check_state, playout


def run(state: EngagementState, *dice: int) -> tuple[Match, EngagementState]:
    match = Match(state, seed=3).force_dice(*dice)
    final = match.advance()
    assert isinstance(final, EngagementState)
    return match, final


def melee(ctx: AttackContext | None = None, rules: HordeRules = DEFAULT) -> EngagementState:
    return new_engagement(build("a", ws=40, s=40), build("d", magnitude=60), "melee", ctx, rules)


@pytest.mark.rule("HMC-ATTACK-02", "HMC-ATTACK-04")
def test_every_die_is_a_chance_node() -> None:
    s = new_engagement(horde("cultists"), horde("marines"), "ranged")
    assert s.current_player == CHANCE and isinstance(s.top, AttackRoll)
    assert [str(a) for a, _ in s.chance_outcomes()] == [f"roll {v}" for v in range(1, 11)]
    s = s.apply("roll 10")
    assert s.current_player == CHANCE and s.top.describe(s) == "defender's defence die"
    full = s.apply("roll 1")
    assert isinstance(full.top, DamageRoll) and len(full.chance_outcomes()) == 10
    partial = s.apply(Roll(10))
    assert len(partial.chance_outcomes()) == 5  # partial damage rolls 1d5
    with pytest.raises(RuleViolation):
        partial.apply("roll 6")
    final = partial.apply("roll 5")
    assert final.outcome is not None and final.current_player is None


@pytest.mark.rule("HMC-COUNTER-01", "HMC-COUNTER-04")
def test_after_a_melee_attack_the_defender_decides_to_counter_attack() -> None:
    match, s = run(melee(), 6, 6, 2)
    assert s.current_player == "defender" and isinstance(s.top, CounterChoice)
    assert s.legal_actions() == [Counter(True), Counter(False)]
    assert len(s.strikes) == 1
    # The attack's damage is already done before the choice (HMC-COUNTER-04): a partial hit
    # (6 + 6 - 10 = 0 against AQ -2 and Defense 6 + 6 - 2 - 10 = 0) of 2 + 2 + 4 - 4 - 3 = 1.
    assert (s.strikes[0].hit, s.strikes[0].damage) == ("partial", 1)
    assert s.defender.magnitude == 59
    match.apply("counter")
    _, final = run(match.state, 5, 5, 3)  # type: ignore[arg-type]
    assert [st.striker for st in final.strikes] == ["attacker", "defender"]
    assert final.strikes[1].counter
    # the counter-attack is made at the Magnitude left after the attack (HMC-DAMAGE-02)
    assert final.numbers(final.strikes[1]).attacker.magnitude == 59


@pytest.mark.rule("HMC-COUNTER-01")
def test_hold_declines_the_counter_attack() -> None:
    _match, s = run(melee(), 6, 6, 2)
    final = s.apply("hold")
    assert final.outcome is not None and len(final.strikes) == 1


@pytest.mark.rule("HMC-COUNTER-01", "HMC-DAMAGE-15")
def test_no_counter_attack_from_a_destroyed_horde() -> None:
    s = new_engagement(
        build("a", ws=60, s=60, weapons=(weapon(damage="1d10+20"),)),
        build("d", magnitude=5),
        "melee",
    )
    _, final = run(s, 10, 1, 10)
    assert final.defender.destroyed and final.outcome is not None
    assert "the defender is destroyed" in final.outcome.reason


@pytest.mark.rule("HMC-COUNTER-01")
@pytest.mark.parametrize("state", [Side(fleeing=True), Side(confused=True)])
def test_no_counter_attack_while_fleeing_or_confused(state: Side) -> None:
    s = melee(AttackContext(defender=state))
    die = () if state.fleeing else (5,)
    _, final = run(s, *die, 5, 2)
    assert final.outcome is not None and len(final.strikes) == 1


@pytest.mark.rule("HMC-COUNTER-03")
def test_a_ranged_attack_allows_no_counter_attack() -> None:
    s = new_engagement(build("a"), build("d", magnitude=60), "ranged")
    _, final = run(s, 5, 5, 2)
    assert final.outcome is not None and len(final.strikes) == 1
    assert final.legal_actions() == []
    with pytest.raises(RuleViolation):
        final.apply("counter")
    # the engagement itself refuses a counter-attack to the target of a shot, both hordes
    # standing (the strike tasks never even ask, HMC-COUNTER-03)
    shot = final.strikes[0]
    assert shot.kind == "ranged" and not final.can_counter(shot)
    assert final.can_counter(attrs.evolve(shot, kind="melee"))
    # the same dice in melee leave the defender the choice
    _, melee_state = run(new_engagement(build("a"), build("d", magnitude=60), "melee"), 5, 5, 2)
    assert melee_state.legal_actions() == [Counter(True), Counter(False)]


@pytest.mark.rule("HMC-COUNTER-02")
def test_a_counter_attack_is_a_full_attack_at_minus_two() -> None:
    s = melee()
    _match, after = run(s, 6, 6, 2)
    counter = after.apply("counter")
    assert isinstance(counter.top, AttackRoll) and counter.top.strike.counter
    numbers = counter.numbers(counter.top.strike)
    plain = counter.numbers(attrs.evolve(counter.top.strike, striker="attacker", counter=False))
    assert numbers.attack == 5 - 2 and plain.attack == 6
    # attack die, defence die and damage die, as for any attack
    s2 = counter.apply("roll 10").apply("roll 1")
    assert isinstance(s2.top, DamageRoll)
    final = s2.apply("roll 4")
    assert final.strikes[-1].hit == "full" and final.strikes[-1].damage_die == 4


@pytest.mark.rule("HMC-COUNTER-05", "HMC-GAP-29")
def test_a_counter_attack_is_never_countered() -> None:
    match, _s = run(melee(), 6, 6, 2)
    match.apply("counter")
    _, final = run(match.state, 6, 6, 2)  # type: ignore[arg-type]
    assert final.current_player is None
    assert len(final.strikes) == 2


@pytest.mark.rule("HMC-COUNTER-04", "HMC-ORDERS-05", "HMC-GAP-29")
def test_brace_makes_the_counter_attack_go_first_and_only_once() -> None:
    ctx = AttackContext(charge=True, defender=Side(brace=True))
    s = melee(ctx)
    assert s.current_player == "defender" and isinstance(s.top, CounterChoice) and s.top.first
    s = s.apply("counter")
    _, final = run(s, 5, 5, 2, 5, 5, 2)
    assert [st.striker for st in final.strikes] == ["defender", "attacker"]
    assert final.numbers(final.strikes[0]).attack == 5  # no -2
    assert final.current_player is None  # no second counter-attack


@pytest.mark.rule("HMC-ORDERS-05")
def test_a_braced_counter_attack_can_stop_the_charge() -> None:
    ctx = AttackContext(charge=True, defender=Side(brace=True))
    killers = build("d", ws=60, s=60, magnitude=60, weapons=(weapon(damage="1d10+30"),))
    s = new_engagement(build("a", magnitude=10), killers, "melee", ctx)
    s = s.apply("counter")
    _, final = run(s, 10, 1, 10)
    assert final.attacker.destroyed and len(final.strikes) == 1


def test_holding_under_brace_gives_up_the_counter_attack() -> None:
    ctx = AttackContext(charge=True, defender=Side(brace=True))
    s = melee(ctx).apply("hold")
    _, final = run(s, 5, 5, 2)
    assert final.current_player is None and len(final.strikes) == 1


def test_counters_false_leaves_the_counter_attack_out() -> None:
    s = new_engagement(build("a"), build("d", magnitude=60), "melee", counters=False)
    _, final = run(s, 5, 5, 2)
    assert final.current_player is None


@pytest.mark.rule("HMC-DAMAGE-02")
def test_the_counter_attack_uses_the_magnitude_left_after_the_attack() -> None:
    _match, s = run(
        new_engagement(horde("space-marines").with_magnitude(45), horde("cultists"), "melee"),
        10,
        1,
        5,
    )
    assert s.defender.magnitude == 70
    counter = s.apply("counter")
    numbers = counter.numbers(counter.top.strike)  # type: ignore[attr-defined]
    assert numbers.attacker.magnitude == 70
    assert numbers.partial.added[1].label == "half Magnitude 70 tens"


def test_illegal_actions_are_refused_and_the_state_is_unchanged() -> None:
    s = melee()
    before = s.to_json()
    for bad in ("counter", "reroll", "roll 11"):
        with pytest.raises(RuleViolation):
            s.apply(bad)
    assert s.to_json() == before
    with pytest.raises(NotationError):
        s.apply("charge")
    _, after = run(s, 6, 6, 2)
    with pytest.raises(RuleViolation) as info:
        after.apply("roll 3")
    assert info.value.rule == "HMC-COUNTER-01"


def test_forcing_a_die_that_cannot_come_up_fails() -> None:
    match = Match(new_engagement(build("a"), build("d"), "ranged"), seed=0)
    match.force_dice(10, 10, 7)  # the third die is a d5 (partial damage)
    with pytest.raises(RuleViolation, match="not possible"):
        match.advance()


def test_notation_round_trips() -> None:
    for text in ("roll 4", "reroll", "keep", "counter", "hold"):
        assert str(parse(text)) == text
    assert parse("keep") == Reroll(False)
    with pytest.raises(NotationError):
        parse("counter now")


def test_views_json_and_text() -> None:
    _match, s = run(
        new_engagement(horde("chaos-space-marines"), horde("guard-infantry"), "melee"), 10, 1, 3
    )
    assert s.view("attacker") == s == s.view("defender")
    with pytest.raises(ValueError):
        s.view("orks")
    data = json.loads(json.dumps(s.to_json()))
    back = EngagementState.from_json(data)
    assert back == s and back.legal_actions() == s.legal_actions()
    assert "waiting for: Tearing" in str(s)
    final = s.apply("keep")
    assert "attacker attack" in str(final)
    bad = dict(data, game="warmaster")
    with pytest.raises(SavedStateError, match=r"not of .horde-engagement."):
        EngagementState.from_json(bad)


def test_invariants_catch_a_negative_magnitude() -> None:
    s = melee()
    assert s.invariant_violations() == []
    broken = s.evolve(defender=attrs.evolve(s.defender, magnitude=-1))
    assert broken.invariant_violations()


CASES = [
    ("cultists", "space-marines", "ranged", AttackContext(), DEFAULT),
    ("space-marines", "cultists", "melee", AttackContext(), PRINTED_EXAMPLES),
    (
        "chaos-space-marines",
        "guard-infantry",
        "melee",
        AttackContext(charge=True, defender=Side(brace=True, cover=True)),
        DEFAULT,
    ),
    (
        "ork-nobz",
        "gretchin",
        "melee",
        AttackContext(defender=Side(fleeing=True)),
        attrs.evolve(DEFAULT, fleeing_max_die="attack-and-damage"),
    ),
    (
        "guard-heavy-weapons",
        "ork-boyz",
        "ranged",
        AttackContext(),
        attrs.evolve(DEFAULT, tearing="best-of-two"),
    ),
    (
        "ork-kommandos",
        "guard-veterans",
        "melee",
        AttackContext(attacker=Side(stealthed=True)),
        DEFAULT,
    ),
    ("ork-boyz", "guard-command", "melee", AttackContext(), attrs.evolve(DEFAULT, scale="E")),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_engagements_pass_the_conformance_kit(
    case: tuple[str, str, str, AttackContext, HordeRules],
) -> None:
    a, d, kind, ctx, rules = case
    for seed in range(4):
        state = new_engagement(horde(a), horde(d), kind, ctx, rules)  # type: ignore[arg-type]
        agents = {"attacker": RandomAgent(seed), "defender": RandomAgent(seed + 100)}
        final, actions = playout(state, agents, seed=seed, max_steps=40)
        check_state(final)
        assert final.outcome is not None and actions
