"""Exact odds of one roll: the worked examples, two exact computations that must agree, an
independent oracle (icepool), a Monte Carlo check against the dice scoring, speed, and the
``wargames odds ancients`` command."""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

import attrs
import icepool
import numpy as np
import pytest

from wargames.ancients.dice import FACES, Roll, score
from wargames.ancients.distribution import distribution, markov_joint, mean_per_die
from wargames.ancients.odds import (
    MAX_CARD_BONUS,
    MAX_HEXES_MOVED,
    ODDS_CACHE,
    RAMPAGE_DICE,
    _roll_odds,
    escape_survives,
    leader_check,
    lone_leader_killed,
    odds_command,
    roll_odds,
)
from wargames.ancients.settings import AncientsSettings
from wargames.ancients.units import UnitTable, close_dice, default_units
from wargames.core.errors import ArgumentError

U: UnitTable = default_units()
CAVALRY_ELEPHANT = attrs.evolve(U["EL"], kind="cavalry", cavalry=True)  # exercises every path

ROLLS = [
    Roll("close", U["EL"], U["LI"]),
    Roll("close", U["EL"], U["HCH"]),
    Roll("close", U["EL"], U["EL"]),
    Roll("close", U["EL"], U["MI"], swords_ignored=2),
    Roll("close", U["HI"], U["MI"], leader="attached"),
    Roll("close", U["HC"], U["CAM"]),
    Roll("close", U["HCH"], U["CCAM"], leader="adjacent"),
    Roll("close", CAVALRY_ELEPHANT, U["CAM"]),
    Roll("close", CAVALRY_ELEPHANT, U["CCAM"]),
    Roll("ranged", U["LS"], U["MI"]),
    Roll("evade", U["HI"], U["LI"]),
    Roll("close", U["LI"], None),
    Roll("rampage", None, U["HC"]),
]


def as_dict(joint: tuple[tuple[tuple[int, int], Fraction], ...]) -> dict[tuple[int, int], Fraction]:
    return dict(joint)


# -- the worked examples ------------------------------------------------------------------------


@pytest.mark.rule("CCB-DICE-12-EX")
def test_heavy_infantry_misses_completely_one_time_in_32() -> None:
    odds = roll_odds("HI", "MI", leader="attached")
    assert odds.dice == 5 and odds.blocks_lost()[0] == Fraction(1, 32)


@pytest.mark.rule("CCB-DICE-11-EX")
def test_one_die_hit_chances_through_the_odds() -> None:
    assert roll_odds("LI", "MI", kind="ranged", hexes_moved=1).at_least(1) == Fraction(1, 6)
    assert distribution(Roll("close", U["HI"], U["MI"]), 1).at_least(1) == Fraction(2, 6)
    assert distribution(Roll("close", U["HI"], U["MI"], leader="adjacent"), 1).at_least(
        1
    ) == Fraction(3, 6)
    assert distribution(Roll("close", U["LC"], U["MI"], leader="attached"), 1).at_least(
        1
    ) == Fraction(2, 6)
    assert distribution(Roll("close", U["HI"], U["MI"]), 1).flags()[1] == Fraction(1, 6)


@pytest.mark.rule("CCB-RANGED-16-EX", "CCB-RANGED-09")
def test_sling_fire_at_medium_infantry() -> None:
    odds = roll_odds("LS", "MI", kind="ranged")
    assert odds.dice == 2 and odds.at_least(1) == Fraction(11, 36)


@pytest.mark.rule("CCB-EVADE-19-EX")
def test_light_infantry_evading_heavy_infantry() -> None:
    odds = roll_odds("HI", "LI", kind="evade", leader="attached")
    assert odds.dice == 5
    assert odds.blocks_lost()[0] == Fraction(5, 6) ** 5 == Fraction(3125, 7776)
    assert round(100 * float(odds.blocks_lost()[0]), 1) == 40.2
    assert odds.flags() == {0: 1}


@pytest.mark.rule("CCB-LEADER-19-EX", "CCB-LEADER-20-EX", "CCB-LEADER-04", "CCB-LEADER-07")
def test_leader_checks() -> None:
    assert leader_check(unit_eliminated=False) == Fraction(1, 36)  # two helmets on 2 dice
    assert 1 - leader_check(False) == Fraction(35, 36)
    assert leader_check(unit_eliminated=True) == Fraction(1, 6)
    both = [(a, b) for a in FACES for b in FACES]
    assert Fraction(sum(1 for a, b in both if a == b == FACES[3]), 36) == leader_check(False)
    # through a roll: an MI hit by 5 HI dice with a leader, its own leader then checked
    odds = roll_odds("HI", "MI", leader="attached")
    lost = odds.blocks_lost()
    expected = (lost[1] + lost[2] + lost[3]) / 36 + lost[4] / 6
    assert odds.leader_killed() == expected


