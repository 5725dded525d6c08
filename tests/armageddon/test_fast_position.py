"""The fast structures behind Battle for Armageddon's states answer as the slow readings do:
the map's bitsets as the graph's walks, the where-is-what index carried from state to state as
the one built afresh, over random games."""

from __future__ import annotations

import random

import attrs
import numpy as np
import pytest

import wargames
from wargames import testing
from wargames.armageddon.actions import Move
from wargames.armageddon.data import IMPERIUM, ORKS, SIDES, default_data
from wargames.armageddon.mapbits import map_bits
from wargames.armageddon.movement import MovementPhase
from wargames.armageddon.placement import Placement
from wargames.armageddon.state import MOVES_SINCE, ArmageddonState


def random_states(seed: int, limit: int = 2000) -> list[ArmageddonState]:
    """Every state of one seeded random game."""
    start = wargames.load("armageddon")
    assert isinstance(start, ArmageddonState)
    return list(testing.random_states(start, seed, limit))


def test_reach_is_the_maps_walk() -> None:
    data = default_data()
    board, bits = data.board, map_bits(data)
    rng = random.Random(7)
    for _ in range(400):
        start = rng.choice(bits.areas)
        blocked = frozenset(a for a in bits.areas if a != start and rng.random() < 0.2)
        side = rng.choice(SIDES)
        ignore = rng.random() < 0.2
        steps = rng.randint(1, 5)

        def can_enter(area: str, blocked: frozenset[str] = blocked) -> bool:
            return data.terrain[board[area].terrain].enterable and area not in blocked

        def stops(area: str, side: str = side, ignore: bool = ignore) -> bool:
            return not ignore and side in data.terrain[board[area].terrain].stops

        walked = tuple(sorted(board.reach(start, steps, can_enter, stops)))
        stop_mask = 0 if ignore else bits.stops[side]
        assert bits.names(bits.reach(start, steps, bits.mask(blocked), stop_mask)) == walked


@pytest.mark.rule("BFA-MOVE-02")
def test_remembered_moves_are_the_reach_in_area_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """``moves_to`` answers from memory as it does afresh: the counter's moves to each area of
    the reach, sorted by area id; the memory is emptied when full, never larger."""
    from wargames.armageddon import mapbits

    data = default_data()
    bits = attrs.evolve(map_bits(data))  # the same map, its memory empty
    monkeypatch.setattr(mapbits, "MOVES_CACHE", 50)
    rng = random.Random(3)
    counters = sorted(bits.moves)
    for _ in range(400):
        counter = rng.choice(counters)
        mask = rng.getrandbits(len(bits.areas)) & rng.getrandbits(len(bits.areas))
        areas = bits.names(mask)
        expected = tuple(Move(counter, a) for a in areas)
        assert bits.moves_to(counter, mask) == expected
        assert bits.moves_to(counter, mask) is bits.moves_to(counter, mask)  # remembered
        assert list(areas) == sorted(areas)
        assert len(bits.remembered_moves) <= 50


def test_supply_tracing_is_the_maps_walk() -> None:
    data = default_data()
    board, bits = data.board, map_bits(data)
    rng = random.Random(11)
    for _ in range(200):
        blocked = frozenset(a for a in bits.areas if rng.random() < 0.3)
        side = rng.choice(SIDES)

        def passable(area: str, blocked: frozenset[str] = blocked) -> bool:
            t = data.terrain[board[area].terrain]
            return t.enterable and not t.blocks_supply and area not in blocked

        traced = board.connected_to(data.supply[side], passable)
        found = bits.connected(bits.supply[side], bits.supply_passable & ~bits.mask(blocked))
        assert frozenset(bits.names(found)) == traced


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.quick(1)
def test_carried_index_is_the_rebuilt_one(seed: int) -> None:
    for state in random_states(seed):
        carried = state.placement
        fresh = Placement.of(state.manifest, state.bits, state.where, state.ruined)
        assert carried == fresh
        for side in (ORKS, IMPERIUM):
            assert carried.occupied(side) == frozenset(fresh.stacks[side])
            assert carried.masks[side] == state.bits.mask(fresh.stacks[side])
            assert carried.on_map(side) == fresh.on_map(side)
        for location in {*state.where, *state.bits.areas}:
            there = tuple(
                c for c, loc in zip(state.manifest.ids, state.where, strict=True) if loc == location
            )
            assert state.counters_at(location) == there
            specs = state.data.counters
            assert state.structures(location) == tuple(c for c in there if specs[c].structure)


