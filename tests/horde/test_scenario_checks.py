"""P-Scale scenario files: every structural problem is a ScenarioError naming file, key and
problem; a file that loads starts a battle that plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mutated import mutated, plays, refusal, shipped

MIRROR = shipped("horde", "mirror")
TEXT = MIRROR.read_text(encoding="utf-8")
BLUE_HORDES = TEXT[TEXT.index("[[blue.horde]]") : TEXT.index("[red]")]
A1 = '[[blue.horde]]\nid = "A1"\nprofile = "guard-infantry"\nat = "03-03"\n'
A1_B1 = (
    '[[blue.horde]]\nid = "A1"\nprofile = "guard-infantry"\nat = "03-03"\n',
    '[[blue.horde]]\nid = "B1"\nprofile = "guard-infantry"\nat = "03-03"\n',
)

REFUSED = [
    pytest.param(
        (BLUE_HORDES, ""), "blue.horde", "the blue army needs at least one horde",
        id="empty-army",
    ),
    pytest.param(
        ("width = 12", "width = 1000000"),
        "width", "from 2 to 99", id="absurd-width",
    ),
    pytest.param(("rounds = 10", "rounds = 0"), "rounds", "from 1 to 99", id="no-rounds"),
    pytest.param(("width = 12", 'width = "12"'), "width", "expected an integer", id="wrong-type"),
    pytest.param(
        ('title = "Mirror Match"', 'title = ""'), "title", "expected a name", id="empty-title",
    ),
    pytest.param(
        ('army = "Imperial Guard (blue)"', 'army = "Imperial\\u0000Guard"'),
        "blue.army", "got 'Imperial\\x00Guard'", id="nul-in-army",
    ),
    pytest.param(
        ('name = "the ruined chapel"', 'name = "   "'),
        "objective[0].name", "expected a name", id="blank-objective-name",
    ),
    pytest.param(
        ('note = """Our own design.', 'note = """Our own\\u0007design.'),
        "note", "printable characters", id="bell-in-note",
    ),
    pytest.param(
        (A1, A1.replace('"A1"', f'"A{"1" * 40}"')),
        "blue.horde[1].id", "at most 40 characters", id="long-unit-id",
    ),
    pytest.param(
        (A1, A1.replace('"A1"', '"A2"')),
        "blue.horde[2].id", "duplicate unit id 'A2' (first at blue.horde[1].id)",
        id="duplicated-id",
    ),
    pytest.param(
        (A1, A1.replace("guard-infantry", "tau-fire-warriors-xyz")),
        "blue.horde[1].profile", "unknown horde profile 'tau-fire-warriors-xyz'",
        id="unknown-profile",
    ),
    pytest.param(
        (A1, A1 + "magnitude = 1000000\n"),
        "blue.horde[1].magnitude", "expected a whole number from 1 to", id="absurd-magnitude",
    ),
    pytest.param(
        ("points = 3", "points = -1"), "objective[0].points", "from 1 to 99",
        id="negative-points",
    ),
    pytest.param(
        ('at = "03-03"', 'at = "30-03"'), "blue.horde[1].at", "off the 12x8 grid",
        id="off-the-grid",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("edit", "key", "problem"), REFUSED)
def test_a_broken_mirror_is_refused_naming_the_key(
    tmp_path: Path, edit: tuple[str, str], key: str, problem: str
) -> None:
    refusal("horde", mutated(tmp_path, MIRROR, edit), key, problem)


@pytest.mark.parametrize(
    "edits",
    [
        pytest.param([("rounds = 10", "rounds = 1")], id="one-round"),
        pytest.param([("rounds = 10", "rounds = 99")], id="ninety-nine-rounds"),
        pytest.param([("width = 12\nheight = 8", "width = 99\nheight = 99")], id="largest-field"),
        pytest.param([('hq = ["01-01:01-08"]', 'hq = ["01-01:12-08"]')], id="hq-everywhere"),
        pytest.param([(A1, "")], id="one-horde-fewer"),
    ],
)
@pytest.mark.quick(1)
def test_a_mutated_but_valid_mirror_plays(tmp_path: Path, edits: list[tuple[str, str]]) -> None:
    path = mutated(tmp_path, MIRROR, *edits)
    assert all(plays("horde", path, seed) > 0 for seed in (1, 2))
