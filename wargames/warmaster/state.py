"""The state of a game of The Warmaster.

A state is a frozen value: where every counter is (an area id, or an off-map box such as
``@cup``), which Traitor counters are face down, the cup (counter types, drawn at random), the
Imperial groups formed at set-up, units sent back to reserve by a teleport mishap, the turn and
phase, who controls the Bridge, the destroyed areas, who controls each area (research 3.1,
public), whether the optional warp instability is on, and a stack of pending *tasks* — the steps
of the sequence of play still to be done, the top one being the decision (or die roll) the
game waits for. :mod:`wargames.warmaster.flow` and the phase modules define the tasks.

Hidden information: :meth:`WarmasterState.view` for the Imperial player moves every face-down
or cupped Traitor counter to ``@hidden``, lists face-down counters only by where their backs
lie (:attr:`WarmasterState.backs`, all Eye of Horus backs) and shows the cup only as a count.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from operator import attrgetter, is_
from typing import TYPE_CHECKING, Any, ClassVar, Self

import attrs
import numpy as np

from wargames.core import counters
from wargames.core.caches import PER_DATA
from wargames.core.cards import Pile
from wargames.core.codec import SCENARIO, saved
from wargames.core.engine import Action, Player
from wargames.core.errors import UnknownPlayerError
from wargames.core.sources import state_setup
from wargames.core.tasks import Task, TaskState, relabel
from wargames.warmaster import actions as act
from wargames.warmaster import whereabouts
from wargames.warmaster.data import (
    EMPEROR,
    HORUS,
    IMPERIAL,
    PACKAGE,
    SIDES,
    TRAITOR,
    UnitSpec,
    WarmasterData,
    default_data,
)
from wargames.warmaster.scenario import Setup, load_setup

# Off-map boxes (every other location is an area id).
UNPLACED = "@unplaced"  # a Traitor starting unit not yet set up
CUP = "@cup"  # a Traitor reinforcement in the cup (WM-SETUP-03)
POOL = "@pool"  # an Imperial unit not yet teleported aboard (WM-SETUP-04, -06)
WARP = "@warp"  # drawn from the cup, teleporting
RESERVE = "@reserve"  # sent back by a teleport mishap, teleports again next phase
DEAD = "@dead"  # destroyed or removed from the game (WM-DESTROY-01)
OUT = "@out"  # a counter of the manifest the scenario does not use
HIDDEN = "@hidden"  # in a view: a counter the viewer may not identify
UNKNOWN = "?"  # in a view: a counter in the cup


def other(side: str) -> str:
    """The opposing side."""
    return TRAITOR if side == IMPERIAL else IMPERIAL


Manifest = counters.Manifest[UnitSpec]


@lru_cache(maxsize=PER_DATA)
def manifest(data: WarmasterData) -> Manifest:
    """Every individual counter of ``data`` (instance ids) on the ship's map."""
    return counters.Manifest.of(
        ((c, data.spec(c)) for c in data.instances()),
        players=SIDES,
        areas=data.board.ids,
        side=lambda spec: spec.side,
    )


