"""A P-Scale battle scenario as a Python value (issue 18): read, change, play, save."""

from __future__ import annotations

import tomllib
from pathlib import Path

import attrs
import pytest
from scenario_files import scenario_files

import wargames
from wargames.core.engine import Match
from wargames.core.errors import ScenarioError
from wargames.horde.scenario_value import BattleScenario, HordeEntry, OfficerEntry

ROOT = Path(wargames.__file__).parent
FILES = scenario_files("horde")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_file_reads_and_writes_back_exactly(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    value = BattleScenario.from_document(data, str(path))
    assert value.to_document() == data
    again = BattleScenario.from_document(tomllib.loads(value.to_toml()), "written")
    assert again == value


def test_read_by_id_and_by_path_names_the_scenario(tmp_path: Path) -> None:
    shipped = wargames.scenario("horde", "mirror")
    assert isinstance(shipped, BattleScenario) and shipped.name == "mirror"
    assert wargames.scenario("horde").name == wargames.game("horde").default_scenario
    copy = shipped.save(tmp_path / "copy.toml")
    read = wargames.scenario("horde", str(copy))
    assert read.name == "copy" and attrs.evolve(read, name="mirror") == shipped


def test_a_value_and_its_file_play_the_same_game(tmp_path: Path) -> None:
    """Built in Python or read from TOML, the same scenario gives equal states and the same
    seeded game (issue 18's must-hold)."""
    built = (
        wargames.scenario("horde", "mirror")
        .add_horde("blue", HordeEntry("A3", "guard-infantry", "03-05", magnitude=25))
        .with_rounds(4)
    )
    folder = tmp_path / "f"
    folder.mkdir()
    path = built.save(folder / f"{built.name}.toml")
    from_value = wargames.load("horde", scenario=built)
    from_file = wargames.load("horde", scenario=str(path))
    assert from_value == from_file
    games = []
    for start in (from_value, from_file):
        agents = {side: wargames.RandomAgent(7 + i) for i, side in enumerate(start.players)}
        match = Match(start, seed=11, agents=agents)
        match.run()
        games.append((match.actions, match.state))
    assert games[0] == games[1] and games[0][1].is_terminal


def test_changes_take_effect() -> None:
    mirror = wargames.scenario("horde", "mirror")
    start = wargames.load("horde", "mirror")
    added = wargames.load(
        "horde",
        scenario=mirror.add_horde("red", HordeEntry("B3", "guard-infantry", "10-05")).add_officer(
            "red", OfficerEntry("sgt", "guard-infantry", 3, name="Sergeant", at="11-05")
        ),
    )
    assert {u.id for u in added.units} - {u.id for u in start.units} == {"B3", "sgt"}
    fewer = wargames.load("horde", scenario=mirror.without("A2"))
    assert "A2" not in {u.id for u in fewer.units}
    moved = wargames.load("horde", scenario=mirror.moved("A1", "04-03"))
    assert moved.unit("A1").square == "04-03"
    weaker = wargames.load("horde", scenario=mirror.with_magnitude("B1", 12))
    assert weaker.unit("B1").magnitude == 12
    assert wargames.load("horde", scenario=mirror.with_rounds(3)).rounds == 3
    with pytest.raises(KeyError, match="no unit 'nobody'"):
        mirror.without("nobody")
    with pytest.raises(KeyError, match="Officer"):
        mirror.add_officer(
            "red", OfficerEntry("sgt", "guard-infantry", 3, at="11-05")
        ).with_magnitude("sgt", 3)
    with pytest.raises(ValueError, match="side"):
        mirror.army("green")


@pytest.mark.parametrize(
    ("change", "key", "problem"),
    [
        (lambda b: b.moved("A1", "99-99"), "blue.horde[1].at", "off the 12x8 grid"),
        (lambda b: b.moved("A1", "03-06"), "blue.horde[2].at", "two hordes on square 03-06"),
        (lambda b: b.with_magnitude("A1", 0), "blue.horde[1].magnitude", ""),
        (lambda b: attrs.evolve(b, first="green"), "first", "unknown side 'green'"),
        (
            lambda b: b.add_horde("red", HordeEntry("B9", "no-such-profile", "10-01")),
            "red.horde[4]",
            "unknown horde profile",
        ),
    ],
)
def test_mistakes_are_the_errors_of_a_file(change: object, key: str, problem: str) -> None:
    """A value is checked exactly as its file would be: the error names the key path."""
    changed = change(wargames.scenario("horde", "mirror"))  # type: ignore[operator]
    with pytest.raises(ScenarioError) as caught:
        wargames.load("horde", scenario=changed)
    assert caught.value.key.startswith(key) and problem in caught.value.problem
    assert caught.value.file == "mirror (built in Python)"
    with pytest.raises(ScenarioError):
        changed.check()


def test_a_document_of_the_wrong_shape_names_the_key() -> None:
    data = tomllib.loads((ROOT / "horde" / "scenarios" / "mirror.toml").read_text())
    with pytest.raises(ScenarioError, match="width: expected an integer"):
        BattleScenario.from_document({**data, "width": "wide"}, "doc")
    with pytest.raises(ScenarioError, match="colour: unknown key"):
        BattleScenario.from_document({**data, "colour": "red"}, "doc")
    del data["blue"]["army"]
    with pytest.raises(ScenarioError, match=r"blue\.army: missing key"):
        BattleScenario.from_document(data, "doc")


def test_a_record_carries_the_value_in_full() -> None:
    built = wargames.scenario("horde", "mirror").with_rounds(2)
    match = wargames.match("horde", {"blue": "random", "red": "random"}, 3, scenario=built)
    match.run()
    record = match.record()
    again = wargames.replay(record.to_json())
    assert again.state == match.state and again.state.rounds == 2


def test_a_scenario_of_another_game_is_refused() -> None:
    with pytest.raises(ScenarioError, match="a scenario of horde, not one of ancients"):
        wargames.load("ancients", scenario=wargames.scenario("horde"))
