"""Invariants every Battle for Armageddon state keeps (checked by the conformance kit)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.armageddon.data import SIDES
from wargames.armageddon.stacking import legal_stack

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S


def violations(s: S) -> list[str]:
    """What is wrong with ``s``, in words (empty when all is well)."""
    out: list[str] = []
    board = s.data.board
    if len(s.where) != len(s.data.counters):
        out.append("counter total changed")
    for loc in set(s.where):
        if loc not in board and not loc.startswith("@"):
            out.append(f"counter in unknown place {loc!r}")
    moving = s.phase == "movement" or any(type(t).__name__ == "Overstacked" for t in s.tasks)
    for area in board.ids:
        sides = [side for side in SIDES if s.stack(area, side)]
        if len(sides) > 1:
            out.append(f"{area} holds counters of both sides")
        if board[area].terrain in ("mountain", "sea") and s.counters_at(area):
            out.append(f"{area} is impassable yet holds counters")
        for side in sides:
            if not (moving and s.acting == side) and not legal_stack(s.data, s.stack(area, side)):
                out.append(f"illegal {side} stack in {area} outside movement")
    for c in s.ruined:
        if s.spec(c).kind not in ("hive", "factory"):
            out.append(f"{c} cannot be ruined")
    expected = sum(
        s.spec(c).defence
        for c, sp in s.data.counters.items()
        if sp.kind in ("hive", "factory") and c not in s.ruined
    )
    if s.build_points != expected:
        out.append(f"build track {s.build_points} but intact hives and factories give {expected}")
    return out
