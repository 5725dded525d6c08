"""What a saved value may hold: the declared types of its fields, checked as it is read back.

The codec (:mod:`wargames.core.codec`) reads a saved value field by field; a document from
outside may hold anything there. Each registered class's fields are checked against the types
they declare (the same types ``mypy --strict`` holds the game's code to), so a state read back
holds only what the game's code can hold:

* ``str`` (at most :data:`MAX_TEXT` characters), ``int`` (a bool is not one; at most
  :data:`MAX_INT` either way), ``bool``, ``float`` (finite), ``None``, ``Literal[...]`` values,
  and unions of them;
* ``tuple[X, ...]`` and ``frozenset[X]`` (at most :data:`MAX_ITEMS` items), fixed tuples
  ``tuple[X, Y]`` (exactly as many items), ``dict[str, X]`` and ``Mapping[str, X]``;
* a class (a registered value, a task): an instance of it (its own fields were checked when it
  was read).

A type the checker cannot resolve (a name only imported for type checking) is not checked.

The check of a class is compiled once into one expression (the common case, a well-formed
value, costs one call); only a value that fails it is walked again to say where:
:func:`checker` returns that fast check, :func:`explain` the key path and the problem.
"""

from __future__ import annotations

import inspect
import sys
import types
import typing
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, Final, Literal, Union

import attrs

from wargames.core.errors import WargamesError, shown

MAX_INT: Final = 2**63
"""The largest magnitude of a saved integer (a turn, a roll, a count)."""

MAX_TEXT: Final = 1000
"""The most characters of a saved string (a counter id, an area, a card, a reason)."""

MAX_ITEMS: Final = 100_000
"""The most items of a saved list, set or mapping."""

MAX_DEPTH: Final = 32
"""The deepest nesting of lists and objects in a saved document."""

Check = Callable[[Any], bool]
Fields = tuple[tuple[str, str], ...]
"""(attribute name, JSON key) of each field checked."""

_UNKNOWN: Final = object()
"""A declared type that does not resolve: not checked."""


def hints(cls: type, names: tuple[str, ...]) -> dict[str, Any]:
    """The declared type of each field in ``names``, resolved in the module that declares it
    (``_UNKNOWN`` where it does not resolve)."""
    found: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        declared = inspect.get_annotations(klass)
        scope = vars(sys.modules[klass.__module__]) if klass.__module__ in sys.modules else {}
        for name, text in declared.items():
            if name not in names:
                continue
            try:
                found[name] = eval(text, dict(scope)) if isinstance(text, str) else text
            except Exception:
                found[name] = _UNKNOWN
    return found


def checker(cls: type, fields: Fields, deep: bool = False) -> Check:
    """One function telling whether a value of ``cls`` holds what its ``fields`` declare.

    ``deep``: also check the fields of the attrs values it holds (for a class saved through
    its own hooks, whose nested values the codec did not read itself)."""
    declared = hints(cls, tuple(name for name, _ in fields))
    scope: dict[str, Any] = {
        "T": MAX_TEXT,
        "M": MAX_INT,
        "N": MAX_ITEMS,
        "deep": deep,
        "_S": {str},
        "_I": {int},
    }
    parts = [_expr(declared.get(name, _UNKNOWN), f"v.{name}", 0, scope) for name, _ in fields]
    body = " and ".join(p for p in parts if p != "True") or "True"
    exec(
        compile(f"def check(v):\n    return {body}\n", f"<check {cls.__qualname__}>", "exec"), scope
    )
    check: Check = scope["check"]
    return check


def explain(cls: type, fields: Fields, value: Any, deep: bool = False) -> tuple[str, str] | None:
    """Where ``value`` does not hold what ``cls``'s fields declare: (key path, problem), or
    ``None`` when it does (``deep`` as for :func:`checker`)."""
    declared = hints(cls, tuple(name for name, _ in fields))
    for name, key in fields:
        why = _why(declared.get(name, _UNKNOWN), getattr(value, name), deep)
        if why is not None:
            return key + why[0], why[1]
    return None


# -- the fast check, as Python source ---------------------------------------------------------


