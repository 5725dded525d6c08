"""Hex and square grids built as AreaMaps: ids, neighbours, distances, rings and lines."""

from __future__ import annotations

import itertools
import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.core.areas import AreaMap
from wargames.core.grids import (
    grid_coords,
    grid_id,
    hex_coords,
    hex_distance,
    hex_doubled_x,
    hex_grid,
    hex_id,
    hex_row_neighbours,
    line,
    ring,
    square_distance,
    square_grid,
)

BOARD = hex_grid()
WIDE = hex_grid(9, 26, 25)
HEXES = st.sampled_from(BOARD.ids)


def test_ids_read_back() -> None:
    assert grid_id(3, 5) == "03-05" and grid_coords("03-05") == (3, 5)
    assert grid_id(120, 7) == "120-07" and grid_coords("120-07") == (120, 7)
    for bad in ["0305", "a-05", "03-", "-3-05"]:
        with pytest.raises(ValueError):
            grid_coords(bad)
    with pytest.raises(ValueError):
        grid_id(0, 1)


def test_commands_and_colors_boards() -> None:
    assert isinstance(BOARD, AreaMap)
    assert len(BOARD) == 5 * 13 + 4 * 12 == 113
    assert len(WIDE) == 5 * 26 + 4 * 25
    rows: dict[int, int] = {}
    for area in BOARD.ids:
        rows[grid_coords(area)[1]] = rows.get(grid_coords(area)[1], 0) + 1
    assert rows == {r: 13 if r % 2 else 12 for r in range(1, 10)}


def test_hex_neighbours() -> None:
    assert len(BOARD.neighbours("07-05")) == 6
    assert BOARD.neighbours("07-05") == ("06-04", "06-05", "06-06", "07-04", "07-06", "08-05")
    assert BOARD.neighbours("01-01") == ("01-02", "02-01")  # corner of a long row
    assert len(BOARD.neighbours("13-09")) == 2
    assert len(BOARD.neighbours("01-02")) == 5  # the end of a short row
    assert len(BOARD.neighbours("05-01")) == 4  # the top edge
    assert all(hex_distance(a, b) == 1 for a in BOARD.ids for b in BOARD.neighbours(a))


def test_hex_positions_are_centres_one_hex_apart() -> None:
    for a in ("07-05", "01-02", "12-08"):
        x0, y0 = BOARD[a].pos
        for b in BOARD.neighbours(a):
            x1, y1 = BOARD[b].pos
            assert ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 == pytest.approx(1.0)
    assert BOARD["01-02"].pos[0] == pytest.approx(BOARD["01-01"].pos[0] + 0.5)


def test_axial_coordinates_round_trip() -> None:
    assert hex_coords("01-01") == (0, 0)
    assert hex_coords("01-02") == (0, 1)
    assert hex_coords("01-03") == (-1, 2)
    for area in WIDE.ids:
        assert hex_id(*hex_coords(area)) == area


def test_terrain_and_tags() -> None:
    board = hex_grid(terrain={(3, 2): "forest"}, tags={(3, 2): ["left"], (1, 1): ("left",)})
    assert board["03-02"].terrain == "forest" and board["03-02"].has("left")
    assert board["01-01"].terrain == "open" and board.with_tag("left") == ("01-01", "03-02")
    with pytest.raises(ValueError, match="not on the grid"):
        hex_grid(terrain={(13, 2): "hill"})  # row 2 is short


def test_bad_boards() -> None:
    with pytest.raises(ValueError):
        hex_grid(0)
    with pytest.raises(ValueError):
        hex_grid(9, 12, 13)
    with pytest.raises(ValueError):
        square_grid(0, 3)


@given(HEXES, HEXES, HEXES)
def test_hex_distance_is_a_metric(a: str, b: str, c: str) -> None:
    assert hex_distance(a, b) == hex_distance(b, a)
    assert (hex_distance(a, b) == 0) == (a == b)
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)


@given(HEXES, HEXES)
def test_hex_distance_is_the_path_length_on_the_board(a: str, b: str) -> None:
    assert hex_distance(a, b) == BOARD.distance(a, b)


@given(HEXES, st.integers(0, 5))
def test_ring_is_every_hex_at_that_distance(center: str, radius: int) -> None:
    found = ring(BOARD, center, radius)
    assert len(found) == len(set(found))
    assert set(found) == {h for h in BOARD.ids if hex_distance(center, h) == radius}


def test_ring_walks_round() -> None:
    assert ring(BOARD, "07-05", 0) == ("07-05",)
    assert ring(BOARD, "07-05", 1) == ("06-06", "07-06", "08-05", "07-04", "06-04", "06-05")
    assert len(ring(BOARD, "07-05", 3)) == 18
    with pytest.raises(ValueError):
        ring(BOARD, "07-05", -1)


def test_line_along_a_row_enters_every_hex() -> None:
    found = line(BOARD, "02-03", "06-03")
    assert found.hexes == ("02-03", "03-03", "04-03", "05-03", "06-03")
    assert found.grazed == ()


