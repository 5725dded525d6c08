"""The state of a game of Battle for Armageddon.

A state is a frozen value. Where every counter is (an area id, or an off-map box such as
``@pool``), which hives and factories show their smoking ruins, the cards, the turn and segment,
and a stack of pending *tasks* — the steps of the sequence of play still to be done, the top one
being the decision (or die roll) the game waits for. :mod:`wargames.armageddon.flow` and the
phase modules define the tasks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

import attrs

from wargames.armageddon import actions as act
from wargames.armageddon.data import (
    IMPERIUM,
    ORKS,
    PACKAGE,
    SIDES,
    ArmageddonData,
    CounterSpec,
    default_data,
)
from wargames.armageddon.mapbits import MapBits, map_bits
from wargames.armageddon.placement import Placement
from wargames.armageddon.scenario import Setup, load_setup
from wargames.core import counters
from wargames.core.caches import PER_DATA
from wargames.core.cards import Deck, Pile
from wargames.core.codec import SCENARIO, saved
from wargames.core.engine import CHANCE, Action, Player
from wargames.core.errors import UnknownPlayerError
from wargames.core.sources import state_setup
from wargames.core.tasks import TaskState

if TYPE_CHECKING:
    pass

# Off-map boxes a counter can be in (every other location is an area id).
UNPLACED = "@unplaced"  # an Ork counter not yet deployed
POOL = "@pool"  # an Imperial counter set aside at the start (BFA-SETUP-05)
DEAD = "@dead"  # eliminated
READY = "@ready"  # the production track's 'ready' box
ARRIVING = "@arriving"  # a reinforcement that has not arrived yet
TRACK = "@track"  # followed by the space number: "@track2"


def off_map_places(data: ArmageddonData) -> tuple[str, ...]:
    """The places off the map a counter may be in, in order: the boxes, then the spaces of the
    production track as far as the farthest build cost puts a counter (BFA-BUILD-06)."""
    spaces = max((c.space for c in data.costs.values()), default=0)
    return (UNPLACED, POOL, DEAD, READY, ARRIVING, *(f"{TRACK}{k}" for k in range(1, spaces + 1)))


HIDDEN = "?"

MOVES_SINCE = "index-moves"
"""Memo key: an earlier state's where-is-what index and the ``(counter, from, to)`` moves made
since, for a state whose own index is not built yet. A move of counters carries them to the
next state; the index is brought up to date only when asked (a movement phase's moves ask for
none of it until the phase ends), every move at once."""

MOVES_KEPT = 32
"""At most this many moves wait for the index before it is brought up to date anyway."""


T = TypeVar("T")
UNSET = object()
"""What :meth:`ArmageddonState.once` finds for a key not yet worked out."""


@lru_cache(maxsize=64)
def backs(n: int) -> Pile:
    """``n`` cards seen from the back (made once per size; a hand or deck holds a few dozen)."""
    return Pile((HIDDEN,) * n)


def other(side: str) -> str:
    """The opposing side."""
    return IMPERIUM if side == ORKS else ORKS


def acting_side(segment: int, initiative: str | None) -> str | None:
    """The side acting in action segment ``segment``: the initiative holder in the first and
    third, the other side in the second and fourth (BFA-STRAT-06); None outside them."""
    if not 1 <= segment <= 4 or initiative is None:
        return None
    return initiative if segment % 2 == 1 else other(initiative)


def side_index(side: str) -> int:
    return 0 if side == ORKS else 1


Manifest = counters.Manifest[CounterSpec]


@lru_cache(maxsize=PER_DATA)
def manifest(data: ArmageddonData) -> Manifest:
    """The counters of ``data`` on its map; hives, factories and forts are no units."""
    return counters.Manifest.of(
        data.counters.items(),
        players=SIDES,
        areas=data.board.ids,
        side=lambda spec: spec.side,
        unit=lambda spec: not spec.structure,
    )


@lru_cache(maxsize=PER_DATA)
def _structures(data: ArmageddonData) -> tuple[str, ...]:
    """The hive, factory and fortification counters, in manifest order."""
    return tuple(c for c, spec in data.counters.items() if spec.structure)


@lru_cache(maxsize=PER_DATA)
def _structures_set(data: ArmageddonData) -> frozenset[str]:
    return frozenset(_structures(data))


def _structures_by_location(s: ArmageddonState) -> dict[str, tuple[str, ...]]:
    """Location -> the structures there, in manifest order: one pass over the few structure
    counters (they never move but to the dead box)."""
    found: dict[str, list[str]] = {}
    where, index = s.where, s.manifest.index
    for c in _structures(s.data):
        found.setdefault(where[index[c]], []).append(c)
    return {loc: tuple(cs) for loc, cs in found.items()}


@lru_cache(maxsize=PER_DATA)
def _sides(data: ArmageddonData) -> dict[str, frozenset[str]]:
    """Side -> its counters."""
    return {
        side: frozenset(c for c, spec in data.counters.items() if spec.side == side)
        for side in SIDES
    }


@lru_cache(maxsize=PER_DATA * 8)
def _of_kind(data: ArmageddonData, kind: str) -> tuple[str, ...]:
    return tuple(c for c, spec in data.counters.items() if spec.kind == kind)


@saved("armageddon/state")
@attrs.frozen(slots=False)
class ArmageddonState(TaskState):
    """A position in Battle for Armageddon (see the module docstring)."""

    game: ClassVar[str] = "armageddon"
    players: ClassVar[tuple[Player, ...]] = SIDES
    kept_memo: ClassVar[Mapping[str, frozenset[str]]] = {
        "index": frozenset({"where", "ruined"}),
        MOVES_SINCE: frozenset({"where", "ruined"}),
        "structures": frozenset({"where"}),
    }
    """Where-is-what lookups hold while no counter moves and nothing is ruined."""
    shared_with_view: ClassVar[tuple[str, ...]] = (
        "legal",
        "legal_set",
        "index",
        MOVES_SINCE,
        "player",
    )
    saved_modules: ClassVar[tuple[str, ...]] = tuple(
        f"wargames.armageddon.{m}"
        for m in ("build", "combat", "flow", "movement", "phases", "specials", "supply")
    )

    data: ArmageddonData = attrs.field(eq=False, repr=False, metadata=SCENARIO)
    setup: Setup = attrs.field(eq=attrgetter("source"), repr=False, metadata=SCENARIO)
    """The scenario's set-up: part of equality through its source (id, or name and hash)."""
    where: tuple[str, ...]
    ruined: frozenset[str] = frozenset()
    build_points: int = 20
    turn: int = 1
    segment: int = 0
    """0 set-up or strategy, 1-4 the action segments, 5 victory."""
    initiative: str | None = None
    plans: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """Each side's strategy stack, top card first (cards still to reveal)."""
    card: str | None = None
    """The strategy card revealed in the current action segment."""
    phase: str | None = None
    hands: tuple[Pile, Pile] = (Pile(), Pile())
    decks: tuple[Deck, Deck] = (Deck(), Deck())
    played: frozenset[str] = frozenset()
    """Sides that have played a special card in this action segment (BFA-CARDS-03)."""
    effects: frozenset[str] = frozenset()
    """Card effects in force this segment: ``waaagh``, ``ere-we-go:AREA``, ``kult:TRIBE``..."""
    used: frozenset[str] = frozenset()
    """Counters that moved (movement phase) or attacked (combat phase) in this phase."""
    attacked: frozenset[str] = frozenset()
    """Enemy areas already attacked in this combat phase (BFA-COMBAT-05)."""
    retreated: frozenset[str] = frozenset()
    """Counters that retreated in this combat phase (BFA-RETREAT-07..10)."""
    rebuilding: frozenset[str] = frozenset()
    """Ruins paid for in this build phase; they flip face up when it ends."""

    if TYPE_CHECKING:
        _ix: dict[str, int]
        _counters: Manifest
        bits: MapBits
        """The board's areas as bitsets (:mod:`wargames.armageddon.mapbits`): an attribute set
        once, not a property (read at almost every step)."""

    def __attrs_post_init__(self) -> None:
        # the manifest, its counter id -> position in ``where`` and the map's bitsets: not
        # fields, shared by every evolved copy
        found = manifest(self.data)
        object.__setattr__(self, "_counters", found)
        object.__setattr__(self, "_ix", found.index)
        object.__setattr__(self, "bits", map_bits(self.data))
        super().__attrs_post_init__()

    # -- protocol -----------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return act.parse(text)

    # -- the task stack -------------------------------------------------------------------------

    def once(self, key: str, compute: Callable[[], T]) -> T:
        """``compute()`` worked out once for this state: kept in its memo under ``key`` (for
        what several steps of one listing or of one action ask of the same position)."""
        memo = self._memo
        found: T = memo.get(key, UNSET)  # not a KeyError caught: most keys are asked once
        if found is UNSET:
            found = memo[key] = compute()
        return found

    # -- counters -----------------------------------------------------------------------------

    @property
    def manifest(self) -> Manifest:
        return self._counters

    def spec(self, counter: str) -> CounterSpec:
        return self.data.counters[counter]

    def location(self, counter: str) -> str:
        """Where ``counter`` is: an area id, or an off-map box such as ``@pool``."""
        return self.where[self._ix[counter]]

    def move_counters(self, moves: Iterable[tuple[str, str]], **changes: Any) -> Self:
        """The state with each ``(counter, location)`` moved there (and the other ``changes``
        made in the same copy); an index already built is carried over, updated where counters
        moved."""
        where, changed = counters.relocated(self.where, self._ix, moves)
        new = self.evolve(where=where, **changes)
        memo = self._memo
        if "structures" in memo and _structures_set(self.data).isdisjoint(
            [c for c, _, _ in changed]
        ):
            new._memo["structures"] = memo["structures"]  # no hive, factory or fort moved
        if "ruined" not in changes:
            old: Placement | None = memo.get("index")
            if old is not None:
                new._memo[MOVES_SINCE] = (old, changed)
            elif MOVES_SINCE in memo:
                old, before = memo[MOVES_SINCE]
                if len(before) < MOVES_KEPT:
                    new._memo[MOVES_SINCE] = (old, before + changed)
                else:
                    new._memo["index"] = old.moved(before + changed, self.ruined)
        return new

    def counters_at(self, location: str) -> tuple[str, ...]:
        """Every counter (both sides, structures included) in an area or box, in manifest order."""
        index = self.placement
        if location in self._counters.areas:
            return index.in_area(location, self.ruined, self.where)
        return index.at.get(location, ())

    @property
    def placement(self) -> Placement:
        """Where is what (:mod:`wargames.armageddon.placement`); smoking ruins are in no stack."""
        memo = self._memo
        found: Placement | None = memo.get("index")
        if found is None:
            if MOVES_SINCE in memo:  # an earlier state's index and the moves made since
                old, changed = memo[MOVES_SINCE]
                found = memo["index"] = old.moved(changed, self.ruined)
            else:
                found = memo["index"] = Placement.of(
                    self._counters, self.bits, self.where, self.ruined
                )
        return found

    def stack(self, area: str, side: str) -> tuple[str, ...]:
        """``side``'s counters in ``area`` (its stack, structures included; ruins excluded)."""
        index: Placement = self._memo.get("index") or self.placement
        return index.stacks[side].get(area, ())

    def units(self, area: str, side: str) -> tuple[str, ...]:
        """``side``'s unit counters in ``area``: its stack without hives, factories, forts."""
        index: Placement = self._memo.get("index") or self.placement
        return index.units[side].get(area, ())

    def structures(self, area: str) -> tuple[str, ...]:
        """Hive, factory and fortification counters in ``area``, ruined ones included."""
        return self.once("structures", lambda: _structures_by_location(self)).get(area, ())

    def occupied(self, side: str) -> frozenset[str]:
        """Areas holding at least one of ``side``'s counters (intact structures count, ruins not).

        These are the areas the other side may not enter nor trace supply through
        (BFA-MOVE-05, BFA-SUPPLY-03, BFA-GAP-10).
        """
        return self.placement.occupied(side)

    def stack_areas(self, side: str) -> tuple[str, ...]:
        """Areas where ``side`` has unit counters, sorted."""
        return tuple(sorted(self.placement.units[side]))

    def on_map(self, side: str) -> tuple[str, ...]:
        """``side``'s unit counters on the map (no structures), in manifest order."""
        return self.placement.on_map(side)

    def in_box(self, box: str, side: str | None = None) -> tuple[str, ...]:
        there = self.counters_at(box)
        if side is None:
            return there
        return tuple(filter(_sides(self.data)[side].__contains__, there))

    # -- hives and victory ---------------------------------------------------------------------

    def hives(self) -> tuple[str, ...]:
        """The hive counters (BFA-SETUP-03)."""
        return _of_kind(self.data, "hive")

    def hive_captured(self, hive: str) -> bool:
        """Smoking ruins with an Ork counter in the area (BFA-VICTORY-03/04)."""
        return hive in self.ruined and bool(self.stack(self.location(hive), ORKS))

    def hive_controlled(self, hive: str) -> bool:
        """Face up, or ruins with an Imperial unit in the area (BFA-VICTORY-06/07)."""
        return hive not in self.ruined or bool(self.units(self.location(hive), IMPERIUM))

    def ghazghkull_in_play(self) -> bool:
        return self.location("ghazghkull") in self.data.board

    # -- cards ---------------------------------------------------------------------------------

    def hand(self, side: str) -> Pile:
        return self.hands[side_index(side)]

    def holds(self, side: str, card: str) -> bool:
        return card in self.hands[side_index(side)]

    def may_play(self, side: str, card: str) -> bool:
        """``side`` holds ``card`` and has not played a special card this segment (BFA-CARDS-03)."""
        return side not in self.played and self.holds(side, card)

    def with_hand(self, side: str, hand: Pile) -> Self:
        hands = list(self.hands)
        hands[side_index(side)] = hand
        return self.evolve(hands=(hands[0], hands[1]))

    def with_deck(self, side: str, deck: Deck) -> Self:
        decks = list(self.decks)
        decks[side_index(side)] = deck
        return self.evolve(decks=(decks[0], decks[1]))

    def spend_card(self, side: str, card: str, effect: str | None = None) -> Self:
        """Play ``card``: out of the hand, onto the discards, one per segment (BFA-CARDS-04)."""
        i = side_index(side)
        state = self.with_hand(side, self.hands[i].remove(card))
        state = state.with_deck(side, self.decks[i].discard(card))
        effects = self.effects | {effect} if effect else self.effects
        played = self.played | {side} if 1 <= self.segment <= 4 else self.played
        return state.evolve(played=played, effects=effects)

    @property
    def acting(self) -> str | None:
        """The side whose action segment it is (BFA-STRAT-06)."""
        return acting_side(self.segment, self.initiative)

    # -- serialisation and views ---------------------------------------------------------------

    def saved_scenario(self) -> str | dict[str, Any]:
        """A saved state names a shipped set-up by its id and carries a user's in full
        (:meth:`~wargames.core.sources.ScenarioSource.saved`); the board data is the shipped one."""
        return self.setup.source.saved()

    @classmethod
    def scenario_fields(cls, saved: Any) -> dict[str, Any]:
        """The set-up a saved state names, read back without opening a file."""
        data = default_data()
        return {"data": data, "setup": state_setup(saved, PACKAGE, lambda s: load_setup(s, data))}

    def view(self, player: Player) -> Self:
        """What ``player`` sees: the opponent's hand, draw pile and unrevealed plan are hidden."""
        if player not in SIDES:
            raise UnknownPlayerError(player, SIDES)
        foe = other(player)
        j = side_index(foe)
        hands = list(self.hands)
        decks = list(self.decks)
        plans = list(self.plans)
        hands[j] = backs(len(self.hands[j]))
        decks[j] = Deck(backs(len(self.decks[j].draw)), self.decks[j].discards)
        if not (foe == ORKS and "astropath" in self.effects):
            plans[j] = (HIDDEN,) * len(self.plans[j])
        seen = self.evolve(
            hands=(hands[0], hands[1]), decks=(decks[0], decks[1]), plans=(plans[0], plans[1])
        )
        return self.share(seen, player)

    def redact(self, action: Action, player: Player) -> str:
        """``action`` (taken in this state) as ``player`` may read it: the opponent's plan and
        card draws are hidden, as in :meth:`view` (:mod:`wargames.armageddon.redact`)."""
        from wargames.armageddon.redact import redact

        return redact(self, action, player)

    def invariant_violations(self) -> list[str]:
        from wargames.armageddon.invariants import violations

        return violations(self)

    def __str__(self) -> str:
        from wargames.armageddon.describe import summary

        return summary(self)


__all__ = ["ARRIVING", "CHANCE", "DEAD", "POOL", "READY", "TRACK", "UNPLACED", "ArmageddonState"]
