"""Border Raid's sequence of play as steps on the kit's task stack.

RAID-SEQ-01  Red plays first; the players alternate turns. A game lasts the scenario's number
             of turns, a turn being one go for each player.
RAID-SEQ-02  On his go a player takes one action: move a company, attack, or pass.
RAID-MOVE-01 A company moves to an adjacent area.
RAID-MOVE-02 It may not enter an area held by the enemy.
RAID-STACK-01 No more than two companies may stand in one area.
RAID-COMBAT-01 Every company in one area may attack an adjacent enemy-held area.
RAID-COMBAT-03 An attack needs odds of at least 1:2.
RAID-CRT-01  One D6 on the combat results table gives the result (see :mod:`border_raid.combat`).
RAID-CRT-02  A company destroyed by a result is chosen by its owner.
RAID-RETREAT-01 Retreating companies move together to an adjacent area, chosen by their owner,
             that the enemy does not hold and that has room for them.
RAID-RETREAT-02 Companies that cannot retreat are destroyed.
RAID-VICTORY-01 A player whose company stands in the enemy keep at the end of his go wins.
RAID-VICTORY-02 A player with no company left loses at once.
RAID-VICTORY-03 When the last turn ends without a winner, the game is drawn.
"""

from __future__ import annotations

from typing import ClassVar

import attrs
from wargames.core import tasks
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation
from wargames.core.odds import Odds

from border_raid import combat
from border_raid.actions import Attack, Lose, Move, Pass, RetreatTo
from border_raid.state import LOST, RaidState

STACK_LIMIT = 2


def other(side: str) -> str:
    return "blue" if side == "red" else "red"


class Step(tasks.Task[RaidState]):
    """The base of Border Raid's steps: an action out of sequence breaks RAID-SEQ-02."""

    rule: ClassVar[str] = "RAID-SEQ-02"
    sequence_rule: ClassVar[str] = "RAID-SEQ-02"


@saved("raid/go")
@attrs.frozen
class Go(Step):
    """A player's go: move, attack or pass (RAID-SEQ-02)."""

    side: str

    def actor(self, s: RaidState) -> Player | None:
        return self.side

    def legal(self, s: RaidState) -> tuple[Action, ...]:
        return (*moves(s, self.side), *attacks(s, self.side), Pass())

    def act(self, s: RaidState, action: Action) -> RaidState:
        after = s.pop(EndGo(self.side))
        if isinstance(action, Move):
            return after.moved(action.company, action.to)
        if isinstance(action, Attack):
            return after.push(CombatRoll(action.target, action.source))
        return after

    def explain(self, s: RaidState, action: Action) -> RuleViolation:
        if isinstance(action, Move):
            return why_not_move(s, self.side, action)
        if isinstance(action, Attack):
            return why_not_attack(s, self.side, action)
        return super().explain(s, action)


def moves(s: RaidState, side: str) -> list[Move]:
    """Every legal move of ``side`` (RAID-MOVE-01, RAID-MOVE-02, RAID-STACK-01)."""
    found = []
    for company in s.alive(side):
        here = s.area_of(company)
        for to in s.map.neighbours(here):
            if s.holder(to) in (None, side) and len(s.companies_in(to)) < STACK_LIMIT:
                found.append(Move(company, to))
    return found


def attacks(s: RaidState, side: str) -> list[Attack]:
    """Every legal attack of ``side`` (RAID-COMBAT-01, RAID-COMBAT-03)."""
    found = []
    sources = sorted({s.area_of(c) for c in s.alive(side)})
    for source in sources:
        for target in s.map.neighbours(source):
            if s.holder(target) == other(side) and odds_of(s, target, source) is not None:
                found.append(Attack(target, source))
    return found


def defence(s: RaidState, area: str) -> int:
    """The defenders' strength; doubled on a hill (RAID-COMBAT-02)."""
    return s.strength(area) * (2 if s.map[area].terrain == "hill" else 1)


def odds_of(s: RaidState, target: str, source: str) -> Odds | None:
    return combat.column(s.strength(source), defence(s, target))


def why_not_move(s: RaidState, side: str, move: Move) -> RuleViolation:
    if move.company not in s.alive(side):
        return RuleViolation("RAID-MOVE-01", f"{move.company} is not a company of {side} in play")
    if move.to not in s.map or not s.map.adjacent(s.area_of(move.company), move.to):
        return RuleViolation("RAID-MOVE-01", f"{move.to} is not next to {move.company}")
    if s.holder(move.to) == other(side):
        return RuleViolation("RAID-MOVE-02", f"{move.to} is held by the enemy; attack it")
    return RuleViolation("RAID-STACK-01", f"{move.to} already holds {STACK_LIMIT} companies")


