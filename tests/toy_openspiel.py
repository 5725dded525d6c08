"""The toy dice race (``tests/toy_game.py``) with numbered actions, an observer and a bound on
its length (its ``turn_limit``, which bots get): a small, fast game on which the OpenSpiel
adapter's mechanics are tested apart from the four games' codecs. (The PettingZoo helper's
``toy_numbered`` is the same race numbered the same way, without the bound.)

Decisions: ``roll`` is id 0, ``hold`` id 1; chance: the die face ``v`` is id ``v - 1``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs
import numpy as np
import toy_game

from wargames.core.actionspace import ActionCodec, ActionSpace, Integers, Template
from wargames.core.engine import GameState, Player
from wargames.core.observation import Block, Layout
from wargames.core.registry import Game, Length

if TYPE_CHECKING:
    import pytest

CODEC = ActionCodec(
    decisions=ActionSpace([Template(toy_game.Roll, ()), Template(toy_game.Hold, ())]),
    chance=ActionSpace([Template(toy_game.Die, (("value", Integers(1, 6)),))], name="chance"),
)


class ToyObserver:
    """Scores, pot and whose go it is; the text is the state's summary."""

    layout = Layout(
        (
            Block("scores", (2,), "each player's banked points"),
            Block("pot", (1,), "the points at stake this go"),
            Block("seat", (2,), "one-hot: whose go it is"),
        )
    )

    def fill(self, view: GameState, player: Player, out: Any) -> None:
        assert isinstance(view, toy_game.ToyState)
        out[0:2] = view.scores
        out[2] = view.pot
        out[3 + view.seat] = 1.0

    def text(self, view: GameState, player: Player) -> str:
        return f"{player} sees {view}"


GAME: Game = attrs.evolve(
    toy_game.GAME,
    action_space=lambda state: CODEC,
    observer=lambda state: ToyObserver(),
    information="perfect",
    length=Length("turn", lambda s: getattr(s, "turn_limit", None), "turn_limit"),
)


def install(monkeypatch: pytest.MonkeyPatch) -> Game:
    """Register the numbered toy game as ``"toy"`` for one test."""
    monkeypatch.setattr(toy_game, "GAME", GAME)
    toy_game.install(monkeypatch)
    return GAME


__all__ = ["CODEC", "GAME", "ToyObserver", "install", "np"]
