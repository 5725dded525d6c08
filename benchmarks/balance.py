"""Balance of a game: its greedy bot against itself over many seeded games.

    python benchmarks/balance.py GAME [--games 200] [--seed 0] [--jobs 2] [--scenario NAME]
                                      [--players N] [--band 0.3 0.7] [--json]
    python benchmarks/balance.py --all [--games 200] [--seed 0] [--jobs 2] [--json]

Game ``k`` is ``wargames.play(GAME, agents={side: "greedy" for every side}, seed=k)`` for ``k``
in ``seed .. seed + games - 1`` (with the game's options for bot-only play, such as a turn
cap, and ``players=N`` with ``--players N``: seats a side in a team game, every seat played by
its side's greedy agent), so every figure can be reproduced and any single game replayed from
its seed. Prints the
wins of each side, the draws, how the games ended, the turn each game ended on (histogram and
mean) and the time: CPU seconds per game, measured in the process that played it so that a
busy machine distorts it less, and the wall-clock time of the whole run. ``--band LOW HIGH``
says whether each side's share of wins lies in that band (the issues ask 30-70%, and 40-60% for
a mirror scenario). ``--json`` prints the same figures as one JSON object.

``--all`` plays every shipped scenario of every installed game in turn (sorted by game, then
scenario; the same seeds for each) and prints the table of the docs' Balance page: each side's
wins and share of the decided games, the draws, the mean end turn and the CPU per game, and
whether each side won between 35% and 65% of the decided games (:data:`DECIDED_BAND`).
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

AGENT = "greedy"
DECIDED_BAND = (0.35, 0.65)
"""The band each side's share of the decided games must lie in (issue 14, item 6)."""


def play(
    game: str, seed: int, scenario: str | None = None, players: int | None = None
) -> dict[str, Any]:
    """One greedy-vs-greedy game: who won (``None`` for a draw), on which turn, why, how many
    actions, and the CPU seconds it took."""
    start = time.process_time()
    sides = wargames.game(game).players
    options: dict[str, Any] = {} if players is None else {"players": players}
    record = wargames.play(
        game, agents=dict.fromkeys(sides, AGENT), seed=seed, scenario=scenario, **options
    )
    cpu = time.process_time() - start
    outcome = record.outcome
    assert outcome is not None, f"{game} game {seed} did not end"
    return {
        "seed": seed,
        "winner": outcome.winner,
        "turn": outcome.turn,
        "reason": outcome.reason,
        "actions": len(record.actions),
        "cpu": cpu,
    }


def _play_many(job: tuple[str, str | None, int | None, list[int]]) -> list[dict[str, Any]]:
    game, scenario, players, seeds = job
    wargames.load(game, scenario)  # warm the data caches in this process
    return [play(game, k, scenario, players) for k in seeds]


def run(
    game: str,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    scenario: str | None = None,
    players: int | None = None,
) -> dict[str, Any]:
    """Play the games (in ``jobs`` processes) and sum them up."""
    seeds = list(range(seed, seed + games))
    start = time.perf_counter()
    chunks = [(game, scenario, players, seeds[i::jobs]) for i in range(jobs)]
    if jobs <= 1:
        results = _play_many(chunks[0])
    else:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(_play_many, chunks))
        results = sorted((r for part in parts for r in part), key=lambda r: r["seed"])
    found = summary(game, results, time.perf_counter() - start, jobs)
    return found if players is None else found | {"players": players}


def summary(game: str, results: list[dict[str, Any]], wall: float, jobs: int) -> dict[str, Any]:
    sides = wargames.game(game).players
    n = len(results)
    wins = Counter(r["winner"] for r in results)
    ends: dict[str, dict[int, int]] = {}
    for key in (*sides, "draw"):
        turns = Counter(r["turn"] or 0 for r in results if (r["winner"] or "draw") == key)
        ends[key] = dict(sorted(turns.items()))
    cpu = [r["cpu"] for r in results]
    return {
        "game": game,
        "games": n,
        "first_seed": results[0]["seed"],
        "wins": {side: wins.get(side, 0) for side in sides},
        "draws": wins.get(None, 0),
        "share": {side: wins.get(side, 0) / n for side in sides} | {"draw": wins[None] / n},
        "decided_share": _decided_share({side: wins.get(side, 0) for side in sides}),
        "reasons": dict(Counter(r["reason"] for r in results).most_common()),
        "end_turn": ends,
        "mean_end_turn": statistics.fmean(r["turn"] or 0 for r in results),
        "mean_actions": statistics.fmean(r["actions"] for r in results),
        "cpu_per_game": {
            "mean": statistics.fmean(cpu),
            "median": statistics.median(cpu),
            "max": max(cpu),
        },
        "wall_seconds": wall,
        "jobs": jobs,
    }


def _decided_share(wins: dict[str, int]) -> dict[str, float | None]:
    """Each side's share of the games somebody won (``None`` when every game was drawn)."""
    decided = sum(wins.values())
    return {side: (won / decided if decided else None) for side, won in wins.items()}


