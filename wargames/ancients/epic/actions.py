"""The Epic command rules' own action and its notation: the Overall Commander gives a card to
a section (``give CARD SECTION``, CCB-EPIC-07); :func:`parse` reads it, then the base game's."""

from __future__ import annotations

import attrs

from wargames.ancients import actions as act


@attrs.frozen(cache_hash=True)
class Give:
    """The Overall Commander gives ``card`` to ``section`` (``army``, a section, or several
    joined by ``+``)."""

    card: str
    section: str

    def __str__(self) -> str:
        return f"give {self.card} {self.section}"


def parse_give(text: str) -> Give | None:
    words = text.split()
    if len(words) == 3 and words[0] == "give":
        return Give(words[1], words[2])
    return None


def parse(text: str) -> object:
    """``give CARD SECTION``, then the base game's actions."""
    found = parse_give(text)
    return found if found is not None else act.parse(text)


_GIVES: act.Shared[Give] = act.Shared(Give)
"""The (shared) actions giving a card to a section."""


def give_action(card: str, where: str) -> Give:
    """The (shared) action giving ``card`` to ``where``."""
    return _GIVES[card, where]


__all__ = [
    "Give",
    "give_action",
    "parse",
    "parse_give",
]
