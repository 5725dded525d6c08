"""Starting a game of the 'Armageddon' team variant (CCA-GEN-01, CCA-HAND-06, -07)."""

from __future__ import annotations

from typing import Any

from wargames.ancients.scenario import Scenario
from wargames.ancients.state import SIDES
from wargames.ancients.variant.flow import opening_tasks
from wargames.ancients.variant.seats import NAMES
from wargames.ancients.variant.state import ArmageddonState
from wargames.core.errors import OptionError


def team_sizes(players: Any) -> tuple[int, int]:
    """The game option ``players``: one number for both sides, or a pair (bottom, top), each
    1 to 4 (CCA-GEN-01, CCA-GAP-05); default 1."""
    if players is None:
        return (1, 1)
    values = list(players) if isinstance(players, list | tuple) else [players, players]
    if len(values) != len(SIDES) or not all(
        isinstance(v, int) and not isinstance(v, bool) and v in NAMES for v in values
    ):
        raise OptionError("players", f"expected 1 to 4 per side, got {players!r}", "ancients")
    return (values[0], values[1])


def start_armageddon(
    scenario: Scenario, turn_cap: int | None = None, players: Any = None
) -> ArmageddonState:
    """An 'Armageddon' game about to begin: the deal to each hand limit, the three cards each
    Commander places, the draw back up, then the first side reveals (CCA-HAND-06, -07)."""
    from wargames.ancients.game import opening

    fields = opening(scenario, turn_cap, opening_tasks(scenario.first))
    state = ArmageddonState(**fields, team=team_sizes(players))
    return state.settle()


__all__ = ["start_armageddon", "team_sizes"]
