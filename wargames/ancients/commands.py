"""What each command card orders and what it changes: one rule object per card.

The cards themselves are data (:mod:`wargames.ancients.cards`, ``data/cards.toml``); a
:class:`CardRule` is the engine's reading of one card:

* :meth:`CardRule.orderable`: the pieces that may be ordered next, given those already
  ordered (step 2, CCB-TURN-03, CCB-ORDERS-01 to -13);
* :meth:`CardRule.steps`: the steps the card's turn runs between the card and the draw
  (order, move, battle; a card may run others, such as Move-Fire-Move's move, fire, move);
* :attr:`CardRule.mods`: what the card changes for the units it orders (:class:`Mods`: bonus
  close-combat dice, no movement, no fire, no close combat, passing through friends, longer
  moves);
* :meth:`CardRule.reaction` and :meth:`CardRule.react`: a card the *defender* may play when a
  close combat is declared against him, before the roll (First Strike, CCB-CARDS-18): the
  defender's choice offers it (:class:`wargames.ancients.close.DefenderChoice`).

:data:`RULES` maps every card id of the deck to its rule; :func:`register` replaces one. The
section cards (:class:`SectionOrders`), troop cards (:class:`TroopOrders`) and leadership cards
(:class:`LeadershipOrders`) are complete; the ten tactic cards are registered over their
1-unit fallback (:class:`OneUnitOfChoice`, CCB-ORDERS-13, CCB-GAP-33) by
:mod:`wargames.ancients.tactics`.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import attrs

from wargames.ancients.cards import CardSpec, default_cards
from wargames.core.caches import PER_SCENARIO
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.close import Combat
    from wargames.ancients.flow import Task
    from wargames.ancients.scenario import Scenario
    from wargames.ancients.state import AncientsState as S


@attrs.frozen
class Mods:
    """What a card changes for the units it orders.

    ``close_bonus`` extra close-combat dice, added after terrain caps (CCB-BATTLE-07), also in
    a bonus close combat when ``bonus_in_bonus_combat``; ``may_move``, ``may_fire``,
    ``may_close``: whether its units may move, fire or close combat at all; ``pass_through``:
    light foot units may pass through friendly units (CCB-MOVE-03); ``allowance``: unit codes
    whose movement allowance the card changes, and to what, and ``battle_after_allowance``:
    whether such a unit may still battle after the longer move; ``close_after_move``: its
    units (not war machines) may close combat after any move within their allowance.
    """

    close_bonus: int = 0
    bonus_in_bonus_combat: bool = True
    may_move: bool = True
    may_fire: bool = True
    may_close: bool = True
    pass_through: bool = False
    allowance: tuple[tuple[str, int], ...] = ()
    battle_after_allowance: bool = True
    close_after_move: bool = False

    def allowance_of(self, code: str) -> int | None:
        for unit, hexes in self.allowance:
            if unit == code:
                return hexes
        return None


@lru_cache(maxsize=1)  # no arguments: one entry
def _order_move_battle() -> tuple[Task, ...]:
    """Order, move, battle: the steps of most cards (CCB-TURN-01), made once (tasks are values;
    their modules import this one, hence the import on first use)."""
    from wargames.ancients.battle import BattleStep
    from wargames.ancients.movement import MoveStep
    from wargames.ancients.orders import OrderStep

    return (OrderStep(), MoveStep(), BattleStep())


NO_MODS = Mods()
LIGHT_FOOT_PASS = Mods(pass_through=True)
"""Order Light Troops: light foot units may pass through friendly units (CCB-CARDS-07)."""


class CardRule(abc.ABC):
    """How one card orders (see the module docstring). Subclasses say what it orders
    (:meth:`orderable`) and may change the rest."""

    mods: Mods = NO_MODS

    def __init__(self, spec: CardSpec) -> None:
        self.spec = spec

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.spec.id})"

    @abc.abstractmethod
    def orderable(self, s: S, side: str) -> tuple[int, ...]:
        """The pieces ``side`` may order next, in piece order (:attr:`AncientsState.ordered`
        holds those ordered so far)."""

    def steps(self) -> tuple[Task, ...]:
        """The steps between playing the card and the draw: order, move, battle
        (CCB-TURN-01)."""
        return _order_move_battle()

    def may_detach(self) -> bool:
        """Whether an attached leader may leave his unit under this card: the helmet icon
        (CCB-ORDERS-08, -10)."""
        return self.spec.helmet

    def resolve(self, s: S) -> CardRule:
        """The rule that runs this turn for this card: itself, its 1-unit fallback, or the
        card a Counter Attack copied (:attr:`AncientsState.last`)."""
        return self

    def played(self, s: S, side: str) -> str:
        """What :attr:`AncientsState.last` records for ``side`` playing this card now (a
        ``!`` when it falls back to 1 unit of choice, CCB-GAP-33)."""
        return self.spec.id

    def on_order(self, s: S, piece: int) -> S:
        """The state once ``piece`` has been ordered (a card may record where it was used)."""
        return s

    def reaction(self, s: S, combat: Combat) -> bool:
        """Whether the defender may play this card now, before the attacker rolls."""
        return False

    def react(self, s: S, combat: Combat) -> Combat:
        """The combat as this reaction card changes it (e.g. the defender strikes first)."""
        raise RuleViolation("CCB-CARDS-18", f"{self.spec.name} is not played in reaction")

    def refusal(self, s: S, side: str, piece: int) -> RuleViolation:
        """Why ``piece`` may not be ordered now, naming the rule."""
        return RuleViolation(
            self.spec.rules[0] if self.spec.rules else "CCB-ORDERS-01",
            f"{self.spec.name} does not order that piece now",
        )


# -- what every card shares -------------------------------------------------------------------


ORDERABLE_BEFORE = "orderable before"
"""The memo key of what a section or troop card last found orderable: ``(who asked, the orders
given then, the pieces found)``. :class:`~wargames.ancients.orders.OrderStep` carries it to
the state after the next order, where :func:`narrowed` starts from it."""


def narrowed(s: S, asker: object) -> tuple[int, ...] | None:
    """The pieces ``asker`` found orderable just before the last order, less the piece then
    ordered, or ``None`` (nothing carried, or carried from another card or another order).
    For a section card these are all the pieces that may still be orderable: an order takes
    nothing from the board and only adds to the sections the orders given must fit
    (CCB-ORDERS-04), so no piece it refused before fits after (the same pieces are found, in
    the same order, by looking at fewer); for a troop card, exactly those orderable now
    (the units of its kind and the leaders not yet ordered)."""
    before = s._memo.get(ORDERABLE_BEFORE)
    if before is None or not s.ordered:
        return None
    who, ordered, found = before
    if who != asker or ordered != s.ordered[:-1]:
        return None
    last = s.ordered[-1]
    return tuple([p for p in found if p != last])


def found_orderable(s: S, asker: object, found: tuple[int, ...]) -> tuple[int, ...]:
    """``found``, remembered as what ``asker`` found orderable in ``s`` (see
    :data:`ORDERABLE_BEFORE`)."""
    s._memo[ORDERABLE_BEFORE] = (asker, s.ordered, found)
    return found


def unordered_units(s: S, side: str) -> tuple[int, ...]:
    ordered = s.ordered
    units = s.units_of(side)
    return tuple([u for u in units if u not in ordered]) if ordered else units


def leaders_to_order(s: S, side: str, detach: bool) -> tuple[int, ...]:
    """Leaders that may take an order: lone ones (CCB-ORDERS-07), and attached ones only on a
    card with the helmet icon (CCB-ORDERS-08)."""
    ordered = s.ordered
    return tuple([p for p in s.leaders_of(side) if p not in ordered and (detach or s.lone(p))])


def basic_refusal(s: S, side: str, piece: int) -> RuleViolation | None:
    """The refusals every card shares: not a piece of the player's on the board
    (CCB-ORDERS-01), ordered twice (CCB-ORDERS-02)."""
    if not s.on_board(piece) or s.side_of(piece) != side:
        return RuleViolation(
            "CCB-ORDERS-01", "only the player's own pieces on the board take orders"
        )
    if piece in s.ordered:
        return RuleViolation("CCB-ORDERS-02", "a piece takes no more than one order a turn")
    return None


# -- section cards ----------------------------------------------------------------------------


class SectionOrders(CardRule):
    """Order Two/Three/Four Units, Coordinated Attack, Out Flanked: so many units or leaders in
    each named section (CCB-CARDS-02 to -06). A piece on a dotted line counts for either of
    its sections (CCB-ORDERS-04); the orders given so far must fit the sections together."""

    def orderable(self, s: S, side: str) -> tuple[int, ...]:
        counts = self.spec.section_orders
        if len(s.ordered) >= sum(counts.values()):
            return ()
        asker = (self, side)
        candidates = narrowed(s, asker)
        if candidates is None:
            candidates = (*unordered_units(s, side), *leaders_to_order(s, side, self.may_detach()))
        sections, where = s.scenario.geometry.sections[side], s.where
        if len(counts) == 1:
            (name,) = counts
            found = [p for p in candidates if name in sections[where[p]]]
        else:
            options = [sections[where[p]] for p in candidates]
            given = [sections[where[q]] for q in s.ordered]
            found = fitting(candidates, options, given, counts)
        return found_orderable(s, asker, tuple(sorted(found)))

    def refusal(self, s: S, side: str, piece: int) -> RuleViolation:
        found = basic_refusal(s, side, piece)
        if found is not None:
            return found
        counts = self.spec.section_orders
        if len(s.ordered) >= sum(counts.values()):
            return RuleViolation("CCB-ORDERS-03", f"{self.spec.name} gives no more orders")
        if s.is_leader(piece) and not s.lone(piece) and not self.may_detach():
            return RuleViolation(
                "CCB-ORDERS-08", "only a card with the helmet icon detaches a leader"
            )
        return RuleViolation(
            "CCB-ORDERS-04", f"{self.spec.name} orders only in {', '.join(counts)}: not there"
        )


def fitting(
    candidates: Sequence[int],
    options: Sequence[frozenset[str]],
    given: Sequence[frozenset[str]],
    counts: Mapping[str, int],
) -> list[int]:
    """The ``candidates`` (standing in the sections of their entry of ``options``) that can
    be ordered besides the pieces ordered so far (in the sections of ``given``), each piece
    given one of its sections and no section more than its count (:func:`fits_sections`).
    A board has a few kinds of hexes by the sections they lie in, so each kind is tried once,
    not each candidate."""
    room = tuple(counts.items())
    before = tuple(given)
    verdicts: dict[frozenset[str], bool] = {}
    found = []
    for piece, sections in zip(candidates, options, strict=True):
        ok = verdicts.get(sections)
        if ok is None:
            ok = verdicts[sections] = fits_sections((*before, sections), room)
        if ok:
            found.append(piece)
    return found


@lru_cache(maxsize=4096)  # a few kinds of hexes (sections), a few orders: a few keys
def fits_sections(options: tuple[frozenset[str], ...], counts: tuple[tuple[str, int], ...]) -> bool:
    """Whether each piece, standing in the sections of its entry of ``options``, can be given
    one of them, no section (of ``counts``) getting more than its count."""
    room = dict(counts)
    return _place(sorted((sorted(o & room.keys()) for o in options), key=len), room, 0)


def _place(choices: list[list[str]], room: dict[str, int], i: int) -> bool:
    """Whether the pieces from the ``i``-th on can each be given a section of their
    ``choices`` within the ``room`` left (:func:`fits_sections`, by backtracking). Of the
    module, not nested: a nested function that calls itself is a reference cycle, left for
    the garbage collector."""
    if i == len(choices):
        return True
    for name in choices[i]:
        if room[name]:
            room[name] -= 1
            if _place(choices, room, i + 1):
                return True
            room[name] += 1
    return False


# -- troop cards --------------------------------------------------------------------------------


def of_troops(s: S, unit: int, troops: str) -> bool:
    """Whether ``unit`` is of the kind a troop card names: its class (CCB-UNITS-04 to -06) or
    mounted (CCB-UNITS-10)."""
    return unit in troop_units(s.scenario, troops)


@lru_cache(maxsize=PER_SCENARIO * 8)  # a battle's few kinds of troops
def troop_units(scenario: Scenario, troops: str) -> frozenset[int]:
    """The battle's units of ``troops``: a class (``light``, ``medium``, ``heavy``,
    CCB-UNITS-04 to -06), ``mounted`` (CCB-UNITS-10) or ``foot`` (CCB-UNITS-08), read off
    their types once."""
    return frozenset(
        piece
        for piece, kind in enumerate(scenario.types)
        if kind is not None
        and (
            kind.mounted
            if troops == "mounted"
            else kind.foot
            if troops == "foot"
            else kind.unit_class == troops
        )
    )


class TroopOrders(CardRule):
    """Order Light / Medium / Heavy / Mounted Troops: up to Command units of the kind
    (CCB-CARDS-07 to -10, CCB-HAND-02); Order Mounted Troops also orders leaders, who may leave
    their units (helmet icon). With no unit of the kind: one unit of the player's choice
    (CCB-ORDERS-13)."""

    def orderable(self, s: S, side: str) -> tuple[int, ...]:
        troops = troop_units(s.scenario, self.spec.troops or "")
        if troops.isdisjoint(s.units_of(side)):
            return () if s.ordered else unordered_units(s, side)
        if len(s.ordered) >= s.command(side):
            return ()
        asker = (self, side)
        found = narrowed(s, asker)  # every one of them still orderable: nothing else fits
        if found is None:
            units = [u for u in unordered_units(s, side) if u in troops]
            leaders = leaders_to_order(s, side, True) if self.spec.helmet else ()
            found = tuple(sorted((*units, *leaders)))
        return found_orderable(s, asker, found)

    def refusal(self, s: S, side: str, piece: int) -> RuleViolation:
        found = basic_refusal(s, side, piece)
        if found is not None:
            return found
        if len(s.ordered) >= s.command(side) or (
            s.ordered and not any(of_troops(s, u, self.spec.troops or "") for u in s.units_of(side))
        ):
            return RuleViolation("CCB-ORDERS-03", f"{self.spec.name} gives no more orders")
        return RuleViolation(
            "CCB-UNITS-10", f"{self.spec.name} orders {self.spec.troops} units only"
        )


# -- leadership cards --------------------------------------------------------------------------


class LeadershipOrders(CardRule):
    """Leadership Any Section and Inspired Left/Center/Right Leadership: a leader (in the named
    section), the unit he is attached to, and up to ``orders`` more units linked to his hex
    unit by unit, in any section; a lone leader orders the units linked to him, his unit's
    order being lost. Instead, one unit of the player's choice (CCB-CARDS-11, -12, CCB-GAP-30).
    The leader never leaves his unit (CCB-ORDERS-10)."""

    def may_detach(self) -> bool:
        return False

    def leads(self, s: S, side: str, hex_id: str) -> bool:
        section = self.spec.leader_section or "any"
        return section == "any" or section in s.scenario.geometry.sections[side][hex_id]

    def chain(self, s: S, side: str) -> tuple[str, int] | None:
        """The leader's hex and the units ordered besides his own, once a leader leads."""
        if not s.ordered:
            return None
        first = s.ordered[0]
        hex_id = s.where[first]
        if s.is_leader(first):
            return hex_id, len(s.ordered) - 1
        if s.attached(first) is not None and self.leads(s, side, hex_id):
            return hex_id, len(s.ordered) - 1
        return None

    def orderable(self, s: S, side: str) -> tuple[int, ...]:
        if not s.ordered:
            leaders = (
                p for p in s.leaders_of(side) if s.lone(p) and self.leads(s, side, s.where[p])
            )
            return tuple(sorted((*s.units_of(side), *leaders)))
        chain = self.chain(s, side)
        extra = self.spec.orders if isinstance(self.spec.orders, int) else 0
        if chain is None or chain[1] >= extra:
            return ()
        linked = {chain[0], *(s.where[p] for p in s.ordered)}
        near = s.scenario.geometry.adjacent
        return tuple(u for u in unordered_units(s, side) if not near[s.where[u]].isdisjoint(linked))

    def refusal(self, s: S, side: str, piece: int) -> RuleViolation:
        found = basic_refusal(s, side, piece)
        if found is not None:
            return found
        if s.is_leader(piece) and not s.lone(piece):
            return RuleViolation("CCB-ORDERS-10", "a leadership card never detaches a leader")
        if s.ordered and self.chain(s, side) is None:
            return RuleViolation("CCB-ORDERS-13", "the card ordered one unit of choice instead")
        return RuleViolation(
            "CCB-CARDS-11" if self.spec.leader_section == "any" else "CCB-CARDS-12",
            "the leader's units must be linked to him hex by hex, within the card's count, "
            "and the leader must stand in the card's section",
        )


