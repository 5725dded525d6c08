"""The quick looks that spare the movement search (a square next to the unit to end a move on)
give the search's answers: checked against the whole search in every state of seeded random
battles, views included, and of a crowded battle with difficult terrain, walls, an Engineer,
Officers and hordes in stealth. Lines of sight made from a mirrored line are the lines traced
themselves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from horde.pscale import battle

import wargames
from wargames import CHANCE
from wargames.core.engine import pick_outcome
from wargames.horde import close_combat
from wargames.horde.moves import _with_room, _withdrawal_ends, allowance
from wargames.horde.reach import _search, ends, next_ends, no_stop
from wargames.horde.scenario import load_scenario
from wargames.horde.state import PScaleState
from wargames.horde.units import FRENZIED, Unit

ADVANCES = ("tactical advance", "rapid advance", "forced march", "sprint")


def searched_room(s: PScaleState, u: Unit) -> frozenset[str]:
    """:func:`~wargames.horde.moves.with_room` by the whole search alone."""
    found, stops = _search(s, u, u.horde.run_move), no_stop(s, u)
    out = {o for o in ADVANCES if found.within(allowance(u, o)) & ~stops}
    if _withdrawal_ends(s, u, "tactical retreat"):
        out.add("tactical retreat")
    if close_combat.in_cqc(s, u) and _withdrawal_ends(s, u, "pull back"):
        out.add("pull back")
    return frozenset(out)


def states(start: PScaleState, seed: int) -> Iterator[PScaleState]:
    """Every decision of a random game from ``start``, and the view of the side deciding."""
    rng = np.random.default_rng(seed)
    state = start
    while state.current_player is not None:
        if state.current_player == CHANCE:
            action = pick_outcome(state.chance_outcomes(), rng.random())
        else:
            yield state
            view = state.view(state.current_player)
            assert isinstance(view, PScaleState)
            yield view
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        state = state.apply(action)


def check(s: PScaleState, seen: Counter[str]) -> None:
    """The quick looks against the search for every unit on the board."""
    field = s.field
    for u in s.units:
        here = s.location(u)
        if here is None or not u.on_board:
            continue
        for a in range(5):
            assert next_ends(s, u, a) == ends(s, u, a) & field.around[here], (u.id, a)
        if u.morale != FRENZIED:
            assert _with_room(s, u) == searched_room(s, u), (u.id, here)
            seen["next" if next_ends(s, u, u.horde.half_move) else "searched"] += 1
            seen["close combat"] += close_combat.in_cqc(s, u)


@pytest.mark.rule("HMC-ORDERS-07", "HMC-ORDERS-08", "HMC-ORDERS-09", "HMC-ORDERS-10")
@pytest.mark.rule("HMC-ORDERS-11", "HMC-OFFICER-02")
@pytest.mark.parametrize("name", sorted(wargames.game("horde").scenarios()))
@pytest.mark.quick(1)
def test_quick_looks_agree_with_the_search_in_random_battles(name: str) -> None:
    """The move orders with somewhere to end, quick looks and all, are the whole search's in
    every state of a seeded random game of each shipped scenario."""
    seen: Counter[str] = Counter()
    start = wargames.load("horde", scenario=name)
    assert isinstance(start, PScaleState)
    for s in states(start, 7):
        check(s, seen)
    assert seen["next"] and seen["close combat"], seen


@pytest.mark.rule("HMC-SPECIALIST-05", "HMC-SCALE-05", "HMC-SCALE-06", "HMC-OFFICER-03")
@pytest.mark.rule("HMC-TALENT-02", "HMC-ORDERS-10")
@pytest.mark.parametrize("seed", range(3))
@pytest.mark.quick(1)
def test_quick_looks_agree_with_the_search_in_a_crowded_battle(tmp_path: Path, seed: int) -> None:
    """The same on a small board of difficult terrain and walls, with an Engineer's horde
    (difficult terrain costs it one square) boxed in a corner by its allies (it may pass
    them, not stop next to it), Officers (they may stop on allied hordes) and hordes in
    stealth (their squares look empty to the enemy)."""
    difficult = ["03-02", "03-03", "04-03", "05-05", "06-05", "06-06", "07-02"]
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
            "rubble": difficult,
            "woods": ["05-02", "05-03"],
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
    assert seen["next"] and seen["searched"] and seen["close combat"], seen


@pytest.mark.rule("HMC-ORDERS-03", "HMC-GAP-28")
@pytest.mark.parametrize("name", sorted(wargames.game("horde").scenarios()))
def test_mirrored_lines_of_sight_are_the_traced_ones(name: str) -> None:
    """A line of sight made from the traced line of one of its reflections or transposes
    enters the squares and slips between the corner pairs of the line traced itself."""
    field = load_scenario(name).field
    for dc in range(1 - field.width, field.width):
        for dr in range(1 - field.height, field.height):
            if (dc, dr) == (0, 0):
                continue
            entered, corners = field.line_offsets(dc, dr)
            low, line, pairs = field._line_mask(dc, dr)
            assert line == sum(1 << (d - low) for d in entered), (dc, dr)
            assert sorted(pairs) == sorted((1 << (p - low)) | (1 << (q - low)) for p, q in corners)
