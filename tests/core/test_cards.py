"""Piles and decks: draws as weighted chance, take, discard and reshuffle."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.cards import Deck, Pile


def test_pile_is_a_sorted_multiset() -> None:
    assert Pile.of(["b", "a", "b"]) == Pile.of(["b", "b", "a"])
    assert Pile.of(["b", "a"]).cards == ("a", "b")
    pile = Pile.of(["x"]).add("a", "x")
    assert pile.cards == ("a", "x", "x") and len(pile) == 3 and "a" in pile
    assert list(pile) == ["a", "x", "x"]
    assert pile.remove("x").cards == ("a", "x")
    with pytest.raises(ValueError):
        pile.remove("zz")


def test_draw_outcomes_weight_duplicates() -> None:
    outcomes = dict(Pile.of(["a", "b", "b", "c"]).draw_outcomes())
    assert outcomes == {"a": 0.25, "b": 0.5, "c": 0.25}
    assert Pile().draw_outcomes() == ()


@given(st.lists(st.sampled_from("abcdefg"), min_size=1, max_size=30))
def test_draw_outcomes_sum_to_one_and_follow_counts(cards: list[str]) -> None:
    outcomes = Pile.of(cards).draw_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
    assert len({c for c, _ in outcomes}) == len(outcomes)
    for card, p in outcomes:
        assert p == pytest.approx(cards.count(card) / len(cards))


def test_take_and_discard() -> None:
    deck = Deck(Pile.of(["a", "b", "b"]))
    deck = deck.take("b")
    assert deck.draw.cards == ("a", "b") and deck.discards.cards == ()
    deck = deck.discard("b")
    assert deck.discards.cards == ("b",)
    assert dict(deck.draw_outcomes()) == {"a": 0.5, "b": 0.5}
    with pytest.raises(ValueError):
        deck.take("c")


def test_discards_are_reshuffled_when_the_draw_pile_is_empty() -> None:
    deck = Deck(Pile(), Pile.of(["x", "y", "y"]))
    assert deck.can_draw()
    assert dict(deck.draw_outcomes()) == pytest.approx({"x": 1 / 3, "y": 2 / 3})
    after = deck.take("y")
    assert after == Deck(Pile.of(["x", "y"]), Pile())
    # Discards wait while the draw pile still has cards.
    assert Deck(Pile.of(["a"]), Pile.of(["x"])).draw_outcomes() == (("a", 1.0),)


def test_nothing_to_draw_when_both_piles_are_empty() -> None:
    deck = Deck()
    assert not deck.can_draw()
    assert deck.draw_outcomes() == ()
    assert deck.refreshed() == deck
    with pytest.raises(ValueError):
        deck.take("a")


@given(st.lists(st.sampled_from("abc"), max_size=12), st.data())
def test_drawing_everything_conserves_cards(cards: list[str], data: st.DataObject) -> None:
    deck, drawn = Deck(Pile.of(cards)), list[str]()
    while deck.can_draw():
        card = data.draw(st.sampled_from([c for c, _ in deck.draw_outcomes()]))
        deck, drawn = deck.take(card), [*drawn, card]
    assert sorted(drawn) == sorted(cards)
