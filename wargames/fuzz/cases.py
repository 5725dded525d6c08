"""Fuzz cases: what is fed to the library, made again from a kind and a seed.

The *corpus* is the real input each kind starts from: every game's shipped scenario files
(``scenario``), the records of short seeded bot games (``record``, :meth:`Record.to_json`) and
positions of those games (``state``, ``state.to_json()``). :func:`make_case` picks a game, a
base document and a way in, and damages it with :mod:`wargames.fuzz.mutate`; the same kind and
seed always give the same :class:`Case`, so a failure is reproduced from its seed alone.

A few cases in every hundred are *planted paths*: a scenario file that is a FIFO, ``/dev/zero``,
a folder or a symbolic link, and records and saved states whose ``scenario`` names such a path,
an existing TOML file or a ``../`` path. :mod:`wargames.fuzz.verdict` makes the files when
the case runs.
"""

from __future__ import annotations

import hashlib
import random
import sys
import tomllib
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any, Final, Literal

import attrs

import wargames
from wargames.core.engine import Match
from wargames.core.scenario import package_files
from wargames.fuzz.mutate import json_text, mutate_bytes, mutate_document, mutate_toml

Kind = Literal["scenario", "record", "state"]
KINDS: Final[tuple[Kind, ...]] = ("scenario", "record", "state")

SPECIAL_FILES: Final = ("fifo", "dev-zero", "folder", "symlink-dev-zero", "missing")
"""Scenario files that are not regular files (and one that does not exist)."""
PLANTED_PATHS: Final = ("dev-zero", "fifo", "toml-file", "parent-path", "stdin")
"""Paths planted as the ``scenario`` of a record or saved state: none may be opened."""

CORPUS_GAMES: Final = 3
"""Seeded games played per game for the record and state corpus."""
CORPUS_STEPS: Final = (40, 150, 400)
"""How long each corpus game runs (actions): short records replay fast."""


@attrs.frozen
class Base:
    """A real input of one game: a scenario file's text and parsed form, a record, or a
    saved state (``reader`` is the state class, ``module:qualname``)."""

    game: str
    name: str
    document: Any
    text: str = ""
    reader: str = ""


@attrs.frozen
class Case:
    """One fuzz case: the damaged input and how it is given to the library.

    ``via`` is the entry point: ``"load"`` (``wargames.load(game, scenario=FILE)``),
    ``"api"`` (:func:`wargames.replay` of the document), ``"cli"`` (``wargames replay FILE``),
    ``"from_json"`` (the state class's ``from_json``) or ``"codec"``
    (:func:`wargames.core.codec.state_from_json`). ``document`` is the JSON-like input,
    ``data`` the bytes of a file input, ``special`` a planted path (see the module docstring,
    or ``"path:P"`` for a path ``P`` of your own).
    """

    kind: Kind
    seed: int
    game: str
    base: str
    via: str
    mutations: tuple[str, ...]
    document: Any = attrs.field(default=None, eq=False, repr=False)
    data: bytes | None = attrs.field(default=None, eq=False, repr=False)
    special: str | None = None
    reader: str = ""

    def fingerprint(self) -> str:
        """A SHA-256 of the input itself (the document's JSON text or the bytes): two cases
        with the same fingerprint and description are the same case. (Cases compare without
        their input, which may nest thousands deep.)"""
        digest = hashlib.sha256(json_text(self.document).encode("utf-8", "surrogatepass"))
        digest.update(self.data or b"")
        return digest.hexdigest()

    def describe(self) -> str:
        """One line: kind, seed, game, base, entry point and the mutations."""
        what = "; ".join(self.mutations) or "unchanged"
        extra = f", planted {self.special}" if self.special else ""
        return f"{self.kind} #{self.seed}: {self.game} {self.base} via {self.via}{extra}: {what}"


# -- the corpus -------------------------------------------------------------------------------


def package_of(game: str) -> str:
    """The package a game's descriptor lives in (its ``scenarios/`` folder is there)."""
    module = wargames.game(game).new.__module__
    package = sys.modules[module].__package__ or module.rpartition(".")[0]
    return package


@cache
def scenario_bases(game: str) -> tuple[Base, ...]:
    """The game's shipped scenario files (text and parsed), one base each."""
    package = package_of(game)
    try:
        names = package_files(package, "scenarios")
    except (FileNotFoundError, NotADirectoryError):
        return ()
    found = []
    for name in names:
        text = resources.files(package).joinpath("scenarios", f"{name}.toml").read_text("utf-8")
        found.append(Base(game, f"{name}.toml", tomllib.loads(text), text))
    return tuple(found)


