"""What a :class:`~wargames.Match` costs over playing states directly, per game: machine
instructions per decision of random-vs-random games through ``Match.run()``
(``playouts.match_game``: agents see views, the log grows) and on states, counted by valgrind
as ``bench_instructions.py`` counts them, and their ratios (direct / match: 1.0 means the
Match costs nothing; issue 16 asks for >= 0.85).

    python benchmarks/match_overhead.py [--games horde warmaster] [--seeds 2]

Two direct playouts are measured: ``playouts.random_game`` (one generator for the dice and the
choices, so other games than the Match's) and ``same_game`` below, which plays the Match's very
games on states (the Match's dice generator and one generator per player, seeded as
``match_game`` seeds its agents), so ``same/match`` compares like with like: a game's phases
differ much in cost per decision. Each figure is the difference between a run that only warms
up (seeds ``0 .. seeds - 1`` of every shipped scenario, the game's bot options applied) and one
that plays the same games again after the warm-up, divided by the decisions of the second
pass. Needs ``valgrind``; run it from the checkout to measure (it runs on checkouts from
before ``GameState.random_action`` too, choosing from the listing then).
"""

from __future__ import annotations

import argparse
import os
import shutil
from pathlib import Path
from typing import Any

import numpy as np
from bench_instructions import count

import wargames
from wargames.core.engine import CHANCE, pick_outcome


def same_game(game: str, seed: int, **options: Any) -> int:
    """The game ``playouts.match_game`` plays with ``seed``, played on states directly: the
    dice drawn from the Match's generator, each player's choices from the generator its
    random agent would have; the number of decisions."""
    state = wargames.load(game, **options)
    dice = np.random.default_rng(seed)
    rngs = {p: np.random.default_rng(seed + 10_000 * i) for i, p in enumerate(state.players)}
    decisions = 0
    while (player := state.current_player) is not None:
        if player == CHANCE:
            action = pick_outcome(state.chance_outcomes(), float(dice.random()))
        elif hasattr(state, "random_action"):
            action = state.random_action(rngs[player.split("/", 1)[0]])
        else:  # a checkout from before random_action: the listing, as RandomAgent chose then
            legal = state.legal_actions()
            action = legal[int(rngs[player.split("/", 1)[0]].random() * len(legal))]
        state = state.apply(action)
        decisions += 1
    return decisions


PLAY = """
import sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {benchmarks!r})
sys.path.insert(0, {root!r} + "/benchmarks")
import playouts
import match_overhead
import wargames
game, seeds, measured = {game!r}, {seeds}, {measured}
play = getattr(playouts, {play!r}, None) or getattr(match_overhead, {play!r})
g = wargames.game(game)
names = list(g.scenarios())
def games():
    return sum(
        play(game, seed, scenario=name, **dict(g.bot_options))
        for name in names for seed in range(seeds)
    )
games()
print("decisions", games() if measured else 0)
"""


def per_decision(game: str, play: str, seeds: int) -> tuple[float, int]:
    """Instructions per decision of ``playouts.<play>`` in ``game``, and the decisions."""

    def run(measured: bool) -> tuple[int, int, int]:
        script = PLAY.format(
            root=os.getcwd(),
            benchmarks=str(Path(__file__).parent),
            game=game,
            seeds=seeds,
            measured=measured,
            play=play,
        )
        return count(script)

    base, _, _ = run(False)
    total, decisions, _ = run(True)
    return (total - base) / decisions, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--seeds", type=int, default=2)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    for game in args.games or wargames.games():
        direct, n_direct = per_decision(game, "random_game", args.seeds)
        same, _ = per_decision(game, "same_game", args.seeds)
        match, n_match = per_decision(game, "match_game", args.seeds)
        print(
            f"{game}: random_game {direct:,.0f} ({n_direct} decisions), same games on states "
            f"{same:,.0f}, match {match:,.0f} ({n_match} decisions) instructions per decision; "
            f"same/match {same / match:.2f}, random_game/match {direct / match:.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
