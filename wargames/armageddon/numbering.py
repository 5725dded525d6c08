"""Battle for Armageddon's actions as numbers: one fixed action space per data set
(:class:`~wargames.core.actionspace.ActionCodec`), so that an id means the same move in every
state of every scenario played on that map and counter manifest.

Every field ranges over the reference data, never over a state: the counters of the manifest,
the areas of the map, the strategy and special cards, the tribes, the faces of a D6. The one
composite field, the stacks of an :class:`~wargames.armageddon.actions.Attack`, is bounded by
the rules: every attacking stack is adjacent to its target (BFA-COMBAT-06), so the stacks are
a non-empty subset of the target's neighbours, as a tuple in sorted order like the action
keeps them. A :class:`~wargames.armageddon.actions.Plan` names two different cards of one
side (BFA-STRAT-03), and a special card's target is an area, a tribe or nothing by the card.
Nothing is decomposed and nothing is left out: every action the game can list has an id.

Example::

    import wargames
    from wargames.armageddon.numbering import action_codec

    state = wargames.load("armageddon")
    codec = action_codec(state)
    ids = codec.legal_ids(state)                 # "deploy ghazghkull OT1" and the like
    codec.action_from_id(state, ids[0])
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

import attrs

from wargames.armageddon import actions as act
from wargames.armageddon.data import SIDES, TRIBES, ArmageddonData
from wargames.armageddon.mapbits import MapBits, map_bits
from wargames.armageddon.movement import MovementPhase, Reaches
from wargames.armageddon.specials import AIMED_AT_AREA, AIMED_AT_TRIBE
from wargames.core.actionspace import (
    ActionCodec,
    ActionSpace,
    Choice,
    Dependent,
    Domain,
    Integers,
    Subset,
    Template,
)
from wargames.core.caches import PER_DATA
from wargames.core.notation import Pass, Reroll, Roll

if TYPE_CHECKING:
    from wargames.core.engine import GameState

__all__ = [
    "PASSES",
    "MoveIds",
    "action_codec",
    "codec_for",
    "movement_moves",
    "movement_parts",
    "templates_markdown",
]

PASSES = ("phase", "card", "advance", "buying", "build")
"""What an ``end`` finishes: a movement or combat phase, a card window, the advance after
combat, the Imperial purchases, a build phase (the ``Pass`` actions the tasks list)."""

NOTE = (
    "Attack stacks are a non-empty subset of the target's neighbours (BFA-COMBAT-06), numbered "
    "per target; nothing is decomposed or left out."
)


def action_codec(state: GameState) -> ActionCodec:
    """The numbered actions of ``state``'s game (the descriptor's ``action_space`` hook): the
    same codec for every state played on the same reference data."""
    from wargames.armageddon.state import ArmageddonState

    assert isinstance(state, ArmageddonState)
    return codec_for(state.data)


@lru_cache(maxsize=PER_DATA)
def codec_for(data: ArmageddonData) -> ActionCodec:
    """The player decisions and chance outcomes over ``data``'s counters, areas and cards."""
    decisions = _decisions(data)
    return ActionCodec(
        decisions=ActionSpace(
            decisions,
            "armageddon decisions",
            parts=movement_parts,
            part_actions=movement_moves,
            part_ids=MoveIds.of(data, decisions),
        ),
        chance=ActionSpace(_chance(data), "armageddon chance outcomes"),
        note=NOTE,
    )


def movement_parts(state: GameState) -> Reaches | None:
    """In a movement phase, each counter still to move as its reach entry ``(counter,
    destinations, count)``: its moves are the first of the phase's legal actions, counter by
    counter (BFA-MOVE-02; its cards and the end of the phase follow). The phase carries the
    very same entries from state to state while it lasts, so the adapters number each
    counter's moves once (:attr:`~wargames.core.actionspace.ActionSpace.parts`, the moves
    made by :func:`movement_moves` only then); ``None`` in any other step."""
    tasks = state.tasks  # type: ignore[attr-defined]  # an ArmageddonState: its codec's hook
    if not tasks or state.result is not None:  # type: ignore[attr-defined]
        return None
    top = tasks[-1]
    if type(top) is not MovementPhase:
        return None
    return top.open_moves(state)[0]  # type: ignore[arg-type]


def movement_moves(state: GameState, entry: tuple[str, int, int]) -> tuple[act.Move, ...]:
    """The moves of one of :func:`movement_parts`: the counter to each area it may reach,
    in the order the phase lists them (BFA-MOVE-02)."""
    moves: tuple[act.Move, ...] = state.bits.moves_to(entry[0], entry[1])  # type: ignore[attr-defined]
    return moves


