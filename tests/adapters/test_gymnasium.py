"""The Gymnasium adapter (wargames.adapters.gymnasium, extra ``[rl]``): one side of every game
against our agents passes ``gymnasium.utils.env_checker.check_env``, registered as
``wargames/GAME-v0``; masks are the codec's legal ids; an illegal id ends the episode with a
penalty saying why (or raises, on request); a seed gives one episode; the reward at the end
is the side's entry of ``returns()``.

Quick tests: each game's default scenario, the first seat; ``slow``: every seat of every
shipped scenario, longer episodes.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import numpy as np
import pytest
import toy_numbered
from extras import extra
from toy_game import Hold

import wargames
from wargames.core import registry
from wargames.core.actionspace import ActionCodec, ActionIdError, ActionSpace, Template
from wargames.core.agents import RandomAgent
from wargames.core.errors import (
    ArgumentError,
    RuleViolation,
    UnknownNameError,
    UnknownPlayerError,
)
from wargames.core.observation import observation_tensor

GAMES = sorted(registry.BUILTIN)
SEATS = [
    (g, s, seat)
    for g in GAMES
    for s in registry.game(g).scenario_ids()
    for seat in registry.game(g).seats_of(s, registry.game(g).bot_options)
]
# what check_env says of any space without finite bounds: our tensors document their layout,
# not a range (see wargames.adapters.episodes.Table.observation_space)
UNBOUNDED = "ignore:.*Box observation space (minimum|maximum) value:UserWarning"


@pytest.fixture
def gym() -> ModuleType:
    """The adapter (skipped without the ``[rl]`` extra)."""
    extra("gymnasium")
    return extra("wargames.adapters.gymnasium")


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch, gym: ModuleType) -> Iterator[str]:
    for game_id in toy_numbered.install(monkeypatch):
        gym.register_envs()  # wargames/toy-v0 (gymnasium keeps it; making it needs the toy)
        yield game_id


def first_seat(game_id: str) -> str:
    g = registry.game(game_id)
    return g.seats_of(None, g.bot_options)[0]


def check_env(env: Any) -> None:
    from gymnasium.utils.env_checker import check_env as gymnasium_check

    gymnasium_check(env.unwrapped)


def play(env: Any, seed: int, steps: int | None = None) -> tuple[list[int], float, bool]:
    """Masked random ids (seeded) from ``reset(seed)``: the ids, the last reward, whether the
    episode ended."""
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    played: list[int] = []
    reward, done = 0.0, False
    while not done and (steps is None or len(played) < steps):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        played.append(action)
        obs, reward, done, truncated, _ = env.step(action)
        assert not truncated
    return played, float(reward), done


# -- Gymnasium's own check --------------------------------------------------------------------


@pytest.mark.filterwarnings(UNBOUNDED)
@pytest.mark.parametrize("game_id", GAMES)
def test_check_env(gym: ModuleType, game_id: str) -> None:
    import gymnasium

    env = gymnasium.make(gym.env_id(game_id), side=first_seat(game_id))
    check_env(env)


@pytest.mark.filterwarnings(UNBOUNDED)
def test_check_env_of_the_toy_against_either_agent(gym: ModuleType, toy: str) -> None:
    import gymnasium

    for side in ("red", "blue"):
        for opponent in ("random", "greedy"):
            check_env(gymnasium.make(gym.env_id(toy), side=side, opponent=opponent))


@pytest.mark.slow
@pytest.mark.filterwarnings(UNBOUNDED)
@pytest.mark.parametrize(("game_id", "scenario", "seat"), SEATS)
def test_check_env_every_seat_of_every_scenario(
    gym: ModuleType, game_id: str, scenario: str, seat: str
) -> None:
    import gymnasium

    check_env(gymnasium.make(gym.env_id(game_id), side=seat, scenario=scenario))
    env = gym.WargamesEnv(game_id, seat, "random", scenario)
    _, reward, done = play(env, seed=3, steps=150)
    final = env.game_state
    assert wargames.replay(env.record()).state == final
    if done:
        assert reward == final.returns()[type(final).players.index(seat.split("/")[0])]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_whole_episodes_reward_the_sides_return(gym: ModuleType, game_id: str) -> None:
    seat = first_seat(game_id)
    env = gym.WargamesEnv(game_id, seat, opponent="greedy")
    _, reward, done = play(env, seed=4)
    final = env.game_state
    assert done and final.is_terminal
    assert reward == final.returns()[type(final).players.index(seat.split("/")[0])]
    assert wargames.replay(env.record()).state == final


def test_every_game_is_registered(gym: ModuleType) -> None:
    import gymnasium

    for game_id in GAMES:
        assert gym.env_id(game_id) in gymnasium.registry
    assert gym.env_id("armageddon") == "wargames/armageddon-v0"


# -- observations and masks -------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_masks_are_the_codecs_legal_ids(gym: ModuleType, game_id: str) -> None:
    seat = first_seat(game_id)
    env = gym.WargamesEnv(game_id, seat)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    codec = env.table.codec
    for _ in range(30):
        state = env.game_state
        assert state.current_player == seat  # the opponent and the dice played in between
        legal = codec.legal_ids(state)
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        np.testing.assert_array_equal(info["action_mask"], obs["action_mask"])
        assert np.flatnonzero(env.action_masks()).tolist() == legal
        np.testing.assert_array_equal(obs["observation"], observation_tensor(state, seat))
        assert obs in env.observation_space
        obs, _, done, _, info = env.step(int(rng.choice(legal)))
        if done:
            assert not obs["action_mask"].any()
            break


# -- illegal ids ------------------------------------------------------------------------------


@pytest.mark.rule("TOY-HOLD-01")
def test_an_illegal_id_ends_the_episode_with_a_penalty_saying_why(
    gym: ModuleType, toy: str
) -> None:
    env = gym.WargamesEnv(toy, "red")
    env.reset(seed=0)
    before = env.game_state
    obs, reward, terminated, truncated, info = env.step(1)  # hold with nothing in the pot
    assert (reward, terminated, truncated) == (gym.ILLEGAL_REWARD, True, False)
    assert "id 1" in info["illegal_action"] and "TOY-HOLD-01" in info["illegal_action"]
    assert env.game_state is before
    assert not obs["action_mask"].any()
    with pytest.raises(RuleViolation, match="reset"):
        env.step(0)
    env.reset(seed=0)
    _, _, _, _, info = env.step(99)
    assert "id 99" in info["illegal_action"] and "not an id" in info["illegal_action"]


def test_illegal_raise_raises_the_games_error_and_goes_on(gym: ModuleType, toy: str) -> None:
    env = gym.WargamesEnv(toy, "red", illegal="raise")
    env.reset(seed=0)
    before = env.game_state
    with pytest.raises(RuleViolation, match="TOY-HOLD-01"):
        env.step(1)
    with pytest.raises(ActionIdError):
        env.step(-3)
    assert env.game_state is before
    env.step(np.int64(0))  # a roll is always legal


def test_an_episode_is_truncated_when_the_codec_numbers_no_legal_action(
    gym: ModuleType, toy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    holds_only = ActionCodec(ActionSpace([Template(Hold, ())]), toy_numbered.CODEC.chance)
    monkeypatch.setattr(toy_numbered, "CODEC", holds_only)
    env = gym.WargamesEnv(toy, "red")
    obs, _ = env.reset(seed=1)  # only a roll is legal at the start: no id
    assert not obs["action_mask"].any()
    obs, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, truncated) == (0.0, False, True)
    assert "numbers none of red's legal actions" in info["truncated"]
    with pytest.raises(RuleViolation, match="reset"):
        env.step(0)


# -- seeding, opponents, rewards --------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_episode(gym: ModuleType, game_id: str) -> None:
    seat = first_seat(game_id)
    one, two = gym.WargamesEnv(game_id, seat), gym.WargamesEnv(game_id, seat)
    assert play(one, 8, steps=20) == play(two, 8, steps=20)
    assert one.record().actions == two.record().actions
    assert one.record().seed == 8


def test_unseeded_resets_follow_the_last_seed(gym: ModuleType, toy: str) -> None:
    def episodes(seed: int) -> list[tuple[str, ...]]:
        env = gym.WargamesEnv(toy, "blue", opponent="greedy")
        out = []
        env.reset(seed=seed)
        for _ in range(3):
            out.append(env.record().actions)
            env.reset()
        return out

    assert episodes(1) == episodes(1)
    assert episodes(1) != episodes(2)


def test_whole_toy_episodes_reward_the_sides_return(gym: ModuleType, toy: str) -> None:
    wins = 0
    for seed in range(6):
        env = gym.WargamesEnv(toy, "blue", opponent=RandomAgent(seed))
        _, reward, done = play(env, seed)
        final = env.game_state
        assert done and final.is_terminal
        assert reward == final.returns()[1]
        assert wargames.replay(env.record()).state == final
        wins += reward == 1.0
    assert 0 < wins < 6  # both outcomes happen


@pytest.mark.rule("CCA-ROLE-01")
def test_a_side_of_a_team_game_plays_all_its_seats(gym: ModuleType) -> None:
    env = gym.WargamesEnv("ancients", "bottom", scenario="the-long-ridge", players=2)
    assert env.seats == ("bottom/commander", "bottom/general")
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    seen = set()
    for _ in range(60):
        seat = env.game_state.current_player
        seen.add(seat)
        np.testing.assert_array_equal(  # each seat sees through its own eyes
            obs["observation"], observation_tensor(env.game_state, seat)
        )
        obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if done:
            break
    assert seen <= set(env.seats)
    one = gym.WargamesEnv("ancients", "top/general", scenario="the-long-ridge", players=2)
    assert one.seats == ("top/general",)


def test_bad_arguments_name_the_problem(gym: ModuleType, toy: str) -> None:
    with pytest.raises(UnknownPlayerError, match="green"):
        gym.WargamesEnv(toy, "green")
    with pytest.raises(UnknownNameError, match="clever"):
        gym.WargamesEnv(toy, "red", opponent="clever")
    with pytest.raises(ArgumentError, match="opponent"):
        gym.WargamesEnv(toy, "red", opponent=3)
    with pytest.raises(UnknownNameError, match="illegal"):
        gym.WargamesEnv(toy, "red", illegal="ignore")
    with pytest.raises(UnknownNameError, match="render_mode"):
        gym.WargamesEnv(toy, "red", render_mode="rgb_array")
    with pytest.raises(RuleViolation, match="reset"):
        gym.WargamesEnv(toy, "red").step(0)
    with pytest.raises(ArgumentError, match="seed"):
        gym.WargamesEnv(toy, "red").reset(seed=-1)


def test_an_environment_pickles_as_its_arguments(gym: ModuleType) -> None:
    env = gym.WargamesEnv("warmaster", "traitor", opponent="greedy", turn_cap=2)
    again = pickle.loads(pickle.dumps(env))
    assert (again.side, again.opponent, again.table.options["turn_cap"]) == ("traitor", "greedy", 2)
    assert play(again, 6) == play(env, 6)


# -- rendering --------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_render_svg_and_ansi(gym: ModuleType, game_id: str) -> None:
    seat = first_seat(game_id)
    svg = gym.WargamesEnv(game_id, seat, render_mode="svg")
    svg.reset(seed=1)
    assert svg.render() == wargames.render(svg.game_state)
    assert svg.render().lstrip().startswith("<svg")
    ansi = gym.WargamesEnv(game_id, seat, render_mode="ansi")
    ansi.reset(seed=1)
    assert ansi.render() == wargames.render(ansi.game_state, format="text")
