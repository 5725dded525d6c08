"""Exact odds: against a brute-force enumeration of the dice, against an exact walk of the
engagement's game tree, against icepool, against Monte Carlo through seeded matches; caching;
and the ``wargames odds horde`` answer."""

from __future__ import annotations

import json
from collections import Counter as Tally
from fractions import Fraction

import attrs
import icepool
import pytest
from horde.hmc import build, weapon

from wargames.core.engine import CHANCE, Action, GameState, Match
from wargames.core.errors import ArgumentError
from wargames.core.notation import Reroll
from wargames.horde.combat.actions import Counter
from wargames.horde.combat.attack import attack_numbers
from wargames.horde.combat.context import AttackContext, Side
from wargames.horde.combat.data import horde
from wargames.horde.combat.engagement import EngagementState, TearingChoice, new_engagement
from wargames.horde.combat.odds import (
    MAX_ENGAGED,
    MAX_MAGNITUDE,
    MAX_RECEIVED,
    POLICIES,
    Policy,
    attack_odds,
    engagement_odds,
    face_losses,
    odds_command,
    rerolled_faces,
)
from wargames.horde.combat.rules import DEFAULT, PRINTED_EXAMPLES, HordeRules

R = attrs.evolve


class PolicyAgent:
    """Counter-attacks whenever allowed; rerolls Tearing dice as the odds' policy does."""

    def __init__(self, policy: Policy = "best") -> None:
        self.policy = policy

    def act(self, view: GameState) -> Action:
        assert isinstance(view, EngagementState)
        top = view.top
        if isinstance(top, TearingChoice):
            numbers = view.numbers(top.strike)
            formula = numbers.formula("full" if top.strike.hit == "full" else "partial")
            faces = rerolled_faces(face_losses(numbers, formula), self.policy)
            return Reroll(top.strike.damage_die in faces)
        return Counter(True)


def walk(
    state: EngagementState, agent: PolicyAgent, memo: dict[object, dict[tuple[int, int], Fraction]]
) -> dict[tuple[int, int], Fraction]:
    """Exact distribution of the losses still to come from ``state``, walking every branch."""
    key = (state.attacker, state.defender, state.tasks, state.result)
    if key in memo:
        return memo[key]
    out: dict[tuple[int, int], Fraction] = {}
    if state.current_player is None:
        out[(0, 0)] = Fraction(1)
    else:
        if state.current_player == CHANCE:
            branches = [(a, Fraction(p).limit_denominator(100)) for a, p in state.chance_outcomes()]
        else:
            branches = [(agent.act(state), Fraction(1))]
        for action, p in branches:
            nxt = state.apply(action)
            da = state.attacker.magnitude - nxt.attacker.magnitude
            dd = state.defender.magnitude - nxt.defender.magnitude
            for (a, d), q in walk(nxt, agent, memo).items():
                out[(a + da, d + dd)] = out.get((a + da, d + dd), Fraction(0)) + p * q
    memo[key] = out
    return out


def brute_force(odds_args: tuple[object, ...]) -> tuple[Fraction, dict[int, Fraction]]:
    """Enumerate every attack die, defence die and damage die (no Tearing)."""
    numbers = attack_numbers(*odds_args)  # type: ignore[arg-type]
    assert numbers.tearing == "none"
    full = Fraction(0)
    loss: dict[int, Fraction] = {}
    attack_dice = [numbers.fixed_attack_die] if numbers.fixed_attack_die else range(1, 11)
    pa = Fraction(1, len(attack_dice))
    for a in attack_dice:
        for d in range(1, 11):
            hit = numbers.hit(a, d)
            p = pa / 10
            full += p if hit == "full" else 0
            formula = numbers.formula(hit)
            faces = [formula.sides] if numbers.max_damage_die else range(1, formula.sides + 1)
            for v in faces:
                x = numbers.loss(formula.damage(v))
                loss[x] = loss.get(x, Fraction(0)) + p / len(faces)
    return full, dict(sorted(loss.items()))


