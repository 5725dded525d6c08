"""What the bridges cost: actions per second played through an adapter against the raw engine,
and observation tensors per second, on each game's default scenario (bot options applied).

    python benchmarks/adapters.py --adapter openspiel
    python benchmarks/adapters.py --adapter openspiel --game warmaster --games 5 --json
    python benchmarks/adapters.py --adapter openspiel --mcts 10     # MCTS against random
    python benchmarks/adapters.py --adapter pettingzoo
    python benchmarks/adapters.py --adapter gymnasium --game warmaster --games 5 --json

Random games are recorded first (a uniform choice among the legal actions, dice by
``chance_outcomes()``); then each is played again, timed, both ways, choosing by position as a
random agent does: on our states (``legal_actions()``, ``apply``) and on ``pyspiel`` states
(``legal_actions()`` as ids, ``apply_action``), chance outcomes listed by ``chance_outcomes()``
in both. So both play the very same games. Every applied action counts (dice included); times
are CPU seconds of this process (``time.process_time``). The ways take turns in each of
``--repeats`` rounds (after a warm-up round and ``gc.freeze()``, for every way alike); each
round gives an overhead, ``1 - adapter rate / engine rate``, and the figure is their median,
with the lowest and highest (``spread``). The target is at most 30%.

Each adapter is a section (``--adapter NAME``):

* ``openspiel``: the recorded games replayed on our states and on ``pyspiel`` states.
* ``pettingzoo``: random games on our states (``legal_actions()``, a uniform choice,
  ``apply``; dice by ``chance_outcomes()`` as a ``Match`` rolls them) against the same games
  through :class:`~wargames.adapters.pettingzoo.WargamesAEC` (the bare environment), twice:
  ``step`` after building the mask (the adapter's own cost: ids, mask, dice, bookkeeping),
  against the engine; and the loop of an agent (``last()`` at each decision: the observation
  tensor and the mask, then ``step``) against the engine doing the same job through our own
  API (the observation tensor of the player to decide at each decision, then the choice).
* ``gymnasium``: one side of :class:`~wargames.adapters.gymnasium.WargamesEnv` against the
  random agent (each ``step`` returns the observation) against the engine with the same
  random agent choosing on its view and the learner's observation tensor made at each of its
  decisions (and at the end), as the environment returns it: the overhead is what the
  environment adds to that job.

Each section also gives observation tensors per CPU second over 200 decision states of random
games, each seen by the first seat.

The dice and the choices draw from two generators seeded alike in the engine and in the
environments (as an environment rolls with its episode's generator and an agent chooses
with its own), and an environment plays the id of the action the engine's loop picks, so both
play the very same games.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from collections.abc import Callable
from contextlib import suppress
from functools import cache
from typing import Any

import numpy as np

import wargames
from wargames.core.actionspace import ActionIdError
from wargames.core.engine import CHANCE, GameState, Player, pick_outcome
from wargames.core.observation import observation_tensor
from wargames.core.registry import game

ADAPTERS: dict[str, Callable[[argparse.Namespace], dict[str, Any]]] = {}


def round_rates(
    plays: dict[str, Callable[[int], int]], games: int, repeats: int
) -> dict[str, list[float]]:
    """Actions per CPU second of each way of playing over ``games`` seeded games, in each of
    ``repeats`` rounds. The ways take turns within a round (A, B, A, B...), so that a change
    in the machine's load touches them alike, and each round gives one overhead (the ways of
    the same round compared). Before the rounds every way plays every game once (the caches of
    codecs, scenario data and observers warmed), then the garbage collector is frozen
    (``gc.freeze()``: what the process made so far, the imported modules above all, is left
    out of its full passes), for every way alike."""
    rounds: dict[str, list[float]] = {name: [] for name in plays}
    for play in plays.values():
        for seed in range(games):
            play(seed)
    gc.collect()
    gc.freeze()
    try:
        for _ in range(repeats):
            for name, play in plays.items():
                start = time.process_time()
                actions = sum(play(seed) for seed in range(games))
                rounds[name].append(actions / max(time.process_time() - start, 1e-9))
    finally:
        gc.unfreeze()
    return rounds


def median(values: list[float]) -> float:
    return statistics.median(values)


def overhead(rounds: dict[str, list[float]], way: str, base: str = "engine") -> dict[str, Any]:
    """The overhead of ``way`` against ``base`` (``1 - rate / base rate``): the median over
    the rounds of each round's own figure, and the lowest and highest."""
    each = sorted(1 - a / b for a, b in zip(rounds[way], rounds[base], strict=True))
    return {"overhead": round(median(each), 3), "spread": [round(each[0], 3), round(each[-1], 3)]}


