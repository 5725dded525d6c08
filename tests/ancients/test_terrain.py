"""Terrain of Commands & Colors: Ancients: the table, movement effects, dice caps in the order
of CCB-GAP-28, and the sword and flag ignores."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import attrs
import pytest

import wargames.ancients.terrain as terrain_module
from wargames.ancients.cards import default_cards
from wargames.ancients.settings import AncientsSettings
from wargames.ancients.terrain import (
    EVERY_SWORD,
    TerrainTable,
    bonus_after_advance,
    close_combat_count,
    close_combat_dice,
    default_terrain,
    flag_ignores,
    has_support,
    load_terrain,
    may_advance_out,
    may_battle_on_entry,
    may_enter,
    must_stop,
    ranged_count,
    ranged_dice,
    sword_ignores,
)
from wargames.ancients.units import UnitTable, UnitType, default_units
from wargames.core.errors import ScenarioError

DATA = Path(terrain_module.__file__).parent / "data"
ALL_TERRAIN = [
    "clear",
    "broken",
    "forest",
    "hill",
    "seacoast",
    "river",
    "fordable-river",
    "rampart",
    "fortified-camp",
    "bridge",
    "scalable-wall",
    "fortified-wall",
    "marsh",
]


@pytest.fixture(scope="module")
def t() -> TerrainTable:
    return default_terrain()


@pytest.fixture(scope="module")
def u() -> UnitTable:
    return default_units()


def test_every_terrain_of_the_catalogue(t: TerrainTable) -> None:
    assert list(t) == ALL_TERRAIN
    assert t.find("Lake") is t["seacoast"] and t.find("Broken Ground") is t["broken"]
    assert [k for k, v in t.items() if v.hexside] == ["rampart"]


@pytest.mark.rule("CCB-GAP-38")
def test_towns_are_not_terrain(t: TerrainTable) -> None:
    with pytest.raises(KeyError, match="CCB-GAP-38"):
        t.find("town")
    assert t.find("town", {"town": "fortified-camp"}) is t["fortified-camp"]


@pytest.mark.rule("CCB-COMP-05")
def test_expansion_terrain(t: TerrainTable) -> None:
    assert {k for k, v in t.items() if v.expansion} == {"bridge", "scalable-wall", "marsh"}


# -- movement -----------------------------------------------------------------------------------


@pytest.mark.rule("CCB-TERRAIN-02", "CCB-TERRAIN-19", "CCB-TERRAIN-20", "CCB-TERRAIN-43")
@pytest.mark.rule("CCB-TERRAIN-03", "CCB-TERRAIN-38", "CCB-TERRAIN-46", "CCB-TERRAIN-36")
def test_who_may_enter(t: TerrainTable, u: UnitTable) -> None:
    impassable = {k for k, v in t.items() if not may_enter(v, u["LI"])}
    assert impassable == {"seacoast", "river", "fortified-wall"}
    for k in impassable:
        assert not any(may_enter(t[k], p) for p in (*u.values(), None))
    assert {k for k, v in t.items() if not may_enter(v, u["HWM"])} == impassable | {
        "broken",
        "scalable-wall",
        "marsh",
    }
    for c in ("LC", "HC", "EL", "HCH"):
        assert not may_enter(t["scalable-wall"], u[c]) and may_enter(t["broken"], u[c])
    wall = t["scalable-wall"]
    assert may_enter(wall, u["HI"]) and may_enter(wall, None)  # foot units and leaders
    assert not may_enter(wall, u["HI"], started_adjacent=False)
    assert may_enter(t["fordable-river"], u["HC"]) and may_enter(t["bridge"], u["HC"])


@pytest.mark.rule("CCB-TERRAIN-03", "CCB-TERRAIN-08", "CCB-TERRAIN-14", "CCB-TERRAIN-21")
@pytest.mark.rule("CCB-TERRAIN-25", "CCB-TERRAIN-36", "CCB-TERRAIN-44", "CCB-MOVE-19", "CCB-GAP-26")
def test_who_must_stop(t: TerrainTable, u: UnitTable) -> None:
    def stopped(tid: str) -> set[str]:
        return {c for c in ("HI", "LC", "HWM") if must_stop(t[tid], u[c])} | (
            {"leader"} if must_stop(t[tid], None) else set()
        )

    assert stopped("broken") == {"LC", "leader"}
    assert (
        stopped("forest")
        == stopped("fordable-river")
        == stopped("marsh")
        == {"HI", "LC", "HWM", "leader"}
    )
    assert stopped("scalable-wall") == {"HI", "HWM", "leader"}  # the mounted never enter
    for tid in ("clear", "hill", "rampart", "fortified-camp", "bridge"):
        assert stopped(tid) == set()
    assert t["scalable-wall"].leave_one and t["marsh"].leave_one  # CCB-TERRAIN-37, -45
    assert t["marsh"].entry_roll  # CCB-TERRAIN-47: a roll per marsh hex, retreats included


@pytest.mark.rule("CCB-TERRAIN-04", "CCB-TERRAIN-09", "CCB-TERRAIN-21", "CCB-TERRAIN-31")
@pytest.mark.rule("CCB-TERRAIN-37", "CCB-TERRAIN-45")
def test_battle_on_the_turn_of_entry(t: TerrainTable, u: UnitTable) -> None:
    def fights(tid: str) -> set[str]:
        return {c for c, v in u.items() if may_battle_on_entry(t[tid], v)}

    assert fights("broken") == {c for c, v in u.items() if v.foot}
    assert fights("forest") == {"LI", "LS", "LB", "AX", "WA"}
    for tid in ("clear", "fordable-river", "bridge", "fortified-camp", "hill"):
        assert fights(tid) == set(u)


@pytest.mark.rule("CCB-TERRAIN-06", "CCB-TERRAIN-12", "CCB-TERRAIN-23", "CCB-TERRAIN-49")
@pytest.mark.rule("CCB-MOMENTUM-12")
def test_momentum_limits(t: TerrainTable, u: UnitTable) -> None:
    assert {c for c, v in u.items() if bonus_after_advance(t["broken"], v)} == {
        c for c, v in u.items() if v.foot
    }
    assert {c for c, v in u.items() if bonus_after_advance(t["forest"], v)} == {
        "LI",
        "LS",
        "LB",
        "AX",
        "WA",
    }
    assert may_advance_out(t["fordable-river"], moved=True)
    assert may_advance_out(t["marsh"], moved=False) and not may_advance_out(t["marsh"], moved=True)
    assert not t["marsh"].extra_hex_out and t["clear"].extra_hex_out


# -- dice ---------------------------------------------------------------------------------------


@pytest.mark.rule("CCB-TERRAIN-05", "CCB-TERRAIN-10", "CCB-TERRAIN-22", "CCB-TERRAIN-32")
@pytest.mark.rule("CCB-TERRAIN-33", "CCB-TERRAIN-39", "CCB-TERRAIN-48", "CCB-CLOSE-04")
def test_close_combat_caps_into_and_out_of(t: TerrainTable, u: UnitTable) -> None:
    hi, mi, clear = u["HI"], u["MI"], t["clear"]
    for tid in ("broken", "forest", "fordable-river", "bridge", "scalable-wall", "marsh"):
        assert close_combat_dice(hi, mi, clear, t[tid]) == 2, tid
        assert close_combat_dice(hi, mi, t[tid], clear) == 2, tid
    for tid in ("clear", "seacoast", "rampart", "fortified-wall"):
        assert close_combat_dice(hi, mi, clear, t[tid]) == 5
    assert close_combat_dice(u["LI"], mi, clear, t["forest"]) == 2  # a cap is a maximum


@pytest.mark.rule("CCB-TERRAIN-15", "CCB-TERRAIN-16", "CCB-GAP-27")
def test_hill_caps(t: TerrainTable, u: UnitTable) -> None:
    hill, clear, mi = t["hill"], t["clear"], u["MI"]
    assert close_combat_dice(u["HI"], mi, clear, hill) == 2  # uphill, any unit
    assert close_combat_dice(u["HC"], mi, clear, hill) == 2
    assert close_combat_dice(u["HI"], mi, hill, clear) == 3  # downhill, foot
    assert close_combat_dice(u["HI"], mi, hill, hill) == 3  # hill to hill
    assert close_combat_dice(u["HC"], mi, hill, clear) == 2  # downhill, mounted
    assert close_combat_dice(u["HC"], mi, hill, hill) == 2
    assert close_combat_dice(u["LI"], mi, hill, clear) == 2
    # and a battle back from the hill down is capped the same way (the roller's view)
    assert close_combat_dice(u["HI"], u["HC"], hill, clear, role="battle-back") == 3
    # fire is not capped by hills (CCB-GAP-27)
    assert ranged_dice(u["LB"], clear, hill) == 2 and ranged_dice(u["LB"], hill, clear) == 2
    uphill_fire = attrs.evolve(hill, caps_ranged=True, uphill_cap=1)
    assert ranged_dice(u["LB"], clear, uphill_fire) == 1  # the reading is data


@pytest.mark.rule("CCB-TERRAIN-29", "CCB-TERRAIN-01", "CCB-BATTLE-07", "CCB-GAP-28")
def test_cap_then_camp_then_card(t: TerrainTable, u: UnitTable) -> None:
    camp, forest, clear = t["fortified-camp"], t["forest"], t["clear"]
    hi, mi = u["HI"], u["MI"]
    assert close_combat_dice(hi, mi, camp, clear) == 4
    assert close_combat_dice(hi, mi, camp, forest) == 1  # min(5, 2) - 1
    assert close_combat_dice(hi, mi, camp, forest, card_bonus=2) == 3
    count = close_combat_count(hi, mi, camp, forest, card_bonus=2)
    assert (count.base, count.cap, count.modifier, count.bonus, count.total) == (5, 2, -1, 2, 3)
    assert ranged_dice(u["LI"], camp, clear) == 1
    assert ranged_dice(u["LI"], camp, clear, hexes_moved=1) == 0  # 0: it cannot fire
    assert ranged_count(u["LI"], camp, forest).total == 0
    # an LI with 1 die left after the cap and the camp: 0, then the card's dice on top
    assert close_combat_dice(u["LI"], mi, camp, forest) == 1
    assert close_combat_dice(u["HWM"], mi, camp, t["marsh"], card_bonus=1) == 2


@pytest.mark.rule("CCB-TERRAIN-51-EX", "CCB-CARDS-13")
def test_clash_of_shields_into_a_forest(t: TerrainTable, u: UnitTable) -> None:
    bonus = default_cards().find("Clash of Shields").bonus_dice
    assert bonus == 2
    assert close_combat_dice(u["HI"], u["MI"], t["clear"], t["forest"], card_bonus=bonus) == 4


@pytest.mark.rule("CCB-BATTLEBACK-06")
def test_card_dice_never_add_to_a_battle_back(t: TerrainTable, u: UnitTable) -> None:
    with pytest.raises(ValueError, match="CCB-BATTLEBACK-06"):
        close_combat_dice(
            u["HI"], u["MI"], t["clear"], t["clear"], card_bonus=1, role="battle-back"
        )


@pytest.mark.rule("CCB-TERRAIN-11", "CCB-TERRAIN-22", "CCB-TERRAIN-32", "CCB-TERRAIN-33")
@pytest.mark.rule("CCB-TERRAIN-48", "CCB-RANGED-12", "CCB-GAP-27")
def test_ranged_caps(t: TerrainTable, u: UnitTable) -> None:
    lb, clear = u["LB"], t["clear"]
    assert ranged_dice(lb, clear, t["forest"]) == 1
    assert ranged_dice(lb, t["forest"], clear) == 2  # fire out of a forest: not capped
    for tid in ("fordable-river", "bridge", "marsh"):
        assert ranged_dice(lb, t[tid], clear) == 1
        assert ranged_dice(lb, clear, t[tid]) == 2
    assert ranged_dice(lb, clear, t["broken"]) == 2  # CCB-TERRAIN-05: fire is not affected
    assert ranged_dice(u["HWM"], clear, clear) == 2 and ranged_dice(u["HWM"], clear, clear, 1) == 0


@pytest.mark.slow
@pytest.mark.rule("CCB-GAP-28", "CCB-TERRAIN-15", "CCB-TERRAIN-16", "CCB-RANGED-12")
def test_the_dice_are_the_counts_totals(t: TerrainTable, u: UnitTable) -> None:
    """The dice counted without their reasons (what a listing of battles asks) are the total of
    the count with every cap and its reason, for every pair of unit types on every pair of
    terrains, in every role, and at every move for fire."""
    kinds = [k for k in u.values() if k.close_dice or k.dice_by_target]
    hill = attrs.evolve(t["hill"], caps_ranged=True, uphill_cap=1)  # a reading that caps fire
    grounds = [*t.values(), hill]
    roles = [("attack", 0), ("attack", 2), ("battle-back", 0), ("first-strike", 0)]
    ways = [
        {"card_bonus": bonus, "role": role, "full_strength": full}
        for role, bonus in roles
        for full in (True, False)
    ]
    targets: list[UnitType | None] = [None, *kinds]
    for kind, target, a, b in itertools.product(kinds, targets, grounds, grounds):
        unmatched = kind.dice_by_target and target is not None and target.dice_by_target
        if unmatched and kind.against(target.code) is None:  # type: ignore[union-attr]
            continue  # no count in the table
        for way in ways:
            count = close_combat_count(kind, target, a, b, **way)  # type: ignore[arg-type]
            dice = close_combat_dice(kind, target, a, b, **way)  # type: ignore[arg-type]
            assert dice == count.total, (kind.code, target, a.id, b.id, way)
        if kind.can_fire and target is None:
            for moved in (0, 1, 2):
                assert ranged_dice(kind, a, b, moved) == ranged_count(kind, a, b, moved).total


@pytest.mark.rule("CCB-TERRAIN-52-EX")
def test_a_bow_unit_fires_one_die_into_a_forest(t: TerrainTable, u: UnitTable) -> None:
    assert ranged_dice(u["LB"], t["clear"], t["forest"], hexes_moved=0) == 1


# -- ignores ------------------------------------------------------------------------------------


@pytest.mark.rule("CCB-TERRAIN-26", "CCB-TERRAIN-27", "CCB-TERRAIN-28", "CCB-TERRAIN-40")
@pytest.mark.rule("CCB-CLOSE-22", "CCB-ELEPHANT-08", "CCB-GAP-29")
def test_sword_ignores_add_up(t: TerrainTable, u: UnitTable) -> None:
    clear, camp, wall, rampart = t["clear"], t["fortified-camp"], t["scalable-wall"], t["rampart"]
    assert sword_ignores(u["MI"], clear) == 0
    assert sword_ignores(u["MI"], camp) == 1 and sword_ignores(u["MC"], camp) == 0
    assert (
        sword_ignores(u["MI"], clear, [rampart]) == 1
        and sword_ignores(u["HC"], clear, [rampart]) == 0
    )
    assert sword_ignores(u["MI"], camp, [rampart]) == 2
    assert sword_ignores(u["MI"], wall) == 1 and sword_ignores(u["HI"], wall, [rampart]) == 2
    assert sword_ignores(u["HCH"], clear) == 1 and sword_ignores(u["HCH"], camp) == 1
    assert sword_ignores(u["EL"], camp) == EVERY_SWORD
    assert sword_ignores(None, camp) == 0
    single = AncientsSettings(ignores_add_up=False)
    assert sword_ignores(u["MI"], camp, [rampart], single) == 1
    assert sword_ignores(u["EL"], camp, (), single) == EVERY_SWORD


@pytest.mark.rule("CCB-FLAGS-03", "CCB-FLAGS-05", "CCB-GAP-03")
def test_support(t: TerrainTable) -> None:
    assert has_support(2) and has_support(3) and has_support(1, 1)
    assert not has_support(1) and not has_support(0, 2)
    assert not has_support(1, 1, AncientsSettings(lone_leader_support=False))


@pytest.mark.rule("CCB-FLAGS-01", "CCB-FLAGS-02", "CCB-FLAGS-04", "CCB-FLAGS-06", "CCB-FLAGS-07")
@pytest.mark.rule("CCB-FLAGS-08", "CCB-TERRAIN-26", "CCB-TERRAIN-28", "CCB-TERRAIN-34")
@pytest.mark.rule("CCB-TERRAIN-40", "CCB-ELEPHANT-09", "CCB-ELEPHANT-11", "CCB-GAP-15")
def test_flag_ignores(t: TerrainTable, u: UnitTable) -> None:
    clear, camp, bridge, wall, rampart = (
        t[k] for k in ("clear", "fortified-camp", "bridge", "scalable-wall", "rampart")
    )
    mi = u["MI"]
    assert flag_ignores(mi, clear) == ()
    assert flag_ignores(mi, clear, leader_attached=True) == ("leader",)
    assert flag_ignores(mi, clear, leader_attached=True, leader_survived=False) == ()
    assert flag_ignores(mi, clear, support=True) == ("support",)
    assert flag_ignores(mi, camp) == ("fortified-camp",) == flag_ignores(mi, camp, combat="ranged")
    assert flag_ignores(u["HC"], camp) == ()
    assert flag_ignores(mi, bridge) == ("bridge",) and flag_ignores(u["LC"], bridge) == ()
    assert flag_ignores(u["LC"], wall) == ("scalable-wall",)
    assert flag_ignores(mi, clear, hexside=[rampart]) == ("rampart",)
    assert flag_ignores(mi, clear, combat="ranged", hexside=[rampart]) == ("rampart",)
    assert flag_ignores(u["HC"], clear, hexside=[rampart]) == ()
    assert flag_ignores(u["WA"], clear) == ("full strength",)
    assert flag_ignores(u["WA"], clear, full_strength=False) == ()
    assert flag_ignores(u["LBCH"], clear) == ("full strength",)
    everything = flag_ignores(u["WA"], camp, hexside=[rampart], leader_attached=True, support=True)
    assert len(everything) == 5  # they add up
    el = u["EL"]
    assert flag_ignores(el, clear, leader_attached=True, support=True) == ()
    assert flag_ignores(el, clear, roller=u["HC"]) == ("against mounted",)
    assert flag_ignores(el, clear, roller=u["HCH"]) == ("against mounted",)
    assert flag_ignores(el, clear, roller=u["HI"]) == ()
    assert flag_ignores(el, clear, roller=u["CAM"]) == ()  # camels are not cavalry
    assert flag_ignores(el, clear, roller=u["HC"], combat="ranged") == ()


@pytest.mark.rule("CCB-TERRAIN-41")
def test_a_wall_defender_strikes_first(t: TerrainTable) -> None:
    assert [k for k, v in t.items() if v.first_strike] == ["scalable-wall"]


@pytest.mark.rule("CCB-LEADER-02")
def test_what_a_leader_gives(t: TerrainTable, u: UnitTable) -> None:
    from wargames.ancients.dice import Face, Roll
    from wargames.ancients.units import bonus_combat_allowed

    mi, clear = u["MI"], t["clear"]
    assert Roll("close", mi, u["HI"], leader="attached").effect(Face.HELMET) == "hit"
    assert flag_ignores(mi, clear, leader_attached=True) == ("leader",)
    assert has_support(1, 1) and not has_support(1, 0)
    assert bonus_combat_allowed(mi, leader_attached=True) and not bonus_combat_allowed(mi, False)


@pytest.mark.rule("CCB-FLAGS-12-EX", "CCB-FLAGS-09")
def test_leader_and_support_ignore_two_flags_of_three(t: TerrainTable, u: UnitTable) -> None:
    from wargames.ancients.units import retreat_hexes

    mi = u["MI"]
    ignorable = flag_ignores(mi, t["clear"], leader_attached=True, support=True)
    assert len(ignorable) == 2
    assert retreat_hexes(mi, 3 - len(ignorable)) == mi.retreat  # the third costs a full retreat


# -- the loader -----------------------------------------------------------------------------------


def test_a_copy_loads_the_same(tmp_path: Path) -> None:
    shutil.copy(DATA / "terrain.toml", tmp_path / "terrain.toml")
    assert dict(load_terrain(str(tmp_path))) == dict(default_terrain())


@pytest.mark.parametrize(
    ("old", "new", "where", "problem"),
    [
        ('id = "marsh"', 'id = "town"', "terrain[12].id", "CCB-GAP-38"),
        (
            'close_cap_in = 2\nclose_cap_out = 2\nbonus_after_advance = "foot"',
            "close_cap_in = -1",
            "terrain[1].close_cap_in",
            "whole number",
        ),
        ("height = 1\n", "", "terrain[3].height", "height"),
        (
            'stops = ["mounted", "leader"]',
            'stops = ["cavalry"]',
            "terrain[1].stops[0]",
            "unknown piece",
        ),
        ('id = "clear"', 'id = "open"', "terrain", "clear"),
        (
            'ignores_for = "all"',
            'ignores_for = "mounted"',
            "terrain[10].ignores_for",
            "unknown defender",
        ),
    ],
)
def test_bad_terrain_files_name_the_key(
    tmp_path: Path, old: str, new: str, where: str, problem: str
) -> None:
    text = (DATA / "terrain.toml").read_text()
    assert old in text
    (tmp_path / "terrain.toml").write_text(text.replace(old, new, 1))
    with pytest.raises(ScenarioError) as err:
        load_terrain(str(tmp_path))
    assert err.value.key == where and problem in err.value.problem
