"""The ten tactic cards, each a :class:`~wargames.ancients.commands.CardRule` registered over
its 1-unit fallback (CCB-CARDS-13 to -23, -26 to -41).

* Clash of Shields (:class:`ClashOfShields`), Darken the Sky (:class:`DarkenTheSky`), Double
  Time (:class:`DoubleTime`), Line Command (:class:`LineCommand`), Mounted Charge
  (:class:`MountedCharge`) and Move-Fire-Move (:class:`MoveFireMove`) order units by kind or
  position; a card that finds no such unit when it is played orders 1 unit of the player's
  choice instead (CCB-ORDERS-13, CCB-GAP-33);
* Counter Attack (:class:`CounterAttack`) copies the card of the opponent's latest turn,
  mirrored (:attr:`AncientsState.last <wargames.ancients.state.AncientsState.last>`,
  CCB-CARDS-14, -26 to -31, CCB-GAP-32);
* First Strike (:class:`FirstStrike`) is played by the defender when a close combat is
  declared (CCB-CARDS-18, -32 to -36, CCB-GAP-35);
* I Am Spartacus and Rally roll Command dice, a chance node, and order from the faces
  (:mod:`wargames.ancients.command_dice`, CCB-CARDS-19, -23, -38 to -41, CCB-GAP-34).

Importing this module registers the rules (:func:`wargames.ancients.commands.register`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.battle import BattleStep
from wargames.ancients.cards import CardSpec
from wargames.ancients.command_dice import IAmSpartacus, Rally
from wargames.ancients.commands import (
    RULES,
    CardRule,
    LeadershipOrders,
    Mods,
    OneUnitOfChoice,
    basic_refusal,
    register,
    troop_units,
)
from wargames.ancients.flow import Task
from wargames.ancients.movement import MoveStep
from wargames.ancients.orders import OrderStep
from wargames.ancients.ranged import fire
from wargames.ancients.state import SIDES, other
from wargames.ancients.units import default_units
from wargames.core.codec import saved
from wargames.core.engine import Action
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.close import Combat
    from wargames.ancients.state import AncientsState as S

ANY_SECTION = "leadership-any-section"
SWAP = {"left": "right", "right": "left", "center": "center"}


def _last(s: S, side: str) -> str:
    return s.last[SIDES.index(side)]


def _record(s: S, side: str, what: str) -> S:
    last = list(s.last)
    last[SIDES.index(side)] = what
    return s.evolve(last=(last[0], last[1]))


def _adjacent_to_enemy(s: S, unit: int) -> bool:
    return bool(s.scenario.geometry.around[s.where[unit]] & s._index().enemy_mask(s.side_of(unit)))


def _linked(s: S) -> Callable[[int], bool]:
    """Whether a unit stands next to a unit already ordered: the group grows hex by hex, so
    the ordered units always form one linked group (CCB-GAP-30). The hexes of the ordered
    units are found once, as a hex mask, for every unit asked about."""
    if not s.ordered:
        return _anywhere
    geometry, where = s.scenario.geometry, s.where
    bit, around = geometry.bit, geometry.around
    ordered = 0
    for p in s.ordered:
        ordered |= bit.get(where[p], 0)
    return lambda unit: bool(around[where[unit]] & ordered)


def _anywhere(unit: int) -> bool:
    """Any unit may start a linked group."""
    return True


# -- the shared fallback ----------------------------------------------------------------------


class TacticRule(CardRule):
    """A tactic card ordering units of some kind or position: with none when it is played, 1
    unit of the player's choice instead (CCB-ORDERS-13, CCB-GAP-33), marked ``!`` in
    :attr:`AncientsState.last`."""

    def __init__(self, spec: CardSpec) -> None:
        super().__init__(spec)
        self.fallback = OneUnitOfChoice(spec)

    def may_detach(self) -> bool:
        return self.spec.helmet

    def eligible(self, s: S, side: str) -> tuple[int, ...]:
        """The pieces of ``side`` the card could order at all (the fallback test)."""
        return s.units_of(side)

    def played(self, s: S, side: str) -> str:
        if self.spec.fallback == "one-unit" and not self.eligible(s, side):
            return self.spec.id + "!"
        return self.spec.id

    def resolve(self, s: S) -> CardRule:
        return self.fallback if _last(s, s.active) == self.spec.id + "!" else self

    def refusal(self, s: S, side: str, piece: int) -> RuleViolation:
        found = basic_refusal(s, side, piece)
        if found is not None:
            return found
        return RuleViolation(self.spec.rules[0], self.why)

    why: ClassVar[str] = "the card does not order that piece now"


# -- Clash of Shields -------------------------------------------------------------------------


class ClashOfShields(TacticRule):
    """Every friendly unit next to an enemy; they may not move before battling nor fire, and
    roll 2 extra dice in close combat, not in a bonus close combat; momentum advances as usual
    (CCB-CARDS-13, CCB-TERRAIN-51-EX)."""

    mods = Mods(close_bonus=2, bonus_in_bonus_combat=False, may_move=False, may_fire=False)
    why = "Clash of Shields orders units adjacent to an enemy"

    def eligible(self, s: S, side: str) -> tuple[int, ...]:
        return tuple(u for u in s.units_of(side) if _adjacent_to_enemy(s, u))

    def orderable(self, s: S, side: str) -> tuple[int, ...]:
        return tuple([u for u in self.eligible(s, side) if u not in s.ordered])

    def steps(self) -> tuple[Task, ...]:
        return (OrderStep(), BattleStep())


# -- Counter Attack ---------------------------------------------------------------------------


def mirror(used: str) -> str | None:
    """The card a Counter Attack copying ``used`` (an :attr:`AncientsState.last` entry)
    becomes: left and right swapped (CCB-CARDS-26), a Leadership Any Section kept to the same
    stretch of the board (CCB-CARDS-27), a copied Counter Attack already the card it copied
    (CCB-CARDS-29); ``None`` with nothing to copy or a First Strike (CCB-CARDS-28, CCB-GAP-32)."""
    base = used.rstrip("!")
    if base in ("", "counter-attack", "first-strike"):
        return None
    if base.startswith(ANY_SECTION + ":"):
        names = base.split(":", 1)[1].split(",")
        return ANY_SECTION + ":" + ",".join(sorted(SWAP[n] for n in names))
    return RULES[base].spec.mirror or base


@cache
def _stretch_rule(used: str) -> LeadershipInStretch:
    names = frozenset(used.split(":", 1)[1].split(","))
    return LeadershipInStretch(RULES[ANY_SECTION].spec, names)


def rule_for(used: str) -> CardRule:
    """The rule of a card as :attr:`AncientsState.last` records it."""
    base = used.rstrip("!")
    if base.startswith(ANY_SECTION + ":"):
        return _stretch_rule(base)
    return RULES[base]


class CounterAttack(OneUnitOfChoice):
    """The card the opponent played on his latest turn, as if the player had played it,
    mirrored; with nothing to copy, or a First Strike, 1 unit of choice (CCB-CARDS-14, -26 to
    -31, CCB-GAP-32). A copied troop card or I Am Spartacus counts the player's own Command
    (CCB-CARDS-30, -31): the copied rule reads it from the state."""

    def played(self, s: S, side: str) -> str:
        copied = mirror(_last(s, other(side)))
        if copied is None:
            return self.spec.id + "!"
        return rule_for(copied).played(s, side)

    def resolve(self, s: S) -> CardRule:
        used = _last(s, s.active)
        if used in ("", self.spec.id + "!"):
            return self
        return rule_for(used).resolve(s)


class LeadershipInStretch(LeadershipOrders):
    """A Leadership Any Section copied by Counter Attack: the leader must stand in the stretch
    of the board where the opponent used it (CCB-CARDS-27, CCB-GAP-32)."""

    def __init__(self, spec: CardSpec, stretch: frozenset[str]) -> None:
        super().__init__(spec)
        self.stretch = stretch

    def leads(self, s: S, side: str, hex_id: str) -> bool:
        return not self.stretch.isdisjoint(s.scenario.geometry.sections[side][hex_id])

    def played(self, s: S, side: str) -> str:
        return ANY_SECTION + ":" + ",".join(sorted(self.stretch))

    def refusal(self, s: S, side: str, piece: int) -> RuleViolation:
        found = super().refusal(s, side, piece)
        if found.rule == "CCB-CARDS-11":
            return RuleViolation(
                "CCB-CARDS-27", "the copied Leadership is used where the opponent used it"
            )
        return found


class AnySectionLeadership(LeadershipOrders):
    """Leadership Any Section, recording where its first order was given, for a Counter
    Attack that copies it (CCB-CARDS-27, CCB-GAP-32)."""

    def on_order(self, s: S, piece: int) -> S:
        if len(s.ordered) != 1:
            return s
        sections = s.scenario.geometry.sections[s.active][s.where[piece]]
        return _record(s, s.active, ANY_SECTION + ":" + ",".join(sorted(sections)))


# -- Darken the Sky ---------------------------------------------------------------------------


class DarkenTheSky(TacticRule):
    """Every friendly unit with missile weapons may fire twice, each shot on its own; none
    moves (CCB-CARDS-15). A unit fires whenever it may, so one whose adjacent enemy was driven
    off fires (CCB-CARDS-37)."""

    mods = Mods(may_move=False, may_close=False)
    why = "Darken the Sky orders units with missile weapons"

    def eligible(self, s: S, side: str) -> tuple[int, ...]:
        return tuple([u for u in s.units_of(side) if s.kind(u).can_fire])

    def orderable(self, s: S, side: str) -> tuple[int, ...]:
        return tuple([u for u in self.eligible(s, side) if u not in s.ordered])

    def steps(self) -> tuple[Task, ...]:
        return (OrderStep(), Volleys())


@saved("ancients/volleys")
@attrs.frozen
class Volleys(BattleStep):
    """Darken the Sky's battle step: each ordered unit fires up to twice, in any order; a
    unit is marked as having battled after its second shot (CCB-CARDS-15)."""

    fired: tuple[int, ...] = ()
    rule: ClassVar[str] = "CCB-CARDS-15"

    def act(self, s: S, action: Action) -> S:
        if not isinstance(action, act.Fire):
            return s.pop()
        unit = s.unit_at(action.frm)
        target = s.enemy_piece_at(action.at, s.active)
        assert unit is not None and target is not None
        if unit in self.fired:
            return super().act(s, action)
        s = s.pop(attrs.evolve(self, fired=(*self.fired, unit)))
        return fire(s, unit, target)


# -- Double Time and Line Command -------------------------------------------------------------


def _in_two_sections(s: S, side: str, pieces: tuple[int, ...]) -> bool:
    sections = s.scenario.geometry.sections[side]
    where = s.where
    for pair in (("left", "center"), ("center", "right"), ("left", "right")):
        for p in pieces:
            if sections[where[p]].isdisjoint(pair):
                break  # a piece in neither section of the pair
        else:
            return True  # every piece in one of the two
    return False


def _double_time_allowance() -> tuple[tuple[str, int], ...]:
    """Foot units move 2 (a warrior 3, light foot and war machines as usual), CCB-CARDS-16,
    -17, CCB-GAP-36."""
    found = []
    for kind in default_units().values():
        if kind.foot and not kind.war_machine:
            hexes = 3 if kind.move_rule == "warrior-charge" else max(2, kind.max_move)
            found.append((kind.code, hexes))
    return tuple(found)


class DoubleTime(TacticRule):
    """Up to 4 foot units in one linked group in no more than 2 sections: each may move 2
    hexes and still close combat, a warrior 2 or 3 and must then close combat; none fires
    (CCB-CARDS-16, -17, CCB-GAP-30, CCB-GAP-36: war machines keep their own limits)."""

    mods = Mods(may_fire=False, allowance=_double_time_allowance(), close_after_move=True)
    why = "Double Time orders up to 4 linked foot units in at most 2 sections"

    def eligible(self, s: S, side: str) -> tuple[int, ...]:
        foot = troop_units(s.scenario, "foot")
        return tuple([u for u in s.units_of(side) if u in foot])

    def orderable(self, s: S, side: str) -> tuple[int, ...]:
        if len(s.ordered) >= 4:
            return ()
        linked = _linked(s)
        return tuple(
            [
                u
                for u in self.eligible(s, side)
                if u not in s.ordered and linked(u) and _in_two_sections(s, side, (*s.ordered, u))
            ]
        )


class LineCommand(TacticRule):
    """Any number of foot units in one linked group, in up to 3 sections: each moves at most
    1 hex and may then fire or close combat; momentum as usual (CCB-CARDS-20, CCB-GAP-30)."""

    mods = Mods(
        allowance=tuple((k.code, 1) for k in default_units().values() if k.foot),
    )
    why = "Line Command orders foot units linked to those already ordered"

    def eligible(self, s: S, side: str) -> tuple[int, ...]:
        foot = troop_units(s.scenario, "foot")
        return tuple([u for u in s.units_of(side) if u in foot])

    def orderable(self, s: S, side: str) -> tuple[int, ...]:
        linked = _linked(s)
        return tuple([u for u in self.eligible(s, side) if u not in s.ordered and linked(u)])


# -- Mounted Charge ---------------------------------------------------------------------------

CHARGERS = ("HC", "CHC", "HCH", "EL")


class MountedCharge(TacticRule):
    """Up to Command mounted units: 1 extra close-combat die, bonus close combat included; HC,
    cataphracted HC, HCH and EL may move up to 3 hexes and still battle; none fires
    (CCB-CARDS-21)."""

    mods = Mods(close_bonus=1, may_fire=False, allowance=tuple((c, 3) for c in CHARGERS))
    why = "Mounted Charge orders up to Command mounted units"

    def eligible(self, s: S, side: str) -> tuple[int, ...]:
        mounted = troop_units(s.scenario, "mounted")
        return tuple([u for u in s.units_of(side) if u in mounted])

    def orderable(self, s: S, side: str) -> tuple[int, ...]:
        if len(s.ordered) >= s.command(side):
            return ()
        return tuple([u for u in self.eligible(s, side) if u not in s.ordered])


# -- First Strike -----------------------------------------------------------------------------


class FirstStrike(CardRule):
    """Played by the defender when a close combat is declared against one of his units: it
    strikes first (CCB-CARDS-18, -32, -33; :class:`~wargames.ancients.close.Strikes`), against
    a bonus close combat too by the setting ``first_strike_vs_bonus`` (CCB-CARDS-36,
    CCB-GAP-35); its player draws first (CCB-CARDS-34). Played for one's own turn it orders
    nothing (CCB-CARDS-35)."""

    def orderable(self, s: S, side: str) -> tuple[int, ...]:
        return ()

    def steps(self) -> tuple[Task, ...]:
        return ()

    def reaction(self, s: S, combat: Combat) -> bool:
        return not combat.bonus or s.scenario.settings.first_strike_vs_bonus

    def react(self, s: S, combat: Combat) -> Combat:
        return attrs.evolve(combat, first_strike=True)

    def refusal(self, s: S, side: str, piece: int) -> RuleViolation:
        return RuleViolation(
            "CCB-CARDS-35", "First Strike played for one's own turn orders nothing"
        )


# -- Move-Fire-Move ---------------------------------------------------------------------------


class MoveFireMove(TacticRule):
    """Up to Command light units: all move, then all may fire, then all may move again; none
    close combats; light foot units pass through friendly units (CCB-CARDS-22). Each move up
    to the unit's allowance (setting ``move_fire_move = "full-each"``) or one allowance split
    between them (``"split"``); fire dice by the first move (CCB-GAP-31)."""

    mods = Mods(may_close=False, pass_through=True)
    why = "Move-Fire-Move orders up to Command light units"

    def eligible(self, s: S, side: str) -> tuple[int, ...]:
        light = troop_units(s.scenario, "light")
        return tuple([u for u in s.units_of(side) if u in light])

    def orderable(self, s: S, side: str) -> tuple[int, ...]:
        if len(s.ordered) >= s.command(side):
            return ()
        return tuple([u for u in self.eligible(s, side) if u not in s.ordered])

    def steps(self) -> tuple[Task, ...]:
        return (OrderStep(), MoveStep(), BattleStep(), SecondMove())


@saved("ancients/second-move")
@attrs.frozen
class SecondMove(Task):
    """Move-Fire-Move's second move: the ordered units move again, each its full allowance,
    or (setting ``split``) what the first move left of it (CCB-CARDS-22, CCB-GAP-31)."""

    rule: ClassVar[str] = "CCB-CARDS-22"

    def run(self, s: S) -> S:
        split = s.scenario.settings.move_fire_move == "split"
        spent = tuple((p, s.moved[p]) for p in s.ordered if split and s.moved[p])
        s = s.evolve(moved=(0,) * len(s.moved))
        return s.pop(MoveAgain(spent))


@saved("ancients/move-again")
@attrs.frozen
class MoveAgain(MoveStep):
    """The second movement step of Move-Fire-Move; ``spent``: hexes of the allowance each unit
    used in the first (only with the ``split`` setting, CCB-GAP-31)."""

    spent: tuple[tuple[int, int], ...] = ()
    rule: ClassVar[str] = "CCB-CARDS-22"

    def limit(self, unit: int, hexes: int) -> int:
        return hexes - dict(self.spent).get(unit, 0)


# -- registration -----------------------------------------------------------------------------


def _register() -> None:
    cards = {rule.spec.id: rule for rule in RULES.values()}
    classes: dict[str, type[CardRule]] = {
        "clash-of-shields": ClashOfShields,
        "counter-attack": CounterAttack,
        "darken-the-sky": DarkenTheSky,
        "double-time": DoubleTime,
        "first-strike": FirstStrike,
        "i-am-spartacus": IAmSpartacus,
        "line-command": LineCommand,
        "mounted-charge": MountedCharge,
        "move-fire-move": MoveFireMove,
        "rally": Rally,
        ANY_SECTION: AnySectionLeadership,
    }
    for card, cls in classes.items():
        register(cls(cards[card].spec))


_register()

__all__ = [
    "AnySectionLeadership",
    "ClashOfShields",
    "CounterAttack",
    "DarkenTheSky",
    "DoubleTime",
    "FirstStrike",
    "LeadershipInStretch",
    "LineCommand",
    "MountedCharge",
    "MoveAgain",
    "MoveFireMove",
    "SecondMove",
    "Volleys",
    "mirror",
    "rule_for",
]
