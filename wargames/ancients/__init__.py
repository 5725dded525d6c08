"""Commands & Colors: Ancients (3rd edition), playable as the game ``ancients``, and the pure
rules Richard Irving's 'Armageddon' team variant builds on.

The rules, each module one concept:

* :mod:`~wargames.ancients.settings`: :class:`AncientsSettings`, the changeable readings;
* :mod:`~wargames.ancients.units`: the unit table (``data/units.toml``) and the rules read
  off it (dice, fire, evasion, retreat, momentum);
* :mod:`~wargames.ancients.terrain`: the terrain table (``data/terrain.toml``), movement
  effects, dice caps and the sword and flag ignores;
* :mod:`~wargames.ancients.board`: the 13x9, Epic and 'Armageddon' boards, sections named
  from each seat, rear hexes, range, line of sight, linked groups;
* :mod:`~wargames.ancients.dice`: the battle die and the scoring of a roll, elephant re-rolls
  included;
* :mod:`~wargames.ancients.odds`: exact outcome distributions and ``wargames odds ancients``;
* :mod:`~wargames.ancients.cards`: the 60 command cards as data;
* :mod:`~wargames.ancients.components`: the base box.

The engine: :func:`new_game` (:mod:`~wargames.ancients.game`) gives an
:class:`AncientsState` (:mod:`~wargames.ancients.state`), whose turn is a stack of tasks
(:mod:`~wargames.ancients.flow`): cards and orders (:mod:`~wargames.ancients.commands`,
:mod:`~wargames.ancients.orders`), movement, ranged and close combat, retreat, evasion,
momentum, leaders, elephants and victory, one module each. Scenarios are TOML files in
``scenarios/`` (:mod:`~wargames.ancients.scenario`). See ``docs/ancients-notes.md``.

The 'Armageddon' team variant (CCA-*) plays a scenario that says ``variant = "armageddon"``,
with the game option ``players`` (1 to 4 a side): seats (:mod:`~wargames.ancients.teams`),
its state (:mod:`~wargames.ancients.variant`), its turn (:mod:`~wargames.ancients.teamturn`),
cards bound to flanks (:mod:`~wargames.ancients.flanks`) and banners per flank
(:mod:`~wargames.ancients.teamvictory`). See ``docs/ancients-armageddon-notes.md``.

>>> from wargames.ancients import new_game
>>> state = new_game()
>>> state.current_player
'chance'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.ancients import tactics as tactics  # registers the tactic cards
from wargames.ancients.game import DEFAULT_SCENARIO, OPTIONS, new_game, seats
from wargames.ancients.odds import odds_command, roll_odds
from wargames.ancients.render import render as _render
from wargames.ancients.scenario import scenario_names
from wargames.ancients.sequence import SEQUENCE
from wargames.ancients.settings import DEFAULT, AncientsSettings
from wargames.ancients.state import SIDES, AncientsState
from wargames.core.agents import RandomAgent
from wargames.core.engine import Agent, GameState, Player
from wargames.core.registry import Game, Length, OddsCalculator
from wargames.core.scenario import ScenarioInfo, shipped_scenarios

if TYPE_CHECKING:
    import numpy as np


def _random(seed: int | None, player: str) -> RandomAgent:
    return RandomAgent(seed)


def _greedy(seed: int | None, player: str) -> Agent:
    from wargames.ancients.team_agents import team_greedy

    return team_greedy(seed, player)  # the base greedy agent, team-aware in the variant


def _determinize(state: GameState, player: Player, rng: np.random.Generator) -> GameState:
    assert isinstance(state, AncientsState)
    return state.resample_hidden(player, rng)


def _turns(state: GameState) -> int | None:
    assert isinstance(state, AncientsState)
    return state.turn_cap


def _scenarios() -> tuple[ScenarioInfo, ...]:
    return shipped_scenarios(
        "wargames.ancients",
        {
            "elephant-ridge": "Carthage's elephants and heavy cavalry against a Roman line on a "
            "ridge; four leaders a side.",
            "mirror-fields": "Mirror armies on a mirror board, to measure the engine's balance.",
            "river-crossing": "Rome must push across a stream with three fords; light troops "
            "fire across the water.",
            "the-long-ridge": "An 'Armageddon' team battle on the 26x9 board: 1 to 4 players a "
            "side (option players).",
            "twin-valleys": "An Epic battle on the 26x9 board under the Epic command rules: "
            "2, 4, 6 or 8 players (option players).",
        },
    )


GAME = Game(
    id="ancients",
    title="Commands & Colors: Ancients",
    players=SIDES,
    new=lambda scenario, options: new_game(scenario, options),
    scenarios=scenario_names,
    default_scenario=DEFAULT_SCENARIO,
    agents={"random": _random, "greedy": _greedy},
    sequence=SEQUENCE,
    odds=OddsCalculator(
        command=odds_command,
        compute=roll_odds,
        signature="attacker, target, *, kind, leader, terrains, card_bonus, ... -> RollOdds",
    ),
    render=_render,
    bot_options={"turn_cap": 500},
    options=OPTIONS,
    information="imperfect",
    hidden="the opponent's hand, the draw pile and (with teams) cards given face down",
    length=Length(
        unit="turn",
        turns=_turns,
        cap_option="turn_cap",
        note="no turn limit in the rules (a side wins on banners); the option turn_cap ends "
        "the game, and bots' games get 500",
    ),
    scenario_info=_scenarios,
    seats=seats,
    determinize=_determinize,
)
"""The registry entry. Bot-only games get a turn cap of 500 turns, a bound random play hardly
ever reaches (random games end by banners after about 200 turns); it is not a rule."""

__all__ = [
    "DEFAULT",
    "GAME",
    "SEQUENCE",
    "AncientsSettings",
    "AncientsState",
    "new_game",
]
