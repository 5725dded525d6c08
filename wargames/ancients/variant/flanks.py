"""What a card placed on one flank orders in the 'Armageddon' variant (CCA-CARDS-01 to -16-EX,
CCA-FLANK-03, -04, CCA-HAND-02, -05).

The base game's card rules (:mod:`wargames.ancients.commands`) say what a card orders on the
whole board; here it is cut down to the flank it was placed on:

* a section card naming one section works only on the flank it names (CCA-CARDS-01, -05) and
  orders its count from one of that flank's two sections (CCA-CARDS-02);
* Coordinated Attack orders one unit in each of the flank's two sections, Out Flanked two
  (CCA-CARDS-07 to -09), on any flank;
* a leadership card works only with its leader in the flank (and, for an Inspired card, on
  the flank it names: CCA-CARDS-03, -05, CCA-GAP-10, -16); the units linked to him may stand
  across a boundary (CCA-CARDS-04);
* every other card orders only pieces standing in the flank (CCA-CARDS-10, CCA-GAP-10); "up
  to Command" is the scenario's Command (CCA-HAND-05, :meth:`AncientsState.command`);
* no piece is ordered by two cards in a turn (CCA-CARDS-15, -16-EX, CCA-FLANK-04): a piece on
  a hex of two flanks may be ordered by either flank's card, not both.

A Counter Attack that found nothing to copy orders one unit of choice in its flank.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from wargames.ancients.board import Seat
from wargames.ancients.cards import CardSpec
from wargames.ancients.commands import (
    fitting,
    found_orderable,
    leaders_to_order,
    narrowed,
    rule_of,
    unordered_units,
)
from wargames.ancients.scenario import Scenario
from wargames.ancients.variant.seats import FLANKS
from wargames.core.caches import PER_SCENARIO
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.variant.state import ArmageddonState as S

COUNTER_ATTACK = "counter-attack"
FIRST_STRIKE = "first-strike"
REACTIONS = (COUNTER_ATTACK, FIRST_STRIKE)
"""Cards played from the hand at their trigger, never placed face down (CCA-GAP-08)."""


@lru_cache(maxsize=PER_SCENARIO)
def subsections(scenario: Scenario) -> dict[str, dict[str, frozenset[str]]]:
    """Per side, per hex: the variant's sections it belongs to (CCA-FLANK-02, -03)."""
    board = scenario.board
    return {
        side: {h: board.subsections_of(h, side) for h in board.ids} for side in ("bottom", "top")
    }


@lru_cache(maxsize=PER_SCENARIO * 8)  # a scenario's seats x flanks
def sections_in(scenario: Scenario, side: Seat, flank: str) -> tuple[str, ...]:
    """The two sections of ``flank``, named from ``side`` (CCA-FLANK-02)."""
    board = scenario.board
    names = [z.name if side == "bottom" else z.mirror for z in board.layout.subsections]
    return tuple(n for n in names if n is not None and board.flank_of(n, side) == flank)


def flanks_of(s: S, side: str, hex_id: str) -> tuple[str, ...]:
    """The flanks a hex lies in, named from ``side``: two on a boundary (CCA-FLANK-03)."""
    found = s.scenario.geometry.sections[side][hex_id]
    return tuple(f for f in FLANKS if f in found)


def in_flank(s: S, side: str, piece: int, flank: str) -> bool:
    return flank in s.scenario.geometry.sections[side][s.where[piece]]


def placed_right(spec: CardSpec, flank: str) -> bool:
    """Whether a card does anything on ``flank``: a section card naming one section, or an
    Inspired Leadership card, only on the flank it names (CCA-CARDS-01, -03, -05, -09,
    CCA-GAP-10)."""
    if spec.group == "section":
        names = spec.section_orders
        return len(names) > 1 or flank in names
    if spec.group == "leadership":
        return spec.leader_section in (None, "any", flank)
    return True


def hand_limit(s: S, side: str) -> int:
    """The side's Command plus its leaders on the board (CCA-HAND-02, -03, CCA-GAP-11)."""
    return s.command(side) + len(s.leaders_of(side))


def played_mark(s: S, flank: str, card: str) -> str:
    """What playing ``card`` on ``flank`` records: a ``!`` when it finds no piece it could
    order in that flank and falls back to 1 unit of choice there (CCB-GAP-33, CCA-CARDS-10,
    CCA-GAP-10); Counter Attack with nothing to copy always does (CCA-GAP-07)."""

    if card == COUNTER_ATTACK:
        return card + "!"
    rule = rule_of(card)
    if isinstance(rule, TacticRule) and rule.spec.fallback == "one-unit":
        side = s.active
        if not any(in_flank(s, side, p, flank) for p in rule.eligible(s, side)):
            return card + "!"
        return card
    return rule.played(s, s.active)


