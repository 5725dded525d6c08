"""Horde mass combat performance: exact odds queries and engagements played through a Match.

    python benchmarks/bench_horde_odds.py [--repeats 5] [--json]

Measures with CPU time (``time.process_time``), best of ``--repeats`` runs, so a busy machine
distorts the figures less. Four figures, in microseconds:

* ``attack_odds_cold``: one exact :func:`~wargames.horde.combat.odds.attack_odds` query computed
  from scratch (the caches of odds and attack numbers cleared before every query);
* ``attack_odds_cached``: the same queries answered from the cache (equal values);
* ``engagement_odds_cold``: an attack and its counter-attack (joint distribution of both
  losses), computed from scratch;
* ``engagement_match``: one engagement played to the end by a seeded Match with bots.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

import attrs

from wargames.core.agents import RandomAgent
from wargames.core.engine import Match
from wargames.horde.combat.attack import attack_numbers
from wargames.horde.combat.context import AttackContext, Side
from wargames.horde.combat.data import default_hordes, horde
from wargames.horde.combat.engagement import new_engagement
from wargames.horde.combat.odds import attack_odds, engagement_odds
from wargames.horde.combat.profiles import Horde
from wargames.horde.combat.weapons import Kind

Query = tuple[Horde, Horde, Kind, AttackContext]


def queries() -> list[Query]:
    """Every shipped horde against every other, melee and ranged, plain and in cover with
    two attacks received: a few hundred distinct queries."""
    book = default_hordes()
    found: list[Query] = []
    contexts = (AttackContext(), AttackContext(defender=Side(cover=True, attacks_received=2)))
    for a in book:
        for d in book:
            if a is d:
                continue
            for kind in ("melee", "ranged"):
                for ctx in contexts:
                    found.append((a, d, kind, ctx))
    return found


def clear() -> None:
    attack_odds.cache_clear()
    engagement_odds.cache_clear()
    attack_numbers.cache_clear()


def per_call(run: Callable[[], int], repeats: int) -> float:
    """Microseconds per call: the best of ``repeats`` runs of ``run`` (which returns how many
    calls it made)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        calls = run()
        best = min(best, (time.process_time() - start) / calls)
    return best * 1e6


def cold(items: list[Query]) -> int:
    for a, d, kind, ctx in items:
        clear()
        attack_odds(a, d, kind, ctx)
    return len(items)


def cold_baseline(items: list[Query]) -> int:
    """The cache clearing alone, subtracted from the cold figures."""
    for _ in items:
        clear()
    return len(items)


def cached(items: list[Query]) -> int:
    for a, d, kind, ctx in items:
        attack_odds(a, d, kind, ctx)
    return len(items)


def cold_engagements(items: list[Query]) -> int:
    done = 0
    for a, d, kind, ctx in items:
        if kind != "melee":
            continue
        clear()
        engagement_odds(a, d, kind, ctx)
        done += 1
    return done


def matches(count: int) -> int:
    a, d = horde("space-marines"), horde("cultists")
    state = new_engagement(a, d, "melee")
    for seed in range(count):
        agents = {"attacker": RandomAgent(seed), "defender": RandomAgent(seed + 1)}
        Match(state, seed=seed, agents=agents).run()
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    items = queries()
    for a, d, kind, ctx in items:  # warm imports and the data
        attack_odds(a, d, kind, ctx)
    # equal values, not the same objects: the cache answers by value
    copies = [(attrs.evolve(a), attrs.evolve(d), kind, ctx) for a, d, kind, ctx in items]
    for copy in copies:
        hash(copy)  # hashes are cached on the values
    baseline = per_call(lambda: cold_baseline(items), args.repeats)
    results = {
        "queries": len(items),
        "attack_odds_cold_us": per_call(lambda: cold(items), args.repeats) - baseline,
        "attack_odds_cached_us": per_call(lambda: cached(copies), args.repeats),
        "engagement_odds_cold_us": per_call(lambda: cold_engagements(items), args.repeats)
        - baseline,
        "engagement_match_us": per_call(lambda: matches(200), args.repeats),
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{results['queries']} distinct queries (every shipped horde pair, melee and ranged)")
    print(f"attack_odds, computed:       {results['attack_odds_cold_us']:8.1f} us per query")
    print(f"attack_odds, from the cache: {results['attack_odds_cached_us']:8.1f} us per query")
    print(f"engagement_odds, computed:   {results['engagement_odds_cold_us']:8.1f} us per query")
    print(f"engagement through a Match:  {results['engagement_match_us']:8.1f} us per engagement")


if __name__ == "__main__":
    main()
