"""Momentum advance, the cavalry's extra hex and bonus close combat (CCB-MOMENTUM-01 to -13).

When an ordered unit's close combat eliminates its target or drives it from its hex, the unit
may advance into the vacated hex (:class:`Advance`, CCB-MOMENTUM-01, -02): never after an
evade, against a lone leader, when battling back or striking first, as a war machine, or where
terrain forbids it (CCB-MOMENTUM-03, CCB-TERRAIN-23, -49). After its first such combat of the
turn a cavalry unit may move one more hex in any direction (:class:`ExtraHex`,
CCB-MOMENTUM-05, -06). A unit that advanced may then make one bonus close combat against any
adjacent enemy (:class:`BonusChoice`, CCB-MOMENTUM-07 to -10), if terrain allows
(CCB-TERRAIN-06, -12); should that one empty its target's hex too, it may advance again but
gets no extra hex and no third combat (CCB-MOMENTUM-11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.close import Combat, close_targets, combat_of, declare, still
from wargames.ancients.combat import marsh_roll
from wargames.ancients.flow import Task, end, once
from wargames.ancients.movement import move_unit
from wargames.ancients.terrain import (
    bonus_after_advance,
    may_advance_out,
    may_battle_on_entry,
    may_enter,
)
from wargames.ancients.units import bonus_combat_allowed
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S


def may_step_into(s: S, unit: int, hex_id: str) -> bool:
    """Whether ``unit`` may advance or take its extra hex into ``hex_id``: no unit there, no
    enemy leader, terrain it may enter, and no second leader (CCB-MOVE-02, -16)."""
    if s.unit_at(hex_id) is not None:
        return False
    leader = s.leader_at(hex_id)
    if leader is not None and (
        s.side_of(leader) != s.side_of(unit) or s.attached(unit) is not None
    ):
        return False
    return may_enter(s.scenario.geometry.terrain[hex_id], s.kind(unit))


def may_advance(s: S, combat: Combat) -> bool:
    """Whether the attacker may advance into the hex its target left (see the module
    docstring)."""
    unit = combat.attacker
    if not still(s, unit, combat.frm) or not s.kind(unit).advances:
        return False
    terrain = s.scenario.geometry.terrain[combat.frm]
    if not may_advance_out(terrain, s.moved[unit] > 0):
        return False
    return may_step_into(s, unit, combat.at)


@saved("ancients/advance")
@attrs.frozen
class Advance(Task):
    """The attacker may advance into the vacated hex (``advance``) or not (``end advance``)."""

    combat: Combat
    rule: ClassVar[str] = "CCB-MOMENTUM-01"

    def actor(self, s: S) -> Player | None:
        possible = once(s, "advance", lambda: may_advance(s, self.combat))
        return s.owner(self.combat.attacker) if possible else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return (act.Advance(), end("advance"))

    def act(self, s: S, action: Action) -> S:
        if not isinstance(action, act.Advance):
            return s.pop()
        c = self.combat
        s = move_unit(s, c.attacker, c.at)
        if c.bonus:
            s = s.pop()
        elif extra_hex(s, c.attacker, c.frm):
            s = s.pop(ExtraHex(c.attacker, c.at))
        else:
            s = s.pop(BonusChoice(c.attacker, c.at))
        return marsh_roll(s, c.attacker)

    def run(self, s: S) -> S:
        return s.pop()

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.Advance):
            return RuleViolation("CCB-MOMENTUM-03", "no momentum advance is possible here")
        return super().explain(s, action)


def extra_hex(s: S, unit: int, left: str) -> bool:
    """Whether a unit that just advanced out of ``left`` gets the extra hex: cavalry only
    (CCB-MOMENTUM-05, -06), not out of a marsh (CCB-TERRAIN-49)."""
    kind = s.kind(unit)
    return kind.momentum_extra_hex and s.scenario.geometry.terrain[left].extra_hex_out


@saved("ancients/extra-hex")
@attrs.frozen
class ExtraHex(Task):
    """After its first successful close combat and its advance, a cavalry unit may move one
    more hex in any direction, even back where it attacked from (CCB-MOMENTUM-05)."""

    unit: int
    advanced_to: str
    rule: ClassVar[str] = "CCB-MOMENTUM-05"

    def options(self, s: S) -> tuple[str, ...]:
        here = s.where[self.unit]
        return tuple(
            h for h in s.scenario.geometry.neighbours[here] if may_step_into(s, self.unit, h)
        )

    def actor(self, s: S) -> Player | None:
        return s.owner(self.unit) if self.options(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        here = s.where[self.unit]
        return (*(act.Move(here, h) for h in self.options(s)), end("extra"))

    def act(self, s: S, action: Action) -> S:
        if not isinstance(action, act.Move):
            return s.pop(BonusChoice(self.unit, self.advanced_to))
        s = move_unit(s, self.unit, action.to)
        s = s.pop(BonusChoice(self.unit, self.advanced_to, extra=True))
        return marsh_roll(s, self.unit)

    def run(self, s: S) -> S:
        return s.pop(BonusChoice(self.unit, self.advanced_to))


def bonus_allowed(s: S, unit: int, advanced_to: str, extra: bool) -> bool:
    """Whether ``unit`` may make its bonus close combat: by its type and leader
    (CCB-MOMENTUM-07, -08), the terrain it advanced into (CCB-TERRAIN-06, -12), the terrain
    its extra hex took it into (it entered that hex, CCB-TERRAIN-04, -09) and the card."""
    if not s.on_board(unit) or not s.mods.may_close:
        return False
    kind = s.kind(unit)
    terrain = s.scenario.geometry.terrain
    if not bonus_combat_allowed(kind, s.attached(unit) is not None):
        return False
    if not bonus_after_advance(terrain[advanced_to], kind):
        return False
    return not extra or may_battle_on_entry(terrain[s.where[unit]], kind)


@saved("ancients/bonus-choice")
@attrs.frozen
class BonusChoice(Task):
    """The unit may make one bonus close combat against any adjacent enemy (``attack ...``)
    or none (``end bonus``) (CCB-MOMENTUM-07, -09)."""

    unit: int
    advanced_to: str
    extra: bool = False
    rule: ClassVar[str] = "CCB-MOMENTUM-07"

    def targets(self, s: S) -> tuple[int, ...]:
        if not bonus_allowed(s, self.unit, self.advanced_to, self.extra):
            return ()
        return once(s, "bonus", lambda: close_targets(s, self.unit, bonus=True))

    def actor(self, s: S) -> Player | None:
        return s.owner(self.unit) if self.targets(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        here = s.where[self.unit]
        return (*(act.Attack(here, s.where[t]) for t in self.targets(s)), end("bonus"))

    def act(self, s: S, action: Action) -> S:
        if not isinstance(action, act.Attack):
            return s.pop()
        target = s.enemy_piece_at(action.at, s.side_of(self.unit))
        assert target is not None
        return declare(s.pop(), combat_of(s, self.unit, target, bonus=True))

    def run(self, s: S) -> S:
        return s.pop()

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.Attack):
            return RuleViolation(
                "CCB-MOMENTUM-09", "a bonus close combat attacks an enemy adjacent to the unit"
            )
        return super().explain(s, action)


__all__ = [
    "Advance",
    "BonusChoice",
    "ExtraHex",
    "bonus_allowed",
    "extra_hex",
    "may_advance",
    "may_step_into",
]