# -- what may be ordered --------------------------------------------------------------------------


def orderable(s: S, side: str, flank: str, card: str) -> tuple[int, ...]:
    """The pieces ``card`` placed on ``flank`` may order next (``s.ordered``: this flank's
    orders so far; pieces ordered on another flank this turn are out, CCA-CARDS-15)."""
    spec = s.scenario.cards[card]
    if not placed_right(spec, flank):
        return ()
    taken = s.taken()
    if card == COUNTER_ATTACK:
        found = () if s.ordered else unordered_units(s, side)
    elif spec.group == "section":
        return tuple([p for p in _section_orderable(s, side, flank, spec) if p not in taken])
    else:
        found = rule_of(card).resolve(s).orderable(s, side)
        if spec.group == "leadership" and s.ordered:  # CCA-CARDS-04: the chain crosses
            return tuple([p for p in found if p not in taken])
    sections, where = s.scenario.geometry.sections[side], s.where  # in the flank only
    return tuple([p for p in found if flank in sections[where[p]] and p not in taken])


def _section_orderable(s: S, side: str, flank: str, spec: CardSpec) -> tuple[int, ...]:
    subs, room, one_section, most = flank_room(s.scenario, side, flank, spec.id)
    if len(s.ordered) >= most:
        return ()
    asker = (spec.id, flank, side)
    candidates = narrowed(s, asker)  # what it found before the last order, if carried
    if candidates is None:
        candidates = (*unordered_units(s, side), *leaders_to_order(s, side, spec.helmet))
    where = subsections(s.scenario)[side]
    at = s.where
    if one_section:  # a section holding every piece ordered so far, and the candidate
        shared = {sub for sub in subs if all(sub in where[at[q]] for q in s.ordered)}
        found = [p for p in candidates if not shared.isdisjoint(where[at[p]])]
    else:
        given = [where[at[q]] for q in s.ordered]
        found = fitting(candidates, [where[at[p]] for p in candidates], given, room)
    return found_orderable(s, asker, tuple(sorted(found)))


@lru_cache(maxsize=PER_SCENARIO * 64)  # a scenario's seats x flanks x section cards
def flank_room(
    scenario: Scenario, side: str, flank: str, card: str
) -> tuple[tuple[str, ...], dict[str, int], bool, int]:
    """What the section card ``card`` placed on ``flank`` gives ``side``: the flank's two
    sections (:func:`sections_in`), the orders each may take, whether the orders all go to
    one of them, and how many orders the card gives in all (CCA-CARDS-02, -07, -08). Worked
    out once per card and flank, not at every order (the returned dictionary is shared: read
    it, never change it)."""
    counts = scenario.cards[card].section_orders
    subs = sections_in(scenario, "bottom" if side == "bottom" else "top", flank)
    if len(counts) == 1:
        room = {sub: sum(counts.values()) for sub in subs}
        return subs, room, True, max(room.values())
    room = {sub: max(counts.values()) for sub in subs}  # CCA-CARDS-07, -08
    return subs, room, False, sum(room.values())


def refusal(s: S, side: str, flank: str, card: str, piece: int) -> RuleViolation:
    """Why ``piece`` may not be ordered by ``card`` on ``flank`` now, naming the rule."""
    spec = s.scenario.cards[card]
    if piece in s.taken():
        return RuleViolation(
            "CCA-CARDS-15", "that piece was ordered by another flank's card this turn"
        )
    if not placed_right(spec, flank):
        return RuleViolation("CCA-CARDS-05", f"{spec.name} on the {flank} flank gives no action")
    outside = s.on_board(piece) and s.side_of(piece) == side and not in_flank(s, side, piece, flank)
    if outside and (spec.group != "leadership" or not s.ordered):
        return RuleViolation("CCA-CARDS-10", f"the card acts only on the {flank} flank")
    if spec.group == "section" and s.ordered and piece not in s.ordered:
        rule = "CCA-CARDS-02" if len(spec.section_orders) == 1 else "CCA-CARDS-07"
        if spec.id == "out-flanked":
            rule = "CCA-CARDS-08"
        return RuleViolation(rule, f"{spec.name} orders no more there on the {flank} flank")
    return rule_of(card).resolve(s).refusal(s, side, piece)


# Imported once this module is complete (they import it, directly or not), not in the
# functions that name them: an import statement run at every step costs a microsecond.
from wargames.ancients.tactics import TacticRule  # noqa: E402

__all__ = [
    "COUNTER_ATTACK",
    "FIRST_STRIKE",
    "REACTIONS",
    "flank_room",
    "flanks_of",
    "hand_limit",
    "in_flank",
    "orderable",
    "placed_right",
    "played_mark",
    "refusal",
    "sections_in",
    "subsections",
]
