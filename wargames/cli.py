"""The ``wargames`` command: list the games, play one, replay a record, compute odds.

Every game is found through the registry (:func:`wargames.core.registry.game`), never by
module name, so a plugin installed with its own entry point works here at once::

    wargames games                                  # ids and titles of the installed games
    wargames scenarios armageddon                   # its scenarios, titled (the default marked)
    wargames scenarios armageddon --long            # ... with their titles and descriptions
    wargames options warmaster                      # a game's options: type, default, allowed
    wargames check scenarios/horde/waaagh.toml      # every problem of a scenario file, or ok
    wargames play warmaster --turn-cap 20           # options become flags of 'play'
    wargames play armageddon --orks greedy --seed 7 # a whole game, logged turn by turn
    wargames play armageddon --imperium human       # you play the Imperium at the terminal
    wargames play --resume wargames-armageddon-7.json  # play on a game saved at the prompt
    wargames play armageddon --json > game.json     # the record only, as one JSON object
    wargames play warmaster --as imperial --json    # the record as the Imperial player saw it
    wargames replay game.json                       # replays it and checks the outcome
    wargames odds armageddon ...                    # the game's own odds calculator
    wargames simulate armageddon 100 --jobs 2       # a batch of bot games: wins, lengths
    wargames simulate horde 500 --red greedy --csv horde.csv  # one row per game (pandas)
    wargames simulate warmaster 1000 --dask tcp://scheduler:8786  # on a Dask cluster

The flags of ``play`` come from the game's descriptor: one ``--PLAYER AGENT`` per side and one
flag per option of its schema (:mod:`wargames.core.options`; ``turn_cap`` is ``--turn-cap``),
so a game has ``--players`` only if it declares that option.

``play --as PLAYER`` shows the game as PLAYER saw it: the log and the ``--json`` record are
redacted for PLAYER (:meth:`~wargames.core.engine.GameState.redact`: ``traitor: place ? ?``,
``chance: draw ?``) and the record leaves the seed out. With exactly one ``human`` player the log
is shown as that player sees it anyway (the ``--json`` record stays full unless ``--as`` is
given). A redacted record cannot be replayed: ``wargames replay`` refuses it.

Playing as ``human`` is :mod:`wargames.terminal` (the prompt, its commands, save and resume).
Every error prints one line ``wargames: error: ...`` on stderr and exits with status 2; a
misspelt game, scenario, agent, option, flag or command gets a "did you mean" hint.
``check`` prints one line per problem of the file (``file: key: problem``) and exits with
status 2 (:func:`wargames.check_scenario`).

``simulate GAME N`` plays N bot games with seeds ``--seed`` (0) to ``--seed + N - 1``
(:func:`wargames.simulate`), on ``--jobs K`` worker processes or a Dask scheduler (``--dask
ADDRESS``), with a progress bar on stderr when it is a terminal. It prints the batch's wins and
lengths (:func:`wargames.sim.summary`), ``--json`` that and one row per game
(:func:`wargames.sim.rows`), ``--csv FILE`` writes the rows as CSV (:func:`wargames.sim.to_frame`,
which needs pandas). Its flags for players and options are those of ``play``.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import json
import os
import re
import secrets
import sys
from collections.abc import Iterator, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any, NoReturn

import wargames
from wargames import sim
from wargames.core import bounds, registry
from wargames.core.check import MAX_PROBLEMS, check_file, describe_scenario
from wargames.core.engine import Record
from wargames.core.errors import (
    CapabilityError,
    OptionError,
    RecordError,
    RuleViolation,
    ScenarioError,
    UnknownNameError,
    WargamesError,
)
from wargames.core.options import Option
from wargames.core.scenario import decoded, read_file
from wargames.core.sources import scenario_name
from wargames.terminal.errors import CommandError, EndOfInput
from wargames.terminal.log import (
    CHANCE_LABEL,
    LogPrinter,
    label,
    outcome_line,
    outcome_text,
    turn_of,
)
from wargames.terminal.prompt import HumanAgent
from wargames.terminal.session import (
    HUMAN,
    PLAY_EPILOG,
    Session,
    Table,
    agents_chosen,
    new_match,
)

__all__ = ["CHANCE_LABEL", "HUMAN", "CommandError", "EndOfInput", "HumanAgent", "main", "new_match"]

# The terminal play lives in wargames.terminal; these names stay importable from here.
_LogPrinter = LogPrinter
_label = label
_turn = turn_of
_outcome_line = outcome_line
_outcome_text = outcome_text

PROG = "wargames"
EXIT_ERROR = 2


# -- entry point -----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Run the ``wargames`` command with ``argv`` (default: ``sys.argv[1:]``); the exit status.

    0 on success, 2 on any error (one line on stderr, never a traceback; set the environment
    variable ``WARGAMES_DEBUG=1`` to see the traceback of an unexpected error).
    """
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        return _dispatch(args)
    except SystemExit as exc:  # --help and --version end here
        return exc.code if isinstance(exc.code, int) else 0
    except KeyboardInterrupt:
        _error("interrupted")
        return 130
    except BrokenPipeError:  # `wargames play ... | head`
        _silence_stdout()
        return 0
    except Exception as exc:
        if os.environ.get("WARGAMES_DEBUG") and not isinstance(exc, CommandError):
            raise
        _error(_describe(exc))
        return EXIT_ERROR


