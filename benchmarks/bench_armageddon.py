"""Battle for Armageddon performance: random playouts, clones, exact odds.

    python benchmarks/bench_armageddon.py [--games 20] [--json]

Measures with CPU time (``time.process_time``), so a busy machine distorts the figures less.
Decisions are every applied action, dice and card draws included.
"""

from __future__ import annotations

import argparse
import gc
import json
import timeit
from functools import partial

from playouts import match_game, mid_game, per_second, playouts, random_game, report_line

from wargames.armageddon.odds import attack_odds


def clones(n: int = 20_000) -> dict[str, float]:
    """State clones per second (a mid-game state)."""
    state = mid_game("armageddon", 300)
    return {"clones_per_second": per_second(state.clone, n)}


def odds(n: int = 20_000) -> dict[str, float]:
    """Microseconds for the exact result distribution of one attack (and with a re-roll)."""
    plain = timeit.timeit(lambda: attack_odds(29, 6, -1), number=n) / n * 1e6
    reroll = timeit.timeit(lambda: attack_odds(29, 6, -1, ("EX", "AR", "AE")), number=n) / n * 1e6
    return {"odds_us": plain, "odds_reroll_us": reroll}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    raw = playouts(args.games, partial(random_game, "armageddon"))
    driven = playouts(args.games, partial(match_game, "armageddon"))
    gc.freeze()  # long-lived data out of the collector's way, as a long bot run would do
    frozen = playouts(args.games, partial(random_game, "armageddon"))
    report = {
        **raw,
        "match_decisions_per_second": driven["decisions_per_second"],
        "frozen_decisions_per_second": frozen["decisions_per_second"],
        **clones(),
        **odds(),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(report_line("random playouts", raw))
    print(f"after gc.freeze(): {report['frozen_decisions_per_second']:,.0f} decisions/s")
    print(
        f"through a Match: {report['match_decisions_per_second']:,.0f} decisions/s "
        "(agents receive views, the match keeps every state)"
    )
    print(f"state clones:    {report['clones_per_second']:,.0f} /s")
    print(
        f"exact odds:      {report['odds_us']:.1f} µs per attack, "
        f"{report['odds_reroll_us']:.1f} µs with a re-roll policy"
    )


if __name__ == "__main__":
    main()
