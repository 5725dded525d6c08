"""Machine instructions per random-playout decision, for any installed game, counted by
valgrind: a figure the load on a shared machine does not move the way CPU time does, so a
speed change (or a refactor that must not slow play) can be compared before and after.

    python benchmarks/bench_instructions.py [--games armageddon warmaster] [--seeds 3] [--fresh]
    python benchmarks/bench_instructions.py --games horde --fresh --draw   # random_action
    python benchmarks/bench_instructions.py --allocations     # and memory allocations
    python benchmarks/bench_instructions.py --games horde --fresh --draw --cache  # cache misses

For each game it runs the random playouts of ``playouts.random_game`` (seeds ``0 .. seeds - 1``
of every shipped scenario, the game's bot options applied) twice under ``valgrind
--tool=cachegrind``: once as a warm-up only and once as the warm-up followed by the same games
again, and divides the difference by the number of decisions. What a process works out once and
keeps is so not counted (the steady state a long run of playouts sees). With ``--fresh`` the
second pass plays other games (seeds from 1000 on) than the warm-up: replaying the very games
the warm-up played favours large caches (every entry the warm-up made is hit again), which a
long run of new games does not see; bounded caches are judged with ``--fresh``. With
``--draw`` the games draw every action with ``random_action`` (``playouts.drawn_game``), as
``peers.py`` plays them, where a game may find the action without listing the others. The
interpreter runs with a fixed hash seed and one BLAS thread, so two runs of the same code agree
to a few parts in ten thousand. Needs ``valgrind``; the interpreter imports the package from
the current directory (run it from the checkout you mean to measure).
``bench_horde_instructions.py`` is the horde's own older form of this measurement.

With ``--cache`` the runs use ``valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes``
(slower) and also print, per decision, the simulated first-level data cache misses, last-level
data cache misses, instruction cache misses and mispredicted branches: where two games with
the same instructions a decision differ in time, these are where (docs/performance-history.md,
session 26).

With ``--allocations`` the runs use ``valgrind --tool=callgrind`` instead (slower) and also
count the calls into CPython's allocators (``PyObject_Malloc``, ``PyObject_Calloc``,
``PyMem_Malloc``, ``PyMem_Calloc``) per decision: every object or buffer the interpreter
allocates, but not those taken from its free lists (small tuples, floats, frames), so the
figure is a floor on the objects made, and what the garbage collector and the allocator must
then handle.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PLAY = """
import sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {benchmarks!r})
from playouts import {play}
import wargames
game, seeds, measured = {game!r}, {seeds}, {measured}
g = wargames.game(game)
names = list(g.scenarios())
def games(first=0):
    return sum(
        {play}(game, seed, scenario=name, **dict(g.bot_options))
        for name in names for seed in range(first, first + seeds)
    )
games()
print("decisions", games({again}) if measured else 0)
"""


ALLOCATORS = ("PyObject_Malloc", "PyObject_Calloc", "PyMem_Malloc", "PyMem_Calloc")
"""CPython's allocation entry points whose calls ``--allocations`` counts."""


def instructions(
    game: str,
    seeds: int,
    measured: bool,
    fresh: bool = False,
    allocations: bool = False,
    draw: bool = False,
) -> tuple[int, int, int]:
    """(instructions, decisions, allocations) of the warm-up, then, when ``measured``, the same
    games again (other games when ``fresh``); allocations are counted (else 0) when asked.
    With ``draw`` the games draw their actions with ``random_action`` (``drawn_game``)."""
    return (calls if allocations else count)(playouts(game, seeds, measured, fresh, draw))


def playouts(game: str, seeds: int, measured: bool, fresh: bool, draw: bool) -> str:
    """The script of :data:`PLAY` for these games: the warm-up, and when ``measured`` the
    games counted (other seeds when ``fresh``; actions by ``random_action`` when ``draw``)."""
    return PLAY.format(
        root=os.getcwd(),
        benchmarks=str(Path(__file__).parent),
        game=game,
        seeds=seeds,
        measured=measured,
        again=1000 if fresh else 0,
        play="drawn_game" if draw else "random_game",
    )


ENV = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}


def count(script: str) -> tuple[int, int, int]:
    """(instructions, decisions, 0) of a Python ``script`` run under valgrind, which prints
    ``decisions N`` (with a fixed hash seed and one BLAS thread, so runs repeat)."""
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        "-c",
        script,
    ]
    done = subprocess.run(command, capture_output=True, text=True, env=ENV, check=True)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    decisions = re.search(r"decisions (\d+)", done.stdout)
    assert refs is not None and decisions is not None, done.stderr[-2000:]
    return int(refs.group(1).replace(",", "")), int(decisions.group(1)), 0


