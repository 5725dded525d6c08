"""Command dice: I Am Spartacus and Rally roll Command dice, a chance node, and order from the
faces (CCB-CARDS-19, -23, -38 to -41, CCB-GAP-34); the tactic cards' registration
(:mod:`wargames.ancients.tactics`) binds them to their cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.battle import BattleStep
from wargames.ancients.cards import CardSpec
from wargames.ancients.commands import (
    CardRule,
    Mods,
    OneUnitOfChoice,
    basic_refusal,
    leaders_to_order,
    unordered_units,
)
from wargames.ancients.dice import Face, spartacus_orders
from wargames.ancients.flow import DiceRoll, Task, once
from wargames.ancients.movement import MoveStep
from wargames.ancients.orders import OrderStep, piece_ordered
from wargames.ancients.state import SIDES
from wargames.core.cards import Deck, Pile
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S


@saved("ancients/command-roll")
@attrs.frozen
class CommandRoll(Task):
    """The active player rolls as many dice as his Command (CCB-CARDS-19, -23, -30)."""

    card: str
    rule: ClassVar[str] = "CCB-CARDS-19"

    def run(self, s: S) -> S:
        return s.pop(CommandDice(s.command(s.active), self.card))


@saved("ancients/command-dice")
@attrs.frozen
class CommandDice(DiceRoll):
    """The chance node of a Command roll; the faces go to the card's next task."""

    dice: int
    card: str
    rule: ClassVar[str] = "CCB-CARDS-19"

    def rolled(self, s: S, faces: act.Dice) -> S:
        symbols = tuple(f for f in faces.faces if f in SYMBOL_FACES)
        if self.card == "rally":
            return s.pop(RallyStep(symbols))
        return s.pop(SpartacusOrders(symbols))


SYMBOL_FACES = (Face.LIGHT.value, Face.MEDIUM.value, Face.HEAVY.value, Face.HELMET.value)


HELMET = Face.HELMET.value
"""A helmet's face name: it orders any unit or leader (CCB-CARDS-19)."""
_ORDERS_BY_FACE = {face.value: spartacus_orders(face) for face in Face}
"""What each face of a Command die orders (:func:`~wargames.ancients.dice.spartacus_orders`),
by the face's name as an action records it."""


def _spends(symbols: tuple[str, ...], unit_class: str | None) -> str | None:
    """The face an order or a block uses: the unit's class symbol, else a helmet (a helmet
    fits anything, so the class symbol is always spent first)."""
    if unit_class is not None:
        for face in symbols:
            if _ORDERS_BY_FACE.get(face) == unit_class:
                return face
    return HELMET if HELMET in symbols else None


def _without(symbols: tuple[str, ...], face: str) -> tuple[str, ...]:
    i = symbols.index(face)
    return symbols[:i] + symbols[i + 1 :]


class IAmSpartacus(CardRule):
    """Command dice: each class symbol orders a unit of that class, each helmet any unit or
    leader, in any section; ordered units roll 1 extra die in close combat, bonus close combat
    included; then the deck, the discards and the card are shuffled together (CCB-CARDS-19,
    -38, CCB-GAP-37)."""

    mods = Mods(close_bonus=1)

    def orderable(self, s: S, side: str) -> tuple[int, ...]:
        top = s.top
        if not isinstance(top, SpartacusOrders):
            return ()
        symbols = top.symbols
        units = [u for u in unordered_units(s, side) if _spends(symbols, s.kind(u).unit_class)]
        leaders = leaders_to_order(s, side, True) if HELMET in symbols else ()
        return tuple(sorted((*units, *leaders)))

    def steps(self) -> tuple[Task, ...]:
        return (CommandRoll("i-am-spartacus"), MoveStep(), BattleStep(), Reshuffle())

    def refusal(self, s: S, side: str, piece: int) -> RuleViolation:
        found = basic_refusal(s, side, piece)
        return found or RuleViolation("CCB-CARDS-19", "no die left orders that piece")


@saved("ancients/spartacus-orders")
@attrs.frozen
class SpartacusOrders(OrderStep):
    """Step 2 under I Am Spartacus: the player orders one piece per die face, ``order HEX``
    spending its class symbol or else a helmet (CCB-CARDS-19)."""

    symbols: tuple[str, ...] = ()
    rule: ClassVar[str] = "CCB-CARDS-19"

    def act(self, s: S, action: Action) -> S:
        if not isinstance(action, act.Order):
            return s.pop()
        piece = piece_ordered(s, action)
        assert piece is not None
        kind = s.type_of(piece)
        face = _spends(self.symbols, None if kind is None else kind.unit_class)
        assert face is not None
        s = s.evolve(ordered=(*s.ordered, piece))
        return s.pop(attrs.evolve(self, symbols=_without(self.symbols, face)))


