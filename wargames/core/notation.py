"""Action notation: the actions every game shares and the reader of a game's notation.

Every action is a small frozen value whose ``str`` reads like the rulebook (``move sanguinius
52``, ``roll 4``) and parses back. A game lists one reader per verb and calls
:func:`parse_notation`; :class:`Roll` (a die came up), :class:`Reroll` (use a re-roll or keep
the die) and :class:`Pass` (finish the step) are the same in every game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

import attrs

from wargames.core.errors import NotationError

A = TypeVar("A")

Reader = Callable[[list[str]], A]
"""Reads the words after a verb into an action; raises ``ValueError`` or ``IndexError`` (or
unpacks the wrong number of words) when they do not fit."""


@attrs.frozen(cache_hash=True)
class Roll:
    """A chance outcome: one die came up ``value``."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@attrs.frozen(cache_hash=True)
class Pass:
    """Finish the current step: end a phase, stop advancing, decline a card (``what`` says)."""

    what: str = "phase"

    def __str__(self) -> str:
        return f"end {self.what}"


@attrs.frozen(cache_hash=True)
class Reroll:
    """A player with a re-roll re-rolls the die just rolled (``True``) or keeps it."""

    reroll: bool

    def __str__(self) -> str:
        return "reroll" if self.reroll else "keep"


D6_OUTCOMES: tuple[tuple[Roll, float], ...] = tuple((Roll(v), 1 / 6) for v in range(1, 7))
"""The chance outcomes of one D6."""


def parse_notation(text: str, readers: Mapping[str, Reader[A]]) -> A:
    """Read an action: the first word picks the reader, the rest are its arguments.

    Raises :class:`NotationError` for an empty text, an unknown verb or arguments the verb's
    reader cannot read.
    """
    words = text.split()
    if not words:
        raise NotationError("empty action")
    verb, args = words[0].lower(), words[1:]
    reader = readers.get(verb)
    if reader is None:
        raise NotationError(f"unknown action {verb!r} in {text!r}")
    try:
        return reader(args)
    except (IndexError, ValueError):
        raise NotationError(f"cannot read {text!r}") from None


def one(args: list[str]) -> str:
    """Exactly one argument."""
    (a,) = args
    return a


def two(args: list[str]) -> tuple[str, str]:
    """Exactly two arguments."""
    a, b = args
    return a, b


def roll(args: list[str]) -> Roll:
    """``roll N``."""
    return Roll(int(one(args)))


def end(args: list[str]) -> Pass:
    """``end WHAT``."""
    return Pass(one(args))


REROLL_READERS: dict[str, Reader[Reroll]] = {}
"""``reroll`` and ``keep`` (filled below)."""


def no_args(action: A) -> Reader[A]:
    """A verb that takes no argument and always means ``action`` (``reroll``, ``keep``)."""

    def read(args: list[str]) -> A:
        if args:
            raise ValueError(args)
        return action

    return read


REROLL_READERS.update(reroll=no_args(Reroll(True)), keep=no_args(Reroll(False)))

__all__ = [
    "D6_OUTCOMES",
    "REROLL_READERS",
    "Pass",
    "Reader",
    "Reroll",
    "Roll",
    "end",
    "no_args",
    "one",
    "parse_notation",
    "roll",
    "two",
]
