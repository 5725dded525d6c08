"""Battlefields: layouts, sections from each seat, rear hexes, range, line of sight with the
edge-grazing and hill rules, ramparts crossed by fire, linked groups, boards from scenarios."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wargames.ancients.board as board_module
from wargames.ancients.board import SEATS, Board, default_layouts, load_board, load_layouts
from wargames.ancients.settings import AncientsSettings
from wargames.ancients.units import default_units
from wargames.core.errors import ScenarioError
from wargames.core.grids import grid_coords, hex_distance, hex_doubled_x, hex_grid
from wargames.core.grids import line as grid_line
from wargames.core.scenario import parse_toml

DATA = Path(board_module.__file__).parent / "data"
STANDARD = Board.of("standard")
EPIC = Board.of("epic")
ARMAGEDDON = Board.of("armageddon")
BOARDS = (STANDARD, EPIC, ARMAGEDDON)
HEXES = st.sampled_from(STANDARD.ids)


def sizes(board: Board, seat: str = "bottom", sub: bool = False) -> dict[str, int]:
    out: dict[str, int] = {}
    for h in board:
        for s in (board.subsections_of if sub else board.sections_of)(h, seat):  # type: ignore[arg-type]
            out[s] = out.get(s, 0) + 1
    return out


def shared(board: Board, sub: bool = False) -> list[str]:
    get = board.subsections_of if sub else board.sections_of
    return [h for h in board if len(get(h, "bottom")) == 2]


@pytest.mark.rule("CCB-BOARD-01", "CCB-BOARD-02", "CCB-BOARD-03-EX", "CCB-GAP-06")
def test_the_standard_board(tmp_path: Path) -> None:
    rows: dict[int, int] = {}
    for h in STANDARD:
        rows[grid_coords(h)[1]] = rows.get(grid_coords(h)[1], 0) + 1
    assert rows == {r: 13 if r % 2 else 12 for r in range(1, 10)}  # row 0 at the top: 13
    assert len(STANDARD) == 5 * 13 + 4 * 12 == 113 == STANDARD.layout.hexes
    assert max(hex_doubled_x(h) for h in STANDARD) == 24 == STANDARD.layout.max_x


@pytest.mark.rule("CCB-EPIC-01", "CCB-EPIC-03")
def test_the_epic_board() -> None:
    for board in (EPIC, ARMAGEDDON):
        rows: dict[int, int] = {}
        for h in board:
            rows[grid_coords(h)[1]] = rows.get(grid_coords(h)[1], 0) + 1
        assert rows == {r: 26 if r % 2 else 25 for r in range(1, 10)}
        assert len(board) == 5 * 26 + 4 * 25 == 230 == board.layout.hexes
        assert {len(board.baseline(seat)) for seat in SEATS} == {26}


@pytest.mark.rule("CCB-BOARD-04", "CCB-BOARD-05", "CCB-BOARD-07", "CCB-BOARD-08", "CCB-BOARD-09-EX")
@pytest.mark.rule("CCB-GAP-07", "CCB-ORDERS-04")
def test_standard_sections() -> None:
    assert sizes(STANDARD) == {"left": 41, "center": 41, "right": 41}
    both = shared(STANDARD)
    assert len(both) == 10 and 3 * 41 - 10 == 113
    # hexes 4 and 8 (from 0) of each of the five 13-hex rows
    assert sorted(both) == sorted(f"{c:02d}-{r:02d}" for r in (1, 3, 5, 7, 9) for c in (5, 9))
    for h in STANDARD:
        row, place = grid_coords(h)[1], grid_coords(h)[0] - 1
        long = row % 2 == 1
        left = place <= 4 if long else place <= 3
        center = 4 <= place <= 8 if long else 4 <= place <= 7
        right = place >= 8
        expected = {n for n, ok in (("left", left), ("center", center), ("right", right)) if ok}
        assert STANDARD.sections_of(h, "bottom") == expected
        x = hex_doubled_x(h)  # the same division in doubled-x (CCB-BOARD-08)
        assert x == (2 * place if long else 2 * place + 1)
        doubled = {
            n for n, ok in (("left", x <= 8), ("center", 8 <= x <= 16), ("right", x >= 16)) if ok
        }
        assert doubled == expected
    assert STANDARD.sections_of("05-03", "bottom") == {"left", "center"}  # either card orders it


@pytest.mark.rule("CCB-BOARD-06", "CCA-GAP-14", "CCA-FLANK-03")
def test_each_player_names_the_sections_from_his_seat() -> None:
    mirror = {"left": "right", "center": "center", "right": "left"}
    for board in BOARDS:
        for h in board:
            assert board.sections_of(h, "top") == {
                mirror[s] for s in board.sections_of(h, "bottom")
            }
            # symmetric layouts: the top player sees the mirror image of the board
            col, row = grid_coords(h)
            width = board.layout.long_row if row % 2 else board.layout.short_row
            twin = f"{width + 1 - col:02d}-{row:02d}"
            assert board.sections_of(twin, "top") == board.sections_of(h, "bottom")
            assert board.subsections_of(twin, "top") == board.subsections_of(h, "bottom")
    assert STANDARD.hexes_of("left", "top") == STANDARD.hexes_of("right", "bottom")
    assert len(STANDARD.hexes_of("center", "top")) == 41


@pytest.mark.rule("CCB-EPIC-02", "CCB-GAP-08")
def test_epic_flanks() -> None:
    assert sizes(EPIC) == {"left": 81, "center": 76, "right": 81}
    both = shared(EPIC)
    assert len(both) == 8 and 81 + 76 + 81 - 8 == 230
    assert {grid_coords(h)[1] % 2 for h in both} == {0}  # on the 25-hex rows
    assert {hex_doubled_x(h) for h in both} == {17, 33}


@pytest.mark.rule("CCA-FLANK-01", "CCA-FLANK-02", "CCA-FLANK-03", "CCB-GAP-08")
def test_armageddon_flanks_of_two_sections() -> None:
    assert sizes(ARMAGEDDON) == sizes(EPIC)
    subs = sizes(ARMAGEDDON, sub=True)
    assert subs == {
        "left-outer": 45,
        "left-inner": 40,
        "center-left": 40,
        "center-right": 40,
        "right-inner": 40,
        "right-outer": 45,
    }
    both = shared(ARMAGEDDON, sub=True)
    assert len(both) == 20 and {hex_doubled_x(h) for h in both} == {9, 17, 25, 33, 41}
    assert {grid_coords(h)[1] % 2 for h in both} == {0}
    for h in ARMAGEDDON:
        for seat in SEATS:
            flanks = ARMAGEDDON.sections_of(h, seat)
            for sub in ARMAGEDDON.subsections_of(h, seat):
                assert ARMAGEDDON.flank_of(sub, seat) in flanks
    assert ARMAGEDDON.flank_of("left-outer", "top") == "left"
    assert ARMAGEDDON.hexes_of("left-outer", "top") == ARMAGEDDON.hexes_of("right-outer", "bottom")
    assert STANDARD.subsections_of("07-05", "bottom") == frozenset()


@pytest.mark.rule("CCB-BOARD-10", "CCB-GEN-01", "CCB-RETREAT-08")
def test_rear_hexes() -> None:
    assert STANDARD.rear("07-05", "bottom") == ("06-06", "07-06")
    assert STANDARD.rear("07-05", "top") == ("06-04", "07-04")
    assert STANDARD.rear("01-05", "bottom") == ("01-06",)  # the end of a 13-hex row
    assert STANDARD.rear("13-05", "top") == ("12-04",)
    assert STANDARD.rear("01-06", "bottom") == ("01-07", "02-07")  # a 12-hex row: two
    for seat in SEATS:
        assert all(STANDARD.rear(h, seat) == () for h in STANDARD.baseline(seat))
        for h in STANDARD:
            rear = STANDARD.rear(h, seat)
            assert all(STANDARD.map.adjacent(h, r) for r in rear)
            if h not in STANDARD.baseline(seat):
                col, row = grid_coords(h)
                assert len(rear) == (1 if row % 2 and col in (1, 13) else 2)
    assert STANDARD.baseline("bottom")[0] == "01-09" and STANDARD.baseline("top")[-1] == "13-01"


@pytest.mark.rule("CCB-RANGED-03")
def test_range_counts_the_target_not_the_firer() -> None:
    assert STANDARD.range("07-05", "08-05") == 1
    assert STANDARD.range("03-05", "06-05") == 3
    assert STANDARD.range("07-05", "07-05") == 0


@given(HEXES, HEXES)
def test_range_is_the_hex_distance(a: str, b: str) -> None:
    assert STANDARD.range(a, b) == hex_distance(a, b) == STANDARD.map.distance(a, b)


# -- line of sight ------------------------------------------------------------------------------


@pytest.mark.rule("CCB-LOS-01", "CCB-LOS-02", "CCB-LOS-03", "CCB-LOS-07-EX")
def test_a_unit_between_blocks_and_the_ends_never_do() -> None:
    assert STANDARD.line("03-05", "05-05").hexes == ("03-05", "04-05", "05-05")
    assert STANDARD.line_of_sight("03-05", "05-05")
    assert not STANDARD.line_of_sight("03-05", "05-05", occupied={"04-05"})  # friend or foe
    assert STANDARD.line_of_sight("03-05", "05-05", occupied={"03-05", "05-05"})
    forest_target = Board.of("standard", {"05-05": "forest"})
    assert forest_target.line_of_sight("03-05", "05-05")  # the target's hex never blocks


@pytest.mark.rule("CCB-LOS-06")
def test_a_line_along_a_hexside_needs_both_sides_blocked() -> None:
    found = STANDARD.line("02-01", "02-03")
    assert found.grazed == (("01-02", "02-02"),)
    assert STANDARD.line_of_sight("02-01", "02-03", occupied={"01-02"})
    assert STANDARD.line_of_sight("02-01", "02-03", occupied={"02-02"})
    assert not STANDARD.line_of_sight("02-01", "02-03", occupied={"01-02", "02-02"})
    woods = Board.of("standard", {"01-02": "forest"})
    assert woods.line_of_sight("02-01", "02-03")
    assert not woods.line_of_sight("02-01", "02-03", occupied={"02-02"})  # terrain + unit


@pytest.mark.rule("CCB-LOS-05")
def test_lines_never_leave_a_whole_board() -> None:
    edge = [h for h in STANDARD.ids if len(STANDARD.neighbours(h)) < 6]
    for a in edge:
        for b in STANDARD.ids[::3]:
            assert not STANDARD.line(a, b).leaves_board


@pytest.mark.rule("CCB-LOS-05")
def test_a_line_that_passes_off_the_board_is_blocked() -> None:
    # a whole board never lets a line out (test above); a board whose middle row is short
    # does: the line from 01-01 to 13-03 crosses where 10-02 to 12-02 would be
    whole, notched = hex_grid(3, 13, 12), hex_grid(3, 13, 9)
    assert not grid_line(whole, "01-01", "13-03").blocked(lambda h: False)
    off = grid_line(notched, "01-01", "13-03")
    assert off.leaves_board and off.blocked(lambda h: False)  # nothing obstructs, yet blocked
    assert not grid_line(notched, "01-01", "09-03").leaves_board


@pytest.mark.rule("CCB-LOS-04", "CCB-TERRAIN-07", "CCB-TERRAIN-13", "CCB-TERRAIN-19")
@pytest.mark.rule("CCB-TERRAIN-24", "CCB-TERRAIN-25", "CCB-TERRAIN-30", "CCB-TERRAIN-35")
@pytest.mark.rule("CCB-TERRAIN-42", "CCB-TERRAIN-43", "CCB-TERRAIN-50", "CCB-GAP-25")
def test_which_terrain_blocks(tmp_path: Path) -> None:
    blocking = set()
    for tid in (
        "clear",
        "broken",
        "forest",
        "seacoast",
        "river",
        "fordable-river",
        "fortified-camp",
        "bridge",
        "scalable-wall",
        "fortified-wall",
        "marsh",
    ):
        board = Board.of("standard", {"04-05": tid})
        if not board.line_of_sight("03-05", "05-05"):
            blocking.add(tid)
    assert blocking == {"forest", "fortified-camp", "scalable-wall", "fortified-wall"}
    rampart = Board.of("standard", hexsides={("04-05", "05-05"): ["rampart"]})
    assert rampart.line_of_sight("03-05", "05-05")


@pytest.mark.rule("CCB-TERRAIN-17", "CCB-TERRAIN-18")
def test_hills() -> None:
    onto = Board.of("standard", {"06-05": "hill"})
    assert onto.line_of_sight("03-05", "06-05")  # from lower ground onto the first hill hex
    across = Board.of("standard", {"05-05": "hill", "06-05": "hill"})
    assert not across.line_of_sight("03-05", "06-05")  # not across one hill hex onto another
    assert not across.line_of_sight("04-05", "07-05")  # nor to the hexes behind it
    plateau = Board.of("standard", {h: "hill" for h in ("03-05", "04-05", "05-05")})
    assert plateau.line_of_sight("03-05", "05-05")  # the same height on one hill
    assert not plateau.line_of_sight("03-05", "06-05")  # from the hill across it, down
    assert not plateau.line_of_sight("03-05", "05-05", occupied={"04-05"})  # units still block
    two_hills = Board.of("standard", {"03-05": "hill", "04-05": "hill", "06-05": "hill"})
    assert two_hills.line_of_sight("04-05", "06-05")  # nothing between but clear ground
    assert not two_hills.line_of_sight("03-05", "06-05")  # across its own hill to another


@pytest.mark.rule("CCB-RANGED-16-EX")
def test_sling_example_board_part() -> None:
    ls = default_units()["LS"]
    assert STANDARD.range("03-05", "06-05") == 3 <= ls.range
    assert STANDARD.line_of_sight("03-05", "06-05")


@pytest.mark.rule("CCB-TERRAIN-26")
def test_fire_across_a_rampart() -> None:
    board = Board.of("standard", hexsides={("04-05", "05-05"): ["rampart"]})
    assert [t.id for t in board.hexside("05-05", "04-05")] == ["rampart"]
    assert board.fire_crosses("02-05", "05-05")
    assert board.fire_crosses("03-04", "05-05")  # entering through the rampart's corner
    assert not board.fire_crosses("05-02", "05-05") and not board.fire_crosses("07-05", "05-05")
    assert not board.fire_crosses("05-05", "05-05")


@pytest.mark.rule("CCB-GAP-30")
def test_linked_groups() -> None:
    hexes = ["03-05", "04-05", "04-06", "09-05", "10-05", "12-01"]
    groups = STANDARD.linked_groups(hexes)
    assert groups == (
        frozenset({"12-01"}),
        frozenset({"03-05", "04-05", "04-06"}),
        frozenset({"09-05", "10-05"}),
    )
    assert STANDARD.linked_from("05-05", ["04-05", "03-05", "09-05"]) == {"05-05", "04-05", "03-05"}
    with pytest.raises(KeyError):
        STANDARD.linked_groups(["99-99"])


# -- building boards ------------------------------------------------------------------------------


def test_bad_boards() -> None:
    with pytest.raises(ValueError, match="not on the"):
        Board.of("standard", {"13-02": "forest"})
    with pytest.raises(ValueError, match="hexside"):
        Board.of("standard", {"05-05": "rampart"})
    with pytest.raises(ValueError, match="not adjacent"):
        Board.of("standard", hexsides={("05-05", "07-05"): ["rampart"]})
    with pytest.raises(ValueError, match="not a hexside"):
        Board.of("standard", hexsides={("05-05", "06-05"): ["forest"]})
    with pytest.raises(KeyError, match="CCB-GAP-38"):
        Board.of("standard", {"05-05": "town"})
    assert len(Board.of(settings=AncientsSettings(board="epic"))) == 230


def test_board_from_a_scenario_table() -> None:
    node = parse_toml(
        """
        [board]
        layout = "standard"
        terrain = { "05-03" = "Forest", "06-03" = "hill", "07-07" = "town" }
        terrain_names = { town = "fortified-camp" }
        [[board.hexside]]
        hexes = ["05-05", "05-06"]
        terrain = "rampart"
        """,
        "scenario.toml",
    ).child("board")
    board = load_board(node)
    assert board.terrain("05-03").id == "forest" and board.terrain("07-07").id == "fortified-camp"
    assert board.terrain("01-01").id == "clear"
    assert board.map["05-03"].terrain == "forest"
    assert board.map.features("05-06", "05-05") == frozenset({"rampart"})


@pytest.mark.parametrize(
    ("text", "key", "problem"),
    [
        ('layout = "huge"', "board.layout", "unknown layout"),
        ('terrain = { "13-02" = "forest" }', "board.terrain.13-02", "no hex"),
        ('terrain = { "05-05" = "town" }', "board.terrain.05-05", "CCB-GAP-38"),
        ('terrain = { "05-05" = "rampart" }', "board.terrain.05-05", "hexside"),
        (
            '[[board.hexside]]\nhexes = ["05-05", "07-05"]\nterrain = "rampart"',
            "board.hexside[0].hexes",
            "adjacent",
        ),
        (
            '[[board.hexside]]\nhexes = ["05-05", "06-05"]\nterrain = "hill"',
            "board.hexside[0].terrain",
            "hexside",
        ),
        ('colour = "green"', "board.colour", "unknown key"),
    ],
)
def test_bad_scenario_boards_name_the_key(text: str, key: str, problem: str) -> None:
    node = parse_toml("[board]\n" + text, "scenario.toml").child("board")
    with pytest.raises(ScenarioError) as err:
        load_board(node)
    assert err.value.key == key and problem in err.value.problem


def test_layout_data(tmp_path: Path) -> None:
    assert set(default_layouts()) == {"standard", "epic", "armageddon"}
    for layout in default_layouts().values():
        assert layout.provenance == "reconstructed"
    shutil.copy(DATA / "boards.toml", tmp_path / "boards.toml")
    assert load_layouts(str(tmp_path)) == default_layouts()


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        (
            'name = "left"\nmirror = "right"\nx_max = 8',
            'name = "left"\nmirror = "center"\nx_max = 8',
            "mirror",
        ),
        ("x_min = 8\nx_max = 16", "x_min = 10\nx_max = 16", "in no section"),
        ("x_min = 8\nx_max = 16", "x_min = 16\nx_max = 8", "beyond"),
        (
            'flank = "left"\nmirror = "right-outer"',
            'flank = "center"\nmirror = "right-outer"',
            "outside flank",
        ),
    ],
)
def test_bad_layouts(tmp_path: Path, old: str, new: str, problem: str) -> None:
    text = (DATA / "boards.toml").read_text()
    assert old in text
    (tmp_path / "boards.toml").write_text(text.replace(old, new, 1))
    with pytest.raises(ScenarioError, match=problem):
        load_layouts(str(tmp_path))
