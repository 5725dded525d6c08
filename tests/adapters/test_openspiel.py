"""The OpenSpiel adapter (wargames.adapters.openspiel): every game is a pyspiel game whose
GameType and GameInfo say what its descriptor says, passes OpenSpiel's own random simulation
test, numbers actions as its codec does, ends with the engine's returns, and can be played by
OpenSpiel's MCTS bot against our random agent."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
import toy_openspiel
from extras import extra

import wargames
from wargames.core.engine import replay
from wargames.core.errors import CapabilityError, OptionError, UnknownNameError, WargamesError
from wargames.core.observation import observation_string, observation_tensor
from wargames.core.registry import game

pyspiel = extra("pyspiel")
adapter = extra("wargames.adapters.openspiel")

GAMES = wargames.games()

SHORT: dict[str, tuple[str | None, dict[str, Any]]] = {
    "ancients": (None, {"turn_cap": 6}),
    "armageddon": (None, {}),
    "horde": (None, {"rounds": 1}),
    "warmaster": (None, {"turn_cap": 2}),
}
"""Scenarios and options that make a game short enough for the quick tests."""
WALK = {"armageddon": 700}
"""Armageddon has no option to cut the campaign: its quick random simulation starts after
this many random actions (the walk of the test ends after 792)."""


def short_game(game_id: str) -> Any:
    scenario, options = SHORT[game_id]
    return adapter.load_game(game_id, scenario, **options)


def scenarios() -> list[tuple[str, str]]:
    return [(g, s) for g in GAMES for s in game(g).scenario_ids()]


def random_walk(state: Any, rng: random.Random, steps: int | None = None) -> Any:
    """Play ``state`` (a pyspiel state) on at random, chance by its probabilities."""
    taken = 0
    while not state.is_terminal() and (steps is None or taken < steps):
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(ids[int(np.searchsorted(np.cumsum(probs), rng.random()))])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        taken += 1
    return state


# -- the mechanics, on the numbered toy race ---------------------------------------------------


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Any:
    toy_openspiel.install(monkeypatch)
    return adapter.load_game("toy")


def test_a_game_is_registered_under_its_short_name(toy: Any) -> None:
    assert adapter.short_name("toy") == "python_wargames_toy"
    assert "python_wargames_toy" in pyspiel.registered_names()
    assert str(toy) == "python_wargames_toy(scenario=default,target=-1,turn_limit=50)"
    assert pyspiel.load_game("python_wargames_toy(scenario=long)").get_parameters() == {
        "scenario": "long",
        "target": -1,
        "turn_limit": 50,
    }


def test_the_toy_passes_the_random_simulation_test(toy: Any) -> None:
    pyspiel.random_sim_test(toy, num_sims=5, serialize=True, verbose=False)


def test_player_ids_chance_and_terminal(toy: Any) -> None:
    state = toy.new_initial_state()
    assert state.current_player() == 0
    assert state.legal_actions() == [0]  # TOY-HOLD-01: only roll with an empty pot
    assert state.action_to_string(0, 0) == "roll"
    state.apply_action(0)
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.chance_outcomes() == [(i, pytest.approx(1 / 6)) for i in range(6)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "roll 4"
    state.apply_action(3)
    assert state.legal_actions() == [0, 1]
    assert str(state) == str(state.wargames_state)


def test_an_illegal_id_is_refused_and_the_state_kept(toy: Any) -> None:
    state = toy.new_initial_state()
    with pytest.raises((RuntimeError, WargamesError)):
        state.apply_action(1)  # hold with an empty pot
    assert state.history() == [] and state.current_player() == 0


def test_a_clone_is_independent(toy: Any) -> None:
    state = toy.new_initial_state()
    state.apply_action(0)
    clone = state.clone()
    clone.apply_action(4)
    assert state.is_chance_node() and not clone.is_chance_node()
    assert clone.history() == [0, 4] and state.history() == [0]


def test_actions_applied_in_python_or_through_cpp_leave_the_same_history(toy: Any) -> None:
    """``apply_action`` runs in Python (no C++ round trip): the history it keeps reads as
    OpenSpiel's own C++ history reads for the same actions applied through C++."""
    walked = random_walk(toy.new_initial_state(), random.Random(4), steps=12)
    through_cpp = toy.new_initial_state()
    for action in walked.history():
        pyspiel.State.apply_action(through_cpp, action)
    assert walked.wargames_state == through_cpp.wargames_state
    assert walked.history() == pyspiel.State.history(through_cpp)
    assert walked.history_str() == pyspiel.State.history_str(through_cpp)
    assert walked.move_number() == pyspiel.State.move_number(through_cpp) == 12
    assert [(h.player, h.action) for h in walked.full_history()] == [
        (h.player, h.action) for h in pyspiel.State.full_history(through_cpp)
    ]
    ours, theirs = walked.serialize(), pyspiel.State.serialize(through_cpp)
    assert ours.split("__dict__=")[0] == theirs.split("__dict__=")[0]
    again = toy.deserialize_state(ours)
    assert again.history() == walked.history() and again.wargames_state == walked.wargames_state
    fresh = toy.new_initial_state()
    assert fresh.is_initial_state() and fresh.is_initial_non_chance_state()
    assert not walked.is_initial_state() and not walked.is_initial_non_chance_state()
    child = walked.child(walked.legal_actions()[0] if not walked.is_chance_node() else 0)
    assert child.history()[:-1] == walked.history() and walked.move_number() == 12


