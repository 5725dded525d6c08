"""Actions as numbers: a fixed action space per game and scenario, where an id means the same
move in every state (what OpenSpiel's action ids, PettingZoo's and Gymnasium's discrete spaces
and a network's policy head need).

A game declares its space as :class:`Template` s, one per action class: each field of the
action ranges over a :class:`Domain` (the scenario's counters, the map's areas, the cards, a
subset of an area's neighbours...). The id of an action is the offset of its template plus
the mixed-radix number of its field values, the first field most significant; so "deploy
counter 17 to area 23" has one id, whatever else the state holds. Player decisions and chance
outcomes are two spaces (:class:`ActionCodec`), as in OpenSpiel (``num_distinct_actions`` and
``max_chance_outcomes``).

A domain may need the state to number a value (a game whose pieces are made during play
numbers them by their rank among those the state holds: "the second horde split off this
profile"): templates hand the state to their domains in ``fields`` under the reserved key
:data:`STATE` (:func:`state_of` reads it), and :class:`ActionCodec` always gives it. A space
whose domains need no state still encodes and decodes without one
(``space.encode(action)``); a domain that needs it and gets none raises
:class:`ActionIdError`.

The codec is a bijection on the legal actions of every state: :meth:`ActionCodec.action_id`
and :meth:`ActionCodec.action_from_id` undo each other, and two legal actions of one state
never share an id (the games' property tests check both on random states). An id that is not
legal in a state is refused by :meth:`~ActionCodec.action_from_id` with the game's own
:class:`~wargames.core.errors.RuleViolation`, the state unchanged.

Example::

    import wargames
    state = wargames.load("armageddon")
    codec = wargames.action_space(state)
    codec.num_distinct_actions          # the same for every state of the campaign
    mask = codec.legal_mask(state)      # numpy bool array, True at the legal ids
    action = codec.action_from_id(state, int(mask.nonzero()[0][0]))
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from itertools import combinations_with_replacement, compress, repeat
from operator import attrgetter, is_
from typing import TYPE_CHECKING, Any, Final, Protocol, cast

import attrs
import numpy as np

from wargames.core.engine import Action, GameState
from wargames.core.errors import WargamesError

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = [
    "STATE",
    "ActionCodec",
    "ActionIdError",
    "ActionSpace",
    "Choice",
    "Dependent",
    "Domain",
    "Integers",
    "Multiset",
    "PartActions",
    "PartIds",
    "Parts",
    "Sequences",
    "Subset",
    "Template",
    "state_of",
]


class ActionIdError(WargamesError, ValueError):
    """An action id out of its space, or an action the space cannot number: names the id or
    the action and the problem."""

    def __init__(self, what: str, problem: str) -> None:
        self.what = what
        self.problem = problem
        super().__init__(f"{what}: {problem}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (ActionIdError, (self.what, self.problem))


STATE = "@state"
"""The key of ``fields`` under which a template hands its domains the state whose action it
numbers (not a Python name, so no field of an action can take it); absent when the caller
gave no state (:func:`state_of`)."""


def state_of(fields: Mapping[str, Any], what: object) -> GameState:
    """The state a template handed its domains in ``fields`` (:data:`STATE`), for a domain
    that numbers ``what`` by the state: :class:`ActionIdError` when the caller gave none."""
    state: GameState | None = fields.get(STATE)
    if state is None:
        raise ActionIdError(str(what), "numbering it needs the state (ActionCodec gives it)")
    return state


def _given(state: GameState | None) -> dict[str, Any]:
    """The ``fields`` a template starts with: the state under :data:`STATE`, if any."""
    return {} if state is None else {STATE: state}


class Domain(Protocol):
    """The values one field of an action can take, numbered ``0 .. size - 1``.

    ``fields`` holds the values of the fields before this one (a :class:`Dependent` domain
    depends on them) and, under :data:`STATE`, the state when the caller gave one (a domain
    that numbers values by the state reads it with :func:`state_of`); :meth:`index` raises
    ``KeyError`` or ``ValueError`` for a value outside the domain."""

    @property
    def size(self) -> int: ...

    def index(self, value: Any, fields: Mapping[str, Any]) -> int: ...

    def value(self, index: int, fields: Mapping[str, Any]) -> Any: ...

    def describe(self) -> str: ...


def _positions(values: Sequence[Hashable]) -> dict[Hashable, int]:
    positions = {v: i for i, v in enumerate(values)}
    if len(positions) != len(values):
        raise ValueError(f"a domain lists a value twice: {list(values)!r}")
    return positions


@attrs.frozen
class Choice:
    """One of ``values`` (names, numbers, ``None``, booleans), numbered in their order."""

    values: tuple[Hashable, ...] = attrs.field(converter=tuple)
    label: str = ""
    _at: dict[Hashable, int] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_at", _positions(self.values))

    @property
    def size(self) -> int:
        return len(self.values)

    def index(self, value: Any, fields: Mapping[str, Any]) -> int:
        return self._at[value]

    def value(self, index: int, fields: Mapping[str, Any]) -> Any:
        return self.values[index]

    def describe(self) -> str:
        return self.label or f"one of {len(self.values)}"


@attrs.frozen
class Integers:
    """A whole number from ``low`` to ``high`` inclusive."""

    low: int
    high: int

    @property
    def size(self) -> int:
        return self.high - self.low + 1

    def index(self, value: Any, fields: Mapping[str, Any]) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"not a whole number: {value!r}")
        if not self.low <= value <= self.high:
            raise ValueError(f"{value} is not from {self.low} to {self.high}")
        return value - self.low

    def value(self, index: int, fields: Mapping[str, Any]) -> Any:
        return self.low + index

    def describe(self) -> str:
        return f"{self.low} to {self.high}"


@attrs.frozen
class Subset:
    """A set of ``min_size`` to ``max_size`` of ``values``, as a tuple in the domain's order.

    Numbered size by size (all the smallest first), each size in lexicographic order of the
    members' positions (the combinatorial number system)."""

    values: tuple[Hashable, ...] = attrs.field(converter=tuple)
    max_size: int | None = None
    min_size: int = 0
    label: str = ""
    _at: dict[Hashable, int] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_at", _positions(self.values))

    @property
    def _top(self) -> int:
        n = len(self.values)
        return n if self.max_size is None else min(self.max_size, n)

    @property
    def size(self) -> int:
        n = len(self.values)
        return sum(math.comb(n, k) for k in range(self.min_size, self._top + 1))

    def index(self, value: Any, fields: Mapping[str, Any]) -> int:
        members = sorted(self._at[v] for v in value)
        k = len(members)
        if len(set(members)) != k or not self.min_size <= k <= self._top:
            raise ValueError(f"not a set of {self.min_size} to {self._top}: {value!r}")
        if tuple(self.values[i] for i in members) != tuple(value):
            raise ValueError(f"not in the domain's order: {value!r}")
        n = len(self.values)
        base = sum(math.comb(n, j) for j in range(self.min_size, k))
        return base + _rank_combination(members, n)

    def value(self, index: int, fields: Mapping[str, Any]) -> Any:
        n = len(self.values)
        for k in range(self.min_size, self._top + 1):
            count = math.comb(n, k)
            if index < count:
                return tuple(self.values[i] for i in _unrank_combination(index, n, k))
            index -= count
        raise IndexError(index)

    def describe(self) -> str:
        return self.label or f"a set of {self.min_size} to {self._top} of {len(self.values)}"


