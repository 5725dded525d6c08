"""Machine instructions per random-playout decision, for any installed game, counted by
valgrind: a figure the load on a shared machine does not move the way CPU time does, so a
speed change (or a refactor that must not slow play) can be compared before and after.

    python benchmarks/bench_instructions.py [--games armageddon warmaster] [--seeds 3] [--fresh]

For each game it runs the random playouts of ``playouts.random_game`` (seeds ``0 .. seeds - 1``
of every shipped scenario, the game's bot options applied) twice under ``valgrind
--tool=cachegrind``: once as a warm-up only and once as the warm-up followed by the same games
again, and divides the difference by the number of decisions. What a process works out once and
keeps is so not counted (the steady state a long run of playouts sees). With ``--fresh`` the
second pass plays other games (seeds from 1000 on) than the warm-up: replaying the very games
the warm-up played favours large caches (every entry the warm-up made is hit again), which a
long run of new games does not see; bounded caches are judged with ``--fresh``. The interpreter runs
with a fixed hash seed and one BLAS thread, so two runs of the same code agree to a few parts
in ten thousand. Needs ``valgrind``; the interpreter imports the package from the current
directory (run it from the checkout you mean to measure). ``bench_horde_instructions.py`` is
the horde's own older form of this measurement.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

PLAY = """
import sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {benchmarks!r})
from playouts import random_game
import wargames
game, seeds, measured = {game!r}, {seeds}, {measured}
g = wargames.game(game)
names = list(g.scenarios())
def games(first=0):
    return sum(
        random_game(game, seed, scenario=name, **dict(g.bot_options))
        for name in names for seed in range(first, first + seeds)
    )
games()
print("decisions", games({again}) if measured else 0)
"""


def instructions(game: str, seeds: int, measured: bool, fresh: bool = False) -> tuple[int, int]:
    """(instructions, decisions) of the warm-up, then, when ``measured``, the same games again
    (other games when ``fresh``)."""
    return count(
        PLAY.format(
            root=os.getcwd(),
            benchmarks=str(Path(__file__).parent),
            game=game,
            seeds=seeds,
            measured=measured,
            again=1000 if fresh else 0,
        )
    )


def count(script: str) -> tuple[int, int]:
    """(instructions, decisions) of a Python ``script`` run under valgrind, which prints
    ``decisions N`` (with a fixed hash seed and one BLAS thread, so runs repeat)."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        "-c",
        script,
    ]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    decisions = re.search(r"decisions (\d+)", done.stdout)
    assert refs is not None and decisions is not None, done.stderr[-2000:]
    return int(refs.group(1).replace(",", "")), int(decisions.group(1))


def main() -> None:
    import wargames

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument(
        "--fresh", action="store_true", help="measure games other than the warm-up's"
    )
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    for game in args.games or wargames.games():
        base, _ = instructions(game, args.seeds, measured=False)
        total, decisions = instructions(game, args.seeds, measured=True, fresh=args.fresh)
        per = (total - base) / decisions
        print(f"{game}: {per:,.0f} instructions per decision ({decisions} decisions)", flush=True)


if __name__ == "__main__":
    main()