def test_line_along_hex_edges_reports_grazed_pairs() -> None:
    found = line(BOARD, "02-01", "02-03")  # straight down: between 01-02 and 02-02
    assert found.hexes == ("02-01", "02-03")
    assert found.grazed == (("01-02", "02-02"),)
    assert not found.blocked(lambda h: h == "01-02")
    assert found.blocked(lambda h: h in ("01-02", "02-02"))
    assert not found.blocked(lambda h: h in ("02-01", "02-03"))  # the ends never block


def test_line_grazing_the_board_edge_leaves_out_the_half_off_board_pair() -> None:
    found = line(BOARD, "01-01", "01-03")
    assert found.hexes == ("01-01", "01-03") and found.grazed == ()


@pytest.mark.rule("CCB-LOS-05")
def test_a_line_between_two_hexes_off_a_board_with_a_hole_leaves_it() -> None:
    # the middle row holds only 01-02 to 05-02: straight down from 09-01 the line runs
    # between 08-02 and 09-02, both off the board, so it leaves the board and is blocked;
    # from 06-01 it runs between 05-02 (on the board) and 06-02 (off): it stays on the board
    notched = hex_grid(3, 13, 5)
    off = line(notched, "09-01", "09-03")
    assert off.leaves_board and off.blocked(lambda h: False)
    along = line(notched, "06-01", "06-03")
    assert not along.leaves_board and not along.blocked(lambda h: False)
    assert not along.blocked(lambda h: h == "05-02")  # the side off the board never blocks


def test_line_crossing_an_edge_at_its_midpoint_enters_both_hexes() -> None:
    # (0,0) -> (3,1) axial passes the midpoint of the edge between 02-02 and 03-01, going
    # from one into the other: both are entered, neither is merely grazed.
    found = line(BOARD, "01-01", "04-02")
    assert found.hexes == ("01-01", "02-01", "02-02", "03-01", "03-02", "04-02")
    assert found.grazed == ()
    for middle in found.hexes[1:-1]:
        assert found.blocked({middle}.__contains__)


def test_line_clipping_a_corner_enters_that_hex() -> None:
    # The line from 01-01 to 07-02 clips the top corners of 03-02 and 05-01.
    found = line(BOARD, "01-01", "07-02")
    assert found.hexes == (
        "01-01",
        "02-01",
        "03-01",
        "03-02",
        "04-01",
        "04-02",
        "05-01",
        "05-02",
        "06-02",
        "07-02",
    )
    assert found.blocked(lambda h: h == "03-02")


LATTICE = [(q, r) for q in range(-8, 16) for r in range(-2, 11)]
CENTRES = np.array([(q + r / 2, r * math.sqrt(3) / 2) for q, r in LATTICE])


def sampled_hexes(a: str, b: str, samples: int = 3000) -> set[str]:
    """An independent float oracle: the lattice hex nearest to points along the segment."""
    start, end = np.array(BOARD[a].pos), np.array(BOARD[b].pos)
    t = (np.arange(samples) + 0.5) / samples
    points = start + (end - start) * t[:, None]
    low, high = np.minimum(start, end) - 1, np.maximum(start, end) + 1
    near = np.all((low <= CENTRES) & (high >= CENTRES), axis=1)
    keys = [k for k, keep in zip(LATTICE, near, strict=True) if keep]
    dist = np.linalg.norm(points[:, None, :] - CENTRES[near][None, :, :], axis=2)
    nearest = dist.argmin(axis=1)
    best = dist.min(axis=1)
    dist[np.arange(samples), nearest] = np.inf
    clear = dist.min(axis=1) - best > 1e-9  # points on an edge are left out
    return {hex_id(*keys[k]) for k in set(nearest[clear].tolist())}


@settings(max_examples=60, deadline=None)
@given(HEXES, HEXES)
def test_line_agrees_with_sampling_the_segment(a: str, b: str) -> None:
    found = line(BOARD, a, b)
    touched = set(found.hexes) | {h for pair in found.grazed for h in pair}
    seen = sampled_hexes(a, b)
    assert set(found.hexes) <= seen  # every clip is at least 1/286 of the line: sampled
    assert seen <= touched  # and nothing else is crossed
    grazed_only = {h for pair in found.grazed for h in pair} - set(found.hexes)
    assert not grazed_only & seen  # the line runs exactly between a grazed pair


@given(HEXES, HEXES)
def test_line_endpoints_and_steps(a: str, b: str) -> None:
    found = line(BOARD, a, b)
    assert found.steps[0] == (a,) and found.steps[-1] == (b,)
    for step in found.steps:
        assert 1 <= len(step) <= 2
        assert all(h in BOARD for h in step)
        if len(step) == 2:
            assert BOARD.adjacent(*step)
    if all(len(BOARD.neighbours(h)) == 6 for h in (a, b)):  # no pair falls off the board
        assert len(found.hexes) + 2 * len(found.grazed) >= hex_distance(a, b) + 1
        for before, after in itertools.pairwise(found.steps):
            assert all(BOARD.adjacent(x, y) for x in before for y in after)


