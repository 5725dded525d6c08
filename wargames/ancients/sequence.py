"""The sequence of play of Commands & Colors: Ancients, declared once (rendered into docs).

:data:`SEQUENCE` is the base game's, :data:`EPIC` the turn under the Epic command rules
(``epic_command``); the team variant's is :data:`wargames.ancients.variant.sequence.SEQUENCE`.
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

__all__ = ["EPIC", "SEQUENCE"]