def _expr(tp: Any, var: str, depth: int, scope: dict[str, Any]) -> str:
    """A Python expression true when ``var`` is a value of the declared type ``tp``."""
    if tp is _UNKNOWN or tp is Any or isinstance(tp, typing.TypeVar) or tp is object:
        return "True"
    if tp is None or tp is type(None):
        return f"{var} is None"
    simple = {
        str: f"(type({var}) is str and len({var}) <= T)",
        int: f"(type({var}) is int and -M <= {var} <= M)",
        bool: f"type({var}) is bool",
        float: f"(type({var}) in (int, float) and -1e300 <= {var} <= 1e300)",
    }
    if tp in simple:
        return simple[tp]
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Literal:
        name = _put(scope, frozenset((type(a), a) for a in args))
        kinds = _put(scope, frozenset(type(a) for a in args))
        return f"(type({var}) in {kinds} and (type({var}), {var}) in {name})"
    if origin is Union or origin is types.UnionType:
        return "(" + " or ".join(_expr(a, var, depth, scope) for a in args) + ")"
    item = f"x{depth}"
    variadic = origin is frozenset or (origin is tuple and len(args) == 2 and args[1] is Ellipsis)
    fast = _items_expr(args[0], var, scope) if variadic and args else None
    if fast is not None:
        kind = "tuple" if origin is tuple else "frozenset"
        return f"(type({var}) is {kind} and len({var}) <= N and {fast})"
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            inner = _expr(args[0], item, depth + 1, scope)
            return (
                f"(type({var}) is tuple and len({var}) <= N and all({inner} for {item} in {var}))"
            )
        each = [_expr(a, f"{var}[{i}]", depth, scope) for i, a in enumerate(args)]
        return (
            f"(type({var}) is tuple and len({var}) == {len(args)} and "
            + " and ".join(each or ["True"])
            + ")"
        )
    if origin is frozenset:
        inner = _expr(args[0] if args else Any, item, depth + 1, scope)
        return (
            f"(type({var}) is frozenset and len({var}) <= N and all({inner} for {item} in {var}))"
        )
    if origin in (dict, Mapping):
        inner = _expr(args[1] if len(args) == 2 else Any, f"y{depth}", depth + 1, scope)
        return (
            f"(type({var}) is dict and len({var}) <= N and all(type({item}) is str and "
            f"len({item}) <= T and {inner} for {item}, y{depth} in {var}.items()))"
        )
    target = origin if isinstance(origin, type) else tp
    if isinstance(target, type) and scope["deep"] and attrs.has(target):
        inner = _put(scope, _deep(target))
        return f"(isinstance({var}, {_put(scope, target)}) and {inner}({var}))"
    if isinstance(target, type):
        return f"isinstance({var}, {_put(scope, target)})"
    return "True"


def _init_fields(cls: type) -> Fields:
    return tuple((f.name, f.alias or f.name) for f in attrs.fields(cls) if f.init)


def _deep(cls: type) -> Check:
    """The deep check of the attrs class ``cls`` (compiled on its first use)."""

    def check(value: Any) -> bool:
        found = _DEEP.get(cls)
        if found is None:
            found = _DEEP[cls] = checker(cls, _init_fields(cls), deep=True)
        return found(value)

    return check


_DEEP: dict[type, Check] = {}


def _items_expr(tp: Any, var: str, scope: dict[str, Any]) -> str | None:
    """A faster check of every item of the collection ``var`` (the loops run in C) when the
    items are declared ``str``, ``int`` or one class; ``None`` for other item types."""
    if tp is str:
        return f"(not {var} or (set(map(type, {var})) == _S and max(map(len, {var})) <= T))"
    if tp is int:
        return (
            f"(not {var} or (set(map(type, {var})) == _I and -M <= min({var}) and max({var}) <= M))"
        )
    target = typing.get_origin(tp) or tp
    if isinstance(target, type) and not scope["deep"] and tp not in (bool, float, type(None)):
        name = _put(scope, target)
        return f"all([issubclass(t, {name}) for t in set(map(type, {var}))])"
    return None


def _put(scope: dict[str, Any], value: Any) -> str:
    name = f"_c{len(scope)}"
    scope[name] = value
    return name