def test_line_is_symmetric_as_a_set() -> None:
    for a, b in [("01-01", "13-09"), ("03-02", "09-07"), ("02-01", "02-09")]:
        there, back = line(BOARD, a, b), line(BOARD, b, a)
        assert set(there.hexes) == set(back.hexes) and set(there.grazed) == set(back.grazed)
    with pytest.raises(KeyError):
        line(BOARD, "01-01", "13-02")


def test_square_grid_orthogonal() -> None:
    grid = square_grid(4, 3, terrain={(2, 2): "woods"})
    assert isinstance(grid, AreaMap) and len(grid) == 12
    assert grid.neighbours("02-02") == ("01-02", "02-01", "02-03", "03-02")
    assert grid.neighbours("01-01") == ("01-02", "02-01")
    assert grid["02-02"].terrain == "woods" and grid["02-02"].pos == (2.0, 2.0)
    assert grid.graph.number_of_edges() == 3 * 3 + 4 * 2


def test_square_grid_diagonal() -> None:
    grid = square_grid(4, 3, diagonal=True)
    assert len(grid.neighbours("02-02")) == 8 and len(grid.neighbours("01-01")) == 3
    assert grid.adjacent("01-01", "02-02") and grid.adjacent("01-02", "02-01")


SQUARES = st.tuples(st.integers(1, 7), st.integers(1, 5)).map(lambda cr: grid_id(*cr))


@given(SQUARES, SQUARES, SQUARES, st.booleans())
def test_square_distance_is_a_metric_and_the_path_length(
    a: str, b: str, c: str, diagonal: bool
) -> None:
    grid = square_grid(7, 5, diagonal=diagonal)
    d = square_distance(a, b, diagonal)
    assert d == square_distance(b, a, diagonal) == grid.distance(a, b)
    assert square_distance(a, c, diagonal) <= d + square_distance(b, c, diagonal)
    assert nx.is_connected(grid.graph)


def test_square_distance_examples() -> None:
    assert square_distance("01-01", "04-03") == 5
    assert square_distance("01-01", "04-03", diagonal=True) == 3


def test_doubled_x_counts_half_hexes_from_the_left_edge() -> None:
    assert [hex_doubled_x(h) for h in ("01-01", "01-02", "02-01", "13-01", "12-02")] == [
        0,
        1,
        2,
        24,
        23,
    ]
    assert {hex_doubled_x(h) for h in WIDE.ids} == set(range(51))
    for a in BOARD.ids:
        for b in BOARD.neighbours(a):
            same_row = grid_coords(a)[1] == grid_coords(b)[1]
            assert abs(hex_doubled_x(a) - hex_doubled_x(b)) == (2 if same_row else 1)
            assert BOARD[b].pos[0] - BOARD[a].pos[0] == pytest.approx(
                (hex_doubled_x(b) - hex_doubled_x(a)) / 2
            )


def test_row_neighbours() -> None:
    assert hex_row_neighbours(BOARD, "07-05", 1) == ("06-06", "07-06")
    assert hex_row_neighbours(BOARD, "07-05", -1) == ("06-04", "07-04")
    assert hex_row_neighbours(BOARD, "06-06", 1) == ("06-07", "07-07")
    assert hex_row_neighbours(BOARD, "01-05", 1) == ("01-06",)  # the end of a long row
    assert hex_row_neighbours(BOARD, "13-05", -1) == ("12-04",)
    assert hex_row_neighbours(BOARD, "01-06", 1) == ("01-07", "02-07")  # a short row: two
    assert hex_row_neighbours(BOARD, "05-09", 1) == ()
    assert hex_row_neighbours(BOARD, "05-01", -1) == ()
    for a in WIDE.ids:
        for step in (1, -1):
            found = hex_row_neighbours(WIDE, a, step)
            assert set(found) == {
                b for b in WIDE.neighbours(a) if grid_coords(b)[1] == grid_coords(a)[1] + step
            }
    with pytest.raises(ValueError):
        hex_row_neighbours(BOARD, "07-05", 2)


def test_no_line_between_two_hexes_of_a_board_leaves_it() -> None:
    for board, step in ((BOARD, 1), (WIDE, 5)):
        edge = [h for h in board.ids if len(board.neighbours(h)) < 6]
        for a in edge:
            for b in edge[::step]:
                assert not line(board, a, b).leaves_board


def test_a_line_through_a_hole_in_the_board_leaves_it_and_is_blocked() -> None:
    holed = AreaMap(
        [BOARD[h] for h in BOARD.ids if h != "05-03"],
        [
            d["border"]
            for _, _, d in BOARD.graph.edges(data=True)
            if "05-03" not in (d["border"].a, d["border"].b)
        ],
    )
    found = line(holed, "03-03", "07-03")
    assert found.leaves_board and "05-03" not in found.hexes
    assert found.blocked(lambda _h: False)
    assert not line(BOARD, "03-03", "07-03").blocked(lambda _h: False)