@pytest.mark.rule("CCB-LEADER-21-EX", "CCB-LEADER-09")
def test_lone_leader_attacked_with_n_dice() -> None:
    percent = {1: 16.7, 2: 30.6, 3: 42.1, 4: 51.8, 5: 59.8, 6: 66.5}
    for n, p in percent.items():
        assert lone_leader_killed(n) == 1 - Fraction(5, 6) ** n
        assert round(100 * float(lone_leader_killed(n)), 1) == p
    for code, n in (("LI", 2), ("AX", 3), ("MI", 4), ("HI", 5)):
        assert roll_odds(code, "leader").eliminated() == lone_leader_killed(n)
        assert roll_odds(code, None, kind="ranged" if U[code].can_fire else "close").dice in (2, n)


@pytest.mark.rule("CCB-LEADER-22-EX", "CCB-LEADER-16")
def test_leader_escaping_through_two_enemy_hexes() -> None:
    li, hi = close_dice(U["LI"], None), close_dice(U["HI"], None)
    assert (li, hi) == (2, 5)
    assert escape_survives(li, hi) == Fraction(5, 6) ** 7
    assert round(100 * float(escape_survives(li, hi)), 1) == 27.9
    through = (1 - roll_odds("LI", None, kind="escape").eliminated()) * (
        1 - roll_odds("HI", None, kind="escape", target_terrain="forest").eliminated()
    )
    assert through == escape_survives(2, 5)  # the leader's terrain gives no protection


@pytest.mark.rule("CCB-LEADER-23-EX")
def test_elephant_attacking_a_lone_leader() -> None:
    odds = roll_odds("EL", "leader")
    assert odds.dice == 1 and odds.eliminated() == Fraction(1, 6)


@pytest.mark.rule("CCB-ELEPHANT-25-EX")
def test_each_elephant_die_yields_two_fifths_of_a_hit() -> None:
    for code in ("LI", "MI", "HI", "HC"):
        assert mean_per_die(Roll("close", U["EL"], U[code])) == (Fraction(2, 5), Fraction(1, 5))
    odds = distribution(Roll("close", U["EL"], U["LI"]), 1, hit_cap=30)
    mean = sum((h * p for h, p in odds.hits().items()), Fraction(0))
    assert 0 <= Fraction(2, 5) - mean < Fraction(1, 10**20)  # only the tail beyond 30 is cut
    assert sum((f * p for f, p in odds.flags().items()), Fraction(0)) == Fraction(1, 5)
    assert mean_per_die(Roll("close", U["HI"], U["MI"])) == (Fraction(2, 6), Fraction(1, 6))


@pytest.mark.rule("CCB-ELEPHANT-28-EX", "CCB-ELEPHANT-14", "CCB-ELEPHANT-16")
def test_a_rampage_costs_a_block_eleven_times_in_36() -> None:
    assert RAMPAGE_DICE == 2
    for code in U:
        rampage = roll_odds("EL", code, kind="rampage")
        assert rampage.at_least(1) == Fraction(11, 36)
        assert rampage.flags() == {0: 1}  # only the class symbol counts (CCB-ELEPHANT-16)
    assert roll_odds("EL", "leader", kind="rampage").eliminated() == Fraction(11, 36)


@pytest.mark.rule("CCB-ELEPHANT-24-EX")
def test_three_hits_and_a_flag_from_two_elephant_dice() -> None:
    odds = roll_odds("EL", "LI")
    assert odds.dice == 2
    # sword, sword, circle on one die and a flag on the other: (1/6)^3 * (1/6) * 2 orders,
    # one way among all that give exactly 3 hits and 1 flag
    assert as_dict(odds.joint)[(3, 1)] > 2 * Fraction(1, 6) ** 4
    # every way, counted die by die: k swords, then a circle (k + 1 hits), a flag (k hits and
    # a flag) or one of the 3 other faces (k hits)
    chains = [
        (k + hit, flag, Fraction(n, 6 ** (k + 1)))
        for k in range(4)
        for hit, flag, n in ((1, 0, 1), (0, 1, 1), (0, 0, 3))
    ]
    ways = sum(p * q for h, f, p in chains for g, e, q in chains if (h + g, f + e) == (3, 1))
    assert as_dict(odds.joint)[(3, 1)] == ways == Fraction(5, 648)