Script = list[tuple[bool, int, int]]
"""A recorded game: for each action, whether it is a chance outcome, its position among the
state's legal actions (chance outcomes) in the engine's order, and in the adapter's (ids
ascending). Replaying a script plays the same game both ways, each choosing by position as a
random agent does."""


def record(game_id: str, seed: int) -> Script:
    """A random game on our states, recorded as a :data:`Script`."""
    described = game(game_id)
    rng = np.random.default_rng(seed)
    state = described.start(None, described.bot_options)
    codec = wargames.action_space(state)
    script: Script = []
    while state.current_player is not None:
        chance = state.current_player == CHANCE
        if chance:
            outcomes = state.chance_outcomes()
            action = pick_outcome(outcomes, rng.random())
            listed = [a for a, _ in outcomes]
        else:
            listed = state.legal_actions()
            action = listed[int(rng.random() * len(listed))]
        ids = sorted(codec.action_id(state, a) for a in listed)
        script.append((chance, listed.index(action), ids.index(codec.action_id(state, action))))
        state = state.apply(action)
    return script


def recorded(game_id: str, games: int) -> tuple[list[Script], int]:
    """``games`` recorded random games, and how many were passed over on the way because the
    game's codec could not number one of their actions (a bounded space)."""
    scripts: list[Script] = []
    seed = 0
    while len(scripts) < games:
        with suppress(ActionIdError):  # an action outside the codec's bounds
            scripts.append(record(game_id, seed))
        seed += 1
    return scripts, seed - games


