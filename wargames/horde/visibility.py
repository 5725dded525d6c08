"""What a side sees of the enemy in a P-Scale battle, and which enemy units it may attack.

A side sees every enemy unit on the board but the hordes in stealth (HMC-TALENT-02); its lines
of sight (:mod:`wargames.horde.sight`) are blocked by terrain that blocks sight and by the
hordes it can see, allied or enemy (HMC-ORDERS-03). Its hordes may attack a visible enemy
horde, or a lone enemy Officer not sheltered by a horde of his side (HMC-OFFICER-08). These are
look-ups of a :class:`~wargames.horde.state.PScaleState`, cached by layout
(:meth:`~wargames.horde.state.PScaleState.layout`): they depend only on where the units stand.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState
    from wargames.horde.units import Unit

Seen = MappingProxyType[str, str]
"""Unit id -> square of enemy units, in the order of the units (:func:`seen`,
:func:`targets`): a layout's own, shared by the states of the layout, so read-only (a move's
new layout has a copy, :mod:`wargames.horde.carry`)."""


def enemy_at(s: PScaleState, side: str, square: str) -> bool:
    """Whether ``side`` sees an enemy unit on ``square`` (a horde or lone Officer)."""
    places = s.places()
    uid = places.horde_at.get(square)
    if uid is not None:
        u = s.unit(uid)
        if u.side != side and uid not in s.hidden_from(side):
            return True
    return any(s.unit(o).side != side for o in places.officers_at.get(square, ()))


def enemy_mask(s: PScaleState, side: str) -> int:
    """The square mask of the enemy units ``side`` sees on the board: hordes not in
    stealth and lone Officers (cached by layout)."""
    try:  # the hot path: known in this layout
        known: int = s._lookups["layout"]["enemy mask"][side]  # type: ignore[index]
        return known
    except (KeyError, TypeError):
        pass
    layout = s.layout()
    memo: dict[str, int] | None = layout.get("enemy mask")
    if memo is None:
        memo = layout["enemy mask"] = {}
    found = memo.get(side)
    if found is None:
        bit = s.field.bit
        found = 0
        for square in seen(s, side).values():
            found |= bit[square]
        memo[side] = found
    return found


def blockers(s: PScaleState, side: str) -> int:
    """The squares that block ``side``'s sight, as a square mask: terrain that blocks it
    and the squares of the hordes it can see, allied or enemy (HMC-ORDERS-03)."""
    try:  # the hot path: known in this layout
        known: int = s._lookups["layout"]["blockers"][side]  # type: ignore[index]
        return known
    except (KeyError, TypeError):
        pass
    layout = s.layout()
    memo: dict[str, int] | None = layout.get("blockers")
    if memo is None:
        memo = layout["blockers"] = {}
    found = memo.get(side)
    if found is None:
        hidden = s.hidden_from(side)
        field = s.field
        found = memo[side] = field.sight_blocker_mask | horde_mask(s, hidden)
    return found


def horde_mask(s: PScaleState, hidden: frozenset[str]) -> int:
    """The square mask of the hordes on the board but those in ``hidden`` (cached by
    layout)."""
    layout = s.layout()
    memo: dict[frozenset[str], int] | None = layout.get("horde mask")
    if memo is None:
        memo = layout["horde mask"] = {}
    found = memo.get(hidden)
    if found is None:
        bit = s.field.bit
        found = 0
        if hidden:
            for square, uid in s.places().horde_at.items():
                if uid not in hidden:
                    found |= bit[square]
        else:
            for square in s.places().horde_at:
                found |= bit[square]
        memo[hidden] = found
    return found


def sees(s: PScaleState, side: str, a: str, b: str) -> bool:
    """Whether ``side`` has a line of sight from square ``a`` to square ``b``."""
    return a == b or s.field.clear_of(a, b, blockers(s, side))


def seen(s: PScaleState, side: str) -> Seen:
    """Unit id -> square of the enemy units on the board ``side`` can see: hordes not in
    stealth (HMC-TALENT-02) and lone Officers, in the order of :attr:`units` (cached by
    layout)."""
    layout = s.layout()
    memo: dict[str, Seen] | None = layout.get("seen")
    if memo is None:
        memo = layout["seen"] = {}
    found = memo.get(side)
    if found is None:
        hidden = s.hidden_from(side)
        found = memo[side] = MappingProxyType(
            {
                u.id: u.square
                for u in s.units
                if u.side != side
                and u.square is not None
                and u.status == "fighting"
                and (u.officer is None or u.attached_to is None)
                and u.id not in hidden
            }
        )
    return found


def visible_enemies(s: PScaleState, side: str) -> tuple[Unit, ...]:
    """Enemy units on the board ``side`` can see (:func:`seen`)."""
    unit = s.unit
    return tuple([unit(e) for e in seen(s, side)])


def targets(s: PScaleState, side: str) -> Seen:
    """Unit id -> square of the enemy units ``side``'s hordes may attack at all
    (those of :func:`seen` that :func:`can_target` allows), cached by layout."""
    try:  # the hot path: known in this layout
        known: Seen = s._lookups["layout"]["targets"][side]  # type: ignore[index]
        return known
    except (KeyError, TypeError):
        pass
    layout = s.layout()
    memo: dict[str, Seen] | None = layout.get("targets")
    if memo is None:
        memo = layout["targets"] = {}
    found = memo.get(side)
    if found is None:
        unit = s.unit
        found = memo[side] = MappingProxyType(
            {
                e: there
                for e, there in seen(s, side).items()
                if unit(e).officer is None or can_target(s, side, unit(e))  # a seen horde may be
            }
        )
    return found


def nearest_enemies(s: PScaleState, u: Unit) -> tuple[tuple[Unit, ...], int]:
    """The visible enemy units nearest ``u`` and their distance in squares."""
    square = s.location(u)
    best: list[Unit] = []
    least = 10**6
    if square is None:
        return (), least
    for e in visible_enemies(s, u.side):
        assert e.square is not None
        d = s.field.distance(square, e.square)
        if d < least:
            best, least = [e], d
        elif d == least:
            best.append(e)
    return tuple(best), least


def sheltered(s: PScaleState, officer: Unit) -> bool:
    """A lone Officer standing with an allied horde: a horde able to attack him or the
    horde must choose the horde (HMC-OFFICER-08)."""
    if officer.square is None:
        return False
    h = s.horde_at(officer.square)
    return h is not None and h.side == officer.side


def can_target(s: PScaleState, side: str, target: Unit) -> bool:
    """Whether ``side``'s hordes may attack ``target`` at all: a visible enemy horde, or a
    lone enemy Officer not sheltered by a horde (HMC-OFFICER-08, HMC-TALENT-02)."""
    if target.side == side or not target.on_board or target.id in s.hidden_from(side):
        return False
    if target.is_officer:
        return target.attached_to is None and not sheltered(s, target)
    return True


__all__ = [
    "blockers",
    "can_target",
    "enemy_at",
    "enemy_mask",
    "horde_mask",
    "nearest_enemies",
    "seen",
    "sees",
    "sheltered",
    "targets",
    "visible_enemies",
]
