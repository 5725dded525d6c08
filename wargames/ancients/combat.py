"""One roll of battle dice and what it does: hits, the leader check, flags, the retreat.

Every roll at a piece, ranged or close, an attack, a battle back, a First Strike, the roll at
an evader and a leader's escape test, is a :class:`Strike` resolved by the same tasks:

1. :class:`RollDice`: a chance node over the faces of ``dice`` battle dice; an elephant's
   scoring swords are rolled again, as further chance nodes, and everything is totalled
   before anything is applied (CCB-DICE-05, CCB-ELEPHANT-05 to -07);
2. :class:`Hits`: the hits remove blocks (hits beyond the blocks are lost, CCB-DICE-03, -04);
   a unit losing its last block is eliminated (CCB-UNITS-03), and an attached leader is
   checked (CCB-LEADER-04, -07); a helmet at a lone leader kills him, else he must evade
   (CCB-LEADER-09, -10);
3. :class:`Flags`: the owner decides how many of the flags his unit may ignore he ignores
   (CCB-FLAGS-01 to -12), and it retreats for the rest (:mod:`wargames.ancients.retreat`;
   an elephant rampages first, :mod:`wargames.ancients.elephants`).

:func:`lose` applies block losses from any cause (hits, a blocked retreat, a rampage, a marsh)
with the leader checks of CCB-GAP-16. :class:`MarshRoll` is the die rolled for a piece
entering a marsh (CCB-TERRAIN-44, -47).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.dice import EFFECTS, SYMBOLS, Face, Roll, Tally, add_round
from wargames.ancients.flow import DiceRoll, Task, once
from wargames.ancients.terrain import flag_ignores, has_support, sword_ignores
from wargames.ancients.units import retreat_hexes
from wargames.ancients.victory import eliminate
from wargames.core.codec import saved
from wargames.core.engine import CHANCE, Action, Player

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S

CLOSE = frozenset({"close", "battle-back", "first-strike"})
"""Strikes that are close combat in full (swords, helmets, flags, sword ignores)."""

STRIKES = frozenset({*CLOSE, "ranged", "evade", "escape"})
"""Every kind of :class:`Strike`, a roll a unit makes (an elephant's rampage is rolled by no
unit: :mod:`wargames.ancients.elephants`)."""


@saved("ancients/strike")
@attrs.frozen
class Strike:
    """One roll of ``dice`` battle dice by ``roller`` (a unit) at ``target`` (a unit or a lone
    leader): ``kind`` is ``"ranged"``, ``"close"`` (an attack, a bonus close combat
    included), ``"battle-back"``, ``"first-strike"``, ``"evade"`` (at a unit that evades) or
    ``"escape"`` (a leader's escape test, CCB-LEADER-16). ``frm`` and ``at`` are the two hexes
    as the roll is made; ``target_full`` whether the target was at full strength when the
    combat began (its flag ignore, CCB-GAP-17)."""

    kind: str
    roller: int
    target: int
    dice: int
    frm: str
    at: str
    target_full: bool = True

    @property
    def close(self) -> bool:
        return self.kind in CLOSE


def full_strength(s: S, unit: int) -> bool:
    """Whether ``unit`` has all its blocks (a circumstance of its rolls)."""
    return s.blocks[unit] == s.scenario.full(unit)


def leader_near(s: S, unit: int) -> str:
    """``"attached"`` if a friendly leader is attached to ``unit``, ``"adjacent"`` if one
    stands next to it, alone or with another unit (CCB-DICE-09), else ``"none"``."""
    if s.attached(unit) is not None:
        return "attached"
    side = s.side_of(unit)
    leader_at = s._index().leader_at
    for hex_id in s.scenario.geometry.neighbours[s.where[unit]]:
        leader = leader_at.get(hex_id)
        if leader is not None and s.side_of(leader) == side:
            return "adjacent"
    return "none"


def circumstances(s: S, strike: Strike) -> Roll:
    """What decides each face of the roll (:class:`~wargames.ancients.dice.Roll`): the kind of
    roll, the units, the roller's leader, and the sword hits the target ignores (its nature,
    its hex, a rampart it is attacked across: CCB-GAP-29)."""
    target = (
        None if s.is_leader(strike.target) or strike.kind == "escape" else s.kind(strike.target)
    )
    geometry = s.scenario.geometry
    ignored = None
    if strike.close and target is not None:
        ignored = sword_ignores(
            target,
            geometry.terrain[strike.at],
            geometry.hexside(strike.frm, strike.at),
            s.scenario.settings,
        )
    return Roll(
        strike.kind,  # type: ignore[arg-type]
        s.kind(strike.roller),
        target,
        leader_near(s, strike.roller),  # type: ignore[arg-type]
        ignored,
        s.scenario.settings,
    )


_FACES: dict[str, Face] = {face.value: face for face in Face}
"""Each face by the name a roll's outcome writes (``Face(name)`` without the enum's call)."""


def roll_task(strike: Strike) -> RollDice:
    return RollDice(strike, strike.dice)


@saved("ancients/roll-dice")
@attrs.frozen
class RollDice(DiceRoll):
    """The dice of a :class:`Strike` (a chance node), then any elephant re-rolls, totalled
    before anything is applied (CCB-DICE-05, CCB-ELEPHANT-06). ``hits`` and ``flags`` are
    the totals of the rounds so far; ``swords_left`` and ``symbols_left`` the target's
    ignores not yet used (``-1``: the first round is still to come)."""

    strike: Strike
    dice: int
    hits: int = 0
    flags: int = 0
    swords_left: int = -1
    symbols_left: int = 0
    rule: ClassVar[str] = "CCB-DICE-05"

    def actor(self, s: S) -> Player | None:
        return CHANCE if s.on_board(self.strike.target) else None

    def run(self, s: S) -> S:
        return s.pop()  # the target is gone (a leader killed by an earlier escape test)

    def rolled(self, s: S, faces: act.Dice) -> S:
        roll = circumstances(s, self.strike)
        if self.swords_left < 0:
            tally = Tally(swords_left=roll.sword_ignores, symbols_left=roll.symbol_ignores)
        else:
            tally = Tally(self.hits, self.flags, self.swords_left, self.symbols_left)
        counts = dict.fromkeys(EFFECTS, 0)
        effect = roll.effect
        for face in faces.faces:
            counts[effect(_FACES[face])] += 1
        tally, again = add_round(
            tally,
            counts["symbol"],
            counts["sword"],
            counts["hit"],
            counts["flag"],
            roll.rerolls_swords,
        )
        if again:
            return s.pop(
                RollDice(
                    self.strike,
                    again,
                    tally.hits,
                    tally.flags,
                    tally.swords_left,
                    tally.symbols_left,
                )
            )
        return s.pop(Hits(self.strike, tally.hits, tally.flags))


@saved("ancients/hits")
@attrs.frozen
class Hits(Task):
    """The roll's hits are applied, then its flags (CCB-DICE-05, CCB-CLOSE-05, -06)."""

    strike: Strike
    hits: int
    flags: int
    rule: ClassVar[str] = "CCB-DICE-03"

    def run(self, s: S) -> S:
        target = self.strike.target
        s = s.pop()
        if not s.on_board(target):
            return s
        if s.is_leader(target):
            return leader_hit(s, target, self.hits > 0, self.strike.kind)
        lost = min(self.hits, s.blocks[target])
        if self.strike.kind == "evade":
            s = s.push(EvadeMove(target))
        elif self.flags:
            checked = 0 < lost < s.blocks[target] and s.attached(target) is not None
            s = s.push(Flags(self.strike, self.flags, checked))
        return lose(s, target, self.hits)


