"""The sequence of play of the 'Armageddon' team variant, declared once (rendered into docs).

The base game's sequence is :data:`wargames.ancients.sequence.SEQUENCE` (the registry's
``GAME.sequence``); a variant game carries this one (``ArmageddonState.sequence``), and
:func:`sequence_of` gives the one a state plays by. Each step names the task classes that
carry it out, those of :mod:`wargames.ancients.variant.flow` and the base game's movement and
battles; the tests check that seeded games follow it
(:meth:`wargames.core.sequence.SequenceOfPlay.check`).
"""

from __future__ import annotations

from typing import Any

from wargames.ancients.sequence import BATTLE, MOVE
from wargames.core.sequence import SequenceOfPlay, Step

SEQUENCE = SequenceOfPlay(
    game="ancients-armageddon",
    steps=(
        Step(
            "Set-up",
            "the scenario places the terrain, both armies and their leaders on the 'Armageddon' "
            "board; on a side of three players the Commander gives the center flank to the left "
            "or the right Field General, on a side of two he picks the outside flank he runs "
            "himself, the first side first; each Commander is dealt up to his hand limit "
            "(Command plus his leaders on the board), places one card face down on each of his "
            "three flanks, the first side first, and draws back up to the limit",
            (
                "CCA-GEN-01",
                "CCA-ROLE-04",
                "CCA-ROLE-05",
                "CCA-HAND-02",
                "CCA-HAND-06",
                "CCA-GAP-11",
                "CCA-GAP-12",
            ),
            tasks=("ChooseFlanks", "Refill", "DrawCard", "PlaceCard"),
        ),
        Step(
            "Turn",
            "the sides take turns, the scenario's first side first, its cards of the set-up "
            "revealed at once",
            ("CCA-SEQ-01", "CCA-HAND-07", "CCA-GAP-06"),
            repeat="until a side holds its target in one flank or twice it in all",
            tasks=("BeginTeamTurn",),
            steps=(
                Step(
                    "Counter Attack",
                    "the Commander may play Counter Attack from his hand on any flank, one per "
                    "flank: it copies the card the other side used on the same stretch on its "
                    "latest turn, and the card lying there stays face down for next turn",
                    ("CCA-SEQ-02", "CCA-CARDS-11", "CCA-CARDS-12", "CCA-GAP-07", "CCA-GAP-08"),
                    tasks=("CounterWindow",),
                ),
                Step(
                    "Reveal",
                    "the cards placed last turn are turned up",
                    ("CCA-SEQ-03",),
                    tasks=("Reveal",),
                ),
                Step(
                    "Orders and movement",
                    "flank by flank (left, center, right), the Field General orders with his "
                    "flank's card, in his flank only (Rally and I Am Spartacus roll their dice "
                    "and spend them there); then every flank moves, all movement before any "
                    "combat",
                    ("CCA-SEQ-04", "CCA-ROLE-02", "CCA-CARDS-10", "CCA-CARDS-15", "CCA-GAP-15"),
                    tasks=(
                        "FlankOrders",
                        "FlankOrderStep",
                        "FlankRallyStep",
                        "FlankSpartacusOrders",
                        "CommandRoll",
                        "CommandDice",
                        "LeaveFlank",
                        "FlankMoves",
                        *MOVE,
                    ),
                ),
                Step(
                    "Battle",
                    "one combat at a time: the Commander chooses the ordered unit that battles "
                    "next, its flank's Field General fights it (or lets it pass), and the "
                    "combat is resolved in full before the next; the defending Commander may "
                    "play First Strike before a close combat; a banner counts in the flank "
                    "where the piece fell (on a two-flank hex its Commander chooses), and the "
                    "game ends at the deciding banner",
                    (
                        "CCA-SEQ-05",
                        "CCA-SEQ-06",
                        "CCA-SEQ-07",
                        "CCA-VICTORY-03",
                        "CCA-GAP-13",
                        "CCA-CARDS-14",
                        "CCA-GAP-09",
                        "CCA-BANNER-03",
                        "CCA-VICTORY-04",
                    ),
                    tasks=(
                        "ChooseCombat",
                        "FlankBattle",
                        "LeaveFlank",
                        "FirstStrikeOffer",
                        "TeamDefenderChoice",
                        "CreditChoice",
                        "DrawCard",  # a First Strike played is replaced at once
                        *BATTLE,
                    ),
                ),
                Step(
                    "Place",
                    "the revealed cards are discarded; the Commander places one card face down "
                    "on each flank (none where a card displaced by Counter Attack still lies)",
                    ("CCA-SEQ-08", "CCA-CARDS-06", "CCA-GAP-08"),
                    tasks=("UseUp", "PlaceCard", "Reshuffle"),
                ),
                Step(
                    "Draw",
                    "the Commander draws up to his hand limit; above it he draws nothing",
                    ("CCA-SEQ-09", "CCA-HAND-03", "CCA-HAND-04"),
                    tasks=("Refill", "DrawCard", "EndTeamTurn"),
                ),
            ),
        ),
    ),
)


def sequence_of(state: Any) -> SequenceOfPlay:
    """The sequence of play ``state`` follows: the variant's for a variant game, else the
    base game's."""
    from wargames.ancients.sequence import SEQUENCE as BASE

    found = getattr(type(state), "sequence", None)
    return found if isinstance(found, SequenceOfPlay) else BASE


__all__ = ["SEQUENCE", "sequence_of"]
