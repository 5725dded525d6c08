"""The numbered toy dice race (:mod:`toy_numbered`) with a bound on its length (its
``turn_limit``, which bots get) and declared perfect information: a small, fast game on which
the OpenSpiel adapter's mechanics are tested apart from the four games' codecs.

Decisions: ``roll`` is id 0, ``hold`` id 1; chance: the die face ``v`` is id ``v - 1``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
import toy_game
import toy_numbered

from wargames.core.registry import Game, Length

if TYPE_CHECKING:
    import pytest

GAME: Game = attrs.evolve(
    toy_numbered.GAME,
    information="perfect",
    length=Length("turn", lambda s: getattr(s, "turn_limit", None), "turn_limit"),
)


def install(monkeypatch: pytest.MonkeyPatch) -> Game:
    """Register the numbered toy game as ``"toy"`` for one test."""
    monkeypatch.setattr(toy_game, "GAME", GAME)
    toy_game.install(monkeypatch)
    return GAME


__all__ = ["GAME", "install"]
