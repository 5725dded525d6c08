"""Split! and Merge! (HMC-ORDERS-16 to -18, HMC-GAP-26).

**Split!**: the Commander chooses the new horde's Magnitude, at least :data:`SPLIT_MINIMUM`
for each part (the research notes' squads of 10), then its square, adjacent; the starting
Magnitude is shared in proportion; Specialists and Officers stay with the original horde
(HMC-SPECIALIST-01); the new horde does not act this round. **Merge!**: an adjacent horde of the
same profile, in good order, not yet activated this round and without Specialists (they may
not leave their horde), joins the ordered one; the merged Magnitude may not exceed
:data:`MERGE_CAP` (a hard cap); the ordered horde may take in several ("two or more units").
A horde that split this round, and the horde split from it, neither split nor merge again that
round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation
from wargames.core.tasks import quick_evolve
from wargames.horde import actions as cmd
from wargames.horde.flow import BattleTask
from wargames.horde.reach import discover, no_stop
from wargames.horde.units import Unit, resized
from wargames.horde.visibility import enemy_mask

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState as S


SPLIT_MINIMUM = 10
"""The least Magnitude of each part of a Split! (HMC-GAP-26, the research notes' squads)."""

MERGE_CAP = 100
"""The largest Magnitude a Merge! may make (HMC-ORDERS-18)."""


def split_squares(s: S, u: Unit) -> list[str]:
    """Adjacent squares the new horde of a Split! may stand on, as its side sees them:
    passable, with no horde it sees and no enemy unit."""
    square = s.location(u)
    assert square is not None
    room = split_room(s, s.field.around[square], enemy_mask(s, u.side), no_stop(s, u))
    bit = s.field.bit
    return [sq for sq in s.field.steps[square] if bit[sq] & room]


def may_split(s: S, u: Unit) -> bool:
    """Whether the new horde of a Split! has a square (:func:`split_squares`), from the mask
    of the squares around the horde."""
    square = s.location(u)
    assert square is not None
    return bool(split_room(s, s.field.around[square], enemy_mask(s, u.side), no_stop(s, u)))


def split_room(s: S, around: int, enemies: int, stops: int) -> int:
    """The squares of ``around`` (those around a horde) the new horde of a Split! may enter and
    stop on: passable, with no enemy unit its side sees (``enemies``) and no horde it may not
    stop on (``stops``, :func:`~wargames.horde.reach.no_stop`)."""
    return around & ~(s.field.impassable_mask | enemies | stops)


def merge_room(around: int, enemies: int, stops: int) -> int:
    """The squares of ``around`` (those around a horde) where a horde of its side may stand to
    Merge!: the hordes it sees (``stops``, :func:`~wargames.horde.reach.no_stop`) but the
    enemy's (``enemies``)."""
    return around & stops & ~enemies


def merge_partners(s: S, u: Unit) -> list[Unit]:
    """Adjacent hordes that may Merge! into ``u`` (HMC-ORDERS-17, -18, HMC-GAP-26)."""
    square = s.location(u)
    assert square is not None
    near = s.field.around[square]
    if u.is_horde:  # the squares of its side's hordes
        near = merge_room(near, enemy_mask(s, u.side), no_stop(s, u))
        if not near:
            return []
    return partners_in(s, u, square, near)


def partners_in(s: S, u: Unit, square: str, near: int) -> list[Unit]:
    """The hordes of :func:`merge_partners` among those on the squares of the mask ``near``
    around ``u``'s ``square``, in grid order."""
    field = s.field
    out = []
    horde_at, unit, bit = s.places().horde_at, s.unit, field.bit
    for sq in field.steps[square]:
        if not bit[sq] & near:
            continue
        there = horde_at.get(sq)
        if there is None:
            continue
        o = unit(there)
        if (
            o.side == u.side
            and o.horde.id == u.horde.id
            and o.morale == ""
            and not o.stealthed
            and o.id not in s.activated
            and o.id not in s.reshaped
            and not o.horde.specialists
            and u.magnitude + o.magnitude <= MERGE_CAP
        ):
            out.append(o)
    return out


@saved("horde/split-size")
@attrs.frozen
class SplitSize(BattleTask):
    """The Commander chooses the Magnitude of the horde a Split! makes (HMC-ORDERS-16)."""

    unit: str
    rule: ClassVar[str] = "HMC-ORDERS-16"
    sequence_rule: ClassVar[str] = "HMC-ORDERS-16"

    def actor(self, s: S) -> Player | None:
        return s.unit(self.unit).side

    def legal(self, s: S) -> tuple[Action, ...]:
        m = s.unit(self.unit).magnitude
        return tuple(cmd.split(self.unit, k) for k in range(SPLIT_MINIMUM, m - SPLIT_MINIMUM + 1))

    def draw(self, s: S, chance: float) -> Action | None:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, without listing
        the sizes (``None``: there is none)."""
        sizes = s.unit(self.unit).magnitude - 2 * SPLIT_MINIMUM + 1
        return cmd.split(self.unit, SPLIT_MINIMUM + int(chance * sizes)) if sizes > 0 else None

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, cmd.Split)
        return s.pop(SplitPlacement(self.unit, action.magnitude))

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, cmd.Split):
            return RuleViolation(
                "HMC-GAP-26",
                f"each part of a Split! keeps at least {SPLIT_MINIMUM} Magnitude and they add "
                f"up to the horde's {s.unit(self.unit).magnitude}",
            )
        return super().explain(s, action)


@saved("horde/split-placement")
@attrs.frozen
class SplitPlacement(BattleTask):
    """Where the new horde of a Split! stands (HMC-ORDERS-16)."""

    unit: str
    magnitude: int
    rule: ClassVar[str] = "HMC-ORDERS-16"

    def new_id(self, s: S) -> str:
        k = 1
        while f"{self.unit}-{k}" in s:
            k += 1
        return f"{self.unit}-{k}"

    def actor(self, s: S) -> Player | None:
        return s.unit(self.unit).side

    def legal(self, s: S) -> tuple[Action, ...]:
        new = self.new_id(s)
        return tuple(cmd.Place(new, sq) for sq in split_squares(s, s.unit(self.unit)))

    def draw(self, s: S, chance: float) -> Action | None:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, the only one made
        (``None``: there is none)."""
        squares = split_squares(s, s.unit(self.unit))
        if not squares:
            return None
        return cmd.Place(self.new_id(s), squares[int(chance * len(squares))])

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, cmd.Place)
        u = s.unit(self.unit)
        s = s.evolve(reshaped=s.reshaped | {u.id})
        lurking = s.horde_at(action.square)
        if lurking is not None:  # an enemy in stealth stood there: found, and no split
            return discover(s, lurking).pop()
        return split(s, u, action.unit, self.magnitude, action.square).pop()


