"""The toy dice race (:mod:`toy_game`) with numbered actions and an observation tensor, for the
adapter tests: small, fast, with chance nodes and one player deciding several times in a row.

Decisions: ``roll`` is id 0, ``hold`` id 1; chance: the die face ``v`` is id ``v - 1``. The
tensor holds both banked scores, the pot, whose go it is (one-hot) and the turn.

    @pytest.fixture
    def toy(monkeypatch):                      # "toy" has action_space and observer hooks
        yield from toy_numbered.install(monkeypatch)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs
import numpy as np
import toy_game

from wargames.core import registry
from wargames.core.actionspace import ActionCodec, ActionSpace, Integers, Template
from wargames.core.engine import GameState, Player
from wargames.core.observation import Block, Layout

if TYPE_CHECKING:
    import numpy.typing as npt
    import pytest

CODEC = ActionCodec(
    decisions=ActionSpace([Template(toy_game.Roll, ()), Template(toy_game.Hold, ())]),
    chance=ActionSpace([Template(toy_game.Die, (("value", Integers(1, 6)),))], name="chance"),
)


class ToyObserver:
    layout = Layout(
        (
            Block("scores", (2,), "banked points of red, blue"),
            Block("pot", (1,), "points in the pot"),
            Block("to play", (2,), "1 for the player whose go it is"),
            Block("turn", (1,), "the turn"),
        )
    )

    def fill(self, view: GameState, player: Player, out: npt.NDArray[np.float32]) -> None:
        assert isinstance(view, toy_game.ToyState)
        out[0:2] = view.scores
        out[2] = view.pot
        out[3 + view.seat] = 1.0
        out[5] = view.turn

    def text(self, view: GameState, player: Player) -> str:
        return f"{player} sees: {view}"


GAME = attrs.evolve(
    toy_game.GAME, action_space=lambda state: CODEC, observer=lambda state: ToyObserver()
)


def install(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Register :data:`GAME` as ``"toy"`` for one test; a generator for a fixture: after the
    test the registry forgets it (``monkeypatch`` undone and the registry's cache cleared,
    so later tests do not find a toy game).

        @pytest.fixture
        def toy(monkeypatch):
            yield from toy_numbered.install(monkeypatch)
    """
    specs = {**registry._specs(), toy_game.GAME_ID: f"{__name__}:GAME"}
    monkeypatch.setattr(registry, "_specs", lambda: specs)
    registry.game.cache_clear()
    yield toy_game.GAME_ID
    monkeypatch.undo()
    registry.game.cache_clear()