CASES: list[tuple[str, str, str, AttackContext, HordeRules]] = [
    ("cultists", "space-marines", "ranged", AttackContext(), DEFAULT),
    ("cultists", "space-marines", "ranged", AttackContext(), PRINTED_EXAMPLES),
    ("space-marines", "cultists", "melee", AttackContext(charge=True), DEFAULT),
    (
        "stormtroopers",
        "iron-guard-mk1",
        "ranged",
        AttackContext(defender=Side(cover=True, in_cqc=True)),
        DEFAULT,
    ),
    (
        "ork-boyz",
        "guard-infantry",
        "melee",
        AttackContext(defender=Side(engaged_with=(50,), attacks_received=2)),
        DEFAULT,
    ),
    ("ork-nobz", "gretchin", "melee", AttackContext(defender=Side(fleeing=True)), DEFAULT),
    (
        "ork-nobz",
        "gretchin",
        "melee",
        AttackContext(defender=Side(fleeing=True)),
        R(DEFAULT, fleeing_max_die="attack-and-damage"),
    ),
    ("guard-veterans", "ork-boyz", "ranged", AttackContext(attacker=Side(stealthed=True)), DEFAULT),
    (
        "guard-heavy-weapons",
        "cultist-rabble",
        "ranged",
        AttackContext(weapon="Missile Launcher (frag)"),
        DEFAULT,
    ),
    (
        "cultist-rabble",
        "guard-infantry",
        "ranged",
        AttackContext(),
        R(DEFAULT, untrained_rounding="down"),
    ),
    ("iron-guard-mk1", "guard-infantry", "melee", AttackContext(), R(DEFAULT, scale="E")),
]
TEARING: list[tuple[str, str, str, AttackContext, HordeRules]] = [
    ("chaos-space-marines", "guard-infantry", "melee", AttackContext(), DEFAULT),
    ("guard-heavy-weapons", "ork-boyz", "ranged", AttackContext(), DEFAULT),
    ("ork-kommandos", "guard-veterans", "melee", AttackContext(), DEFAULT),
    (
        "chaos-space-marines",
        "stormtroopers",
        "ranged",
        AttackContext(),
        R(DEFAULT, tearing="best-of-two"),
    ),
]


def args_of(case: tuple[str, str, str, AttackContext, HordeRules]) -> tuple[object, ...]:
    a, d, kind, ctx, rules = case
    return (horde(a), horde(d), kind, ctx, rules)


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_odds_match_a_brute_force_enumeration(
    case: tuple[str, str, str, AttackContext, HordeRules],
) -> None:
    args = args_of(case)
    odds = attack_odds(*args)  # type: ignore[arg-type]
    full, loss = brute_force(args)
    assert odds.full == full and odds.partial == 1 - full
    assert dict(odds.loss) == {x: p for x, p in loss.items() if p}
    assert sum(odds.loss.values()) == 1


WALKED = [(c, "best") for c in CASES] + [(c, p) for c in TEARING for p in POLICIES]


@pytest.mark.parametrize(
    ("case", "policy"), WALKED, ids=[f"{c[0]}-{c[1]}-{c[4].tearing}-{p}" for c, p in WALKED]
)
@pytest.mark.quick(2)
def test_odds_match_the_engagement_tree(
    case: tuple[str, str, str, AttackContext, HordeRules], policy: Policy
) -> None:
    """The engine (every chance node walked exactly, the attacker's Tearing decisions by the
    same policy) and the odds agree exactly."""
    a, d, kind, ctx, rules = case
    state = new_engagement(horde(a), horde(d), kind, ctx, rules, counters=False)  # type: ignore[arg-type]
    dist = walk(state, PolicyAgent(policy), {})
    odds = attack_odds(horde(a), horde(d), kind, ctx, rules, policy)  # type: ignore[arg-type]
    assert {x: p for (_, x), p in dist.items()} == dict(odds.loss)


ENGAGEMENTS: list[tuple[str, str, str, AttackContext, HordeRules]] = [
    ("space-marines", "cultists", "melee", AttackContext(), DEFAULT),
    (
        "chaos-space-marines",
        "guard-infantry",
        "melee",
        AttackContext(charge=True, defender=Side(brace=True)),
        DEFAULT,
    ),
    (
        "ork-boyz",
        "gretchin",
        "melee",
        AttackContext(charge=True, defender=Side(brace=True, get_down=True, cover=True)),
        DEFAULT,
    ),
    ("ork-nobz", "guard-command", "melee", AttackContext(), DEFAULT),
]


