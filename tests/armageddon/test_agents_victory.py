"""Battle for Armageddon: the greedy bots pursue the victory conditions (issue 14, item 6).

Quick positions only; the 200-game balance figures belong to ``benchmarks/balance.py``.
"""

from __future__ import annotations

import pytest

from wargames.armageddon.actions import Lose, Move
from wargames.armageddon.agents.agent import GreedyAgent
from wargames.armageddon.agents.attacks import area_prize
from wargames.armageddon.agents.battles import take_loss
from wargames.armageddon.agents.imperial_moves import imperial_moves
from wargames.armageddon.agents.strategy import strategy_cards
from wargames.armageddon.agents.targets import assign_targets, by_tribe
from wargames.armageddon.agents.values import ENDGAME_PRIZE, UNCAPTURE_PRIZE, VICTORY_PRIZE
from wargames.armageddon.agents.victory import (
    captured_hives,
    hives_to_retake,
    imperial_offensive,
    ork_hives_needed,
)
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.position import position
from wargames.armageddon.state import ArmageddonState

TRIBES = {
    "OT1": ["goff-hordes-1", "goff-hordes-2", "goff-nobz-1"],
    "OT5": ["bad-moon-hordes-1", "bad-moon-hordes-2", "bad-moon-nobz-1"],
    "OT12": ["evil-sunz-hordes-1", "evil-sunz-hordes-2", "evil-sunz-nobz-1"],
}
GARRISONS = {"HAD": ["goff-hordes-3"], "INF": ["bad-moon-hordes-3"]}
DEFENDERS = {"ACH": ["guard-4"], "TAR": ["guard-8"], "HEL": ["guard-7"]}


def two_hives_held(turn: int = 5, ghazghkull: bool = True) -> ArmageddonState:
    """The Orks hold Hades and Infernus; the Imperium the other three hives."""
    stacks = {**TRIBES, **GARRISONS, **DEFENDERS}
    if ghazghkull:
        stacks["OT1"] = [*stacks["OT1"], "ghazghkull"]
    return position(stacks, side=ORKS, turn=turn, ruined=["hive-hades", "hive-infernus"])


def test_what_each_side_still_needs() -> None:
    s = two_hives_held()
    assert captured_hives(s) == ["HAD", "INF"]
    assert ork_hives_needed(s) == 1
    assert hives_to_retake(s) == ["HAD", "INF"]


def test_every_tribe_goes_for_one_hive_when_one_more_wins() -> None:
    s = two_hives_held()
    bot = GreedyAgent(ORKS, seed=1)
    aims = assign_targets(bot, s, by_tribe(s, s.on_map(ORKS)))
    assert len(set(aims.values())) == 1
    assert aims.keys() == {"goff", "bad-moon", "evil-sunz"}


def test_tribes_spread_over_the_hives_while_two_more_are_needed() -> None:
    stacks = {**TRIBES, **DEFENDERS, "HAD": ["guard-1"], "INF": ["guard-2"]}
    s = position(stacks, side=ORKS, turn=5)
    bot = GreedyAgent(ORKS, seed=1)
    aims = assign_targets(bot, s, by_tribe(s, s.on_map(ORKS)))
    assert len(set(aims.values())) == 3


def test_the_imperium_strikes_in_the_last_turn_once_ghazghkull_is_dead() -> None:
    s = two_hives_held(turn=8, ghazghkull=False)
    assert imperial_offensive(s)
    # One build, then two moves to gather every counter and one combined attack.
    assert strategy_cards(GreedyAgent(IMPERIUM, seed=1), s) == ("imperium-bm", "imperium-mc")


def test_the_imperium_builds_while_turns_remain_or_ghazghkull_lives() -> None:
    for turn, ghazghkull in ((7, False), (8, True)):
        s = two_hives_held(turn=turn, ghazghkull=ghazghkull)
        assert not imperial_offensive(s)
        assert strategy_cards(GreedyAgent(IMPERIUM, seed=1), s) == ("imperium-bm", "imperium-cb")


