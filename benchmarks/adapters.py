"""The cost of the bridges: decisions per second through each adapter against the raw engine,
and observation tensors per second, on each game's default scenario.

    python benchmarks/adapters.py [--adapter pettingzoo|gymnasium|all] [--games 3]
                                  [--game GAME ...] [--json]

CPU time (``time.process_time``): each game's best of five runs, the ways of playing taking
turns game by game so that the load of a shared machine falls on all alike. Games run with
the game's options for bots (a turn cap where the rules set none) so random play always
ends. A *decision* is a player's choice; the dice and draws between decisions are rolled in
the same time but not counted, in the engine and in the adapters alike.

* ``engine``: random play on states: ``legal_actions()``, a uniform choice, ``state.apply``;
  chance drawn with its probabilities (``pick_outcome``, as a ``Match`` rolls).
* ``pettingzoo``: the same games through :class:`~wargames.adapters.pettingzoo.WargamesAEC`
  (the bare environment), twice: ``step`` with a uniform legal id after building the mask
  (the adapter's own cost: ids, masks, chance, bookkeeping), and the loop of an agent
  (``last()`` at each decision: the observation tensor and the mask, then ``step``).
* ``gymnasium``: one side of :class:`~wargames.adapters.gymnasium.WargamesEnv` against the
  random agent (each ``step`` returns the observation); its baseline is the engine with the
  same random agent choosing on its view.

The environments choose the id of the action the engine's loop chooses, with generators
seeded alike, so each measurement plays the very same games.
* ``tensors``: :func:`~wargames.core.observation.observation_tensor` per second on a state 40
  decisions into a game.

The overhead is ``1 - adapter / engine`` decisions per second (target: at most 30%).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np

import wargames
from wargames.core.engine import GameState, Player, pick_outcome
from wargames.core.observation import observation_tensor

ADAPTERS = ("pettingzoo", "gymnasium")


def best_rates(
    plays: dict[str, Callable[[int], int]], games: int, repeats: int = 5
) -> dict[str, float]:
    """Decisions per CPU second of each way to play ``games`` seeded games: each game's best
    time of ``repeats`` runs, summed. The ways take turns game by game, so a change in the
    machine's load falls on all of them alike."""
    for play in plays.values():
        play(0)  # warm the caches (codecs, observers, data)
    best = {(name, seed): float("inf") for name in plays for seed in range(games)}
    decisions = dict.fromkeys(best, 0)
    for _ in range(repeats):
        for seed in range(games):
            for name, play in plays.items():
                start = time.process_time()
                decisions[name, seed] = play(seed)
                best[name, seed] = min(best[name, seed], time.process_time() - start)
    return {
        name: sum(decisions[name, s] for s in range(games))
        / sum(best[name, s] for s in range(games))
        for name in plays
    }


def bot_options(game_id: str) -> dict[str, Any]:
    return dict(wargames.game(game_id).bot_options)


@cache
def initial(game_id: str) -> GameState:
    """The default scenario's initial state, built once (the environments build theirs once
    too, and every reset starts from it)."""
    return wargames.game(game_id).start(None, bot_options(game_id))


def engine_game(game_id: str, seed: int, learner: Player | None = None) -> int:
    """Random play on states; returns the number of decisions.

    Chance and choices draw from two generators seeded with ``seed`` (as an environment
    rolls with its episode's generator and the agent chooses with its own), so the adapters'
    loops below play the very same game and the figures compare like with like. With
    ``learner``, every other seat is the random agent of a Gymnasium environment: seeded as
    it seeds it, choosing on its view."""
    g = wargames.game(game_id)
    state = initial(game_id)
    dice, choices = np.random.default_rng(seed), np.random.default_rng(seed)
    seats = g.seats_of(None, bot_options(game_id))
    opponents = {
        seat: g.agent("random", seed * 7919 + i + 1, seat)
        for i, seat in enumerate(seats)
        if learner is not None and seat != learner
    }
    decisions = 0
    while (player := state.current_player) is not None:
        if state.is_chance:
            state = state.apply(pick_outcome(state.chance_outcomes(), dice.random()))
            continue
        if player in opponents:
            state = state.apply(opponents[player].act(state.view(player)))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[int(choices.random() * len(legal))])
        decisions += 1
    return decisions


def pick(ids: list[int], choices: np.random.Generator) -> int:
    """A uniform legal id, drawn as :func:`engine_game` draws an action (``ids`` in the order
    of ``legal_actions()``, as the environments' tables list them)."""
    return ids[int(choices.random() * len(ids))]


def pettingzoo_steps(aec: Any, seed: int) -> int:
    """One game through the bare AEC environment: ``step`` with a uniform legal id, the mask
    built as for an observation but no tensor."""
    aec.reset(seed=seed)
    choices = np.random.default_rng(seed)
    while not aec.terminations[aec.agent_selection]:
        aec.action_mask(aec.agent_selection)
        aec.step(pick(list(aec.table.legal(aec.game_state)), choices))
    return int(aec.decisions)


