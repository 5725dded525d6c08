"""Horde P-Scale battle: machine instructions per random-playout decision, counted by valgrind,
a figure that does not swing with the load on a shared machine the way CPU time does.

    python benchmarks/bench_horde_instructions.py [--seeds 3]

Runs the same random playouts as ``bench_horde.py`` (seeds ``0 .. seeds - 1`` of every
shipped scenario) twice under ``valgrind
--tool=cachegrind``: once with the games and once without them, both after the same warm-up,
and divides the difference by the number of decisions. The warm-up plays the measured games
once, so what a process works out once and keeps (traced lines of sight, attack-number parts,
recurring steps of play) is not counted: the steady state ``bench_horde.py``'s best of three
runs measures. The interpreter
runs with a fixed hash seed and one BLAS thread (a spinning BLAS thread counts instructions
too), so two runs of the same code give the same figure to a few parts in ten thousand.
Needs ``valgrind`` on the PATH; run it from the project's root (the interpreter imports the
package from the current directory, so running it from another checkout counts that code).
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from bench_instructions import count

PLAY = """
import sys
sys.path.insert(0, {benchmarks!r})
from playouts import random_game
import wargames
seeds, measured = {seeds}, {measured}
names = list(wargames.game("horde").scenarios())
def games():
    return sum(random_game("horde", seed, scenario=name) for name in names for seed in range(seeds))
games()
print("decisions", games() if measured else 0)
"""


def instructions(seeds: int, measured: bool) -> tuple[int, int]:
    """(instructions, decisions) of the warm-up on ``seeds`` seeded games per scenario, then,
    when ``measured``, the same games again (``bench_instructions.count`` runs valgrind)."""
    script = PLAY.format(benchmarks=str(Path(__file__).parent), seeds=seeds, measured=measured)
    return count(script)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    base, _ = instructions(args.seeds, measured=False)
    total, decisions = instructions(args.seeds, measured=True)
    per = (total - base) / decisions
    print(f"horde: {per:,.0f} instructions per decision ({decisions} decisions)")


if __name__ == "__main__":
    main()
