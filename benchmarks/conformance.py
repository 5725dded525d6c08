"""Conformance of whole games: seeded bot games played through the conformance kit's checks.

    python benchmarks/conformance.py GAME [--scenario NAME|all] [--option KEY=VALUE ...]
                                          [--agent random|greedy] [--games 50] [--seed 0]
                                          [--jobs 1] [--check-every 50] [--light-every 1]
                                          [--invariants-every 1] [--max-steps 100000]
                                          [--json]

Game ``k`` (``k`` in ``seed .. seed + games - 1``) is the game ``wargames.play(GAME,
agents={side: AGENT for every side}, seed=k, scenario=..., **options)`` would play (with the
game's options for bot-only play, such as Ancients' ``turn_cap=500``, unless an ``--option``
overrides them; in a team game every seat is played by its side's agent), replayed by
:func:`wargames.testing.playout` as the tests do: the light checks after every action (after
every ``--light-every``-th, and the invariants alone after every ``--invariants-every``-th of
the others), the full ones on the first state, every ``--check-every``-th and the last, and the
game must end within ``--max-steps`` actions. ``--scenario all`` plays the game's scenarios in
turn (game ``k`` the ``k % n``-th, sorted). ``--option`` values are ints where they parse as
one (``players=4``, ``turn_cap=200``), booleans for ``true`` and ``false``
(``epic_command=true``), else strings. Prints the games passed and failed (the
first failure's seed and message), the mean actions and end turn per game, the winners, how the
games ended (the reasons, their numbers written N) and the CPU seconds (measured in the process
that played each game); ``--json`` prints the same figures as one JSON object. The exit code is
1 if any game failed.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import wargames
from wargames.testing import playout

Job = tuple[str, str | None, dict[str, Any], str, int, int, int, int, list[int]]


def scenario_of(game: str, scenario: str | None, seed: int) -> str | None:
    """The scenario of game ``seed``: ``all`` cycles the game's scenarios by seed."""
    if scenario != "all":
        return scenario
    names = sorted(wargames.game(game).scenarios())
    return names[seed % len(names)]


def check(
    game: str,
    scenario: str | None,
    options: dict[str, Any],
    agent: str,
    seed: int,
    check_every: int = 50,
    max_steps: int = 100_000,
    light_every: int = 1,
    invariants_every: int = 1,
) -> dict[str, Any]:
    """One seeded game through the kit: passed or the failure's message, the actions, how it
    ended and the CPU seconds."""
    start = time.process_time()
    name = scenario_of(game, scenario, seed)
    sides = wargames.game(game).players
    match = wargames.match(game, dict.fromkeys(sides, agent), seed, name, **options)
    shown = name or wargames.game(game).default_scenario
    result: dict[str, Any] = {"seed": seed, "scenario": shown, "passed": True, "error": None}
    try:
        final, actions = playout(
            match.initial,
            match.agents,
            seed,
            max_steps,
            check_every=check_every,
            light=True,
            light_every=light_every,
            invariants_every=invariants_every,
        )
    except Exception as exc:
        message = str(exc) if isinstance(exc, AssertionError) else repr(exc)
        result |= {"passed": False, "error": message, "actions": None, "reason": "FAILED"}
    else:
        outcome = final.outcome
        reason = "no outcome" if outcome is None else re.sub(r"\d+", "N", outcome.reason)
        winner = None if outcome is None else outcome.winner
        turn = None if outcome is None else outcome.turn
        result |= {"actions": len(actions), "reason": reason, "winner": winner, "turn": turn}
    return result | {"cpu": time.process_time() - start}


def _check_many(job: Job) -> list[dict[str, Any]]:
    game, scenario, options, agent, every, steps, light, invariants, seeds = job
    return [
        check(game, scenario, options, agent, k, every, steps, light, invariants) for k in seeds
    ]


