"""A battle's last position in a few figures, for a batch's table (:func:`wargames.sim.to_frame`):
per side the Magnitude of its hordes still fighting and how many they are (a horde destroyed,
routed, withdrawn or routing counts for nothing, as for breaking, research H11)."""

from __future__ import annotations

from wargames.core.engine import GameState
from wargames.horde.scenario import SIDES
from wargames.horde.state import PScaleState
from wargames.horde.victory import fighting_on


def summary(state: GameState) -> dict[str, int]:
    """``magnitude_blue``, ``magnitude_red``, ``hordes_blue``, ``hordes_red``."""
    assert isinstance(state, PScaleState)
    left = {side: [h for h in state.hordes(side) if fighting_on(h)] for side in SIDES}
    return {
        **{f"magnitude_{side}": sum(h.magnitude for h in left[side]) for side in SIDES},
        **{f"hordes_{side}": len(left[side]) for side in SIDES},
    }
