"""The 'Armageddon' scenario and scenario files of the variant (CCA-GEN-02, -03, CCA-GAP-01
to -03)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cca import legal, scenario_data, team_position

import wargames
from wargames.ancients.scenario import load_scenario, scenario_from_data
from wargames.core.errors import ScenarioError

NAME = "the-long-ridge"


@pytest.mark.rule("CCA-GEN-03", "CCA-GAP-03", "CCA-HAND-01")
def test_the_shipped_scenario_is_ours_with_twice_the_units() -> None:
    sc = load_scenario(NAME)
    base = load_scenario("river-crossing")
    assert sc.variant == "armageddon" and sc.provenance == "original"
    assert "our" in sc.note.lower() or "original" in sc.note.lower()
    assert sc.board.layout.id == "armageddon"
    for side in ("bottom", "top"):
        units = [p for p in sc.pieces if sc.sides[p] == side and sc.types[p] is not None]
        base_units = [p for p in base.pieces if base.sides[p] == side and base.types[p]]
        assert len(units) == 2 * len(base_units) == 24
    assert sc.command == (5, 5) and sc.target == (6, 6)
    assert base.variant == ""


@pytest.mark.rule("CCA-GEN-02", "CCA-GAP-01", "CCA-GAP-02")
def test_the_base_rules_and_every_unit_of_the_table_apply() -> None:
    s = team_position(
        {"03-07": "HI", "07-07": "LI", "11-07": "CAM"},
        {"07-05": "EL"},
        players=1,
        placed=(("order-two-left", "order-two-center", ""), ("", "", "")),
        hands=(("rally",), ()),
    )
    # the heavy infantry unit moves one hex, as in the base game
    s = s.apply("order 03-07")
    assert s.current_player == "bottom"
    s = s.apply("order 11-07")  # camels, an Expansion unit of the unit table
    moves = [a for a in legal(s) if a.startswith("move 03-07")]
    assert moves and all(a.split()[2][3:] in ("06", "07", "08") for a in moves)
    # no unit beyond the base engine's table: an Expansion #1 type of its own is unknown
    with pytest.raises(ScenarioError) as exc:
        scenario_from_data(scenario_data({"03-07": "HOPLITE"}, {"03-03": "MI"}))
    assert exc.value.key == "bottom.units[0].type" and "unknown unit" in exc.value.problem


@pytest.mark.rule("CCA-GAP-03")
def test_bad_scenario_files_raise_scenario_error(tmp_path: Path) -> None:
    data = scenario_data({"03-07": "MI"}, {"03-03": "MI"})
    data["board"]["layout"] = "standard"
    with pytest.raises(ScenarioError) as exc:
        scenario_from_data(data)
    assert exc.value.key == "variant"
    data = scenario_data({"03-07": "MI"}, {"03-03": "MI"})
    data["variant"] = "epic"
    with pytest.raises(ScenarioError) as exc:
        scenario_from_data(data)
    assert exc.value.key == "variant"
    data = scenario_data({"30-07": "MI"}, {"03-03": "MI"})
    with pytest.raises(ScenarioError) as exc:
        scenario_from_data(data)
    assert "off the armageddon board" in exc.value.problem
    path = tmp_path / "bad.toml"
    path.write_text('title = "x"\nprovenance = "original"\nvariant = "armageddon"\nfirst = "top"\n')
    with pytest.raises(ScenarioError):
        wargames.load("ancients", str(path))
    with pytest.raises(ScenarioError) as exc:
        wargames.load("ancients", "river-crossing", players=2)
    assert exc.value.key == "players"
