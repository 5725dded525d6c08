"""The unit table of Commands & Colors: Ancients: the shipped rows, the rules read off them,
and the loader's errors."""

from __future__ import annotations

import pickle
import re
import shutil
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest

import wargames.ancients.units as units_module
from wargames.ancients.units import (
    UnitTable,
    armed,
    battle_after_move,
    bonus_combat_allowed,
    close_dice,
    default_units,
    fire_dice,
    load_units,
    may_evade,
    mounted_hit_ignores,
    retreat_hexes,
    retreat_per_flag,
)
from wargames.core.errors import ScenarioError
from wargames.core.scenario import PROVENANCES

DATA = Path(units_module.__file__).parent / "data"
ALL = [
    "LI",
    "LS",
    "LB",
    "AX",
    "WA",
    "MI",
    "HI",
    "HWM",
    "LC",
    "LBC",
    "MC",
    "HC",
    "CHC",
    "HCH",
    "LBCH",
    "EL",
    "CAM",
    "CCAM",
]


@pytest.fixture(scope="module")
def u() -> UnitTable:
    return default_units()


def codes(u: UnitTable, test: Any) -> set[str]:
    return {c for c, t in u.items() if test(t)}


def test_every_type_of_the_catalogue_is_a_row(u: UnitTable) -> None:
    assert list(u) == ALL
    for unit in u.values():
        assert unit.provenance in PROVENANCES and unit.rules
        assert all(r.startswith("CCB-") for r in unit.rules)


@pytest.mark.rule("CCB-UNITS-04", "CCB-UNITS-05", "CCB-UNITS-06", "CCB-UNITS-07")
def test_classes_and_white_borders(u: UnitTable) -> None:
    assert codes(u, lambda t: t.unit_class == "light") == {
        "LI",
        "LS",
        "LB",
        "LC",
        "LBC",
        "AX",
        "LBCH",
    }
    assert codes(u, lambda t: t.unit_class == "medium") == {"MI", "MC", "CAM", "WA", "CCAM"}
    assert codes(u, lambda t: t.unit_class == "heavy") == {"HI", "HC", "HCH", "EL", "HWM", "CHC"}
    assert codes(u, lambda t: t.white_border) == {"AX", "LBCH", "WA", "CCAM", "CHC"}


@pytest.mark.rule("CCB-UNITS-08", "CCB-UNITS-09", "CCB-UNITS-10", "CCB-GAP-13")
def test_foot_mounted_cavalry_and_chariots(u: UnitTable) -> None:
    assert codes(u, lambda t: t.foot) == {"LI", "LS", "LB", "AX", "WA", "MI", "HI", "HWM"}
    mounted = {"LC", "LBC", "LBCH", "MC", "CAM", "CCAM", "HC", "CHC", "HCH", "EL"}
    assert codes(u, lambda t: t.mounted) == mounted  # elephants and chariots included
    assert codes(u, lambda t: t.cavalry) == {"LC", "LBC", "MC", "HC", "CHC"}  # camels never
    assert codes(u, lambda t: t.chariot) == {"HCH", "LBCH"}
    assert not u["EL"].cavalry_or_chariot and not u["CAM"].cavalry_or_chariot


@pytest.mark.rule("CCB-UNITS-11", "CCB-UNITS-12", "CCB-UNITS-13", "CCB-UNITS-14")
@pytest.mark.rule("CCB-UNITS-15", "CCB-GAP-12")
def test_blocks(u: UnitTable) -> None:
    blocks = {c: t.blocks for c, t in u.items()}
    assert {c for c, n in blocks.items() if n == 4} == {"LI", "LS", "LB", "AX", "WA", "MI", "HI"}
    assert {c for c, n in blocks.items() if n == 3} == {
        "LC",
        "LBC",
        "MC",
        "HC",
        "CHC",
        "CAM",
        "CCAM",
        "LBCH",
    }
    assert blocks["EL"] == blocks["HWM"] == blocks["HCH"] == 2
    assert u["HCH"].provenance == u["LBCH"].provenance == "inferred"  # CCB-GAP-12