def _rank_combination(members: Sequence[int], n: int) -> int:
    """The lexicographic rank of the sorted positions ``members`` among the k-subsets of n."""
    rank, previous, k = 0, -1, len(members)
    for i, member in enumerate(members):
        for skipped in range(previous + 1, member):
            rank += math.comb(n - skipped - 1, k - i - 1)
        previous = member
    return rank


def _unrank_combination(rank: int, n: int, k: int) -> tuple[int, ...]:
    members: list[int] = []
    candidate = 0
    for i in range(k):
        while True:
            count = math.comb(n - candidate - 1, k - i - 1)
            if rank < count:
                break
            rank -= count
            candidate += 1
        members.append(candidate)
        candidate += 1
    return tuple(members)


@attrs.frozen
class Multiset:
    """``min_size`` to ``max_size`` of ``values`` with repeats (dice faces), as a tuple in the
    domain's order; numbered size by size, each size in lexicographic order."""

    values: tuple[Hashable, ...] = attrs.field(converter=tuple)
    max_size: int
    min_size: int = 0
    label: str = ""
    _at: dict[Hashable, int] = attrs.field(init=False, repr=False, eq=False)
    _lists: tuple[tuple[tuple[int, ...], ...], ...] = attrs.field(init=False, repr=False, eq=False)
    _ranks: dict[tuple[int, ...], int] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_at", _positions(self.values))
        n = len(self.values)
        lists = tuple(
            tuple(combinations_with_replacement(range(n), k))
            for k in range(self.min_size, self.max_size + 1)
        )
        flat = [m for group in lists for m in group]
        object.__setattr__(self, "_lists", lists)
        object.__setattr__(self, "_ranks", {m: i for i, m in enumerate(flat)})

    @property
    def size(self) -> int:
        return len(self._ranks)

    def index(self, value: Any, fields: Mapping[str, Any]) -> int:
        members = tuple(self._at[v] for v in value)
        if list(members) != sorted(members):
            raise ValueError(f"not in the domain's order: {value!r}")
        return self._ranks[members]

    def value(self, index: int, fields: Mapping[str, Any]) -> Any:
        for group in self._lists:
            if index < len(group):
                return tuple(self.values[i] for i in group[index])
            index -= len(group)
        raise IndexError(index)

    def describe(self) -> str:
        return self.label or f"{self.min_size} to {self.max_size} of {len(self.values)}, repeats"


