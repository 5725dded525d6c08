"""``wargames simulate``: a batch of bot games, here, on worker processes or on a Dask
cluster, summed up, or one row per game as JSON or CSV (:mod:`wargames.sim`)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from wargames import sim
from wargames.cli.arguments import (
    Parser,
    add_options,
    add_players,
    chosen_options,
    find_game,
    player_dest,
    whole,
)
from wargames.cli.output import PROG, describe, print_json
from wargames.core import bounds, registry
from wargames.core.engine import Record
from wargames.core.errors import CapabilityError
from wargames.core.sources import scenario_name
from wargames.terminal.errors import CommandError

MAX_JOBS = 256
"""The most worker processes ``simulate --jobs`` starts."""


DASK_TIMEOUT = 5
"""Seconds ``simulate --dask`` waits for the scheduler to answer."""


def _parser(g: registry.Game | None, add_help: bool = True) -> Parser:
    parser = Parser(
        prog=f"{PROG} simulate",
        usage=(
            f"{PROG} simulate GAME N [--jobs K | --dask ADDRESS] [--scenario NAME] [--seed S]\n"
            f"{' ' * 25}[--PLAYER AGENT ...] [options] [--csv FILE | --json]"
        ),
        description=(
            "Play N games of GAME with bots on every side, seeds S to S + N - 1, and print the "
            "wins and lengths. Each game is the one 'wargames play GAME --seed SEED' plays."
        ),
        add_help=add_help,
    )
    parser.add_argument("game", metavar="GAME", nargs=None if g else "?", help="the game id")
    parser.add_argument(
        "n",
        metavar="N",
        nargs=None if g else "?",
        type=whole(0, bounds.MAX_GAMES, f"{bounds.MAX_GAMES:,}"),
        help=f"how many games, 0 to {bounds.MAX_GAMES:,}",
    )
    parser.add_argument("--scenario", metavar="NAME", help="a scenario (default: the game's)")
    parser.add_argument(
        "--seed",
        type=whole(0, bounds.MAX_SEED - 1, "2**128 - 1"),
        default=0,
        metavar="S",
        help="the seed of the first game (default: 0); game k has seed S + k",
    )
    parser.add_argument(
        "--max-steps",
        type=whole(0, bounds.MAX_STEPS, f"{bounds.MAX_STEPS:,}"),
        metavar="N",
        help="stop each game after N actions (it counts as unfinished)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs",
        type=whole(1, MAX_JOBS, str(MAX_JOBS)),
        default=1,
        metavar="K",
        help="play on K worker processes (default: 1, in this process)",
    )
    where.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="play on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786; "
        "needs the [dask] extra here and wargames-rules on the workers)",
    )
    out = parser.add_mutually_exclusive_group()
    out.add_argument(
        "--csv",
        metavar="FILE",
        help="write one row per game as CSV to FILE ('-': stdout; needs the [data] extra)",
    )
    out.add_argument(
        "--json", action="store_true", help="print the summary and one row per game as JSON"
    )
    if g is None:
        if not add_help:
            parser.add_argument("-h", "--help", action="store_true", dest="help")
        return parser
    add_players(parser, g, list(g.agents), "random")
    add_options(parser, g)
    return parser


def run(rest: list[str]) -> int:
    """``wargames simulate GAME N ...``: a batch of bot games (see the module docstring)."""
    first, _ = _parser(None, add_help=False).parse_known_args(rest)
    if first.game is None:
        if first.help:
            _parser(None).print_help()
            print("\nRun 'wargames simulate GAME --help' to see the players and options of GAME.")
            return 0
        raise CommandError(
            "the following arguments are required: GAME, N (see 'wargames simulate -h')"
        )
    g = find_game(first.game)
    ns = _parser(g).parse_args(rest)
    if ns.csv is not None:
        _check_csv(ns.csv)
    agents = {
        player: getattr(ns, player_dest(i))
        for i, player in enumerate(g.players)
        if getattr(ns, player_dest(i)) is not None
    }
    batch = {
        "agents": agents,
        "seed": ns.seed,
        "scenario": ns.scenario,
        "max_steps": ns.max_steps,
        **chosen_options(ns, g),
    }
    sim.simulate(g.id, 0, **batch)  # every name and option checked before a worker starts
    with _executor(ns.jobs, ns.dask) as executor, _progress_bar(ns.n, g.id) as bar:
        records, table = sim.simulate_rows(g.id, ns.n, executor=executor, progress=bar, **batch)
    frame = sim.to_frame(table) if ns.csv is not None else None
    if ns.json:
        print_json({"summary": sim.summary(records), "games": table})
    elif ns.csv is not None:
        _write_csv(ns.csv, frame)
        if ns.csv != "-":
            _print_summary(g, records, agents, ns.seed)
    else:
        _print_summary(g, records, agents, ns.seed)
    return 0


@contextlib.contextmanager
def _executor(jobs: int, dask: str | None) -> Iterator[Executor | None]:
    """Where the games run: here (one job), a process pool, or a Dask cluster."""
    if dask is not None:
        with _dask_client(dask) as client:
            yield client.get_executor()
    elif jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield pool
    else:
        yield None


@contextlib.contextmanager
def _dask_client(address: str) -> Iterator[Any]:
    """A ``distributed.Client`` of the scheduler at ``address``, or a one-line error."""
    try:
        from distributed import Client
    except ImportError:
        raise CommandError(
            '--dask needs dask.distributed: pip install "wargames-rules[dask]"'
        ) from None
    try:
        client = Client(address, timeout=DASK_TIMEOUT)  # type: ignore[no-untyped-call]
    except Exception as exc:  # refused, timed out, a malformed address...
        raise CommandError(
            f"--dask: cannot reach the Dask scheduler at {address!r}: {describe(exc)}"
        ) from None
    with client:
        yield client


@contextlib.contextmanager
def _progress_bar(total: int, game_id: str) -> Iterator[sim.Progress | None]:
    """A tqdm progress bar on stderr when stderr is a terminal; nothing when it is not."""
    if not sys.stderr.isatty():
        yield None
        return
    from tqdm import tqdm

    with tqdm(total=total, desc=game_id, unit="game", file=sys.stderr, leave=False) as bar:
        yield bar.update


def _check_csv(file: str) -> None:
    """Refuse ``--csv FILE`` before any game is played: without pandas, or a FILE that cannot
    be written."""
    try:
        sim._pandas()
    except CapabilityError:
        raise CommandError('--csv needs pandas: pip install "wargames-rules[data]"') from None
    if file == "-":
        return
    path = Path(file)
    if path.is_dir():
        raise CommandError(f"--csv: {file} is a directory")
    if not path.parent.is_dir():
        raise CommandError(f"--csv: no directory {str(path.parent)!r} to write {path.name} in")


def _write_csv(file: str, frame: Any) -> None:
    """Write the batch's :func:`~wargames.sim.to_frame` to ``file`` (``-``: stdout)."""
    if file == "-":
        frame.to_csv(sys.stdout, index=False)
    else:
        frame.to_csv(file, index=False)


