"""A scenario of The Warmaster as a Python value (issue 18): read, change, play, save."""

from __future__ import annotations

import doctest
import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from scenario_files import scenario_files

import wargames
from wargames.core.engine import Match
from wargames.core.errors import ScenarioError
from wargames.warmaster import scenario_value
from wargames.warmaster.scenario_value import BoardingScenario, WaveEntry
from wargames.warmaster.state import UNPLACED, WarmasterState

ROOT = Path(wargames.__file__).parent
SPEARHEAD = ROOT.parent / "scenarios" / "warmaster" / "spearhead.toml"
FILES = scenario_files("warmaster")


def boarding() -> BoardingScenario:
    value = wargames.scenario("warmaster", "boarding")
    assert isinstance(value, BoardingScenario)
    return value


def started(value: BoardingScenario) -> WarmasterState:
    state = wargames.load("warmaster", scenario=value)
    assert isinstance(state, WarmasterState)
    return state


def face_down(state: WarmasterState) -> Counter[str]:
    """The counter types the Traitor is about to set up face down."""
    instances = state.data.instances()
    return Counter(
        state.data.spec(c).id
        for c, at in zip(instances, state.where, strict=True)
        if at == UNPLACED
    )


def test_the_module_example_runs() -> None:
    result = doctest.testmod(scenario_value, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_file_reads_and_writes_back_exactly(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    value = BoardingScenario.from_document(data, str(path))
    assert value.to_document() == data
    again = BoardingScenario.from_document(tomllib.loads(value.to_toml()), "written")
    assert again == value


def test_read_by_id_and_by_path_names_the_scenario(tmp_path: Path) -> None:
    shipped = boarding()
    assert shipped.name == "boarding" and shipped.setup_name == "boarding"
    assert wargames.scenario("warmaster").name == wargames.game("warmaster").default_scenario
    copy = shipped.save(tmp_path / "copy.toml")
    read = wargames.scenario("warmaster", str(copy))
    assert read.name == "copy" and attrs.evolve(read, name="boarding") == shipped
    spearhead = wargames.scenario("warmaster", str(SPEARHEAD))
    assert spearhead.name == "spearhead" and len(spearhead.imperial) == 3  # type: ignore[attr-defined]


def stormy() -> BoardingScenario:
    """A change of the boarding: two crews fewer in the cup, a trap fewer face down, warp
    instability on, a turn cap of 5 and a draw at the cap."""
    return (
        boarding()
        .remove_from_cup("crew", 2)
        .remove_face_down("trap")
        .with_warp_instability()
        .with_turn_cap(5)
        .with_options(cap_winner="draw")
        .renamed("stormy")
    )


@pytest.mark.rule("WM-GAP-20")
def test_a_value_and_its_file_play_the_same_game(tmp_path: Path) -> None:
    """Built in Python or read from TOML, the same scenario gives equal states and the same
    seeded game (issue 18's must-hold); the turn cap ends it (WM-GAP-20's option)."""
    built = stormy()
    path = built.save(tmp_path / "stormy.toml")
    from_value = started(built)
    from_file = wargames.load("warmaster", scenario=str(path))
    assert from_value == from_file
    games = []
    for start in (from_value, from_file):
        agents = {side: wargames.RandomAgent(7 + i) for i, side in enumerate(start.players)}
        match = Match(start, seed=11, agents=agents)
        match.run(max_steps=3000)
        games.append((match.actions, match.state))
    assert games[0] == games[1]
    assert games[0][1].is_terminal and games[0][1].turn <= 5


@pytest.mark.rule("WM-SETUP-02", "WM-SETUP-03")
def test_face_down_and_cup_changes_take_effect() -> None:
    """The Traitor's face-down starting units and the cup (WM-SETUP-02, -03) are the value's."""
    start = wargames.load("warmaster", "boarding")
    assert isinstance(start, WarmasterState)
    fewer = started(boarding().remove_face_down("trap", 2).remove_from_cup("crew"))
    assert face_down(start) - face_down(fewer) == Counter(trap=2)
    assert Counter(start.cup.cards) - Counter(fewer.cup.cards) == Counter(crew=1)
    spearhead = wargames.scenario("warmaster", str(SPEARHEAD))
    assert isinstance(spearhead, BoardingScenario)
    more = started(spearhead.add_face_down("justaerin").add_to_cup("magnus"))
    before = started(spearhead)
    assert face_down(more) - face_down(before) == Counter(justaerin=1)
    assert Counter(more.cup.cards) - Counter(before.cup.cards) == Counter(magnus=1)
    gone = boarding().remove_from_cup("angron")
    assert "angron" not in gone.traitor.cup and "angron" not in started(gone).cup


@pytest.mark.rule("WM-REINF-01", "WM-REINF-02", "WM-REINF-03", "WM-REINF-04", "WM-SETUP-05")
def test_wave_changes_take_effect() -> None:
    """The Imperial waves (WM-REINF-01 to -04): their turn, units and grouping are the
    value's."""
    later = started(boarding().with_wave_turn(2, 3)).setup
    assert later.wave(2) is None and later.wave(3) is not None
    assert dict(later.wave(3).units) == {"imperial-guard": 3}  # type: ignore[union-attr]
    pairs = started(boarding().in_groups(1, 6, 2, "rogal-dorn")).setup.wave(1)
    assert pairs is not None
    assert (pairs.groups, pairs.group_size, pairs.first, pairs.suggested_groups) == (
        6,
        2,
        "rogal-dorn",
        (),
    )
    alone = started(boarding().alone(1)).setup.wave(1)
    assert alone is not None and alone.teleport == "alone" and alone.groups == 0
    moved = boarding().remove_from_wave(2, "imperial-guard").add_to_wave(1, "imperial-guard")
    moved = moved.in_groups(1, 13, 1, "emperor")
    waves = started(moved).setup
    assert waves.wave(1).units["imperial-guard"] == 1  # type: ignore[union-attr]
    assert waves.wave(2).units == {"imperial-guard": 2}  # type: ignore[union-attr]
    lists = [
        ["emperor", "sanguinius", "rogal-dorn"],
        ["custodes", "custodes", "custodes"],
        ["blood-angels-terminators"] * 3,
        ["imperial-fists-terminators"] * 3,
    ]
    primarchs = boarding().in_groups(1, 4, 3, "emperor", lists)
    assert primarchs == boarding().in_groups(1, 4, 3, "emperor", tuple(map(tuple, lists)))
    wave = started(primarchs).setup.wave(1)
    assert wave is not None and wave.suggested_groups[0] == ("emperor", "sanguinius", "rogal-dorn")
    extra = boarding().without_wave(2).add_wave(WaveEntry(4, "alone", {"imperial-guard": 2}))
    assert [w.turn for w in started(extra).setup.imperial] == [1, 4]


@pytest.mark.rule("WM-BRIDGE-01", "WM-GAP-05")
def test_option_and_bridge_changes_take_effect() -> None:
    """Who holds the Bridge (WM-BRIDGE-01) and the options (warp instability, WM-GAP-05)."""
    start = wargames.load("warmaster", "boarding")
    assert isinstance(start, WarmasterState) and start.bridge == "traitor"
    assert started(boarding().with_bridge_control("imperial")).bridge == "imperial"
    state = started(stormy())
    assert state.warp_instability and state.turn_cap == 5 and state.setup.cap_winner == "draw"
    assert state.setup.name == "stormy"
    quiet = started(boarding().with_options(fleet_lasers=False, reactor_sabotage=False))
    assert not quiet.setup.fleet_lasers and not quiet.setup.reactor_sabotage
    bare = attrs.evolve(boarding(), options=None)
    assert "options" not in bare.to_document()
    assert started(bare.with_warp_instability()).warp_instability
    assert started(bare).turn_cap is None


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (lambda b: b.remove_from_cup("horus"), KeyError, "no 'horus' in the cup"),
        (lambda b: b.remove_from_cup("crew", 5), ValueError, "holds 4 crew, cannot remove 5"),
        (lambda b: b.remove_face_down("crew"), KeyError, "no 'crew' face down"),
        (lambda b: b.add_to_cup("crew", 0), ValueError, "at least 1"),
        (lambda b: b.wave(3), KeyError, r"no Imperial wave on turn 3; waves on turns \[1, 2\]"),
        (lambda b: b.without_wave(3), KeyError, "turn 3"),
        (lambda b: b.in_groups(5, 1, 1, "emperor"), KeyError, "turn 5"),
        (lambda b: b.remove_from_wave(1, "imperial-guard"), KeyError, "wave of turn 1"),
        (lambda b: b.with_options(warp=True), KeyError, "no option 'warp'"),
    ],
)
def test_unknown_names_raise(
    change: Callable[[BoardingScenario], Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        change(boarding())


@pytest.mark.rule("WM-SETUP-02", "WM-SETUP-05")
@pytest.mark.parametrize(
    ("change", "key", "problem"),
    [
        (lambda b: b.add_to_cup("magnus"), "traitor.cup.magnus", "the manifest has 1"),
        (lambda b: b.remove_face_down("horus"), "traitor.face_down", "Horus must be among"),
        (lambda b: b.in_groups(1, 5, 3, "emperor"), "imperial[0].units", "cannot make 5 groups"),
        (
            lambda b: b.add_wave(WaveEntry(2, "alone", {"imperial-guard": 1})),
            "imperial[2].turn",
            "turn 2 already has a wave",
        ),
        (lambda b: b.add_to_wave(2, "horus"), "imperial[1].units.horus", "a Traitor counter"),
        (lambda b: b.with_bridge_control("chaos"), "bridge_control", "unknown side 'chaos'"),
        (lambda b: b.with_turn_cap(-1), "options.turn_cap", "from 0 to 1000"),
        (
            lambda b: attrs.evolve(b, imperial=(attrs.evolve(b.imperial[0], teleport="beam"),)),
            "imperial[0].teleport",
            "unknown teleport mode 'beam'",
        ),
    ],
)
def test_mistakes_are_the_errors_of_a_file(
    change: Callable[[BoardingScenario], BoardingScenario], key: str, problem: str
) -> None:
    """A value is checked exactly as its file would be (one Horus face down, WM-SETUP-02;
    groups of exactly their size, WM-SETUP-05): the error names the key path."""
    changed = change(boarding())
    with pytest.raises(ScenarioError) as caught:
        wargames.load("warmaster", scenario=changed)
    assert caught.value.key == key and problem in caught.value.problem
    assert caught.value.file == "boarding (built in Python)"
    with pytest.raises(ScenarioError):
        changed.check()


def document() -> dict[str, Any]:
    return tomllib.loads((ROOT / "warmaster" / "scenarios" / "boarding.toml").read_text())


@pytest.mark.parametrize(
    ("key_path", "value", "message"),
    [
        (("bridge_control",), 1, "bridge_control: expected a string"),
        (("colour",), "red", "colour: unknown key"),
        (("traitor", "face_down", "horus"), "one", r"traitor\.face_down\.horus: expected an int"),
        (("traitor", "reserve"), {}, r"traitor\.reserve: unknown key"),
        (("traitor", "cup"), ["crew"], r"traitor\.cup: expected a table"),
        (("options", "warp"), True, r"options\.warp: unknown key"),
        (("options", "warp_instability"), "yes", r"options\.warp_instability: expected true"),
        (("imperial",), {"turn": 1}, "imperial: expected a list"),
    ],
)
def test_a_document_of_the_wrong_shape_names_the_key(
    key_path: tuple[str, ...], value: Any, message: str
) -> None:
    data = document()
    table = data
    for key in key_path[:-1]:
        table = table[key]
    table[key_path[-1]] = value
    with pytest.raises(ScenarioError, match=message):
        BoardingScenario.from_document(data, "doc")


def test_wave_keys_of_the_wrong_shape_name_the_key() -> None:
    data = document()
    data["imperial"][0]["suggested_groups"][1][2] = 3
    with pytest.raises(ScenarioError, match=r"imperial\[0\]\.suggested_groups\[1\]\[2\]: expec"):
        BoardingScenario.from_document(data, "doc")
    data = document()
    del data["imperial"][1]["teleport"]
    with pytest.raises(ScenarioError, match=r"imperial\[1\]\.teleport: missing key"):
        BoardingScenario.from_document(data, "doc")
    data = document()
    data["imperial"][1]["group"] = 2
    with pytest.raises(ScenarioError, match=r"imperial\[1\]\.group: unknown key"):
        BoardingScenario.from_document(data, "doc")


def test_the_value_and_the_game_take_the_same_keys() -> None:
    """An unknown ``[traitor]`` key is refused by the value and by the game alike; a note
    (allowed in every table) is kept and played."""
    data = document()
    data["traitor"]["reserve"] = {"crew": 1}
    source = wargames.ScenarioSource.user("odd", data)
    with pytest.raises(ScenarioError, match=r"traitor\.reserve: unknown key"):
        wargames.load("warmaster", scenario=source)
    data = document()
    for table in (data["traitor"], data["imperial"][0], data["options"]):
        table["note"] = "a note"
    value = BoardingScenario.from_document(data, "doc")
    assert value.traitor.note == value.imperial[0].note == "a note"
    assert value.to_document() == data
    value.check()


def test_a_record_carries_the_value_in_full() -> None:
    built = stormy().with_turn_cap(2)
    match = wargames.match(
        "warmaster",
        {"imperial": "random", "traitor": "random"},
        3,
        scenario=built,
        bot_options=False,  # the scenario's own cap, not the boarding's bot turn cap
    )
    match.run()
    record = match.record()
    again = wargames.replay(record.to_json())
    assert again.state == match.state and again.state.is_terminal
    assert again.state.turn_cap == 2


def test_a_scenario_of_another_game_is_refused() -> None:
    with pytest.raises(ScenarioError, match="a scenario of warmaster, not one of horde"):
        wargames.load("horde", scenario=boarding())
