"""Starting a game of Commands & Colors: Ancients from a scenario, and the registry entry
(:data:`GAME`).

This is the one place the base game reaches into its two sub-packages: :func:`new_game` starts
an 'Armageddon' scenario with :mod:`wargames.ancients.variant` and an Epic one with
:mod:`wargames.ancients.epic`, :func:`seats` names their seats, and the ``greedy`` agent is the
variant's team-aware one (it plays the base game as the base greedy agent). Everywhere else
the arrows point from the sub-packages to the base game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wargames.ancients.flow import deal_tasks
from wargames.ancients.narration import NARRATOR
from wargames.ancients.numbering import action_codec
from wargames.ancients.observation import observer_for
from wargames.ancients.odds import odds_command, roll_odds
from wargames.ancients.render import render as _render
from wargames.ancients.render import stage as _stage
from wargames.ancients.scenario import SETTING_KEYS, Scenario, load_scenario, scenario_names
from wargames.ancients.scenario_value import AncientsScenario
from wargames.ancients.sequence import SEQUENCE
from wargames.ancients.state import SIDES, AncientsState
from wargames.ancients.summary import summary
from wargames.core.agents import RandomAgent
from wargames.core.cards import Deck, Pile
from wargames.core.engine import Agent, GameState, Player
from wargames.core.errors import OptionError
from wargames.core.options import Option, Options
from wargames.core.registry import Game, Length, OddsCalculator
from wargames.core.scenario import ScenarioInfo, shipped_scenarios
from wargames.core.sources import ScenarioSource
from wargames.core.tasks import Task, UnsettledStateError

if TYPE_CHECKING:
    import numpy as np

DEFAULT_SCENARIO = "river-crossing"


def check_players(value: Any) -> int | tuple[int, int]:
    """The ``players`` option checked: a number of players, 1 to 8 (per side in an
    'Armageddon' scenario, in all in an Epic one), or a pair ``(bottom, top)`` of 1 to 4
    each. Whether the scenario allows it is checked when the game starts."""
    if isinstance(value, list | tuple):
        if len(value) != len(SIDES) or not all(_whole(v, 1, 4) for v in value):
            raise ValueError(f"expected a pair (bottom, top) of 1 to 4 each, got {value!r}")
        return (value[0], value[1])
    if not _whole(value, 1, 8):
        raise ValueError(f"expected a number from 1 to 8 or a pair (bottom, top), got {value!r}")
    return int(value)


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _players_text(text: str) -> int | list[int]:
    """``--players 2`` or ``--players 1,4`` (bottom, top)."""
    try:
        values = [int(part) for part in text.split(",")]
    except ValueError:
        raise OptionError("players", f"expected a number or two (1,4), got {text!r}") from None
    return values[0] if len(values) == 1 else values


_READING_HELP = {
    "helmets": "when a helmet scores: leader attached or adjacent (3rd edition), or attached only",
    "lone_leader_support": "an adjacent lone friendly leader gives support (CCB-FLAGS-03)",
    "elephant_sword_rerolls": "elephants re-roll every sword that scores (CCB-ELEPHANT-05)",
    "lone_leaders_block_fire": "an adjacent lone enemy leader stops a unit firing (CCB-GAP-14)",
    "war_machine_evade": "heavy war machines evade always, or only where a unit could",
    "move_fire_move": "each move of Move-Fire-Move goes the full allowance, or they split it",
    "first_strike_vs_bonus": "First Strike may answer a bonus close combat (CCB-CARDS-36)",
    "ignores_add_up": "several sword-ignoring effects on one unit add up (CCB-GAP-29)",
    "epic_command": "the Epic command rules (CCB-EPIC-07 to -10)",
}


def _reading(name: str, kind: tuple[str, ...] | type) -> Option:
    help = _READING_HELP[name]
    if isinstance(kind, tuple):
        return Option(name, str, help, choices=kind)
    return Option(name, bool, help)


OPTIONS = Options(
    (
        Option(
            "players",
            object,
            "players per side in an 'Armageddon' scenario (1 to 4, or bottom,top), players in "
            "all in an Epic one (2, 4, 6, 8); each seat is played by its side's agent",
            parse=check_players,
            text=_players_text,
            shows="int or pair",
            allowed_text="1..4 or a pair 1..4,1..4 ('Armageddon'); 2, 4, 6, 8 (Epic); 1 (else)",
            default_text="1 a side",
        ),
        Option(
            "turn_cap",
            int,
            "not a rule: end a bots' game after N turns, the side with more banners winning",
            low=1,
            high=10_000,
            default_text="no cap",
        ),
        *(_reading(name, kind) for name, kind in SETTING_KEYS.items()),
    )
)
"""The options: ``players``, ``turn_cap`` and the readings of
:class:`~wargames.ancients.settings.AncientsSettings` a scenario may set
(``wargames options ancients``)."""


def new_game(
    scenario: str | ScenarioSource | None = None, options: Mapping[str, Any] | None = None
) -> AncientsState:
    """The state at the start of ``scenario`` (a shipped id, the path to a user's TOML file or
    a :class:`~wargames.core.sources.ScenarioSource`): the opening hands about to be dealt
    (CCB-HAND-04).

    ``options``: ``players`` (an 'Armageddon' scenario: players per side, 1 to 4, or a pair
    ``(bottom, top)``, CCA-GEN-01), ``turn_cap`` (not a rule of the game: bots' games end
    after that many turns, the side with more banners winning), and any reading of
    :class:`~wargames.ancients.settings.AncientsSettings` a scenario may set (``helmets``,
    ``lone_leader_support``, ...), which overrides the scenario's.
    """
    given = dict(options or {})
    checked = OPTIONS.check(given, "ancients")
    cap = checked.pop("turn_cap")
    players = checked.pop("players")
    readings = tuple(sorted((k, v) for k, v in checked.items() if given.get(k) is not None))
    chosen = load_scenario(scenario or DEFAULT_SCENARIO, readings)
    if chosen.variant == "armageddon":
        from wargames.ancients.variant.game import start_armageddon

        return start_armageddon(chosen, cap, players)
    if chosen.settings.epic_command:
        from wargames.ancients.epic.game import start_epic

        return start_epic(chosen, cap, players)
    if players not in (None, 1):
        raise OptionError("players", "only an 'Armageddon' or Epic scenario has teams", "ancients")
    return start(chosen, cap)


def seats(scenario: str | None, options: Mapping[str, Any]) -> tuple[Player, ...]:
    """The seats of a game of ``scenario`` with ``options``: the two sides, or in an
    'Armageddon' or Epic scenario with teams every seat (``side/commander``, ``side/general``
    ..., CCA-ROLE-01 to -07; ``side/roles``, CCB-EPIC-04 to -06), each side's Commander
    first."""
    from wargames.ancients.epic import seats as epic_seats
    from wargames.ancients.epic.state import EpicState
    from wargames.ancients.variant import seats as team_seats
    from wargames.ancients.variant.state import ArmageddonState

    state = new_game(scenario, options)
    if isinstance(state, ArmageddonState):
        return tuple(s for side in SIDES for s in team_seats.seats(side, state.players_of(side)))
    if isinstance(state, EpicState):
        return tuple(s for side in SIDES for s in epic_seats.seats(side, state.team))
    return SIDES


def start(scenario: Scenario, turn_cap: int | None = None) -> AncientsState:
    """A game of ``scenario`` about to begin: every piece on its starting hex at full strength,
    the 60 cards in the draw pile, the opening deal pending."""
    return AncientsState(**opening(scenario, turn_cap, deal_tasks(scenario.first))).settle()


def opening(scenario: Scenario, turn_cap: int | None, tasks: Sequence[Task[Any]]) -> dict[str, Any]:
    """The fields of a game's first state, before ``tasks`` (done in order): every piece on
    its starting hex at full strength, the 60 cards in the draw pile, empty hands. The team
    variant and the Epic rules start from these too."""
    n = len(scenario.types)
    return {
        "scenario": scenario,
        "where": scenario.start,
        "blocks": tuple(scenario.full(p) for p in range(n)),
        "hands": (Pile(), Pile()),
        "deck": Deck(Pile(scenario.deck)),
        "held": ("",) * len(scenario.objectives),
        "active": scenario.first,
        "moved": (0,) * n,
        "turn_cap": turn_cap,
        "tasks": tuple(reversed(tuple(tasks))),
    }


# -- the registry entry -------------------------------------------------------------------


def _random(seed: int | None, player: str) -> RandomAgent:
    return RandomAgent(seed)


def _greedy(seed: int | None, player: str) -> Agent:
    from wargames.ancients.variant.agents import team_greedy

    return team_greedy(seed, player)  # the base greedy agent, team-aware in the variant


RESAMPLE_TRIES = 1000
"""Deals :func:`_determinize` tries before it gives up conditioning on who is to act."""


def _determinize(state: GameState, player: Player, rng: np.random.Generator) -> GameState:
    """A full state consistent with what ``player`` sees, the seat to act included: the hidden
    cards dealt again until the same seat is to act (rejection sampling). Who acts is public
    and can depend on hidden cards: the team variant's Commander is asked about Counter Attack
    only when he holds one (CCA-CARDS-11), the Epic Overall Commander gives cards only while
    one fits a free section (CCB-EPIC-07); a deal without them would leave the step with
    nobody to decide (an unsettled state)."""
    assert isinstance(state, AncientsState)
    acting = state.current_player
    found = state.resample_hidden(player, rng)
    for _ in range(RESAMPLE_TRIES):
        if _to_act(found) == acting:
            return found
        found = state.resample_hidden(player, rng)
    return found


def _to_act(state: AncientsState) -> Player | None:
    """Who is to act, ``""`` for a state whose next step has nobody to decide."""
    try:
        return state.current_player
    except UnsettledStateError:
        return ""


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
    takes_sources=True,
    scenario_type=AncientsScenario,
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
    narrator=NARRATOR,
    stage=_stage,
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
    action_space=action_codec,
    observer=observer_for,
    summary=summary,
)
"""The registry entry. Bot-only games get a turn cap of 500 turns, a bound random play hardly
ever reaches (random games end by banners after about 200 turns); it is not a rule."""


__all__ = [
    "DEFAULT_SCENARIO",
    "GAME",
    "OPTIONS",
    "check_players",
    "new_game",
    "seats",
    "start",
]