def in_decided_band(s: dict[str, Any], band: tuple[float, float] = DECIDED_BAND) -> bool:
    """Whether every side's share of the decided games lies in ``band``."""
    shares = _decided_share(s["wins"]).values()
    return all(share is not None and band[0] <= share <= band[1] for share in shares)


def run_all(games: int, seed: int = 0, jobs: int = 1) -> list[dict[str, Any]]:
    """:func:`run` for every shipped scenario of every installed game, in turn."""
    rows = []
    for game in sorted(wargames.games()):
        for scenario in sorted(wargames.game(game).scenarios()):
            rows.append(run(game, games, seed, jobs, scenario) | {"scenario": scenario})
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    """The Balance page's table: a row per scenario, each side's wins with its share of the
    decided games, the draws with their share of all games."""
    lines = [
        "| game | scenario | first side wins | second side wins | draws | mean end turn "
        "| each side 35-65% of decided |",
        "|---|---|---|---|---|---|---|",
    ]
    for s in rows:
        cells = []
        decided = _decided_share(s["wins"])
        for side, won in s["wins"].items():
            share = decided[side]
            shown = "-" if share is None else f"{100 * share:.1f}%"
            cells.append(f"{side} {won} ({shown})")
        draws = f"{s['draws']} ({100 * s['share']['draw']:.1f}%)"
        verdict = "yes" if in_decided_band(s) else "**no**"
        lines.append(
            f"| {s['game']} | `{s['scenario']}` | {cells[0]} | {cells[1]} | {draws} "
            f"| {s['mean_end_turn']:.1f} | {verdict} |"
        )
    n, first = rows[0]["games"], rows[0]["first_seed"]
    lines.append("")
    lines.append(f"Greedy against greedy, {n} games a scenario, seeds {first}-{first + n - 1}.")
    return "\n".join(lines)


def in_band(s: dict[str, Any], band: tuple[float, float]) -> bool:
    """Whether every side's share of wins lies in ``band``."""
    return all(band[0] <= share <= band[1] for side, share in s["share"].items() if side != "draw")


def report(s: dict[str, Any], band: tuple[float, float] | None = None) -> str:
    n, first = s["games"], s["first_seed"]
    title = wargames.game(s["game"]).title
    lines = [f"{title}, greedy vs greedy: {n} games, seeds {first}..{first + n - 1}"]
    for side, won in s["wins"].items():
        decided = s["decided_share"][side]
        of = "" if decided is None else f"; {100 * decided:.1f}% of the decided games"
        lines.append(f"  {side:9s} wins {won:4d}  ({100 * s['share'][side]:.1f}%{of})")
    lines.append(f"  draws          {s['draws']:4d}  ({100 * s['share']['draw']:.1f}%)")
    if band is not None:
        verdict = "in" if in_band(s, band) else "NOT in"
        lines.append(f"  each side's wins {verdict} the {band[0]:.0%}-{band[1]:.0%} band")
    lines.append("how the games ended:")
    lines += [f"  {count:4d}  {reason}" for reason, count in s["reasons"].items()]
    lines += _turns(s)
    c = s["cpu_per_game"]
    lines.append(
        f"time: {c['mean']:.3f} s CPU per game (median {c['median']:.3f}, max {c['max']:.3f}); "
        f"{s['wall_seconds']:.1f} s wall in all with {s['jobs']} job(s)"
    )
    return "\n".join(lines)


def _turns(s: dict[str, Any]) -> list[str]:
    rows = {key: {int(t): c for t, c in row.items()} for key, row in s["end_turn"].items()}
    last = max((t for row in rows.values() for t in row), default=1)
    lines = ["game ends on turn (count of games):"]
    lines.append("  " + " " * 9 + "".join(f"{t:>4d}" for t in range(1, last + 1)))
    for key, row in rows.items():
        lines.append(f"  {key:9s}" + "".join(f"{row.get(t, 0):4d}" for t in range(1, last + 1)))
    lines.append(f"  mean end turn {s['mean_end_turn']:.2f}, mean actions {s['mean_actions']:.0f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", nargs="?", help="game id, e.g. armageddon or warmaster")
    parser.add_argument("--all", action="store_true", help="every scenario of every game")
    parser.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--scenario", default=None, help="scenario (default: the game's)")
    parser.add_argument("--players", type=int, default=None, help="the game option players")
    parser.add_argument("--band", type=float, nargs=2, metavar=("LOW", "HIGH"), default=None)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.all:
        rows = run_all(args.games, args.seed, max(1, args.jobs))
        print(json.dumps(rows) if args.json else table(rows))
        return 0
    if args.game is None:
        parser.error("give a GAME, or --all")
    figures = run(args.game, args.games, args.seed, max(1, args.jobs), args.scenario, args.players)
    band = None if args.band is None else (args.band[0], args.band[1])
    if args.json:
        print(json.dumps(figures | ({} if band is None else {"in_band": in_band(figures, band)})))
    else:
        print(report(figures, band))
    return 0


if __name__ == "__main__":
    sys.exit(main())