def engine_replay(game_id: str, script: Script) -> int:
    """Play ``script`` on our states: list the legal actions (chance outcomes), apply the
    recorded one; the number of actions applied."""
    described = game(game_id)
    state = described.start(None, described.bot_options)
    for chance, position, _ in script:
        listed = [a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()
        state = state.apply(listed[position])
    assert state.current_player is None
    return len(script)


def tensors_per_second(states: list[Any], observe: Callable[[Any, int], Any]) -> float:
    """Observation tensors per CPU second over ``states``, each seen by its first player."""
    start = time.process_time()
    for state in states:
        observe(state, 0)
    return len(states) / max(time.process_time() - start, 1e-9)


# -- OpenSpiel -----------------------------------------------------------------------------------


def openspiel_replay(loaded: Any, script: Script) -> int:
    """Play ``script`` on pyspiel states: list the legal ids (chance outcomes), apply the
    recorded one; the number of actions applied."""
    state = loaded.new_initial_state()
    for chance, _, position in script:
        listed = [a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()
        state.apply_action(listed[position])
    assert state.is_terminal()
    return len(script)


def openspiel_section(args: argparse.Namespace) -> dict[str, Any]:
    from open_spiel.python.observation import make_observation

    from wargames.adapters.openspiel import load_game, players

    if args.mcts:
        return {"mcts": mcts_section(args)}
    rows: dict[str, Any] = {}
    for game_id in args.game or wargames.games():
        loaded = load_game(game_id)
        scripts, unnumbered = recorded(game_id, args.games)
        rates = round_rates(
            {
                "engine": lambda seed, g=game_id, s=scripts: engine_replay(g, s[seed]),
                "openspiel": lambda seed, g=loaded, s=scripts: openspiel_replay(g, s[seed]),
            },
            args.games,
            args.repeats,
        )
        # the same positions twice, as separate objects: a state keeps its views once made
        states = sampled_states(loaded, 200)
        seat = players(loaded)[0]
        raw = tensors_per_second(
            [s.wargames_state for s in sampled_states(loaded, 200)],
            lambda s, p, seat=seat: observation_tensor(s, seat),
        )
        observation = make_observation(loaded)  # our observer: a numpy tensor, no copies
        spiel = tensors_per_second(states, observation.set_from)
        rows[game_id] = {
            "engine actions/s": round(median(rates["engine"])),
            "openspiel actions/s": round(median(rates["openspiel"])),
            **overhead(rates, "openspiel"),
            "engine tensors/s": round(raw),
            "openspiel tensors/s": round(spiel),
        } | ({"games the codec cannot number": unnumbered} if unnumbered else {})
        print(game_id, rows[game_id], file=sys.stderr, flush=True)
    return rows


def sampled_states(loaded: Any, count: int) -> list[Any]:
    """``count`` states met in random games (clones), for the tensor timings."""
    rng = np.random.default_rng(0)
    found: list[Any] = []
    while len(found) < count:
        state = loaded.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply_action(pick_outcome(state.chance_outcomes(), rng.random()))
            else:
                found.append(state.clone())
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
    return found


MCTS_SETTINGS: dict[str, tuple[str | None, dict[str, Any]]] = {
    "ancients": (None, {"turn_cap": 6}),
    "armageddon": ("scenarios/armageddon/short-war.toml", {}),
    "horde": (None, {"rounds": 1}),
    "warmaster": (None, {"turn_cap": 2}),
}
"""The shortest settings of each game (scenario, options), so that MCTS games end in minutes:
six Ancients turns, the four-turn Armageddon campaign of the scenario files, one Horde battle
round, two Warmaster turns."""


def mcts_section(args: argparse.Namespace) -> dict[str, Any]:
    """OpenSpiel's MCTSBot (random rollouts, ``--simulations`` per move, on a state resampled
    from what its seat sees) against our random agent: ``--mcts`` games per game, seats
    alternating; its wins, draws and losses, and the seconds per game."""
    from wargames.adapters.openspiel import load_game, players

    rows: dict[str, Any] = {}
    for game_id in args.game or wargames.games():
        scenario, options = MCTS_SETTINGS[game_id]
        scenario = args.scenario or scenario
        options = options | dict(_setting(text) for text in args.set or ())
        loaded = load_game(game_id, scenario, **options)
        seats = players(loaded)
        tally = {"wins": 0, "draws": 0, "losses": 0, "abandoned": 0}
        by_seat = {seat: {"wins": 0, "draws": 0, "losses": 0} for seat in seats}
        start = time.perf_counter()
        actions = 0
        for seed in range(args.mcts):
            seat = seed % loaded.num_players()
            try:
                end = mcts_against_random(loaded, seat, seed, args.simulations)
            except ActionIdError as error:  # an action beyond the codec's bounds
                tally["abandoned"] += 1
                print(game_id, seed, seats[seat], "abandoned:", error, file=sys.stderr, flush=True)
                continue
            returns, actions = end.returns(), actions + len(end.history())
            key = "wins" if returns[seat] > 0 else "losses" if returns[seat] < 0 else "draws"
            tally[key] += 1
            by_seat[seats[seat]][key] += 1
            print(game_id, seed, seats[seat], key, len(end.history()), file=sys.stderr, flush=True)
        seconds = (time.perf_counter() - start) / max(args.mcts, 1)
        rows[game_id] = {
            "scenario": scenario or loaded.get_parameters()["scenario"],
            "options": options,
            "actions/game": round(actions / max(args.mcts - tally["abandoned"], 1)),
            "simulations": args.simulations,
            **tally,
            "by MCTS seat": by_seat,
            "seconds/game": round(seconds, 1),
        }
        print(game_id, rows[game_id], file=sys.stderr, flush=True)
    return rows


def _setting(text: str) -> tuple[str, Any]:
    key, _, value = text.partition("=")
    return key, int(value) if value.lstrip("-").isdigit() else value


def mcts_against_random(loaded: Any, mcts_player: int, seed: int, simulations: int) -> Any:
    """A whole game: MCTSBot for ``mcts_player`` (searching a state resampled for its seat),
    our random agent for the other seats; the terminal pyspiel state."""
    from open_spiel.python.algorithms import mcts

    from wargames.adapters.openspiel import play_against

    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(
        loaded, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng
    )
    return play_against(loaded, bot, mcts_player, "random", seed)


ADAPTERS["openspiel"] = openspiel_section


# -- PettingZoo and Gymnasium --------------------------------------------------------------------


@cache
def initial(game_id: str) -> GameState:
    """The default scenario's initial state with the bot options, built once (an environment
    builds its own once too: every reset starts from it)."""
    described = game(game_id)
    return described.start(None, described.bot_options)


def seats(game_id: str) -> tuple[Player, ...]:
    described = game(game_id)
    return described.seats_of(None, described.bot_options)


def engine_game(
    game_id: str, seed: int, learner: Player | None = None, observe: bool = False
) -> int:
    """A random game on our states, the dice and the choices from two generators seeded with
    ``seed``; with ``learner``, every other seat is the random agent a Gymnasium environment
    gives it (seeded as it seeds it, choosing on its view). With ``observe``, the job an
    environment does for its agent through our own API: the observation tensor of the player
    to decide at each decision that is not an opponent's (the agent's view before it
    chooses), and one more at the end (of ``learner``, else of the first seat), as ``last()``
    and Gymnasium's ``step`` return one there. The number of actions applied."""
    state = initial(game_id)
    dice, choices = np.random.default_rng(seed), np.random.default_rng(seed)
    opponents = {
        seat: game(game_id).agent("random", seed * 7919 + i + 1, seat)
        for i, seat in enumerate(seats(game_id))
        if learner is not None and seat != learner
    }
    actions = 0
    while (player := state.current_player) is not None:
        if state.is_chance:
            action = pick_outcome(state.chance_outcomes(), dice.random())
        elif player in opponents:
            action = opponents[player].act(state.view(player))
        else:
            if observe:
                observation_tensor(state, player)
            legal = state.legal_actions()
            action = legal[int(choices.random() * len(legal))]
        state = state.apply(action)
        actions += 1
    if observe:
        observation_tensor(state, learner or seats(game_id)[0])
    return actions


def pick(ids: list[int], choices: np.random.Generator) -> int:
    """A uniform legal id, drawn as :func:`engine_game` draws an action: ``ids`` in the order
    of the state's ``legal_actions()``, as the environments' tables list them."""
    return ids[int(choices.random() * len(ids))]


def pettingzoo_steps(aec: Any, seed: int) -> int:
    """A random game through the bare AEC environment: ``step`` after building the mask
    (``action_mask``: no tensor); the number of actions applied (dice included)."""
    aec.reset(seed=seed)
    choices = np.random.default_rng(seed)
    while not aec.terminations[aec.agent_selection]:
        aec.action_mask(aec.agent_selection)
        aec.step(pick(aec.table.legal(aec.game_state), choices))
    return len(aec._current().actions)


def pettingzoo_agent_loop(aec: Any, seed: int) -> int:
    """The same game as an agent plays it: ``last()`` (observation tensor and mask) at every
    decision, then ``step``."""
    aec.reset(seed=seed)
    choices = np.random.default_rng(seed)
    while True:
        _, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            return len(aec._current().actions)
        aec.step(pick(aec.table.legal(aec.game_state), choices))


def gymnasium_game(env: Any, seed: int) -> int:
    """A random episode of the Gymnasium environment (every ``step`` returns the observation
    and the mask); the number of actions applied, the opponent's and the dice included."""
    env.reset(seed=seed)
    choices = np.random.default_rng(seed)
    done = False
    while not done:
        _, _, done, _, _ = env.step(pick(env.table.legal(env.game_state), choices))
    return len(env._current().actions)


def decision_states(game_id: str, count: int = 200) -> list[GameState]:
    """``count`` decision states met in random games, for the tensor timings."""
    rng = np.random.default_rng(0)
    found: list[GameState] = []
    while len(found) < count:
        state = initial(game_id)
        while state.current_player is not None and len(found) < count:
            if state.is_chance:
                state = state.apply(pick_outcome(state.chance_outcomes(), rng.random()))
                continue
            found.append(state)
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.random() * len(legal))])
    return found