def split(s: S, u: Unit, new_id: str, magnitude: int, square: str) -> S:
    """``u`` divides: a new horde of ``magnitude`` on ``square``, the starting Magnitude
    shared in proportion, Specialists and Officers staying with ``u``."""
    h = u.horde
    start = h.starting_magnitude * magnitude // h.magnitude
    part = resized(h, magnitude, start, ())
    rest = resized(h, h.magnitude - magnitude, h.starting_magnitude - start)
    new = Unit(
        new_id,
        u.side,
        part,
        square,
        received=u.received,
        round_magnitude=magnitude,
    )
    kept = quick_evolve(u, horde=rest, round_magnitude=max(0, u.round_magnitude - magnitude))
    return s.replace(
        kept, new, activated=s.activated | {new_id}, reshaped=s.reshaped | {u.id, new_id}
    )


def merge(s: S, action: cmd.Merge) -> S:
    """``other`` joins ``unit`` (HMC-ORDERS-17): Magnitudes and starting Magnitudes add up,
    its Officers come along, it leaves the board."""
    u, o = s.unit(action.unit), s.unit(action.other)
    h = u.horde
    joined = resized(
        h, h.magnitude + o.magnitude, h.starting_magnitude + o.horde.starting_magnitude
    )
    big = quick_evolve(
        u,
        horde=joined,
        received=max(u.received, o.received),
        round_magnitude=u.round_magnitude + o.round_magnitude,
    )
    gone = quick_evolve(
        o, status="merged", square=None, horde=resized(o.horde, 0), bonus=None, into=u.id
    )
    officers = [quick_evolve(x, attached_to=u.id) for x in s.attached(o.id)]
    if big.bonus is None and officers:
        big = quick_evolve(big, bonus=officers[0].id)
    return s.replace(big, gone, *officers)


__all__ = [
    "MERGE_CAP",
    "SPLIT_MINIMUM",
    "SplitPlacement",
    "SplitSize",
    "may_split",
    "merge",
    "merge_partners",
    "merge_room",
    "partners_in",
    "split",
    "split_room",
    "split_squares",
]
