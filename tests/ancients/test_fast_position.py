"""The engine's fast lookups agree with what they stand for, over random games of every
shipped scenario: the where-is-what index carried from state to state equals one rebuilt from
the pieces' places, the per-kind step tables give the same reach as a walk over the board's
neighbours with the terrain's entry sets, and the shared actions equal fresh ones."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import wargames
from wargames.ancients import actions as act
from wargames.ancients import commands
from wargames.ancients.commands import ORDERABLE_BEFORE, fits_sections, fitting
from wargames.ancients.movement import (
    _leader_reach,
    _unit_reach,
    allowance,
    destinations,
    leader_reach,
    passes_friends,
    reach,
    unit_reach,
)
from wargames.ancients.orders import OrderStep
from wargames.ancients.state import DEAD, OFF, AncientsState, _Index
from wargames.ancients.units import UnitType
from wargames.ancients.variant import flanks
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
        mask = sum(geometry.bit[h] for h in occupied)
        assert geometry.sees_past(a, b, mask) == sees, (a, b)  # as hex masks
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
        for piece in known:
            fresh = leader_reach(s, piece) if s.is_leader(piece) else unit_reach(s, piece)
            assert reach(s, piece) == fresh
            assert destinations(s, piece) == list(fresh)
            carried += 1
    assert carried > 20


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_orderable_narrowed_from_before_the_last_order_equals_a_fresh_listing(
    scenario: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After an order, a section or troop card (a flank's section card in the variant)
    starts from the pieces it found orderable before it, less the one ordered: the pieces
    it finds are those found afresh, in the same order, at every order step of random games."""
    narrowed = 0
    real = commands.narrowed

    def counted(s: AncientsState, asker: object) -> tuple[int, ...] | None:
        nonlocal narrowed
        found = real(s, asker)
        narrowed += found is not None
        return found

    monkeypatch.setattr(commands, "narrowed", counted)
    monkeypatch.setattr(flanks, "narrowed", counted)
    checked = 0
    for s in _states(scenario, 21, 1500):
        top = s.tasks[-1] if s.tasks else None
        if isinstance(top, OrderStep) and s.ordered and "orderable" in s._memo:
            fresh = s.evolve()  # the same state without what it remembers
            assert ORDERABLE_BEFORE not in fresh._memo
            assert top.orderable(fresh) == s._memo["orderable"]
            checked += 1
    assert checked > 10
    assert narrowed > 5


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


def _fire_targets_piece_by_piece(s: AncientsState, unit: int) -> tuple[int, ...]:
    """The enemies ``unit`` may fire at, as the rules list them: every enemy unit, then every
    lone enemy leader, within the fire band, in line of sight past the pieces, with a die
    (CCB-RANGED-07, -08, -12, CCB-LOS-01 to -06), in hex order."""
    from wargames.ancients.ranged import fire_dice_at, may_fire

    if not may_fire(s, unit):
        return ()
    geometry, here = s.scenario.geometry, s.where[unit]
    band = geometry.fire_band(here, s.kind(unit).range)
    occupied = s.occupied()
    foe = "top" if s.side_of(unit) == "bottom" else "bottom"
    found = []
    for enemy in (*s.units_of(foe), *s.leaders_of(foe)):
        hex_id = s.where[enemy]
        if s.is_leader(enemy) and not s.lone(enemy):
            continue
        seen = hex_id in band and geometry.sees(here, hex_id, occupied)
        if seen and fire_dice_at(s, unit, enemy) > 0:
            found.append((hex_id, enemy))
    return tuple(enemy for _, enemy in sorted(found))


@pytest.mark.rule("CCB-RANGED-07", "CCB-RANGED-08", "CCB-LOS-03")
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.quick(1)
def test_fire_targets_from_hex_masks_are_the_piece_by_piece_targets(scenario: str) -> None:
    """The fire targets read off the hex masks of the pieces (only the enemies in the fire
    band traced) are those found enemy by enemy, for every unit along random games; and
    whether a unit has one is whether the list is not empty."""
    from wargames.ancients.ranged import fire_targets, may_fire_at_any

    asked = fired = 0
    for s in _states(scenario, 19, 500)[::4]:
        for unit in s.scenario.pieces:
            if s.is_leader(unit) or not s.on_board(unit):
                continue
            found = fire_targets(s, unit)
            assert found == _fire_targets_piece_by_piece(s, unit)
            assert may_fire_at_any(s, unit) == bool(found)
            asked, fired = asked + 1, fired + bool(found)
    assert asked > 100 and fired


Visit = Callable[[str, bool], tuple[bool, bool]]
"""A hex entered and whether the terrain stops a move there -> (the move may end there, it
may go on from there)."""


def _walk(
    s: AncientsState, start: str, most: int, kind: UnitType | None, visit: Visit
) -> tuple[dict[str, int], set[str]]:
    """Breadth-first over the step tables of ``kind``, hex by hex, up to ``most`` steps:
    every hex reached and the step that reaches it, and the hexes looked at."""
    entry = s.scenario.geometry.entry(kind)
    frontier, seen, found, steps = [start], {start}, {}, entry.first
    for step in range(1, most + 1):
        nxt: list[str] = []
        for here in frontier:
            for hex_id, stops in steps[here]:
                if hex_id in seen:
                    continue
                seen.add(hex_id)
                ends, goes_on = visit(hex_id, stops)
                if ends:
                    found[hex_id] = step
                if goes_on:
                    nxt.append(hex_id)
        frontier, steps = nxt, entry.onward
    return found, seen