@pytest.mark.rule("CCB-TERRAIN-51-EX", "CCB-TERRAIN-52-EX")
def test_terrain_examples_through_the_odds() -> None:
    assert roll_odds("HI", "MI", target_terrain="forest", card_bonus=2).dice == 4
    assert roll_odds("LB", "MI", kind="ranged", target_terrain="forest").dice == 1


# -- two exact computations agree -----------------------------------------------------------------


@pytest.mark.parametrize("roll", ROLLS)
@pytest.mark.quick(3)
def test_closed_form_equals_the_markov_chain(roll: Roll) -> None:
    blocks = 1 if roll.target is None else roll.target.blocks
    for dice in range(7):
        for cap in sorted({max(dice, blocks), 7}):
            fast = distribution(roll, dice, hit_cap=cap).joint
            assert fast == markov_joint(roll, dice, cap), (dice, cap)
            assert sum(p for _, p in fast) == 1


@pytest.mark.parametrize(
    "roll", [r for r in ROLLS if not r.rerolls_swords and r.sword_ignores == 0]
)
def test_against_icepool(roll: Roll) -> None:
    vector = {"symbol": (1, 0), "sword": (1, 0), "hit": (1, 0), "flag": (0, 1), "none": (0, 0)}
    die = icepool.Die([icepool.vectorize(*vector[roll.effect(f)]) for f in FACES])
    for dice in range(1, 6):
        if roll.symbol_ignores:
            continue
        pool = dice @ die
        oracle = {tuple(k): Fraction(v, pool.denominator()) for k, v in pool.items()}
        assert as_dict(distribution(roll, dice).joint) == oracle


# -- Monte Carlo against the scoring function -----------------------------------------------------


def sample(
    roll: Roll, dice: int, cap: int, trials: int, rng: np.random.Generator
) -> dict[tuple[int, int], int]:
    counts: dict[tuple[int, int], int] = {}
    for _ in range(trials):
        rounds = [[FACES[i] for i in rng.integers(6, size=dice)]]
        result = score(rounds[0], roll)
        while result.rerolls:
            rounds.append([FACES[i] for i in rng.integers(6, size=result.rerolls)])
            result = score(rounds[0], roll, rounds[1:])
        key = (min(cap, result.hits), result.flags)
        counts[key] = counts.get(key, 0) + 1
    return counts


@pytest.mark.parametrize(
    ("roll", "dice"),
    [
        (Roll("close", U["EL"], U["LI"]), 3),
        (Roll("close", U["EL"], U["HCH"]), 3),
        (Roll("close", U["HI"], U["MI"], leader="attached"), 5),
        (Roll("close", U["HC"], U["CAM"]), 4),
        (Roll("close", CAVALRY_ELEPHANT, U["CCAM"]), 3),
    ],
)
@pytest.mark.quick(1)
def test_monte_carlo_agrees_with_the_exact_odds(roll: Roll, dice: int) -> None:
    trials = 6000
    odds = distribution(roll, dice)
    counts = sample(roll, dice, odds.hit_cap, trials, np.random.default_rng(7))
    exact = as_dict(odds.joint)
    assert set(counts) <= set(exact)
    for key, p in exact.items():
        freq = counts.get(key, 0) / trials
        sigma = (float(p) * (1 - float(p)) / trials) ** 0.5
        assert abs(freq - float(p)) <= 5 * sigma + 1e-3, (key, freq, float(p))


# -- speed and options ---------------------------------------------------------------------


def test_speed() -> None:
    """Times in CPU seconds of this process (``process_time``): a busy machine's queue is
    not the code's speed."""
    roll_odds("HI", "MI", leader="attached", card_bonus=3)
    start = time.process_time()
    for _ in range(1000):
        roll_odds("HI", "MI", leader="attached", card_bonus=3)
    cached = (time.process_time() - start) / 1000
    assert cached < 1e-4  # a cached query: microseconds
    start = time.process_time()
    for bonus in range(4):
        distribution(Roll("close", U["EL"], U["HI"], leader="adjacent"), 5 + bonus, hit_cap=9)
    assert (time.process_time() - start) / 4 < 0.05  # new elephant rolls of 5 to 8 dice


