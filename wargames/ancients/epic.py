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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from wargames.ancients.commands import RULES, CardRule
from wargames.ancients.flow import EndTurn, Task, end, task
from wargames.ancients.state import COMMANDER, SIDES, AncientsState
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation, ScenarioError
from wargames.core.notation import Pass

if TYPE_CHECKING:
    from wargames.ancients.close import Combat
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
        raise ScenarioError("(options)", "players", f"expected 2, 4, 6 or 8, got {players!r}")
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

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data["epic"] = {
            "team": self.team,
            "given": [list(g) for g in self.given],
            "section": self.section,
            "reached": list(self.reached),
            "used": sorted(self.used),
            "finished": list(self.finished),
        }
        return data


def with_epic(state: EpicState, epic: dict[str, Any]) -> Any:
    """``state`` with the Epic fields of its JSON form."""
    return state.evolve(
        team=epic["team"],
        given=tuple((c, w) for c, w in epic["given"]),
        section=epic["section"],
        reached=tuple(epic["reached"]),
        used=frozenset(epic["used"]),
        finished=tuple(epic.get("finished", ())),
    )


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


@task
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
        order = (ARMY, *FLANKS)
        given = sorted(s.given, key=lambda g: order.index(g[1].split("+")[0]))
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


@task
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


@task
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


@task
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
    "FinishCard",
    "Give",
    "GiveCards",
    "PlayGiven",
    "SectionBound",
    "card_sections",
    "seat_for",
    "seats",
    "start_epic",
    "team_size",
]
