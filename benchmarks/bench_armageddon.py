"""Battle for Armageddon performance: random playouts, clones, exact odds.

    python benchmarks/bench_armageddon.py [--games 20] [--json]

Measures with CPU time (``time.process_time``), so a busy machine distorts the figures less.
Decisions are every applied action, dice and card draws included.
"""

from __future__ import annotations

import argparse
import gc
import json
import time
import timeit
from collections.abc import Callable

import numpy as np

import wargames
from wargames import CHANCE, Match, RandomAgent
from wargames.armageddon.odds import attack_odds


def random_game(seed: int) -> int:
    """One random-vs-random game played on states directly, as OpenSpiel's random playouts do:
    ``legal_actions()``, a uniform choice, ``apply``; dice drawn with their probabilities.
    Returns the number of decisions (every applied action, dice and card draws included)."""
    rng = np.random.default_rng(seed)
    state = wargames.load("armageddon")
    decisions = 0
    while state.current_player is not None:
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            weights = np.fromiter((p for _, p in outcomes), float, len(outcomes))
            action = outcomes[int(rng.choice(len(outcomes), p=weights))][0]
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        state = state.apply(action)
        decisions += 1
    return decisions


def match_game(seed: int) -> int:
    """One random-vs-random game through a :class:`Match` (agents see views, the log grows)."""
    agents = {"orks": RandomAgent(seed), "imperium": RandomAgent(seed + 10_000)}
    match = Match(wargames.load("armageddon"), seed=seed, agents=agents)
    match.run()
    return len(match.actions)


def playouts(games: int, play: Callable[[int], int], repeats: int = 3) -> dict[str, float]:
    """Decisions per second over ``games`` seeded games: the best of ``repeats`` runs, so other
    load on the machine distorts the figure less."""
    wargames.load("armageddon")  # warm the data caches
    best = float("inf")
    decisions = 0
    for _ in range(repeats):
        start = time.process_time()
        decisions = sum(play(seed) for seed in range(games))
        best = min(best, time.process_time() - start)
    return {
        "games": games,
        "decisions": decisions,
        "seconds": best,
        "decisions_per_second": decisions / best,
    }


def clones(n: int = 20_000) -> dict[str, float]:
    """State clones per second (a mid-game state)."""
    match = Match(
        wargames.load("armageddon"),
        seed=1,
        agents={"orks": RandomAgent(1), "imperium": RandomAgent(2)},
    )
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
    raw = playouts(args.games, random_game)
    driven = playouts(args.games, match_game)
    gc.freeze()  # long-lived data out of the collector's way, as a long bot run would do
    frozen = playouts(args.games, random_game)
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
    print(
        f"random playouts: {report['decisions_per_second']:,.0f} decisions/s "
        f"({report['decisions']} decisions in {report['games']} games, "
        f"{report['seconds']:.2f} s CPU)"
    )
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
