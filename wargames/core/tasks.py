"""The sequence of play as a stack of tasks: one mechanism every game configures.

A *task* is one pending step of a game's sequence of play (deploy the next counter, roll the
combat die, choose the next loss, begin the turn). A :class:`TaskState` keeps its pending tasks
on a stack; the top task says who decides next (a player, :data:`CHANCE`, or nobody for an
automatic step), what may be done, and what an action does. Automatic steps run as soon as
they reach the top (:meth:`TaskState.settle`), so a state always waits for a decision, a die
or nothing (the game is over).

A game subclasses :class:`Task` once as its own base (naming the rule an out-of-sequence
action breaks) and writes each step as a frozen attrs subclass of it, registered for saving
with ``@saved("game/step")`` (:func:`~wargames.core.codec.saved`); :class:`DieRoll` is the
step that waits for one D6. The state subclasses :class:`TaskState`, which implements the
engine protocol (:class:`~wargames.core.engine.GameState`) on top of the stack: it is the
*state kit*, supplying the stack, the result and the memo, checking the class when attrs
builds it, and saving states with :mod:`wargames.core.codec`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar, cast

import attrs

from wargames.core import codec
from wargames.core.engine import CHANCE, Action, GameState, Outcome, Player, pick_outcome
from wargames.core.errors import GameOverError, RuleViolation, WargamesError
from wargames.core.notation import D6_OUTCOMES, Roll
from wargames.core.sources import ScenarioSource
from wargames.core.transport import state_reduce
from wargames.core.views import mark_view

if TYPE_CHECKING:
    import numpy as np

S = TypeVar("S", bound="TaskState")
T = TypeVar("T")
V = TypeVar("V")


TASKS_CACHE = 4096
"""Tasks :meth:`Task.of` keeps, one per class and fields. Measured over 100 random horde games:
636 distinct tasks, hit rate 98.2 % from 1,024 entries on, as unbounded; the 65,536 it had
only let tasks of long-gone games pile up."""


@lru_cache(maxsize=TASKS_CACHE)
def _made(cls: type[Any], fields: tuple[Any, ...]) -> Any:
    """:meth:`Task.of`'s tasks, one per class and fields (at most :data:`TASKS_CACHE`)."""
    return cls(*fields)


