"""Checking a scenario file: every problem it has, not only the first (``wargames check``).

A game reads its scenario files through :class:`~wargames.core.scenario.Node`, which stops
at the first problem with a :class:`~wargames.core.errors.ScenarioError` naming the file, the
key path and what is wrong. :func:`check_scenario` reads a file again and again: after each
problem it sets the offending value aside and reads on, so one run lists the problems of
every section and key of the file.

How a value is set aside: the key (or list element) a problem names is removed; a key the
game needs that is then missing takes the value of the game's default scenario at the same
key path, where that scenario has one. A problem that only follows from a value set aside
(its key path lies at or under one, or its message names one) is not listed: it is not in
the file. When a problem cannot be set aside (a problem of the whole file, or one that comes
back at the top level), the run stops and what was found is returned.

The game is the one given, else inferred: the name of the file's folder when it is a game's
id (``scenarios/horde/bridgehead.toml``), else the game whose reading finds the fewest
problems, unknown top-level keys first.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from wargames.core.engine import GameState
from wargames.core.errors import ScenarioError, WargamesError
from wargames.core.registry import Game, game, games
from wargames.core.scenario import read_package_toml
from wargames.core.sources import ScenarioSource, read_user_scenario

MAX_PROBLEMS = 100
"""The most problems one check lists (a file that bad needs fixing from the top)."""
_MAX_READS = 4 * MAX_PROBLEMS
"""The most times a check reads the file (each read finds one problem or sets one aside)."""

_TOKEN = re.compile(r"\[(\d+)\]|([^.\[\]]+)")
Key = tuple[str | int, ...]


@attrs.frozen
class Checked:
    """What :func:`check_file` found: the game, its problems and, for a clean file, the
    initial state of the scenario."""

    game: str
    problems: tuple[ScenarioError, ...]
    state: GameState | None = None
    title: str = ""
    """The scenario's ``title`` (or ``name``) key, else the file's name without ``.toml``."""


def check_scenario(path: str | Path, game: str | None = None) -> list[ScenarioError]:
    """Every problem of the scenario file at ``path`` for ``game`` (inferred when ``None``),
    each a :class:`ScenarioError` naming the file, the key path and what is wrong; an empty
    list when the file is a scenario the game plays.

    ``game`` is a game id (:class:`~wargames.core.errors.UnknownNameError` if it is none);
    without it the game is the file's folder name when that is a game's id, else the game
    that finds the fewest problems in the file (see the module docstring)."""
    return list(check_file(path, game).problems)


def check_file(path: str | Path, game_id: str | None = None) -> Checked:
    """:func:`check_scenario` with the game it checked against and, for a clean file, the
    scenario's initial state (what ``wargames check`` describes)."""
    try:
        source = read_user_scenario(path)
    except ScenarioError as exc:  # a file that cannot be read or parsed: one problem
        return Checked(game_id or _folder_game(path) or "", (exc,))
    if game_id is not None:
        return _check(game(game_id), source)
    folder = _folder_game(path)
    if folder is not None:
        return _check(game(folder), source)
    found = [_check(game(g), source) for g in games()]
    return min(found, key=lambda c: (_unknown_top_keys(c.problems), len(c.problems)))


def _folder_game(path: str | Path) -> str | None:
    parent = Path(path).resolve().parent.name
    return parent if parent in games() else None


def _unknown_top_keys(problems: Sequence[ScenarioError]) -> int:
    return sum(1 for p in problems if "." not in p.key and p.problem.startswith("unknown key"))


