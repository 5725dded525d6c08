"""Evasion: a unit attacked in close combat slips away toward its baseline (CCB-EVADE-01 to
-19).

Who may evade is the unit table's (:func:`wargames.ancients.units.may_evade`: light units and
light chariots always, MC and camels against foot and heavy mounted units, HC and HCH against
foot and elephants, never against a unit battling back, CCB-EVADE-03 to -08); the engine adds
that it needs a rear hex to go to (CCB-EVADE-13). The defender announces it before the roll
(:class:`wargames.ancients.close.DefenderChoice`); the attacker then rolls its normal dice of
which only the evader's symbol scores (CCB-EVADE-09), an attached leader is checked after
losses (CCB-EVADE-10), and the survivor moves 2 hexes, each a rear hex of the one before, with
the entry limits of a retreat, or 1 if only one is possible (CCB-EVADE-11, -12, CCB-GAP-22). A
lone friendly leader in its first hex stops it there and attaches (CCB-EVADE-14); it never
leaves the board (CCB-EVADE-18). A war machine instead leaves the board after the roll,
without a banner for the enemy (CCB-EVADE-07, CCB-GAP-24).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.flow import Task, once
from wargames.ancients.retreat import Path, go_back, stops_in, unit_hops
from wargames.ancients.units import may_evade
from wargames.ancients.victory import leave_board
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S

EVADE_HEXES = 2
"""An evader moves 2 hexes (CCB-EVADE-11)."""


def can_evade(s: S, unit: int, attacker: int) -> bool:
    """Whether ``unit`` may evade a close combat by ``attacker`` now: its type against the
    attacker's (CCB-EVADE-03 to -06), and a free rear hex (CCB-EVADE-13), which a war machine
    needs only with the ``war_machine_evade = "as-units"`` reading (CCB-GAP-24)."""
    kind = s.kind(unit)
    settings = s.scenario.settings
    if not may_evade(kind, s.kind(attacker), settings=settings):
        return False
    if kind.evade_removed and settings.war_machine_evade == "always":
        return True
    return bool(first_steps(s, unit))


def evade_lengths(s: S, unit: int, here: str, left: int) -> dict[str, tuple[int, Path]]:
    """For each next hex of the evade: how far in all the evader gets that way (a lone friendly
    leader's hex ends it, CCB-EVADE-14), and the hexes entered to get there."""
    has_leader = s.attached(unit) is not None
    found: dict[str, tuple[int, Path]] = {}
    for hex_id, path in unit_hops(s, unit, here, left).items():
        rest = left - len(path)
        if stops_in(s, unit, hex_id, has_leader):
            found[hex_id] = (left, path)
        elif rest:
            further = max((n for n, _ in evade_lengths(s, unit, hex_id, rest).values()), default=0)
            found[hex_id] = (len(path) + further, path)
        else:
            found[hex_id] = (len(path), path)
    return found


def first_steps(s: S, unit: int, left: int = EVADE_HEXES) -> dict[str, Path]:
    """The hexes the evader may step into next: those from which it evades as far as it can
    (2 hexes if it can, else 1, CCB-EVADE-11, -12)."""
    lengths = evade_lengths(s, unit, s.where[unit], left)
    if not lengths:
        return {}
    best = max(n for n, _ in lengths.values())
    return {h: p for h, (n, p) in lengths.items() if n == best}


@saved("ancients/evade-move")
@attrs.frozen
class EvadeMove(Task):
    """The surviving evader moves, hex by hex, its owner choosing (see the module docstring)."""

    unit: int
    left: int = EVADE_HEXES
    rule: ClassVar[str] = "CCB-EVADE-11"

    def options(self, s: S) -> dict[str, Path]:
        unit = self.unit
        if not s.on_board(unit) or self.left <= 0 or s.kind(unit).evade_removed:
            return {}
        return once(s, "evade", lambda: first_steps(s, unit, self.left))

    def actor(self, s: S) -> Player | None:
        return s.owner(self.unit) if len(self.options(s)) > 1 else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple(act.EvadeTo((h,)) for h in self.options(s))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.EvadeTo)
        return self.step(s, self.options(s)[action.hexes[-1]])

    def run(self, s: S) -> S:
        unit = self.unit
        if not s.on_board(unit):
            return s.pop()
        if s.kind(unit).evade_removed:
            return leave_board(s.pop(), unit)
        options = self.options(s)
        return self.step(s, next(iter(options.values()))) if options else s.pop()

    def step(self, s: S, path: Path) -> S:
        unit = self.unit
        stops = stops_in(s, unit, path[-1], s.attached(unit) is not None)
        left = 0 if stops else self.left - len(path)
        s = s.pop(EvadeMove(unit, left)) if left else s.pop()
        return go_back(s, unit, path)

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.EvadeTo):
            return RuleViolation(
                "CCB-EVADE-11", "an evader moves into its rear hexes, as far as it can, 2 hexes"
            )
        return super().explain(s, action)


__all__ = ["EVADE_HEXES", "EvadeMove", "can_evade", "evade_lengths", "first_steps"]
