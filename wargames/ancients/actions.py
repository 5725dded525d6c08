"""The actions of Commands & Colors: Ancients and their notation.

Every decision the rules give a player is one of these small frozen values; its ``str`` reads
like the rule book and :func:`parse` reads it back. Hexes are the board's ids, column then
row (``"05-07"``: column 5 of row 7; row 1 is the top player's baseline, row 9 the bottom
player's):

=============================  ============================================================
``play order-three-center``    play a command card (CCB-TURN-02)
``order 05-07``                order the unit in 05-07 (CCB-ORDERS-01)
``order leader 05-07``         order the leader in 05-07: alone, or leaving his unit
                               (CCB-ORDERS-07, -08)
``end orders``                 give no more orders
``move 05-07 05-05``           move the unit in 05-07 (its attached leader goes along)
``move leader 05-07 04-06``    move the leader in 05-07 on his own
``end moves``                  finish the movement step (CCB-TURN-04)
``fire 05-07 at 06-04``        ranged combat (CCB-RANGED-07)
``attack 05-07 06-06``         close combat (CCB-CLOSE-01), a bonus close combat included
``end battles``                finish the battle step (CCB-TURN-05)
``evade`` / ``stand``          the defender evades or stands (CCB-CLOSE-03, CCB-EVADE-02)
``evade 05-08``                the evading unit steps into 05-08 (CCB-EVADE-11)
``evade 05-08 05-09 off``      an evading leader's path of 1 to 3 hexes, ``off`` the board
                               across his baseline (CCB-LEADER-11, -14)
``ignore 1``                   ignore that many flags of the roll (CCB-FLAGS-09)
``retreat 06-06 06-07``        the retreating unit in 06-06 steps into 06-07
                               (CCB-RETREAT-07)
``rampage 05-06``              roll the next rampage dice at 05-06 (CCB-ELEPHANT-18)
``rally 05-07``                a Rally die returns a block to the unit in 05-07
                               (CCB-CARDS-23)
``advance`` / ``end advance``  make or decline the momentum advance (CCB-MOMENTUM-02)
``move 06-06 07-06`` /         the cavalry's extra hex, or none (CCB-MOMENTUM-05)
``end extra``
``end bonus``                  no bonus close combat (CCB-MOMENTUM-07)
``battle-back`` /              the defender battles back or not (CCB-BATTLEBACK-02)
``end battle-back``
``roll heavy flag swords``     chance: the faces a roll of battle dice showed (any order;
                               written light, medium, heavy, helmet, flag, swords)
``draw order-two-left``        chance: the card drawn (CCB-TURN-06)
=============================  ============================================================
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, Generic, TypeVar

import attrs

from wargames.ancients.dice import FACES, Face
from wargames.core.notation import Pass, Reader, end, no_args, one, parse_notation, two

A = TypeVar("A")


class Shared(dict[tuple[Any, ...], A], Generic[A]):
    """Actions made once from their fields and shared: ``shared[fields]`` is the action
    ``make(*fields)``, made on first use (a listing hands out the same objects every time)."""

    def __init__(self, make: Callable[..., A]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, fields: tuple[Any, ...]) -> A:
        found = self[fields] = self.make(*fields)
        return found


__all__ = [
    "Advance",
    "Attack",
    "BattleBack",
    "Dice",
    "Draw",
    "Evade",
    "EvadeTo",
    "Fire",
    "Ignore",
    "Move",
    "Order",
    "Pass",
    "PlayCard",
    "Rally",
    "Rampage",
    "RetreatTo",
    "Shared",
    "Stand",
    "dice_outcomes",
    "parse",
]

OFF = "off"
"""``evade off``: a leader leaves the board by his own baseline."""


@attrs.frozen(cache_hash=True)
class PlayCard:
    """Step 1: the active player plays a command card from his hand (CCB-TURN-02)."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen(cache_hash=True)
class Order:
    """Step 2: order the unit in ``hex`` (or, with ``leader``, the leader there)."""

    hex: str
    leader: bool = False

    def __str__(self) -> str:
        return f"order leader {self.hex}" if self.leader else f"order {self.hex}"


@attrs.frozen(cache_hash=True)
class Rally:
    """Rally: a die returns a block to the unit in ``hex`` (CCB-CARDS-23)."""

    hex: str

    def __str__(self) -> str:
        return f"rally {self.hex}"


@attrs.frozen(cache_hash=True)
class Move:
    """Move the unit (or, with ``leader``, the leader) in ``frm`` to ``to``."""

    frm: str
    to: str
    leader: bool = False

    def __str__(self) -> str:
        who = "leader " if self.leader else ""
        return f"move {who}{self.frm} {self.to}"


@attrs.frozen(cache_hash=True)
class Fire:
    """Ranged combat by the unit in ``frm`` at the enemy in ``at``."""

    frm: str
    at: str

    def __str__(self) -> str:
        return f"fire {self.frm} at {self.at}"


@attrs.frozen(cache_hash=True)
class Attack:
    """Close combat by the unit in ``frm`` against the adjacent enemy in ``at``."""

    frm: str
    at: str

    def __str__(self) -> str:
        return f"attack {self.frm} {self.at}"


@attrs.frozen(cache_hash=True)
class Evade:
    """The attacked unit evades (CCB-EVADE-02)."""

    def __str__(self) -> str:
        return "evade"


