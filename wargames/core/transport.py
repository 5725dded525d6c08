"""Values that cross processes cheaply: a scenario's built set-up pickles as its source.

A game builds what it plays from a scenario (the board, the pieces, the tables: a set-up of
some hundred KB in memory) once per source, and every state of that scenario shares the one
object. Pickled by value, each state would carry the whole set-up (83 to 220 KB a state, 5 to
30 ms to read back): a worker process sending its records home, the conformance kit's pickle
round trips and OpenSpiel's clones would spend their time on it.

:class:`SharedValues` is the game's bounded, process-wide cache of set-ups built from a *key*
(the scenario's :class:`~wargames.core.sources.ScenarioSource`, which compares by name and
content hash, with what else the build takes: readings, board data). A value it built pickles
as ``(rebuild, key)`` (:meth:`SharedValues.reduce`, called from the value's
``__reduce_ex__``): a shipped scenario's id, or a user scenario's document and hash, in a few
hundred bytes. Unpickling looks the key up in the receiving process's cache and builds the
value only on a miss, so every state of a scenario read back in a process shares one object
again, and a fresh process rebuilds it from the key alone (a pickle is self-contained; the
shipped scenario files are part of the library). A value the cache did not build (one changed
with ``attrs.evolve``, or one evicted since) pickles by value, as before: a pickle never
stands for anything but the value pickled.

:func:`state_reduce` does the same for a whole game state: its init fields only (the set-up
among them, as above), without the per-state caches (the memo, the kept fields, lookups
worked out in ``__attrs_post_init__``), which the state rebuilds when it is read back.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, SupportsIndex, TypeVar

import attrs

from wargames.core.engine import GameState
from wargames.core.views import viewer_of

V = TypeVar("V")


class SharedValues(Generic[V]):
    """A bounded cache of values built from keys, whose values pickle as their keys.

    ``build(*key)`` makes the value of a key (the same key, the same value); the cache keeps
    the last ``size`` values used, and knows them by identity (:meth:`key_of`), so that a
    value it built pickles as its key (:meth:`reduce`).
    """

    def __init__(self, build: Callable[..., V], size: int) -> None:
        self._build = build
        self._size = size
        self._values: OrderedDict[tuple[Hashable, ...], V] = OrderedDict()
        self._keys: dict[int, tuple[Hashable, ...]] = {}
        """``id`` of a value held -> its key (the value is held, so its id is not reused)."""
        self._lock = threading.Lock()
        """Held while the cache changes (threads of one process share it: a Dask worker's)."""

    def get(self, *key: Hashable) -> V:
        """The value of ``key``: the one built before if the cache still holds it, else
        built now (and the least recently used one dropped when the cache is full)."""
        with self._lock:
            found = self._values.get(key)
            if found is not None:
                self._values.move_to_end(key)
                return found
        value = self._build(*key)  # not under the lock: building takes milliseconds
        with self._lock:
            found = self._values.get(key)
            if found is not None:  # another thread built it meanwhile: share that one
                return found
            self._values[key] = value
            self._keys[id(value)] = key
            while len(self._values) > self._size:
                _, dropped = self._values.popitem(last=False)
                self._keys.pop(id(dropped), None)
        return value

    def key_of(self, value: object) -> tuple[Hashable, ...] | None:
        """The key ``value`` was built from, if it is a value this cache holds (``None`` for
        any other, even an equal one)."""
        key = self._keys.get(id(value))
        if key is None or self._values.get(key) is not value:
            return None
        return key

    def reduce(self, value: object, rebuild: Callable[..., V]) -> tuple[Any, ...] | None:
        """``value``'s pickled form ``(rebuild, key)`` if this cache built it, else ``None``
        (the caller pickles it by value). ``rebuild`` is the module-level function unpickling
        calls with the key: the game's own loader, which calls :meth:`get`."""
        key = self.key_of(value)
        return None if key is None else (rebuild, key)

    def __len__(self) -> int:
        return len(self._values)

    def clear(self) -> None:
        """Forget every value (their pickles still read back: they are rebuilt)."""
        with self._lock:
            self._values.clear()
            self._keys.clear()


def shared_reduce(
    value: object, cache: SharedValues[Any], rebuild: Callable[..., Any], protocol: SupportsIndex
) -> tuple[Any, ...]:
    """What a set-up's ``__reduce_ex__`` returns: ``(rebuild, key)`` if ``cache`` built it,
    else the default pickling by value."""
    found = cache.reduce(value, rebuild)
    if found is not None:
        return found
    return by_value(value, protocol)


def once_reduce(value: object, loaded: Any, protocol: SupportsIndex) -> tuple[Any, ...]:
    """What a game's data's ``__reduce_ex__`` returns: ``(loaded, ())`` if ``value`` is what
    ``loaded`` (a :func:`functools.cache`'d loader of the shipped data, taking no argument)
    has loaded, else the default pickling by value (data edited in a notebook)."""
    if loaded.cache_info().currsize and loaded() is value:
        return (loaded, ())
    return by_value(value, protocol)


def by_value(value: object, protocol: SupportsIndex) -> tuple[Any, ...]:
    """The default pickling of ``value``, field by field."""
    reduced = object.__reduce_ex__(value, protocol)
    assert isinstance(reduced, tuple)  # a string is for module-level objects only
    return reduced


# -- whole states ---------------------------------------------------------------------------


_INIT: dict[type, tuple[tuple[str, str], ...]] = {}
"""State class -> (attribute, ``__init__`` keyword) of each of its init fields."""


def _init_fields(cls: type) -> tuple[tuple[str, str], ...]:
    found = _INIT.get(cls)
    if found is None:
        fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(cls)
        found = _INIT[cls] = tuple((f.name, f.alias or f.name) for f in fields if f.init)
    return found


def state_reduce(state: GameState) -> tuple[Any, ...]:
    """A game state's pickled form: its class and the values of its init fields, in order
    (set-ups pickling as their sources). The caches are left behind, but for a player's
    view's (:func:`~wargames.core.views.viewer_of`): they hold what the view cannot work out
    from what it shows (who is to act, the legal actions shared with the state it was made
    of, whose view it is)."""
    cls = type(state)
    fields = state.__dict__
    values = tuple(fields[name] for name, _ in _init_fields(cls))
    if viewer_of(state) is not None:
        return (_rebuilt_state, (cls, values, dict(fields["_memo"])))
    return (_rebuilt_state, (cls, values))


def _rebuilt_state(cls: type[V], values: tuple[Any, ...], memo: dict[str, Any] | None = None) -> V:
    """A state read back from :func:`state_reduce`'s form: built by its class's ``__init__``
    (which works the caches out again, as for a new state), a view given its memo back."""
    keywords = {alias: value for (_, alias), value in zip(_init_fields(cls), values, strict=True)}
    state = cls(**keywords)
    if memo:
        state.__dict__["_memo"].update(memo)
    return state


__all__ = ["SharedValues", "by_value", "once_reduce", "shared_reduce", "state_reduce"]
