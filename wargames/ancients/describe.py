"""Commands & Colors: Ancients states as text, for logs and the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.ancients.board import SEATS as SIDES

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState


def describe(s: AncientsState) -> str:
    """The position in a few lines: the turn, the banners and hands, each side's pieces (a
    unit's code and blocks, its attached leader), and the result once the game is over."""
    sc = s.scenario
    lines = [
        f"Commands & Colors: Ancients, {sc.title}: turn {s.turn}, {s.active} to play"
        + (f" ({s.card})" if s.card else ""),
        "  banners: "
        + ", ".join(
            f"{side} ({sc.army[i]}) {s.banners[i]}/{sc.target[i]} banners, {len(s.hands[i])} cards"
            for i, side in enumerate(SIDES)
        ),
    ]
    for side in SIDES:
        pieces = []
        for p in s.units_of(side):
            leader = s.attached(p)
            text = f"{s.where[p]} {s.kind(p).code}{s.blocks[p]}"
            pieces.append(text + (f"+{sc.names[leader]}" if leader is not None else ""))
        for p in s.leaders_of(side):
            if s.lone(p):
                pieces.append(f"{s.where[p]} {sc.names[p]}")
        lines.append(f"  {side}: " + " ".join(sorted(pieces)))
    if s.result is not None:
        lines.append(f"  {s.result}")
    return "\n".join(lines)


__all__ = ["describe"]
