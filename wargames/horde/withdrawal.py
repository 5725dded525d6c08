"""Full Retreat! (HMC-ORDERS-12 to -14, HMC-GAP-25).

The horde is taken off the board and reappears in its HQ area at the start of the next round
(:class:`~wargames.horde.flow.ReturnToHQ`); its Officers go with it. If every path to the HQ
area is blocked it loses 1d5 Magnitude first: a path of passable squares free of enemy units
(HMC-ORDERS-13). A horde already in its HQ area leaves the battle instead (HMC-ORDERS-14).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.core.codec import saved
from wargames.core.engine import CHANCE, Action, Player
from wargames.core.tasks import quick_evolve
from wargames.horde import actions as cmd
from wargames.horde.combat.strikes import die_outcomes
from wargames.horde.flow import BattleTask
from wargames.horde.units import Unit, resized

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState as S


def full_retreat(s: S, u: Unit) -> S:
    """Full Retreat! (HMC-ORDERS-12 to -14, see the module docstring)."""
    square = s.location(u)
    assert square is not None
    if s.field.in_hq(u.side, square):
        gone = quick_evolve(u, status="withdrawn", square=None, stealthed=False, bonus=None)
        officers = [quick_evolve(o, status="withdrawn", attached_to=None) for o in s.attached(u.id)]
        return s.replace(gone, *officers)
    off = quick_evolve(
        u,
        status="off-board",
        square=None,
        stealthed=False,
        brace=False,
        get_down=False,
        forced_march=False,
    )
    if path_home(s, u):
        return s.replace(off)
    return s.replace(off).push(RetreatLoss(u.id))


def path_home(s: S, u: Unit) -> bool:
    """Whether a path of passable squares free of enemy units leads from ``u`` to its HQ
    area (HMC-ORDERS-13, HMC-GAP-25)."""
    square = s.location(u)
    assert square is not None
    field = s.field
    places = s.places()
    bit = field.bit
    barred = field.impassable_mask
    for sq, uid in places.horde_at.items():
        if s.unit(uid).side != u.side:
            barred |= bit[sq]
    for sq, officers in places.officers_at.items():
        if any(s.unit(o).side != u.side for o in officers):
            barred |= bit[sq]
    open_ = field.everywhere & ~barred
    home = field.mask_of(field.hq[u.side])
    seen, grown = 0, bit[square]
    while grown != seen:
        if grown & home:
            return True
        seen = grown
        grown = (field.spread(seen) & open_) | seen
    return False


@saved("horde/retreat-loss")
@attrs.frozen
class RetreatLoss(BattleTask):
    """A horde that makes a Full Retreat! with every path to its HQ blocked loses 1d5
    Magnitude (HMC-ORDERS-13)."""

    unit: str
    rule: ClassVar[str] = "HMC-ORDERS-13"

    def actor(self, s: S) -> Player | None:
        return CHANCE

    def chance(self, s: S) -> tuple[tuple[Action, float], ...]:
        return die_outcomes(5)

    def act(self, s: S, action: Action) -> S:
        from wargames.horde.casualties import fallen

        assert isinstance(action, cmd.Roll)
        u = s.unit(self.unit)
        hurt = quick_evolve(u, horde=resized(u.horde, u.magnitude - action.value))
        if hurt.magnitude == 0:
            hurt = fallen(hurt)
            officers = [
                quick_evolve(o, attached_to=None, status="withdrawn") for o in s.attached(u.id)
            ]
            return s.replace(hurt, *officers, tasks=s.popped())
        return s.replace(hurt, tasks=s.popped())


__all__ = [
    "RetreatLoss",
    "full_retreat",
    "path_home",
]
