"""The Epic command rules: a mode of the base game on the Epic 26x9 board (CCB-EPIC-04 to -10).

Behind the setting ``epic_command`` (CCB-GAP-09: the standard 60-card deck is kept). A side has
an Overall Commander, who holds the cards (CCB-EPIC-04), and a Field General per section; the
game option ``players`` (2, 4, 6 or 8 in all) splits those roles into seats named like the
team variant's, ``side/roles`` with roles joined by ``+`` in the order commander, left,
center, right (a one-player side is the seat ``side``):

=========  ===============================================================================
players    seats of the bottom side
=========  ===============================================================================
2          ``bottom``
4          ``bottom/commander+center``, ``bottom/left+right`` (CCB-EPIC-05, -06)
6          ``bottom/commander+center``, ``bottom/left``, ``bottom/right`` (CCB-EPIC-05)
8          ``bottom/commander``, ``bottom/left``, ``bottom/center``, ``bottom/right``
           (CCB-EPIC-04)
=========  ===============================================================================

The turn (:meth:`EpicState.turn_steps`): the Overall Commander gives out cards
(:class:`GiveCards`, ``give CARD SECTION``, then ``end cards``): up to 3, at most one per
section (CCB-EPIC-07). A card naming sections goes to them and counts one card per section
(Coordinated Attack: all three); a whole-army card (troop cards, tactic cards but Line Command)
is given to ``army`` and is the turn's only card (CCB-EPIC-08); a Leadership card or Line
Command goes to one section and counts one more card for each other section its ordered units
reach, which must be free (CCB-EPIC-09). The cards are then played one after the other, the
whole-army card or left, center, right (:class:`PlayGiven`): each runs its own order, move and
battle steps, decided by the Field General of its section (by the Overall Commander for a
whole-army card); a piece ordered by one card is not ordered by another. Finally the Overall
Commander draws 2 cards, never above his Command (:class:`EpicDraw`, CCB-EPIC-10).

The hand is the Overall Commander's (CCB-EPIC-04), so only his seat sees it and decides what
is played from it (:meth:`EpicState.view`): a Field General sees its size, the cards given to
his own sections this turn, and every other card given this turn as a back in the section it
went to until it is played face up (CCB-TURN-02); the other side sees the same backs. Draws
and ``give`` actions are redacted alike (``draw ?``, ``give ? left``). When a close combat is
declared against a unit whose Field General sits at another seat, the Overall Commander is
asked first whether to play a reaction card from his hand (:class:`ReactionOffer`: First
Strike, ``play first-strike`` or ``end first-strike``); the Field General then evades or
stands (:class:`FieldDefenderChoice`). Where one seat holds both roles (two players, or the
Overall Commander's own section), it is the base game's single choice (CCB-CLOSE-03).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Self

import attrs
import numpy as np

from wargames.ancients import actions as act
from wargames.ancients.close import Combat, DefenderChoice, play_reaction
from wargames.ancients.commands import RULES, CardRule
from wargames.ancients.flow import EndTurn, Task, end, once
from wargames.ancients.state import BACK, COMMANDER, SIDES, AncientsState
from wargames.core.cards import Deck, Pile
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import OptionError, RuleViolation, ScenarioError
from wargames.core.notation import Pass

if TYPE_CHECKING:
    from wargames.ancients.scenario import Scenario

FLANKS: tuple[str, str, str] = ("left", "center", "right")
ARMY = "army"
"""Where a whole-army card is given (CCB-EPIC-08)."""
OVERALL = "overall"
"""The role asked for the Overall Commander himself, whichever card is being played."""
MAX_CARDS = 3
DRAWS = 2
REACHING = ("leadership-any-section", "line-command")
"""Cards whose ordered units may reach into other sections (CCB-EPIC-09)."""

ROLES: dict[int, tuple[tuple[str, ...], ...]] = {
    1: ((COMMANDER, *FLANKS),),
    2: ((COMMANDER, "center"), ("left", "right")),
    3: ((COMMANDER, "center"), ("left",), ("right",)),
    4: ((COMMANDER,), ("left",), ("center",), ("right",)),
}
"""The roles of each seat of a side, by players per side (CCB-EPIC-04 to -06)."""
PER_SIDE = {2: 1, 4: 2, 6: 3, 8: 4}
"""Players per side, by players in all."""


# -- seats -----------------------------------------------------------------------------------


def team_size(players: Any) -> int:
    """Players per side for the game option ``players`` (2, 4, 6 or 8 in all; default 2)."""
    if players is None:
        return 1
    if isinstance(players, bool) or players not in PER_SIDE:
        raise OptionError("players", f"expected 2, 4, 6 or 8 in all, got {players!r}", "ancients")
    return PER_SIDE[players]


def seat_name(side: str, roles: tuple[str, ...], team: int) -> str:
    return side if team == 1 else side + "/" + "+".join(roles)


def seats(side: str, team: int) -> tuple[str, ...]:
    """Every seat of ``side``, the Overall Commander's first (CCB-EPIC-04 to -06)."""
    return tuple(seat_name(side, roles, team) for roles in ROLES[team])


