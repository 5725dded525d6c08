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

from functools import partial
from typing import TYPE_CHECKING

import attrs

from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation
from wargames.core.tasks import quick_evolve
from wargames.horde import actions as cmd
from wargames.horde import close_combat, visibility
from wargames.horde.actions import RULE
from wargames.horde.combat.specialists import ignores_difficult_terrain
from wargames.horde.combat.strikes import Engage, Strike
from wargames.horde.flow import BattleTask
from wargames.horde.reach import blocked, destinations, ends, move, no_stop, reach
from wargames.horde.targets import charge_squares
from wargames.horde.units import FRENZIED, Unit

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState as S


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
    if order in ("pull back", "tactical retreat"):
        return sorted(s.field.squares_in(_withdrawal_ends(s, u, order)))
    found = destinations(s, u, allowance(u, order))
    if u.morale == FRENZIED:
        return toward_enemy(s, u, found)
    return found


def move_mask(s: S, u: Unit, order: str, target: str | None = None) -> int | None:
    """The square mask of :func:`move_squares` where one says it all (the squares are the
    mask's, by id), else ``None`` (a frenzied horde's advance, which the nearest
    enemy narrows)."""
    if order == "charge":
        assert target is not None
        there = s.unit(target).square
        assert there is not None
        return ends(s, u, u.horde.full_move) & s.field.around[there]
    if order in ("pull back", "tactical retreat"):
        return _withdrawal_ends(s, u, order)
    if u.morale == FRENZIED:
        return None
    return ends(s, u, allowance(u, order))


MOVE_ORDERS = (
    "tactical advance",
    "rapid advance",
    "forced march",
    "sprint",
    "pull back",
    "tactical retreat",
)
"""The orders that move a unit to a square of its choice (Charge! aside)."""


def has_destination(s: S, u: Unit, order: str) -> bool:
    """Whether the move order has somewhere to end."""
    return order in with_room(s, u)


def with_room(s: S, u: Unit) -> frozenset[str]:
    """The move orders of :data:`MOVE_ORDERS` that have somewhere to end, Pull Back! only in
    close combat (HMC-ORDERS-10); cached by layout."""
    return room_of(s, u, u.is_horde and ignores_difficult_terrain(u.horde))


def room_of(s: S, u: Unit, engineer: bool) -> frozenset[str]:
    """:func:`with_room`, told whether ``u`` ignores difficult terrain (``engineer``): cached
    by layout (``"destination"``, by unit, frenzy and ``engineer``)."""
    layout = s.layout()
    memo: dict[tuple[str, bool, bool], frozenset[str]] | None = layout.get("destination")
    if memo is None:
        memo = layout["destination"] = {}
    key = (u.id, u.morale == FRENZIED, engineer)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _with_room(s, u)
    return found


def _with_room(s: S, u: Unit) -> frozenset[str]:
    cqc = close_combat.in_cqc(s, u)
    if u.morale == FRENZIED:
        return frozenset(
            order
            for order in MOVE_ORDERS
            if (cqc or order != "pull back") and move_squares(s, u, order)
        )
    h, field, side = u.horde, s.field, u.side
    here = s.location(u)
    assert here is not None
    # the squares next to it that it may enter and stop on, and those of them costing one
    # square of movement (the first step of every search), worked out once for every order
    free = field.around[here] & ~(blocked(s, side) | no_stop(s, u))
    cheap = free & field.cheap_mask[u.is_horde and ignores_difficult_terrain(h)]
    half = h.half_move
    first = 0 if half < 1 else free if half >= 2 else cheap  # next_ends(s, u, half)
    out = ["tactical retreat"] if _retreat_room(s, u, here, free, cheap) else []
    if cqc and _pull_back_room(s, u, first):
        out.append("pull back")
    # the shortest move that can end somewhere, and every longer one (the search goes only
    # as far as needed, not at all when a square next to the unit will do)
    if first:
        return frozenset([*out, "tactical advance", "rapid advance", "forced march", "sprint"])
    r, stops = reach(s, u), no_stop(s, u)
    if r.within(half) & ~stops:
        out += ["tactical advance", "rapid advance", "forced march", "sprint"]
    elif r.within(h.full_move) & ~stops:
        out += ["rapid advance", "forced march", "sprint"]
    elif r.within(h.run_move) & ~stops:
        out += ["forced march", "sprint"]
    return frozenset(out)


