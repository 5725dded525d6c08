"""Close combat and battle back (CCB-CLOSE-01 to -26, CCB-BATTLEBACK-01 to -13).

A close combat is a :class:`Combat` record resolved in the rule book's steps, each a task:

1. the attacker names an adjacent target (:func:`close_targets`, CCB-CLOSE-01, -02);
2. :class:`DefenderChoice`: the defender evades or stands (CCB-CLOSE-03, CCB-EVADE-02), or
   plays a card in reaction (the hook for First Strike, :meth:`CardRule.reaction
   <wargames.ancients.commands.CardRule.reaction>`);
3. :class:`Strikes`: the attacker rolls its dice after terrain caps (CCB-CLOSE-04); a defender
   on a scalable wall, or one whose card says so, strikes first (CCB-TERRAIN-41,
   CCB-CARDS-32), the attacker then rolling only if it is still there;
4. the roll's hits, leader check, flags and retreat (:mod:`wargames.ancients.combat`,
   CCB-CLOSE-05, -06);
5. :class:`AfterAttack`: a momentum advance if the target's hex was emptied
   (:mod:`wargames.ancients.momentum`, CCB-CLOSE-07), else :class:`BattleBackChoice`
   (CCB-CLOSE-08).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.combat import Strike, full_strength, roll_task
from wargames.ancients.flow import Task, end, once
from wargames.ancients.state import BACK, other
from wargames.ancients.terrain import close_combat_dice
from wargames.ancients.units import Role
from wargames.core.codec import saved
from wargames.core.engine import Action, Player

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S


@saved("ancients/combat")
@attrs.frozen
class Combat:
    """One close combat: ``attacker`` in ``frm`` against ``target`` (a unit or a lone leader)
    in ``at``. ``bonus``: a bonus close combat after a momentum advance (CCB-MOMENTUM-07);
    ``attacker_full`` and ``target_full``: full strength as the combat began (CCB-CLOSE-21,
    CCB-GAP-17); ``first_strike``: the defender strikes first (CCB-CARDS-32,
    CCB-TERRAIN-41)."""

    attacker: int
    target: int
    frm: str
    at: str
    bonus: bool = False
    attacker_full: bool = True
    target_full: bool = True
    first_strike: bool = False


def combat_of(s: S, attacker: int, target: int, bonus: bool = False) -> Combat:
    lone = s.is_leader(target)
    return Combat(
        attacker,
        target,
        s.where[attacker],
        s.where[target],
        bonus,
        full_strength(s, attacker),
        True if lone else full_strength(s, target),
    )


def card_bonus(s: S, unit: int, bonus: bool) -> int:
    """Extra dice the turn's card gives ``unit``'s attack, in a bonus close combat only if
    the card says so (CCB-BATTLE-07)."""
    if unit not in s.ordered or s.side_of(unit) != s.active:
        return 0
    mods = s.mods
    return mods.close_bonus if not bonus or mods.bonus_in_bonus_combat else 0


def attack_dice(
    s: S, attacker: int, target: int, bonus: bool = False, full: bool | None = None
) -> int:
    """The attacker's close-combat dice at ``target``: its dice against the target (an
    elephant's by target, CCB-CLOSE-09 to -19), the lowest terrain cap, a camp's die less, then
    the card's bonus (CCB-CLOSE-04, CCB-TERRAIN-01, CCB-GAP-28). 0: it cannot attack."""
    geometry = s.scenario.geometry
    return close_combat_dice(
        s.kind(attacker),
        None if s.is_leader(target) else s.kind(target),
        geometry.terrain[s.where[attacker]],
        geometry.terrain[s.where[target]],
        card_bonus=card_bonus(s, attacker, bonus),
        role="attack",
        full_strength=full_strength(s, attacker) if full is None else full,
    )


def defence_dice(s: S, combat: Combat, role: Role) -> int:
    """The defender's dice at the attacker, battling back or striking first: its normal dice
    with the battle-back counts (HCH 3, camels 2, elephants by target) and the terrain caps,
    never the attacker's card bonus (CCB-BATTLEBACK-04, -06, CCB-ELEPHANT-03)."""
    geometry = s.scenario.geometry
    return close_combat_dice(
        s.kind(combat.target),
        s.kind(combat.attacker),
        geometry.terrain[combat.at],
        geometry.terrain[combat.frm],
        role=role,
        full_strength=combat.target_full,
    )


