"""Elephants in retreat: the rampage, then a retreat that hurts whoever blocks it
(CCB-ELEPHANT-13 to -23).

An elephant's dice, sword re-rolls and ignores are the unit table's and the dice module's
(CCB-ELEPHANT-01 to -12); what happens when one must retreat is here:

1. :class:`Rampage`: every adjacent hex holding a unit or a lone leader, of either side, the
   attacker included, is rolled against with 2 dice, in the order the player who caused the
   rampage chooses (CCB-ELEPHANT-14, -15, -18); a die hits a unit only with its class symbol,
   a helmet kills a lone leader and a leader it spares must evade (CCB-ELEPHANT-16, -17).
   Banners are won one at a time (CCB-ELEPHANT-19).
2. :class:`ElephantRetreat`: 1 hex per flag. A lone enemy leader in its path is killed
   (CCB-ELEPHANT-21); a lone friendly leader ends the retreat and attaches
   (CCB-ELEPHANT-22). When units block it the elephant stays, unhurt, and each unit in a rear
   hex it could otherwise have entered loses a block per hex not retreated, all at once
   (CCB-ELEPHANT-20, -23, CCB-GAP-19); when only the board edge or terrain blocks it, it loses
   the blocks itself. Reading of CCB-GAP-19 and -20 together: the owner must take a path that
   costs the elephant the fewest blocks, and among those one that retreats furthest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.combat import lose
from wargames.ancients.dice import SYMBOLS, Face
from wargames.ancients.flow import DiceRoll, Task, once
from wargames.ancients.leaders import LeaderCheck, LeaderEvade, kill_leader
from wargames.ancients.retreat import Path, go_back, hops, lone_friend, stops_in
from wargames.ancients.terrain import may_enter
from wargames.ancients.victory import check, eliminate
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S

RAMPAGE_DICE = 2
"""Dice rolled at each piece next to a rampaging elephant (CCB-ELEPHANT-14)."""


def rampage_tasks(s: S, elephant: int, causer: str, hexes: int) -> tuple[Task, ...]:
    """The rampage, then the retreat of ``hexes`` hexes (CCB-ELEPHANT-13)."""
    around = tuple(
        h
        for h in s.scenario.geometry.neighbours[s.where[elephant]]
        if rampage_target(s, h) is not None
    )
    return (Rampage(elephant, causer, around), ElephantRetreat(elephant, hexes))


def rampage_target(s: S, hex_id: str) -> int | None:
    """The unit in ``hex_id``, else a lone leader there (CCB-ELEPHANT-14)."""
    unit = s.unit_at(hex_id)
    return unit if unit is not None else s.leader_at(hex_id)


@saved("ancients/rampage")
@attrs.frozen
class Rampage(Task):
    """The hexes still to be rolled against; the player who caused the rampage picks the next
    (``rampage 05-06``) (CCB-ELEPHANT-18)."""

    elephant: int
    causer: str
    hexes: tuple[str, ...]
    rule: ClassVar[str] = "CCB-ELEPHANT-18"

    def pending(self, s: S) -> tuple[str, ...]:
        return tuple(h for h in self.hexes if rampage_target(s, h) is not None)

    def actor(self, s: S) -> Player | None:
        return s.seat(self.causer) if len(self.pending(s)) > 1 else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple(act.Rampage(h) for h in self.pending(s))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Rampage)
        return self.roll_at(s, action.hex)

    def run(self, s: S) -> S:
        pending = self.pending(s)
        return self.roll_at(s, pending[0]) if pending else s.pop()

    def roll_at(self, s: S, hex_id: str) -> S:
        rest = tuple(h for h in self.hexes if h != hex_id)
        target = rampage_target(s, hex_id)
        assert target is not None
        after = (Rampage(self.elephant, self.causer, rest),) if rest else ()
        return s.pop(RampageRoll(target), *after)

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.Rampage):
            return RuleViolation(
                "CCB-ELEPHANT-14", "a rampage rolls at the pieces next to the elephant, once each"
            )
        return super().explain(s, action)


@saved("ancients/rampage-roll")
@attrs.frozen
class RampageRoll(DiceRoll):
    """2 dice at one piece next to a rampaging elephant, rolled by its opponent: its class
    symbol hits a unit, a helmet kills a lone leader, who else must evade (CCB-ELEPHANT-15 to
    -17)."""

    piece: int
    dice: int = RAMPAGE_DICE
    rule: ClassVar[str] = "CCB-ELEPHANT-14"

    def rolled(self, s: S, faces: act.Dice) -> S:
        s = s.pop()
        piece = self.piece
        if not s.on_board(piece):
            return s
        if s.is_leader(piece):
            if faces.count(Face.HELMET):
                return kill_leader(s, piece)
            return s.push(LeaderEvade(piece))
        return lose(s, piece, faces.count(SYMBOLS[s.kind(piece).unit_class]))


def elephant_hops(s: S, elephant: int, here: str, left: int) -> dict[str, Path]:
    """The next hexes of an elephant's retreat: no unit there, terrain it may enter; a lone
    enemy leader's hex may be entered (he is killed), a lone friendly leader's too (CCB-ELEPHANT-
    21, -22)."""
    has_leader = s.attached(elephant) is not None
    kind = s.kind(elephant)
    terrain = s.scenario.geometry.terrain
    return hops(
        s,
        s.side_of(elephant),
        here,
        left,
        lambda h: s.unit_at(h) is None and may_enter(terrain[h], kind),
        lambda h: has_leader and lone_friend(s, elephant, h),
    )


def blockers(s: S, elephant: int, here: str) -> tuple[int, ...]:
    """The units in rear hexes of ``here`` the elephant could otherwise have entered
    (CCB-ELEPHANT-20, CCB-GAP-19)."""
    geometry = s.scenario.geometry
    kind = s.kind(elephant)
    found = []
    for hex_id in geometry.rear[s.side_of(elephant)][here]:
        unit = s.unit_at(hex_id)
        if unit is not None and may_enter(geometry.terrain[hex_id], kind):
            found.append(unit)
    return tuple(found)


def retreat_costs(s: S, elephant: int, left: int) -> dict[str, tuple[tuple[int, int], Path]]:
    """For each next hex: the least (blocks the elephant loses, hexes it falls short) of the
    rest of the retreat, and the hexes entered."""
    has_leader = s.attached(elephant) is not None
    memo: dict[tuple[str, int], tuple[int, int]] = {}
    return {
        h: (_cost(s, elephant, has_leader, memo, h, left - len(p)), p)
        for h, p in elephant_hops(s, elephant, s.where[elephant], left).items()
    }


def _cost(
    s: S,
    elephant: int,
    has_leader: bool,
    memo: dict[tuple[str, int], tuple[int, int]],
    hex_id: str,
    remaining: int,
) -> tuple[int, int]:
    """The least (blocks lost, hexes short) of the rest of an elephant's retreat from
    ``hex_id`` with ``remaining`` hexes to go (:func:`retreat_costs`; ``memo`` by hex and
    hexes to go). Of the module, not nested: a nested function that calls itself is a
    reference cycle, left with the state it holds for the garbage collector."""
    if remaining <= 0 or stops_in(s, elephant, hex_id, has_leader):
        return (0, 0)
    key = (hex_id, remaining)
    if key not in memo:
        nexts = elephant_hops(s, elephant, hex_id, remaining)
        if nexts:
            memo[key] = min(
                _cost(s, elephant, has_leader, memo, h, remaining - len(p))
                for h, p in nexts.items()
            )
        else:
            lost = 0 if blockers(s, elephant, hex_id) else remaining
            memo[key] = (lost, remaining)
    return memo[key]


@saved("ancients/elephant-retreat")
@attrs.frozen
class ElephantRetreat(Task):
    """The elephant retreats ``left`` more hexes, its owner choosing (see the module
    docstring)."""

    elephant: int
    left: int
    rule: ClassVar[str] = "CCB-ELEPHANT-13"

    def options(self, s: S) -> dict[str, Path]:
        if not s.on_board(self.elephant) or self.left <= 0:
            return {}
        return once(s, "retreat", lambda: self._options(s))

    def _options(self, s: S) -> dict[str, Path]:
        costs = retreat_costs(s, self.elephant, self.left)
        if not costs:
            return {}
        least = min(c for c, _ in costs.values())
        return {h: p for h, (c, p) in costs.items() if c == least}

    def actor(self, s: S) -> Player | None:
        return s.owner(self.elephant) if len(self.options(s)) > 1 else None

    def legal(self, s: S) -> tuple[Action, ...]:
        here = s.where[self.elephant]
        return tuple(act.RetreatTo(here, h) for h in self.options(s))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.RetreatTo)
        return self.step(s, self.options(s)[action.to])

    def run(self, s: S) -> S:
        if not s.on_board(self.elephant) or self.left <= 0:
            return s.pop()
        options = self.options(s)
        if options:
            return self.step(s, next(iter(options.values())))
        return blocked(s.pop(), self.elephant, self.left)

    def step(self, s: S, path: Path) -> S:
        elephant = self.elephant
        side = s.side_of(elephant)
        for hex_id in path:
            leader = s.leader_at(hex_id)
            if leader is not None and s.unit_at(hex_id) is None and s.side_of(leader) != side:
                s = kill_leader(s, leader)
                if s.result is not None:
                    return s
        stops = stops_in(s, elephant, path[-1], s.attached(elephant) is not None)
        left = 0 if stops else self.left - len(path)
        s = s.pop(ElephantRetreat(elephant, left)) if left else s.pop()
        return go_back(s, elephant, path)

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.RetreatTo):
            return RuleViolation(
                "CCB-RETREAT-12", "the elephant retreats into a rear hex on a least costly path"
            )
        return super().explain(s, action)


def blocked(s: S, elephant: int, left: int) -> S:
    """The elephant cannot retreat further: the units blocking it lose ``left`` blocks each,
    all at once, and the banners they give are counted together (CCB-ELEPHANT-20, -23); with
    no unit blocking, the elephant loses them itself (CCB-GAP-19)."""
    blocking = blockers(s, elephant, s.where[elephant])
    if not blocking:
        return lose(s, elephant, left)
    checks: list[Task] = []
    for unit in blocking:
        leader = s.attached(unit)
        if left >= s.blocks[unit]:
            s = eliminate(s, unit, check_now=False)
            if leader is not None:
                checks.append(LeaderCheck(leader, 1))
        else:
            s = s.with_blocks(unit, s.blocks[unit] - left)
            if leader is not None:
                checks.append(LeaderCheck(leader, 2))
    s = check(s)
    return s if s.result is not None else s.push(*checks)


__all__ = [
    "RAMPAGE_DICE",
    "ElephantRetreat",
    "Rampage",
    "RampageRoll",
    "blocked",
    "blockers",
    "elephant_hops",
    "rampage_target",
    "rampage_tasks",
    "retreat_costs",
]
