"""The state of a game of Commands & Colors: Ancients.

A state is a frozen value. The scenario numbers the pieces once (units and leaders, each
side's); the state keeps, per piece, where it is (a hex id, :data:`DEAD` once eliminated or
killed, :data:`OFF` once it left the board without a banner, CCB-VICTORY-04) and its blocks
(CCB-UNITS-01). Besides: each side's hand (its Command in cards, CCB-HAND-01), the one shared
deck of 60 cards (an unordered draw pile and the discards: draws are chance nodes,
:mod:`wargames.core.cards`), the banners each side has won, who holds each objective, the turn
and the active side, and the record of the turn: the card played, the pieces ordered (in the
order given), the hexes each piece moved, the pieces that may no longer move and the units
that have battled. The stack of pending tasks (:mod:`wargames.ancients.flow`) says who decides
next: the active player, the defender (evade, flags, retreat path, battle back) or the dice.

Sides are the board's seats, ``"bottom"`` and ``"top"``; :meth:`AncientsState.seat` names the
player who takes a decision for a side (the side itself here; the 'Armageddon' team variant
returns seats such as ``"bottom/commander"`` or ``"bottom/left"``).

Hidden information: :meth:`AncientsState.view` shows a player his own hand and the other's only
as backs, and the draw pile only as a count (CCB-TURN-02: cards are played face up, so the
discards are public).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

import attrs
import numpy as np

from wargames.ancients import actions as act
from wargames.ancients.board import SEATS, Seat
from wargames.ancients.commands import NO_MODS, RULES, CardRule, Mods
from wargames.ancients.describe import describe
from wargames.ancients.scenario import PACKAGE, Readings, Scenario, settings_with
from wargames.ancients.settings import AncientsSettings
from wargames.ancients.units import UnitType
from wargames.core.cards import Deck, Pile
from wargames.core.codec import SCENARIO, SavedStateError, saved
from wargames.core.engine import Action, Player
from wargames.core.errors import ScenarioError, UnknownPlayerError
from wargames.core.sources import ScenarioSource, state_setup
from wargames.core.tasks import OWNED, TaskState
from wargames.core.tasks import Task as AnyTask

if TYPE_CHECKING:
    from wargames.ancients.flow import Task

SIDES: tuple[Seat, ...] = SEATS
DEAD = "x"
"""Where an eliminated unit or a killed leader is: his enemy holds a banner for him."""
OFF = "off"
"""Where a piece is that left the board without being destroyed (no banner, CCB-VICTORY-04)."""
BACK = "?"
"""A card seen from behind, in a view."""
COMMANDER = "commander"
"""The role of the player who holds a side's cards and gives its orders."""


_new, _set = object.__new__, object.__setattr__
"""A copy of a frozen state: a bare instance, then its instance dictionary set at once."""


def other(side: str) -> Seat:
    """The opposing side."""
    return "top" if side == "bottom" else "bottom"


def _scenario_key(scenario: Scenario) -> tuple[ScenarioSource, Readings]:
    """What of a battle changes play: where it came from, and the readings chosen."""
    return scenario.source, scenario.readings


def _saved_readings(saved: Any) -> Readings:
    """The readings a saved state's ``scenario`` lists (``[[reading, value], ...]``), checked
    (:class:`~wargames.core.codec.SavedStateError` naming the key)."""
    if not isinstance(saved, dict):
        raise SavedStateError("scenario: expected {name, data, readings}")
    listed = saved.get("readings")
    if not isinstance(listed, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) for pair in listed
    ):
        raise SavedStateError("scenario.readings: expected a list of [reading, value] pairs")
    try:
        settings_with(AncientsSettings(), dict(listed))
    except ScenarioError as exc:
        raise SavedStateError(f"scenario.readings: {exc.key}: {exc.problem}") from None
    return tuple((name, value) for name, value in listed)


@lru_cache(maxsize=1)  # no arguments: one entry
def _play_draw_end() -> tuple[Task, ...]:
    """Play a card, draw, pass the turn (CCB-TURN-01), made once (tasks are values; their
    modules import this one, hence the import on first use)."""
    from wargames.ancients.flow import DrawStep, EndTurn
    from wargames.ancients.orders import PlayStep

    return (PlayStep(), DrawStep(), EndTurn())


