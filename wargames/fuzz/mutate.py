"""Mutators: seeded, repeatable damage to JSON-like documents, TOML text and raw bytes.

Every mutator takes a :class:`random.Random` and a value and returns a new value (the input is
never changed) with a short description of what was done, so a failing case can be read and
reproduced. :func:`mutate_document` applies one to three of the document mutators at random
places of a JSON-like document (dicts, lists, strings, numbers, booleans, ``None``);
:func:`mutate_toml` does the same to a parsed TOML document and writes it back with
:func:`toml_text`, or damages the text line by line; :func:`mutate_bytes` damages the encoded
file (bad UTF-8, truncation, NUL bytes, a byte-order mark, a file over the size limit).
"""

from __future__ import annotations

import copy
import json
import math
import random
import re
from collections.abc import Callable
from typing import Any, Final

Path = tuple[str | int, ...]
"""Where a value sits in a document: the keys and list indexes leading to it."""

Mutator = Callable[[random.Random, Any, Path], tuple[Any, str]]
"""``mutator(rng, document, path) -> (new document, description)``; ``path`` is where."""

HUGE_NUMBERS: Final = (
    10**30,
    2**63,
    2**64 + 1,
    -(2**63) - 1,
    2**128,
    -1,
    -(10**9),
    0,
    1e308,
    -1e308,
    1e-320,
    math.inf,
    -math.inf,
    math.nan,
)
"""Numbers a reader must bound: past 64 bits, negative, zero, infinite, not a number."""

ODD_STRINGS: Final = (
    "",
    " ",
    "\x00",
    "a\x00b",
    "\u202e\u0645",
    "../../../../etc/passwd",
    "/dev/zero",
    "CON",
    "%s%s%n",
    "{}[]",
    "\ud800",
    "é" * 300,
    "x" * 5000,
    "y" * 200_000,
    "1e400",
    "-0",
    "null",
    "true",
)
"""Strings a reader must refuse or take as plain text: empty, NUL, control and bidi
characters, lone surrogates, paths, format strings, long ones."""

WRONG_VALUES: Final[tuple[Any, ...]] = (
    None,
    True,
    False,
    0,
    -1,
    1.5,
    "x",
    "0",
    [],
    [None],
    {},
    {"@": "no/such-tag"},
    {"~set": [1, 1]},
    {"~map": []},
    [[]],
    {"": ""},
)
"""Values of the wrong type for almost any place."""


# -- where things are ---------------------------------------------------------------------------


def paths(document: Any) -> list[Path]:
    """Every place in ``document`` (the root included), depth first, in document order."""
    found: list[Path] = []
    todo: list[tuple[Any, Path]] = [(document, ())]
    while todo:
        value, where = todo.pop()
        found.append(where)
        if isinstance(value, dict):
            todo.extend((v, (*where, k)) for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            todo.extend((v, (*where, i)) for i, v in reversed(list(enumerate(value))))
    return found


def get(document: Any, where: Path) -> Any:
    """The value at ``where``."""
    for key in where:
        document = document[key]
    return document


def put(document: Any, where: Path, value: Any) -> Any:
    """``document`` with the value at ``where`` replaced (in place below the root)."""
    if not where:
        return value
    get(document, where[:-1])[where[-1]] = value
    return document


def show(where: Path) -> str:
    """``where`` as a key path: ``actions[3]``, ``scenario.turns``."""
    text = ""
    for key in where:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else str(key))
    return text or "(top level)"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:30]}...({len(text)} chars)"


# -- document mutators ----------------------------------------------------------------------


def delete(rng: random.Random, doc: Any, where: Path) -> tuple[Any, str]:
    """Remove the key or list item at ``where`` (the root becomes ``{}``)."""
    if not where:
        return {}, "emptied the document"
    parent = get(doc, where[:-1])
    del parent[where[-1]]
    return doc, f"deleted {show(where)}"


def wrong_type(rng: random.Random, doc: Any, where: Path) -> tuple[Any, str]:
    """Replace the value at ``where`` by one of another type."""
    old = get(doc, where)
    choices = [v for v in WRONG_VALUES if type(v) is not type(old)]
    value = copy.deepcopy(rng.choice(choices))
    return put(doc, where, value), f"{show(where)} = {_short(value)} (wrong type)"