@attrs.frozen(eq=False)
class MoveIds:
    """The ids of a movement phase's entry ``(counter, destinations, count)``
    (:attr:`~wargames.core.actionspace.ActionSpace.part_ids`), numbered as the engine lists:
    kept beside the counter's moves in the very entry of the engine's memory the listing has
    just read (:attr:`MapBits.remembered_moves
    <wargames.armageddon.mapbits.MapBits.remembered_moves>`), so that numbering a movement
    state reads nothing the engine's action has pushed out of the caches.

    They are worked out from the entry the first time: the Move template numbers a
    counter's move to an area as counter by area, so the counter's moves, listed area by area
    in the order of the destinations' bits (BFA-MOVE-02), have the ids of its first move plus
    each area's place, read off the bits without making the moves."""

    first: dict[str, int]
    """A counter that moves -> the id of its move to the first area of the area choice."""
    places: tuple[int, ...]
    """An area's bit index (:attr:`MapBits.areas <wargames.armageddon.mapbits.MapBits>`) ->
    its place in the template's area choice."""

    @classmethod
    def of(cls, data: ArmageddonData, templates: list[Template]) -> MoveIds:
        """The Move template's numbers over ``data``'s map (``templates`` in the space's
        order)."""
        at = next(i for i, t in enumerate(templates) if t.kind is act.Move)
        start = sum(t.size for t in templates[:at])
        units, areas = (cast(Choice, domain) for _, domain in templates[at].fields)
        return cls(
            first={str(c): start + units.index(c, {}) * areas.size for c in units.values},
            places=tuple(areas.index(a, {}) for a in map_bits(data).areas),
        )

    def __call__(
        self, state: GameState, entries: Sequence[tuple[str, int, int]]
    ) -> list[int] | None:
        """The ids of the moves of every one of ``entries`` in their order (each entry's kept
        in the engine's remembered entry), or ``None`` if a counter is one the template does
        not number (the codec then says why, move by move)."""
        bits: MapBits = state.bits  # type: ignore[attr-defined]
        remembered = bits.remembered_moves
        out: list[int] = []
        for entry in entries:
            found = remembered.get(entry[:2])  # as the listing has just asked
            ids = None if found is None else found[1]
            if ids is None:
                ids = self.work_out(entry, bits)
                if ids is None:
                    return None
                if found is not None:
                    found[1] = ids
            out += ids  # extending copies whole lists: faster than chain.from_iterable
        return out

    def work_out(self, entry: tuple[str, int, int], bits: MapBits) -> list[int] | None:
        """The ids of ``entry``'s moves from the counter's first id and the bits of its
        destinations (:meth:`MapBits.singles <wargames.armageddon.mapbits.MapBits.singles>`,
        the order the moves are listed in)."""
        first = self.first.get(entry[0])
        if first is None:
            return None
        places = self.places
        return [first + places[low.bit_length() - 1] for low in bits.singles(entry[1])]


def _decisions(data: ArmageddonData) -> list[Template]:
    areas = _choice(data.board.ids, "an area")
    units = _choice(_counters(data, unit=True), "a unit counter")
    every = _choice(_counters(data), "a counter")
    orks = _choice(_counters(data, side=SIDES[0]), "an Ork counter")
    imperial = _choice(_counters(data, side=SIDES[1]), "an Imperial counter")
    costly = [c for c, spec in data.counters.items() if spec.kind in data.costs]
    return [
        _template(act.Deploy, [("counter", orks), ("area", areas)], "set-up (BFA-SETUP-07)"),
        _template(act.Plan, _plan_fields(data), "strategy segment (BFA-STRAT-03)"),
        _template(act.Move, [("counter", units), ("area", areas)], "movement (BFA-MOVE-02)"),
        _template(act.Attack, _attack_fields(data), "combat (BFA-COMBAT-01/06)"),
        _template(act.PlayCard, _card_fields(data), "special cards (BFA-CARDS-02)"),
        _template(Pass, [("what", _choice(PASSES, _list(PASSES)))], "end a step"),
        _template(
            Reroll,
            [("reroll", _choice((True, False), "re-roll or keep"))],
            "Ghazghkull (BFA-COMBAT-20)",
        ),
        _template(act.Lose, [("counter", units)], "the owner's loss (BFA-COMBAT-17)"),
        _template(act.Eliminate, [("counter", every)], "over-stacking (BFA-STACK-05)"),
        _template(
            act.RetreatTo,
            [("counter", units), ("area", areas)],
            "retreat one area (BFA-RETREAT-01)",
        ),
        _template(act.Advance, [("counter", units)], "after combat (BFA-COMBAT-19)"),
        _template(
            act.Buy,
            [("counter", _choice(costly, "a counter with a cost"))],
            "buy onto the track (BFA-BUILD-08)",
        ),
        _template(act.Rebuild, [("area", areas)], "smoking ruins (BFA-GAP-10)"),
        _template(
            act.Place, [("counter", imperial), ("area", areas)], "place a counter (BFA-BUILD-15)"
        ),
        _template(
            act.Return, [("counter", orks), ("area", areas)], "return a counter (BFA-BUILD-17)"
        ),
    ]


