"""Battle for Armageddon (Games Workshop, 1992): Orks against the Imperium on Armageddon
Secundus, eight turns of strategy cards, odds-ratio combat, supply and hives.

>>> from wargames.armageddon import new_game
>>> state = new_game()
>>> state.current_player
'orks'
"""

from __future__ import annotations

from wargames.armageddon.actions import parse
from wargames.armageddon.data import IMPERIUM, ORKS, SIDES, default_data, scenario_names
from wargames.armageddon.game import DEFAULT_SCENARIO, OPTIONS, new_game
from wargames.armageddon.sequence import SEQUENCE
from wargames.armageddon.state import ArmageddonState
from wargames.core.agents import RandomAgent
from wargames.core.engine import GameState
from wargames.core.registry import Game, Length, OddsCalculator
from wargames.core.scenario import ScenarioInfo, shipped_scenarios


def _random(seed: int | None, player: str) -> RandomAgent:
    return RandomAgent(seed)


def _greedy(seed: int | None, player: str):  # type: ignore[no-untyped-def]
    from wargames.armageddon.agents import GreedyAgent

    return GreedyAgent(player, seed)


def _odds(argv):  # type: ignore[no-untyped-def]
    from wargames.armageddon.odds import odds_command

    return odds_command(argv)


def _attack_odds(*args, **kwargs):  # type: ignore[no-untyped-def]
    from wargames.armageddon.odds import attack_odds

    return attack_odds(*args, **kwargs)


def _turns(state: GameState) -> int:
    assert isinstance(state, ArmageddonState)
    return state.setup.turns


def _scenarios() -> tuple[ScenarioInfo, ...]:
    return shipped_scenarios(
        "wargames.armageddon",
        {
            "campaign": (
                "The Campaign",
                "The rulebook's eight-turn campaign: the Orks invade Armageddon Secundus "
                "against a reconstructed Imperial set-up.",
            )
        },
    )


def _render(state, player):  # type: ignore[no-untyped-def]
    from wargames.armageddon.render import render_svg

    return render_svg(state, player)


GAME = Game(
    id="armageddon",
    title="Battle for Armageddon",
    players=SIDES,
    new=lambda scenario, options: new_game(scenario, options),
    scenarios=scenario_names,
    default_scenario=DEFAULT_SCENARIO,
    agents={"random": _random, "greedy": _greedy},
    sequence=SEQUENCE,
    odds=OddsCalculator(
        command=_odds,
        compute=_attack_odds,
        signature="attack, defence, modifier=0, reroll=() -> {result code: Fraction}",
    ),
    render=_render,
    options=OPTIONS,
    information="imperfect",
    hidden="the opponent's hand, draw pile and unrevealed strategy plan",
    length=Length(
        unit="game turn",
        turns=_turns,
        note="the scenario's turns (8 in the campaign); the game ends then at the latest",
    ),
    scenario_info=_scenarios,
)
"""The registry entry. No determinize hook yet: nothing resamples the hidden cards."""

__all__ = [
    "GAME",
    "IMPERIUM",
    "ORKS",
    "SEQUENCE",
    "ArmageddonState",
    "default_data",
    "new_game",
    "parse",
]
