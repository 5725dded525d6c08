"""What a finished attack does on the battlefield (the battle's
:meth:`~wargames.horde.strikes.StrikeHost.take_hit`).

* The attacker leaves stealth: attacking ends it (HMC-TALENT-03).
* The target loses the Magnitude (HMC-DAMAGE-01) and counts one more attack received this
  round (HMC-DEFENSE-05, HMC-GAP-15).
* A Blast attack on a horde also hits the Officers who have joined it (HMC-OFFICER-09) and its
  Specialists (HMC-SPECIALIST-02): each loses wounds equal to the attack's damage (our reading;
  the host game's wound rules are not part of the horde rules, HMC-GAP-01). A Specialist at 0
  wounds no longer helps his horde (HMC-SPECIALIST-04); an Officer at 0 is slain.
* A horde at Magnitude 0 is destroyed (HMC-DAMAGE-15): it leaves the board; its Specialists
  retreat and play no further part (HMC-SPECIALIST-03, HMC-GAP-23); its Officers stand alone
  in its square. An Officer at 0 wounds is slain.
* A horde still standing then checks its morale (:class:`~wargames.horde.morale_test.MoraleCheck`)
  before anything else happens, so a horde broken by an attack does not counter-attack
  (HMC-COUNTER-01).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.core.tasks import quick_evolve
from wargames.horde.profiles import Horde
from wargames.horde.strikes import Strike
from wargames.horde.units import Unit, resized

if TYPE_CHECKING:
    from wargames.horde.battle import PScaleState as S


def take_hit(s: S, strike: Strike) -> S:
    """The state after the finished ``strike`` (see the module docstring)."""
    from wargames.horde.morale_test import MoraleCheck

    assert strike.loss is not None
    blast = s.numbers(strike).weapon.blast
    striker, target = s.unit(strike.striker), s.unit(strike.target)
    changed: list[Unit] = []
    if striker.stealthed and not strike.counter:
        changed.append(quick_evolve(striker, stealthed=False))
    hurt = quick_evolve(
        target,
        horde=resized(target.horde, target.magnitude - strike.loss),
        received=target.received + 1,
    )
    if blast and strike.damage and target.is_horde:
        hurt = quick_evolve(hurt, horde=wound_specialists(hurt.horde, strike.damage))
        changed += [wound(o, strike.damage) for o in s.attached(target.id)]
    latest = {c.id: c for c in changed}
    if hurt.magnitude == 0:
        square = s.location(target)
        hurt = fallen(hurt)
        for o in s.attached(target.id):
            o = latest.get(o.id, o)
            if not o.gone:
                latest[o.id] = quick_evolve(o, attached_to=None, square=square)
    elif hurt.bonus is not None and hurt.bonus in latest and latest[hurt.bonus].gone:
        hurt = quick_evolve(hurt, bonus=None)
    s = s.replace(*latest.values(), hurt)
    if hurt.fighting and hurt.is_horde:
        s = s.push(MoraleCheck(hurt.id, strike.morale_test))
    return s


def wound_specialists(horde: Horde, damage: int) -> Horde:
    """Each Specialist still standing loses ``damage`` wounds (HMC-SPECIALIST-02, -04)."""
    return resized(horde, wounds=tuple(max(0, sp.wounds - damage) for sp in horde.specialists))


def wound(officer: Unit, damage: int) -> Unit:
    """An Officer loses ``damage`` wounds (his hero profile's Magnitude); slain at 0."""
    hurt = quick_evolve(officer, horde=resized(officer.horde, officer.magnitude - damage))
    return fallen(hurt) if hurt.magnitude == 0 else hurt


def fallen(u: Unit) -> Unit:
    """A horde destroyed (HMC-DAMAGE-15) or an Officer slain: off the board for good."""
    return quick_evolve(
        u,
        status="slain" if u.is_officer else "destroyed",
        square=None,
        attached_to=None,
        stealthed=False,
        morale="",
        bonus=None,
        brace=False,
        get_down=False,
        forced_march=False,
    )


__all__ = ["fallen", "take_hit", "wound", "wound_specialists"]