def test_an_index_brought_up_to_date_over_several_moves_is_the_rebuilt_one() -> None:
    """A movement phase's moves ask nothing of the where-is-what index: each state carries an
    earlier index and the moves made since, and the index brought up to date from them when
    first asked (on a copy here, so the game goes on as played) is the one built afresh."""
    longest = 0
    for state in random_states(0):
        if "index" in state._memo or MOVES_SINCE not in state._memo:
            continue
        longest = max(longest, len(state._memo[MOVES_SINCE][1]))
        fresh = Placement.of(state.manifest, state.bits, state.where, state.ruined)
        assert state.evolve().placement == fresh
    assert longest >= 3  # whole movement phases go by without an index


@pytest.mark.rule("BFA-MOVE-07")
def test_a_move_other_than_the_drawn_one_moves_its_own_counter() -> None:
    """The movement phase's draw notes the reach entry it drew from; a different move applied
    after the draw (a player's, not the draw's) still takes its own counter's entry out."""
    rng = np.random.default_rng(3)
    checked = 0
    for s in random_states(1):
        if s.current_player is None or not isinstance(s.top, MovementPhase):
            continue
        if not isinstance(s.random_action(rng), Move):
            continue
        drawn = s._memo["drawn"]
        other = next((a for a in s.legal_actions() if isinstance(a, Move) and a != drawn), None)
        if other is None or other.counter == drawn.counter:
            continue
        after = s.apply(other)
        assert after == s.evolve().apply(other)
        assert other.counter in after.used and drawn.counter not in after.used
        left = after.top
        assert isinstance(left, MovementPhase)
        if left.moves is None:
            continue  # under Rail Convoy the reaches are worked out afresh
        assert other.counter not in {c for c, _, _ in left.moves[0]}
        assert any(c == drawn.counter for c, _, _ in left.moves[0])
        checked += 1
    assert checked > 10


def test_stack_check_is_the_stacking_rule() -> None:
    from wargames.armageddon.stacking import RULE, fits, legal_stack

    data = default_data()
    ids = list(data.counters)
    rng = random.Random(5)
    for _ in range(3000):
        stack = rng.sample(ids, rng.randint(0, 5))
        specs = [data.counters[c] for c in stack]
        assert legal_stack(data, stack) == RULE.is_legal(specs)
        if stack:
            assert fits(data, stack[:-1], stack[-1]) == RULE.is_legal(specs)


def _deploy_reference(s: ArmageddonState) -> tuple[str, ...]:
    """The deployment options as first written: every area's room recounted per option."""
    from collections import Counter

    from wargames.armageddon.stacking import LIMIT, fits
    from wargames.armageddon.state import UNPLACED

    specs = s.data.counters
    waiting = s.in_box(UNPLACED, ORKS)
    counter, rest = waiting[0], waiting[1:]
    spec = specs[counter]
    needs = Counter(specs[c].tribe for c in rest if not specs[c].exempt)
    exempt_tribes = {specs[c].tribe for c in rest if specs[c].exempt}
    areas = [a for a in s.setup.ork_areas if not s.stack(a, IMPERIUM)]

    def owner(area: str) -> tuple[str | None, int]:
        stack = s.stack(area, ORKS)
        if not stack:
            return (None, 0)
        return (specs[stack[0]].tribe, sum(not specs[c].exempt for c in stack))

    owners = [owner(a) for a in areas]
    out = []
    for i, area in enumerate(areas):
        if not fits(s.data, s.stack(area, ORKS), counter):
            continue
        after = [*owners[:i], (spec.tribe, owners[i][1] + (not spec.exempt)), *owners[i + 1 :]]
        free: Counter[str | None] = Counter()
        held = set()
        empty = 0
        for tribe, n in after:
            if tribe is None:
                empty += 1
            else:
                free[tribe] += LIMIT - n
                held.add(tribe)
        need = 0
        for tribe in set(needs) | exempt_tribes:
            more = -(-max(0, needs[tribe] - free[tribe]) // LIMIT)
            need += 1 if more == 0 and tribe not in held else more
        if need <= empty:
            out.append(f"deploy {counter} {area}")
    return tuple(out)


@pytest.mark.parametrize("seed", range(6))
def test_deployment_options_are_the_recounted_ones(seed: int) -> None:
    from wargames.armageddon.flow import DeployOrks

    for state in random_states(seed, limit=60):
        if isinstance(state.top, DeployOrks):
            assert tuple(map(str, state.legal_actions())) == _deploy_reference(state)
