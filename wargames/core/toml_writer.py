"""Writing scenario data back as TOML a person can read (the reverse of :func:`tomllib.loads`).

A scenario document is plain data (:func:`~wargames.core.sources.canonical_json` checks it):
tables, lists, strings, whole numbers, finite numbers and true/false. :func:`toml_text` writes
one the way the shipped files are written: a table's plain keys first (``turns = 8``), then its
sub-tables (``[board]``) and its lists of tables (``[[bottom.unit]]``), each under its own
header; lists of values stay on one line; a string with line breaks becomes a multi-line
string. ``tomllib.loads(toml_text(data)) == data`` for every such document (a property test
checks it), so a scenario built or changed in Python can be saved, read by a person, edited and
loaded again.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\f": "\\f", "\r": "\\r"}


def toml_text(data: Mapping[str, Any], header: str = "") -> str:
    """``data`` (a table of plain scenario data) as TOML text, led by ``header`` as comment
    lines (``# ...``) when given."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    if lines:
        lines.append("")
    _table(data, (), lines, array_item=False)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


def _is_tables(value: Any) -> bool:
    """Whether ``value`` is a non-empty list of tables (written as ``[[name]]`` sections)."""
    return (
        isinstance(value, Sequence)
        and not isinstance(value, str)
        and bool(value)
        and all(isinstance(item, Mapping) for item in value)
    )


def _table(
    table: Mapping[str, Any], path: tuple[str, ...], out: list[str], array_item: bool
) -> None:
    """The section of ``table`` at ``path``: its header (unless it is the top level), its plain
    keys, then its sub-tables and lists of tables, each a section of its own."""
    plain = [(k, v) for k, v in table.items() if not isinstance(v, Mapping) and not _is_tables(v)]
    nested = [(k, v) for k, v in table.items() if isinstance(v, Mapping) or _is_tables(v)]
    header = bool(path) and (array_item or bool(plain) or not nested)
    if header:
        out.append(f"[[{_dotted(path)}]]" if array_item else f"[{_dotted(path)}]")
    out.extend(_assignment(k, v) for k, v in plain)
    if header or plain:
        out.append("")
    for key, value in nested:
        if isinstance(value, Mapping):
            _table(value, (*path, key), out, array_item=False)
        else:
            for item in value:
                _table(item, (*path, key), out, array_item=True)


WIDTH = 96
"""The longest line a list of values is written on; a longer list wraps, its items filling
lines indented by four spaces."""


def _assignment(key: str, value: Any) -> str:
    """``key = value``; a list that would not fit on a line of :data:`WIDTH` wraps."""
    line = f"{_key(key)} = {_value(value)}"
    if len(line) <= WIDTH or isinstance(value, str | Mapping) or not isinstance(value, Sequence):
        return line
    lines, current = [f"{_key(key)} = ["], "   "
    for item in value:
        text = _value(item) + ","
        if len(current) + 1 + len(text) > WIDTH and current.strip():
            lines.append(current)
            current = "   "
        current += " " + text
    lines += [current, "]"] if current.strip() else ["]"]
    return "\n".join(lines)


def _dotted(path: tuple[str, ...]) -> str:
    return ".".join(_key(part) for part in path)


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _value(value: Any) -> str:
    """A value on one line (a string with line breaks: a multi-line string)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value} is not scenario data")
        return repr(value)
    if isinstance(value, str):
        return _multiline(value) if "\n" in value else _string(value)
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, Sequence):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    raise ValueError(f"a {type(value).__name__} is not scenario data")


def _string(text: str) -> str:
    """A basic string: quotes, backslashes and control characters escaped."""
    return '"' + "".join(_escaped(c) for c in text) + '"'


def _multiline(text: str) -> str:
    """A multi-line basic string; the line break after the opening quotes is not part of it."""
    body = "".join("\n" if c == "\n" else _escaped(c) for c in text)
    return '"""\n' + body + '"""'


def _escaped(c: str) -> str:
    if c in _ESCAPES:
        return _ESCAPES[c]
    if c == "\n":
        return "\\n"
    if ord(c) < 0x20 or ord(c) == 0x7F:
        return f"\\u{ord(c):04x}"
    return c


__all__ = ["toml_text"]