def _print_summary(
    g: registry.Game, records: list[Record], agents: Mapping[str, str], seed: int
) -> None:
    """The wins of each side with its agent, the draws, unfinished games and the lengths."""
    s = sim.summary(records)
    games = s["games"]
    seeds = f"seeds {seed} to {seed + games - 1}" if games > 1 else f"seed {seed}"
    scenario = scenario_name(records[0].scenario) if records else None
    played = f"{games} game{'s' * (games != 1)}, {seeds}" if games else "no games"
    print(f"{g.title}, scenario {scenario or g.default_scenario}: {played}")
    if not games:
        return
    lines = [
        (player, agents.get(player, "random") if player in g.players else "", wins, " wins")
        for player, wins in s["wins"].items()
    ]
    lines.append(("draws", "", s["draws"], ""))
    if s["unfinished"]:
        lines.append(("unfinished", "", s["unfinished"], ""))
    width = max(len(line[0]) for line in lines)
    for name, agent, count, what in lines:
        share = f"{count / games:.1%}" if games else ""
        print(f"  {name:<{width}}  {agent:<8} {count:>7}{what:<5}  {share:>6}")
    for key, unit in (("actions", "actions"), ("turns", g.length.unit + "s")):
        stats = s[key]
        if stats is not None:
            print(
                f"  {unit}: mean {stats['mean']:.1f}, median {stats['median']:g}, "
                f"min {stats['min']}, max {stats['max']}"
            )
