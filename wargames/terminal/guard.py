"""A narrator that cannot end a game: what a player reads is told by the game's narrator, but
a narrator that fails (a bug in a sentence) must not take the game down with it.

:class:`Guarded` asks the game's narrator and, if it raises, answers as the plain fallback
(:class:`~wargames.core.narration.PlainNarrator`) would. With the environment variable
``WARGAMES_DEBUG`` set the failure is raised instead, so tests and developers see it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TypeVar

from wargames.core.engine import Action, GameState, Player
from wargames.core.narration import Narrator, PlainNarrator

__all__ = ["Guarded"]

T = TypeVar("T")


class Guarded:
    """``narrator``'s words, or the plain fallback's where it fails."""

    def __init__(self, narrator: Narrator) -> None:
        self.narrator = narrator
        self.plain = PlainNarrator()

    def happened(
        self, before: GameState, action: Action, after: GameState, viewer: Player | None
    ) -> Sequence[str]:
        return self._ask(
            lambda n: list(n.happened(before, action, after, viewer)),
            lambda: list(self.plain.happened(before, action, after, viewer)),
        )

    def deciding(self, state: GameState, viewer: Player | None) -> str:
        return self._ask(
            lambda n: n.deciding(state, viewer), lambda: self.plain.deciding(state, viewer)
        )

    def note(self, state: GameState, action: Action) -> str:
        return self._ask(lambda n: n.note(state, action), lambda: "")

    def board(self, state: GameState, viewer: Player | None) -> str:
        return self._ask(lambda n: n.board(state, viewer), lambda: self.plain.board(state, viewer))

    def legend(self, state: GameState) -> Sequence[tuple[str, str]]:
        return self._ask(lambda n: list(n.legend(state)), lambda: [])

    def _ask(self, ask: Callable[[Narrator], T], fallback: Callable[[], T]) -> T:
        try:
            return ask(self.narrator)
        except Exception:
            if os.environ.get("WARGAMES_DEBUG"):
                raise
            return fallback()