def pettingzoo_section(args: argparse.Namespace) -> dict[str, Any]:
    from wargames.adapters.pettingzoo import raw_env

    rows: dict[str, Any] = {}
    for game_id in args.game or wargames.games():
        aec = raw_env(game_id)
        rates = round_rates(
            {
                "engine": lambda seed, g=game_id: engine_game(g, seed),
                "step": lambda seed, e=aec: pettingzoo_steps(e, seed),
                "engine observing": lambda seed, g=game_id: engine_game(g, seed, observe=True),
                "agent loop": lambda seed, e=aec: pettingzoo_agent_loop(e, seed),
            },
            args.games,
            args.repeats,
        )
        seat = seats(game_id)[0]
        tensors = tensors_per_second(
            decision_states(game_id), lambda s, p, seat=seat: observation_tensor(s, seat)
        )
        agent_loop = overhead(rates, "agent loop", "engine observing")
        rows[game_id] = {
            "engine actions/s": round(median(rates["engine"])),
            "pettingzoo step actions/s": round(median(rates["step"])),
            **overhead(rates, "step"),
            "engine observing actions/s": round(median(rates["engine observing"])),
            "pettingzoo agent loop actions/s": round(median(rates["agent loop"])),
            "agent loop overhead": agent_loop["overhead"],
            "agent loop spread": agent_loop["spread"],
            "tensors/s": round(tensors),
        }
        print(game_id, rows[game_id], file=sys.stderr, flush=True)
    return rows