def _retreat_room(s: S, u: Unit, here: str, free: int, cheap: int) -> bool:
    """Whether a Tactical Retreat! has somewhere to end: a quick look at the squares next to
    the unit first (one nearer the HQ area that it may enter and stop on: of ``free``, or of
    ``cheap`` when its move is a single square), the search of the whole move only when none
    will do."""
    field = s.field
    home = field.hq_distance(u.side, here)
    if home == 0:
        return False
    limit = u.horde.run_move  # a square costs one square of movement, or two
    if limit < 1:
        return False
    if field.hq_within[u.side][home] & (free if limit >= 2 else cheap):
        return True
    return bool(_withdrawal_ends(s, u, "tactical retreat"))


def _pull_back_room(s: S, u: Unit, first: int) -> bool:
    """Whether a Pull Back! has somewhere to end (HMC-ORDERS-10): a quick look at the squares
    next to the unit first (of ``first``, those a Half Move may end on: one touching no enemy
    unit), the search of the Half Move only when none will do."""
    away = ~s.field.spread(visibility.enemy_mask(s, u.side))
    if first & away:
        return True
    return bool(_withdrawal_ends(s, u, "pull back"))


def _withdrawal_ends(s: S, u: Unit, order: str) -> int:
    """The mask of the squares a Pull Back! may end on (none next to an enemy unit) or a
    Tactical Retreat! (the nearest the HQ area, nearer than where it stands)."""
    field = s.field
    found = ends(s, u, allowance(u, order))
    if order == "pull back":
        return found & ~field.spread(visibility.enemy_mask(s, u.side))
    here = s.location(u)
    assert here is not None
    rings = field.hq_rings[u.side]
    for ring in rings[: field.hq_distance(u.side, here)]:
        if found & ring:
            return found & ring
    return 0


def toward_enemy(s: S, u: Unit, ends: list[str]) -> list[str]:
    """The squares of ``ends`` nearer the nearest enemy than ``u`` is (a frenzied horde's
    advance, research 3.6)."""
    nearest, d = visibility.nearest_enemies(s, u)
    field = s.field
    out = []
    for sq in ends:
        closest = min([field.distance(sq, e.square or sq) for e in nearest]) if nearest else d
        if closest < d:
            out.append(sq)
    return out


@saved("horde/move-order")
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
        """The squares the order may end on; none known in a view that hides the horde (in
        stealth, its square unknown to the viewer)."""
        u = s.unit(self.unit)
        if u.id in s.hidden:
            return ()
        return tuple(map(partial(cmd.move_to, u.id), move_squares(s, u, self.order, self.target)))

    def draw(self, s: S, chance: float) -> Action | None:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, found from the
        mask of the squares without listing them (``None``: listing is needed)."""
        u = s.unit(self.unit)
        if u.id in s.hidden:
            return None
        mask = move_mask(s, u, self.order, self.target)
        if not mask:
            return None
        square = s.field.nth_by_id(mask, int(chance * mask.bit_count()))
        return None if square is None else cmd.move_to(u.id, square)

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, cmd.MoveTo)
        u = s.unit(self.unit)
        s = move(s, u, action.square, allowance(u, self.order)).pop()
        u = s.unit(self.unit)
        if self.order == "forced march":
            return s.replace(quick_evolve(u, forced_march=True, orders_round=s.round))
        if self.order == "sprint":
            return s.replace(quick_evolve(u, fatigued=True))
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
    "MOVE_ORDERS",
    "MoveOrder",
    "allowance",
    "has_destination",
    "move_mask",
    "move_squares",
    "room_of",
    "toward_enemy",
    "with_room",
]