# -- the slow walk: where a value goes wrong --------------------------------------------------


def _why(tp: Any, x: Any, deep: bool = False) -> tuple[str, str] | None:
    """(key path below ``x``, problem) where ``x`` is not a value of ``tp``; ``None`` if it is."""
    if tp is _UNKNOWN or tp is Any or isinstance(tp, typing.TypeVar) or tp is object:
        return None
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Union or origin is types.UnionType:
        found = [_why(a, x, deep) for a in args]
        if all(f is not None for f in found):
            deeper = [f for f in found if f is not None and f[0]]
            return deeper[0] if deeper else ("", f"expected {_name(tp)}, found {_found(x)}")
        return None
    if tp is None or tp is type(None):
        return None if x is None else ("", f"expected null, found {_found(x)}")
    if tp in (str, int, bool, float):
        return _plain_why(tp, x)
    if origin is Literal:
        if any(type(x) is type(a) and x == a for a in args):
            return None
        return "", f"expected one of {list(args)}, found {_found(x)}"
    if origin is tuple or origin is frozenset:
        return _items_why(origin, args, x, deep)
    if origin in (dict, Mapping):
        if type(x) is not dict:
            return "", f"expected a mapping, found {_found(x)}"
        for k, v in x.items():
            why = _why(args[1] if len(args) == 2 else Any, v, deep)
            if type(k) is not str or len(k) > MAX_TEXT:
                return "", f"a key that is not a short string: {_found(k)}"
            if why is not None:
                return f".{k}{why[0]}", why[1]
        return None
    target = origin if isinstance(origin, type) else tp
    if isinstance(target, type) and not isinstance(x, target):
        return "", f"expected a {target.__name__}, found {_found(x)}"
    if isinstance(target, type) and deep and attrs.has(target):
        found_in = explain(target, _init_fields(target), x, deep=True)
        return None if found_in is None else ("." + found_in[0], found_in[1])
    return None


def _plain_why(tp: Any, x: Any) -> tuple[str, str] | None:
    if tp is float and type(x) is int:
        x = float(x)
    if type(x) is not tp:
        return "", f"expected {_name(tp)}, found {_found(x)}"
    if tp is str and len(x) > MAX_TEXT:
        return "", f"a string of {len(x)} characters (at most {MAX_TEXT})"
    if tp is int and not -MAX_INT <= x <= MAX_INT:
        return "", f"{_found(x)} is out of range (at most 2**63 either way)"
    if tp is float and not -1e300 <= x <= 1e300:
        return "", f"{_found(x)} is not a finite number"
    return None


def _items_why(origin: Any, args: tuple[Any, ...], x: Any, deep: bool) -> tuple[str, str] | None:
    if type(x) is not origin:
        kind = "a list" if origin is tuple else "a set"
        return "", f"expected {kind}, found {_found(x)}"
    if len(x) > MAX_ITEMS:
        return "", f"{len(x)} items (at most {MAX_ITEMS})"
    if origin is frozenset:
        for item in sorted(x, key=repr):
            why = _why(args[0] if args else Any, item, deep)
            if why is not None:
                return f"[{shown(item)}]{why[0]}", why[1]
        return None
    variadic = len(args) == 2 and args[1] is Ellipsis
    if not variadic and len(x) != len(args):
        return "", f"expected {len(args)} items, found {len(x)}"
    for i, item in enumerate(x):
        why = _why(args[0] if variadic else args[i], item, deep)
        if why is not None:
            return f"[{i}]{why[0]}", why[1]
    return None


def _name(tp: Any) -> str:
    if tp is None or tp is type(None):
        return "null"
    names = {str: "a string", int: "an integer", bool: "true or false", float: "a number"}
    if tp in names:
        return names[tp]
    if typing.get_origin(tp) in (Union, types.UnionType):
        return " or ".join(_name(a) for a in typing.get_args(tp))
    return str(getattr(tp, "__name__", tp))