@pytest.mark.rule("CCB-MOVE-06", "CCB-MOVE-07", "CCB-MOVE-08", "CCB-MOVE-09", "CCB-MOVE-10")
@pytest.mark.rule("CCB-MOVE-11", "CCB-MOVE-12", "CCB-MOVE-13", "CCB-MOVE-14", "CCB-BATTLE-02")
def test_movement_and_battle_after_moving(u: UnitTable) -> None:
    moves = {c: t.max_move for c, t in u.items()}
    assert moves == {
        "LI": 2,
        "LS": 2,
        "LB": 2,
        "AX": 2,
        "WA": 2,
        "MI": 1,
        "HI": 1,
        "HWM": 1,
        "LC": 4,
        "LBC": 4,
        "MC": 3,
        "HC": 2,
        "CHC": 2,
        "HCH": 2,
        "LBCH": 3,
        "EL": 2,
        "CAM": 3,
        "CCAM": 3,
    }
    assert u["WA"].move == 1  # a warrior moves 2 only as a charge
    assert [battle_after_move(u["LI"], n) for n in (0, 1, 2)] == ["may"] * 3
    assert [battle_after_move(u["AX"], n) for n in (0, 1, 2)] == ["may", "may", "may-not"]
    assert [battle_after_move(u["WA"], n) for n in (0, 1, 2)] == ["may", "may", "must"]
    assert [battle_after_move(u["HWM"], n) for n in (0, 1)] == ["may", "may-not"]
    assert all(
        battle_after_move(u[c], u[c].move) == "may" for c in ("MI", "HI", "LC", "MC", "HC", "EL")
    )
    with pytest.raises(ValueError):
        battle_after_move(u["HI"], 2)


@pytest.mark.rule("CCB-CLOSE-09", "CCB-CLOSE-10", "CCB-CLOSE-11", "CCB-CLOSE-12", "CCB-CLOSE-13")
@pytest.mark.rule("CCB-CLOSE-14", "CCB-CLOSE-15", "CCB-CLOSE-16", "CCB-CLOSE-17", "CCB-CLOSE-18")
@pytest.mark.rule("CCB-BATTLEBACK-04", "CCB-CARDS-32", "CCB-BATTLE-06")
def test_close_combat_dice(u: UnitTable) -> None:
    mi = u["MI"]
    attack = {c: close_dice(t, mi) for c, t in u.items() if not t.dice_by_target}
    assert attack == {
        "LI": 2,
        "LS": 2,
        "LB": 2,
        "AX": 3,
        "WA": 4,
        "MI": 4,
        "HI": 5,
        "HWM": 2,
        "LC": 2,
        "LBC": 2,
        "MC": 3,
        "HC": 4,
        "CHC": 4,
        "HCH": 4,
        "LBCH": 3,
        "CAM": 3,
        "CCAM": 3,
    }  # WA and LBCH at full strength
    assert close_dice(u["WA"], mi, full_strength=False) == 3
    assert close_dice(u["LBCH"], mi, full_strength=False) == 2
    for role in ("battle-back", "first-strike"):
        assert close_dice(u["HCH"], mi, role) == 3
        assert close_dice(u["CAM"], mi, role) == close_dice(u["CCAM"], mi, role) == 2
        assert close_dice(u["HI"], mi, role) == 5
        assert close_dice(u["WA"], mi, role) == 4


@pytest.mark.rule("CCB-CLOSE-26-EX", "CCB-CLOSE-21", "CCB-GAP-17")
def test_warrior_full_strength_example(u: UnitTable) -> None:
    assert close_dice(u["WA"], u["MI"], full_strength=True) == 4
    assert close_dice(u["WA"], u["MI"], full_strength=False) == 3
    # judged as the combat begins: a full-strength warrior hit this combat still battles back with 4
    assert close_dice(u["WA"], u["MI"], "battle-back", full_strength=True) == 4


@pytest.mark.rule("CCB-BATTLEBACK-13-EX")
def test_a_one_block_unit_still_battles_back_with_all_its_dice(u: UnitTable) -> None:
    assert (
        close_dice(u["HI"], u["MC"], "battle-back") == 5
    )  # no blocks argument: losses never cost dice


