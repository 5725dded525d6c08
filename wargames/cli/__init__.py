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
import os
import sys

import wargames
from wargames.cli import lookup, play, replay, simulate
from wargames.cli.arguments import Parser, did_you_mean
from wargames.cli.output import EXIT_ERROR, PROG, describe, print_error, silence_stdout
from wargames.terminal.errors import CommandError, EndOfInput
from wargames.terminal.log import CHANCE_LABEL
from wargames.terminal.prompt import HumanAgent
from wargames.terminal.session import HUMAN, new_match

__all__ = [
    "CHANCE_LABEL",
    "HUMAN",
    "CommandError",
    "EndOfInput",
    "HumanAgent",
    "did_you_mean",
    "main",
    "new_match",
]


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
        print_error("interrupted")
        return 130
    except BrokenPipeError:  # `wargames play ... | head`
        silence_stdout()
        return 0
    except Exception as exc:
        if os.environ.get("WARGAMES_DEBUG") and not isinstance(exc, CommandError):
            raise
        print_error(describe(exc))
        return EXIT_ERROR


def _dispatch(args: list[str]) -> int:
    # `play` builds its options from the game's players and `odds` hands its arguments to the
    # game, so both are parsed by hand once the command word is known.
    command = args[0] if args else ""
    if command == "play":
        return play.run(args[1:])
    if command == "odds":
        return lookup.odds(args[1:])
    if command == "simulate":
        return simulate.run(args[1:])
    ns = _top_parser().parse_args(args)
    if ns.command == "games":
        return lookup.games(ns.json)
    if ns.command == "scenarios":
        return lookup.scenarios(ns.game, ns.json, ns.long)
    if ns.command == "options":
        return lookup.options(ns.game, ns.json)
    if ns.command == "replay":
        return replay.run(ns.file, ns.json, ns.quiet)
    if ns.command == "check":
        return lookup.check(ns.file, ns.game)
    raise CommandError(f"unknown command {ns.command!r}")  # pragma: no cover - argparse checks


def _top_parser() -> Parser:
    top = Parser(
        prog=PROG,
        description="Play tabletop wargames by their rules.",
        epilog="Run 'wargames COMMAND --help' for a command's options.",
    )
    top.add_argument("--version", action="version", version=f"{PROG} {wargames.__version__}")
    sub = top.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=Parser)
    games_parser = sub.add_parser("games", help="list the installed games")
    games_parser.add_argument("--json", action="store_true", help="print JSON")
    play_parser = sub.add_parser("play", help="play a game (see 'wargames play GAME --help')")
    play_parser.add_argument("rest", nargs=argparse.REMAINDER)
    replay_parser = sub.add_parser("replay", help="replay a JSON record and check its outcome")
    replay_parser.add_argument(
        "file", metavar="FILE", help="a full record from 'play --json' ('-': stdin)"
    )
    replay_parser.add_argument("--json", action="store_true", help="print the replayed log as JSON")
    replay_parser.add_argument("--quiet", action="store_true", help="print only the outcome")
    odds_parser = sub.add_parser(
        "odds", help="the game's odds calculator: wargames odds GAME ARGS..."
    )
    odds_parser.add_argument("rest", nargs=argparse.REMAINDER)
    simulate_parser = sub.add_parser(
        "simulate", help="play a batch of bot games (see 'wargames simulate GAME --help')"
    )
    simulate_parser.add_argument("rest", nargs=argparse.REMAINDER)
    scenarios_parser = sub.add_parser("scenarios", help="list a game's scenarios")
    scenarios_parser.add_argument("game", metavar="GAME")
    scenarios_parser.add_argument("--json", action="store_true", help="print JSON")
    scenarios_parser.add_argument(
        "--long", "-l", action="store_true", help="with each scenario's title and description"
    )
    check_parser = sub.add_parser(
        "check",
        help="check a scenario file and list every problem it has",
        description="Check a scenario file: one line per problem (file: key: problem) and "
        "exit status 2, or what the scenario is and exit status 0.",
    )
    check_parser.add_argument("file", metavar="FILE", help="a scenario file (.toml)")
    check_parser.add_argument(
        "--game", metavar="GAME", help="the game (default: the file's folder, else inferred)"
    )
    options_parser = sub.add_parser("options", help="list a game's options (the flags of 'play')")
    options_parser.add_argument("game", metavar="GAME")
    options_parser.add_argument("--json", action="store_true", help="print JSON")
    return top
