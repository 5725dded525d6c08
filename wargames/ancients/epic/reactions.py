"""The defence under the Epic command rules: when the unit's Field General does not hold the
cards, the Overall Commander reacts first, then the Field General evades or stands
(CCB-EPIC-04, CCB-CLOSE-03, CCB-CARDS-32)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.close import Combat, DefenderChoice, play_reaction
from wargames.ancients.epic.seats import OVERALL
from wargames.ancients.flow import Task, end, once
from wargames.ancients.state import AncientsState
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.epic.state import EpicState


def splits(s: EpicState, combat: Combat) -> bool:
    """Whether the defender's choice against ``combat`` is split between two seats: the
    target's Field General does not hold the cards, its Overall Commander does (CCB-EPIC-04)."""
    side = s.side_of(combat.target)
    return s.seat(side, OVERALL) != s.owner(combat.target)


def reaction_cards(s: AncientsState, combat: Combat) -> tuple[str, ...]:
    """The cards of the defending side's hand it may play in reaction to ``combat`` (First
    Strike, against a unit, CCB-CARDS-32, -36)."""
    from wargames.ancients.commands import rule_of

    if s.is_leader(combat.target):
        return ()
    hand = s.hand(s.side_of(combat.target)).cards
    return tuple(c for c in dict.fromkeys(hand) if rule_of(c).reaction(s, combat))


@saved("ancients/reaction-offer")
@attrs.frozen
class ReactionOffer(Task):
    """A close combat is declared against a unit whose Field General does not hold the
    cards: the Overall Commander may play a card in reaction from his hand (First Strike,
    ``play first-strike``; ``end first-strike`` declines), before the Field General evades or
    stands; played, the unit strikes first and the choice gives way (CCB-EPIC-04,
    CCB-CARDS-32). Not asked when the hand holds no such card."""

    combat: Combat
    rule: ClassVar[str] = "CCB-EPIC-04"

    def cards(self, s: AncientsState) -> tuple[str, ...]:
        return once(s, "reaction", lambda: reaction_cards(s, self.combat))

    def actor(self, s: AncientsState) -> Player | None:
        side = s.side_of(self.combat.target)
        return s.seat(side, OVERALL) if self.cards(s) else None

    def legal(self, s: AncientsState) -> tuple[Action, ...]:
        return (*(act.PlayCard(c) for c in self.cards(s)), end("first-strike"))

    def act(self, s: AncientsState, action: Action) -> AncientsState:
        s = s.pop()
        if not isinstance(action, act.PlayCard):
            return s  # the Field General's choice comes next
        assert isinstance(s.top, FieldDefenderChoice)
        return play_reaction(s.pop(), self.combat, action.card)

    def run(self, s: AncientsState) -> AncientsState:
        return s.pop()

    def explain(self, s: AncientsState, action: Action) -> RuleViolation:
        if isinstance(action, act.PlayCard):
            return RuleViolation(
                "CCB-CARDS-32", f"{action.card} is not a card of the hand played in reaction"
            )
        return super().explain(s, action)


@saved("ancients/field-defender-choice")
@attrs.frozen
class FieldDefenderChoice(DefenderChoice):
    """The Field General's part of the defender's choice: evade, if the unit may, or stand
    (CCB-CLOSE-03); no card, the hand is the Overall Commander's (CCB-EPIC-04)."""

    def _options(self, s: AncientsState) -> tuple[Action, ...]:
        from wargames.ancients.evade import can_evade

        c = self.combat
        if s.is_leader(c.target) or not can_evade(s, c.target, c.attacker):
            return ()
        return (act.Stand(), act.Evade())

    def explain(self, s: AncientsState, action: Action) -> RuleViolation:
        if isinstance(action, act.PlayCard):
            return RuleViolation(
                "CCB-EPIC-04", "the Overall Commander holds the cards: a Field General plays none"
            )
        return super().explain(s, action)


__all__ = ["FieldDefenderChoice", "ReactionOffer", "reaction_cards", "splits"]