@saved("warmaster/state")
@attrs.frozen(slots=False)
class WarmasterState(TaskState):
    """A position in The Warmaster (see the module docstring)."""

    game: ClassVar[str] = "warmaster"
    players: ClassVar[tuple[Player, ...]] = SIDES
    kept_memo: ClassVar[Mapping[str, frozenset[str]]] = {
        "index": frozenset({"where"}),
        "hidden": frozenset({"where", "face_down", "secret_dead"}),
    }
    """Where-is-what lookups hold while no counter moves; what the Imperial player may not
    identify while no counter moves or turns face up."""
    saved_modules: ClassVar[tuple[str, ...]] = tuple(
        f"wargames.warmaster.{m}" for m in ("battle", "flow", "movement", "specials", "teleport")
    )

    data: WarmasterData = attrs.field(eq=False, repr=False, metadata=SCENARIO)
    setup: Setup = attrs.field(eq=attrgetter("source"), repr=False, metadata=SCENARIO)
    """The scenario: part of equality through its source (id, or name and hash)."""
    where: tuple[str, ...]
    face_down: frozenset[str] = frozenset()
    """Traitor counters on the ship still face down (WM-HIDDEN-01)."""
    cup: Pile = attrs.field(factory=Pile)
    """Counter types in the cup, one entry per counter (WM-SETUP-03)."""
    groups: tuple[tuple[str, ...], ...] = ()
    """Imperial groups formed at set-up, in teleport order, the Emperor's first (WM-REINF-02)."""
    reserve: tuple[tuple[str, ...], ...] = ()
    """Bodies of units sent back to reserve, teleporting again at their side's next
    Reinforcements phase (teleport mishaps)."""
    turn: int = 0
    """0 during set-up, then the game turn."""
    phase: str = "set-up"
    bridge: str | None = TRAITOR
    """Who controls the Bridge (WM-BRIDGE-01, -02); ``None`` once it is destroyed."""
    destroyed: frozenset[str] = frozenset()
    control: frozenset[str] = frozenset()
    """Areas the Imperial player controls (specials ``control``, research 3.1, WM-GAP-05); the
    Traitor controls every other intact area, nobody a destroyed one (:meth:`controller`).
    Changes hands only at the end of a Battle phase. Not the Bridge control of
    :attr:`bridge`."""
    moved: frozenset[str] = frozenset()
    """Units that moved in this Movement phase (WM-MOVE-06)."""
    retreated: frozenset[str] = frozenset()
    """Units that retreated in this Battle phase (WM-RETREAT-06, -07, -09)."""
    fought: frozenset[str] = frozenset()
    """Areas already fought over in this Battle phase (WM-COMBAT-03)."""
    doomed: tuple[str, ...] = ()
    """Losses chosen for the result being applied, destroyed together (WM-VICTORY-04)."""
    screens: int | None = None
    """The turn the Imperial player took the Defensive Screens (the fleet's lasers fire from
    his next turn; specials ``fleet_lasers``)."""
    laser_hits: int = 0
    """Areas destroyed by the fleet's lasers (specials ``ship_breakup``)."""
    turn_cap: int | None = None
    """Optional turn limit (off in the rulebook, WM-VICTORY-05, WM-GAP-20)."""
    warp_instability: bool = False
    """The optional warp instability (specials ``warp_instability``, research 3.5.3): the
    scenario's option unless the game option overrides it."""
    secret_dead: frozenset[str] = frozenset()
    """Traitor counters destroyed while face down (an over-stacking loss): the Imperial player
    never learns what they were (WM-HIDDEN-01, -05)."""
    backs: tuple[str, ...] = ()
    """In an Imperial view only: where the counters he may not identify lie (on the ship, dead,
    not yet placed or teleporting), one entry per counter; the cup is only a count."""

    if TYPE_CHECKING:
        _ix: dict[str, int]
        _counters: Manifest

    def __attrs_post_init__(self) -> None:
        # the manifest and its counter id -> position in ``where``: not fields, shared by
        # every evolved copy
        found = manifest(self.data)
        object.__setattr__(self, "_counters", found)
        object.__setattr__(self, "_ix", found.index)
        super().__attrs_post_init__()

    # -- protocol -----------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return act.parse(text)

    # -- counters -----------------------------------------------------------------------------

    @property
    def manifest(self) -> Manifest:
        return self._counters

    def spec(self, counter: str) -> UnitSpec:
        return self._counters.specs[self._ix[counter]]  # not the property: every step asks

    def side_of(self, counter: str) -> str:
        return self.spec(counter).side

    def location(self, counter: str) -> str:
        return self.where[self._ix[counter]]

    def aboard(self, counter: str) -> bool:
        return self.location(counter) in self.data.board

    def move_counters(
        self, moves: list[tuple[str, str]] | tuple[tuple[str, str], ...], **changes: Any
    ) -> Self:
        """The state with each ``(counter, location)`` moved there, and the other ``changes``
        made in the same copy; a where-is-what index already built is carried over, updated
        where counters moved (:func:`wargames.warmaster.whereabouts.moved`)."""
        where, changed = counters.relocated(self.where, self._ix, moves)
        new = self.evolve(where=where, **changes)
        old: counters.Placement | None = self._memo.get("index")
        if old is not None:
            new._memo["index"] = whereabouts.moved(old, changed)
        return new

    def move_counter(self, counter: str, location: str, **changes: Any) -> Self:
        """:meth:`move_counters` for one counter."""
        i = self._ix[counter]
        where = self.where
        new = self.evolve(where=(*where[:i], location, *where[i + 1 :]), **changes)
        old: counters.Placement | None = self._memo.get("index")
        if old is not None:
            new._memo["index"] = whereabouts.moved_one(old, counter, where[i], location)
        return new

    def _index(self) -> counters.Placement:
        """Where is what (:mod:`wargames.core.counters`)."""
        found: counters.Placement | None = self._memo.get("index")
        if found is None:
            found = counters.placement(self, self._counters)
        return found

    def counters_at(self, location: str) -> tuple[str, ...]:
        """Every counter in an area or box, both sides, in manifest order."""
        return self._index().at.get(location, ())

    def units(self, area: str, side: str) -> tuple[str, ...]:
        """``side``'s counters in ``area`` (face-down ones included), in manifest order."""
        index: counters.Placement = self._memo.get("index") or self._index()
        return index.units[side].get(area, ())

    def stacks(self, side: str) -> Mapping[str, tuple[str, ...]]:
        """Area -> ``side``'s counters there (face-down ones included), for every area it
        occupies, each in manifest order."""
        return self._index().units[side]

    def count(self, area: str, side: str) -> int:
        """How many of ``side``'s counters are in ``area`` (unidentified backs included)."""
        n = len(self.units(area, side))
        if side == TRAITOR and self.backs:
            n += self.backs.count(area)
        return n

    def occupied(self, side: str) -> frozenset[str]:
        """Areas holding any counter of ``side``, face-down ones included (WM-HIDDEN-06); in
        an Imperial view the Traitor's unidentified backs count too."""
        index: counters.Placement = self._memo.get("index") or self._index()
        found = index.occupied[side]
        if self.backs and side == TRAITOR:
            found |= {a for a in self.backs if a in self.data.board}
        return found

    def controller(self, area: str) -> str | None:
        """Who controls ``area`` (research 3.1): the Imperial player for the areas of
        :attr:`control`, the Traitor for every other intact area, nobody for a destroyed area
        or an id that is not an area."""
        if area not in self.data.board or area in self.destroyed:
            return None
        return IMPERIAL if area in self.control else TRAITOR

    def fighters(self, area: str, side: str) -> tuple[str, ...]:
        """``side``'s face-up counters in ``area`` that take part in battles."""
        return tuple(
            [c for c in self.units(area, side) if c not in self.face_down and self.spec(c).fights]
        )

    def contested(self) -> tuple[str, ...]:
        """Areas where both sides have counters, sorted."""
        both = self.occupied(IMPERIAL) & self.occupied(TRAITOR)
        return tuple(sorted(both))

    def aboard_units(self, side: str) -> tuple[str, ...]:
        """``side``'s counters on the ship, in manifest order."""
        return self._index().on_map(side)

    def in_box(self, box: str) -> tuple[str, ...]:
        return self.counters_at(box)

    def kill(self, counters: tuple[str, ...] | list[str]) -> Self:
        """Destroy ``counters`` together (WM-DESTROY-01); the game ends at once if the Emperor
        or Horus is among the dead, a draw if both are (WM-VICTORY-01 to -04)."""
        if not counters:
            return self
        unseen = self.face_down.intersection(counters) - {HORUS}
        s = self.move_counters(
            [(c, DEAD) for c in counters],
            face_down=self.face_down - set(counters),
            secret_dead=self.secret_dead | unseen,
        )
        emperor = s.location(EMPEROR) == DEAD
        horus = s.location(HORUS) == DEAD
        if emperor and horus:
            return s.end(None, "the Emperor and Horus fell together")
        if emperor:
            return s.end(TRAITOR, "the Emperor is dead")
        if horus:
            return s.end(IMPERIAL, "Horus is dead")
        return s

    @property
    def allowance(self) -> dict[str, int]:
        """Each side's movement allowance this turn (WM-BRIDGE-05 to -07)."""
        found: dict[str, int] | None = self._memo.get("allowance")
        if found is None:
            found = self._memo["allowance"] = self._allowance()
        return found

    def _allowance(self) -> dict[str, int]:
        rule = self.data.movement
        gone = self.data.bridge in self.destroyed or self.bridge is None
        sabotage = self.data.specials.reactor_sabotage
        if self.setup.reactor_sabotage and sabotage.all_reactors_lost_bridge:
            gone = gone or all(r in self.destroyed for r in self.data.reactors)
        return {side: rule.allowance(self.bridge == side, gone) for side in SIDES}

    # -- serialisation and views ---------------------------------------------------------------

    def saved_scenario(self) -> str | dict[str, Any]:
        """A saved state names a shipped set-up by its id and carries a user's in full
        (:meth:`~wargames.core.sources.ScenarioSource.saved`); the ship's data is shipped."""
        return self.setup.source.saved()

    @classmethod
    def scenario_fields(cls, saved: Any) -> dict[str, Any]:
        """The set-up a saved state names, read back without opening a file."""
        data = default_data()
        return {"data": data, "setup": state_setup(saved, PACKAGE, lambda s: load_setup(s, data))}

    def view(self, player: Player) -> Self:
        """What ``player`` sees. The Traitor set the counters up and sees everything; the
        Imperial player sees face-down counters only as backs and the cup only as a count
        (WM-HIDDEN-01, WM-REINF-07)."""
        if player not in SIDES:
            raise UnknownPlayerError(player, SIDES)
        if player == TRAITOR:
            seen = self.evolve()
        else:
            hidden = self.hidden_from(player)
            ix = self._ix
            where = list(self.where)
            backs: list[str] = []
            for c in hidden:
                i = ix[c]
                if where[i] != CUP:
                    backs.append(where[i])
                where[i] = HIDDEN
            seen = self.evolve(
                where=tuple(where),
                face_down=frozenset(),
                secret_dead=frozenset(),
                cup=Pile((UNKNOWN,) * len(self.cup)),
                backs=tuple(sorted(backs)),
                tasks=hide_in_tasks(self.tasks, dict.fromkeys(hidden, UNKNOWN)),
            )
        return self.share(seen, player)

    def hidden_from(self, player: Player) -> frozenset[str]:
        """The counters ``player`` may not identify. The Traitor set everything up and sees it
        all; the Imperial player may not identify the face-down counters (WM-HIDDEN-01), the
        starting units not yet placed or destroyed unseen (WM-HIDDEN-05), nor the
        reinforcements in the cup or drawn from it and not yet arrived (WM-REINF-07, -09)."""
        if player not in SIDES:
            raise UnknownPlayerError(player, SIDES)
        if player == TRAITOR:
            return frozenset()
        found: frozenset[str] | None = self._memo.get("hidden")
        if found is None:
            warping = (c for c in self.in_box(WARP) if self.side_of(c) == TRAITOR)
            found = self._memo["hidden"] = (
                self.face_down
                | self.secret_dead
                | frozenset(self.in_box(CUP))
                | frozenset(self.in_box(UNPLACED))
                | frozenset(warping)
            )
        return found

    def resample_hidden(self, player: Player, rng: np.random.Generator) -> Self:
        """A full state consistent with what ``player`` sees, drawn at random: for search
        bots, as OpenSpiel's resampling. The Traitor sees everything (the state itself). For
        the Imperial player the counters he may not identify are dealt out again over the same
        places, every arrangement equally likely, starting units (Eye of Horus backs) among
        starting units, reinforcements (skull backs: the cup and any drawn counter teleporting)
        among reinforcements, as the backs tell them apart."""
        hidden = self.hidden_from(player)
        if not hidden:
            return self.evolve()
        ids = self.manifest.ids
        starting = [c for c in ids if c in hidden and self.spec(c).starts_face_down]
        reinforcing = [c for c in ids if c in hidden and not self.spec(c).starts_face_down]
        dealt = {**self._deal(starting, rng), **self._deal(reinforcing, rng)}
        state = self.move_counters([(c, self.location(old)) for old, c in dealt.items()])
        board = self.data.board
        return state.evolve(
            face_down=frozenset(c for c in starting if state.location(c) in board),
            secret_dead=frozenset(c for c in starting if state.location(c) == DEAD),
            cup=Pile.of(state.spec(c).id for c in state.in_box(CUP)),
            tasks=relabel(self.tasks, dealt),
        )

    def _deal(self, pool: list[str], rng: np.random.Generator) -> dict[str, str]:
        """Deal the counters of ``pool`` out again over their places, every arrangement
        equally likely: counter -> the counter that takes its place. Horus is never among the
        dead (his death ends the game, WM-VICTORY-03), so he is dealt first, to a place on
        or off the ship that is not the dead box."""
        places = list(pool)
        dealt: dict[str, str] = {}
        if HORUS in places:
            living = [c for c in places if self.location(c) != DEAD]
            spot = living[int(rng.integers(len(living)))]
            dealt[spot] = HORUS
            places.remove(spot)
        others = [c for c in pool if c != HORUS]
        for spot, i in zip(places, rng.permutation(len(others)), strict=True):
            dealt[spot] = others[int(i)]
        return dealt

    def redact(self, action: Action, player: Player) -> str:
        """``action`` (taken in this state) as ``player`` may read it: the Imperial player
        reads ``?`` for the counters he may not identify (:mod:`wargames.warmaster.redact`)."""
        from wargames.warmaster.redact import redact

        return redact(self, action, player)

    def invariant_violations(self) -> list[str]:
        from wargames.warmaster.invariants import violations

        return violations(self)

    def saved_state_violations(self) -> list[str]:
        """What reading a saved state back checks besides the invariants: a turn pending
        below the steps (:func:`~wargames.warmaster.invariants.sequence_violations`)."""
        from wargames.warmaster.invariants import sequence_violations

        return sequence_violations(self)

    def __str__(self) -> str:
        held = " ".join(sorted(self.control)) or "none"
        lines = [
            f"The Warmaster, turn {self.turn}, {self.phase}; Bridge: {self.bridge}; "
            f"Imperial control: {held}"
        ]
        if self.destroyed:
            lines.append(f"  destroyed: {' '.join(sorted(self.destroyed))}")
        for area in self.data.board.ids:
            parts = []
            for side in SIDES:
                shown = [f"[{c}]" if c in self.face_down else c for c in self.units(area, side)]
                if side == TRAITOR:
                    shown += ["[eye]"] * self.backs.count(area)
                if shown:
                    parts.append(f"{side}: {' '.join(shown)}")
            if parts:
                lines.append(f"  {area} {self.data.board[area].name}: " + "; ".join(parts))
        if self.result is not None:
            lines.append(str(self.result))
        return "\n".join(lines)


