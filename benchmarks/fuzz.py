"""Long fuzzing runs: damaged scenario files, records and saved states, judged case by case.

    python benchmarks/fuzz.py [--kind scenario|record|state|all] [--cases 10000] [--seed 0]
                              [--jobs 2] [--game GAME ...] [--limit 2.0] [--examples 5]
                              [--json]

Case ``k`` of a kind (``k`` in ``seed .. seed + cases - 1``) is ``wargames.fuzz.make_case(kind,
k)``: the same seed gives the same case, so a failure reproduces with::

    python -c "from wargames.fuzz import *; print(run_case('record', make_case('record', 17)))"

The cases run in ``--jobs`` worker processes (:func:`wargames.fuzz.run_many`): each case has
``--limit`` seconds, and a worker that does not answer is killed and its case counted slow.
Prints per kind the cases, those rejected cleanly (a ``WargamesError``), those accepted (they
loaded, kept the invariants and played on), and the counts that must be zero (raw exceptions,
slow cases, broken states accepted, files opened that a record or state named), what they were
(the exception's type, per game) and the first ``--examples`` of each (seed and case). The
exit code is 1 if any case is bad.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from typing import Any

from wargames.fuzz import BAD, KINDS, Kind, run_many

GOOD = ("rejected", "accepted")


def fuzz(
    kind: Kind,
    cases: int,
    seed: int = 0,
    jobs: int = 1,
    limit: float = 2.0,
    games: list[str] | None = None,
    examples: int = 5,
) -> dict[str, Any]:
    """Run ``cases`` cases of ``kind`` and sum them up."""
    start = time.perf_counter()
    counts: Counter[str] = Counter()
    found: dict[str, list[dict[str, Any]]] = {outcome: [] for outcome in BAD}
    causes: Counter[str] = Counter()
    slowest = 0.0
    for verdict in run_many(kind, range(seed, seed + cases), jobs, limit, games):
        counts[verdict.outcome] += 1
        slowest = max(slowest, verdict.seconds)
        if verdict.bad:
            found[verdict.outcome].append(verdict.to_json())
            causes[f"{verdict.outcome}: {cause(verdict.detail)} ({game_of(verdict.case)})"] += 1
    for listed in found.values():
        listed.sort(key=lambda v: v["seed"])
        del listed[examples:]
    return {
        "kind": kind,
        "cases": sum(counts.values()),
        "first_seed": seed,
        **{outcome: counts[outcome] for outcome in (*GOOD, *BAD)},
        "bad": sum(counts[outcome] for outcome in BAD),
        "examples": found,
        "causes": dict(causes.most_common()),
        "slowest_seconds": round(slowest, 3),
        "wall_seconds": round(time.perf_counter() - start, 1),
        "jobs": jobs,
        "limit_seconds": limit,
    }


def game_of(case: str) -> str:
    """The game a case's line names (:meth:`~wargames.fuzz.cases.Case.describe`), or ``?``
    for a case lost before it was made (its line is only the kind and the seed)."""
    words = case.split()
    return words[2] if len(words) > 2 else "?"


def cause(detail: str) -> str:
    """What kind of failure a bad verdict's detail is: the exception's type, or for an unsafe
    case what became of it after the path was opened."""
    if detail.startswith("opened "):
        return "opened a named path, then " + detail.rpartition("; ")[2]
    return detail.partition(":")[0]


def report(s: dict[str, Any]) -> str:
    n, first = s["cases"], s["first_seed"]
    lines = [
        f"{s['kind']}: {n} cases, seeds {first}..{first + n - 1} "
        f"({s['wall_seconds']} s wall, {s['jobs']} job(s), slowest case {s['slowest_seconds']} s)",
        f"  rejected cleanly {s['rejected']}, accepted (valid) {s['accepted']}",
        "  must be zero: " + ", ".join(f"{outcome} {s[outcome]}" for outcome in BAD),
    ]
    lines += [f"    {n:6d}  {what}" for what, n in list(s["causes"].items())[:12]]
    for outcome, listed in s["examples"].items():
        for v in listed:
            lines.append(f"    {outcome} seed {v['seed']}: {v['case'][:160]}")
            lines.append(f"      -> {v['detail'][:200]}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--kind", choices=(*KINDS, "all"), default="all")
    parser.add_argument("--cases", type=int, default=10_000, help="cases per kind")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first case")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--game", action="append", default=None, help="only this game")
    parser.add_argument("--limit", type=float, default=2.0, help="seconds a case may take")
    parser.add_argument("--examples", type=int, default=5, help="bad cases shown per outcome")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.cases < 1:
        parser.error("--cases must be at least 1")
    kinds: tuple[Kind, ...] = KINDS if args.kind == "all" else (args.kind,)
    results = [
        fuzz(kind, args.cases, args.seed, max(1, args.jobs), args.limit, args.game, args.examples)
        for kind in kinds
    ]
    if args.json:
        print(json.dumps(results if len(results) > 1 else results[0], indent=1))
    else:
        print("\n".join(report(r) for r in results))
    return 1 if any(r["bad"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
