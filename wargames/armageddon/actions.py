"""The actions of Battle for Armageddon and their notation.

Every action is a small frozen value whose ``str`` reads like the rulebook (``move
bad-moon-nobz-1 S1``, ``attack N2 from F1,OT10``, ``plan orks-mc orks-cb``) and parses back with
:func:`parse`. Chance outcomes are actions too: ``roll 4`` (a D6) and ``draw orks waaagh`` (a
special card).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from functools import lru_cache
from typing import TypeVar

import attrs

from wargames.core.notation import (
    REROLL_READERS,
    Reader,
    end,
    one,
    parse_notation,
    roll,
    two,
)
from wargames.core.notation import (
    Pass as Pass,
)
from wargames.core.notation import (
    Reroll as Reroll,
)
from wargames.core.notation import (
    Roll as Roll,
)

A = TypeVar("A")


def _sorted(areas: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(areas))


@attrs.frozen(cache_hash=True)
class Deploy:
    """Set-up: the Ork player places his next counter in an area of Ork territory."""

    counter: str
    area: str

    def __str__(self) -> str:
        return f"deploy {self.counter} {self.area}"


@attrs.frozen(cache_hash=True)
class Plan:
    """Strategy segment: the two strategy cards, top card first (BFA-STRAT-03)."""

    first: str
    second: str

    def __str__(self) -> str:
        return f"plan {self.first} {self.second}"


@attrs.frozen(cache_hash=True)
class Draw:
    """A chance outcome: ``side`` draws special card ``card``."""

    side: str
    card: str

    def __str__(self) -> str:
        return f"draw {self.side} {self.card}"


@attrs.frozen(cache_hash=True)
class Move:
    """Movement phase: one counter moves to an area within its movement value."""

    counter: str
    area: str

    def __str__(self) -> str:
        return f"move {self.counter} {self.area}"


@attrs.frozen(cache_hash=True)
class Attack:
    """Combat phase: the stacks in ``stacks`` (areas) attack the enemy stack in ``target``."""

    target: str
    stacks: tuple[str, ...] = attrs.field(converter=_sorted)
    """The attacking stacks' areas, kept sorted: an attack is the same whatever order they
    are named in."""

    def __str__(self) -> str:
        return f"attack {self.target} from {','.join(self.stacks)}"


@attrs.frozen(cache_hash=True)
class Lose:
    """The owner picks the counter he loses (BFA-COMBAT-17)."""

    counter: str

    def __str__(self) -> str:
        return f"lose {self.counter}"


@attrs.frozen(cache_hash=True)
class Eliminate:
    """The opponent picks a counter of an over-stacked stack to destroy (BFA-STACK-05)."""

    counter: str

    def __str__(self) -> str:
        return f"eliminate {self.counter}"


@attrs.frozen(cache_hash=True)
class RetreatTo:
    """A retreating counter moves one area, chosen by its owner (BFA-RETREAT-01)."""

    counter: str
    area: str

    def __str__(self) -> str:
        return f"retreat {self.counter} {self.area}"


@attrs.frozen(cache_hash=True)
class Advance:
    """After combat an attacking counter of movement 2+ enters the emptied area (BFA-GAP-18)."""

    counter: str

    def __str__(self) -> str:
        return f"advance {self.counter}"


@attrs.frozen(cache_hash=True)
class Buy:
    """Imperial build phase: buy a counter onto the production track (BFA-BUILD-08)."""

    counter: str

    def __str__(self) -> str:
        return f"buy {self.counter}"


@attrs.frozen(cache_hash=True)
class Rebuild:
    """Imperial build phase: rebuild the smoking ruins in ``area`` (BFA-GAP-10 proposal)."""

    area: str

    def __str__(self) -> str:
        return f"rebuild {self.area}"


@attrs.frozen(cache_hash=True)
class Place:
    """Put a ready or arriving counter on the map (BFA-BUILD-15)."""

    counter: str
    area: str

    def __str__(self) -> str:
        return f"place {self.counter} {self.area}"


@attrs.frozen(cache_hash=True)
class Return:
    """Ork build phase: return a destroyed counter to play (BFA-BUILD-17)."""

    counter: str
    area: str

    def __str__(self) -> str:
        return f"return {self.counter} {self.area}"


@attrs.frozen(cache_hash=True)
class PlayCard:
    """Play a special card; ``target`` is an area or a tribe when the card needs one."""

    card: str
    target: str = ""

    def __str__(self) -> str:
        return f"play {self.card}" + (f" {self.target}" if self.target else "")


PLAY_OR_PASS = {
    card: (PlayCard(card), Pass("card"))
    for card in ("tunnel-rats", "thunderbolt-wing", "heroic-stand", "looted-supplies")
}
"""The choice at a card's own moment in a battle or a supply check (BFA-CARDS-02): play it or
pass, the same two objects in every state (actions are values)."""


MADE_CACHE = 1 << 15
"""Actions :func:`made` keeps: the placements, returns, deployments, purchases, card plays,
losses, advances, eliminations and card draws of one data set are at most some 9,000 values
(counters times areas, cards times targets), listed again at every step."""


@lru_cache(maxsize=MADE_CACHE)
def made(kind: Callable[..., A], *fields: Hashable) -> A:
    """``kind(*fields)``, made once for the same fields (actions are values)."""
    return kind(*fields)


ArmageddonAction = (
    Deploy
    | Plan
    | Roll
    | Draw
    | Move
    | Attack
    | Reroll
    | Lose
    | Eliminate
    | RetreatTo
    | Advance
    | Buy
    | Rebuild
    | Place
    | Return
    | PlayCard
    | Pass
)


def parse(text: str) -> ArmageddonAction:
    """Read an action from its notation (the inverse of ``str``)."""
    return parse_notation(text, _READERS)


def _attack(args: list[str]) -> Attack:
    target, word, stacks = args
    if word != "from":
        raise ValueError(word)
    return Attack(target, tuple(stacks.split(",")))


def _play(args: list[str]) -> PlayCard:
    if len(args) not in (1, 2):
        raise ValueError(args)
    return PlayCard(args[0], args[1] if len(args) == 2 else "")


_READERS: dict[str, Reader[ArmageddonAction]] = {
    "deploy": lambda a: Deploy(*two(a)),
    "plan": lambda a: Plan(*two(a)),
    "roll": roll,
    "draw": lambda a: Draw(*two(a)),
    "move": lambda a: Move(*two(a)),
    "attack": _attack,
    **REROLL_READERS,
    "lose": lambda a: Lose(one(a)),
    "eliminate": lambda a: Eliminate(one(a)),
    "retreat": lambda a: RetreatTo(*two(a)),
    "advance": lambda a: Advance(one(a)),
    "buy": lambda a: Buy(one(a)),
    "rebuild": lambda a: Rebuild(one(a)),
    "place": lambda a: Place(*two(a)),
    "return": lambda a: Return(*two(a)),
    "play": _play,
    "end": end,
}
