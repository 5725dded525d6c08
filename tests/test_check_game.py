"""``wargames.testing.check_game``: the whole conformance kit on a registered game or a
descriptor in one call, on the toy game, on broken descriptors, and on the four games."""

from __future__ import annotations

import attrs
import pytest
import toy_game

import wargames
from wargames.core import registry
from wargames.testing import ConformanceError, check_game


def test_check_game_plays_every_scenario_and_seed_of_a_descriptor() -> None:
    report = check_game(toy_game.GAME, seeds=(0, 1, 2), in_subprocess=False)
    assert report.game == "toy"
    assert report.games == 3 * len(toy_game.GAME.scenarios())
    assert set(report.outcomes) == set(toy_game.GAME.scenarios())
    for counts in report.outcomes.values():
        assert sum(counts.values()) == 3
        assert set(counts) <= {"red", "blue", "draw"}
    assert report.decisions > report.games
    assert "all checks passed" in str(report)


def test_check_game_finds_a_registered_game_by_id(monkeypatch: pytest.MonkeyPatch) -> None:
    toy_game.install(monkeypatch)
    report = check_game("toy", scenarios=["default"], in_subprocess=False)
    assert report.games == 1 and list(report.outcomes) == ["default"]


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"agents": {"greedy": toy_game.GAME.agents["greedy"]}}, "no 'random' agent"),
        ({"default_scenario": "nowhere"}, "default scenario 'nowhere'"),
        ({"players": ("red", "red")}, "players must be distinct"),
        ({"title": ""}, "an id and a title"),
    ],
)
def test_check_game_refuses_a_broken_descriptor(changes: dict[str, object], problem: str) -> None:
    broken = attrs.evolve(toy_game.GAME, **changes)
    with pytest.raises(ConformanceError, match=problem):
        check_game(broken, in_subprocess=False)


def test_check_game_catches_a_game_that_does_not_end() -> None:
    endless = attrs.evolve(toy_game.GAME, bot_options={})
    # the long race takes far more than 5 actions
    with pytest.raises(ConformanceError, match="did not end within 5 actions"):
        check_game(endless, scenarios=["long"], max_steps=5, in_subprocess=False)


def test_check_game_catches_a_record_that_replays_elsewhere() -> None:
    """A game whose ``new`` gives another start the second time is caught by the replay."""
    calls = {"n": 0}

    def drifting(scenario: str | None, options: dict[str, object]) -> toy_game.ToyState:
        calls["n"] += 1
        return toy_game.ToyState(target=10 + calls["n"] % 2 * 20)

    broken = attrs.evolve(toy_game.GAME, new=drifting)
    with pytest.raises(ConformanceError, match=r"replays to another state|does not replay"):
        check_game(broken, scenarios=["default"], in_subprocess=False)


@pytest.mark.parametrize("game_id", registry.BUILTIN)
@pytest.mark.quick(1)
def test_every_shipped_game_passes_check_game(game_id: str) -> None:
    """The default scenario of each game, full checks every 100th state (the games' own
    conformance tests play hundreds of games of every scenario)."""
    default = wargames.game(game_id).default_scenario
    report = check_game(
        game_id, scenarios=[default], light=False, check_every=100, in_subprocess=False
    )
    assert report.games == 1 and sum(report.outcomes[default].values()) == 1