def too_deep(data: Any) -> str:
    """The key path of the first part of ``data`` nested deeper than :data:`MAX_DEPTH` (empty
    if none is); iterative, so it works where reading recursively ran out of stack."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        node, key, depth = stack.pop()
        if depth > MAX_DEPTH:
            return key
        if isinstance(node, dict):
            stack.extend((v, f"{key}.{k}" if key else str(k), depth + 1) for k, v in node.items())
        elif isinstance(node, list | tuple):
            stack.extend((v, f"{key}[{i}]", depth + 1) for i, v in enumerate(node))
    return ""


# -- a whole state ----------------------------------------------------------------------------


def state_problems(state: Any) -> list[str]:
    """What is wrong with a state read back, in words: the game's invariants
    (``state.invariant_violations()``, and ``state.saved_state_violations()`` where a game has
    checks that only whole positions of play keep), then whether its pending decision is one
    the game hands out (the game is over exactly when it has an outcome; a player who must
    decide has a legal action). An exception inside these checks is a problem too."""
    try:
        problems: list[str] = state.invariant_violations()
        more = getattr(state, "saved_state_violations", None)
        if not problems and more is not None:
            problems = more()
        if problems:
            return problems
        try:
            over = state.current_player is None
        except WargamesError:  # unsettled: a player's view may be, as he cannot see why
            return [] if _a_view(state) else ["its pending steps are not settled"]
        if over != (state.outcome is not None):
            return [f"the game is {'over' if over else 'not over'}, its outcome {state.outcome}"]
        if not over and not state.legal_actions():
            return [f"{state.current_player} must decide but has no legal action"]
    except Exception as exc:
        return [f"checking it raised {type(exc).__name__}: {shown(str(exc), 200)}"]
    return []


def _a_view(state: Any) -> bool:
    """Whether ``state`` is a player's view with something hidden (the game's ``is_view``): an
    automatic step that waits on what the player cannot see leaves such a view unsettled."""
    is_view = getattr(state, "is_view", None)
    return bool(is_view is not None and is_view())


def unknown_names(
    values: Iterable[Any], known: Mapping[str, Collection[Any]], where: str = ""
) -> list[str]:
    """The names ``values`` hold that the game does not know, in words.

    ``values`` are attrs values (the tasks of a state, say); each field whose name is a key of
    ``known`` must hold names from that collection (a name, or a list or set of names, or a
    list of lists); other fields holding attrs values are searched the same way. A game's
    invariants use it to refuse a task that names a side, an area or a counter that is not
    there."""
    out: list[str] = []
    for i, value in enumerate(values):
        _walk(value, f"{where}[{i}]" if where else type(value).__name__, known, out)
    return out


def _walk(value: Any, label: str, known: Mapping[str, Collection[Any]], out: list[str]) -> None:
    if not attrs.has(type(value)):
        return
    for field in attrs.fields(type(value)):
        held = getattr(value, field.name, None)
        if field.name in known:
            allowed = known[field.name]
            out.extend(
                f"{label}.{field.name} names unknown {shown(name, 40)} ({type(value).__name__})"
                for name in _names(held)
                if name not in allowed
            )
        elif attrs.has(type(held)):
            _walk(held, f"{label}.{field.name}", known, out)


def _names(held: Any) -> Iterable[Any]:
    if isinstance(held, tuple | frozenset | list):
        for item in held:
            yield from _names(item)
    else:
        yield held


def _found(x: Any) -> str:
    """What was found, briefly (a long string or a big list is not echoed whole)."""
    if x is None:
        return "null"
    if type(x) is int and abs(x) >= 10**30:
        return f"an integer of {int(x.bit_length() * 0.30103) + 1} digits"
    if isinstance(x, bool | int | float):
        return repr(x)
    if isinstance(x, str):
        return repr(x) if len(x) <= 40 else f"a string of {len(x)} characters"
    if isinstance(x, tuple):
        return f"a list of {len(x)} items"
    if isinstance(x, frozenset):
        return f"a set of {len(x)} items"
    return f"a {type(x).__name__}"


__all__ = [
    "MAX_DEPTH",
    "MAX_INT",
    "MAX_ITEMS",
    "MAX_TEXT",
    "checker",
    "explain",
    "hints",
    "shown",
    "state_problems",
    "too_deep",
    "unknown_names",
]
