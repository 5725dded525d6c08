"""Starting a game of Commands & Colors: Ancients from a scenario."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wargames.ancients.flow import deal_tasks
from wargames.ancients.scenario import _SETTING_KEYS, Scenario, load_scenario
from wargames.ancients.state import SIDES, AncientsState
from wargames.core.cards import Deck, Pile
from wargames.core.engine import Player
from wargames.core.errors import OptionError
from wargames.core.options import Option, Options
from wargames.core.tasks import Task

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
        *(_reading(name, kind) for name, kind in _SETTING_KEYS.items()),
    )
)
"""The options: ``players``, ``turn_cap`` and the readings of
:class:`~wargames.ancients.settings.AncientsSettings` a scenario may set
(``wargames options ancients``)."""


def new_game(
    scenario: str | None = None, options: Mapping[str, Any] | None = None
) -> AncientsState:
    """The state at the start of ``scenario`` (a shipped name or a path to a TOML file): the
    opening hands about to be dealt (CCB-HAND-04).

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
        from wargames.ancients.teamgame import start_armageddon

        return start_armageddon(chosen, cap, players)
    if chosen.settings.epic_command:
        from wargames.ancients.epic import start_epic

        return start_epic(chosen, cap, players)
    if players not in (None, 1):
        raise OptionError("players", "only an 'Armageddon' or Epic scenario has teams", "ancients")
    return start(chosen, cap)


def seats(scenario: str | None, options: Mapping[str, Any]) -> tuple[Player, ...]:
    """The seats of a game of ``scenario`` with ``options``: the two sides, or in an
    'Armageddon' or Epic scenario with teams every seat ``side/roles`` (CCA-ROLE-01 to -07,
    CCB-EPIC-04 to -06), each side's Commander first."""
    from wargames.ancients import epic, teams
    from wargames.ancients.variant import ArmageddonState

    state = new_game(scenario, options)
    if isinstance(state, ArmageddonState):
        return tuple(s for side in SIDES for s in teams.seats(side, state.players_of(side)))
    if isinstance(state, epic.EpicState):
        return tuple(s for side in SIDES for s in epic.seats(side, state.team))
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


__all__ = ["DEFAULT_SCENARIO", "OPTIONS", "check_players", "new_game", "seats", "start"]
