"""Batch simulation: many bot games, locally or through any :class:`concurrent.futures.Executor`.

Example::

    import wargames
    from wargames.sim import summary, to_frame

    records = wargames.simulate("armageddon", 100, agents={"orks": "greedy"}, seed=0)
    summary(records)["wins"]        # {'orks': ..., 'imperium': ...}
    to_frame(records)               # one row per game, a pandas DataFrame (extra [data])

Game ``k`` is played with seed ``seed + k`` as :func:`wargames.play` plays it, so a batch is the
same whether it runs in a loop here, on a :class:`~concurrent.futures.ProcessPoolExecutor` or on
a Dask cluster (``client.get_executor()``), and any single game can be replayed from its record.

:func:`rows` turns records into one plain dict per game (no pandas needed); :func:`to_frame`
makes them a tidy :class:`pandas.DataFrame`. ``import wargames.sim`` does not import pandas.
"""

from __future__ import annotations

import copy
import gc
import os
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import Any

import attrs

import wargames
from wargames.core import bounds, registry
from wargames.core.engine import CHANCE, Agent, GameState, Label, Player, Record
from wargames.core.errors import (
    ArgumentError,
    CapabilityError,
    NotationError,
    RecordError,
    RuleViolation,
    UnknownNameError,
)
from wargames.core.registry import ScenarioArg
from wargames.core.scenario_value import ScenarioValue
from wargames.core.sources import ScenarioSource, scenario_name

__all__ = [
    "COLUMNS",
    "TASKS_PER_WORKER",
    "chunk_size",
    "rows",
    "simulate",
    "simulate_rows",
    "summary",
    "sweep",
    "to_frame",
    "workers_of",
]

AgentSpec = Mapping[Player, Agent | str]
Scenarios = (
    ScenarioArg | Sequence[ScenarioArg] | Mapping[Label, ScenarioArg] | Callable[[Any], ScenarioArg]
)
"""What a batch plays: one scenario, or a sweep of several (:func:`simulate`)."""
Sweep = list[tuple[Label, ScenarioArg]]
"""A batch's scenarios, each with the label its records get."""
Progress = Callable[[int], None]
"""``progress(k)``: ``k`` more games of a batch are over (for a progress bar)."""


def simulate(
    game_id: str,
    n: int,
    agents: AgentSpec | None = None,
    seed: int = 0,
    scenario: Scenarios = None,
    executor: Executor | None = None,
    *,
    parameters: Iterable[Label] | None = None,
    max_steps: int | None = None,
    chunksize: int | None = None,
    progress: Progress | None = None,
    **options: Any,
) -> list[Record]:
    """Play ``n`` games of ``game_id`` with seeds ``seed .. seed + n - 1``; their records in order.

    ``scenario`` is one scenario (a shipped id, a file's path, a scenario value of
    :func:`wargames.scenario`; ``None``: the default) or a *sweep* of several, each played
    ``n`` times with the same seeds, one after another, every record labelled
    (:attr:`Record.label`, the ``label`` column of :func:`to_frame`): a list (labelled by
    position), a dict (by key), or a function from a parameter to a scenario, called on each
    of ``parameters`` (labelled by the parameter)::

        mirror = wargames.scenario("horde", "mirror")
        records = wargames.simulate(
            "horde", 50, scenario=lambda m: mirror.with_magnitude("B1", m),
            parameters=[10, 20, 30],
        )

    ``agents`` maps players to agent names (``"random"``, ``"greedy"``) or agent objects, as in
    :func:`wargames.play`; players left out get ``"random"``. Agent objects are copied for every
    game (pickled on the way to an executor, deep-copied here), so each game starts from the
    agent as given and the batch does not depend on where or in which order the games run.
    Each record names the agents that played by name (:attr:`Record.agents`: the sides left out
    as ``"random"``; an agent object has no name and is not listed).

    ``executor`` is any :class:`concurrent.futures.Executor` (a process pool, a thread pool,
    Dask's ``client.get_executor()``); without one the games run one after another here.
    ``chunksize`` games go to the executor per task (more per task means less overhead for
    short games); ``None`` (the default) chooses it from the batch and the executor's workers
    (:func:`chunk_size`: some :data:`TASKS_PER_WORKER` tasks for each worker). ``max_steps``
    caps each game; ``options`` go to the game (after its ``bot_options``). ``progress(k)``
    is called here, in the caller's thread, each time ``k`` more games are over (a progress
    bar's ``update``: with an executor, a task's games at once).

    The numbers are bounded (:mod:`wargames.core.bounds`): ``n`` from 0 to 1,000,000,
    ``seed`` from 0 so that ``seed + n - 1`` stays below ``2**128``, ``chunksize`` from 1
    (or ``None``), ``max_steps`` up to 1,000,000 (:class:`~wargames.core.errors.ArgumentError`,
    a ``ValueError``). The game, the scenario, the options, the players named in ``agents``
    and the agent names are checked before any game is played: a bad one raises a
    :class:`~wargames.core.errors.WargamesError` (:class:`~wargames.core.errors.OptionError`,
    :class:`~wargames.core.errors.UnknownNameError`) at once, not in a worker.
    """
    played = _batch(
        game_id,
        n,
        agents,
        seed,
        sweep(scenario, parameters),
        executor,
        max_steps,
        chunksize,
        progress,
        options,
        with_rows=False,
    )
    return [record for record, _ in played]


