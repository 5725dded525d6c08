"""Layout lookups carried over a change of the board (:func:`~wargames.horde.battle.carry_layout`):
a split, a horde destroyed, off the board or back on it, an Officer joining or leaving a
horde, a horde entering stealth. The new layout starts from the lookups far from the squares
the change touched, and they are what a fresh rebuild finds
(:func:`~wargames.horde.invariants.violations`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from horde.pscale import battle

from wargames.core.tasks import quick_evolve
from wargames.horde import commands as cmd
from wargames.horde.battle import PScaleState
from wargames.horde.casualties import hit_horde
from wargames.horde.invariants import violations
from wargames.horde.moves import with_room
from wargames.horde.officers import join, leave
from wargames.horde.reach import no_stop, reach
from wargames.horde.reshape import merge, split
from wargames.horde.scenario import SIDES
from wargames.horde.withdrawal import full_retreat

GUARD = "guard-infantry"
TRAITORS = "traitor-guard"
FAR = "C"
"""A blue horde in a far corner: its lookups are carried over every change below."""
MASKS = ("enemy mask", "blockers", "no_stop", "seen")


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
    """``s`` with every carried lookup worked out: each unit's enemies around it, movement
    search and move-order room, each side's masks and the enemies it sees and may attack."""
    for u in s.units:
        if s.location(u) is not None:
            s.adjacent_enemies(u)
            reach(s, u)
            with_room(s, u)
    for side in SIDES:
        s.enemy_mask(side)
        s.blockers(side)
        s.targets(side)
        no_stop(s, next(u for u in s.units if u.side == side and u.is_horde))
    s.places()
    return s


def carried(before: PScaleState, after: PScaleState) -> dict[str, Any]:
    """The lookups the new layout of ``after`` started from, checked against a fresh rebuild."""
    layout = after.layout()
    assert layout is not before.layout()
    start = {name: dict(v) if isinstance(v, dict) else v for name, v in layout.items()}
    assert violations(after) == []
    return start


def assert_far_unit_carried(start: dict[str, Any]) -> None:
    """The far horde's lookups, and the where-is-what lookups and masks, came over."""
    assert FAR in start["adjacent"]
    assert any(key[0] == FAR for key in start["reach"])
    assert any(key[0] == FAR for key in start["destination"])
    for name in MASKS:
        assert name in start, name


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


Change = Callable[[PScaleState], PScaleState]
CHANGES: list[Any] = [
    pytest.param(_as_set_up, _split, "A", marks=pytest.mark.rule("HMC-ORDERS-16"), id="split"),
    pytest.param(
        _as_set_up, _destroyed, "Z", marks=pytest.mark.rule("HMC-DAMAGE-15"), id="destroyed"
    ),
    pytest.param(
        _as_set_up, _off_board, "Z", marks=pytest.mark.rule("HMC-ORDERS-12"), id="off-board"
    ),
    pytest.param(
        _off_board, _back_on_board, "Z", marks=pytest.mark.rule("HMC-ORDERS-12"), id="returns"
    ),
    pytest.param(_as_set_up, _merged, "A", marks=pytest.mark.rule("HMC-ORDERS-17"), id="merge"),
    pytest.param(_as_set_up, _joined, "A", marks=pytest.mark.rule("HMC-OFFICER-05"), id="join"),
    pytest.param(_joined, _left, "A", marks=pytest.mark.rule("HMC-OFFICER-01"), id="leave"),
    pytest.param(_as_set_up, _hidden, "VET", marks=pytest.mark.rule("HMC-TALENT-01"), id="hide"),
]


@pytest.mark.parametrize(("first", "change", "near"), CHANGES)
def test_lookups_far_from_a_change_are_carried_and_stay_true(
    tmp_path: Path, first: Change, change: Change, near: str
) -> None:
    """After the change (from a position reached by ``first``) the far horde's lookups come
    over, those of the unit ``near`` the change do not, and every carried lookup is what a
    fresh rebuild finds."""
    before = primed(first(board(tmp_path)))
    start = carried(before, change(before))
    assert_far_unit_carried(start)
    assert near not in start["adjacent"]
    assert not any(key[0] == near for key in start["reach"])
