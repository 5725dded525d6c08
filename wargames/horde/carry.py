"""Layout lookups carried over a horde entering or leaving the board, and over a lone Officer's
move.

A horde destroyed, routed, withdrawn or merged away leaves its square; a Split! puts a new
horde on one; a horde back from off the board stands on one again. The new layout then differs
from the old one by one square of one horde, so each side's masks (the enemy units it sees,
the squares blocking its sight, the hordes it may not stop on), the enemies it sees and may
attack and who is where follow from the old ones by one bit or one entry, as after a move
(:func:`carry_layout`), instead of being worked out afresh. The per-unit
lookups (movement searches, lines of sight, room to move) are worked out afresh. A lone
Officer's move changes even less: who is where, and the squares his foe sees him on
(:func:`carry_officer_move`).
:func:`~wargames.horde.invariants.violations` checks every carried lookup against a rebuild.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from wargames.horde.places import Places
from wargames.horde.scenario import other_side
from wargames.horde.units import Unit
from wargames.horde.visibility import Seen

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState

Toggle = tuple["Unit | None", Unit]
"""The horde before and after the change (``None`` before: a new horde)."""


def on_board(u: Unit | None) -> bool:
    """Standing on a square of the board (as :class:`~wargames.horde.places.Places` counts)."""
    return u is not None and u.status == "fighting" and u.square is not None


def toggled(s: PScaleState, changed: Iterable[Unit]) -> Toggle | None:
    """The horde that entered or left the board when ``changed`` replaced their namesakes
    in ``s``, if that is the only change of where and how the units stand (statuses,
    squares, stealth, who joined whom), else ``None``."""
    if s.hidden:
        return None  # a view: leave it to a rebuild
    found: Toggle | None = None
    index = s._index()
    units = s.units
    for u in changed:
        i = index.get(u.id)
        before = None if i is None else units[i]
        if before is u:
            continue
        if before is not None and (
            before.status == u.status
            and before.square == u.square
            and before.stealthed == u.stealthed
            and before.attached_to == u.attached_to
        ):
            continue  # no change of the layout
        if found is not None or u.officer is not None or on_board(before) == on_board(u):
            return None
        if u.attached_to is not None or (before is not None and before.attached_to is not None):
            return None
        found = (before, u)
    return found


def carry_toggle(
    s: PScaleState, layout: dict[str, Any], before: dict[str, Any], old: Unit | None, new: Unit
) -> None:
    """Fill the new ``layout`` of ``s``, where only the horde ``new`` entered or left the
    board (``old`` its former self, ``None`` for a new horde), with the lookups of the layout
    ``before`` that follow by one bit or one entry (see the module docstring)."""
    arrives = on_board(new)
    here = new if arrives else old
    assert here is not None and here.square is not None
    square, uid, side = here.square, here.id, here.side
    foe = other_side(side)
    seen_by_foe = not here.stealthed
    field = s.field
    bit = field.bit[square]
    places: Places | None = before.get("places")
    if places is None:
        return
    there = places.horde_at.get(square)
    if there != (None if arrives else uid):
        return  # not the layout this change was made from
    horde_at = places.horde_at.copy()
    stealthed = places.stealthed
    if arrives:
        horde_at[square] = uid
    else:
        del horde_at[square]
    if here.stealthed:
        hidden = stealthed[side] | {uid} if arrives else stealthed[side] - {uid}
        stealthed = {**stealthed, side: hidden}
    layout["places"] = Places(horde_at, places.officers_at, places.attached, stealthed)
    unit = s.unit
    officers = places.officers_at.get(square, ())
    allies_there = bool(officers) and any([unit(o).side == side for o in officers])

    def toggle(mask: int, keep: bool = False) -> int:
        """``mask`` with the horde's square set (arriving) or cleared (leaving, unless
        ``keep``: something else there still counts)."""
        return mask | bit if arrives else mask if keep else mask & ~bit

    enemies: dict[str, int] | None = before.get("enemy mask")
    if enemies:
        layout["enemy mask"] = {
            k: toggle(mask, allies_there) if k == foe and seen_by_foe else mask
            for k, mask in enemies.items()
        }
    terrain = bool(field.sight_blocker_mask & bit)
    sight: dict[str, int] | None = before.get("blockers")
    if sight:
        layout["blockers"] = {
            k: toggle(mask, terrain) if k == side or seen_by_foe else mask
            for k, mask in sight.items()
        }
    stops: dict[str, int] | None = before.get("no_stop")
    if stops:
        layout["no_stop"] = {
            k: toggle(mask) if k == side or seen_by_foe else mask for k, mask in stops.items()
        }
    # the enemies each side sees and may attack, in the order of the units: a new horde is
    # the last unit; a horde back from off the board has its place among them (worked out
    # afresh); lone Officers of its side on its square are sheltered or no longer are
    # (HMC-OFFICER-08): the foe's targets are worked out afresh
    appended = arrives and old is None
    for name in ("seen", "targets"):
        lists: dict[str, Seen] | None = before.get(name)
        if not lists:
            continue
        out = {}
        for k, entries in lists.items():
            if k != foe or not seen_by_foe:
                out[k] = entries
            elif name == "targets" and allies_there:
                continue
            elif appended:
                out[k] = MappingProxyType({**entries, uid: square})  # a new horde comes last
            elif not arrives:
                left = entries.copy()
                left.pop(uid, None)
                out[k] = MappingProxyType(left)
        layout[name] = out
    acting: dict[str, tuple[str, ...]] | None = before.get("acting")
    if acting is not None:  # the horde's side's units that act on their own
        layout["acting"] = {
            k: _toggled(s, v, uid, appended) if k == side else v for k, v in acting.items()
        }


def _toggled(s: PScaleState, ids: tuple[str, ...], uid: str, appended: bool) -> tuple[str, ...]:
    """``ids`` (in the order of the units) with ``uid`` taken out, or added in its place
    (last, when ``appended``: a new horde is the last unit)."""
    if appended:
        return (*ids, uid)
    if uid in ids:
        return tuple([i for i in ids if i != uid])
    index = s._index()
    return tuple(sorted((*ids, uid), key=index.__getitem__))


def carry_officer_move(
    s: PScaleState,
    layout: dict[str, Any],
    before: dict[str, Any],
    officer: Unit,
    start: str,
    end: str,
) -> None:
    """Fill the new ``layout`` of ``s``, where only the lone ``officer`` moved (from ``start``
    to ``end``), with the lookups of the layout ``before`` that follow: who is where, the
    enemy units his foe sees (an Officer is always seen, and blocks no sight nor stop), the
    enemies it sees and may attack with his square moved; the foe's targets are worked out
    afresh when a horde of his side shelters him on one square and not on the other
    (HMC-OFFICER-08)."""
    places: Places | None = before.get("places")
    if s.hidden or places is None or officer.id not in places.officers_at.get(start, ()):
        return  # a view, or not the layout the move was made from
    uid, side = officer.id, officer.side
    foe = other_side(side)
    officers_at = places.officers_at.copy()
    left = tuple([o for o in officers_at[start] if o != uid])
    if left:
        officers_at[start] = left
    else:
        del officers_at[start]
    order = s._index()
    officers_at[end] = tuple(sorted((*officers_at.get(end, ()), uid), key=order.__getitem__))
    layout["places"] = Places(places.horde_at, officers_at, places.attached, places.stealthed)
    unit, field = s.unit, s.field

    def shelters(square: str) -> bool:
        there = places.horde_at.get(square)
        return there is not None and unit(there).side == side

    enemies: dict[str, int] | None = before.get("enemy mask")
    if enemies:
        there = places.horde_at.get(start)
        stays = any(unit(o).side == side for o in left) or (
            there is not None and unit(there).side == side and there not in places.stealthed[side]
        )
        gone = 0 if stays else field.bit[start]
        layout["enemy mask"] = {
            k: (mask & ~gone) | field.bit[end] if k == foe else mask for k, mask in enemies.items()
        }
    for name in ("seen", "targets"):
        lists: dict[str, Seen] | None = before.get(name)
        if not lists:
            continue
        out = {}
        for k, entries in lists.items():
            if k != foe:
                out[k] = entries
            elif name == "seen" or shelters(start) == shelters(end):
                out[k] = moved_to(entries, uid, end)
        layout[name] = out
    for name in ("blockers", "no_stop"):
        masks: dict[str, int] | None = before.get(name)
        if masks:
            layout[name] = masks


PER_UNIT = ("adjacent", "reach", "destination")
"""Per-unit layout lookups (the enemies around a unit, its movement search, the room its move
orders have): worked out afresh in each new layout. Carrying those of the units far from a
move over to the new layout was measured to cost more than it saved (some 5 % of a random
playout: the distance of every unit to the move, and the dictionaries filtered, for entries
seldom asked again before the next move)."""


def carry_layout(
    s: PScaleState, layout: dict[str, Any], before: dict[str, Any], unit: str, start: str, end: str
) -> None:
    """Fill the new ``layout`` of ``s``, where only ``unit`` moved (from ``start`` to ``end``),
    with the lookups of the layout ``before`` that follow from it by moving one bit or one
    entry: who is where, and the masks and target lists a horde's move changes
    (:func:`carry_masks`). Everything else is worked out afresh.
    :func:`~wargames.horde.invariants.violations` checks them against a fresh rebuild."""
    mover = s.unit(unit)
    acting = before.get("acting")
    if acting is not None:  # no unit entered or left the board, none joined or left a horde
        layout["acting"] = acting.copy()  # a dictionary of its own: each layout fills its own
    if not mover.is_horde:
        carry_officer_move(s, layout, before, mover, start, end)
        return
    old_places: Places | None = before.get("places")
    if old_places is not None and old_places.horde_at.get(start) == unit:
        horde_at = old_places.horde_at.copy()
        del horde_at[start]
        horde_at[end] = unit
        layout["places"] = Places(
            horde_at, old_places.officers_at, old_places.attached, old_places.stealthed
        )
    carry_masks(s, layout, before, mover, start, end)


def carry_masks(
    s: PScaleState,
    layout: dict[str, Any],
    before: dict[str, Any],
    mover: Unit,
    start: str,
    end: str,
) -> None:
    """The square masks of the layout ``before`` with the horde ``mover`` (seen by both
    sides: a horde in stealth that moves is seen) moved from ``start`` to ``end``: the enemy
    units each side sees (a lone Officer of its side left on ``start`` stays) and those it
    may attack (:func:`carry_targets`), the squares blocking its sight (terrain stays) and the
    hordes it may not stop on."""
    field = s.field
    gone, there = field.bit[start], field.bit[end]
    terrain = field.sight_blocker_mask & gone
    enemies: dict[str, int] | None = before.get("enemy mask")
    places: Places | None = before.get("places")
    if enemies and places is not None:
        officers = places.officers_at.get(start, ())
        stays = gone if officers and any([s.unit(o).side == mover.side for o in officers]) else 0
        layout["enemy mask"] = {
            side: mask if side == mover.side else (mask & ~gone) | stays | there
            for side, mask in enemies.items()
        }
        sheltering = any(
            [
                s.unit(o).side == mover.side
                for square in (start, end)
                for o in places.officers_at.get(square, ())
            ]
        )
        carry_targets(layout, before, mover, end, sheltering)
    sight: dict[str, int] | None = before.get("blockers")
    if sight:
        layout["blockers"] = {
            side: (mask & ~gone) | terrain | there for side, mask in sight.items()
        }
    stops: dict[str, int] | None = before.get("no_stop")
    if stops:
        layout["no_stop"] = {side: (mask & ~gone) | there for side, mask in stops.items()}


def carry_targets(
    layout: dict[str, Any],
    before: dict[str, Any],
    mover: Unit,
    end: str,
    sheltering: bool,
) -> None:
    """The enemy units each side sees and may attack (:func:`~wargames.horde.visibility.seen`,
    :func:`~wargames.horde.visibility.targets`) of the layout ``before`` with the horde ``mover``
    moved to ``end``: the enemy sees it on its new square. The enemy's targets are left to be worked
    out afresh when ``sheltering``: a lone Officer of the mover's side stands where it left
    or where it arrived (the horde no longer shelters him, or now does, HMC-OFFICER-08)."""

    mid = mover.id
    seen: dict[str, Seen] | None = before.get("seen")
    if seen:
        layout["seen"] = {
            side: found if side == mover.side else moved_to(found, mid, end)
            for side, found in seen.items()
        }
    targets: dict[str, Seen] | None = before.get("targets")
    if targets:
        layout["targets"] = {
            side: found if side == mover.side else moved_to(found, mid, end)
            for side, found in targets.items()
            if side == mover.side or not sheltering
        }


def moved_to(entries: Seen, unit: str, square: str) -> Seen:
    """``entries`` (unit id -> square) with ``unit`` on ``square``, if it is among them: a
    copy (the old layout's stays as it was), in the same order."""
    if unit not in entries:
        return entries
    found = entries.copy()
    found[unit] = square
    return MappingProxyType(found)


__all__ = [
    "PER_UNIT",
    "Toggle",
    "carry_layout",
    "carry_masks",
    "carry_officer_move",
    "carry_targets",
    "carry_toggle",
    "moved_to",
    "on_board",
    "toggled",
]
