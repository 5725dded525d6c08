"""Why a declared attack is refused: the combat rule it breaks (BFA-COMBAT-01/02/05/06/07,
BFA-GAP-14), for the message a player gets (:meth:`CombatPhase.explain
<wargames.armageddon.combat.CombatPhase.explain>`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.armageddon import actions as act
from wargames.armageddon.combat import attack_of, attackers, other
from wargames.core.engine import Action
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S


def explain_attack(s: S, side: str, action: Action) -> RuleViolation | None:
    """The rule a refused attack breaks, or None."""
    if not isinstance(action, act.Attack):
        return None
    board = s.data.board
    t = action.target
    if t not in board or t not in s.occupied(other(side)):
        return RuleViolation("BFA-COMBAT-01", f"{t} holds no enemy stack to attack")
    if t in s.attacked:
        return RuleViolation("BFA-COMBAT-05", f"{t} has already been attacked this phase")
    for a in action.stacks:
        if a not in board or not s.units(a, side):
            return RuleViolation("BFA-COMBAT-01", f"you have no stack in {a}")
        if not board.adjacent(a, t):
            return RuleViolation("BFA-COMBAT-06", f"the stack in {a} is not adjacent to {t}")
        if any(c in s.used for c in s.units(a, side)):
            return RuleViolation("BFA-COMBAT-01", f"the stack in {a} has already attacked")
    if len(action.stacks) != len(set(action.stacks)):
        return RuleViolation("BFA-COMBAT-02", "a stack attacks once, with all its counters")
    tribes = {s.spec(c).tribe for c in attackers(s, side, action.stacks)}
    if len(tribes) > 1:
        return RuleViolation(
            "BFA-COMBAT-07", "Ork stacks of different tribes may not attack together"
        )
    if attack_of(s, attackers(s, side, action.stacks)) <= 0:
        return RuleViolation("BFA-GAP-14", "an attack needs an attack total above 0")
    return None
