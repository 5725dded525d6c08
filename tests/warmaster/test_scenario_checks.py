"""The Warmaster's scenario files: every structural problem is a ScenarioError naming file,
key and problem; a file that loads starts a game that plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mutated import mutated, plays, refusal, shipped

BOARDING = shipped("warmaster", "boarding")
GUARD = "units = { imperial-guard = 3 }"

REFUSED = [
    pytest.param(
        ("turn = 2", "turn = 1000000000000000000000000000000"),
        "imperial[1].turn", "a whole number beyond 64 bits", id="absurd-wave-turn",
    ),
    pytest.param(
        ("turn = 2", "turn = 1000000"),
        "imperial[1].turn", "from 1 to 1000", id="late-wave-turn",
    ),
    pytest.param(("turn = 2", "turn = 0"), "imperial[1].turn", "from 1 to 1000", id="turn-0"),
    pytest.param(
        ("bot_turn_cap = 12", "bot_turn_cap = 99999999"),
        "options.bot_turn_cap", "from 0 to 1000", id="absurd-cap",
    ),
    pytest.param(
        ("\nturn_cap = 0", "\nturn_cap = -1"), "options.turn_cap", "from 0 to 1000",
        id="negative-cap",
    ),
    pytest.param(
        (GUARD, "units = {}"), "imperial[1].units", "a wave needs at least one unit",
        id="empty-wave",
    ),
    pytest.param(('name = "boarding"', 'name = ""'), "name", "expected a name", id="empty-name"),
    pytest.param(
        ('name = "boarding"', 'name = "a\\u0000b"'), "name", "got 'a\\x00b'", id="nul-in-name",
    ),
    pytest.param(
        (GUARD, "units = { imperial-guard = 30 }"),
        "imperial[1].units.imperial-guard", "30 imperial-guard counters used but the manifest",
        id="more-than-the-manifest",
    ),
    pytest.param(
        (GUARD, "units = { inquisitor = 1 }"),
        "imperial[1].units.inquisitor", "unknown counter 'inquisitor'", id="unknown-counter",
    ),
    pytest.param(
        ("horus = 1\n", ""), "traitor.face_down", "Horus must be among", id="no-horus",
    ),
    pytest.param(
        ('bridge_control = "traitor"', "bridge_control = 1"),
        "bridge_control", "expected a string", id="wrong-type",
    ),
    pytest.param(
        ("turn = 2", "turn = 1"), "imperial[1].turn", "turn 1 already has a wave",
        id="duplicated-turn",
    ),
    pytest.param(
        ('first = "emperor"', 'first = "custodes"'), "imperial[0].first",
        "the manifest has 3 custodes counters", id="first-not-one-of-a-kind",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("edit", "key", "problem"), REFUSED)
def test_a_broken_boarding_is_refused_naming_the_key(
    tmp_path: Path, edit: tuple[str, str], key: str, problem: str
) -> None:
    refusal("warmaster", mutated(tmp_path, BOARDING, edit), key, problem)


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(("turn = 2", "turn = 5"), id="late-guard"),
        pytest.param((GUARD, "units = { imperial-guard = 1 }"), id="one-guard"),
        pytest.param(("[traitor.cup]\nangron = 1\n", "[traitor.cup]\n"), id="no-angron"),
        pytest.param(('bridge_control = "traitor"', 'bridge_control = "imperial"'), id="bridge"),
    ],
)
@pytest.mark.quick(1)
def test_a_mutated_but_valid_boarding_plays(tmp_path: Path, edit: tuple[str, str]) -> None:
    path = mutated(tmp_path, BOARDING, edit)
    assert sum(plays("warmaster", path, seed) for seed in (1, 2, 3)) > 100
