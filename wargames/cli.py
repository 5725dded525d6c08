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
    wargames play armageddon --json > game.json     # the record only, as one JSON object
    wargames play warmaster --as imperial --json    # the record as the Imperial player saw it
    wargames replay game.json                       # replays it and checks the outcome
    wargames odds armageddon ...                    # the game's own odds calculator

The flags of ``play`` come from the game's descriptor: one ``--PLAYER AGENT`` per side and one
flag per option of its schema (:mod:`wargames.core.options`; ``turn_cap`` is ``--turn-cap``),
so a game has ``--players`` only if it declares that option.

``play --as PLAYER`` shows the game as PLAYER saw it: the log and the ``--json`` record are
redacted for PLAYER (:meth:`~wargames.core.engine.GameState.redact`: ``traitor: place ? ?``,
``dice: draw ?``) and the record leaves the seed out. With exactly one ``human`` player the log
is shown as that player sees it anyway (the ``--json`` record stays full unless ``--as`` is
given). A redacted record cannot be replayed: ``wargames replay`` refuses it.

Every error prints one line ``wargames: error: ...`` on stderr and exits with status 2; a
misspelt game, scenario, agent, option, flag or command gets a "did you mean" hint.
``check`` prints one line per problem of the file (``file: key: problem``) and exits with
status 2 (:func:`wargames.check_scenario`).
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import secrets
import sys
from collections.abc import Mapping
from typing import IO, Any, NoReturn

