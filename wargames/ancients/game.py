"""Starting a game of Commands & Colors: Ancients from a scenario."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wargames.ancients.flow import deal_tasks
from wargames.ancients.scenario import Scenario, load_scenario
from wargames.ancients.state import AncientsState
from wargames.core.cards import Deck, Pile
from wargames.core.errors import ScenarioError
from wargames.core.tasks import Task

DEFAULT_SCENARIO = "river-crossing"
OPTIONS = ("turn_cap", "players")
"""Game options besides the readings (:data:`wargames.ancients.scenario._SETTING_KEYS`)."""


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
    options = dict(options or {})
    cap = options.pop("turn_cap", None)
    if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 1):
        raise ScenarioError("(options)", "turn_cap", f"expected a positive number, got {cap!r}")
    players = options.pop("players", None)
    readings = tuple(sorted(options.items()))
    chosen = load_scenario(scenario or DEFAULT_SCENARIO, readings)
    if chosen.variant == "armageddon":
        from wargames.ancients.teamgame import start_armageddon

        return start_armageddon(chosen, cap, players)
    if chosen.settings.epic_command:
        from wargames.ancients.epic import start_epic

        return start_epic(chosen, cap, players)
    if players not in (None, 1):
        raise ScenarioError("(options)", "players", "only an 'Armageddon' scenario has teams")
    return start(chosen, cap)


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


__all__ = ["DEFAULT_SCENARIO", "OPTIONS", "new_game", "start"]
