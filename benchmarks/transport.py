"""What states and records cost to cross a process boundary: pickle size and time, per game.

For every shipped scenario (or ``--game``'s), one seeded random game (:func:`random_states`,
seed ``--seed``) is walked and every ``--every``-th state is pickled: the mean and largest
pickle, the mean ``pickle.dumps`` and ``pickle.loads`` time per state, each state read back in
this process, where its scenario's set-up is already loaded (as in the conformance kit's
pickle round trips, or OpenSpiel's clones). Then ``--games`` games are played as a worker of
:func:`wargames.simulate` plays them (``wargames.sim._play_many``, rows included) and what it
sends home is pickled: bytes per game, dumps and loads per game. With ``--kit N`` the CPU
seconds of ``N`` games of the 100,000-game soak's check per scenario
(``benchmarks/conformance.py`` ``check``: random agents, full checks every 250 actions, light
checks every 25th, invariants every 5th) are added.

It measures whichever ``wargames`` is imported, so a before/after is the same script run with
``PYTHONPATH`` on each tree (interleave the runs: the machine is shared)::

    python benchmarks/transport.py                          # every game, 1 seed
    python benchmarks/transport.py --game ancients --kit 3 --json
"""

from __future__ import annotations

import argparse
import json
import pickle
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import wargames
from wargames.testing import random_states


def _timed(fn: Any, repeat: int) -> float:
    """Mean seconds of ``fn()`` over ``repeat`` calls."""
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat


def states(game: str, scenario: str, seed: int, every: int, repeat: int) -> dict[str, Any]:
    """Pickle size and time of every ``every``-th state of one seeded random game."""
    walked = list(random_states(wargames.load(game, scenario=scenario), seed, 5000))[::every]
    sizes, dumps, loads = [], [], []
    for state in walked:
        data = pickle.dumps(state)
        if pickle.loads(data) != state:
            raise SystemExit(f"{game} {scenario}: a state does not read back equal")
        sizes.append(len(data))
        dumps.append(_timed(lambda s=state: pickle.dumps(s), repeat))
        loads.append(_timed(lambda d=data: pickle.loads(d), repeat))
    return {
        "states": len(walked),
        "bytes_mean": round(statistics.fmean(sizes)),
        "bytes_max": max(sizes),
        "dumps_us": round(statistics.fmean(dumps) * 1e6, 1),
        "loads_us": round(statistics.fmean(loads) * 1e6, 1),
    }


def records(game: str, scenario: str, games: int, repeat: int) -> dict[str, Any]:
    """What a :func:`wargames.simulate` worker sends home for ``games`` games, per game."""
    from wargames.sim import _play_many

    played = _play_many(range(games), game, {}, scenario, None, {}, True)
    data = pickle.dumps(played)
    return {
        "record_bytes": round(len(data) / games),
        "record_dumps_us": round(_timed(lambda: pickle.dumps(played), repeat) / games * 1e6, 1),
        "record_loads_us": round(_timed(lambda: pickle.loads(data), repeat) / games * 1e6, 1),
    }


def kit(game: str, scenario: str, games: int) -> dict[str, Any]:
    """CPU seconds per game of the soak's check (random agents) on seeds 1..``games``."""
    sys.path.insert(0, str(Path(wargames.__file__).parents[1] / "benchmarks"))
    from conformance import check

    cpu = [
        check(game, scenario, {}, "random", seed, 250, 100_000, 25, 5)["cpu"]
        for seed in range(1, games + 1)
    ]
    return {"kit_cpu_s": round(statistics.fmean(cpu), 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=10, help="pickle every k-th state")
    parser.add_argument("--repeat", type=int, default=5, help="timed calls per state")
    parser.add_argument("--games", type=int, default=5, help="games of records per scenario")
    parser.add_argument("--kit", type=int, default=0, help="games of the soak's check")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game in args.game or wargames.games():
        for scenario in wargames.game(game).scenario_ids():
            row: dict[str, Any] = {"game": game, "scenario": scenario}
            row |= states(game, scenario, args.seed, args.every, args.repeat)
            row |= records(game, scenario, args.games, args.repeat)
            if args.kit:
                row |= kit(game, scenario, args.kit)
            rows.append(row)
            if not args.json:
                print(
                    f"{game:10} {scenario:15} state {row['bytes_mean']:7,} B (max "
                    f"{row['bytes_max']:7,}) dumps {row['dumps_us']:8.1f} us loads "
                    f"{row['loads_us']:8.1f} us | record {row['record_bytes']:6,} B dumps "
                    f"{row['record_dumps_us']:6.1f} us loads {row['record_loads_us']:6.1f} us"
                    + (f" | kit {row['kit_cpu_s']:.3f} s/game" if args.kit else ""),
                    flush=True,
                )
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
