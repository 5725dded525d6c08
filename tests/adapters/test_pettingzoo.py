"""The PettingZoo adapter (wargames.adapters.pettingzoo, extra ``[rl]``): every game passes
PettingZoo's ``api_test`` and ``seed_test``; masks are the codec's legal ids; chance is rolled
inside ``step`` with the seeded generator, so a seed gives one episode, which replays as a
record; rewards at the end are ``returns()``; ``max_cycles`` truncates.

PettingZoo's ``max_cycles_test`` does not apply: it builds ``mod.parallel_env`` (our
environments are not parallelizable: one player decides at a time, often many times in a row)
and steps with unmasked samples. ``test_max_cycles_truncates`` checks the same promise on the
AEC environment: an episode ends, truncated for every agent, after ``max_cycles`` cycles.

The quick tests play the default scenario of each game for a few cycles; ``slow`` ones play
whole games and every shipped scenario.
"""

from __future__ import annotations

import itertools
import pickle
import subprocess
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import numpy as np
import pytest
import toy_numbered
from extras import extra
from toy_game import Hold, Roll

import wargames
from wargames.core import registry
from wargames.core.actionspace import ActionCodec, ActionIdError, ActionSpace, Template
from wargames.core.errors import (
    ArgumentError,
    CapabilityError,
    RuleViolation,
    UnknownNameError,
    UnknownPlayerError,
)
from wargames.core.observation import observation_tensor

GAMES = sorted(registry.BUILTIN)
SCENARIOS = [(g, s) for g in GAMES for s in registry.game(g).scenario_ids()]


@pytest.fixture
def pz() -> ModuleType:
    """The adapter (skipped without the ``[rl]`` extra)."""
    extra("pettingzoo")
    return extra("wargames.adapters.pettingzoo")


@pytest.fixture
def pz_test() -> ModuleType:
    return extra("pettingzoo.test")


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    yield from toy_numbered.install(monkeypatch)


def masked_choice(rng: np.random.Generator, mask: np.ndarray[Any, Any]) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def play(aec: Any, seed: int, steps: int | None = None) -> list[int]:
    """Play ``aec`` from ``reset(seed)`` with masked random ids (the ids' generator seeded
    too) for ``steps`` decisions or to the end; the ids played."""
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    played: list[int] = []
    for agent in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated or (steps is not None and len(played) >= steps):
            if not (terminated or truncated):
                break
            aec.step(None)
            continue
        action = masked_choice(rng, obs["action_mask"])
        played.append(action)
        aec.step(action)
        assert agent in aec.possible_agents
    return played


# -- PettingZoo's own checks ------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_api_test(pz: ModuleType, pz_test: ModuleType, game_id: str) -> None:
    pz_test.api_test(pz.env(game_id), num_cycles=15)


@pytest.mark.parametrize("game_id", GAMES)
def test_seed_test(pz: ModuleType, pz_test: ModuleType, game_id: str) -> None:
    pz_test.seed_test(lambda: pz.env(game_id), num_cycles=10)


@pytest.mark.rule("CCA-ROLE-01")
def test_the_seats_of_a_team_game_are_its_agents(pz: ModuleType, pz_test: ModuleType) -> None:
    aec = pz.env("ancients", "the-long-ridge", players=2)
    assert aec.possible_agents == [
        "bottom/commander",
        "bottom/general",
        "top/commander",
        "top/general",
    ]
    pz_test.api_test(aec, num_cycles=10)


def test_the_toy_passes_both_tests_over_whole_games(
    pz: ModuleType, pz_test: ModuleType, toy: str
) -> None:
    pz_test.api_test(pz.env(toy), num_cycles=300)
    pz_test.seed_test(lambda: pz.env(toy), num_cycles=300)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "scenario"), SCENARIOS)
