"""Battle for Armageddon's reference data: the shipped files, the loader and its errors."""

from __future__ import annotations

import shutil
import tomllib
from collections import Counter
from itertools import permutations
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

import wargames.armageddon.data as bfa
from wargames.armageddon.data import (
    IMPERIUM,
    ORKS,
    PHASES,
    TRIBES,
    ArmageddonData,
    CounterSpec,
    default_data,
    load_data,
)
from wargames.armageddon.scenario import Setup, load_setup, scenario_names
from wargames.core.errors import ScenarioError
from wargames.core.odds import Odds, odds_ratio
from wargames.core.scenario import PROVENANCES

PACKAGE_DIR = Path(bfa.__file__).parent
DATA_DIR = PACKAGE_DIR / "data"
CAMPAIGN = PACKAGE_DIR / "scenarios" / "campaign.toml"

AREA_IDS = [
    *(f"OT{i}" for i in range(1, 13)),
    "N1", "HAD", "F1", "N2", "INF", "N3",
    "F2", "S1", "S2", "F3", "S3",
    "W1", "M1", "C1", "C2", "E1", "HEL",
    "W2", "M2", "C3", "F4", "E2",
    "W3", "ACH", "C4", "F5", "E3",
    "F6", "S4", "M3", "S5", "TAR",
    "S6", "S7", "F7", "S8", "S9",
]  # fmt: skip
RIVERS = {
    "Diablo": {("OT8", "OT9"), ("OT9", "F1"), ("F1", "N2"), ("N2", "S2"), ("S2", "F3")},
    "Stygies": {
        ("C1", "S1"), ("C1", "S2"), ("C2", "F3"), ("C2", "S2"), ("E1", "F3"),
        ("E1", "S3"), ("F2", "M1"), ("F2", "W1"), ("M1", "S1"),
    },
    "Hemlock": {
        ("E2", "F4"), ("E3", "F4"), ("E3", "F5"), ("E3", "S5"), ("S5", "S9"),
        ("S5", "TAR"), ("S8", "S9"),
    },
}  # fmt: skip
HIVES = {"HAD": "Hades", "ACH": "Acheron", "TAR": "Tartarus", "HEL": "Helsreach", "INF": "Infernus"}


@pytest.fixture(scope="module")
def data() -> ArmageddonData:
    return default_data()


@pytest.fixture(scope="module")
def setup(data: ArmageddonData) -> Setup:
    return load_setup("campaign", data)


def side(data: ArmageddonData, which: str) -> list[CounterSpec]:
    return [c for c in data.counters.values() if c.side == which]


def raw(name: str) -> dict[str, Any]:
    with (DATA_DIR / name).open("rb") as f:
        return tomllib.load(f)


# ------------------------------------------------------------------------------------ map


@pytest.mark.rule("BFA-GAP-03")
def test_map_has_the_49_areas_of_the_table(data: ArmageddonData) -> None:
    assert sorted(data.board.ids) == sorted(AREA_IDS)
    assert len(data.board) == 49
    assert {a for a in AREA_IDS if data.board[a].terrain == "mountain"} == {"M1", "M2", "M3"}
    assert data.board["OT9"].name == "Diablo Headwaters"


@pytest.mark.rule("BFA-GAP-03")
def test_area_positions_follow_the_brick_grid(data: ArmageddonData) -> None:
    assert data.board["OT1"].pos == (0.0, 0.0)
    assert data.board["OT8"].pos == (1.5, 1.0)
    assert data.board["HEL"].pos == (5.0, 4.0)
    assert data.board["S9"].pos == (4.0, 8.0)


@pytest.mark.rule("BFA-GAP-03", "BFA-GAP-02")
def test_the_46_passable_areas_are_connected(data: ArmageddonData) -> None:
    passable = [a for a in data.board.ids if data.terrain[data.board[a].terrain].enterable]
    assert len(passable) == 46
    assert nx.is_connected(data.board.graph.subgraph(passable))


