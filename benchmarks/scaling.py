"""Games per second of one batch on 1 and 2 workers: a process pool and a Dask LocalCluster.

    python benchmarks/scaling.py                       # 24 horde games, seeds 0..23
    python benchmarks/scaling.py --game armageddon --games 16 --json
    python benchmarks/scaling.py --games 400 --chunksize 1    # one game a task

The same batch (:func:`wargames.simulate`, by default with the games per task it chooses:
:func:`wargames.sim.chunk_size` of the batch and the workers) runs in this process, then on a
:class:`~concurrent.futures.ProcessPoolExecutor` of 1 and of 2 workers, then on a Dask
``LocalCluster`` of 1 and of 2 worker processes (one thread each, ``client.get_executor()``).
Workers are started and warmed up (the game imported, one short game played) before the clock
starts, so the figures are the batch's wall time only; every run is checked to give the
records of the run in this process. Wall time counts, so other load on the machine lowers the
speed-ups: run it on an idle machine (the load average is printed).

Dask's workers run with their statistical profiler off (``distributed.worker.profile.enabled``:
it samples every thread's stack every 10 ms, with the interpreter lock held, for the
dashboard); ``--dask-profiler`` keeps it on, as Dask starts workers by default. For Dask the
CPU seconds each game cost are printed too (load moves them less than wall time): in the
workers (the games and the worker's own threads) and in this process (the scheduler of the
``LocalCluster`` and the client), which shares the two cores with the workers.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

import wargames
from wargames.core.engine import Record
from wargames.sim import chunk_size


def warm_up(game: str) -> int:
    """Import the game and play one short game (in a worker)."""
    return len(wargames.play(game, seed=0, max_steps=50).actions)


@contextmanager
def pool(workers: int, game: str) -> Iterator[Executor]:
    with ProcessPoolExecutor(max_workers=workers) as executor:
        for future in [executor.submit(warm_up, game) for _ in range(2 * workers)]:
            future.result()
        yield executor


@contextmanager
def dask(workers: int, game: str, profiler: bool = False) -> Iterator[Executor]:
    import dask.config
    from distributed import Client, LocalCluster

    with (
        dask.config.set({"distributed.worker.profile.enabled": profiler}),
        LocalCluster(
            n_workers=workers,
            processes=True,
            threads_per_worker=1,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        Client(cluster) as client,
    ):
        executor = client.get_executor()
        for future in [executor.submit(warm_up, game) for _ in range(2 * workers)]:
            future.result()
        executor.cpu = lambda: sum(client.run(time.process_time).values())  # type: ignore[attr-defined]
        yield executor


def timed(run: Callable[[], list[Record]], expected: list[Record] | None) -> tuple[float, Any]:
    start = time.perf_counter()
    records = run()
    seconds = time.perf_counter() - start
    if expected is not None and records != expected:
        raise SystemExit("a run gave other records than the run in this process")
    return seconds, records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="horde")
    parser.add_argument("--games", type=int, default=24, help="games in the batch")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--chunksize",
        type=int,
        default=None,
        help="games per task (simulate's chunksize; default: simulate chooses)",
    )
    parser.add_argument(
        "--dask-profiler", action="store_true", help="keep the Dask workers' profiler on"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    game, n, seed = args.game, args.games, args.seed
    warm_up(game)
    load = os.getloadavg()

    seconds, local = timed(lambda: wargames.simulate(game, n, seed=seed), None)
    results: dict[str, Any] = {
        "game": game,
        "games": n,
        "chunksize": args.chunksize or {w: chunk_size(n, w) for w in (1, 2)},
        "cpus": os.cpu_count(),
        "load_before": [round(x, 2) for x in load],
        "in_process": round(n / seconds, 2),
    }
    starts: dict[str, Callable[[int, str], Any]] = {
        "process_pool": pool,
        "dask_local_cluster": lambda w, g: dask(w, g, args.dask_profiler),
    }
    for name, start in starts.items():
        rates, cpu = [], {}
        for workers in (1, 2):
            with start(workers, game) as executor:
                count = getattr(executor, "cpu", None)
                before, here = (count() if count else 0.0), time.process_time()
                seconds, _ = timed(
                    lambda ex=executor: wargames.simulate(
                        game, n, seed=seed, executor=ex, chunksize=args.chunksize
                    ),
                    local,
                )
                if count is not None:
                    cpu[f"worker_ms_per_game_{workers}"] = round((count() - before) / n * 1e3, 1)
                    cpu[f"this_process_ms_per_game_{workers}"] = round(
                        (time.process_time() - here) / n * 1e3, 1
                    )
            rates.append(n / seconds)
        results[name] = {
            "1_worker": round(rates[0], 2),
            "2_workers": round(rates[1], 2),
            "speed_up": round(rates[1] / rates[0], 2),
            **cpu,
        }
    results["in_process_ms_per_game"] = round(1e3 / results["in_process"], 1)
    results["dask_profiler"] = args.dask_profiler
    results["load_after"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(results))
        return
    print(
        f"{n} {game} games, seeds {seed} to {seed + n - 1}, {results['chunksize']} a task "
        "(by workers when chosen); "
        f"{results['cpus']} CPUs"
    )
    print(f"load average before: {results['load_before']}, after: {results['load_after']}")
    print(f"in this process: {results['in_process']:.2f} games/s")
    print(f"{'executor':<20} {'1 worker':>10} {'2 workers':>10} {'speed-up':>9}")
    for name in ("process_pool", "dask_local_cluster"):
        r = results[name]
        print(f"{name:<20} {r['1_worker']:>8.2f}/s {r['2_workers']:>8.2f}/s {r['speed_up']:>8.2f}x")
    r = results["dask_local_cluster"]
    print(
        f"Dask CPU ms a game (profiler {'on' if args.dask_profiler else 'off'}): workers "
        f"{r['worker_ms_per_game_1']} (1) / {r['worker_ms_per_game_2']} (2), this process "
        f"{r['this_process_ms_per_game_1']} / {r['this_process_ms_per_game_2']}; "
        f"in this process alone {results['in_process_ms_per_game']}"
    )


if __name__ == "__main__":
    main()
