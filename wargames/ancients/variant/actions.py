"""The actions of the 'Armageddon' team variant and their notation (CCA-SEQ-01 to -08,
CCA-VICTORY-03, CCA-BANNER-03): ``place order-two-left left``, ``counter-attack left``,
``battles 03-06``, ``credit left``, the set-up ``centre left`` and ``flank right``
(CCA-ROLE-04, -05); :func:`parse` reads them, then the base game's."""

from __future__ import annotations

import attrs

from wargames.ancients import actions as act
from wargames.ancients.variant.seats import FLANKS, OUTSIDE
from wargames.core.notation import Reader, one, parse_notation, two


@attrs.frozen(cache_hash=True)
class Place:
    """Step 5: the Commander places ``card`` face down on ``flank`` (CCA-SEQ-08)."""

    card: str
    flank: str

    def __str__(self) -> str:
        return f"place {self.card} {self.flank}"


@attrs.frozen(cache_hash=True)
class CounterAttack:
    """Step 1: the Commander plays Counter Attack on ``flank`` (CCA-CARDS-11)."""

    flank: str

    def __str__(self) -> str:
        return f"counter-attack {self.flank}"


@attrs.frozen(cache_hash=True)
class BattleNext:
    """Step 4: the active Commander has the unit in ``hex`` battle next (CCA-VICTORY-03)."""

    hex: str

    def __str__(self) -> str:
        return f"battles {self.hex}"


@attrs.frozen(cache_hash=True)
class Credit:
    """The losing Commander credits a banner won on a two-flank hex to ``flank``
    (CCA-BANNER-03)."""

    flank: str

    def __str__(self) -> str:
        return f"credit {self.flank}"


@attrs.frozen(cache_hash=True)
class Centre:
    """Set-up, three players a side: the Commander gives the center flank to the Left or the
    Right Field General (``flank`` ``left`` or ``right``), who runs it with his own for the
    whole battle (CCA-ROLE-04; the Commander's choice: docs/ancients-armageddon-notes.md)."""

    flank: str

    def __str__(self) -> str:
        return f"centre {self.flank}"


@attrs.frozen(cache_hash=True)
class OutsideFlank:
    """Set-up, two players a side: the Commander runs the outside ``flank`` (``left`` or
    ``right``) himself, the Field General the other two (CCA-ROLE-05; the Commander's choice:
    docs/ancients-armageddon-notes.md)."""

    flank: str

    def __str__(self) -> str:
        return f"flank {self.flank}"


def _outside(text: str) -> str:
    if text not in OUTSIDE:
        raise ValueError(text)
    return text


def _flank(text: str) -> str:
    if text not in FLANKS:
        raise ValueError(text)
    return text


READERS: dict[str, Reader[object]] = {
    "place": lambda a: Place(two(a)[0], _flank(two(a)[1])),
    "counter-attack": lambda a: CounterAttack(_flank(one(a))),
    "credit": lambda a: Credit(_flank(one(a))),
    "battles": lambda a: BattleNext(one(a)),
    "centre": lambda a: Centre(_outside(one(a))),
    "flank": lambda a: OutsideFlank(_outside(one(a))),
}


def parse(text: str) -> object:
    """The variant's actions, then the base game's."""
    verb = text.split(maxsplit=1)[0] if text.strip() else ""
    if verb in READERS:
        return parse_notation(text, READERS)
    return act.parse(text)


_PLACES: act.Shared[Place] = act.Shared(Place)
"""The (shared) actions placing a card on a flank (a few dozen: the deck's cards times the
three flanks)."""


def place_action(card: str, flank: str) -> Place:
    """The (shared) action placing ``card`` on ``flank``."""
    return _PLACES[card, flank]


__all__ = [
    "OUTSIDE",
    "BattleNext",
    "Centre",
    "CounterAttack",
    "Credit",
    "OutsideFlank",
    "Place",
    "parse",
    "place_action",
]
