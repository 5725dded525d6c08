"""The P-Scale battle game's descriptor (:data:`GAME`): starting a battle from a scenario, with
options, and what the game declares of itself.

>>> state = new_battle("mirror", {"rounds": 3, "rules": "printed"})
>>> state.rounds, state.rules.magnitude_tens, state.current_player
(3, 'truncate', 'blue')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from wargames.core.agents import RandomAgent
from wargames.core.engine import GameState, Player
from wargames.core.errors import OptionError
from wargames.core.options import Option, Options, from_json_text
from wargames.core.registry import Game, Length, OddsCalculator
from wargames.core.scenario import ScenarioInfo, shipped_scenarios
from wargames.core.sources import ScenarioSource
from wargames.horde.agents import greedy
from wargames.horde.combat.odds import attack_odds, odds_command
from wargames.horde.combat.rules import DEFAULT, PRESETS, HordeRules
from wargames.horde.flow import new_battle_tasks
from wargames.horde.narration import NARRATOR
from wargames.horde.numbering import action_codec
from wargames.horde.observation import observer
from wargames.horde.render import render, stage
from wargames.horde.scenario import DEFAULT_SCENARIO, SIDES, load_scenario, scenario_names
from wargames.horde.scenario_value import BattleScenario
from wargames.horde.sequence import SEQUENCE
from wargames.horde.state import PScaleState
from wargames.horde.summary import summary

if TYPE_CHECKING:
    import numpy as np

_READINGS = {f.name: f for f in attrs.fields(HordeRules)}


def check_rules(value: Any) -> str | HordeRules | dict[str, Any]:
    """The ``rules`` option checked: a preset's name (``"catalogue"``, ``"printed"``), a
    :class:`HordeRules`, or a mapping of its fields to values (changes to the scenario's
    readings). Raises ``ValueError`` or ``TypeError`` naming the problem."""
    if isinstance(value, HordeRules):
        return value
    if isinstance(value, str):
        if value not in PRESETS:
            raise ValueError(f"unknown preset {value!r}; presets: {', '.join(PRESETS)}")
        return value
    if not isinstance(value, Mapping):
        raise TypeError(f"expected a preset name or a table of readings, got {value!r}")
    readings = dict(value)
    for name, reading in readings.items():
        field = _READINGS.get(name)
        if field is None:
            raise ValueError(f"no reading {name!r}; readings: {', '.join(_READINGS)}")
        if field.type in ("bool", bool) and not isinstance(reading, bool):
            raise TypeError(f"{name}: expected true or false, got {reading!r}")
    try:
        attrs.evolve(DEFAULT, **readings)
    except (TypeError, ValueError) as exc:
        raise ValueError(str(exc.args[0])) from None
    return readings


OPTIONS = Options(
    (
        Option(
            "rules",
            object,
            "the readings of the rules: a preset, or a table of changed readings "
            "(JSON on the command line); default: the scenario's",
            parse=check_rules,
            text=from_json_text,
            shows="preset or readings",
            allowed_text=f"{', '.join(PRESETS)}, or {{reading: value, ...}} of HordeRules",
        ),
        Option(
            "rounds",
            int,
            "the mission's length in battle rounds (0: the scenario's); a shorter mission for "
            "bots and what-ifs",
            low=0,
            high=100,
        ),
    )
)
"""The options of a P-Scale battle (``wargames options horde``)."""


def read_rules(value: Any, default: HordeRules) -> HordeRules:
    """The ``rules`` option: a preset's name (``"catalogue"``, ``"printed"``), a
    :class:`HordeRules`, or a mapping of its fields (changes to the scenario's readings);
    ``None``: ``default``. A bad value raises :class:`~wargames.core.errors.OptionError`."""
    if value is None:
        return default
    try:
        checked = check_rules(value)
    except (TypeError, ValueError) as exc:
        raise OptionError("rules", str(exc), "horde") from None
    if isinstance(checked, HordeRules):
        return checked
    if isinstance(checked, str):
        return PRESETS[checked]
    return attrs.evolve(default, **checked)


def new_battle(
    scenario: str | ScenarioSource | None = None, options: Mapping[str, Any] | None = None
) -> PScaleState:
    """The state at the start of ``scenario`` (a shipped id, the path to a user's TOML file or
    a :class:`~wargames.core.sources.ScenarioSource`; the default ``manufactorum``).

    Options: ``rules`` (the readings of :class:`~wargames.horde.combat.rules.HordeRules`: a preset
    name, an instance, or a mapping of changed fields; the scenario's own by default) and
    ``rounds`` (the mission's length; ``None`` or 0: the scenario's; a shorter mission for bots
    and what-ifs).
    """
    return before_battle(scenario, options).settle()


def before_battle(
    scenario: str | ScenarioSource | None = None, options: Mapping[str, Any] | None = None
) -> PScaleState:
    """The battle of :func:`new_battle` before its first round begins (not settled: the
    round's first step is pending), for what-if positions (:mod:`wargames.horde.position`)."""
    chosen = OPTIONS.check(options, "horde")
    setup = load_scenario(scenario or DEFAULT_SCENARIO)
    return PScaleState(
        setup=setup,
        rules=read_rules(chosen["rules"], setup.rules),
        rounds=chosen["rounds"] or setup.rounds,
        units=setup.units,
        initiative=setup.first,
        tasks=new_battle_tasks(),
    )


def _random(seed: int | None, player: str) -> RandomAgent:
    return RandomAgent(seed)


def _determinize(state: GameState, player: Player, rng: np.random.Generator) -> GameState:
    assert isinstance(state, PScaleState)
    return state.resample_hidden(player, rng)


def _rounds(state: GameState) -> int:
    assert isinstance(state, PScaleState)
    return state.rounds


def _scenarios() -> tuple[ScenarioInfo, ...]:
    return shipped_scenarios(
        "wargames.horde",
        {
            "manufactorum": "An Imperial Guard platoon assaults a manufactorum held by worn-down "
            "Chaos cultists and Chaos Space Marines.",
            "mirror": "Two identical Imperial Guard forces on a point-symmetric board, for "
            "balance tests.",
            "ork-assault": "Space Marines and their Captain hold a ruined shrine against an Ork "
            "warband led by its Warboss.",
        },
    )


GAME = Game(
    id="horde",
    title="Horde mass combat (P-Scale battles)",
    players=SIDES,
    new=lambda scenario, options: new_battle(scenario, options),
    takes_sources=True,
    scenario_type=BattleScenario,
    scenarios=scenario_names,
    default_scenario=DEFAULT_SCENARIO,
    agents={"random": _random, "greedy": greedy},
    sequence=SEQUENCE,
    odds=OddsCalculator(
        command=odds_command,
        compute=attack_odds,
        signature="attacker: Horde, defender: Horde, kind, context=, rules=, tearing= "
        "-> AttackOdds",
    ),
    render=render,
    narrator=NARRATOR,
    stage=stage,
    options=OPTIONS,
    information="imperfect",
    hidden="the squares of enemy hordes in stealth (HMC-TALENT-01 to -03)",
    length=Length(
        unit="battle round",
        turns=_rounds,
        cap_option="rounds",
        note="the mission's rounds (10 in the research notes' missions); the option rounds "
        "shortens it",
    ),
    scenario_info=_scenarios,
    determinize=_determinize,
    summary=summary,
    action_space=action_codec,
    observer=observer,
)
"""The registry entry. Missions end after their last round, so bots need no cap."""

__all__ = [
    "DEFAULT_SCENARIO",
    "GAME",
    "OPTIONS",
    "before_battle",
    "check_rules",
    "new_battle",
    "read_rules",
]
