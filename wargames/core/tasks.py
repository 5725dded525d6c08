"""The sequence of play as a stack of tasks: one mechanism every game configures.

A *task* is one pending step of a game's sequence of play (deploy the next counter, roll the
combat die, choose the next loss, begin the turn). A :class:`TaskState` keeps its pending tasks
on a stack; the top task says who decides next (a player, :data:`CHANCE`, or nobody for an
automatic step), what may be done, and what an action does. Automatic steps run as soon as
they reach the top (:meth:`TaskState.settle`), so a state always waits for a decision, a die
or nothing (the game is over).

A game subclasses :class:`Task` once as its own base (naming the rule an out-of-sequence
action breaks) and writes each step as a frozen attrs subclass of it; :class:`DieRoll` is the
step that waits for one D6. The state subclasses :class:`TaskState`, which implements the
engine protocol (:class:`~wargames.core.engine.GameState`) on top of the stack.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar, cast

import attrs

from wargames.core.engine import CHANCE, Action, GameState, Outcome, Player
from wargames.core.errors import RuleViolation
from wargames.core.notation import D6_OUTCOMES, Roll

S = TypeVar("S", bound="TaskState")
T = TypeVar("T")
V = TypeVar("V")


@lru_cache(maxsize=65536)
def _made(cls: type[Any], fields: tuple[Any, ...]) -> Any:
    """:meth:`Task.of`'s tasks, one per class and fields."""
    return cls(*fields)


class Task(Generic[S]):
    """One pending step of the sequence of play. Subclasses are frozen attrs classes (they are
    saved with the state, :func:`~wargames.core.engine.encode_value`)."""

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


def task_classes(base: type) -> dict[str, type]:
    """Every subclass of a game's base task by class name (to read saved tasks back). The
    modules defining them must have been imported. Only the classes their modules name count:
    ``@attrs.frozen`` replaces the class it decorates, and the replaced one stays among the
    subclasses until the garbage collector runs."""
    found: dict[str, type] = {}
    todo: list[type] = [base]
    while todo:
        subclasses: list[type] = todo.pop().__subclasses__()
        for sub in subclasses:
            if getattr(sys.modules.get(sub.__module__), sub.__name__, None) is sub:
                found.setdefault(sub.__name__, sub)
            todo.append(sub)
    return found


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


_FIELDS: dict[type, frozenset[str]] = {}


def quick_evolve(value: V, **changes: Any) -> V:
    """``attrs.evolve`` for the small values a game changes at every step (a unit, an attack
    in progress): a copy of the instance dictionary, without attrs' per-field work. For
    frozen attrs classes with ``slots=False`` whose fields have no converters or validators;
    a cached hash is forgotten, an unknown field name is a ``TypeError``."""
    cls = type(value)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = frozenset(f.name for f in attrs.fields(cast(Any, cls)))
    if not changes.keys() <= names:
        raise TypeError(f"{cls.__name__} has no field {sorted(changes.keys() - names)}")
    fields = value.__dict__.copy()
    fields.update(changes)
    if "_attrs_cached_hash" in fields:
        fields["_attrs_cached_hash"] = None  # attrs works it out again when asked
    new = _new(cls)
    _set(new, "__dict__", fields)
    return new


_new, _set = object.__new__, object.__setattr__
"""Making a copy of a frozen value: a bare instance, then its instance dictionary (the copy
of the original's, with the changes) set at once."""


_KEPT: dict[tuple[Any, ...], tuple[tuple[str, ...], tuple[str, ...]]] = {}
"""(state class, changed field names...) -> the :attr:`TaskState.kept_memo` entries a copy
keeps and the :attr:`TaskState.kept_fields` it resets (:meth:`TaskState.evolve`)."""


_KEPT_BY_TASKS: dict[type, tuple[str, ...]] = {}
"""State class -> the :attr:`TaskState.kept_memo` entries a copy with new tasks keeps."""


class TaskState(GameState):
    """A game state driven by a stack of tasks (see the module docstring).

    A subclass is a frozen attrs class (``slots=False``) with the fields ``tasks`` (bottom
    first, the pending step last), ``result`` (the :class:`Outcome` once the game is over) and
    ``_memo`` (a per-state cache that is not a field of the value). :attr:`kept_memo` names
    cached values that a copy keeps while the fields they are computed from do not change.
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

    if TYPE_CHECKING:
        tasks: tuple[Task[Any], ...]
        result: Outcome | None
        _memo: dict[str, Any]

    # -- the stack ------------------------------------------------------------------------------

    @property
    def top(self) -> Task[Any]:
        """The pending step."""
        return self.tasks[-1]

    def push(self, *tasks: Task[Any]) -> Self:
        """Put ``tasks`` on top, to be done in the order given."""
        return self._with_tasks(self.tasks + tasks[::-1])

    def pop(self, *then: Task[Any]) -> Self:
        """Finish the top task and put ``then`` on top, to be done in the order given."""
        return self._with_tasks(self.tasks[:-1] + then[::-1] if then else self.tasks[:-1])

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

    def end(self, winner: str | None, reason: str) -> Self:
        """The game is over: ``winner`` (``None``: a draw) for ``reason``, in the state's
        ``turn`` when it counts turns."""
        turn = getattr(self, "turn", None) or None
        return self.evolve(result=Outcome(winner, reason, turn), tasks=())

    def share(self, view: Self, player: Player) -> Self:
        """Let ``view`` (what ``player`` sees of this state) reuse this state's legal actions
        when ``player`` is the one to act: his choices never depend on what is hidden from him,
        and the very same action objects are then recognised at once when applied here."""
        if player == self.current_player:
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
            player = memo["player"] = (
                None if self.result is not None or not self.tasks else self.top.actor(self)
            )
        return player

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def _legal(self) -> tuple[Action, ...]:
        return self.top.legal(self)

    def _chance(self) -> tuple[tuple[Action, float], ...]:
        return self.top.chance(self)

    def _apply(self, action: Action) -> Self:
        return cast(Self, self.top.act(self, action)).settle()

    def _explain(self, action: Action) -> RuleViolation:
        return self.top.explain(self, action)


__all__ = [
    "DieRoll",
    "Task",
    "TaskState",
    "quick_evolve",
    "relabel",
    "sample",
    "task_classes",
]