@pytest.mark.rule("BFA-GAP-03")
def test_adjacency_in_the_file_is_symmetric() -> None:
    listed = {a["id"]: a["adjacent"] for a in raw("map.toml")["area"]}
    for a, neighbours in listed.items():
        assert len(set(neighbours)) == len(neighbours)
        for b in neighbours:
            assert a in listed[b], f"{a} lists {b} but {b} does not list {a}"


@pytest.mark.rule("BFA-GAP-03")
def test_rivers_run_along_exactly_the_listed_borders(data: ArmageddonData) -> None:
    assert {name: set(borders) for name, borders in data.rivers.items()} == RIVERS
    on_river = {
        frozenset((a, b)): data.board.features(a, b)
        for a, b in data.board.graph.edges
        if data.board.features(a, b)
    }
    expected = {frozenset(p): name for name, pairs in RIVERS.items() for p in pairs}
    assert set(on_river) == set(expected)
    for pair, name in expected.items():
        assert on_river[pair] == {"river", f"river:{name}"}
    assert data.board.crosses("F1", "OT9", "river:Diablo")
    assert not data.board.crosses("OT10", "N2", "river")


@pytest.mark.rule("BFA-MOVE-14-EX", "BFA-MOVE-15-EX", "BFA-MOVE-16-EX")
def test_the_movement_example_fits_the_map_and_the_counters(
    data: ArmageddonData, setup: Setup
) -> None:
    # Gargant (movement 1) OT9 -> F1 across the Diablo, into a factory (smoking ruins).
    assert data.counters["bad-moon-gargant"].movement == 1
    assert data.board.crosses("OT9", "F1", "river:Diablo")
    assert data.board["F1"].has("factory")
    # Nobz (movement 2) OT8 -> F1 -> S1, an ash waste south of Hades and its 6th Guard Army.
    assert {c.movement for c in data.counters.values() if c.kind == "nobz"} == {2}
    assert data.board.adjacent("OT8", "F1") and data.board.adjacent("F1", "S1")
    assert data.board["S1"].terrain == "ash-waste"
    assert data.board.adjacent("S1", "HAD") and "guard-6" in setup.imperial["HAD"]
    # Battlewagons (movement 3) OT9 -> F1 -> S1 and must stop there with one move unused.
    wagons = data.counters["bad-moon-battlewagons-1"]
    assert wagons.movement == 3
    ash = data.terrain["ash-waste"]
    reach = data.board.reach(
        "OT9",
        wagons.movement,
        can_enter=lambda a: data.terrain[data.board[a].terrain].enterable,
        stops=lambda a: ORKS in data.terrain[data.board[a].terrain].stops,
    )
    assert reach["S1"] == 2 and ORKS in ash.stops and IMPERIUM in ash.stops


@pytest.mark.rule("BFA-SETUP-03", "BFA-SETUP-02")
def test_five_hives_by_name_and_seven_factories(data: ArmageddonData) -> None:
    hive_areas = data.board.with_tag("hive")
    assert set(hive_areas) == set(HIVES)
    for area, name in HIVES.items():
        assert name in data.board[area].name
    hives = [c for c in data.counters.values() if c.kind == "hive"]
    assert sorted(c.name for c in hives) == sorted(f"{n} Hive" for n in HIVES.values())
    factory_areas = data.board.with_tag("factory")
    assert sorted(factory_areas) == [f"F{i}" for i in range(1, 8)]
    factories = [c for c in data.counters.values() if c.kind == "factory"]
    assert sorted(c.id for c in factories) == [f"factory-F{i}" for i in range(1, 8)]
    assert {data.board[a].terrain for a in (*hive_areas, *factory_areas)} == {"industrial"}


@pytest.mark.rule("BFA-SUPPLY-11")
def test_helsreach_is_an_imperial_supply_area(data: ArmageddonData) -> None:
    assert "HEL" in data.supply[IMPERIUM]
    assert data.board["HEL"].has("port")
    assert set(data.supply[IMPERIUM]) == {"HEL", "S6", "S7", "F7", "S8", "S9"}
    assert set(data.supply[ORKS]) == {f"OT{i}" for i in range(1, 13)}