@cache
def _matches(game: str) -> tuple[Match, ...]:
    """The corpus games: seeded bot games of the game's scenarios, random and greedy."""
    g = wargames.game(game)
    scenarios: list[str | None] = [*sorted(g.scenarios())] or [None]
    played = []
    for k in range(CORPUS_GAMES):
        agent = "greedy" if k == CORPUS_GAMES - 1 and "greedy" in g.agents else "random"
        scenario = scenarios[k % len(scenarios)]
        match = wargames.match(game, dict.fromkeys(g.players, agent), seed=k, scenario=scenario)
        match.run(CORPUS_STEPS[k % len(CORPUS_STEPS)])
        played.append(match)
    return tuple(played)


@cache
def record_bases(game: str) -> tuple[Base, ...]:
    """Records of the corpus games, as :meth:`Record.to_json` writes them."""
    return tuple(
        Base(game, f"record {k} ({len(m.actions)} actions)", m.record().to_json())
        for k, m in enumerate(_matches(game))
    )


@cache
def state_bases(game: str) -> tuple[Base, ...]:
    """Positions of the corpus games (the first, four along the way and the last), saved."""
    found = []
    for k, match in enumerate(_matches(game)):
        n = len(match.states)
        for i in sorted({0, n // 5, 2 * n // 5, 3 * n // 5, 4 * n // 5, n - 1}):
            state = match.states[i]
            cls = type(state)
            reader = f"{cls.__module__}:{cls.__qualname__}"
            found.append(Base(game, f"state {k}/{i}", state.to_json(), reader=reader))
    return tuple(found)


def bases(kind: Kind, game: str) -> tuple[Base, ...]:
    """The corpus of ``kind`` for ``game``."""
    if kind == "scenario":
        return scenario_bases(game)
    return record_bases(game) if kind == "record" else state_bases(game)


def fuzz_games(kind: Kind, games: Sequence[str] | None = None) -> tuple[str, ...]:
    """The games (sorted) with a corpus of ``kind``: all installed ones unless given."""
    return tuple(g for g in sorted(games or wargames.games()) if bases(kind, g))


# -- cases --------------------------------------------------------------------------------------


def make_case(kind: Kind, seed: int, games: Sequence[str] | None = None) -> Case:
    """The fuzz case ``seed`` of ``kind`` (over ``games``, default every installed game)."""
    rng = random.Random(f"wargames-fuzz/{kind}/{seed}")
    chosen = fuzz_games(kind, games)
    if not chosen:
        raise ValueError(f"no game has a {kind} corpus")
    game = rng.choice(chosen)
    base = rng.choice(bases(kind, game))
    if kind == "scenario":
        return _scenario_case(rng, seed, base)
    if kind == "record":
        return _record_case(rng, seed, base)
    return _state_case(rng, seed, base)


def _scenario_case(rng: random.Random, seed: int, base: Base) -> Case:
    new = attrs.evolve
    case = Case("scenario", seed, base.game, base.name, "load", (), data=b"")
    roll = rng.random()
    if roll < 0.05:
        return new(case, special=rng.choice(SPECIAL_FILES))
    if roll < 0.08:
        return new(case, data=base.text.encode(), mutations=("unchanged",))
    text, done = mutate_toml(rng, base.document, base.text)
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.2:
        data, what = mutate_bytes(rng, data)
        done.append(what)
    return new(case, data=data, mutations=tuple(done))


def _record_case(rng: random.Random, seed: int, base: Base) -> Case:
    doc, done = mutate_document(rng, base.document) if rng.random() > 0.03 else (base.document, [])
    via = "cli" if rng.random() < 0.35 else "api"
    case = Case("record", seed, base.game, base.name, via, tuple(done), document=doc)
    if rng.random() < 0.05:
        case = attrs.evolve(case, special=rng.choice(PLANTED_PATHS))
    elif via == "cli" and rng.random() < 0.3:
        text = _json_text(doc)
        data, what = mutate_bytes(rng, text)
        case = attrs.evolve(case, data=data, mutations=(*done, what))
    return case


def _state_case(rng: random.Random, seed: int, base: Base) -> Case:
    doc, done = mutate_document(rng, base.document) if rng.random() > 0.03 else (base.document, [])
    via = "codec" if rng.random() < 0.3 else "from_json"
    case = Case("state", seed, base.game, base.name, via, tuple(done), doc, reader=base.reader)
    if rng.random() < 0.05:
        case = attrs.evolve(case, special=rng.choice(PLANTED_PATHS))
    return case


def _json_text(document: Any) -> bytes:
    """``document`` as the JSON a file would hold (non-finite numbers as JavaScript writes
    them, lone surrogates kept as escapes)."""
    return json_text(document).encode("utf-8")
