"""The conformance kit on The Warmaster: random games from the registry, with the bot turn cap.

After every action: clone equality, exact JSON round trip, illegal actions (recent actions
replayed where they no longer apply) refused with the state unchanged, the game's invariants
(counters only in known places, at most one face-down counter per area, the cup matching the
counters in it, no counter in a destroyed area, stacks legal outside the side's own
teleport-to-movement window) and both players' views. Every 25th state, and the first and
last, also applies every legal action. Same seed, same game, also in another process.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import wargames
from wargames.core.agents import RandomAgent
from wargames.core.engine import Match
from wargames.testing import check_game_determinism, playout
from wargames.warmaster import GAME
from wargames.warmaster.data import IMPERIAL, TRAITOR
from wargames.warmaster.flow import PHASES
from wargames.warmaster.game import new_game
from wargames.warmaster.specials import Destroyed
from wargames.warmaster.state import HIDDEN, WarmasterState

STEPS = 20_000
"""A bound no capped game comes near (random games take about 300-500 actions)."""


def agents(seed: int) -> dict[str, wargames.Agent]:
    return {IMPERIAL: RandomAgent(seed), TRAITOR: RandomAgent(seed + 1_000)}


@pytest.mark.rule("WM-SEQ-02", "WM-STACK-03", "WM-SETUP-02")
@pytest.mark.parametrize("block", range(2))
def test_random_games_conform(block: int) -> None:
    """Twenty random games (two blocks of ten) end with an outcome, every state passing."""
    for seed in range(block * 10, block * 10 + 10):
        state = wargames.load("warmaster", turn_cap=GAME.bot_options["turn_cap"])
        final, _ = playout(state, agents(seed), seed, STEPS, check_every=25, light=True)
        assert final.outcome is not None


def test_registered_with_a_bot_turn_cap() -> None:
    assert "warmaster" in wargames.games()
    assert GAME.bot_options == {"turn_cap": 12}
    record = wargames.play("warmaster", seed=5)
    assert record.outcome is not None and record.options == {"turn_cap": 12}
    assert (record.outcome.turn or 0) <= 12


def test_same_seed_same_game() -> None:
    check_game_determinism("warmaster", 3)


# -- hidden information ------------------------------------------------------------------------


def _identities(view: WarmasterState, secret: set[str]) -> list[str]:
    """Face-down or cupped counter ids that the view's JSON gives away."""
    data = view.to_json()
    where = data.pop("where")
    leaks = [c for c in secret if where[c] != HIDDEN]
    text = json.dumps(data)
    return leaks + [c for c in secret if f'"{c}"' in text]


@pytest.mark.rule("WM-HIDDEN-01", "WM-SETUP-01", "WM-REINF-07", "WM-COMP-04")
def test_the_imperial_view_shows_backs_and_a_cup_count_only() -> None:
    s = new_game()
    while s.current_player == TRAITOR:
        s = s.apply(s.legal_actions()[0])
    view = s.view(IMPERIAL)
    assert view.backs == tuple(sorted(s.location(c) for c in s.face_down))
    assert set(view.cup.cards) == {"?"} and len(view.cup) == len(s.cup) == 22
    assert not view.face_down and view.occupied(TRAITOR) == s.occupied(TRAITOR)
    assert not _identities(view, set(s.face_down) | set(s.in_box("@cup")))
    assert s.view(TRAITOR) == s  # the Traitor set them up: he sees everything
    # swapping Horus with another starting unit changes nothing the Imperial player sees
    a, b = s.location("horus"), s.location("justaerin-1")
    swapped = s.move_counters([("horus", b), ("justaerin-1", a)])
    assert swapped.view(IMPERIAL).to_json() == view.to_json()
    assert swapped.view(IMPERIAL).legal_actions() == view.legal_actions()


@pytest.mark.rule("WM-HIDDEN-01", "WM-HIDDEN-05")
@pytest.mark.parametrize("seed", range(5))
def test_no_imperial_view_reveals_a_face_down_identity(seed: int) -> None:
    """Property over random games: at every state the Imperial view hides every face-down
    and cupped counter, and a face-down counter only ever turns face up in a Battle phase (or
    when its area is destroyed, a reconstructed special rule)."""
    m = Match(new_game(options={"turn_cap": 8}), seed=seed, agents=agents(seed))
    before = m.state
    while not m.over:
        m.step()
        s = m.state
        assert isinstance(s, WarmasterState) and isinstance(before, WarmasterState)
        secret = set(s.face_down) | set(s.in_box("@cup"))
        assert not _identities(s.view(IMPERIAL), secret)
        flipped = {c for c in before.face_down - s.face_down if s.aboard(c)}
        collapsing = s.destroyed | {t.area for t in s.tasks if isinstance(t, Destroyed)}
        flipped = {c for c in flipped if before.location(c) not in collapsing}
        assert not flipped or s.phase in (PHASES[2], PHASES[5])
        before = s


def _placed(seed: int) -> WarmasterState:
    s = new_game()
    rng = np.random.default_rng(seed)
    while s.current_player == TRAITOR:
        legal = s.legal_actions()
        s = s.apply(legal[int(rng.integers(len(legal)))])
    return s


@pytest.mark.rule("WM-HIDDEN-01")
def test_resampled_states_match_the_imperial_view_and_cover_every_placement() -> None:
    s = _placed(1)
    rng = np.random.default_rng(0)
    view = s.view(IMPERIAL).to_json()
    places = set()
    for _ in range(300):
        guess = s.resample_hidden(IMPERIAL, rng)
        assert guess.view(IMPERIAL).to_json() == view
        assert not guess.invariant_violations()
        places.add(guess.location("horus"))
    assert places == {s.location(c) for c in s.face_down}  # Horus could be under any back
    assert s.resample_hidden(TRAITOR, rng) == s
    # mid-game too: random games, resampled at every Imperial decision
    m = Match(new_game(options={"turn_cap": 6}), seed=2, agents=agents(2))
    while not m.over:
        m.step()
        state = m.state
        assert isinstance(state, WarmasterState)
        if state.current_player == IMPERIAL:
            guess = state.resample_hidden(IMPERIAL, rng)
            assert guess.view(IMPERIAL).to_json() == state.view(IMPERIAL).to_json()
            assert guess.legal_actions() == state.legal_actions()