def hide_in_tasks(tasks: tuple[Task[Any], ...], names: Mapping[str, str]) -> tuple[Task[Any], ...]:
    """The pending steps with every counter id of ``names`` replaced by its new name: what
    :func:`wargames.core.tasks.relabel` gives (unchanged steps are the same objects), quicker
    for the values a step of The Warmaster holds (names, numbers, tuples of them, a
    :class:`~wargames.warmaster.battle.Battle`); the Imperial view writes ``?`` for the
    counters he may not identify (WM-HIDDEN-01)."""
    items = tuple(_renamed(t, names) for t in tasks)
    return tasks if all(map(is_, items, tasks)) else items


_INIT_FIELDS: dict[type, tuple[str, ...]] = {}
"""A step class (or a value a step holds) -> the names of its fields, in order."""


def _renamed(value: Any, names: Mapping[str, str]) -> Any:
    kind = type(value)
    if kind is str:
        return names.get(value, value)
    if value is None or kind is int or kind is bool:
        return value
    if kind is tuple:
        items = tuple(_renamed(v, names) for v in value)
        return value if all(map(is_, items, value)) else items
    fields = _INIT_FIELDS.get(kind)
    if fields is None:
        if not attrs.has(kind):
            return relabel(value, names)
        fields = _INIT_FIELDS[kind] = tuple(f.name for f in attrs.fields(kind) if f.init)
    changes: dict[str, Any] = {}
    for name in fields:
        old = getattr(value, name)
        new = _renamed(old, names)
        if new is not old:
            changes[name] = new
    return attrs.evolve(value, **changes) if changes else value


__all__ = [
    "CUP",
    "DEAD",
    "HIDDEN",
    "OUT",
    "POOL",
    "RESERVE",
    "UNPLACED",
    "WARP",
    "WarmasterState",
    "other",
]