def why_not_attack(s: RaidState, side: str, attack: Attack) -> RuleViolation:
    if attack.source not in s.map or s.holder(attack.source) != side:
        return RuleViolation("RAID-COMBAT-01", f"{side} has no company in {attack.source}")
    if attack.target not in s.map or not s.map.adjacent(attack.source, attack.target):
        return RuleViolation("RAID-COMBAT-01", f"{attack.target} is not next to {attack.source}")
    if s.holder(attack.target) != other(side):
        return RuleViolation("RAID-COMBAT-01", f"{attack.target} holds no enemy")
    odds = combat.attack_odds(s.strength(attack.source), defence(s, attack.target))
    return RuleViolation("RAID-COMBAT-03", f"the odds are {odds}, below 1-2")


@saved("raid/combat-roll")
@attrs.frozen
class CombatRoll(tasks.DieRoll[RaidState], Step):
    """The combat die of an attack (RAID-CRT-01)."""

    target: str
    source: str

    def rolled(self, s: RaidState, value: int) -> RaidState:
        code = combat.result(s.strength(self.source), defence(s, self.target), value)
        defender = s.holder(self.target)
        attacker = s.holder(self.source)
        assert attacker is not None and defender is not None
        if code == "AE":
            return s.pop(ChooseLoss(attacker, self.source))
        if code == "DR":
            return s.pop(ChooseRetreat(defender, self.target))
        if code == "DE":
            return s.pop(ChooseLoss(defender, self.target), ChooseRetreat(defender, self.target))
        return s.pop()


@saved("raid/choose-loss")
@attrs.frozen
class ChooseLoss(Step):
    """The owner picks which of his companies in ``area`` a result destroys (RAID-CRT-02)."""

    rule: ClassVar[str] = "RAID-CRT-02"

    side: str
    area: str

    def actor(self, s: RaidState) -> Player | None:
        return self.side

    def legal(self, s: RaidState) -> tuple[Action, ...]:
        return tuple(Lose(c) for c in s.companies_in(self.area))

    def act(self, s: RaidState, action: Action) -> RaidState:
        assert isinstance(action, Lose)
        return s.pop().moved(action.company, LOST)


@saved("raid/choose-retreat")
@attrs.frozen
class ChooseRetreat(Step):
    """The owner picks where the companies in ``area`` retreat (RAID-RETREAT-01); with nowhere
    to go they are destroyed (RAID-RETREAT-02), and with nobody left nothing happens."""

    rule: ClassVar[str] = "RAID-RETREAT-01"

    side: str
    area: str

    def actor(self, s: RaidState) -> Player | None:
        if not s.companies_in(self.area) or not self.destinations(s):
            return None  # automatic: nobody to retreat, or nowhere to go
        return self.side

    def destinations(self, s: RaidState) -> tuple[str, ...]:
        count = len(s.companies_in(self.area))
        return tuple(
            to
            for to in s.map.neighbours(self.area)
            if s.holder(to) in (None, self.side) and len(s.companies_in(to)) + count <= STACK_LIMIT
        )

    def legal(self, s: RaidState) -> tuple[Action, ...]:
        return tuple(RetreatTo(to) for to in self.destinations(s))

    def act(self, s: RaidState, action: Action) -> RaidState:
        assert isinstance(action, RetreatTo)
        return self.send(s, action.area)

    def run(self, s: RaidState) -> RaidState:
        return self.send(s, LOST)

    def send(self, s: RaidState, to: str) -> RaidState:
        s = s.pop()
        for company in s.companies_in(self.area):
            s = s.moved(company, to)
        return s


@saved("raid/end-go")
@attrs.frozen
class EndGo(Step):
    """The end of a go: victory (RAID-VICTORY-01..03), then the other player's go."""

    side: str

    def run(self, s: RaidState) -> RaidState:
        foe = other(self.side)
        for side in (self.side, foe):
            if not s.alive(side):
                return s.end(other(side), f"{side} has no company left")
        if s.holder(s.setup.keep(foe)) == self.side:
            return s.end(self.side, f"{self.side} holds the {foe} keep")
        if self.side == "blue" and s.turn == s.setup.turns:
            return s.end(None, "no winner after the last turn")
        turn = s.turn + 1 if self.side == "blue" else s.turn
        return s.pop(Go(foe)).evolve(side=foe, turn=turn)


def start(s: RaidState) -> RaidState:
    """The first go of the game, settled (RAID-SEQ-01)."""
    return s.push(Go("red")).settle()


__all__ = ["STACK_LIMIT", "ChooseLoss", "ChooseRetreat", "CombatRoll", "EndGo", "Go", "start"]