@pytest.mark.rule("CCB-UNITS-16")
def test_blocks_and_bad_requests() -> None:
    odds = roll_odds("HI", "MI", blocks=2)
    assert list(odds.blocks_lost()) == [0, 1, 2]
    assert odds.eliminated() == odds.at_least(2)
    with pytest.raises(ValueError, match="1 to 4 blocks"):
        roll_odds("HI", "MI", blocks=5)
    with pytest.raises(ValueError, match="no ranged combat"):
        roll_odds("HI", "MI", kind="ranged")
    with pytest.raises(ValueError, match="cannot make this attack"):
        roll_odds("LI", "MI", kind="ranged", attacker_terrain="fortified-camp", hexes_moved=1)
    with pytest.raises(KeyError):
        roll_odds("XX", "MI")
    assert roll_odds("WA", "MI").dice == 4 and roll_odds("WA", "MI", full_strength=False).dice == 3
    assert roll_odds("HCH", "MI", kind="battle-back").dice == 3
    assert (
        roll_odds("EL", "LI", settings=AncientsSettings(elephant_sword_rerolls=False)).capped
        is False
    )


def test_odds_command() -> None:
    answer = odds_command(["HI", "MI", "--leader", "attached"])
    assert answer["dice"] == 5 and answer["exact"]["blocks_lost"]["0"] == "1/32"
    assert "helmets hit" in answer["text"]
    el = odds_command(["EL", "LI"])
    assert "re-rolled" in el["text"] and el["capped"] in (True, False)
    fire = odds_command(["LB", "MI", "--ranged", "--terrain", "forest"])
    assert fire["dice"] == 1 and "capped at 1" in fire["text"]
    leader = odds_command(["EL", "leader"])
    assert leader["leader_killed"] == pytest.approx(1 / 6) and "leader killed" in leader["text"]
    ev = odds_command(["HI", "LI", "--evade"])
    assert ev["exact"]["blocks_lost"]["0"] == "3125/7776"
    assert (
        odds_command(["HI", "MI", "--helmets", "attached-only", "--leader", "adjacent"])["dice"]
        == 5
    )
    camp = odds_command(["HI", "MI", "--from", "camp", "--terrain", "forest", "--bonus", "2"])
    assert camp["dice"] == 3 and "camp" in camp["text"]
    for bad in (
        ["HI"],
        ["XX", "MI"],
        ["HI", "MI", "--terrain", "town"],
        ["HI", "MI", "--leader", "near"],
        ["HI", "MI", "--blocks", "9"],
        ["HI", "MI", "--ranged"],
        ["HI", "MI", "--ranged", "--evade"],
    ):
        with pytest.raises(ValueError) as err:
            odds_command(bad)
        assert "\n" not in str(err.value)


# -- bounds ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "argument", "span"),
    [
        ({"card_bonus": 10_000}, "card_bonus", "from 0 to 6, got 10000"),
        ({"card_bonus": 7}, "card_bonus", "from 0 to 6, got 7"),
        ({"card_bonus": -1}, "card_bonus", "from 0 to 6, got -1"),
        ({"card_bonus": 1.5}, "card_bonus", "from 0 to 6, got float 1.5"),
        ({"blocks": 5}, "blocks", "from 1 to 4 (HI: 1 to 4 blocks), got 5"),
        ({"blocks": 0}, "blocks", "from 1 to 6, got 0"),
        ({"hexes_moved": 7}, "hexes_moved", "from 0 to 6, got 7"),
        ({"kind": "melee"}, "kind", "expected one of ranged, close"),
        ({"leader": ["attached"]}, "leader", "expected one of none, attached, adjacent"),
    ],
)
def test_the_roll_arguments_are_bounded(kwargs: dict[str, Any], argument: str, span: str) -> None:
    with pytest.raises(ArgumentError) as e:
        roll_odds("MI", "HI", **kwargs)
    assert e.value.argument == argument and span in str(e.value)


def test_the_edges_of_the_roll_bounds_are_accepted() -> None:
    assert roll_odds("MI", "HI", card_bonus=MAX_CARD_BONUS).dice == 4 + MAX_CARD_BONUS
    assert roll_odds("MI", "HI", blocks=4).blocks == 4
    assert roll_odds("LB", "MI", kind="ranged", hexes_moved=MAX_HEXES_MOVED).dice == 1


def test_a_huge_bonus_is_refused_before_any_work() -> None:
    start = time.process_time()
    with pytest.raises(ArgumentError):
        odds_command(["MI", "HI", "--bonus", "10000"])
    assert time.process_time() - start < 0.5


def test_the_roll_cache_is_bounded() -> None:
    assert _roll_odds.cache_info().maxsize == ODDS_CACHE
