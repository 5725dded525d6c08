"""A unit's activation: the Commander's orders (HMC-ORDERS-01 to -19) and what an activated
unit may be given.

**The action economy** (HMC-ORDERS-19): an activated unit receives one Full order or up to two
Half orders, plus any Free orders, each a decision of its side. Half: Attack Target!, Tactical
Advance!, a Medic's aid. Full: Charge!, Brace!, Get Down!, Rapid Advance!, Forced March!, Pull
Back!, Tactical Retreat!, Full Retreat!, entering stealth. Free: Rally!, Split!, Merge!,
leaving stealth, an Officer leaving the horde. ``IG1 done`` ends the activation; it ends by
itself when nothing is left to order. A confused horde takes one Half order at most (research
3.6).

The orders are in their own modules: the targets of attacks (:mod:`wargames.horde.targets`),
moves (:mod:`wargames.horde.moves`), Full Retreat! (:mod:`wargames.horde.withdrawal`), Split!
and Merge! (:mod:`wargames.horde.reshape`), hordes driven by fear or frenzy
(:mod:`wargames.horde.compulsion`), Officers (:mod:`wargames.horde.officers`). Brace! and Get
Down! last until the unit's next activation (HMC-ORDERS-05, -06, HMC-GAP-04); Rally! is one
d100 test a round (HMC-ORDERS-15); a Medic's aid heals an Officer 1d5 wounds
(HMC-SPECIALIST-08).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.core.codec import saved
from wargames.core.engine import CHANCE, Action, Player
from wargames.core.errors import RuleViolation
from wargames.core.tasks import quick_evolve
from wargames.horde import actions as cmd
from wargames.horde import close_combat, officers
from wargames.horde.actions import COST, RULE
from wargames.horde.combat.profiles import AMBUSHERS, MEDIC
from wargames.horde.combat.specialists import ignores_difficult_terrain
from wargames.horde.combat.strikes import Engage, die_outcomes
from wargames.horde.compulsion import (
    compelled_move,
    fleeing_options,
    frenzied_options,
    routing_options,
)
from wargames.horde.flow import BattleTask
from wargames.horde.morale_checks import MoraleTest
from wargames.horde.moves import MoveOrder, room_of
from wargames.horde.reach import no_stop
from wargames.horde.reshape import (
    SPLIT_MINIMUM,
    SplitSize,
    merge,
    merge_room,
    partners_in,
    split_room,
)
from wargames.horde.targets import (
    attack_actions,
    attack_strike,
    chargeable,
    ranged_attacks,
)
from wargames.horde.units import CONFUSED, FAILURES, FLEEING, FRENZIED, ROUTING, Unit, resized
from wargames.horde.visibility import enemy_mask
from wargames.horde.withdrawal import full_retreat

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState as S


def begin_activation(s: S, unit: str, *then: BattleTask) -> S:
    """``unit`` is activated: it and the Officers with it act this round; its earlier
    Brace!, Get Down! and Forced March! lapse (they last until its next activation). The
    pending step is done and ``then`` put on top (:meth:`~wargames.core.tasks.TaskState.pop`),
    in the same copy."""
    u = s.unit(unit)
    with_it = s.places().attached.get(unit, ())
    if u.brace or u.get_down or u.forced_march:
        s = s.replace(quick_evolve(u, brace=False, get_down=False, forced_march=False))
    return s.pop(*then, activated=s.activated.union((unit,), with_it))


# -- what may be ordered ------------------------------------------------------------------------


def horde_options(s: S, u: Unit, spent: int) -> list[Action]:
    """What a horde in good order (or confused) may be ordered now (see the module
    docstring): its Free orders, its Half orders while a Half action is left, its Full orders
    while two are, then ``done``. What the orders share is found once, here: the horde's
    square (it acts on its own, so it stands on one), the enemy units its side sees around it
    and so whether it is in close combat (HMC-COMBAT-01), and its order actions."""
    uid, square = u.id, u.square
    assert square is not None
    around = s.field.around[square]
    enemies = enemy_mask(s, u.side)
    own = own_orders(uid)
    out = free_orders(s, u, own, around, enemies)
    budget = (1 if u.morale == CONFUSED else 2) - spent
    if budget >= 1:
        out += paid_orders(s, u, budget, own, bool(around & enemies))
    out.append(cmd.done(uid))
    return out


def paid_orders(s: S, u: Unit, budget: int, own: dict[str, cmd.Order], cqc: bool) -> list[Action]:
    """The Half orders, and with ``budget`` 2 the Full ones, the horde may be given
    (HMC-ORDERS-19; ``own`` its :func:`own_orders`, ``cqc`` whether it is in close combat):
    nothing of it is worked out once no Half action is left. Written out for a horde: what
    the orders share (whether it may move, an Engineer) is worked out once; in close combat it
    has only melee targets, out of it only targets at range (HMC-COMBAT-05, -06)."""
    uid, h = u.id, u.horde
    moving = uid not in s.no_move
    engineer = u.is_horde and ignores_difficult_terrain(h)
    room = room_of(s, u, engineer) if moving else frozenset()
    if cqc:
        out: list[Action] = [*attack_actions(s, u, melee_only=True)]
    else:
        out = [*ranged_attacks(s, u)]
        if "tactical advance" in room:
            out.append(own["tactical advance"])
    if h.specialists:
        out += medicae_orders(s, u)
    if budget >= 2:
        if not cqc and moving and h.weapons_of("melee"):
            out += [cmd.order(uid, "charge", e) for e in chargeable(s, u, engineer)]
        out += (own["brace"], own["get down"])
        if not cqc:
            out += [own[o] for o in ("rapid advance", "forced march") if o in room]
        elif "pull back" in room:
            out.append(own["pull back"])
        if "tactical retreat" in room:
            out.append(own["tactical retreat"])
        if moving:
            out.append(own["full retreat"])
        if may_hide(s, u, cqc):
            out.append(own["hide"])
    return out


OWN_ORDERS = (
    "rally",
    "reveal",
    "split",
    "tactical advance",
    "brace",
    "get down",
    "rapid advance",
    "forced march",
    "pull back",
    "tactical retreat",
    "full retreat",
    "hide",
)
"""The orders a horde is given without a target."""


@lru_cache(maxsize=1024)
def own_orders(unit: str) -> dict[str, cmd.Order]:
    """Order name -> the action giving ``unit`` that order (:data:`OWN_ORDERS`), looked up
    once per listing rather than once per order."""
    return {name: cmd.order(unit, name) for name in OWN_ORDERS}


def free_orders(
    s: S, u: Unit, own: dict[str, cmd.Order], around: int, enemies: int
) -> list[Action]:
    """Rally!, leaving stealth, Officers leaving, Split! and Merge! (HMC-ORDERS-15 to -18) of
    the horde ``u`` (``own`` its :func:`own_orders`; ``around`` the squares around it,
    ``enemies`` those of the enemy units its side sees)."""
    uid, morale, stealthed = u.id, u.morale, u.stealthed
    out: list[Action] = []
    if morale in FAILURES and uid not in s.rallied:
        out.append(own["rally"])
    if stealthed:
        out.append(own["reveal"])
    attached = s.places().attached.get(uid)
    if attached:
        out += [cmd.order(o, "leave") for o in attached]
    if morale == "" and not stealthed and uid not in s.reshaped:
        stops = no_stop(s, u)
        if u.horde.magnitude >= 2 * SPLIT_MINIMUM and split_room(s, around, enemies, stops):
            out.append(own["split"])
        near = merge_room(around, enemies, stops)  # its side's hordes around it
        if near:
            assert u.square is not None
            out += [cmd.Merge(uid, o.id) for o in partners_in(s, u, u.square, near)]
    return out


def may_hide(s: S, u: Unit, cqc: bool) -> bool:
    """An Ambushers horde in cover, not in close combat (``cqc``: whether it is, as the
    listing found it), may enter stealth (HMC-TALENT-01)."""
    if cqc or not u.horde.has(AMBUSHERS) or u.stealthed:
        return False
    square = s.location(u)
    return square is not None and s.field.cover(square)


def medicae_orders(s: S, u: Unit) -> list[cmd.Medicae]:
    """A horde's Medic may tend a wounded allied Officer with it or next to it
    (HMC-SPECIALIST-08)."""
    if u.horde.specialist(MEDIC) is None:
        return []
    square = s.location(u)
    assert square is not None
    out = []
    for o in s.units:
        hurt = o.officer is not None and o.magnitude < o.horde.starting_magnitude
        if not hurt or o.side != u.side or not o.fighting:
            continue
        where = s.location(o)
        if where is not None and (where == square or s.field.adjacent(where, square)):
            out.append(cmd.Medicae(u.id, o.id))
    return out


# -- the activation -----------------------------------------------------------------------------


@saved("horde/activation")
@attrs.frozen
class Activation(BattleTask):
    """``unit`` takes its orders; ``spent`` Half actions are used (see the module
    docstring)."""

    unit: str
    spent: int = 0

    def options(self, s: S) -> tuple[Action, ...]:
        memo: tuple[Action, ...] | None = s._memo.get("options")
        if memo is None:
            memo = s._memo["options"] = tuple(self._options(s))
        return memo

    def _options(self, s: S) -> list[Action]:
        u = s.unit(self.unit)
        if u.square is None or u.status != "fighting":  # not on the board (Unit.on_board)
            return []
        if u.attached_to is not None:
            return []
        if u.is_officer:
            return officers.officer_options(s, u, self.spent)
        if u.morale == FLEEING:
            return fleeing_options(s, u)
        if u.morale == ROUTING:
            return routing_options(s, u)
        if u.morale == FRENZIED:
            return frenzied_options(s, u, self.spent)
        return horde_options(s, u, self.spent)

    def actor(self, s: S) -> Player | None:
        options = self.options(s)
        if not options or (len(options) == 1 and isinstance(options[0], cmd.Done)):
            return None
        return s.unit(self.unit).side

    def legal(self, s: S) -> tuple[Action, ...]:
        return self.options(s)

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, cmd.Done):
            return s.pop()
        if isinstance(action, cmd.Attack):
            return s.pop(Engage(attack_strike(s, action)), self.spend(1))
        if isinstance(action, cmd.Order):
            return self.order(s, action)
        if isinstance(action, cmd.Merge):
            return merge(s, action).pop(self)
        if isinstance(action, cmd.Join):
            return officers.join(s, action).pop()
        if isinstance(action, cmd.Medicae):
            return s.pop(Heal(action.officer), self.spend(1))
        if isinstance(action, cmd.Flee | cmd.Rout):
            return compelled_move(s, action).pop()
        raise AssertionError(action)

    def spend(self, cost: int) -> Activation:
        return Activation.of(self.unit, self.spent + cost)

    def order(self, s: S, action: cmd.Order) -> S:
        u = s.unit(action.unit)
        name = action.order
        after = self.spend(COST[name])
        if name in cmd.MOVES:
            return s.pop(MoveOrder(u.id, name, action.target), after)
        if name == "rally":
            test = MoraleTest(u.id, "rally", blocked=u.morale == FLEEING)
            return s.pop(test, after, rallied=s.rallied | {u.id})
        if name == "leave":
            return officers.leave(s, action.unit).pop(self)
        if name == "split":
            return s.pop(SplitSize(u.id), self)
        if name == "full retreat":
            return full_retreat(s.pop(after), u)
        if name == "brace":
            u = quick_evolve(u, brace=True, orders_round=s.round)
        elif name == "get down":
            u = quick_evolve(u, get_down=True, orders_round=s.round)
        else:
            u = quick_evolve(u, stealthed=name == "hide")
        return s.replace(u, tasks=s.popped(after))

    def run(self, s: S) -> S:
        return s.pop()

    def explain(self, s: S, action: Action) -> RuleViolation:
        """Name the rule a refused order breaks, where one says why."""
        unit = getattr(action, "unit", None)
        other_unit = isinstance(unit, str) and unit in s and unit != self.unit
        if other_unit and s.unit(str(unit)).attached_to != self.unit:
            return RuleViolation("HMC-ORDERS-19", f"{self.unit} is acting now, not {unit}")
        if isinstance(action, cmd.Order) and action.order in COST:
            cost = COST[action.order]
            u = s.unit(self.unit)
            budget = (1 if u.morale == CONFUSED else 2) - self.spent
            if cost > budget:
                return RuleViolation(
                    "HMC-ORDERS-19",
                    f"{action} needs {'a Full' if cost == 2 else 'a Half'} action and "
                    f"{self.unit} has {max(budget, 0)} Half action(s) left",
                )
            rule = RULE[action.order]
            if (
                action.order in cmd.MOVES
                and close_combat.in_cqc(s, u)
                and action.order != "tactical retreat"
            ):
                rule = "HMC-COMBAT-07"
            return RuleViolation(rule, f"{action} is not possible now")
        if isinstance(action, cmd.Attack) and action.kind == "ranged":
            if close_combat.in_cqc(s, s.unit(self.unit)):
                return RuleViolation("HMC-COMBAT-05", f"{self.unit} is tied up in close combat")
            return RuleViolation("HMC-ORDERS-03", f"{action}: no such target in sight")
        if isinstance(action, cmd.Attack):
            return RuleViolation("HMC-COMBAT-06", f"{action}: not engaged with that target")
        if isinstance(action, cmd.Merge):
            return RuleViolation("HMC-ORDERS-17", f"{action} is not possible now")
        if isinstance(action, cmd.Split):
            return RuleViolation("HMC-ORDERS-16", f"{action} is not possible now")
        return super().explain(s, action)

    def describe(self, s: S) -> str:
        return f"orders for {self.unit} ({2 - self.spent} Half actions left)"


@saved("horde/heal")
@attrs.frozen
class Heal(BattleTask):
    """A Medic's aid to an Officer: he regains 1d5 wounds, never above what he began with
    (HMC-SPECIALIST-08; the host game's medicae, reconstructed)."""

    officer: str
    rule: ClassVar[str] = "HMC-SPECIALIST-08"

    def actor(self, s: S) -> Player | None:
        return CHANCE

    def chance(self, s: S) -> tuple[tuple[Action, float], ...]:
        return die_outcomes(5)

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, cmd.Roll)
        o = s.unit(self.officer)
        h = o.horde
        healed = resized(h, min(h.starting_magnitude, h.magnitude + action.value))
        return s.replace(quick_evolve(o, horde=healed), tasks=s.popped())


# -- hordes driven by fear or frenzy -----------------------------------------------------------


__all__ = [
    "Activation",
    "Heal",
    "begin_activation",
    "free_orders",
    "horde_options",
    "may_hide",
    "medicae_orders",
    "own_orders",
    "paid_orders",
]