def gymnasium_section(args: argparse.Namespace) -> dict[str, Any]:
    from wargames.adapters.gymnasium import WargamesEnv

    rows: dict[str, Any] = {}
    for game_id in args.game or wargames.games():
        seat = seats(game_id)[0]
        env = WargamesEnv(game_id, seat, opponent="random")
        rates = round_rates(
            {
                "engine": lambda seed, g=game_id, s=seat: engine_game(g, seed, s, observe=True),
                "gymnasium": lambda seed, e=env: gymnasium_game(e, seed),
            },
            args.games,
            args.repeats,
        )
        tensors = tensors_per_second(
            decision_states(game_id), lambda s, p, seat=seat: observation_tensor(s, seat)
        )
        rows[game_id] = {
            "side": seat,
            "engine observing actions/s": round(median(rates["engine"])),
            "gymnasium actions/s": round(median(rates["gymnasium"])),
            **overhead(rates, "gymnasium"),
            "tensors/s": round(tensors),
        }
        print(game_id, rows[game_id], file=sys.stderr, flush=True)
    return rows


ADAPTERS["pettingzoo"] = pettingzoo_section
ADAPTERS["gymnasium"] = gymnasium_section


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--adapter", choices=sorted(ADAPTERS), required=True)
    parser.add_argument("--game", action="append", help="a game (repeatable); default: all")
    parser.add_argument("--games", type=int, default=3, help="random games per run (3)")
    parser.add_argument("--repeats", type=int, default=5, help="rounds, the median kept (5)")
    parser.add_argument("--mcts", type=int, default=0, help="MCTS games a game (no speeds)")
    parser.add_argument("--simulations", type=int, default=8, help="MCTS simulations (8)")
    parser.add_argument("--scenario", help="the MCTS games' scenario (default: the shortest)")
    parser.add_argument("--set", action="append", help="an MCTS game's option, KEY=NUMBER")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    rows = ADAPTERS[args.adapter](args)
    print(json.dumps(rows, indent=2) if args.json else format_rows(rows))
    return 0


def format_rows(rows: dict[str, Any]) -> str:
    return "\n".join(f"{name}: {row}" for name, row in rows.items())


if __name__ == "__main__":
    raise SystemExit(main())