def test_the_orks_spread_before_the_second_half() -> None:
    s = two_hives_held(turn=4)
    bot = GreedyAgent(ORKS, seed=1)
    aims = assign_targets(bot, s, by_tribe(s, s.on_map(ORKS)))
    assert len(set(aims.values())) > 1


def _one_rider_between_infernus_and_the_ruins_of_hades(ghazghkull: bool) -> list[str]:
    """The Imperial moves when one rough rider can reach both threatened Infernus and the empty
    ruins of Hades."""
    goffs = ["goff-hordes-1", "goff-hordes-2", "goff-nobz-1"]
    stacks = {
        "OT10": [*goffs, "ghazghkull"] if ghazghkull else goffs,
        "OT11": ["goff-hordes-3", "goff-hordes-4", "goff-nobz-2"],
        "OT1": ["bad-moon-hordes-1"],
        "N2": ["rough-riders-1"],
        "INF": ["guard-17"],
        **DEFENDERS,
    }
    s = position(stacks, side=IMPERIUM, turn=6, ruined=["hive-hades"])
    moves = [a for a in s.legal_actions() if isinstance(a, Move)]
    return [str(m) for m in imperial_moves(GreedyAgent(IMPERIUM, seed=1), s, moves)]


def test_with_ghazghkull_dead_the_imperium_enters_the_empty_ruins_of_a_hive_first() -> None:
    assert _one_rider_between_infernus_and_the_ruins_of_hades(False) == ["move rough-riders-1 HAD"]


def test_with_ghazghkull_alive_the_threatened_hive_comes_first() -> None:
    assert _one_rider_between_infernus_and_the_ruins_of_hades(True) == ["move rough-riders-1 INF"]


@pytest.mark.rule("BFA-VICTORY-02")
def test_the_hive_that_wins_is_worth_the_victory_prize_to_the_orks() -> None:
    attackers = ("W2",)
    stacks = {**TRIBES, **DEFENDERS, "W2": ["goff-hordes-4"]}
    two = position(
        {**stacks, **GARRISONS}, side=ORKS, turn=5, ruined=["hive-hades", "hive-infernus"]
    )
    one = position({**stacks, "HAD": ["goff-hordes-3"]}, side=ORKS, turn=5, ruined=["hive-hades"])
    gain = area_prize(two, ORKS, "ACH", attackers) - area_prize(one, ORKS, "ACH", attackers)
    assert gain == VICTORY_PRIZE


@pytest.mark.rule("BFA-VICTORY-05")
def test_the_last_hive_to_retake_is_worth_the_victory_prize_to_the_imperium() -> None:
    stacks = {**TRIBES, **DEFENDERS, "HAD": ["goff-hordes-3"]}
    one = position(stacks, side=IMPERIUM, turn=6, ruined=["hive-hades"])
    assert hives_to_retake(one) == ["HAD"] and not one.ghazghkull_in_play()
    last = UNCAPTURE_PRIZE + ENDGAME_PRIZE + VICTORY_PRIZE
    assert area_prize(one, IMPERIUM, "HAD", ()) == last
    # With Infernus still to retake as well, Hades is not the last: no victory prize.
    two = two_hives_held(turn=6, ghazghkull=False)
    assert area_prize(two, IMPERIUM, "HAD", ()) < last - VICTORY_PRIZE + UNCAPTURE_PRIZE


@pytest.mark.rule("BFA-VICTORY-05")
def test_ghazghkull_is_never_the_orks_loss_while_another_counter_can_go() -> None:
    s = two_hives_held()
    legal = [Lose("ghazghkull"), Lose("goff-nobz-1")]
    assert take_loss(GreedyAgent(ORKS, seed=1), s, legal) == Lose("goff-nobz-1")
    assert take_loss(GreedyAgent(ORKS, seed=1), s, legal[:1]) == Lose("ghazghkull")