@attrs.frozen(cache_hash=True)
class Stand:
    """The attacked unit stands and takes the attack."""

    def __str__(self) -> str:
        return "stand"


@attrs.frozen(cache_hash=True)
class EvadeTo:
    """Where an evader goes: a unit's next hex, or a leader's whole path of 1 to 3 hexes, the
    last of which may be ``off`` the board across his baseline."""

    hexes: tuple[str, ...]

    def __str__(self) -> str:
        return "evade " + " ".join(self.hexes)


@attrs.frozen(cache_hash=True)
class Ignore:
    """The owner ignores ``flags`` of the flags rolled against his unit (CCB-FLAGS-09)."""

    flags: int

    def __str__(self) -> str:
        return f"ignore {self.flags}"


@attrs.frozen(cache_hash=True)
class RetreatTo:
    """The retreating unit in ``frm`` steps into ``to`` (CCB-RETREAT-07, -08)."""

    frm: str
    to: str

    def __str__(self) -> str:
        return f"retreat {self.frm} {self.to}"


@attrs.frozen(cache_hash=True)
class Rampage:
    """The player who caused a rampage picks the next hex rolled against (CCB-ELEPHANT-18)."""

    hex: str

    def __str__(self) -> str:
        return f"rampage {self.hex}"


@attrs.frozen(cache_hash=True)
class Advance:
    """The momentum advance into the vacated hex (CCB-MOMENTUM-01)."""

    def __str__(self) -> str:
        return "advance"


@attrs.frozen(cache_hash=True)
class BattleBack:
    """The defender battles back (CCB-BATTLEBACK-01, -02)."""

    def __str__(self) -> str:
        return "battle-back"


@attrs.frozen(cache_hash=True)
class Dice:
    """Chance: the faces a roll of battle dice showed, in :data:`~wargames.ancients.dice.FACES`
    order (a roll is one chance node over the multiset of its faces)."""

    faces: tuple[str, ...]

    @classmethod
    def of(cls, faces: Iterable[str | Face]) -> Dice:
        """The outcome showing ``faces`` (in any order)."""
        order = {f.value: i for i, f in enumerate(FACES)}
        values = [f.value if isinstance(f, Face) else Face(f).value for f in faces]
        return cls(tuple(sorted(values, key=order.__getitem__)))

    def __str__(self) -> str:
        return "roll " + " ".join(self.faces)

    def count(self, face: Face) -> int:
        return self.faces.count(face.value)


@attrs.frozen(cache_hash=True)
class Draw:
    """Chance: the card drawn (CCB-TURN-06, CCB-HAND-04)."""

    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@cache
def dice_outcomes(n: int) -> tuple[tuple[Dice, float], ...]:
    """Every outcome of ``n`` battle dice as a multiset of faces, with its probability: the
    multinomial ``n! / (k1! ... k6!) / 6**n`` (each face 1/6, CCB-DICE-02-EX)."""
    if n < 1:
        raise ValueError("a roll has at least one die")
    out: list[tuple[Dice, float]] = []
    total = 6**n
    for counts in _counts(n, len(FACES)):
        weight = math.factorial(n)
        for k in counts:
            weight //= math.factorial(k)
        faces = tuple(f.value for f, k in zip(FACES, counts, strict=True) for _ in range(k))
        out.append((Dice(faces), weight / total))
    return tuple(out)


def _counts(n: int, boxes: int) -> list[tuple[int, ...]]:
    if boxes == 1:
        return [(n,)]
    return [(k, *rest) for k in range(n, -1, -1) for rest in _counts(n - k, boxes - 1)]


# -- reading --------------------------------------------------------------------------------


def _order(args: list[str]) -> Order:
    if args and args[0] == "leader":
        return Order(one(args[1:]), True)
    return Order(one(args))


def _move(args: list[str]) -> Move:
    if args and args[0] == "leader":
        frm, to = two(args[1:])
        return Move(frm, to, True)
    frm, to = two(args)
    return Move(frm, to)


def _fire(args: list[str]) -> Fire:
    frm, at, target = args
    if at != "at":
        raise ValueError(args)
    return Fire(frm, target)


def _evade(args: list[str]) -> Evade | EvadeTo:
    return EvadeTo(tuple(args)) if args else Evade()


def _roll(args: list[str]) -> Dice:
    if not args:
        raise ValueError(args)
    return Dice.of(args)


def _ignore(args: list[str]) -> Ignore:
    flags = int(one(args))
    if flags < 0:
        raise ValueError(args)
    return Ignore(flags)


READERS: dict[str, Reader[object]] = {
    "play": lambda a: PlayCard(one(a)),
    "order": _order,
    "move": _move,
    "fire": _fire,
    "attack": lambda a: Attack(*two(a)),
    "evade": _evade,
    "stand": no_args(Stand()),
    "ignore": _ignore,
    "retreat": lambda a: RetreatTo(*two(a)),
    "rampage": lambda a: Rampage(one(a)),
    "rally": lambda a: Rally(one(a)),
    "advance": no_args(Advance()),
    "battle-back": no_args(BattleBack()),
    "roll": _roll,
    "draw": lambda a: Draw(one(a)),
    "end": end,
}


def parse(text: str) -> object:
    """Read an action in the notation above (:class:`~wargames.core.errors.NotationError`
    when it cannot be read)."""
    return parse_notation(text, READERS)
