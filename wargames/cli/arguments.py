"""The command's arguments: one-line parse errors with a "did you mean" hint, a game found
by its id, the flags of a game's players and options, and bounded whole numbers."""

from __future__ import annotations

import argparse
import difflib
import re
from typing import Any, NoReturn

from wargames.cli.output import describe, first_arg
from wargames.core import registry
from wargames.core.errors import OptionError
from wargames.core.options import Option
from wargames.terminal.errors import CommandError


class Parser(argparse.ArgumentParser):
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


def find_game(game_id: str) -> registry.Game:
    """The registered game, with a one-line error for an unknown or broken plugin."""
    try:
        return registry.game(game_id)
    except KeyError as exc:
        raise CommandError(first_arg(exc)) from None
    except Exception as exc:  # an installed plugin that fails to import
        raise CommandError(f"cannot load game {game_id!r}: {describe(exc)}") from None


def add_players(parser: Parser, g: registry.Game, choices: list[str], default: str) -> None:
    """One flag ``--PLAYER AGENT`` per player of the game, an agent among ``choices``."""
    group = parser.add_argument_group(f"players of {g.id}")
    for i, player in enumerate(g.players):
        group.add_argument(
            f"--{player}",
            dest=player_dest(i),
            metavar="AGENT",
            choices=choices,
            default=None,
            help=f"who plays {player}: {', '.join(choices)} (default: {default})",
        )


def add_options(parser: Parser, g: registry.Game) -> None:
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
                    dest=option_dest(i),
                    action=argparse.BooleanOptionalAction,
                    default=None,
                    help=text,
                )
            else:
                group.add_argument(
                    option.flag,
                    dest=option_dest(i),
                    metavar=metavar(option),
                    type=option_type(option),
                    default=None,
                    help=text,
                )
        except argparse.ArgumentError:
            raise CommandError(
                f"{g.id}'s option {option.name!r} clashes with a flag of 'play' ({option.flag})"
            ) from None


def metavar(option: Option) -> str:
    if option.kind is bool and option.parse is None:
        return "/ --no-" + option.flag[2:]
    if option.choices:
        return "{" + ",".join(str(c) for c in option.choices) + "}"
    return option.type_name.upper().replace(" ", "_")


def option_type(option: Option) -> Any:
    """The argparse type of an option: its text read and checked by the schema."""

    def read(text: str) -> Any:
        try:
            return option.from_text(text)
        except OptionError as exc:
            raise argparse.ArgumentTypeError(exc.problem) from None

    read.__name__ = option.name
    return read


def chosen_options(ns: argparse.Namespace, g: registry.Game) -> dict[str, Any]:
    """The options given on the command line (left out: the game's defaults)."""
    chosen = {}
    for i, option in enumerate(g.options):
        value = getattr(ns, option_dest(i), None)
        if value is not None:
            chosen[option.name] = value
    return chosen


def player_dest(index: int) -> str:
    return f"player_{index}"


def option_dest(index: int) -> str:
    return f"option_{index}"


def whole(low: int, high: int, high_text: str) -> Any:
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
