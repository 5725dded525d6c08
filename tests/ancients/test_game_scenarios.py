"""The shipped scenarios and the scenario loader's errors (CCB-GEN-02, CCB-GAP-10, -11, -38)."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest

import wargames
from wargames.ancients import GAME, new_game
from wargames.ancients.scenario import load_scenario, scenario_from_data, scenario_names
from wargames.core.errors import ScenarioError

SCENARIOS = Path(__file__).parents[2] / "wargames" / "ancients" / "scenarios"


def data(name: str = "river-crossing") -> dict[str, Any]:
    return tomllib.loads((SCENARIOS / f"{name}.toml").read_text(encoding="utf-8"))


def error(changed: dict[str, Any]) -> ScenarioError:
    with pytest.raises(ScenarioError) as exc:
        scenario_from_data(changed, name="bad.toml")
    return exc.value


@pytest.mark.rule("CCB-GEN-02", "CCB-GAP-10", "CCB-GAP-11", "CCB-BOARD-01")
def test_two_scenarios_of_our_own_design_on_the_13x9_board() -> None:
    base = [
        n
        for n in scenario_names()
        if load_scenario(n).variant == "" and load_scenario(n).board.layout.id == "standard"
    ]
    # the others: an Epic battle (CCB-EPIC-*) and an 'Armageddon' team scenario (CCA-*)
    assert base == ["elephant-ridge", "mirror-fields", "river-crossing"]
    assert GAME.default_scenario == "river-crossing" and list(GAME.scenarios()) == scenario_names()
    for name in base:
        sc = load_scenario(name)
        assert sc.provenance == "original" and "CCB-GAP-10" in sc.note
        assert "design of this project" in sc.note
        assert len(sc.board) == 113 and sc.board.layout.id == "standard"
        assert sc.command == (5, 5) and sc.first in ("bottom", "top")
        assert all(t > 0 for t in sc.target)
    ford = load_scenario("river-crossing")
    kinds = {t.code for t in ford.types if t is not None}
    assert {"LI", "LS", "LB", "LC", "AX"} <= kinds
    assert {ford.board.terrain(h).id for h in ford.board} >= {"fordable-river", "forest", "hill"}
    ridge = load_scenario("elephant-ridge")
    assert sum(1 for t in ridge.types if t is not None and t.code == "EL") == 3
    assert sum(1 for t in ridge.types if t is None) == 8


def test_the_default_game_and_its_registration() -> None:
    assert "ancients" in wargames.games()
    state = wargames.load("ancients")
    assert type(state).game == "ancients" and state.scenario.name == "river-crossing"
    assert new_game("elephant-ridge").scenario.first == "top"


@pytest.mark.rule("CCB-UNITS-02")
def test_two_units_on_a_hex_are_an_error() -> None:
    bad = data()
    bad["bottom"]["units"].append({"hex": "02-06", "type": "MI"})
    e = error(bad)
    assert e.file == "bad.toml" and e.key.startswith("bottom.units[") and "two units" in e.problem


def test_a_unit_off_the_board_is_an_error() -> None:
    bad = data()
    bad["top"]["units"][0]["hex"] = "13-02"
    e = error(bad)
    assert e.key == "top.units[0].hex" and "off the standard board" in e.problem


def test_an_unknown_unit_type_is_an_error() -> None:
    bad = data()
    bad["top"]["units"][1]["type"] = "PIKE"
    e = error(bad)
    assert e.key == "top.units[1].type" and "unknown unit" in e.problem


def test_an_unknown_terrain_is_an_error() -> None:
    bad = data()
    bad["board"]["terrain"]["06-05"] = "swamp-forest"
    e = error(bad)
    assert e.key == "board.terrain.06-05" and "unknown terrain" in e.problem


@pytest.mark.rule("CCB-GAP-38")
def test_a_town_must_be_mapped_to_a_terrain() -> None:
    bad = data()
    bad["board"]["terrain"]["06-05"] = "town"
    e = error(bad)
    assert e.key == "board.terrain.06-05" and "towns" in e.problem
    good = copy.deepcopy(bad)
    good["board"]["terrain_names"] = {"town": "fortified-camp"}
    sc = scenario_from_data(good, name="good.toml")
    assert sc.board.terrain("06-05").id == "fortified-camp"


def test_other_mistakes_name_their_key() -> None:
    bad = data()
    bad["bottom"]["leaders"].append({"hex": "06-07", "name": "Twin"})
    assert "two leaders" in error(bad).problem
    bad = data()
    bad["top"]["leaders"].append({"hex": "06-06"})  # a Roman unit's hex
    assert "enemy unit" in error(bad).problem
    bad = data()
    bad["first"] = "left"
    assert error(bad).key == "first"
    bad = data()
    bad["bottom"]["command"] = 0
    assert error(bad).key == "bottom.command"
    bad = data()
    bad["bottom"]["units"][0]["facing"] = "north"
    assert error(bad).key == "bottom.units[0].facing"
    bad = data()
    bad["settings"] = {"helmets": "never"}
    assert error(bad).key == "settings.helmets"
    with pytest.raises(ScenarioError) as exc:
        new_game(options={"helmets": "never"})
    assert exc.value.key == "helmets"
    with pytest.raises(ScenarioError):
        new_game(options={"turn_cap": 0})


def test_a_scenario_file_by_path(tmp_path: Path) -> None:
    text = (SCENARIOS / "river-crossing.toml").read_text(encoding="utf-8")
    path = tmp_path / "mine.toml"
    path.write_text(text.replace("banners = 5", "banners = 3"), encoding="utf-8")
    s = new_game(str(path))
    assert s.scenario.target == (3, 3)
    back = type(s).from_json(s.to_json())
    assert back == s and back.scenario.target == (3, 3)
