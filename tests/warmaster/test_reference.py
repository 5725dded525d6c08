"""The Warmaster's generated reference tables (``wargames.warmaster.reference``): each renders,
and what it shows is read from the live data, with its provenance."""

from __future__ import annotations

import re

import pytest

from wargames.warmaster.data import D66_RESULTS, HORUS, default_data
from wargames.warmaster.game import DEFAULT_SCENARIO
from wargames.warmaster.reference import SOURCES, TABLES, provenance
from wargames.warmaster.scenario import load_setup
from wargames.warmaster.sequence import SEQUENCE

DATA = default_data()
SETUP = load_setup(DEFAULT_SCENARIO, DATA)


def rows(markdown: str) -> list[list[str]]:
    """The cells of every Markdown table row (header and separator lines left out)."""
    out = []
    lines = markdown.splitlines()
    for i, line in enumerate(lines):
        if not line.startswith("| "):
            continue
        if i + 1 < len(lines) and lines[i + 1].startswith("|---"):
            continue  # a header
        out.append([c.strip() for c in line.strip()[2:-2].split(" | ")])
    return out


def header(markdown: str) -> list[str]:
    first = next(line for line in markdown.splitlines() if line.startswith("| "))
    return [c.strip() for c in first.strip()[2:-2].split(" | ")]


def row_of(markdown: str, first_cell: str) -> list[str]:
    found = [r for r in rows(markdown) if r[0] == first_cell]
    assert len(found) == 1, f"no single row {first_cell!r}"
    return found[0]


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_table_renders(name: str) -> None:
    text = TABLES[name]()
    assert text.endswith("\n")
    assert text.strip()
    assert TABLES[name]() == text  # deterministic


@pytest.mark.parametrize("name", sorted(set(TABLES) - {"sequence", "rules"}))
def test_reconstructed_tables_say_so_and_where_from(name: str) -> None:
    text = TABLES[name]()
    assert re.search(r"reconstructed \(research 3\.\d", text)


def test_provenance_cell() -> None:
    assert provenance("reconstructed", "research 3.1") == "reconstructed (research 3.1)"
    assert provenance("rulebook", "research 3.1") == "rulebook"


def test_sequence_lists_every_step() -> None:
    text = TABLES["sequence"]()
    for step in SEQUENCE.walk():
        assert f"**{step.name}**" in text
        for rule in step.rules:
            assert rule in text


@pytest.mark.rule("WM-STACK-01", "WM-BRIDGE-05", "WM-BRIDGE-06", "WM-REINF-06")
def test_rules_table_shows_the_rulebook_numbers() -> None:
    text = TABLES["rules"]()
    assert f"at most {DATA.stack_limit} " in row_of(text, "stacking")[1]
    movement = row_of(text, "movement")[1]
    assert f"{DATA.movement.bridge_controller} areas for the side that controls" in movement
    assert f"{DATA.movement.other} for the other" in movement
    roll = row_of(text, "Traitor reinforcements")[1]
    for face, units in DATA.traitor_reinforcements.items():
        assert re.search(rf"(^|[ ,-]){face}\b[^;]*: {units} unit", roll), (face, roll)
    assert all(r[-1] == "rulebook" for r in rows(text))


@pytest.mark.rule("WM-GAP-03")
def test_map_shows_every_area_its_neighbours_and_tags() -> None:
    text = TABLES["map"]()
    by_id = {r[1].strip("*"): r for r in rows(text)}
    assert set(by_id) == set(DATA.areas)
    for area in DATA.areas.values():
        row = by_id[area.id]
        assert row[2] == area.name
        assert row[3].split(", ") == sorted(DATA.board.neighbours(area.id))
        assert set(row[4].split(", ")) == (set(area.tags) or {"—"})
        assert row[6] == provenance(area.provenance, SOURCES["map"])
    for section in DATA.sections.values():
        assert f"**{section.id} {section.name}**" in text
    assert by_id[DATA.bridge][4] == "bridge"
    assert f"{len(DATA.areas)} areas in {len(DATA.sections)} sections" in text


@pytest.mark.rule("WM-GAP-01")
def test_teleport_table_shows_every_d66_result() -> None:
    text = TABLES["teleport"]()
    table = DATA.teleport
    for roll in D66_RESULTS:
        result = table[roll]
        if result.area is not None:
            assert f"**{roll}** {DATA.board[result.area].name}" in text
        else:
            assert result.effect is not None
            assert f"**{roll}** *{result.effect.name}*" in text
            assert row_of(text, str(roll))[1] == f"*{result.effect.name}*"
    assert table.on_destroyed_area == "reroll"
    assert "A result naming a destroyed area is rolled again" in text
    landing = sum(1 for r in table.results.values() if r.area is not None)
    assert f"{landing} of the 36 results" in text


@pytest.mark.rule("WM-TELEPORT-03", "WM-TELEPORT-04-EX", "WM-TELEPORT-05-EX")
def test_teleport_grid_reads_first_die_as_tens() -> None:
    text = TABLES["teleport"]()
    grid = {r[0]: r[1:] for r in rows(text) if r[0].startswith("**")}
    assert grid["**5**"][3 - 1].startswith("**53**")
    assert grid["**1**"][6 - 1].startswith("**16**")


