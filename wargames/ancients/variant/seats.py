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

Two set-up decisions of the Commander (CCA-ROLE-04, -05; that the Commander decides is the proposed
reading CCA-GAP-18 of docs/ancients-armageddon.md): with three players he gives the center to the
left or the right Field General (``centre left``, ``centre right``); with two he picks the outside
flank he runs himself (``flank left``, ``flank right``), the other Field General taking the other
two. The seat names above are those of the choice ``left``; they name the seats, and keep naming
them whatever the choice (with ``right``, ``bottom/left+center`` is the left Field General, who then
runs only the left flank, and ``bottom/commander+left`` the Commander, who runs the right).
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


CHOSEN: dict[tuple[int, str], tuple[tuple[str, ...], ...]] = {
    (2, "right"): ((COMMANDER, "right"), ("left", "center")),
    (3, "right"): ((COMMANDER,), ("left",), ("center", "right")),
}
"""The roles of each seat (in the order of :data:`ROLES`) when the set-up choice is ``right``
(CCA-ROLE-04, -05); any other choice (``left``, or none made yet) is :data:`ROLES`."""

CHOOSING: tuple[int, ...] = (2, 3)
"""Team sizes whose Commander makes the set-up choice of flanks (CCA-ROLE-04, -05)."""


def roles_table(players: int, choice: str = "") -> tuple[tuple[str, ...], ...]:
    """The roles of each seat of a side of ``players`` after the set-up ``choice``."""
    return CHOSEN.get((players, choice), ROLES[players])


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
def seat_for(side: str, role: str, players: int, choice: str = "") -> str:
    """The seat that holds ``role`` (the Commander or a flank's Field General, CCA-ROLE-02),
    after the side's set-up ``choice`` (CCA-ROLE-04, -05)."""
    for named, roles in zip(ROLES[players], roles_table(players, choice), strict=True):
        if role in roles:
            return seat_name(side, named, players)
    raise KeyError(role)


def roles_of(seat: str, players: int, choice: str = "") -> tuple[str, ...]:
    """The roles a seat holds (a seat may run several flanks, CCA-ROLE-07), after the side's
    set-up ``choice`` (CCA-ROLE-04, -05)."""
    side = side_of(seat)
    for named, roles in zip(ROLES[players], roles_table(players, choice), strict=True):
        if seat_name(side, named, players) == seat:
            return roles
    raise KeyError(f"no seat {seat!r} on a side of {players}")


def side_of(seat: str) -> str:
    """The side a seat plays for: the part before ``/``."""
    return seat.split("/", 1)[0]


__all__ = [
    "CHOOSING",
    "CHOSEN",
    "COMMANDER",
    "FLANKS",
    "ROLES",
    "mirror",
    "roles_of",
    "roles_table",
    "seat_for",
    "seats",
    "side_of",
]
