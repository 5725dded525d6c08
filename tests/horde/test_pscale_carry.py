"""Layout lookups after a change of the board: when a single horde or lone Officer moves, the
new layout starts from the old one's masks and target lists with the unit moved
(:func:`~wargames.horde.carry.carry_layout`, :func:`~wargames.horde.carry.carry_officer_move`);
when a single horde enters or leaves the board (a split, a horde off the board or back on it,
a merge) it starts from them with the horde's square set or cleared
(:mod:`wargames.horde.carry`); the per-unit lookups are worked out afresh. After any other
change (a horde destroyed with an Officer left standing, an Officer joining or leaving a
horde, a horde entering stealth) it is built afresh. Either way every lookup is what a fresh
rebuild finds (:func:`~wargames.horde.invariants.violations`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from horde.pscale import battle

import wargames
from wargames.core.tasks import quick_evolve
from wargames.horde import actions as cmd
from wargames.horde import close_combat, flow, visibility
from wargames.horde.casualties import hit_horde
from wargames.horde.invariants import violations
from wargames.horde.moves import with_room
from wargames.horde.officers import join, leave
from wargames.horde.reach import move, no_stop, reach
from wargames.horde.reshape import merge, split
from wargames.horde.scenario import SIDES
from wargames.horde.state import OPENINGS, PER_UNIT, PScaleState
from wargames.horde.withdrawal import full_retreat

GUARD = "guard-infantry"
TRAITORS = "traitor-guard"
FAR = "C"
"""A blue horde in a far corner."""


def officer(ident: str, side: str = "blue", **where: Any) -> dict[str, Any]:
    return {"side": side, "id": ident, "profile": "guard-command", "wounds": 12, **where}


def board(tmp_path: Path) -> PScaleState:
    """Blue hordes A and B next to each other with an Officer beside them, a third far off;
    red hordes in the middle with an Officer joined to one, and Ambushers in cover."""
    return battle(
        tmp_path,
        [("A", GUARD, "03-04"), ("B", GUARD, "03-05"), (FAR, GUARD, "02-19")],
        [
            ("Z", TRAITORS, "06-04"),
            ("Y", TRAITORS, "08-06"),
            ("VET", "guard-veterans", "07-03"),
        ],
        width=16,
        height=19,
        terrain={"cover": ["07-03"]},
        officers=[officer("lt", at="04-03"), officer("cm", side="red", join="Z")],
    )


def primed(s: PScaleState) -> PScaleState:
    """``s`` with every layout lookup worked out: each unit's enemies around it, movement
    search and move-order room, each side's masks and the enemies it sees and may attack."""
    for u in s.units:
        if s.location(u) is not None:
            close_combat.adjacent_enemies(s, u)
            reach(s, u)
            with_room(s, u)
    for side in SIDES:
        visibility.enemy_mask(s, side)
        visibility.blockers(s, side)
        visibility.targets(s, side)
        no_stop(s, next(u for u in s.units if u.side == side and u.is_horde))
        flow.acting_units(s, side)
    s.places()
    return s


def carried(before: PScaleState, after: PScaleState) -> dict[str, Any]:
    """The lookups the new layout of ``after`` started from; every lookup of ``after`` (worked
    out in full) is what a fresh rebuild finds."""
    layout = after.layout()
    assert layout is not before.layout()
    start = {name: dict(v) if isinstance(v, dict) else v for name, v in layout.items()}
    assert violations(primed(after)) == []
    return start


def _moved(s: PScaleState) -> PScaleState:
    return move(s, s.unit("Z"), "07-05")  # cm goes with it


