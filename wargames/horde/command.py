"""The chain of command in a P-Scale battle: whom a side's Commander may order.

From his command post the Commander orders any unit of his side; away from it only the units
he can see (HMC-ORDERS-02, HMC-GAP-28: a clear line of sight, hordes and blocking terrain in
between blocking it, :mod:`wargames.horde.visibility`). A Commander who is no Officer stays at
the command post, and so does a successor who took over there when he fell. Look-ups of a
:class:`~wargames.horde.state.PScaleState`, cached by layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.horde.visibility import blockers

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState
    from wargames.horde.units import Unit


def commander(s: PScaleState, side: str) -> Unit | None:
    """The side's Commander if he is an Officer still in the battle (``None``: the
    Commander stays at the command post, or a successor took over there when he fell)."""
    cid = s.setup.sides[side].commander
    if cid is None:
        return None
    u = s.unit(cid)
    return None if u.gone else u


def commander_square(s: PScaleState, side: str) -> str | None:
    """Where the Commander is (``None``: off the board with his horde)."""
    c = commander(s, side)
    if c is None:
        return s.field.command_posts[side]
    return s.location(c)


def at_post(s: PScaleState, side: str) -> bool:
    """Whether the Commander is at his command post (HMC-ORDERS-02)."""
    layout = s.layout()
    memo: dict[str, bool] | None = layout.get("at_post")
    if memo is None:
        memo = layout["at_post"] = {}
    found = memo.get(side)
    if found is None:
        found = memo[side] = commander_square(s, side) == s.field.command_posts[side]
    return found


def commands(s: PScaleState, u: Unit) -> bool:
    """Whether ``u``'s Commander may order it: from his command post any unit, else only
    the units he can see (HMC-ORDERS-02, HMC-GAP-28: a clear line of sight, hordes and
    blocking terrain in between blocking it)."""
    ordered = commanded(s, u.side)
    return ordered is None or u.id in ordered


def commanded(s: PScaleState, side: str) -> frozenset[str] | None:
    """The units of ``side`` its Commander may order (HMC-ORDERS-02): ``None`` for every
    unit when he is at his command post, else those he sees (cached by layout)."""
    layout = s.layout()
    memo: dict[str, frozenset[str] | None] | None = layout.get("commanded")
    if memo is None:
        memo = layout["commanded"] = {}
    if side in memo:
        return memo[side]
    found = memo[side] = None if at_post(s, side) else in_commander_sight(s, side)
    return found


def ordered_among(s: PScaleState, side: str, units: list[Unit]) -> set[str] | None:
    """The ids among ``units`` (``side``'s, fighting on the board) its Commander may order
    (HMC-ORDERS-02): ``None`` for every unit when he is at his command post, else those he
    sees, as :func:`in_commander_sight` finds them. Only these units' lines of sight are
    traced, each once per layout (who may be activated asks after a few units, not every
    unit of the side)."""
    if at_post(s, side):
        return None
    layout = s.layout()
    memo: dict[str, dict[str, bool]] | None = layout.get("ordered")
    if memo is None:
        memo = layout["ordered"] = {}
    known = memo.get(side)
    if known is None:
        known = memo[side] = {}
    todo = [u for u in units if u.id not in known]
    if todo:
        where = commander_square(s, side)
        if where is None:
            known.update((u.id, False) for u in todo)
        else:
            away = [(u.id, u.square) for u in todo if u.square is not None and u.square != where]
            seen = set(s.field.in_sight_of(where, away, blockers(s, side))) if away else ()
            for u in todo:
                known[u.id] = u.square == where or u.id in seen
    return {u.id for u in units if known[u.id]}


def in_commander_sight(s: PScaleState, side: str) -> frozenset[str]:
    """The units on the board of ``side`` its Commander sees from where he stands."""
    where = commander_square(s, side)
    if where is None:
        return frozenset()
    beside: list[str] = []  # in his square: seen
    away: list[tuple[str, str]] = []
    for u in s.units:
        if u.side == side and u.status == "fighting" and u.square is not None:
            if u.square == where:
                beside.append(u.id)
            else:
                away.append((u.id, u.square))
    return frozenset(beside + s.field.in_sight_of(where, away, blockers(s, side)))


__all__ = [
    "at_post",
    "commanded",
    "commander",
    "commander_square",
    "commands",
    "in_commander_sight",
    "ordered_among",
]