def _dispatch(args: list[str]) -> int:
    # `play` builds its options from the game's players and `odds` hands its arguments to the
    # game, so both are parsed by hand once the command word is known.
    command = args[0] if args else ""
    if command == "play":
        return _play(args[1:])
    if command == "odds":
        return _odds(args[1:])
    if command == "simulate":
        return _simulate(args[1:])
    ns = _top_parser().parse_args(args)
    if ns.command == "games":
        return _games(ns.json)
    if ns.command == "scenarios":
        return _scenarios(ns.game, ns.json, ns.long)
    if ns.command == "options":
        return _options(ns.game, ns.json)
    if ns.command == "replay":
        return _replay(ns.file, ns.json, ns.quiet)
    if ns.command == "check":
        return _check(ns.file, ns.game)
    raise CommandError(f"unknown command {ns.command!r}")  # pragma: no cover - argparse checks


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one-line :class:`CommandError`s, not exits."""

    def error(self, message: str) -> NoReturn:
        raise CommandError(f"{message}{self._suggestion(message)} (see '{self.prog} --help')")

    def _suggestion(self, message: str) -> str:
        """``; did you mean 'greedy'?`` for a misspelt choice (an agent, a command) or flag
        (an option such as ``--turn-cpa``), else nothing."""
        choice = _INVALID_CHOICE.search(message)
        if choice:
            return did_you_mean(choice.group(1), _QUOTED.findall(choice.group(2)))
        unknown = _UNRECOGNIZED.search(message)
        if unknown:
            return did_you_mean(unknown.group(1), self._flags())
        return ""

    def _flags(self) -> list[str]:
        """The flags of this parser and of its commands' parsers."""
        flags = list(self._option_string_actions)
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                for parser in action.choices.values():
                    flags += parser._option_string_actions
        return flags


_INVALID_CHOICE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)")
_UNRECOGNIZED = re.compile(r"unrecognized arguments: (-\S+)")
_QUOTED = re.compile(r"'([^']*)'")