@attrs.frozen
class Sequences:
    """An ordered tuple of ``min_len`` to ``max_len`` of ``values`` (repeats allowed): a path.
    Numbered length by length, each length in lexicographic order."""

    values: tuple[Hashable, ...] = attrs.field(converter=tuple)
    max_len: int
    min_len: int = 0
    label: str = ""
    _at: dict[Hashable, int] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_at", _positions(self.values))

    @property
    def size(self) -> int:
        n = len(self.values)
        return sum(n**k for k in range(self.min_len, self.max_len + 1))

    def index(self, value: Any, fields: Mapping[str, Any]) -> int:
        k, n = len(value), len(self.values)
        if not self.min_len <= k <= self.max_len:
            raise ValueError(f"not {self.min_len} to {self.max_len} long: {value!r}")
        rank = 0
        for v in value:
            rank = rank * n + self._at[v]
        shorter: int = sum(n**j for j in range(self.min_len, k))
        return shorter + rank

    def value(self, index: int, fields: Mapping[str, Any]) -> Any:
        n = len(self.values)
        for k in range(self.min_len, self.max_len + 1):
            if index < n**k:
                digits = []
                for _ in range(k):
                    index, digit = divmod(index, n)
                    digits.append(self.values[digit])
                return tuple(reversed(digits))
            index -= n**k
        raise IndexError(index)

    def describe(self) -> str:
        return self.label or f"a path of {self.min_len} to {self.max_len} of {len(self.values)}"


@attrs.frozen
class Dependent:
    """A field whose values depend on an earlier field ``on``: ``domains[fields[on]]`` (an
    attack's supporting areas among its target's neighbours). Its size is the largest of
    them, so some numbers are unused for a smaller one."""

    on: str
    domains: Mapping[Hashable, Domain]
    label: str = ""
    _size: int = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        # computed once: encoding reads it for every action (a board's worth of domains)
        object.__setattr__(self, "_size", max((d.size for d in self.domains.values()), default=0))

    @property
    def size(self) -> int:
        """The largest of the domains (worked out once: every id asks for it)."""
        return self._size

    def index(self, value: Any, fields: Mapping[str, Any]) -> int:
        return self.domains[fields[self.on]].index(value, fields)

    def value(self, index: int, fields: Mapping[str, Any]) -> Any:
        domain = self.domains[fields[self.on]]
        if index >= domain.size:
            raise IndexError(index)
        return domain.value(index, fields)

    def describe(self) -> str:
        return self.label or f"depends on {self.on} (up to {self.size})"