def seat_for(side: str, role: str, team: int) -> str:
    """The seat holding ``role`` (``commander`` or a section's Field General)."""
    for roles in ROLES[team]:
        if role in roles:
            return seat_name(side, roles, team)
    raise KeyError(role)


# -- the cards -------------------------------------------------------------------------------


def card_sections(card: str) -> tuple[str, ...] | None:
    """Where ``card`` may be given: the sections it names (all of them at once), ``()`` for
    any one section (a reaching card), ``None`` for a whole-army card (CCB-EPIC-07 to -09)."""
    spec = RULES[card].spec
    if spec.group == "section":
        return tuple(f for f in FLANKS if f in spec.section_orders)
    if card in REACHING:
        return ()
    if spec.group == "leadership":
        return (spec.leader_section or "center",)
    return None


def play_rank(where: str) -> int:
    """The order the cards given are played in: a whole-army card, else left, center, right
    (a card given to several sections by the first of them)."""
    return (ARMY, *FLANKS).index(where.split("+")[0])


def given_sections(given: tuple[tuple[str, str], ...]) -> list[str]:
    """The sections taken by the cards given, each counting once (``army`` included)."""
    return [part for _, where in given for part in where.split("+")]


@attrs.frozen(cache_hash=True)
class Give:
    """The Overall Commander gives ``card`` to ``section`` (``army``, a section, or several
    joined by ``+``)."""

    card: str
    section: str

    def __str__(self) -> str:
        return f"give {self.card} {self.section}"


def parse_give(text: str) -> Give | None:
    words = text.split()
    if len(words) == 3 and words[0] == "give":
        return Give(words[1], words[2])
    return None


# -- the state -------------------------------------------------------------------------------


@saved("ancients/epic")
@attrs.frozen(slots=False)
class EpicState(AncientsState):
    """A position of an Epic battle under the Epic command rules (see the module docstring)."""

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
        return (GiveCards(), EpicDraw(), EndTurn())

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
            top = state.top
            if type(top) is DefenderChoice and splits(state, top.combat):
                state = state.pop(ReactionOffer(top.combat), FieldDefenderChoice(top.combat))
                continue
            if top.actor(state) is not None:
                break
            state = top.run(state)
        return state

    # -- what a seat sees (CCB-EPIC-04) ------------------------------------------------------

    def roles_of(self, player: Player) -> tuple[str, ...]:
        """The roles ``player`` holds: a seat's own, every role for a side's name."""
        side = player.split("/", 1)[0]
        if side not in SIDES:
            raise ValueError(f"unknown player {player!r}; players: {', '.join(SIDES)}")
        if player == side:
            return (COMMANDER, *FLANKS)
        for roles in ROLES[self.team]:
            if seat_name(side, roles, self.team) == player:
                return roles
        raise ValueError(f"no seat {player!r} with {2 * self.team} players")

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
        from wargames.ancients.flow import drawing_side

        if isinstance(action, act.Draw):
            side = drawing_side(self)
            if side is not None and not self.sees_hand(player, side):
                return f"draw {BACK}"
        if isinstance(action, Give) and not self.sees_given(player, action.section):
            return f"give {BACK} {action.section}"
        return str(action)


def epic(s: AncientsState) -> EpicState:
    assert isinstance(s, EpicState)
    return s


# -- a card bound to its section -----------------------------------------------------------------