def test_api_test_long_runs_of_every_scenario(
    pz: ModuleType, pz_test: ModuleType, game_id: str, scenario: str
) -> None:
    pz_test.api_test(pz.env(game_id, scenario), num_cycles=200)
    pz_test.seed_test(lambda: pz.env(game_id, scenario), num_cycles=30)


# -- what the environment says ----------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_spaces_are_the_codec_and_the_layout(pz: ModuleType, game_id: str) -> None:
    aec = pz.raw_env(game_id)
    g = registry.game(game_id)
    state = g.start(None, dict(g.bot_options))
    assert aec.possible_agents == list(g.seats_of(None, g.bot_options))
    n = wargames.action_space(state).num_distinct_actions
    size = observation_tensor(state, aec.possible_agents[0]).shape[0]
    for agent in aec.possible_agents:
        assert aec.action_space(agent).n == n
        space = aec.observation_space(agent)
        assert space["observation"].shape == (size,)
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (n,)
        assert space["action_mask"].dtype == np.int8
    assert aec.metadata["is_parallelizable"] is False
    assert aec.metadata["name"] == f"wargames_{game_id}_v0"
    assert set(aec.metadata["render_modes"]) == {"svg", "ansi"}


@pytest.mark.parametrize("game_id", GAMES)
def test_masks_are_the_codecs_legal_ids(pz: ModuleType, game_id: str) -> None:
    aec = pz.raw_env(game_id)
    aec.reset(seed=7)
    rng = np.random.default_rng(7)
    codec = aec.table.codec
    for _ in range(40):
        if aec.terminations[aec.agent_selection]:
            break
        state = aec.game_state
        assert not state.is_chance  # rolled inside step
        assert aec.agent_selection == state.current_player
        for agent in aec.agents:
            obs = aec.observe(agent)
            if agent == aec.agent_selection:
                assert np.flatnonzero(obs["action_mask"]).tolist() == codec.legal_ids(state)
            else:
                assert not obs["action_mask"].any()
            np.testing.assert_array_equal(obs["observation"], observation_tensor(state, agent))
        aec.step(masked_choice(rng, aec.observe(aec.agent_selection)["action_mask"]))


def test_masks_hold_the_ids_a_codec_numbers_by_the_state(pz: ModuleType) -> None:
    """Horde numbers a split-off horde by its rank among those of the state, so the same
    action may have another id in another state: the mask asks the codec in each state."""
    aec = pz.raw_env("horde", "ork-assault")
    aec.reset(seed=2)
    rng = np.random.default_rng(2)
    codec, by_state = aec.table.codec, 0
    while not aec.terminations[aec.agent_selection]:
        state = aec.game_state
        mask = aec.action_mask(aec.agent_selection)
        if any(_needs_the_state(codec, a) for a in state.legal_actions()):
            by_state += 1
            assert np.flatnonzero(mask).tolist() == codec.legal_ids(state)
        aec.step(masked_choice(rng, mask))
    assert by_state > 20


def _needs_the_state(codec: Any, action: Any) -> bool:
    try:
        codec.decisions.encode(action)
    except ActionIdError:
        return True
    return False


def test_one_agent_acts_many_times_in_a_row(pz: ModuleType, toy: str) -> None:
    aec = pz.raw_env(toy)
    aec.reset(seed=1)
    # TOY: a player who rolls decides again until he holds or rolls a 1
    seen = []
    for _ in range(30):
        seen.append(aec.agent_selection)
        aec.step(0)  # roll
        if aec.terminations[aec.agent_selection]:
            break
    assert any(a == b for a, b in itertools.pairwise(seen))


# -- seeding and records ----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_episode(pz: ModuleType, game_id: str) -> None:
    one, two = pz.raw_env(game_id), pz.raw_env(game_id)
    assert play(one, seed=11, steps=30) == play(two, seed=11, steps=30)
    assert one.record().actions == two.record().actions
    np.testing.assert_array_equal(
        one.observe(one.agent_selection)["observation"],
        two.observe(two.agent_selection)["observation"],
    )


