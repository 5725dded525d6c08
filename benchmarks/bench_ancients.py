"""Commands & Colors: Ancients performance: random playouts, views, resampling, clones, odds.

    python benchmarks/bench_ancients.py [--games 20] [--scenario river-crossing] [--json]

Measures with CPU time (``time.process_time``), best of three runs, so a busy machine distorts
the figures less. Random games play to their natural end (a side reaching its banner target,
about 200 turns of random play). Decisions are every applied action, dice rolls and card draws
included (a roll of battle dice is one chance node over the multiset of its faces).
"""

from __future__ import annotations

import argparse
import json
from functools import partial

import numpy as np
from playouts import match_game, mid_game, per_second, playouts, random_game, report_line

from wargames.ancients.odds import roll_odds


def states(scenario: str, n: int = 5_000) -> dict[str, float]:
    """Views, resampling and clones per second on a state 150 decisions into a game."""
    state = mid_game("ancients", 150, scenario=scenario)
    rng = np.random.default_rng(1)
    return {
        "views_per_second": per_second(lambda: state.view("bottom"), n),
        "resamples_per_second": per_second(lambda: state.resample_hidden("bottom", rng), n),
        "clones_per_second": per_second(state.clone, 4 * n),
        "to_json_per_second": per_second(state.to_json, n),
    }


def odds(n: int = 20_000) -> dict[str, float]:
    """Microseconds for the exact odds of an attack (cached after the first query)."""
    return {"odds_us": 1e6 / per_second(lambda: roll_odds("HI", "MI", leader="attached"), n)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--scenario", default="river-crossing")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    raw = playouts(args.games, partial(random_game, "ancients", scenario=args.scenario))
    driven = playouts(args.games, partial(match_game, "ancients", scenario=args.scenario))
    report = {
        **raw,
        "match_decisions_per_second": driven["decisions_per_second"],
        **states(args.scenario),
        **odds(),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(report_line(f"random playouts ({args.scenario})", raw))
    print(f"through a Match: {report['match_decisions_per_second']:,.0f} decisions/s (views)")
    print(f"views:           {report['views_per_second']:,.0f} /s")
    print(f"resample_hidden: {report['resamples_per_second']:,.0f} /s")
    print(f"state clones:    {report['clones_per_second']:,.0f} /s")
    print(f"to_json:         {report['to_json_per_second']:,.0f} /s")
    print(f"exact odds:      {report['odds_us']:.1f} µs per attack (cached)")


if __name__ == "__main__":
    main()
