"""A battle's last position in a few figures, for a batch's table (:func:`wargames.sim.to_frame`):
per side the victory banners won (CCB-VICTORY-01, -02) and the units still on the board."""

from __future__ import annotations

from wargames.ancients.state import SIDES, AncientsState
from wargames.core.engine import GameState


def summary(state: GameState) -> dict[str, int]:
    """``banners_bottom``, ``banners_top``, ``units_bottom``, ``units_top``."""
    assert isinstance(state, AncientsState)
    return {
        **{f"banners_{side}": state.banners[i] for i, side in enumerate(SIDES)},
        **{f"units_{side}": len(state.units_of(side)) for side in SIDES},
    }
