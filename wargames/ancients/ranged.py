"""Ranged combat (CCB-RANGED-01 to -16, CCB-LOS-01 to -07).

Only units with missiles fire (CCB-RANGED-01, -02; those of the unit table and the types a
scenario arms, :func:`~wargames.ancients.units.armed`), and not while an enemy unit is adjacent
(CCB-BATTLE-04; adjacent lone leaders only with the ``lone_leaders_block_fire`` reading,
CCB-GAP-14). The target is an enemy unit or a lone enemy leader within range, in line of sight
and not adjacent (CCB-RANGED-03 to -08, CCB-LOS-*): a unit that has not moved fires 2 dice, one
that moved 1, an AX that moved 2 and a war machine that moved none (CCB-RANGED-09 to -11), and
terrain caps them (CCB-RANGED-12, CCB-TERRAIN-11, -22). Only the target's symbol scores, a
helmet only at a lone leader (CCB-DICE-07, CCB-RANGED-14); the target neither evades nor
battles back and no one advances (CCB-RANGED-13, -15).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from wargames.ancients.combat import Strike, full_strength, roll_task
from wargames.ancients.state import other
from wargames.ancients.terrain import ranged_dice
from wargames.ancients.units import fire_dice

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S


def may_fire(s: S, unit: int) -> bool:
    """Whether ``unit`` may make ranged combat at all now (see the module docstring); the
    card may forbid it (:attr:`Mods.may_fire <wargames.ancients.commands.Mods.may_fire>`)."""
    kind = s.kind(unit)
    if not kind.can_fire or not s.mods.may_fire or fire_dice(kind, s.moved[unit]) == 0:
        return False
    side = s.scenario.sides[unit]
    near = s.scenario.geometry.around[s.where[unit]]
    if s.scenario.settings.lone_leaders_block_fire:  # an enemy unit or lone leader next to it
        return not near & s._index().enemy_mask(side)
    return not near & s._index().unit_masks[other(side)]  # an enemy unit next to it


def fire_dice_at(s: S, unit: int, target: int) -> int:
    """The dice ``unit`` fires at ``target``, terrain caps applied (CCB-RANGED-09 to -12)."""
    terrain = s.scenario.geometry.terrain
    return ranged_dice(
        s.kind(unit), terrain[s.where[unit]], terrain[s.where[target]], s.moved[unit]
    )


def fire_targets(s: S, unit: int) -> tuple[int, ...]:
    """The enemies ``unit`` may fire at (CCB-RANGED-07, -08, CCB-LOS-01 to -06), in hex order."""
    if not may_fire(s, unit):
        return ()
    found = [(s.where[enemy], enemy) for enemy in _targets(s, unit)]
    return tuple([enemy for _, enemy in sorted(found)])


def may_fire_at_any(s: S, unit: int) -> bool:
    """Whether ``unit`` has an enemy to fire at (:func:`fire_targets` is not empty), found
    without looking past the first."""
    return may_fire(s, unit) and next(_targets(s, unit), None) is not None


def _targets(s: S, unit: int) -> Iterator[int]:
    """The enemies within the range of ``unit``, in its line of sight, not adjacent, that it
    has a die against (CCB-RANGED-07, -08, -12, CCB-LOS-01 to -06): enemy units in hex
    order, then lone enemy leaders in piece order (:func:`fire_targets` sorts them); ``unit``
    may fire (:func:`may_fire`). Read off the hex masks of the pieces: only the enemies in the
    fire band have their line of sight traced."""
    geometry = s.scenario.geometry
    here = s.where[unit]
    index = s._index()
    side = s.scenario.sides[unit]
    foe = other(side)
    band = geometry.fire_band_mask(here, s.kind(unit).range)
    units = index.unit_masks[foe] & band
    unit_hexes = index.unit_masks[side] | index.unit_masks[foe]
    lone = index.leader_masks[foe] & band & ~unit_hexes  # CCB-RANGED-07: a lone leader
    if not units and not lone:
        return
    occupied = unit_hexes | index.leader_masks[side] | index.leader_masks[foe]
    sees = geometry.sees_past
    for hex_id in geometry.hexes_in(units):
        enemy = index.unit_at[hex_id]
        if sees(here, hex_id, occupied) and fire_dice_at(s, unit, enemy) > 0:
            yield enemy
    if lone:
        where = s.where
        for enemy in s.leaders_of(foe):
            hex_id = where[enemy]
            seen = geometry.bit[hex_id] & lone and sees(here, hex_id, occupied)
            if seen and fire_dice_at(s, unit, enemy) > 0:
                yield enemy


def fire(s: S, unit: int, target: int) -> S:
    """``unit`` fires at ``target``: one roll, then hits, flags, retreat."""
    lone = s.is_leader(target)
    strike = Strike(
        "ranged",
        unit,
        target,
        fire_dice_at(s, unit, target),
        s.where[unit],
        s.where[target],
        True if lone else full_strength(s, target),
    )
    return s.push(roll_task(strike))


__all__ = ["fire", "fire_dice_at", "fire_targets", "may_fire", "may_fire_at_any"]
