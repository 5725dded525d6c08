"""Willpower modifiers of a horde's morale tests (HMC-MORALE-01 to -08, -11).

The morale test itself (when it is forced, its target and its outcomes) belongs to the battle
game (HMC-GAP-03); this module gives the modifiers it adds to Willpower:

* +10 adjacent to at least one allied horde, once however many (HMC-MORALE-01);
* +10 in cover (HMC-MORALE-02); +10 in an HQ area (HMC-MORALE-03);
* +10 led by an Officer (HMC-MORALE-04; at least +10, on top of other modifiers; the Officer's
  own talents such as Iron Discipline are host-game effects, HMC-GAP-01);
* -10 more than 5 dm from every allied unit (HMC-MORALE-06); never with the adjacent-ally
  bonus (HMC-MORALE-11);
* -10 outnumbered 3-1 or worse in close combat (HMC-MORALE-07), counted as for defence
  (HMC-GAP-14);
* -10 when the army has lost at least half of its hordes (HMC-MORALE-08).

Two gap-fills of the research notes (section "Read this first"), which the seed leaves open:
-10 while under-strength, below 50% of the starting Magnitude, which a Disciplined horde
ignores (HMC-TALENT-09); and -10 per level of Fear above 1 (research 3.6, O5: Fear 1 nothing,
2 -10, 3 -20, 4 -30), which a Disciplined horde takes too. The battle passes the highest Fear
(:attr:`~wargames.horde.combat.profiles.Horde.fear`) among the enemies in close combat with the
horde (:func:`~wargames.horde.morale_checks.enemy_fear`).

A fleeing or morale-failed horde's Defense of zero and the maximised attack die
(HMC-MORALE-09, -10) are defence rules: :mod:`wargames.horde.combat.modifiers` and
:mod:`wargames.horde.combat.attack` apply them from
:attr:`~wargames.horde.combat.context.Side.fleeing`. Fearless hordes never fail
(:func:`~wargames.horde.combat.talents.is_fearless`).

>>> from wargames.horde.combat.data import horde
>>> terms = willpower_modifiers(horde("guard-infantry"), adjacent_ally=True, in_cover=True)
>>> [str(t) for t in terms], willpower_target(horde("guard-infantry"), terms)
(['adjacent ally +10', 'cover +10'], 50)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from wargames.horde.combat.profiles import DISCIPLINED, Horde
from wargames.horde.combat.rules import DEFAULT, HordeRules
from wargames.horde.combat.terms import Term, total


def outnumbered_ratio(horde: Horde, enemies: Sequence[int], rules: HordeRules = DEFAULT) -> int:
    """How many times ``horde`` is outnumbered by the enemy hordes of Magnitudes ``enemies``
    in close combat with it, rounded down (HMC-GAP-14; 0 when there are none)."""
    if not enemies:
        return 0
    if rules.outnumber_by == "hordes":
        return len(enemies)
    return sum(enemies) // max(horde.magnitude, 1)


def under_strength(horde: Horde) -> bool:
    """Below half of its starting Magnitude (the research notes' gap-fill, HMC-GAP-10)."""
    return 2 * horde.magnitude < horde.starting_magnitude


def willpower_modifiers(
    horde: Horde,
    *,
    adjacent_ally: bool = False,
    in_cover: bool = False,
    in_hq: bool = False,
    officer: bool | None = None,
    isolated: bool = False,
    engaged_with: Sequence[int] = (),
    army_half_lost: bool = False,
    fear: int = 0,
    rules: HordeRules = DEFAULT,
) -> tuple[Term, ...]:
    """The Willpower modifiers of ``horde``'s morale test (see the module docstring).

    ``officer`` ``None`` means "if an Officer is attached to the horde"; ``engaged_with`` lists
    the Magnitudes of the enemy hordes in close combat with it; ``fear`` is the highest Fear
    level among the enemies in close combat with it (HMC-GAP-03). ``adjacent_ally`` and
    ``isolated`` cannot both hold (``ValueError``).
    """
    if adjacent_ally and isolated:
        raise ValueError("a horde adjacent to an ally is not more than 5 dm from every ally")
    led = bool(horde.officers) if officer is None else officer
    out: list[Term] = []
    if adjacent_ally:
        out.append(Term("HMC-MORALE-01", "adjacent ally", 10))
    if in_cover:
        out.append(Term("HMC-MORALE-02", "cover", 10))
    if in_hq:
        out.append(Term("HMC-MORALE-03", "HQ area", 10))
    if led:
        out.append(Term("HMC-MORALE-04", "led by an Officer", 10))
    if isolated:
        out.append(Term("HMC-MORALE-06", "isolated (over 5 dm from allies)", -10))
    if outnumbered_ratio(horde, engaged_with, rules) >= 3:
        out.append(Term("HMC-MORALE-07", "outnumbered 3-1 in close combat", -10))
    if army_half_lost:
        out.append(Term("HMC-MORALE-08", "army lost half its hordes", -10))
    if under_strength(horde) and not horde.has(DISCIPLINED):
        out.append(Term("HMC-TALENT-09", "under-strength", -10))
    if fear > 1:
        out.append(Term("HMC-GAP-03", f"Fear ({fear})", -10 * (fear - 1)))
    return tuple(out)


def willpower_target(horde: Horde, modifiers: Iterable[Term]) -> int:
    """The horde's Willpower plus the modifiers: the d100 target of its morale test."""
    return horde.willpower + total(modifiers)


__all__ = ["outnumbered_ratio", "under_strength", "willpower_modifiers", "willpower_target"]
