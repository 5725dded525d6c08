"""Orders that move a unit, given in two decisions: the order (``IG1 rapid advance``, ``IG1
charge CH2``), then the square it ends on (``IG1 to 05-06``) among those the order allows
(:mod:`wargames.horde.reach`):

* Tactical Advance! up to the Half Move, Rapid Advance! up to the Full Move, Forced March! up
  to three times the Half Move with -2 Attack and Defense until its next activation
  (HMC-ORDERS-07 to -09, HMC-GAP-30); an Officer's sprint, three times his Half Move, leaves
  him fatigued (HMC-OFFICER-02);
* Charge! up to the Full Move to a square adjacent to the target, then a melee attack at +2
  (HMC-ORDERS-04, HMC-COMBAT-02, HMC-GAP-31);
* Pull Back! (only in close combat) up to the Half Move to a square touching no enemy unit
  (HMC-ORDERS-10);
* Tactical Retreat! up to three times the Half Move, toward its HQ: to the reachable squares
  nearest the HQ area, nearer than where it stands (HMC-ORDERS-11);
* a frenzied horde's advance must bring it nearer the nearest enemy (research 3.6).

A horde in close combat moves only by Pull Back!, Tactical Retreat! or Full Retreat!
(HMC-COMBAT-07; :mod:`wargames.horde.orders` lists what may be given).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation
from wargames.horde import commands as cmd
from wargames.horde.commands import RULE
from wargames.horde.flow import BattleTask
from wargames.horde.reach import blocked, can_end_near, destinations, move, no_stop
from wargames.horde.specialists import ignores_difficult_terrain
from wargames.horde.strikes import Engage, Strike
from wargames.horde.targets import charge_squares
from wargames.horde.units import FRENZIED, Unit

if TYPE_CHECKING:
    from wargames.horde.battle import PScaleState as S


def allowance(u: Unit, order: str) -> int:
    """Squares of movement an order gives (:mod:`wargames.horde.movement`)."""
    h = u.horde
    if order in ("tactical advance", "pull back"):
        return h.half_move
    if order in ("rapid advance", "charge"):
        return h.full_move
    return h.run_move


def move_squares(s: S, u: Unit, order: str, target: str | None = None) -> list[str]:
    """The squares the move order may end on (see the module docstring)."""
    if order == "charge":
        assert target is not None
        return charge_squares(s, u, s.unit(target))
    ends = destinations(s, u, allowance(u, order))
    field = s.field
    if order == "pull back":
        return [sq for sq in ends if not any(s.enemy_at(u.side, n) for n in field.neighbours(sq))]
    if order == "tactical retreat":
        here = s.location(u)
        assert here is not None
        best = min((field.hq_distance(u.side, sq) for sq in ends), default=None)
        if best is None or best >= field.hq_distance(u.side, here):
            return []
        return [sq for sq in ends if field.hq_distance(u.side, sq) == best]
    if u.morale == FRENZIED:
        return toward_enemy(s, u, ends)
    return ends


def has_destination(s: S, u: Unit, order: str) -> bool:
    """Whether the move order has somewhere to end: a quick look at the squares next to the
    unit first, the full search only when none of them will do (cached by layout)."""
    key = (u.id, order, u.morale == FRENZIED, ignores_difficult_terrain(u.horde))
    return s.by_layout("destination", key, lambda: _has_destination(s, u, order))


def _has_destination(s: S, u: Unit, order: str) -> bool:
    if order in ("tactical advance", "rapid advance", "forced march", "sprint") and (
        u.morale != FRENZIED
    ):
        return can_end_near(s, u, allowance(u, order))
    if order in ("tactical retreat", "pull back") and _next_step_will_do(s, u, order):
        return True
    here = s.location(u)
    if order == "tactical retreat" and here is not None and s.field.in_hq(u.side, here):
        return False  # home already
    return bool(move_squares(s, u, order))


def _next_step_will_do(s: S, u: Unit, order: str) -> bool:
    field = s.field
    start = s.location(u)
    assert start is not None
    costs = field.costs[u.is_horde and ignores_difficult_terrain(u.horde)]
    barred, stops = blocked(s, u.side), no_stop(s, u)
    limit = allowance(u, order)
    home = field.hq_distance(u.side, start)
    for n in field.steps[start]:
        if costs[n] > limit or n in barred or n in stops:
            continue
        if order == "tactical retreat" and field.hq_distance(u.side, n) < home:
            return True
        if order == "pull back" and not any(s.enemy_at(u.side, m) for m in field.steps[n]):
            return True
    return False


def toward_enemy(s: S, u: Unit, ends: list[str]) -> list[str]:
    """The squares of ``ends`` nearer the nearest enemy than ``u`` is (a frenzied horde's
    advance, research 3.6)."""
    nearest, d = s.nearest_enemies(u)
    field = s.field
    out = []
    for sq in ends:
        closest = min(field.distance(sq, e.square or sq) for e in nearest) if nearest else d
        if closest < d:
            out.append(sq)
    return out


@attrs.frozen
class MoveOrder(BattleTask):
    """The square a move order takes ``unit`` to (see the module docstring)."""

    unit: str
    order: str
    target: str | None = None

    def actor(self, s: S) -> Player | None:
        return s.unit(self.unit).side

    def explain(self, s: S, action: Action) -> RuleViolation:
        """A destination the order does not allow breaks the order's rule."""
        if isinstance(action, cmd.MoveTo):
            return RuleViolation(
                RULE[self.order], f"{self.unit}'s {self.order} cannot end on {action.square}"
            )
        return super().explain(s, action)

    def legal(self, s: S) -> tuple[Action, ...]:
        u = s.unit(self.unit)
        return tuple(cmd.move_to(u.id, sq) for sq in move_squares(s, u, self.order, self.target))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, cmd.MoveTo)
        u = s.unit(self.unit)
        s = move(s, u, action.square, allowance(u, self.order)).pop()
        u = s.unit(self.unit)
        if self.order == "forced march":
            return s.replace(attrs.evolve(u, forced_march=True, orders_round=s.round))
        if self.order == "sprint":
            return s.replace(attrs.evolve(u, fatigued=True))
        if self.order == "charge":
            assert self.target is not None
            target = s.unit(self.target)
            here = s.location(u)
            if (
                here is not None
                and target.square is not None
                and s.field.adjacent(here, target.square)
            ):
                return s.push(Engage(Strike(u.id, target.id, "melee", charge=True)))
        return s

    def describe(self, s: S) -> str:
        return f"where {self.unit}'s {self.order} ends"


__all__ = [
    "MoveOrder",
    "allowance",
    "has_destination",
    "move_squares",
    "toward_enemy",
]
