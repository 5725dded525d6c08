"""What a finished attack does on the battlefield (the battle's
:meth:`~wargames.horde.combat.strikes.StrikeHost.take_hit`).

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
* A Blast (20) or greater also hits the other hordes in its area (HMC-WEAPON-04, HMC-GAP-12;
  :mod:`wargames.horde.blast`): each loses the Magnitude the shared damage die does against its
  own defences, counts one attack received, has its Officers and Specialists wounded, is
  destroyed at 0 and leaves stealth, just as the target; the target first, then the others in
  square order.
* A horde still standing then checks its morale (:class:`~wargames.horde.morale_checks.MoraleCheck`)
  before anything else happens, so a horde broken by an attack does not counter-attack
  (HMC-COUNTER-01); after a Blast over several hordes each checks, in the same order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.core.tasks import quick_evolve
from wargames.horde.blast import area_hits
from wargames.horde.combat.profiles import Horde
from wargames.horde.combat.strikes import Strike
from wargames.horde.units import Unit, resized

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState as S


def take_hit(s: S, strike: Strike) -> S:
    """The state after the finished ``strike`` (see the module docstring)."""
    from wargames.horde.morale_checks import MoraleCheck

    assert strike.loss is not None
    blast = s.numbers(strike).weapon.blast
    extra = area_hits(s, strike)
    striker = s.unit(strike.striker)
    latest: dict[str, Unit] = {}
    if striker.stealthed and not strike.counter:
        latest[striker.id] = quick_evolve(striker, stealthed=False)
    hit_horde(s, latest, strike.target, strike.loss, (strike.damage or 0) if blast else 0)
    for h in extra:
        hit_horde(s, latest, h.unit, h.loss, h.damage)
    s = s.replace(*latest.values())
    tests = [(strike.target, strike.morale_test)] + [(h.unit, h.morale_test) for h in extra]
    checks = [MoraleCheck(uid, test) for uid, test in tests if standing_horde(latest[uid])]
    return s.push(*checks) if checks else s


def hit_horde(s: S, latest: dict[str, Unit], unit: str, loss: int, blast_damage: int) -> None:
    """``unit`` loses ``loss`` Magnitude and counts one attack received (HMC-DAMAGE-01,
    HMC-DEFENSE-05); a hit in stealth discovers it. ``blast_damage``: the damage of a Blast
    attack, which wounds its Officers and Specialists (HMC-OFFICER-09, HMC-SPECIALIST-02).
    Destroyed at 0, its Officers left standing in its square (HMC-DAMAGE-15). The changed
    units go into ``latest`` (by id; those already there are the current ones)."""
    target = latest.get(unit) or s.unit(unit)
    hurt = quick_evolve(
        target,
        horde=resized(target.horde, target.magnitude - loss),
        received=target.received + 1,
    )
    if target.stealthed:
        hurt = quick_evolve(hurt, stealthed=False)
    officers = [latest.get(o.id) or o for o in s.attached(unit)]
    if blast_damage and target.is_horde:
        hurt = quick_evolve(hurt, horde=wound_specialists(hurt.horde, blast_damage))
        officers = [wound(o, blast_damage) for o in officers]
        latest.update((o.id, o) for o in officers)
    if hurt.magnitude == 0:
        square = s.location(target)
        hurt = fallen(hurt)
        for o in officers:
            if not o.gone:
                latest[o.id] = quick_evolve(o, attached_to=None, square=square)
    elif hurt.bonus is not None and hurt.bonus in latest and latest[hurt.bonus].gone:
        hurt = quick_evolve(hurt, bonus=None)
    latest[unit] = hurt


def standing_horde(u: Unit) -> bool:
    """A horde still fighting after a hit: it checks its morale."""
    return u.fighting and u.is_horde


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


__all__ = ["fallen", "hit_horde", "standing_horde", "take_hit", "wound", "wound_specialists"]