@attrs.frozen
class _Index:
    """Which unit and which leader stand in each hex: built once, then carried from state to
    state and updated only where pieces moved (never mutated once shared). The same as hex
    masks per side (:attr:`Geometry.bit <wargames.ancients.geometry.Geometry.bit>`), for the
    movement searches."""

    unit_at: dict[str, int]
    leader_at: dict[str, int]
    units: dict[str, tuple[int, ...]]
    """Per side, its units on the board, in piece order."""
    leaders: dict[str, tuple[int, ...]]
    """Per side, its leaders on the board, in piece order."""
    unit_masks: dict[str, int]
    """Per side, the hex mask of its units' hexes (``unit_at`` by side)."""
    leader_masks: dict[str, int]
    """Per side, the hex mask of its leaders' hexes (``leader_at`` by side)."""

    @classmethod
    def of(cls, s: AncientsState) -> _Index:
        units: dict[str, int] = {}
        leaders: dict[str, int] = {}
        types = s.scenario.types
        for piece, where in enumerate(s.where):
            if where != DEAD and where != OFF:
                (units if types[piece] is not None else leaders)[where] = piece
        return cls(units, leaders, *_on_board(s), _masks(s, units), _masks(s, leaders))

    def enemy_mask(self, side: str) -> int:
        """The hex mask of the hexes where :meth:`AncientsState.enemy_piece_at` finds a piece
        for ``side``: an enemy unit's, or a lone enemy leader's."""
        foe = other(side)
        units = self.unit_masks[side] | self.unit_masks[foe]
        return self.unit_masks[foe] | self.leader_masks[foe] & ~units

    def moved(self, s: AncientsState, changes: list[tuple[int, str, str]]) -> _Index:
        units: dict[str, int] | None = None
        leaders: dict[str, int] | None = None
        unit_masks, leader_masks = self.unit_masks, self.leader_masks
        off = False  # a piece left the board or came back: the lists per side change
        types, sides, bit = s.scenario.types, s.scenario.sides, s.scenario.geometry.bit
        for piece, old, new in changes:
            if types[piece] is not None:
                if units is None:
                    units, unit_masks = self.unit_at.copy(), unit_masks.copy()
                table, masks = units, unit_masks
            else:
                if leaders is None:
                    leaders, leader_masks = self.leader_at.copy(), leader_masks.copy()
                table, masks = leaders, leader_masks
            if table.get(old) == piece:
                del table[old]
                masks[sides[piece]] &= ~bit[old]
            if new in _OFF_BOARD:
                off = True
            else:
                there = table.get(new)
                if there is not None:  # the piece the table held there is displaced
                    masks[sides[there]] &= ~bit[new]
                table[new] = piece
                masks[sides[piece]] |= bit[new]
            if old in _OFF_BOARD:
                off = True
        units = self.unit_at if units is None else units
        leaders = self.leader_at if leaders is None else leaders
        if off:
            return _Index(units, leaders, *_on_board(s), unit_masks, leader_masks)
        return _Index(units, leaders, self.units, self.leaders, unit_masks, leader_masks)


def _masks(s: AncientsState, pieces: dict[str, int]) -> dict[str, int]:
    """Per side, the hex mask of the hexes of ``pieces`` (hex -> piece)."""
    sides, bit = s.scenario.sides, s.scenario.geometry.bit
    found: dict[str, int] = dict.fromkeys(SIDES, 0)
    for hex_id, piece in pieces.items():
        found[sides[piece]] |= bit[hex_id]
    return found


_OFF_BOARD = frozenset({DEAD, OFF})


def _on_board(
    s: AncientsState,
) -> tuple[dict[str, tuple[int, ...]], dict[str, tuple[int, ...]]]:
    """Per side, its units and its leaders on the board (they change only as pieces leave it
    or come back)."""
    where, scenario = s.where, s.scenario

    def kept(pieces: dict[str, tuple[int, ...]]) -> dict[str, tuple[int, ...]]:
        return {
            side: tuple([p for p in found if where[p] != DEAD and where[p] != OFF])
            for side, found in pieces.items()
        }

    return kept(scenario.units_by_side), kept(scenario.leaders_by_side)