def test_teleport_effects_show_their_numbers() -> None:
    text = TABLES["teleport"]()
    for effect in DATA.teleport.effects.values():
        (row,) = [r for r in rows(text) if r[1] == f"*{effect.name}*"]
        if effect.loss_on:
            assert "destroyed on" in row[2]
            assert str(effect.loss_on) in row[2]
        for keep in effect.scatter_keeps:
            assert f"except {keep}" in row[2]
        for section in effect.sections:
            assert f"section {section} ({DATA.sections[section].name})" in row[2]
        assert row[3] == provenance(effect.provenance, SOURCES["teleport"])
    port = DATA.teleport.teleportarium
    assert f"rolls {port.rolls} times for every teleport" in text


@pytest.mark.rule("WM-GAP-02", "WM-GAP-12")
def test_battle_table_is_the_data() -> None:
    text = TABLES["battle"]()
    crt = DATA.battle
    assert header(text) == ["D6", *(str(c) for c in crt.columns)]
    grid = rows(text)[: crt.die_sides]
    for roll, row in enumerate(grid, 1):
        assert row == [str(roll), *(col[roll - 1] for col in crt.cells)]
    for code, result in DATA.results.items():
        assert row_of(text, f"**{code}**")[1:3] == [result.name, result.description]
    assert f"a defence of 0 uses {crt.columns[-1]}" in text
    assert f"beyond {crt.columns[0]} or {crt.columns[-1]}" in text


def test_battle_shifts_come_from_the_specials() -> None:
    text = TABLES["battle"]()
    s = DATA.specials
    assert row_of(text, "Lupercal's Sanctum")[2].startswith(f"{s.sanctum.defence_shift:+d} col")
    assert row_of(text, "Horror")[2].startswith(f"{s.horror.imperial_attack_shift:+d} col")
    assert row_of(text, "Ambush")[2].startswith(f"{s.ambush.attack_shift:+d} col")
    assert DATA.counters[HORUS].name in row_of(text, "Lupercal's Sanctum")[1]


@pytest.mark.rule("WM-GAP-04")
def test_counter_manifest_is_the_data_and_the_scenario() -> None:
    text = TABLES["counters"]()
    by_id = {r[2].strip("`"): r for r in rows(text)}
    assert set(by_id) == set(DATA.counters)
    for spec in DATA.counters.values():
        row = by_id[spec.id]
        assert row[1] == spec.name
        assert (row[4], row[5]) == (str(spec.attack), str(spec.defence))
        assert row[7] == (spec.back or "—")
        assert row[8] == str(spec.count)
        assert row[11] == provenance(spec.provenance, SOURCES["counters"])
        used = SETUP.face_down.get(spec.id, 0) + SETUP.cup.get(spec.id, 0)
        used += sum(w.units.get(spec.id, 0) for w in SETUP.imperial)
        assert row[10] == str(used)
        if spec.id in SETUP.face_down:
            assert row[9] == "face down on the ship"
        elif spec.id in SETUP.cup:
            assert row[9] == "in the cup"
    assert by_id[HORUS][6] == "**supreme**"
    total = sum(s.count for s in DATA.counters.values())
    assert f"{total} counters in the manifest" in text
    assert f"face down on the ship: {sum(SETUP.face_down.values())}" in text
    assert f"in the cup: {sum(SETUP.cup.values())}" in text


@pytest.mark.rule("WM-GAP-05")
def test_special_rules_show_their_numbers() -> None:
    text = TABLES["specials"]()
    s = DATA.specials
    assert (
        f"destroyed on {'a 1' if s.trap.loss_on == 1 else f'1–{s.trap.loss_on}'}"
        in row_of(text, "Trap")[1]
    )
    assert f"{s.ambush.draw} units are drawn" in row_of(text, "Ambush")[1]
    assert f"1–{s.area_destruction.loss_on}" in row_of(text, "Destroyed areas")[1]
    sabotage = row_of(text, "Reactor sabotage")
    assert f"D6 of {s.reactor_sabotage.adjacent_destroyed_from}+" in sabotage[1]
    for reactor in DATA.reactors:
        assert f"({reactor})" in sabotage[1]
    lasers = row_of(text, "Fleet lasers")[1]
    assert f"fires {s.fleet_lasers.shots} shots" in lasers
    assert ", ".join(DATA.hull) in lasers
    breakup = row_of(text, "Ship break-up")[1]
    assert f"after {s.ship_breakup.laser_hits} laser hits" in breakup
    assert f"roll {s.ship_breakup.emperor_escape_from}+" in breakup
    warp = row_of(text, "Warp instability")
    assert f"from turn {s.warp_instability.from_turn}" in warp[1]
    assert f"(turn − {s.warp_instability.turn_offset})" in warp[1]
    assert warp[2].startswith("on" if SETUP.warp_instability else "off")
    assert row_of(text, "Fleet lasers")[2].startswith("on" if SETUP.fleet_lasers else "off")
    for name, key in (("Trap", "trap"), ("Fleet lasers", "fleet_lasers")):
        assert row_of(text, name)[3] == provenance(getattr(s, key).provenance, SOURCES[key])


@pytest.mark.rule("WM-GAP-20")
def test_setup_shows_the_optional_turn_cap() -> None:
    text = TABLES["setup"]()
    assert SETUP.turn_cap is None
    assert row_of(text, "`turn_cap`")[1] == "none (the rulebook's game)"
    assert row_of(text, "`bot_turn_cap`")[1] == f"{SETUP.bot_turn_cap} turns"
    assert SETUP.cap_winner in row_of(text, "`cap_winner`")[1].lower()
    for wave in SETUP.imperial:
        assert f"Imperial, turn {wave.turn}" in text
