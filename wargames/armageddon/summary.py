"""A game's last position in a few figures, for a batch's table (:func:`wargames.sim.to_frame`):
the hives each side holds (BFA-VICTORY-03/04: the Orks hold a hive captured in smoking ruins,
BFA-VICTORY-06/07: the Imperium one face up or in ruins it still occupies) and each side's units
on the map."""

from __future__ import annotations

from wargames.armageddon.data import IMPERIUM, ORKS, SIDES
from wargames.armageddon.state import ArmageddonState
from wargames.core.engine import GameState


def summary(state: GameState) -> dict[str, int]:
    """``hives_orks``, ``hives_imperium``, ``units_orks``, ``units_imperium``."""
    assert isinstance(state, ArmageddonState)
    hives = state.hives()
    imperial = sum(1 for h in hives if state.hive_controlled(h) and not state.hive_captured(h))
    return {
        f"hives_{ORKS}": sum(1 for h in hives if state.hive_captured(h)),
        f"hives_{IMPERIUM}": imperial,
        **{f"units_{side}": len(state.on_map(side)) for side in SIDES},
    }
