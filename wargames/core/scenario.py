"""Scenario and data files: TOML read through a checked cursor that names file and key path.

Every game reads its tables, maps, counter manifests and set-ups through :class:`Node`, so a
missing key, a wrong type or an unknown value raises :class:`ScenarioError` with the file, the
full key path (``area[3].adjacent[1]``) and the problem, and never a bare ``KeyError``.

Besides typed access, :class:`Node` has the checks every data loader needs: no unknown keys
(:meth:`Node.only`), a value or a list of values from a set (:meth:`Node.choice`,
:meth:`Node.picks`), a whole number in a range (:meth:`Node.number`), ids that are not repeated
(:meth:`Node.unique`), a printable name of at most :data:`MAX_NAME` characters
(:meth:`Node.name`), free text such as a note (:meth:`Node.text`) and a combat results table
(:meth:`Node.odds_table`). An odd key (a control character, or over 40 characters) is shown
escaped and cut short in a key path, and a problem quoting a huge value is cut short, so an
error is always one readable line.
:func:`symmetric_borders` checks an adjacency list; :func:`data_reader` and
:func:`read_scenario` find a game's shipped or replaced files; :func:`shipped_scenarios` lists
a game's scenarios with their titles and one-line descriptions (:class:`ScenarioInfo`).
Where a state's scenario came from, and how saved games carry it without naming a file, is
:mod:`wargames.core.sources`.
"""

from __future__ import annotations

import builtins
import os
import re
import stat
import tomllib
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import attrs

from wargames.core.bounds import MAX_NAME
from wargames.core.errors import ScenarioError, UnknownScenarioError
from wargames.core.odds import CombatResultsTable, Odds

T = TypeVar("T")

PROVENANCES = frozenset({"rulebook", "source-stated", "sister-game", "inferred", "reconstructed"})

NOTE = "note"
"""The key every record may carry: free text saying which of its values are the rulebook's."""

_ODDS = re.compile(r"^\s*(\d+)\s*[-:]\s*(\d+)\s*$")
_COLUMN_KEYS = ("odds", "rows", "provenance")

MAX_TEXT = 10_000
"""The longest free text (a ``note``) a scenario may hold."""
MAX_PROBLEM = 1000
"""The longest problem an error states (one quoting a huge value is cut short)."""
_TEXT_BREAKS = re.compile(r"[\n\r\t]")

_TYPE_NAMES: dict[type, str] = {
    str: "a string",
    int: "an integer",
    float: "a number",
    bool: "true or false",
    list: "a list",
    dict: "a table",
}


def _shown(value: str) -> str:
    """A string for an error message: escaped, and cut short when long."""
    return repr(value if len(value) <= 40 else value[:40] + "...") + (
        f" ({len(value)} characters)" if len(value) > 40 else ""
    )