def close_targets(s: S, unit: int, bonus: bool = False) -> tuple[int, ...]:
    """The enemies ``unit`` may attack: an enemy unit or lone enemy leader in an adjacent hex
    (CCB-CLOSE-01), against which it has at least one die (CCB-GAP-28)."""
    sides = s.scenario.sides
    side = sides[unit]
    index = s._index()
    here, foe = s.where[unit], other(side)
    if not s.scenario.geometry.around[here] & (index.unit_masks[foe] | index.leader_masks[foe]):
        return ()  # no enemy piece next to it (most units, most of the time)
    unit_at, leader_at = index.unit_at, index.leader_at
    found = []
    for hex_id in s.scenario.geometry.neighbours[here]:
        enemy = unit_at.get(hex_id)  # s.enemy_piece_at, written out
        if enemy is None:
            enemy = leader_at.get(hex_id)
        if enemy is not None and sides[enemy] != side and attack_dice(s, unit, enemy, bonus) > 0:
            found.append(enemy)
    return tuple(found)


def still(s: S, piece: int, hex_id: str) -> bool:
    """Whether ``piece`` is still on the board in ``hex_id``."""
    return s.on_board(piece) and s.where[piece] == hex_id


# -- the steps --------------------------------------------------------------------------------


def declare(s: S, combat: Combat) -> S:
    """Step 1 done: the defender's choice comes next (CCB-CLOSE-02, -03)."""
    return s.push(DefenderChoice(combat))


