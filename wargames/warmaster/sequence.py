"""The Warmaster's sequence of play, declared once (rendered into the docs page)."""

from __future__ import annotations

from wargames.core.sequence import SequenceOfPlay, Step

SEQUENCE = SequenceOfPlay(
    game="warmaster",
    steps=(
        Step(
            "Set-up",
            "the Traitor places his starting units face down, at most one per area, and puts "
            "the reinforcements in the cup; the Imperial player sets the Imperial Guard aside "
            "and forms four groups of three, the Emperor's group first",
            ("WM-SETUP-01", "WM-SETUP-02", "WM-SETUP-03", "WM-SETUP-04", "WM-SETUP-05"),
        ),
        Step(
            "Game turn",
            "Bridge control passes to the side alone on the Bridge, then six phases",
            ("WM-SEQ-01", "WM-BRIDGE-02"),
            repeat="until the Emperor or Horus dies (optional turn cap)",
            steps=(
                Step(
                    "Imperial Reinforcements",
                    "turn 1: the four groups teleport, one D66 each, the Emperor's first; "
                    "turn 2: each Imperial Guard unit teleports alone",
                    ("WM-SEQ-03", "WM-REINF-01", "WM-REINF-02", "WM-REINF-04"),
                ),
                Step(
                    "Imperial Movement",
                    "any Imperial units move, 3 areas with Bridge control, else 1; stop on "
                    "entering enemies; stacking checked at the end",
                    ("WM-SEQ-04", "WM-MOVE-01", "WM-STACK-03"),
                ),
                Step(
                    "Imperial Battle",
                    "face-down units sharing an area with Imperial units flip; then every "
                    "contested area is fought, the Imperial player attacking",
                    ("WM-SEQ-05", "WM-HIDDEN-02", "WM-COMBAT-01"),
                ),
                Step(
                    "Traitor Reinforcements",
                    "1D6: 1-2 one unit, 3-4 two, 5-6 three, drawn from the cup, each teleporting "
                    "alone",
                    ("WM-SEQ-06", "WM-REINF-06", "WM-REINF-08"),
                ),
                Step(
                    "Traitor Movement",
                    "any face-up Traitor units move; face-down units never move",
                    ("WM-SEQ-07", "WM-SEQ-08"),
                ),
                Step(
                    "Traitor Battle",
                    "reveals, then every contested area is fought, the Traitor attacking",
                    ("WM-SEQ-09", "WM-COMBAT-05"),
                ),
            ),
        ),
    ),
)
