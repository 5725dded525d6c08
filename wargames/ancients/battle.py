"""Step 4 of a turn: the ordered units battle one at a time, in the order the active player
chooses, each combat resolved in full before the next (CCB-TURN-05, CCB-BATTLE-01 to -07).

The legal actions are ``fire 05-07 at 06-04`` (:mod:`wargames.ancients.ranged`),
``attack 05-07 06-06`` (:mod:`wargames.ancients.close`) and ``end battles``. An ordered unit
battles at most once (CCB-BATTLE-01), by one kind of combat (CCB-BATTLE-03), all its dice at
one target (CCB-BATTLE-05). Battling is optional (CCB-BATTLE-02), except for a warrior that
charged: while it can close combat the step cannot end (CCB-MOVE-09). A unit may not battle
after some moves: an AX that moved 2, a war machine that moved (CCB-MOVE-07, -11), a unit that
entered terrain that forbids it (CCB-TERRAIN-04, -09), or after a card's longer move that says
so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.close import close_targets, combat_of, declare
from wargames.ancients.flow import Task, end
from wargames.ancients.ranged import fire, fire_targets, may_fire_at_any
from wargames.ancients.terrain import may_battle_on_entry
from wargames.ancients.units import BattleAfterMove, battle_after_move
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation
from wargames.core.notation import Pass

if TYPE_CHECKING:
    from wargames.ancients.commands import Mods
    from wargames.ancients.state import AncientsState as S


def after_move(s: S, unit: int) -> BattleAfterMove:
    """Whether ``unit`` may, must or may not battle after the hexes it moved this turn."""
    return _after_move(s, unit, s.mods)


def _after_move(s: S, unit: int, mods: Mods) -> BattleAfterMove:
    """:func:`after_move`, the card's ``mods`` known (asked once for every battler)."""
    kind = s.kind(unit)
    moved = s.moved[unit]
    if moved and not may_battle_on_entry(s.scenario.geometry.terrain[s.where[unit]], kind):
        return "may-not"
    if mods.close_after_move and not kind.war_machine and unit in s.ordered:
        # Double Time: any move within its allowance, a warrior's 2 or 3 a charge (CCB-CARDS-16,
        # -17, CCB-GAP-36)
        return "must" if kind.move_rule == "warrior-charge" and moved >= 2 else "may"
    if moved > kind.max_move:  # a card's longer move (Mounted Charge)
        return "may" if mods.battle_after_allowance else "may-not"
    return battle_after_move(kind, moved)


def battlers(s: S) -> tuple[int, ...]:
    """Ordered units that may still battle this turn (worked out once per state)."""
    found: tuple[int, ...] | None = s._memo.get("battlers")  # once(), written out
    if found is None:
        found = s._memo["battlers"] = _battlers(s)
    return found


def _battlers(s: S) -> tuple[int, ...]:
    mods = s.mods
    return tuple(
        [
            p
            for p in s.ordered
            if not s.is_leader(p)
            and s.on_board(p)
            and p not in s.battled
            and _after_move(s, p, mods) != "may-not"
        ]
    )


def options(s: S, unit: int) -> tuple[Action, ...]:
    here, where = s.where[unit], s.where
    fires = _FIRES.get(here)
    if fires is None:
        fires = _FIRES[here] = _Actions(act.Fire, here)
    found: list[Action] = [fires[where[t]] for t in fire_targets(s, unit)]
    if s.mods.may_close:
        attacks = _ATTACKS.get(here)
        if attacks is None:
            attacks = _ATTACKS[here] = _Actions(act.Attack, here)
        found.extend([attacks[where[t]] for t in close_targets(s, unit)])
    return tuple(found)


class _Actions(dict[str, act.Fire | act.Attack]):
    """The (shared) fire or attack actions of the unit in one hex, by the hex it battles:
    made on first use."""

    def __init__(self, kind: type[act.Fire | act.Attack], frm: str) -> None:
        super().__init__()
        self.kind, self.frm = kind, frm

    def __missing__(self, at: str) -> act.Fire | act.Attack:
        found = self[at] = self.kind(self.frm, at)
        return found


_FIRES: dict[str, _Actions] = {}
_ATTACKS: dict[str, _Actions] = {}


def must_close(s: S, unit: int) -> bool:
    """A warrior that charged must close combat while it can (CCB-MOVE-09, CCB-BATTLE-02)."""
    return after_move(s, unit) == "must" and bool(close_targets(s, unit))