def _walked_reach(s: AncientsState, unit: int) -> tuple[dict[str, int], set[str]]:
    """A unit's reach hex by hex (CCB-MOVE-02 to -04, -09), each hex's pieces looked up; and
    the hexes whose pieces it looked at."""
    sides, kind = s.scenario.sides, s.kind(unit)
    side = sides[unit]
    has_leader = s.leader_at(s.where[unit]) is not None
    through = passes_friends(s, unit)

    def visit(hex_id: str, stops: bool) -> tuple[bool, bool]:
        there, leader = s.unit_at(hex_id), s.leader_at(hex_id)
        if there is not None:  # passed through, by light foot among friends only
            friends = sides[there] == side and (leader is None or sides[leader] == side)
            return False, through and not stops and friends
        if leader is not None:  # a lone friendly leader's hex ends the move
            return not has_leader and sides[leader] == side, False
        return True, not stops

    found, seen = _walk(s, s.where[unit], allowance(s, unit), kind, visit)
    if kind.move_rule == "warrior-charge":
        neighbours = s.scenario.geometry.neighbours
        for h, n in found.items():
            if n >= 2:
                seen.update(neighbours[h])
        found = {
            h: n
            for h, n in found.items()
            if n < 2 or any(s.enemy_piece_at(x, side) is not None for x in neighbours[h])
        }
    return dict(sorted(found.items())), seen


def _walked_leader_reach(s: AncientsState, leader: int) -> tuple[dict[str, int], set[str]]:
    """A lone leader's reach hex by hex (CCB-MOVE-15 to -18), and the hexes looked at."""
    sides = s.scenario.sides
    side = sides[leader]
    start = s.where[leader]

    def visit(hex_id: str, stops: bool) -> tuple[bool, bool]:
        unit, other = s.unit_at(hex_id), s.leader_at(hex_id)
        if unit is not None and sides[unit] != side:
            return False, False
        if other is not None:  # through a friendly leader, never to stop on him
            return False, sides[other] == side and not stops
        return True, not stops

    most = 1 if s.scenario.geometry.terrain[start].leave_one else 3
    found, seen = _walk(s, start, most, None, visit)
    return dict(sorted(found.items())), seen


@pytest.mark.rule("CCB-MOVE-02", "CCB-MOVE-03", "CCB-MOVE-04", "CCB-MOVE-09", "CCB-MOVE-15")
@pytest.mark.rule("CCB-MOVE-16")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_reach_as_hex_masks_equals_the_walk_hex_by_hex(scenario: str) -> None:
    """The reach worked out a whole step at a time as hex masks is the walk hex by hex: the
    same hexes at the same number of steps, and the same hexes looked at (what a later move
    must touch to change it), for every piece on the board along random games; and the
    where-is-what masks are those of the index's hexes, the enemy mask where an enemy piece
    stands."""
    pieces = 0
    for s in _states(scenario, 17, 400)[::3]:
        index, geometry = s._index(), s.scenario.geometry
        for side in index.unit_masks:
            units = [h for h, p in index.unit_at.items() if s.side_of(p) == side]
            leaders = [h for h, p in index.leader_at.items() if s.side_of(p) == side]
            assert index.unit_masks[side] == sum(geometry.bit[h] for h in units)
            assert index.leader_masks[side] == sum(geometry.bit[h] for h in leaders)
            enemy = s._index().enemy_mask(side)
            for h in geometry.hexes:
                assert bool(enemy & geometry.bit[h]) == (s.enemy_piece_at(h, side) is not None)
        for piece in s.scenario.pieces:
            if not s.on_board(piece):
                continue
            if s.is_leader(piece):
                found, seen = _walked_leader_reach(s, piece)
                layers, _, looked = _leader_reach(s, piece)
                assert leader_reach(s, piece) == found
            else:
                found, seen = _walked_reach(s, piece)
                layers, _, looked = _unit_reach(s, piece)
                assert unit_reach(s, piece) == found
                assert len(layers) <= allowance(s, piece)  # the search stops at the allowance
            assert geometry.hexes_in(looked) == sorted(seen)
            pieces += 1
    assert pieces > 100


def test_fitting_tries_each_kind_of_hex_once_and_agrees_with_each_candidate_alone() -> None:
    """:func:`~wargames.ancients.commands.fitting` (which asks once per kind of hex) keeps
    exactly the candidates that fit one at a time beside the orders given: random pieces in
    random sections, random counts, on and off the dotted lines."""
    rng = random.Random(5)
    kinds = [
        frozenset(k)
        for k in (
            {"left"},
            {"center"},
            {"right"},
            {"left", "center"},
            {"center", "right"},
            set(),
        )
    ]
    kept = dropped = 0
    for _ in range(400):
        counts = {name: rng.randint(0, 2) for name in rng.sample(["left", "center", "right"], 2)}
        given = [rng.choice(kinds) for _ in range(rng.randint(0, 3))]
        options = [rng.choice(kinds) for _ in range(rng.randint(0, 8))]
        candidates = list(range(len(options)))
        alone = [
            p for p in candidates if fits_sections((*given, options[p]), tuple(counts.items()))
        ]
        found = fitting(candidates, options, given, counts)
        assert found == alone
        kept += len(found)
        dropped += len(candidates) - len(found)
    assert kept > 100 and dropped > 100  # both verdicts were asked for often