def did_you_mean(name: str, choices: list[str]) -> str:
    """``; did you mean 'x'?`` for the closest of ``choices`` to ``name`` (difflib), else
    nothing: the same hint :class:`~wargames.core.errors.UnknownNameError` gives."""
    close = difflib.get_close_matches(name, choices, n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _top_parser() -> _Parser:
    top = _Parser(
        prog=PROG,
        description="Play tabletop wargames by their rules.",
        epilog="Run 'wargames COMMAND --help' for a command's options.",
    )
    top.add_argument("--version", action="version", version=f"{PROG} {wargames.__version__}")
    sub = top.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=_Parser)
    games = sub.add_parser("games", help="list the installed games")
    games.add_argument("--json", action="store_true", help="print JSON")
    play = sub.add_parser("play", help="play a game (see 'wargames play GAME --help')")
    play.add_argument("rest", nargs=argparse.REMAINDER)
    replay = sub.add_parser("replay", help="replay a JSON record and check its outcome")
    replay.add_argument(
        "file", metavar="FILE", help="a full record from 'play --json' ('-': stdin)"
    )
    replay.add_argument("--json", action="store_true", help="print the replayed log as JSON")
    replay.add_argument("--quiet", action="store_true", help="print only the outcome")
    odds = sub.add_parser("odds", help="the game's odds calculator: wargames odds GAME ARGS...")
    odds.add_argument("rest", nargs=argparse.REMAINDER)
    simulate = sub.add_parser(
        "simulate", help="play a batch of bot games (see 'wargames simulate GAME --help')"
    )
    simulate.add_argument("rest", nargs=argparse.REMAINDER)
    scenarios = sub.add_parser("scenarios", help="list a game's scenarios")
    scenarios.add_argument("game", metavar="GAME")
    scenarios.add_argument("--json", action="store_true", help="print JSON")
    scenarios.add_argument(
        "--long", "-l", action="store_true", help="with each scenario's title and description"
    )
    check = sub.add_parser(
        "check",
        help="check a scenario file and list every problem it has",
        description="Check a scenario file: one line per problem (file: key: problem) and "
        "exit status 2, or what the scenario is and exit status 0.",
    )
    check.add_argument("file", metavar="FILE", help="a scenario file (.toml)")
    check.add_argument(
        "--game", metavar="GAME", help="the game (default: the file's folder, else inferred)"
    )
    options = sub.add_parser("options", help="list a game's options (the flags of 'play')")
    options.add_argument("game", metavar="GAME")
    options.add_argument("--json", action="store_true", help="print JSON")
    return top


# -- games, scenarios, odds ------------------------------------------------------------------


def _game(game_id: str) -> registry.Game:
    """The registered game, with a one-line error for an unknown or broken plugin."""
    try:
        return registry.game(game_id)
    except KeyError as exc:
        raise CommandError(_first_arg(exc)) from None
    except Exception as exc:  # an installed plugin that fails to import
        raise CommandError(f"cannot load game {game_id!r}: {_describe(exc)}") from None


def _games(as_json: bool) -> int:
    rows: list[dict[str, Any]] = []
    for game_id in registry.games():
        try:
            g = _game(game_id)
        except CommandError as exc:
            rows.append({"id": game_id, "title": None, "players": [], "error": str(exc)})
        else:
            rows.append({"id": g.id, "title": g.title, "players": list(g.players)})
    if as_json:
        _print_json({"games": rows})
        return 0
    width = max((len(r["id"]) for r in rows), default=0)
    for row in rows:
        title = row["title"] if row["title"] is not None else f"(unavailable: {row['error']})"
        print(f"{row['id']:<{width}}  {title}")
    return 0


def _scenarios(game_id: str, as_json: bool, long: bool = False) -> int:
    g = _game(game_id)
    names = list(g.scenarios())
    if as_json:
        _print_json(
            {
                "game": g.id,
                "default": g.default_scenario,
                "scenarios": names,
                "info": [s.to_json() for s in g.scenario_list()],
            }
        )
        return 0
    width = max((len(name) for name in names), default=0)
    for info in g.scenario_list():
        mark = " (default)" if info.id == g.default_scenario else ""
        print(f"{info.id:<{width}}  {info.title}{mark}")
        if long and info.description:
            print(f"{'':<{width}}  {info.description}")
    return 0


def _check(file: str, game_id: str | None) -> int:
    """``wargames check FILE [--game GAME]``: every problem of a scenario file, one a line
    (exit 2), or what the scenario is (exit 0)."""
    if game_id is not None:
        _game(game_id)
    checked = check_file(file, game_id)
    if checked.problems:
        for problem in checked.problems:
            print(problem)
        count = len(checked.problems)
        more = ", the most one check lists" if count >= MAX_PROBLEMS else ""
        kind = f" in this {checked.game} scenario" if checked.game else ""
        print(f"{count} problem{'s' if count > 1 else ''}{kind}{more}", file=sys.stderr)
        return EXIT_ERROR
    print(f"{file}: ok")
    for key, value in describe_scenario(checked):
        print(f"  {key + ':':<9} {value}")
    return 0


def _options(game_id: str, as_json: bool) -> int:
    """``wargames options GAME``: each option's name, flag, type, default, allowed values
    and help, from the game's schema."""
    g = _game(game_id)
    if as_json:
        _print_json({"game": g.id, "options": [o.to_json() for o in g.options]})
        return 0
    if not len(g.options):
        print(f"{g.id} takes no options")
        return 0
    for option in g.options:
        print(f"{option.name} ({option.flag} {_metavar(option)})")
        print(f"    {option.help}")
        print(
            f"    type: {option.type_name}; default: {option.describe_default()}; "
            f"allowed: {option.allowed()}"
        )
    return 0


