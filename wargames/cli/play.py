"""``wargames play``: a whole game with bots or a human at the terminal, or a saved game
played on (``--resume``). The terminal play itself is :mod:`wargames.terminal`."""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Mapping

import wargames
from wargames.cli.arguments import (
    Parser,
    add_options,
    add_players,
    chosen_options,
    find_game,
    player_dest,
    whole,
)
from wargames.cli.output import PROG
from wargames.cli.replay import read_record, replay_failure
from wargames.core import bounds, registry
from wargames.core.errors import WargamesError
from wargames.terminal.errors import CommandError
from wargames.terminal.session import HUMAN, PLAY_EPILOG, Session, Table, agents_chosen


def _parser(g: registry.Game | None, add_help: bool = True, resuming: bool = False) -> Parser:
    parser = Parser(
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
        type=whole(0, bounds.MAX_SEED - 1, "2**128 - 1"),
        metavar="N",
        help="seed of dice and bots, 0 to 2**128 - 1 (default: a fresh one)",
    )
    parser.add_argument(
        "--max-steps",
        type=whole(0, bounds.MAX_STEPS, f"{bounds.MAX_STEPS:,}"),
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
    add_players(parser, g, choices, default)
    add_options(parser, g)
    return parser


def run(rest: list[str]) -> int:
    first, _ = _parser(None, add_help=False).parse_known_args(rest)
    if first.resume is not None:
        return resume(first.resume, rest)
    if first.game is None:
        if first.help:
            _parser(None).print_help()
            print("\nRun 'wargames play GAME --help' to see the players of GAME.")
            return 0
        raise CommandError("the following arguments are required: GAME (see 'wargames play -h')")
    g = find_game(first.game)
    ns = _parser(g).parse_args(rest)
    seed = ns.seed if ns.seed is not None else secrets.randbelow(2**31)
    table = _table(ns, g, seed, {})
    table.scenario = ns.scenario
    table.options = chosen_options(ns, g)
    return Session(table).run()


def resume(file: str, rest: list[str]) -> int:
    """``play --resume FILE``: the saved game played on from where it stood."""
    record = read_record(file, file)
    if not record.replayable:
        raise CommandError(
            f"{file}: the record is redacted for {record.redacted_for} and cannot be played on"
        )
    g = find_game(record.game)
    ns = _parser(g, resuming=True).parse_args(rest)
    if ns.game is not None and ns.game != g.id:
        raise CommandError(f"{file} is a game of {g.id}, not {ns.game}")
    fixed = [flag for flag, value in (("--scenario", ns.scenario), ("--seed", ns.seed)) if value]
    fixed += [o.flag for o in g.options if o.name in chosen_options(ns, g)]
    if fixed:
        raise CommandError(f"{', '.join(fixed)}: the saved game fixes it (--resume)")
    try:
        saved = wargames.replay(record)
    except (WargamesError, ValueError) as exc:
        raise CommandError(replay_failure(file, record, exc)) from None
    if record.seed is None:
        raise CommandError(f"{file}: the record has no seed, so its dice cannot go on")
    table = _table(ns, g, record.seed, record.agents)
    table.resume = saved
    table.resume_name = file
    return Session(table).run()


def _table(ns: argparse.Namespace, g: registry.Game, seed: int, saved: Mapping[str, str]) -> Table:
    """What ``play`` was asked, each player's agent from the flags or the saved game."""
    given = {player: getattr(ns, player_dest(i)) for i, player in enumerate(g.players)}
    names = agents_chosen(g, given, saved)
    show = {"max_steps": ns.max_steps, "json": ns.json, "quiet": ns.quiet, "svg": ns.svg}
    return Table(game=g, names=names, seed=seed, as_player=ns.as_player, **show)
