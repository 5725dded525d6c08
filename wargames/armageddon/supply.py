"""Supply (BFA-SUPPLY-01..12): after both phases of his card, the acting player's counters must
trace a path of areas, free of enemies, mountains and sea, to one of his supply areas."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.armageddon import actions as act
from wargames.armageddon.combat import eliminate
from wargames.armageddon.data import ORKS
from wargames.armageddon.flow import DieRoll, Task
from wargames.armageddon.state import other
from wargames.core.codec import saved
from wargames.core.engine import CHANCE, Action, Player

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S

FAIL = frozenset({1, 2, 3})
"""A supply survival roll of 1-3 destroys the stack (BFA-SUPPLY-07)."""


def supplied_areas(s: S, side: str) -> frozenset[str]:
    """Areas from which ``side`` traces supply: connected to one of its supply areas through
    areas free of enemy counters and not mountain or sea; ash wastes do not interrupt it
    (BFA-SUPPLY-02..05, BFA-SUPPLY-11)."""
    return frozenset(s.bits.names(supplied_mask(s, side)))


def supplied_mask(s: S, side: str) -> int:
    """:func:`supplied_areas` as a bitset of the map (:mod:`wargames.armageddon.mapbits`)."""
    bits = s.bits
    passable = bits.supply_passable & ~s.placement.masks[other(side)]
    return bits.connected(bits.supply[side], passable)


def cut_off(s: S, side: str) -> tuple[str, ...]:
    """Areas holding ``side``'s units that are out of supply, sorted."""
    bits = s.bits
    held = bits.mask(s.placement.units[side])  # the areas of its units
    return bits.names(held & ~supplied_mask(s, side))


def shelter_rolls(s: S, area: str) -> int:
    """Survival rolls of a cut-off stack: one for a hive or a fortification, two for both,
    none otherwise; a factory gives none; a ruined hive still counts (BFA-SUPPLY-06..10,
    BFA-GAP-19)."""
    kinds = {s.spec(c).kind for c in s.structures(area)}
    return ("hive" in kinds) + ("fortification" in kinds)


@saved("armageddon/supply-check")
@attrs.frozen
class SupplyCheck(Task):
    """The acting side checks supply for its own counters only (BFA-ACTION-04, BFA-SUPPLY-01).
    The Orks may first play Looted Supplies."""

    side: str
    rule: ClassVar[str] = "BFA-SUPPLY-01"

    def actor(self, s: S) -> Player | None:
        if self.side == ORKS and s.may_play(ORKS, "looted-supplies") and cut_off(s, ORKS):
            return ORKS
        return None

    def legal(self, s: S) -> tuple[Action, ...]:
        return act.PLAY_OR_PASS["looted-supplies"]

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.PlayCard):
            return s.spend_card(ORKS, action.card).pop()
        return self.run(s)

    def run(self, s: S) -> S:
        steps = [OutOfSupply(self.side, a, shelter_rolls(s, a)) for a in cut_off(s, self.side)]
        return s.pop(*steps)


@saved("armageddon/out-of-supply")
@attrs.frozen
class OutOfSupply(DieRoll):
    """One cut-off stack: destroyed outright without shelter, else it rolls for survival;
    with both a hive and a fortification it dies only if both rolls fail (BFA-SUPPLY-06..09).
    Hive, factory and fortification counters are not removed (BFA-GAP-19)."""

    side: str
    area: str
    rolls: int

    def actor(self, s: S) -> Player | None:
        return CHANCE if self.rolls > 0 else None

    def rolled(self, s: S, value: int) -> S:
        if value not in FAIL:
            return s.pop()  # the whole stack survives
        return s.pop(OutOfSupply(self.side, self.area, self.rolls - 1))

    def run(self, s: S) -> S:
        return eliminate(s, s.units(self.area, self.side), tasks=s.popped())

    def describe(self, s: S) -> str:
        return f"supply roll for the cut-off stack in {self.area}"