def lose(s: S, unit: int, hits: int, checked: bool = False) -> S:
    """``unit`` loses ``hits`` blocks (no more than it has, CCB-DICE-04). At its last block it
    is eliminated, a banner for the enemy (CCB-UNITS-03, CCB-VICTORY-01), and an attached
    leader is checked with 1 die (CCB-LEADER-07); if it survives, an attached leader is checked
    with 2 dice (CCB-LEADER-04), unless this roll already checked him (``checked``,
    CCB-GAP-16). The checks are pushed above the tasks already pending."""

    if hits <= 0 or not s.on_board(unit):
        return s
    blocks = s.blocks[unit]
    leader = s.attached(unit)
    if hits >= blocks:
        s = eliminate(s, unit)
        if s.result is None and leader is not None:
            s = s.push(LeaderCheck(leader, 1))
        return s
    s = s.with_blocks(unit, blocks - hits)
    if leader is not None and not checked:
        s = s.push(LeaderCheck(leader, 2))
    return s


# -- flags -------------------------------------------------------------------------------------


def support(s: S, unit: int) -> bool:
    """Whether ``unit`` has support: two adjacent friendly units, or one and a lone friendly
    leader (CCB-FLAGS-03, -05: elephants give support; CCB-GAP-03: the lone leader a
    setting)."""
    side = s.side_of(unit)
    index = s._index()
    units = leaders = 0
    for hex_id in s.scenario.geometry.neighbours[s.where[unit]]:
        other = index.unit_at.get(hex_id)
        if other is not None:
            units += s.side_of(other) == side
            continue
        leader = index.leader_at.get(hex_id)
        if leader is not None and s.side_of(leader) == side:
            leaders += 1
    return has_support(units, leaders, s.scenario.settings)


