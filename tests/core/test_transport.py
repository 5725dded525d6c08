"""States, set-ups and records cross processes cheaply (:mod:`wargames.core.transport`): a
set-up pickles as its source and is shared again when read back, a state leaves its caches
behind, a pickle stays self-contained (a fresh process reads it), equal states stay equal and
a user's scenario comes back exactly."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import wargames
from wargames.core.codec import SCENARIO
from wargames.core.engine import GameState, Record
from wargames.core.transport import SharedValues
from wargames.testing import random_states

SCENARIOS = [(g, s) for g in sorted(wargames.games()) for s in wargames.game(g).scenario_ids()]

SMALL = 16 * 1024
"""The most a pickled state of a shipped scenario may take (it took 27 to 460 KB when the
set-up went with it; a horde state, whose units carry their profiles, takes the most)."""


def _scenario_fields(state: GameState) -> list[str]:
    return [f.name for f in attrs.fields(type(state)) if f.metadata == SCENARIO]


def _some_states(game: str, scenario: str) -> list[GameState]:
    return list(random_states(wargames.load(game, scenario=scenario), 3, 400))[::50]


@pytest.mark.parametrize(("game", "scenario"), SCENARIOS)
def test_a_state_pickles_small_and_shares_its_set_up(game: str, scenario: str) -> None:
    for state in _some_states(game, scenario):
        data = pickle.dumps(state)
        assert len(data) < SMALL
        back = pickle.loads(data)
        assert type(back) is type(state) and back == state
        assert back.to_json() == state.to_json()
        assert [str(a) for a in back.legal_actions()] == [str(a) for a in state.legal_actions()]
        for name in _scenario_fields(state):
            assert getattr(back, name) is getattr(state, name)  # one object per process


@pytest.mark.parametrize("game", sorted(wargames.games()))
def test_copies_share_the_set_up_too(game: str) -> None:
    state = wargames.load(game)
    twin = copy.deepcopy(state)
    assert twin == state and twin.to_json() == state.to_json()
    for name in _scenario_fields(state):
        assert getattr(twin, name) is getattr(state, name)


_READ_BACK = """
import pickle, sys
state = pickle.loads(sys.stdin.buffer.read())
print(repr(state.scenario_source), state.to_json() == eval(sys.argv[1]))
"""


def _in_a_fresh_process(data: bytes, saved: dict[str, Any]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _READ_BACK, repr(saved)],
        input=data,
        capture_output=True,
        check=True,
        timeout=120,
    )
    return done.stdout.decode().strip()


def test_a_user_scenario_round_trips_exactly_in_a_fresh_process(tmp_path: Path) -> None:
    """The user's file is gone when the pickle is read: the data travel with it (issue 13)."""
    shipped = Path(wargames.__file__).parent / "armageddon" / "scenarios" / "campaign.toml"
    path = tmp_path / "short-war.toml"
    path.write_text(shipped.read_text(encoding="utf-8").replace("turns = 8", "turns = 3"))
    state = wargames.load("armageddon", str(path))
    state = list(random_states(state, 1, 30))[-1]
    assert state.setup.turns == 3
    data = pickle.dumps(state)
    path.unlink()
    shown = _in_a_fresh_process(data, state.to_json())
    assert shown.endswith("True") and "short-war" in shown
    back = pickle.loads(data)
    assert back == state and back.setup.turns == 3 and back.setup is state.setup


def test_a_scenario_built_in_python_round_trips() -> None:
    ridge = wargames.scenario("ancients", "elephant-ridge").with_command("bottom", 6)
    state = wargames.load("ancients", scenario=ridge)
    back = pickle.loads(pickle.dumps(state))
    assert back == state and back.scenario is state.scenario
    assert back.scenario.command == (6, 5)
    shown = _in_a_fresh_process(pickle.dumps(state), state.to_json())
    assert shown.endswith("True")


def test_a_set_up_changed_in_python_pickles_by_value() -> None:
    """A set-up the game's cache did not build (changed with ``attrs.evolve``) is not taken for
    the one its source names: it pickles in full and comes back as it was."""
    state = wargames.load("armageddon")
    changed = state.evolve(setup=attrs.evolve(state.setup, turns=2))
    back = pickle.loads(pickle.dumps(changed))
    assert back.setup.turns == 2 and back.setup is not state.setup
    assert pickle.loads(pickle.dumps(state)).setup.turns == 8
    ancients = wargames.load("ancients")
    battle = attrs.evolve(ancients.scenario, command=(2, 2))
    read = pickle.loads(pickle.dumps(ancients.evolve(scenario=battle)))
    assert read.scenario.command == (2, 2) and read.scenario is not ancients.scenario


