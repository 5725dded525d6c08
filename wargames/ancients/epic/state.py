"""The state of an Epic battle under the Epic command rules (:mod:`wargames.ancients.epic`):
the cards given out this turn, and what each seat sees of them (CCB-EPIC-04 to -10)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

import attrs
import numpy as np

from wargames.ancients import actions as act
from wargames.ancients.close import DefenderChoice
from wargames.ancients.commands import CardRule
from wargames.ancients.epic.actions import Give, parse_give
from wargames.ancients.epic.reactions import FieldDefenderChoice, ReactionOffer, splits
from wargames.ancients.epic.seats import FLANKS, OVERALL, ROLES, seat_for, seat_name
from wargames.ancients.epic.sections import ARMY, SectionBound, given_sections, play_rank
from wargames.ancients.state import BACK, COMMANDER, SIDES, AncientsState
from wargames.core.cards import Deck, Pile
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import UnknownPlayerError

if TYPE_CHECKING:
    from wargames.ancients.flow import Task


@saved("ancients/epic")
@attrs.frozen(slots=False)
class EpicState(AncientsState):
    """A position of an Epic battle under the Epic command rules (see
    :mod:`wargames.ancients.epic`)."""

    team: int = 1
    """Players per side (1 to 4)."""
    given: tuple[tuple[str, str], ...] = ()
    """This turn's cards, each with where it went (``army``, sections joined by ``+``)."""
    section: str = ""
    """Where the card being played was given (``""`` between cards)."""
    reached: tuple[str, ...] = ()
    """Sections a reaching card has ordered into this turn, beyond its own (CCB-EPIC-09)."""
    used: frozenset[int] = frozenset()
    """Pieces ordered by the turn's earlier cards."""
    finished: tuple[str, ...] = ()
    """This turn's cards already played and discarded."""

    def turn_steps(self) -> tuple[Task, ...]:
        """The turn under the Epic command rules: give out cards (each then played), draw,
        pass the turn (:mod:`wargames.ancients.epic.flow`)."""

        return (epic_flow.GiveCards(), epic_flow.EpicDraw(), flow.EndTurn())

    def seat(self, side: str, role: str = COMMANDER) -> Player:
        """The Overall Commander (``overall``), or a section's Field General; the side's
        decisions while a card runs go to the Field General of its section."""
        if role == OVERALL:
            role = COMMANDER
        elif role == COMMANDER and side == self.active and self.section in FLANKS:
            role = self.section
        return seat_for(side, role, self.team)

    def role_of(self, piece: int) -> str:
        """The Field General of the section the piece stands in (the first, left to right,
        on a dotted line)."""
        if not self.on_board(piece):
            return COMMANDER
        side = self.side_of(piece)
        found = self.scenario.geometry.sections[side][self.where[piece]]
        return next(f for f in FLANKS if f in found)

    @property
    def rule(self) -> CardRule:
        inner = super().rule
        return inner if self.section in ("", ARMY) else SectionBound(inner)

    def slots(self) -> int:
        """Cards counted this turn: sections given, plus sections reached (CCB-EPIC-09)."""
        return len(given_sections(self.given)) + len(self.reached)

    def free(self) -> list[str]:
        """Sections no card of this turn has taken."""
        taken = set(given_sections(self.given)) | set(self.reached)
        return [f for f in FLANKS if f not in taken]

    def cards_in_play(self) -> tuple[str, ...]:
        """The cards given out this turn and not yet discarded (the one being played among
        them), also when the game ends in the middle of the turn."""
        left = list(self.finished)
        out: list[str] = []
        for card, _ in self.given:
            if card in left:
                left.remove(card)
            else:
                out.append(card)
        return tuple(out)

    def parse_action(self, text: str) -> Action:
        found = parse_give(text)
        return found if found is not None else super().parse_action(text)

    # -- the defence: the Overall Commander's reaction, the Field General's choice -------------

    def settle(self) -> Self:
        """Automatic steps, and a defender's choice split in two when the unit's Field General
        does not hold the cards: the Overall Commander's reaction first, then the Field
        General's evade or stand (CCB-EPIC-04, CCB-CLOSE-03)."""
        state = self
        while state.tasks and state.result is None:
            top = state.tasks[-1]
            if type(top) is DefenderChoice and splits(state, top.combat):
                state = state.pop(ReactionOffer(top.combat), FieldDefenderChoice(top.combat))
                continue
            actor = top.actor(state)
            if actor is not None:
                state._memo["player"] = actor  # who decides, found on the way (as the kit's)
                break
            state = top.run(state)
        return state

    # -- what a seat sees (CCB-EPIC-04) ------------------------------------------------------

    def roles_of(self, player: Player) -> tuple[str, ...]:
        """The roles ``player`` holds: a seat's own, every role for a side's name."""
        side = player.split("/", 1)[0]
        if side not in SIDES:
            raise UnknownPlayerError(player, SIDES)
        if player == side:
            return (COMMANDER, *FLANKS)
        for roles in ROLES[self.team]:
            if seat_name(side, roles, self.team) == player:
                return roles
        everyone = (*SIDES, *(seat_name(s, r, self.team) for s in SIDES for r in ROLES[self.team]))
        raise UnknownPlayerError(player, everyone)

    def sees_hand(self, player: Player, side: str) -> bool:
        """Whether ``player`` sees ``side``'s hand: only its Overall Commander (CCB-EPIC-04)."""
        return player.split("/", 1)[0] == side and COMMANDER in self.roles_of(player)

    def sees_given(self, player: Player, where: str) -> bool:
        """Whether ``player`` sees the face of a card of this turn given to ``where`` before
        it is played: the Overall Commander who gave it and the Field General who got it."""
        if player.split("/", 1)[0] != self.active:
            return False
        roles = self.roles_of(player)
        return COMMANDER in roles or any(part in roles for part in where.split("+"))

    def face_down(self) -> tuple[bool, ...]:
        """Per card given this turn: whether it is still face down (neither played nor being
        played). The cards are played in the order :meth:`GiveCards.play` gives them."""
        order = sorted(range(len(self.given)), key=lambda i: play_rank(self.given[i][1]))
        shown = len(self.finished) + (self.card is not None and self.section != "")
        up = set(order[:shown])
        return tuple(i not in up for i in range(len(self.given)))

    def view(self, player: Player) -> Self:
        """What ``player`` sees: a side's hand only from its Overall Commander's seat, as backs
        from any other; the cards given this turn face up once played, before that only to
        the Commander and the Field General who got them (a back in its section to anyone
        else); the draw pile as backs (CCB-EPIC-04, CCB-TURN-02)."""
        hands = tuple(
            hand if self.sees_hand(player, side) else Pile((BACK,) * len(hand))
            for side, hand in zip(SIDES, self.hands, strict=True)
        )
        given = tuple(
            (BACK if down and not self.sees_given(player, where) else card, where)
            for (card, where), down in zip(self.given, self.face_down(), strict=True)
        )
        seen = self.evolve(
            hands=hands,
            given=given,
            deck=Deck(Pile((BACK,) * len(self.deck.draw)), self.deck.discards),
        )
        if "index" in self._memo:
            seen._memo["index"] = self._memo["index"]
        return self.share(seen, player)

    def resample_hidden(self, player: Player, rng: np.random.Generator) -> Self:
        """A full state consistent with what ``player`` sees: every card hidden from him (the
        hands he may not see, the face-down cards given to others, the draw pile) dealt
        again at random."""
        view = self.view(player)
        hidden_hands = [real is not seen for real, seen in zip(self.hands, view.hands, strict=True)]
        hidden_given = [seen == BACK for seen, _ in view.given]
        unseen = [
            c for h, hand in zip(hidden_hands, self.hands, strict=True) if h for c in hand.cards
        ]
        unseen += [c for h, (c, _) in zip(hidden_given, self.given, strict=True) if h]
        unseen += list(self.deck.draw.cards)
        order = rng.permutation(len(unseen))
        dealt = [unseen[int(i)] for i in order]
        hands = list(self.hands)
        for i, hidden in enumerate(hidden_hands):
            if hidden:
                size = len(hands[i])
                hands[i], dealt = Pile.of(dealt[:size]), dealt[size:]
        given = list(self.given)
        for i, hidden in enumerate(hidden_given):
            if hidden:
                given[i], dealt = (dealt[0], given[i][1]), dealt[1:]
        new = self.evolve(
            hands=(hands[0], hands[1]),
            given=tuple(given),
            deck=Deck(Pile.of(dealt), self.deck.discards),
        )
        if "index" in self._memo:
            new._memo["index"] = self._memo["index"]
        return new

    def redact(self, action: Action, player: Player) -> str:
        """``action`` as ``player`` may read it: the Overall Commander's draws and the cards
        he gives are hidden from those who may not see them (``draw ?``, ``give ? left``)."""

        if isinstance(action, act.Draw):
            side = flow.drawing_side(self)
            if side is not None and not self.sees_hand(player, side):
                return f"draw {BACK}"
        if isinstance(action, Give) and not self.sees_given(player, action.section):
            return f"give {BACK} {action.section}"
        return str(action)


def epic(s: AncientsState) -> EpicState:
    if type(s) is not EpicState:  # the exact class: no check through the ABC machinery
        assert isinstance(s, EpicState)
    return s


# Imported once this module is complete (they import it, directly or not), not in the
# functions that name them: an import statement run at every step costs a microsecond.
# (as modules: the Epic flow module imports this one at its top, and may be importing it)
from wargames.ancients import flow  # noqa: E402
from wargames.ancients.epic import flow as epic_flow  # noqa: E402

__all__ = ["EpicState", "epic"]
