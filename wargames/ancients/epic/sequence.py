"""The sequence of play under the Epic command rules, declared once (rendered into docs):
:data:`EPIC` (CCB-EPIC-04 to -10). Each step names the task classes that carry it out, those of
:mod:`wargames.ancients.epic.flow` and :mod:`wargames.ancients.epic.reactions` and the base
game's ordering, movement and battles; the tests check that seeded games follow it
(:meth:`wargames.core.sequence.SequenceOfPlay.check`).
"""

from __future__ import annotations

from wargames.ancients.sequence import BATTLE, MOVE, ORDER
from wargames.core.sequence import SequenceOfPlay, Step

EPIC = SequenceOfPlay(
    game="ancients",
    steps=(
        Step(
            "Set-up",
            "the scenario places the terrain, both armies and their leaders; each Overall "
            "Commander is dealt his Command in cards, the first side first",
            ("CCB-EPIC-04", "CCB-HAND-01"),
            tasks=("Deal", "DrawCard"),
        ),
        Step(
            "Turn",
            "the sides take turns, the scenario's first side first",
            ("CCB-TURN-01", "CCB-TURN-07"),
            repeat="until a side reaches its banner target",
            tasks=("BeginTurn",),
            steps=(
                Step(
                    "Give cards",
                    "the Overall Commander gives out up to three cards, at most one per "
                    "section; a whole-army card is the turn's only card",
                    ("CCB-EPIC-07", "CCB-EPIC-08"),
                    tasks=("GiveCards",),
                ),
                Step(
                    "Cards given",
                    "each card given runs its own steps, decided by its section's Field General",
                    ("CCB-EPIC-04", "CCB-EPIC-07"),
                    repeat="once per card given",
                    tasks=("PlayGiven",),
                    steps=(
                        Step("Order", "the card's orders", ("CCB-TURN-03",), tasks=ORDER),
                        Step("Move", "the ordered pieces move", ("CCB-TURN-04",), tasks=MOVE),
                        Step(
                            "Battle",
                            "the ordered units battle one at a time; before a close combat "
                            "on a section whose Field General holds no cards, the Overall "
                            "Commander may react with a card",
                            ("CCB-TURN-05", "CCB-EPIC-04"),
                            tasks=(*BATTLE, "ReactionOffer", "FieldDefenderChoice"),
                        ),
                        Step(
                            "Discard",
                            "the card is discarded; its pieces take no other order this turn",
                            ("CCB-EPIC-07",),
                            tasks=("FinishCard", "Reshuffle"),
                        ),
                    ),
                ),
                Step(
                    "Draw",
                    "reaction cards are replaced; the Overall Commander draws two cards, never "
                    "above his Command",
                    ("CCB-EPIC-10", "CCB-CARDS-34", "CCB-HAND-01"),
                    tasks=("EpicDraw", "DrawCard", "EndTurn"),
                ),
            ),
        ),
    ),
)
"""The turn under the Epic command rules (``epic_command``, CCB-EPIC-04 to -10)."""

__all__ = ["EPIC"]
