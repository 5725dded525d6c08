"""Victory banners: one per enemy unit eliminated or leader killed, more for objectives, and the
game ends the moment a side reaches its target (CCB-VICTORY-01 to -05).

Every loss of a piece goes through :func:`eliminate` (a banner for the enemy) or
:func:`leave_board` (none, CCB-VICTORY-04); the banner is awarded at once and the game ends
if a side has reached its target (CCB-VICTORY-03, CCB-ELEPHANT-19). Losses that happen
together (the units blocking an elephant's retreat, CCB-ELEPHANT-23) are awarded together with
``check=False`` and one :func:`check` after them: if both sides reach their targets then, the
game is a draw (CCB-VICTORY-05).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.ancients.state import DEAD, OFF, SIDES, other

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S


def award(s: S, side: str, banners: int = 1, check_now: bool = True) -> S:
    """``side`` gains ``banners`` (CCB-VICTORY-01, -02)."""
    i = SIDES.index(side)
    values = list(s.banners)
    values[i] += banners
    s = s.evolve(banners=(values[0], values[1]))
    return check(s) if check_now else s


def check(s: S) -> S:
    """End the game if a side has reached its banner target: that side wins, or it is a draw
    when both have (CCB-VICTORY-03, -05)."""
    if s.result is not None:
        return s
    reached = s.banners_reached()
    if len(reached) == 2:
        return s.end(None, "both sides reach their banner targets at once")
    if reached:
        return s.end(reached[0], s.victory_reason(reached[0]))
    return s


def eliminate(s: S, piece: int, check_now: bool = True) -> S:
    """``piece`` is destroyed (a unit's last block, a leader killed): it leaves the board and
    its enemy gains a banner (CCB-UNITS-03, CCB-VICTORY-01, CCB-LEADER-18)."""
    where = s.where[piece]
    s = s.relocate([(piece, DEAD)]).with_blocks(piece, 0).credit_banner(piece, where)
    return award(s, other(s.side_of(piece)), 1, check_now)


def leave_board(s: S, piece: int) -> S:
    """``piece`` leaves the board without being destroyed: no banner (CCB-VICTORY-04)."""
    return s.relocate([(piece, OFF)]).with_blocks(piece, 0)


def hold_objectives(s: S) -> S:
    """At the end of a turn each objective's banners go to the side whose unit stands in its
    hex (if the objective is one it may earn), and are lost when nobody holds it
    (CCB-VICTORY-02)."""
    objectives = s.scenario.objectives
    if not objectives:
        return s
    held: list[str] = []
    change = [0, 0]
    for i, objective in enumerate(objectives):
        unit = s.unit_at(objective.hex)
        holder = "" if unit is None else s.side_of(unit)
        if objective.side not in ("both", holder):
            holder = ""
        before = s.held[i] if i < len(s.held) else ""
        if before:
            change[SIDES.index(before)] -= objective.banners
        if holder:
            change[SIDES.index(holder)] += objective.banners
        held.append(holder)
    banners = (s.banners[0] + change[0], s.banners[1] + change[1])
    return check(s.evolve(held=tuple(held), banners=banners))


def objective_banners(s: S, side: str) -> int:
    """The banners ``side`` holds for objectives."""
    return sum(
        o.banners
        for o, holder in zip(s.scenario.objectives, s.held, strict=False)
        if holder == side
    )


def turn_cap_reached(s: S) -> S:
    """Not a rule of the game: the bot-play turn cap ends the game, the side with more
    banners winning (equal banners: a draw)."""
    a, b = s.banners
    if a == b:
        return s.end(None, f"the turn cap ({s.turn_cap} turns) with {a} banners each")
    side = SIDES[0] if a > b else SIDES[1]
    return s.end(side, f"more banners at the turn cap ({s.turn_cap} turns): {a} to {b}")


__all__ = [
    "award",
    "check",
    "eliminate",
    "hold_objectives",
    "leave_board",
    "objective_banners",
    "turn_cap_reached",
]
