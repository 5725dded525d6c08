"""Running many fuzz cases in worker processes that cannot hang or exhaust the runner.

Each worker runs cases one at a time with :func:`~wargames.fuzz.verdict.run_case` (its own
time limits), under a memory cap (:data:`MEMORY_CAP`). The runner waits for each answer at
most the case's wall-clock limit plus :data:`GRACE` seconds: a worker stuck where the timers
cannot reach (a read of ``/dev/zero`` inside one C call, a FIFO opened without a timeout) is
killed, the case is ``slow``, and a fresh worker takes the next case. A worker that dies
(killed for memory, a crash) makes its case ``raw``.
"""

from __future__ import annotations

import multiprocessing
import time
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, Final

import attrs

from wargames.fuzz.cases import Case, Kind, bases, fuzz_games, make_case
from wargames.fuzz.verdict import TIME_LIMIT, WALL_FACTOR, Verdict, run_case

GRACE: Final = 5.0
"""Seconds past a case's wall-clock limit (:data:`~wargames.fuzz.verdict.WALL_FACTOR` times
its CPU limit) before a silent worker is killed."""
MEMORY_CAP: Final = 4 << 30
"""Address space of a worker (bytes): reading an endless file fails instead of filling RAM."""


def _worker(conn: Connection, kind: Kind, games: tuple[str, ...], limit: float) -> None:
    """A worker's loop: a seed (or a whole :class:`Case`) in, its :class:`Verdict` out."""
    try:
        import resource

        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = MEMORY_CAP if hard == resource.RLIM_INFINITY else min(MEMORY_CAP, hard)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ImportError, ValueError, OSError):
        pass
    while True:
        job = conn.recv()
        if job is None:
            return
        case = job if isinstance(job, Case) else make_case(kind, job, games)
        conn.send(run_case(kind, case, limit))


@attrs.define
class _Slot:
    """One worker process and the case it is running (``None``: idle)."""

    process: BaseProcess
    conn: Connection
    job: int | Case | None = None
    since: float = 0.0


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _start(kind: Kind, games: tuple[str, ...], limit: float) -> _Slot:
    ctx = _context()
    here, there = ctx.Pipe()
    process = ctx.Process(target=_worker, args=(there, kind, games, limit), daemon=True)
    process.start()
    there.close()
    return _Slot(process, here)


def _stop(slot: _Slot) -> None:
    if slot.process.is_alive():
        slot.process.kill()
    slot.process.join(5)
    slot.conn.close()


def _lost(kind: Kind, job: int | Case, outcome: str, detail: str, seconds: float) -> Verdict:
    seed = job.seed if isinstance(job, Case) else job
    described = job.describe() if isinstance(job, Case) else f"{kind} #{seed}"
    return Verdict(kind, seed, outcome, detail, seconds, described)  # type: ignore[arg-type]


def run_many(
    kind: Kind,
    jobs: Iterable[int | Case],
    workers: int = 1,
    limit: float = TIME_LIMIT,
    games: Sequence[str] | None = None,
    grace: float = GRACE,
) -> Iterator[Verdict]:
    """Run the cases (seeds of :func:`make_case`, or cases) in ``workers`` processes and yield
    each verdict as it comes (not in order); a worker silent for ``grace`` seconds past the
    case's wall-clock limit is killed. The corpus is built here first, so forked workers
    share it."""
    chosen = fuzz_games(kind, games)
    for game in chosen:
        bases(kind, game)
    todo: deque[int | Case] = deque(jobs)
    slots = [_start(kind, chosen, limit) for _ in range(max(1, workers))]
    try:
        while todo or any(s.job is not None for s in slots):
            for slot in slots:
                if slot.job is None and todo:
                    slot.job, slot.since = todo.popleft(), time.monotonic()
                    slot.conn.send(slot.job)
            yield from _collect(kind, slots, WALL_FACTOR * limit + grace, (chosen, limit))
    finally:
        for slot in slots:
            if slot.process.is_alive() and slot.job is None:
                slot.conn.send(None)
            _stop(slot)


def _collect(
    kind: Kind, slots: list[_Slot], patience: float, restart: tuple[tuple[str, ...], float]
) -> Iterator[Verdict]:
    """Wait for answers (or for the first deadline, ``patience`` seconds after a case was
    sent) and replace dead or stuck workers (started again with ``restart``)."""
    busy = [s for s in slots if s.job is not None]
    deadline = min(s.since for s in busy) + patience
    ready = wait([s.conn for s in busy], timeout=max(0.0, deadline - time.monotonic()))
    now = time.monotonic()
    for i, slot in enumerate(slots):
        job = slot.job
        if job is None:
            continue
        lost: Verdict | None = None
        waited = now - slot.since
        if slot.conn in ready:
            try:
                verdict: Verdict = slot.conn.recv()
            except (EOFError, OSError):
                code = slot.process.exitcode
                lost = _lost(kind, job, "raw", f"the worker died (exit {code})", waited)
            else:
                slot.job = None
                yield verdict
                continue
        elif waited > patience:
            lost = _lost(kind, job, "slow", f"no answer in {patience:.1f} s: killed", waited)
        if lost is not None:
            _stop(slot)
            slots[i] = _start(kind, *restart)
            yield lost


def run_isolated(
    kind: Kind, case: Case | int, limit: float = TIME_LIMIT, grace: float = GRACE
) -> Verdict:
    """Run one case (or the case of a seed, made in the worker: a case nested thousands deep
    does not pickle) in a fresh worker process, killed if it does not answer in time."""
    games = [case.game] if isinstance(case, Case) else None
    return next(iter(run_many(kind, [case], 1, limit, games, grace)))
