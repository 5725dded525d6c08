"""The sequence of play of a P-Scale battle, declared once (rendered into the docs page).

Each step names the task classes of :mod:`wargames.horde.flow` and the order, strike and
morale modules that carry it out; the tests check that seeded battles follow it
(:meth:`wargames.core.sequence.SequenceOfPlay.check`). The E-scale engagement's own task
(:class:`wargames.horde.combat.engagement.Finish`) belongs to no battle.
"""

from __future__ import annotations

from wargames.core.sequence import SequenceOfPlay, Step

SEQUENCE = SequenceOfPlay(
    game="horde",
    steps=(
        Step(
            "Set-up",
            "the scenario places both armies on the grid of 10 m squares, one horde per "
            "square, Officers with their hordes or alone, Ambushers in cover possibly in "
            "stealth; each side has an HQ area with a command post",
            ("HMC-SCALE-04", "HMC-SCALE-05", "HMC-GAP-25"),
        ),
        Step(
            "Round",
            "the mission's rounds (10 in the shipped scenarios, research H11)",
            ("HMC-GAP-04",),
            repeat="until a side breaks or the last round ends",
            steps=(
                Step(
                    "Start of the round",
                    "attacks received reset; Brace!, Get Down! and Forced March! lapse if "
                    "their unit was not activated since; old confusion ends; hordes back from a "
                    "Full Retreat! reappear in their HQ area (owner's square); each horde with "
                    "several Officers gets the bonus of one (owner's choice); each horde in "
                    "stealth is looked for (d100 Awareness against the best enemy Perception "
                    "within 5 squares in sight)",
                    (
                        "HMC-GAP-15",
                        "HMC-ORDERS-12",
                        "HMC-OFFICER-07",
                        "HMC-GAP-20",
                    ),
                    tasks=("BeginRound", "ReturnToHQ", "ChooseBonus", "Awareness"),
                ),
                Step(
                    "Activations",
                    "alternately, the side with the initiative first (round 1: the "
                    "scenario's side, then alternating), each side activates one unit not yet "
                    "activated, or passes for the round. An activated horde the Commander may "
                    "order (from his command post, or in his sight) receives one Full or up to "
                    "two Half orders plus Free orders; confused hordes one Half order; fleeing, "
                    "routing and frenzied hordes act as fear or frenzy drives them; lone "
                    "Officers act on their own. Attacks are rolled die by die, counter-attacks "
                    "decided by the defender, morale tested after each hit",
                    ("HMC-ORDERS-01", "HMC-ORDERS-02", "HMC-ORDERS-19", "HMC-GAP-28"),
                    tasks=(
                        "Turn",
                        "Activation",
                        "MoveOrder",
                        "Heal",
                        "SplitSize",
                        "SplitPlacement",
                        "RetreatLoss",
                        # an attack, die by die, and the counter-attack it allows
                        "Engage",
                        "StartStrike",
                        "AttackRoll",
                        "DefenceRoll",
                        "DamageRoll",
                        "TearingChoice",
                        "Inflict",
                        "CounterChoice",
                        "MoraleCheck",
                        "MoraleTest",
                        "AfterActivation",
                        "NextTurn",
                    ),
                ),
                Step(
                    "End of the round",
                    "after the mission's last round the Turning Points of its objectives "
                    "decide (research H11); a side with no horde still fighting has broken and "
                    "loses at once, whenever that happens",
                    ("HMC-GAP-03",),
                    tasks=("EndRound",),
                ),
            ),
        ),
    ),
)

__all__ = ["SEQUENCE"]