@pytest.mark.rule("CCB-ELEPHANT-01", "CCB-ELEPHANT-02", "CCB-ELEPHANT-03", "CCB-ELEPHANT-04-EX")
@pytest.mark.rule("CCB-CLOSE-19", "CCB-GAP-18")
def test_elephant_dice_by_target(u: UnitTable) -> None:
    el = u["EL"]
    found = {c: close_dice(el, t) for c, t in u.items()}
    assert {c for c, n in found.items() if n == 2} == {"LI", "LS", "LB", "LC", "LBC", "LBCH", "HWM"}
    assert {c for c, n in found.items() if n == 3} == {"AX", "MC", "WA", "HCH", "EL", "CAM", "CCAM"}
    assert {c for c, n in found.items() if n == 4} == {"MI", "HC", "CHC"}
    assert {c for c, n in found.items() if n == 5} == {"HI"}
    assert close_dice(el, None) == 1
    for role in ("battle-back", "first-strike"):
        assert all(close_dice(el, t, role) == found[c] for c, t in u.items())
    # the target's full-strength die or battle-back reduction never counts
    assert close_dice(el, u["WA"]) == 3 and close_dice(el, u["LBCH"]) == 2


@pytest.mark.rule("CCB-RANGED-01", "CCB-RANGED-02", "CCB-RANGED-04", "CCB-RANGED-05")
@pytest.mark.rule("CCB-RANGED-06", "CCB-RANGED-09", "CCB-RANGED-10", "CCB-RANGED-11")
def test_missile_units(u: UnitTable) -> None:
    assert codes(u, lambda t: t.can_fire) == {"LI", "LS", "LB", "LC", "LBC", "AX", "HWM"}
    assert {c: u[c].range for c in ("LI", "LC", "AX", "LS", "LB", "LBC", "HWM")} == {
        "LI": 2,
        "LC": 2,
        "AX": 2,
        "LS": 3,
        "LB": 3,
        "LBC": 3,
        "HWM": 6,
    }
    assert not u["LBCH"].can_fire and fire_dice(u["LBCH"]) == 0
    for c in ("LI", "LS", "LB", "LC", "LBC"):
        assert [fire_dice(u[c], n) for n in range(5)] == [2, 1, 1, 1, 1]
    assert [fire_dice(u["AX"], n) for n in (0, 1, 2)] == [2, 1, 0]
    assert [fire_dice(u["HWM"], n) for n in (0, 1)] == [2, 0]


@pytest.mark.rule("CCB-RETREAT-02", "CCB-RETREAT-03", "CCB-RETREAT-04", "CCB-RETREAT-05")
@pytest.mark.rule("CCB-RETREAT-01", "CCB-ELEPHANT-10", "CCB-FLAGS-10")
def test_retreat_per_flag(u: UnitTable) -> None:
    per = {c: retreat_per_flag(t) for c, t in u.items()}
    assert per == {
        "LI": 2,
        "LS": 2,
        "LB": 2,
        "AX": 1,
        "WA": 2,
        "MI": 1,
        "HI": 1,
        "HWM": 1,
        "LC": 4,
        "LBC": 4,
        "MC": 3,
        "HC": 2,
        "CHC": 2,
        "HCH": 2,
        "LBCH": 3,
        "EL": 1,
        "CAM": 3,
        "CCAM": 3,
    }
    movers = {c for c, t in u.items() if t.move_rule == "normal" and t.retreat != t.move}
    assert movers == {"EL"}  # the movement allowance, except WA, AX (move rules) and EL
    for roller in ("EL", "CAM", "CCAM"):
        for c in ("LC", "HC", "HCH", "LBCH", "MC"):
            assert retreat_per_flag(u[c], u[roller]) == per[c] + 1
            assert retreat_per_flag(u[c], u[roller], close=False) == per[c]
        for c in ("MI", "CAM", "EL", "WA"):  # camels are not cavalry (CCB-GAP-13)
            assert retreat_per_flag(u[c], u[roller]) == per[c]


@pytest.mark.rule("CCB-RETREAT-16-EX", "CCB-RETREAT-17-EX")
def test_retreat_examples(u: UnitTable) -> None:
    assert retreat_hexes(u["LC"], 2) == 8
    assert retreat_hexes(u["HC"], 1, u["EL"]) == 3
    assert retreat_hexes(u["LC"], 1, u["CAM"]) == 5