@attrs.frozen
class Template:
    """The ids of one action class: ``fields`` names each ``__init__`` argument of ``kind`` in
    order with its :class:`Domain` (fields left out keep their defaults)."""

    kind: type
    fields: tuple[tuple[str, Domain], ...] = attrs.field(converter=tuple)
    note: str = ""

    @property
    def size(self) -> int:
        return math.prod(domain.size for _, domain in self.fields)

    def encode(self, action: Action, state: GameState | None = None) -> int:
        """The number of ``action`` among the template's (its domains given ``state``)."""
        number, seen = 0, _given(state)
        for name, domain in self.fields:
            value = getattr(action, name)
            seen[name] = value
            number = number * domain.size + domain.index(value, seen)
        return number

    def decode(self, number: int, state: GameState | None = None) -> Action:
        """The action numbered ``number`` (its domains given ``state``)."""
        digits = []
        for _, domain in reversed(self.fields):
            number, digit = divmod(number, domain.size)
            digits.append(digit)
        values: dict[str, Any] = {}
        seen = _given(state)
        for (name, domain), digit in zip(self.fields, reversed(digits), strict=True):
            values[name] = seen[name] = domain.value(digit, seen)
        action: Action = self.kind(**values)
        return action

    def describe(self) -> str:
        parts = ", ".join(f"{name}: {domain.describe()}" for name, domain in self.fields)
        return f"{self.kind.__name__}({parts})"


_BY_STATE: Final = -1
"""What :meth:`ActionSpace.ids` remembers of an action that has no id without the state
(numbered by the state, or not at all): it is numbered again in each state."""

_UNKEYED: Final = object()
"""No key worked out (yet)."""

_REMEMBERED: Final = 200_000
"""The most actions :meth:`ActionSpace.ids` remembers by value (their fields' values)."""

_STATE_KEYS: Final = 1_000
"""The most :attr:`ActionSpace.state_key` s whose actions :meth:`ActionSpace.ids`
remembers."""

_PINNED: Final = 20_000
"""The most action objects :meth:`ActionSpace.ids` remembers by identity (holding them, so
that an identity is not reused while it is remembered) before it forgets them and starts
again: the engines list many fresh objects once only, and holding them all would weigh on
the garbage collector."""


_PARTS: Final = 4_000
"""The most parts of legal lists (:attr:`ActionSpace.parts`) whose ids
:meth:`ActionSpace.legal_ids` remembers by identity (holding them) before it forgets them and
starts again."""

Parts = Callable[[GameState], Sequence[Any] | None]
"""A game's split of a state's legal actions (:attr:`ActionSpace.parts`)."""

PartActions = Callable[[GameState, Any], Sequence[Action]]
"""The actions of one part of a state's legal list (:attr:`ActionSpace.part_actions`)."""

PartIds = Callable[[GameState, Sequence[Any]], "list[int] | None"]
"""The ids of the leading parts of a state's legal list, found by the game
(:attr:`ActionSpace.part_ids`)."""


def _no_fields(action: Action) -> tuple[()]:
    return ()


def _key_of(templates: Sequence[Template]) -> Callable[[Action], Hashable]:
    """What the templates of one action class read of an action: the values of their fields
    (in C, with no ``__hash__`` or ``__eq__`` of the action's: a fresh action is found as
    fast as one seen before)."""
    names = tuple(dict.fromkeys(name for t in templates for name, _ in t.fields))
    return attrgetter(*names) if names else _no_fields


