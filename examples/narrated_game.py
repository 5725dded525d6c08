"""Replay a seeded bot game and print every log line with its narration, as a player reads it.

    python examples/narrated_game.py horde --seed 1
    python examples/narrated_game.py ancients --seed 2 --scenario the-long-ridge \
        --option players=2 --viewer top/general --steps 300

Each action of the log (as ``--viewer`` may read it: ``draw ?``) is followed by what the game's
narrator (``wargames.game(ID).narration()``) tells that viewer; every ``--prompts`` decisions the
prompt of the player to decide is printed too, and the board is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import json

import wargames


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenario")
    parser.add_argument("--steps", type=int, help="stop after this many actions")
    parser.add_argument("--viewer", help="the player whose view is told (default: everything)")
    parser.add_argument("--option", action="append", default=[], help="NAME=JSON")
    parser.add_argument("--prompts", type=int, default=1, help="print every Nth prompt (0: none)")
    args = parser.parse_args()
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = json.loads(value)
    g = wargames.game(args.game)
    bots = {p: "greedy" for p in g.players}
    m = wargames.match(args.game, bots, seed=args.seed, scenario=args.scenario, **options)
    m.run(max_steps=args.steps)
    narrator, viewer = g.narration(), args.viewer
    print(narrator.board(m.initial, viewer), "\n")
    decisions = 0
    states = iter(m.states)  # each state once, from the one before (m.states[i] recomputes)
    before = next(states)
    for player, action, after in zip(m.players, m.actions, states, strict=True):
        if player != "chance" and args.prompts and decisions % args.prompts == 0:
            print(f"  [{narrator.deciding(before, viewer)}]")
        decisions += player != "chance"
        shown = str(action) if viewer is None else before.redact(action, viewer)
        print(f"{player}: {shown}")
        for line in narrator.happened(before, action, after, viewer):
            print(f"    {line}")
        before = after
    print()
    print(narrator.board(m.state, viewer))


if __name__ == "__main__":
    main()
