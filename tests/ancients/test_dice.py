"""Battle dice: the six faces, what each does in every kind of roll, and elephant re-rolls."""

from __future__ import annotations

from fractions import Fraction

import pytest
from ccb import position

from wargames.ancients.dice import (
    FACE_PROBABILITY,
    FACES,
    SYMBOLS,
    Face,
    Roll,
    rally_restores,
    score,
    spartacus_orders,
)
from wargames.ancients.settings import AncientsSettings
from wargames.ancients.terrain import default_terrain, sword_ignores
from wargames.ancients.units import UnitTable, default_units

U: UnitTable = default_units()
L, M, H, HELM, FLAG, SW = Face.LIGHT, Face.MEDIUM, Face.HEAVY, Face.HELMET, Face.FLAG, Face.SWORDS


def hit_chance(roll: Roll) -> Fraction:
    p = dict(roll.effect_probabilities())
    return sum((p.get(e, Fraction(0)) for e in ("symbol", "sword", "hit")), Fraction(0))


@pytest.mark.rule("CCB-DICE-01", "CCB-DICE-02-EX")
def test_six_faces_once_each() -> None:
    assert len(FACES) == len(set(FACES)) == 6
    assert {str(f) for f in FACES} == {"light", "medium", "heavy", "helmet", "flag", "swords"}
    assert Fraction(1, 6) == FACE_PROBABILITY and sum(FACE_PROBABILITY for _ in FACES) == 1


@pytest.mark.rule("CCB-DICE-02-EX")
def test_each_face_of_one_die_comes_up_one_time_in_six() -> None:
    s = position({"06-07": "LB"}, {"06-04": "MI"}, ordered=["06-07"], moved={"06-07": 1})
    s = s.apply("fire 06-07 at 06-04")  # moved: 1 die
    outcomes = {str(a): p for a, p in s.chance_outcomes()}
    assert outcomes == {f"roll {f}": pytest.approx(1 / 6) for f in FACES}


@pytest.mark.rule("CCB-DICE-03", "CCB-UNITS-07", "CCB-DICE-04")
def test_the_class_symbol_hits() -> None:
    for unit in U.values():
        roll = Roll("ranged", U["LI"], unit)
        assert [f for f in FACES if roll.effect(f) == "symbol"] == [SYMBOLS[unit.unit_class]]
    assert score([M, M, M, M, M], Roll("close", U["HI"], U["MI"])).hits == 5  # capped when applied


@pytest.mark.rule("CCB-DICE-07", "CCB-RANGED-14", "CCB-LEADER-03", "CCB-DICE-06")
def test_ranged_combat_scores_symbols_and_flags_only() -> None:
    roll = Roll("ranged", U["LI"], U["MI"], leader="attached")
    assert score([M, SW, HELM, FLAG, L, H], roll) == score(
        [M, FLAG], Roll("ranged", U["LI"], U["MI"])
    )
    s = score([M, SW, HELM, FLAG, L, H], roll)
    assert (s.hits, s.flags) == (1, 1)
    at_leader = Roll("ranged", U["LB"], None)
    assert (
        score([HELM], at_leader).leader_killed and not score([SW, FLAG, L], at_leader).leader_killed
    )


@pytest.mark.rule("CCB-DICE-08", "CCB-DICE-10-EX")
def test_who_scores_swords() -> None:
    scorers = {c for c, t in U.items() if Roll("close", t, U["MI"]).effect(SW) == "sword"}
    assert scorers == set(U) - {"LI", "LS", "LB", "LC", "LBC", "HWM"}
    assert "AX" in scorers and "LC" not in scorers  # auxilia are light, yet score swords


