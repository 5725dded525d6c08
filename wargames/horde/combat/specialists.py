"""Specialists' effects on combat (HMC-SPECIALIST-01 to -10).

A Specialist is attached to his horde for the whole combat (HMC-SPECIALIST-01) and helps it
while he has wounds left (his own wound pool, HMC-SPECIALIST-04;
:attr:`~wargames.horde.combat.profiles.Specialist.active`):

* Engineer: the horde's Cover Bonus rises by 2, from +2 to +4, and Get Down! doubles the raised
  value to +8 (HMC-SPECIALIST-06, HMC-GAP-21; :func:`cover_bonus`); he also lets it cross
  difficult terrain at full speed (HMC-SPECIALIST-05; :func:`ignores_difficult_terrain`, for
  the battle game);
* Medic: the horde loses 15% less Magnitude: damage x 0.85, rounded down, for each hit
  (HMC-SPECIALIST-07, HMC-GAP-13; :func:`medic_loss`);
* Pathfinder: +2 to the Ranged Attack of the horde he is attached to (HMC-SPECIALIST-09,
  HMC-GAP-22; the ``marked-target`` reading gives it to allies shooting a marked enemy);
* Weapon Specialist: the horde may use his weapon's profile (HMC-SPECIALIST-10, HMC-GAP-24;
  :attr:`~wargames.horde.combat.profiles.Horde.usable_weapons`).

If his horde is destroyed, a Specialist retreats (HMC-SPECIALIST-03): he is taken off toward
his HQ and plays no further part unless the GM attaches him again (HMC-GAP-23;
:func:`retreating_specialists`).
"""

from __future__ import annotations

from wargames.horde.combat.context import AttackContext, Side
from wargames.horde.combat.profiles import ENGINEER, MEDIC, PATHFINDER, Horde, Specialist
from wargames.horde.combat.rules import HordeRules
from wargames.horde.combat.terms import Term
from wargames.horde.combat.weapons import Kind

COVER_BONUS = 2
"""The flat Cover Bonus (HMC-DEFENSE-01)."""
ENGINEER_COVER = 2
"""What an Engineer adds to the Cover Bonus (HMC-SPECIALIST-06)."""
PATHFINDER_BONUS = 2
"""A Pathfinder's Ranged Attack bonus (HMC-SPECIALIST-09)."""


def cover_terms(horde: Horde, side: Side, rules: HordeRules) -> list[Term]:
    """The cover modifiers to the defence roll of ``horde`` in cover: +2 (HMC-DEFENSE-01),
    the Engineer's +2 (HMC-SPECIALIST-06) and Get Down!'s doubling (HMC-ORDERS-06), ordered as
    :attr:`~wargames.horde.combat.rules.HordeRules.engineer_cover` says (HMC-GAP-21)."""
    if not side.cover:
        return []
    out = [Term("HMC-DEFENSE-01", "cover", COVER_BONUS)]
    engineer = horde.specialist(ENGINEER) is not None
    if rules.engineer_cover == "before-doubling":
        if engineer:
            out.append(Term("HMC-SPECIALIST-06", "Engineer", ENGINEER_COVER))
        if side.get_down:
            out.append(Term("HMC-ORDERS-06", "Get Down! doubles cover", sum(t.value for t in out)))
    else:
        if side.get_down:
            out.append(Term("HMC-ORDERS-06", "Get Down! doubles cover", COVER_BONUS))
        if engineer:
            out.append(Term("HMC-SPECIALIST-06", "Engineer", ENGINEER_COVER))
    return out


def cover_bonus(horde: Horde, side: Side, rules: HordeRules) -> int:
    """The total cover bonus (0 out of cover)."""
    return sum(t.value for t in cover_terms(horde, side, rules))


def pathfinder_terms(
    horde: Horde, kind: Kind, context: AttackContext, rules: HordeRules
) -> list[Term]:
    """+2 Ranged Attack from a Pathfinder (HMC-SPECIALIST-09, HMC-GAP-22)."""
    if kind != "ranged":
        return []
    if rules.pathfinder == "own-horde":
        has = horde.specialist(PATHFINDER) is not None
    else:
        has = context.defender.marked
    return [Term("HMC-SPECIALIST-09", "Pathfinder", PATHFINDER_BONUS)] if has else []


def medic_loss(damage: int, rules: HordeRules) -> int:
    """The Magnitude a horde with a Medic loses from ``damage``: 85% of it, rounded as
    :attr:`~wargames.horde.combat.rules.HordeRules.medic_rounding` says (HMC-SPECIALIST-07)."""
    scaled = damage * 85
    if rules.medic_rounding == "down":
        return scaled // 100
    if rules.medic_rounding == "up":
        return -(-scaled // 100)
    return (scaled + 50) // 100


def has_medic(horde: Horde) -> bool:
    return horde.specialist(MEDIC) is not None


def ignores_difficult_terrain(horde: Horde) -> bool:
    """An Engineer lets his horde move at full speed through difficult terrain
    (HMC-SPECIALIST-05). Most hordes have no Specialist: they are answered without a look."""
    return bool(horde.specialists) and horde.specialist(ENGINEER) is not None


def retreating_specialists(horde: Horde) -> tuple[Specialist, ...]:
    """The Specialists who retreat when ``horde`` is destroyed (HMC-SPECIALIST-03): those still
    standing; none while the horde lives."""
    if not horde.destroyed:
        return ()
    return tuple(s for s in horde.specialists if s.active)


__all__ = [
    "COVER_BONUS",
    "ENGINEER_COVER",
    "PATHFINDER_BONUS",
    "cover_bonus",
    "cover_terms",
    "has_medic",
    "ignores_difficult_terrain",
    "medic_loss",
    "pathfinder_terms",
    "retreating_specialists",
]
