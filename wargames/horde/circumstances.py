"""The circumstances of an attack on the board: the
:class:`~wargames.horde.combat.context.AttackContext` the combat engine reads, from where the
hordes stand and what is in force for them (cover, close combat, orders, morale, stealth, a
Pathfinder's marked target), so that a battle's attacks are worked out by the same engine as an
E-Scale engagement (:meth:`~wargames.horde.state.PScaleState.numbers`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from wargames.horde.close_combat import adjacent_enemies
from wargames.horde.combat.context import AttackContext, Side
from wargames.horde.combat.profiles import PATHFINDER
from wargames.horde.units import CONFUSED, FAILURES, FRENZIED
from wargames.horde.visibility import enemy_mask, sees

if TYPE_CHECKING:
    from wargames.horde.combat.strikes import Strike
    from wargames.horde.state import PScaleState
    from wargames.horde.units import Unit


def side_context(s: PScaleState, u: Unit, foe: Unit) -> Side:
    """What is true of ``u`` facing ``foe`` (cover, close combat, orders in force, morale,
    stealth) for the attack numbers. In close combat (:func:`~wargames.horde.close_combat.in_cqc`)
    exactly when an enemy it sees stands around it, so the enemies it is engaged with are
    looked up only then."""
    square = s.location(u)
    assert square is not None
    near = s.field.around[square] & enemy_mask(s, u.side)  # in_cqc(s, u)
    engaged = (
        tuple([e.magnitude for e in adjacent_enemies(s, u) if e.is_horde and e.id != foe.id])
        if near
        else ()
    )
    return side_of(  # the fields of Side, in order
        s.field.cover(square),  # cover
        bool(near),  # in_cqc
        engaged,  # engaged_with
        u.received,  # attacks_received
        u.brace,  # brace
        u.get_down,  # get_down
        u.forced_march,  # forced_march
        u.morale in FAILURES,  # fleeing (u.failing)
        u.morale == CONFUSED,  # confused
        u.stealthed,  # stealthed
        s.rules.pathfinder == "marked-target" and marked(s, u, foe),  # marked
        u.morale == FRENZIED,  # frenzied
    )


def marked(s: PScaleState, u: Unit, foe: Unit) -> bool:
    """Under the ``marked-target`` reading of HMC-GAP-22: a horde of ``foe``'s side with an
    active Pathfinder sees ``u``."""
    if s.rules.pathfinder != "marked-target" or u.square is None:
        return False
    for h in s.units:
        if h.side == foe.side and h.on_board and h.horde.specialist(PATHFINDER) is not None:
            assert h.square is not None
            if sees(s, h.side, h.square, u.square):
                return True
    return False


def context(s: PScaleState, strike: Strike) -> AttackContext:
    """The circumstances of ``strike`` as the board stands."""
    a, d = s.unit(strike.striker), s.unit(strike.target)
    return AttackContext(
        attacker=side_context(s, a, d),
        defender=side_context(s, d, a),
        charge=strike.charge,
        counter=strike.counter,
        braced=strike.braced,
        weapon=strike.weapon,
    )


@lru_cache(maxsize=1024)  # 88 % hits, as unbounded (774 sides in 100 games)
def side_of(*values: Any) -> Side:
    """``Side(*values)`` (the fields in :class:`~wargames.horde.combat.context.Side`'s order),
    made once: the same few recur attack after attack."""
    return Side(*values)


__all__ = ["context", "marked", "side_context", "side_of"]
