"""Seats of the 'Armageddon' team variant: who on a side decides what (CCA-ROLE-01 to -07).

A side of one to four players (CCA-GEN-01, CCA-GAP-05) splits its roles (the Commander, and
the Field General of each flank, flanks named from the side's own baseline, CCA-GAP-14) among
its seats. A seat is named ``side/name`` by the player's place in the rules' list of a side,
never by the flanks he may run; a one-player side has the single seat ``side``:

=========  ===============================================================================
players    seats of the bottom side
=========  ===============================================================================
1          ``bottom``: the Commander, Field General of all three flanks (CCA-ROLE-06)
2          ``bottom/commander``: the Commander, Field General of one outside flank;
           ``bottom/general``: the Field General of the other two (CCA-ROLE-05)
3          ``bottom/commander``; ``bottom/left``, ``bottom/right``: the Left and Right Field
           Generals, one of them running the center too (CCA-ROLE-04)
4          ``bottom/commander``, ``bottom/left``, ``bottom/center``, ``bottom/right``
           (CCA-ROLE-03)
=========  ===============================================================================

The flanks a seat runs on a side of two or three follow from its Commander's set-up choice
(``chosen``, :class:`~wargames.ancients.variant.flow.ChooseFlanks`): with three players he
gives the center to the left Field General (``centre left``) or the right one (``centre
right``, CCA-ROLE-04); with two he runs the left (``flank left``) or the right (``flank
right``) himself, ``general`` the other two (CCA-ROLE-05). The text does not say who makes
this choice; the project reads it as the Commander's, who allots the cards to the flanks
(docs/ancients-armageddon-notes.md).
"""

from __future__ import annotations

from functools import cache

COMMANDER = "commander"
GENERAL = "general"
"""The Field General of a side of two, who runs the two flanks the Commander does not."""
FLANKS: tuple[str, str, str] = ("left", "center", "right")
"""The three flanks, named from a side's own baseline (CCA-FLANK-01, CCA-GAP-14)."""
OUTSIDE: tuple[str, str] = ("left", "right")
"""The two outside flanks: the set-up choices (CCA-ROLE-04, -05)."""

NAMES: dict[int, tuple[str, ...]] = {
    1: ("",),
    2: (COMMANDER, GENERAL),
    3: (COMMANDER, "left", "right"),
    4: (COMMANDER, *FLANKS),
}
"""The names of a side's seats, the Commander's first, by its number of players (CCA-ROLE-03
to -06): a seat's name does not change with the set-up choice."""

ROLES: dict[tuple[int, str], tuple[tuple[str, ...], ...]] = {
    (1, ""): ((COMMANDER, *FLANKS),),
    (2, "left"): ((COMMANDER, "left"), ("center", "right")),
    (2, "right"): ((COMMANDER, "right"), ("left", "center")),
    (3, "left"): ((COMMANDER,), ("left", "center"), ("right",)),
    (3, "right"): ((COMMANDER,), ("left",), ("center", "right")),
    (4, ""): ((COMMANDER,), ("left",), ("center",), ("right",)),
}
"""The roles of each seat (in the order of :data:`NAMES`) by the side's number of players and
its Commander's set-up choice (CCA-ROLE-03 to -06)."""

CHOOSING: tuple[int, ...] = (2, 3)
"""Team sizes whose Commander makes the set-up choice of flanks (CCA-ROLE-04, -05)."""


def roles_table(players: int, choice: str = "") -> tuple[tuple[str, ...], ...]:
    """The roles of each seat of a side of ``players`` after the set-up ``choice``; before it
    is made (a position built without the set-up) the choice ``left`` is assumed."""
    if players in CHOOSING:
        return ROLES[players, choice or "left"]
    return ROLES[players, ""]


def mirror(flank: str) -> str:
    """The same stretch of battlefield named from the other side (CCA-GAP-14)."""
    return {"left": "right", "right": "left"}.get(flank, flank)


def seat_name(side: str, name: str, players: int) -> str:
    """The seat called ``name`` on a side of ``players``."""
    return side if players == 1 else f"{side}/{name}"


@cache
def seats(side: str, players: int) -> tuple[str, ...]:
    """Every seat of ``side`` with ``players`` players, the Commander's first (CCA-ROLE-01)."""
    return tuple(seat_name(side, name, players) for name in NAMES[players])


@cache
def seat_for(side: str, role: str, players: int, choice: str = "") -> str:
    """The seat that holds ``role`` (the Commander or a flank's Field General, CCA-ROLE-02),
    after the side's set-up ``choice`` (CCA-ROLE-04, -05)."""
    for name, roles in zip(NAMES[players], roles_table(players, choice), strict=True):
        if role in roles:
            return seat_name(side, name, players)
    raise KeyError(role)


def roles_of(seat: str, players: int, choice: str = "") -> tuple[str, ...]:
    """The roles a seat holds (a seat may run several flanks, CCA-ROLE-07), after the side's
    set-up ``choice`` (CCA-ROLE-04, -05)."""
    side = side_of(seat)
    for name, roles in zip(NAMES[players], roles_table(players, choice), strict=True):
        if seat_name(side, name, players) == seat:
            return roles
    raise KeyError(f"no seat {seat!r} on a side of {players}")


def side_of(seat: str) -> str:
    """The side a seat plays for: the part before ``/``."""
    return seat.split("/", 1)[0]


__all__ = [
    "CHOOSING",
    "COMMANDER",
    "FLANKS",
    "GENERAL",
    "NAMES",
    "OUTSIDE",
    "ROLES",
    "mirror",
    "roles_of",
    "roles_table",
    "seat_for",
    "seats",
    "side_of",
]