def simulate_rows(
    game_id: str,
    n: int,
    agents: AgentSpec | None = None,
    seed: int = 0,
    scenario: Scenarios = None,
    executor: Executor | None = None,
    *,
    parameters: Iterable[Label] | None = None,
    max_steps: int | None = None,
    chunksize: int | None = None,
    progress: Progress | None = None,
    **options: Any,
) -> tuple[list[Record], list[dict[str, Any]]]:
    """:func:`simulate` and :func:`rows` in one pass: the records of the batch and one row per
    game, each row made where the game was played from its last state and its log, so no game
    is replayed (:func:`rows` replays each record, which costs about as much again as playing
    it with random bots). The arguments are :func:`simulate`'s; ``to_frame(rows)`` makes the
    rows a DataFrame."""
    played = _batch(
        game_id,
        n,
        agents,
        seed,
        sweep(scenario, parameters),
        executor,
        max_steps,
        chunksize,
        progress,
        options,
        with_rows=True,
    )
    return [record for record, _ in played], [row for _, row in played if row is not None]


Played = list[tuple[Record, dict[str, Any] | None]]
"""Games played in a batch: each one's record, and its row if asked for."""


def _batch(
    game_id: str,
    n: int,
    agents: AgentSpec | None,
    seed: int,
    scenarios: Sweep,
    executor: Executor | None,
    max_steps: int | None,
    chunksize: int | None,
    progress: Progress | None,
    options: dict[str, Any],
    with_rows: bool,
) -> Played:
    """Check the batch's arguments, then play it here or on ``executor`` (see
    :func:`simulate`)."""
    n = bounds.whole("n", n, 0, bounds.MAX_GAMES)
    seed = bounds.whole("seed", seed, 0, bounds.MAX_SEED - max(n, 1))
    if chunksize is not None:
        chunksize = bounds.whole("chunksize", chunksize, 1, bounds.MAX_GAMES)
    if max_steps is not None:
        bounds.whole("max_steps", max_steps, 0, bounds.MAX_STEPS)
    if n * len(scenarios) > bounds.MAX_GAMES:
        raise ArgumentError("n", f"{n} games of {len(scenarios)} scenarios: more than "
                            f"{bounds.MAX_GAMES:,} in one batch")  # fmt: skip
    specs = dict(agents or {})
    jobs = []
    for label, scenario in scenarios:
        _check(game_id, specs, scenario, options)
        jobs.append((game_id, specs, _carried(scenario), max_steps, options, with_rows, label))
    done = progress or _nothing
    if executor is None:
        played: Played = []
        for job in jobs:
            for s in range(seed, seed + n):
                played += _play_many([s], *job)
                done(1)
        return played
    if chunksize is None:
        chunksize = min(chunk_size(n * len(jobs), workers_of(executor)), max(n, 1))
    chunks = [range(s, min(s + chunksize, seed + n)) for s in range(seed, seed + n, chunksize)]
    futures = [executor.submit(_play_many, chunk, *job) for job in jobs for chunk in chunks]
    _wait(futures, [len(chunk) for _ in jobs for chunk in chunks], done)
    return [game for future in futures for game in future.result()]