class Task(Generic[S]):
    """One pending step of the sequence of play. Subclasses are frozen attrs classes registered
    for saving with :func:`~wargames.core.codec.saved` (they are saved with the state)."""

    rule: ClassVar[str] = "SEQUENCE"
    """The rule named when an action of the right kind is refused at this step."""

    sequence_rule: ClassVar[str] = "SEQUENCE"
    """The rule named when an action is of a kind this step does not take (a game's base task
    names its sequence-of-play rule)."""

    @classmethod
    def of(cls, *fields: Any) -> Self:
        """``cls(*fields)``, made once for the same fields (tasks are values, and the same few
        recur step after step); the fields must be hashable."""
        kind: Any = cls  # a class is hashable; the cache keys on it
        task: Self = _made(kind, fields)
        return task

    def actor(self, s: S) -> Player | None:
        """Who decides: a player, :data:`CHANCE`, or ``None`` for an automatic step."""
        return None

    def legal(self, s: S) -> tuple[Action, ...]:
        """The actions the actor may take."""
        return ()

    def chance(self, s: S) -> tuple[tuple[Action, float], ...]:
        """At a chance step: every outcome and its probability."""
        return ()

    def draw(self, s: S, chance: float) -> Action | None:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, found without
        making the listing (for :meth:`TaskState.random_action`: a step whose listing is long
        counts its way to the one action), or ``None``: the listing is made and indexed."""
        return None

    def pick(self, s: S, chance: float) -> Action | None:
        """At a chance step: the outcome :func:`~wargames.core.engine.pick_outcome` takes from
        :meth:`chance` for the uniform ``chance``, found without making every outcome (for
        :meth:`TaskState.random_action`: the same sums in the same order, so the same outcome),
        or ``None``: the outcomes are made and picked from."""
        return None

    def act(self, s: S, action: Action) -> S:
        """The state after ``action`` (already checked to be legal)."""
        raise NotImplementedError(type(self).__name__)

    def run(self, s: S) -> S:
        """An automatic step: the state after it is done."""
        raise NotImplementedError(type(self).__name__)

    def explain(self, s: S, action: Action) -> RuleViolation:
        """Why ``action`` is refused here, naming the rule it breaks."""
        legal = s._legal_tuple()
        found = self.out_of_place(s, action, legal)
        if found is not None:
            return found
        return RuleViolation(
            self.rule,
            f"{action} is not allowed now ({type(self).__name__}); legal: " + sample(legal),
        )

    def out_of_place(self, s: S, action: Action, legal: tuple[Action, ...]) -> RuleViolation | None:
        """The sequence rule ``action`` breaks when this step takes no action of its kind, else
        ``None``. Games refine it (a phase activity outside its phase...)."""
        if any(type(a) is type(action) for a in legal):
            return None
        return RuleViolation(
            self.sequence_rule,
            f"{action} is not an action of this step ({type(self).__name__})",
        )

    def describe(self, s: S) -> str:
        return type(self).__name__


class DieRoll(Task[S]):
    """A step that waits for one D6: a chance node whose outcomes are ``roll 1`` .. ``roll 6``.
    Subclasses say what the value does in :meth:`rolled`."""

    def actor(self, s: S) -> Player | None:
        return CHANCE

    def chance(self, s: S) -> tuple[tuple[Action, float], ...]:
        return D6_OUTCOMES

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, Roll)
        return self.rolled(s, action.value)

    def rolled(self, s: S, value: int) -> S:
        raise NotImplementedError(type(self).__name__)


def sample(actions: tuple[Action, ...], shown: int = 6) -> str:
    """The first few of ``actions``, for error messages."""
    text = ", ".join(str(a) for a in actions[:shown])
    return text + (f" and {len(actions) - shown} more" if len(actions) > shown else "")


def relabel(value: T, names: Mapping[str, str]) -> T:
    """``value`` (a task, or anything saved inside one: attrs values, tuples, strings) with
    every string found in ``names`` replaced by its new name; unchanged parts are the same
    objects. Games use it to hide counters in a view, or to follow counters that a
    resampling dealt out again."""
    if isinstance(value, str):
        return cast(T, names.get(value, value))
    if isinstance(value, tuple):
        items = tuple(relabel(v, names) for v in value)
        same = all(a is b for a, b in zip(items, value, strict=True))
        return value if same else cast(T, items)
    if isinstance(value, frozenset):
        return cast(T, frozenset(relabel(v, names) for v in value))
    if attrs.has(type(value)):
        changes: dict[str, Any] = {}
        fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(type(value))  # type: ignore[arg-type]
        for field in fields:
            if not field.init:
                continue
            old = getattr(value, field.name)
            new = relabel(old, names)
            if new is not old:
                changes[field.name] = new
        return attrs.evolve(value, **changes) if changes else value  # type: ignore[misc]
    return value


def quick_evolve(value: V, **changes: Any) -> V:
    """``attrs.evolve`` for the small values a game changes at every step (a unit, an attack
    in progress): a copy of the instance dictionary, without attrs' per-field work. For
    frozen attrs classes with ``slots=False`` whose fields have no converters or validators;
    a cached hash is forgotten. A name the instance dictionary does not hold (no field of the
    class) is a ``TypeError``: the copy would grow, which is checked by its size rather than
    by a look-up of the class's fields (a call at nearly every step)."""
    fields = value.__dict__.copy()
    size = len(fields)
    fields.update(changes)
    if len(fields) != size:
        unknown = sorted(changes.keys() - value.__dict__.keys())
        raise TypeError(f"{type(value).__name__} has no field {unknown}")
    if "_attrs_cached_hash" in fields:
        fields["_attrs_cached_hash"] = None  # attrs works it out again when asked
    new = _new(type(value))
    _set(new, "__dict__", fields)
    return new


_new, _set = object.__new__, object.__setattr__
"""Making a copy of a frozen value: a bare instance, then its instance dictionary (the copy
of the original's, with the changes) set at once."""


