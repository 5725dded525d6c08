"""Banners per flank in the 'Armageddon' variant (CCA-BANNER-01 to -03, CCA-VICTORY-01 to -04).

Every banner counts toward the side's total at once (:func:`wargames.ancients.victory.award`)
and toward the flank where the piece was lost
(:meth:`~wargames.ancients.variant.ArmageddonState.credit_banner`). A side wins as soon as one
flank holds the scenario's target or its total reaches twice the target
(:meth:`~wargames.ancients.variant.ArmageddonState.banners_reached`): the game stops at that
banner, no further combat or battle back (CCA-VICTORY-04). Combats are always resolved one
at a time (CCA-GAP-13), which settles CCA-VICTORY-03.

A piece lost on a hex of two flanks: :class:`CreditChoice`, the losing side's Commander names
the flank (``credit left``, in his own naming), as soon as the loss happens (CCA-BANNER-03).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.ancients.state import other
from wargames.ancients.variant.actions import Credit
from wargames.ancients.variant.flow import TeamTask
from wargames.ancients.variant.seats import mirror
from wargames.ancients.variant.state import team
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.variant.state import ArmageddonState as S


def own_name(side: str, flank: str) -> str:
    """A flank named from the bottom, as ``side`` names it (CCA-GAP-14)."""
    return flank if side == "bottom" else mirror(flank)


@saved("ancients/credit-choice")
@attrs.frozen
class CreditChoice(TeamTask):
    """The losing Commander credits the banner of a piece lost on a two-flank hex to one of
    the two flanks (CCA-BANNER-03); the winner is checked at once (CCA-VICTORY-04)."""

    rule: ClassVar[str] = "CCA-BANNER-03"

    def actor(self, s: S) -> Player | None:
        return s.commander_seat(s.pending[0][0]) if s.pending else None

    def legal(self, s: S) -> tuple[Action, ...]:
        loser, a, b = s.pending[0]
        return (Credit(own_name(loser, a)), Credit(own_name(loser, b)))

    def act(self, s: S, action: Action) -> S:
        from wargames.ancients.victory import check

        assert isinstance(action, Credit)
        loser = s.pending[0][0]
        s = s.pop(pending=s.pending[1:])
        s = s.add_flank_banner(other(loser), own_name(loser, action.flank))
        return team(check(s))

    def run(self, s: S) -> S:
        return s.pop()

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, Credit):
            return RuleViolation("CCA-BANNER-03", "the banner goes to one of the hex's two flanks")
        return super().explain(s, action)


__all__ = ["CreditChoice", "own_name"]
