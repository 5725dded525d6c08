"""A P-Scale battle as text: the round, a map of the board and every unit.

On the map ``.`` is open ground, ``:`` cover, ``~`` difficult ground, ``;`` rubble, ``%``
ruins or woods, ``#`` wall; ``B``/``R`` a blue or red horde (lower case: in stealth), ``+``
Officers alone, ``o`` an objective square, ``h`` an HQ square, ``*`` a command post.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.horde.scenario import SIDES

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState as S
    from wargames.horde.units import Unit

GROUND = {
    "open": ".",
    "cover": ":",
    "difficult": "~",
    "rubble": ";",
    "ruins": "%",
    "woods": "%",
    "wall": "#",
}


def board(s: S) -> list[str]:
    """The map, one line per row, columns numbered along the top."""
    field = s.field
    objectives = {sq for o in s.setup.objectives for sq in o.squares}
    hq = {sq for side in SIDES for sq in field.hq[side]}
    posts = set(field.command_posts.values())
    cols = "".join(str(c % 10) for c in range(1, field.width + 1))
    lines = ["   " + cols]
    for r in range(1, field.height + 1):
        row = []
        for c in range(1, field.width + 1):
            sq = field.square(c, r)
            assert sq is not None
            row.append(_mark(s, sq, objectives, hq, posts))
        lines.append(f"{r:2d} " + "".join(row))
    return lines


def _mark(s: S, sq: str, objectives: set[str], hq: set[str], posts: set[str]) -> str:
    h = s.horde_at(sq)
    if h is not None:
        letter = h.side[0].upper()
        return letter.lower() if h.stealthed else letter
    if s.officers_at(sq):
        return "+"
    ground = GROUND[s.field.kind(sq).name]
    if ground != ".":
        return ground
    if sq in posts:
        return "*"
    if sq in objectives:
        return "o"
    return "h" if sq in hq else "."


def unit_line(s: S, u: Unit) -> str:
    where = (
        f"at {u.square}"
        if u.square
        else f"with {u.attached_to}"
        if u.attached_to
        else "off the board"
        if u.status == "off-board"
        else "gone"
    )
    notes: list[str] = [x for x in (u.morale, u.status if u.status != "fighting" else "") if x]
    notes += [
        name
        for name, on in (
            ("stealth", u.stealthed),
            ("Brace!", u.brace),
            ("Get Down!", u.get_down),
            ("Forced March!", u.forced_march),
            ("fatigued", u.fatigued),
        )
        if on
    ]
    if u.is_horde:
        officers = [o.id for o in s.attached(u.id)]
        if officers:
            notes.append(
                "Officers " + ", ".join(officers) + (f" (bonus {u.bonus})" if u.bonus else "")
            )
        gone = [sp.name for sp in u.horde.specialists if not sp.active]
        if gone:
            notes.append("out of action: " + ", ".join(gone))
        if u.status == "destroyed" and u.horde.specialists:
            notes.append("Specialists retreated")
    extra = f" [{'; '.join(notes)}]" if notes else ""
    return f"  {u.label()} {where}{extra}"


def describe(s: S) -> str:
    """The whole state as text."""
    head = f"{s.setup.title}: round {s.round} of {s.rounds}, {s.initiative} has the initiative"
    lines = [head, *board(s)]
    for side in SIDES:
        army = s.setup.sides[side].army
        lines.append(f"{side} ({army}):")
        lines += [unit_line(s, u) for u in s.units if u.side == side]
    if s.result is not None:
        lines.append(str(s.result))
    elif s.tasks:
        lines.append(f"waiting for: {s.top.describe(s)}")
    return "\n".join(lines)


__all__ = ["board", "describe", "unit_line"]
