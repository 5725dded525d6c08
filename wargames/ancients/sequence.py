"""The sequence of play of Commands & Colors: Ancients, declared once (rendered into docs).

:data:`SEQUENCE` is the base game's; the turn under the Epic command rules is
:data:`wargames.ancients.epic.sequence.EPIC`, the team variant's
:data:`wargames.ancients.variant.sequence.SEQUENCE`.
Each step names the task classes that carry it out; the tests check that seeded games follow
it (:meth:`wargames.core.sequence.SequenceOfPlay.check`).
"""

from __future__ import annotations

from wargames.core.sequence import SequenceOfPlay, Step

ORDER = ("OrderStep", "RallyStep", "SpartacusOrders", "CommandRoll", "CommandDice")
"""Ordering with the card, Rally's and I Am Spartacus's Command rolls among them."""

MOVE = ("MoveStep", "MarshRoll")
"""The ordered pieces' movement (a marsh rolls for the pieces entering it)."""

BATTLE = (
    "BattleStep",
    "Volleys",
    "DefenderChoice",
    "EvadeMove",
    "RollDice",
    "Hits",
    "Flags",
    "MarshRoll",
    "LeaderCheck",
    "LeaderEvade",
    "Arrive",
    "Retreat",
    "ElephantRetreat",
    "Rampage",
    "RampageRoll",
    "Strikes",
    "AttackerStrikes",
    "AfterAttack",
    "Advance",
    "ExtraHex",
    "BonusChoice",
    "BattleBackChoice",
    # Move-Fire-Move moves again after its battles (CCB-CARDS-22)
    "SecondMove",
    "MoveAgain",
)
"""One battle at a time, each resolved in full."""

SEQUENCE = SequenceOfPlay(
    game="ancients",
    steps=(
        Step(
            "Set-up",
            "the scenario places the terrain, both armies and their leaders; each player is "
            "dealt as many cards as his Command, the first player first",
            ("CCB-GEN-02", "CCB-HAND-01", "CCB-HAND-04", "CCB-GAP-11"),
            tasks=("Deal", "DrawCard"),
        ),
        Step(
            "Turn",
            "the players take turns, the scenario's first player first",
            ("CCB-TURN-01", "CCB-TURN-07"),
            repeat="until a side reaches its banner target",
            tasks=("BeginTurn",),
            steps=(
                Step(
                    "Play a card",
                    "the active player plays one command card from his hand, face up",
                    ("CCB-TURN-02",),
                    tasks=("PlayStep",),
                ),
                Step(
                    "Order",
                    "he orders, one at a time, the units and leaders the card allows",
                    ("CCB-TURN-03", "CCB-ORDERS-01", "CCB-ORDERS-02"),
                    tasks=ORDER,
                ),
                Step(
                    "Move",
                    "the ordered pieces move, one at a time; all movement ends before any battle",
                    ("CCB-TURN-04", "CCB-MOVE-01"),
                    tasks=MOVE,
                ),
                Step(
                    "Battle",
                    "the ordered units battle one at a time, in his order, by ranged or close "
                    "combat; each combat is resolved in full: the defender evades or stands, "
                    "dice, hits and leader checks, flags and retreats (elephants rampage), "
                    "momentum advance, the cavalry's extra hex and bonus close combat, battle "
                    "back",
                    ("CCB-TURN-05", "CCB-BATTLE-01", "CCB-CLOSE-02", "CCB-MOMENTUM-01"),
                    tasks=BATTLE,
                ),
                Step(
                    "Draw",
                    "the card is discarded and he draws one; the discards are reshuffled "
                    "when the deck runs out",
                    ("CCB-TURN-06", "CCB-HAND-05"),
                    tasks=("DrawStep", "DrawCard", "Reshuffle", "EndTurn"),
                ),
            ),
        ),
    ),
)

__all__ = ["BATTLE", "MOVE", "ORDER", "SEQUENCE"]
