"""Exact odds of an attack: ``wargames odds armageddon ATTACK DEFENCE [--modifier M]``.

The Combat Results Table is six rows, so the exact distribution is computed directly (and
cached per column, modifier and re-roll policy): a few microseconds per attack.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from wargames.armageddon.data import ArmageddonData, default_data
from wargames.core.odds import odds_ratio

ORDER = ("AE", "AR", "EX", "DR", "DE")


def attack_odds(
    attack: int,
    defence: int,
    modifier: int = 0,
    reroll: Iterable[str] = (),
    data: ArmageddonData | None = None,
) -> dict[str, Fraction]:
    """Exact probability of each result of an attack of ``attack`` against ``defence`` with a
    die ``modifier``; ``reroll`` lists the results Ghazghkull re-rolls (BFA-COMBAT-20)."""
    crt = (data or default_data()).crt
    codes = frozenset(reroll)
    policy = (lambda code: code in codes) if codes else None
    return crt.distribution(odds_ratio(attack, defence), modifier, policy)


def odds_command(argv: Sequence[str]) -> dict[str, Any]:
    """The ``wargames odds armageddon`` command: a JSON-ready dict with a ``text`` entry."""
    parser = argparse.ArgumentParser(
        prog="wargames odds armageddon", description="Exact combat odds of Battle for Armageddon."
    )
    parser.add_argument("attack", type=int, help="attack total of the attacking stacks")
    parser.add_argument("defence", type=int, help="defence total of the defending stack")
    parser.add_argument(
        "--modifier",
        "-m",
        type=int,
        default=0,
        help="die modifier (river -1, terrain -1, turn-1 Orks +1 ...)",
    )
    parser.add_argument(
        "--reroll", default="", help="results Ghazghkull re-rolls, comma separated (e.g. EX,AR,AE)"
    )
    args = parser.parse_args(list(argv))
    if args.attack <= 0 or args.defence < 0:
        parser.error("the attack total must be above 0 and the defence total not negative")
    reroll = tuple(c for c in args.reroll.upper().split(",") if c)
    crt = default_data().crt
    for code in reroll:
        if code not in crt.results:
            parser.error(f"unknown result {code!r}; the table has {', '.join(crt.results)}")
    column = crt.columns[crt.column(odds_ratio(args.attack, args.defence))]
    dist = attack_odds(args.attack, args.defence, args.modifier, reroll)
    rows = [(code, dist.get(code, Fraction(0))) for code in ORDER if code in crt.results]
    lines = [
        f"{args.attack} against {args.defence}: odds {odds_ratio(args.attack, args.defence)}"
        f", column {column}, die modifier {args.modifier:+d}"
        + (f", re-rolling {', '.join(reroll)}" if reroll else "")
    ]
    lines += [f"  {code}  {float(p):6.1%}  ({p})  {crt.results[code]}" for code, p in rows]
    return {
        "attack": args.attack,
        "defence": args.defence,
        "odds": str(odds_ratio(args.attack, args.defence)),
        "column": str(column),
        "modifier": args.modifier,
        "reroll": list(reroll),
        "results": {code: float(p) for code, p in rows},
        "exact": {code: str(p) for code, p in rows},
        "text": "\n".join(lines),
    }
