"""The state of a game of Border Raid, declared with the wargames state kit.

A state is a frozen value: the set-up, where every company stands, whose turn it is and which
turn, and (from the kit) the stack of pending steps and the result. ``apply`` returns a new
state. The steps of the sequence of play are in :mod:`border_raid.flow`.
"""

from __future__ import annotations

from typing import ClassVar, Self

import attrs
from wargames.core.areas import AreaMap
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.tasks import TaskState

from border_raid import actions as act
from border_raid.scenario import SIDES, Setup, board

LOST = "lost"
"""Where a destroyed company is."""


@saved("raid/state")
@attrs.frozen(slots=False)
class RaidState(TaskState):
    """A position in Border Raid. Perfect information: every player sees everything."""

    game: ClassVar[str] = "raid"
    players: ClassVar[tuple[Player, ...]] = SIDES
    saved_modules: ClassVar[tuple[str, ...]] = ("border_raid.flow",)

    setup: Setup
    where: tuple[str, ...]
    """The area of each company of the set-up (in its order), or :data:`LOST`."""
    side: str = "red"
    """Whose turn it is (RAID-SEQ-01)."""
    turn: int = 1

    # -- what the rules ask of a position -----------------------------------------------------

    @property
    def map(self) -> AreaMap:
        return board(self.setup)

    def area_of(self, company: str) -> str:
        return self.where[self.index(company)]

    def index(self, company: str) -> int:
        for i, c in enumerate(self.setup.companies):
            if c.id == company:
                return i
        raise KeyError(company)

    def companies_in(self, area: str) -> tuple[str, ...]:
        """The companies standing in ``area``, in set-up order."""
        return tuple(
            c.id for c, w in zip(self.setup.companies, self.where, strict=True) if w == area
        )

    def holder(self, area: str) -> str | None:
        """The side whose companies stand in ``area``, if any."""
        for c, w in zip(self.setup.companies, self.where, strict=True):
            if w == area:
                return c.side
        return None

    def strength(self, area: str) -> int:
        """The total strength of the companies in ``area``."""
        return sum(
            c.strength for c, w in zip(self.setup.companies, self.where, strict=True) if w == area
        )

    def side_of(self, company: str) -> str:
        return self.setup.companies[self.index(company)].side

    def alive(self, side: str) -> tuple[str, ...]:
        """``side``'s companies still on the map."""
        return tuple(
            c.id
            for c, w in zip(self.setup.companies, self.where, strict=True)
            if c.side == side and w != LOST
        )

    def moved(self, company: str, to: str) -> Self:
        """The state with ``company`` in ``to`` (or :data:`LOST`)."""
        where = list(self.where)
        where[self.index(company)] = to
        return self.evolve(where=tuple(where))

    # -- the engine protocol -------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return act.parse(text)

    def view(self, player: Player) -> Self:
        """Nothing is hidden in Border Raid."""
        if player not in SIDES:
            raise ValueError(f"unknown player {player!r}; players: {', '.join(SIDES)}")
        return self

    def invariant_violations(self) -> list[str]:
        """No company off the map, no area held by both sides, no stack over the limit."""
        from border_raid.flow import STACK_LIMIT

        problems: list[str] = []
        areas = set(self.map.ids)
        for c, w in zip(self.setup.companies, self.where, strict=True):
            if w != LOST and w not in areas:
                problems.append(f"{c.id} is in an unknown place {w!r}")
        for area in areas:
            sides = {
                c.side for c, w in zip(self.setup.companies, self.where, strict=True) if w == area
            }
            if len(sides) > 1:
                problems.append(f"{area} is held by both sides")
            if len(self.companies_in(area)) > STACK_LIMIT:
                problems.append(f"{area} holds more than {STACK_LIMIT} companies")
        return problems

    def __str__(self) -> str:
        lines = [f"Border Raid, turn {self.turn}, {self.side} to play"]
        for area in self.map.ids:
            here = ", ".join(
                f"{c}({self.setup.companies[self.index(c)].strength})"
                for c in self.companies_in(area)
            )
            lines.append(f"  {area:10s} {here}")
        return "\n".join(lines)


__all__ = ["LOST", "RaidState"]
