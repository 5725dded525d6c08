"""Battle for Armageddon as a game of the registry: starting a game from a scenario
(:func:`new_game`, its :data:`OPTIONS`) and the :data:`GAME` descriptor."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from wargames.armageddon import describe, narration, prompts
from wargames.armageddon.data import (
    IMPERIUM,
    ORKS,
    SIDES,
    ArmageddonData,
    default_data,
)
from wargames.armageddon.flow import new_game_tasks
from wargames.armageddon.scenario import load_setup, scenario_names
from wargames.armageddon.scenario_value import ArmageddonScenario
from wargames.armageddon.sequence import SEQUENCE
from wargames.armageddon.state import ARRIVING, DEAD, POOL, UNPLACED, ArmageddonState
from wargames.armageddon.summary import summary
from wargames.core.actionspace import ActionCodec
from wargames.core.agents import RandomAgent
from wargames.core.cards import Deck, Pile
from wargames.core.engine import GameState, Player
from wargames.core.options import Options
from wargames.core.registry import Game, Length, OddsCalculator
from wargames.core.scenario import ScenarioInfo, shipped_scenarios
from wargames.core.sources import ScenarioSource
from wargames.core.steps import StepNarrator

if TYPE_CHECKING:
    import numpy as np

    from wargames.core.observation import Observer

DEFAULT_SCENARIO = "campaign"
OPTIONS = Options()
"""Battle for Armageddon takes no options: the eight turns are the rulebook's bound."""


def new_game(
    scenario: str | ScenarioSource | None = None,
    options: Mapping[str, Any] | None = None,
    data: ArmageddonData | None = None,
) -> ArmageddonState:
    """The state at the start of ``scenario`` (a shipped id, the path to a user's TOML file or
    a :class:`~wargames.core.sources.ScenarioSource`): the Imperial set-up done, the Orks
    about to deploy (BFA-SETUP-01..07)."""
    OPTIONS.check(options, "armageddon")
    data = data or default_data()
    setup = load_setup(scenario or DEFAULT_SCENARIO, data)
    placed = {c: area for area, cs in setup.imperial.items() for c in cs}
    arriving = {c for cs in setup.reinforcements.values() for c in cs}
    orks = set(setup.ork_counters)
    where = []
    for c, spec in data.counters.items():
        if c in placed:
            where.append(placed[c])
        elif c in arriving:
            where.append(ARRIVING)
        elif spec.side == ORKS:
            where.append(UNPLACED if c in orks else DEAD)
        else:
            where.append(POOL)
    decks = tuple(
        Deck(Pile.of(k for k, card in data.special.items() if card.side == side))
        for side in (ORKS, IMPERIUM)
    )
    state = ArmageddonState(
        data=data,
        setup=setup,
        where=tuple(where),
        build_points=setup.build_points,
        decks=(decks[0], decks[1]),
        tasks=tuple(reversed(new_game_tasks())),
    )
    return state.settle()


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


def _action_space(state: GameState) -> ActionCodec:
    from wargames.armageddon.numbering import action_codec

    return action_codec(state)


def _determinize(state: GameState, player: Player, rng: np.random.Generator) -> GameState:
    from wargames.armageddon.hidden import resample_hidden

    assert isinstance(state, ArmageddonState)
    return resample_hidden(state, player, rng)


def _observer(state: GameState) -> Observer:
    from wargames.armageddon.observation import observer

    return observer(state)


def _render(state: GameState, player: Player | None) -> str:
    from wargames.armageddon.render import render

    return render(state, player)


def _stage(state: GameState) -> str:
    from wargames.armageddon.render import stage

    return stage(state)


GAME = Game(
    id="armageddon",
    title="Battle for Armageddon",
    players=SIDES,
    new=lambda scenario, options: new_game(scenario, options),
    takes_sources=True,
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
    stage=_stage,
    options=OPTIONS,
    information="imperfect",
    hidden="the opponent's hand, draw pile and unrevealed strategy plan",
    length=Length(
        unit="game turn",
        turns=_turns,
        note="the scenario's turns (8 in the campaign); the game ends then at the latest",
    ),
    scenario_info=_scenarios,
    determinize=_determinize,
    action_space=_action_space,
    observer=_observer,
    narrator=StepNarrator(
        ArmageddonState,
        narration.told,
        prompts.deciding,
        prompts.note,
        describe.board_text,
        describe.legend_entries,
        then=narration.new_choice,
    ),
    summary=summary,
    scenario_type=ArmageddonScenario,
)
"""The registry entry."""

__all__ = ["DEAD", "DEFAULT_SCENARIO", "GAME", "IMPERIUM", "OPTIONS", "ORKS", "new_game"]