def unknown_name(rng: random.Random, doc: Any, where: Path) -> tuple[Any, str]:
    """A name nobody knows: a string changed a little or replaced, or a new key in a table."""
    old = get(doc, where)
    if isinstance(old, dict) and rng.random() < 0.5:
        key = rng.choice(["unknown", "Game", "@@", "~set", "scenario ", "x" * 300])
        old[key] = rng.choice([1, "x", None, []])
        return doc, f"added key {key[:40]!r} at {show(where)}"
    if isinstance(old, str) and old and rng.random() < 0.6:
        i = rng.randrange(len(old))
        value = old[:i] + rng.choice("zZ9-_ ?") + old[i + 1 :]
    else:
        value = rng.choice(["chess", "no-such-name", "OT99", "Ork", "nobody", "CHANCE", "?"])
    return put(doc, where, value), f"{show(where)} = {value!r} (unknown name)"


def odd_number(rng: random.Random, doc: Any, where: Path) -> tuple[Any, str]:
    """A huge, negative, zero, infinite or not-a-number value, or the old one off by one."""
    old = get(doc, where)
    if isinstance(old, int) and not isinstance(old, bool) and rng.random() < 0.3:
        value: Any = old + rng.choice([-1, 1, -old - 1, old * 1000])
    else:
        value = rng.choice(HUGE_NUMBERS)
    return put(doc, where, value), f"{show(where)} = {_short(value)} (odd number)"


def odd_string(rng: random.Random, doc: Any, where: Path) -> tuple[Any, str]:
    """An empty, long, NUL, bidi, surrogate or path-like string."""
    value = rng.choice(ODD_STRINGS)
    return put(doc, where, value), f"{show(where)} = {_short(value)} (odd string)"


def deep(rng: random.Random, doc: Any, where: Path) -> tuple[Any, str]:
    """Lists or tables nested from just past the limit to thousands deep (applied last by
    :func:`mutate_document`: the other mutators copy values, with recursion)."""
    depth = rng.choice([33, 100, 1000, 5000])
    value: Any = rng.choice([1, "x"])
    as_list = rng.random() < 0.5
    for _ in range(depth):
        value = [value] if as_list else {"a": value}
    return put(doc, where, value), f"{show(where)} nested {depth} deep"


def reshape_list(rng: random.Random, doc: Any, where: Path) -> tuple[Any, str]:
    """A list truncated, extended with copies of its items, shuffled or reversed."""
    old = get(doc, where)
    if not isinstance(old, list) or not old:
        return wrong_type(rng, doc, where)
    how = rng.choice(["truncated", "extended", "shuffled", "reversed", "emptied", "doubled"])
    if how == "truncated":
        value = old[: rng.randrange(len(old))]
    elif how == "extended":
        value = old + [copy.deepcopy(rng.choice(old)) for _ in range(rng.choice([1, 3, 50]))]
    elif how == "shuffled":
        value = old[:]
        rng.shuffle(value)
    elif how == "reversed":
        value = old[::-1]
    elif how == "doubled":
        value = old + copy.deepcopy(old)
    else:
        value = []
    return put(doc, where, value), f"{show(where)} {how} ({len(old)} -> {len(value)} items)"


def swap(rng: random.Random, doc: Any, where: Path) -> tuple[Any, str]:
    """Swap the value at ``where`` with the value of another place (not inside it)."""
    others = [p for p in paths(doc) if p and p[: len(where)] != where and where[: len(p)] != p]
    if not where or not others:
        return wrong_type(rng, doc, where)
    other = rng.choice(others)
    a, b = copy.deepcopy(get(doc, where)), copy.deepcopy(get(doc, other))
    put(doc, where, b)
    put(doc, other, a)
    return doc, f"swapped {show(where)} and {show(other)}"


def retoken(rng: random.Random, doc: Any, where: Path) -> tuple[Any, str]:
    """Change one word or number inside a string (an action's notation, an id)."""
    old = get(doc, where)
    if not isinstance(old, str) or not old.strip():
        return unknown_name(rng, doc, where)
    words = old.split(" ")
    i = rng.randrange(len(words))
    words[i] = rng.choice(
        [
            re.sub(r"\d+", lambda _: str(rng.choice([0, 7, 99, 10**12])), words[i]) or "0",
            words[i][::-1],
            "",
            words[i] * 2,
            rng.choice(words),
        ]
    )
    value = " ".join(words)
    return put(doc, where, value), f"{show(where)} = {_short(value)} (word changed)"


