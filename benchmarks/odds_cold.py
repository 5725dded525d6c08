"""Microseconds per *cold* exact-odds query, per game: one combat's odds through
``wargames.odds(GAME, ...)`` with the game's odds caches emptied before every call, as a bot or
a player asking about a new combat meets them (issue 16 asks for under 50 µs in every game).

    python benchmarks/odds_cold.py [--games horde warmaster] [--calls 300]

What stays warm is what a process works out once: the game's data and unit profiles (caches
of a data set or a profile, at most ``PER_PROFILE`` entries), the tables over a finite domain
(unbounded ``@cache`` functions: a column's die distribution, the ways to share ``n`` dice among
effects; play-time caches are bounded, see "Performance: caches" in docs/design.md), and the
modules. What is emptied is every play-time cache (a ``functools`` cache of more than
``PER_PROFILE`` entries: the results of one combat and its parts) of the modules that compute
the odds: :data:`ODDS_MODULES`. Each game's figure is the median over its
:data:`COMBATS` (each timed ``--calls`` times, the best half averaged) in wall-clock time, so run
it on a quiet machine and compare figures of one run.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time
from collections.abc import Callable
from typing import Any

import wargames
from wargames.core.caches import PER_PROFILE

ODDS_MODULES: dict[str, tuple[str, ...]] = {
    "armageddon": ("wargames.core.odds", "wargames.core.dice", "wargames.armageddon.odds"),
    "warmaster": ("wargames.core.dice", "wargames.warmaster.odds", "wargames.warmaster.battle"),
    "ancients": (
        "wargames.ancients.odds",
        "wargames.ancients.dice",
        "wargames.ancients.distribution",
    ),
    "horde": (
        "wargames.core.dice",
        "wargames.horde.combat.odds",
        "wargames.horde.combat.attack",
        "wargames.horde.combat.damage",
        "wargames.horde.combat.modifiers",
        "wargames.horde.combat.profiles",
    ),
}
"""The modules whose play-time caches a cold query finds empty."""

COMBATS: dict[str, list[tuple[tuple[Any, ...], dict[str, Any]]]] = {
    "armageddon": [
        ((29, 6), {}),
        ((29, 6), {"reroll": ("EX",)}),
        ((4, 12), {"modifier": 1}),
        ((11, 4), {"modifier": -1}),
    ],
    "warmaster": [
        (("emperor,custodes", "horus,justaerin"), {"sanctum": True}),
        ((18, 12), {}),
        ((6, 9), {"policy": "losses"}),
    ],
    "ancients": [
        (("HI", "MI"), {"leader": "attached"}),
        (("LC", "LI"), {}),
        (("MI", "HI"), {"kind": "close", "card_bonus": 1}),
    ],
    "horde": [],  # filled in by horde_combats(): its arguments are profiles
}
"""Each game's sample combats: the arguments of ``wargames.odds(GAME, ...)``."""


def horde_combats() -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    from wargames.horde import horde

    return [
        ((horde("stormtroopers"), horde("Mk 1 Iron Guard"), "ranged"), {}),
        ((horde("stormtroopers"), horde("Mk 1 Iron Guard"), "melee"), {}),
    ]


def play_time_caches(game: str) -> list[Callable[[], None]]:
    """``cache_clear`` of every play-time cache of the game's odds modules."""
    clears: list[Callable[[], None]] = []
    for name in ODDS_MODULES[game]:
        module = importlib.import_module(name)
        for value in vars(module).values():
            info = getattr(value, "cache_info", None)
            if info is None or getattr(value, "__module__", None) != name:
                continue
            size = info().maxsize
            if size is not None and size > PER_PROFILE:
                clears.append(value.cache_clear)
    return clears


def cold_us(game: str, args: tuple[Any, ...], kwargs: dict[str, Any], calls: int) -> float:
    """Microseconds of one cold ``wargames.odds(game, *args, **kwargs)``: the mean of the best
    half of ``calls`` timed calls, the caches emptied before each."""
    clears = play_time_caches(game)
    wargames.odds(game, *args, **kwargs)  # the data loaded, the modules imported
    times = []
    for _ in range(calls):
        for clear in clears:
            clear()
        start = time.perf_counter()
        wargames.odds(game, *args, **kwargs)
        times.append(time.perf_counter() - start)
    times.sort()
    best = times[: max(1, calls // 2)]
    return 1e6 * sum(best) / len(best)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--calls", type=int, default=300)
    ns = parser.parse_args()
    for game in ns.games or wargames.games():
        combats = COMBATS[game] or horde_combats()
        each = [cold_us(game, args, kwargs, ns.calls) for args, kwargs in combats]
        shown = ", ".join(f"{us:.0f}" for us in each)
        print(f"{game}: {statistics.median(each):.1f} µs per cold query (median; each: {shown})")


if __name__ == "__main__":
    main()
