"""``wargames.check_scenario``: every problem of a scenario file, each naming the file, the key
path as written and the problem; the game from the argument, the folder or the file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import wargames
from wargames.core.check import check_file, describe_scenario, key_path

SCENARIOS = Path(__file__).parents[2] / "scenarios"

# Each case: a game, its file in scenarios/, the edits (old text -> new text) that break it,
# and the key paths of the problems, in the order the game reads them.
BROKEN = [
    (
        "armageddon",
        "short-war.toml",
        [
            ("turns = 4", 'turns = "four"'),
            ('"guard-3"]', '"guard-3", "orc-boss"]'),
            ('name = "short-war"', 'name = "short-war"\ncolour = "red"'),
            ('"evil-sunz-hordes-6",', '"evil-sunz-hordes-6", "evil-sunz-hordes-6",'),
        ],
        ["colour", "imperial.F1[2]", "ork_counters[23]", "turns"],
    ),
    (
        "warmaster",
        "warp-storm.toml",
        [
            ('bridge_control = "traitor"', 'bridge_control = "chaos"'),
            ("trap = 2", "trap = 9"),
            ("angron = 1", "angron = 1\nabaddon = 1"),
            ("warp_instability = true", 'warp_instability = "yes"'),
        ],
        [
            "traitor.face_down.trap",
            "traitor.cup.abaddon",
            "bridge_control",
            "options.warp_instability",
        ],
    ),
    (
        "horde",
        "waaagh.toml",
        [
            ("width = 20", "width = 200"),
            ('profile = "gretchin"', 'profile = "grots"'),
            ('at = "06-06"', 'at = "06-03"'),
            ('"Into the Jaws of Hell"]', '"Into the Jaws of Hell", "Flying"]'),
            ("rounds = 10", "rounds = 0"),
        ],
        [
            "width",
            "blue.horde[2].at",
            "red.horde[6].profile",
            "red.officer[0].talents[1]",
            "rounds",
        ],
    ),
    (
        "ancients",
        "marsh-road.toml",
        [
            ('first = "top"', 'first = "left"'),
            ('"09-05" = "marsh"', '"09-05" = "swampy"'),
            ('{ hex = "05-07", type = "HI" }', '{ hex = "05-07", type = "HX" }'),
            ('{ hex = "02-02", type = "LBC" }', '{ hex = "02-22", type = "LBC" }'),
            ("command = 5", "command = 50"),
        ],
        [
            "board.terrain.09-05",
            "bottom.command",
            "bottom.units[1].type",
            "top.command",
            "top.units[8].hex",
            "first",
        ],
    ),
]


def broken(folder: Path, game_id: str, name: str, edits: list[tuple[str, str]]) -> Path:
    text = (SCENARIOS / game_id / name).read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("game_id", "name", "edits", "keys"), BROKEN, ids=[b[0] for b in BROKEN])
@pytest.mark.quick(1)
def test_every_problem_is_listed(
    tmp_path: Path, game_id: str, name: str, edits: list[tuple[str, str]], keys: list[str]
) -> None:
    """Several problems at once, in several sections: each is listed once, at its key path as
    written in the file (later list elements keep their indices), and nothing else."""
    path = broken(tmp_path / game_id, game_id, name, edits)
    problems = wargames.check_scenario(path)
    assert [p.key for p in problems] == keys
    assert all(isinstance(p, wargames.ScenarioError) and p.file == str(path) for p in problems)
    assert all(str(p).startswith(f"{path}: {p.key}: ") for p in problems)
    # the game given, or inferred from the file alone (a folder that is no game's id)
    assert [p.key for p in wargames.check_scenario(path, game=game_id)] == keys
    elsewhere = broken(tmp_path / "mine", game_id, name, edits)
    assert [p.key for p in wargames.check_scenario(elsewhere)] == keys


def test_each_problem_is_the_one_a_load_names_first(tmp_path: Path) -> None:
    game_id, name, edits, _ = BROKEN[0]
    path = broken(tmp_path / game_id, game_id, name, edits)
    with pytest.raises(wargames.ScenarioError) as caught:
        wargames.load(game_id, scenario=str(path))
    assert str(caught.value) == str(wargames.check_scenario(path)[0])


def test_a_number_out_of_range_does_not_spread(tmp_path: Path) -> None:
    """A grid too wide reads on at its widest, so the squares of the file stay on it."""
    path = broken(tmp_path / "horde", "horde", "waaagh.toml", [("width = 20", "width = 200")])
    problems = wargames.check_scenario(path)
    assert [(p.key, p.problem) for p in problems] == [
        ("width", "expected a whole number from 2 to 99, got 200")
    ]


def test_clean_file_and_its_description() -> None:
    checked = check_file(SCENARIOS / "armageddon" / "short-war.toml")
    assert checked.game == "armageddon" and checked.problems == ()
    assert dict(describe_scenario(checked)) == {
        "game": "armageddon (Battle for Armageddon)",
        "title": "short-war",
        "sides": "orks, imperium",
        "length": "4 game turns",
    }


def test_a_file_that_cannot_be_read_is_one_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("turns = = 4\n", encoding="utf-8")
    (problem,) = wargames.check_scenario(bad, game="armageddon")
    assert problem.key == "(syntax)"
    (missing,) = wargames.check_scenario(tmp_path / "none.toml")
    assert missing.key == "(file)" and "cannot read" in missing.problem


def test_an_unknown_game_is_named() -> None:
    with pytest.raises(wargames.UnknownNameError, match="did you mean 'armageddon'"):
        wargames.check_scenario(SCENARIOS / "armageddon" / "short-war.toml", game="armagedon")


def test_key_paths() -> None:
    assert key_path("imperial.HAD[2]") == ("imperial", "HAD", 2)
    assert key_path("red.horde[6].at") == ("red", "horde", 6, "at")
    assert key_path("board.terrain.09-05") == ("board", "terrain", "09-05")
    assert key_path("(top level)") is None and key_path("reinforcements.'99...'") is None


def test_the_docs_worked_examples_are_clean(tmp_path: Path) -> None:
    """docs/scenarios.md's worked examples (its TOML blocks, one per game in order) are
    scenarios their game plays."""
    fence = "`" * 3
    page = (SCENARIOS.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")
    examples = re.findall(fence + r"toml\n(.*?)" + fence, page, re.S)
    assert len(examples) == 4
    for game_id, text in zip(
        ["armageddon", "warmaster", "horde", "ancients"], examples, strict=True
    ):
        path = tmp_path / f"{game_id}.toml"
        path.write_text(text, encoding="utf-8")
        assert wargames.check_scenario(path, game=game_id) == [], game_id
