"""Battle for Armageddon scenario files: every structural problem is a ScenarioError naming
file, key and problem; a file that loads starts a game that plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mutated import mutated, plays, refusal, shipped

CAMPAIGN = shipped("armageddon", "campaign")
ORKS = CAMPAIGN.read_text(encoding="utf-8").split("ork_counters = [")[1].split("]")[0]
ONLY_GHAZGHKULL = (ORKS, '\n  "ghazghkull",\n')

REFUSED = [
    pytest.param(
        (ORKS, ""), "ork_counters", "the Orks need at least one counter", id="no-ork-army",
    ),
    pytest.param(
        ('ork_areas = ["OT1", "OT2", "OT3", "OT4", "OT5", "OT6", "OT7", "OT8", "OT9", "OT10", '
         '"OT11", "OT12"]', "ork_areas = []"),
        "ork_areas", "at least one deployment area", id="no-ork-areas",
    ),
    pytest.param(
        ("turns = 8", "turns = 1000000000000000000000000000000"),
        "turns", "a whole number beyond 64 bits", id="absurd-turns",
    ),
    pytest.param(
        ("turns = 8", "turns = 100"), "turns", "from 1 to 99, got 100", id="too-many-turns"
    ),
    pytest.param(("turns = 8", "turns = -3"), "turns", "from 1 to 99", id="negative-turns"),
    pytest.param(("turns = 8", 'turns = "8"'), "turns", "expected an integer", id="wrong-type"),
    pytest.param(('name = "campaign"', 'name = ""'), "name", "expected a name", id="empty-name"),
    pytest.param(
        ('name = "campaign"', 'name = "camp\\u0000aign"'),
        "name", "printable characters, got 'camp\\x00aign'", id="nul-in-name",
    ),
    pytest.param(
        ('name = "campaign"', f'name = "{"x" * 201}"'), "name", "1 to 200", id="long-name",
    ),
    pytest.param(
        ('F7 = ["factory-F7"]', ""),
        "imperial", "the factory counter 'factory-F7' is not set up", id="site-left-out",
    ),
    pytest.param(
        ('2 = ["dante"', f'{"9" * 5000} = ["dante"'),
        f"reinforcements.'{'9' * 40}...' (5000 characters)",
        "expected a turn number from 1 to 8", id="absurd-reinforcement-turn",
    ),
    pytest.param(
        ("ork_counters = [", 'ork_counters = [\n  "ghazghkull",'),
        "ork_counters[1]", "placed twice (first at ork_counters[0])", id="duplicated-id",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("edit", "key", "problem"), REFUSED)
def test_a_broken_campaign_is_refused_naming_the_key(
    tmp_path: Path, edit: tuple[str, str], key: str, problem: str
) -> None:
    refusal("armageddon", mutated(tmp_path, CAMPAIGN, edit), key, problem)


@pytest.mark.parametrize(
    "edits",
    [
        pytest.param([ONLY_GHAZGHKULL], id="ghazghkull-alone"),
        pytest.param([ONLY_GHAZGHKULL, ("turns = 8", "turns = 3")], id="three-turns"),
        pytest.param([("[reinforcements]\n2 = ", "[reinforcements]\n1 = ")], id="early-marines"),
        pytest.param([('S2 = ["guard-20"]', "S2 = []")], id="an-empty-area-list"),
    ],
)
@pytest.mark.quick(1)
def test_a_mutated_but_valid_campaign_plays(tmp_path: Path, edits: list[tuple[str, str]]) -> None:
    path = mutated(tmp_path, CAMPAIGN, *edits)
    assert sum(plays("armageddon", path, seed) for seed in (1, 2)) > 100