DOCUMENT_MUTATORS: Final[tuple[Mutator, ...]] = (
    delete,
    wrong_type,
    unknown_name,
    odd_number,
    odd_string,
    deep,
    reshape_list,
    swap,
    retoken,
)


def _place(rng: random.Random, doc: Any, mutator: Mutator) -> Path:
    """A place for ``mutator``: a list for :func:`reshape_list`, a string for
    :func:`retoken`, a number for :func:`odd_number`, else any (rarely the root)."""
    every = paths(doc)
    wanted: dict[Mutator, Callable[[Any], bool]] = {
        reshape_list: lambda v: isinstance(v, list) and bool(v),
        retoken: lambda v: isinstance(v, str),
        odd_number: lambda v: isinstance(v, int | float),
    }
    test = wanted.get(mutator)
    fitting = [p for p in every if test(get(doc, p))] if test else []
    pool = fitting or [p for p in every if p] or every
    if rng.random() < 0.02:
        return ()
    return rng.choice(pool)


def mutate_document(
    rng: random.Random, document: Any, count: int | None = None
) -> tuple[Any, list[str]]:
    """``document`` damaged by ``count`` (default one to three) mutators at random places,
    with what each did. The input is not changed."""
    doc = copy.deepcopy(document)
    done: list[str] = []
    for _ in range(count or rng.choice([1, 1, 1, 2, 3])):
        mutator = rng.choice(DOCUMENT_MUTATORS)
        doc, what = mutator(rng, doc, _place(rng, doc, mutator))
        done.append(what)
        if mutator is deep:
            break
    return doc, done


# -- TOML ---------------------------------------------------------------------------------------

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    return key if _BARE.match(key) else json.dumps(key)


class _Raw(str):
    """Text written as it is by :func:`_write` (brackets, separators)."""


def _write(value: Any, style: str) -> str:
    """``value`` as one inline TOML (``style="toml"``) or JSON (``"json"``) value, without
    recursion, so that values nested thousands deep are written too."""
    out: list[str] = []
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, _Raw):
            out.append(item)
        elif isinstance(item, list | dict):
            stack.extend(reversed(_parts(item, style)))
        else:
            out.append(_scalar(item, style))
    return "".join(out)


def _parts(item: list[Any] | dict[Any, Any], style: str) -> list[Any]:
    """The opening bracket, the items with their separators, and the closing bracket."""
    parts: list[Any] = [_Raw("[" if isinstance(item, list) else "{")]
    pairs = enumerate(item) if isinstance(item, list) else enumerate(item.items())
    for i, element in pairs:
        if i:
            parts.append(_Raw(", "))
        if isinstance(item, dict):
            key, element = element
            name = _key(str(key)) if style == "toml" else json.dumps(str(key))
            parts.append(_Raw(f"{name} = " if style == "toml" else f"{name}: "))
        parts.append(element)
    parts.append(_Raw("]" if isinstance(item, list) else "}"))
    return parts


