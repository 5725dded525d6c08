"""The settings object: every changeable reading, the catalogue's choice by default."""

from __future__ import annotations

import pickle

import attrs
import pytest

import wargames.ancients.board
import wargames.ancients.cards
import wargames.ancients.components
import wargames.ancients.dice
import wargames.ancients.odds
import wargames.ancients.settings
import wargames.ancients.terrain
import wargames.ancients.units
from wargames.ancients.settings import DEFAULT, AncientsSettings


@pytest.mark.rule("CCB-GAP-01", "CCB-GAP-02", "CCB-GAP-03", "CCB-GAP-04", "CCB-GAP-14")
@pytest.mark.rule("CCB-GAP-24", "CCB-GAP-31", "CCB-GAP-35", "CCB-GAP-09", "CCB-CARDS-36")
def test_defaults_are_the_catalogue_readings() -> None:
    s = AncientsSettings()
    assert s == DEFAULT
    assert s.helmets == "attached-or-adjacent"
    assert s.lone_leader_support and s.elephant_sword_rerolls
    assert not s.lone_leaders_block_fire
    assert s.war_machine_evade == "always" and s.move_fire_move == "full-each"
    assert s.first_strike_vs_bonus and not s.epic_command
    assert s.board == "standard" and s.ignores_add_up and s.data is None
    assert [f.name for f in attrs.fields(AncientsSettings)] == [
        "helmets",
        "lone_leader_support",
        "elephant_sword_rerolls",
        "lone_leaders_block_fire",
        "war_machine_evade",
        "move_fire_move",
        "first_strike_vs_bonus",
        "board",
        "epic_command",
        "ignores_add_up",
        "data",
    ]


def test_settings_are_checked_frozen_hashable_values() -> None:
    with pytest.raises(ValueError):
        AncientsSettings(helmets="sometimes")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        AncientsSettings(move_fire_move="half")  # type: ignore[arg-type]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        DEFAULT.helmets = "attached-only"  # type: ignore[misc]
    older = AncientsSettings(helmets="attached-only", elephant_sword_rerolls=False)
    assert hash(older) != hash(DEFAULT) and pickle.loads(pickle.dumps(older)) == older
    assert not older.helmet_hits(attached=False, adjacent=True) and older.helmet_hits(True, False)
    assert DEFAULT.helmet_hits(attached=False, adjacent=True)


@pytest.mark.parametrize(
    "module",
    [
        wargames.ancients.board,
        wargames.ancients.cards,
        wargames.ancients.components,
        wargames.ancients.dice,
        wargames.ancients.odds,
        wargames.ancients.settings,
        wargames.ancients.terrain,
        wargames.ancients.units,
    ],
)
def test_docstring_examples(module: object) -> None:
    import doctest

    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.failed == 0 and result.attempted > 0


def test_a_data_folder_replaces_files_one_by_one(tmp_path: object) -> None:
    from pathlib import Path

    from wargames.ancients.cards import cards_for
    from wargames.ancients.odds import roll_odds
    from wargames.ancients.terrain import terrain_for
    from wargames.ancients.units import units_for

    folder = Path(str(tmp_path))
    data = Path(wargames.ancients.units.__file__).parent / "data"
    text = (data / "units.toml").read_text().replace("close_dice = 5", "close_dice = 6", 1)
    (folder / "units.toml").write_text(text)
    settings = AncientsSettings(data=str(folder))
    assert units_for(settings)["HI"].close_dice == 6 and units_for()["HI"].close_dice == 5
    assert units_for(settings) is units_for(settings)  # read once
    assert dict(terrain_for(settings)) == dict(terrain_for())  # no terrain.toml: the shipped one
    assert len(cards_for(settings)) == len(cards_for())
    assert roll_odds("HI", "MI", settings=settings).dice == 6