# ------------------------------------------------------------------------------- counters


def test_the_manifest_holds_129_playing_counters(data: ArmageddonData) -> None:
    kinds = Counter(c.kind for c in data.counters.values())
    assert len(data.counters) == 129
    assert len(side(data, ORKS)) == 34
    assert len([c for c in side(data, IMPERIUM) if not c.structure]) == 67
    assert (kinds["fortification"], kinds["hive"], kinds["factory"]) == (16, 5, 7)
    assert (kinds["guard-army"], kinds["rough-riders"], kinds["hive-gangs"]) == (30, 8, 20)
    assert (kinds["chapter"], kinds["titan-legion"]) == (3, 4)
    assert all(
        c.structure == (c.kind in ("fortification", "hive", "factory"))
        for c in side(data, IMPERIUM)
    )


@pytest.mark.rule("BFA-COMP-06", "BFA-SETUP-06")
def test_34_ork_counters_in_three_tribes_all_deployed(data: ArmageddonData, setup: Setup) -> None:
    orks = side(data, ORKS)
    assert all(c.tribe in TRIBES for c in orks)
    assert all(c.tribe is None for c in side(data, IMPERIUM))
    assert Counter(c.tribe for c in orks) == {"goff": 12, "bad-moon": 11, "evil-sunz": 11}
    assert data.counters["ghazghkull"].tribe == "goff"
    assert sorted(setup.ork_counters) == sorted(c.id for c in orks)


