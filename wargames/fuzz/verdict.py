"""Running one fuzz case and judging what the library did with it.

:func:`run_case` gives a case to the library through its entry point, under a time limit,
and classifies the outcome as a :class:`Verdict`:

* ``rejected``: a :class:`~wargames.WargamesError` (the input was refused, cleanly);
* ``accepted``: it loaded, the loaded state passes the conformance kit's light checks (clone,
  JSON round trip, invariants, views) and a short random playout applies without error,
  every state on the way keeping the invariants;
* ``accepted_broken``: it loaded but a check failed or play raised;
* ``raw``: any other exception escaped (its type and message are kept);
* ``slow``: the case took more CPU time than the limit, or more than :data:`WALL_FACTOR`
  times the limit on the clock (or never came back, see
  :mod:`wargames.fuzz.runner`);
* ``unsafe``: a record or saved state made the library open a path it named.

Only ``rejected`` and ``accepted`` are good. The time limits are interval timers (CPU time
and the clock, in the main thread of a Linux or macOS process, :func:`time_limit`); a reader
stuck inside one C call (reading ``/dev/zero``) is not interrupted by them, which is why long
runs go through the runner's worker processes.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterator
from importlib import import_module
from pathlib import Path
from types import FrameType
from typing import Any, Final, Literal

import attrs

import wargames
from wargames.core.engine import CHANCE, GameState, pick_outcome
from wargames.core.errors import WargamesError
from wargames.fuzz.cases import Case, Kind, scenario_bases
from wargames.fuzz.mutate import json_text

Outcome = Literal["rejected", "accepted", "accepted_broken", "raw", "slow", "unsafe"]
GOOD: Final = frozenset({"rejected", "accepted"})
BAD: Final = ("raw", "slow", "accepted_broken", "unsafe")

TIME_LIMIT: Final = 2.0
"""CPU seconds a case may take, loading and checking together. CPU time, not the clock: on a
busy machine a case waits for a core without being slower (a case that waits on something
else, such as a FIFO, is stopped by the wall-clock limit, :data:`WALL_FACTOR` times longer)."""
WALL_FACTOR: Final = 5.0
"""The wall-clock limit of a case, in multiples of its CPU limit."""
PLAYOUT: Final = 30
"""Actions of the random playout that an accepted input must survive."""


@attrs.frozen
class Verdict:
    """What became of one case: the outcome, a line saying why, and the CPU seconds it took
    (its wall-clock seconds in ``wall_seconds``)."""

    kind: Kind
    seed: int
    outcome: Outcome
    detail: str
    seconds: float
    case: str
    """The case in one line (:meth:`Case.describe`)."""
    wall_seconds: float = 0.0

    @property
    def bad(self) -> bool:
        """Whether the outcome is one that must never happen."""
        return self.outcome not in GOOD

    def to_json(self) -> dict[str, Any]:
        return attrs.asdict(self)


class CaseTimeout(BaseException):
    """The time limit of a case ran out (a ``BaseException``, so that no ``except Exception``
    inside the library swallows it)."""


# -- guards ------------------------------------------------------------------------------------


@contextlib.contextmanager
def time_limit(seconds: float, wall: float | None = None) -> Iterator[None]:
    """Raise :class:`CaseTimeout` in the main thread after ``seconds`` of CPU time or ``wall``
    seconds of the clock (default :data:`WALL_FACTOR` times ``seconds``); no limit in other
    threads or where there are no interval timers."""
    usable = hasattr(signal, "setitimer") and _main_thread()
    if not usable:
        yield
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise CaseTimeout

    timers = (
        (signal.SIGPROF, signal.ITIMER_PROF, seconds),
        (signal.SIGALRM, signal.ITIMER_REAL, wall or WALL_FACTOR * seconds),
    )
    old = [signal.signal(signum, expire) for signum, _, _ in timers]
    for _, timer, after in timers:
        signal.setitimer(timer, after)
    try:
        yield
    finally:
        for (signum, timer, _), handler in zip(timers, old, strict=True):
            signal.setitimer(timer, 0)
            signal.signal(signum, handler)


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


_WATCHED: set[str] = set()
_OPENED: list[str] = []
_HOOKED: list[bool] = []


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "open" and _WATCHED and args and isinstance(args[0], str | bytes | os.PathLike):
        path = os.path.abspath(os.fsdecode(args[0]))
        if path in _WATCHED:
            _OPENED.append(path)


def watch(path: Path) -> None:
    """Count the opening of ``path`` (as given and resolved) inside :func:`watch_opens`."""
    _WATCHED.update({os.path.abspath(path), os.path.realpath(path)})


@contextlib.contextmanager
def watch_opens() -> Iterator[list[str]]:
    """The watched paths (:func:`watch`) opened inside the block, through Python's ``open``
    audit event (``open()``, ``os.open``, ``Path.open``...)."""
    if not _HOOKED:
        sys.addaudithook(_audit)
        _HOOKED.append(True)
    _OPENED.clear()
    _WATCHED.clear()
    try:
        yield _OPENED
    finally:
        _WATCHED.clear()


# -- planting files -----------------------------------------------------------------------------


def plant(special: str, tmp: Path, game: str) -> Path:
    """Make the planted file ``special`` in ``tmp`` (see :data:`~wargames.fuzz.cases.
    PLANTED_PATHS` and :data:`~wargames.fuzz.cases.SPECIAL_FILES`) and return its path;
    ``"path:P"`` plants the path ``P`` as it is (a test's own FIFO or file)."""
    if special.startswith("path:"):
        return Path(special.removeprefix("path:"))
    if special == "fifo":
        os.mkfifo(tmp / "scenario.toml")
        return tmp / "scenario.toml"
    if special == "dev-zero":
        return Path("/dev/zero")
    if special == "stdin":
        return Path("/dev/stdin")
    if special == "folder":
        (tmp / "folder.toml").mkdir()
        return tmp / "folder.toml"
    if special == "symlink-dev-zero":
        (tmp / "zero.toml").symlink_to("/dev/zero")
        return tmp / "zero.toml"
    if special == "missing":
        return tmp / "missing.toml"
    shipped = scenario_bases(game)
    target = tmp / "elsewhere.toml"
    target.write_text(shipped[0].text if shipped else 'name = "x"\n', encoding="utf-8")
    if special == "parent-path":
        return Path(os.path.relpath(target, Path.cwd()))
    return target


# -- loading ------------------------------------------------------------------------------------


def _load_scenario(case: Case, tmp: Path) -> GameState:
    if case.special:
        path = plant(case.special, tmp, case.game)
    else:
        path = tmp / "scenario.toml"
        path.write_bytes(case.data or b"")
    return wargames.load(case.game, scenario=str(path))


def _planted_document(case: Case, tmp: Path) -> Any:
    doc = case.document
    if case.special and isinstance(doc, dict):
        path = plant(case.special, tmp, case.game)
        watch(path)
        doc = {**doc, "scenario": str(path)}
    return doc


def _load_record(case: Case, tmp: Path) -> GameState:
    doc = _planted_document(case, tmp)
    if case.via != "cli":
        return wargames.replay(doc).state
    file = tmp / "record.json"
    file.write_bytes(case.data if case.data is not None else json_text(doc).encode())
    code, err = _cli(["replay", str(file), "--quiet"])
    if code == 2:
        raise _CliRefusal(err.strip())
    if code != 0:
        raise RuntimeError(f"wargames replay exited {code}: {err.strip()}")
    if err.strip():
        raise RuntimeError(f"wargames replay succeeded but wrote to stderr: {err.strip()}")
    return wargames.replay(json.loads(file.read_bytes())).state


class _CliRefusal(WargamesError):
    """The command line refused the input: one line on stderr and exit status 2."""


def _cli(argv: list[str]) -> tuple[int, str]:
    """Run the ``wargames`` command in this process: its exit status and stderr. With
    ``WARGAMES_DEBUG`` set, an unexpected error escapes as itself rather than as a line."""
    from wargames.cli import main

    out, err = io.StringIO(), io.StringIO()
    old = os.environ.get("WARGAMES_DEBUG")
    os.environ["WARGAMES_DEBUG"] = "1"
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        if old is None:
            del os.environ["WARGAMES_DEBUG"]
        else:
            os.environ["WARGAMES_DEBUG"] = old
    if code == 2 and len(err.getvalue().strip().splitlines()) != 1:
        raise RuntimeError(f"wargames replay refused in more than one line: {err.getvalue()!r}")
    return code, err.getvalue()


def _load_state(case: Case, tmp: Path) -> GameState:
    doc = _planted_document(case, tmp)
    module, _, name = case.reader.partition(":")
    cls: Any = import_module(module)
    for part in name.split("."):
        cls = getattr(cls, part)
    if case.via == "codec":
        from wargames.core.codec import state_from_json

        state: GameState = state_from_json(cls, doc)
        return state
    loaded: GameState = cls.from_json(doc)
    return loaded


_LOADERS: Final[dict[str, Callable[[Case, Path], GameState]]] = {
    "scenario": _load_scenario,
    "record": _load_record,
    "state": _load_state,
}


# -- checking what loaded ---------------------------------------------------------------------


def check_loaded(state: GameState, rng: random.Random, steps: int = PLAYOUT) -> None:
    """Raise if ``state`` is broken: the kit's light checks on it, then ``steps`` random
    actions (chance drawn with ``rng``), the invariants checked after each."""
    from wargames.testing import check_light

    if not isinstance(state, GameState):
        raise TypeError(f"loaded a {type(state).__name__}, not a game state")
    check_light(state)
    for step in range(steps):
        if state.current_player is None:
            return
        if state.current_player == CHANCE:
            action = pick_outcome(state.chance_outcomes(), rng.random())
        else:
            legal = state.legal_actions()
            if not legal:
                raise AssertionError(f"step {step}: a player must decide but has no action")
            action = rng.choice(legal)
        state = state.apply(action)
        problems = state.invariant_violations()
        if problems:
            raise AssertionError(f"step {step} ({action}): invariants fail: {problems}")


def _what(exc: BaseException) -> str:
    text = str(exc).replace("\n", " ")
    return f"{type(exc).__name__}: {text[:300]}"


def run_case(kind: Kind, case: Case, limit: float = TIME_LIMIT) -> Verdict:
    """Give ``case`` to the library and judge the outcome (see the module docstring); at most
    ``limit`` CPU seconds, loading and checking together."""
    if kind != case.kind:
        raise ValueError(f"a {case.kind} case run as a {kind} case")
    import tempfile

    def verdict(outcome: Outcome, detail: str) -> Verdict:
        cpu = time.process_time() - start
        return Verdict(kind, case.seed, outcome, detail, cpu, describe, time.perf_counter() - wall)

    describe = case.describe()
    with tempfile.TemporaryDirectory(prefix="wargames-fuzz-") as tmp:
        start, wall = time.process_time(), time.perf_counter()
        result: Verdict
        with watch_opens() as opened:
            try:
                with time_limit(limit):
                    result = _judge(kind, case, Path(tmp), verdict)
            except CaseTimeout:
                wall_limit = WALL_FACTOR * limit
                result = verdict("slow", f"over the limit ({limit} s CPU, {wall_limit} s wall)")
            if opened and kind != "scenario":
                result = verdict("unsafe", f"opened {sorted(set(opened))}; {result.outcome}")
    if result.outcome in GOOD and result.seconds > limit:
        result = verdict("slow", f"{result.seconds:.2f} s CPU (limit {limit}); {result.detail}")
    return result


def _judge(kind: Kind, case: Case, tmp: Path, verdict: Callable[..., Verdict]) -> Verdict:
    try:
        state = _LOADERS[kind](case, tmp)
    except WargamesError as exc:
        return verdict("rejected", _what(exc))
    except Exception as exc:  # every other exception is what the fuzzing looks for
        return verdict("raw", _what(exc))
    try:
        check_loaded(state, random.Random(case.seed))
    except Exception as exc:
        return verdict("accepted_broken", _what(exc))
    return verdict("accepted", f"loaded {type(state).__name__}")
