"""The engine's fast lookups agree with what they stand for, over random games of every
shipped scenario: the where-is-what index carried from state to state equals one rebuilt from
the pieces' places, the per-kind step tables give the same reach as a walk over the board's
neighbours with the terrain's entry sets, and the shared actions equal fresh ones."""

from __future__ import annotations

import pytest

import wargames
from wargames.ancients import actions as act
from wargames.ancients.movement import leader_reach, unit_reach
from wargames.ancients.state import DEAD, OFF, AncientsState, _Index
from wargames.testing import random_states

SCENARIOS = list(wargames.game("ancients").scenarios())


def _states(scenario: str, seed: int, decisions: int) -> list[AncientsState]:
    start = wargames.load("ancients", scenario=scenario, turn_cap=500)
    assert isinstance(start, AncientsState)
    return list(random_states(start, seed, decisions))


def _walked(s: AncientsState, start: str, most: int, kind: object) -> set[str]:
    """Hexes reachable by terrain alone (no pieces), walked over the board's neighbours."""
    geometry = s.scenario.geometry
    entry = geometry.entry(kind)  # type: ignore[arg-type]
    near = geometry.adjacent[start]
    seen, frontier, found = {start}, [start], set()
    for _ in range(most):
        nxt = []
        for here in frontier:
            for h in geometry.neighbours[here]:
                if h in seen:
                    continue
                seen.add(h)
                if h in entry.far or (h in near and h in entry.near):
                    found.add(h)
                    if h not in entry.stops:
                        nxt.append(h)
        frontier = nxt
    return found


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_carried_index_equals_rebuilt(scenario: str) -> None:
    carried = 0
    for s in _states(scenario, 7, 400):
        found = s._memo.get("index")
        if found is None:
            continue
        carried += 1
        assert found == _Index.of(s)
        for side in ("bottom", "top"):
            units = tuple(
                p
                for p in s.scenario.pieces
                if s.scenario.sides[p] == side
                and not s.is_leader(p)
                and s.where[p] not in (DEAD, OFF)
            )
            assert s.units_of(side) == units
    assert carried > 100


@pytest.mark.parametrize("scenario", ["river-crossing", "the-long-ridge"])
def test_step_tables_reach_what_the_board_walk_reaches(scenario: str) -> None:
    s = _states(scenario, 3, 1)[0]
    geometry = s.scenario.geometry
    kinds = {s.scenario.types[p] for p in s.scenario.pieces}
    for kind in kinds:
        entry = geometry.entry(kind)
        for start in list(geometry.neighbours)[::7]:
            reached: set[str] = set()
            seen, frontier, steps = {start}, [start], entry.first
            for _ in range(3):
                nxt = []
                for here in frontier:
                    for h, stops in steps[here]:
                        if h not in seen:
                            seen.add(h)
                            reached.add(h)
                            if not stops:
                                nxt.append(h)
                frontier, steps = nxt, entry.onward
            assert reached == _walked(s, start, 3, kind)


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.quick(1)
def test_reach_and_orders_along_random_games(scenario: str) -> None:
    for s in _states(scenario, 11, 300)[::5]:
        for piece in s.scenario.pieces:
            if not s.on_board(piece):
                continue
            reach = leader_reach(s, piece) if s.is_leader(piece) else unit_reach(s, piece)
            assert list(reach) == sorted(reach)
        for action in s.legal_actions():
            if isinstance(action, act.Order):
                assert action == act.Order(action.hex, action.leader)


@pytest.mark.rule("CCB-LOS-03", "CCB-LOS-04", "CCB-LOS-05", "CCB-LOS-06")
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.quick(1)
def test_sight_kept_per_pair_agrees_with_the_board(scenario: str) -> None:
    """The steps of a line the terrain leaves open, kept per pair of hexes, see exactly what
    the board's line of sight sees, whatever pieces stand where."""
    import random

    s = _states(scenario, 3, 1)[0]
    geometry, board = s.scenario.geometry, s.scenario.board
    ids = list(geometry.ids)
    rng = random.Random(5)
    blocked = seen = 0
    for _ in range(3000):
        a, b = rng.sample(ids, 2)
        occupied = frozenset(rng.sample(ids, 25))
        sees = geometry.sees(a, b, occupied)
        assert sees == board.line_of_sight(a, b, occupied), (a, b)
        seen, blocked = seen + sees, blocked + (not sees)
    assert seen and blocked


@pytest.mark.rule("CCB-MOVE-02", "CCB-MOVE-04", "CCB-MOVE-09", "CCB-MOVE-15")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_reach_carried_past_a_move_equals_a_fresh_one(scenario: str) -> None:
    """A reach carried to the state after a move (it looked at neither hex the move left or
    entered) is the reach worked out afresh there."""
    carried = 0
    for s in _states(scenario, 13, 600):
        known = s._memo.get("reach")
        if not known:
            continue
        for piece, (hexes, destinations, _) in known.items():
            fresh = leader_reach(s, piece) if s.is_leader(piece) else unit_reach(s, piece)
            assert hexes == fresh
            assert list(destinations) == list(fresh)
            carried += 1
    assert carried > 20


@pytest.mark.rule("CCB-BATTLE-01", "CCB-CLOSE-01", "CCB-RANGED-07", "CCB-LOS-03")
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.quick(1)
def test_has_target_is_whether_the_unit_has_a_battle(scenario: str) -> None:
    """Asking whether an ordered unit has a target answers what listing its battles does."""
    from wargames.ancients.battle import BattleStep, battlers, options

    step, asked = BattleStep(), 0
    for s in _states(scenario, 17, 800):
        if not s.tasks or not isinstance(s.top, BattleStep):
            continue
        for unit in battlers(s):
            assert step.has_target(s, unit) == bool(options(s, unit))
            asked += 1
    assert asked > 5