def test_seeds_differ_and_unseeded_resets_follow_the_seed(pz: ModuleType, toy: str) -> None:
    def episodes(seed: int) -> list[tuple[str, ...]]:
        aec = pz.raw_env(toy)
        aec.reset(seed=seed)
        out = []
        for _ in range(3):
            out.append(tuple(_roll_only(aec)))
            aec.reset()
        return out

    assert episodes(3) == episodes(3)
    assert episodes(3) != episodes(4)


def _roll_only(aec: Any) -> list[str]:
    """Roll until the game ends (the dice decide everything), the record's actions."""
    while not aec.terminations[aec.agent_selection]:
        aec.step(int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[-1]))
    return list(aec.record().actions)


@pytest.mark.rule("TOY-ROLL-02")
def test_an_episode_replays_as_its_record_with_returns_as_rewards(pz: ModuleType, toy: str) -> None:
    aec = pz.raw_env(toy)
    play(aec, seed=5)
    record = aec.record()
    assert record.seed == 5 and record.outcome is not None
    final = wargames.replay(record).state
    assert final == aec.game_state and final.is_terminal
    returns = dict(zip(type(final).players, final.returns(), strict=True))
    assert sorted(returns.values()) == [-1.0, 1.0]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_whole_episodes_replay_and_reward_the_returns(pz: ModuleType, game_id: str) -> None:
    aec = pz.raw_env(game_id)
    aec.reset(seed=2)
    rng = np.random.default_rng(2)
    rewards: dict[str, float] = {}
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            rewards[agent] = reward
            aec.step(None)
            continue
        assert reward == 0
        aec.step(masked_choice(rng, obs["action_mask"]))
    final = wargames.replay(aec.record()).state
    assert final == aec.game_state and final.is_terminal
    returns = dict(zip(type(final).players, final.returns(), strict=True))
    assert rewards == {seat: returns[seat.split("/")[0]] for seat in aec.possible_agents}
    assert not aec.agents


# -- max_cycles -------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", [*GAMES, "toy"])
def test_max_cycles_truncates(pz: ModuleType, game_id: str, toy: str) -> None:
    cycles = 3
    aec = pz.env(game_id, max_cycles=cycles)
    aec.reset(seed=4)
    rng = np.random.default_rng(4)
    decisions, dead = 0, []
    for agent in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            dead.append(agent)
            assert truncated or terminated
            aec.step(None)
            continue
        decisions += 1
        aec.step(masked_choice(rng, obs["action_mask"]))
    limit = cycles * len(aec.possible_agents)
    assert decisions <= limit
    assert sorted(dead) == sorted(aec.possible_agents)  # every agent told, then removed
    assert not aec.agents
    if not aec.unwrapped.game_state.is_terminal:
        assert decisions == limit


# -- bounded spaces -------------------------------------------------------------------------


