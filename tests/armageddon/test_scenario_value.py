"""A Battle for Armageddon scenario as a Python value (issue 18): read, change, play, save.

The campaign's values (which counters stand where, the turn the Space Marines land) are
reconstructed and may be revised, so these tests read them from the shipped file rather than
naming them.
"""

from __future__ import annotations

import doctest
import tomllib
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from scenario_files import scenario_files

import wargames
from wargames.armageddon import scenario_value
from wargames.armageddon.data import IMPERIUM, ORKS, default_data
from wargames.armageddon.scenario_value import ArmageddonScenario
from wargames.armageddon.state import ARRIVING, DEAD, POOL, UNPLACED, ArmageddonState
from wargames.core.engine import Match
from wargames.core.errors import ScenarioError

ROOT = Path(wargames.__file__).parent
FILES = scenario_files("armageddon")


def campaign() -> ArmageddonScenario:
    value = wargames.scenario("armageddon", "campaign")
    assert isinstance(value, ArmageddonScenario)
    return value


def load(value: ArmageddonScenario) -> ArmageddonState:
    state = wargames.load("armageddon", scenario=value)
    assert isinstance(state, ArmageddonState)
    return state


def pool(state: ArmageddonState) -> list[str]:
    """The Imperial counters of the build pool that count for stacking (BFA-SETUP-05)."""
    return [
        c
        for c, spec in state.data.counters.items()
        if state.location(c) == POOL and spec.side == IMPERIUM and not spec.exempt
    ]


