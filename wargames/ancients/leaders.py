"""Leaders in battle: casualty checks, lone leaders attacked, leader evasion and escape tests
(CCB-LEADER-01 to -23).

* :class:`LeaderCheck`: when a unit with an attached leader loses blocks and survives, 2 dice,
  the leader dying on two helmets; when it is eliminated, 1 die, dying on a helmet, and a
  survivor must evade (CCB-LEADER-04 to -08).
* :func:`leader_hit`: a lone leader attacked dies if a helmet shows, else he must evade
  (CCB-LEADER-09, -10); flags never touch him (CCB-FLAGS-11).
* :class:`LeaderEvade`: 1 to 3 hexes, each into one of his rear hexes toward his baseline
  (CCB-GAP-23), through friendly pieces freely and through enemy units only with an escape test
  each, where that unit rolls its close-combat dice and one helmet kills him (CCB-LEADER-11,
  -12, -16, -17). The owner picks the whole path in one decision (``evade 05-08 05-09``): the
  tests only tell whether he lives, so nothing is learnt on the way that could change it. He
  may leave the board across his baseline, without a banner for the enemy (CCB-LEADER-14); if
  he cannot move at all he dies (CCB-LEADER-15). He attaches to a friendly unit where he ends
  (CCB-LEADER-13) and never ends on another leader (CCB-MOVE-16).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.dice import Face
from wargames.ancients.flow import DiceRoll, Task, once
from wargames.ancients.terrain import close_combat_dice
from wargames.ancients.victory import eliminate, leave_board
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S

EVADE_MOST = 3
"""A leader evades 1 to 3 hexes (CCB-LEADER-08, -10, -11)."""


def kill_leader(s: S, leader: int) -> S:
    """The leader is killed: a banner for the enemy (CCB-LEADER-18)."""
    return eliminate(s, leader)


@saved("ancients/leader-check")
@attrs.frozen
class LeaderCheck(DiceRoll):
    """The casualty check of an attached leader: 2 dice when his unit survived its losses
    (killed on two helmets), 1 die when it was eliminated (killed on a helmet; a survivor must
    evade) (CCB-LEADER-04, -07, -08)."""

    leader: int
    dice: int
    rule: ClassVar[str] = "CCB-LEADER-04"

    def rolled(self, s: S, faces: act.Dice) -> S:
        s = s.pop()
        if not s.on_board(self.leader):
            return s
        if faces.count(Face.HELMET) == self.dice:
            return kill_leader(s, self.leader)
        if self.dice == 1:
            return s.push(LeaderEvade(self.leader))
        return s


def leader_hit(s: S, leader: int, killed: bool, kind: str) -> S:
    """A roll at a lone leader: a helmet kills him (CCB-LEADER-09, CCB-DICE-07); a survivor
    of an attack must evade (CCB-LEADER-10), a survivor of an escape test goes on evading."""
    if killed:
        return kill_leader(s, leader)
    if kind == "escape":
        return s
    return s.push(LeaderEvade(leader))


def evade_paths(s: S, leader: int) -> tuple[tuple[str, ...], ...]:
    """Every way ``leader`` may evade: 1 to 3 hexes, each a rear hex of the one before toward
    his baseline (CCB-GAP-23), none impassable nor a lone enemy leader's; the last one he may
    end in (no enemy unit, no other leader: CCB-LEADER-12, -17, CCB-MOVE-16) or ``off`` the
    board from his baseline (CCB-LEADER-14)."""
    found: list[tuple[str, ...]] = []
    _walk(s, leader, s.side_of(leader), found, s.where[leader], ())
    return tuple(found)


def _walk(
    s: S, leader: int, side: str, found: list[tuple[str, ...]], here: str, path: tuple[str, ...]
) -> None:
    """:func:`evade_paths`' depth-first walk from ``here`` (``path`` the hexes entered so
    far), every way found appended to ``found``. Of the module, not nested in
    :func:`evade_paths`: a nested function that calls itself is a reference cycle, left with
    the state it holds for the garbage collector."""
    if len(path) == EVADE_MOST:
        return
    geometry = s.scenario.geometry
    if here in geometry.baseline[side]:
        found.append((*path, act.OFF))
    for nxt in geometry.rear[side][here]:
        if geometry.terrain[nxt].impassable or _lone_enemy(s, side, nxt):
            continue
        longer = (*path, nxt)
        if may_end(s, leader, nxt):
            found.append(longer)
        _walk(s, leader, side, found, nxt, longer)


def _lone_enemy(s: S, side: str, hex_id: str) -> bool:
    other = s.leader_at(hex_id)
    return other is not None and s.unit_at(hex_id) is None and s.side_of(other) != side


def may_end(s: S, leader: int, hex_id: str) -> bool:
    """Whether an evading leader may end in ``hex_id``: no enemy unit and no other leader
    there (CCB-LEADER-12, CCB-MOVE-16)."""
    unit = s.unit_at(hex_id)
    if unit is not None and s.side_of(unit) != s.side_of(leader):
        return False
    other = s.leader_at(hex_id)
    return other is None or other == leader


@saved("ancients/leader-evade")
@attrs.frozen
class LeaderEvade(Task):
    """A leader who must evade picks his path (see the module docstring and
    :func:`evade_paths`); he dies if he has none (CCB-LEADER-15). Escape tests are rolled for
    the enemy units he passes, in order (CCB-LEADER-16), then he arrives."""

    leader: int
    rule: ClassVar[str] = "CCB-LEADER-11"

    def paths(self, s: S) -> tuple[tuple[str, ...], ...]:
        if not s.on_board(self.leader):
            return ()
        return once(s, "paths", lambda: evade_paths(s, self.leader))

    def actor(self, s: S) -> Player | None:
        return s.owner(self.leader) if self.paths(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple(act.EvadeTo(path) for path in self.paths(s))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.EvadeTo)
        side = s.side_of(self.leader)
        tests = [
            escape_test(s, unit, self.leader, hex_id)
            for hex_id in action.hexes
            if (unit := s.unit_at(hex_id)) is not None and s.side_of(unit) != side
        ]
        return s.pop(*tests, Arrive(self.leader, action.hexes[-1]))

    def run(self, s: S) -> S:
        s = s.pop()
        return kill_leader(s, self.leader) if s.on_board(self.leader) else s

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.EvadeTo):
            return RuleViolation(
                "CCB-LEADER-11",
                "a leader evades 1 to 3 hexes into his rear hexes toward his baseline (off it "
                "only from his baseline), never ending on an enemy unit or another leader",
            )
        return super().explain(s, action)


@saved("ancients/arrive")
@attrs.frozen
class Arrive(Task):
    """An evading leader who survived his escape tests arrives: in his last hex, attaching to
    a friendly unit there (CCB-LEADER-13), or off the board (CCB-LEADER-14)."""

    leader: int
    hex: str
    rule: ClassVar[str] = "CCB-LEADER-13"

    def run(self, s: S) -> S:
        s = s.pop()
        if not s.on_board(self.leader):
            return s
        if self.hex == act.OFF:
            return leave_board(s, self.leader)
        return s.relocate([(self.leader, self.hex)])


def escape_test(s: S, unit: int, leader: int, hex_id: str) -> Task:
    """The escape test of a leader passing through ``unit``'s hex: it rolls its close-combat
    dice, the leader taking no benefit from terrain, and one helmet kills him
    (CCB-LEADER-16)."""
    from wargames.ancients.combat import Strike, roll_task

    clear = s.scenario.board.table["clear"]
    dice = close_combat_dice(s.kind(unit), None, clear, clear)
    return roll_task(Strike("escape", unit, leader, max(dice, 1), hex_id, hex_id))


__all__ = [
    "EVADE_MOST",
    "Arrive",
    "LeaderCheck",
    "LeaderEvade",
    "escape_test",
    "evade_paths",
    "kill_leader",
    "leader_hit",
    "may_end",
]