@saved("ancients/reshuffle")
@attrs.frozen
class Reshuffle(Task):
    """After I Am Spartacus: the draw pile, the discards and the card played become one new
    draw pile; the hands are not touched (CCB-CARDS-38)."""

    rule: ClassVar[str] = "CCB-CARDS-38"

    def run(self, s: S) -> S:
        cards = [*s.deck.draw.cards, *s.deck.discards.cards, *((s.card,) if s.card else ())]
        return s.pop(deck=Deck(Pile.of(cards)), card=None)


class Rally(CardRule):
    """Command dice: each class symbol returns a block to a damaged unit of that class in or
    next to a hex with a friendly leader, each helmet to such a unit of any class; never above
    its starting strength, never an elephant or a chariot; every unit that regains a block is
    ordered, whatever its section (CCB-CARDS-23, -39, -40, CCB-GAP-34). With no leader on the
    board, 1 unit of choice (CCB-CARDS-41)."""

    def __init__(self, spec: CardSpec) -> None:
        super().__init__(spec)
        self.fallback = OneUnitOfChoice(spec)

    def may_detach(self) -> bool:
        return False

    def played(self, s: S, side: str) -> str:
        return self.spec.id if s.leaders_of(side) else self.spec.id + "!"

    def resolve(self, s: S) -> CardRule:
        return self.fallback if s.last[SIDES.index(s.active)] == self.spec.id + "!" else self

    def orderable(self, s: S, side: str) -> tuple[int, ...]:
        return ()  # the rallied units are ordered as they regain blocks

    def steps(self) -> tuple[Task, ...]:
        return (CommandRoll("rally"), MoveStep(), BattleStep())

    def refusal(self, s: S, side: str, piece: int) -> RuleViolation:
        return RuleViolation("CCB-CARDS-23", "Rally orders the units that regain a block")


def rallying(s: S, side: str, symbols: tuple[str, ...]) -> tuple[int, ...]:
    """The units that may take a block now: damaged, not elephants or chariots, in or next to
    a friendly leader's hex, with a face left for them (CCB-CARDS-23, -39, -40, CCB-GAP-34)."""
    geometry = s.scenario.geometry
    near_leader: set[str] = set()
    for leader in s.leaders_of(side):
        here = s.where[leader]
        near_leader.add(here)
        near_leader.update(geometry.neighbours[here])
    return tuple(
        u
        for u in s.units_of(side)
        if s.where[u] in near_leader
        and s.blocks[u] < s.scenario.full(u)
        and s.kind(u).can_be_rallied
        and _spends(symbols, s.kind(u).unit_class) is not None
    )


@saved("ancients/rally-step")
@attrs.frozen
class RallyStep(Task):
    """The Rally faces are placed one block at a time, ``rally HEX``, while a face fits a
    unit; faces that fit none are lost. A unit's class symbol is spent before a helmet.
    Each rallied unit is ordered (CCB-CARDS-23, CCB-GAP-34)."""

    symbols: tuple[str, ...]
    rule: ClassVar[str] = "CCB-CARDS-23"

    def options(self, s: S) -> tuple[int, ...]:
        return once(s, "rally", lambda: rallying(s, s.active, self.symbols))

    def actor(self, s: S) -> Player | None:
        return s.seat(s.active) if self.options(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple(act.Rally(s.where[u]) for u in self.options(s))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Rally)
        unit = s.unit_at(action.hex)
        assert unit is not None
        face = _spends(self.symbols, s.kind(unit).unit_class)
        assert face is not None
        s = s.with_blocks(unit, s.blocks[unit] + 1)
        if unit not in s.ordered:
            s = s.evolve(ordered=(*s.ordered, unit))
        return s.pop(RallyStep(_without(self.symbols, face)))

    def run(self, s: S) -> S:
        return s.pop()

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.Rally):
            unit = s.unit_at(action.hex)
            if unit is not None and s.side_of(unit) == s.active:
                if not s.kind(unit).can_be_rallied:
                    return RuleViolation("CCB-CARDS-40", "elephants and chariots never rally")
                if s.blocks[unit] >= s.scenario.full(unit):
                    return RuleViolation("CCB-CARDS-39", "no unit rises above its strength")
            return RuleViolation(
                "CCB-CARDS-23", "a Rally face goes to a damaged unit of its class near a leader"
            )
        return super().explain(s, action)


__all__ = [
    "CommandDice",
    "CommandRoll",
    "IAmSpartacus",
    "Rally",
    "RallyStep",
    "Reshuffle",
    "SpartacusOrders",
    "rallying",
]
