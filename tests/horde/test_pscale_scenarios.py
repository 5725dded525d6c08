"""P-Scale scenarios: the shipped battles, options, and the errors of a bad file."""

from __future__ import annotations

from pathlib import Path

import pytest
from horde.pscale import battle, scenario_text

import wargames
from wargames.core.errors import ScenarioError
from wargames.horde import GAME
from wargames.horde.combat.rules import PRINTED_EXAMPLES
from wargames.horde.game import new_battle
from wargames.horde.scenario import SIDES, load_scenario


def test_shipped_scenarios() -> None:
    assert GAME.default_scenario == "manufactorum"
    assert set(GAME.scenarios()) >= {"manufactorum", "ork-assault", "mirror"}
    for name in GAME.scenarios():
        setup = load_scenario(name)
        assert setup.provenance == "reconstructed" and setup.rounds == 10
        state = wargames.load("horde", name)
        assert state.invariant_violations() == []
        assert {u.side for u in state.units} == set(SIDES)
    default = wargames.load("horde")
    assert default.setup.name == "manufactorum" and default.setup.title == "The Manufactorum"


def test_the_mirror_is_the_same_army_on_a_symmetric_board() -> None:
    """Square (c, r) matches (13 - c, 9 - r): terrain, HQ areas, command posts and hordes."""
    setup = load_scenario("mirror")
    field = setup.field

    def mirror(square: str) -> str:
        c, r = field.coords(square)
        return f"{field.width + 1 - c:02d}-{field.height + 1 - r:02d}"

    assert {mirror(a): t.name for a, t in field.terrain.items()} == {
        a: t.name for a, t in field.terrain.items()
    }
    assert {mirror(a) for a in field.hq["blue"]} == set(field.hq["red"])
    assert mirror(field.command_posts["blue"]) == field.command_posts["red"]
    blue = sorted(
        (u.horde.id, mirror(u.square or "")) for u in setup.units if u.side == "blue" and u.square
    )
    red = sorted((u.horde.id, u.square or "") for u in setup.units if u.side == "red" and u.square)
    assert blue == red
    assert [u.horde.id for u in setup.units if u.side == "blue"] == [
        u.horde.id for u in setup.units if u.side == "red"
    ]


def test_options() -> None:
    state = wargames.load("horde", "mirror", rounds=4, rules="printed")
    assert state.rounds == 4 and state.rules == PRINTED_EXAMPLES
    tweaked = new_battle("mirror", {"rules": {"tearing": "best-of-two"}})
    assert tweaked.rules.tearing == "best-of-two"
    for bad, key in (
        ({"turns": 3}, "turns"),
        ({"rounds": -1}, "rounds"),
        ({"rules": "house"}, "rules"),
        ({"rules": {"tearing": "twice"}}, "rules"),
    ):
        with pytest.raises(ScenarioError) as info:
            new_battle("mirror", bad)
        assert info.value.key == key


@pytest.mark.rule("HMC-GAP-25", "HMC-SCALE-04")
@pytest.mark.parametrize(
    ("change", "key", "problem"),
    [
        (('at = "03-04"', 'at = "11-04"'), "blue.horde[0].at", "off the 10x8 grid"),
        (('at = "03-04"', 'at = "3-4x"'), "blue.horde[0].at", "expected a square"),
        (
            ('profile = "guard-infantry"', 'profile = "squats"'),
            "blue.horde[0].profile",
            "unknown horde profile",
        ),
        (
            ('command_post = "01-01"', 'command_post = "02-01"'),
            "blue.command_post",
            "not in the HQ area",
        ),
        (('id = "A"', 'id = "pass"'), "blue.horde[0].id", "bad unit id"),
        (('first = "blue"', 'first = "green"'), "first", "unknown side"),
        (("width = 10", "width = 1"), "width", "from 2 to 99"),
    ],
)
def test_bad_scenarios_name_file_key_and_problem(
    tmp_path: Path, change: tuple[str, str], key: str, problem: str
) -> None:
    text = scenario_text([("A", "guard-infantry", "03-04")], [("Z", "traitor-guard", "09-04")])
    assert change[0] in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        new_battle(str(path))
    assert info.value.file == str(path) and info.value.key == key
    assert problem in info.value.problem


def test_more_bad_scenarios(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="unknown key"):
        battle(
            tmp_path,
            [("A", "guard-infantry", "03-04")],
            [("Z", "traitor-guard", "09-04")],
            terrain={"lava": ["05-05"]},
        )
    with pytest.raises(ScenarioError, match="only Ambushers in cover"):
        battle(
            tmp_path,
            [("A", "guard-veterans", "03-04", {"stealthed": True})],
            [("Z", "traitor-guard", "09-04")],
        )
    with pytest.raises(ScenarioError, match="impassable"):
        battle(
            tmp_path,
            [("A", "guard-infantry", "03-04")],
            [("Z", "traitor-guard", "09-04")],
            terrain={"wall": ["03-04"]},
        )
    with pytest.raises(ScenarioError, match="no blue horde 'Q' to join"):
        battle(
            tmp_path,
            [("A", "guard-infantry", "03-04")],
            [("Z", "traitor-guard", "09-04")],
            officers=[{"id": "lt", "profile": "guard-command", "wounds": 9, "join": "Q"}],
        )
    with pytest.raises(ScenarioError, match="unknown scenario"):
        new_battle("atlantis")
