"""The state of a P-Scale battle: hordes and Officers on a square grid, fighting round by round.

:class:`PScaleState` is a frozen value on the task stack (:class:`~wargames.core.tasks.TaskState`)
whose pending task says who decides (a side, or the dice). It holds the units
(:class:`~wargames.horde.units.Unit`), the round, the per-round records of the action economy
(who has been activated, moved, rallied, split or merged this round) and the scenario it was
set up from (:class:`~wargames.horde.scenario.BattleSetup`, part of equality by its source).

The sequence of play is in :mod:`wargames.horde.flow`, the orders in
:mod:`wargames.horde.orders`, the morale tests in :mod:`wargames.horde.morale_checks`, the
Officers in :mod:`wargames.horde.officers`, the end of the battle in
:mod:`wargames.horde.victory`. This module keeps the position and its look-ups (where is
everything, cached per state and per layout); the questions the rules ask of it are answered in
their own modules: who is in close combat (:mod:`wargames.horde.close_combat`, HMC-COMBAT-01:
adjacent to an enemy unit, diagonals included, HMC-GAP-16), what a side sees and may attack
(:mod:`wargames.horde.visibility`, over the lines of :mod:`wargames.horde.sight`), whom a
Commander may order (:mod:`wargames.horde.command`, HMC-ORDERS-02, HMC-GAP-28) and the
circumstances of an attack (:mod:`wargames.horde.circumstances`). The state is a
:class:`~wargames.horde.combat.strikes.StrikeHost` that says what the numbers of an attack are,
so attacks are resolved by the same tasks as an E-Scale engagement, each die a chance node.

Hidden information: a horde in stealth (HMC-TALENT-01 to -03) cannot be seen by the enemy.
Everything the enemy's decisions depend on ignores it (it neither blocks his sight nor his
moves, nor puts his hordes in close combat); a move that runs into it stops short and
discovers it. :meth:`PScaleState.view` leaves its square out; :meth:`PScaleState.resample_hidden`
draws one.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Mapping
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar, cast

import attrs
import numpy as np

from wargames.core.codec import SCENARIO, saved
from wargames.core.engine import CHANCE, Action, Player
from wargames.core.errors import RuleViolation, UnknownPlayerError
from wargames.core.notation import Roll
from wargames.core.sources import state_setup
from wargames.core.tasks import NOT_DRAWN, OWNED, Task, quick_evolve
from wargames.horde import casualties, circumstances
from wargames.horde.carry import PER_UNIT, carry_layout, carry_toggle, toggled
from wargames.horde.combat.attack import AttackNumbers, attack_numbers
from wargames.horde.combat.rules import DEFAULT, HordeRules
from wargames.horde.combat.strikes import Strike, StrikeHost
from wargames.horde.places import Places
from wargames.horde.scenario import PACKAGE, SIDES, BattleSetup, load_scenario, other_side
from wargames.horde.units import Unit
from wargames.horde.victory import broken_outcome

if TYPE_CHECKING:
    from wargames.horde.battlefield import Battlefield

StrikeKey = tuple[str, str, str, bool, bool, bool, str | None]
fresh_numbers = attack_numbers.__wrapped__
""":func:`~wargames.horde.combat.attack.attack_numbers` without its cache, for the board's
attacks: their contexts recur about 1 % of the time, the cache's look-up (hashing the
context, both hordes and the rules) and its bookkeeping cost more than that saves."""
T = TypeVar("T")

OPENINGS: weakref.WeakKeyDictionary[BattleSetup, dict[str, Any]] = weakref.WeakKeyDictionary()
"""Scenario -> the layout lookups of its opening position (its units as set up): every game of
the scenario starts there and plays its first activations in it, so they are worked out once
per scenario (one entry while the scenario is loaded), not once per game."""
OTHER = {side: other_side(side) for side in SIDES}
"""Side -> the opposing side."""
_new, _set = object.__new__, object.__setattr__


@saved("horde/pscale")
@attrs.frozen(slots=False)
class PScaleState(StrikeHost):
    """A position in a P-Scale battle (see the module docstring)."""

    game: ClassVar[str] = "horde"
    players: ClassVar[tuple[Player, ...]] = SIDES
    kept_fields: ClassVar[Mapping[str, frozenset[str]]] = {
        "_lookups": frozenset({"units", "hidden"}),
        "_eligible_units": frozenset({"units", "hidden", "activated"}),
    }
    """One dictionary of lookups that hold while no unit changes (dice and decisions change
    only the tasks), shared by the copies (:meth:`lookups`); the units each side may activate
    (:func:`~wargames.horde.flow.eligible`)."""

    saved_modules: ClassVar[tuple[str, ...]] = tuple(
        f"wargames.horde.{m}"
        for m in (
            "flow",
            "morale_checks",
            "moves",
            "orders",
            "reshape",
            "combat.strikes",
            "withdrawal",
        )
    )

    setup: BattleSetup = attrs.field(eq=attrgetter("source"), repr=False, metadata=SCENARIO)
    """The scenario: part of equality through its source (id, or name and hash)."""
    rules: HordeRules
    rounds: int
    """The mission's length in rounds (the research notes: 10)."""
    units: tuple[Unit, ...]
    round: int = 0
    initiative: str = "blue"
    """The side activating first this round (HMC-GAP-04)."""
    passed: frozenset[str] = frozenset()
    """Sides that give no more orders this round."""
    activated: frozenset[str] = frozenset()
    """Units activated this round (one activation each, HMC-ORDERS-19)."""
    moved: frozenset[str] = frozenset()
    """Units that moved this round (HMC-OFFICER-06)."""
    no_move: frozenset[str] = frozenset()
    """Hordes that may not move this round: an Officer who had moved joined them
    (HMC-OFFICER-06)."""
    rallied: frozenset[str] = frozenset()
    """Units given Rally! this round (one test a round, HMC-ORDERS-15)."""
    reshaped: frozenset[str] = frozenset()
    """Hordes that split this round, and those split from them (HMC-GAP-26)."""
    tested: frozenset[str] = frozenset()
    """Hordes that took the 25%-loss morale test this round (research O9)."""
    quartered: frozenset[str] = frozenset()
    """Hordes that have fallen to 25% of their starting Magnitude (research O10,
    HMC-TALENT-08)."""
    hidden: frozenset[str] = frozenset()
    """In a view only: enemy hordes in stealth, whose squares the viewer does not know."""
    _lookups: dict[str, Any] | None = attrs.field(init=False, default=None, eq=False, repr=False)
    """:meth:`lookups` (:attr:`kept_fields`)."""
    _eligible_units: dict[str, Any] | None = attrs.field(
        init=False, default=None, eq=False, repr=False
    )
    """:func:`~wargames.horde.flow.eligible`'s memo (:attr:`kept_fields`)."""
    field: Battlefield = attrs.field(
        init=False,
        default=attrs.Factory(lambda s: s.setup.field, takes_self=True),
        eq=False,
        repr=False,
    )
    """The scenario's board (:attr:`setup`), kept with the state: every step asks for it."""

    # -- units ----------------------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """The round (what :class:`~wargames.core.engine.Outcome` calls the turn)."""
        return self.round

    def lookups(self) -> dict[str, Any]:
        """Cached values that depend only on the units (and on what a view hides): one
        dictionary, shared by every copy of the state with the same units. The hot readers
        look in :attr:`_lookups` directly: ``None`` there (no lookups yet) raises
        ``TypeError``, caught like a missing entry."""
        found = self._lookups
        if found is None:
            found = {}
            object.__setattr__(self, "_lookups", found)
        return found

    def _index(self) -> dict[str, int]:
        try:
            known: dict[str, int] = self._lookups["index"]  # type: ignore[index]
            return known
        except (KeyError, TypeError):
            found = self.lookups()["index"] = {u.id: i for i, u in enumerate(self.units)}
            return found

    def __contains__(self, unit: object) -> bool:
        return unit in self._index()

    def unit(self, unit: str) -> Unit:
        """The unit ``unit`` (``RuleViolation`` for an unknown id)."""
        try:
            found: Unit = self._lookups["by_id"][unit]  # type: ignore[index]
            return found
        except (KeyError, TypeError):
            by_id = self.by_id()
            if unit not in by_id:
                raise RuleViolation("HMC-SCALE-05", f"no unit {unit!r} in this battle") from None
            return by_id[unit]

    def by_id(self) -> dict[str, Unit]:
        """Unit id -> unit (a lookup of the units, :meth:`lookups`), for readers that look up
        many units at once."""
        try:
            known: dict[str, Unit] = self._lookups["by_id"]  # type: ignore[index]
            return known
        except (KeyError, TypeError):
            found = self.lookups()["by_id"] = {u.id: u for u in self.units}
            return found

    def replace(self, *changed: Unit, **changes: Any) -> Self:
        """The state with these units changed (matched by id) or added, and its other fields'
        ``changes`` made in the same copy (``tasks=s.popped(...)`` for a step that ends with
        the change: one copy, not two). ``changes`` may not name the units (they are
        ``changed``) nor what a view hides (``TypeError``).

        The layout lookups follow the units: unchanged when no unit changed where or how it
        stands, and when a single unit only moved from one square to another, the new layout
        starts from the old one's masks with that unit moved (:func:`carry_layout`).
        Which sides have broken (:func:`~wargames.horde.victory.broken_sides`) stays known
        while no unit changes its status or morale."""
        if changes and ("units" in changes or "hidden" in changes):
            raise TypeError("replace() changes the units itself, and never what a view hides")
        units = list(self.units)
        index = self._index()
        moved: tuple[str, str, str] | None = None
        same_layout = same_standing = True
        for u in changed:
            i = index.get(u.id)
            if i is None:
                units.append(u)
                same_layout = same_standing = False
                continue
            before = units[i]
            units[i] = u
            if before is u:
                continue
            if before.status != u.status or before.morale != u.morale:
                same_standing = False
            if not same_layout:
                continue
            if (
                before.status != u.status
                or before.stealthed != u.stealthed
                or before.attached_to != u.attached_to
            ):
                same_layout = False
            elif before.square != u.square:
                if moved is None and before.square is not None and u.square is not None:
                    moved = (u.id, before.square, u.square)
                else:
                    same_layout = False
        new = self.evolve(units=tuple(units), **changes)
        memo: dict[str, Any] = {}  # the new units' lookups (evolve left none)
        _set(new, "_lookups", memo)
        old = self._lookups
        assert old is not None  # made by _index() above
        if same_standing and "broken" in old:  # no status or morale changed
            memo["broken"] = old["broken"]
        if len(units) == len(index):  # the same units in the same order, some changed
            memo["index"] = index
            by_id: dict[str, Unit] | None = old.get("by_id")
            if by_id is not None:
                by_id = memo["by_id"] = by_id.copy()
                for u in changed:
                    by_id[u.id] = u
        if same_layout and moved is None:
            for name in ("layout", "layout_seed", "places"):
                if name in old:
                    memo[name] = old[name]
        elif same_layout and moved is not None:
            before_layout: dict[str, Any] | None = old.get("layout")
            if before_layout is not None:
                memo["layout_seed"] = (before_layout, *moved)
        elif "layout" in old:  # a horde that entered or left the board (carry.py)
            toggle = toggled(self, changed)
            if toggle is not None:
                memo["layout_toggle"] = (old["layout"], *toggle)
        return new

    def layout(self) -> dict[str, Any]:
        """Lookups that depend only on where the units are and how they stand on the board
        (squares, statuses, stealth, who joined whom): made once per layout and handed on by
        :meth:`replace` to the states that follow while the layout holds (a dice roll, a
        loss of Magnitude, a new order); after a single horde's move the new layout starts
        from the old one's masks with that horde moved (:func:`carry_layout`). Not
        shared between games or lines of play: equal layouts reached by different paths
        were measured to meet under 2 % of the time, not worth a key of every unit's square
        and a process-wide table; but every game of a scenario starts from the same opening
        position, whose lookups are kept with the scenario (:data:`OPENINGS`)."""
        try:
            known: dict[str, Any] = self._lookups["layout"]  # type: ignore[index]
            return known
        except (KeyError, TypeError):
            pass
        memo = self.lookups()
        found: dict[str, Any] | None = memo.get("layout")
        if found is None:
            if self.units is self.setup.units and not self.hidden:  # the opening position
                found = OPENINGS.get(self.setup)
                if found is None:
                    found = OPENINGS[self.setup] = {}
            else:
                found = {}
                seed = memo.get("layout_seed")
                if seed is not None:
                    carry_layout(self, found, *seed)
                else:
                    toggle = memo.get("layout_toggle")
                    if toggle is not None:
                        carry_toggle(self, found, *toggle)
            memo["layout"] = found
        return found

    def by_layout(self, name: str, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, cached under ``name`` and ``key`` for the states that share this
        layout (it must depend on nothing else)."""
        layout = self.layout()
        memo: dict[Hashable, T] | None = layout.get(name)
        if memo is None:
            memo = layout[name] = {}
        if key in memo:
            return memo[key]
        found = memo[key] = compute()
        return found

    def places(self) -> Places:
        try:
            known: Places = self._lookups["places"]  # type: ignore[index]
            return known
        except (KeyError, TypeError):
            pass
        lookups = self.lookups()
        found: Places | None = lookups.get("places")
        if found is None:
            layout = self.layout()
            found = layout.get("places")
            if found is None:
                found = layout["places"] = Places.of(self.units)
            lookups["places"] = found
        return found

    def horde_at(self, square: str) -> Unit | None:
        """The fighting horde on ``square`` (stealthed ones included)."""
        uid = self.places().horde_at.get(square)
        return None if uid is None else self.unit(uid)

    def officers_at(self, square: str) -> tuple[Unit, ...]:
        """The lone Officers on ``square``."""
        return tuple(self.unit(o) for o in self.places().officers_at.get(square, ()))

    def attached(self, horde: str) -> tuple[Unit, ...]:
        """The Officers who have joined ``horde``."""
        ids = self.places().attached.get(horde)
        if not ids:
            return ()
        unit = self.unit
        return tuple([unit(o) for o in ids])

    def side_units(self, side: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.side == side)

    def hordes(self, side: str) -> tuple[Unit, ...]:
        """``side``'s hordes, gone ones included (merged ones excepted)."""
        return tuple(
            [u for u in self.units if u.side == side and u.is_horde and u.status != "merged"]
        )

    def location(self, u: Unit) -> str | None:
        """Where ``u`` is: its square, or for an attached Officer his horde's."""
        if u.attached_to is not None:
            return self.unit(u.attached_to).square
        return u.square

    def hidden_from(self, side: str) -> frozenset[str]:
        """The enemy hordes ``side`` cannot see: those in stealth (HMC-TALENT-02)."""
        stealthed = self.places().stealthed[OTHER[side]]
        return stealthed | self.hidden if self.hidden else stealthed

    # -- the attack numbers (the strike host) -------------------------------------------------

    def numbers(self, strike: Strike) -> AttackNumbers:
        lookups = self._lookups
        if lookups is None:
            lookups = self.lookups()
        memo: dict[StrikeKey, AttackNumbers] | None = lookups.get("numbers")
        if memo is None:
            memo = lookups["numbers"] = {}
        key: StrikeKey = (
            strike.striker,
            strike.target,
            strike.kind,
            strike.counter,
            strike.charge,
            strike.braced,
            strike.weapon,
        )
        found = memo.get(key)
        if found is None:  # worked out afresh: the context of a board's attack seldom recurs
            a, d = self.unit(strike.striker), self.unit(strike.target)
            found = memo[key] = fresh_numbers(
                a.horde, d.horde, strike.kind, circumstances.context(self, strike), self.rules
            )
        return found

    def decider(self, unit: str) -> Player:
        return self.unit(unit).side

    def standing(self, unit: str) -> bool:
        u = self.unit(unit)
        return u.status == "fighting" and u.square is not None and u.horde.magnitude > 0

    def can_counter(self, strike: Strike) -> bool:
        """Whether the target of a melee attack may strike back (HMC-COUNTER-01, -03): both
        still stand, and the counter-attack's numbers would be allowed
        (:func:`~wargames.horde.combat.attack.check_attack`: the striker is not in stealth,
        HMC-TALENT-02, the target suffers no morale failure, HMC-COUNTER-01; and
        :func:`~wargames.horde.combat.attack.choose_weapon`: it has a melee weapon,
        HMC-ATTACK-01), asked of the units without working the numbers out (they are, if it
        does strike back)."""
        if strike.kind != "melee":
            return False
        a, d = self.unit(strike.target), self.unit(strike.striker)
        if not (d.on_board and d.magnitude > 0 and a.on_board and a.magnitude > 0):
            return False
        return not (d.stealthed or a.failing) and bool(a.horde.weapons_of("melee"))

    def brace_first(self, strike: Strike) -> bool:
        return strike.charge and not strike.counter and self.unit(strike.target).brace

    def from_stealth(self, strike: Strike) -> bool:
        return not strike.counter and self.unit(strike.striker).stealthed

    def take_hit(self, strike: Strike) -> Self:
        return cast(Self, casualties.take_hit(self, strike))

    # -- protocol -------------------------------------------------------------------------------

    def apply(self, action: Action | str) -> Self:
        """:meth:`~wargames.core.engine.GameState.apply`; the action :meth:`random_action`
        drew from this state is legal without a look at the listing, and so is a die's face
        that is the very outcome listed for its value (as ``Match.roll`` picks it). The
        drawn action is looked for first, here rather than in the base class: every
        decision of a playout is one."""
        memo = self._memo
        if memo.get("drawn", NOT_DRAWN) is action:
            return self._apply(action)
        if type(action) is Roll and memo.get("player") == CHANCE:
            outcomes, face = self._chance_tuple(), action.value
            if type(face) is int and 0 < face <= len(outcomes) and outcomes[face - 1][0] is action:
                return self._apply(action)
        return super().apply(action)

    def _apply(self, action: Action) -> Self:
        """The next state: the pending step takes ``action``, the automatic steps that follow
        are carried out (:meth:`~wargames.core.tasks.TaskState.settle`, written out here: it
        runs at every step), and the battle ends at once when a side breaks
        (:mod:`wargames.horde.victory`). The state the action's step makes is new, so no one
        else holds it: while an automatic step runs, it is marked as theirs (the memo's
        :data:`~wargames.core.tasks.OWNED`) and :meth:`pop` changes it in place rather than
        copying it; the mark is gone before the state is handed out."""
        s: Self = self.tasks[-1].act(self, action)
        owned = s is not self  # new, held by no one else: the automatic steps own it
        while True:
            tasks = s.tasks
            if not tasks or s.result is not None:
                break
            top = tasks[-1]
            actor = top.actor(s)
            if actor is not None:
                s._memo["player"] = actor
                break
            if owned:
                s._memo[OWNED] = True
                s = top.run(s)
                s._memo.pop(OWNED, None)  # a copy made on the way is new too, but unmarked
            else:
                s = top.run(s)
        if s.result is None:
            known = s._lookups
            if known is not None and known.get("broken") == []:  # no side broke: known
                return s
            done = broken_outcome(s)
            if done is not None:
                return cast(Self, done)
        return s

    def pop(self, *then: Task[Any], **changes: Any) -> Self:
        """:meth:`~wargames.core.tasks.TaskState.pop`, written out for this class (no memo
        entry outlives a change of the tasks; the kept fields do not depend on them): every
        step of play makes one. A state the automatic steps own (:meth:`_apply`) is popped in
        place when nothing else changes."""
        tasks = self.tasks[:-1] + then[::-1] if then else self.tasks[:-1]
        if changes:
            return self.evolve(tasks=tasks, **changes)
        if OWNED in self._memo:  # an automatic step's state that no one else holds
            fields = self.__dict__
            fields["tasks"] = tasks
            fields["_memo"] = {OWNED: True}
            return self
        fields = self.__dict__.copy()
        fields["tasks"] = tasks
        fields["_memo"] = {}
        new = _new(type(self))
        _set(new, "__dict__", fields)
        return new

    def parse_action(self, text: str) -> Action:
        from wargames.horde.actions import parse

        return parse(text)

    def saved_scenario(self) -> str | dict[str, Any]:
        """A saved state names a shipped scenario by its id and carries a user's in full
        (:meth:`~wargames.core.sources.ScenarioSource.saved`)."""
        return self.setup.source.saved()

    @classmethod
    def scenario_fields(cls, saved: Any) -> dict[str, Any]:
        """The set-up a saved state names, read back without opening a file."""
        return {"setup": state_setup(saved, PACKAGE, load_scenario)}

    def is_view(self) -> bool:
        """Whether this is a player's view: enemy hordes in stealth are left out (:meth:`view`)."""
        return bool(self.hidden)

    def view(self, player: Player) -> Self:
        """What ``player`` sees: everything but the squares of enemy hordes in stealth
        (HMC-TALENT-02), which are left out (``square`` ``None``, listed in
        :attr:`hidden`)."""
        if player not in SIDES:
            raise UnknownPlayerError(player, SIDES)
        hidden = self.places().stealthed[other_side(player)]
        if not hidden:
            return self.share(self.evolve(), player)
        units = tuple(quick_evolve(u, square=None) if u.id in hidden else u for u in self.units)
        return self.share(self.evolve(units=units, hidden=self.hidden | hidden), player)

    def resample_hidden(self, player: Player, rng: np.random.Generator) -> Self:
        """A full state consistent with what ``player`` sees, drawn at random (for search
        bots; from the state or from ``player``'s view): each enemy horde in stealth stands on
        a square drawn among the free cover squares (stealth needs cover, HMC-TALENT-01),
        every arrangement equally likely."""
        if player not in SIDES:
            raise UnknownPlayerError(player, SIDES)
        hidden = sorted(self.hidden | self.places().stealthed[other_side(player)])
        if not hidden:
            return self.evolve()
        taken = {self.location(u) for u in self.units if u.id not in hidden}
        field = self.field
        free = [a for a in field.squares if a not in taken and field.passable(a)]
        cover = [a for a in free if field.cover(a)]
        pool = cover if len(cover) >= len(hidden) else free
        picks = rng.choice(len(pool), size=len(hidden), replace=False)
        moved = [
            quick_evolve(self.unit(u), square=pool[int(i)], stealthed=True)
            for u, i in zip(hidden, picks, strict=True)
        ]
        return self.replace(*moved).evolve(hidden=frozenset())

    def invariant_violations(self) -> list[str]:
        from wargames.horde.invariants import violations

        return violations(self)

    def saved_state_violations(self) -> list[str]:
        """What reading a saved state back checks besides the invariants: the pending steps
        in the shape play gives them (:func:`~wargames.horde.invariants.sequence_violations`)."""
        from wargames.horde.invariants import sequence_violations

        return sequence_violations(self)

    def __str__(self) -> str:
        from wargames.horde.describe import describe

        return describe(self)


def other(side: str) -> str:
    """The opposing side."""
    return other_side(side)


__all__ = ["DEFAULT", "PER_UNIT", "PScaleState", "Places", "other"]