class SectionBound(CardRule):
    """A card given to a section: it orders only there, or, for a reaching card, also in free
    sections while the turn has cards to spare, each counting one card (CCB-EPIC-07, -09)."""

    def __init__(self, inner: CardRule) -> None:
        super().__init__(inner.spec)
        self.inner = inner
        self.mods = inner.mods

    def own(self, s: EpicState) -> set[str]:
        return {*s.section.split("+"), *s.reached}

    def sections(self, s: EpicState, piece: int) -> frozenset[str]:
        return s.scenario.geometry.sections[s.side_of(piece)][s.where[piece]]

    def reach(self, s: EpicState, piece: int) -> str | None:
        """The free section ``piece`` would take the card into, if it may (CCB-EPIC-09)."""
        if self.spec.id not in REACHING or s.slots() >= MAX_CARDS:
            return None
        found = [f for f in s.free() if f in self.sections(s, piece)]
        return found[0] if found else None

    def allowed(self, s: EpicState, piece: int) -> bool:
        if piece in s.used:
            return False
        here = self.sections(s, piece)
        return not here.isdisjoint(self.own(s)) or self.reach(s, piece) is not None

    def orderable(self, s: AncientsState, side: str) -> tuple[int, ...]:
        e = epic(s)
        return tuple(p for p in self.inner.orderable(s, side) if self.allowed(e, p))

    def on_order(self, s: AncientsState, piece: int) -> AncientsState:
        e = epic(s)
        if self.sections(e, piece).isdisjoint(self.own(e)):
            reached = self.reach(e, piece)
            assert reached is not None
            e = e.evolve(reached=(*e.reached, reached))
        return self.inner.on_order(e, piece)

    def refusal(self, s: AncientsState, side: str, piece: int) -> RuleViolation:
        e = epic(s)
        if piece in e.used:
            return RuleViolation("CCB-ORDERS-02", "a piece takes no more than one order a turn")
        if piece not in self.inner.orderable(s, side):
            return self.inner.refusal(s, side, piece)
        if self.spec.id in REACHING:
            return RuleViolation(
                "CCB-EPIC-09",
                "reaching another section counts as another card: none is left for it",
            )
        return RuleViolation("CCB-EPIC-07", f"the card was given to the {e.section}")

    def steps(self) -> tuple[Task, ...]:
        return self.inner.steps()

    def may_detach(self) -> bool:
        return self.inner.may_detach()

    def played(self, s: AncientsState, side: str) -> str:
        return self.inner.played(s, side)

    def reaction(self, s: AncientsState, combat: Combat) -> bool:
        return self.inner.reaction(s, combat)

    def react(self, s: AncientsState, combat: Combat) -> Combat:
        return self.inner.react(s, combat)


# -- the turn ----------------------------------------------------------------------------------


@saved("ancients/give-cards")
@attrs.frozen
class GiveCards(Task):
    """The Overall Commander gives out up to 3 cards, at most one per section (CCB-EPIC-07);
    a whole-army card is the turn's only card (CCB-EPIC-08); at least one card is played
    (CCB-TURN-02)."""

    rule: ClassVar[str] = "CCB-EPIC-07"

    def options(self, s: EpicState, card: str) -> tuple[str, ...]:
        if ARMY in given_sections(s.given):
            return ()
        wanted = card_sections(card)
        if wanted is None:
            return () if s.given else (ARMY,)
        free = s.free()
        if not wanted:
            return tuple(free) if s.slots() < MAX_CARDS else ()
        fits = all(f in free for f in wanted) and s.slots() + len(wanted) <= MAX_CARDS
        return ("+".join(wanted),) if fits else ()

    def legal(self, s: AncientsState) -> tuple[Action, ...]:
        e = epic(s)
        found: list[Action] = [
            Give(card, where)
            for card in dict.fromkeys(e.hand(e.active).cards)
            for where in self.options(e, card)
        ]
        if found and e.given:
            found.append(end("cards"))
        return tuple(found)

    def actor(self, s: AncientsState) -> Player | None:
        return s.seat(s.active, OVERALL) if self.legal(s) else None

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
        from wargames.ancients.commands import rule_of

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
        return e.evolve(deck=deck, card=None, section="", used=used, finished=done).pop()


@saved("ancients/epic-draw")
@attrs.frozen
class EpicDraw(Task):
    """Reaction cards are replaced first (CCB-CARDS-34); the Overall Commander then draws 2
    cards, never above his Command (CCB-EPIC-10, CCB-HAND-01)."""

    rule: ClassVar[str] = "CCB-EPIC-10"

    def run(self, s: AncientsState) -> AncientsState:
        from wargames.ancients.flow import DrawCard

        e = epic(s)
        draws = [DrawCard(side) for side in e.owed]
        room = e.command(e.active) - len(e.hand(e.active)) - e.owed.count(e.active)
        draws += [DrawCard(e.active)] * max(0, min(DRAWS, room))
        e = e.evolve(owed=(), given=(), reached=(), used=frozenset(), section="", finished=())
        return e.pop(*draws)


# -- the defence ----------------------------------------------------------------------------------


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


# -- starting -----------------------------------------------------------------------------------


def start_epic(scenario: Scenario, turn_cap: int | None = None, players: Any = None) -> EpicState:
    """An Epic battle under the Epic command rules about to begin: the opening deal
    (CCB-HAND-04), then the first side's Overall Commander gives out cards."""
    from wargames.ancients.flow import deal_tasks
    from wargames.ancients.game import opening

    if scenario.board.layout.id != "epic":
        raise ScenarioError(scenario.name, "epic_command", "the Epic rules need the epic board")
    fields = opening(scenario, turn_cap, deal_tasks(scenario.first))
    state = EpicState(**fields, team=team_size(players))
    return state.settle()


__all__ = [
    "ARMY",
    "EpicDraw",
    "EpicState",
    "FieldDefenderChoice",
    "FinishCard",
    "Give",
    "GiveCards",
    "PlayGiven",
    "ReactionOffer",
    "SectionBound",
    "card_sections",
    "seat_for",
    "seats",
    "start_epic",
    "team_size",
]
