"""Commands & Colors: Ancients scenario files (base game, 'Armageddon' team variant, Epic):
every structural problem is a ScenarioError naming file, key and problem; a file that loads
starts a game that plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mutated import mutated, plays, refusal, shipped

MIRROR = shipped("ancients", "mirror-fields")
RIDGE = shipped("ancients", "the-long-ridge")
VALLEYS = shipped("ancients", "twin-valleys")


def top_units(source: Path) -> str:
    """The text of the top side's ``units`` list."""
    text = source.read_text(encoding="utf-8")
    start = text.index("units = [", text.index("[top]"))
    return text[start : text.index("]\n", start) + 2]


REFUSED = [
    pytest.param(
        MIRROR, (top_units(MIRROR), "units = []\n"), "top.units",
        "the top army needs at least one unit", id="empty-army",
    ),
    pytest.param(
        RIDGE, (top_units(RIDGE), ""), "top.units", "the top army needs at least one unit",
        id="variant-without-an-army",
    ),
    pytest.param(
        VALLEYS, (top_units(VALLEYS), ""), "top.units", "the top army needs at least one unit",
        id="epic-without-an-army",
    ),
    pytest.param(
        MIRROR, ('title = "The Mirror Fields"', 'title = ""'), "title", "expected a name",
        id="empty-title",
    ),
    pytest.param(
        MIRROR, ('army = "Rome (mirror)"', 'army = "Rome\\u0000"'), "top.army", "got 'Rome\\x00'",
        id="nul-in-army",
    ),
    pytest.param(
        VALLEYS, ('name = "Hanno"', 'name = " "'), "top.leaders[0].name", "expected a name",
        id="blank-leader-name",
    ),
    pytest.param(
        RIDGE, ('name = "Scipio"', f'name = "{"S" * 300}"'), "bottom.leaders[0].name",
        "(300 characters)", id="long-leader-name",
    ),
    pytest.param(
        MIRROR, ('"Rome"\ncommand = 5\nbanners = 5', '"Rome"\ncommand = 5\nbanners = 0'),
        "bottom.banners", "from 1 to 60", id="no-banners",
    ),
    pytest.param(
        RIDGE, ('army = "Rome"\ncommand = 5', 'army = "Rome"\ncommand = 10000000000000000'),
        "bottom.command", "from 1 to 12", id="absurd-command",
    ),
    pytest.param(
        RIDGE, ('{ hex = "02-03", type = "LC" }', '{ hex = "02-03", type = "XX" }'),
        "top.units[0].type", "XX", id="unknown-unit-type",
    ),
    pytest.param(
        RIDGE, ('{ hex = "04-03", type = "LS" }', '{ hex = "02-03", type = "LS" }'),
        "top.units[1].hex", "two units on hex 02-03 (first at top.units[0])", id="duplicated-hex",
    ),
    pytest.param(
        RIDGE, ('{ hex = "02-03", type = "LC" }', '{ hex = "99-03", type = "LC" }'),
        "top.units[0].hex", "off the armageddon board", id="off-the-board",
    ),
    pytest.param(
        RIDGE, ('variant = "armageddon"', 'variant = "armageddon\\u0000"'),
        "variant", "unknown variant", id="unknown-variant",
    ),
    pytest.param(
        MIRROR, ('army = "Rome (mirror)"', "army = 7"), "top.army", "expected a string",
        id="wrong-type",
    ),
    pytest.param(
        RIDGE, ('variant = "armageddon"', 'variant = "armageddon"\nsettings.epic_command = true'),
        "settings.epic_command", "the variant's own command rules, not the Epic ones",
        id="variant-under-epic-rules",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("source", "edit", "key", "problem"), REFUSED)
@pytest.mark.quick(5)
def test_a_broken_scenario_is_refused_naming_the_key(
    tmp_path: Path, source: Path, edit: tuple[str, str], key: str, problem: str
) -> None:
    refusal("ancients", mutated(tmp_path, source, edit), key, problem)


@pytest.mark.parametrize(
    ("source", "edit"),
    [
        pytest.param(
            MIRROR, ('"Rome"\ncommand = 5\nbanners = 5', '"Rome"\ncommand = 5\nbanners = 1'),
            id="one-banner",
        ),
        pytest.param(RIDGE, ('name = "Scipio"', 'name = "Publius Cornelius Scipio"'), id="name"),
        pytest.param(VALLEYS, ('{ hex = "05-03", name = "Hanno" },', ""), id="epic-leader-less"),
        pytest.param(RIDGE, ('"Carthage"\ncommand = 5', '"Carthage"\ncommand = 1'),
                     id="command-1"),
    ],
)  # fmt: skip
@pytest.mark.quick(1)
def test_a_mutated_but_valid_scenario_plays(
    tmp_path: Path, source: Path, edit: tuple[str, str]
) -> None:
    path = mutated(tmp_path, source, edit)
    assert all(plays("ancients", path, seed, steps=200) > 0 for seed in (1, 2))
