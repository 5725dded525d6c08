"""The written-out listing of what a horde may be ordered
(:func:`~wargames.horde.orders.paid_orders`, :func:`~wargames.horde.orders.free_orders`) lists
what the orders' own functions list, in the same order, in every state of seeded random
battles (views included); the shortcuts it takes (no movement search for a Charge! without a
target in range, no Merge! scan without a horde next to it) give the long way's answers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from horde.pscale import battle

import wargames
from wargames import CHANCE
from wargames.core.engine import Action, pick_outcome
from wargames.horde import actions as cmd
from wargames.horde import close_combat, visibility
from wargames.horde.orders import Activation, may_hide, medicae_orders
from wargames.horde.reach import ends
from wargames.horde.reshape import SPLIT_MINIMUM, may_split, merge_partners
from wargames.horde.scenario import load_scenario
from wargames.horde.state import PScaleState
from wargames.horde.targets import _chargeable, attack_actions, can_move, charge_orders
from wargames.horde.units import CONFUSED, Unit


def states(start: PScaleState, seed: int, every: int = 1) -> Iterator[PScaleState]:
    """Every ``every``-th decision of a random game from ``start``, and the view of the side
    deciding."""
    rng = np.random.default_rng(seed)
    state, n = start, 0
    while state.current_player is not None:
        if state.current_player == CHANCE:
            action = pick_outcome(state.chance_outcomes(), rng.random())
        else:
            n += 1
            if n % every == 0:
                yield state
                view = state.view(state.current_player)
                assert isinstance(view, PScaleState)
                yield view
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        state = state.apply(action)


def reference(s: PScaleState, u: Unit, spent: int) -> list[Action]:
    """What a horde in good order (or confused) may be ordered, by the orders' own functions,
    one after the other (the listing before it was written out)."""
    from wargames.horde.moves import with_room

    out: list[Action] = []
    if u.failing and u.id not in s.rallied:
        out.append(cmd.order(u.id, "rally"))
    if u.stealthed:
        out.append(cmd.order(u.id, "reveal"))
    out += [cmd.order(o, "leave") for o in s.places().attached.get(u.id, ())]
    if u.morale == "" and not u.stealthed and u.id not in s.reshaped:
        if u.magnitude >= 2 * SPLIT_MINIMUM and may_split(s, u):
            out.append(cmd.order(u.id, "split"))
        out += [cmd.Merge(u.id, o.id) for o in merge_partners(s, u)]
    budget = (1 if u.morale == CONFUSED else 2) - spent
    if budget >= 1:
        cqc = close_combat.in_cqc(s, u)
        moving = can_move(s, u)
        room = with_room(s, u) if moving else frozenset()
        out += attack_actions(s, u)
        if not cqc and "tactical advance" in room:
            out.append(cmd.order(u.id, "tactical advance"))
        out += medicae_orders(s, u)
        if budget >= 2:
            out += charge_orders(s, u)
            out += [cmd.order(u.id, "brace"), cmd.order(u.id, "get down")]
            if not cqc:
                out += [cmd.order(u.id, o) for o in ("rapid advance", "forced march") if o in room]
            if cqc and "pull back" in room:
                out.append(cmd.order(u.id, "pull back"))
            if "tactical retreat" in room:
                out.append(cmd.order(u.id, "tactical retreat"))
            if moving:
                out.append(cmd.order(u.id, "full retreat"))
            if may_hide(s, u, close_combat.in_cqc(s, u)):
                out.append(cmd.order(u.id, "hide"))
    out.append(cmd.done(u.id))
    return out


def searched_charges(s: PScaleState, u: Unit) -> tuple[str, ...]:
    """The enemies a Charge! could reach, by the movement search alone."""
    close = s.field.spread(ends(s, u, u.horde.full_move))
    bit = s.field.bit
    return tuple(e for e, there in visibility.targets(s, u.side).items() if bit[there] & close)


def check(s: PScaleState, seen: Counter[str]) -> None:
    """Every horde on the board that could be activated: the listing against the reference,
    at each number of Half actions spent; the charge shortcut against the search."""
    for u in s.units:
        if not u.on_board or u.is_officer or u.morale not in ("", CONFUSED):
            continue
        for spent in range(3):
            listed = Activation(u.id, spent)._options(s)
            assert listed == reference(s, u, spent), (u.id, spent)
            kinds = {type(a).__name__ for a in listed} | {
                a.order for a in listed if isinstance(a, cmd.Order)
            }
            seen.update(kinds)
        if u.horde.weapons_of("melee"):
            found = _chargeable(s, u)
            assert found == searched_charges(s, u), u.id
            seen["charges" if found else "no charge"] += 1


@pytest.mark.rule("HMC-ORDERS-19", "HMC-COMBAT-05", "HMC-COMBAT-06", "HMC-ORDERS-03")
@pytest.mark.rule("HMC-ORDERS-04", "HMC-ORDERS-16", "HMC-ORDERS-17")
@pytest.mark.parametrize("name", sorted(wargames.game("horde").scenarios()))
@pytest.mark.quick(1)
def test_the_listing_is_the_orders_own_in_random_battles(name: str) -> None:
    """In every state of a seeded random game of each shipped scenario (and the deciding
    side's view), each horde's listing is the orders' own, attacks in melee and at range,
    charges, moves and Split! included."""
    seen: Counter[str] = Counter()
    start = wargames.load("horde", scenario=name)
    assert isinstance(start, PScaleState)
    for s in states(start, 11, every=3):
        check(s, seen)
    for kind in ("Attack", "charge", "tactical advance", "brace", "split", "charges", "no charge"):
        assert seen[kind], (kind, seen)


@pytest.mark.rule("HMC-SPECIALIST-05", "HMC-SPECIALIST-08", "HMC-TALENT-01", "HMC-TALENT-02")
@pytest.mark.rule("HMC-ORDERS-10", "HMC-ORDERS-17", "HMC-OFFICER-08")
@pytest.mark.parametrize("seed", range(3))
@pytest.mark.quick(1)
def test_the_listing_is_the_orders_own_in_a_crowded_battle(tmp_path: Path, seed: int) -> None:
    """The same on a small board with difficult terrain, an Engineer, hordes of one profile
    side by side (Merge!), Officers and hordes in stealth."""
    start = battle(
        tmp_path,
        [
            ("HW", "guard-heavy-weapons", "01-01"),
            ("A", "guard-infantry", "02-01"),
            ("B", "guard-infantry", "01-02"),
            ("VET", "guard-veterans", "02-02", {"stealthed": True}),
        ],
        [
            ("K", "ork-kommandos", "07-04", {"stealthed": True}),
            ("Z", "traitor-heavy-weapons", "08-02"),
            ("Y", "traitor-guard", "07-06"),
        ],
        width=9,
        height=7,
        terrain={
            "rubble": ["03-02", "03-03", "04-03", "05-05", "06-05"],
            "cover": ["02-02", "07-04"],
            "wall": ["05-04", "04-06"],
        },
        officers=[
            {"side": "blue", "id": "lt", "profile": "guard-command", "wounds": 12, "at": "03-04"},
            {"side": "red", "id": "cm", "profile": "guard-command", "wounds": 12, "at": "08-05"},
        ],
        rounds=4,
    )
    seen: Counter[str] = Counter()
    for s in states(start, seed):
        check(s, seen)
    assert seen["Merge"] and seen["Attack"] and seen["charges"], seen


@pytest.mark.rule("HMC-ORDERS-03", "HMC-GAP-28")
@pytest.mark.parametrize("name", sorted(wargames.game("horde").scenarios()))
@pytest.mark.quick(1)
def test_lines_of_sight_listed_are_the_clear_lines(name: str) -> None:
    """:meth:`~wargames.horde.battlefield.Battlefield.in_sight_of` (the targets in sight)
    lists a square exactly when the line to it is clear (:meth:`~wargames.horde.battlefield.
    Battlefield.clear`), from every square of the board to every other, blockers all over."""
    field = load_scenario(name).field
    squares = field.squares
    blocking = {sq for i, sq in enumerate(squares) if i % 7 in (2, 5)}
    mask = field.mask_of(blocking)
    for a in squares[::5]:
        clear = field.in_sight_of(a, [(b, b) for b in squares if b != a], mask)
        assert clear == [
            b for b in squares if b != a and field.clear(a, b, blocking.__contains__)
        ], a


@pytest.mark.rule("HMC-GAP-16")
@pytest.mark.parametrize("name", sorted(wargames.game("horde").scenarios()))
def test_a_box_is_the_squares_within_that_many_rows_and_columns(name: str) -> None:
    """:meth:`~wargames.horde.battlefield.Battlefield.box` holds the squares at most that
    many rows and columns away (diagonal steps count one, HMC-GAP-16), and no others."""
    field = load_scenario(name).field
    for a in field.squares[::9]:
        for d in range(4):
            inside = {b for b in field.squares if field.distance(a, b) <= d}
            assert set(field.squares_in(field.box(a, d))) == inside, (a, d)