def free_area(value: ArmageddonScenario) -> str:
    """An enterable area outside Ork Territory that the scenario leaves empty and that is no
    hive or factory area."""
    data = default_data()
    for area, spec in data.board.areas.items():
        if (
            area not in value.imperial
            and data.terrain[spec.terrain].enterable
            and not any(spec.has(k) for k in ("ork-territory", "hive", "factory"))
        ):
            return area
    raise AssertionError("no free area on the map")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_file_reads_and_writes_back_exactly(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    value = ArmageddonScenario.from_document(data, str(path))
    assert value.to_document() == data
    again = ArmageddonScenario.from_document(tomllib.loads(value.to_toml()), "written")
    assert again == value


def test_read_by_id_and_by_path_names_the_scenario(tmp_path: Path) -> None:
    shipped = campaign()
    assert shipped.name == "campaign" and shipped.title == "campaign"
    assert wargames.scenario("armageddon").name == wargames.game("armageddon").default_scenario
    copy = shipped.save(tmp_path / "copy.toml")
    read = wargames.scenario("armageddon", str(copy))
    assert read.name == "copy" and attrs.evolve(read, name="campaign") == shipped


def test_the_module_example_runs() -> None:
    result = doctest.testmod(scenario_value, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def built_variant() -> ArmageddonScenario:
    """The campaign cut short (three turns, or up to its reinforcements), its reinforcements
    a turn early and one Ork counter fewer: a change of a shipped scenario made in Python."""
    value = campaign()
    assert value.reinforcements
    turn, arriving = next(iter(value.reinforcements.items()))
    early = max(1, turn - 1)
    return (
        value.with_turns(max(3, early))
        .with_reinforcements(early, *arriving)
        .without(value.ork_counters[-1])
    )


def test_a_value_and_its_file_play_the_same_game(tmp_path: Path) -> None:
    """Built in Python or read from TOML, the same scenario gives equal states and the same
    seeded game (issue 18's must-hold)."""
    built = built_variant()
    folder = tmp_path / "f"
    folder.mkdir()
    path = built.save(folder / f"{built.name}.toml")
    from_value = load(built)
    from_file = wargames.load("armageddon", scenario=str(path))
    assert from_value == from_file and from_value.setup.turns == built.turns
    games = []
    for start in (from_value, from_file):
        agents = {side: wargames.RandomAgent(7 + i) for i, side in enumerate(start.players)}
        match = Match(start, seed=11, agents=agents)
        match.run(max_steps=400)
        games.append((match.actions, match.state))
    assert games[0] == games[1] and len(games[0][0]) > 50


@pytest.mark.rule("BFA-SETUP-01")
def test_the_length_of_the_campaign_takes_effect() -> None:
    assert load(campaign().with_turns(5)).setup.turns == 5


@pytest.mark.rule("BFA-SETUP-04")
@pytest.mark.rule("BFA-SETUP-05")
def test_deploying_moving_and_removing_imperial_counters() -> None:
    """A counter deployed comes from the build pool; one removed goes back to it; one moved
    stands in its new area."""
    value = campaign()
    start = load(value)
    spare, area = pool(start)[0], free_area(value)
    assert load(value.deploy(area, spare)).location(spare) == area
    data = default_data()
    garrison = next(c for s in value.imperial.values() for c in s if not data.counters[c].exempt)
    assert start.location(garrison) != POOL
    assert load(value.without(garrison)).location(garrison) == POOL
    moved = load(value.moved(garrison, area))
    assert moved.location(garrison) == area
    assert value.moved(garrison, area).where(garrison) == area


@pytest.mark.rule("BFA-SETUP-05")
def test_reinforcements_change_turn_or_are_set_up_at_the_start() -> None:
    value = campaign()
    assert value.reinforcements
    turn, arriving = next(iter(value.reinforcements.items()))
    later = load(value.with_reinforcements(turn + 1, *arriving))
    assert dict(later.setup.reinforcements) == {turn + 1: arriving}
    assert all(later.location(c) == ARRIVING for c in arriving)
    fewer = load(value.with_reinforcements(turn, *arriving[1:]))
    assert fewer.location(arriving[0]) == POOL
    assert load(value.with_reinforcements(turn)).setup.reinforcements == {}
    area = free_area(value)
    landed = load(value.moved(arriving[0], area))
    assert landed.location(arriving[0]) == area
    assert arriving[0] not in landed.setup.reinforcements[turn]


@pytest.mark.rule("BFA-SETUP-06")
@pytest.mark.rule("BFA-SETUP-07")
def test_the_ork_army_and_its_areas() -> None:
    value = campaign()
    ork = value.ork_counters[-1]
    assert load(value).location(ork) == UNPLACED
    smaller = value.without(ork)
    assert load(smaller).location(ork) == DEAD
    assert load(smaller.deploy_orks(ork)).location(ork) == UNPLACED
    areas = load(value.with_ork_areas(*reversed(value.ork_areas))).setup.ork_areas
    assert areas == tuple(reversed(value.ork_areas))


def test_unknown_names_raise() -> None:
    value = campaign()
    with pytest.raises(KeyError, match="no counter 'nobody'"):
        value.without("nobody")
    with pytest.raises(KeyError, match="'nobody' is neither set up nor a reinforcement"):
        value.moved("nobody", "HAD")
    with pytest.raises(KeyError, match="in the Ork army"):
        value.moved(value.ork_counters[0], "HAD")
    spare = pool(load(value))[0]
    with pytest.raises(KeyError, match="neither set up"):
        value.moved(spare, "HAD")
    with pytest.raises(ValueError, match="no counters"):
        value.deploy("HAD")
    with pytest.raises(ValueError, match="no counters"):
        value.deploy_orks()


def placed_twice(value: ArmageddonScenario) -> tuple[ArmageddonScenario, str]:
    area, stack = next(iter(value.imperial.items()))
    return value.deploy(area, stack[0]), f"imperial.{area}[{len(stack)}]"


def overstacked(value: ArmageddonScenario) -> tuple[ArmageddonScenario, str]:
    area = free_area(value)
    return value.deploy(area, *pool(load(value))[:4]), f"imperial.{area}"


def no_hive(value: ArmageddonScenario) -> tuple[ArmageddonScenario, str]:
    data = default_data()
    hive = next(c for s in value.imperial.values() for c in s if data.counters[c].kind == "hive")
    return value.without(hive), "imperial"


def too_late(value: ArmageddonScenario) -> tuple[ArmageddonScenario, str]:
    spare = pool(load(value))[0]
    return value.with_reinforcements(value.turns + 1, spare), f"reinforcements.{value.turns + 1}"


def unknown_ork(value: ArmageddonScenario) -> tuple[ArmageddonScenario, str]:
    return value.deploy_orks("nobody"), f"ork_counters[{len(value.ork_counters)}]"


MISTAKES: dict[str, tuple[Callable[..., tuple[ArmageddonScenario, str]], str]] = {
    "placed twice": (placed_twice, "is placed twice"),
    "stacking": (overstacked, "stacking violation"),
    "a hive left out": (no_hive, "is not set up"),
    "a turn after the last": (too_late, "expected a turn number from 1 to"),
    "an unknown counter": (unknown_ork, "unknown counter 'nobody'"),
    "no turns": (lambda v: (v.with_turns(0), "turns"), "expected a whole number from 1"),
    "nowhere to deploy": (lambda v: (v.with_ork_areas(), "ork_areas"), "at least one"),
    "an unknown area": (
        lambda v: (v.deploy("NOWHERE", pool(load(v))[0]), "imperial.NOWHERE"),
        "unknown area 'NOWHERE'",
    ),
}


@pytest.mark.rule("BFA-SETUP-04")
@pytest.mark.parametrize("mistake", MISTAKES)
def test_mistakes_are_the_errors_of_a_file(mistake: str) -> None:
    """A value is checked exactly as its file would be: the error names the key path."""
    make, problem = MISTAKES[mistake]
    changed, key = make(campaign())
    with pytest.raises(ScenarioError) as caught:
        wargames.load("armageddon", scenario=changed)
    assert caught.value.key == key and problem in caught.value.problem
    assert caught.value.file == "campaign (built in Python)"
    with pytest.raises(ScenarioError):
        changed.check()


def test_a_document_of_the_wrong_shape_names_the_key() -> None:
    data = tomllib.loads((ROOT / "armageddon" / "scenarios" / "campaign.toml").read_text())
    with pytest.raises(ScenarioError, match="turns: expected an integer"):
        ArmageddonScenario.from_document({**data, "turns": "eight"}, "doc")
    with pytest.raises(ScenarioError, match="colour: unknown key"):
        ArmageddonScenario.from_document({**data, "colour": "red"}, "doc")
    area = next(iter(data["imperial"]))
    bad = {**data, "imperial": {**data["imperial"], area: "guard-1"}}
    with pytest.raises(ScenarioError, match=rf"imperial\.{area}: expected a list"):
        ArmageddonScenario.from_document(bad, "doc")
    with pytest.raises(ScenarioError, match=r"reinforcements\.soon: expected a turn number"):
        ArmageddonScenario.from_document({**data, "reinforcements": {"soon": []}}, "doc")
    twice = {"3": ["dante"], "03": ["salamanders"]}
    with pytest.raises(ScenarioError, match=r"reinforcements\.03: turn 3 is listed twice"):
        ArmageddonScenario.from_document({**data, "reinforcements": twice}, "doc")
    with pytest.raises(ScenarioError, match=r"ork_counters\[0\]: expected a string"):
        ArmageddonScenario.from_document({**data, "ork_counters": [7]}, "doc")
    del data["provenance"]
    with pytest.raises(ScenarioError, match="provenance: missing key"):
        ArmageddonScenario.from_document(data, "doc")


def test_keys_a_file_leaves_out_stay_out() -> None:
    data = tomllib.loads((ROOT / "armageddon" / "scenarios" / "campaign.toml").read_text())
    del data["name"], data["reinforcements"]
    value = ArmageddonScenario.from_document({**data, "note": "no marines"}, "doc")
    assert value.title is None and value.reinforcements is None and value.note == "no marines"
    assert value.to_document() == {**data, "note": "no marines"}
    assert value.with_reinforcements(2).reinforcements is None
    assert load(value).setup.reinforcements == {}


def test_a_record_carries_the_value_in_full() -> None:
    built = built_variant()
    agents = {ORKS: "random", IMPERIUM: "random"}
    match = wargames.match("armageddon", agents, 3, scenario=built)
    match.run(max_steps=300)
    record = match.record()
    again = wargames.replay(record.to_json())
    assert again.state == match.state and again.state.setup.turns == built.turns
