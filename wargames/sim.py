"""Batch simulation: many bot games, locally or through any :class:`concurrent.futures.Executor`.

Example::

    import wargames
    from wargames.sim import summary

    records = wargames.simulate("armageddon", 100, agents={"orks": "greedy"}, seed=0)
    summary(records)["wins"]        # {'orks': ..., 'imperium': ...}

Game ``k`` is played with seed ``seed + k`` by :func:`wargames.play`, so a batch is the same
whether it runs in a loop here, on a :class:`~concurrent.futures.ProcessPoolExecutor` or on a
Dask cluster (``client.get_executor()``), and any single game can be replayed from its record.
"""

from __future__ import annotations

import copy
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import wargames
from wargames.core import bounds, registry
from wargames.core.engine import Agent, Player, Record
from wargames.core.errors import UnknownNameError

__all__ = ["simulate", "summary"]

AgentSpec = Mapping[Player, Agent | str]


def simulate(
    game_id: str,
    n: int,
    agents: AgentSpec | None = None,
    seed: int = 0,
    scenario: str | None = None,
    executor: Executor | None = None,
    *,
    max_steps: int | None = None,
    chunksize: int = 1,
    **options: Any,
) -> list[Record]:
    """Play ``n`` games of ``game_id`` with seeds ``seed .. seed + n - 1``; their records in order.

    ``agents`` maps players to agent names (``"random"``, ``"greedy"``) or agent objects, as in
    :func:`wargames.play`; players left out get ``"random"``. Agent objects are copied for every
    game (pickled on the way to an executor, deep-copied here), so each game starts from the
    agent as given and the batch does not depend on where or in which order the games run.

    ``executor`` is any :class:`concurrent.futures.Executor` (a process pool, a thread pool,
    Dask's ``client.get_executor()``); without one the games run one after another here.
    ``chunksize`` games go to the executor per task (more per task means less overhead for
    short games). ``max_steps`` caps each game; ``options`` go to the game (after its
    ``bot_options``).

    The numbers are bounded (:mod:`wargames.core.bounds`): ``n`` from 0 to 1,000,000,
    ``seed`` from 0 so that ``seed + n - 1`` stays below ``2**128``, ``chunksize`` from 1,
    ``max_steps`` up to 1,000,000 (:class:`~wargames.core.errors.ArgumentError`, a
    ``ValueError``). The game, the scenario, the options, the players named in ``agents``
    and the agent names are checked before any game is played: a bad one raises a
    :class:`~wargames.core.errors.WargamesError` (:class:`~wargames.core.errors.OptionError`,
    :class:`~wargames.core.errors.UnknownNameError`) at once, not in a worker.
    """
    n = bounds.whole("n", n, 0, bounds.MAX_GAMES)
    seed = bounds.whole("seed", seed, 0, bounds.MAX_SEED - max(n, 1))
    chunksize = bounds.whole("chunksize", chunksize, 1, bounds.MAX_GAMES)
    if max_steps is not None:
        bounds.whole("max_steps", max_steps, 0, bounds.MAX_STEPS)
    specs = dict(agents or {})
    _check(game_id, specs, scenario, options)
    if executor is None:
        return _play_many(game_id, specs, range(seed, seed + n), scenario, max_steps, options)
    chunks = [range(s, min(s + chunksize, seed + n)) for s in range(seed, seed + n, chunksize)]
    futures = [
        executor.submit(_play_many, game_id, specs, chunk, scenario, max_steps, options)
        for chunk in chunks
    ]
    return [record for future in futures for record in future.result()]


def _check(game_id: str, agents: AgentSpec, scenario: str | None, options: dict[str, Any]) -> None:
    """Check the batch's names and options once, as :func:`wargames.match` would."""
    g = registry.game(game_id)
    merged = {**g.bot_options, **options}
    g.check_scenario(scenario)
    g.check_options(merged)
    g.check_players(agents, scenario, merged)
    for spec in agents.values():
        if isinstance(spec, str) and spec not in g.agents:
            raise UnknownNameError("agent", spec, g.agents, listed=f"{g.id} has")


def _play_many(
    game_id: str,
    agents: dict[Player, Agent | str],
    seeds: Sequence[int],
    scenario: str | None,
    max_steps: int | None,
    options: dict[str, Any],
) -> list[Record]:
    """Play one game per seed (this runs in the worker of an executor)."""
    records = []
    for seed in seeds:
        fresh = {p: a if isinstance(a, str) else copy.deepcopy(a) for p, a in agents.items()}
        records.append(
            wargames.play(
                game_id, agents=fresh, seed=seed, scenario=scenario, max_steps=max_steps, **options
            )
        )
    return records


def summary(records: Sequence[Record]) -> dict[str, Any]:
    """Wins per player, draws, unfinished games and game lengths of a batch of records.

    Returns a JSON-ready dict::

        {"games": 100, "wins": {"orks": 61, "imperium": 22}, "draws": 17, "unfinished": 0,
         "win_rate": {"orks": 0.61, "imperium": 0.22},
         "actions": {"mean": 812.4, "median": 790.0, "min": 402, "max": 1630},
         "turns": {"mean": 6.2, "median": 7.0, "min": 2, "max": 8}}

    Every player of the records' games is listed in ``wins`` (with 0 if it never won). Lengths
    count every action, dice included; ``turns`` uses ``outcome.turn`` of the finished games
    that report it and is ``None`` when none do. A game stopped by ``max_steps`` (no outcome)
    is ``unfinished``.
    """
    wins: Counter[str] = Counter()
    for game_id in dict.fromkeys(r.game for r in records):
        try:
            players = registry.game(game_id).players
        except Exception:  # a record of a game not installed here: list its winners only
            players = ()
        for player in players:
            wins[player] += 0
    draws = unfinished = 0
    for record in records:
        if record.outcome is None:
            unfinished += 1
        elif record.outcome.winner is None:
            draws += 1
        else:
            wins[record.outcome.winner] += 1
    games = len(records)
    turns = [
        r.outcome.turn for r in records if r.outcome is not None and r.outcome.turn is not None
    ]
    return {
        "games": games,
        "wins": dict(wins),
        "draws": draws,
        "unfinished": unfinished,
        "win_rate": {p: (w / games if games else 0.0) for p, w in wins.items()},
        "actions": _stats([len(r.actions) for r in records]),
        "turns": _stats(turns),
    }


def _stats(values: list[int]) -> dict[str, float | int] | None:
    if not values:
        return None
    return {
        "mean": statistics.fmean(values),
        "median": float(statistics.median(values)),
        "min": min(values),
        "max": max(values),
    }