def _odds(rest: list[str]) -> int:
    if rest and rest[0] in ("-h", "--help"):
        print(
            "usage: wargames odds GAME ARGS... [--json]\n\n"
            "Hands ARGS to the game's odds calculator and prints its answer."
        )
        return 0
    as_json = "--json" in rest
    rest = [a for a in rest if a != "--json"]
    if rest[:1] == ["--"]:
        rest = rest[1:]
    if not rest:
        raise CommandError("the following arguments are required: GAME (see 'wargames odds -h')")
    g = _game(rest[0])
    args = rest[1:]
    if args[:1] == ["--"]:
        args = args[1:]
    try:
        answer = registry.odds_command(g.id, args)
    except CapabilityError as exc:
        raise CommandError(str(exc)) from None
    except (ValueError, KeyError, TypeError, WargamesError) as exc:
        raise CommandError(f"{g.id} odds: {_describe(exc)}") from None
    if not isinstance(answer, Mapping) or "text" not in answer:
        raise CommandError(f"{g.id}'s odds calculator returned no 'text'")
    if as_json:
        _print_json(dict(answer))
    else:
        print(answer["text"])
    return 0


# -- play ------------------------------------------------------------------------------------


def _play_parser(g: registry.Game | None, add_help: bool = True, resuming: bool = False) -> _Parser:
    parser = _Parser(
        prog=f"{PROG} play",
        usage=(
            f"{PROG} play GAME [options] [--PLAYER AGENT ...]\n"
            f"       {PROG} play --resume FILE [--PLAYER AGENT ...] [--svg FILE]"
        ),
        description="Play a whole game: bots on every side unless a player is 'human'.",
        epilog=PLAY_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        add_help=add_help,
    )
    parser.add_argument(
        "game", metavar="GAME", nargs=None if g and not resuming else "?", help="the game id"
    )
    parser.add_argument(
        "--resume",
        metavar="FILE",
        help="play on a game saved at the prompt (save, quit, Ctrl-D) or any full record",
    )
    parser.add_argument(
        "--svg", metavar="FILE", help="write the board as SVG to FILE after every turn"
    )
    parser.add_argument("--scenario", metavar="NAME", help="a scenario (default: the game's)")
    parser.add_argument(
        "--seed",
        type=_whole(0, bounds.MAX_SEED - 1, "2**128 - 1"),
        metavar="N",
        help="seed of dice and bots, 0 to 2**128 - 1 (default: a fresh one)",
    )
    parser.add_argument(
        "--max-steps",
        type=_whole(0, bounds.MAX_STEPS, f"{bounds.MAX_STEPS:,}"),
        metavar="N",
        help=f"stop after N actions, 0 to {bounds.MAX_STEPS:,} (the most a record holds)",
    )
    parser.add_argument("--json", action="store_true", help="print only the record, as JSON")
    parser.add_argument("--quiet", action="store_true", help="print only the outcome")
    if g is None:
        if not add_help:
            parser.add_argument("-h", "--help", action="store_true", dest="help")
        return parser
    choices = [*g.agents, HUMAN]
    default = "random" if "random" in g.agents else choices[0]
    parser.add_argument(
        "--as",
        dest="as_player",
        metavar="PLAYER",
        choices=list(g.players),
        help=(
            f"show the game as PLAYER ({', '.join(g.players)}) saw it: the log and the --json "
            "record hide what PLAYER may not know, and the record leaves the seed out (a "
            "redacted record cannot be replayed). Default: the full game, but the log is shown "
            "as the only human player sees it"
        ),
    )
    group = parser.add_argument_group(f"players of {g.id}")
    for i, player in enumerate(g.players):
        group.add_argument(
            f"--{player}",
            dest=_player_dest(i),
            metavar="AGENT",
            choices=choices,
            default=None,
            help=f"who plays {player}: {', '.join(choices)} (default: {default})",
        )
    _add_options(parser, g)
    return parser