@pytest.mark.rule("CCB-EVADE-03", "CCB-EVADE-04", "CCB-EVADE-05", "CCB-EVADE-06")
@pytest.mark.rule("CCB-EVADE-07", "CCB-EVADE-08", "CCB-ELEPHANT-12", "CCB-GAP-24")
def test_who_may_evade_whom(u: UnitTable) -> None:
    evades = {c: {a for a in u if may_evade(t, u[a])} for c, t in u.items()}
    everyone = set(u)
    for c in ("LI", "LS", "LB", "LC", "LBC", "LBCH", "HWM"):
        assert evades[c] == everyone
    foot = {"LI", "LS", "LB", "AX", "WA", "MI", "HI", "HWM"}
    for c in ("MC", "CAM", "CCAM"):
        assert evades[c] == foot | {"HC", "CHC", "HCH", "EL"}
    for c in ("HC", "CHC", "HCH"):
        assert evades[c] == foot | {"EL"}
    for c in ("AX", "WA", "MI", "HI", "EL"):
        assert evades[c] == set()
    assert not may_evade(u["LI"], u["HI"], battling_back=True)
    assert u["HWM"].evade_removed


@pytest.mark.rule("CCB-MOMENTUM-03", "CCB-MOMENTUM-05", "CCB-MOMENTUM-06", "CCB-MOMENTUM-07")
@pytest.mark.rule("CCB-MOMENTUM-08")
def test_momentum_and_bonus_combat(u: UnitTable) -> None:
    assert codes(u, lambda t: t.momentum_extra_hex) == {"LC", "LBC", "MC", "HC", "CHC"}
    assert codes(u, lambda t: not t.advances) == {"HWM"}
    with_leader = {c for c, t in u.items() if bonus_combat_allowed(t, leader_attached=True)}
    alone = {c for c, t in u.items() if bonus_combat_allowed(t, leader_attached=False)}
    assert with_leader == everyone_but(u, "HWM")
    assert alone == {"WA"} | codes(u, lambda t: t.mounted)
    assert with_leader - alone == {"LI", "LS", "LB", "AX", "MI", "HI"}


def everyone_but(u: UnitTable, *out: str) -> set[str]:
    return set(u) - set(out)


@pytest.mark.rule("CCB-CLOSE-22", "CCB-CLOSE-23", "CCB-CLOSE-24", "CCB-CLOSE-25")
@pytest.mark.rule("CCB-ELEPHANT-08", "CCB-ELEPHANT-09")
def test_hits_ignored_by_nature(u: UnitTable) -> None:
    assert {c: t.sword_ignores for c, t in u.items() if t.sword_ignores} == {
        "CHC": 1,
        "HCH": 1,
        "LBCH": 1,
        "CCAM": 1,
    }
    assert codes(u, lambda t: t.ignores_all_swords) == {"EL"}
    for target in ("CAM", "CCAM", "EL"):
        for roller in ("LC", "MC", "HC", "CHC", "HCH", "LBCH"):
            assert mounted_hit_ignores(u[target], u[roller]) == 1
        for roller in ("MI", "EL", "CAM", "WA"):
            assert mounted_hit_ignores(u[target], u[roller]) == 0
    assert mounted_hit_ignores(u["HC"], u["LC"]) == 0


@pytest.mark.rule("CCB-TERRAIN-09", "CCB-CARDS-40", "CCB-FLAGS-05", "CCB-LEADER-03", "CCB-COMP-05")
def test_other_flags(u: UnitTable) -> None:
    assert codes(u, lambda t: t.forest_fighter) == {"LI", "LS", "LB", "AX", "WA"}
    assert codes(u, lambda t: not t.can_be_rallied) == {"EL", "HCH", "LBCH"}
    assert codes(u, lambda t: not t.receives_support) == {"EL"}
    assert codes(u, lambda t: not t.leader_benefits) == {"EL"}
    assert codes(u, lambda t: t.expansion) == {"LBC", "LBCH", "CAM", "CCAM", "CHC", "HWM"}


