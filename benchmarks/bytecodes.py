"""Python bytecodes per random-playout decision, for any installed game: the measure that
follows time between our games and OpenSpiel's tic-tac-toe (docs/performance-history.md,
session 31), where valgrind's machine instructions do not (tic-tac-toe runs many instructions
a cycle in C++, our games few in the interpreter's loop).

    python benchmarks/bytecodes.py                         # every game, 12 games each
    python benchmarks/bytecodes.py --games horde --count 30
    python benchmarks/bytecodes.py --games horde --top 20  # and where they run, by function
    python benchmarks/bytecodes.py --games horde --match   # the same games through a Match

Each game plays the games ``peers.py`` plays on states (every shipped scenario in turn, the
game's bot options, ``random_action`` at every decision, chance drawn by its probabilities):
6 warm-up games, then ``--count`` games from seed 100 traced with ``sys.settrace`` (an
``opcode`` event per bytecode run in the package, the standard library and the harness alike,
as the interpreter would run them untraced). ``--match`` plays the very games through a
``Match`` with random agents instead (``peers.py``'s second row: views for the agents, the
log). The count does not depend on the machine's load; it takes a minute or two a game.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from peers import on_states, through_match

import wargames

WARM_UP = 6
FIRST = 100


def count(
    game: str, games: int, by_function: bool, match: bool = False
) -> tuple[int, int, Counter[str]]:
    """Decisions, bytecodes, and the bytecodes by function (file and name) when asked, of
    ``games`` traced games of ``game`` (on states, or through a ``Match``)."""
    play = through_match(game) if match else on_states(game)
    for k in range(WARM_UP):
        play(k)
    total = [0]
    where: Counter[str] = Counter()

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "opcode":
            total[0] += 1
            if by_function:
                code = frame.f_code
                where[f"{Path(code.co_filename).name}:{code.co_firstlineno} {code.co_name}"] += 1
        return local

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
            return local
        return None

    sys.settrace(trace)
    try:
        decisions = sum(play(k) for k in range(FIRST, FIRST + games))
    finally:
        sys.settrace(None)
    return decisions, total[0], where


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", nargs="+", default=None, help="game ids (default: all)")
    parser.add_argument("--count", type=int, default=12, help="traced games per game")
    parser.add_argument("--top", type=int, default=0, help="show the N costliest functions")
    parser.add_argument("--match", action="store_true", help="through a Match, random agents")
    args = parser.parse_args(argv)
    for game in args.games or wargames.games():
        decisions, bytecodes, where = count(game, args.count, args.top > 0, args.match)
        how = "through a Match" if args.match else "on states"
        print(
            f"{game} ({how}): {decisions:,} decisions, {bytecodes / decisions:,.0f} bytecodes each"
        )
        for name, n in where.most_common(args.top):
            print(f"  {n / decisions:8.1f}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
