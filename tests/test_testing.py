"""The conformance kit (wargames.testing) on the toy dice race, and on broken toy states."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import toy_game
from toy_game import Die, Hold, Roll, ToyState

from wargames.core.agents import RandomAgent
from wargames.core.engine import Action, GameState, Player
from wargames.core.errors import NotationError
from wargames.testing import (
    ConformanceError,
    check_determinism,
    check_game_determinism,
    check_state,
    playout,
    record_actions,
)

# -- module-level factories, so another process can import them ------------------------------


def toy_state() -> ToyState:
    return ToyState(target=30)


def long_state() -> ToyState:
    return ToyState(target=100)


def toy_agents(seed: int) -> dict[Player, RandomAgent]:
    return {"red": RandomAgent(seed), "blue": RandomAgent(seed + 1)}


class HashAgent:
    """Decides by the hash of the position: the same in one process, not across processes."""

    def act(self, view: GameState) -> Action:
        legal = view.legal_actions()
        return legal[hash(str(view.to_json())) % len(legal)]


def hash_agents(seed: int) -> dict[Player, HashAgent]:
    return {"red": HashAgent(), "blue": HashAgent()}


_calls = itertools.count()


def drifting_agents(seed: int) -> dict[Player, RandomAgent]:
    """Ignores the seed: each call seeds its agents differently."""
    n = 2 * next(_calls)
    return {"red": RandomAgent(n), "blue": RandomAgent(n + 1)}


# -- the toy passes ---------------------------------------------------------------------------

STATES = [
    ToyState(),
    ToyState(rolling=True),
    ToyState(pot=7, seat=1, turn=3),
    ToyState(scores=(10, 4), turn=6),
    ToyState(turn_limit=2, turn=3),
]


@pytest.mark.parametrize("state", STATES, ids=str)
def test_check_state_passes_on_the_toy(state: ToyState) -> None:
    check_state(state, others=[Roll(), Hold(), Die(4), Die(1)])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_playout_checks_a_whole_game(seed: int) -> None:
    final, actions = playout(toy_state(), toy_agents(seed), seed, max_steps=5000)
    assert final.is_terminal and final.outcome is not None
    assert actions and all(isinstance(a, (Roll, Hold, Die)) for a in actions)
    again, _ = playout(toy_state(), toy_agents(seed), seed, max_steps=5000, check_every=7)
    assert again == final


def test_playout_must_end_within_the_bound() -> None:
    with pytest.raises(ConformanceError, match="did not end within 5 actions"):
        playout(toy_state(), toy_agents(1), 1, max_steps=5)
    state, actions = playout(toy_state(), toy_agents(1), 1, max_steps=5, must_end=False)
    assert len(actions) == 5 and not state.is_terminal


def test_determinism_in_and_across_processes() -> None:
    actions = check_determinism(toy_state, toy_agents, seed=5)
    assert actions and actions[0] == "roll"


def test_determinism_catches_agents_that_ignore_the_seed() -> None:
    with pytest.raises(ConformanceError, match="in a second run: action"):
        check_determinism(toy_state, drifting_agents, seed=5, in_subprocess=False)


def test_determinism_catches_hash_order_dependence_across_processes() -> None:
    with pytest.raises(ConformanceError, match="in another process"):
        # About 50 two-way choices: the games coincide with odds of 2**-50.
        check_determinism(long_state, hash_agents, seed=5)


def test_subprocess_needs_module_level_functions() -> None:
    with pytest.raises(ValueError, match="not a module-level function"):
        check_determinism(lambda: ToyState(), toy_agents, seed=1)


@pytest.fixture
def toy_plugin(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The toy registered here (monkeypatch) and, for subprocesses, through an entry point."""
    toy_game.install(monkeypatch)
    info = tmp_path / "toy_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[wargames.games]\ntoy = toy_game:GAME\n")
    here = str(Path(toy_game.__file__).parent)
    monkeypatch.setenv("PYTHONPATH", f"{tmp_path}:{here}")
    yield


@pytest.mark.usefixtures("toy_plugin")
def test_game_determinism_through_wargames_play() -> None:
    actions = check_game_determinism("toy", seed=9)
    assert actions == record_actions("toy", 9)
    assert actions != record_actions("toy", 10)


# -- broken states are caught -----------------------------------------------------------------


class DropsField(ToyState):
    """to_json forgets the turn limit: it saves None."""

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data["turn_limit"] = None
        return data


class DropsRequired(ToyState):
    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        del data["pot"]
        return data


class TupleJson(ToyState):
    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "scores": self.scores}


