"""The cards given to sections under the Epic command rules: where a card may go, the order
the cards are played in, and a card bound to its section (CCB-EPIC-07 to -09)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, cast

from wargames.ancients.close import Combat
from wargames.ancients.commands import RULES, CardRule
from wargames.ancients.epic.seats import FLANKS
from wargames.ancients.flow import Task
from wargames.ancients.state import AncientsState
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.epic.state import EpicState

ARMY = "army"
"""Where a whole-army card is given (CCB-EPIC-08)."""
MAX_CARDS = 3
REACHING = ("leadership-any-section", "line-command")
"""Cards whose ordered units may reach into other sections (CCB-EPIC-09)."""


def card_sections(card: str) -> tuple[str, ...] | None:
    """Where ``card`` may be given: the sections it names (all of them at once), ``()`` for
    any one section (a reaching card), ``None`` for a whole-army card (CCB-EPIC-07 to -09);
    read off the card's spec once (every listing of the cards to give asks it of each)."""
    try:
        return _CARD_SECTIONS[card]
    except KeyError:
        found = _CARD_SECTIONS[card] = _card_sections(card)
        return found


def _card_sections(card: str) -> tuple[str, ...] | None:
    spec = RULES[card].spec
    if spec.group == "section":
        return tuple(f for f in FLANKS if f in spec.section_orders)
    if card in REACHING:
        return ()
    if spec.group == "leadership":
        return (spec.leader_section or "center",)
    return None


_CARD_SECTIONS: dict[str, tuple[str, ...] | None] = {}
""":func:`card_sections` by card id: a card's spec, the same for every rule it is given."""


def play_rank(where: str) -> int:
    """The order the cards given are played in: a whole-army card, else left, center, right
    (a card given to several sections by the first of them)."""
    return (ARMY, *FLANKS).index(where.split("+")[0])


GIVEN_CACHE = 1 << 10
"""The cards given :func:`given_sections` remembers: 1,000 distinct in 100 random games of an
Epic scenario, hit rate 99.5 % from 1,024 entries (98.5 % from 256, 95.7 % from 64); some
0.2 MB when full."""


@lru_cache(maxsize=GIVEN_CACHE)
def given_sections(given: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """The sections taken by the cards given, each counting once (``army`` included); kept
    per ``given``: a turn's listings and steps ask it several times."""
    return tuple([part for _, where in given for part in where.split("+")])


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

    def reachable(self, s: EpicState) -> list[str]:
        """The free sections the card may reach now: none unless it is a reaching card and
        the turn has a card to spare (CCB-EPIC-09)."""
        return s.free() if self.spec.id in REACHING and s.slots() < MAX_CARDS else []

    def reach(self, s: EpicState, piece: int) -> str | None:
        """The free section ``piece`` would take the card into, if it may (CCB-EPIC-09)."""
        found = [f for f in self.reachable(s) if f in self.sections(s, piece)]
        return found[0] if found else None

    def orderable(self, s: AncientsState, side: str) -> tuple[int, ...]:
        """The inner card's orderable pieces that this card may order: not used by an earlier
        card, and in its sections or in one it may reach (the pieces are ``side``'s own, so
        their sections are read off ``side``'s table; the sections it may reach are asked
        once, not piece by piece as :meth:`reach` would)."""
        e = epic(s)
        own = self.own(e)
        used, where = e.used, e.where
        sections = e.scenario.geometry.sections[side]
        free = self.reachable(e)
        found = []
        for p in self.inner.orderable(s, side):
            if p in used:
                continue
            here = sections[where[p]]
            if not here.isdisjoint(own) or not here.isdisjoint(free):  # or self.reach(e, p)
                found.append(p)
        return tuple(found)

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


def epic(s: AncientsState) -> EpicState:
    """``s`` as an Epic state: a card is bound to its section only in one."""
    return cast("EpicState", s)


__all__ = [
    "ARMY",
    "MAX_CARDS",
    "REACHING",
    "SectionBound",
    "card_sections",
    "given_sections",
    "play_rank",
]
