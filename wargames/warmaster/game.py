"""The Warmaster as a game of the registry: starting a game from a scenario (:func:`new_game`,
its :data:`OPTIONS`) and the :data:`GAME` descriptor."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from wargames.core.agents import RandomAgent
from wargames.core.cards import Pile
from wargames.core.engine import GameState, Player
from wargames.core.options import Option, Options
from wargames.core.registry import Game, Length, OddsCalculator
from wargames.core.scenario import ScenarioInfo, shipped_scenarios
from wargames.core.sources import CACHE_SIZE, ScenarioSource
from wargames.core.steps import StepNarrator
from wargames.warmaster import describe, narration, prompts
from wargames.warmaster.data import SIDES, WarmasterData, default_data
from wargames.warmaster.flow import new_game_tasks
from wargames.warmaster.numbering import action_codec
from wargames.warmaster.observation import observer
from wargames.warmaster.odds import analyse, odds_command
from wargames.warmaster.render import render as _render
from wargames.warmaster.render import stage as _stage
from wargames.warmaster.scenario import Setup, load_setup, scenario_names
from wargames.warmaster.scenario_value import BoardingScenario
from wargames.warmaster.sequence import SEQUENCE
from wargames.warmaster.specials import initial_control
from wargames.warmaster.state import CUP, OUT, POOL, UNPLACED, WarmasterState
from wargames.warmaster.summary import summary

if TYPE_CHECKING:
    import numpy as np

DEFAULT_SCENARIO = "boarding"
OPTIONS = Options(
    (
        Option(
            "turn_cap",
            int,
            "end the game after N turns, the scenario's cap_winner winning (0: the scenario's "
            "own cap; the rulebook's game has none)",
            low=0,
            high=1000,
        ),
        Option(
            "bot_turn_cap",
            bool,
            "cap the game at the scenario's bot_turn_cap, as games between bots are (a "
            "turn_cap given wins; the scenario's own turn_cap stays if it is sooner)",
            default=False,
        ),
        Option(
            "warp_instability",
            bool,
            "the optional warp instability (research 3.5.3) on or off; off in the boarding",
        ),
    )
)
"""The options of a game of The Warmaster (``wargames options warmaster``)."""


def new_game(
    scenario: str | ScenarioSource | None = None,
    options: Mapping[str, Any] | None = None,
    data: WarmasterData | None = None,
) -> WarmasterState:
    """The state at the start of ``scenario`` (a shipped id, the path to a user's TOML file or
    a :class:`~wargames.core.sources.ScenarioSource`): the Traitor about to set up his
    face-down units (WM-SETUP-01 to -06).

    Option ``turn_cap``: end the game after that many turns, the scenario's ``cap_winner``
    winning (``None`` or 0: the scenario's own ``turn_cap``, which is off in the rulebook's
    game, WM-VICTORY-05, WM-GAP-20).

    Option ``bot_turn_cap``: ``True`` caps the game at the scenario's ``bot_turn_cap`` (or at
    its ``turn_cap`` if that comes sooner), as games between bots are (the game's
    ``bot_options``); a ``turn_cap`` option given wins.

    Option ``warp_instability``: ``True`` or ``False`` turns the optional warp instability
    (research 3.5.3, WM-GAP-05) on or off (``None``: the scenario's option, off in the
    boarding scenario).
    """
    chosen = OPTIONS.check(options, "warmaster")
    data = data or default_data()
    setup = load_setup(scenario or DEFAULT_SCENARIO, data)
    cap = chosen["turn_cap"] or _scenario_cap(setup, chosen["bot_turn_cap"])
    warp = chosen["warp_instability"]
    if warp is None:
        warp = setup.warp_instability
    return _start(setup, data, cap, warp).evolve()


def _scenario_cap(setup: Setup, bots: bool) -> int | None:
    """The scenario's turn cap (WM-GAP-20): its ``turn_cap``, or in a game between bots the
    sooner of that and its ``bot_turn_cap``."""
    caps = [c for c in (setup.turn_cap, setup.bot_turn_cap if bots else None) if c]
    return min(caps) if caps else None


@lru_cache(maxsize=CACHE_SIZE)
def _start(setup: Setup, data: WarmasterData, cap: int | None, warp: bool) -> WarmasterState:
    """The settled start of a set-up with the options chosen, built once (the last
    :data:`~wargames.core.sources.CACHE_SIZE`, as the set-ups): every game of it begins with
    a copy, which keeps the where-is-what index."""
    placed = {c: UNPLACED for c in setup.face_down_units(data)}
    cupped = setup.cup_units(data)
    placed.update({c: CUP for c in cupped})
    for wave in setup.imperial:
        placed.update({c: POOL for c in setup.wave_units(wave, data)})
    state = WarmasterState(
        data=data,
        setup=setup,
        where=tuple(placed.get(c, OUT) for c in data.instances()),
        cup=Pile.of(data.spec(c).id for c in cupped),
        bridge=setup.bridge_control,
        turn_cap=cap,
        control=initial_control(data),
        warp_instability=warp,
        tasks=tuple(reversed(new_game_tasks())),
    )
    return state.settle()


def _random(seed: int | None, player: str) -> RandomAgent:
    return RandomAgent(seed)


def _greedy(seed: int | None, player: str):  # type: ignore[no-untyped-def]
    from wargames.warmaster.agents import greedy

    return greedy(seed, player)


def _determinize(state: GameState, player: Player, rng: np.random.Generator) -> GameState:
    assert isinstance(state, WarmasterState)
    return state.resample_hidden(player, rng)


def _turns(state: GameState) -> int | None:
    assert isinstance(state, WarmasterState)
    return state.turn_cap


def _scenarios() -> tuple[ScenarioInfo, ...]:
    return shipped_scenarios(
        "wargames.warmaster",
        {
            "boarding": (
                "The Boarding",
                "The rulebook's one scenario: the Emperor's assault teleports aboard Horus's "
                "battle barge to find and kill the Warmaster.",
            )
        },
    )


GAME = Game(
    id="warmaster",
    title="The Warmaster",
    players=SIDES,
    new=lambda scenario, options: new_game(scenario, options),
    takes_sources=True,
    scenario_type=BoardingScenario,
    scenarios=scenario_names,
    default_scenario=DEFAULT_SCENARIO,
    agents={"random": _random, "greedy": _greedy},
    sequence=SEQUENCE,
    odds=OddsCalculator(
        command=odds_command,
        compute=analyse,
        signature="attack, defence, *, reroll, policy, attacker, sanctum, ambush, horror "
        "-> BattleOdds",
    ),
    render=_render,
    stage=_stage,
    bot_options={"bot_turn_cap": True},
    options=OPTIONS,
    information="imperfect",
    hidden="the Traitor's face-down counters and the cup's draws",
    length=Length(
        unit="game turn",
        turns=_turns,
        cap_option="turn_cap",
        note="no turn limit in the rules (WM-VICTORY-05); the option turn_cap ends the game, "
        "and bots' games get the scenario's bot turn cap",
    ),
    scenario_info=_scenarios,
    determinize=_determinize,
    action_space=action_codec,
    observer=observer,
    narrator=StepNarrator(
        WarmasterState,
        narration.told,
        prompts.deciding,
        prompts.note,
        describe.board_text,
        describe.legend_entries,
    ),
    summary=summary,
)
"""The registry entry; bot-only games get the scenario's bot turn cap so they always end."""

__all__ = ["DEFAULT_SCENARIO", "GAME", "OPTIONS", "new_game"]