@saved("ancients/battle-step")
@attrs.frozen
class BattleStep(Task):
    """Step 4: the active player picks the next unit to battle and its target, or ends."""

    rule: ClassVar[str] = "CCB-BATTLE-01"

    def battles(self, s: S) -> tuple[Action, ...]:
        found: tuple[Action, ...] | None = s._memo.get("battles")  # once(), written out
        if found is None:
            found = s._memo["battles"] = self._battles(s)
        return found

    def _battles(self, s: S) -> tuple[Action, ...]:
        found: list[Action] = []
        for unit in battlers(s):
            found.extend(options(s, unit))
        return tuple(found)

    def any_battle(self, s: S) -> bool:
        """Whether an ordered unit may battle now (:meth:`battles` lists something), found
        without listing every battle."""
        known: tuple[Action, ...] | None = s._memo.get("battles")
        if known is not None:
            return bool(known)
        return any(self.has_target(s, unit) for unit in battlers(s))

    def has_target(self, s: S, unit: int) -> bool:
        """Whether ``unit``, ordered and free to battle after its move, has an enemy to fire at
        or to attack (:func:`options` is not empty)."""
        return bool(s.mods.may_close and close_targets(s, unit)) or may_fire_at_any(s, unit)

    def actor(self, s: S) -> Player | None:
        return s.seat(s.active) if self.battles(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        found = self.battles(s)
        if any(must_close(s, u) for u in battlers(s)):
            return found
        return (*found, end("battles"))

    def draw(self, s: S, chance: float) -> Action:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, without the
        listing's copy (the battles, then ``end battles`` unless a warrior must close)."""
        found = self.battles(s)
        for u in battlers(s):
            if must_close(s, u):  # no ``end battles`` while a warrior must close
                return found[int(chance * len(found))]
        i = int(chance * (len(found) + 1))
        return found[i] if i < len(found) else end("battles")

    def act(self, s: S, action: Action) -> S:
        if not isinstance(action, act.Fire | act.Attack):
            return s.pop()
        unit = s.unit_at(action.frm)
        target = s.enemy_piece_at(action.at, s.active)
        assert unit is not None and target is not None
        s = s.evolve(battled=s.battled | {unit})
        if isinstance(action, act.Fire):
            return fire(s, unit, target)
        return declare(s, combat_of(s, unit, target))

    def run(self, s: S) -> S:
        return s.pop()

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.Fire | act.Attack):
            return why_not(s, action)
        if isinstance(action, Pass) and action.what == "battles":
            return RuleViolation("CCB-BATTLE-02", "a warrior that charged must close combat")
        return super().explain(s, action)


def why_not(s: S, action: act.Fire | act.Attack) -> RuleViolation:
    """The rule a refused fire or attack breaks."""
    from wargames.ancients.ranged import may_fire

    unit = s.unit_at(action.frm)
    if unit is None or s.side_of(unit) != s.active or unit not in s.ordered:
        return RuleViolation("CCB-ORDERS-01", "only ordered units battle")
    if unit in s.battled:
        return RuleViolation("CCB-BATTLE-01", "a unit battles at most once a turn")
    if after_move(s, unit) == "may-not":
        return RuleViolation("CCB-MOVE-07", "this unit may not battle after its move this turn")
    target = s.enemy_piece_at(action.at, s.active)
    if target is None:
        return RuleViolation("CCB-RANGED-07", f"no enemy unit or lone leader in {action.at}")
    if isinstance(action, act.Attack):
        if not s.mods.may_close:
            return RuleViolation("CCB-CARDS-01", "the card played allows no close combat")
        return RuleViolation("CCB-CLOSE-01", "close combat is against an adjacent enemy")
    geometry = s.scenario.geometry
    kind = s.kind(unit)
    if not kind.can_fire:
        why = f"{kind.code} has no missile weapons, and the scenario arms none of its type"
        return RuleViolation("CCB-RANGED-01", why)
    if not may_fire(s, unit):
        return RuleViolation("CCB-BATTLE-04", "a unit next to an enemy unit may not fire")
    distance = geometry.distance(action.frm, action.at)
    if distance < 2:
        return RuleViolation("CCB-RANGED-08", "ranged combat is never against an adjacent unit")
    if distance > kind.range:
        too_far = f"{kind.code} fires {kind.range} hexes at most"
        if kind.armed_by_scenario:  # the range the scenario armed it with
            return RuleViolation("CCB-RANGED-01", f"{too_far}, as the scenario arms it")
        rule = {2: "CCB-RANGED-04", 3: "CCB-RANGED-05", 6: "CCB-RANGED-06"}.get(kind.range)
        return RuleViolation(rule or "CCB-RANGED-07", too_far)
    if not geometry.sees(action.frm, action.at, s.occupied()):
        return RuleViolation("CCB-LOS-03", f"no line of sight from {action.frm} to {action.at}")
    return RuleViolation("CCB-RANGED-12", "terrain leaves no die for this fire")


__all__ = ["BattleStep", "after_move", "battlers", "must_close", "options", "why_not"]