def _check(described: Game, source: ScenarioSource) -> Checked:
    """Read ``source`` as a scenario of ``described`` until it reads clean or a problem
    cannot be set aside, listing each problem that is the file's own."""
    title = _title(source)
    reading = _Reading(copy.deepcopy(dict(source.data or {})), _reference(described))
    problems: list[ScenarioError] = []
    for _ in range(_MAX_READS):
        attempt = ScenarioSource.user(source.name, reading.data, source.label)
        try:
            state = described.start(attempt, {})
        except ScenarioError as exc:
            if not reading.set_aside(exc, problems, source.label):
                break
            if len(problems) >= MAX_PROBLEMS:
                break
            continue
        except WargamesError as exc:  # any other refusal of the set-up: one last problem
            problems.append(ScenarioError(source.label, "(scenario)", str(exc)))
            break
        return Checked(described.id, tuple(problems), None if problems else state, title)
    return Checked(described.id, tuple(problems), title=title)


def _title(source: ScenarioSource) -> str:
    data = source.data or {}
    for key in ("title", "name"):
        if isinstance(data.get(key), str) and data[key].strip():
            return str(data[key])
    return source.name


def describe_scenario(checked: Checked) -> list[tuple[str, str]]:
    """What a clean scenario is, as ``(label, value)`` lines: its game, title, sides and
    length (what ``wargames check`` prints)."""
    assert checked.state is not None, "a scenario with problems is not described"
    described = game(checked.game)
    turns = described.length.turns(checked.state) if described.length.turns else None
    unit = described.length.unit
    length = f"{turns} {unit}{'s' if turns != 1 else ''}" if turns else described.length.note
    return [
        ("game", f"{described.id} ({described.title})"),
        ("title", checked.title),
        ("sides", ", ".join(str(p) for p in described.players)),
        ("length", length or "no limit"),
    ]


def _reference(described: Game) -> dict[str, Any]:
    """The document of the game's default scenario (where a needed key missing from the
    file takes its value), or nothing when the game's package ships none to read."""
    package = described.new.__module__.rpartition(".")[0]
    try:
        node = read_package_toml(package, f"scenarios/{described.default_scenario}.toml")
    except (ScenarioError, ModuleNotFoundError):
        return {}
    return node.value if isinstance(node.value, dict) else {}


def key_path(text: str) -> Key | None:
    """``"imperial.HAD[2]"`` as ``("imperial", "HAD", 2)``; ``None`` for a key path that
    names no place in the document (``(top level)``, ``(syntax)``, an escaped key)."""
    if not text or text.startswith("(") or "'" in text or '"' in text:
        return None
    tokens: list[str | int] = []
    for match in _TOKEN.finditer(text):
        tokens.append(int(match.group(1)) if match.group(1) is not None else match.group(2))
    whole = "".join(str(t) for t in tokens) == re.sub(r"[.\[\]]", "", text)
    return tuple(tokens) if whole else None


_MISSING = object()


def _at(data: Any, key: Key) -> Any:
    """The value at ``key`` in ``data``, or ``_MISSING``."""
    for token in key:
        listed = isinstance(token, int) and isinstance(data, list) and 0 <= token < len(data)
        keyed = isinstance(token, str) and isinstance(data, dict) and token in data
        if not (listed or keyed):
            return _MISSING
        data = data[token]
    return data


