"""Helpers for bots and analysis of a P-Scale battle: the attacks a unit may make now with
their exact odds, and the enemy attacks it is exposed to.

The odds are :mod:`wargames.horde.combat.odds`'s, computed from the same
:func:`~wargames.horde.combat.attack.attack_numbers` and the same circumstances the battle would use
(:func:`~wargames.horde.circumstances.context`), so they are the engine's own:

* :func:`attack_options` lists every Attack Target! order the unit may be given now
  (HMC-ORDERS-03), each with the exact odds of the attack
  (:class:`~wargames.horde.combat.odds.AttackOdds`) and, in melee, of the attack with the
  counter-attack it allows (:class:`~wargames.horde.combat.odds.EngagementOdds`);
* :func:`threats` lists the enemy units that could attack the unit at their next activation as
  the board stands: in melee from next to it, at range with a line of sight, or by a Charge!
  that can reach it (the charge's +2 counted), each with its odds.

>>> import wargames
>>> state = wargames.load("horde", "mirror")
>>> {t.attacker: t.kind for t in threats(state, "A1")}
{'B2': 'ranged'}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from wargames.core.errors import RuleViolation
from wargames.horde import actions as cmd
from wargames.horde import circumstances, close_combat, visibility
from wargames.horde.combat.odds import AttackOdds, EngagementOdds, attack_odds, engagement_odds
from wargames.horde.combat.strikes import Strike
from wargames.horde.combat.weapons import Kind
from wargames.horde.targets import attack_actions, attack_strike, charge_squares

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState
    from wargames.horde.units import Unit


@attrs.frozen
class AttackOption:
    """One Attack Target! order and its exact odds."""

    action: cmd.Attack
    odds: AttackOdds
    engagement: EngagementOdds | None = None
    """Melee: the attack and the defender's counter-attack (when it may make one)."""


@attrs.frozen
class Threat:
    """An enemy attack ``unit`` is exposed to."""

    attacker: str
    kind: Kind
    how: Literal["melee", "ranged", "charge"]
    odds: AttackOdds


def _odds(s: PScaleState, strike: Strike) -> AttackOdds:
    a, d = s.unit(strike.striker), s.unit(strike.target)
    return attack_odds(a.horde, d.horde, strike.kind, circumstances.context(s, strike), s.rules)


def attack_options(s: PScaleState, unit: str) -> list[AttackOption]:
    """Every Attack Target! ``unit`` may be given now, with exact odds (see the module
    docstring). Empty when it cannot attack."""
    u = s.unit(unit)
    if not u.on_board or u.attached_to is not None:
        return []
    out = []
    for action in attack_actions(s, u):
        strike = attack_strike(s, action)
        odds = _odds(s, strike)
        engagement = None
        if action.kind == "melee":
            a, d = s.unit(strike.striker), s.unit(strike.target)
            engagement = engagement_odds(
                a.horde, d.horde, "melee", circumstances.context(s, strike), s.rules
            )
        out.append(AttackOption(action, odds, engagement))
    return out


def threats(s: PScaleState, unit: str) -> list[Threat]:
    """The enemy attacks ``unit`` is exposed to at the enemy's next activation (see the
    module docstring). Empty when it cannot be attacked (joined to a horde, sheltered by one,
    in stealth, or off the board)."""
    u = s.unit(unit)
    enemy_side = "red" if u.side == "blue" else "blue"
    if not visibility.can_target(s, enemy_side, u):
        return []
    assert u.square is not None
    out: list[Threat] = []
    for e in s.units:
        if e.side != enemy_side or not e.on_board or (e.is_officer and e.attached_to):
            continue
        out += _threats_from(s, e, u)
    return out


def _threats_from(s: PScaleState, e: Unit, u: Unit) -> list[Threat]:
    """The attacks ``e`` could make on ``u`` at its next activation."""
    assert u.square is not None and e.square is not None
    adjacent = s.field.adjacent(e.square, u.square)
    free = not adjacent and not close_combat.in_cqc(s, e)
    tries: list[tuple[Kind, Literal["melee", "ranged", "charge"], bool]] = []
    if adjacent and e.horde.weapons_of("melee"):
        tries.append(("melee", "melee", False))
    if free and e.horde.weapons_of("ranged") and visibility.sees(s, e.side, e.square, u.square):
        tries.append(("ranged", "ranged", False))
    near = s.field.distance(e.square, u.square) <= e.horde.full_move + 1
    if free and near and e.horde.weapons_of("melee") and charge_squares(s, e, u):
        tries.append(("melee", "charge", True))
    found: list[Threat] = []
    for kind, how, charge in tries:
        try:
            odds = _odds(s, Strike(e.id, u.id, kind, charge=charge))
        except RuleViolation:
            continue
        found.append(Threat(e.id, kind, how, odds))
    return found


__all__ = ["AttackOption", "Threat", "attack_options", "threats"]
