"""Decks, hands and discards as immutable values, with draws as explicit chance.

A deck here is an *unordered* multiset of the cards not yet drawn: shuffling is not simulated,
each draw is a chance node whose outcomes are the distinct cards left, weighted by how many of
each remain. That is the same distribution as a shuffled deck, and it lets a bot copy a state
without learning the order of the cards.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from wargames.core.codec import saved


@saved("core/pile")
@attrs.frozen
class Pile:
    """A multiset of card ids, kept as a sorted tuple so equal piles compare equal."""

    cards: tuple[str, ...] = ()

    @classmethod
    def of(cls, cards: Iterable[str]) -> Pile:
        return cls(tuple(sorted(cards)))

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.cards)

    def add(self, *cards: str) -> Pile:
        return Pile(tuple(sorted((*self.cards, *cards))))

    def remove(self, card: str) -> Pile:
        """The pile without one copy of ``card`` (``ValueError`` if absent)."""
        i = self.cards.index(card)
        return Pile(self.cards[:i] + self.cards[i + 1 :])

    def draw_outcomes(self) -> tuple[tuple[str, float], ...]:
        """Each distinct card with the probability that a random draw takes it."""
        n = len(self.cards)
        counts: dict[str, int] = {}
        for c in self.cards:
            counts[c] = counts.get(c, 0) + 1
        return tuple([(c, k / n) for c, k in counts.items()])


@saved("core/deck")
@attrs.frozen
class Deck:
    """A draw pile and its discards. When the draw pile is empty, the discards are reshuffled
    into it before drawing; when both are empty nothing can be drawn."""

    draw: Pile = Pile()
    discards: Pile = Pile()

    def can_draw(self) -> bool:
        return bool(self.draw.cards or self.discards.cards)

    def refreshed(self) -> Deck:
        """The deck ready to draw from: discards shuffled in if the draw pile is empty."""
        if self.draw.cards or not self.discards.cards:
            return self
        return Deck(self.discards, Pile())

    def draw_outcomes(self) -> tuple[tuple[str, float], ...]:
        return self.refreshed().draw.draw_outcomes()

    def take(self, card: str) -> Deck:
        """The deck after ``card`` was drawn (reshuffling first if needed)."""
        deck = self.refreshed()
        return Deck(deck.draw.remove(card), deck.discards)

    def discard(self, card: str) -> Deck:
        return Deck(self.draw, self.discards.add(card))