def test_an_action_the_codec_cannot_number_is_left_out_of_the_mask(
    pz: ModuleType, toy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rolls_only = ActionCodec(ActionSpace([Template(Roll, ())]), toy_numbered.CODEC.chance)
    monkeypatch.setattr(toy_numbered, "CODEC", rolls_only)
    aec = pz.raw_env(toy)
    aec.reset(seed=1)
    held = False
    for _ in range(40):
        state = aec.game_state
        if state.is_terminal:
            break
        held |= Hold() in state.legal_actions()
        assert aec.action_mask(aec.agent_selection).tolist() == [1]  # roll, never hold
        aec.step(0)
    assert held


def test_an_episode_is_truncated_when_the_codec_numbers_no_legal_action(
    pz: ModuleType, toy: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    holds_only = ActionCodec(ActionSpace([Template(Hold, ())]), toy_numbered.CODEC.chance)
    monkeypatch.setattr(toy_numbered, "CODEC", holds_only)
    aec = pz.raw_env(toy)
    aec.reset(seed=1)  # only a roll is legal at the start: no id
    assert all(aec.truncations.values()) and not any(aec.terminations.values())
    assert "numbers none of red's legal actions" in aec.infos["red"]["truncated"]
    assert not aec.observe("red")["action_mask"].any()


# -- rendering --------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_render_svg_and_ansi_draw_the_public_view(pz: ModuleType, game_id: str) -> None:
    svg, ansi = pz.raw_env(game_id, render_mode="svg"), pz.raw_env(game_id, render_mode="ansi")
    svg.reset(seed=1)
    ansi.reset(seed=1)
    drawing = svg.render()
    assert isinstance(drawing, str) and drawing.lstrip().startswith("<svg")
    assert drawing == wargames.render(svg.game_state)
    board = ansi.render()
    assert isinstance(board, str) and board
    assert board == wargames.render(ansi.game_state, format="text")
    plain = pz.raw_env(game_id)
    plain.reset(seed=1)
    assert plain.render() is None


def test_a_game_without_a_drawing_renders_only_text(pz: ModuleType, toy: str) -> None:
    assert pz.raw_env(toy).metadata["render_modes"] == ["ansi"]
    with pytest.raises(CapabilityError, match="no drawing"):
        pz.raw_env(toy, render_mode="svg")
    aec = pz.raw_env(toy, render_mode="ansi")
    aec.reset(seed=0)
    assert "race to 10" in aec.render()


# -- refusals ---------------------------------------------------------------------------------


@pytest.mark.rule("TOY-HOLD-01")
def test_the_raw_environment_refuses_an_illegal_id_unchanged(pz: ModuleType, toy: str) -> None:
    aec = pz.raw_env(toy)
    aec.reset(seed=0)
    before = aec.game_state
    with pytest.raises(RuleViolation, match="TOY-HOLD-01"):
        aec.step(1)  # hold with nothing in the pot
    for bad in (2, -1, None, "0", 1.5):
        with pytest.raises(ActionIdError):
            aec.step(bad)
    assert aec.game_state is before and aec.decisions == 0
    aec.step(np.int64(0))  # numpy ids are ids; a roll is always legal
    aec.step(np.array(0))
    assert aec.decisions == 2


def test_the_wrapped_environment_ends_an_episode_on_an_illegal_id(pz: ModuleType, toy: str) -> None:
    aec = pz.env(toy)
    aec.reset(seed=0)
    aec.step(1)  # hold with nothing in the pot
    assert all(aec.terminations.values())
    assert aec.rewards["red"] == pz.ILLEGAL_REWARD


def test_bad_arguments_name_the_problem(pz: ModuleType, toy: str) -> None:
    with pytest.raises(UnknownNameError, match="render_mode"):
        pz.raw_env(toy, render_mode="human")
    with pytest.raises(ArgumentError, match="max_cycles"):
        pz.raw_env(toy, max_cycles=0)
    with pytest.raises(UnknownNameError, match="game"):
        pz.raw_env("chess")
    with pytest.raises(UnknownNameError, match="target"):
        pz.raw_env(toy, targte=3)
    with pytest.raises(UnknownPlayerError):
        pz.raw_env(toy).action_space("green")
    with pytest.raises(RuleViolation, match="reset"):
        pz.raw_env(toy).step(0)


def test_an_environment_pickles_as_its_arguments(pz: ModuleType) -> None:
    aec = pz.raw_env("warmaster", max_cycles=5, render_mode="ansi", turn_cap=3)
    again = pickle.loads(pickle.dumps(aec))
    assert (again.max_cycles, again.render_mode, again.table.options["turn_cap"]) == (5, "ansi", 3)
    assert play(again, seed=1) == play(aec, seed=1)


def test_import_wargames_imports_no_adapter_dependency() -> None:
    code = (
        "import sys, wargames;"
        "bad = [m for m in ('pettingzoo', 'gymnasium') if m in sys.modules]; assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
