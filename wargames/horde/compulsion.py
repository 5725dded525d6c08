"""Hordes driven by fear or frenzy (research 3.6, HMC-GAP-03): they act without orders.

* A fleeing horde may be given Rally!; otherwise it flees its Run distance to the squares
  farthest from the enemy it sees (farther than it is); with nowhere to flee it stays put.
* A routing horde may be given Rally! (at -20); otherwise it runs for its HQ area: off the field
  once it can reach it, else to the reachable squares nearest it.
* A frenzied horde must attack the nearest enemy in melee, Charge! it, or advance toward it; it
  may stop once it has acted, or when it cannot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.core.engine import Action
from wargames.core.tasks import quick_evolve
from wargames.horde import actions as cmd
from wargames.horde import close_combat, visibility
from wargames.horde.moves import has_destination
from wargames.horde.reach import destinations, ends, move, reach
from wargames.horde.targets import attack_actions, can_move, charge_orders
from wargames.horde.units import Unit

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState as S


def fleeing_options(s: S, u: Unit) -> list[Action]:
    """A fleeing horde: Rally!, or flee its Run distance to the squares farthest from the
    nearest enemy (farther than it is); with nowhere to flee it stays put (research 3.6)."""
    out: list[Action] = []
    if u.id not in s.rallied:
        out.append(cmd.order(u.id, "rally"))
    squares = flee_squares(s, u)
    if squares:
        return out + [cmd.Flee(u.id, sq) for sq in squares]
    return [*out, cmd.done(u.id)]


def flee_squares(s: S, u: Unit) -> list[str]:
    """The squares within ``u``'s Run distance farthest from the enemy it can see, if they
    are farther than where it stands."""
    nearest, d = visibility.nearest_enemies(s, u)
    found, near = ends(s, u, u.horde.run_move), visibility.enemy_mask(s, u.side)
    if not nearest or not found or not near:
        return []
    field = s.field
    # squares within k of an enemy: the enemies' squares spread k times (distances are
    # counted in squares, diagonals included, so each spread adds one)
    best, farther = 0, 0
    while found & ~near:
        farther, near, best = found & ~near, field.spread(near), best + 1
    if best <= d:
        return []
    return sorted(field.squares_in(farther))


def routing_options(s: S, u: Unit) -> list[Action]:
    """A routing horde: Rally! (at -20), or run for its HQ: off the field once it can reach
    its HQ area, else to the reachable squares nearest it (research 3.6)."""
    out: list[Action] = []
    if u.id not in s.rallied:
        out.append(cmd.order(u.id, "rally"))
    field = s.field
    square = s.location(u)
    assert square is not None
    home = field.hq_rings[u.side][0]
    if field.in_hq(u.side, square) or reach(s, u).within() & home:
        return [*out, cmd.Rout(u.id, None)]
    ends = destinations(s, u, u.horde.run_move)
    best = min([field.hq_distance(u.side, sq) for sq in ends], default=None)
    if best is None or best >= field.hq_distance(u.side, square):
        return [*out, cmd.done(u.id)]
    return out + [cmd.Rout(u.id, sq) for sq in ends if field.hq_distance(u.side, sq) == best]


def compelled_move(s: S, action: cmd.Flee | cmd.Rout) -> S:
    """A fleeing horde flees, a routing horde runs (off the field at its HQ)."""
    u = s.unit(action.unit)
    if isinstance(action, cmd.Rout) and action.square is None:
        officers = [
            quick_evolve(o, attached_to=None, square=s.location(u)) for o in s.attached(u.id)
        ]
        gone = quick_evolve(u, status="routed", square=None, stealthed=False, bonus=None)
        return s.replace(gone, *officers)
    assert action.square is not None
    return move(s, u, action.square)


def frenzied_options(s: S, u: Unit, spent: int) -> list[Action]:
    """A frenzied horde must attack the nearest enemy in melee, Charge! it, or advance toward
    it (research 3.6); it may stop once it has acted or when it cannot."""
    nearest, d = visibility.nearest_enemies(s, u)
    budget = 2 - spent
    out: list[Action] = []
    if budget >= 1 and d == 1:
        targets = {e.id for e in nearest}
        out += [a for a in attack_actions(s, u, melee_only=True) if a.target in targets]
    if budget >= 2 and d > 1:
        out += charge_orders(s, u, list(nearest))
        advance = not out and can_move(s, u) and not close_combat.in_cqc(s, u)
        if advance and has_destination(s, u, "rapid advance"):
            out.append(cmd.order(u.id, "rapid advance"))
    if spent or not out:
        out.append(cmd.done(u.id))
    return out


__all__ = [
    "compelled_move",
    "flee_squares",
    "fleeing_options",
    "frenzied_options",
    "routing_options",
]