@pytest.mark.parametrize("case", ENGAGEMENTS, ids=[c[0] for c in ENGAGEMENTS])
@pytest.mark.quick(1)
def test_engagement_odds_match_the_engagement_tree(
    case: tuple[str, str, str, AttackContext, HordeRules],
) -> None:
    a, d, kind, ctx, rules = case
    small = (
        horde(a).with_magnitude(min(horde(a).magnitude, 12)),
        horde(d).with_magnitude(min(horde(d).magnitude, 15)),
    )
    for attacker, defender in ((horde(a), horde(d)), small):
        state = new_engagement(attacker, defender, kind, ctx, rules)  # type: ignore[arg-type]
        dist = walk(state, PolicyAgent(), {})
        odds = engagement_odds(attacker, defender, kind, ctx, rules)  # type: ignore[arg-type]
        assert dist == dict(odds.joint)
        assert sum(odds.joint.values()) == 1


def test_a_ranged_engagement_is_the_attack_alone() -> None:
    odds = engagement_odds(horde("cultists"), horde("space-marines"), "ranged")
    assert odds.countered == 0
    assert odds.marginal("defender") == dict(odds.attack.loss)
    assert odds.expected("attacker") == 0


@pytest.mark.rule("HMC-ATTACK-05")
@pytest.mark.parametrize(
    ("attack", "defence", "full"),
    [(6, 9, "21/100"), (8, 9, "36/100"), (6, 6, "45/100"), (20, 0, "1"), (0, 20, "0")],
)
def test_full_damage_odds_by_ratings(attack: int, defence: int, full: str) -> None:
    """The research notes' figures: Attack 6 against Defense 9 gives 21% full damage, 8
    against 9 gives 36%, 6 against 6 gives 45%; and icepool agrees."""
    a = build("a", bs=attack * 10, per=0, weapons=(weapon(), weapon("Gun", "basic")))
    d = build("d", t=defence * 10, ag=0, ap=3)
    odds = attack_odds(a, d, "ranged")
    assert odds.numbers.attack == attack and odds.numbers.defence == defence
    assert odds.full == Fraction(full)
    oracle = (icepool.d10 + attack > icepool.d10 + defence).probability(True)
    assert odds.full == Fraction(oracle)


def test_odds_are_cached_by_value() -> None:
    first = attack_odds(
        horde("cultists"),
        horde("space-marines"),
        "ranged",
        AttackContext(defender=Side(cover=True)),
    )
    again = attack_odds(
        attrs.evolve(horde("cultists")),
        horde("space-marines"),
        "ranged",
        AttackContext(defender=Side(cover=True)),
    )
    assert again is first


def test_odds_are_refused_for_illegal_attacks() -> None:
    with pytest.raises(Exception, match="HMC-TALENT-02"):
        attack_odds(
            horde("cultists"),
            horde("space-marines"),
            "ranged",
            AttackContext(defender=Side(stealthed=True)),
        )
    with pytest.raises(ValueError, match="Tearing policy"):
        attack_odds(horde("cultists"), horde("space-marines"), "ranged", tearing="sometimes")  # type: ignore[arg-type]


SAMPLED = pytest.mark.parametrize(
    "case",
    [ENGAGEMENTS[0], ("chaos-space-marines", "guard-infantry", "melee", AttackContext(), DEFAULT)],
    ids=["examples", "tearing"],
)


@SAMPLED
def test_monte_carlo_through_seeded_matches_agrees(
    case: tuple[str, str, str, AttackContext, HordeRules],
) -> None:
    """1000 engagements, each played by a Match seeded with its number: the observed
    frequency of full damage and the mean losses are within five standard errors of the exact
    odds."""
    assert_sampled_odds(case, 1000)


@pytest.mark.slow
@SAMPLED
def test_monte_carlo_through_seeded_matches_agrees_at_a_larger_budget(
    case: tuple[str, str, str, AttackContext, HordeRules],
) -> None:
    """The same with 3000 engagements (``-m slow``)."""
    assert_sampled_odds(case, 3000)


def assert_sampled_odds(case: tuple[str, str, str, AttackContext, HordeRules], n: int) -> None:
    """``n`` engagements, each played by a Match seeded with its number, agree with the exact
    odds within five standard errors (full damage, the mean losses of each side)."""
    a, d, kind, ctx, rules = case
    odds = engagement_odds(horde(a), horde(d), kind, ctx, rules)  # type: ignore[arg-type]
    state = new_engagement(horde(a), horde(d), kind, ctx, rules)  # type: ignore[arg-type]
    agents = {"attacker": PolicyAgent(), "defender": PolicyAgent()}
    fulls = 0
    losses: Tally[tuple[int, int]] = Tally()
    for seed in range(n):
        match = Match(state, seed=seed, agents=agents)
        match.run()
        final = match.state
        assert isinstance(final, EngagementState)
        fulls += final.strikes[0].hit == "full"
        losses[(final.losses["attacker"], final.losses["defender"])] += 1
    p = float(odds.attack.full)
    assert abs(fulls / n - p) < 5 * (p * (1 - p) / n) ** 0.5
    for role, index in (("attacker", 0), ("defender", 1)):
        marginal = odds.marginal(role)
        mean = float(odds.expected(role))
        var = sum(float(q) * (x - mean) ** 2 for x, q in marginal.items())
        observed = sum(k[index] * c for k, c in losses.items()) / n
        assert abs(observed - mean) < 5 * (var / n) ** 0.5 + 1e-9


