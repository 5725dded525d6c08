"""The Warmaster's odds calculator (``wargames odds warmaster``): ratios, exact
distributions, re-rolls and their cancelling, column shifts, agreement with the engine's own
battles, and the command line."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from wm import position, top

from wargames.cli import main
from wargames.core import registry
from wargames.core.engine import Match
from wargames.core.errors import ArgumentError
from wargames.core.notation import Roll
from wargames.core.odds import odds_ratio
from wargames.warmaster.battle import (
    Battle,
    BattlePhase,
    BattleRoll,
    battle_result,
    numbers,
    reroll_side,
)
from wargames.warmaster.data import IMPERIAL, TRAITOR, default_data
from wargames.warmaster.odds import analyse, battle_odds, odds_command, total_limit
from wargames.warmaster.state import WarmasterState

DATA = default_data()
CODES = tuple(DATA.battle.results)
ATTACKER_GOOD = ("DR", "D1", "DE")
ATTACKER_BAD = ("AE", "A1", "AR")


def brute(attack: int, defence: int, rerolled: frozenset[str] = frozenset()) -> dict[str, Fraction]:
    """An independent oracle: every face of one D6 and, when its result is re-rolled, every
    face of the second."""
    cells = DATA.battle.cells[DATA.battle.column(odds_ratio(attack, defence))]
    out = dict.fromkeys(CODES, Fraction(0))
    for first in range(1, 7):
        code = cells[first - 1]
        if code in rerolled:
            for second in range(1, 7):
                out[cells[second - 1]] += Fraction(1, 36)
        else:
            out[code] += Fraction(1, 6)
    return out


def pending(s: WarmasterState) -> Battle:
    """The battle whose die is to be rolled."""
    task = s.top
    assert isinstance(task, BattleRoll), task
    return task.battle


def p(dist: dict[str, Fraction], codes: tuple[str, ...]) -> Fraction:
    return sum((dist[c] for c in codes), Fraction(0))


# -- ratios ------------------------------------------------------------------------------------


@pytest.mark.rule("WM-COMBAT-08", "WM-COMBAT-11-EX")
def test_ten_against_five_is_2_to_1() -> None:
    found = analyse(10, 5)
    assert (found.ratio, found.column) == ("2-1", "2-1")
    assert found.to_dict()["column"] == "2-1"


@pytest.mark.rule("WM-COMBAT-08", "WM-COMBAT-12-EX")
def test_nine_against_five_is_1_to_1() -> None:
    found = analyse(9, 5)
    assert (found.ratio, found.column) == ("1-1", "1-1")
    assert {c for c, q in found.distribution.items() if q} == {"A1", "AR", "NE", "EX", "DR", "D1"}


@pytest.mark.rule("WM-GAP-12", "WM-GAP-02")
def test_below_1_to_1_a_zero_defence_and_the_end_columns() -> None:
    assert analyse(5, 12).column == "1-3"  # 1-3 (12/5 rounded up)
    assert analyse(6, 12).column == "1-2"
    assert analyse(1, 40).column == "1-3"  # beyond the table: its end column
    assert analyse(40, 1).column == "6-1"
    zero = analyse(3, 0)
    assert zero.column == "6-1" and zero.ratio == "no defence"


# -- exact distributions -----------------------------------------------------------------------


@given(
    attack=st.integers(1, 60),
    defence=st.integers(0, 60),
    reroll=st.sampled_from(["none", "attacker", "defender"]),
    policy=st.sampled_from(["best", "losses", "setbacks", "AE,A1", "DE"]),
)
def test_probabilities_sum_to_one_and_match_the_oracle(
    attack: int, defence: int, reroll: str, policy: str
) -> None:
    found = analyse(attack, defence, reroll=reroll, policy=policy)
    assert tuple(found.distribution) == CODES
    assert sum(found.distribution.values()) == 1
    assert all(q >= 0 for q in found.distribution.values())
    rerolled = frozenset(found.rerolled_on)
    assert (reroll == "none") == (found.reroll is None)
    assert dict(found.distribution) == brute(attack, defence, rerolled)


def test_totals_without_a_reroll_are_the_tables_column() -> None:
    for attack, defence in [(10, 5), (9, 5), (4, 12), (30, 4)]:
        exact = DATA.battle.distribution(odds_ratio(attack, defence))
        assert battle_odds(attack, defence) == {c: exact.get(c, Fraction(0)) for c in CODES}


def rank(dist: dict[str, Fraction]) -> Fraction:
    """The mean result, ranked as the table lists them: worst (AE) to best (DE) for the
    attacker."""
    return sum((i * dist[c] for i, c in enumerate(CODES)), Fraction(0))


@pytest.mark.rule("WM-REROLL-02", "WM-REROLL-03")
@pytest.mark.parametrize(("attack", "defence"), [(6, 18), (9, 5), (10, 5), (18, 6), (24, 6)])
def test_a_reroll_raises_the_good_results_of_its_side(attack: int, defence: int) -> None:
    plain = battle_odds(attack, defence, reroll="none")
    mine = battle_odds(attack, defence, reroll="attacker")
    theirs = battle_odds(attack, defence, reroll="defender")
    assert rank(mine) > rank(plain) > rank(theirs)
    assert p(mine, ATTACKER_GOOD) >= p(plain, ATTACKER_GOOD) >= p(theirs, ATTACKER_GOOD)
    assert p(mine, ATTACKER_BAD) <= p(plain, ATTACKER_BAD) <= p(theirs, ATTACKER_BAD)
    if 0 < p(plain, ATTACKER_GOOD) < 1:
        assert p(mine, ATTACKER_GOOD) > p(plain, ATTACKER_GOOD) > p(theirs, ATTACKER_GOOD)


def test_reroll_policies() -> None:
    best = analyse(18, 6, reroll="attacker")  # 3-1: NE EX DR D1 D1 DE
    assert best.rerolled_on == ("NE", "EX", "DR")
    losses = analyse(18, 6, reroll="attacker", policy="losses")
    assert losses.rerolled_on == ("EX",)  # the only result of the column costing him a unit
    setbacks = analyse(9, 5, reroll="defender", policy="setbacks")
    assert setbacks.rerolled_on == ("EX", "DR", "D1")
    listed = analyse(9, 5, reroll="attacker", policy=["A1", "AR"])
    assert listed.rerolled_on == ("A1", "AR")
    assert listed.distribution["A1"] == Fraction(1, 18)  # 1/6 first, then 1/6 of the 1/3


# -- named units: totals, re-rolls and their cancelling, column shifts --------------------------


@pytest.mark.rule("WM-COMBAT-06", "WM-COMBAT-07")
def test_named_units_are_summed_as_the_game_does() -> None:
    found = analyse("emperor,custodes", "horus,justaerin")
    assert (found.attack, found.defence, found.attackers) == (18, 18, ("emperor", "custodes"))
    assert analyse(["The Emperor", "custodes-2"], "Horus, Justaerin Terminators").attack == 18
    assert battle_odds("custodes,custodes", "crew,crew") == battle_odds(12, 4)


@pytest.mark.rule("WM-REROLL-04", "WM-REROLL-05", "WM-REROLL-06", "WM-GAP-11")
@pytest.mark.parametrize(
    ("attack", "defence"),
    [
        ("emperor,custodes", "horus,justaerin"),  # the Emperor and Horus cancel each other
        ("sanguinius,custodes", "angron,world-eaters"),  # two heroes cancel
        ("rogal-dorn", "magnus"),
        ("magnus,death-guard", "sanguinius,rogal-dorn"),
    ],
)
def test_cancelling_heroes_give_the_no_reroll_distribution(attack: str, defence: str) -> None:
    found = analyse(attack, defence)
    assert found.reroll is None and "cancelled" in found.reroll_note
    totals = battle_odds(found.attack, found.defence, reroll="none")
    assert dict(found.distribution) == totals


@pytest.mark.rule("WM-REROLL-05", "WM-GAP-11")
@pytest.mark.parametrize(
    ("attack", "defence", "who"),
    [
        ("emperor,custodes", "angron", "attacker"),  # Angron does not cancel the Emperor
        ("sanguinius", "horus", "defender"),  # nor Sanguinius Horus
        ("custodes", "magnus", "defender"),
        ("angron", "custodes", "attacker"),
        ("custodes", "crew", None),
    ],
)
def test_the_side_keeping_a_reroll(attack: str, defence: str, who: str | None) -> None:
    found = analyse(attack, defence)
    assert found.reroll == who
    if who is not None:
        assert dict(found.distribution) != battle_odds(found.attack, found.defence)


REROLL_CASES = [
    ("emperor", "horus"),
    ("emperor", "angron"),
    ("sanguinius", "angron"),
    ("sanguinius", "horus"),
    ("custodes-1", "magnus"),
    ("rogal-dorn", "sons-of-horus-1"),
    ("custodes-1", "sons-of-horus-1"),
]


@pytest.mark.rule("WM-REROLL-04", "WM-REROLL-05", "WM-REROLL-06")
@pytest.mark.parametrize(("imperial", "traitor"), REROLL_CASES)
@pytest.mark.parametrize("side", [IMPERIAL, TRAITOR])
def test_auto_reroll_is_the_engines(imperial: str, traitor: str, side: str) -> None:
    s = position({imperial: "52", traitor: "52"}, [BattlePhase(side)])
    assert top(s) == "BattleRoll"
    battle = pending(s)
    engine = reroll_side(s, battle)
    attack, defence = (imperial, traitor) if side == IMPERIAL else (traitor, imperial)
    found = analyse(attack, defence)
    expected = None if engine is None else ("attacker" if engine == side else "defender")
    assert found.reroll == expected
    n = numbers(s, battle)
    assert (found.attack, found.defence, found.ratio) == (n.attack, n.defence, n.ratio)


def test_shifts_read_as_the_engine_reads_them() -> None:
    # Lupercal's Sanctum: Horus defending there, one column left
    units = {"emperor": "23", "custodes-1": "23", "horus": "23", "justaerin-1": "23"}
    s = position(units, [BattlePhase(IMPERIAL)])
    n = numbers(s, pending(s))
    found = analyse("emperor,custodes", "horus,justaerin", sanctum=True)
    assert found.column == str(DATA.battle.columns[n.column]) == "1-2"
    assert found.shifts == n.shifts == ("sanctum -1",)
    assert analyse(18, 18, sanctum=True).column == "1-2"
    # a Horror: Imperial attacks one column left, unless the Emperor attacks
    assert analyse("custodes", "horror").column == "1-1"  # 6 against 3: 2-1, shifted
    assert analyse(6, 3, horror=True).column == "1-1"
    assert analyse("emperor", "horror").column == "4-1"
    assert not analyse("emperor", "horror").shifts
    # an Ambush's units attack one column right
    found = analyse("world-eaters,bloodletters", "custodes", ambush=True)
    assert (found.ratio, found.column, found.shifts) == ("2-1", "3-1", ("ambush +1",))
    assert analyse(12, 6, ambush=True).column == "3-1"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("foo", "5"), "unknown counter 'foo'"),
        (("emperor", "custodes"), "all imperial"),
        (("emperor,horus", "crew"), "mix both sides"),
        (("custodes,custodes,custodes,custodes", "crew"), "only 3"),
        (("emperor,custodes,custodes,sanguinius", "crew"), "WM-STACK-01"),
        (("custodes", "trap"), "never fights"),
        (("0", "5"), "attack: expected a whole number from 1 to 222, got 0"),
        (("5", "-1"), "defence: expected a whole number from 0 to 218, got -1"),
        (("emperor", "5"), "both sides as totals or both as counters"),
    ],
)
def test_bad_arguments_raise_one_line_value_errors(args: tuple[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message) as exc:
        analyse(*args)
    assert "\n" not in str(exc.value)


def test_bad_options_raise_value_errors() -> None:
    with pytest.raises(ValueError, match="Traitor"):
        analyse("custodes", "crew", ambush=True)
    with pytest.raises(ValueError, match="defends"):
        analyse("custodes", "crew", sanctum=True)
    with pytest.raises(ValueError, match="name the Horror"):
        analyse("custodes", "crew", horror=True)
    with pytest.raises(ValueError, match="Imperial attack"):
        analyse(10, 5, attacker=TRAITOR, sanctum=True)
    with pytest.raises(ValueError, match="unknown re-roll policy"):
        analyse(10, 5, policy="sometimes")
    with pytest.raises(ValueError, match="unknown re-roll"):
        analyse(10, 5, reroll="both")


# -- the engine's battles agree ----------------------------------------------------------------


@pytest.mark.rule("WM-COMBAT-09", "WM-REROLL-02", "WM-REROLL-03")
@pytest.mark.parametrize(
    ("units", "attack", "defence"),
    [
        ({"emperor": "52", "custodes-1": "52", "angron": "52"}, "emperor,custodes", "angron"),
        ({"custodes-1": "52", "magnus": "52"}, "custodes", "magnus"),
        ({"custodes-1": "52", "horror-1": "52", "crew-1": "52"}, "custodes", "horror,crew"),
    ],
)
@pytest.mark.quick(1)
def test_monte_carlo_battles_of_the_engine_agree(
    units: dict[str, str], attack: str, defence: str
) -> None:
    """The engine's own battle, its dice from a seeded Match, the re-rolling side following
    the calculator's policy: the results' frequencies agree with the exact odds."""
    found = analyse(attack, defence)
    s0 = position(units, [BattlePhase(IMPERIAL)])
    assert top(s0) == "BattleRoll"
    battle = pending(s0)
    match = Match(s0, seed=20240)
    trials = 3000
    seen: Counter[str] = Counter()
    for _ in range(trials):
        state = match.roll()
        assert isinstance(state, WarmasterState)
        if state.tasks and type(state.top).__name__ == "RerollChoice":
            first = state.top.roll  # type: ignore[attr-defined]
            if battle_result(state, battle, first) in found.rerolled_on:
                match.apply("reroll")
                match.roll()
            else:
                match.apply("keep")
        rolls = [a for a in match.actions if isinstance(a, Roll)]
        kept = rolls[-1].value
        seen[battle_result(s0, battle, kept)] += 1
        match.undo(len(match.actions))
    assert (found.reroll is not None) == ("angron" in units or "magnus" in units)
    for code, exact in found.distribution.items():
        q = float(exact)
        sigma = (q * (1 - q) / trials) ** 0.5
        assert abs(seen[code] / trials - q) <= 4 * sigma + 1e-9, (code, seen, found.distribution)


# -- the command -------------------------------------------------------------------------------


def test_registered_for_the_odds_command() -> None:
    calculator = registry.game("warmaster").odds
    assert calculator is not None and calculator.command is odds_command


def test_cli_prints_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "warmaster", "10", "5"]) == 0
    out = capsys.readouterr().out
    assert "ratio 2-1, column 2-1" in out and "D1  Defender loses one" in out
    assert out.strip() == odds_command(["10", "5"])["text"]
    argv = ["emperor,custodes", "horus,justaerin", "--sanctum"]
    assert main(["odds", "warmaster", *argv, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer == odds_command(argv)
    assert answer["column"] == "1-2" and answer["reroll"] is None
    assert answer["exact"]["AE"] == "1/6" and abs(sum(answer["results"].values()) - 1) < 1e-12
    assert main(["odds", "warmaster", "emperor,custodes", "angron", "--policy", "losses"]) == 0
    assert "re-roll: attacker" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["foo"], "required: defence"),
        (["foo", "5"], "unknown counter 'foo'"),
        (["10", "5", "--policy", "XX"], "unknown re-roll policy"),
        (["10", "5", "--reroll", "both"], "invalid choice"),
        (["custodes", "crew", "--ambush"], "Traitor"),
    ],
)
def test_cli_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    assert main(["odds", "warmaster", *argv]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wargames: error: warmaster odds: "), lines
    assert expected in lines[0] and not captured.out


# -- bounds ------------------------------------------------------------------------------------


def test_a_total_is_bounded_by_the_whole_manifest() -> None:
    assert (total_limit(None, "attack"), total_limit(None, "defence")) == (222, 218)
    assert sum(battle_odds(222, 218).values()) == 1
    assert sum(battle_odds(1, 0).values()) == 1
    for attack, defence, argument in ((223, 5, "attack"), (0, 5, "attack"), (9, 219, "defence")):
        with pytest.raises(ArgumentError) as e:
            battle_odds(attack, defence)
        assert e.value.argument == argument
    with pytest.raises(ArgumentError, match="digits is no total"):
        battle_odds("9" * 5000, 5)
