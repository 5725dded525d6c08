"""A Movement phase being planned: where each of a side's units will end it."""

from __future__ import annotations

from wargames.core.engine import Action
from wargames.warmaster import actions as act
from wargames.warmaster.agents.values import (
    S,
)
from wargames.warmaster.movement import destinations
from wargames.warmaster.state import other


class Plan:
    """Where each of the side's units will end the phase; units not yet given a job are free."""

    def __init__(self, s: S, side: str) -> None:
        units = list(s.aboard_units(side))
        self.start = {u: s.location(u) for u in units}
        self.pos = dict(self.start)
        self.free = [u for u in units if u not in s.face_down and u not in s.moved]
        self.reach = {u: (self.start[u], *destinations(s, u)) for u in self.free}
        self.enemy = s.occupied(other(side))
        self.limit = s.data.stack_limit

    def at(self, area: str) -> list[str]:
        return [u for u, a in self.pos.items() if a == area]

    def put(self, unit: str, area: str) -> None:
        self.pos[unit] = area
        if unit in self.free:
            self.free.remove(unit)

    def can(self, unit: str, area: str) -> bool:
        full = len(self.at(area)) >= self.limit
        return area in self.reach.get(unit, ()) and (self.pos[unit] == area or not full)

    def exits(self, unit: str) -> bool:
        """Whether ``unit`` can end the phase somewhere free of enemies."""
        return any(a not in self.enemy and self.can(unit, a) for a in self.reach.get(unit, ()))

    def moves(self) -> list[Action]:
        return [act.Move(u, a) for u, a in self.pos.items() if a != self.start[u]]