_S = TypeVar("_S", bound="AncientsState")


def _apply(s: _S, action: Action) -> _S:
    """:meth:`AncientsState._apply`: the state after ``action`` and the automatic steps that
    follow it. The state the action's step makes is new, so no one else holds it: the
    automatic steps then finish in place, not in a copy each (they own it, as its copies on
    the way; the memo's :data:`~wargames.core.tasks.OWNED` says so until the state is handed
    out)."""
    made: _S = s.tasks[-1].act(s, action)
    if made is s:
        return made.settle()
    made._memo[OWNED] = True
    settled = made.settle()
    settled._memo.pop(OWNED, None)
    return settled


def _with_tasks(s: _S, tasks: tuple[AnyTask[Any], ...]) -> _S:
    """:meth:`AncientsState.evolve` with new ``tasks`` only (what ``push`` and ``pop`` make);
    a state the automatic steps own is changed in place (:func:`_apply`)."""
    memo = s._memo
    if OWNED in memo:
        return _in_place(s, tasks, {})
    fields = s.__dict__.copy()
    fields["tasks"] = tasks
    index = memo.get("index")
    fields["_memo"] = {} if index is None else {"index": index}
    new: _S = _new(type(s))
    _set(new, "__dict__", fields)
    return new


def _in_place(s: _S, tasks: tuple[AnyTask[Any], ...], changes: dict[str, Any]) -> _S:
    """``s`` itself with ``tasks`` and ``changes``, its caches forgotten as a copy's would be
    (the index kept while no piece moves): only for a state no one else holds."""
    fields = s.__dict__
    fields["tasks"] = tasks
    if changes:
        fields.update(changes)
    index = None if "where" in changes else s._memo.get("index")
    memo = fields["_memo"] = {OWNED: True}
    if index is not None:
        memo["index"] = index
    return s


def _saved_state_violations(s: AncientsState) -> list[str]:
    """The hook :meth:`AncientsState.saved_state_violations` (rules live in invariants)."""
    from wargames.ancients.invariants import sequence_violations

    return sequence_violations(s)