class ActionSpace:
    """Numbered actions: the templates one after another, ``size`` ids in all.

    An action class may have several templates, tried in their order, when one product of
    fields would leave most of its ids unused (a Charge! names a target, the other orders do
    not): they must be disjoint, each action fitting one of them only."""

    def __init__(
        self,
        templates: Sequence[Template],
        name: str = "actions",
        state_key: Callable[[GameState], Hashable] | None = None,
        parts: Parts | None = None,
        part_actions: PartActions | None = None,
        part_ids: PartIds | None = None,
    ) -> None:
        self.name = name
        self.templates = tuple(templates)
        self.state_key = state_key
        """For a space that numbers some actions by the state: what of the state their ids
        depend on (equal keys, equal ids for the same action), so that :meth:`ids` numbers
        such an action once per key rather than once per state; ``None``: once per state."""
        self.parts = parts
        """For a game whose legal lists begin with parts that recur from state to state (a
        movement phase's moves, counter by counter, while the phase lasts): ``parts(state)``
        gives those leading parts of the state's ``legal_actions()`` in order (``None`` for a
        state not so split), each as an object that recurs as the very same object while its
        actions stay the same, so that :meth:`legal_ids` numbers each part once and then
        finds its ids with one lookup, not one per action; the actions after them are
        numbered one by one."""
        self.part_actions = part_actions
        """The actions of a part, ``part_actions(state, part)``, asked only for a part not
        remembered; ``None``: each part is the sequence of its actions itself. A part may so
        be any object that stands for its actions (a movement phase's entry for one counter:
        the counter and the areas it may reach), which the game need not turn into actions
        in every state."""
        self.part_ids = part_ids
        """The ids of all the :attr:`parts` of a state found by the game, ``part_ids(state,
        parts)``, one list in their order (``None`` where it cannot number them: the space
        then numbers them part by part), asked in every state instead of what the space
        remembers: a game can keep them where its own listing has just looked (a movement
        phase's entries: the ids of a counter's moves kept beside the moves in the engine's
        memory), which is cheaper in play than the space's own tables, read cold after the
        engine's action. It must give exactly the ids of the parts' actions one by one, in
        their order, as a new list."""
        self._by_kind: dict[type, list[tuple[int, Template]]] = {}
        self._starts: list[int] = []
        start = 0
        for template in self.templates:
            self._by_kind.setdefault(template.kind, []).append((start, template))
            self._starts.append(start)
            start += template.size
        self.size = start
        self._forget()

    def _forget(self) -> None:
        """Empty what :meth:`ids` remembers."""
        self._keys: dict[type, Callable[[Action], Hashable]] = {
            kind: _key_of([t for _, t in found]) for kind, found in self._by_kind.items()
        }
        self._known: dict[type, dict[Hashable, int]] = {kind: {} for kind in self._by_kind}
        self._pinned: dict[int, int] = {}
        self._held: dict[int, Action] = {}
        self._by_state: dict[Hashable, dict[tuple[type, Hashable], int]] = {}
        self._part_ids: dict[int, list[int]] = {}
        self._parts_held: dict[int, object] = {}
        self._part_values: dict[Hashable, list[int]] = {}

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without what :meth:`ids` remembers."""
        kept = (
            "_keys",
            "_known",
            "_pinned",
            "_held",
            "_by_state",
            "_part_ids",
            "_parts_held",
            "_part_values",
        )
        return {k: v for k, v in self.__dict__.items() if k not in kept}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__dict__.update(saved)
        self._forget()

    def ids(
        self, actions: Sequence[Action], state: GameState | None = None, missing: int | None = None
    ) -> list[int]:
        """The id of each of ``actions``, in their order: :meth:`encode` of each, remembered.

        An id means the same action in every state, so an action numbered without the state
        is numbered once: later it is found by its fields' values, or faster by the identity
        of an object met before (the engines list many of the same objects again in the
        next states). One that needs the state (a split-off horde, by its rank in the state)
        is numbered in each state, or with a :attr:`state_key` once per key. An action the
        space cannot number gets ``missing``, or without it raises :class:`ActionIdError`."""
        pinned = self._pinned
        found: list[int | None] = list(map(pinned.get, map(id, actions)))
        if None not in found:
            return found  # type: ignore[return-value]
        if len(pinned) > _PINNED:
            pinned.clear()
            self._held.clear()
        held, keys, known = self._held, self._keys, self._known
        by_key: list[dict[tuple[type, Hashable], int]] = []  # the state's, once worked out
        # only the actions not found by identity (most are): their positions, found in C
        for i in compress(range(len(found)), map(is_, found, repeat(None))):
            action = actions[i]
            kind = type(action)
            key_of = keys.get(kind)
            if key_of is None:  # no template of its class: encode says so
                found[i] = self._in_state(action, state, missing)
                continue
            try:
                key = key_of(action)
                got = known[kind].get(key)
            except (AttributeError, TypeError):  # not the fields' values: encode says why
                found[i] = self._in_state(action, state, missing)
                continue
            if got is None:
                got = self._learn(kind, key, action)
            if got == _BY_STATE:
                token = (kind, key)
                # after the list's first such action, its state key's ids are at hand
                hit = by_key[0].get(token) if by_key else None
                found[i] = (
                    hit
                    if hit is not None
                    else self._by_state_key(action, state, missing, by_key, token)
                )
                continue
            pinned[id(action)] = got
            held[id(action)] = action
            found[i] = got
        return found  # type: ignore[return-value]

    def _learn(self, kind: type, key: Hashable, action: Action) -> int:
        """The id of ``action`` without the state (:data:`_BY_STATE` if it has none),
        remembered by its fields' values ``key``."""
        remembered = self._known[kind]
        got = self._first(action)
        if len(remembered) >= _REMEMBERED:
            remembered.clear()
        remembered[key] = got
        return got

    def _by_state_key(
        self,
        action: Action,
        state: GameState | None,
        missing: int | None,
        by_key: list[dict[tuple[type, Hashable], int]],
        token: tuple[type, Hashable],
    ) -> int:
        """The id of an action that needs the state: numbered in ``state``, or once per
        :attr:`state_key` (``by_key`` keeps what is remembered for the state's key, worked
        out at the first such action of a list)."""
        if state is None or self.state_key is None:
            return self._in_state(action, state, missing)
        if not by_key:
            by_key.append(self._of_key(self.state_key(state)))
        return self._keyed(action, state, missing, by_key[0], token)

    def legal_ids(self, state: GameState, missing: int | None = None) -> list[int]:
        """The ids of ``state``'s legal actions in their order: :meth:`ids` of its
        ``legal_actions()``, the leading :attr:`parts` (if the game splits the state's list)
        each found at once: by the game (:attr:`part_ids`), or by the part's identity once
        numbered.

        A part is remembered only when every action in it has an id without the state (its
        ids then hold in every state that lists the same part); otherwise it is numbered in
        each state, as :meth:`ids` does."""
        legal = state._legal_tuple()
        split = None if self.parts is None else self.parts(state)
        if not split:
            return self.ids(legal, state, missing)
        out = None if self.part_ids is None else self.part_ids(state, split)
        if out is None:
            out = self._parts_ids(split, state, missing)
        if len(out) < len(legal):
            out += self.ids(legal[len(out) :], state, missing)
        return out

    def _parts_ids(self, split: Sequence[Any], state: GameState, missing: int | None) -> list[int]:
        """The ids of the parts ``split`` of ``state``'s legal list, one after another, each
        part found by its identity once numbered (:meth:`_part`)."""
        found = list(map(self._part_ids.get, map(id, split)))  # in C: most parts were met
        if None in found:
            found = [
                self._part(p, state, missing) if f is None else f
                for p, f in zip(split, found, strict=True)
            ]
        out: list[int] = []
        for ids in cast("list[list[int]]", found):
            out += ids  # extending copies whole lists: faster than chain.from_iterable
        return out

    def _part(self, part: Any, state: GameState, missing: int | None) -> list[int]:
        """The ids of one of :attr:`parts`, remembered (the part held, so that its identity
        is not reused while it is) when every action in it has an id without the state.

        A part not met as this object may be equal to one met before (a counter's entry in
        the next movement phase, its reach unchanged): its ids are then found by its value,
        its actions not listed again."""
        by_value = self._part_values
        try:
            ids = by_value.get(part)
        except TypeError:  # unhashable: by its identity only
            ids, by_value = None, {}
        if ids is None:
            actions = part if self.part_actions is None else self.part_actions(state, part)
            ids = self.ids(actions, None, _BY_STATE)
            if _BY_STATE in ids:  # numbered by the state, or not at all: here only
                return self.ids(actions, state, missing)
            if len(by_value) >= _PARTS:
                by_value.clear()
            by_value[part] = ids
        remembered = self._part_ids
        if len(remembered) >= _PARTS:
            remembered.clear()
            self._parts_held.clear()
        remembered[id(part)] = ids
        self._parts_held[id(part)] = part
        return ids

    def _first(self, action: Action) -> int:
        """The id of ``action`` without the state, or :data:`_BY_STATE` if it has none."""
        try:
            return self.encode(action)
        except ActionIdError:
            return _BY_STATE

    def _of_key(self, state_key: Hashable) -> dict[tuple[type, Hashable], int]:
        """What is remembered of the actions numbered in states of ``state_key`` (the key
        hashed once per state, not once per action)."""
        remembered = self._by_state
        found = remembered.get(state_key)
        if found is None:
            if len(remembered) >= _STATE_KEYS:
                remembered.clear()
            found = remembered[state_key] = {}
        return found

    def _keyed(
        self,
        action: Action,
        state: GameState,
        missing: int | None,
        remembered: dict[tuple[type, Hashable], int],
        token: tuple[type, Hashable],
    ) -> int:
        """The id of an action numbered by the state, remembered (in ``remembered``, for
        the :attr:`state_key` of the state) by its class and its fields' values (one it
        cannot number is not)."""
        got = remembered.get(token)
        if got is None:
            got = self._in_state(action, state, missing)
            if got != missing:
                if len(remembered) >= _REMEMBERED:
                    remembered.clear()
                remembered[token] = got
        return got

    def _in_state(self, action: Action, state: GameState | None, missing: int | None) -> int:
        if missing is None:
            return self.encode(action, state)
        try:
            return self.encode(action, state)
        except ActionIdError:
            return missing

    def encode(self, action: Action, state: GameState | None = None) -> int:
        """The id of ``action`` (:class:`ActionIdError` if the space cannot number it);
        ``state`` for the domains that number by the state (:data:`STATE`)."""
        found = self._by_kind.get(type(action))
        if found is None:
            raise ActionIdError(str(action), f"no {self.name} template for {type(action).__name__}")
        problem: Exception | None = None
        for start, template in found:
            try:
                return start + template.encode(action, state)
            except ActionIdError:
                raise
            except (KeyError, ValueError, IndexError, TypeError) as error:
                problem = error
        raise ActionIdError(str(action), f"outside the {self.name} space ({problem})") from None

    def decode(self, action_id: int, state: GameState | None = None) -> Action:
        """The action numbered ``action_id`` (:class:`ActionIdError` if none is); ``state``
        for the domains that number by the state (:data:`STATE`)."""
        if isinstance(action_id, bool) or not isinstance(action_id, int | np.integer):
            raise ActionIdError(repr(action_id), "an action id is a whole number")
        action_id = int(action_id)
        if not 0 <= action_id < self.size:
            raise ActionIdError(str(action_id), f"not an id of {self.name} (0 to {self.size - 1})")
        slot = bisect.bisect_right(self._starts, action_id) - 1
        template = self.templates[slot]
        try:
            return template.decode(action_id - self._starts[slot], state)
        except ActionIdError:
            raise
        except (IndexError, KeyError, ValueError) as error:
            raise ActionIdError(str(action_id), f"an unused id of {self.name} ({error})") from None

    def layout(self) -> list[dict[str, Any]]:
        """Each template's first id, number of ids and fields (for docs and debugging)."""
        return [
            {"kind": t.kind.__name__, "first": s, "count": t.size, "fields": t.describe()}
            for s, t in zip(self._starts, self.templates, strict=True)
        ]