def _add_options(parser: _Parser, g: registry.Game) -> None:
    """One flag per option of the game's schema (``wargames options GAME`` lists them)."""
    if not len(g.options):
        return
    group = parser.add_argument_group(f"options of {g.id} (see 'wargames options {g.id}')")
    for i, option in enumerate(g.options):
        text = f"{option.help} (default: {option.describe_default()})"
        try:
            if option.kind is bool and option.parse is None:
                group.add_argument(
                    option.flag,
                    dest=_option_dest(i),
                    action=argparse.BooleanOptionalAction,
                    default=None,
                    help=text,
                )
            else:
                group.add_argument(
                    option.flag,
                    dest=_option_dest(i),
                    metavar=_metavar(option),
                    type=_option_type(option),
                    default=None,
                    help=text,
                )
        except argparse.ArgumentError:
            raise CommandError(
                f"{g.id}'s option {option.name!r} clashes with a flag of 'play' ({option.flag})"
            ) from None


def _metavar(option: Option) -> str:
    if option.kind is bool and option.parse is None:
        return "/ --no-" + option.flag[2:]
    if option.choices:
        return "{" + ",".join(str(c) for c in option.choices) + "}"
    return option.type_name.upper().replace(" ", "_")


def _option_type(option: Option) -> Any:
    """The argparse type of an option: its text read and checked by the schema."""

    def read(text: str) -> Any:
        try:
            return option.from_text(text)
        except OptionError as exc:
            raise argparse.ArgumentTypeError(exc.problem) from None

    read.__name__ = option.name
    return read


def _chosen_options(ns: argparse.Namespace, g: registry.Game) -> dict[str, Any]:
    """The options given on the command line (left out: the game's defaults)."""
    chosen = {}
    for i, option in enumerate(g.options):
        value = getattr(ns, _option_dest(i), None)
        if value is not None:
            chosen[option.name] = value
    return chosen


def _player_dest(index: int) -> str:
    return f"player_{index}"


def _option_dest(index: int) -> str:
    return f"option_{index}"


def _whole(low: int, high: int, high_text: str) -> Any:
    """The argparse type of a whole number from ``low`` to ``high`` (``high_text`` in words);
    the error is one line naming the range."""

    def read(text: str) -> int:
        span = f"a whole number from {low} to {high_text}"
        try:
            value = int(text.strip(), 10) if len(text) <= _DIGITS else None
        except ValueError:
            value = None
        if value is None:
            shown = text if len(text) <= 40 else text[:37] + "..."
            raise argparse.ArgumentTypeError(f"expected {span}, got {shown!r}")
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected {span}, got {value}")
        return value

    return read


_DIGITS = 50
"""No number the command takes is longer (2**128 has 39 digits): longer text is refused
before Python reads it as a number."""


def _play(rest: list[str]) -> int:
    first, _ = _play_parser(None, add_help=False).parse_known_args(rest)
    if first.resume is not None:
        return _resume(first.resume, rest)
    if first.game is None:
        if first.help:
            _play_parser(None).print_help()
            print("\nRun 'wargames play GAME --help' to see the players of GAME.")
            return 0
        raise CommandError("the following arguments are required: GAME (see 'wargames play -h')")
    g = _game(first.game)
    ns = _play_parser(g).parse_args(rest)
    seed = ns.seed if ns.seed is not None else secrets.randbelow(2**31)
    table = _table(ns, g, seed, {})
    table.scenario = ns.scenario
    table.options = _chosen_options(ns, g)
    return Session(table).run()


def _resume(file: str, rest: list[str]) -> int:
    """``play --resume FILE``: the saved game played on from where it stood."""
    record = _read_record(file, file)
    if not record.replayable:
        raise CommandError(
            f"{file}: the record is redacted for {record.redacted_for} and cannot be played on"
        )
    g = _game(record.game)
    ns = _play_parser(g, resuming=True).parse_args(rest)
    if ns.game is not None and ns.game != g.id:
        raise CommandError(f"{file} is a game of {g.id}, not {ns.game}")
    fixed = [flag for flag, value in (("--scenario", ns.scenario), ("--seed", ns.seed)) if value]
    fixed += [o.flag for o in g.options if o.name in _chosen_options(ns, g)]
    if fixed:
        raise CommandError(f"{', '.join(fixed)}: the saved game fixes it (--resume)")
    try:
        saved = wargames.replay(record)
    except (WargamesError, ValueError) as exc:
        raise CommandError(_replay_failure(file, record, exc)) from None
    if record.seed is None:
        raise CommandError(f"{file}: the record has no seed, so its dice cannot go on")
    table = _table(ns, g, record.seed, record.agents)
    table.resume = saved
    table.resume_name = file
    return Session(table).run()


