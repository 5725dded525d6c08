"""The turn under the Epic command rules as tasks (CCB-EPIC-07 to -10): the Overall Commander
gives out cards (:class:`GiveCards`), they are played one after the other (:class:`PlayGiven`,
:class:`FinishCard`), and he draws (:class:`EpicDraw`)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from wargames.ancients.epic.actions import Give, give_action
from wargames.ancients.epic.seats import OVERALL
from wargames.ancients.epic.sections import (
    ARMY,
    MAX_CARDS,
    card_sections,
    given_sections,
    play_rank,
)
from wargames.ancients.epic.state import EpicState, epic
from wargames.ancients.flow import Task, end
from wargames.ancients.state import BACK, SIDES, AncientsState
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation
from wargames.core.notation import Pass

DRAWS = 2
"""Cards the Overall Commander draws at the end of his turn (CCB-EPIC-10)."""


@attrs.frozen
class _Room:
    """What this turn's cards given so far leave: whether a whole-army card took the turn,
    the free sections, the cards counted, whether any card was given (CCB-EPIC-07 to -09)."""

    army: bool
    free: tuple[str, ...]
    slots: int
    given: bool

    @classmethod
    def of(cls, s: EpicState) -> _Room:
        return cls(ARMY in given_sections(s.given), tuple(s.free()), s.slots(), bool(s.given))

    def options(self, card: str) -> tuple[str, ...]:
        """Where ``card`` may be given now: its section(s), any free section for a reaching
        card, ``army`` for a whole-army card (CCB-EPIC-07 to -09)."""
        if self.army:
            return ()
        wanted = card_sections(card)
        if wanted is None:
            return () if self.given else (ARMY,)
        if not wanted:
            return self.free if self.slots < MAX_CARDS else ()
        fits = all([f in self.free for f in wanted]) and self.slots + len(wanted) <= MAX_CARDS
        return ("+".join(wanted),) if fits else ()


@saved("ancients/give-cards")
@attrs.frozen
class GiveCards(Task):
    """The Overall Commander gives out up to 3 cards, at most one per section (CCB-EPIC-07);
    a whole-army card is the turn's only card (CCB-EPIC-08); at least one card is played
    (CCB-TURN-02)."""

    rule: ClassVar[str] = "CCB-EPIC-07"

    def legal(self, s: AncientsState) -> tuple[Action, ...]:
        found: tuple[Action, ...] | None = s._memo.get("gifts")  # once(), written out
        if found is None:
            found = s._memo["gifts"] = self._gifts(epic(s))
        return found

    def _gifts(self, e: EpicState) -> tuple[Action, ...]:
        cards = e.hand(e.active).cards
        room = _Room.of(e)  # the sections taken and the cards counted, once per listing
        found: list[Action] = [
            give_action(card, where)
            for card in dict.fromkeys(cards)
            if card != BACK
            for where in room.options(card)
        ]
        if (found or BACK in cards) and e.given:
            found.append(end("cards"))
        return tuple(found)

    def actor(self, s: AncientsState) -> Player | None:
        hidden = BACK in epic(s).hand(s.active).cards  # a view: the Commander has cards to give
        return s.seat(s.active, OVERALL) if hidden or self.legal(s) else None

    def act(self, s: AncientsState, action: Action) -> AncientsState:
        e = epic(s)
        if not isinstance(action, Give):
            return self.play(e)
        i = SIDES.index(e.active)
        hands = list(e.hands)
        hands[i] = hands[i].remove(action.card)
        e = e.evolve(hands=(hands[0], hands[1]), given=(*e.given, (action.card, action.section)))
        return e if self.legal(e) else self.play(e)

    def run(self, s: AncientsState) -> AncientsState:
        return self.play(epic(s))

    def play(self, s: EpicState) -> EpicState:
        """The cards given, played one after the other: whole army, or left, center, right."""
        given = sorted(s.given, key=lambda g: play_rank(g[1]))
        return s.pop(*(PlayGiven(card, where) for card, where in given))

    def explain(self, s: AncientsState, action: Action) -> RuleViolation:
        e = epic(s)
        if isinstance(action, Give):
            return self.why_not(e, action)
        if isinstance(action, Pass) and not e.given:
            return RuleViolation("CCB-TURN-02", "the Overall Commander must give out a card")
        return super().explain(s, action)

    def why_not(self, s: EpicState, action: Give) -> RuleViolation:
        if action.card not in s.hand(s.active).cards:
            return RuleViolation("CCB-EPIC-04", f"{action.card} is not in the Commander's hand")
        wanted = card_sections(action.card)
        if wanted is None or ARMY in given_sections(s.given):
            return RuleViolation("CCB-EPIC-08", "a whole-army card takes up the entire turn")
        if s.slots() + max(1, len(wanted)) > MAX_CARDS:
            return RuleViolation("CCB-EPIC-07", "no more than 3 cards a turn")
        return RuleViolation(
            "CCB-EPIC-07", f"{action.card} cannot go to {action.section}: one card per section"
        )


@saved("ancients/play-given")
@attrs.frozen
class PlayGiven(Task):
    """``card``, given to ``section``, runs its own steps (order, move, battle), decided by
    that section's Field General (CCB-EPIC-04, -07)."""

    card: str
    section: str
    rule: ClassVar[str] = "CCB-EPIC-07"

    def run(self, s: AncientsState) -> AncientsState:
        i = SIDES.index(s.active)
        s = s.evolve(
            card=self.card,
            section=self.section,
            ordered=(),
            moved=(0,) * len(s.where),
            stuck=frozenset(),
        )
        last = list(s.last)
        last[i] = rule_of(self.card).played(s, s.active)
        s = s.evolve(last=(last[0], last[1]))
        return s.pop(*s.rule.steps(), FinishCard())


@saved("ancients/finish-card")
@attrs.frozen
class FinishCard(Task):
    """The card played is discarded; its pieces take no other order this turn."""

    rule: ClassVar[str] = "CCB-EPIC-07"

    def run(self, s: AncientsState) -> AncientsState:
        e = epic(s)
        deck = e.deck if e.card is None else e.deck.discard(e.card)
        used = e.used | frozenset(e.ordered)
        done = e.finished if e.card is None else (*e.finished, e.card)
        return e.pop(deck=deck, card=None, section="", used=used, finished=done)


@saved("ancients/epic-draw")
@attrs.frozen
class EpicDraw(Task):
    """Reaction cards are replaced first (CCB-CARDS-34); the Overall Commander then draws 2
    cards, never above his Command (CCB-EPIC-10, CCB-HAND-01)."""

    rule: ClassVar[str] = "CCB-EPIC-10"

    def run(self, s: AncientsState) -> AncientsState:
        e = epic(s)
        draws = [DrawCard(side) for side in e.owed]
        room = e.command(e.active) - len(e.hand(e.active)) - e.owed.count(e.active)
        draws += [DrawCard(e.active)] * max(0, min(DRAWS, room))
        e = e.evolve(owed=(), given=(), reached=(), used=frozenset(), section="", finished=())
        return e.pop(*draws)


# Imported once this module is complete (they import it, directly or not), not in the
# functions that name them: an import statement run at every step costs a microsecond.
from wargames.ancients.commands import rule_of  # noqa: E402
from wargames.ancients.flow import DrawCard  # noqa: E402

__all__ = ["DRAWS", "EpicDraw", "FinishCard", "GiveCards", "PlayGiven"]
