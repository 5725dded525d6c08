"""The Warmaster performance: random playouts, resampling of hidden counters, clones, odds.

    python benchmarks/bench_warmaster.py [--games 40] [--json]

Measures with CPU time (``time.process_time``), best of three runs, so a busy machine distorts
the figures less. Games run with the bot turn cap (12 turns) so random play always ends.
Decisions are every applied action, dice and cup draws included.
"""

from __future__ import annotations

import argparse
import gc
import json
from functools import partial

import numpy as np
from playouts import match_game, mid_game, per_second, playouts, random_game, report_line

from wargames.warmaster import GAME
from wargames.warmaster.odds import battle_odds

OPTIONS = dict(GAME.bot_options)


def resampling(n: int = 5_000) -> dict[str, float]:
    """``resample_hidden("imperial", rng)`` per second on a state of turn 1 (every starting
    counter still face down) and its cost relative to a clone."""
    state = mid_game("warmaster", 40, **OPTIONS)
    rng = np.random.default_rng(1)
    return {
        "resamples_per_second": per_second(lambda: state.resample_hidden("imperial", rng), n),
        "views_per_second": per_second(lambda: state.view("imperial"), n),
        "clones_per_second": per_second(state.clone, 4 * n),
    }


def odds(n: int = 20_000) -> dict[str, float]:
    """Microseconds for the exact result distribution of one battle (named heroes, re-roll)."""
    plain = per_second(lambda: battle_odds(18, 6, reroll="none"), n)
    heroes = per_second(lambda: battle_odds("emperor,custodes", "angron"), n)
    return {"odds_us": 1e6 / plain, "odds_heroes_us": 1e6 / heroes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    raw = playouts(args.games, partial(random_game, "warmaster", **OPTIONS))
    driven = playouts(args.games, partial(match_game, "warmaster", **OPTIONS))
    gc.freeze()
    frozen = playouts(args.games, partial(random_game, "warmaster", **OPTIONS))
    report = {
        **raw,
        "match_decisions_per_second": driven["decisions_per_second"],
        "frozen_decisions_per_second": frozen["decisions_per_second"],
        **resampling(),
        **odds(),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(report_line("random playouts", raw))
    print(f"after gc.freeze(): {report['frozen_decisions_per_second']:,.0f} decisions/s")
    print(f"through a Match: {report['match_decisions_per_second']:,.0f} decisions/s (views)")
    print(f"resample_hidden: {report['resamples_per_second']:,.0f} /s (Imperial, turn 1)")
    print(f"imperial views:  {report['views_per_second']:,.0f} /s")
    print(f"state clones:    {report['clones_per_second']:,.0f} /s")
    print(
        f"exact odds:      {report['odds_us']:.1f} µs per battle, "
        f"{report['odds_heroes_us']:.1f} µs from named heroes"
    )


if __name__ == "__main__":
    main()
