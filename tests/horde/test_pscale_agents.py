"""The greedy commander of the P-Scale battle: legal, deterministic, blind to what its view
hides, and sensible in a few decisions (rally, focus fire, charge, counter-attack)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from horde.pscale import battle, changed, play, to_decision

import wargames
from wargames.core.engine import Action, GameState
from wargames.horde import GAME
from wargames.horde.agents import HordeGreedy, greedy
from wargames.horde.state import PScaleState
from wargames.horde.units import resized

GUARD = "guard-infantry"
TRAITORS = "traitor-guard"
BOTH = {"blue": "greedy", "red": "greedy"}


class Checked:
    """Wraps an agent: every action must be legal in its view, and the view must hide the
    squares of enemy hordes in stealth."""

    def __init__(self, agent: wargames.Agent, side: str) -> None:
        self.agent, self.side = agent, side
        self.count = 0

    def act(self, view: GameState) -> Action:
        assert isinstance(view, PScaleState)
        for u in view.units:
            if u.side != self.side and u.stealthed:
                assert u.square is None
        action = self.agent.act(view)
        assert action in view.legal_actions(), f"{action} is not legal"
        self.count += 1
        return action


def test_registered() -> None:
    assert "greedy" in GAME.agents
    assert isinstance(wargames.agent("horde", "greedy", 1, "red"), HordeGreedy)
    with pytest.raises(ValueError, match="unknown player"):
        greedy(1, "green")


@pytest.mark.parametrize(("scenario", "seed"), [("mirror", 3), ("ork-assault", 4)])
def test_legal_over_whole_games(scenario: str, seed: int) -> None:
    agents = {side: Checked(greedy(seed, side), side) for side in ("blue", "red")}
    record = wargames.play("horde", agents=agents, seed=seed, scenario=scenario, rounds=4)
    assert record.outcome is not None
    assert all(a.count > 10 for a in agents.values())


def test_manufactorum_with_stealth_is_legal() -> None:
    agents = {side: Checked(greedy(7, side), side) for side in ("blue", "red")}
    record = wargames.play("horde", agents=agents, seed=7, rounds=3)
    assert record.outcome is not None


def test_deterministic_with_its_seed() -> None:
    one = wargames.play("horde", agents=BOTH, seed=11, scenario="mirror")
    two = wargames.play("horde", agents=BOTH, seed=11, scenario="mirror")
    assert one.actions == two.actions
    assert one.outcome == two.outcome


def test_beats_random() -> None:
    wins = 0
    for k in range(4):
        side = ("blue", "red")[k % 2]
        agents = {"blue": "random", "red": "random", side: "greedy"}
        record = wargames.play("horde", agents=agents, seed=k, scenario="mirror")
        assert record.outcome is not None
        wins += record.outcome.winner == side
    assert wins >= 3


def test_rallies_a_fleeing_horde(tmp_path: Path) -> None:
    state = battle(tmp_path, [("A", GUARD, "03-04")], [("Z", TRAITORS, "09-04")])
    state = changed(state, "A", morale="fleeing", morale_round=state.round)
    state = play(state, "activate A")
    assert str(HordeGreedy(0, "blue").act(state.view("blue"))) == "A rally"


def test_focus_fire_on_the_weakened_horde(tmp_path: Path) -> None:
    state = battle(
        tmp_path,
        [("A", GUARD, "03-04")],
        [("Y", TRAITORS, "09-03"), ("Z", TRAITORS, "09-05")],
    )
    z = state.unit("Z")
    state = state.replace(attrs.evolve(z, horde=resized(z.horde, magnitude=z.magnitude // 3)))
    state = to_decision(play(state, "activate A"))
    for seed in range(3):
        action = str(HordeGreedy(seed, "blue").act(state.view("blue")))
        assert action.startswith(("A attack Z", "A tactical advance")), action


def test_always_counter_attacks(tmp_path: Path) -> None:
    state = battle(tmp_path, [("A", GUARD, "05-04")], [("Z", TRAITORS, "06-04")])
    state = play(state, "activate A", "A attack Z melee")
    # dice until the counter-attack decision
    while type(state.top).__name__ != "CounterChoice":
        state = play(state, 5)
    assert str(HordeGreedy(0, "red").act(state.view("red"))) == "counter"
