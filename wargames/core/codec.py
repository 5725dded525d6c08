"""One codec for every saved value: registered attrs values and whole game states to JSON and back.

Every value saved inside a state (a task, an attack in progress, a deck) is a frozen attrs class
registered under a stable *tag* with :func:`saved`, the decorator put above ``@attrs.frozen``::

    @saved("armageddon/battle")
    @attrs.frozen
    class Battle: ...

The tag, not the class name, is what a saved document names, so a class may be renamed or moved
without breaking saved states; two classes may not share a tag. Nothing is looked up outside this
registry: a value of an unregistered class is refused when it is saved (:func:`encode`), an
unknown tag when it is read (:func:`decode`).

The JSON form is self-describing, so reading back needs no type annotations:

* ``None``, booleans, integers, floats and strings are themselves;
* a tuple is a list;
* a frozenset is ``{"~set": [...]}`` with its items sorted (the same set always saves the same),
  or just the sorted list in a field declared ``frozenset[...]``;
* a dictionary with string keys is ``{"~map": {...}}``;
* a registered value is ``{"@": tag, field: value, ...}`` with every field of its ``__init__``
  except those marked :data:`DERIVED` (caches, worked out again), or what the class's own
  ``encode`` hook returns (horde saves a unit as its profile id and what the battle changed).

A whole game state (:func:`state_to_json`) is one document: ``game``, ``format``
(:data:`FORMAT`), ``@`` (the state class's tag), ``scenario`` (what the state's
:meth:`~wargames.core.tasks.TaskState.saved_scenario` hook returns, for the fields marked
:data:`SCENARIO`: board data and set-up, read again from the scenario rather than saved; a
shipped id or a user's scenario in full, never a path, see :mod:`wargames.core.sources`),
then every saved field. A document of another format is refused with :class:`SavedStateError`
naming the format found and the one expected; records (scenario, seed and actions) are not
saved states and replay whatever the format.

Reading back validates (a saved document may come from anywhere): :func:`decode` and
:func:`state_from_json` accept only what :func:`encode` and :func:`state_to_json` can have
written, each field of the type its class declares (:mod:`wargames.core.typecheck`: ranges,
lengths, nesting), and a whole state only if the game's invariants hold on it. Anything else
raises :class:`SavedStateError` naming the key path (``tasks[2].battle.stacks[0]``) and the
problem; no other exception escapes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

import attrs

from wargames.core import typecheck
from wargames.core.errors import WargamesError
from wargames.core.typecheck import MAX_DEPTH, MAX_ITEMS
from wargames.core.typecheck import shown as _shown

T = TypeVar("T")

FORMAT: Final = 3
"""The saved-state format. 3: the generic codec of this module. Formats 1 and 2 were each game's
own hand-written JSON (up to version 0.x of the library); they are refused."""

DERIVED: Final[Mapping[str, Any]] = {"derived": True}
"""Field metadata: a cache or a value worked out from other fields; not saved (it needs a
default, or ``init=False``)."""

SCENARIO: Final[Mapping[str, Any]] = {"kit": "scenario"}
"""Field metadata: rebuilt from the scenario (board data, set-up) by the state class's
``scenario_fields`` hook, not saved field by field."""


class SavedStateError(WargamesError, ValueError):
    """A saved state (or saved value) that cannot be read back: another format, another game, an
    unknown tag, a missing or malformed field, a value of the wrong type or out of range, a
    state that breaks the game's invariants. Names what was found and what was expected.

    ``key`` is the key path of the value at fault (``tasks[2].battle.stacks[0]``; empty for the
    document as a whole), ``problem`` what is wrong with it, and ``what`` the document
    (``saved armageddon state``) when it is known."""

    def __init__(self, problem: str, key: str = "", what: str = "") -> None:
        self.problem, self.key, self.what = problem, key, what
        text = f"{key}: {problem}" if key else problem
        super().__init__(f"{what}: {text}" if what else text)

    def within(self, part: str) -> SavedStateError:
        """The same problem seen one level up: ``part`` (a field's key, or ``[i]``) leads to
        the key path."""
        below = self.key if not self.key or self.key.startswith("[") else "." + self.key
        return SavedStateError(self.problem, part + below, self.what)

    def __reduce__(self) -> tuple[Any, ...]:
        return (SavedStateError, (self.problem, self.key, self.what))


Encoder = Callable[[Any], dict[str, Any]]
Decoder = Callable[[dict[str, Any]], Any]


ANY, PLAIN, SEQ, SET, SET_OF_ANY = range(5)
"""How a field is saved, from its declared type (mypy --strict holds the values to it):
``PLAIN`` (``str``, ``int``, ``bool``, ``float``, ``None`` or a union of them) as itself,
``SEQ`` (``tuple[PLAIN, ...]``, ``tuple[PLAIN, PLAIN]``) as a list, ``SET``
(``frozenset[PLAIN]``) as a sorted list, ``SET_OF_ANY`` (any other frozenset) as the sorted
list of its items' saved forms, and ``ANY`` through :func:`encode` (self-describing)."""

_PLAIN_NAMES = frozenset({"str", "int", "bool", "float", "None", "NoneType"})


@attrs.frozen
class _Plan:
    """How one registered class is saved: its tag, the fields saved, or its own hooks."""

    cls: type
    tag: str
    fields: tuple[tuple[str, str, int], ...]
    """(attribute name, ``__init__`` keyword and JSON key, how it is saved) of each saved
    field."""
    write: Callable[[Any], dict[str, Any]]
    """The saved form of a value, as a new dictionary: its tag and saved fields (compiled once
    per class), or just the fields when they are the class's own hooks."""
    read: Callable[[dict[str, Any]], Any]
    """``read(data)``: the value back from its saved fields."""
    read_with: Callable[[dict[str, Any], dict[str, Any]], Any]
    """``read_with(data, more)``: the same with ``more`` keywords (the scenario's fields)."""
    hooks: bool = False
    """Whether ``write`` and ``read`` are the class's own hooks (``@saved(encode=...)``)."""
    size: int = attrs.field(
        default=attrs.Factory(lambda p: 1 << 30 if p.hooks else len(p.fields) + 1, takes_self=True)
    )
    """The most keys a saved value of the class may have (its fields and the tag)."""


_BY_TAG: dict[str, _Plan] = {}
_BY_CLASS: dict[type, _Plan] = {}


def saved(
    tag: str, *, encode: Encoder | None = None, decode: Decoder | None = None
) -> Callable[[type[T]], type[T]]:
    """Register an attrs class for saving under ``tag`` (put it above ``@attrs.frozen``).

    ``encode`` and ``decode`` replace the field-by-field form for one class: ``encode(value)``
    returns a new JSON-ready dictionary (the codec adds the ``"@"`` key to it, last),
    ``decode(data)`` the value back.
    Raises ``TypeError`` for an empty tag, a tag already taken by another class, or a class that
    is not (yet) an attrs class: ``@attrs.frozen`` makes a new class, so ``@saved`` goes above.
    """

    def register(cls: type[T]) -> type[T]:
        if not isinstance(tag, str) or not tag.strip():
            raise TypeError(f"@saved on {cls.__qualname__}: the tag must be a non-empty string")
        if (encode is None) != (decode is None):
            raise TypeError(f"@saved({tag!r}): give both encode and decode hooks, or neither")
        if encode is None and not attrs.has(cls):
            raise TypeError(
                f"@saved({tag!r}): {cls.__qualname__} is not an attrs class; put @saved above "
                "@attrs.frozen (or give encode and decode hooks)"
            )
        old = _BY_TAG.get(tag)
        if old is not None and _name(old.cls) != _name(cls):
            raise TypeError(
                f"@saved({tag!r}) on {_name(cls)}: the tag is already registered to "
                f"{_name(old.cls)}"
            )
        former = _BY_CLASS.get(cls)
        if former is not None and former.tag != tag:
            raise TypeError(f"{_name(cls)} is already registered as {former.tag!r}")
        if encode is None or decode is None:
            fields = _saved_fields(cls)
            plan = _Plan(cls, tag, fields, *_compile(cls, tag, fields))
        else:
            plan = _Plan(cls, tag, (), encode, decode, _no_more, hooks=True)
        if old is not None:
            _BY_CLASS.pop(old.cls, None)  # the same class defined again (a module reloaded)
        _BY_TAG[tag] = _BY_CLASS[cls] = plan
        return cls

    return register


def tag_of(cls: type) -> str:
    """The tag ``cls`` is registered under (``TypeError`` if it is not)."""
    return _plan(cls).tag


def registered(tag: str) -> type:
    """The class registered under ``tag`` (:class:`SavedStateError` if none is)."""
    plan = _BY_TAG.get(tag)
    if plan is None:
        raise SavedStateError(f"no saved class has the tag {_shown(tag)}")
    return plan.cls


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _saved_fields(cls: type) -> tuple[tuple[str, str, int], ...]:
    """The fields of ``cls`` a saved value holds: those of ``__init__`` not marked derived nor
    rebuilt from the scenario, as (attribute name, keyword, how it is saved)."""
    fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(cls)
    return tuple(
        (f.name, f.alias or f.name, _kind(f.type))
        for f in fields
        if f.init and not f.metadata.get("derived") and f.metadata.get("kit") != "scenario"
    )


def _kind(declared: Any) -> int:
    """How a field of type ``declared`` (a type or its text) is saved (see :data:`ANY`)."""
    text = declared if isinstance(declared, str) else getattr(declared, "__name__", "")
    text = "".join(str(text).split())
    if _plain(text):
        return PLAIN
    if text.startswith("tuple[") and text.endswith("]"):
        parts = text[6:-1].split(",")
        if parts[-1] == "...":
            parts.pop()
        if parts and "[" not in text[6:-1] and all(_plain(p) for p in parts):
            return SEQ
    if text.startswith("frozenset["):
        return SET if _plain(text[10:-1]) else SET_OF_ANY
    return ANY


def _plain(text: str) -> bool:
    return bool(text) and all(part in _PLAIN_NAMES for part in text.split("|"))


def _compile(
    cls: type, tag: str, fields: tuple[tuple[str, str, int], ...]
) -> tuple[Callable[[Any], dict[str, Any]], Callable[..., Any], Callable[..., Any]]:
    """The writer and readers (without and with more keywords) of ``cls``'s saved fields, made
    as Python source once per class (as attrs makes ``__init__``): one call per value, no loop
    over the fields."""
    put = {PLAIN: "v.{}", SEQ: "list(v.{})", SET: "_items(v.{})", SET_OF_ANY: "_items(v.{})"}
    get = {
        PLAIN: "d[{!r}]",
        SEQ: "_seq(d[{!r}])",
        SET: "frozenset(_seq(d[{!r}]))",
        SET_OF_ANY: "frozenset(decode(x) for x in _seq(d[{!r}]))",
        ANY: "(x if type(x := d[{!r}]) in P else decode(x))",
    }
    written = "".join(
        f", {key!r}: " + put.get(kind, "(x if type(x := v.{}) in P else encode(x))").format(name)
        for name, key, kind in fields
    )
    read = "".join(f"{key}=" + get[kind].format(key) + ", " for _, key, kind in fields)
    source = (
        f"def write(v):\n    return {{'@': tag{written}}}\n"
        f"def read(d):\n    return cls({read})\n"
        f"def read_with(d, more):\n    return cls({read}**more)\n"
    )
    scope: dict[str, Any] = {
        "cls": cls,
        "tag": tag,
        "P": _PLAIN,
        "encode": encode,
        "decode": _decode,
        "_items": _sorted_items,
        "_seq": _seq,
    }
    exec(compile(source, f"<saved {_name(cls)}>", "exec"), scope)
    return scope["write"], scope["read"], scope["read_with"]


def _no_more(data: dict[str, Any], more: dict[str, Any]) -> Any:
    raise TypeError("a class saved through its own hooks takes no more keywords")


def _seq(data: Any) -> tuple[Any, ...]:
    """A saved list of plain values, read back as a tuple."""
    if type(data) is not list:
        raise SavedStateError(f"expected a list, found {type(data).__name__}")
    return tuple(data)


def _plan(cls: type) -> _Plan:
    plan = _BY_CLASS.get(cls) or _inherited(cls)
    if plan is None:
        raise _unregistered(cls)
    return plan


def _inherited(cls: type) -> _Plan | None:
    """The plan of a plain (not attrs) subclass of a registered class: it has the same fields
    and is saved under the same tag; read back through the subclass, it is rebuilt as one (a
    subclass that changes behaviour only, as tests and variants make). ``None`` if ``cls``
    is an attrs class of its own (it must be registered) or has no registered base."""
    if "__attrs_attrs__" in cls.__dict__:
        return None
    for base in cls.__mro__[1:]:
        plan = _BY_CLASS.get(base)
        if plan is not None:
            if plan.hooks:
                return plan
            found = _BY_CLASS[cls] = _Plan(
                cls, plan.tag, plan.fields, *_compile(cls, plan.tag, plan.fields)
            )
            return found
    return None


def _unregistered(cls: type) -> TypeError:
    return TypeError(
        f"{_name(cls)} is not registered for saving: decorate it with "
        '@saved("game/name") (wargames.core.codec.saved)'
    )


# -- values -------------------------------------------------------------------------------------


_PLAIN = frozenset({str, int, float, bool, type(None)})
_CONTAINERS = frozenset({tuple, frozenset, dict})


def encode(value: Any) -> Any:
    """The JSON-ready form of ``value`` (see the module docstring); ``TypeError`` for a value
    of an unregistered class or of a type the codec does not save (lists, sets, other keys)."""
    kind = type(value)
    plan = _BY_CLASS.get(kind)
    if plan is None and kind not in _PLAIN and kind not in _CONTAINERS:
        plan = _inherited(kind)
    if plan is not None:
        if plan.hooks:
            out = plan.write(value)
            out["@"] = plan.tag
            return out
        return plan.write(value)
    if kind in _PLAIN:
        return value
    if kind is tuple:
        return [v if type(v) in _PLAIN else encode(v) for v in value]
    if kind is frozenset:
        return {"~set": _sorted_items(value)}
    if kind is dict:
        if not all(type(k) is str for k in value):
            raise TypeError(f"only dictionaries with string keys are saved: {value!r}")
        return {"~map": {k: encode(v) for k, v in value.items()}}
    raise _unregistered(kind)


def _sorted_items(value: frozenset[Any]) -> list[Any]:
    """The saved forms of a set's items, sorted (by their text when they do not compare)."""
    items = [v if type(v) in _PLAIN else encode(v) for v in value]
    try:
        items.sort()
    except TypeError:
        items.sort(key=repr)
    return items


def decode(data: Any) -> Any:
    """Read back :func:`encode`; :class:`SavedStateError` for anything it cannot have written:
    an unknown tag or field, a missing field, a field that does not hold what its class
    declares (:mod:`wargames.core.typecheck`), nesting deeper than
    :data:`~wargames.core.typecheck.MAX_DEPTH`. The error names the key path."""
    try:
        return _decode(data)
    except RecursionError:
        raise _too_deep(data) from None


def _decode(data: Any) -> Any:
    kind = type(data)
    if kind is dict:
        tag = data.get("@")
        if tag is not None:
            return _read_value(data, tag)
        if "~set" in data and len(data) == 1 and type(data["~set"]) is list:
            items = _decode_list(data["~set"])
            try:
                return frozenset(items)
            except TypeError:
                raise SavedStateError("a set holds a list or a mapping", "~set") from None
        if "~map" in data and len(data) == 1 and type(data["~map"]) is dict:
            return _decode_map(data["~map"])
        raise SavedStateError(f"not a saved value (no '@' tag): {_keys(data)}")
    if kind in _PLAIN:
        return data
    if kind is list:
        return _decode_list(data)
    raise SavedStateError(f"not a saved value: a {kind.__name__}")


def _decode_list(data: list[Any]) -> tuple[Any, ...]:
    """A saved list read back; an error names the index of the item at fault."""
    if len(data) > MAX_ITEMS:
        raise SavedStateError(f"a list of {len(data)} items (at most {MAX_ITEMS})")
    try:
        return tuple([v if type(v) in _PLAIN else _decode(v) for v in data])
    except SavedStateError:
        for i, v in enumerate(data):
            try:
                _decode(v)
            except SavedStateError as exc:
                raise exc.within(f"[{i}]") from None
        raise


def _decode_map(data: dict[str, Any]) -> dict[str, Any]:
    """A saved mapping read back; an error names the key at fault."""
    if len(data) > MAX_ITEMS:
        raise SavedStateError(f"a mapping of {len(data)} keys (at most {MAX_ITEMS})")
    out = {}
    for k, v in data.items():
        try:
            out[k] = _decode(v)
        except SavedStateError as exc:
            raise exc.within(f"~map.{k}"[:60]) from None
    return out


def _read_value(data: dict[str, Any], tag: Any) -> Any:
    """The registered value saved under ``tag``, read and checked."""
    plan = _BY_TAG.get(tag) if type(tag) is str else None
    if plan is None:
        raise SavedStateError(f"unknown saved tag {_shown(tag)}", "@")
    if len(data) > plan.size:
        extra = sorted(set(data) - {key for _, key, _ in plan.fields} - {"@"})
        raise SavedStateError(f"{tag}: unknown fields {_shown(extra)}")
    try:
        value = plan.read(data)
    except RecursionError:
        raise
    except Exception as exc:
        raise _located(plan, data, exc) from None
    _check(plan, value)
    return value


def _check(plan: _Plan, value: Any) -> None:
    """Raise :class:`SavedStateError` where ``value``'s fields do not hold what its class
    declares."""
    check = _CHECKS.get(plan.cls)
    if check is None:
        check = _CHECKS[plan.cls] = typecheck.checker(
            plan.cls, _checked_fields(plan), deep=plan.hooks
        )
    if not check(value):
        found = typecheck.explain(plan.cls, _checked_fields(plan), value, deep=plan.hooks)
        if found is not None:
            raise SavedStateError(found[1], found[0])


def _checked_fields(plan: _Plan) -> tuple[tuple[str, str], ...]:
    """(attribute, key) of the fields of ``plan``'s class that are type-checked: the saved
    fields, or for a class saved through its own hooks every field of its ``__init__``."""
    if not plan.hooks:
        return tuple((name, key) for name, key, _ in plan.fields)
    if not attrs.has(plan.cls):
        return ()
    fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(plan.cls)
    return tuple((f.name, f.alias or f.name) for f in fields if f.init)


_CHECKS: dict[type, typecheck.Check] = {}


def _located(plan: _Plan, data: dict[str, Any], exc: Exception) -> SavedStateError:
    """Why the value saved under ``plan``'s tag cannot be read back, at the field at fault
    (each field is read again alone: this is the error path only)."""
    for _, key, kind in plan.fields:
        if key not in data:
            return SavedStateError(f"{plan.tag}: missing field {key!r}")
        try:
            _read_field(kind, data[key])
        except RecursionError:
            raise
        except SavedStateError as inner:
            return inner.within(key)
        except Exception:
            return SavedStateError(f"cannot be read back as a {_KIND_NAMES[kind]}", key)
    return _refused(plan.tag, exc)


def _read_field(kind: int, raw: Any) -> Any:
    """One saved field read back alone, as the compiled readers do (see :func:`_compile`)."""
    if kind == PLAIN:
        return raw
    if kind == SEQ:
        return _seq(raw)
    if kind == SET:
        return frozenset(_seq(raw))
    if kind == SET_OF_ANY:
        return frozenset(_decode_list(list(_seq(raw))))
    return raw if type(raw) in _PLAIN else _decode(raw)


_KIND_NAMES = {PLAIN: "plain value", SEQ: "list", SET: "set", SET_OF_ANY: "set", ANY: "value"}


def _refused(tag: str, exc: Exception) -> SavedStateError:
    """Why the value saved under ``tag`` cannot be read back."""
    if isinstance(exc, SavedStateError):
        return exc
    if isinstance(exc, KeyError):
        return SavedStateError(f"{tag}: missing field {_shown(exc.args[0])}")
    return SavedStateError(f"{tag}: cannot be read back: {_shown(str(exc), 200)}")


def _too_deep(data: Any) -> SavedStateError:
    """The error for a document nested too deeply, at the key path of its first too-deep part."""
    return SavedStateError(f"nested deeper than {MAX_DEPTH} levels", typecheck.too_deep(data))


def _keys(data: dict[Any, Any]) -> str:
    return _shown(sorted(map(str, data))[:10])


# -- whole states -------------------------------------------------------------------------------


def state_to_json(state: Any) -> dict[str, Any]:
    """A game state as one JSON-ready document (see the module docstring)."""
    cls = type(state)
    plan = _plan(cls)
    out: dict[str, Any] = {"game": cls.game, "format": FORMAT, "@": plan.tag}
    if _scenario_fields(cls):
        out["scenario"] = state.saved_scenario()
    out.update(plan.write(state))
    return out


def state_from_json(cls: type[T], data: Any) -> T:
    """Read back :func:`state_to_json` as ``cls`` or the subclass of it the document names.

    Every reader of a saved state comes here, and accepts only what :func:`state_to_json` can
    have written of a state that plays: the header (``game``, ``format``, ``@``), no unknown
    keys, every field of the type its class declares (values in range, strings and lists of
    bounded length, nesting bounded: :mod:`wargames.core.typecheck`), and the game's
    invariants (:meth:`~wargames.core.engine.GameState.invariant_violations`) on the state
    read back. Anything else raises :class:`SavedStateError` naming the key path and the
    problem (``saved armageddon state: tasks[2].battle.stacks[0]: expected a string, found
    7``); no other exception escapes."""
    game: str = getattr(cls, "game", "")
    what = f"saved {game} state"
    if not isinstance(data, dict):
        raise SavedStateError(f"a saved {game} state is a JSON object, not {type(data).__name__}")
    if data.get("game") != game:
        raise SavedStateError(f"a saved state of {_shown(data.get('game'))}, not of {game!r}")
    if type(data.get("format")) is not int or data["format"] != FORMAT:
        raise SavedStateError(
            f"saved {game} state of format {_shown(data.get('format'))}: this version reads "
            f"format {FORMAT} only (replay the game's record instead: records do not depend "
            "on it)"
        )
    if cls not in _LOADED:
        for module in getattr(cls, "saved_modules", ()):
            importlib.import_module(module)
        _LOADED.add(cls)
    tag = data.get("@")
    if type(tag) is not str:
        raise SavedStateError(f"the state's tag is {_shown(tag)}, not a string", "@", what)
    found = registered(tag)
    if issubclass(found, cls):
        plan = _plan(found)
    elif issubclass(cls, found) and _plan(cls).tag == tag:
        plan = _plan(cls)  # a plain subclass of the saved class reads back as itself
    else:
        raise SavedStateError(f"the saved state is a {tag}, not a {_name(cls)}")
    _no_unknown_keys(plan, data, what)
    more: dict[str, Any] = {}
    if _scenario_fields(found):
        if "scenario" not in data:
            raise SavedStateError(f"saved {game} state: missing field 'scenario'")
        more = found.scenario_fields(data["scenario"])  # type: ignore[attr-defined]
    try:
        state: T = _read_state(plan, data, more)
    except SavedStateError as exc:
        raise SavedStateError(exc.problem, exc.key, what) from None
    _check_invariants(state, what)
    return state


_HEADER: Final = frozenset({"game", "format", "@", "scenario"})
"""The keys of a saved state's document besides its saved fields."""


def _no_unknown_keys(plan: _Plan, data: dict[str, Any], what: str) -> None:
    """A saved state holds its header and its class's saved fields, nothing else."""
    if len(data) > len(plan.fields) + len(_HEADER) or not set(data) <= _HEADER | {
        key for _, key, _ in plan.fields
    }:
        extra = sorted(set(map(str, data)) - _HEADER - {key for _, key, _ in plan.fields})
        raise SavedStateError(f"unknown fields {_shown(extra)}", "", what)


def _read_state(plan: _Plan, data: dict[str, Any], more: dict[str, Any]) -> Any:
    """The state saved in ``data``, its fields read back and checked."""
    try:
        state = plan.read_with(data, more) if more else plan.read(data)
    except RecursionError:
        raise _too_deep(data) from None
    except Exception as exc:
        try:
            error = _located(plan, data, exc)
        except RecursionError:
            error = _too_deep(data)
        raise error from None
    _check(plan, state)
    return state


def _check_invariants(state: Any, what: str) -> None:
    """The game's invariants must hold on a state read back (a state that breaks one, such as
    a counter in no known place or a task naming a unit that is not there, would not play), and
    its pending decision must be one the game can hand out."""
    problems = typecheck.state_problems(state)
    if problems:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise SavedStateError(
            "breaks the game's invariants: " + "; ".join(problems[:3]) + more, "", what
        )


def _scenario_fields(cls: type) -> tuple[str, ...]:
    """The fields of a state class rebuilt from the scenario (marked :data:`SCENARIO`)."""
    found = _SCENARIO.get(cls)
    if found is None:
        fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(cls)
        found = _SCENARIO[cls] = tuple(
            f.name for f in fields if f.metadata.get("kit") == "scenario"
        )
    return found


_SCENARIO: dict[type, tuple[str, ...]] = {}
_LOADED: set[type] = set()
"""State classes whose :attr:`~wargames.core.tasks.TaskState.saved_modules` are imported."""


__all__ = [
    "DERIVED",
    "FORMAT",
    "SCENARIO",
    "SavedStateError",
    "decode",
    "encode",
    "registered",
    "saved",
    "state_from_json",
    "state_to_json",
    "tag_of",
]
