"""Blast's area in a P-Scale battle: the hordes a Blast (20) or greater hits besides its target
(HMC-WEAPON-04, HMC-GAP-12).

HMC-WEAPON-04: a Blast weapon hits more than one horde only if its Blast value is 20 or more;
the rules leave the area undefined (HMC-GAP-12). Our reading:

* Blast (X) is an X-metre-wide burst on the target's square. A square is 10 m across, so the
  burst reaches the centre of a neighbouring square only from X = 20 (exactly the rule's
  threshold): the area is every square within X // 20 squares of the target's square, by the
  board's own distance (diagonal steps count one). Blast 20-39 covers the 8 squares around the
  target, 40-59 two rings, and so on; under 20 only the target is hit.
* Every other horde standing in the area is hit, of either side, the attacker itself too if
  it stands inside; a horde in stealth there is hit and discovered (it leaves stealth). Lone
  Officers are not hit: the rule speaks of hordes.
* One damage roll for all (research O12): each horde takes the same kind of result as the
  target (full or partial) with the same damage die, its loss worked out with its own defences
  (armour, Toughness, a Medic): the numbers of the same strike with that horde as the target
  (:meth:`~wargames.horde.combat.strikes.StrikeHost.numbers`). When the target takes no damage the
  blast hurts nobody else.

:func:`area_hits` works out what each horde takes, on the board as it stood when the damage
die was rolled (as the target's loss is); :func:`wargames.horde.casualties.take_hit` applies
it, the target first and then the others in square order (row by row).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from wargames.core.tasks import quick_evolve
from wargames.horde.combat.strikes import Strike
from wargames.horde.combat.talents import stealth_forces_morale_test

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState as S

RING_METRES = 20
"""Blast metres per ring of squares: a burst X metres wide reaches X // 20 squares out."""


@attrs.frozen
class AreaHit:
    """What one horde in the area (not the target) takes from a Blast attack."""

    unit: str
    damage: int
    """The damage of the shared die against this horde's own defences."""
    loss: int
    """The Magnitude it loses (HMC-DAMAGE-01)."""
    morale_test: bool
    """The attack came from stealth and cost it over 20% of its Magnitude (HMC-TALENT-05)."""


def reach(blast: int) -> int:
    """How many squares around the target's square a Blast (``blast``) reaches (HMC-GAP-12):
    0 under Blast (20), which then hits the target alone (HMC-WEAPON-04).

    >>> [reach(b) for b in (0, 3, 19, 20, 39, 40, 60)]
    [0, 0, 0, 1, 1, 2, 3]
    """
    return blast // RING_METRES


def in_area(s: S, strike: Strike) -> tuple[str, ...]:
    """The hordes other than the target standing within the area of ``strike``'s Blast, of
    either side and stealthed ones included, in square order (HMC-WEAPON-04, HMC-GAP-12)."""
    rings = reach(s.numbers(strike).weapon.blast)
    centre = s.location(s.unit(strike.target))
    if not rings or centre is None:
        return ()
    field = s.field
    found = [
        (field.number[square], uid)
        for square, uid in s.places().horde_at.items()
        if uid != strike.target and field.distance(centre, square) <= rings
    ]
    return tuple(uid for _, uid in sorted(found))


def area_hits(s: S, strike: Strike) -> tuple[AreaHit, ...]:
    """What each other horde in the area of the finished ``strike`` takes (see the module
    docstring); nothing when the target took no damage."""
    if not strike.damage or not s.numbers(strike).weapon.hits_several_hordes:
        return ()
    return tuple(area_hit(s, strike, uid) for uid in in_area(s, strike))


def area_hit(s: S, strike: Strike, unit: str) -> AreaHit:
    """The shared damage die of ``strike`` against ``unit``'s own defences: the numbers of the
    same strike aimed at it (a horde in stealth counted as seen, for it is hit)."""
    u = s.unit(unit)
    seen = s.replace(quick_evolve(u, stealthed=False)) if u.stealthed else s
    numbers = seen.numbers(attrs.evolve(strike, target=unit))
    assert strike.damage_die is not None
    damage = numbers.formula("full" if strike.hit == "full" else "partial").damage(
        strike.damage_die
    )
    loss = numbers.loss(damage)
    test = s.from_stealth(strike) and stealth_forces_morale_test(loss, u.magnitude)
    return AreaHit(unit, damage, loss, test)


__all__ = ["RING_METRES", "AreaHit", "area_hit", "area_hits", "in_area", "reach"]
