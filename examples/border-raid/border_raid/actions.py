"""Border Raid's actions and their notation (``move r1 ford``, ``attack hill from ford``).

Every action is a small frozen value whose ``str`` is its notation; :func:`parse` reads the
notation back. Die rolls are the core's ``roll 1`` .. ``roll 6``.
"""

from __future__ import annotations

import attrs
from wargames.core.notation import Reader, Roll, no_args, one, parse_notation, roll, two


@attrs.frozen
class Move:
    """Move one company to an adjacent area (RAID-MOVE-01)."""

    company: str
    to: str

    def __str__(self) -> str:
        return f"move {self.company} {self.to}"


@attrs.frozen
class Attack:
    """Every company in ``source`` attacks the adjacent enemy-held ``target`` (RAID-COMBAT-01)."""

    target: str
    source: str

    def __str__(self) -> str:
        return f"attack {self.target} from {self.source}"


@attrs.frozen
class Pass:
    """Do nothing this turn (RAID-SEQ-02)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Lose:
    """The owner's choice of the company a combat result destroys (RAID-CRT-02)."""

    company: str

    def __str__(self) -> str:
        return f"lose {self.company}"


@attrs.frozen
class RetreatTo:
    """The owner's choice of where his defeated companies retreat (RAID-RETREAT-01)."""

    area: str

    def __str__(self) -> str:
        return f"retreat {self.area}"


RaidAction = Move | Attack | Pass | Lose | RetreatTo | Roll


def _move(args: list[str]) -> Move:
    return Move(*two(args))


def _attack(args: list[str]) -> Attack:
    if len(args) != 3 or args[1] != "from":
        raise ValueError(args)  # parse_notation reports it as a NotationError
    return Attack(args[0], args[2])


def _lose(args: list[str]) -> Lose:
    return Lose(one(args))


def _retreat(args: list[str]) -> RetreatTo:
    return RetreatTo(one(args))


READERS: dict[str, Reader[RaidAction]] = {
    "move": _move,
    "attack": _attack,
    "pass": no_args(Pass()),
    "lose": _lose,
    "retreat": _retreat,
    "roll": roll,
}
"""The notation's verbs and how each reads its arguments."""


def parse(text: str) -> RaidAction:
    """The action written ``text`` (raises :class:`~wargames.NotationError`)."""
    return parse_notation(text, READERS)


__all__ = ["Attack", "Lose", "Move", "Pass", "RaidAction", "RetreatTo", "Roll", "parse"]
