"""Attacks in a P-Scale battle: the shared strike tasks, dice as chance nodes, counter-attacks
as the defender's decision, attacks received, and exact odds that match the engine."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from horde.pscale import battle, changed, legal, play

from wargames.core.engine import CHANCE
from wargames.horde.combat import engagement, strikes
from wargames.horde.combat.strikes import AttackRoll, CounterChoice, DamageRoll, DefenceRoll
from wargames.horde.odds import attack_options, threats
from wargames.horde.state import PScaleState

GUARD = "guard-infantry"
TRAITORS = "traitor-guard"


def test_the_battle_and_the_engagement_share_the_attack_tasks() -> None:
    assert engagement.AttackRoll is strikes.AttackRoll
    assert engagement.CounterChoice is strikes.CounterChoice
    assert issubclass(PScaleState, strikes.StrikeHost)
    assert issubclass(engagement.EngagementState, strikes.StrikeHost)


@pytest.mark.rule("HMC-ATTACK-02", "HMC-ATTACK-04", "HMC-DAMAGE-10", "HMC-COUNTER-01")
def test_every_die_is_a_chance_node_and_the_counter_attack_a_decision(tmp_path: Path) -> None:
    state = battle(
        tmp_path, [("A", "cultists", "05-04")], [("Z", TRAITORS, "06-04"), ("Y", TRAITORS, "10-08")]
    )
    state = play(state, "activate A", "A attack Z melee")
    assert isinstance(state.top, AttackRoll) and state.current_player == CHANCE
    assert len(state.chance_outcomes()) == 10
    state = play(state, 2)
    assert isinstance(state.top, DefenceRoll) and len(state.chance_outcomes()) == 10
    state = play(state, 10)
    assert isinstance(state.top, DamageRoll) and len(state.chance_outcomes()) == 5  # partial
    state = play(state, 1)
    assert isinstance(state.top, CounterChoice) and state.current_player == "red"
    assert legal(state) == ["counter", "hold"]
    held = play(state, "hold")
    assert held.current_player == "blue" and held.unit("A").received == 0
    countered = play(state, "counter")
    assert isinstance(countered.top, AttackRoll) and countered.top.strike.counter


@pytest.mark.rule("HMC-DEFENSE-05", "HMC-GAP-15")
def test_attacks_received_count_within_the_round(tmp_path: Path) -> None:
    state = battle(
        tmp_path,
        [("A", GUARD, "03-04"), ("B", GUARD, "03-06")],
        [("Z", TRAITORS, "07-05"), ("Y", TRAITORS, "10-08")],
    )
    state = play(state, "activate A", "A attack Z ranged")
    first = [t.label for t in state.numbers(state.top.strike).defence_terms]  # type: ignore[attr-defined]
    assert "attacks received" not in first  # the first defence is unpenalised
    state = play(state, 1, 10, 1)
    assert state.unit("Z").received == 1
    state = play(state, "A done") if state.current_player == "blue" else state
    state = play(state, "activate Y", "Y done", "activate B", "B attack Z ranged")
    labels = {t.label: t.value for t in state.numbers(state.top.strike).defence_terms}
    assert labels["attacks received"] == -1
    state = play(state, 1, 10, 1)
    state = play(state, *(["B done"] if state.current_player == "blue" else []))
    state = play(state, "activate Z", "Z done")
    assert state.round == 2 and state.unit("Z").received == 0


@pytest.mark.rule("HMC-DAMAGE-01", "HMC-ATTACK-05")
def test_attack_odds_match_the_battle_engine(tmp_path: Path) -> None:
    """The odds attached to an Attack Target! option are the engine's: walking every die of
    the battle's attack gives the same distribution of Magnitude lost."""
    state = battle(
        tmp_path,
        [("A", GUARD, "04-04")],
        [("Z", TRAITORS, "08-04"), ("Y", TRAITORS, "10-08")],
        terrain={"cover": ["08-04"]},
    )
    state = play(state, "activate A")
    option = next(o for o in attack_options(state, "A") if o.action.target == "Z")
    start = play(state, str(option.action))
    lost: dict[int, Fraction] = defaultdict(Fraction)
    todo = [(start, Fraction(1))]
    while todo:
        s, p = todo.pop()
        if s.current_player == CHANCE:
            outcomes = s.chance_outcomes()
            todo += [(s.apply(a), p / len(outcomes)) for a, _ in outcomes]
        else:
            assert isinstance(s, PScaleState)
            lost[40 - s.unit("Z").magnitude] += p
    assert dict(lost) == {k: v for k, v in option.odds.loss.items()}
    assert sum(lost.values()) == 1


def test_threats_list_the_enemies_that_can_strike(tmp_path: Path) -> None:
    state = battle(
        tmp_path,
        [("A", GUARD, "04-04")],
        [("Z", TRAITORS, "05-04"), ("Y", "cultists", "08-04"), ("X", TRAITORS, "04-08")],
    )
    found = {(t.attacker, t.how) for t in threats(state, "A")}
    assert ("Z", "melee") in found and ("X", "ranged") in found
    assert ("Y", "ranged") not in found and ("Y", "charge") in found  # Z blocks its shot
    hidden = changed(state, "A", stealthed=True)
    assert threats(hidden, "A") == []
