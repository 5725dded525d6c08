"""The sequence of play of Commands & Colors: Ancients, declared once (rendered into docs)."""

from __future__ import annotations

from wargames.core.sequence import SequenceOfPlay, Step

SEQUENCE = SequenceOfPlay(
    game="ancients",
    steps=(
        Step(
            "Set-up",
            "the scenario places the terrain, both armies and their leaders; each player is "
            "dealt as many cards as his Command, the first player first",
            ("CCB-GEN-02", "CCB-HAND-01", "CCB-HAND-04", "CCB-GAP-11"),
        ),
        Step(
            "Turn",
            "the players take turns, the scenario's first player first",
            ("CCB-TURN-01", "CCB-TURN-07"),
            repeat="until a side reaches its banner target",
            steps=(
                Step(
                    "Play a card",
                    "the active player plays one command card from his hand, face up",
                    ("CCB-TURN-02",),
                ),
                Step(
                    "Order",
                    "he orders, one at a time, the units and leaders the card allows",
                    ("CCB-TURN-03", "CCB-ORDERS-01", "CCB-ORDERS-02"),
                ),
                Step(
                    "Move",
                    "the ordered pieces move, one at a time; all movement ends before any battle",
                    ("CCB-TURN-04", "CCB-MOVE-01"),
                ),
                Step(
                    "Battle",
                    "the ordered units battle one at a time, in his order, by ranged or close "
                    "combat; each combat is resolved in full: the defender evades or stands, "
                    "dice, hits and leader checks, flags and retreats (elephants rampage), "
                    "momentum advance, the cavalry's extra hex and bonus close combat, battle "
                    "back",
                    ("CCB-TURN-05", "CCB-BATTLE-01", "CCB-CLOSE-02", "CCB-MOMENTUM-01"),
                ),
                Step(
                    "Draw",
                    "the card is discarded and he draws one; the discards are reshuffled "
                    "when the deck runs out",
                    ("CCB-TURN-06", "CCB-HAND-05"),
                ),
            ),
        ),
    ),
)

__all__ = ["SEQUENCE"]