TASKS_PER_WORKER = 8
"""How many tasks a batch gives each worker of an executor when it chooses the chunk size
(:func:`chunk_size`): several, so that a worker that drew short games takes another task
while the others finish theirs, but few, so that what a task costs besides its games (the
scheduler's bookkeeping, a Dask task's round trips: some milliseconds) is spread over many
games."""


def chunk_size(games: int, workers: int) -> int:
    """The games per task of a batch of ``games`` on ``workers`` workers when ``simulate`` is
    given no ``chunksize``: enough for :data:`TASKS_PER_WORKER` tasks a worker (at least 1).
    400 games on 2 workers go 25 a task."""
    return max(1, -(-games // (TASKS_PER_WORKER * max(workers, 1))))


def workers_of(executor: Executor) -> int:
    """How many games ``executor`` plays at once: a process (thread) pool's workers, the
    threads of a Dask cluster's workers (``client.get_executor()``, asked of the scheduler
    when the batch starts), else the machine's CPUs."""
    pooled = getattr(executor, "_max_workers", None)
    if isinstance(pooled, int) and pooled > 0:
        return pooled
    client = getattr(executor, "_client", None)  # distributed's ClientExecutor
    if client is not None and hasattr(client, "nthreads"):
        threads = sum(client.nthreads().values())
        if threads > 0:
            return int(threads)
    return os.cpu_count() or 1


def sweep(scenario: Scenarios, parameters: Iterable[Label] | None = None) -> Sweep:
    """The scenarios of a batch with their labels (see :func:`simulate`): one scenario
    unlabelled, a list by position, a dict by key, a function by each of ``parameters``
    (:class:`~wargames.core.errors.ArgumentError` for a function without parameters, or
    parameters without a function; a label must be JSON-ready: text, a number, true/false)."""
    if callable(scenario) and not isinstance(scenario, ScenarioValue):
        if parameters is None:
            raise ArgumentError(
                "parameters", "a scenario function needs the parameters to call it on"
            )
        found: Sweep = [(p, scenario(p)) for p in parameters]
    elif parameters is not None:
        raise ArgumentError("parameters", "given without a scenario function to call on them")
    elif scenario is None or isinstance(scenario, str | ScenarioSource | ScenarioValue):
        return [(None, scenario)]
    elif isinstance(scenario, Mapping):
        found = list(scenario.items())
    else:
        found = list(enumerate(scenario))
    if not found:
        raise ArgumentError("scenario", "a sweep of no scenarios")
    for label, _ in found:
        if label is not None and not isinstance(label, str | int | float | bool):
            raise ArgumentError("scenario", f"a sweep's label must be text, a number or "
                                f"true/false, got {type(label).__name__}")  # fmt: skip
    return found


def _carried(scenario: ScenarioArg) -> ScenarioArg:
    """The scenario as a batch hands it to its games: a value as its document (a source)."""
    return scenario.source() if isinstance(scenario, ScenarioValue) else scenario


def _nothing(_: int) -> None:
    """No progress shown."""


def _wait(futures: Sequence[Future[Any]], sizes: Sequence[int], progress: Progress) -> None:
    """Wait for every future, telling ``progress`` how many games each one held as it ends."""
    size = {id(f): k for f, k in zip(futures, sizes, strict=True)}
    for future in as_completed(futures):
        progress(size[id(future)])


def _check(game_id: str, agents: AgentSpec, scenario: ScenarioArg, options: dict[str, Any]) -> None:
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
    seeds: Sequence[int],
    game_id: str,
    agents: dict[Player, Agent | str],
    scenario: ScenarioArg,
    max_steps: int | None,
    options: dict[str, Any],
    with_rows: bool,
    label: Label = None,
) -> Played:
    """Play one game per seed, as :func:`wargames.play` does; each record with the agents' names,
    the sweep's ``label`` and, ``with_rows``, the game's row (this runs in the worker of an
    executor)."""
    played: Played = []
    names = _agent_names(game_id, agents)
    for seed in seeds:
        fresh = {p: a if isinstance(a, str) else copy.deepcopy(a) for p, a in agents.items()}
        match = wargames.match(game_id, fresh, seed, scenario, **options)
        match.run(max_steps)
        record = attrs.evolve(match.record(), agents=names, label=label)
        decisions = sum(1 for player in match.players if player != CHANCE)
        played.append((record, _row(record, match.state, decisions) if with_rows else None))
        del match
        _freeze_what_is_loaded()
    return played


_frozen: set[int] = set()
"""The processes (by id) that froze what they had loaded (:func:`_freeze_what_is_loaded`)."""


def _freeze_what_is_loaded() -> None:
    """Once per process, after its first game of a batch: collect, then move everything alive
    (the modules, the game's data and scenario, the caches the first game warmed) into the
    collector's permanent generation (:func:`gc.freeze`), so that its full passes over the rest
    of the batch no longer walk them: they live as long as the process anyway. It is done here,
    not in :func:`wargames.load`, because a freeze holds whatever cyclic garbage is alive at that
    moment for good: after a full collection, once per process, nothing is held that would not
    live on anyway. (Objects frozen are still freed when no longer referenced, as a cache's
    evicted entries are.)"""
    import os

    pid = os.getpid()
    if pid in _frozen:
        return
    _frozen.add(pid)
    gc.collect()
    gc.freeze()


def _agent_names(game_id: str, agents: Mapping[Player, Agent | str]) -> dict[Player, str]:
    """Who plays each side by name (``random`` for a side left out, as in
    :func:`wargames.match`), then the seats given their own agent; agent objects left out."""
    given = {p: a for p, a in agents.items()}
    names: dict[Player, str] = {}
    for player in (*registry.game(game_id).players, *given):
        spec = given.get(player, "random")
        if isinstance(spec, str):
            names[player] = spec
    return names


# -- one row per game --------------------------------------------------------------------------

COLUMNS = ("seed", "game", "scenario", "winner", "reason", "turns", "decisions", "actions")
"""The columns of every row (:func:`rows`), in order; ``agent_PLAYER`` columns follow
``scenario`` and the game's own :attr:`~wargames.core.registry.Game.summary` columns come
last."""


def rows(records: Iterable[Record], executor: Executor | None = None) -> list[dict[str, Any]]:
    """One JSON-ready dict per record, in order: :data:`COLUMNS`, who played, and the game's
    summary of its last position.

    * ``seed``, ``game``; ``scenario``: the scenario's id (the game's default filled in) or a
      user's scenario's name;
    * ``agent_PLAYER`` for every player the record names (:attr:`Record.agents`);
    * ``winner`` (``None`` for a draw or a game not over), ``reason`` (``None`` for a game not
      over: one stopped by ``max_steps``), ``turns`` (:attr:`Outcome.turn`, ``None`` when not
      over or not told);
    * ``decisions``: the actions taken by players, ``actions``: every action, dice included;
    * the game's figures of the last position (:attr:`~wargames.core.registry.Game.summary`:
      ``hives_orks``, ``magnitude_red``...).

    The decisions and the last position are found by replaying each record (every action
    checked, as :func:`wargames.replay` does, a bad one a
    :class:`~wargames.core.errors.RecordError` naming it), on ``executor`` if one is given
    (in chunks, like :func:`simulate`).
    """
    batch = list(records)
    if executor is None:
        return _rows_of(batch)
    size = max(1, min(16, len(batch) // 32))
    futures = [executor.submit(_rows_of, batch[i : i + size]) for i in range(0, len(batch), size)]
    return [row for future in futures for row in future.result()]


def _rows_of(records: Sequence[Record]) -> list[dict[str, Any]]:
    """The rows of ``records`` (this runs in the worker of an executor)."""
    return [_row(record, *_last_state(record)) for record in records]


def _last_state(record: Record) -> tuple[GameState, int]:
    """The record's last state and how many of its actions were players' decisions: every
    action applied again and checked, keeping only the current state."""
    record.check_replayable()
    try:
        g = registry.game(record.game)
    except UnknownNameError as exc:
        raise RecordError("game", exc.message) from None
    state = wargames._initial(g, record)
    decisions = 0
    for i, action in enumerate(record.actions):
        if state.current_player != CHANCE:
            decisions += 1
        try:
            state = state.apply(action)
        except (RuleViolation, NotationError) as exc:
            raise RecordError(f"actions[{i}]", f"{action!r} cannot be applied: {exc}") from exc
    return state, decisions


def _row(record: Record, last: GameState, decisions: int) -> dict[str, Any]:
    """One game's row from its record and last state (see :func:`rows`)."""
    g = registry.game(record.game)
    outcome = record.outcome
    row: dict[str, Any] = {
        "seed": record.seed,
        "game": record.game,
        "scenario": scenario_name(record.scenario) or g.default_scenario,
    }
    if record.label is not None:
        row["label"] = record.label
    row.update({f"agent_{player}": name for player, name in record.agents.items()})
    row.update(
        winner=None if outcome is None else outcome.winner,
        reason=None if outcome is None else outcome.reason,
        turns=None if outcome is None else outcome.turn,
        decisions=decisions,
        actions=len(record.actions),
    )
    if g.summary is not None:
        for column, value in g.summary(last).items():
            row.setdefault(column, value)  # the columns above are never overwritten
    return row


def to_frame(batch: Iterable[Record | Mapping[str, Any]], executor: Executor | None = None) -> Any:
    """A tidy :class:`pandas.DataFrame` of a batch: one row per game, in order (the columns
    of :func:`rows`: :data:`COLUMNS` with the ``agent_PLAYER`` columns after ``scenario`` and
    the games' summary columns last; a column a game does not have is empty for its rows).

    ``batch`` holds records (replayed by :func:`rows`, on ``executor`` if one is given) or rows
    already made (from :func:`simulate_rows`, or :func:`rows` read back from JSON).

    Needs pandas (``pip install "wargames-rules[data]"``; without it a
    :class:`~wargames.core.errors.CapabilityError`); pandas is imported here only. ``turns``
    is a nullable whole-number column; a seed too large for 64 bits keeps the column as Python
    integers.
    """
    pd = _pandas()
    games = list(batch)
    replayed = iter(rows([g for g in games if isinstance(g, Record)], executor))
    table = [dict(g) if not isinstance(g, Record) else next(replayed) for g in games]
    names = list(dict.fromkeys(key for row in table for key in row))
    agents = [c for c in names if c.startswith("agent_")]
    label = ["label"] if "label" in names else []
    columns = [*COLUMNS[:3], *label, *agents, *COLUMNS[3:]]
    columns += [c for c in names if c not in columns]
    frame = pd.DataFrame.from_records(table, columns=columns)
    frame["turns"] = frame["turns"].astype("Int64")
    return frame


def _pandas() -> Any:
    """The pandas module, or a :class:`CapabilityError` saying how to install it."""
    try:
        import pandas
    except ImportError:
        raise CapabilityError(
            'wargames.sim.to_frame needs pandas: pip install "wargames-rules[data]"'
        ) from None
    return pandas


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