import wargames
from wargames.core import bounds, registry
from wargames.core.check import MAX_PROBLEMS, check_file, describe_scenario
from wargames.core.engine import CHANCE, Action, Agent, GameState, Match, Outcome, Player, Record
from wargames.core.errors import (
    CapabilityError,
    NotationError,
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

__all__ = ["CHANCE_LABEL", "HUMAN", "CommandError", "EndOfInput", "HumanAgent", "main", "new_match"]

PROG = "wargames"
EXIT_ERROR = 2
HUMAN = "human"
"""The agent name that asks a person at the terminal (every game has it in the CLI)."""
CHANCE_LABEL = "dice"
"""How the log names the :data:`~wargames.core.engine.CHANCE` player: ``dice: roll 4``."""
PROGRESS_EVERY = 1000
"""With no ``turn`` on the state, a progress dot is written every this many actions."""
LIST_LIMIT = 60
"""The human agent lists at most this many actions unless asked for all (``?``)."""


class CommandError(Exception):
    """An error the command reports in one line and exits 2 for."""


class EndOfInput(CommandError):
    """The human player's input ended before a decision was made."""


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
    for label, value in describe_scenario(checked):
        print(f"  {label + ':':<9} {value}")
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


def _play_parser(g: registry.Game | None, add_help: bool = True) -> _Parser:
    parser = _Parser(
        prog=f"{PROG} play",
        usage=f"{PROG} play GAME [options] [--PLAYER AGENT ...]",
        description="Play a whole game: bots on every side unless a player is 'human'.",
        add_help=add_help,
    )
    parser.add_argument("game", metavar="GAME", nargs=None if g else "?", help="the game id")
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
            default=default,
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
    if first.game is None:
        if first.help:
            _play_parser(None).print_help()
            print("\nRun 'wargames play GAME --help' to see the players of GAME.")
            return 0
        raise CommandError("the following arguments are required: GAME (see 'wargames play -h')")
    g = _game(first.game)
    ns = _play_parser(g).parse_args(rest)
    names = {player: str(getattr(ns, _player_dest(i))) for i, player in enumerate(g.players)}
    humans = [p for p, name in names.items() if name == HUMAN]
    seed = ns.seed if ns.seed is not None else secrets.randbelow(2**31)
    prompts = sys.stderr if ns.json else sys.stdout
    options = _chosen_options(ns, g)
    match = new_match(g, names, seed, ns.scenario, human_output=prompts, options=options)
    show_log = not (ns.json or ns.quiet)
    viewer: Player | None = ns.as_player
    if viewer is None and len(humans) == 1:
        viewer = humans[0]  # a person at the terminal must not read the bots' secrets
    log = _LogPrinter(sys.stdout if show_log else None, viewer)
    if show_log:
        who = ", ".join(f"{p}: {n}" for p, n in names.items())
        seen = f", as {ns.as_player} saw it" if ns.as_player is not None else ""
        print(
            f"{g.title} — scenario {match.scenario or g.default_scenario}, seed {seed} "
            f"({who}){seen}"
        )
    stdout_live = show_log and _isatty(sys.stdout)
    progress = _Progress(sys.stderr, enabled=_isatty(sys.stderr) and not humans and not stdout_live)
    steps = 0
    try:
        while not match.over and (ns.max_steps is None or steps < ns.max_steps):
            player = match.state.current_player
            try:
                match.step()
            except RuleViolation as exc:
                who = "chance" if player == CHANCE else f"{player}'s agent {names.get(str(player))}"
                raise CommandError(f"illegal action by {who}: {exc}") from None
            steps += 1
            log.catch_up(match)
            progress.update(match)
    finally:
        progress.done()
    if ns.json:
        _print_json(match.record(ns.as_player).to_json())
    else:
        print(_outcome_line(match.outcome, len(match.actions)))
    return 0


def new_match(
    g: registry.Game,
    agents: Mapping[Player, str],
    seed: int | None,
    scenario: str | None = None,
    human_output: IO[str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> Match:
    """A :class:`Match` of ``g`` with the named agents, seeded like :func:`wargames.play`.

    Bot-only matches get the game's ``bot_options`` (as in :func:`wargames.play`); a match
    with a :data:`HUMAN` player does not; ``options`` are game options, checked against the
    game's schema (a team game's seats ``side/role`` are played by the side's agent, see
    :meth:`Match.step <wargames.core.engine.Match.step>`). Each bot is seeded from ``seed``
    and its seat, so ``wargames play GAME --seed N --json`` writes the record
    ``wargames.play(GAME, seed=N)`` returns.
    """
    bots_only = HUMAN not in agents.values()
    chosen: dict[Player, Agent | str] = {}
    for player in g.players:
        name = agents.get(player, "random")
        if name == HUMAN:
            chosen[player] = HumanAgent(player, output=human_output)
        elif name not in g.agents:
            raise CommandError(f"unknown agent {name!r} for {g.id}; known: {', '.join(g.agents)}")
        else:
            chosen[player] = name
    return wargames.match(g.id, chosen, seed, scenario, bot_options=bots_only, **(options or {}))


class HumanAgent:
    """An agent that asks a person: shows the state and the numbered legal actions, reads a
    number or an action's notation, and asks again on bad input.

    ``input``/``output`` default to the current ``sys.stdin``/``sys.stdout``. The end of input
    raises :class:`EndOfInput` (the command exits 2).
    """

    def __init__(
        self, player: Player, input: IO[str] | None = None, output: IO[str] | None = None
    ) -> None:
        self.player = player
        self.input = input
        self.output = output

    def act(self, view: GameState) -> Action:
        out = self.output or sys.stdout
        legal = view.legal_actions()
        if not legal:
            raise CommandError(f"{self.player} must decide but has no legal action")
        print(f"\n{view}", file=out)
        self._list(legal, out, LIST_LIMIT)
        while True:
            print(f"{self.player}> ", end="", file=out, flush=True)
            line = (self.input or sys.stdin).readline()
            if not line:
                print(file=out)
                raise EndOfInput(f"end of input while {self.player} was to decide; game abandoned")
            text = line.strip()
            if not text:
                continue
            if text in ("?", "list"):
                self._list(legal, out, None)
                continue
            action = self._read(view, legal, text)
            if not isinstance(action, str):
                return action
            print(f"  {action}; enter a number 1-{len(legal)}, an action as listed, or ?", file=out)

    @staticmethod
    def _read(view: GameState, legal: list[Action], text: str) -> Action | str:
        """The chosen action, or why ``text`` is not one."""
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            return f"there is no action {number}"
        try:
            return view.find_action(text)
        except NotationError:
            pass
        try:
            action = view.parse_action(text)
        except (NotationError, ValueError) as exc:
            return f"cannot read {text!r}: {_describe(exc)}"
        if action in legal:
            return action
        try:
            view.apply(action)  # states are values: this only asks why it is illegal
        except WargamesError as exc:
            return f"{text!r} is not legal now ({exc})"
        return f"{text!r} is not legal now"

    @staticmethod
    def _list(legal: list[Action], out: IO[str], limit: int | None) -> None:
        shown = legal if limit is None else legal[:limit]
        width = len(str(len(legal)))
        for number, action in enumerate(shown, 1):
            print(f"  {number:>{width}}. {action}", file=out)
        if len(shown) < len(legal):
            print(f"  ... and {len(legal) - len(shown)} more (? lists them all)", file=out)


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
            _LogPrinter(sys.stdout).catch_up(match)
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


def _label(player: Player | None) -> str:
    return CHANCE_LABEL if player == CHANCE else str(player)


def _turn(state: GameState) -> int | None:
    turn = getattr(state, "turn", None)
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


class _LogPrinter:
    """Writes ``player: action`` lines as a match goes on, under ``Turn N`` headers when the
    states have a ``turn``; with a ``viewer``, each action as that player may see it."""

    def __init__(self, out: IO[str] | None, viewer: Player | None = None) -> None:
        self.out = out
        self.viewer = viewer
        self.done = 0
        self.turn: int | None = None

    def catch_up(self, match: Match) -> None:
        if self.out is None:
            self.done = len(match.actions)
            return
        for index in range(self.done, len(match.actions)):
            turn = _turn(match.states[index])
            if turn is not None and turn != self.turn:
                print(f"Turn {turn}", file=self.out)
                self.turn = turn
            indent = "  " if self.turn is not None else ""
            action = match.actions[index]
            text = (
                str(action)
                if self.viewer is None
                else match.states[index].redact(action, self.viewer)
            )
            line = f"{indent}{_label(match.players[index])}: {text}"
            print(line, file=self.out)
        self.done = len(match.actions)


class _Progress:
    """Dots on stderr while a long game runs: one per turn, or one per 1000 actions."""

    def __init__(self, stream: IO[str], enabled: bool) -> None:
        self.stream = stream
        self.enabled = enabled
        self.turn: int | None = None
        self.wrote = False

    def update(self, match: Match) -> None:
        if not self.enabled:
            return
        turn = _turn(match.state)
        if turn is not None:
            tick = self.turn is not None and turn != self.turn
            self.turn = turn
        else:
            tick = len(match.actions) % PROGRESS_EVERY == 0
        if tick:
            self.stream.write(".")
            self.stream.flush()
            self.wrote = True

    def done(self) -> None:
        if self.wrote:
            self.stream.write("\n")
            self.stream.flush()
            self.wrote = False


def _outcome_text(outcome: Outcome | None) -> str:
    return "not over" if outcome is None else str(outcome)


def _outcome_line(outcome: Outcome | None, actions: int) -> str:
    if outcome is None:
        return f"Stopped after {actions} actions: the game is not over."
    return f"Outcome: {outcome} after {actions} actions"


def _print_json(data: object) -> None:
    print(json.dumps(data, default=str))


def _isatty(stream: IO[str]) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


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
