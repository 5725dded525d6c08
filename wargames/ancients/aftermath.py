"""What one step of Commands & Colors: Ancients did, in words, for the narration
(:mod:`wargames.ancients.narration`): blocks lost and regained, units eliminated and leaders
killed (a banner each for the enemy, CCB-VICTORY-01), pieces that retreated, evaded, advanced
or left the board, banners won, cards turned up in the 'Armageddon' variant, a new turn.

Everything here is read off the two states; nothing is worked out again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.ancients import actions as act
from wargames.ancients.state import DEAD, OFF, SIDES, other
from wargames.core.engine import CHANCE, Action, Player

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S

VERBS = {
    "Retreat": "retreats",
    "ElephantRetreat": "retreats",
    "EvadeMove": "evades",
    "LeaderEvade": "evades",
    "Arrive": "evades",
    "Advance": "advances (momentum)",
    "ExtraHex": "moves an extra hex (momentum)",
}
"""The word for a piece's move, by the step that moved it."""

PROMPTS = frozenset(
    {
        "Flags",
        "Retreat",
        "ElephantRetreat",
        "EvadeMove",
        "LeaderEvade",
        "DefenderChoice",
        "TeamDefenderChoice",
        "BattleBackChoice",
        "Advance",
        "ExtraHex",
        "BonusChoice",
        "Rampage",
        "CreditChoice",
        "FirstStrikeOffer",
        "ReactionOffer",
    }
)
"""Steps a roll or an attack forces on a player: worth saying right after it."""


def piece(s: S, p: int) -> str:
    """``top's MI in 04-04``, ``bottom's leader Scipio in 05-07``."""
    side = s.side_of(p)
    where = s.where[p]
    at = f" in {where}" if where not in (DEAD, OFF) else ""
    if s.is_leader(p):
        return f"{side}'s leader {s.scenario.names[p]}{at}"
    return f"{side}'s {s.kind(p).code}{at}"


def prompted(t: S) -> bool:
    """Whether the next decision is one a roll or an attack forced (flags, retreat, battle
    back, evade, momentum)."""
    player = t.current_player
    return player not in (None, CHANCE) and type(t.top).__name__ in PROMPTS


def _mover(s: S, action: Action) -> int | None:
    """The piece a Move action moves (its own line tells it)."""
    if not isinstance(action, act.Move):
        return None
    return s.leader_at(action.frm) if action.leader else s.unit_at(action.frm)


def _carried(s: S, t: S, p: int) -> bool:
    """A leader who moved with his unit."""
    if not s.is_leader(p):
        return False
    unit = t.unit_at(t.where[p]) if t.where[p] not in (DEAD, OFF) else None
    return unit is not None and s.side_of(unit) == s.side_of(p) and s.where[unit] == s.where[p]


def moves(s: S, action: Action, t: S) -> list[str]:
    """Pieces moved, eliminated, killed or gone off the board."""
    out = []
    mover = _mover(s, action)
    step = type(s.top).__name__ if s.tasks else ""
    verb = "retreats" if isinstance(action, act.Dice | act.Ignore) else VERBS.get(step, "moves")
    for p, (b, a) in enumerate(zip(s.where, t.where, strict=True)):
        if b == a or b in (DEAD, OFF):
            continue
        if a == DEAD:
            what = "is killed" if s.is_leader(p) else "is eliminated"
            out.append(f"{piece(s, p)} {what}: a banner for {other(s.side_of(p))}")
        elif a == OFF:
            out.append(f"{piece(s, p)} leaves the board (no banner, CCB-VICTORY-04)")
        elif p != mover and not _carried(s, t, p):
            out.append(f"{piece(s, p)} {verb} to {a}")
    return out


def blocks(s: S, t: S) -> list[str]:
    """Blocks lost or regained by units still on the board."""
    out = []
    for p, (b, a) in enumerate(zip(s.blocks, t.blocks, strict=True)):
        if a == b or t.where[p] in (DEAD, OFF) or t.is_leader(p):
            continue
        full = t.scenario.full(p)
        if a < b:
            out.append(f"{piece(t, p)} loses {b - a} block{'s' * (b - a > 1)} ({a} of {full} left)")
        else:
            out.append(f"{piece(t, p)} regains {a - b} block{'s' * (a - b > 1)} ({a} of {full})")
    return out


def banners(s: S, t: S) -> list[str]:
    out = []
    for i, side in enumerate(SIDES):
        if t.banners[i] != s.banners[i]:
            out.append(f"{side} has {t.banners[i]} of {t.scenario.target[i]} banners")
    return out


def revealed(s: S, t: S) -> list[str]:
    """'Armageddon' variant: the active side's face-down cards turned up (CCA-SEQ-03)."""
    before, after = getattr(s, "revealed", None), getattr(t, "revealed", None)
    if before is None or after is None or before == after:
        return []
    from wargames.ancients.variant.seats import FLANKS

    out = []
    for flank, was, now in zip(FLANKS, before, after, strict=True):
        if now and now != was:
            spec = t.scenario.cards.get(now)
            out.append(f"the {flank} flank's card is turned up: {spec.name if spec else now}")
    return out


def changes(s: S, action: Action, t: S, viewer: Player | None) -> list[str]:
    """Everything the step changed on the board, in words (nothing hidden is told: the board,
    banners and turned-up cards are public)."""
    out = moves(s, action, t) + blocks(s, t) + banners(s, t) + revealed(s, t)
    if t.active != s.active and t.outcome is None:
        out.append(f"turn {t.turn}: {t.active} to play")
    return out


__all__ = ["PROMPTS", "VERBS", "changes", "piece", "prompted"]
