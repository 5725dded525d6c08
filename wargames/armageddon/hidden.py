"""What a player does not see, drawn again at random (the descriptor's ``determinize``).

A player sees the whole board, both discard piles, his own hand, draw pile and strategy
stack, and how many cards the opponent holds, has left to draw and has stacked face down
(:meth:`~wargames.armageddon.state.ArmageddonState.view`). :func:`resample_hidden` keeps all
of that and deals the rest again: the opponent's hand and draw pile are a random split of his
special cards not discarded (BFA-CARDS-01), keeping in his hand the card of a reaction
window he is deciding on (the game waits on him only if he holds it), and his unrevealed
strategy cards are different cards of his six, never the one revealed in the current segment
(BFA-STRAT-03). The card the
opponent revealed earlier in the turn is not part of a state, so it may be drawn again: a
determinization is consistent with the state, not with the whole history.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.armageddon.data import ORKS, SIDES
from wargames.core.cards import Deck, Pile
from wargames.core.errors import UnknownPlayerError

if TYPE_CHECKING:
    import numpy as np

    from wargames.armageddon.state import ArmageddonState as S


def resample_hidden(s: S, player: str, rng: np.random.Generator) -> S:
    """``s`` with what ``player`` cannot see drawn again with ``rng``; what he sees is kept."""
    from wargames.armageddon.state import other, side_index

    if player not in SIDES:
        raise UnknownPlayerError(player, SIDES)
    foe = other(player)
    j = side_index(foe)
    hands, decks, plans = list(s.hands), list(s.decks), list(s.plans)
    shown = _shown(s, foe)
    unseen = list(s.hands[j].remove(shown) if shown else s.hands[j]) + list(s.decks[j].draw)
    order = [unseen[int(k)] for k in rng.permutation(len(unseen))]
    held = len(s.hands[j]) - bool(shown)
    hands[j] = Pile.of([*order[:held], *([shown] if shown else [])])
    decks[j] = Deck(Pile.of(order[held:]), s.decks[j].discards)
    if not (foe == ORKS and "astropath" in s.effects):
        plans[j] = _plan(s, foe, len(s.plans[j]), rng)
    return s.evolve(
        hands=(hands[0], hands[1]), decks=(decks[0], decks[1]), plans=(plans[0], plans[1])
    )


def _shown(s: S, foe: str) -> str | None:
    """The card the opponent must hold because the game waits on him to play it or not: a
    reaction window is a decision only for a side holding its card (BFA-CARDS-03)."""
    from wargames.armageddon.combat import AttackCards, DefenceCards, HeroicStand
    from wargames.armageddon.supply import SupplyCheck

    windows = {
        AttackCards: "tunnel-rats",
        DefenceCards: "thunderbolt-wing",
        HeroicStand: "heroic-stand",
        SupplyCheck: "looted-supplies",
    }
    if not s.tasks or s.current_player != foe:
        return None
    return windows.get(type(s.top))


def _plan(s: S, side: str, count: int, rng: np.random.Generator) -> tuple[str, ...]:
    """``count`` different strategy cards of ``side``, not the card revealed now."""
    cards = [c for c, card in s.data.strategy.items() if card.side == side and c != s.card]
    picked = rng.choice(len(cards), size=count, replace=False)
    return tuple(cards[int(k)] for k in picked)