class LoadedDie(ToyState):
    def _chance(self) -> tuple[tuple[Action, float], ...]:
        return tuple((face, 1 / 7) for face in toy_game.FACES)


class HoldRaises(ToyState):
    """Lists 'hold' as legal with an empty pot, but cannot apply it."""

    def _legal(self) -> tuple[Action, ...]:
        return (Roll(), Hold())

    def _apply(self, action: Action) -> Any:
        if isinstance(action, Hold) and self.pot == 0:
            raise ZeroDivisionError("nothing to hold")
        return super()._apply(action)


class AcceptsAnything(ToyState):
    def is_legal(self, action: Action) -> bool:
        return True


class WrongError(ToyState):
    def _explain(self, action: Action) -> Any:
        return ValueError(f"{action}?")


class BadNotation(ToyState):
    def parse_action(self, text: str) -> Action:
        if text == "hold":
            raise NotationError("no")
        return super().parse_action(text)


class BlindView(ToyState):
    def view(self, player: Player) -> Any:
        if player == "blue":
            raise KeyError(player)
        return self


class EndsWithoutOutcome(ToyState):
    @property
    def current_player(self) -> Player | None:
        return None if self.turn > 5 else super().current_player


@pytest.mark.parametrize(
    ("state", "others", "problem"),
    [
        (DropsField(turn_limit=50), [], "from_json\\(to_json\\(\\)\\) is not equal"),
        (DropsRequired(), [], "from_json\\(to_json\\(\\)\\) raised SavedStateError.*'pot'"),
        (TupleJson(), [], "changes through JSON text"),
        (LoadedDie(rolling=True), [], "sum to 1"),
        (HoldRaises(), [], "the legal action hold raised ZeroDivisionError"),
        (AcceptsAnything(), [Hold()], "the illegal hold did not raise RuleViolation"),
        (WrongError(), [Die(3)], "raised ValueError.*not RuleViolation"),
        (BadNotation(pot=3), [], "'hold' does not parse"),
        (BlindView(), [], "view\\('blue'\\) raised KeyError"),
        (ToyState(pot=-3), [], "invariants fail: negative points"),
        # reading the state back refuses it first (wargames.core.codec, issue 13)
        (EndsWithoutOutcome(turn=6), [], "the game is over, its outcome None"),
    ],
    ids=lambda x: type(x).__name__ if isinstance(x, ToyState) else "",
)
def test_broken_states_are_caught(state: ToyState, others: list[Action], problem: str) -> None:
    with pytest.raises(ConformanceError, match=problem):
        check_state(state, others)


def test_a_broken_game_fails_its_playout() -> None:
    with pytest.raises(ConformanceError, match="is not equal"):
        playout(DropsField(turn_limit=50), toy_agents(1), 1, max_steps=200)


def test_playout_spaces_the_light_checks_and_checks_invariants_between(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import wargames.testing as kit

    seen: list[str] = []
    light, invariants = kit.check_light, kit._check_invariants
    monkeypatch.setattr(kit, "check_light", lambda s, o=(): (seen.append("light"), light(s, o)))
    monkeypatch.setattr(kit, "_check_invariants", lambda s: (seen.append("inv"), invariants(s)))
    _, actions = playout(
        toy_state(), toy_agents(1), 1, max_steps=5000, check_every=1000, light=True, light_every=3
    )
    between = len(actions) - 1  # the states after actions 1 .. n-1; the last is checked in full
    assert between > 6
    # every third of them gets the light checks, and every one of them its invariants (the light
    # checks run the invariants first; the full checks of the first and last state run both)
    assert seen.count("light") == between // 3 + 2
    assert seen.count("inv") == between + 2
    with pytest.raises(ValueError, match="light_every"):
        playout(toy_state(), toy_agents(1), 1, max_steps=5, light=True, light_every=0)


def test_random_states_walks_the_game_a_random_agent_plays() -> None:
    import numpy as np

    from wargames.core.engine import CHANCE, pick_outcome
    from wargames.testing import random_states

    walked = list(random_states(toy_state(), 5))
    rng, state, expected = np.random.default_rng(5), toy_state(), [toy_state()]
    while state.current_player is not None:
        u = rng.random()
        if state.current_player == CHANCE:
            state = state.apply(pick_outcome(state.chance_outcomes(), u))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[int(u * len(legal))])
        expected.append(state)
    assert walked == expected and walked[-1].is_terminal and len(walked) > 10
    assert list(random_states(toy_state(), 5, limit=4)) == expected[:4]