@pytest.mark.rule("BFA-SETUP-07")
def test_the_ork_army_fits_ork_territory_one_tribe_per_area(
    data: ArmageddonData, setup: Setup
) -> None:
    assert all(data.board[a].has("ork-territory") for a in setup.ork_areas)
    assert len(setup.ork_areas) == 12
    counting = Counter(
        data.counters[c].tribe for c in setup.ork_counters if not data.counters[c].exempt
    )
    assert sum(-(-n // 3) for n in counting.values()) <= len(setup.ork_areas)


@pytest.mark.rule("BFA-STACK-03")
def test_exactly_the_rulebooks_counters_are_stack_exempt(data: ArmageddonData) -> None:
    exempt = {c.id for c in data.counters.values() if c.exempt}
    structures = {c.id for c in data.counters.values() if c.structure}
    assert exempt == {"ghazghkull", "yarrick", "dante"} | structures


@pytest.mark.rule("BFA-BUILD-10-EX", "BFA-BUILD-09")
def test_named_guard_armies_and_one_cost_per_type(data: ArmageddonData) -> None:
    first, twentieth = data.counters["guard-1"], data.counters["guard-20"]
    assert (first.name, str(first)) == ("1st Guard Army", "1st Guard Army (4-5-1)")
    assert (twentieth.name, str(twentieth)) == ("20th Guard Army", "20th Guard Army (2-3-1)")
    assert first.provenance == twentieth.provenance == "rulebook"
    guards = [c for c in data.counters.values() if c.kind == "guard-army"]
    assert {c.id for c in guards} == {f"guard-{n}" for n in range(1, 31)}
    assert len({(c.attack, c.defence, c.movement) for c in guards}) > 1
    assert data.costs[first.kind] is data.costs[twentieth.kind]
    assert set(data.costs) <= {c.kind for c in data.counters.values()}


def test_counter_names_and_order() -> None:
    data = default_data()
    assert data.counters["rough-riders-2"].name == "2nd Rough Riders Brigade"
    gangs = [c for c in data.counters.values() if c.kind == "hive-gangs"]
    assert [(c.attack, c.defence, c.movement) for c in gangs] == [(1, 2, 1)] * 12 + [(2, 2, 1)] * 8
    assert gangs[0].name.startswith("Hades Hive Gangs")
    assert all(any(h in c.name for h in HIVES.values()) for c in gangs)


@pytest.mark.rule("BFA-COMBAT-24-EX")
def test_combat_example_strength(data: ArmageddonData, setup: Setup) -> None:
    attackers = ["ghazghkull", *(f"goff-hordes-{n}" for n in range(1, 5))]
    attack = sum(data.counters[c].attack for c in attackers)
    assert [data.counters[c].attack for c in attackers] == [5, 6, 6, 6, 6]
    assert {data.counters[c].tribe for c in attackers} == {"goff"}
    defence = data.counters["guard-3"].defence + data.counters["rough-riders-2"].defence
    assert (data.counters["guard-3"].defence, data.counters["rough-riders-2"].defence) == (2, 4)
    assert (attack, defence) == (29, 6)
    assert odds_ratio(attack, defence) == Odds(4, 1)
    assert data.crt.column_for(attack, defence) == Odds(4, 1)
    assert data.crt.column_for(attack + 1, defence) == Odds(5, 1)
    # Where the example can be replayed: both defenders unfortified in N2, next to F1 across the
    # Diablo and to OT10 without a river.
    assert sorted(setup.imperial["N2"]) == ["guard-3", "rough-riders-2"]
    assert data.board.crosses("F1", "N2", "river") and not data.board.crosses("OT10", "N2", "river")


@pytest.mark.rule("BFA-GAP-01")
def test_crt_columns_and_the_two_known_cells(data: ArmageddonData) -> None:
    crt = data.crt
    assert [str(o) for o in crt.columns] == ["1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1"]
    assert all(len(col) == 6 for col in crt.cells)
    assert set(crt.results) == {"AE", "AR", "EX", "DR", "DE"}
    assert crt.result(Odds(4, 1), 2) == "EX"
    assert crt.result(Odds(4, 1), 6) == "DE"
    rank = {"AE": 0, "AR": 1, "EX": 2, "DR": 3, "DE": 4}
    for col in crt.cells:
        assert [rank[c] for c in col] == sorted(rank[c] for c in col)
    for worse, better in zip(crt.cells, crt.cells[1:], strict=False):
        assert all(rank[a] <= rank[b] for a, b in zip(worse, better, strict=True))


def test_crt_result_provenance() -> None:
    results = {r["code"]: r["provenance"] for r in raw("crt.toml")["result"]}
    assert results == {
        "AE": "reconstructed", "AR": "reconstructed", "EX": "rulebook",
        "DR": "reconstructed", "DE": "rulebook",
    }  # fmt: skip


# ---------------------------------------------------------------------------------- costs


@pytest.mark.rule("BFA-BUILD-07-EX")
def test_chapters_have_no_cost(data: ArmageddonData) -> None:
    chapters = {c.id for c in data.counters.values() if c.kind == "chapter"}
    assert chapters == {"blood-angels", "ultramarines", "salamanders"}
    assert "chapter" not in data.costs


@pytest.mark.rule("BFA-BUILD-14-EX")
def test_hive_gangs_stand_one_space_from_ready(data: ArmageddonData) -> None:
    assert data.costs["hive-gangs"].space == 1


@pytest.mark.rule("BFA-GAP-06")
def test_build_costs_and_spaces(data: ArmageddonData) -> None:
    table = {k: (c.cost, c.space) for k, c in data.costs.items()}
    assert table == {
        "guard-army": (5, 2), "rough-riders": (4, 2), "hive-gangs": (2, 1),
        "titan-legion": (8, 3), "fortification": (2, 2),
    }  # fmt: skip
    assert not any(c.kind in data.costs for c in side(data, ORKS))


# ---------------------------------------------------------------------------------- cards


@pytest.mark.rule("BFA-STRAT-01", "BFA-STRAT-02", "BFA-GAP-07")
def test_six_strategy_cards_per_side_each_two_phases(data: ArmageddonData) -> None:
    for who in (ORKS, IMPERIUM):
        cards = [c for c in data.strategy.values() if c.side == who]
        assert len(cards) == 6
        assert {c.phases for c in cards} == set(permutations(PHASES, 2))
        for card in cards:
            assert card.id == f"{who}-{card.phases[0][0]}{card.phases[1][0]}"
    assert data.strategy["orks-mc"].phases == ("movement", "combat")
    assert str(data.strategy["imperium-bc"]) == "build & combat"


@pytest.mark.rule("BFA-GAP-08")
def test_six_special_cards_per_side(data: ArmageddonData) -> None:
    ids = {who: {c.id for c in data.special.values() if c.side == who} for who in (ORKS, IMPERIUM)}
    assert ids[ORKS] == {
        "waaagh", "ere-we-go", "kult-of-speed", "mekboyz", "tunnel-rats", "looted-supplies",
    }  # fmt: skip
    assert ids[IMPERIUM] == {
        "heroic-stand", "orbital-strike", "emergency-production", "astropathic-warning",
        "thunderbolt-wing", "rail-convoy",
    }  # fmt: skip
    assert all(c.effect == c.id and c.text and c.name for c in data.special.values())


# --------------------------------------------------------------------------------- set-up


@pytest.mark.rule("BFA-SETUP-01", "BFA-BUILD-02")
def test_hive_and_factory_defence_is_the_20_starting_build_points(
    data: ArmageddonData, setup: Setup
) -> None:
    sites = [c for c in data.counters.values() if c.kind in ("hive", "factory")]
    assert sum(c.defence for c in sites) == 20 == setup.build_points
    placed = {c for stack in setup.imperial.values() for c in stack}
    assert {c.id for c in sites} <= placed
    assert setup.turns == 8


@pytest.mark.rule("BFA-SETUP-04", "BFA-STACK-02", "BFA-STACK-03")
def test_imperial_setup_obeys_stacking(data: ArmageddonData, setup: Setup) -> None:
    for stack in setup.imperial.values():
        assert sum(1 for c in stack if not data.counters[c].exempt) <= 3
    # Hades holds three counting counters plus the exempt hive, Yarrick and a fortification.
    assert len(setup.imperial["HAD"]) == 6
    assert all(data.counters[c].side == IMPERIUM for s in setup.imperial.values() for c in s)


@pytest.mark.rule("BFA-GAP-05")
def test_campaign_setup_contents(data: ArmageddonData, setup: Setup) -> None:
    placed = [c for stack in setup.imperial.values() for c in stack]
    assert len(placed) == len(set(placed))
    kinds = Counter(data.counters[c].kind for c in placed)
    assert kinds["guard-army"] == 9 and kinds["rough-riders"] == 2 and kinds["hive-gangs"] == 6
    assert kinds["titan-legion"] == 1 and kinds["fortification"] == 5 and kinds["commissar"] == 1
    for area, name in HIVES.items():
        assert f"hive-{name.lower()}" in setup.imperial[area]
    for i in range(1, 8):
        assert f"factory-F{i}" in setup.imperial[f"F{i}"]
    assert setup.reinforcements == {2: ("dante", "blood-angels", "ultramarines", "salamanders")}
    pool = set(c.id for c in side(data, IMPERIUM)) - set(placed) - set(setup.reinforcements[2])
    assert len(pool) == 21 + 6 + 14 + 3 + 11


@pytest.mark.rule("BFA-GAP-05")
def test_every_imperial_stack_starts_in_supply(data: ArmageddonData, setup: Setup) -> None:
    def passable(area: str) -> bool:
        terrain = data.terrain[data.board[area].terrain]
        return not terrain.blocks_supply and area not in setup.ork_areas

    supplied = data.board.connected_to(data.supply[IMPERIUM], passable)
    assert set(setup.imperial) <= supplied


def test_scenario_names_and_setup_by_path(data: ArmageddonData) -> None:
    assert "campaign" in scenario_names()
    by_path = load_setup(str(CAMPAIGN), data)
    assert by_path.imperial == load_setup("campaign", data).imperial
    assert by_path.name == "campaign"


# ----------------------------------------------------------------------------- provenance


RECORDS = {
    "map.toml": ("area", "river"),
    "terrain.toml": ("terrain",),
    "counters.toml": ("group",),
    "costs.toml": ("cost",),
    "crt.toml": ("result", "column"),
    "cards.toml": ("strategy", "special"),
}


@pytest.mark.parametrize("file", sorted(RECORDS))
def test_every_record_has_a_provenance(file: str) -> None:
    content = raw(file)
    for key in RECORDS[file]:
        records = content[key]
        assert isinstance(records, list) and records
        for record in records:
            assert record["provenance"] in PROVENANCES, (file, key, record)
    with CAMPAIGN.open("rb") as f:
        assert tomllib.load(f)["provenance"] in PROVENANCES


def test_every_loaded_object_has_a_provenance(data: ArmageddonData, setup: Setup) -> None:
    objects: list[object] = [
        *data.terrain.values(), *data.counters.values(), *data.costs.values(),
        *data.strategy.values(), *data.special.values(), data.crt, setup,
    ]  # fmt: skip
    assert all(getattr(o, "provenance", None) in PROVENANCES for o in objects)


# ------------------------------------------------------------------------- loader options


def test_default_data_is_cached() -> None:
    assert default_data() is default_data()


def test_a_folder_replaces_only_the_files_it_holds(tmp_path: Path) -> None:
    text = (DATA_DIR / "crt.toml").read_text(encoding="utf-8")
    old = 'rows = ["EX", "EX", "DR", "DR", "DE", "DE"]'
    assert text.count(old) == 1
    (tmp_path / "crt.toml").write_text(text.replace(old, old.replace('"EX", "EX"', '"EX", "DR"')))
    data = load_data(tmp_path)
    assert data.crt.result(Odds(4, 1), 2) == "DR"
    assert len(data.board) == 49 and len(data.counters) == 129


def test_a_missing_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="no such folder"):
        load_data(tmp_path / "nowhere")


def test_an_unknown_scenario_is_an_error(data: ArmageddonData) -> None:
    with pytest.raises(ScenarioError, match="unknown scenario"):
        load_setup("no-such-scenario", data)


# -------------------------------------------------------------------------- broken files


def broken_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """The shipped data folder copied to ``tmp_path`` with ``old`` replaced once in ``file``."""
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {file}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return folder


def check(error: ScenarioError, file: str, key: str, problem: str) -> None:
    assert Path(error.file).name == file
    assert error.key == key
    assert problem in error.problem
    assert file in str(error) and key in str(error) and problem in str(error)


OT1 = 'id = "OT1"\nname = "Western Jungle Fringe"\nrow = 0\ncol = 0\nterrain = "jungle"\n'

DATA_ERRORS = [
    pytest.param(
        "map.toml", OT1, OT1.replace('terrain = "jungle"\n', ""),
        "area[0].terrain", "missing key", id="missing-key",
    ),
    pytest.param(
        "map.toml", OT1, OT1.replace('row = 0', 'row = "0"'),
        "area[0].row", "expected an integer", id="wrong-type",
    ),
    pytest.param(
        "map.toml", OT1, OT1.replace('"jungle"', '"swamp"'),
        "area[0].terrain", "unknown terrain 'swamp'", id="unknown-terrain",
    ),
    pytest.param(
        "map.toml", 'adjacent = ["OT2", "OT7"]', 'adjacent = ["OT2", "OT99"]',
        "area[0].adjacent[1]", "unknown area 'OT99'", id="unknown-area-in-adjacency",
    ),
    pytest.param(
        "map.toml", 'adjacent = ["OT1", "OT3", "OT7", "OT8"]', 'adjacent = ["OT3", "OT7", "OT8"]',
        "area[0].adjacent[0]", "OT1 lists OT2 but OT2 does not list OT1", id="asymmetric",
    ),
    pytest.param(
        "map.toml", 'id = "OT2"', 'id = "OT1"',
        "area[1].id", "duplicate area id 'OT1'", id="duplicate-area",
    ),
    pytest.param(
        "map.toml", 'tags = ["ork-territory", "ork-supply"]\nadjacent = ["OT2", "OT7"]',
        'tags = ["ork-territory", "ork-suply"]\nadjacent = ["OT2", "OT7"]',
        "area[0].tags[1]", "unknown tag 'ork-suply'", id="unknown-tag",
    ),
    pytest.param(
        "map.toml", '  ["OT8", "OT9"],', '  ["OT8", "OT99"],',
        "river[0].borders[0][1]", "unknown area 'OT99'", id="unknown-area-in-river",
    ),
    pytest.param(
        "map.toml", '  ["OT8", "OT9"],', '  ["OT8", "S9"],',
        "river[0].borders[0]", "OT8 and S9 are not adjacent", id="river-not-a-border",
    ),
    pytest.param(
        "map.toml", '  ["E2", "F4"],', '  ["OT8", "OT9"],',
        "river[2].borders[0]", "already carries a river", id="river-twice",
    ),
    pytest.param(
        "map.toml", 'provenance = "reconstructed"\n\n[[area]]\nid = "OT2"',
        'provenance = "made-up"\n\n[[area]]\nid = "OT2"',
        "area[0].provenance", "unknown value 'made-up'", id="bad-provenance",
    ),
    pytest.param(
        "terrain.toml", 'stops = ["imperium"]', 'stops = ["eldar"]',
        "terrain[2].stops[0]", "unknown side 'eldar'", id="unknown-side",
    ),
    pytest.param(
        "counters.toml", '{ id = "goff-nobz-2", name', '{ id = "goff-nobz-1", name',
        "group[2].counters[1].id", "duplicate counter id 'goff-nobz-1'", id="duplicate-counter",
    ),
    pytest.param(
        "counters.toml", 'kind = "titan-legion"', 'kind = "titan"',
        "group[28].kind", "unknown counter kind 'titan'", id="unknown-kind",
    ),
    pytest.param(
        "counters.toml", 'kind = "warlord"\ntribe = "goff"\n', 'kind = "warlord"\n',
        "group[0].tribe", "missing key", id="ork-without-tribe",
        marks=pytest.mark.rule("BFA-COMP-06"),
    ),
    pytest.param(
        "counters.toml", 'kind = "warlord"\ntribe = "goff"\nattack = 5\ndefence',
        'kind = "warlord"\ntribe = "goff"\nattack = 5\ndefense',
        "group[0].defense", "unknown key", id="unknown-key",
    ),
    pytest.param(
        "costs.toml", 'kind = "titan-legion"', 'kind = "chapter-x"',
        "cost[3].kind", "unknown counter kind 'chapter-x'", id="cost-of-unknown-kind",
    ),
    pytest.param(
        "crt.toml", 'rows = ["EX", "EX", "DR", "DR", "DE", "DE"]', 'rows = ["EX", "EX", "DR"]',
        "column[5].rows", "expected 6 results", id="crt-short-column",
    ),
    pytest.param(
        "crt.toml", 'rows = ["EX", "EX", "DR", "DR", "DE", "DE"]',
        'rows = ["EX", "EX", "DR", "DR", "XX", "DE"]',
        "column[5].rows[4]", "undefined result code 'XX'", id="crt-undefined-code",
    ),
    pytest.param(
        "crt.toml", 'odds = "5-1"', 'odds = "2-1"',
        "column[6].odds", "worst to best", id="crt-column-order",
    ),
    pytest.param(
        "crt.toml", 'odds = "5-1"', 'odds = "5-2"',
        "column[6].odds", "expected odds like", id="crt-bad-odds",
    ),
    pytest.param(
        "cards.toml", 'id = "orks-bc"\nside = "orks"', 'id = "orks-bc"\nside = "imperium"',
        "strategy", "orks has 5 strategy cards", id="five-strategy-cards",
        marks=pytest.mark.rule("BFA-STRAT-01"),
    ),
    pytest.param(
        "cards.toml", 'phases = ["movement", "combat"]\nprovenance = "inferred"\n\n[[strategy]]\n'
        'id = "orks-cm"', 'phases = ["movement", "retreat"]\nprovenance = "inferred"\n\n'
        '[[strategy]]\nid = "orks-cm"',
        "strategy[0].phases[1]", "unknown phase 'retreat'", id="unknown-phase",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("file", "old", "new", "key", "problem"), DATA_ERRORS)
def test_broken_data_files_name_file_key_and_problem(
    tmp_path: Path, file: str, old: str, new: str, key: str, problem: str
) -> None:
    folder = broken_copy(tmp_path, file, old, new)
    with pytest.raises(ScenarioError) as caught:
        load_data(folder)
    check(caught.value, file, key, problem)


S2 = 'S2 = ["guard-20"]'

SETUP_ERRORS = [
    pytest.param(
        S2, 'S2 = ["guard-20", "guard-99"]',
        "imperial.S2[1]", "unknown counter 'guard-99'", id="unknown-counter",
    ),
    pytest.param(
        S2, 'S2 = ["guard-20", "guard-1"]',
        "imperial.S2[1]", "placed twice (first at imperial.HAD[3])", id="placed-twice",
    ),
    pytest.param(
        S2, 'S2 = ["guard-20", "goff-hordes-1"]',
        "imperial.S2[1]", "goff-hordes-1 is an Ork counter, not an Imperial one",
        id="ork-in-imperial-setup",
    ),
    pytest.param(
        '  "ghazghkull",\n', '  "ghazghkull",\n  "guard-30",\n',
        "ork_counters[1]", "guard-30 is an Imperial counter, not an Ork one",
        id="imperial-in-ork-setup",
    ),
    pytest.param(
        S2, 'S2 = ["guard-20", "guard-21", "guard-22", "guard-23"]',
        "imperial.S2", "stacking violation: 4 counting pieces where at most 3 may stack",
        id="stacking-violation", marks=pytest.mark.rule("BFA-SETUP-04", "BFA-STACK-02"),
    ),
    pytest.param(
        S2, 'S2 = ["guard-20", "fortification-6", "guard-21", "fortification-7", "guard-22"]',
        None, None, id="exempt-counters-do-not-count",
        marks=pytest.mark.rule("BFA-STACK-03"),
    ),
    pytest.param(
        S2, 'S2 = ["guard-20"]\nXX = ["guard-21"]',
        "imperial.XX", "unknown area 'XX'", id="unknown-area",
    ),
    pytest.param(
        S2, 'S2 = ["guard-20"]\nM1 = ["guard-21"]',
        "imperial.M1", "impassable", id="impassable-area",
    ),
    pytest.param(
        S2, 'S2 = ["guard-20"]\nOT1 = ["guard-21"]',
        "imperial.OT1", "Ork deployment area", id="imperial-in-ork-territory",
    ),
    pytest.param(
        'F2 = ["factory-F2"]', 'S1 = ["factory-F2"]',
        "imperial.S1", "factory-F2 is a factory counter but S1 is not a factory area",
        id="factory-misplaced",
    ),
    pytest.param(
        '"OT11", "OT12"]', '"OT11", "N1"]',
        "ork_areas[11]", "N1 is not in Ork Territory", id="ork-area-outside-territory",
        marks=pytest.mark.rule("BFA-SETUP-07"),
    ),
    pytest.param(
        '"OT11", "OT12"]', '"OT11"]',
        "ork_counters", "need 12 areas", id="ork-army-does-not-fit",
        marks=pytest.mark.rule("BFA-SETUP-07"),
    ),
    pytest.param(
        "build_points = 20", "build_points = 24",
        "build_points", "24 build points, but the hives and factories set up produce 20",
        id="build-points", marks=pytest.mark.rule("BFA-BUILD-02"),
    ),
    pytest.param(
        '2 = ["dante"', '9 = ["dante"',
        "reinforcements.9", "expected a turn number from 1 to 8", id="reinforcement-turn",
    ),
    pytest.param(
        "turns = 8\n", "", "turns", "missing key", id="missing-turns",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "key", "problem"), SETUP_ERRORS)
def test_broken_setups_name_file_key_and_problem(
    tmp_path: Path, data: ArmageddonData, old: str, new: str, key: str | None, problem: str | None
) -> None:
    text = CAMPAIGN.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    if key is None:
        assert load_setup(str(path), data).imperial["S2"][-1] == "guard-22"
        return
    with pytest.raises(ScenarioError) as caught:
        load_setup(str(path), data)
    assert problem is not None
    check(caught.value, "broken.toml", key, problem)
