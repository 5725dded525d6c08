"""The Epic command rules: a mode of the base game on the Epic 26x9 board (CCB-EPIC-04 to -10).

Behind the setting ``epic_command`` (CCB-GAP-09: the standard 60-card deck is kept). A side has
an Overall Commander, who holds the cards (CCB-EPIC-04), and a Field General per section; the
game option ``players`` (2, 4, 6 or 8 in all) splits those roles into seats named
``side/roles``, roles joined by ``+`` in the order commander, left, center, right (a
one-player side is the seat ``side``):

=========  ===============================================================================
players    seats of the bottom side
=========  ===============================================================================
2          ``bottom``
4          ``bottom/commander+center``, ``bottom/left+right`` (CCB-EPIC-05, -06)
6          ``bottom/commander+center``, ``bottom/left``, ``bottom/right`` (CCB-EPIC-05)
8          ``bottom/commander``, ``bottom/left``, ``bottom/center``, ``bottom/right``
           (CCB-EPIC-04)
=========  ===============================================================================

The turn (:mod:`~wargames.ancients.epic.flow`): the Overall Commander gives out cards
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

The modules: :mod:`~wargames.ancients.epic.seats` (the seats), :mod:`~wargames.ancients.epic.state`
(:class:`EpicState`), :mod:`~wargames.ancients.epic.actions` (``give``),
:mod:`~wargames.ancients.epic.sections` (cards bound to sections),
:mod:`~wargames.ancients.epic.flow` (the turn), :mod:`~wargames.ancients.epic.reactions` (the
defence) and :mod:`~wargames.ancients.epic.game` (:func:`start_epic`). They import the base game
(:mod:`wargames.ancients`), never the other way round: the base game reaches them only from
:mod:`wargames.ancients.game`, which starts a scenario with ``epic_command`` set here.
"""

from __future__ import annotations

from wargames.ancients.epic.actions import Give
from wargames.ancients.epic.flow import EpicDraw, FinishCard, GiveCards, PlayGiven
from wargames.ancients.epic.game import start_epic
from wargames.ancients.epic.reactions import FieldDefenderChoice, ReactionOffer
from wargames.ancients.epic.seats import seat_for, team_size
from wargames.ancients.epic.sections import ARMY, SectionBound, card_sections
from wargames.ancients.epic.state import EpicState

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
    "start_epic",
    "team_size",
]
