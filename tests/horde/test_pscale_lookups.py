"""The layout lookups of close combat and sight (the enemies next to a unit, the squares of
the enemies a side sees and of the hordes on the board) and the orders listed when no Half
action is left, against the rules worked out afresh along seeded random missions."""

from __future__ import annotations

import pytest
from horde.test_pscale_turn_caches import random_states

import wargames
from wargames.horde import actions as cmd
from wargames.horde import close_combat, visibility
from wargames.horde.orders import free_orders, horde_options, own_orders
from wargames.horde.scenario import SIDES
from wargames.horde.state import PScaleState
from wargames.horde.units import CONFUSED, Unit


def fresh_adjacent(s: PScaleState, u: Unit) -> tuple[str, ...]:
    """HMC-COMBAT-01 and HMC-GAP-16 read afresh: the enemy hordes ``u``'s side sees and the
    enemy lone Officers in the squares around it, square by square."""
    square = s.location(u)
    if square is None:
        return ()
    hidden = s.hidden_from(u.side)
    found: list[str] = []
    for sq in s.field.steps[square]:
        h = s.horde_at(sq)
        if h is not None and h.id not in hidden and h.side != u.side:
            found.append(h.id)
        found += [o.id for o in s.officers_at(sq) if o.side != u.side]
    return tuple(found)


def fresh_masks(s: PScaleState, side: str) -> tuple[int, int]:
    """The square masks of the enemy units ``side`` sees (HMC-TALENT-02: not hordes in
    stealth) and of the hordes it sees, from the units."""
    hidden = s.hidden_from(side)
    enemies = hordes = 0
    for u in s.units:
        if not u.on_board or u.id in hidden:
            continue
        assert u.square is not None
        if u.is_horde:
            hordes |= s.field.bit[u.square]
        if u.side != side and (u.is_horde or u.lone):
            enemies |= s.field.bit[u.square]
    return enemies, hordes


@pytest.mark.rule("HMC-COMBAT-01", "HMC-GAP-16", "HMC-TALENT-02", "HMC-ORDERS-19")
@pytest.mark.parametrize("scenario", sorted(wargames.game("horde").scenarios()))
@pytest.mark.quick(1)
def test_close_combat_and_sight_lookups_match_the_rules(scenario: str) -> None:
    """At every state of two seeded missions: the enemies next to each unit, whether it is in
    close combat, the masks of what each side sees; and a horde with no Half action left is
    offered its Free orders only."""
    for seed in range(2):
        for s in random_states(scenario, seed):
            for side in SIDES:
                enemies, hordes = fresh_masks(s, side)
                assert visibility.enemy_mask(s, side) == enemies
                assert visibility.horde_mask(s, s.hidden_from(side)) == hordes
            for u in s.units:
                if s.location(u) is None:
                    continue
                adjacent = fresh_adjacent(s, u)
                assert tuple(e.id for e in close_combat.adjacent_enemies(s, u)) == adjacent
                assert close_combat.in_cqc(s, u) == bool(adjacent)
                if u.is_horde and u.on_board:
                    spent = 1 if u.morale == CONFUSED else 2
                    assert u.square is not None
                    around = s.field.around[u.square]
                    enemies = visibility.enemy_mask(s, u.side)
                    free = free_orders(s, u, own_orders(u.id), around, enemies)
                    expected = [*free, cmd.done(u.id)]
                    assert horde_options(s, u, spent) == expected
