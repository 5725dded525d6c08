"""Battle for Armageddon balance: the greedy bot against itself over many seeded games.

    python benchmarks/balance_armageddon.py [--games 200] [--seed 0] [--jobs 2] [--json]

Game ``k`` is ``wargames.play("armageddon", agents={"orks": "greedy", "imperium": "greedy"},
seed=k)`` for ``k`` in ``seed .. seed + games - 1``, so every figure can be reproduced and any
single game replayed from its seed. Prints the wins of each side, the draws, the turn each game
ended on, and the time (CPU time per game, measured in the process that played it, so that a
busy machine distorts it less; and the wall-clock time of the whole run). ``--json`` prints the
same figures as one JSON object.

The reconstructed campaign is meant to be a real contest: neither side should win more than
70% of these games (issue requirement), and each should win a fair share of the decisive ones.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import wargames

AGENTS = {"orks": "greedy", "imperium": "greedy"}
SIDES = ("orks", "imperium")


def play(seed: int) -> dict[str, Any]:
    """One greedy-vs-greedy game: who won (``None`` for a draw), on which turn, why, how many
    actions, and the CPU seconds it took."""
    start = time.process_time()
    record = wargames.play("armageddon", agents=AGENTS, seed=seed)
    cpu = time.process_time() - start
    outcome = record.outcome
    assert outcome is not None, f"game {seed} did not end"
    return {
        "seed": seed,
        "winner": outcome.winner,
        "turn": outcome.turn,
        "reason": outcome.reason,
        "actions": len(record.actions),
        "cpu": cpu,
    }


def _play_many(seeds: list[int]) -> list[dict[str, Any]]:
    wargames.load("armageddon")  # warm the data caches in this process
    return [play(k) for k in seeds]


def run(games: int, seed: int = 0, jobs: int = 1) -> dict[str, Any]:
    """Play the games (in ``jobs`` processes) and sum them up."""
    seeds = list(range(seed, seed + games))
    start = time.perf_counter()
    if jobs <= 1:
        results = _play_many(seeds)
    else:
        chunks = [seeds[i::jobs] for i in range(jobs)]
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(_play_many, chunks))
        results = sorted((r for part in parts for r in part), key=lambda r: r["seed"])
    wall = time.perf_counter() - start
    return summary(results, wall, jobs)


def summary(results: list[dict[str, Any]], wall: float, jobs: int) -> dict[str, Any]:
    n = len(results)
    wins = Counter(r["winner"] for r in results)
    ends: dict[str, dict[int, int]] = {}
    for key in (*SIDES, "draw"):
        turns = Counter(r["turn"] for r in results if (r["winner"] or "draw") == key)
        ends[key] = dict(sorted(turns.items()))
    cpu = [r["cpu"] for r in results]
    return {
        "games": n,
        "first_seed": results[0]["seed"] if results else None,
        "wins": {side: wins.get(side, 0) for side in SIDES},
        "draws": wins.get(None, 0),
        "share": {
            **{side: wins.get(side, 0) / n for side in SIDES},
            "draw": wins.get(None, 0) / n,
        }
        if n
        else {},
        "end_turn": ends,
        "mean_end_turn": statistics.fmean(r["turn"] for r in results) if n else None,
        "mean_actions": statistics.fmean(r["actions"] for r in results) if n else None,
        "cpu_per_game": {
            "mean": statistics.fmean(cpu) if n else None,
            "median": statistics.median(cpu) if n else None,
            "max": max(cpu, default=None),
        },
        "wall_seconds": wall,
        "jobs": jobs,
    }


def report(s: dict[str, Any]) -> str:
    n = s["games"]
    lines = [
        f"Battle for Armageddon, greedy vs greedy: {n} games, seeds {s['first_seed']}"
        f"..{s['first_seed'] + n - 1}",
    ]
    for side in SIDES:
        lines.append(f"  {side:9s} wins {s['wins'][side]:4d}  ({100 * s['share'][side]:.1f}%)")
    lines.append(f"  draws          {s['draws']:4d}  ({100 * s['share']['draw']:.1f}%)")
    lines.append("game ends on turn (count of games):")
    header = "  " + " " * 9 + "".join(f"{t:>5d}" for t in range(1, 9))
    lines.append(header)
    for key in (*SIDES, "draw"):
        row = {int(t): n for t, n in s["end_turn"][key].items()}  # JSON keys are strings
        lines.append(f"  {key:9s}" + "".join(f"{row.get(t, 0):5d}" for t in range(1, 9)))
    lines.append(f"  mean end turn {s['mean_end_turn']:.2f}, mean actions {s['mean_actions']:.0f}")
    c = s["cpu_per_game"]
    lines.append(
        f"time: {c['mean']:.3f} s CPU per game (median {c['median']:.3f}, max {c['max']:.3f}); "
        f"{s['wall_seconds']:.1f} s wall in all with {s['jobs']} job(s)"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    figures = run(args.games, args.seed, max(1, args.jobs))
    print(json.dumps(figures, indent=2) if args.json else report(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