@saved("ancients/state")
@attrs.frozen(slots=False)
class AncientsState(TaskState):
    """A position of Commands & Colors: Ancients (see the module docstring)."""

    game: ClassVar[str] = "ancients"
    players: ClassVar[tuple[Player, ...]] = SIDES
    hidden_mark: ClassVar[str | None] = BACK
    kept_memo: ClassVar[Mapping[str, frozenset[str]]] = {"index": frozenset({"where"})}
    saved_modules: ClassVar[tuple[str, ...]] = tuple(
        f"wargames.ancients.{m}"
        for m in (
            *("battle", "close", "combat", "elephants", "evade", "flow", "leaders", "momentum"),
            *("movement", "orders", "retreat", "tactics", "command_dice"),
            *("variant.flow", "variant.orders", "variant.state", "variant.victory"),
            *("epic.flow", "epic.reactions", "epic.state"),
        )
    )
    """The modules of the saved classes, the 'Armageddon' team variant's and the Epic command
    rules' included (names only: the base game imports neither sub-package)."""

    scenario: Scenario = attrs.field(eq=_scenario_key, repr=False, metadata=SCENARIO)
    """The battle: part of equality through its source (id, or name and hash) and readings."""
    where: tuple[str, ...]
    blocks: tuple[int, ...]
    hands: tuple[Pile, Pile]
    deck: Deck
    banners: tuple[int, int] = (0, 0)
    held: tuple[str, ...] = ()
    """Per objective of the scenario: the side holding it, ``""`` for nobody."""
    turn: int = 0
    """Turns begun so far (each player's turn counts one)."""
    active: Seat = "bottom"
    card: str | None = None
    """The card played this turn (until it is discarded at the draw, CCB-TURN-06)."""
    ordered: tuple[int, ...] = ()
    """Pieces ordered this turn, in the order given (CCB-TURN-03)."""
    moved: tuple[int, ...] = ()
    """Hexes each piece moved in this turn's movement step (0: it did not move)."""
    stuck: frozenset[int] = frozenset()
    """Ordered pieces that may move no more: joined by a leader (CCB-ORDERS-12) or carried
    by their unit (CCB-ORDERS-11)."""
    battled: frozenset[int] = frozenset()
    """Units that have battled this turn (CCB-BATTLE-01)."""
    owed: tuple[str, ...] = ()
    """Sides that played a card in reaction this turn: each draws its replacement before the
    active player draws (CCB-CARDS-34)."""
    last: tuple[str, str] = ("", "")
    """Per side (bottom, top): the card of its latest turn as it was used, for Counter Attack
    (CCB-CARDS-14, CCB-GAP-32): a card id (the card a Counter Attack copied, mirrored),
    ``leadership-any-section:SECTIONS`` with the sections, from that side's seat, where the
    chain began, and a trailing ``!`` when the card fell back to 1 unit of choice; ``""``
    before its first turn."""
    turn_cap: int | None = None
    """Not a rule of the game: an option for bot play, ending the game after that many turns
    (the side with more banners wins; equal banners: a draw)."""

    # -- seats and sides ------------------------------------------------------------------------

    def cards_in_play(self) -> tuple[str, ...]:
        """Cards out of the hands and the deck: the card played this turn."""
        return (self.card,) if self.card is not None else ()

    def turn_steps(self) -> tuple[Task, ...]:
        """A turn's steps once it has begun: play a card (its own steps follow), draw, pass
        the turn (CCB-TURN-01); the Epic command rules give out cards instead
        (:mod:`wargames.ancients.epic`)."""
        return _play_draw_end()

    def seat(self, side: str, role: str = COMMANDER) -> Player:
        """The player who decides for ``side`` in ``role``: in the base game one player holds
        every role of his side (a team variant splits them into seats)."""
        return side

    def role_of(self, piece: int) -> str:
        """The role that decides for ``piece`` (its defence, retreat, evade): the commander."""
        return COMMANDER

    def owner(self, piece: int) -> Player:
        """The player deciding for ``piece``."""
        return self.seat(self.scenario.sides[piece], self.role_of(piece))

    def side_of(self, piece: int) -> Seat:
        return self.scenario.sides[piece]

    def type_of(self, piece: int) -> UnitType | None:
        """A unit's type; ``None`` for a leader."""
        return self.scenario.types[piece]

    def kind(self, piece: int) -> UnitType:
        """A unit's type (the piece must be a unit)."""
        found = self.scenario.types[piece]
        assert found is not None, f"piece {piece} is a leader"
        return found

    def is_leader(self, piece: int) -> bool:
        return self.scenario.types[piece] is None

    def command(self, side: str) -> int:
        """The side's Command: its hand size (CCB-HAND-01 to -03)."""
        return self.scenario.command[self.scenario.side_index(side)]

    def hand(self, side: str) -> Pile:
        return self.hands[SIDES.index(side)]

    @property
    def rule(self) -> CardRule:
        """The rule of the card played this turn (:mod:`wargames.ancients.commands`)."""
        assert self.card is not None, "no card has been played"
        return RULES[self.card].resolve(self)

    @property
    def mods(self) -> Mods:
        """What the card played changes for the pieces it orders."""
        memo = self._memo
        found: Mods | None = memo.get("mods")
        if found is None:
            card = self.card
            found = memo["mods"] = NO_MODS if card is None else RULES[card].resolve(self).mods
        return found

    # -- where is what ---------------------------------------------------------------------

    def _index(self) -> _Index:
        memo = self._memo
        found: _Index | None = memo.get("index")
        if found is None:
            found = memo["index"] = _Index.of(self)
        return found

    def unit_at(self, hex_id: str) -> int | None:
        index: _Index | None = self._memo.get("index")  # _index(), its look-up written out
        return (index or self._index()).unit_at.get(hex_id)

    def leader_at(self, hex_id: str) -> int | None:
        index: _Index | None = self._memo.get("index")
        return (index or self._index()).leader_at.get(hex_id)

    def on_board(self, piece: int) -> bool:
        where = self.where[piece]
        return where != DEAD and where != OFF

    def attached(self, unit: int) -> int | None:
        """The leader attached to ``unit``: a friendly leader in its hex (CCB-LEADER-01)."""
        index: _Index | None = self._memo.get("index")
        where = self.where[unit]
        leader = (index or self._index()).leader_at.get(where)
        return leader if leader is not None and where != DEAD and where != OFF else None

    def lone(self, leader: int) -> bool:
        """Whether a leader on the board stands without a friendly unit (CCB-LEADER-01)."""
        return self._index().unit_at.get(self.where[leader]) is None

    def occupied(self) -> frozenset[str]:
        """Hexes holding any unit or leader (they block line of sight, CCB-LOS-03)."""
        found: frozenset[str] | None = self._memo.get("occupied")
        if found is None:
            index = self._index()
            found = self._memo["occupied"] = frozenset(index.unit_at) | frozenset(index.leader_at)
        return found

    def units_of(self, side: str) -> tuple[int, ...]:
        """``side``'s units on the board, in piece order."""
        index: _Index | None = self._memo.get("index")
        return (index or self._index()).units[side]

    def leaders_of(self, side: str) -> tuple[int, ...]:
        """``side``'s leaders on the board, in piece order."""
        index: _Index | None = self._memo.get("index")
        return (index or self._index()).leaders[side]

    def enemy_piece_at(self, hex_id: str, side: str) -> int | None:
        """An enemy unit in ``hex_id``, else a lone enemy leader there, else ``None``."""
        index = self._index()
        unit = index.unit_at.get(hex_id)
        if unit is not None:
            return unit if self.scenario.sides[unit] != side else None
        leader = index.leader_at.get(hex_id)
        if leader is not None and self.scenario.sides[leader] != side:
            return leader
        return None

    # -- changes ---------------------------------------------------------------------------

    def evolve(self, **changes: Any) -> Self:
        """:meth:`TaskState.evolve <wargames.core.tasks.TaskState.evolve>` written out for
        this game's one kept cache (:attr:`kept_memo`: the index of where is what, kept while
        ``where`` is unchanged): every step of play makes two or three copies. A copy of a
        state the turn's automatic steps own is theirs too (:meth:`_apply`)."""
        fields = self.__dict__.copy()
        fields.update(changes)
        memo = self._memo
        index = None if "where" in changes else memo.get("index")
        fields["_memo"] = {} if index is None else {"index": index}
        if OWNED in memo:
            fields["_memo"][OWNED] = True
        new = _new(type(self))
        _set(new, "__dict__", fields)
        return new

    _with_tasks = _with_tasks
    """:meth:`evolve` with new ``tasks`` only (what ``push`` and ``pop`` make); in place in a
    state the automatic steps own (:func:`_with_tasks`)."""

    def pop(self, *then: AnyTask[Any], **changes: Any) -> Self:
        """:meth:`TaskState.pop <wargames.core.tasks.TaskState.pop>`: the top task done,
        ``then`` on top, ``changes`` made; in place in a state the automatic steps own
        (:meth:`_apply`), else in one copy."""
        tasks = self.tasks[:-1] + then[::-1] if then else self.tasks[:-1]
        if OWNED in self._memo:
            return _in_place(self, tasks, changes)
        if changes:
            return self.evolve(tasks=tasks, **changes)
        return self._with_tasks(tasks)

    _apply = _apply
    """The state after an action and the automatic steps that follow it, which pop in place
    (:func:`_apply`)."""

    def relocate(self, moves: list[tuple[int, str]], **changes: Any) -> Self:
        """The state with each ``(piece, place)`` moved there (a hex, :data:`DEAD`, :data:`OFF`),
        and its other fields' ``changes`` made at once."""
        where = list(self.where)
        steps: list[tuple[int, str, str]] = []
        for piece, place in moves:
            steps.append((piece, where[piece], place))
            where[piece] = place
        new = self.evolve(where=tuple(where), **changes)
        old: _Index | None = self._memo.get("index")
        if old is not None:
            new._memo["index"] = old.moved(new, steps)
        return new

    def with_blocks(self, piece: int, blocks: int) -> Self:
        values = list(self.blocks)
        values[piece] = blocks
        return self.evolve(blocks=tuple(values))

    # -- banners (hooks a variant refines) ---------------------------------------------------

    def credit_banner(self, piece: int, hex_id: str) -> Self:
        """Record where the banner for ``piece``, lost in ``hex_id``, was won: nothing in the
        base game (the 'Armageddon' variant counts banners per flank, CCA-BANNER-01)."""
        return self

    def banners_reached(self) -> list[str]:
        """The sides that have reached their banner target (CCB-VICTORY-03)."""
        target = self.scenario.target
        return [side for i, side in enumerate(SIDES) if self.banners[i] >= target[i]]

    def victory_reason(self, side: str) -> str:
        """Why ``side`` has won on banners, in words."""
        i = SIDES.index(side)
        return f"{self.scenario.army[i]} reach {self.banners[i]} victory banners"

    # -- protocol --------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        action = act.parse(text)
        assert isinstance(action, Action)
        return action

    def saved_scenario(self) -> dict[str, Any]:
        """A shipped scenario is saved by id (``data`` null); any other (a user's file, a
        position built for a test) with its data and hash, so the state reads back anywhere
        without opening a file (:meth:`~wargames.core.sources.ScenarioSource.saved`); with
        the readings the game options chose."""
        sc = self.scenario
        saved = sc.source.saved()
        found = {"name": saved, "data": None} if isinstance(saved, str) else saved
        return {**found, "readings": [[k, v] for k, v in sc.readings]}

    @classmethod
    def scenario_fields(cls, saved: Any) -> dict[str, Any]:
        """The battle a saved state names, read back without opening a file."""
        from wargames.ancients.scenario import load_scenario

        readings = _saved_readings(saved)
        source = {k: v for k, v in saved.items() if k != "readings"}
        if source.get("data") is None:
            source = source.get("name")  # type: ignore[assignment]
        return {"scenario": state_setup(source, PACKAGE, lambda s: load_scenario(s, readings))}

    def view(self, player: Player) -> Self:
        """What ``player`` sees: his own hand, the other hand as backs, the draw pile as a
        count of backs; the board, the discards, the card played and the banners are public."""
        mine = _side_of_seat(player)
        hands = tuple(
            hand if side == mine else Pile((BACK,) * len(hand))
            for side, hand in zip(SIDES, self.hands, strict=True)
        )
        seen = self.evolve(
            hands=hands,
            deck=Deck(Pile((BACK,) * len(self.deck.draw)), self.deck.discards),
        )
        if "index" in self._memo:
            seen._memo["index"] = self._memo["index"]
        return self.share(seen, player)

    def resample_hidden(self, player: Player, rng: np.random.Generator) -> Self:
        """A full state consistent with what ``player`` sees, drawn at random (for search
        bots): the cards he has not seen (the other hand and the draw pile) dealt again, each
        arrangement equally likely, the other hand keeping its size."""
        mine = SIDES.index(_side_of_seat(player))
        theirs = 1 - mine
        unseen = list(self.hands[theirs].cards) + list(self.deck.draw.cards)
        order = rng.permutation(len(unseen))
        dealt = [unseen[int(i)] for i in order]
        size = len(self.hands[theirs])
        hands = list(self.hands)
        hands[theirs] = Pile.of(dealt[:size])
        new = self.evolve(
            hands=(hands[0], hands[1]), deck=Deck(Pile.of(dealt[size:]), self.deck.discards)
        )
        if "index" in self._memo:
            new._memo["index"] = self._memo["index"]
        return new

    def redact(self, action: Action, player: Player) -> str:
        """``action`` as ``player`` may read it: the other side's draws are ``draw ?``."""
        from wargames.ancients.flow import drawing_side

        if isinstance(action, act.Draw):
            side = drawing_side(self)
            if side is not None and side != _side_of_seat(player):
                return f"draw {BACK}"
        return str(action)

    def invariant_violations(self) -> list[str]:
        from wargames.ancients.invariants import violations

        return violations(self)

    saved_state_violations = _saved_state_violations
    """What reading a saved state back checks besides the invariants: the order of the
    pending steps and the hands (:func:`~wargames.ancients.invariants.sequence_violations`)."""

    __str__ = describe
    """The position as text (:func:`wargames.ancients.describe.describe`)."""


def _side_of_seat(player: Player) -> Seat:
    side = player.split("/", 1)[0]
    if side not in SIDES:
        raise UnknownPlayerError(player, SIDES)
    return side


__all__ = ["BACK", "COMMANDER", "DEAD", "OFF", "SIDES", "AncientsState", "other"]
