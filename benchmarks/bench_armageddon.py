"""Battle for Armageddon performance: random playouts, clones, exact odds.

    python benchmarks/bench_armageddon.py [--games 20] [--json]

Measures with CPU time (``time.process_time``), so a busy machine distorts the figures less.
Decisions are every applied action, dice and card draws included.
"""

from __future__ import annotations

import argparse
import json
import time
import timeit

import wargames
from wargames import Match, RandomAgent
from wargames.armageddon.odds import attack_odds


def playouts(games: int) -> dict[str, float]:
    """Random-vs-random full games: decisions per second."""
    wargames.load("armageddon")  # warm the data caches
    actions = 0
    start = time.process_time()
    for seed in range(games):
        agents = {"orks": RandomAgent(seed), "imperium": RandomAgent(seed + 10_000)}
        match = Match(wargames.load("armageddon"), seed=seed, agents=agents)
        match.run()
        actions += len(match.actions)
    spent = time.process_time() - start
    return {"games": games, "decisions": actions, "seconds": spent,
            "decisions_per_second": actions / spent}


def clones(n: int = 20_000) -> dict[str, float]:
    """State clones per second (a mid-game state)."""
    match = Match(wargames.load("armageddon"), seed=1,
                  agents={"orks": RandomAgent(1), "imperium": RandomAgent(2)})
    match.run(300)
    state = match.state
    spent = timeit.timeit(state.clone, number=n)
    return {"clones_per_second": n / spent}


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
    report = {**playouts(args.games), **clones(), **odds()}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"random playouts: {report['decisions_per_second']:,.0f} decisions/s "
          f"({report['decisions']} decisions in {report['games']} games, "
          f"{report['seconds']:.2f} s CPU)")
    print(f"state clones:    {report['clones_per_second']:,.0f} /s")
    print(f"exact odds:      {report['odds_us']:.1f} µs per attack, "
          f"{report['odds_reroll_us']:.1f} µs with a re-roll policy")


if __name__ == "__main__":
    main()
