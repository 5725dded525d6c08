"""The actions of a horde engagement and their notation.

Chance outcomes are ``roll N`` (the attack d10, the defence d10, the damage d10 or d5); the
attacker of a Tearing weapon decides ``reroll`` or ``keep`` (HMC-WEAPON-05); a horde attacked
in melee decides ``counter`` or ``hold`` (HMC-COUNTER-01).

>>> parse("counter"), parse("keep"), parse("roll 7")
(Counter(attack=True), Reroll(reroll=False), Roll(value=7))
"""

from __future__ import annotations

import attrs

from wargames.core.notation import REROLL_READERS, Reader, no_args, parse_notation, roll
from wargames.core.notation import Reroll as Reroll
from wargames.core.notation import Roll as Roll


@attrs.frozen(cache_hash=True)
class Counter:
    """The horde attacked in melee makes its counter-attack (``counter``) or not (``hold``)."""

    attack: bool

    def __str__(self) -> str:
        return "counter" if self.attack else "hold"


Action = Roll | Reroll | Counter

READERS: dict[str, Reader[Action]] = {
    "roll": roll,
    "counter": no_args(Counter(True)),
    "hold": no_args(Counter(False)),
    **REROLL_READERS,
}


def parse(text: str) -> Action:
    """Read an action of a horde engagement (raises ``NotationError``)."""
    return parse_notation(text, READERS)


__all__ = ["Action", "Counter", "Reroll", "Roll", "parse"]