def own_dict(value: object, cached_hash: bool = False) -> None:
    """Give ``value`` (a frozen attrs instance with ``slots=False``, just made by its
    ``__init__``) an instance dictionary of its own, in place; its fields are unchanged.

    attrs' ``__init__`` of such a class first asks for the instance's ``__dict__``, and CPython
    3.11 then makes one that shares its keys with the class's other instances. Such a
    shared-keys dictionary is what :func:`quick_evolve` and the state copies
    (:meth:`TaskState.evolve`) would otherwise copy, so every copy of every unit and state
    would share keys too; and the interpreter reads an attribute of an instance whose
    dictionary shares its keys through its slow general path (a type look-up and a dictionary
    search: some 55 ns here), where one with a dictionary of its own is read by a specialised
    instruction (some 13 ns). Called once when such a value is made (``__attrs_post_init__``:
    the states, the horde's units and strikes), so that it and all its copies have their own.
    Measured with ``benchmarks/bench_instructions.py``: see docs/performance-history.md, session 26.

    attrs sets the slot of a cached hash (``cache_hash=True``) after the post-init, in the
    dictionary its ``__init__`` began with: for such a class (``cached_hash``) the slot is made
    here, empty, as attrs would leave it."""
    fields = dict(value.__dict__)
    if cached_hash:
        fields["_attrs_cached_hash"] = None
    _set(value, "__dict__", fields)


_KEPT: dict[tuple[Any, ...], tuple[tuple[str, ...], tuple[str, ...]]] = {}
"""(state class, changed field names...) -> the :attr:`TaskState.kept_memo` entries a copy
keeps and the :attr:`TaskState.kept_fields` it resets (:meth:`TaskState.evolve`)."""


_KEPT_BY_TASKS: dict[type, tuple[str, ...]] = {}
"""State class -> the :attr:`TaskState.kept_memo` entries a copy with new tasks keeps."""


class UnsettledStateError(WargamesError, RuntimeError):
    """A state asked whose decision is pending while an automatic step is on top of its task
    stack: it was made without :meth:`TaskState.settle` (a bug in the game, not bad input)."""


_KIT_FIELDS: Mapping[str, tuple[str, Any]] = {
    "tasks": ("tuple", ()),
    "result": ("Outcome", None),
    "_memo": ("dict", attrs.Factory(dict)),
}
"""The fields the kit supplies: the container their type must name, and their default."""


NOT_DRAWN = object()
"""What no action is: the drawn action of a state :meth:`TaskState.random_action` has not
drawn from."""

OWNED = "owned"
"""The memo entry of a state that the automatic steps after an action own: made by that
action's step, held by no one else, so a game's ``pop`` may change it in place rather than
copy it (C&C: Ancients' and the horde's ``_apply``); the entry is gone before the state is
handed out."""