@attrs.frozen
class ActionCodec:
    """A game's two numbered spaces for one scenario: the players' ``decisions`` and the
    ``chance`` outcomes. Every method takes the state so that the right space is used, and
    hands it to the domains that number by the state (:data:`STATE`)."""

    decisions: ActionSpace
    chance: ActionSpace
    note: str = ""
    """What the game decomposes or leaves out, in words (its docs page says more)."""

    @property
    def num_distinct_actions(self) -> int:
        return self.decisions.size

    @property
    def max_chance_outcomes(self) -> int:
        return self.chance.size

    def space(self, state: GameState) -> ActionSpace:
        """The space of the pending choice: chance outcomes at a chance node."""
        return self.chance if state.is_chance else self.decisions

    def action_id(self, state: GameState, action: Action) -> int:
        """The id of ``action`` in the space of ``state``'s pending choice."""
        return self.space(state).encode(action, state)

    def action_from_id(self, state: GameState, action_id: int) -> Action:
        """The legal action of ``state`` numbered ``action_id``; an id legal in no state is an
        :class:`ActionIdError`, one not legal here the game's
        :class:`~wargames.core.errors.RuleViolation` (the state unchanged)."""
        action = self.space(state).decode(action_id, state)
        if not state.is_legal(action):
            raise state._explain(action)
        return action

    def legal_ids(self, state: GameState) -> list[int]:
        """The ids of the legal actions (chance outcomes at a chance node), ascending."""
        return sorted(self.space(state).legal_ids(state))

    def legal_mask(self, state: GameState) -> npt.NDArray[np.bool_]:
        """A bool array over the pending space, True at the legal ids."""
        space = self.space(state)
        mask = np.zeros(space.size, dtype=np.bool_)
        mask[space.legal_ids(state)] = True
        return mask

    def chance_ids(self, state: GameState) -> list[tuple[int, float]]:
        """``(id, probability)`` of each chance outcome of ``state`` (empty elsewhere)."""
        outcomes = state.chance_outcomes()
        ids = self.chance.ids([a for a, _ in outcomes], state)
        return [(i, p) for i, (_, p) in zip(ids, outcomes, strict=True)]


def names(values: Iterable[Any]) -> tuple[Hashable, ...]:
    """Distinct values in first-seen order (a domain from a roster that may repeat)."""
    return tuple(dict.fromkeys(values))