def test_lookup_by_name(u: UnitTable) -> None:
    assert u.find("lbch") is u["LBCH"] and u.find("Camel") is u["CAM"]
    assert u.find("cataphracted camels") is u["CCAM"] and u.find("warriors") is u["WA"]
    with pytest.raises(KeyError, match="unknown unit"):
        u.find("hoplite")


# -- the loader ---------------------------------------------------------------------------------


def broken(tmp_path: Path, change: Any) -> str:
    text = (DATA / "units.toml").read_text()
    data = tomllib.loads(text)
    change(data)
    lines = []
    for row in data["unit"]:
        lines.append("[[unit]]")
        for key, value in row.items():
            lines.append(f"{key} = {toml_value(value)}")
    (tmp_path / "units.toml").write_text("\n".join(lines))
    return str(tmp_path)


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    return str(value)


def test_a_copy_loads_the_same(tmp_path: Path) -> None:
    shutil.copy(DATA / "units.toml", tmp_path / "units.toml")
    assert dict(load_units(str(tmp_path))) == dict(default_units())
    assert dict(load_units(broken(tmp_path, lambda d: None))) == dict(default_units())


@pytest.mark.parametrize(
    ("change", "where", "problem"),
    [
        (lambda d: d["unit"][0].update(blocks=0), "unit[0].blocks", "at least 1|from 1"),
        (lambda d: d["unit"][1].update(code="LI"), "unit[1].code", "duplicate unit code"),
        (lambda d: d["unit"][2].update(speed=3), "unit[2].speed", "unknown key"),
        (lambda d: d["unit"][3].update({"class": "huge"}), "unit[3].class", "unknown class"),
        (lambda d: d["unit"][0].update(mounted=True), "unit[0].mounted", "foot"),
        (lambda d: d["unit"][5].update(cavalry=True), "unit[5].cavalry", "cavalry"),
        (lambda d: d["unit"][0].update(evade=["cavalry"]), "unit[0].evade[0]", "evade term"),
        (lambda d: d["unit"][0].update(rules=["UNITS-1"]), "unit[0].rules[0]", "rule id"),
        (
            lambda d: d["unit"][0].update(provenance="guess"),
            "unit[0].provenance",
            "unknown value 'guess'",
        ),
        (
            lambda d: d["unit"][15]["dice_against"].update(XX=3),
            "unit[15].dice_against",
            "unknown unit",
        ),
        (lambda d: d["unit"][1].update(aliases=["li"]), "unit[1]", "is used by"),
    ],
)
def test_bad_unit_files_name_the_key(tmp_path: Path, change: Any, where: str, problem: str) -> None:
    with pytest.raises(ScenarioError) as err:
        load_units(broken(tmp_path, change))
    assert err.value.key == where
    assert err.value.file.endswith("units.toml")
    assert re.search(problem, err.value.problem), err.value.problem


@pytest.mark.rule("CCB-MOVE-09", "CCB-RANGED-01", "CCB-RANGED-02")
def test_values_worked_out_once_follow_the_fields_they_come_from(u: UnitTable) -> None:
    """``max_move`` and ``can_fire`` are worked out when a unit type is made (they are read
    at nearly every step): a changed copy works them out again, and they take no part in
    comparing, hashing, showing or pickling a unit type."""
    warrior = u["WA"]
    assert warrior.max_move == 2  # a warrior's charge (CCB-MOVE-09)
    walker = attrs.evolve(warrior, move_rule="normal")
    assert walker.max_move == warrior.move == 1
    assert attrs.evolve(u["MC"], move=5).max_move == 5
    bows = u["LB"]
    assert bows.can_fire and not attrs.evolve(bows, range=0).can_fire
    assert not attrs.evolve(bows, fire_dice=(0,)).can_fire
    assert armed(u["HI"], 3).can_fire and not u["HI"].can_fire  # a scenario's missiles
    same = attrs.evolve(bows)
    assert same == bows and hash(same) == hash(bows)
    assert "max_move" not in repr(bows) and "can_fire" not in repr(bows)
    back = pickle.loads(pickle.dumps(walker))
    assert back == walker and (back.max_move, back.can_fire) == (1, walker.can_fire)
