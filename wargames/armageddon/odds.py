"""Exact odds of an attack: ``wargames odds armageddon ATTACK DEFENCE [--modifier M]``.

The Combat Results Table is six rows, so the exact distribution is computed directly (and
cached per column, modifier and re-roll policy): a few microseconds per attack.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any, NoReturn

from wargames.armageddon.data import ArmageddonData, default_data
from wargames.core import bounds
from wargames.core.errors import ArgumentError
from wargames.core.odds import odds_ratio

ORDER = ("AE", "AR", "EX", "DR", "DE")


def attack_limit(data: ArmageddonData | None = None) -> int:
    """The largest attack total: every counter of the manifest attacking together (no battle
    can add more, and each counter exists once)."""
    return sum(c.attack for c in (data or default_data()).counters.values())


def defence_limit(data: ArmageddonData | None = None) -> int:
    """The largest defence total: every counter of the manifest defending together."""
    return sum(c.defence for c in (data or default_data()).counters.values())


def modifier_limit(data: ArmageddonData | None = None) -> int:
    """The largest die modifier either way: one less than the die's sides. A modified roll is
    clamped to the die (BFA-COMBAT-05), so at +5 every roll already reads 6 and at -5 every
    roll 1: a larger modifier would change nothing."""
    return (data or default_data()).crt.die_sides - 1


def attack_odds(
    attack: int,
    defence: int,
    modifier: int = 0,
    reroll: Iterable[str] = (),
    data: ArmageddonData | None = None,
) -> dict[str, Fraction]:
    """Exact probability of each result of an attack of ``attack`` against ``defence`` with a
    die ``modifier``; ``reroll`` lists the results Ghazghkull re-rolls (BFA-COMBAT-20).

    Bounds (:class:`~wargames.core.errors.ArgumentError`, naming the argument and the range):
    ``attack`` from 1 to :func:`attack_limit` (366 with the shipped counters), ``defence`` from
    0 to :func:`defence_limit` (401), ``modifier`` within :func:`modifier_limit` (5) either way,
    ``reroll`` codes of the Combat Results Table.
    """
    d = data or default_data()
    attack = bounds.whole("attack", attack, 1, attack_limit(d))
    defence = bounds.whole("defence", defence, 0, defence_limit(d))
    limit = modifier_limit(d)
    modifier = bounds.whole("modifier", modifier, -limit, limit)
    codes = frozenset(_codes(reroll, d))
    policy = (lambda code: code in codes) if codes else None
    return d.crt.distribution(odds_ratio(attack, defence), modifier, policy)


def _codes(reroll: Iterable[str], data: ArmageddonData) -> tuple[str, ...]:
    """The re-rolled result codes, each one of the table's."""
    if isinstance(reroll, str):
        reroll = reroll.split(",")
    codes = tuple(str(c).strip().upper() for c in reroll if str(c).strip())
    for code in codes:
        if code not in data.crt.results:
            known = ", ".join(data.crt.results)
            raise ArgumentError("reroll", f"unknown result {code!r}; the table has {known}")
    return codes


class _Parser(argparse.ArgumentParser):
    """Argument errors are one-line ``ValueError``s (the CLI prints them and exits 2)."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


NO_DEFENCE = "no defence"
"""The odds of an attack on a defence total of 0 (a stack of counters that already retreated
this combat phase, which defend at 0, BFA-RETREAT-07): dividing by 0 gives no ratio, so the
attack uses the table's highest column (BFA-GAP-14)."""


def _ratio(attack: int, defence: int) -> str:
    """The odds as the command prints them: ``"4-1"``, or :data:`NO_DEFENCE`."""
    return str(odds_ratio(attack, defence)) if defence else NO_DEFENCE


def odds_command(argv: Sequence[str]) -> dict[str, Any]:
    """The ``wargames odds armageddon`` command: a JSON-ready dict with a ``text`` entry."""
    parser = _Parser(
        prog="wargames odds armageddon", description="Exact combat odds of Battle for Armageddon."
    )
    parser.add_argument(
        "attack", type=int, help=f"attack total of the attacking stacks, 1 to {attack_limit()}"
    )
    parser.add_argument(
        "defence", type=int, help=f"defence total of the defending stack, 0 to {defence_limit()}"
    )
    parser.add_argument(
        "--modifier",
        "-m",
        type=int,
        default=0,
        help=f"die modifier, -{modifier_limit()} to +{modifier_limit()} "
        "(river -1, terrain -1, turn-1 Orks +1 ...)",
    )
    parser.add_argument(
        "--reroll", default="", help="results Ghazghkull re-rolls, comma separated (e.g. EX,AR,AE)"
    )
    args = parser.parse_args(list(argv))
    crt = default_data().crt
    try:
        dist = attack_odds(args.attack, args.defence, args.modifier, args.reroll)
    except ArgumentError as exc:  # named as the command names it
        flag = f"--{exc.argument}" if exc.argument in ("modifier", "reroll") else exc.argument
        raise ArgumentError(flag, exc.problem) from None
    reroll = _codes(args.reroll, default_data())
    column = crt.columns[crt.column(odds_ratio(args.attack, args.defence))]
    rows = [(code, dist.get(code, Fraction(0))) for code in ORDER if code in crt.results]
    ratio = _ratio(args.attack, args.defence)
    read = (
        f"odds {ratio}, column {column}"
        if args.defence
        else f"{ratio} (counters that already retreated defend at 0, BFA-RETREAT-07): the "
        f"highest column, {column} (BFA-GAP-14)"
    )
    lines = [
        f"{args.attack} against {args.defence}: {read}, die modifier {args.modifier:+d}"
        + (f", re-rolling {', '.join(reroll)}" if reroll else "")
    ]
    lines += [f"  {code}  {float(p):6.1%}  ({p})  {crt.results[code]}" for code, p in rows]
    return {
        "attack": args.attack,
        "defence": args.defence,
        "odds": ratio,
        "column": str(column),
        "modifier": args.modifier,
        "reroll": list(reroll),
        "results": {code: float(p) for code, p in rows},
        "exact": {code: str(p) for code, p in rows},
        "text": "\n".join(lines),
    }
