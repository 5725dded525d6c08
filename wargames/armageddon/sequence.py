"""Battle for Armageddon's sequence of play, declared once (rendered into the docs page)."""

from __future__ import annotations

from wargames.core.sequence import SequenceOfPlay, Step

_ACTION = (
    Step("Reveal", "turn over the top card of your strategy stack", ("BFA-ACTION-01",)),
    Step(
        "First phase",
        "carry out the card's first phase: movement, combat or build",
        ("BFA-PHASE-01", "BFA-ACTION-02"),
    ),
    Step("Second phase", "then the card's second phase", ("BFA-STRAT-02",)),
    Step("Supply", "check supply for your own counters only", ("BFA-ACTION-04", "BFA-SUPPLY-01")),
)

SEQUENCE = SequenceOfPlay(
    game="armageddon",
    steps=(
        Step(
            "Set-up",
            "the Imperial army deploys as the reference sheet shows, then the Orks "
            "deploy every counter in Ork territory; each player deals himself two special "
            "cards",
            ("BFA-SETUP-04", "BFA-SETUP-06", "BFA-CARDS-01"),
        ),
        Step(
            "Game turn",
            "six segments",
            ("BFA-SEQ-01",),
            repeat="8 turns",
            steps=(
                Step(
                    "Strategy segment",
                    "each player stacks two strategy cards face down in "
                    "order; both roll a D6 for the initiative (the Orks have it on turn 1); each "
                    "draws a special card",
                    (
                        "BFA-SEQ-03",
                        "BFA-STRAT-03",
                        "BFA-STRAT-05",
                        "BFA-SURPRISE-01",
                        "BFA-STRAT-07",
                    ),
                ),
                Step(
                    "First action segment", "the initiative holder", ("BFA-SEQ-04",), steps=_ACTION
                ),
                Step("Second action segment", "the other player", ("BFA-SEQ-05",), steps=_ACTION),
                Step(
                    "Third action segment",
                    "the initiative holder's second card",
                    ("BFA-SEQ-06",),
                    steps=_ACTION,
                ),
                Step(
                    "Fourth action segment",
                    "the other player's second card",
                    ("BFA-SEQ-07",),
                    steps=_ACTION,
                ),
                Step(
                    "Victory segment",
                    "the Orks win with three captured hives; the Imperium "
                    "with all five hives controlled and Ghazghkull gone; after turn 8, a draw",
                    ("BFA-VICTORY-01", "BFA-VICTORY-02", "BFA-VICTORY-05", "BFA-VICTORY-08"),
                ),
            ),
        ),
    ),
)
