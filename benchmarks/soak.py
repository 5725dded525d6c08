"""The soak: many seeded bot games over every game, shipped scenario and agent, each played
through the conformance kit's checks, resumable across runs.

    python benchmarks/soak.py [--games 100000] [--jobs 2] [--log soak.jsonl] [--seed 0]
                              [--game GAME ...] [--agent random|greedy ...] [--chunk 25]
                              [--check-every 50] [--light-every 1]
                              [--invariants-every 1] [--max-steps 100000] [--from-game 0]
    python benchmarks/soak.py --summary [--log soak.jsonl] [--json]

The plan: every (game, scenario, agent) combination, sorted, in turn; game ``i`` plays
combination ``i % n`` with seed ``seed + i // n`` (so 100,000 games over the 20 combinations
are 5,000 seeds of each). Each game is ``benchmarks/conformance.py``'s ``check()``: the game
``wargames.play`` would play with that agent on every side (the game's bot options on),
replayed by :func:`wargames.testing.playout` with the light checks after every
``--light-every``-th action (the invariants alone after every ``--invariants-every``-th of the
others) and the full ones every ``--check-every``-th state, ending within ``--max-steps``.

Games run in chunks of ``--chunk`` in ``--jobs`` processes; each finished chunk is appended to
the log as one JSON line (the plan, the chunk number and every game's result), so a run that
is stopped loses at most the chunks in progress, and running the same command again skips the
chunks already in the log (``--games`` is rounded up to whole chunks, and a larger
``--games`` with the same other settings goes on from a smaller soak's log). ``--from-game N``
(a whole number of chunks) plays only the games from ``N`` on: the way to go on with a soak
whose earlier games are logged elsewhere (or whose log was lost; their summary then stands for
them). ``--summary``
reads the log only: games per game and agent, the failures with their seeds (``python
benchmarks/conformance.py GAME --scenario S --agent A --seed K --games 1`` replays one), and
the CPU time. The exit code is 1 if any game failed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

import wargames

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conformance import check  # benchmarks/ is not a package: its folder is on the path

Combo = tuple[str, str, str]


def combos(games: list[str] | None, agents: list[str]) -> list[Combo]:
    """Every (game, scenario, agent) the soak plays, sorted."""
    found = []
    for game in sorted(games or wargames.games()):
        described = wargames.game(game)
        for scenario in sorted(described.scenarios()):
            found += [(game, scenario, agent) for agent in agents if agent in described.agents]
    return found


def plan_of(args: argparse.Namespace) -> dict[str, Any]:
    """What makes one soak: a log holds the chunks of one plan only. The number of games is
    not part of it: a soak of more games goes on from the chunks of a smaller one."""
    return {
        "seed": args.seed,
        "chunk": args.chunk,
        "combos": [list(c) for c in combos(args.game, args.agent)],
        "check_every": args.check_every,
        "light_every": args.light_every,
        "invariants_every": args.invariants_every,
        "max_steps": args.max_steps,
    }


def chunk_games(plan: dict[str, Any], k: int) -> Iterator[tuple[str, str, str, int]]:
    """The games of chunk ``k``: (game, scenario, agent, seed)."""
    every = plan["combos"]
    first = k * plan["chunk"]
    for i in range(first, first + plan["chunk"]):
        game, scenario, agent = every[i % len(every)]
        yield game, scenario, agent, plan["seed"] + i // len(every)


def play_chunk(plan: dict[str, Any], k: int) -> dict[str, Any]:
    """Play chunk ``k`` of ``plan`` through the kit (in a worker process)."""
    results = []
    for game, scenario, agent, seed in chunk_games(plan, k):
        result = check(
            game,
            scenario,
            {},
            agent,
            seed,
            plan["check_every"],
            plan["max_steps"],
            plan.get("light_every", 1),
            plan.get("invariants_every", 1),
        )
        results.append({"game": game, "agent": agent, **result})
    return {"chunk": k, "plan": plan, "results": results}


def read_log(log: Path) -> list[dict[str, Any]]:
    """The chunks in ``log`` (a line cut short by a stopped run is ignored)."""
    if not log.exists():
        return []
    chunks = []
    for line in log.read_text(encoding="utf-8").splitlines():
        try:
            chunks.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return chunks


def soak(args: argparse.Namespace) -> int:
    """Play the chunks of the plan that the log does not hold yet; append each as it ends."""
    plan = plan_of(args)
    logged = read_log(args.log)
    other = [c for c in logged if c.get("plan") != plan]
    if other:
        sys.exit(f"{args.log} holds chunks of another plan (seed, chunk, games or agents, checks)")
    done = {c["chunk"] for c in logged}
    first = args.from_game // args.chunk
    todo = [k for k in range(first, -(-args.games // args.chunk)) if k not in done]
    print(f"{len(done)} chunks in {args.log}, {len(todo)} to play", file=sys.stderr)
    start = time.perf_counter()
    with ProcessPoolExecutor(max(1, args.jobs)) as pool, args.log.open("a") as out:
        running = {pool.submit(play_chunk, plan, k) for k in todo[: 2 * args.jobs]}
        queued = iter(todo[2 * args.jobs :])
        finished = 0
        while running:
            ended, running = wait(running, return_when=FIRST_COMPLETED)
            for future in ended:
                out.write(json.dumps(future.result()) + "\n")
                out.flush()
                finished += 1
                nxt = next(queued, None)
                if nxt is not None:
                    running.add(pool.submit(play_chunk, plan, nxt))
            elapsed = time.perf_counter() - start
            print(f"  {finished}/{len(todo)} chunks, {elapsed:.0f} s", file=sys.stderr)
    return summary(args)


def totals(chunks: list[dict[str, Any]]) -> dict[str, Any]:
    """Games, failures and CPU seconds per game and agent, from the logged chunks."""
    rows: dict[str, dict[str, Any]] = defaultdict(
        lambda: {"games": 0, "failed": 0, "cpu_seconds": 0.0, "actions": 0}
    )
    failures = []
    for chunk in sorted(chunks, key=lambda c: c["chunk"]):
        for r in chunk["results"]:
            row = rows[f"{r['game']}/{r['agent']}"]
            row["games"] += 1
            row["cpu_seconds"] += r["cpu"]
            row["actions"] += r.get("actions") or 0
            if not r["passed"]:
                row["failed"] += 1
                failures.append({k: r[k] for k in ("game", "scenario", "agent", "seed", "error")})
    return {
        "games": sum(row["games"] for row in rows.values()),
        "failed": len(failures),
        "cpu_seconds": round(sum(row["cpu_seconds"] for row in rows.values()), 1),
        "actions": sum(row["actions"] for row in rows.values()),
        "by_game_agent": {k: rows[k] for k in sorted(rows)},
        "failures": failures,
    }


def summary(args: argparse.Namespace) -> int:
    """Print the totals of the log (``--json``: as one JSON object); 1 if a game failed."""
    t = totals(read_log(args.log))
    if args.json:
        print(json.dumps(t, indent=1))
        return 1 if t["failed"] else 0
    print(
        f"{args.log}: {t['games']} games, {t['failed']} failed, {t['actions']} actions, "
        f"{t['cpu_seconds'] / 3600:.2f} CPU hours"
    )
    for name, row in t["by_game_agent"].items():
        print(
            f"  {name:22} {row['games']:7d} games  {row['failed']:3d} failed  "
            f"{row['cpu_seconds']:9.1f} s CPU  ({row['cpu_seconds'] / max(1, row['games']):.2f} s"
            " per game)"
        )
    for f in t["failures"][:20]:
        print(f"  FAILED {f['game']} {f['scenario']} {f['agent']} seed {f['seed']}: {f['error']}")
    return 1 if t["failed"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games in the soak")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--log", type=Path, default=Path("soak.jsonl"), help="the JSON-lines log")
    parser.add_argument("--seed", type=int, default=0, help="the first seed of every combination")
    parser.add_argument("--game", action="append", default=None, help="only this game")
    parser.add_argument("--agent", action="append", choices=("random", "greedy"), default=None)
    parser.add_argument("--chunk", type=int, default=25, help="games per logged chunk")
    parser.add_argument("--check-every", type=int, default=50, help="full checks every N states")
    parser.add_argument("--light-every", type=int, default=1, help="light checks every N states")
    parser.add_argument("--invariants-every", type=int, default=1, help="invariants every N")
    parser.add_argument("--max-steps", type=int, default=100_000, help="actions a game may take")
    parser.add_argument("--from-game", type=int, default=0, help="play only games from N on")
    parser.add_argument("--summary", action="store_true", help="only sum up the log")
    parser.add_argument("--json", action="store_true", help="the summary as JSON")
    args = parser.parse_args(argv)
    args.agent = args.agent or ["random", "greedy"]
    every = (args.check_every, args.light_every, args.invariants_every)
    if min(args.games, args.chunk, *every) < 1:
        parser.error("--games, --chunk and every --...-every must be at least 1")
    if args.from_game < 0 or args.from_game % args.chunk:
        parser.error("--from-game must be a whole number of chunks (a multiple of --chunk)")
    return summary(args) if args.summary else soak(args)


if __name__ == "__main__":
    sys.exit(main())
