"""Units a scenario arms with missiles (CCB-RANGED-01's last clause, CCB-GEN-03): the
``missiles`` list of a side's table, the fire it gives, and the loader's errors."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest
from ccb import STEPS, State, legal, position, refused

from wargames.ancients import new_game
from wargames.ancients.combat import RollDice
from wargames.ancients.flow import DrawStep, EndTurn
from wargames.ancients.scenario import load_scenario, scenario_from_data
from wargames.ancients.units import SCENARIO_FIRE_DICE, armed, default_units, fire_dice
from wargames.core.errors import ScenarioError

SCENARIOS = Path(__file__).parents[2] / "wargames" / "ancients" / "scenarios"


def armed_position(
    bottom: Mapping[str, str],
    top: Mapping[str, str],
    missiles: Mapping[str, list[dict[str, Any]]],
    **options: Any,
) -> State:
    """:func:`ccb.position` at the battle step, in its scenario with the ``missiles`` list of
    each side named (the pieces are the same: only their types are armed)."""
    s = position(bottom, top, tasks=(), **options)
    assert s.scenario.source.data is not None
    data = copy.deepcopy(dict(s.scenario.source.data))
    for seat, entries in missiles.items():
        data[seat]["missiles"] = entries
    tasks = (*(t() for t in STEPS["battles"]), DrawStep(), EndTurn())
    return s.evolve(scenario=scenario_from_data(data), tasks=tuple(reversed(tasks))).settle()


def fires(s: State) -> list[str]:
    return [a for a in legal(s) if a.startswith("fire")]


def dice_fired(s: State, action: str) -> int:
    after = s.apply(action)
    assert isinstance(after.top, RollDice)
    return after.top.dice


MI_2 = {"type": "MI", "range": 2}


@pytest.mark.rule("CCB-RANGED-01", "CCB-RANGED-03", "CCB-RANGED-09", "CCB-GEN-03")
def test_a_unit_type_the_scenario_arms_fires_at_its_range_and_not_beyond() -> None:
    s = armed_position(
        {"06-07": "MI", "10-07": "MI"},
        {"06-05": "MI", "10-04": "MI"},
        {"bottom": [MI_2]},
        ordered=["06-07", "10-07"],
    )
    geometry = s.scenario.geometry
    assert (geometry.distance("06-07", "06-05"), geometry.distance("10-07", "10-04")) == (2, 3)
    assert fires(s) == ["fire 06-07 at 06-05"]
    assert dice_fired(s, "fire 06-07 at 06-05") == 2  # it has not moved (CCB-RANGED-09)
    refused(s, "fire 10-07 at 10-04", "CCB-RANGED-01")  # 3 hexes: beyond the range it was given
    s = armed_position(
        {"06-08": "HI"},
        {"06-05": "MI", "08-04": "MI"},
        {"bottom": [{"type": "HI", "range": 3}]},
        ordered=["06-08"],
    )
    geometry = s.scenario.geometry
    assert (geometry.distance("06-08", "06-05"), geometry.distance("06-08", "08-04")) == (3, 4)
    assert fires(s) == ["fire 06-08 at 06-05"]
    refused(s, "fire 06-08 at 08-04", "CCB-RANGED-01")  # not CCB-RANGED-05: no LS, LB or LBC


@pytest.mark.rule("CCB-RANGED-01", "CCB-RANGED-09", "CCB-RANGED-12", "CCB-TERRAIN-11")
def test_an_armed_unit_fires_1_die_after_moving_and_terrain_caps_it() -> None:
    s = armed_position(
        {"06-07": "MI", "10-07": "MC"},
        {"06-05": "MI", "10-05": "MI"},
        {"bottom": [MI_2, {"type": "mc", "range": 2}]},
        ordered=["06-07", "10-07"],
        moved={"06-07": 1, "10-07": 3},
    )
    assert fires(s) == ["fire 06-07 at 06-05", "fire 10-07 at 10-05"]
    assert dice_fired(s, "fire 06-07 at 06-05") == 1
    assert dice_fired(s, "fire 10-07 at 10-05") == 1
    s = armed_position(
        {"06-07": "MI"},
        {"06-05": "MI"},
        {"bottom": [MI_2]},
        terrain={"06-05": "forest"},
        ordered=["06-07"],
    )
    assert dice_fired(s, "fire 06-07 at 06-05") == 1  # at a unit in a forest: 1 die


@pytest.mark.rule("CCB-RANGED-01", "CCB-GEN-03")
def test_the_same_unit_type_unarmed_does_not_fire() -> None:
    pieces = ({"06-07": "MI", "10-07": "LI"}, {"06-05": "MI", "10-05": "MI"})
    bare = armed_position(*pieces, {}, ordered=["06-07", "10-07"])  # another scenario
    assert bare.scenario.missiles == () and fires(bare) == ["fire 10-07 at 10-05"]
    refused(bare, "fire 06-07 at 06-05", "CCB-RANGED-01")
    armed_ = armed_position(*pieces, {"bottom": [MI_2]}, ordered=["06-07", "10-07"])
    assert fires(armed_) == ["fire 06-07 at 06-05", "fire 10-07 at 10-05"]
    # a side's list arms its own units only
    pieces = ({"06-07": "MI", "10-07": "MI"}, {"06-05": "MI", "10-05": "LI"})
    theirs = {"ordered": ["06-05", "10-05"], "active": "top"}
    mine_only = armed_position(*pieces, {"bottom": [MI_2]}, **theirs)
    assert fires(mine_only) == ["fire 10-05 at 10-07"]
    refused(mine_only, "fire 06-05 at 06-07", "CCB-RANGED-01")
    both = armed_position(*pieces, {"bottom": [MI_2], "top": [MI_2]}, **theirs)
    assert fires(both) == ["fire 06-05 at 06-07", "fire 10-05 at 10-07"]
    assert both.scenario.missiles == (("bottom", "MI", 2), ("top", "MI", 2))


@pytest.mark.rule("CCB-RANGED-01", "CCB-RANGED-02", "CCB-GEN-03")
def test_a_scenario_may_arm_barbarian_chariots_and_nothing_else_changes() -> None:
    s = armed_position(
        {"08-07": "LBCH"},
        {"08-05": "MI"},
        {"bottom": [{"type": "LBCH", "range": 2}]},
        ordered=["08-07"],
    )
    assert fires(s) == ["fire 08-07 at 08-05"]
    table, kind = default_units()["LBCH"], s.kind(s.unit_at("08-07") or 0)
    assert (kind.range, kind.fire_dice, kind.armed_by_scenario) == (2, SCENARIO_FIRE_DICE, True)
    assert attrs.evolve(kind, range=0, fire_dice=(), armed_by_scenario=False, rules=()) == (
        attrs.evolve(table, rules=())
    )  # the rest of its row is the table's
    assert not table.can_fire and table.range == 0  # the shared table is untouched


@pytest.mark.rule("CCB-RANGED-01", "CCB-RANGED-09")
def test_arming_a_unit_type() -> None:
    units = default_units()
    mi = armed(units["MI"], 4)
    assert mi.can_fire and mi.range == 4 and mi.code == "MI" and "CCB-RANGED-01" in mi.rules
    assert [fire_dice(mi, n) for n in range(4)] == [2, 1, 1, 1]
    with pytest.raises(ValueError, match="already has missile weapons"):
        armed(units["LI"], 3)
    with pytest.raises(ValueError, match="at least 2"):
        armed(units["MI"], 1)


@pytest.mark.rule("CCB-RANGED-01")
def test_the_arming_is_read_from_a_file_and_kept_in_a_saved_game(tmp_path: Path) -> None:
    text = (SCENARIOS / "river-crossing.toml").read_text(encoding="utf-8")
    armed_text = text.replace(
        '[bottom]\narmy = "Rome"',
        '[bottom]\nmissiles = [{ type = "MI", range = 2 }]\narmy = "Rome"',
    )
    assert armed_text != text
    path = tmp_path / "javelins.toml"
    path.write_text(armed_text, encoding="utf-8")
    s = new_game(str(path))
    assert s.scenario.missiles == (("bottom", "MI", 2),)
    for game in (s, type(s).from_json(s.to_json())):
        sc = game.scenario
        kinds = {(side, t.code, t.range) for side, t in zip(sc.sides, sc.types, strict=True) if t}
        assert ("bottom", "MI", 2) in kinds and ("top", "MI", 0) in kinds
        assert ("bottom", "MI", 0) not in kinds
    s = armed_position({"06-07": "MI"}, {"06-05": "MI"}, {"bottom": [MI_2]}, ordered=["06-07"])
    back = type(s).from_json(s.to_json())
    assert back == s and fires(back) == ["fire 06-07 at 06-05"]
    assert load_scenario("river-crossing").missiles == ()


def river_crossing() -> dict[str, Any]:
    return tomllib.loads((SCENARIOS / "river-crossing.toml").read_text(encoding="utf-8"))


@pytest.mark.rule("CCB-RANGED-01")
@pytest.mark.parametrize(
    ("missiles", "key", "problem"),
    [
        ([{"type": "PIKE", "range": 2}], "bottom.missiles[0].type", "unknown unit 'PIKE'"),
        ([{"type": "MI", "range": 1}], "bottom.missiles[0].range", "from 2 to 12, got 1"),
        ([{"type": "MI", "range": 0}], "bottom.missiles[0].range", "from 2 to 12, got 0"),
        ([{"type": "MI", "range": 13}], "bottom.missiles[0].range", "from 2 to 12, got 13"),
        ([{"type": "MI", "range": "2"}], "bottom.missiles[0].range", "expected an integer"),
        ([{"type": "MI", "range": 2.5}], "bottom.missiles[0].range", "expected an integer"),
        ([{"type": "MI", "range": True}], "bottom.missiles[0].range", "expected an integer"),
        ([{"type": "MI"}], "bottom.missiles[0].range", "missing key"),
        ([{"range": 2}], "bottom.missiles[0].type", "missing key"),
        ([{"type": 5, "range": 2}], "bottom.missiles[0].type", "expected a string"),
        ([{"type": "MI", "range": 2, "dice": 3}], "bottom.missiles[0].dice", "unknown key"),
        (
            [{"type": "MI", "range": 2}, {"type": "mi", "range": 3}],
            "bottom.missiles[1].type",
            "MI is armed twice (first at bottom.missiles[0])",
        ),
        ([{"type": "LS", "range": 2}], "bottom.missiles[0].type", "already has missile weapons"),
        ([{"type": "EL", "range": 2}], "bottom.missiles[0].type", "no bottom unit is EL"),
        ("MI", "bottom.missiles", "expected a list"),
        (["MI"], "bottom.missiles[0]", "expected a table"),
    ],
)
def test_a_bad_missiles_entry_is_a_scenario_error(missiles: Any, key: str, problem: str) -> None:
    bad = river_crossing()
    bad["bottom"]["missiles"] = missiles
    with pytest.raises(ScenarioError) as exc:
        scenario_from_data(bad, name="bad.toml")
    assert (exc.value.file, exc.value.key) == ("bad.toml", key)
    assert problem in exc.value.problem


@pytest.mark.rule("CCB-RANGED-01")
def test_a_bad_entry_in_a_file_names_the_file(tmp_path: Path) -> None:
    text = (SCENARIOS / "river-crossing.toml").read_text(encoding="utf-8")
    path = tmp_path / "slings.toml"
    path.write_text(
        text.replace(
            '[top]\narmy = "Carthage"',
            '[top]\nmissiles = [{ type = "MI", range = 1 }]\narmy = "Carthage"',
        ),
        encoding="utf-8",
    )
    with pytest.raises(ScenarioError) as exc:
        load_scenario(str(path))
    assert exc.value.key == "top.missiles[0].range" and "slings.toml" in exc.value.file
    assert str(exc.value).startswith(exc.value.file)
