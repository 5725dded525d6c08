"""Retreat: where pieces may go when a result forces them out, and who decides.

One mechanism with per-game settings (:class:`RetreatRule`): the distance, who picks the
destination (the owner in Battle for Armageddon, the opponent in The Warmaster), and what the
"already retreated" state means (defends at 0, may or may not absorb losses, dies if forced
again). A piece with no legal destination is eliminated.

The settings drive the engines: Battle for Armageddon's defence totals and loss choices ask its
rule's :meth:`RetreatRule.defends` and :meth:`RetreatRule.may_absorb`, and so do The
Warmaster's, whose rule differs only in letting units that retreated absorb losses
(WM-RETREAT-08 against BFA-RETREAT-08).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import attrs

from wargames.core.areas import AreaMap

Chooser = Literal["owner", "opponent"]


@attrs.frozen
class RetreatRule:
    """The settings of one game's retreats."""

    chooser: Chooser = "owner"
    distance: int = 1
    retreated_defend_at_zero: bool = False
    retreated_absorb_losses: bool = True
    second_retreat_eliminates: bool = False

    def destinations(
        self,
        board: AreaMap,
        origin: str,
        can_enter: Callable[[str], bool],
        fits: Callable[[str], bool] = lambda _a: True,
        movement: int | None = None,
    ) -> tuple[str, ...]:
        """Legal destinations, sorted: areas exactly ``distance`` away over enterable areas,
        where the piece ``fits`` (stacking). A piece with movement 0 has none."""
        if movement is not None and movement <= 0:
            return ()
        if self.distance == 1:
            return tuple([a for a in board.neighbours(origin) if can_enter(a) and fits(a)])
        reach = board.reach(origin, self.distance, can_enter)
        return tuple(sorted(a for a, d in reach.items() if d == self.distance and fits(a)))

    def defends(self, already_retreated: bool) -> bool:
        """Whether a piece counts in its stack's defence: not one that already retreated this
        phase where such pieces defend at 0 (BFA-RETREAT-07, WM-RETREAT-06)."""
        return not (already_retreated and self.retreated_defend_at_zero)

    def may_absorb(self, already_retreated: bool) -> bool:
        """Whether a piece may be taken as a loss: not one that already retreated this phase
        where such pieces absorb no losses (BFA-RETREAT-08; WM-RETREAT-08 lets them)."""
        return not already_retreated or self.retreated_absorb_losses

    def must_eliminate(self, already_retreated: bool, destinations: tuple[str, ...]) -> bool:
        """Whether a piece forced to retreat is eliminated instead."""
        return not destinations or (already_retreated and self.second_retreat_eliminates)
