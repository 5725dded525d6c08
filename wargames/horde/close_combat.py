"""Close quarters combat in a P-Scale battle: a unit adjacent to an enemy unit its side can
see, diagonals included, is tied up in close combat (HMC-COMBAT-01); an enemy Officer counts
(HMC-GAP-16). Look-ups of a :class:`~wargames.horde.state.PScaleState`, cached by layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.horde.visibility import enemy_mask

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState
    from wargames.horde.units import Unit


def adjacent_enemies(s: PScaleState, u: Unit) -> tuple[Unit, ...]:
    """The enemy units ``u``'s side sees in the squares around it: hordes, and lone
    Officers (HMC-COMBAT-01; an enemy Officer counts, HMC-GAP-16)."""
    lookups = s.lookups()
    memo: dict[str, tuple[Unit, ...]] | None = lookups.get("adjacent")
    if memo is None:
        memo = lookups["adjacent"] = {}
    found = memo.get(u.id)
    if found is None:
        ids = s.by_layout("adjacent", u.id, lambda: adjacent_enemy_ids(s, u))
        unit = s.unit
        found = memo[u.id] = tuple([unit(i) for i in ids])
    return found


def adjacent_enemy_ids(s: PScaleState, u: Unit) -> tuple[str, ...]:
    """The ids of :func:`adjacent_enemies`, worked out afresh (cached by layout there)."""
    square = s.location(u)
    if square is None:
        return ()
    field = s.field
    near = field.around[square] & enemy_mask(s, u.side)
    if not near:
        return ()
    places, unit, bit, side = s.places(), s.unit, field.bit, u.side
    horde_at, officers_at = places.horde_at, places.officers_at
    hidden = s.hidden_from(side)
    found: list[str] = []
    for sq in field.steps[square]:
        if not bit[sq] & near:
            continue
        uid = horde_at.get(sq)
        if uid is not None and uid not in hidden and unit(uid).side != side:
            found.append(uid)
        for o in officers_at.get(sq, ()):
            if unit(o).side != side:
                found.append(o)
    return tuple(found)


def in_cqc(s: PScaleState, u: Unit) -> bool:
    """Adjacent to an enemy unit it can see: tied up in close quarters combat
    (HMC-COMBAT-01, HMC-GAP-16)."""
    square = u.square if u.attached_to is None else s.location(u)
    return square is not None and bool(s.field.around[square] & enemy_mask(s, u.side))


__all__ = ["adjacent_enemies", "adjacent_enemy_ids", "in_cqc"]
