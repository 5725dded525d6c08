"""Where a scenario came from, so that a saved state or a record is self-contained and safe.

A :class:`ScenarioSource` is either one of a game's *shipped* scenarios, named by its id, or a
*user's* scenario carried in full: the document as read from its TOML file (a JSON object of
tables, lists, strings, numbers and true/false) with the SHA-256 of its canonical JSON
(:func:`canonical_json`). Every game state keeps the source of its set-up, and a saved state
or a record names it in its *saved form* (:meth:`ScenarioSource.saved`):

* a shipped scenario: its id, ``"campaign"``;
* a user's scenario: ``{"name": "short-war", "data": {...}, "sha256": "9f2c..."}``.

Reading a saved form back (:func:`source_from_saved`) opens no file. A string must be one of
the game's shipped ids; it is never taken for a path (a record of a user's scenario carries
its data). Embedded data must be a JSON object within a scenario file's limits
(:data:`~wargames.core.scenario.MAX_FILE_BYTES` of canonical JSON,
:data:`~wargames.core.scenario.MAX_DEPTH` levels) whose hash matches; the game then builds it
through the same checks as a file (:meth:`ScenarioSource.node` is the document either way).

What a user asks for, a shipped id or the path to a TOML file of his own, becomes a source
through :func:`scenario_source`. A file is read again at every load
(:func:`read_user_scenario`), so an edit takes effect at once and a file since broken fails;
its parsed document is remembered by the SHA-256 of the file's bytes. The games remember what
they build from a source (a set-up) by the source, which compares by name and hash: an edited
file is another source. Both caches hold :data:`CACHE_SIZE` entries.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
from collections import OrderedDict
from collections.abc import Callable, Collection, Mapping
from functools import cache
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs

from wargames.core.bounds import MAX_NAME
from wargames.core.codec import SavedStateError
from wargames.core.errors import ScenarioError, UnknownScenarioError, WargamesError
from wargames.core.scenario import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    Node,
    decoded,
    package_files,
    parse_toml,
    read_file,
    read_package_toml,
)

T = TypeVar("T")

CACHE_SIZE: Final = 32
"""Entries in each content-keyed scenario cache (parsed user files here; each game's set-ups
built from sources). A session plays a handful of scenarios at a time and no game ships more
than five, so 32 keep every shipped one and a notebook's files warm, while a notebook that
edits and reloads a file hundreds of times holds at most 32 set-ups (each well under a
megabyte) instead of one per edit."""


SAVED_KEYS: Final = ("name", "data", "sha256")
"""The keys of a user scenario's saved form."""

Fail = Callable[[str, str], WargamesError]
"""Makes the error of a saved form from the key path and the problem (``RecordError`` for a
record; a ``SavedStateError`` for a saved state)."""


def _default_label(source: ScenarioSource) -> str:
    return source.name if source.data is None else f"{source.name} (embedded)"