def test_serialized_states_come_back(toy: Any) -> None:
    state = random_walk(toy.new_initial_state(), random.Random(1), steps=9)
    text = pyspiel.serialize_game_and_state(toy, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert str(again_game) == str(toy)
    assert again.history() == state.history()
    assert again.wargames_state == state.wargames_state


def test_the_information_state_is_the_redacted_history_and_the_observation(toy: Any) -> None:
    state = toy.new_initial_state()
    for action in (0, 3, 0, 1):
        state.apply_action(action)
    assert state.information_state_string(1).splitlines() == [
        "red: roll",
        "chance: roll 4",
        "red: roll",
        "chance: roll 2",
        observation_string(state.wargames_state, "blue"),
    ]
    assert state.observation_string(0) == observation_string(state.wargames_state, "red")
    assert state.observation_tensor(0) == pytest.approx([0, 0, 6, 1, 0, 1])  # turn 1


@pytest.mark.parametrize("game_id", ["warmaster", "armageddon"])
def test_the_answers_given_in_python_are_openspiels(game_id: str) -> None:
    """``legal_actions`` (with and without a player) and ``is_chance_node``, answered by the
    adapter without calls from C++ back into the state, agree with OpenSpiel's own answers
    (through C++) in every state of a game, its end included."""
    rng = random.Random(5)
    state = short_game(game_id).new_initial_state()
    players = range(state.num_players())
    for _ in range(150 if game_id == "warmaster" else 60):
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        if not state.is_chance_node():
            for p in players:
                assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p)
        listed = state.legal_actions()
        listed.clear()  # a copy: the state's answer is unchanged
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        if state.is_terminal():
            break
        random_walk(state, rng, steps=1)
    end = random_walk(state, rng)
    assert end.legal_actions() == [] == pyspiel.State.legal_actions(end)


def test_information_states_are_the_same_however_often_asked() -> None:
    """The states the history passed through are not kept: the information-state string is
    the same asked at every step, asked only at the end, asked of an earlier clone after the
    game went on, and asked after a resampling (whose history is the game's so far)."""
    game_id = "warmaster"
    played = random_walk(short_game(game_id).new_initial_state(), random.Random(2), steps=120)
    actions = played.history()
    seats = range(played.num_players())
    every, once = played.get_game().new_initial_state(), played.get_game().new_initial_state()
    clones = []
    for i, action in enumerate(actions):
        every.apply_action(action)
        once.apply_action(action)
        asked = [every.information_state_string(p) for p in seats]
        if i % 40 == 0:
            clones.append((every.clone(), asked))
    assert [once.information_state_string(p) for p in seats] == asked
    for clone, seen in clones:
        assert [clone.information_state_string(p) for p in seats] == seen
    resampled = once.resample_from_infostate(0, random.Random(3).random)
    history = asked[0].removesuffix(once.observation_string(0))
    assert history.endswith("\n") and len(history.splitlines()) == len(actions)
    assert resampled.information_state_string(0) == history + resampled.observation_string(0)
    assert once.information_state_string(0) == asked[0]


