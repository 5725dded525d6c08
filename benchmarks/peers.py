"""Random playouts of our games beside OpenSpiel's own games, interleaved in one process.

    python benchmarks/peers.py                     # 9 rounds of about 1 s per contestant
    python benchmarks/peers.py --rounds 5 --seconds 0.5 --json
    python benchmarks/peers.py --games horde warmaster --markdown

A *contestant* plays whole random games for about ``--seconds`` of CPU time
(``time.process_time``) in each round; the rounds are interleaved (every contestant once per
round, in a rotating order), so load on the machine falls on all of them alike. A decision is
every applied action, chance outcomes included:

- ``GAME states``: on states directly, as OpenSpiel's random playouts do: a uniformly random
  legal action (:meth:`~wargames.core.engine.GameState.random_action` where the library has it,
  else a uniform pick from ``legal_actions()``), chance outcomes drawn with their
  probabilities, ``apply``. Every shipped scenario of the game in turn (game ``k`` plays
  scenario ``k mod n``), with the game's :attr:`~wargames.core.registry.Game.bot_options`.
- ``GAME Match``: the same games through a :class:`~wargames.Match` with
  :class:`~wargames.RandomAgent` on every side (agents see views; the log grows): the very
  games of the states row, drawn from the same generators.
- ``tic-tac-toe (OpenSpiel Python)``, ``chess (OpenSpiel C++)``: ``pyspiel`` games played the
  same way (``legal_actions``, a uniform pick, ``apply_action``; chance sampled by its
  probabilities), all of a peer's games from one generator made outside the timing
  (:data:`PEER_GENERATOR`: a generator made per game would cost tic-tac-toe some 8 %). Needs
  the ``[openspiel]`` extra.
- ``chess (python-chess)``: random legal moves until the game is over, if ``chess`` is
  installed (``pip install chess``).

Each round gives every contestant a rate and every game a ratio to tic-tac-toe and to C++
chess *of the same round*; the table shows the median rate and the median ratio with its
spread (lowest and highest round), so a busy machine moves the rates but hardly the ratios.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from importlib.util import find_spec
from itertools import count
from typing import Any

import numpy as np

import wargames
from wargames import CHANCE, Match, RandomAgent
from wargames.core.engine import GameState, pick_outcome

Play = Callable[[int], int]
"""One seeded game; returns the number of decisions."""


# -- our games --------------------------------------------------------------------------------


def starts(game: str) -> Callable[[int], GameState]:
    """The initial state of game ``k``: every shipped scenario in turn, with the bot options."""
    described = wargames.game(game)
    names = sorted(described.scenarios())
    options = dict(described.bot_options)
    first = {name: described.start(name, options) for name in names}  # loaded once, reused
    return lambda k: first[names[k % len(names)]]


def on_states(game: str) -> Play:
    """Random playouts on states: uniform legal actions, chance by its probabilities. Game
    ``k`` is the very game :func:`through_match` plays: the dice drawn from a generator
    seeded ``k`` (the match's), each player's choices from a generator seeded as its random
    agent's, so the two rows differ only by what a ``Match`` costs (the cost of a decision
    varies much from game to game: other games in the two rows moved their ratio by several
    per cent, the same way in every run, since every run plays the same seeds)."""
    start = starts(game)

    def play(seed: int) -> int:
        state = start(seed)
        dice = np.random.default_rng(seed)
        rngs = {p: np.random.default_rng(seed + 10_000 * i) for i, p in enumerate(state.players)}
        decisions = 0
        sample = getattr(state, "random_action", None)
        while (player := state.current_player) is not None:
            # whose generator draws: the dice's, else the player's (a seat side/role's side's)
            rng = dice if player == CHANCE else rngs.get(player) or rngs[player.split("/")[0]]
            if sample is not None:
                action = state.random_action(rng)
            elif player == CHANCE:
                action = pick_outcome(state.chance_outcomes(), rng.random())
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            state = state.apply(action)
            decisions += 1
        return decisions

    return play


def through_match(game: str) -> Play:
    """The same games through a :class:`Match`, a :class:`RandomAgent` on every side."""
    start = starts(game)

    def play(seed: int) -> int:
        state = start(seed)
        agents = {p: RandomAgent(seed + 10_000 * i) for i, p in enumerate(state.players)}
        match = Match(state, seed=seed, agents=agents)
        match.run()
        return len(match.actions)

    return play


# -- the peers --------------------------------------------------------------------------------

PEER_GENERATOR = 0
"""The seed of the one generator each peer draws all its games from, made when the contestant
is, outside the timing. A generator per game, as our games have (their pairing with the
``Match`` row needs it), costs about 7.6 us to make: some 8 % of a tic-tac-toe game of 7.6
decisions, which would count against the peer (measured: 1.087 times the rate with one
generator, median of 10 rounds), against 0.07 us a decision, 0.3 %, of a horde game of some 330
decisions and its three generators."""


def openspiel(name: str) -> Play:
    """Random playouts of an OpenSpiel game (``pyspiel.load_game(name)``), every game drawn from
    one generator (:data:`PEER_GENERATOR`)."""
    import pyspiel

    if name.startswith("python_"):
        import open_spiel.python.games  # noqa: F401  (registers OpenSpiel's Python games)

    loaded = pyspiel.load_game(name)
    rng = np.random.default_rng(PEER_GENERATOR)

    def play(seed: int) -> int:
        state = loaded.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = pick_outcome(outcomes, rng.random())
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            state.apply_action(action)
            decisions += 1
        return decisions

    return play


def python_chess() -> Play:
    """Random legal moves with python-chess until the game is over, every game drawn from one
    generator (:data:`PEER_GENERATOR`)."""
    import chess

    rng = np.random.default_rng(PEER_GENERATOR)

    def play(seed: int) -> int:
        board = chess.Board()
        decisions = 0
        while not board.is_game_over(claim_draw=False):
            legal = list(board.legal_moves)
            board.push(legal[int(rng.random() * len(legal))])
            decisions += 1
        return decisions

    return play


TIC_TAC_TOE = "tic-tac-toe (OpenSpiel Python)"
CHESS = "chess (OpenSpiel C++)"


def contestants(games: list[str], peers: bool) -> dict[str, Play]:
    """Every contestant of the run, by its label."""
    found: dict[str, Play] = {}
    for game in games:
        found[f"{game} states"] = on_states(game)
        found[f"{game} Match"] = through_match(game)
    if peers and find_spec("pyspiel"):
        found[TIC_TAC_TOE] = openspiel("python_tic_tac_toe")
        found[CHESS] = openspiel("chess")
    if peers and find_spec("chess"):
        found["chess (python-chess)"] = python_chess()
    return found


# -- the run ----------------------------------------------------------------------------------


def timed(play: Play, seeds: Iterator[int], seconds: float) -> float:
    """Decisions per CPU second of whole games played until ``seconds`` have passed."""
    decisions = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        decisions += play(next(seeds))
        elapsed = time.process_time() - start
    return decisions / elapsed


def run(found: dict[str, Play], rounds: int, seconds: float) -> dict[str, list[float]]:
    """Decisions per second of every contestant in every round (interleaved, rotating)."""
    seeds = {label: count() for label in found}
    for label, play in found.items():  # warm: data loaded, caches of a first game made
        play(next(seeds[label]))
    rates: dict[str, list[float]] = {label: [] for label in found}
    labels = list(found)
    for r in range(rounds):
        for label in labels[r % len(labels) :] + labels[: r % len(labels)]:
            rates[label].append(timed(found[label], seeds[label], seconds))
        print(f"round {r + 1}/{rounds} done", file=sys.stderr, flush=True)
    return rates


def ratios(rates: dict[str, list[float]], peer: str) -> dict[str, list[float]]:
    """Every contestant's rate over ``peer``'s rate of the same round."""
    if peer not in rates:
        return {}
    return {
        label: [a / b for a, b in zip(r, rates[peer], strict=True)] for label, r in rates.items()
    }


def summary(rates: dict[str, list[float]]) -> list[dict[str, Any]]:
    """A row per contestant: median rate, and median/lowest/highest ratio to each peer."""
    to_ttt, to_chess = ratios(rates, TIC_TAC_TOE), ratios(rates, CHESS)
    rows = []
    for label, r in rates.items():
        row: dict[str, Any] = {"contestant": label, "decisions_per_second": statistics.median(r)}
        for key, table in (("tic_tac_toe", to_ttt), ("chess", to_chess)):
            if table:
                row[key] = {
                    "median": statistics.median(table[label]),
                    "low": min(table[label]),
                    "high": max(table[label]),
                }
        rows.append(row)
    return rows


def ratio_cell(row: dict[str, Any], key: str) -> str:
    spread = row.get(key)
    if spread is None:
        return "–"
    return f"{spread['median']:.2f} ({spread['low']:.2f}–{spread['high']:.2f})"


def markdown(rows: list[dict[str, Any]], rounds: int) -> str:
    """The table of the docs page "Performance"."""
    lines = [
        "| contestant | decisions/s (median) | ratio to tic-tac-toe (lowest–highest) "
        "| ratio to C++ chess |",
        "|---|---:|---:|---:|",
    ]
    for row in rows:
        lines.append(
            f"| {row['contestant']} | {row['decisions_per_second']:,.0f} "
            f"| {ratio_cell(row, 'tic_tac_toe')} | {ratio_cell(row, 'chess')} |"
        )
    lines.append(f"\n{rounds} interleaved rounds, CPU time; ratios are per round.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", nargs="*", default=None, help="our games (default: all)")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per turn")
    ap.add_argument("--no-peers", action="store_true", help="only our games")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    ap.add_argument("--markdown", action="store_true", help="print the docs table")
    a = ap.parse_args(argv)
    games = a.games if a.games is not None else list(wargames.games())
    rates = run(contestants(games, not a.no_peers), a.rounds, a.seconds)
    rows = summary(rates)
    if a.json:
        print(json.dumps({"rounds": a.rounds, "seconds": a.seconds, "rows": rows}, indent=1))
    elif a.markdown:
        print(markdown(rows, a.rounds))
    else:
        for row in rows:
            print(
                f"{row['contestant']:34s} {row['decisions_per_second']:>10,.0f}/s   "
                f"x tic-tac-toe {ratio_cell(row, 'tic_tac_toe'):>20s}   "
                f"x chess {ratio_cell(row, 'chess'):>20s}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