def test_equal_states_pickle_equal_and_unequal_ones_not() -> None:
    first = list(random_states(wargames.load("warmaster"), 5, 60))
    a, b = first[-1], first[-2]
    assert pickle.loads(pickle.dumps(a)) == a != pickle.loads(pickle.dumps(b))


def test_the_shared_values_are_bounded_and_known_by_identity() -> None:
    built: list[int] = []

    def build(key: int) -> list[int]:
        built.append(key)
        return [key]

    cache: SharedValues[list[int]] = SharedValues(build, 2)
    one = cache.get(1)
    assert cache.get(1) is one and built == [1]
    assert cache.key_of(one) == (1,) and cache.key_of([1]) is None  # equal is not the same
    cache.get(2)
    cache.get(3)  # drops 1, the least recently used
    assert len(cache) == 2 and cache.key_of(one) is None
    assert cache.reduce(one, build) is None
    assert cache.get(1) is not one and built == [1, 2, 3, 1]


def test_a_state_read_back_after_the_cache_forgot_its_set_up() -> None:
    from wargames.horde.scenario import SETUPS

    state = list(random_states(wargames.load("horde", "mirror"), 2, 40))[-1]
    data = pickle.dumps(state)
    SETUPS.clear()
    back = pickle.loads(data)
    assert back == state and back.to_json() == state.to_json()
    assert back.setup is not state.setup  # built again from its source
    assert pickle.loads(pickle.dumps(back)).setup is back.setup


def test_a_record_pickles_its_actions_as_one_text() -> None:
    record = wargames.play("warmaster", seed=4)
    data = pickle.dumps(record)
    assert pickle.loads(data) == record
    assert len(data) < sum(len(a) + 3 for a in record.actions)  # not one string per action
    for actions in [(), ("",), ("", ""), ("a\nb", "c"), ("end",)]:
        odd = attrs.evolve(record, actions=actions)
        assert pickle.loads(pickle.dumps(odd)) == odd


def test_a_record_of_a_user_scenario_pickles_with_its_data() -> None:
    value = wargames.scenario("horde", "mirror")
    record = wargames.play("horde", seed=1, scenario=value, max_steps=40)
    back = pickle.loads(pickle.dumps(record))
    assert back == record and isinstance(back, Record)
    assert isinstance(back.scenario, wargames.ScenarioSource) and back.scenario.data
    assert wargames.replay(back).state.to_json() == wargames.replay(record).state.to_json()


def test_a_horde_profile_pickles_as_its_call_unless_it_is_its_own() -> None:
    """A shipped profile at its Magnitude is read back as the very profile of the process; a
    profile changed in Python (another name, an Officer) comes back as it was."""
    from wargames.horde.combat.profiles import Horde

    state = wargames.load("horde", "mirror")
    shipped = state.units[0].horde
    assert isinstance(shipped, Horde)
    assert len(pickle.dumps(shipped)) < 200 and pickle.loads(pickle.dumps(shipped)) is shipped
    own = attrs.evolve(shipped, name="Zealots of my own", magnitude=shipped.magnitude - 1)
    back = pickle.loads(pickle.dumps(own))
    assert back == own and back.name == "Zealots of my own"


@pytest.mark.parametrize(
    ("game", "scenario"), [("warmaster", "boarding"), ("ancients", "the-long-ridge")]
)
def test_a_view_pickles_with_what_it_cannot_work_out(game: str, scenario: str) -> None:
    """A view keeps who is to act and the legal actions shared with its state (a view whose
    next step waits on what it hides cannot work them out): a view of The Warmaster's
    set-up, where the Traitor places counters the Imperial player cannot see, reads back
    naming the Traitor to act."""
    for state in list(random_states(wargames.load(game, scenario=scenario), 7, 300))[::3]:
        for player in type(state).players:
            view = state.view(player)
            back = pickle.loads(pickle.dumps(view))
            assert back == view and back.current_player == view.current_player
            if view.current_player not in (None, wargames.CHANCE):
                assert back.legal_actions() == view.legal_actions()