class Node:
    """A value inside a data file, with the file name and key path that lead to it."""

    __slots__ = ("file", "path", "value")

    def __init__(self, value: Any, file: str, path: str = "") -> None:
        self.value = value
        self.file = file
        self.path = path

    def error(self, problem: str, key: str | None = None) -> ScenarioError:
        """A :class:`ScenarioError` at this node (or at its child ``key``); a problem quoting
        a huge value is cut short at :data:`MAX_PROBLEM` characters."""
        where = self.path if key is None else self._child_path(key)
        if len(problem) > MAX_PROBLEM:
            problem = problem[:MAX_PROBLEM] + "... (cut short)"
        return ScenarioError(self.file, where or "(top level)", problem)

    def _child_path(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        if len(key) > 40 or not key.isprintable():  # shown escaped and cut short, on one line
            key = _shown(key)
        return f"{self.path}.{key}" if self.path else key

    def _table(self) -> dict[str, Any]:
        if not isinstance(self.value, dict):
            raise self.error("expected a table")
        return self.value

    def has(self, key: str) -> bool:
        return key in self._table()

    def keys(self) -> list[str]:
        return list(self._table())

    def child(self, key: str) -> Node:
        """The value under ``key``; a missing key is an error."""
        table = self._table()
        if key not in table:
            raise self.error("missing key", key)
        return Node(table[key], self.file, self._child_path(key))

    def get(self, key: str, kind: type[T], default: T | None = None) -> T:
        """The value under ``key``, checked to be of ``kind``; ``default`` when absent."""
        table = self._table()
        if key not in table:
            if default is None:
                raise self.error("missing key", key)
            return default
        return Node(table[key], self.file, self._child_path(key)).as_(kind)

    def as_(self, kind: type[T]) -> T:
        """This value, checked to be of ``kind`` (an int is accepted where a float is asked)."""
        value = self.value
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)  # type: ignore[return-value]
        if kind is int and isinstance(value, bool):
            raise self.error(f"expected {_TYPE_NAMES[int]}, got {value!r}")
        if not isinstance(value, kind):
            got = _shown(value) if isinstance(value, str) else repr(value)
            raise self.error(f"expected {_TYPE_NAMES.get(kind, kind.__name__)}, got {got}")
        return value

    def choice(
        self,
        key: str,
        options: Collection[str],
        default: str | None = None,
        what: str = "value",
    ) -> str:
        """A string under ``key`` that must be one of ``options`` (``default`` when absent).

        ``what`` names the value in the error: ``unknown terrain 'swamp'; expected one of
        ['clear', 'jungle']``.
        """
        value = self.get(key, str, default)
        if value not in options:
            raise self.error(f"unknown {what} {value!r}; expected one of {sorted(options)}", key)
        return value

    def picks(self, key: str, options: Collection[str], what: str) -> tuple[str, ...]:
        """The strings listed under ``key`` (absent: none), each one of ``options``, no repeats.

        The error names the list element: ``tags[1]: unknown tag 'brig'; expected one of
        [...]`` or ``tags[2]: tag 'hull' is listed twice (first at tags[0])``.
        """
        first: dict[str, str] = {}
        for item in self.list(key, default_empty=True):
            value = item.as_(str)
            if value not in options:
                raise item.error(f"unknown {what} {value!r}; expected one of {sorted(options)}")
            if value in first:
                raise item.error(f"{what} {value!r} is listed twice (first at {first[value]})")
            first[value] = item.path
        return tuple(first)

    def number(
        self, key: str, least: int = 0, most: int | None = None, default: int | None = None
    ) -> int:
        """A whole number under ``key`` from ``least`` to ``most`` (no upper bound if ``None``).

        An absent key is an error unless ``default`` is given, which is then returned unchecked.
        """
        if default is not None and not self.has(key):
            return default
        value = self.get(key, int)
        if value < least or (most is not None and value > most):
            span = f"from {least} to {most}" if most is not None else f"of at least {least}"
            raise self.error(f"expected a whole number {span}, got {value}", key)
        return value

    def name(self, key: str, default: str | None = None) -> str:
        """A name under ``key`` (a title, an army, a leader): from 1 to :data:`MAX_NAME`
        printable characters, not all spaces (no control characters such as NUL or a line
        break); ``default`` when absent."""
        if default is not None and not self.has(key):
            return default
        node = self.child(key)
        value = node.as_(str)
        if not value.strip() or len(value) > MAX_NAME or not value.isprintable():
            raise node.error(
                f"expected a name of 1 to {MAX_NAME} printable characters, got {_shown(value)}"
            )
        return value

    def text(self, key: str, default: str = "") -> str:
        """Free text under ``key`` (a note): at most :data:`MAX_TEXT` characters, printable
        apart from line breaks and tabs; ``default`` when absent."""
        if not self.has(key):
            return default
        node = self.child(key)
        value = node.as_(str)
        if len(value) > MAX_TEXT or not _TEXT_BREAKS.sub("", value).isprintable():
            raise node.error(
                f"expected text of at most {MAX_TEXT} printable characters (line breaks and "
                f"tabs allowed), got {_shown(value)}"
            )
        return value

    def only(self, allowed: Collection[str]) -> None:
        """Reject keys this table does not have, so that a typo is not silently ignored.

        :data:`NOTE` is allowed everywhere. The error names the unknown key and lists the
        allowed ones.
        """
        for key in self.keys():
            if key not in allowed and key != NOTE:
                raise self.error(f"unknown key; expected one of {sorted(allowed)}", key)

    def unique(self, seen: dict[str, str], what: str = "id", key: str | None = None) -> str:
        """This non-empty string (or the one under ``key``), which must not be in ``seen``.

        ``seen`` maps the values met so far to the key path they were first met at, and gets
        this one added: a repeat is ``duplicate area id 'OT1' (first at area[0].id)``.
        """
        node = self if key is None else self.child(key)
        value = node.as_(str)
        if not value:
            raise node.error(f"an empty {what}")
        if value in seen:
            raise node.error(f"duplicate {what} {value!r} (first at {seen[value]})")
        seen[value] = node.path
        return value

    def odds_table(
        self, results: Mapping[str, str], die_sides: int = 6, what: str = "odds"
    ) -> CombatResultsTable:
        """The combat results table in this node's ``column`` list and ``provenance``.

        Each column has ``odds`` (``"4-1"``, ``"1-3"``: one side 1), better for the attacker
        than the column before it, and ``rows``: one code of ``results`` per die face. ``what``
        names the odds in the errors (``"a ratio"``: ``expected a ratio like '4-1' or '1-3'``).
        """
        columns: builtins.list[Odds] = []
        cells: builtins.list[tuple[str, ...]] = []
        for item in self.list("column"):
            item.only(_COLUMN_KEYS)
            item.provenance()
            columns.append(item.child("odds")._odds(columns, what))
            cells.append(item._column_rows(results, die_sides))
        if not columns:
            raise self.error("the table needs at least one column", "column")
        return CombatResultsTable(
            columns=tuple(columns),
            cells=tuple(cells),
            results=results,
            die_sides=die_sides,
            provenance=self.provenance(),
        )

    def _odds(self, before: Sequence[Odds], what: str) -> Odds:
        match = _ODDS.match(self.as_(str))
        a, d = (int(match.group(1)), int(match.group(2))) if match else (0, 0)
        if min(a, d) != 1:
            raise self.error(f"expected {what} like '4-1' or '1-3', got {self.value!r}")
        odds = Odds(a, d)
        if before and odds.value <= before[-1].value:
            raise self.error(
                f"columns must run from worst to best for the attacker: {odds} after {before[-1]}"
            )
        return odds

    def _column_rows(self, results: Mapping[str, str], die_sides: int) -> tuple[str, ...]:
        rows = self.list("rows")
        if len(rows) != die_sides:
            raise self.error(
                f"expected {die_sides} results, one per die roll 1-{die_sides}; got {len(rows)}",
                "rows",
            )
        for item in rows:
            if item.as_(str) not in results:
                raise item.error(
                    f"undefined result code {item.value!r}; defined: {sorted(results)}"
                )
        return tuple(item.as_(str) for item in rows)

    def items(self) -> Iterator[Node]:
        """The elements of a list value, each with its index in the key path."""
        if not isinstance(self.value, list):
            raise self.error("expected a list")
        for i, item in enumerate(self.value):
            yield Node(item, self.file, self._child_path(i))

    def list(self, key: str, default_empty: bool = False) -> list[Node]:
        """The elements of the list under ``key`` (an absent key is ``[]`` if ``default_empty``)."""
        if default_empty and not self.has(key):
            return []
        return list(self.child(key).items())

    def strings(self, key: str, default_empty: bool = True) -> tuple[str, ...]:
        return tuple(node.as_(str) for node in self.list(key, default_empty))

    def provenance(self, default: str | None = None) -> str:
        """The record's ``provenance`` field, one of :data:`PROVENANCES`."""
        return self.choice("provenance", PROVENANCES, default)

    def map(self, fn: Callable[[Node], T], key: str) -> builtins.list[T]:
        return [fn(node) for node in self.list(key)]