def _table(ns: argparse.Namespace, g: registry.Game, seed: int, saved: Mapping[str, str]) -> Table:
    """What ``play`` was asked, each player's agent from the flags or the saved game."""
    given = {player: getattr(ns, _player_dest(i)) for i, player in enumerate(g.players)}
    names = agents_chosen(g, given, saved)
    show = {"max_steps": ns.max_steps, "json": ns.json, "quiet": ns.quiet, "svg": ns.svg}
    return Table(game=g, names=names, seed=seed, as_player=ns.as_player, **show)


# -- simulate --------------------------------------------------------------------------------

MAX_JOBS = 256
"""The most worker processes ``simulate --jobs`` starts."""
DASK_TIMEOUT = 5
"""Seconds ``simulate --dask`` waits for the scheduler to answer."""


def _simulate_parser(g: registry.Game | None, add_help: bool = True) -> _Parser:
    parser = _Parser(
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
        type=_whole(0, bounds.MAX_GAMES, f"{bounds.MAX_GAMES:,}"),
        help=f"how many games, 0 to {bounds.MAX_GAMES:,}",
    )
    parser.add_argument("--scenario", metavar="NAME", help="a scenario (default: the game's)")
    parser.add_argument(
        "--seed",
        type=_whole(0, bounds.MAX_SEED - 1, "2**128 - 1"),
        default=0,
        metavar="S",
        help="the seed of the first game (default: 0); game k has seed S + k",
    )
    parser.add_argument(
        "--max-steps",
        type=_whole(0, bounds.MAX_STEPS, f"{bounds.MAX_STEPS:,}"),
        metavar="N",
        help="stop each game after N actions (it counts as unfinished)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs",
        type=_whole(1, MAX_JOBS, str(MAX_JOBS)),
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
    group = parser.add_argument_group(f"players of {g.id}")
    choices = list(g.agents)
    for i, player in enumerate(g.players):
        group.add_argument(
            f"--{player}",
            dest=_player_dest(i),
            metavar="AGENT",
            choices=choices,
            default=None,
            help=f"who plays {player}: {', '.join(choices)} (default: random)",
        )
    _add_options(parser, g)
    return parser


def _simulate(rest: list[str]) -> int:
    """``wargames simulate GAME N ...``: a batch of bot games (see the module docstring)."""
    first, _ = _simulate_parser(None, add_help=False).parse_known_args(rest)
    if first.game is None:
        if first.help:
            _simulate_parser(None).print_help()
            print("\nRun 'wargames simulate GAME --help' to see the players and options of GAME.")
            return 0
        raise CommandError(
            "the following arguments are required: GAME, N (see 'wargames simulate -h')"
        )
    g = _game(first.game)
    ns = _simulate_parser(g).parse_args(rest)
    if ns.csv is not None:
        _check_csv(ns.csv)
    agents = {
        player: getattr(ns, _player_dest(i))
        for i, player in enumerate(g.players)
        if getattr(ns, _player_dest(i)) is not None
    }
    batch = {
        "agents": agents,
        "seed": ns.seed,
        "scenario": ns.scenario,
        "max_steps": ns.max_steps,
        **_chosen_options(ns, g),
    }
    sim.simulate(g.id, 0, **batch)  # every name and option checked before a worker starts
    with _executor(ns.jobs, ns.dask) as executor, _progress_bar(ns.n, g.id) as bar:
        records, table = sim.simulate_rows(g.id, ns.n, executor=executor, progress=bar, **batch)
    frame = sim.to_frame(table) if ns.csv is not None else None
    if ns.json:
        _print_json({"summary": sim.summary(records), "games": table})
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
            f"--dask: cannot reach the Dask scheduler at {address!r}: {_describe(exc)}"
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


# -- replay ----------------------------------------------------------------------------------


def _replay(file: str, as_json: bool, quiet: bool) -> int:
    name = "<stdin>" if file == "-" else file
    record = _read_record(file, name)
    if not record.replayable:
        raise CommandError(
            f"{name}: the record is redacted for {record.redacted_for} (the game as that player "
            "saw it) and cannot be replayed; replay the full record"
        )
    g = _game(record.game)
    try:
        match = wargames.replay(record)
    except (WargamesError, ValueError) as exc:
        raise CommandError(_replay_failure(name, record, exc)) from None
    if as_json:
        entries = [
            {"player": _label(p), "action": str(a), "turn": _turn(s)}
            for p, a, s in zip(match.players, match.actions, match.states, strict=False)
        ]
        _print_json(
            {
                "record": record.to_json(),
                "log": entries,
                "outcome": None if match.outcome is None else match.outcome.to_json(),
            }
        )
    else:
        if not quiet:
            scenario = scenario_name(record.scenario) or g.default_scenario
            print(f"{g.title} — scenario {scenario}, seed {record.seed}")
            _LogPrinter(sys.stdout, None, g.narration(), g.length.unit).catch_up(match)
        print(_outcome_line(match.outcome, len(match.actions)))
    if match.outcome != record.outcome:
        raise CommandError(
            f"{name}: the replayed outcome ({_outcome_text(match.outcome)}) differs from the "
            f"recorded one ({_outcome_text(record.outcome)})"
        )
    return 0


MAX_RECORD_BYTES = 64 << 20
"""The largest record file read (a million actions of a few dozen characters fit)."""


def _read_record(file: str, name: str) -> Record:
    """The record in ``file`` (``-``: standard input): a regular file of at most
    :data:`MAX_RECORD_BYTES`, UTF-8 JSON, every key checked by :meth:`Record.from_json`."""
    try:
        if file == "-":
            text = sys.stdin.read(MAX_RECORD_BYTES + 1)
            if len(text) > MAX_RECORD_BYTES:
                raise CommandError(f"{name}: larger than {MAX_RECORD_BYTES >> 20} MiB")
        else:
            text = decoded(read_file(file, MAX_RECORD_BYTES), name)
    except ScenarioError as exc:
        raise CommandError(f"cannot read {name}: {exc.problem}") from None
    except UnicodeDecodeError:
        raise CommandError(f"{name}: not a text file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CommandError(
            f"{name}: not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise CommandError(f"{name}: not a game record (nested too deeply)") from None
    if not isinstance(data, dict):
        raise CommandError(f"{name}: not a game record (expected a JSON object)")
    try:
        return Record.from_json(data)
    except RecordError as exc:
        raise CommandError(f"{name}: not a game record: {exc.key}: {exc.problem}") from None


def _replay_failure(name: str, record: Record, exc: Exception) -> str:
    """Say what of the record cannot be replayed: a key, the scenario, or the action (1-based)."""
    if isinstance(exc, OptionError):
        return f"{name}: {exc}"
    if isinstance(exc, RecordError) and not exc.key.startswith("actions["):
        return f"{name}: {exc.key}: {exc.problem}"
    if isinstance(exc, ScenarioError) and not isinstance(exc, RecordError):
        return f"{name}: bad scenario: {exc}"
    if isinstance(exc, RecordError) and exc.__cause__ is not None:  # actions[i] did not apply
        index = int(exc.key.removeprefix("actions[").rstrip("]"))
        text = record.actions[index]
        return (
            f"{name}: action {index + 1} ({text!r}) cannot be replayed: {_describe(exc.__cause__)}"
        )
    return f"{name}: cannot be replayed: {_describe(exc)}"


# -- output ----------------------------------------------------------------------------------


def _print_json(data: object) -> None:
    print(json.dumps(data, default=str))


def _first_arg(exc: BaseException) -> str:
    return str(exc.args[0]) if exc.args else type(exc).__name__


def _describe(exc: BaseException) -> str:
    """One line saying what went wrong, without the traceback."""
    if isinstance(exc, CommandError | OptionError | UnknownNameError):
        text = str(exc)
    elif isinstance(exc, ScenarioError):
        text = f"bad scenario: {exc}"
    elif isinstance(exc, RuleViolation):
        text = f"illegal action: {exc}"
    elif isinstance(exc, KeyError):
        text = _first_arg(exc)
    elif isinstance(exc, OSError) and exc.strerror:
        text = f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    elif isinstance(exc, WargamesError | ValueError | TypeError | ImportError):
        text = str(exc) or type(exc).__name__
    else:
        text = f"{type(exc).__name__}: {exc}"
    return " ".join(text.split())


def _error(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
