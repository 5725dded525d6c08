"""Scenario and data files: TOML read through a checked cursor that names file and key path.

Every game reads its tables, maps, counter manifests and set-ups through :class:`Node`, so a
missing key, a wrong type or an unknown value raises :class:`ScenarioError` with the file, the
full key path (``area[3].adjacent[1]``) and the problem, and never a bare ``KeyError``.
"""

from __future__ import annotations

import builtins
import tomllib
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from wargames.core.errors import ScenarioError

T = TypeVar("T")

PROVENANCES = frozenset({"rulebook", "source-stated", "sister-game", "inferred", "reconstructed"})

_TYPE_NAMES: dict[type, str] = {
    str: "a string",
    int: "an integer",
    float: "a number",
    bool: "true or false",
    list: "a list",
    dict: "a table",
}


class Node:
    """A value inside a data file, with the file name and key path that lead to it."""

    __slots__ = ("file", "path", "value")

    def __init__(self, value: Any, file: str, path: str = "") -> None:
        self.value = value
        self.file = file
        self.path = path

    def error(self, problem: str, key: str | None = None) -> ScenarioError:
        """A :class:`ScenarioError` at this node (or at its child ``key``)."""
        where = self.path if key is None else self._child_path(key)
        return ScenarioError(self.file, where or "(top level)", problem)

    def _child_path(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
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
            raise self.error(f"expected {_TYPE_NAMES.get(kind, kind.__name__)}, got {value!r}")
        return value

    def choice(
        self, key: str, options: frozenset[str] | set[str], default: str | None = None
    ) -> str:
        """A string under ``key`` that must be one of ``options``."""
        value = self.get(key, str, default)
        if value not in options:
            raise self.error(f"unknown value {value!r}; expected one of {sorted(options)}", key)
        return value

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


def read_toml(path: str | Path) -> Node:
    """Parse a TOML file from disk into a :class:`Node`; unreadable or bad files are errors."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(name, "(file)", f"cannot read: {exc.strerror or exc}") from None
    return parse_toml(text, name)


def parse_toml(text: str, file: str) -> Node:
    """Parse TOML text; a syntax error becomes a :class:`ScenarioError` naming the file."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(file, "(syntax)", str(exc)) from None
    return Node(data, file)


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