def pettingzoo_agent_loop(aec: Any, seed: int) -> int:
    """One game through the AEC environment as an agent plays it: ``last()`` (observation
    tensor and mask) at every decision, then ``step``."""
    aec.reset(seed=seed)
    choices = np.random.default_rng(seed)
    while True:
        _, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            return int(aec.decisions)
        aec.step(pick(list(aec.table.legal(aec.game_state)), choices))


def gymnasium_game(env: Any, seed: int) -> int:
    """One episode of the Gymnasium environment (every ``step`` returns the observation and
    the mask); every decision counted, the opponent's too."""
    env.reset(seed=seed)
    choices = np.random.default_rng(seed)
    done = False
    while not done:
        _, _, done, _, _ = env.step(pick(list(env.table.legal(env.game_state)), choices))
    return int(env._current().decisions)


def tensors_per_second(game_id: str, n: int = 300) -> float:
    """Observation tensors of the first seat per CPU second, 40 decisions into a game."""
    m = wargames.match(game_id, seed=1)
    m.run(40)
    state: GameState = m.state
    seat = wargames.game(game_id).seats_of(None, bot_options(game_id))[0]
    observation_tensor(state, seat)
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(n):
            observation_tensor(state, seat)
        best = min(best, time.process_time() - start)
    return n / best


def bench_pettingzoo(game_id: str, games: int) -> dict[str, float]:
    from wargames.adapters.pettingzoo import raw_env

    aec = raw_env(game_id)
    rates = best_rates(
        {
            "engine": lambda seed: engine_game(game_id, seed),
            "step": lambda seed: pettingzoo_steps(aec, seed),
            "agent_loop": lambda seed: pettingzoo_agent_loop(aec, seed),
        },
        games,
    )
    engine = rates["engine"]
    return {
        "engine_decisions_per_second": engine,
        "step_decisions_per_second": rates["step"],
        "step_overhead": 1 - rates["step"] / engine,
        "agent_loop_decisions_per_second": rates["agent_loop"],
        "agent_loop_overhead": 1 - rates["agent_loop"] / engine,
    }


def bench_gymnasium(game_id: str, games: int) -> dict[str, float]:
    from wargames.adapters.gymnasium import WargamesEnv

    seat = wargames.game(game_id).seats_of(None, bot_options(game_id))[0]
    env = WargamesEnv(game_id, seat, opponent="random")
    rates = best_rates(
        {
            "engine": lambda seed: engine_game(game_id, seed, learner=seat),
            "env": lambda seed: gymnasium_game(env, seed),
        },
        games,
    )
    return {
        "engine_decisions_per_second": rates["engine"],
        "env_decisions_per_second": rates["env"],
        "overhead": 1 - rates["env"] / rates["engine"],
    }


BENCHES: dict[str, Callable[[str, int], dict[str, float]]] = {
    "pettingzoo": bench_pettingzoo,
    "gymnasium": bench_gymnasium,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--adapter", choices=(*ADAPTERS, "all"), default="all")
    parser.add_argument("--games", type=int, default=3, help="games per measurement")
    parser.add_argument("--game", action="append", help="a game (default: all four)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    games = args.game or wargames.games()
    chosen = ADAPTERS if args.adapter == "all" else (args.adapter,)
    report: dict[str, dict[str, dict[str, float]]] = {}
    for game_id in games:
        report[game_id] = {a: BENCHES[a](game_id, args.games) for a in chosen}
        report[game_id]["tensors"] = {"tensors_per_second": tensors_per_second(game_id)}
        if not args.json:
            print(lines(game_id, report[game_id]), flush=True)
    if args.json:
        print(json.dumps(report, indent=2))


def lines(game_id: str, result: dict[str, dict[str, float]]) -> str:
    out = [f"{game_id}:"]
    if "pettingzoo" in result:
        r = result["pettingzoo"]
        out.append(
            f"  pettingzoo  engine {r['engine_decisions_per_second']:8,.0f}/s   "
            f"step {r['step_decisions_per_second']:8,.0f}/s ({r['step_overhead']:+.0%})   "
            f"agent loop {r['agent_loop_decisions_per_second']:8,.0f}/s "
            f"({r['agent_loop_overhead']:+.0%})"
        )
    if "gymnasium" in result:
        r = result["gymnasium"]
        out.append(
            f"  gymnasium   engine {r['engine_decisions_per_second']:8,.0f}/s   "
            f"env  {r['env_decisions_per_second']:8,.0f}/s ({r['overhead']:+.0%})"
        )
    out.append(f"  tensors     {result['tensors']['tensors_per_second']:8,.0f}/s")
    return "\n".join(out)


if __name__ == "__main__":
    main()