def _split(s: PScaleState) -> PScaleState:
    a = s.unit("A")
    return split(s, a, "A-1", a.magnitude // 2, "02-04")


def _destroyed(s: PScaleState) -> PScaleState:
    latest: dict[str, Any] = {}
    hit_horde(s, latest, "Z", s.unit("Z").magnitude, 0)  # cm is left standing on its square
    return s.replace(*latest.values())


def _off_board(s: PScaleState) -> PScaleState:
    return full_retreat(s, s.unit("Z"))  # cm goes with it


def _back_on_board(s: PScaleState) -> PScaleState:
    return s.replace(quick_evolve(s.unit("Z"), status="fighting", square="16-08"))


def _merged(s: PScaleState) -> PScaleState:
    return merge(s, cmd.Merge("A", "B"))


def _joined(s: PScaleState) -> PScaleState:
    return join(s, cmd.Join("lt", "A"))


def _left(s: PScaleState) -> PScaleState:
    return leave(s, "lt")


def _hidden(s: PScaleState) -> PScaleState:
    return s.replace(quick_evolve(s.unit("VET"), stealthed=True))


def _as_set_up(s: PScaleState) -> PScaleState:
    return s


def test_a_move_carries_the_masks(tmp_path: Path) -> None:
    """When Z moves (its Officer with it), each side's masks, seen enemies and targets, who
    is where and the units each side may activate come over to the new layout with Z moved;
    the per-unit lookups (even the far horde's) are worked out afresh; all are what a fresh
    rebuild finds."""
    before = primed(board(tmp_path))
    start = carried(before, _moved(before))
    for name in ("enemy mask", "blockers", "no_stop", "seen", "targets", "places", "acting"):
        assert name in start, name
    assert not any(start.get(name) for name in PER_UNIT)


def test_the_enemies_a_side_sees_are_read_only(tmp_path: Path) -> None:
    """``visibility.seen`` and ``visibility.targets`` hand out the layout's own tables, shared
    by every state of the layout and carried to the next: a caller cannot change them, and
    a move carries a copy with the mover on its new square, the old layout's left as it was."""
    before = primed(board(tmp_path))
    seen, targets = visibility.seen(before, "blue"), visibility.targets(before, "blue")
    for table in (seen, targets):
        with pytest.raises(TypeError):
            table["Z"] = "01-01"  # type: ignore[index]
    after = _moved(before)
    moved = visibility.seen(after, "blue")
    assert list(moved) == list(seen)  # the order of the units
    assert (moved["Z"], seen["Z"]) == ("07-05", "06-04")
    assert visibility.seen(before, "blue") is seen


@pytest.mark.rule("HMC-OFFICER-03", "HMC-OFFICER-08")
@pytest.mark.parametrize(
    ("square", "targets"),
    [("05-02", True), ("03-04", False)],
    ids=["in the open", "onto his horde"],
)
def test_an_officer_move_carries_the_masks(tmp_path: Path, square: str, targets: bool) -> None:
    """When the lone Officer lt moves, who is where, the enemy units red sees and the enemies
    it sees come over with his square moved (an Officer blocks no sight and no stop: those
    masks stay); red's targets too, unless a horde of his shelters him on one square and not
    on the other (HMC-OFFICER-08: worked out afresh); all are what a fresh rebuild finds."""
    before = primed(board(tmp_path))
    start = carried(before, move(before, before.unit("lt"), square))
    for name in ("enemy mask", "blockers", "no_stop", "seen", "places", "acting"):
        assert name in start, name
    assert ("red" in start["targets"]) == targets
    assert not any(start.get(name) for name in PER_UNIT)


Change = Callable[[PScaleState], PScaleState]
MASKS = ("enemy mask", "blockers", "no_stop", "seen", "targets", "places", "acting")
CHANGES: list[Any] = [
    pytest.param(_as_set_up, _split, MASKS, id="split"),
    pytest.param(_as_set_up, _destroyed, (), id="destroyed"),
    pytest.param(_as_set_up, _off_board, MASKS, id="off-board"),
    pytest.param(_off_board, _back_on_board, MASKS, id="returns"),
    pytest.param(_as_set_up, _merged, MASKS, id="merge"),
    pytest.param(_as_set_up, _joined, (), id="join"),
    pytest.param(_joined, _left, (), id="leave"),
    pytest.param(_as_set_up, _hidden, (), id="hide"),
]


@pytest.mark.parametrize(("first", "change", "kept"), CHANGES)
@pytest.mark.quick(2)
def test_other_changes_carry_the_masks_of_a_horde_entering_or_leaving(
    tmp_path: Path, first: Change, change: Change, kept: tuple[str, ...]
) -> None:
    """After any other change of the board (from a position reached by ``first``) the new
    layout starts empty of per-unit lookups (carrying them did not pay: on these boards a
    movement search nearly never survives); it starts from the old masks, seen enemies,
    targets and who is where (``kept``) when one horde entered or left the board and nothing
    else changed, from nothing otherwise; every lookup is what a fresh rebuild finds."""
    before = primed(first(board(tmp_path)))
    start = carried(before, change(before))
    assert not any(start.get(name) for name in PER_UNIT)
    assert sorted(name for name in start if start[name]) == sorted(kept)


@pytest.mark.parametrize("change", [_moved, _off_board], ids=["move", "off-board"])
def test_a_carried_layout_fills_its_own_lookups(tmp_path: Path, change: Change) -> None:
    """A layout carried from an earlier one, with a side's lookups the earlier one had not
    worked out, works them out for itself: the earlier layout, which its states still read
    (a search goes back to them), keeps answering for its own units. Here blue's units that
    act on their own were known before red's Z moved or left the board, red's were not."""
    before = board(tmp_path)
    blue = flow.acting_units(before, "blue")
    after = change(before)
    assert after.layout() is not before.layout()
    assert "Z" not in flow.acting_units(after, "red") or change is _moved
    flow.acting_units(after, "blue")
    assert flow.acting_units(before, "red") == ("Z", "Y", "VET")
    assert flow.acting_units(before, "blue") == blue
    assert violations(primed(before)) == [] and violations(primed(after)) == []


def test_the_games_of_a_scenario_share_its_opening_lookups() -> None:
    """Every game of a scenario starts from its units as set up: the lookups of that layout
    are kept once for the scenario (whatever the rules) and handed on while the layout holds
    (the Officers' bonuses of the first round change no square); a layout reached by play
    has its own; all are what a fresh rebuild finds."""
    first = wargames.load("horde", "mirror")
    second = wargames.load("horde", "mirror", rules="catalogue")
    assert first.layout() is second.layout() is OPENINGS[first.setup]
    assert violations(primed(first)) == []
    state = first
    step = 0
    while state.layout() is first.layout():
        if state.current_player == wargames.CHANCE:
            state = state.apply(state.chance_outcomes()[0][0])
        else:
            legal = state.legal_actions()
            state = state.apply(legal[step % len(legal)])
        step += 1
    assert state.layout() is not first.layout()
    assert violations(primed(state)) == []


@pytest.mark.rule("HMC-ORDERS-16", "HMC-ORDERS-17", "HMC-OFFICER-08", "HMC-TALENT-02")
@pytest.mark.parametrize("name", sorted(wargames.game("horde").scenarios()))
@pytest.mark.quick(1)
def test_layouts_carried_over_a_horde_entering_or_leaving_in_random_battles(name: str) -> None:
    """In seeded random games of each shipped scenario, every layout that started from the
    one before it with a horde entering or leaving the board (split, merged, destroyed,
    routed, off the board or back) or a lone Officer moving holds, worked out in full, what a
    fresh rebuild finds."""
    options = dict(wargames.game("horde").bot_options)
    done: list[Any] = []
    for seed in range(2):
        rng = np.random.default_rng(seed)
        s = wargames.load("horde", scenario=name, **options)
        assert isinstance(s, PScaleState)
        while s.current_player is not None:
            s = s.apply(s.random_action(rng))
            memo = s.lookups()
            change = memo.get("layout_toggle")
            moved = memo.get("layout_seed")
            if change is None and moved is not None and s.unit(moved[1]).is_officer:
                change = moved
            if change is not None and not any(change is t for t in done):
                done.append(change)  # each change once (the states after it share it)
                assert violations(primed(s)) == [], (seed, change[1:])
    assert done, name


def test_replace_makes_its_other_changes_in_the_same_copy(tmp_path: Path) -> None:
    """``replace(unit, **changes)`` (as a move or a step that ends with the change makes it)
    equals ``replace(unit)`` followed by ``evolve(**changes)``, lookups carried as ever; it
    refuses to change the units by name or what a view hides, leaving the state as it was."""
    before = primed(board(tmp_path))
    z = before.unit("Z")
    moved = quick_evolve(z, square="06-06")
    one = before.replace(moved, moved=frozenset({"Z"}), tasks=before.popped())
    two = before.replace(moved).evolve(moved=frozenset({"Z"}), tasks=before.popped())
    assert one == two and one.unit("Z").square == "06-06" and one.moved == {"Z"}
    assert one.tasks == before.tasks[:-1]
    assert not violations(one)
    for bad in ({"units": before.units}, {"hidden": frozenset({"VET"})}):
        with pytest.raises(TypeError, match="replace"):
            before.replace(moved, **bad)
    assert before.unit("Z") is z and before.moved == frozenset()