@saved("ancients/defender-choice")
@attrs.frozen
class DefenderChoice(Task):
    """The defender evades, if it may, or stands (CCB-CLOSE-03, CCB-EVADE-01 to -08), or plays
    a card in reaction from his side's hand (First Strike, CCB-CARDS-32). A lone leader has no
    choice: he takes the roll and evades after it (CCB-LEADER-09, -10). Where the hand and the
    unit are decided at different seats, the Epic rules split this choice in two
    (:class:`~wargames.ancients.epic.ReactionOffer`, CCB-EPIC-04)."""

    combat: Combat
    rule: ClassVar[str] = "CCB-CLOSE-03"

    def options(self, s: S) -> tuple[Action, ...]:
        return once(s, "defence", lambda: self._options(s))

    def _options(self, s: S) -> tuple[Action, ...]:
        c = self.combat
        if s.is_leader(c.target):
            return ()
        found: list[Action] = []
        if can_evade(s, c.target, c.attacker):
            found.append(act.Evade())
        side = s.side_of(c.target)
        cards = s.hand(side).cards
        for card in dict.fromkeys(cards):
            if card != BACK and rule_of(card).reaction(s, c):
                found.append(act.PlayCard(card))
        if BACK in cards and not found:
            return (act.Stand(),)  # a view of the other side: his hand may hold a reaction
        return (act.Stand(), *found) if found else ()

    def actor(self, s: S) -> Player | None:
        return s.owner(self.combat.target) if self.options(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return self.options(s)

    def act(self, s: S, action: Action) -> S:
        c = self.combat
        if isinstance(action, act.Evade):
            dice = attack_dice(s, c.attacker, c.target, c.bonus, c.attacker_full)
            strike = Strike("evade", c.attacker, c.target, dice, c.frm, c.at, c.target_full)
            return s.pop(roll_task(strike))
        if isinstance(action, act.PlayCard):
            return play_reaction(s.pop(), c, action.card)
        return s.pop(Strikes(c))

    def run(self, s: S) -> S:
        return s.pop(Strikes(self.combat))


def play_reaction(s: S, combat: Combat, card: str) -> S:
    """The defender plays ``card`` from his hand in reaction: it goes to the discards, he
    draws its replacement before the active player (CCB-CARDS-34), and the card's rule changes
    the combat (:meth:`CardRule.react <wargames.ancients.commands.CardRule.react>`)."""

    side = s.side_of(combat.target)
    i = SIDES.index(side)
    hands = list(s.hands)
    hands[i] = hands[i].remove(card)
    changed = rule_of(card).react(s, combat)
    s = s.evolve(hands=(hands[0], hands[1]), deck=s.deck.discard(card), owed=(*s.owed, side))
    return s.push(Strikes(changed))


@saved("ancients/strikes")
@attrs.frozen
class Strikes(Task):
    """The rolls of the combat: the attacker's (CCB-CLOSE-04), or first the defender's when it
    strikes first, the attacker's following only if it is neither eliminated nor forced out of
    its hex (CCB-CARDS-32, CCB-TERRAIN-41)."""

    combat: Combat
    rule: ClassVar[str] = "CCB-CLOSE-04"

    def run(self, s: S) -> S:
        c = self.combat
        first = c.first_strike or (
            not s.is_leader(c.target) and s.scenario.geometry.terrain[c.at].first_strike
        )
        if first:
            dice = defence_dice(s, c, "first-strike")
            if dice > 0:
                strike = Strike(
                    "first-strike", c.target, c.attacker, dice, c.at, c.frm, c.attacker_full
                )
                return s.pop(roll_task(strike), AttackerStrikes(attrs.evolve(c, first_strike=True)))
        return s.pop(*attack_tasks(s, c))


def attack_tasks(s: S, c: Combat) -> tuple[Task, ...]:
    dice = attack_dice(s, c.attacker, c.target, c.bonus, c.attacker_full)
    strike = Strike("close", c.attacker, c.target, dice, c.frm, c.at, c.target_full)
    return (roll_task(strike), AfterAttack(c))


@saved("ancients/attacker-strikes")
@attrs.frozen
class AttackerStrikes(Task):
    """After a First Strike, the attacker attacks if it is still in its hex and the target in
    its own (CCB-CARDS-32)."""

    combat: Combat
    rule: ClassVar[str] = "CCB-CARDS-32"

    def run(self, s: S) -> S:
        c = self.combat
        if still(s, c.attacker, c.frm) and still(s, c.target, c.at):
            return s.pop(*attack_tasks(s, c))
        return s.pop()


@saved("ancients/after-attack")
@attrs.frozen
class AfterAttack(Task):
    """Step 6 or 7: a momentum advance when the target's hex was emptied (CCB-CLOSE-07,
    CCB-MOMENTUM-01), else the defender's battle back (CCB-CLOSE-08). Neither after an attack
    on a lone leader (CCB-LEADER-10, CCB-CLOSE-20)."""

    combat: Combat
    rule: ClassVar[str] = "CCB-CLOSE-07"

    def run(self, s: S) -> S:
        c = self.combat
        s = s.pop()
        if s.is_leader(c.target):
            return s
        if not still(s, c.target, c.at):
            return s.push(Advance(c))
        if not c.first_strike and still(s, c.attacker, c.frm):
            return s.push(BattleBackChoice(c))
        return s


@saved("ancients/battle-back-choice")
@attrs.frozen
class BattleBackChoice(Task):
    """The defender, still in its hex with a block left, may battle back at the attacker
    (CCB-BATTLEBACK-01 to -03): a roll resolved like an attack, after which the combat ends
    (CCB-BATTLEBACK-07, -08), with no momentum for it (CCB-BATTLEBACK-09)."""

    combat: Combat
    rule: ClassVar[str] = "CCB-BATTLEBACK-01"

    def dice(self, s: S) -> int:
        return once(s, "battle-back", lambda: self._dice(s))

    def _dice(self, s: S) -> int:
        c = self.combat
        if not (still(s, c.target, c.at) and still(s, c.attacker, c.frm)):
            return 0
        return defence_dice(s, c, "battle-back")

    def actor(self, s: S) -> Player | None:
        return s.owner(self.combat.target) if self.dice(s) > 0 else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return (act.BattleBack(), end("battle-back"))

    def act(self, s: S, action: Action) -> S:
        if not isinstance(action, act.BattleBack):
            return s.pop()
        c = self.combat
        strike = Strike(
            "battle-back", c.target, c.attacker, self.dice(s), c.at, c.frm, c.attacker_full
        )
        return s.pop(roll_task(strike))

    def run(self, s: S) -> S:
        return s.pop()


# Imported once this module is complete (they import it, directly or not), not in the
# functions that name them: an import statement run at every step costs a microsecond.
from wargames.ancients.commands import rule_of  # noqa: E402
from wargames.ancients.evade import can_evade  # noqa: E402
from wargames.ancients.momentum import Advance  # noqa: E402
from wargames.ancients.state import SIDES  # noqa: E402

__all__ = [
    "AfterAttack",
    "AttackerStrikes",
    "BattleBackChoice",
    "Combat",
    "DefenderChoice",
    "Strikes",
    "attack_dice",
    "card_bonus",
    "close_targets",
    "combat_of",
    "declare",
    "defence_dice",
    "play_reaction",
    "still",
]