# -- one unit of choice --------------------------------------------------------------------------


class OneUnitOfChoice(CardRule):
    """One unit of the player's choice (CCB-ORDERS-13, CCB-GAP-33): the fallback of a tactic
    card that finds no unit of its kind (:mod:`wargames.ancients.tactics`)."""

    def may_detach(self) -> bool:
        return False

    def orderable(self, s: S, side: str) -> tuple[int, ...]:
        return () if s.ordered else unordered_units(s, side)

    def refusal(self, s: S, side: str, piece: int) -> RuleViolation:
        found = basic_refusal(s, side, piece)
        if found is not None:
            return found
        if s.ordered:
            return RuleViolation("CCB-ORDERS-13", "the card orders one unit of choice")
        return RuleViolation("CCB-ORDERS-13", "the card orders a unit, not a leader")


# -- the registry --------------------------------------------------------------------------------


def _rule_for(spec: CardSpec) -> CardRule:
    if spec.group == "section":
        return SectionOrders(spec)
    if spec.group == "troop":
        rule = TroopOrders(spec)
        if spec.troops == "light":
            rule.mods = LIGHT_FOOT_PASS
        return rule
    if spec.group == "leadership":
        return LeadershipOrders(spec)
    return OneUnitOfChoice(spec)


RULES: dict[str, CardRule] = {cid: _rule_for(spec) for cid, spec in default_cards().items()}
"""The rule of every card of the deck, by card id."""


def register(rule: CardRule) -> CardRule:
    """Make ``rule`` the rule of its card (a tactic card's own rule replacing its fallback);
    returns the rule it replaces."""
    old = RULES[rule.spec.id]
    RULES[rule.spec.id] = rule
    return old


def rule_of(card: str) -> CardRule:
    return RULES[card]


__all__ = [
    "LIGHT_FOOT_PASS",
    "NO_MODS",
    "ORDERABLE_BEFORE",
    "RULES",
    "CardRule",
    "LeadershipOrders",
    "Mods",
    "OneUnitOfChoice",
    "SectionOrders",
    "TroopOrders",
    "fits_sections",
    "fitting",
    "found_orderable",
    "narrowed",
    "of_troops",
    "register",
    "rule_of",
    "troop_units",
]