def test_observers_give_named_blocks(toy: Any) -> None:
    from open_spiel.python.observation import make_observation

    observation = make_observation(toy)
    state = toy.new_initial_state()
    observation.set_from(state, 1)
    assert list(observation.dict) == ["scores", "pot", "to play", "turn"]
    assert observation.dict["to play"].tolist() == [1.0, 0.0]
    recall = make_observation(toy, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor is None
    assert recall.string_from(state, 0) == state.information_state_string(0)
    with pytest.raises(CapabilityError, match="SINGLE_PLAYER"):
        make_observation(toy, pyspiel.IIGObservationType(perfect_recall=False, public_info=False))


def test_bad_games_and_options_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    toy_openspiel.install(monkeypatch)
    with pytest.raises(UnknownNameError, match="nogame"):
        adapter.load_game("nogame")
    with pytest.raises(OptionError, match="target"):
        adapter.load_game("toy", target=0)
    with pytest.raises(UnknownNameError, match="unknown_option"):
        adapter.load_game("toy", unknown_option=1)


def test_a_game_without_a_bound_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    toy_openspiel.install(monkeypatch)
    with pytest.raises(CapabilityError, match="give the option turn_limit"):
        pyspiel.load_game("python_wargames_toy", {"turn_limit": -1})


def test_load_game_passes_options_as_parameters(monkeypatch: pytest.MonkeyPatch) -> None:
    toy_openspiel.install(monkeypatch)
    loaded = adapter.load_game("toy", "long", target=5, turn_limit=3)
    assert loaded.get_parameters() == {"scenario": "long", "target": 5, "turn_limit": 3}
    assert loaded.max_game_length() == 3 * adapter.DEFAULT_DECISIONS_PER_TURN
    assert loaded.new_initial_state().wargames_state.target == 5


# -- the four games ------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_game_type_and_info_follow_the_descriptor(game_id: str) -> None:
    described = game(game_id)
    loaded = adapter.load_game(game_id)
    kind = loaded.get_type()
    assert kind.short_name == f"python_wargames_{game_id}"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert described.information == "imperfect" and described.chance == "explicit"
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.provides_observation_tensor and kind.provides_information_state_string
    assert set(kind.parameter_specification) == {"scenario", *described.options.names}
    assert kind.parameter_specification["scenario"] == described.default_scenario
    for name, value in described.bot_options.items():
        assert kind.parameter_specification[name] == value
    assert kind.min_num_players == len(described.players) <= kind.max_num_players
    state = described.start(None, described.bot_options)
    codec = wargames.action_space(state)
    assert loaded.num_distinct_actions() == codec.num_distinct_actions
    assert loaded.max_chance_outcomes() == codec.max_chance_outcomes
    assert loaded.num_players() == len(described.seats_of(None, described.bot_options))
    assert (loaded.min_utility(), loaded.max_utility()) == (-1.0, 1.0)
    assert loaded.utility_sum() == 0.0
    turns = described.max_turns(None, described.bot_options)
    assert loaded.max_game_length() == turns * adapter.DECISIONS_PER_TURN[game_id]
    assert loaded.observation_tensor_size() == observation_tensor(state, state.players[0]).size


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.quick(1)
def test_a_short_game_passes_the_random_simulation_test(game_id: str) -> None:
    loaded = short_game(game_id)
    start = random_walk(loaded.new_initial_state(), random.Random(0), WALK.get(game_id, 0))
    pyspiel.random_sim_test(
        loaded, num_sims=1, serialize=True, verbose=False, specific_initial_state=start
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_ids_round_trip_through_the_codec(game_id: str) -> None:
    """Every legal id of random states names the action the codec numbers so, and back."""
    loaded = short_game(game_id)
    state, rng = loaded.new_initial_state(), random.Random(3)
    for _ in range(40):
        if state.is_terminal():
            break
        ours = state.wargames_state
        codec = wargames.action_space(ours)
        player = state.current_player()
        legal = state.legal_actions()
        assert legal == sorted(codec.action_id(ours, a) for a in ours.legal_actions())
        for action_id in legal:
            action = codec.action_from_id(ours, action_id)
            assert state.action_to_string(player, action_id) == str(action)
        random_walk(state, rng, steps=1)


@pytest.mark.parametrize("game_id", GAMES)
def test_chance_outcomes_are_the_codec_s_at_every_chance_node(game_id: str) -> None:
    """The adapter keeps a chance node's numbered outcomes for every node with the same
    outcomes; each node still answers what the codec numbers in it, and what it hands out is
    a copy (changing it changes no state)."""
    # the shortest Horde battle has a single die: a whole one has many
    loaded = adapter.load_game("horde") if game_id == "horde" else short_game(game_id)
    state, rng, met = loaded.new_initial_state(), random.Random(11), 0
    for _ in range(3000):
        if state.is_terminal() or met == 40:
            break
        if state.is_chance_node():
            ours = state.wargames_state
            expected = sorted(wargames.action_space(ours).chance_ids(ours))
            listed = state.chance_outcomes()
            assert listed == expected
            assert state.legal_actions() == [i for i, _ in expected]
            listed.clear()
            state.legal_actions().clear()
            assert state.chance_outcomes() == expected
            assert state.legal_actions() == [i for i, _ in expected]
            met += 1
        random_walk(state, rng, steps=1)
    assert met > 2


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_returns_what_the_engine_returns(game_id: str) -> None:
    loaded = short_game(game_id)
    state = random_walk(loaded.new_initial_state(), random.Random(5))
    assert state.is_terminal()
    notation = [state.action_to_string(h.player, h.action) for h in state.full_history()]
    described = game(game_id)
    scenario, options = SHORT[game_id]
    ours = replay(described.start(scenario, described.bot_options | options), notation)
    assert ours == state.wargames_state and ours.outcome is not None
    seats = adapter.players(loaded)
    sides = type(ours).players
    expected = [ours.returns()[sides.index(seat.partition("/")[0])] for seat in seats]
    assert state.returns() == expected
    assert sum(state.returns()) == 0


@pytest.mark.rule("CCA-ROLE-01")
def test_a_team_game_has_a_player_per_seat() -> None:
    """The 'Armageddon' variant of the Ancients with two players a side: four OpenSpiel players,
    the seats in the descriptor's order, each scored as its side."""
    loaded = adapter.load_game("ancients", "the-long-ridge", players=2, turn_cap=2)
    seats = game("ancients").seats_of("the-long-ridge", {"players": 2, "turn_cap": 2})
    assert adapter.players(loaded) == seats and loaded.num_players() == 4
    assert loaded.get_parameters()["players"] == "2"
    state = random_walk(loaded.new_initial_state(), random.Random(2))
    sides = [seat.partition("/")[0] for seat in seats]
    returns = state.returns()
    assert all(returns[i] == returns[sides.index(side)] for i, side in enumerate(sides))
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=False, verbose=False)


@pytest.mark.rule("CCA-ROLE-05")
def test_a_team_game_s_players_are_named_by_role_and_its_commanders_choose_the_flanks() -> None:
    """Players keep their seat whatever the set-up choice: player 0 (``bottom/commander``)
    chooses first, then player 2 (``top/commander``); the state's seats run what they chose."""
    loaded = adapter.load_game("ancients", "the-long-ridge", players=2, turn_cap=2)
    seats = ("bottom/commander", "bottom/general", "top/commander", "top/general")
    assert adapter.players(loaded) == seats
    state = loaded.new_initial_state()
    for player, choice in ((0, "flank right"), (2, "flank left")):
        assert state.current_player() == player
        legal = {state.action_to_string(player, a): a for a in state.legal_actions()}
        assert sorted(legal) == ["flank left", "flank right"]
        state.apply_action(legal[choice])
    ours = state.wargames_state
    assert [ours.seat("bottom", f) for f in ("left", "center", "right")] == [
        "bottom/general",
        "bottom/general",
        "bottom/commander",
    ]
    assert ours.seat("top", "left") == "top/commander" and ours.seat("top", "right") == seats[3]


LONGEST = {"ancients": {"turn_cap": 40}}
"""The Ancients' bots' cap is 500 turns and random games end on banners after 150 to 250: the
slow run of every scenario caps them at 40, for time (a game of the large boards takes half a
minute a hundred turns)."""


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "scenario"), scenarios())
def test_every_scenario_passes_the_random_simulation_test(game_id: str, scenario: str) -> None:
    loaded = adapter.load_game(game_id, scenario, **LONGEST.get(game_id, {}))
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_mcts_plays_whole_games_against_our_random_agent(game_id: str) -> None:
    """OpenSpiel's MCTSBot (random rollouts, cut at 20 actions here: this checks that whole
    games are played, not how well; benchmarks/adapters.py --mcts measures that) on a state
    resampled from what its seat sees, against our random agent: a whole game ends with
    returns for both."""
    from open_spiel.python.algorithms import mcts

    loaded = short_game(game_id)
    rng = np.random.RandomState(1)
    rollouts = mcts.RandomRolloutEvaluator(1, rng, max_length=20)  # a bounded cost per move
    bot = mcts.MCTSBot(loaded, 2.0, 2, rollouts, random_state=rng)
    start = random_walk(loaded.new_initial_state(), random.Random(0), WALK.get(game_id, 0))
    state = adapter.play_against(loaded, bot, bot_player=0, agent="random", seed=1, start=start)
    assert state.is_terminal() and sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    with pytest.raises(WargamesError, match="bot_player"):
        adapter.play_against(loaded, bot, bot_player=2)


# -- import hygiene ------------------------------------------------------------------------------


def test_import_wargames_does_not_import_openspiel() -> None:
    import subprocess
    import sys

    code = "import sys, wargames, wargames.adapters; print('pyspiel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
