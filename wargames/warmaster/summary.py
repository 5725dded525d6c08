"""A game's last position in a few figures, for a batch's table (:func:`wargames.sim.to_frame`):
per side its counters aboard the ship and the areas it controls (research 3.1), and who holds
the Bridge (WM-BRIDGE-01, -02; ``destroyed`` once it is)."""

from __future__ import annotations

from wargames.core.engine import GameState
from wargames.warmaster.manifest import SIDES
from wargames.warmaster.state import WarmasterState


def summary(state: GameState) -> dict[str, int | str]:
    """``units_imperial``, ``units_traitor``, ``areas_imperial``, ``areas_traitor``,
    ``bridge``."""
    assert isinstance(state, WarmasterState)
    held = [state.controller(area) for area in state.data.board.ids]
    out: dict[str, int | str] = {}
    for side in SIDES:
        out[f"units_{side}"] = len(state.aboard_units(side))
    for side in SIDES:
        out[f"areas_{side}"] = held.count(side)
    out["bridge"] = state.bridge or "destroyed"
    return out
