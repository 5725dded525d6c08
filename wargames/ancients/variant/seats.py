"""Seats of the 'Armageddon' team variant: who on a side decides what (CCA-ROLE-01 to -07).

A side of one to four players (CCA-GEN-01, CCA-GAP-05) splits its roles (the Commander, and
the Field General of each flank) among its seats. A seat is named ``side/roles``, its roles
joined by ``+`` in the order commander, left, center, right (flanks named from the side's own
baseline, CCA-GAP-14); a one-player side has the single seat ``side``:

=========  ===============================================================================
players    seats of the bottom side
=========  ===============================================================================
1          ``bottom`` (Commander and all three flanks, CCA-ROLE-06)
2          ``bottom/commander+left``, ``bottom/center+right`` (CCA-ROLE-05)
3          ``bottom/commander``, ``bottom/left+center``, ``bottom/right`` (CCA-ROLE-04)
4          ``bottom/commander``, ``bottom/left``, ``bottom/center``, ``bottom/right``
           (CCA-ROLE-03)
=========  ===============================================================================

Fixed choices (the rules leave them to the players): with two players the Commander runs the
left flank; with three the center goes to the left flank's Field General.
"""

from __future__ import annotations

from functools import cache

COMMANDER = "commander"
FLANKS: tuple[str, str, str] = ("left", "center", "right")
"""The three flanks, named from a side's own baseline (CCA-FLANK-01, CCA-GAP-14)."""

ROLES: dict[int, tuple[tuple[str, ...], ...]] = {
    1: ((COMMANDER, *FLANKS),),
    2: ((COMMANDER, "left"), ("center", "right")),
    3: ((COMMANDER,), ("left", "center"), ("right",)),
    4: ((COMMANDER,), ("left",), ("center",), ("right",)),
}
"""The roles of each seat of a side, by the side's number of players (CCA-ROLE-03 to -06)."""


def mirror(flank: str) -> str:
    """The same stretch of battlefield named from the other side (CCA-GAP-14)."""
    return {"left": "right", "right": "left"}.get(flank, flank)


def seat_name(side: str, roles: tuple[str, ...], players: int) -> str:
    """The seat holding ``roles`` on a side of ``players``."""
    return side if players == 1 else side + "/" + "+".join(roles)


@cache
def seats(side: str, players: int) -> tuple[str, ...]:
    """Every seat of ``side`` with ``players`` players, the Commander's first (CCA-ROLE-01)."""
    return tuple(seat_name(side, roles, players) for roles in ROLES[players])


@cache
def seat_for(side: str, role: str, players: int) -> str:
    """The seat that holds ``role`` (the Commander or a flank's Field General, CCA-ROLE-02)."""
    for roles in ROLES[players]:
        if role in roles:
            return seat_name(side, roles, players)
    raise KeyError(role)


def roles_of(seat: str, players: int) -> tuple[str, ...]:
    """The roles a seat holds (a seat may run several flanks, CCA-ROLE-07)."""
    side = side_of(seat)
    for roles in ROLES[players]:
        if seat_name(side, roles, players) == seat:
            return roles
    raise KeyError(f"no seat {seat!r} on a side of {players}")


def side_of(seat: str) -> str:
    """The side a seat plays for: the part before ``/``."""
    return seat.split("/", 1)[0]


__all__ = ["COMMANDER", "FLANKS", "ROLES", "mirror", "roles_of", "seat_for", "seats", "side_of"]
