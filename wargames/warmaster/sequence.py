"""The Warmaster's sequence of play, declared once (rendered into the docs page).

Each step names the task classes of :mod:`wargames.warmaster.flow` and the phase modules
that carry it out; the tests check that seeded games follow it
(:meth:`wargames.core.sequence.SequenceOfPlay.check`).
"""

from __future__ import annotations

from wargames.core.sequence import SequenceOfPlay, Step

_TELEPORT = ("Teleport", "FromReserve", "PickResult", "EffectOutcome", "ArriveChoice")
"""One teleport: the D66, its effect, where the units arrive (WM-TELEPORT-*)."""

_BATTLE = (
    "Phase",
    "BattlePhase",
    "AmbushDraw",
    "Remove",
    "BattleRoll",
    "RerollChoice",
    "Announce",
    "Doom",
    "TakeLoss",
    "ApplyLosses",
    "RetreatStep",
    "Retreat",
    "AfterBattle",
    # the end of the phase: area control, the Defensive Screens, reactor sabotage
    "EndOfBattle",
    "Sabotage",
    "Blast",
    "AllReactors",
)
"""A side's Battle phase (WM-COMBAT-*)."""

SEQUENCE = SequenceOfPlay(
    game="warmaster",
    steps=(
        Step(
            "Set-up",
            "the Traitor places his starting units face down, at most one per area, and puts "
            "the reinforcements in the cup; the Imperial player sets the Imperial Guard aside "
            "and forms four groups of three, the Emperor's group first",
            ("WM-SETUP-01", "WM-SETUP-02", "WM-SETUP-03", "WM-SETUP-04", "WM-SETUP-05"),
            tasks=("PlaceFaceDown", "FormGroups"),
        ),
        Step(
            "Game turn",
            "Bridge control passes to the side alone on the Bridge, then six phases",
            ("WM-SEQ-01", "WM-BRIDGE-02"),
            repeat="until the Emperor or Horus dies (optional turn cap)",
            tasks=("BeginTurn",),
            steps=(
                Step(
                    "Warp instability",
                    "optional, off in the boarding scenario (reconstructed): from turn 5, a D6 "
                    "of (turn - 4) or less destroys the area of a D66 roll (a units die of 6 "
                    "rolled again); units there roll to survive and the opponent moves the "
                    "survivors out",
                    ("WM-GAP-05",),
                    tasks=("WarpRoll", "WarpArea"),
                ),
                Step(
                    "Imperial Reinforcements",
                    "the fleet's lasers fire first once the Defensive Screens are taken "
                    "(reconstructed); turn 1: the four groups teleport, one D66 each, the "
                    "Emperor's first; "
                    "turn 2: each Imperial Guard unit teleports alone; units sent back to "
                    "reserve teleport again. Holding the Teleportarium as the phase starts "
                    "(reconstructed): every teleport rolls the D66 twice and the Imperial "
                    "player keeps one result, and units from reserve may arrive straight in "
                    "the Teleportarium instead",
                    ("WM-SEQ-03", "WM-REINF-01", "WM-REINF-02", "WM-REINF-04", "WM-GAP-01"),
                    tasks=("Phase", "ImperialReinforcements", "LaserShot", *_TELEPORT),
                ),
                Step(
                    "Imperial Movement",
                    "any Imperial units move, 3 areas with Bridge control, else 1; stop on "
                    "entering enemies; stacking checked at the end",
                    ("WM-SEQ-04", "WM-MOVE-01", "WM-STACK-03"),
                    tasks=("Phase", "MovementPhase", "Overstacked"),
                ),
                Step(
                    "Imperial Battle",
                    "face-down units sharing an area with Imperial units flip; then every "
                    "contested area is fought, the Imperial player attacking. At the end "
                    "(reconstructed): each side takes control of the areas it alone holds; "
                    "Imperial units alone on the Defensive Screens take them, alone in a "
                    "reactor may detonate it",
                    ("WM-SEQ-05", "WM-HIDDEN-02", "WM-COMBAT-01", "WM-GAP-05"),
                    tasks=_BATTLE,
                ),
                Step(
                    "Traitor Reinforcements",
                    "1D6: 1-2 one unit, 3-4 two, 5-6 three, drawn from the cup, each teleporting "
                    "alone",
                    ("WM-SEQ-06", "WM-REINF-06", "WM-REINF-08"),
                    tasks=(
                        "Phase",
                        "TraitorReinforcements",
                        "ReinforcementRoll",
                        "CupDraw",
                        *_TELEPORT,
                    ),
                ),
                Step(
                    "Traitor Movement",
                    "any face-up Traitor units move; face-down units never move",
                    ("WM-SEQ-07", "WM-SEQ-08"),
                    tasks=("Phase", "MovementPhase", "Overstacked"),
                ),
                Step(
                    "Traitor Battle",
                    "reveals, then every contested area is fought, the Traitor attacking; at "
                    "the end each side takes control of the areas it alone holds "
                    "(reconstructed)",
                    ("WM-SEQ-09", "WM-COMBAT-05", "WM-GAP-05"),
                    tasks=_BATTLE,
                ),
            ),
        ),
    ),
    anytime=("Collapse", "LossRoll", "Survivors", "Destroyed", "Breakup", "Escape"),
)
"""The destruction of an area (by the warp, the lasers or a reactor blast) and the break-up
of the ship may come in several steps: they take no place in the order."""