@pytest.mark.rule("CCB-DICE-09", "CCB-GAP-02", "CCB-BATTLEBACK-05", "CCB-ELEPHANT-11")
def test_helmets_with_a_leader_attached_or_adjacent() -> None:
    mi = U["MI"]
    for kind in ("close", "battle-back", "first-strike"):
        assert Roll(kind, U["HI"], mi, leader="attached").effect(HELM) == "hit"  # type: ignore[arg-type]
        assert Roll(kind, U["HI"], mi, leader="adjacent").effect(HELM) == "hit"  # type: ignore[arg-type]
        assert Roll(kind, U["HI"], mi).effect(HELM) == "none"  # type: ignore[arg-type]
    older = AncientsSettings(helmets="attached-only")
    assert Roll("close", U["HI"], mi, leader="adjacent", settings=older).effect(HELM) == "none"
    assert Roll("close", U["HI"], mi, leader="attached", settings=older).effect(HELM) == "hit"
    assert Roll("close", U["EL"], mi, leader="attached").effect(HELM) == "none"
    assert Roll("close", U["LI"], mi, leader="adjacent").effect(HELM) == "hit"  # no swords, helmets


@pytest.mark.rule("CCB-DICE-11-EX")
def test_chance_that_one_die_hits() -> None:
    mi = U["MI"]
    assert hit_chance(Roll("ranged", U["LI"], mi)) == Fraction(1, 6)
    assert hit_chance(Roll("close", U["HI"], mi)) == Fraction(2, 6)
    assert hit_chance(Roll("close", U["HI"], mi, leader="attached")) == Fraction(3, 6)
    assert hit_chance(Roll("close", U["HI"], mi, leader="adjacent")) == Fraction(3, 6)
    assert hit_chance(Roll("close", U["LI"], mi, leader="adjacent")) == Fraction(2, 6)
    assert dict(Roll("close", U["HI"], mi).effect_probabilities())["flag"] == Fraction(1, 6)


@pytest.mark.rule("CCB-DICE-12-EX")
def test_heavy_infantry_with_a_leader_against_medium_infantry() -> None:
    roll = Roll("close", U["HI"], U["MI"], leader="attached")
    assert hit_chance(roll) == Fraction(1, 2)
    assert (1 - hit_chance(roll)) ** 5 == Fraction(1, 32)


@pytest.mark.rule("CCB-DICE-05", "CCB-FLAGS-11", "CCB-LEADER-09", "CCB-LEADER-16")
def test_at_a_lone_leader_only_helmets_count() -> None:
    for kind in ("close", "ranged", "escape"):
        roll = Roll(kind, U["HI"], None)  # type: ignore[arg-type]
        assert [f for f in FACES if roll.effect(f) != "none"] == [HELM]
        assert score([FLAG, FLAG, SW, H], roll).flags == 0
    assert score([HELM, SW], Roll("escape", U["HI"], None)).leader_killed
    with pytest.raises(ValueError):
        Roll("escape", U["HI"], U["MI"])


@pytest.mark.rule("CCB-EVADE-09")
def test_against_an_evader_only_its_symbol_scores() -> None:
    roll = Roll("evade", U["HI"], U["LI"], leader="attached")
    assert [f for f in FACES if roll.effect(f) != "none"] == [L]
    s = score([L, L, FLAG, SW, HELM], roll)
    assert (s.hits, s.flags) == (2, 0)


@pytest.mark.rule("CCB-ELEPHANT-16", "CCB-ELEPHANT-17", "CCB-ELEPHANT-14")
def test_rampage_dice() -> None:
    for unit in U.values():
        roll = Roll("rampage", None, unit)
        assert [f for f in FACES if roll.effect(f) != "none"] == [SYMBOLS[unit.unit_class]]
    assert score([HELM, FLAG], Roll("rampage", None, None)).leader_killed
    assert not score([SW, FLAG], Roll("rampage", None, None)).leader_killed


