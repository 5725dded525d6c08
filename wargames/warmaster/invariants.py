"""Invariants every Warmaster state keeps (checked by the conformance kit)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from wargames.core.counters import Placement
from wargames.warmaster.data import HORUS, IMPERIAL, SIDES, TRAITOR

if TYPE_CHECKING:
    from wargames.warmaster.state import WarmasterState as S

BOXES = frozenset({"@unplaced", "@cup", "@pool", "@warp", "@reserve", "@dead", "@out", "@hidden"})

STACKS_CHECKED = {
    "start-of-turn": SIDES,
    "imperial-reinforcements": (TRAITOR,),
    "imperial-movement": (TRAITOR,),
    "imperial-battle": SIDES,
    "traitor-reinforcements": (IMPERIAL,),
    "traitor-movement": (IMPERIAL,),
    "traitor-battle": SIDES,
}
"""Sides whose stacks must be legal in each phase: a side may be over-stacked only between
its own teleports and the end of its next Movement phase (WM-STACK-03)."""


def violations(s: S) -> list[str]:
    """What is wrong with ``s``, in words (empty when all is well)."""
    out: list[str] = []
    board = s.data.board
    if len(s.where) != len(s.manifest.ids):
        out.append("counter total changed")
    for loc in set(s.where):
        if loc not in board and loc not in BOXES:
            out.append(f"counter in unknown place {loc!r}")
    for c in s.face_down:
        if not s.aboard(c) or not s.spec(c).starts_face_down:
            out.append(f"{c} is face down but not a starting unit aboard")
    if s.result is None and s.where[s._ix[HORUS]] == "@dead":
        out.append("Horus is dead and the game goes on (WM-VICTORY-03)")
    for c in s.secret_dead:
        if s.location(c) != "@dead" or not s.spec(c).starts_face_down:
            out.append(f"{c} is counted as destroyed unseen but is not a dead starting unit")
    down = Counter(s.location(c) for c in s.face_down)
    for area, n in down.items():
        if n > 1:
            out.append(f"{area} holds {n} face-down units (WM-SETUP-02)")
    cup = Counter(s.spec(c).id for c in s.in_box("@cup"))
    if not s.backs and cup != Counter(s.cup.cards):
        out.append(f"the cup {sorted(s.cup.cards)} does not match the counters in it")
    for area in s.destroyed:
        if s.counters_at(area):
            out.append(f"destroyed area {area} holds counters")
    if s.result is None:
        for side in STACKS_CHECKED.get(s.phase, ()):
            for area in s.occupied(side):
                if s.count(area, side) > s.data.stack_limit:
                    out.append(f"{side} over-stacked in {area} during {s.phase}")
    if s._index() != Placement.of(s.manifest, s.where):
        out.append("the where-is-what index carried from earlier states is out of date")
    if s.bridge not in (*SIDES, None):
        out.append(f"unknown Bridge controller {s.bridge!r}")
    for area in sorted(s.control - frozenset(board.ids)):
        out.append(f"control of unknown area {area!r}")
    for area in sorted(s.control & s.destroyed):
        out.append(f"destroyed area {area} is still controlled")
    return out