def symmetric_borders(adjacency: Mapping[str, Sequence[Node]]) -> builtins.list[tuple[str, str]]:
    """Every border once, as a sorted pair of area ids, in the order first listed.

    ``adjacency`` maps each area id to the nodes of its ``adjacent`` list. Each neighbour must
    be a known area, not the area itself, listed once, and list the area back; the error names
    the offending list element (``area[0].adjacent[1]: unknown area 'OT99'``).
    """
    listed = {a: [n.as_(str) for n in nodes] for a, nodes in adjacency.items()}
    borders: dict[tuple[str, str], None] = {}
    for a, nodes in adjacency.items():
        for i, (item, b) in enumerate(zip(nodes, listed[a], strict=True)):
            if b not in listed:
                raise item.error(f"unknown area {b!r}")
            if b == a:
                raise item.error(f"{a} cannot border itself")
            if b in listed[a][:i]:
                raise item.error(f"{b} is listed twice")
            if a not in listed[b]:
                raise item.error(f"asymmetric adjacency: {a} lists {b} but {b} does not list {a}")
            borders[(a, b) if a < b else (b, a)] = None
    return list(borders)


MAX_FILE_BYTES = 1 << 20
"""The largest scenario or data file read (1 MiB: the largest shipped file is under 100 KiB)."""

MAX_DEPTH = 32
"""The deepest nesting of tables and lists a file may have (the shipped files nest 4 deep)."""


def read_toml(path: str | Path) -> Node:
    """Parse a TOML file from disk into a :class:`Node`.

    Only a regular file is read (not a device, a FIFO or a folder, which could hang or never
    end), of at most :data:`MAX_FILE_BYTES`, as UTF-8; anything else is a
    :class:`ScenarioError` naming the file."""
    return parse_toml(decoded(read_file(path), str(path)), str(path))