@attrs.frozen(slots=False)
class TaskState(GameState):
    """A game state driven by a stack of tasks (see the module docstring): the state kit.

    A game declares its state as a frozen attrs subclass with ``slots=False`` and two class
    variables, ``game`` (the game's id) and ``players``::

        @saved("toy/state")
        @attrs.frozen(slots=False)
        class ToyState(TaskState):
            game: ClassVar[str] = "toy"
            players: ClassVar[tuple[Player, ...]] = ("red", "blue")
            scores: tuple[int, int] = (0, 0)

    The kit supplies the fields every task state has: ``tasks`` (bottom first, the pending step
    last; keyword-only), ``result`` (the :class:`Outcome` once the game is over; keyword-only)
    and ``_memo`` (a per-state cache that is not part of the value). It checks the class when
    attrs has built it (:meth:`__attrs_init_subclass__`: a clear ``TypeError`` names what is
    missing or wrong), and saves and reads states with the generic codec
    (:func:`~wargames.core.codec.state_to_json`), field by field, except fields marked
    :data:`~wargames.core.codec.DERIVED` (caches) and :data:`~wargames.core.codec.SCENARIO`
    (rebuilt through :meth:`saved_scenario` and :meth:`scenario_fields`).

    A state handed out is *settled*: the top task waits for a player or the dice, or the game
    is over. Build new states with :meth:`settle` (``Game.new`` does); asking
    :attr:`current_player` of an unsettled state raises :class:`UnsettledStateError` rather
    than answer ``None`` (which would read as a finished game).

    :attr:`kept_memo` names cached values that a copy keeps while the fields they are computed
    from do not change.
    """

    kept_memo: ClassVar[Mapping[str, frozenset[str]]] = {}
    """Cache entry -> the fields it depends on; :meth:`evolve` carries the entry over to a
    copy that changes none of them (e.g. where-is-what lookups while no counter moves)."""

    kept_fields: ClassVar[Mapping[str, frozenset[str]]] = {}
    """Caches kept in fields of their own (``init=False``, default ``None``) instead of the
    memo, with the fields they depend on: a copy carries them with the other fields at no
    cost, and :meth:`evolve` resets them to ``None`` when one of those fields changes (for
    the caches read at every step, where the memo's copying shows)."""

    shared_with_view: ClassVar[tuple[str, ...]] = ("legal", "legal_set", "player")
    """Cache entries a view of the acting player shares with the state (see :meth:`share`)."""

    legal_in_views: ClassVar[bool] = True
    """A view made through :meth:`share` (every game's :meth:`view` ends so) lists the acting
    player's very legal actions (:attr:`GameState.legal_in_views`); the conformance kit checks
    it."""

    hidden_mark: ClassVar[str | None] = None
    """What a player's view writes for what he cannot see (a card's back), if the game writes
    anything: a state holding it is a view (:meth:`is_view`)."""

    saved_modules: ClassVar[tuple[str, ...]] = ()
    """The modules whose ``@saved`` classes (tasks, subclass states) a saved state of this
    class may hold: :meth:`from_json` imports them before it reads, so a state reads back in a
    process that has not played the game yet. Declared, not discovered: nothing walks
    subclasses."""

    tasks: tuple[Task[Any], ...] = attrs.field(default=(), kw_only=True)
    """The pending steps of the sequence of play, bottom first; the top one decides next."""
    result: Outcome | None = attrs.field(default=None, kw_only=True)
    """How the game ended, once it has."""
    _memo: dict[str, Any] = attrs.field(init=False, factory=dict, eq=False, repr=False)
    """Per-state caches (legal actions, who decides, lookups); never compared nor saved."""

    def __attrs_post_init__(self) -> None:
        """A state made by its ``__init__`` gets a dictionary of its own (:func:`own_dict`),
        as do its copies; a subclass with a post-init of its own calls this one last."""
        own_dict(self)

    @classmethod
    def __attrs_init_subclass__(cls) -> None:
        """Check a state class as soon as attrs has built it, and give it the one-line repr
        of every state (:meth:`GameState.__repr__`) in place of attrs' field-by-field one,
        thousands of characters long (a repr the class writes itself is kept)."""
        check_state_class(cls)
        made = cls.__dict__.get("__repr__")
        if made is not None and "attrs generated" in made.__code__.co_filename:
            cls.__repr__ = GameState.__repr__  # type: ignore[method-assign]

    # -- saving (the generic codec) ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return codec.state_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        return codec.state_from_json(cls, data)

    def saved_scenario(self) -> Any:
        """What a saved state keeps of the fields marked :data:`~wargames.core.codec.SCENARIO`
        (JSON-ready: the saved form of the set-up's
        :class:`~wargames.core.sources.ScenarioSource`, a shipped id or a user's scenario in
        full, never a path); a state class with such fields overrides it."""
        raise NotImplementedError(type(self).__name__)

    @classmethod
    def scenario_fields(cls, saved: Any) -> dict[str, Any]:
        """The fields marked :data:`~wargames.core.codec.SCENARIO`, rebuilt from what
        :meth:`saved_scenario` returned without opening a file
        (:func:`~wargames.core.sources.state_setup`)."""
        raise NotImplementedError(cls.__name__)

    @property
    def scenario_source(self) -> ScenarioSource | None:
        """Where the set-up came from: the ``source`` of a field marked
        :data:`~wargames.core.codec.SCENARIO` (a shipped id, or a user's scenario in full),
        which :meth:`~wargames.core.engine.Match.record` names; ``None`` if none has one."""
        for field in attrs.fields(type(self)):
            if field.metadata.get("kit") == "scenario":
                source = getattr(getattr(self, field.name), "source", None)
                if isinstance(source, ScenarioSource):
                    return source
        return None

    # -- the stack ------------------------------------------------------------------------------

    @property
    def top(self) -> Task[Any]:
        """The pending step."""
        return self.tasks[-1]

    def push(self, *tasks: Task[Any]) -> Self:
        """Put ``tasks`` on top, to be done in the order given."""
        return self._with_tasks(self.tasks + tasks[::-1])

    def pop(self, *then: Task[Any], **changes: Any) -> Self:
        """Finish the top task and put ``then`` on top, to be done in the order given; the
        state's other fields' ``changes`` made in the same copy (a step that ends with changes
        of its own makes one copy, not two)."""
        tasks = self.tasks[:-1] + then[::-1] if then else self.tasks[:-1]  # popped(), inline
        if changes:
            return self.evolve(tasks=tasks, **changes)
        return self._with_tasks(tasks)

    def popped(self, *then: Task[Any]) -> tuple[Task[Any], ...]:
        """The tasks :meth:`pop` leaves (the top task done, ``then`` on top to be done in the
        order given): for a change that makes its own copy (a move of counters, say)."""
        return self.tasks[:-1] + then[::-1] if then else self.tasks[:-1]

    def _with_tasks(self, tasks: tuple[Task[Any], ...]) -> Self:
        """:meth:`evolve` with new ``tasks`` only (every step of play makes one)."""
        cls = type(self)
        fields = self.__dict__.copy()
        fields["tasks"] = tasks
        kept = _KEPT_BY_TASKS.get(cls)
        if kept is None:
            kept = _KEPT_BY_TASKS[cls] = tuple(
                name for name, depends in cls.kept_memo.items() if "tasks" not in depends
            )
            if any("tasks" in depends for depends in cls.kept_fields.values()):
                raise TypeError(f"{cls.__name__}: a kept field may not depend on the tasks")
        if kept:
            return self._copy(fields, kept)
        fields["_memo"] = {}  # nothing kept in the memo: the copy made here
        new = _new(cls)
        _set(new, "__dict__", fields)
        return new

    def _copy(self, fields: dict[str, Any], kept: tuple[str, ...]) -> Self:
        """A new state of this class with ``fields`` and this one's cache entries ``kept``."""
        old = self._memo
        memo: dict[str, Any] = {}
        if old and kept:
            for name in kept:
                if name in old:
                    memo[name] = old[name]
        fields["_memo"] = memo
        new = _new(type(self))
        _set(new, "__dict__", fields)
        return new

    def settle(self) -> Self:
        """Carry out automatic tasks until a player or the dice must decide, or the game ends.
        The settled state keeps who decides (its :attr:`current_player`), found on the way."""
        state = self
        while True:
            tasks = state.tasks
            if not tasks or state.result is not None:
                return state
            top = tasks[-1]
            actor = top.actor(state)
            if actor is not None:
                state._memo["player"] = actor
                return state
            state = top.run(state)

    def evolve(self, **changes: Any) -> Self:
        """A copy with ``changes`` (fast: copies share every unchanged field; no validation).
        Cache entries of :attr:`kept_memo` and :attr:`kept_fields` are carried over when their
        fields are unchanged."""
        cls = type(self)
        fields = self.__dict__.copy()
        fields.update(changes)
        key = (cls, *changes)
        plan = _KEPT.get(key)
        if plan is None:
            plan = _KEPT[key] = (
                tuple(n for n, depends in cls.kept_memo.items() if depends.isdisjoint(changes)),
                tuple(
                    n for n, depends in cls.kept_fields.items() if not depends.isdisjoint(changes)
                ),
            )
        kept, reset = plan
        for name in reset:
            fields[name] = None
        return self._copy(fields, kept)

    def clone(self) -> Self:
        return self.evolve()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its class and init fields, the set-up as its source and the caches
        left behind (:func:`~wargames.core.transport.state_reduce`)."""
        return state_reduce(self)

    def end(self, winner: str | None, reason: str) -> Self:
        """The game is over: ``winner`` (``None``: a draw) for ``reason``, in the state's
        ``turn`` when it counts turns."""
        turn = getattr(self, "turn", None) or None
        return self.evolve(result=Outcome(winner, reason, turn), tasks=())

    def is_view(self) -> bool:
        """Whether this is a player's view with something hidden: it holds the game's
        :attr:`hidden_mark`. (Reading a saved view back accepts a step that waits on what its
        player cannot see; a game that hides otherwise overrides this.)"""
        mark = self.hidden_mark
        return mark is not None and json.dumps(mark) in json.dumps(codec.state_to_json(self))

    def share(self, view: Self, player: Player) -> Self:
        """Let ``view`` (what ``player`` sees of this state) reuse this state's legal actions
        when ``player`` is the one to act: his choices never depend on what is hidden from him,
        and the very same action objects are then recognised at once when applied here. (A
        view of a view whose next step waits on what the player cannot see shares nothing.)
        Who is to act is public, so the view names this state's player to act even where its
        next step waits on what it hides (a view lists only the actions its viewer can know,
        see docs/reliability.md). The view is marked as ``player``'s
        (:func:`~wargames.core.views.viewer_of`), so it draws and prints itself as he sees it."""
        if view is not self:
            mark_view(view, player)
        try:
            acting = self.current_player
        except UnsettledStateError:
            return view
        view._memo.setdefault("player", acting)
        if player == acting:
            self._legal_tuple()
            for key in self.shared_with_view:
                if key in self._memo:
                    view._memo[key] = self._memo[key]
        return view

    # -- the engine protocol ---------------------------------------------------------------------

    @property
    def current_player(self) -> Player | None:
        memo = self._memo
        try:
            player: Player | None = memo["player"]
        except KeyError:
            if self.result is not None or not self.tasks:
                player = None
            else:
                player = self.top.actor(self)
                if player is None:
                    raise UnsettledStateError(
                        f"{type(self).__name__} is not settled: the automatic step "
                        f"{type(self.top).__name__} is on top (make states with settle())"
                    ) from None
            memo["player"] = player
        return player

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def random_action(self, rng: np.random.Generator) -> Action:
        """:meth:`~wargames.core.engine.GameState.random_action` (the same draw: one
        ``rng.random()``, a chance outcome by :func:`~wargames.core.engine.pick_outcome`, a
        decision at index ``int(u * len(legal))``), remembered: :meth:`apply` knows the action
        drawn here is legal without a look at the listing. Where nothing is listed yet, the
        pending step's :meth:`Task.draw` (at a chance step its :meth:`Task.pick`) finds the
        very action without listing the others when it can, so seeded games do not depend on
        which. Written out here in one method, without the base class's chain of calls (its
        ``_random_legal`` hook included): it runs at every step of a playout."""
        memo = self._memo
        player = memo.get("player")
        if player is None:
            player = self.current_player
            if player is None:
                raise GameOverError("the game is over; there is no action to draw")
        u = float(rng.random())
        if player == CHANCE:
            outcomes = memo.get("chance")
            if outcomes is None:
                top = self.tasks[-1]
                found = top.pick(self, u) if type(top).pick is not Task.pick else None
                if found is not None:
                    memo["drawn"] = found
                    return found
                outcomes = memo["chance"] = top.chance(self)
            action = pick_outcome(outcomes, u)
        else:
            legal: tuple[Action, ...] | None = memo.get("legal")
            if legal is None:
                top = self.tasks[-1]
                found = top.draw(self, u) if type(top).draw is not Task.draw else None
                if found is not None:
                    memo["drawn"] = found
                    return found
                legal = memo["legal"] = top.legal(self)
            if not legal:
                raise ValueError("no legal action to choose from")
            action = legal[int(u * len(legal))]
        memo["drawn"] = action
        return action

    def apply(self, action: Action | str) -> Self:
        """:meth:`~wargames.core.engine.GameState.apply`; the action :meth:`random_action`
        drew from this state is legal without a look at the listing (any other, ``None``
        included, is checked as ever)."""
        if self._memo.get("drawn", NOT_DRAWN) is action:
            return self._apply(action)
        return super().apply(action)

    def _legal(self) -> tuple[Action, ...]:
        return self.tasks[-1].legal(self)

    def _chance(self) -> tuple[tuple[Action, float], ...]:
        return self.tasks[-1].chance(self)

    def _apply(self, action: Action) -> Self:
        made: Self = self.tasks[-1].act(self, action)  # not cast(): a call at every step
        return made.settle()

    def _explain(self, action: Action) -> RuleViolation:
        return self.tasks[-1].explain(self, action)


def check_state_class(cls: type[TaskState]) -> None:
    """Raise ``TypeError`` naming what is wrong with the state class ``cls`` (the kit's checks,
    run when attrs builds the class): the instance dictionary the memo needs (``slots=False``),
    the game id and players (a base declaring abstract methods of its own may leave them to its
    subclasses), the kit's fields (a field named like one must keep its type and default), the
    caches named in
    :attr:`~TaskState.kept_memo` and :attr:`~TaskState.kept_fields`, derived fields with a
    default, and the scenario hooks that fields marked ``SCENARIO`` need."""
    name = cls.__qualname__
    if "__slots__" in cls.__dict__:
        raise TypeError(
            f"{name}: a state class must be declared with @attrs.frozen(slots=False) (the kit "
            "keeps its memo in the instance dictionary)"
        )
    fields = {f.name: f for f in attrs.fields(cls)}
    for field_name, (container, default) in _KIT_FIELDS.items():
        _check_kit_field(name, fields[field_name], container, default)
    if not _abstract_base(cls):
        if not isinstance(cls.game, str) or not cls.game:
            raise TypeError(f'{name}: no game id: declare game: ClassVar[str] = "my-game"')
        players = cls.players
        if (
            not isinstance(players, tuple)
            or not players
            or not all(isinstance(p, str) and p for p in players)
        ):
            raise TypeError(
                f"{name}: no players: declare players: ClassVar[tuple[Player, ...]] = "
                '("red", "blue") (names of the sides or seats)'
            )
    _check_caches(cls, fields)
    for f in fields.values():
        if f.metadata.get("derived") and f.init and f.default is attrs.NOTHING:
            raise TypeError(f"{name}: the derived field {f.name!r} needs a default")
    rebuilt = [f.name for f in fields.values() if f.metadata.get("kit") == "scenario"]
    hooks = ("saved_scenario", "scenario_fields")
    if rebuilt and any(getattr(cls, h) == getattr(TaskState, h) for h in hooks):
        raise TypeError(
            f"{name}: the fields {rebuilt} are rebuilt from the scenario: define "
            "saved_scenario() and the classmethod scenario_fields()"
        )


def _abstract_base(cls: type) -> bool:
    """Whether ``cls`` declares abstract methods of its own: a base for a game's states, which
    may leave the game id and players to its subclasses."""
    return any(
        getattr(cls.__dict__.get(name), "__isabstractmethod__", False)
        for name in getattr(cls, "__abstractmethods__", ())
    )


def _check_kit_field(name: str, field: Any, container: str, default: Any) -> None:
    """A field named like a kit field keeps the kit's type and default."""
    kind = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
    kind = str(kind or "")
    if container not in kind.split("[")[0] or field.default != default:
        raise TypeError(
            f"{name}: the field {field.name!r} is the kit's ({container}, default {default!r}); "
            f"it is declared as {field.type!r} with default {field.default!r}: remove it (the "
            "kit supplies it) or rename it"
        )


def _check_caches(cls: type[TaskState], fields: Mapping[str, Any]) -> None:
    """The caches of :attr:`TaskState.kept_fields` are ``init=False`` fields defaulting to
    ``None``; every cache depends on fields of the state."""
    name = cls.__qualname__
    for cache, depends in (*cls.kept_memo.items(), *cls.kept_fields.items()):
        unknown = sorted(set(depends) - set(fields))
        if unknown:
            raise TypeError(f"{name}: the cache {cache!r} depends on unknown fields {unknown}")
    for cache in cls.kept_fields:
        f = fields.get(cache)
        if f is None or f.init or f.default is not None:
            raise TypeError(
                f"{name}: the kept field {cache!r} must be a field with init=False, default None"
            )


__all__ = [
    "DieRoll",
    "Task",
    "TaskState",
    "UnsettledStateError",
    "check_state_class",
    "own_dict",
    "quick_evolve",
    "relabel",
    "sample",
]
