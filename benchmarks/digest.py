"""A finer digest of seeded games than ``../shared/tools/game_digest.py``, to pin a refactor.

For every installed game and shipped scenario it plays seeded random games through the public
API and hashes, at every step: whose decision, every legal action (notation) or chance outcome
with its probability, the action taken; and for every player, the legal actions of that
player's view when he is to act. At the end it hashes the outcome and the game's drawing of the
final state for each player and for an onlooker (``render``, without the root element's size
attributes), which shows where every piece stands. Serialisation formats and class names do
not enter it, so a refactor that keeps the games keeps the digest.

    python benchmarks/digest.py --seeds 40 --save pin.json     # before the change
    python benchmarks/digest.py --seeds 40 --check pin.json    # after: exit 1 naming changes
    python benchmarks/digest.py --jobs 2                       # in two processes
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from concurrent.futures import ProcessPoolExecutor

import wargames


def play(game: str, scenario: str, seed: int, max_steps: int) -> str:
    """The digest of one seeded random game."""
    h = hashlib.sha256()
    rng = random.Random(seed)
    g = wargames.game(game)
    state = wargames.load(game, scenario=scenario, **dict(g.bot_options))
    for _ in range(max_steps):
        who = state.current_player
        h.update(repr(who).encode())
        if who is None:
            break
        if who == wargames.CHANCE:
            outs = state.chance_outcomes()
            h.update(repr([(str(a), round(p, 12)) for a, p in outs]).encode())
            pick = wargames.core.engine.pick_outcome(outs, rng.random())
        else:
            acts = state.legal_actions()
            h.update(repr([str(a) for a in acts]).encode())
            seen = state.view(who).legal_actions()
            h.update(repr([str(a) for a in seen]).encode())
            pick = acts[rng.randrange(len(acts))]
        h.update(str(pick).encode())
        state = state.apply(pick)
    o = state.outcome
    h.update(repr(None if o is None else (o.winner, o.reason, o.turn)).encode())
    if g.render is not None:
        for player in (None, *g.players):
            h.update(_drawn(g.render(state, player)).encode())
    return h.hexdigest()


def _drawn(svg: str) -> str:
    """The drawing without its root element's attributes (size, viewBox): where everything
    stands, not how large the picture is shown."""
    return re.sub(r"<svg\b[^>]*>", "<svg>", svg, count=1)


def scenario_digest(job: tuple[str, str, int, int]) -> tuple[str, str]:
    game, scenario, seeds, max_steps = job
    h = hashlib.sha256()
    for seed in range(seeds):
        h.update(play(game, scenario, seed, max_steps).encode())
    return f"{game}/{scenario}", h.hexdigest()[:16]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", nargs="*", default=None)
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--max-steps", type=int, default=3000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--save")
    ap.add_argument("--check")
    a = ap.parse_args()
    jobs = [
        (game, scenario, a.seeds, a.max_steps)
        for game in a.games or wargames.games()
        for scenario in sorted(wargames.game(game).scenarios())
    ]
    with ProcessPoolExecutor(a.jobs) as pool:
        result = dict(pool.map(scenario_digest, jobs))
    for key, value in result.items():
        print(f"{key:40s} {value}", flush=True)
    if a.save:
        with open(a.save, "w") as f:
            json.dump({"seeds": a.seeds, "max_steps": a.max_steps, "digests": result}, f, indent=1)
    if a.check:
        with open(a.check) as f:
            base = json.load(f)["digests"]
        changed = sorted(k for k in base if k in result and base[k] != result[k])
        missing = sorted(k for k in base if k not in result)
        if changed or missing:
            print("changed: " + ", ".join(changed) + ("; missing: " + ", ".join(missing)))
            return 1
        print(f"unchanged: {len(base)} scenarios")
    return 0


if __name__ == "__main__":
    sys.exit(main())