@attrs.frozen(cache_hash=True)
class ScenarioSource:
    """Where a scenario came from: a shipped id, or a user's document carried in full.

    Two sources are equal when their names and hashes are: the same shipped id, or the same
    name with the same data. A state's equality compares its set-up by its source.
    """

    name: str
    """The shipped id, or a user scenario's name (its file's name without ``.toml``)."""
    data: Mapping[str, Any] | None = attrs.field(default=None, eq=False, repr=False)
    """A user scenario's document as read from TOML (``None`` for a shipped one). Read it,
    never change it: the hash says what it holds."""
    sha256: str = ""
    """The SHA-256 of :func:`canonical_json` of :attr:`data` (empty for a shipped one)."""
    label: str = attrs.field(
        default=attrs.Factory(_default_label, takes_self=True), eq=False, repr=False
    )
    """What errors in the document name as its file: the path it was read from, or
    ``'NAME (embedded)'`` for data carried by a saved game."""

    @classmethod
    def user(cls, name: str, data: Any, label: str = "") -> ScenarioSource:
        """A user's scenario from its document, checked to be plain JSON data within a
        scenario file's limits (:class:`ScenarioError` naming ``label`` and the key): the
        way to make one (the hash is worked out here)."""
        label = label or f"{name} (embedded)"
        text = canonical_json(data, label)
        return cls(name, data, hashlib.sha256(text.encode()).hexdigest(), label)

    @property
    def shipped(self) -> bool:
        """Whether this is a scenario shipped with the game (named by its id)."""
        return self.data is None

    def saved(self) -> str | dict[str, Any]:
        """The saved form: a shipped id, or ``{"name", "data", "sha256"}`` (a copy)."""
        if self.data is None:
            return self.name
        return {"name": self.name, "data": copy.deepcopy(dict(self.data)), "sha256": self.sha256}

    def node(self, package: str) -> Node:
        """The scenario document, to build from: a shipped file of ``package`` (the id must
        be one of its scenarios), or the data carried (errors name :attr:`label`)."""
        if self.data is not None:
            return Node(self.data, self.label)
        names = shipped_ids(package)
        if self.name not in names:
            raise UnknownScenarioError(self.name, names)
        return read_package_toml(package, f"scenarios/{self.name}.toml")


# -- canonical data ------------------------------------------------------------------------------


def canonical_json(data: Any, label: str) -> str:
    """The one text of a scenario document that its hash is taken of: JSON with sorted keys,
    no spaces, ASCII only, floats as Python writes them. ``data`` must be a table of tables,
    lists, strings, booleans, whole numbers within 64 bits and finite numbers, nested at most
    :data:`~wargames.core.scenario.MAX_DEPTH` deep, and its text at most
    :data:`~wargames.core.scenario.MAX_FILE_BYTES` long; else :class:`ScenarioError` naming
    ``label`` and the key (a TOML date, for instance, is refused)."""
    if not isinstance(data, dict):
        raise ScenarioError(label, "(top level)", "expected a table")
    _check_plain(data, label)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError(
            label, "(top level)", f"larger than {MAX_FILE_BYTES // 1024} KiB as JSON"
        )
    return text


def _check_plain(data: dict[str, Any], label: str) -> None:
    todo: list[tuple[Any, str, int]] = [(data, "", 1)]
    while todo:
        value, path, depth = todo.pop()
        if isinstance(value, dict | list | tuple) and depth > MAX_DEPTH:
            raise ScenarioError(label, path or "(top level)", f"nested deeper than {MAX_DEPTH}")
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise ScenarioError(label, path or "(top level)", f"a key {key!r:.40}")
                todo.append((item, f"{path}.{key}" if path else key, depth + 1))
        elif isinstance(value, list | tuple):
            todo.extend((item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value))
        else:
            problem = _not_plain(value)
            if problem:
                raise ScenarioError(label, path, problem)


def _not_plain(value: object) -> str:
    """Why a leaf value cannot be in a scenario document ('' if it can)."""
    if isinstance(value, str | bool):
        return ""
    if isinstance(value, int):
        return "" if -(2**63) <= value < 2**63 else "a whole number beyond 64 bits"
    if isinstance(value, float):
        return "" if math.isfinite(value) else "a number that is not finite"
    what = "null" if value is None else type(value).__name__
    return f"{what} is not scenario data (tables, lists, strings, numbers, true or false)"


# -- what a user asks for ------------------------------------------------------------------------


@cache
def shipped_ids(package: str) -> tuple[str, ...]:
    """The ids of the scenarios shipped in ``package/scenarios``, listed once (package data
    does not change while the library runs; listing it takes milliseconds)."""
    return tuple(package_files(package, "scenarios"))