def _chance(data: ArmageddonData) -> list[Template]:
    decks: dict[Hashable, Domain] = {
        side: _choice([c for c, card in data.special.items() if card.side == side], "a card")
        for side in SIDES
    }
    return [
        _template(Roll, [("value", Integers(1, 6))], "a D6 (BFA-GAME-04)"),
        _template(
            act.Draw,
            [
                ("side", _choice(SIDES, _list(SIDES))),
                ("card", Dependent("side", decks, "one of its cards")),
            ],
            "a special card dealt (BFA-CARDS-01)",
        ),
    ]


def _counters(data: ArmageddonData, *, side: str | None = None, unit: bool = False) -> list[str]:
    """Counter ids in manifest order: of one side, or only the units (no structures)."""
    return [
        c
        for c, spec in data.counters.items()
        if (side is None or spec.side == side) and not (unit and spec.structure)
    ]


def _plan_fields(data: ArmageddonData) -> list[tuple[str, Domain]]:
    """Two different strategy cards of one side, top card first (BFA-STRAT-03)."""
    cards = data.strategy
    seconds: dict[Hashable, Domain] = {
        first: _choice(
            [c for c, card in cards.items() if card.side == spec.side and c != first],
            "another card of that side",
        )
        for first, spec in cards.items()
    }
    return [
        ("first", _choice(cards, "a strategy card")),
        ("second", Dependent("first", seconds, "another card of that side")),
    ]


def _attack_fields(data: ArmageddonData) -> list[tuple[str, Domain]]:
    """The target, then its attackers: a non-empty subset of its neighbours (BFA-COMBAT-06)."""
    board = data.board
    stacks: dict[Hashable, Domain] = {
        area: _subset(sorted(board.neighbours(area)), min_size=1) for area in board.ids
    }
    return [
        ("target", _choice(board.ids, "the target area")),
        ("stacks", Dependent("target", stacks, "adjacent areas attacking (sorted)")),
    ]


def _card_fields(data: ArmageddonData) -> list[tuple[str, Domain]]:
    """The card, then its target: an area, a tribe or nothing, by the card."""
    areas = _choice(data.board.ids, "an area")
    tribes = _choice(TRIBES, "a tribe")
    none = _choice(("",), "no target")
    aimed: dict[Hashable, Domain] = {
        card: areas if card in AIMED_AT_AREA else tribes if card in AIMED_AT_TRIBE else none
        for card in data.special
    }
    return [
        ("card", _choice(data.special, "a special card")),
        ("target", Dependent("card", aimed, "its area, tribe or nothing")),
    ]


# The domains' attrs converters (``tuple``) leave their ``__init__`` untyped for mypy: these
# build them from typed arguments.


def _choice(values: Iterable[Hashable], label: str = "") -> Choice:
    return Choice(tuple[Any, ...](values), label)


def _subset(values: Iterable[Hashable], min_size: int = 0) -> Subset:
    return Subset(tuple[Any, ...](values), min_size=min_size)


def _template(kind: type, fields: Iterable[tuple[str, Domain]], note: str = "") -> Template:
    return Template(kind, tuple[Any, ...](fields), note)


def templates_markdown(space: ActionSpace) -> str:
    """The templates of a space as a Markdown table: first id, number of ids, fields (the
    docs page prints the decisions and the chance outcomes)."""
    rows = ["| action | first id | ids | fields |", "|---|---|---|---|"]
    for row, template in zip(space.layout(), space.templates, strict=True):
        fields = row["fields"].split("(", 1)[1][:-1]
        rows.append(
            f"| `{row['kind']}` | {row['first']:,} | {row['count']:,} | {fields}"
            f"{' — ' + template.note if template.note else ''} |"
        )
    return "\n".join(rows)


def _list(values: Iterable[str]) -> str:
    return " or ".join(values)
