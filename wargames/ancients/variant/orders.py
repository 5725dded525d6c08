"""Ordering on one flank in the 'Armageddon' team variant: the card placed on a flank orders
only there, Rally and I Am Spartacus included (CCA-CARDS-01 to -16-EX, CCA-FLANK-04,
CCA-GAP-10)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.command_dice import RallyStep, SpartacusOrders, rallying
from wargames.ancients.flow import once
from wargames.ancients.orders import OrderStep, piece_ordered
from wargames.ancients.state import AncientsState
from wargames.ancients.variant.flanks import orderable, refusal
from wargames.ancients.variant.state import team
from wargames.core.codec import saved
from wargames.core.engine import Action
from wargames.core.errors import RuleViolation


@saved("ancients/flank-order-step")
@attrs.frozen
class FlankOrderStep(OrderStep):
    """Ordering on one flank: :func:`wargames.ancients.variant.flanks.orderable` (CCA-CARDS-01
    to -16-EX, CCA-FLANK-04)."""

    flank: str = "left"
    rule: ClassVar[str] = "CCA-CARDS-10"

    def orderable(self, s: AncientsState) -> tuple[int, ...]:
        found: tuple[int, ...] | None = s._memo.get("orderable")  # once(), written out
        if found is None:
            ts = team(s)
            card = ts.card
            assert card is not None
            found = s._memo["orderable"] = orderable(ts, s.active, self.flank, card)
        return found

    def explain(self, s: AncientsState, action: Action) -> RuleViolation:
        if isinstance(action, act.Order):
            piece = piece_ordered(s, action)
            if piece is not None:
                assert s.card is not None
                return refusal(team(s), s.active, self.flank, s.card, piece)
        return super().explain(s, action)


def _own_flank(s: AncientsState, unit: int) -> bool:
    """Whether ``unit`` stands in the flank being carried out and was not ordered by another
    flank's card this turn (CCA-CARDS-10, -15)."""
    from wargames.ancients.variant.flanks import in_flank

    ts = team(s)
    return in_flank(ts, s.active, unit, ts.flank) and unit not in ts.taken()


@saved("ancients/flank-rally-step")
@attrs.frozen
class FlankRallyStep(RallyStep):
    """Rally placed on a flank: its faces go only to units standing in that flank (near a
    friendly leader, as in the base game), each rallied unit ordered there (CCA-CARDS-10,
    CCA-GAP-10, CCB-CARDS-23)."""

    rule: ClassVar[str] = "CCA-CARDS-10"

    def options(self, s: AncientsState) -> tuple[int, ...]:
        return once(
            s,
            "rally",
            lambda: tuple(u for u in rallying(s, s.active, self.symbols) if _own_flank(s, u)),
        )

    def explain(self, s: AncientsState, action: Action) -> RuleViolation:
        if isinstance(action, act.Rally):
            unit = s.unit_at(action.hex)
            if unit is not None and s.side_of(unit) == s.active and not _own_flank(s, unit):
                return RuleViolation(
                    "CCA-CARDS-10", f"Rally acts only on the {team(s).flank} flank"
                )
        return super().explain(s, action)


@saved("ancients/flank-spartacus-orders")
@attrs.frozen
class FlankSpartacusOrders(SpartacusOrders):
    """I Am Spartacus placed on a flank: each die face orders a unit (or, a helmet, a leader)
    standing in that flank (CCA-CARDS-10, CCA-GAP-10, CCB-CARDS-19)."""

    rule: ClassVar[str] = "CCA-CARDS-10"

    def orderable(self, s: AncientsState) -> tuple[int, ...]:
        ts = team(s)
        card = ts.card
        assert card is not None
        return once(s, "orderable", lambda: orderable(ts, s.active, ts.flank, card))

    def explain(self, s: AncientsState, action: Action) -> RuleViolation:
        if isinstance(action, act.Order):
            piece = piece_ordered(s, action)
            if piece is not None and s.card is not None:
                return refusal(team(s), s.active, team(s).flank, s.card, piece)
        return super().explain(s, action)


__all__ = ["FlankOrderStep", "FlankRallyStep", "FlankSpartacusOrders"]
