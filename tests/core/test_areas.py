"""Area maps: construction, neighbours, borders, movement reach and supply tracing."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.core.areas import Area, AreaMap, Border

#   a - b - c - d
#   |   |       |
#   e - f ----- g        (b-c crosses the river; f is ash wastes; g is impassable)
AREAS = [
    Area("a", "Alpha"),
    Area("b"),
    Area("c", tags=frozenset({"city"})),
    Area("d"),
    Area("e"),
    Area("f", terrain="ash"),
    Area("g", terrain="mountains", tags=frozenset({"city"})),
]
BORDERS = [
    Border("a", "b"),
    Border("b", "c", frozenset({"river", "river:Diablo"})),
    Border("c", "d"),
    Border("a", "e"),
    Border("b", "f"),
    Border("e", "f"),
    Border("f", "g"),
    Border("d", "g"),
]
BOARD = AreaMap(AREAS, BORDERS)


def test_construction_errors() -> None:
    with pytest.raises(ValueError, match="'a' is defined twice"):
        AreaMap([Area("a"), Area("a")], [])
    with pytest.raises(ValueError, match="unknown area 'z'"):
        AreaMap([Area("a")], [Border("a", "z")])
    with pytest.raises(ValueError, match="cannot border itself"):
        AreaMap([Area("a")], [Border("a", "a")])


def test_lookup_and_neighbours_sorted() -> None:
    assert len(BOARD) == 7 and "a" in BOARD and "z" not in BOARD
    assert BOARD["a"].name == "Alpha"
    assert BOARD.neighbours("f") == ("b", "e", "g")
    assert BOARD.neighbours("b") == ("a", "c", "f")
    assert BOARD.adjacent("a", "b") and BOARD.adjacent("b", "a") and not BOARD.adjacent("a", "c")
    assert BOARD.with_tag("city") == ("c", "g")


def test_features_and_crosses_in_both_directions() -> None:
    assert BOARD.features("c", "b") == frozenset({"river", "river:Diablo"})
    assert BOARD.crosses("b", "c", "river") and BOARD.crosses("c", "b", "river:Diablo")
    assert not BOARD.crosses("a", "b", "river")
    assert BOARD.features("a", "d") == frozenset()  # not adjacent


def test_reach_counts_areas_entered_and_excludes_start() -> None:
    passable = lambda x: BOARD[x].terrain != "mountains"  # noqa: E731
    assert BOARD.reach("a", 0, passable) == {}
    assert BOARD.reach("a", 1, passable) == {"b": 1, "e": 1}
    assert BOARD.reach("a", 2, passable) == {"b": 1, "e": 1, "c": 2, "f": 2}
    assert BOARD.reach("a", 9, passable) == {"b": 1, "e": 1, "c": 2, "f": 2, "d": 3}


def test_reach_stops_enter_but_never_leave() -> None:
    stops = lambda x: BOARD[x].terrain == "ash"  # noqa: E731
    everywhere = BOARD.reach("e", 5, lambda _x: True, stops)
    # f is entered but not left: g is reached the long way round, through a-b-c-d.
    assert everywhere["f"] == 1
    assert everywhere["g"] == 5
    assert "e" not in everywhere
    assert BOARD.reach("e", 4, lambda _x: True, stops).get("g") is None
    # Starting in a stop area does not pin the piece there.
    assert BOARD.reach("f", 1, lambda _x: True, stops) == {"b": 1, "e": 1, "g": 1}


def test_connected_to_and_traces() -> None:
    no_f = lambda x: x != "f"  # noqa: E731
    assert BOARD.connected_to(["g"], no_f) == frozenset({"a", "b", "c", "d", "e", "g"})
    assert BOARD.connected_to(["g"], lambda x: x not in ("f", "d")) == frozenset({"g"})
    assert BOARD.connected_to(["g", "zz"], lambda x: x != "g") == frozenset()
    assert BOARD.traces("e", ["d"], no_f)
    assert not BOARD.traces("f", ["d"], no_f)  # the start itself must be passable
    assert not BOARD.traces("e", ["d"], lambda x: x not in ("b", "f"))


def test_distance_ignores_terrain() -> None:
    assert BOARD.distance("a", "g") == 3
    lonely = AreaMap([Area("x"), Area("y")], [])
    assert lonely.distance("x", "y") is None


@st.composite
def random_maps(draw: st.DrawFn) -> tuple[AreaMap, nx.Graph, frozenset[str]]:
    n = draw(st.integers(1, 14))
    p = draw(st.floats(0.05, 0.6))
    seed = draw(st.integers(0, 2**16))
    g = nx.relabel_nodes(nx.gnp_random_graph(n, p, seed=seed), lambda i: f"n{i:02d}")
    board = AreaMap([Area(x) for x in g.nodes], [Border(a, b) for a, b in g.edges])
    passable = frozenset(draw(st.sets(st.sampled_from(sorted(g.nodes)))))
    return board, g, passable


@settings(max_examples=200)
@given(random_maps(), st.data())
def test_supply_tracing_agrees_with_networkx(
    case: tuple[AreaMap, nx.Graph, frozenset[str]], data: st.DataObject
) -> None:
    board, g, passable = case
    nodes = sorted(g.nodes)
    goals = data.draw(st.sets(st.sampled_from(nodes), max_size=3))
    start = data.draw(st.sampled_from(nodes))
    sub = g.subgraph(passable)
    expected = {x for x in passable if any(y in sub and nx.has_path(sub, x, y) for y in goals)}
    assert board.connected_to(goals, passable.__contains__) == expected
    assert board.traces(start, goals, passable.__contains__) == (start in expected)


@settings(max_examples=200)
@given(random_maps(), st.data())
def test_reach_without_stops_is_the_induced_ball(
    case: tuple[AreaMap, nx.Graph, frozenset[str]], data: st.DataObject
) -> None:
    board, g, enterable = case
    start = data.draw(st.sampled_from(sorted(g.nodes)))
    steps = data.draw(st.integers(0, 6))
    reach = board.reach(start, steps, enterable.__contains__)
    sub = g.subgraph(enterable | {start})
    lengths = nx.single_source_shortest_path_length(sub, start, cutoff=steps)
    assert set(reach) | {start} == set(lengths)
    assert reach == {x: d for x, d in lengths.items() if x != start}