CACHE_EVENTS = {
    "D1 misses": r"D1  misses:\s+([\d,]+)",
    "LLd misses": r"LLd misses:\s+([\d,]+)",
    "I1 misses": r"I1  misses:\s+([\d,]+)",
    "mispredicted branches": r"Mispredicts:\s+([\d,]+)",
}
"""The events ``--cache`` reads from cachegrind's summary, by the name it prints them under."""


def cache_events(script: str) -> tuple[dict[str, int], int]:
    """(events of :data:`CACHE_EVENTS`, decisions) of ``script`` run under cachegrind with its
    cache and branch simulation."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes"]
    command += ["--cachegrind-out-file=/dev/null", sys.executable, "-c", script]
    done = subprocess.run(command, capture_output=True, text=True, env=ENV, check=True)
    found = {}
    for name, pattern in CACHE_EVENTS.items():
        hit = re.search(pattern, done.stderr)
        assert hit is not None, done.stderr[-2000:]
        found[name] = int(hit.group(1).replace(",", ""))
    decisions = re.search(r"decisions (\d+)", done.stdout)
    assert decisions is not None, done.stderr[-2000:]
    return found, int(decisions.group(1))


def cache_line(game: str, seeds: int, fresh: bool, draw: bool) -> str:
    """The ``--cache`` report of one game: each event per decision of the measured games."""
    (base, _), (total, decisions) = (
        cache_events(playouts(game, seeds, measured, fresh, draw)) for measured in (False, True)
    )
    per = ", ".join(f"{(total[k] - base[k]) / decisions:,.0f} {k}" for k in CACHE_EVENTS)
    return f"{game}: {per} per decision ({decisions} decisions)"


def calls(script: str) -> tuple[int, int, int]:
    """(instructions, decisions, allocator calls) of ``script`` run under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        command += [sys.executable, "-c", script]
        done = subprocess.run(command, capture_output=True, text=True, env=ENV, check=True)
        allocations = allocator_calls(out.read_text())
    refs = re.search(r"refs:\s+([\d,]+)", done.stderr)
    decisions = re.search(r"decisions (\d+)", done.stdout)
    assert refs is not None and decisions is not None, done.stderr[-2000:]
    return int(refs.group(1).replace(",", "")), int(decisions.group(1)), allocations


def allocator_calls(profile: str) -> int:
    """Calls to :data:`ALLOCATORS` in a callgrind profile: each ``calls=N`` line counts N calls
    of the function named by the ``cfn=`` line before it (named in full on first use only)."""
    names: dict[str, str] = {}
    total, callee = 0, ""
    for line in profile.splitlines():
        if line.startswith(("fn=(", "cfn=(")):
            ident, _, name = line.split("=", 1)[1].partition(" ")
            if name:
                names[ident] = name.strip()
            callee = ident if line.startswith("cfn=") else ""
        elif line.startswith("calls=") and callee:
            if names.get(callee) in ALLOCATORS:
                total += int(line[6:].split()[0])
            callee = ""
    return total


def main() -> None:
    import wargames

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument(
        "--fresh", action="store_true", help="measure games other than the warm-up's"
    )
    parser.add_argument(
        "--allocations", action="store_true", help="also count allocations (callgrind)"
    )
    parser.add_argument(
        "--draw",
        action="store_true",
        help="draw actions with random_action, as benchmarks/peers.py does",
    )
    parser.add_argument(
        "--cache",
        action="store_true",
        help="also count simulated cache misses and mispredicted branches (cachegrind)",
    )
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    for game in args.games or wargames.games():
        if args.cache:
            print(cache_line(game, args.seeds, args.fresh, args.draw), flush=True)
        asked = {"fresh": args.fresh, "allocations": args.allocations, "draw": args.draw}
        base, _, base_allocations = instructions(game, args.seeds, False, **asked)
        total, decisions, allocations = instructions(game, args.seeds, True, **asked)
        per = (total - base) / decisions
        line = f"{game}: {per:,.0f} instructions per decision"
        if args.allocations:
            line += f", {(allocations - base_allocations) / decisions:,.0f} allocations"
        print(f"{line} ({decisions} decisions)", flush=True)


if __name__ == "__main__":
    main()
