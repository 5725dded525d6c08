"""The states of a match, kept lean: every state of a game is a value that the actions give
again, so a :class:`~wargames.core.engine.Match` keeps only some of them alive.

:class:`History` is the sequence ``match.states``: the first state, every
:data:`CHECKPOINT_EVERY`-th and the last :data:`RECENT` are kept; any other is recomputed on
demand from the nearest kept state before it by applying the logged actions (states are
values and ``apply`` is pure, so these are the states that were played, equal in every way).
A long game then holds a few dozen states instead of thousands, which keeps the heap small
and the garbage collector's passes short (issue 16: "a ``Match`` that keeps fewer states
alive").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import TYPE_CHECKING, Generic, TypeVar, overload

if TYPE_CHECKING:
    from wargames.core.engine import Action, GameState

S = TypeVar("S", bound="GameState")

CHECKPOINT_EVERY = 128
"""Every state whose index is a multiple of this is kept (the first included): recomputing
any other applies at most this many actions less one."""

RECENT = 4
"""The last states kept, so that a match's current state and the few before it (a turn's
narration, an undo) cost nothing."""


class History(Sequence[S], Generic[S]):
    """The states of a match from its first: ``history[0]`` is the first, ``history[-1]`` the
    current one, ``history[i + 1]`` is ``history[i].apply(actions[i])``.

    ``actions`` is the match's own list of the actions applied (read, never changed here):
    :meth:`append` takes the state each new action gave, :meth:`cut` drops the last ones.
    """

    def __init__(self, first: S, actions: Sequence[Action]) -> None:
        self._actions = actions
        self._kept: dict[int, S] = {0: first}
        self._length = 1
        self._last = first

    # -- growing and shrinking ----------------------------------------------------------------

    def append(self, state: S) -> None:
        """The state after the newest action."""
        index = self._length
        self._kept[index] = self._last = state
        self._length += 1
        old = index - RECENT
        if old > 0 and old % CHECKPOINT_EVERY:
            self._kept.pop(old, None)

    def cut(self, count: int) -> None:
        """Drop the last ``count`` states (their actions taken back); the first stays."""
        if not 0 <= count < self._length:
            raise IndexError(f"cannot drop {count} of a match's {self._length} states")
        if count == 0:
            return
        self._length -= count
        for index in [i for i in self._kept if i >= self._length]:
            del self._kept[index]
        self._last = self._state_at(self._length - 1)
        self._kept[self._length - 1] = self._last

    @property
    def last(self) -> S:
        """The current state (``history[-1]``)."""
        return self._last

    @property
    def kept(self) -> int:
        """How many states are alive (for tests and benchmarks)."""
        return len(self._kept)

    # -- reading ------------------------------------------------------------------------------

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> S: ...

    @overload
    def __getitem__(self, index: slice) -> list[S]: ...

    def __getitem__(self, index: int | slice) -> S | list[S]:
        if isinstance(index, slice):
            wanted = range(*index.indices(self._length))
            if not wanted:
                return []
            first, last = min(wanted), max(wanted)
            chosen = set(wanted)
            walked = islice(self.since(first), last - first + 1)  # no further than needed
            found = {i: s for i, s in enumerate(walked, first) if i in chosen}
            return [found[i] for i in wanted]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError(f"state {index} of a match of {self._length} states")
        return self._state_at(index)

    def __iter__(self) -> Iterator[S]:
        """Every state from the first, each applied once from the one before (or kept)."""
        return self.since(0)

    def since(self, start: int) -> Iterator[S]:
        """The states from ``start`` (``0 <= start <= len(self)``) to the last, each applied
        once from the one before it or kept: walking the states a log writes costs one
        ``apply`` a state not kept, however many are walked."""
        if not 0 <= start <= self._length:
            raise IndexError(f"state {start} of a match of {self._length} states")
        if start == self._length:
            return
        state = self._state_at(start)
        yield state
        for index in range(start + 1, self._length):
            kept = self._kept.get(index)
            state = kept if kept is not None else state.apply(self._actions[index - 1])
            yield state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == self._length and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # a changing sequence, like a list

    def __repr__(self) -> str:
        return f"<History of {self._length} states, {len(self._kept)} kept>"

    def _state_at(self, index: int) -> S:
        """State ``index``: kept, or applied from the nearest kept state before it."""
        kept = self._kept.get(index)
        if kept is not None:
            return kept
        base = max(i for i in self._kept if i <= index)
        state = self._kept[base]
        for action in self._actions[base:index]:
            state = state.apply(action)
        return state
