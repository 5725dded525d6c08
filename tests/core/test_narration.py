"""The narration contract: every game has a narrator (or the plain fallback) that answers."""

from __future__ import annotations

import pytest

import wargames
from wargames.core.narration import Narrator, PlainNarrator, narrator_of


@pytest.mark.parametrize("game_id", sorted(wargames.games()))
def test_every_game_narrates_its_first_decision(game_id: str) -> None:
    g = wargames.game(game_id)
    state = g.start()
    narrator = g.narration()
    assert isinstance(narrator, Narrator)
    assert narrator.deciding(state, None).strip()
    assert narrator.board(state, None).strip()
    for action in state.legal_actions()[:5]:
        assert isinstance(narrator.note(state, action), str)


def test_the_plain_narrator_is_the_fallback() -> None:
    assert isinstance(narrator_of(None), PlainNarrator)
    state = wargames.game("horde").start()
    assert PlainNarrator().deciding(state, None) == f"{state.current_player} to decide"
