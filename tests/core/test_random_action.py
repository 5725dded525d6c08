"""``GameState.random_action``: sampling without listing, in every installed game.

A game may find the random action without listing every legal action, so
these tests hold each game to the contract: for every ``u`` the very action the listing gives
at index ``int(u * len(legal))`` (so seeded games stay what they were), uniform over the legal
list (checked statistically with a fixed seed), the chance outcomes by their probabilities,
and an error once the game is over.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator

import numpy as np
import pytest
from draws import drawn
from toy_game import Roll, ToyState

import wargames
from wargames.core.agents import RandomAgent
from wargames.core.engine import CHANCE, Action, GameState, Match, pick_outcome
from wargames.core.errors import GameOverError, RuleViolation

GAMES = wargames.games()
MAX_STEPS = 400
"""Decisions played into each seeded game to collect states (the openings and beyond)."""


def walk(game: str, seed: int) -> Iterator[GameState]:
    """The states of seeded random games of every shipped scenario, the first ``MAX_STEPS``
    of each game, games played until some ``MAX_STEPS`` states are seen (some games end
    early: the Emperor may die in the first turn)."""
    g = wargames.game(game)
    seen = 0
    while seen < MAX_STEPS:
        for k, scenario in enumerate(g.scenarios()):
            match = wargames.match(game, seed=seed + 100 * k, scenario=scenario)
            match.run(MAX_STEPS)
            seen += len(match.states)
            yield from match.states
        seed += 1000


def fresh(state: GameState) -> GameState:
    """An equal state that has listed nothing yet (its own empty caches)."""
    copy = state.clone()
    copy._memo.pop("legal", None)
    copy._memo.pop("legal_set", None)
    return copy


def cuts(n: int) -> list[float]:
    """Values of ``u`` at and around every boundary between two indices of a listing of
    ``n`` (at most 40 indices, spread over the list), and the ends of [0, 1)."""
    picked = range(n) if n <= 40 else sorted({round(i * (n - 1) / 39) for i in range(40)})
    us = [0.0, math.nextafter(1.0, 0.0)]
    for k in picked:
        edge = k / n
        us += [edge, math.nextafter(edge, 1.0), (k + 0.5) / n]
        if k:
            us.append(math.nextafter(edge, 0.0))
    return [u for u in us if 0.0 <= u < 1.0]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.quick(1)
def test_random_action_is_the_listed_action_at_int_u_n(game: str) -> None:
    """Over many states of seeded games, for ``u`` at every index boundary: the action
    ``random_action`` of a state that has listed nothing draws with ``u`` is
    ``legal[int(u * n)]``."""
    checked = 0
    for i, state in enumerate(walk(game, 1)):
        player = state.current_player
        if player is None or player == CHANCE or i % 3:
            continue
        legal = state._legal_tuple()
        copy = fresh(state)
        for u in cuts(len(legal)):
            assert drawn(copy, u) == legal[int(u * len(legal))], (game, i, u)
        checked += 1
    assert checked >= 50


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.quick(1)
def test_random_action_draws_as_the_random_agent_always_did(game: str) -> None:
    """``random_action(rng)`` takes one number from ``rng`` and picks as the listing does:
    at a decision ``legal[int(u * n)]``, at a chance node ``pick_outcome(outcomes, u)``; two
    generators seeded alike stay in step."""
    mine, theirs = np.random.default_rng(5), np.random.default_rng(5)
    seen = Counter[str]()
    for state in walk(game, 2):
        player = state.current_player
        if player is None:
            with pytest.raises(GameOverError):
                state.random_action(mine)
            continue
        drawn = fresh(state).random_action(mine)
        u = float(theirs.random())
        if player == CHANCE:
            assert drawn == pick_outcome(state.chance_outcomes(), u)
            seen["chance"] += 1
        else:
            legal = state.legal_actions()
            assert drawn == legal[int(u * len(legal))]
            seen["decision"] += 1
    assert seen["decision"] >= 50


@pytest.mark.parametrize("game", GAMES)
def test_random_agent_plays_the_games_it_played_before(game: str) -> None:
    """The random agent now asks its view for ``random_action``; a seeded match is the same
    game, action by action, as with the agent that listed the legal actions and chose."""

    class ListingAgent:
        def __init__(self, seed: int) -> None:
            self.rng = np.random.default_rng(seed)

        def act(self, view: GameState) -> Action:
            legal = view._legal_tuple()
            return legal[int(self.rng.random() * len(legal))]

    state = wargames.load(game, **dict(wargames.game(game).bot_options))
    games = []
    for make in (RandomAgent, ListingAgent):
        agents = {p: make(7 + i) for i, p in enumerate(state.players)}
        match = Match(state, seed=3, agents=agents)
        match.run(MAX_STEPS)
        games.append(match.log)
    assert games[0] == games[1]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.quick(2)
def test_match_run_rolls_as_match_step(game: str) -> None:
    """``Match.run`` draws the dice with ``random_action`` (which may find the outcome without
    its list); ``Match.step`` rolls with ``pick_outcome`` over the listed outcomes: the same
    seeds play the same game either way, action by action."""
    state = wargames.load(game, **dict(wargames.game(game).bot_options))
    ran = Match(state, seed=4, agents={p: RandomAgent(9 + i) for i, p in enumerate(state.players)})
    ran.run(MAX_STEPS)
    stepped = Match(
        state, seed=4, agents={p: RandomAgent(9 + i) for i, p in enumerate(state.players)}
    )
    while not stepped.over and len(stepped.actions) < MAX_STEPS:
        stepped.step()
    assert CHANCE in ran.players
    assert ran.log == stepped.log and ran.state == stepped.state


def chi_square_ok(counts: list[int], expected: list[float]) -> bool:
    """Whether observed ``counts`` fit ``expected`` ones: the chi-square statistic below its
    critical value for a tail of about 3 in 100,000 (Wilson-Hilferty, z = 4)."""
    stat = sum((c - e) ** 2 / e for c, e in zip(counts, expected, strict=True))
    k = len(counts) - 1
    critical = k * (1 - 2 / (9 * k) + 4 * math.sqrt(2 / (9 * k))) ** 3
    return stat < critical


def decision_states(game: str, want: int) -> list[GameState]:
    """``want`` decision states of a seeded game with more than one legal action, of as many
    different sizes of listing as the game offers."""
    chosen: dict[int, GameState] = {}
    for state in walk(game, 3):
        player = state.current_player
        if player is None or player == CHANCE:
            continue
        n = len(state._legal_tuple())
        if 2 <= n <= 60 and n not in chosen:
            chosen[n] = state
    sizes = sorted(chosen)
    step = max(1, len(sizes) // want)
    return [chosen[n] for n in sizes[::step][:want]]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.quick(1)
def test_random_action_is_uniform_over_the_legal_list(game: str) -> None:
    """Drawn many times (each from a state that has listed nothing, with one fixed seed), every
    legal action comes up about equally often: a chi-square test of uniformity per state."""
    rng = np.random.default_rng(2026)
    states = decision_states(game, 4)
    assert states
    for state in states:
        legal = state._legal_tuple()
        draws = 60 * len(legal)
        counts = Counter(fresh(state).random_action(rng) for _ in range(draws))
        assert set(counts) <= set(legal)
        observed = [counts[a] for a in legal]
        assert chi_square_ok(observed, [draws / len(legal)] * len(legal)), (game, observed)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.quick(1)
def test_random_action_draws_chance_by_its_probabilities(game: str) -> None:
    """At chance nodes the outcomes come up as often as their probabilities say."""
    rng = np.random.default_rng(16)
    nodes = [s for s in walk(game, 4) if s.current_player == CHANCE]
    tested = 0
    for state in nodes[:: max(1, len(nodes) // 3)][:3]:
        outcomes = state.chance_outcomes()
        if len(outcomes) < 2:
            continue
        draws = 3000
        counts = Counter(state.random_action(rng) for _ in range(draws))
        observed = [counts[a] for a, _ in outcomes]
        expected = [draws * p for _, p in outcomes]
        kept = [(o, e) for o, e in zip(observed, expected, strict=True) if e >= 5]
        assert chi_square_ok([o for o, _ in kept], [e for _, e in kept]), (game, observed)
        tested += 1
    assert tested


def test_random_action_on_the_toy_game() -> None:
    """The base class's default: uniform over the listing, chance by probabilities, and a
    game over is a GameOverError (a RuleViolation "GAME-OVER" and a ValueError)."""
    rng = np.random.default_rng(0)
    state = ToyState()
    assert state.random_action(rng) == Roll()
    rolled = state.apply(Roll())
    assert rolled.current_player == CHANCE
    counts = Counter(str(rolled.random_action(rng)) for _ in range(6000))
    assert chi_square_ok([counts[f"roll {v}"] for v in range(1, 7)], [1000.0] * 6)
    match = Match(ToyState(), seed=1, agents={"red": RandomAgent(1), "blue": RandomAgent(2)})
    match.run()
    over = match.state
    with pytest.raises(GameOverError, match="game is over") as caught:
        over.random_action(rng)
    assert isinstance(caught.value, RuleViolation) and isinstance(caught.value, ValueError)
    assert caught.value.rule == "GAME-OVER"


def test_match_shows_the_random_agent_the_state_and_other_agents_views(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The random agent looks at nothing but the legal actions, which the acting player's view
    shares with the state (``legal_in_views``): a Match makes it no view. An agent that
    overrides ``act`` (even a RandomAgent subclass) is shown views as before, and the games
    are the same."""
    from wargames.core.views import viewer_of

    state = wargames.load("armageddon")
    assert type(state).legal_in_views
    made: list[str] = []
    original = type(state).view

    def counting(self: GameState, player: str) -> GameState:
        made.append(player)
        return original(self, player)  # type: ignore[arg-type]

    monkeypatch.setattr(type(state), "view", counting)

    class Peeking(RandomAgent):
        def __init__(self, seed: int) -> None:
            super().__init__(seed)
            self.seen: list[str | None] = []

        def act(self, view: GameState) -> Action:
            self.seen.append(viewer_of(view))
            return super().act(view)

    logs = []
    for make in (RandomAgent, Peeking):
        made.clear()
        agents = {p: make(i) for i, p in enumerate(state.players)}
        match = Match(state, seed=4, agents=agents)
        match.run(60)
        logs.append(match.log)
        if make is RandomAgent:
            assert made == []
        else:
            assert made and all(
                a.seen == [p] * len(a.seen)  # type: ignore[attr-defined]
                for p, a in agents.items()
            )
    assert logs[0] == logs[1]