def scenario_source(package: str, scenario: str | ScenarioSource) -> ScenarioSource:
    """The source of what a user asked ``package``'s game to play: a shipped id, the path to
    a TOML file of his own (read now, :func:`read_user_scenario`), or a source already made
    (a shipped one must be one of ``package``'s). Anything else is an
    :class:`UnknownScenarioError` listing the shipped ids."""
    names = shipped_ids(package)
    if isinstance(scenario, ScenarioSource):
        if scenario.shipped and scenario.name not in names:
            raise UnknownScenarioError(scenario.name, names)
        return scenario
    if scenario in names:
        return ScenarioSource(scenario)
    path = Path(scenario)
    if path.suffix == ".toml" or path.exists():
        return read_user_scenario(path)
    raise UnknownScenarioError(scenario, names)


_PARSED: OrderedDict[str, tuple[dict[str, Any], str]] = OrderedDict()
"""SHA-256 of a file's bytes -> its document and the document's hash (the last
:data:`CACHE_SIZE` files read)."""


def read_user_scenario(path: str | Path) -> ScenarioSource:
    """A user's scenario file as a source named after the file (``short-war`` for
    ``short-war.toml``). The file is read at every call (a regular file of at most
    :data:`~wargames.core.scenario.MAX_FILE_BYTES`, UTF-8), so an edit takes effect at once;
    parsing is skipped for bytes read before."""
    label = str(path)
    raw = read_file(path)
    digest = hashlib.sha256(raw).hexdigest()
    found = _PARSED.get(digest)
    if found is None:
        data = parse_toml(decoded(raw, label), label).value
        found = (data, ScenarioSource.user("", data, label).sha256)
        _PARSED[digest] = found
        while len(_PARSED) > CACHE_SIZE:
            _PARSED.popitem(last=False)
    else:
        _PARSED.move_to_end(digest)
    return ScenarioSource(_name_of(Path(path)), found[0], found[1], label)


def _name_of(path: Path) -> str:
    """A user file's scenario name: its name without ``.toml``, made a valid saved name."""
    name = "".join(c if c.isprintable() and c not in "/\\" else "_" for c in path.stem)
    return name[:MAX_NAME] or "scenario"


# -- saved forms -------------------------------------------------------------------------------


def source_from_saved(
    saved: object, shipped: Collection[str], fail: Fail, where: str = "scenario"
) -> ScenarioSource:
    """The source a saved state's or a record's ``scenario`` names, read without opening any
    file: one of the ``shipped`` ids, or a user scenario's ``{"name", "data", "sha256"}``
    whose data is plain (:func:`canonical_json`) and matches its hash. Anything else raises
    ``fail(key, problem)`` naming the key (``scenario``, ``scenario.data.turns``,
    ``scenario.sha256``)."""
    if isinstance(saved, str):
        if saved in shipped:
            return ScenarioSource(saved)
        raise fail(where, not_shipped(saved, shipped))
    if not isinstance(saved, Mapping):
        raise fail(where, f"expected a shipped scenario's id or {{name, data, sha256}}, got "
                   f"{_kind(saved)}")  # fmt: skip
    for key in saved:
        if key not in SAVED_KEYS:
            raise fail(f"{where}.{key}", f"unknown key; a user scenario has {list(SAVED_KEYS)}")
    for key in SAVED_KEYS:
        if key not in saved:
            raise fail(f"{where}.{key}", "missing")
    name, data, sha256 = saved["name"], saved["data"], saved["sha256"]
    _check_name(name, f"{where}.name", fail)
    if not isinstance(sha256, str) or len(sha256) != 64 or sha256.strip("0123456789abcdef"):
        raise fail(f"{where}.sha256", "expected 64 lower-case hexadecimal digits")
    if not isinstance(data, dict):
        raise fail(f"{where}.data", f"expected the scenario's data (a JSON object), got "
                   f"{_kind(data)}")  # fmt: skip
    try:
        text = canonical_json(data, f"{name} (embedded)")
    except ScenarioError as exc:
        raise fail(data_key(where, exc), exc.problem) from None
    found = hashlib.sha256(text.encode()).hexdigest()
    if found != sha256:
        raise fail(
            f"{where}.sha256",
            f"does not match the data (whose hash is {found}): the data was changed after it "
            "was saved",
        )
    return ScenarioSource(name, json.loads(text), found)


