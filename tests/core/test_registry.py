"""The game descriptor (:class:`wargames.core.registry.Game`): metadata, capabilities, returns
and the errors for unknown names, on the four games and the toy game."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import attrs
import numpy as np
import pytest
import toy_game

import wargames
from wargames.core import registry
from wargames.core.engine import GameState
from wargames.core.errors import (
    CapabilityError,
    ScenarioError,
    UnknownNameError,
    UnknownScenarioError,
    WargamesError,
)
from wargames.core.registry import OddsCalculator

GAMES = ("armageddon", "warmaster", "horde", "ancients")


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    toy_game.install(monkeypatch)
    yield
    registry.game.cache_clear()


# -- metadata ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_what_it_is(game_id: str) -> None:
    g = wargames.game(game_id)
    # every shipped game hides something from a player: hands and plans (Armageddon), face-down
    # counters (Warmaster), stealthed hordes (horde), hands and placed cards (Ancients)
    assert g.information == "imperfect" and g.hidden
    assert g.chance == "explicit"
    assert (g.utility.kind, g.utility.win, g.utility.draw, g.utility.loss) == (
        "zero-sum",
        1.0,
        0.0,
        -1.0,
    )
    assert g.length.note and g.length.turns is not None
    assert g.odds is not None and g.odds.compute is not None and g.render is not None
    data = g.to_json()
    assert data["id"] == game_id and data["players"] == list(g.players)
    assert [s["id"] for s in data["scenarios"]] == list(g.scenarios())


@pytest.mark.parametrize("game_id", GAMES)
def test_scenarios_have_titles_and_one_line_descriptions(game_id: str) -> None:
    g = wargames.game(game_id)
    infos = g.scenario_list()
    assert [s.id for s in infos] == list(g.scenarios())  # the ids, as before
    assert g.default_scenario in g.scenarios()
    for info in infos:
        assert info.title and info.title != info.id, info
        assert info.description and "\n" not in info.description, info


def test_titles_come_from_the_scenario_files() -> None:
    titles = {s.id: s.title for s in wargames.game("horde").scenario_list()}
    assert titles == {
        "manufactorum": "The Manufactorum",
        "mirror": "Mirror Match",
        "ork-assault": "Shrine of the Fallen",
    }
    assert wargames.game("ancients").scenario_list()[2].title == "The Ford at Dawn"
    # Battle for Armageddon's file has no title: the descriptor gives it
    assert wargames.game("armageddon").scenario_list()[0].title == "The Campaign"


def test_a_bound_on_the_length() -> None:
    assert wargames.game("armageddon").max_turns() == 8
    horde = wargames.game("horde")
    assert horde.max_turns() == 10 and horde.max_turns("mirror", {"rounds": 3}) == 3
    assert horde.length.cap_option == "rounds"
    warmaster = wargames.game("warmaster")
    assert warmaster.max_turns() is None  # the rulebook has no turn limit (WM-VICTORY-05)
    assert warmaster.max_turns(options={"turn_cap": 12}) == 12
    assert warmaster.max_turns(options=warmaster.bot_options) is not None
    ancients = wargames.game("ancients")
    assert ancients.max_turns() is None and ancients.max_turns(options=ancients.bot_options) == 500


def test_seats_depend_on_the_scenario_and_options() -> None:
    g = wargames.game("ancients")
    assert g.seats_of() == ("bottom", "top")
    assert g.seats_of("the-long-ridge") == ("bottom", "top")
    seats = g.seats_of("the-long-ridge", {"players": (2, 1)})
    assert seats == ("bottom/commander", "bottom/general", "top")
    assert len(g.seats_of("twin-valleys", {"players": 8})) == 8
    assert wargames.game("horde").seats_of("mirror") == ("blue", "red")


# -- returns -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_returns_of_a_finished_game(game_id: str) -> None:
    match = wargames.match(game_id, seed=3)
    assert match.state.returns() == [0.0, 0.0]  # not over yet
    match.run()
    state = match.state
    outcome = state.outcome
    assert state.is_terminal and outcome is not None
    returns = state.returns()
    players = type(state).players
    assert len(returns) == len(players) and sum(returns) == 0
    if outcome.winner is None:
        assert returns == [0.0, 0.0]
    else:
        assert returns[players.index(outcome.winner)] == 1.0 and min(returns) == -1.0


def test_returns_of_a_team_game_are_per_side() -> None:
    match = wargames.match("ancients", seed=3, scenario="the-long-ridge", players=2)
    match.run()
    state = match.state
    outcome = state.outcome
    assert outcome is not None and outcome.winner in ("bottom", "top")
    returns = dict(zip(type(state).players, state.returns(), strict=True))
    assert returns[outcome.winner] == 1.0 and sum(returns.values()) == 0


def test_a_draw_is_worth_nothing() -> None:
    record = wargames.play("toy", {"red": "greedy", "blue": "greedy"}, 1, target=100, turn_limit=1)
    assert record.outcome is not None and record.outcome.winner is None
    final = wargames.replay(record).state
    assert final.is_terminal and final.returns() == [0.0, 0.0]


# -- capabilities ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "scenario", "options", "steps", "player"),
    [
        ("armageddon", None, {}, 60, "imperium"),  # the Orks' hand, draw pile and plan
        ("warmaster", None, {}, 60, "imperial"),  # the Traitor's counters are face down
        ("horde", None, {}, 0, "red"),  # blue's Veterans start in ambush
        ("ancients", None, {}, 30, "bottom"),  # top's hand
        ("ancients", "the-long-ridge", {"players": 2}, 30, "bottom/general"),
    ],
)
def test_determinize_keeps_what_the_player_sees(
    game_id: str, scenario: str | None, options: dict[str, int], steps: int, player: str
) -> None:
    match = wargames.match(game_id, seed=2, scenario=scenario, **options)
    match.run(steps)
    state = match.state
    rng = np.random.default_rng(0)
    drawn = [wargames.determinize(state, player, rng) for _ in range(4)]
    assert all(type(d) is type(state) and d.view(player) == state.view(player) for d in drawn)
    assert any(d != state for d in drawn)  # what he cannot see is drawn again


def test_determinize_without_the_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    toy = wargames.load("toy")
    assert wargames.determinize(toy, "red", np.random.default_rng(0)) is toy  # nothing hidden
    hiding = attrs.evolve(toy_game.GAME, information="imperfect", hidden="a secret")
    monkeypatch.setattr(toy_game, "GAME", hiding)
    registry.game.cache_clear()
    with pytest.raises(CapabilityError, match="toy cannot resample"):
        wargames.determinize(wargames.load("toy"), "red", np.random.default_rng(0))


def test_odds_through_one_entry_point() -> None:
    assert wargames.odds("armageddon", 6, 2)["DE"] == Fraction(1, 6)
    battle = wargames.odds("warmaster", 9, 5)
    assert battle.distribution["A1"] == Fraction(1, 6)
    from wargames.horde import horde

    attack = wargames.odds("horde", horde("stormtroopers"), horde("Mk 1 Iron Guard"), "ranged")
    assert attack.full == Fraction(21, 100)
    roll = wargames.odds("ancients", "HI", "MI")
    assert roll.dice == 5 and sum(roll.hits().values()) == 1
    assert wargames.odds("toy", 2) == toy_game.roll_odds(2)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_command_line_and_python_sit_behind_the_same_hook(game_id: str) -> None:
    calculator = wargames.game(game_id).odds
    assert calculator is not None and calculator.signature
    assert registry.odds_command(game_id, _ARGS[game_id])["text"]


_ARGS = {
    "armageddon": ["6", "2"],
    "warmaster": ["9", "5"],
    "horde": ["cultists", "space-marines", "--ranged"],
    "ancients": ["HI", "MI"],
}


def test_a_game_without_odds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toy_game, "GAME", attrs.evolve(toy_game.GAME, odds=None))
    registry.game.cache_clear()
    with pytest.raises(CapabilityError, match="toy has no odds calculator"):
        wargames.odds("toy", 2)
    with pytest.raises(CapabilityError, match="toy has no odds calculator"):
        registry.odds_command("toy", ["2"])


def test_a_bare_odds_command_still_registers() -> None:
    g = attrs.evolve(toy_game.GAME, odds=toy_game.odds)
    assert g.odds == OddsCalculator(command=toy_game.odds)


# -- unknown names -----------------------------------------------------------------------------


def test_an_unknown_game() -> None:
    with pytest.raises(UnknownNameError) as caught:
        wargames.load("armagedon")
    error = caught.value
    assert isinstance(error, KeyError) and isinstance(error, WargamesError)
    assert error.kind == "game" and "armageddon" in error.choices and "toy" in error.choices
    assert str(error).startswith("unknown game 'armagedon'; installed: ancients, armageddon")
    assert str(error).endswith("did you mean 'armageddon'?")


def test_an_unknown_agent() -> None:
    with pytest.raises(UnknownNameError, match="unknown agent 'greed'; toy has: random, greedy"):
        wargames.agent("toy", "greed")
    with pytest.raises(UnknownNameError, match="did you mean 'greedy'"):
        wargames.play("armageddon", {"orks": "greed"}, seed=1)
    with pytest.raises(UnknownNameError, match="unknown agent 'mcts'"):
        wargames.simulate("toy", 3, {"red": "mcts"})


def test_an_unknown_scenario() -> None:
    with pytest.raises(UnknownScenarioError) as caught:
        wargames.load("warmaster", "bording")
    error = caught.value
    assert isinstance(error, ScenarioError) and isinstance(error, UnknownNameError)
    assert (error.file, error.key, error.choices) == ("bording", "(scenario)", ("boarding",))
    assert str(error) == (
        "unknown scenario 'bording'; shipped: boarding, or a path to a .toml file; "
        "did you mean 'boarding'?"
    )
    with pytest.raises(UnknownScenarioError):
        wargames.simulate("toy", 1, scenario="longer")


@pytest.mark.parametrize("run", ["play", "match", "simulate"])
def test_an_agent_for_a_player_the_game_does_not_have(run: str) -> None:
    agents = {"ork": "greedy"}  # a misspelt side used to get the random agent, silently
    with pytest.raises(UnknownNameError) as caught:
        if run == "play":
            wargames.play("armageddon", agents, seed=1)
        elif run == "match":
            wargames.match("armageddon", agents, seed=1)
        else:
            wargames.simulate("armageddon", 2, agents)
    assert str(caught.value) == (
        "unknown player 'ork'; armageddon has: orks, imperium; did you mean 'orks'?"
    )


def test_seats_of_a_team_game_may_have_their_own_agents() -> None:
    seats = wargames.game("ancients").seats_of("the-long-ridge", {"players": 2})
    match = wargames.match(
        "ancients", {seats[1]: "greedy"}, seed=1, scenario="the-long-ridge", players=2
    )
    assert type(match.agents[seats[1]]).__name__ != "RandomAgent"
    assert type(match.agents["bottom"]).__name__ == "RandomAgent"
    with pytest.raises(UnknownNameError, match="unknown player 'bottom/left'; ancients has"):
        wargames.match("ancients", {"bottom/left": "greedy"}, scenario="the-long-ridge")


def test_state_of_a_game_is_a_game_state() -> None:
    assert isinstance(wargames.game("toy").start("long", {"target": 5}), GameState)
    assert wargames.game("toy").start("long", {"target": 5}).target == 5  # type: ignore[attr-defined]


def test_the_errors_pickle_as_they_were_made() -> None:
    """A batch on a process pool sends a worker's errors back pickled."""
    import pickle

    from wargames.core.errors import OptionError, UnknownOptionError

    errors: list[Exception] = [
        UnknownNameError("game", "nope", ("a", "b"), listed="installed"),
        UnknownScenarioError("bording", ("boarding",)),
        OptionError("turn_cap", "must be between 0 and 1000, got -1", "warmaster"),
        UnknownOptionError("turn_cpa", ("turn_cap",), "warmaster"),
    ]
    for error in errors:
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error) and str(again) == str(error)
        assert vars(again) == vars(error)