@pytest.mark.rule("CCB-CLOSE-22", "CCB-CLOSE-24", "CCB-CLOSE-25", "CCB-ELEPHANT-09")
@pytest.mark.rule("CCB-CLOSE-23")
def test_ignored_hits() -> None:
    s = score([SW, SW, H], Roll("close", U["MI"], U["HCH"]))
    assert (s.hits, s.ignored_swords) == (2, 1)
    s = score([SW, SW, H], Roll("close", U["MI"], U["CHC"]))
    assert (s.hits, s.ignored_swords) == (2, 1)  # one of two swords, the symbol still hits
    s = score([SW, SW, H], Roll("close", U["MI"], U["HC"]))
    assert (s.hits, s.ignored_swords) == (3, 0)  # a plain HC ignores none
    s = score([M, M, SW], Roll("close", U["HC"], U["CAM"]))
    assert (s.hits, s.ignored_symbols) == (2, 1)
    s = score([M, M, SW], Roll("close", U["HI"], U["CAM"]))
    assert (s.hits, s.ignored_symbols) == (3, 0)
    s = score([M, SW, SW], Roll("close", U["HCH"], U["CCAM"]))
    assert (s.hits, s.ignored_swords, s.ignored_symbols) == (1, 1, 1)
    s = score([H, H, SW, SW], Roll("close", U["HC"], U["EL"]))
    assert (s.hits, s.ignored_swords, s.ignored_symbols) == (1, 2, 1)
    terrain = default_terrain()
    camp = sword_ignores(U["MI"], terrain["fortified-camp"], [terrain["rampart"]])
    assert score([SW, SW, SW], Roll("close", U["HI"], U["MI"], swords_ignored=camp)).hits == 1


@pytest.mark.rule("CCB-ELEPHANT-24-EX", "CCB-ELEPHANT-05", "CCB-ELEPHANT-06")
def test_elephant_rerolls_its_swords_until_they_stop() -> None:
    roll = Roll("close", U["EL"], U["LI"])
    first = score([SW, FLAG], roll)
    assert (first.hits, first.flags, first.rerolls, first.reroll_dice) == (1, 1, 1, (0,))
    second = score([SW, FLAG], roll, [[SW]])
    assert (second.hits, second.rerolls) == (2, 1)
    final = score([SW, FLAG], roll, [[SW], [L]])
    assert (final.hits, final.flags, final.rerolls, final.rounds) == (3, 1, 0, 3)
    flagged = score([SW], roll, [[FLAG]])
    assert (flagged.hits, flagged.flags) == (1, 1)  # a re-rolled flag counts
    with pytest.raises(ValueError, match="expected 1 re-rolled"):
        score([SW, FLAG], roll, [[SW, SW]])
    with pytest.raises(ValueError, match="no re-roll"):
        score([L, FLAG], roll, [[SW]])


@pytest.mark.rule("CCB-ELEPHANT-26-EX", "CCB-ELEPHANT-07")
def test_an_ignored_sword_is_not_rerolled() -> None:
    s = score([SW, SW, L], Roll("close", U["EL"], U["HCH"]))
    assert (s.hits, s.ignored_swords, s.rerolls, s.reroll_dice) == (1, 1, 1, (1,))


@pytest.mark.rule("CCB-ELEPHANT-27-EX", "CCB-ELEPHANT-08")
def test_elephant_against_elephant() -> None:
    s = score([SW, SW, H, FLAG], Roll("close", U["EL"], U["EL"]))
    assert (s.hits, s.flags, s.rerolls, s.ignored_swords) == (1, 1, 0, 2)


@pytest.mark.rule("CCB-GAP-04")
def test_the_reroll_is_a_setting() -> None:
    older = AncientsSettings(elephant_sword_rerolls=False)
    s = score([SW, FLAG], Roll("close", U["EL"], U["LI"], settings=older))
    assert (s.hits, s.flags, s.rerolls) == (1, 1, 0)
    assert not Roll("ranged", U["LI"], U["LI"]).rerolls_swords


@pytest.mark.rule("CCB-CARDS-42-EX", "CCB-CARDS-23", "CCB-CARDS-40")
def test_a_rally_die() -> None:
    for unit in U.values():
        restoring = [f for f in FACES if rally_restores(f, unit)]
        if unit.can_be_rallied:
            assert restoring == [SYMBOLS[unit.unit_class], HELM]
            assert Fraction(len(restoring), 6) == Fraction(2, 6)
        else:
            assert restoring == []


@pytest.mark.rule("CCB-CARDS-19")
def test_spartacus_dice() -> None:
    assert [spartacus_orders(f) for f in FACES] == ["light", "medium", "heavy", "any", None, None]