def not_shipped(name: str, shipped: Collection[str]) -> str:
    """Why ``name`` cannot be a saved game's scenario: it is no shipped id (and a path never
    is one)."""
    return (
        f"{name!r:.80} is not a shipped scenario ({', '.join(shipped) or 'none'}); a saved "
        "game names a shipped scenario by its id and carries a user scenario's data, never a "
        "path to a file"
    )


def data_key(where: str, exc: ScenarioError) -> str:
    """The key path of a problem in embedded data: ``scenario.data.turns``."""
    key = exc.key
    return f"{where}.data" if key.startswith("(") else f"{where}.data.{key}"


def state_setup(saved: object, package: str, build: Callable[[ScenarioSource], T]) -> T:
    """What a saved state's ``scenario`` builds (a game's ``scenario_fields`` hook): its
    source read back (:func:`source_from_saved`, the shipped ids being ``package``'s), then
    ``build(source)``. A problem is a :class:`~wargames.core.codec.SavedStateError` naming the
    key: ``scenario.data.turns: expected a whole number ...``."""
    source = source_from_saved(saved, shipped_ids(package), _state_error)
    try:
        return build(source)
    except ScenarioError as exc:
        if source.shipped:
            raise
        raise _state_error(data_key("scenario", exc), exc.problem) from None


def _state_error(key: str, problem: str) -> SavedStateError:
    return SavedStateError(f"{key}: {problem}")


def _check_name(name: object, key: str, fail: Fail) -> None:
    """A user scenario's name: printable, 1 to :data:`MAX_NAME` characters, no path."""
    if not isinstance(name, str):
        raise fail(key, f"expected a string, got {_kind(name)}")
    if not 0 < len(name) <= MAX_NAME or not name.isprintable() or set(name) & set("/\\"):
        raise fail(key, f"expected a scenario's name of 1 to {MAX_NAME} printable characters "
                   "(not a path)")  # fmt: skip


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


# -- records -----------------------------------------------------------------------------------

RecordedScenario = str | ScenarioSource | None
"""What a :class:`~wargames.core.engine.Record` names as its scenario: ``None`` (the game's
default), a shipped id, or a user scenario's source (saved in full)."""


def recorded_scenario(state: object, given: RecordedScenario) -> RecordedScenario:
    """What a record of a game begun in ``state`` names as its scenario, ``given`` being what
    was asked for: the state's :attr:`scenario_source` (a shipped one by its id, ``None``
    kept for the default; a user's in full), or ``given`` for a game whose states do not
    say."""
    source = getattr(state, "scenario_source", None)
    if not isinstance(source, ScenarioSource):
        return given
    if not source.shipped:
        return source
    return None if given is None else source.name


def record_scenario(value: object, game_id: str) -> RecordedScenario:
    """A record's ``scenario`` read back (``Record.from_json``): ``None``, a shipped id of
    ``game_id`` or a user scenario's saved form (:func:`source_from_saved`); a
    :class:`~wargames.core.errors.RecordError` naming the key otherwise. The ids of a game that
    is not installed are not known: any name is kept and replaying names the game."""
    from wargames.core.errors import RecordError, UnknownNameError
    from wargames.core.registry import game

    if value is None:
        return None
    try:
        shipped: Collection[str] | None = game(game_id).scenario_ids()
    except UnknownNameError:
        shipped = None
    if isinstance(value, str) and shipped is None:
        _check_name(value, "scenario", RecordError)
        return value
    source = source_from_saved(value, shipped or (), RecordError)
    return source.name if source.shipped else source


def saved_form(scenario: RecordedScenario) -> str | dict[str, Any] | None:
    """A record's scenario as JSON: ``None``, a shipped id, or a user scenario in full."""
    return scenario.saved() if isinstance(scenario, ScenarioSource) else scenario


def scenario_name(scenario: RecordedScenario) -> str | None:
    """The name of a record's scenario, for people (``None``: the default)."""
    return scenario.name if isinstance(scenario, ScenarioSource) else scenario
