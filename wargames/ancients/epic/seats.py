"""The seats of an Epic battle under the Epic command rules: an Overall Commander and a Field
General per section, shared out among 1 to 4 players a side (CCB-EPIC-04 to -06)."""

from __future__ import annotations

from typing import Any

from wargames.ancients.state import COMMANDER
from wargames.core.errors import OptionError

FLANKS: tuple[str, str, str] = ("left", "center", "right")
OVERALL = "overall"
"""The role asked for the Overall Commander himself, whichever card is being played."""

ROLES: dict[int, tuple[tuple[str, ...], ...]] = {
    1: ((COMMANDER, *FLANKS),),
    2: ((COMMANDER, "center"), ("left", "right")),
    3: ((COMMANDER, "center"), ("left",), ("right",)),
    4: ((COMMANDER,), ("left",), ("center",), ("right",)),
}
"""The roles of each seat of a side, by players per side (CCB-EPIC-04 to -06)."""
PER_SIDE = {2: 1, 4: 2, 6: 3, 8: 4}
"""Players per side, by players in all."""


def team_size(players: Any) -> int:
    """Players per side for the game option ``players`` (2, 4, 6 or 8 in all; default 2)."""
    if players is None:
        return 1
    if isinstance(players, bool) or players not in PER_SIDE:
        raise OptionError("players", f"expected 2, 4, 6 or 8 in all, got {players!r}", "ancients")
    return PER_SIDE[players]


def seat_name(side: str, roles: tuple[str, ...], team: int) -> str:
    return side if team == 1 else side + "/" + "+".join(roles)


def seats(side: str, team: int) -> tuple[str, ...]:
    """Every seat of ``side``, the Overall Commander's first (CCB-EPIC-04 to -06)."""
    return tuple(seat_name(side, roles, team) for roles in ROLES[team])


def seat_for(side: str, role: str, team: int) -> str:
    """The seat holding ``role`` (``commander`` or a section's Field General)."""
    for roles in ROLES[team]:
        if role in roles:
            return seat_name(side, roles, team)
    raise KeyError(role)


__all__ = ["FLANKS", "OVERALL", "ROLES", "seat_for", "seat_name", "seats", "team_size"]