def _scalar(value: Any, style: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if style == "json":
            return json.dumps(value)
        if math.isnan(value):
            return "nan"
        return ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    return "null" if style == "json" else "{}"


def toml_value(value: Any) -> str:
    """One TOML value, inline: strings (JSON escapes are TOML's), numbers, booleans, arrays and
    inline tables. ``None`` has no TOML form and is written as an empty inline table."""
    return _write(value, "toml")


def json_text(value: Any) -> str:
    """``value`` as JSON text (``NaN`` and ``Infinity`` as JavaScript writes them), however
    deep it nests."""
    return _write(value, "json")


def toml_text(document: dict[str, Any]) -> str:
    """A TOML document that parses back to ``document``: plain values first, then tables as
    ``[a.b]`` sections and lists of tables as ``[[a]]``, as the shipped files are written."""
    lines: list[str] = []
    _table(document, (), lines)
    return "\n".join(lines) + "\n"


def _table(table: dict[str, Any], where: tuple[str, ...], lines: list[str]) -> None:
    """Write ``table``'s plain values, then its sub-tables as sections (below eight levels,
    tables are written inline: a section header per level of a deep value would be huge)."""

    def section(v: Any) -> bool:
        return len(where) < 8 and isinstance(v, dict)

    def sections(v: Any) -> bool:
        return (
            len(where) < 8
            and isinstance(v, list)
            and bool(v)
            and all(isinstance(x, dict) for x in v)
        )

    for k, v in table.items():
        if not section(v) and not sections(v):
            lines.append(f"{_key(k)} = {toml_value(v)}")
    for k, v in table.items():
        head = ".".join(_key(part) for part in (*where, k))
        if section(v):
            lines += ["", f"[{head}]"]
            _table(v, (*where, k), lines)
        elif sections(v):
            for item in v:
                lines += ["", f"[[{head}]]"]
                _table(item, (*where, k), lines)


def _drop_none(value: Any, depth: int = 0) -> Any:
    """TOML has no null: a ``None`` put by a mutator is dropped from tables and lists (the
    values :func:`deep` nests hold none, and are not walked)."""
    if depth > 64:
        return value
    if isinstance(value, dict):
        return {k: _drop_none(v, depth + 1) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_none(v, depth + 1) for v in value if v is not None]
    return value


def mutate_lines(rng: random.Random, text: str) -> tuple[str, str]:
    """Damage TOML text by lines: one deleted, duplicated, swapped, cut short, or garbage."""
    lines = text.split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    how = rng.choice(["deleted", "duplicated", "swapped", "cut", "garbage", "header"])
    if how == "deleted":
        del lines[i]
    elif how == "duplicated":
        lines.insert(i, lines[i])
    elif how == "swapped":
        lines[i], lines[j] = lines[j], lines[i]
    elif how == "cut":
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    elif how == "garbage":
        lines.insert(i, rng.choice(["= 1", "[", "[[]]", "a = ", 'x = """', "a.b.c = 1", "[x]"]))
    else:
        lines.insert(i, rng.choice(["[[army]]", "[board]", "[imperial]", "[options]", "[red]"]))
    return "\n".join(lines), f"line {i + 1} {how}"


def mutate_toml(rng: random.Random, document: dict[str, Any], text: str) -> tuple[str, list[str]]:
    """Damaged TOML text of a scenario: its parsed ``document`` mutated and written again
    (three times in four), or its ``text`` damaged line by line."""
    if rng.random() < 0.75:
        doc, done = mutate_document(rng, document)
        if not isinstance(doc, dict):
            doc, done = {"value": doc}, [*done, "the document became a value"]
        return toml_text(_drop_none(doc)), done
    done = []
    for _ in range(rng.choice([1, 1, 2])):
        text, what = mutate_lines(rng, text)
        done.append(what)
    return text, done


# -- bytes --------------------------------------------------------------------------------------

MAX_FILE_BYTES: Final = 1 << 20
"""The size limit of files the library reads (:data:`wargames.core.scenario.MAX_FILE_BYTES`)."""


def mutate_bytes(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    """Damage an encoded file: a bad UTF-8 byte, cut short (maybe inside a character), NUL
    bytes, a byte-order mark, UTF-16, or padded past the size limit."""
    i = rng.randrange(len(data) + 1)
    how = rng.choice(["bad utf-8", "truncated", "nul", "bom", "utf-16", "huge", "flipped"])
    if how == "bad utf-8":
        out = data[:i] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf"]) + data[i:]
    elif how == "truncated":
        out = data[:i]
    elif how == "nul":
        out = data[:i] + b"\x00" * rng.choice([1, 100]) + data[i:]
    elif how == "bom":
        out = b"\xef\xbb\xbf" + data
    elif how == "utf-16":
        out = data.decode("utf-8", "replace").encode("utf-16")
    elif how == "huge":
        out = data + b"\n#" + b"x" * (MAX_FILE_BYTES + rng.choice([0, 1, 4096]))
    else:
        flipped = bytearray(data or b"\x00")
        k = rng.randrange(len(flipped))
        flipped[k] ^= 1 << rng.randrange(8)
        out = bytes(flipped)
    return out, f"bytes: {how} at {i} ({len(data)} -> {len(out)} bytes)"