def read_file(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (see :func:`read_toml`)."""
    name = str(path)
    try:
        # without blocking: opening a FIFO for reading would wait for a writer forever
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as file:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise ScenarioError(name, "(file)", "not a regular file")
            raw = file.read(limit + 1)
    except OSError as exc:
        raise ScenarioError(name, "(file)", f"cannot read: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise ScenarioError(name, "(file)", f"larger than {limit // 1024} KiB")
    return raw


def decoded(raw: bytes, file: str) -> str:
    """``raw`` as UTF-8 text; a :class:`ScenarioError` naming ``file`` and the line if not."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ScenarioError(file, "(encoding)", f"not UTF-8 text (line {line})") from None


def parse_toml(text: str, file: str) -> Node:
    """Parse TOML text; a syntax error, or nesting deeper than :data:`MAX_DEPTH`, becomes a
    :class:`ScenarioError` naming the file."""
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError(file, "(file)", f"larger than {MAX_FILE_BYTES // 1024} KiB")
    if _bracket_depth(text) > MAX_DEPTH:
        raise ScenarioError(file, "(syntax)", f"nested deeper than {MAX_DEPTH} levels")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(file, "(syntax)", str(exc)) from None
    except RecursionError:
        raise ScenarioError(file, "(syntax)", f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:  # a number of thousands of digits
        raise ScenarioError(file, "(syntax)", str(exc).split(";")[0]) from None
    if _depth(data) > MAX_DEPTH:
        raise ScenarioError(file, "(syntax)", f"nested deeper than {MAX_DEPTH} levels")
    return Node(data, file)


def _bracket_depth(text: str) -> int:
    """An upper bound of the nesting of inline arrays and tables (brackets and braces, strings
    and comments included), found before the parser recurses into them."""
    depth = deepest = 0
    for char in text:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth = max(depth - 1, 0)
    return deepest


def _depth(value: Any) -> int:
    """How deep tables and lists nest in parsed TOML (dotted keys and table headers included)."""
    todo = [(value, 1)]
    deepest = 0
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            deepest = max(deepest, depth)
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, depth)
            todo.extend((v, depth + 1) for v in item)
    return deepest


def read_package_toml(package: str, *parts: str) -> Node:
    """Read a TOML file shipped inside ``package`` (works from a wheel or a checkout)."""
    resource = resources.files(package).joinpath(*parts)
    name = "/".join((package.replace(".", "/"), *parts))
    try:
        text = resource.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(name, "(file)", f"cannot read: {exc}") from None
    return parse_toml(text, name)


def package_files(package: str, folder: str) -> list[str]:
    """Names (without ``.toml``) of the TOML files in ``package/folder``, sorted."""
    root = resources.files(package).joinpath(folder)
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".toml"))


def data_reader(package: str, folder: str | Path | None = None) -> Callable[[str], Node]:
    """A reader of ``package``'s data files by name (``"map.toml"``).

    ``None`` reads the files shipped in ``package/data``. A ``folder`` replaces them file by
    file: a file found there is read instead of the shipped one, so an owner of the original
    sheets can drop in only the tables he has. A missing folder is an error at once.
    """
    if folder is not None and not Path(folder).is_dir():
        raise ScenarioError(str(folder), "(folder)", "no such folder")

    def read(name: str) -> Node:
        if folder is not None and (Path(folder) / name).is_file():
            return read_toml(Path(folder) / name)
        return read_package_toml(package, f"data/{name}")

    return read


def read_scenario(package: str, name_or_path: str) -> Node:
    """A scenario shipped in ``package/scenarios`` by name (``"campaign"``), or a ``.toml`` path.

    Neither a shipped name nor a path is an error listing the shipped scenarios. This opens
    the path it is given: it is for what a user asks for, never for a name read from a saved
    game (the four games read scenarios through :mod:`wargames.core.sources`, whose sources
    saved games carry instead of paths)."""
    names = package_files(package, "scenarios")
    if name_or_path in names:
        return read_package_toml(package, f"scenarios/{name_or_path}.toml")
    path = Path(name_or_path)
    if path.suffix == ".toml" or path.exists():
        return read_toml(path)
    raise UnknownScenarioError(name_or_path, names)


@attrs.frozen
class ScenarioInfo:
    """A scenario of a game: its id (what ``scenario=`` takes), title and one-line description."""

    id: str
    title: str
    description: str = ""

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "title": self.title, "description": self.description}


def shipped_scenarios(
    package: str, described: Mapping[str, str | tuple[str, str]]
) -> tuple[ScenarioInfo, ...]:
    """The scenarios shipped in ``package/scenarios``, each titled by its file's ``title`` and
    described by ``described[id]``: a one-line description, or a pair ``(title, description)``
    for a file without a title of its own."""
    found = []
    for name in package_files(package, "scenarios"):
        given = described.get(name, "")
        title, description = given if isinstance(given, tuple) else (name, given)
        value = read_package_toml(package, f"scenarios/{name}.toml").value
        if isinstance(value, dict) and isinstance(value.get("title"), str):
            title = value["title"]
        found.append(ScenarioInfo(name, title, description))
    return tuple(found)
