"""A Commands & Colors: Ancients scenario as a Python value (issue 18): read, change, play, save.

The base game, the 'Armageddon' team variant and the Epic battles share the scenario format,
so every shipped file of the three round-trips, and a value plays the same game as its file.
"""

from __future__ import annotations

import doctest
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from scenario_files import scenario_files

import wargames
from wargames.ancients import scenario_value
from wargames.ancients.scenario import SETTING_KEYS
from wargames.ancients.scenario_value import (
    AncientsScenario,
    LeaderEntry,
    ObjectiveEntry,
    SettingsEntry,
    UnitEntry,
)
from wargames.ancients.state import AncientsState
from wargames.core.engine import Match
from wargames.core.errors import ScenarioError

ROOT = Path(wargames.__file__).parent
FILES = scenario_files("ancients")


def where(state: AncientsState) -> dict[str, str]:
    """Each piece's hex, by name."""
    return dict(zip(state.scenario.names, state.where, strict=True))


def test_the_module_example_runs() -> None:
    result = doctest.testmod(scenario_value, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted and not result.failed


@pytest.mark.rule("CCB-GEN-02", "CCB-GAP-10")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_file_reads_and_writes_back_exactly(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    value = AncientsScenario.from_document(data, str(path))
    assert value.to_document() == data
    again = AncientsScenario.from_document(tomllib.loads(value.to_toml()), "written")
    assert again == value


def test_the_settings_are_the_readings_a_scenario_may_set() -> None:
    fields = {f.name for f in attrs.fields(SettingsEntry)}
    assert fields == {*SETTING_KEYS, "note"}


def test_read_by_id_and_by_path_names_the_scenario(tmp_path: Path) -> None:
    shipped = wargames.scenario("ancients", "river-crossing")
    assert isinstance(shipped, AncientsScenario) and shipped.name == "river-crossing"
    assert wargames.scenario("ancients").name == wargames.game("ancients").default_scenario
    copy = shipped.save(tmp_path / "copy.toml")
    read = wargames.scenario("ancients", str(copy))
    assert read.name == "copy" and attrs.evolve(read, name="river-crossing") == shipped


def built_ridge() -> AncientsScenario:
    """The Elephants at the Ridge, changed in Python: one more Roman cavalry unit, a leader
    moved, a wood, a longer battle for Carthage."""
    ridge = wargames.scenario("ancients", "elephant-ridge")
    assert isinstance(ridge, AncientsScenario)
    return (
        ridge.add_unit("bottom", UnitEntry("04-08", "HC", name="Equites"))
        .move_leader("Gaius", "04-08")
        .with_terrain("09-05", "forest")
        .with_banners("top", 7)
    )


def same_games(built: AncientsScenario, tmp_path: Path, **options: Any) -> None:
    """``built`` and the same scenario saved as TOML (under the same name) give equal initial
    states and the same seeded game (issue 18's must-hold)."""
    folder = tmp_path / "f"
    folder.mkdir()
    path = built.save(folder / f"{built.name}.toml")
    from_value = wargames.load("ancients", scenario=built, **options)
    from_file = wargames.load("ancients", scenario=str(path), **options)
    assert from_value == from_file
    games = []
    for start in (from_value, from_file):
        agents = {side: wargames.RandomAgent(7 + i) for i, side in enumerate(start.players)}
        match = Match(start, seed=11, agents=agents)
        match.run(300)
        games.append((match.actions, match.state))
    assert games[0] == games[1] and len(games[0][0]) > 50


@pytest.mark.rule("CCB-GEN-02")
def test_a_value_and_its_file_play_the_same_game(tmp_path: Path) -> None:
    same_games(built_ridge(), tmp_path)


@pytest.mark.rule("CCA-GEN-03", "CCB-EPIC-04")
@pytest.mark.parametrize(
    ("scenario", "unit", "options"),
    [("the-long-ridge", "02-03", {"players": 2}), ("twin-valleys", "06-04", {"players": 4})],
)
@pytest.mark.quick(1)
def test_the_team_variant_and_epic_battles_too(
    scenario: str, unit: str, options: dict[str, Any], tmp_path: Path
) -> None:
    battle = wargames.scenario("ancients", scenario)
    assert isinstance(battle, AncientsScenario)
    to = f"{unit[:3]}{int(unit[3:]) + 1:02d}"
    same_games(battle.with_command("top", 6).move_unit(unit, to), tmp_path, **options)


@pytest.mark.rule("CCB-HAND-01", "CCB-VICTORY-03", "CCB-GAP-11", "CCB-LEADER-01")
def test_changes_take_effect() -> None:
    ridge = wargames.scenario("ancients", "elephant-ridge")
    assert isinstance(ridge, AncientsScenario)
    start = wargames.load("ancients", "elephant-ridge")
    built = wargames.load("ancients", scenario=built_ridge())
    assert set(where(built).items()) - set(where(start).items()) == {
        ("Equites", "04-08"),
        ("Gaius", "04-08"),
    }
    assert built.scenario.board.terrain("09-05").id == "forest"
    assert built.scenario.target == (6, 7)
    hand = wargames.load("ancients", scenario=ridge.with_command("bottom", 3).with_first("bottom"))
    assert hand.scenario.command == (3, 5) and hand.scenario.first == "bottom"
    # moving a unit takes its attached leader along; a lone leader moves alone
    moved = where(wargames.load("ancients", scenario=ridge.move_unit("05-07", "05-06")))
    assert moved["Scipio"] == "05-06" and moved["bottom-hi-3"] == "05-06"
    assert where(wargames.load("ancients", scenario=ridge.move_leader("Mago", "06-01")))[
        "Mago"
    ] == ("06-01")
    fewer = wargames.load("ancients", scenario=ridge.without_unit("02-07").without_leader("Gaius"))
    assert len(fewer.scenario.types) == len(start.scenario.types) - 2
    assert "Gaius" not in fewer.scenario.names
    named = ridge.add_unit("top", UnitEntry("06-03", "LI", name="Slingers"))
    assert where(wargames.load("ancients", scenario=named.move_unit("Slingers", "06-04")))[
        "Slingers"
    ] == ("06-04")
    led = wargames.load("ancients", scenario=ridge.add_leader("top", LeaderEntry("11-03", "Hanno")))
    assert where(led)["Hanno"] == "11-03"


@pytest.mark.rule("CCB-RANGED-01", "CCB-GEN-03", "CCB-VICTORY-02", "CCB-TERRAIN-25")
def test_the_battlefield_and_readings_change() -> None:
    ridge = wargames.scenario("ancients", "elephant-ridge")
    assert isinstance(ridge, AncientsScenario)
    armed = wargames.load("ancients", scenario=ridge.arm("top", "MI", 3))
    assert armed.scenario.missiles == (("top", "MI", 3),)
    held = wargames.load("ancients", scenario=ridge.add_objective(ObjectiveEntry("07-05")))
    assert [(o.hex, o.side, o.banners) for o in held.scenario.objectives] == [("07-05", "both", 1)]
    walled = wargames.load("ancients", scenario=ridge.add_hexside(("05-06", "05-07"), "rampart"))
    assert [t.id for t in walled.scenario.board.hexside("05-06", "05-07")] == ["rampart"]
    cleared = wargames.load("ancients", scenario=ridge.with_terrain("05-07", None))
    assert cleared.scenario.board.terrain("05-07").id == "clear"
    readings = ridge.with_readings(helmets="attached-only", lone_leader_support=False)
    state = wargames.load("ancients", scenario=readings)
    assert state.scenario.settings.helmets == "attached-only"
    assert not state.scenario.settings.lone_leader_support


def test_unknown_names_raise() -> None:
    ridge = wargames.scenario("ancients", "elephant-ridge")
    assert isinstance(ridge, AncientsScenario)
    with pytest.raises(KeyError, match="no unit on hex or named 'nowhere'"):
        ridge.without_unit("nowhere")
    with pytest.raises(KeyError, match="no leader on hex or named 'Caesar'"):
        ridge.move_leader("Caesar", "05-05")
    with pytest.raises(KeyError, match="not a reading of the game: \\['luck'\\]"):
        ridge.with_readings(luck=True)
    with pytest.raises(ValueError, match="side: expected one of"):
        ridge.with_command("left", 4)
    with pytest.raises(ValueError, match="side"):
        ridge.with_first("green")


Change = Callable[[AncientsScenario], AncientsScenario]


@pytest.mark.rule("CCB-HAND-01", "CCB-RANGED-01", "CCB-GAP-38")
@pytest.mark.parametrize(
    ("change", "key", "problem"),
    [
        (lambda s: s.move_unit("02-07", "99-99"), "bottom.units[0].hex", "off the standard"),
        (lambda s: s.move_unit("02-07", "04-07"), "bottom.units[1].hex", "two units on hex"),
        (lambda s: s.with_command("bottom", 0), "bottom.command", "from 1 to 12"),
        (lambda s: s.with_banners("top", 61), "top.banners", "from 1 to 60"),
        (lambda s: s.with_terrain("05-05", "lava"), "board.terrain.05-05", "lava"),
        (lambda s: s.add_unit("top", UnitEntry("06-05", "XX")), "top.units[11].type", "XX"),
        (lambda s: s.arm("top", "LS", 2), "top.missiles[0].type", "arms units without"),
        (lambda s: s.arm("top", "HI", 2), "top.missiles[0].type", "no top unit is HI"),
        (lambda s: attrs.evolve(s, first="left"), "first", "unknown first player"),
        (lambda s: s.add_objective(ObjectiveEntry("40-40")), "objective[0].hex", "off the"),
        (lambda s: s.with_readings(helmets="always"), "settings.helmets", "unknown helmets"),
    ],
)
def test_mistakes_are_the_errors_of_a_file(change: Change, key: str, problem: str) -> None:
    """A value is checked exactly as its file would be: the error names the key path."""
    ridge = wargames.scenario("ancients", "elephant-ridge")
    assert isinstance(ridge, AncientsScenario)
    changed = change(ridge)
    with pytest.raises(ScenarioError) as caught:
        wargames.load("ancients", scenario=changed)
    assert caught.value.key == key and problem in caught.value.problem
    assert caught.value.file == "elephant-ridge (built in Python)"
    with pytest.raises(ScenarioError):
        changed.check()


def test_a_document_of_the_wrong_shape_names_the_key() -> None:
    data = tomllib.loads((ROOT / "ancients" / "scenarios" / "mirror-fields.toml").read_text())
    with pytest.raises(ScenarioError, match=r"bottom\.command: expected an integer"):
        AncientsScenario.from_document({**data, "bottom": {**data["bottom"], "command": "5"}})
    with pytest.raises(ScenarioError, match="colour: unknown key"):
        AncientsScenario.from_document({**data, "colour": "red"}, "doc")
    with pytest.raises(ScenarioError, match=r"settings\.epic_command: expected true or false"):
        AncientsScenario.from_document({**data, "settings": {"epic_command": "yes"}})
    with pytest.raises(ScenarioError, match=r"board\.terrain\.07-07: expected a string"):
        AncientsScenario.from_document({**data, "board": {"terrain": {"07-07": 1}}})
    units = [{**data["top"]["units"][0], "facing": "north"}]
    with pytest.raises(ScenarioError, match=r"top\.units\[0\]\.facing: unknown key"):
        AncientsScenario.from_document({**data, "top": {**data["top"], "units": units}})
    del data["top"]["banners"]
    with pytest.raises(ScenarioError, match=r"top\.banners: missing key"):
        AncientsScenario.from_document(data, "doc")


@pytest.mark.rule("CCB-GEN-02")
def test_a_record_carries_the_value_in_full() -> None:
    built = built_ridge()
    match = wargames.match(
        "ancients",
        {"bottom": "random", "top": "random"},
        3,
        scenario=built,
        turn_cap=20,
    )
    match.run()
    record = match.record()
    again = wargames.replay(record.to_json())
    assert again.state == match.state and again.state.scenario.target == (6, 7)


@pytest.mark.rule("CCA-GEN-03")
def test_a_team_record_carries_the_value_in_full() -> None:
    battle = wargames.scenario("ancients", "the-long-ridge")
    assert isinstance(battle, AncientsScenario)
    built = battle.with_command("top", 6)
    match = wargames.match(
        "ancients",
        {"bottom": "random", "top": "random"},
        5,
        scenario=built,
        players=2,
        turn_cap=6,
    )
    match.run()
    again = wargames.replay(match.record().to_json())
    assert again.state == match.state and again.state.scenario.command == (5, 6)


def test_a_scenario_of_another_game_is_refused() -> None:
    with pytest.raises(ScenarioError, match="a scenario of ancients, not one of horde"):
        wargames.load("horde", scenario=wargames.scenario("ancients"))
