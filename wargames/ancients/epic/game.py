"""Starting an Epic battle under the Epic command rules (CCB-EPIC-04 to -10)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wargames.ancients.epic.seats import team_size
from wargames.ancients.epic.state import EpicState
from wargames.core.errors import ScenarioError

if TYPE_CHECKING:
    from wargames.ancients.scenario import Scenario


def start_epic(scenario: Scenario, turn_cap: int | None = None, players: Any = None) -> EpicState:
    """An Epic battle under the Epic command rules about to begin: the opening deal
    (CCB-HAND-04), then the first side's Overall Commander gives out cards."""
    from wargames.ancients.flow import deal_tasks
    from wargames.ancients.game import opening

    if scenario.board.layout.id != "epic":
        raise ScenarioError(scenario.name, "epic_command", "the Epic rules need the epic board")
    fields = opening(scenario, turn_cap, deal_tasks(scenario.first))
    state = EpicState(**fields, team=team_size(players))
    return state.settle()


__all__ = ["start_epic"]