def ignore_reasons(s: S, strike: Strike) -> tuple[str, ...]:
    """Why the target of ``strike`` may ignore flags now: one reason per flag
    (:func:`~wargames.ancients.terrain.flag_ignores`: leader, support, terrain, full strength,
    an elephant against cavalry; CCB-FLAGS-01 to -08, CCB-GAP-15)."""
    unit = strike.target
    geometry = s.scenario.geometry
    table = geometry.board.table
    if strike.close:
        hexside = geometry.hexside(strike.frm, strike.at)
    else:
        crosses = "rampart" in table and geometry.fire_crosses(strike.frm, strike.at)
        hexside = (table["rampart"],) if crosses else ()
    return flag_ignores(
        s.kind(unit),
        geometry.terrain[s.where[unit]],
        combat="close" if strike.close else "ranged",
        hexside=hexside,
        leader_attached=s.attached(unit) is not None,
        support=support(s, unit),
        full_strength=strike.target_full,
        roller=s.kind(strike.roller),
    )


@saved("ancients/flags")
@attrs.frozen
class Flags(Task):
    """The owner of the unit decides how many flags to ignore, of those it may; it retreats
    for the others (CCB-FLAGS-09, -10). A leader killed by this roll's check no longer helps
    (CCB-FLAGS-02): the reasons are counted after the check. ``checked``: this roll already
    made the unit's 2-dice leader check (CCB-GAP-16)."""

    strike: Strike
    flags: int
    checked: bool = False
    rule: ClassVar[str] = "CCB-FLAGS-09"

    def most(self, s: S) -> int:
        if not self.alive(s):
            return 0
        return once(s, "flags", lambda: min(self.flags, len(ignore_reasons(s, self.strike))))

    def alive(self, s: S) -> bool:
        unit = self.strike.target
        return s.on_board(unit) and s.where[unit] == self.strike.at

    def actor(self, s: S) -> Player | None:
        return s.owner(self.strike.target) if self.most(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple(act.Ignore(k) for k in range(self.most(s) + 1))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Ignore)
        return self.retreat(s.pop(), self.flags - action.flags)

    def run(self, s: S) -> S:
        s = s.pop()
        return self.retreat(s, self.flags) if self.alive(s) else s

    def retreat(self, s: S, flags: int) -> S:
        """Retreat for ``flags`` flags not ignored: the unit's distance per flag, 1 more for
        cavalry and chariots in close combat with elephants or camels (CCB-RETREAT-01 to -05);
        an elephant rampages first (CCB-ELEPHANT-13)."""

        if flags <= 0:
            return s
        unit = self.strike.target
        kind = s.kind(unit)
        hexes = retreat_hexes(kind, flags, s.kind(self.strike.roller), self.strike.close)
        if kind.elephant:
            causer = s.side_of(self.strike.roller)
            return s.push(*rampage_tasks(s, unit, causer, hexes))
        return s.push(Retreat(unit, hexes, self.checked))


# -- marsh -------------------------------------------------------------------------------------


@saved("ancients/marsh-roll")
@attrs.frozen
class MarshRoll(DiceRoll):
    """One die for a piece entering a marsh, by moving, retreating or evading: its class symbol
    costs a unit one block, a helmet kills a lone leader (CCB-TERRAIN-44, -47)."""

    piece: int
    dice: int = 1
    rule: ClassVar[str] = "CCB-TERRAIN-44"

    def rolled(self, s: S, faces: act.Dice) -> S:
        s = s.pop()
        piece = self.piece
        if not s.on_board(piece):
            return s
        if s.is_leader(piece):
            if s.lone(piece) and faces.count(Face.HELMET):
                return kill_leader(s, piece)
            return s
        return lose(s, piece, faces.count(SYMBOLS[s.kind(piece).unit_class]))


def marsh_roll(s: S, piece: int) -> S:
    """Push the marsh roll for ``piece`` if its hex is a marsh (CCB-TERRAIN-44, -47)."""
    if s.scenario.geometry.terrain[s.where[piece]].entry_roll:
        return s.push(MarshRoll(piece))
    return s


# Imported once this module is complete (they import it, directly or not), not in the
# functions that name them: an import statement run at every step costs a microsecond.
from wargames.ancients.elephants import rampage_tasks  # noqa: E402
from wargames.ancients.evade import EvadeMove  # noqa: E402
from wargames.ancients.leaders import LeaderCheck, kill_leader, leader_hit  # noqa: E402
from wargames.ancients.retreat import Retreat  # noqa: E402

__all__ = [
    "CLOSE",
    "STRIKES",
    "Flags",
    "Hits",
    "MarshRoll",
    "RollDice",
    "Strike",
    "circumstances",
    "ignore_reasons",
    "leader_near",
    "lose",
    "marsh_roll",
    "roll_task",
    "support",
]
