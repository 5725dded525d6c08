"""The board as text of a public view (``wargames.render(state, format="text")``, PettingZoo's
and Gymnasium's ``render_mode="ansi"``): the hands hidden from every player are counted face
down, not looked up (a KeyError '?' once the special cards were dealt)."""

from __future__ import annotations

import wargames


def test_the_public_board_counts_the_hidden_hands() -> None:
    m = wargames.match("armageddon", seed=0)
    while not m.state.hands[0]:
        m.step()
    state = m.state
    names = [state.data.special[c].name for c in state.hands[0]]
    public = wargames.render(state, format="text")
    assert f"Orks hand: {len(names)} face down" in public
    own = wargames.render(state, "orks", format="text")
    assert f"Orks hand: {', '.join(names)}" in own
