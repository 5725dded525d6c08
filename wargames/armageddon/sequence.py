"""Battle for Armageddon's sequence of play, declared once (rendered into the docs page).

Each step names the task classes of :mod:`wargames.armageddon.flow` and the phase modules
that carry it out; the tests check that seeded games follow it
(:meth:`wargames.core.sequence.SequenceOfPlay.check`).
"""

from __future__ import annotations

from wargames.core.sequence import SequenceOfPlay, Step

_PHASE = (
    "BeginPhase",
    # movement (BFA-MOVE-*), with stacking checked at its end
    "MovementPhase",
    "Overstacked",
    # combat (BFA-COMBAT-*)
    "CombatPhase",
    "Announce",
    "AttackCards",
    "DefenceCards",
    "CombatRoll",
    "RerollChoice",
    "TakeLoss",
    "HeroicStand",
    "Retreat",
    "AdvanceChoice",
    "Eliminated",
    "Ruin",
    "EndBattle",
    # build (BFA-BUILD-*)
    "OrkBuild",
    "ImperialBuild",
    "EmergencyProduction",
    "_Moved",
    "PlaceReady",
    # a special card played in a phase
    "OrbitalStrike",
)
"""The tasks of an action phase (movement, combat or build, as the card says)."""

_ACTION = (
    Step(
        "Reveal",
        "turn over the top card of your strategy stack",
        ("BFA-ACTION-01",),
        tasks=("ActionSegment",),
    ),
    Step(
        "First phase",
        "carry out the card's first phase: movement, combat or build",
        ("BFA-PHASE-01", "BFA-ACTION-02"),
        tasks=_PHASE,
    ),
    Step("Second phase", "then the card's second phase", ("BFA-STRAT-02",), tasks=_PHASE),
    Step(
        "Supply",
        "check supply for your own counters only",
        ("BFA-ACTION-04", "BFA-SUPPLY-01"),
        tasks=("SupplyCheck", "OutOfSupply", "EndSegment"),
    ),
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
            tasks=("DeployOrks", "DealSpecial"),
        ),
        Step(
            "Game turn",
            "reinforcements due arrive with an intact hive (research 5.8), then six segments",
            ("BFA-SEQ-01",),
            repeat="8 turns",
            tasks=("BeginTurn", "Arrive"),
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
                    tasks=("PlanCards", "Initiative", "DealSpecial"),
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
                    tasks=("Victory",),
                ),
            ),
        ),
    ),
)
