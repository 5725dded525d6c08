"""A match keeps a few of its states alive and recomputes the others from its actions
(:mod:`wargames.core.history`): what it gives back is every state that was played."""

from __future__ import annotations

import pytest

import wargames
from wargames import Match, RandomAgent
from wargames.core.history import CHECKPOINT_EVERY, RECENT, History


def played(seed: int, game: str = "ancients") -> tuple[Match, list[wargames.GameState]]:
    """A seeded random game through a match, with every state it passed kept beside it."""
    state = wargames.load(game, **dict(wargames.game(game).bot_options))
    agents = {p: RandomAgent(seed + i) for i, p in enumerate(state.players)}
    match = Match(state, seed=seed, agents=agents)
    every = [state]
    while not match.over:
        every.append(match.step())
    return match, every


@pytest.fixture(scope="module")
def game() -> tuple[Match, list[wargames.GameState]]:
    match, every = played(4)
    assert len(every) > 2 * CHECKPOINT_EVERY + RECENT  # long enough to recompute states
    return match, every


def test_every_state_comes_back_equal(game: tuple[Match, list[wargames.GameState]]) -> None:
    match, every = game
    assert len(match.states) == len(every) == len(match.actions) + 1
    for index in (0, 1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 5, -1, -3):
        assert match.states[index] == every[index]
    assert list(match.states) == every
    assert match.states == every and every == match.states
    assert match.states[3:40:7] == every[3:40:7]
    assert match.states[::-50] == every[::-50]
    assert match.replay() == match.states


def test_only_a_few_states_stay_alive(game: tuple[Match, list[wargames.GameState]]) -> None:
    match, every = game
    states = match.states
    assert isinstance(states, History)
    assert states.kept <= len(every) // CHECKPOINT_EVERY + 1 + RECENT
    assert states.last is every[-1] and match.state is every[-1]


def test_undo_recomputes_the_state_taken_back_to() -> None:
    match, every = played(9)
    n = len(match.actions)
    back = n - (CHECKPOINT_EVERY + RECENT + 3)  # a state that was not kept
    assert match.undo(n - back) == every[back]
    assert len(match.states) == back + 1 and len(match.actions) == back
    assert match.states[-1] == every[back] and match.states[-2] == every[back - 1]
    # playing on from there logs new states as before
    action = match.state.legal_actions()[0]
    after = match.apply(action)
    assert match.states[-1] is after and match.states[-2] == every[back]
    assert match.replay() == list(match.states)


def test_reading_out_of_range_is_an_index_error(
    game: tuple[Match, list[wargames.GameState]],
) -> None:
    match, every = game
    with pytest.raises(IndexError):
        match.states[len(every)]
    with pytest.raises(IndexError):
        match.states[-len(every) - 1]
    with pytest.raises(IndexError):
        match.states.cut(len(every))  # the first state stays
    with pytest.raises(ValueError, match="cannot undo"):
        match.undo(len(every))


def test_walking_the_states_from_anywhere_applies_each_at_most_once(
    game: tuple[Match, list[wargames.GameState]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``since(start)`` gives the states from ``start`` on, recomputing each not kept from the
    one before it (a log written at the end of a long game reads every state: walking them one
    index at a time would recompute each from its checkpoint)."""
    match, every = game
    start = CHECKPOINT_EVERY + 7
    applied = count_applies(monkeypatch, type(match.state))
    assert list(match.states.since(start)) == every[start:]
    assert (
        applied[0] <= len(every) - start + 7
    )  # the way to `start` from its checkpoint, then one each
    assert list(match.states.since(len(every))) == []
    with pytest.raises(IndexError):
        next(match.states.since(len(every) + 1))
    assert match.states[start : start + 40 : 3] == every[start : start + 40 : 3]


def test_the_log_of_a_whole_game_applies_each_state_once(
    game: tuple[Match, list[wargames.GameState]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``wargames replay`` writes the log of a whole game at once (it took 80 s for a game of
    3,000 actions when each line recomputed its two states)."""
    import io

    from wargames.terminal.log import LogPrinter

    match, every = game
    applied = count_applies(monkeypatch, type(match.state))
    out = io.StringIO()
    LogPrinter(out).catch_up(match)
    assert applied[0] <= len(every)
    assert out.getvalue().count("\n") >= len(match.actions)


def count_applies(monkeypatch: pytest.MonkeyPatch, cls: type[wargames.GameState]) -> list[int]:
    """A counter of the calls of ``cls.apply`` from now on."""
    applied = [0]
    original = cls.apply

    def counted(self: wargames.GameState, action: wargames.Action) -> wargames.GameState:
        applied[0] += 1
        return original(self, action)

    monkeypatch.setattr(cls, "apply", counted)
    return applied