class _Reading:
    """A copy of the file's document, with the values set aside so far."""

    def __init__(self, data: dict[str, Any], reference: dict[str, Any]) -> None:
        self.data = data
        self.reference = reference
        self.touched: list[Key] = []
        """Key paths set aside (removed, or filled from the default scenario)."""
        self.filled: set[Key] = set()
        self.removed: dict[Key, list[int]] = {}
        """List key path (as read now) -> the file's indices of its elements removed."""

    def set_aside(self, exc: ScenarioError, problems: list[ScenarioError], label: str) -> bool:
        """Note ``exc`` if it is the file's own problem and set its value aside; ``False``
        when it cannot be (the check stops there)."""
        key = key_path(exc.key)
        prefix = None if key is None else self._under(key)
        shrunk = key is not None and key in self.removed  # a list short of its removed items
        if prefix is None and not shrunk and not self._names_touched(exc.problem):
            problems.append(self._as_filed(exc, key, label))
        if not key:
            return False
        if prefix is not None:
            if key == prefix and exc.problem == "missing key" and key not in self.filled:
                return self._fill(key)
            key = prefix[:-1]
            if not key or key in self.touched:  # set aside once already: give up
                return False
        return self._remove(key, exc.problem)

    def _under(self, key: Key) -> Key | None:
        """The value set aside that ``key`` lies at or under, if any."""
        return next((k for k in self.touched if key[: len(k)] == k), None)

    def _names_touched(self, problem: str) -> bool:
        """Whether ``problem`` refers to a value set aside (``first at imperial.HAD[1]``)."""
        for text in _AT.findall(problem):
            key = key_path(text)
            if key is not None and self._under(key) is not None:
                return True
        return False

    def _fill(self, key: Key) -> bool:
        """A needed key takes the default scenario's value, if it has one; a needed key of
        a list element (a unit's profile) takes the element away instead, for the default
        scenario's element at that place is another one."""
        element = max((i for i, t in enumerate(key) if isinstance(t, int)), default=None)
        if element is not None:
            return self._remove(key[: element + 1], "")
        parent, value = _at(self.data, key[:-1]), _at(self.reference, key)
        if value is _MISSING or not isinstance(parent, dict):
            return False
        self.filled.add(key)
        if key not in self.touched:
            self.touched.append(key)
        parent[key[-1]] = copy.deepcopy(value)
        return True

    def _remove(self, key: Key, problem: str) -> bool:
        """Remove the value at ``key`` (fill it when it is a missing key)."""
        if problem == "missing key" or _at(self.data, key) is _MISSING:
            return self._fill(key)
        parent, last = _at(self.data, key[:-1]), key[-1]
        bound = _nearest_bound(problem)
        if bound is not None and isinstance(parent, dict) and isinstance(last, str):
            self.touched.append(key)  # a number out of its range reads on at its nearest end
            parent[last] = bound
            return True
        if isinstance(parent, list) and isinstance(last, int):
            self.removed.setdefault(key[:-1], []).append(self._original(key[:-1], last))
            del parent[last]  # later elements move up: _as_filed names them as in the file
            return True
        if isinstance(parent, dict) and isinstance(last, str):
            self.touched.append(key)
            del parent[last]
            return True
        return False

    def _original(self, list_key: Key, index: int) -> int:
        """The file's index of element ``index`` of a list some elements were removed from."""
        for gone in sorted(self.removed.get(list_key, ())):
            if gone <= index:
                index += 1
        return index

    def _as_filed(self, exc: ScenarioError, key: Key | None, label: str) -> ScenarioError:
        """``exc`` with the key path of the file as written (list indices before removals)."""
        if key is None:
            return ScenarioError(label, exc.key, exc.problem)
        out: list[str | int] = []
        for i, token in enumerate(key):
            if isinstance(token, int) and key[:i] in self.removed:
                token = self._original(key[:i], token)
            out.append(token)
        return ScenarioError(label, _named(tuple(out)), exc.problem)


_RANGE = re.compile(
    r"expected a whole number (?:from (-?\d+) to (-?\d+)|of at least (-?\d+)), got (-?\d+)$"
)


def _nearest_bound(problem: str) -> int | None:
    """The end of the range nearest the number a problem says is out of it, if it says so."""
    found = _RANGE.search(problem)
    if found is None:
        return None
    least = int(found.group(1) or found.group(3))
    most = int(found.group(2)) if found.group(2) else None
    got = int(found.group(4))
    return least if got < least or most is None else most


_AT = re.compile(r"\bat ([A-Za-z_][\w.\[\]-]*)\)")
"""A key path a problem refers to: ``(first at imperial.HAD[1])``, ``(at imperial[0])``."""


def _named(key: Key) -> str:
    """``("imperial", "HAD", 2)`` as ``"imperial.HAD[2]"``."""
    text = ""
    for token in key:
        text += f"[{token}]" if isinstance(token, int) else (f".{token}" if text else token)
    return text


__all__ = [
    "MAX_PROBLEMS",
    "Checked",
    "check_file",
    "check_scenario",
    "describe_scenario",
    "key_path",
]
