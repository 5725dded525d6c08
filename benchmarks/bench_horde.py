"""Horde P-Scale battle performance: random playouts, views, clones, JSON.

    python benchmarks/bench_horde.py [--games 20] [--repeats 3] [--scenario manufactorum] [--json]

Measures with CPU time (``time.process_time``), the best of ``--repeats`` runs (three by
default), so a busy machine distorts the figures less; on a machine whose speed swings from
one second to the next, more repeats find its full speed more surely. Decisions are every
applied action, dice included (attack, defence and damage dice, d100 morale and Awareness
tests). Missions end after their last round, so random games always end (a game keeps no
lookups beyond itself, so the repeated runs of the same seeds measure fresh games). The
target is 10,000 random playout decisions per second.
"""

from __future__ import annotations

import argparse
import gc
import json
from functools import partial

from playouts import match_game, mid_game, per_second, playouts, random_game, report_line

import wargames


def states(scenario: str, n: int = 2_000) -> dict[str, float]:
    """Views, clones and JSON round trips per second on a state some way into a game."""
    state = mid_game("horde", 150, scenario=scenario)
    data = state.to_json()
    cls = type(state)
    return {
        "views_per_second": per_second(lambda: state.view("blue"), n),
        "clones_per_second": per_second(state.clone, 4 * n),
        "to_json_per_second": per_second(state.to_json, n),
        "from_json_per_second": per_second(lambda: cls.from_json(data), n),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3, help="runs of the games; the best")
    parser.add_argument("--scenario", default=None, help="a shipped scenario (default: all)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names = [args.scenario] if args.scenario else list(wargames.game("horde").scenarios())
    report: dict[str, dict[str, float]] = {}
    for name in names:
        raw = playouts(args.games, partial(random_game, "horde", scenario=name), args.repeats)
        driven = playouts(
            max(1, args.games // 2), partial(match_game, "horde", scenario=name), args.repeats
        )
        report[name] = {
            **raw,
            "match_decisions_per_second": driven["decisions_per_second"],
        }
    gc.freeze()
    first = names[0]
    report[first].update(states(first))
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for name, result in report.items():
        print(report_line(f"{name}: random playouts", result))
        print(f"  through a Match: {result['match_decisions_per_second']:,.0f} decisions/s")
    extra = report[first]
    print(
        f"{first}: views {extra['views_per_second']:,.0f}/s, clones "
        f"{extra['clones_per_second']:,.0f}/s, to_json {extra['to_json_per_second']:,.0f}/s, "
        f"from_json {extra['from_json_per_second']:,.0f}/s"
    )


if __name__ == "__main__":
    main()
