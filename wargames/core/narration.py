"""Narration: what a game tells a person at the table, in the rules' words.

A terminal player, a log reader or a notebook user wants to know what *happened* (the
attackers, the odds, the die, the result, who must now choose losses), what is being *decided*
and why, what an attack choice's odds are, and what the codes on the board mean. Each game
gives a :class:`Narrator` on its :class:`~wargames.core.registry.Game` descriptor
(:attr:`~wargames.core.registry.Game.narrator`); :class:`PlainNarrator` is the fallback for a
game that has none (the action's notation and the state's summary).

A narrator never tells a viewer what that viewer may not see: ``viewer`` is the player at the
table (``None``: everything is shown, as in a replay of a full record).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from wargames.core.engine import CHANCE, Action, GameState, Player

__all__ = ["Narrator", "PlainNarrator", "cap", "narrator_of"]


@runtime_checkable
class Narrator(Protocol):
    """The plain-words side of a game (every method is pure: states are not changed)."""

    def happened(
        self, before: GameState, action: Action, after: GameState, viewer: Player | None
    ) -> Sequence[str]:
        """Lines saying what ``action`` did in ``before`` (leading to ``after``): for a chance
        outcome or an automatic step, the whole story (combat: attackers, defenders, odds
        column or ratings, modifiers, the die, the result, who must now choose); for a
        player's decision, what was decided. Empty: nothing worth saying beyond the log line."""
        ...

    def deciding(self, state: GameState, viewer: Player | None) -> str:
        """One or two sentences: who decides what now and why, in the rules' words
        (e.g. "Orks: choose which counters die — 2 losses from the attack on Hades Hive
        (odds 3-1, die 4: result 2/-)")."""
        ...

    def note(self, state: GameState, action: Action) -> str:
        """A short note shown beside a legal ``action`` in a list of choices (an attack's exact
        odds, a card's effect); empty for none."""
        ...

    def board(self, state: GameState, viewer: Player | None) -> str:
        """The board as text, as ``viewer`` sees it (the ``map`` command)."""
        ...

    def legend(self, state: GameState) -> Sequence[tuple[str, str]]:
        """Every code a person meets in this game's text, with what it means
        (``("orks-mc", "Ork plan: ...")``, map characters, unit abbreviations)."""
        ...


class PlainNarrator:
    """The fallback narration: the action's notation, the state's own summary."""

    def happened(
        self, before: GameState, action: Action, after: GameState, viewer: Player | None
    ) -> Sequence[str]:
        return []

    def deciding(self, state: GameState, viewer: Player | None) -> str:
        player = state.current_player
        if player is None:
            return "the game is over"
        if player == CHANCE:
            return "chance decides"
        return f"{player} to decide"

    def note(self, state: GameState, action: Action) -> str:
        return ""

    def board(self, state: GameState, viewer: Player | None) -> str:
        shown = state if viewer is None else state.view(viewer)
        return str(shown)

    def legend(self, state: GameState) -> Sequence[tuple[str, str]]:
        return []


def narrator_of(narrator: Narrator | None) -> Narrator:
    """``narrator``, or the :class:`PlainNarrator` for a game that has none."""
    return narrator if narrator is not None else PlainNarrator()


def cap(text: str) -> str:
    """``text`` with its first letter in capitals (a sentence of narration begins so)."""
    return text[:1].upper() + text[1:]
