"""Is process memory flat over a long run? Plays seeded random games of one game in one process.

Every shipped scenario of the game is played in turn (game ``k`` is scenario ``k mod n`` with
seed ``k``), random agents on every side, with the game's ``bot_options``, on states directly
(``legal_actions``, a seeded uniform choice, ``apply``; dice drawn with their probabilities),
as long runs of a bot or a search do. The resident set size (``VmRSS`` of
``/proc/self/status``; its peak ``VmHWM``, or ``ru_maxrss`` where there is no ``/proc``) is
reported after ``--report-at`` games and at the end, with the growth of the current RSS after
the first report in percent::

    python benchmarks/memory.py armageddon                       # 2,000 games, report at 100
    python benchmarks/memory.py horde --games 1000 --report-at 100 --json
    nice python benchmarks/memory.py ancients --games 1000

Exit status 1 if the growth is 10 % or more: the play-time caches (see the section
"Performance: caches" of docs/design.md) are bounded, so after the first games fill them the
memory must stay flat.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import resource
import sys
import time
from typing import Any

import wargames

LIMIT = 10.0
"""The growth (percent of the current RSS after the first report) that fails the check."""
MAX_STEPS = 200_000
"""A game still running after this many decisions is abandoned (none of the shipped games
comes near it)."""


def rss_mb() -> tuple[float, float]:
    """The current and the peak resident set size of this process, in MB."""
    current = peak = 0.0
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    current = int(line.split()[1]) / 1024
                elif line.startswith("VmHWM:"):
                    peak = int(line.split()[1]) / 1024
    except OSError:
        peak = current = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return current, peak


def play(game: str, scenario: str, seed: int) -> int:
    """One seeded random game of ``scenario``; the number of decisions."""
    rng = random.Random(seed)
    state = wargames.load(game, scenario=scenario, **dict(wargames.game(game).bot_options))
    steps = 0
    while state.current_player is not None and steps < MAX_STEPS:
        if state.current_player == wargames.CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state = state.apply(action)
        steps += 1
    return steps


def run(game: str, games: int, report_at: int, echo: bool = False) -> dict[str, Any]:
    """Play ``games`` games; the RSS figures after ``report_at`` games and at the end."""
    scenarios = list(wargames.game(game).scenarios())
    reports: list[dict[str, Any]] = []
    start = time.perf_counter()
    decisions = 0
    for k in range(games):
        decisions += play(game, scenarios[k % len(scenarios)], k)
        done = k + 1
        if done in (report_at, games) or (echo and done % report_at == 0):
            gc.collect()
            current, peak = rss_mb()
            row = {
                "games": done,
                "decisions": decisions,
                "rss_mb": round(current, 1),
                "peak_mb": round(peak, 1),
                "seconds": round(time.perf_counter() - start, 1),
            }
            reports.append(row)
            if echo:
                print(json.dumps(row), file=sys.stderr, flush=True)
    first = next(r for r in reports if r["games"] == min(report_at, games))
    last = reports[-1]
    growth = 100.0 * (last["rss_mb"] - first["rss_mb"]) / first["rss_mb"]
    return {
        "game": game,
        "scenarios": scenarios,
        "first": first,
        "last": last,
        "growth_percent": round(growth, 1),
        "reports": reports,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(wargames.games()))
    parser.add_argument("--games", type=int, default=2000, help="games to play (default 2000)")
    parser.add_argument(
        "--report-at", type=int, default=100, help="the first report, after N games (default 100)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--echo", action="store_true", help="a line on stderr every --report-at games"
    )
    ns = parser.parse_args(argv)
    if not 1 <= ns.report_at <= ns.games:
        parser.error("--report-at must be between 1 and --games")
    result = run(ns.game, ns.games, ns.report_at, ns.echo)
    if ns.json:
        print(json.dumps(result))
    else:
        first, last = result["first"], result["last"]
        print(
            f"{ns.game}: after {first['games']} games RSS {first['rss_mb']} MB "
            f"(peak {first['peak_mb']}); after {last['games']} games RSS {last['rss_mb']} MB "
            f"(peak {last['peak_mb']}); growth {result['growth_percent']:+.1f}% "
            f"({last['seconds']} s)"
        )
    return 1 if result["growth_percent"] >= LIMIT else 0


if __name__ == "__main__":
    sys.exit(main())