def run(
    game: str,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    scenario: str | None = None,
    options: dict[str, Any] | None = None,
    agent: str = "random",
    check_every: int = 50,
    max_steps: int = 100_000,
    light_every: int = 1,
    invariants_every: int = 1,
) -> dict[str, Any]:
    """Check the games (in ``jobs`` processes) and sum them up."""
    seeds = list(range(seed, seed + games))
    opts = dict(options or {})
    start = time.perf_counter()
    chunks = [
        (
            game,
            scenario,
            opts,
            agent,
            check_every,
            max_steps,
            light_every,
            invariants_every,
            seeds[i::jobs],
        )
        for i in range(jobs)
    ]
    if jobs <= 1:
        results = _check_many(chunks[0])
    else:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(_check_many, chunks))
        results = sorted((r for part in parts for r in part), key=lambda r: r["seed"])
    failed = [r for r in results if not r["passed"]]
    ok = [r for r in results if r["passed"]]
    done = [r["actions"] for r in ok]
    cpu = [r["cpu"] for r in results]
    return {
        "game": game,
        "scenario": scenario or wargames.game(game).default_scenario,
        "options": {**wargames.game(game).bot_options, **opts},
        "agent": agent,
        "games": len(results),
        "first_seed": seed,
        "passed": len(results) - len(failed),
        "failed": len(failed),
        "failures": [{k: r[k] for k in ("seed", "scenario", "error")} for r in failed],
        "mean_actions": statistics.fmean(done) if done else 0.0,
        "mean_end_turn": statistics.fmean(t) if (t := [r["turn"] or 0 for r in ok]) else 0.0,
        "winners": dict(Counter(str(r["winner"] or "draw") for r in ok).most_common()),
        "reasons": dict(Counter(r["reason"] for r in results).most_common()),
        "scenarios": dict(Counter(str(r["scenario"]) for r in results)),
        "cpu_seconds": sum(cpu),
        "cpu_per_game": {"mean": statistics.fmean(cpu), "max": max(cpu)},
        "wall_seconds": time.perf_counter() - start,
        "jobs": jobs,
        "check_every": check_every,
        "light_every": light_every,
        "invariants_every": invariants_every,
    }


def report(s: dict[str, Any]) -> str:
    n, first = s["games"], s["first_seed"]
    opts = ", ".join(f"{k}={v}" for k, v in s["options"].items()) or "none"
    lines = [
        f"{s['game']} {s['scenario']} ({opts}), {s['agent']} on every side: "
        f"{n} games, seeds {first}..{first + n - 1}, full checks every {s['check_every']}th state, "
        f"light checks every {s['light_every']}, invariants every {s['invariants_every']}",
        f"  passed {s['passed']}, failed {s['failed']}",
    ]
    if s["failures"]:
        f = s["failures"][0]
        lines.append(f"  first failure: seed {f['seed']} ({f['scenario']}): {f['error']}")
    if len(s["scenarios"]) > 1:
        lines.append("  scenarios: " + ", ".join(f"{k} {v}" for k, v in s["scenarios"].items()))
    lines.append(
        f"  mean actions per game {s['mean_actions']:.0f}, mean end turn {s['mean_end_turn']:.1f}"
    )
    lines.append("  winners: " + ", ".join(f"{k} {v}" for k, v in s["winners"].items()))
    lines.append("how the games ended (numbers as N):")
    lines += [f"  {count:4d}  {reason}" for reason, count in s["reasons"].items()]
    c = s["cpu_per_game"]
    lines.append(
        f"time: {s['cpu_seconds']:.1f} s CPU ({c['mean']:.2f} s per game, max {c['max']:.2f}); "
        f"{s['wall_seconds']:.1f} s wall with {s['jobs']} job(s)"
    )
    return "\n".join(lines)


def option(text: str) -> tuple[str, Any]:
    """``key=value``, the value an int where it parses as one, ``true`` and ``false`` (any
    case) the booleans a switch takes (``epic_command=true``)."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    if value.lower() in ("true", "false"):
        return key, value.lower() == "true"
    try:
        return key, int(value)
    except ValueError:
        return key, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", help="game id, e.g. ancients or horde")
    parser.add_argument("--scenario", default=None, help="scenario, or all (default: the game's)")
    parser.add_argument("--option", type=option, action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--agent", choices=("random", "greedy"), default="random")
    parser.add_argument("--games", type=int, default=50, help="games to play (default 50)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--check-every", type=int, default=50, help="full checks (default 50)")
    parser.add_argument("--light-every", type=int, default=1, help="light checks (default 1)")
    parser.add_argument("--invariants-every", type=int, default=1, help="invariants (default 1)")
    parser.add_argument("--max-steps", type=int, default=100_000, help="actions a game may take")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if min(args.games, args.check_every, args.light_every, args.invariants_every) < 1:
        parser.error("--games and every --...-every must be at least 1")
    figures = run(
        args.game,
        args.games,
        args.seed,
        max(1, args.jobs),
        args.scenario,
        dict(args.option),
        args.agent,
        args.check_every,
        args.max_steps,
        args.light_every,
        args.invariants_every,
    )
    print(json.dumps(figures) if args.json else report(figures))
    return 1 if figures["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