# -- the command line ----------------------------------------------------------------------------


def test_odds_command_text_and_json() -> None:
    out = odds_command(["Cultists", "marines", "--ranged"])
    assert out["attacker"] == "cultists" and out["defender"] == "space-marines"
    assert out["exact"]["full"] == str(
        attack_odds(horde("cultists"), horde("marines"), "ranged").full
    )
    assert "Magnitude lost" in out["text"]
    json.dumps(out)
    melee = odds_command(
        [
            "space-marines",
            "cultists",
            "--melee",
            "--attacker-magnitude",
            "45",
            "--cover",
            "--charge",
        ]
    )
    assert "counter-attack" in melee["text"]
    assert melee["engagement"]["countered"] == 1.0
    assert "cover +2" in melee["text"] and "charge +2" in melee["text"]
    printed = odds_command(["cultists", "marines", "--ranged", "--rules", "printed"])
    assert printed["rules"]["rof_full_ranged"] == "whole"
    e = odds_command(
        [
            "cultists",
            "marines",
            "--ranged",
            "--set",
            "scale=E",
            "--set",
            "partial_fixed_bonus=false",
        ]
    )
    assert e["rules"]["scale"] == "E" and e["rules"]["partial_fixed_bonus"] is False


def test_odds_command_options_reach_the_context() -> None:
    out = odds_command(
        [
            "ork-boyz",
            "guard-infantry",
            "--melee",
            "--engaged",
            "50,40",
            "--received",
            "1",
            "--fleeing",
            "--no-counter",
        ]
    )
    assert "engagement" not in out
    assert "attack die counts 10" in out["text"]
    # fleeing: Defense 0; outnumbered 140 to 40 (3-1) -2 and one attack received -1 stay
    assert out["defence"] == 0 - 2 - 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tyranids", "marines", "--ranged"], "unknown horde 'tyranids'"),
        (["cultists", "marines"], "required"),
        (["cultists", "marines", "--ranged", "--set", "colour=red"], "unknown reading 'colour'"),
        (["cultists", "marines", "--ranged", "--set", "scale=Z"], "scale"),
        (["cultists", "marines", "--ranged", "--engaged", "a,b"], "--engaged"),
        (
            ["cultists", "marines", "--ranged", "--fleeing", "--defender-magnitude", "-3"],
            "from 0 to 1000, got -3",
        ),
        (["cultists", "marines", "--ranged", "--stealth", "--charge"], "HMC-COMBAT-02"),
        (["cultists", "marines", "--ranged", "--data", "/no/such/folder"], "no such folder"),
    ],
)
def test_odds_command_errors(argv: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        odds_command(argv)


# -- bounds of the command -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flags", "argument"),
    [
        (["--attacker-magnitude", str(MAX_MAGNITUDE + 1)], "--attacker-magnitude"),
        (["--defender-magnitude", "-1"], "--defender-magnitude"),
        (["--received", str(MAX_RECEIVED + 1)], "--received"),
        (["--engaged", ",".join(["5"] * (MAX_ENGAGED + 1))], "--engaged"),
        (["--engaged", "0"], "--engaged"),
    ],
)
def test_the_numbers_of_the_command_are_bounded(flags: list[str], argument: str) -> None:
    with pytest.raises(ArgumentError) as e:
        odds_command(["stormtroopers", "cultists", "--melee", *flags])
    assert e.value.argument == argument


def test_the_edges_of_the_command_are_accepted() -> None:
    edge = [
        *("--attacker-magnitude", str(MAX_MAGNITUDE), "--defender-magnitude", str(MAX_MAGNITUDE)),
        *("--received", str(MAX_RECEIVED), "--engaged", ",".join(["1"] * MAX_ENGAGED)),
    ]
    answer = odds_command(["stormtroopers", "cultists", "--melee", *edge])
    assert answer["text"]
