"""The readings of the horde rules that change numbers, as one options object.

The source is silent, loose or self-contradictory in several places (the catalogue's
HMC-GAP entries). Every reading that changes a number is a field of :class:`HordeRules`; the
default instance :data:`DEFAULT` is the catalogue's reading (written rule over examples,
HMC-GAP-09), and :data:`PRINTED_EXAMPLES` follows the source's worked examples where they
disagree with the written rule:

* full ranged damage adds the *whole* semi/full-auto rate (the bolter example, HMC-GAP-06);
* the Magnitude tens are *truncated* (the chainsword example uses 4 for Magnitude 45,
  HMC-GAP-07);
* partial damage *drops* the weapon's fixed bonus (the monokatana example, HMC-GAP-08).

With the preset the examples' figures come out as printed (Marines at 45, Marines unharmed by
the counter-attack), except the melee example: its terms 5 + 3 + 4 + 4 sum to 16 but the text
states 15 (an addition slip), so the preset gives the Cultists 71, not the printed 72.

``scale`` selects the rules in force: ``"P"`` (every rule, HMC-SCALE-03) or ``"E"`` (only the
horde-on-horde rules, STAT, ATTACK, COUNTER and DAMAGE, HMC-SCALE-02, HMC-GAP-27): at E-Scale
the situational modifiers, weapon qualities, talents and specialists do not apply.

>>> PRINTED_EXAMPLES.rof_full_ranged, DEFAULT.rof_full_ranged
('whole', 'half')
>>> HordeRules.printed_examples() == PRINTED_EXAMPLES
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import attrs

from wargames.core.codec import saved


def _one_of(*values: object) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    return attrs.validators.in_(values)


@saved("horde/horde-rules")
@attrs.frozen(cache_hash=True)
class HordeRules:
    """The readings in force (each field names the gap it settles; defaults are the
    catalogue's readings)."""

    scale: Literal["P", "E"] = attrs.field(default="P", validator=_one_of("P", "E"))
    """``P``: every rule (HMC-SCALE-03); ``E``: only STAT, ATTACK, COUNTER and DAMAGE
    (HMC-SCALE-02, HMC-GAP-27)."""

    defense_ab: Literal["agility", "armour"] = attrs.field(
        default="agility", validator=_one_of("agility", "armour")
    )
    """HMC-GAP-02: the "AB" of Defense = TB + AB is the Agility Bonus, or (alternative) the
    armour points."""

    rof_full_ranged: Literal["half", "whole"] = attrs.field(
        default="half", validator=_one_of("half", "whole")
    )
    """HMC-GAP-06: full ranged damage adds half the higher automatic rate rounded up (the
    written rule), or the whole rate (the bolter example)."""

    magnitude_tens: Literal["up", "truncate"] = attrs.field(
        default="up", validator=_one_of("up", "truncate")
    )
    """HMC-GAP-07: the attacker's tens of Magnitude are rounded up (written rule: 45 gives 5),
    or truncated (the chainsword example: 45 gives 4)."""

    partial_fixed_bonus: bool = True
    """HMC-GAP-08: partial damage keeps the weapon's fixed bonus (written rule), or drops it
    (the monokatana example)."""

    magnitude_bonus: Literal["tens", "literal"] = attrs.field(
        default="tens", validator=_one_of("tens", "literal")
    )
    """HMC-GAP-11: "+2 Magnitude" (Blast per level, Fire Drill, Swift Attack) adds 2 to the
    Magnitude-tens damage term, or (literal) 2 to the Magnitude before its tens are taken."""

    partial_magnitude_bonus: Literal["halved", "whole"] = attrs.field(
        default="halved", validator=_one_of("halved", "whole")
    )
    """HMC-GAP-12: in partial damage the "+2 Magnitude" bonuses are halved with the rest of the
    Magnitude term, or added whole."""

    untrained_rounding: Literal["up", "down"] = attrs.field(
        default="up", validator=_one_of("up", "down")
    )
    """HMC-GAP-13: halving the Horde Attack of an untrained horde rounds up, or down."""

    untrained_order: Literal["base", "total"] = attrs.field(
        default="base", validator=_one_of("base", "total")
    )
    """HMC-GAP-13: the base rating is halved before the other modifiers are added, or the
    modified total is halved."""

    medic_rounding: Literal["down", "up", "nearest"] = attrs.field(
        default="down", validator=_one_of("down", "up", "nearest")
    )
    """HMC-GAP-13: a Medic's horde loses damage x 0.85 rounded down (or up, or to the
    nearest, halves up)."""

    outnumber_by: Literal["magnitude", "hordes"] = attrs.field(
        default="magnitude", validator=_one_of("magnitude", "hordes")
    )
    """HMC-GAP-14: "outnumbered" compares the enemies' total Magnitude in CQC with the
    horde's own, ratio rounded down; or counts the enemy hordes in CQC with it."""

    fleeing_defense: Literal["positive", "all"] = attrs.field(
        default="positive", validator=_one_of("positive", "all")
    )
    """HMC-GAP-17: a fleeing horde's Defense rating and positive defence modifiers count 0
    while penalties still apply; or (``all``) every defence modifier counts 0 too."""

    fleeing_max_die: Literal["attack", "attack-and-damage"] = attrs.field(
        default="attack", validator=_one_of("attack", "attack-and-damage")
    )
    """HMC-GAP-18: attacks on a fleeing horde count the attack d10 as 10; or the damage die
    is maximised as well."""

    tearing: Literal["reroll", "best-of-two"] = attrs.field(
        default="reroll", validator=_one_of("reroll", "best-of-two")
    )
    """HMC-GAP-19: Tearing lets the attacker reroll the damage die once, the new result
    standing (his decision); or (the host game's meaning) two dice are rolled and the higher
    kept."""

    engineer_cover: Literal["before-doubling", "after-doubling"] = attrs.field(
        default="before-doubling", validator=_one_of("before-doubling", "after-doubling")
    )
    """HMC-GAP-21: an Engineer raises the Cover Bonus to +4, which Get Down! doubles (+8); or
    Get Down! doubles the +2 and the Engineer adds 2 after (+6)."""

    pathfinder: Literal["own-horde", "marked-target"] = attrs.field(
        default="own-horde", validator=_one_of("own-horde", "marked-target")
    )
    """HMC-GAP-22: a Pathfinder gives +2 Ranged Attack to his own horde; or to any ally
    shooting an enemy he marked (:attr:`~wargames.horde.combat.context.Side.marked`)."""

    forced_march_on_counter: bool = True
    """HMC-GAP-30: the Forced March! -2 to Attack also applies to counter-attacks."""

    @classmethod
    def printed_examples(cls) -> HordeRules:
        """The readings of the source's worked examples (see the module docstring)."""
        return PRINTED_EXAMPLES

    def to_json(self) -> dict[str, Any]:
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HordeRules:
        return cls(**data)

    def changes(self) -> dict[str, Any]:
        """The fields that differ from :data:`DEFAULT`."""
        base = attrs.asdict(DEFAULT)
        return {k: v for k, v in attrs.asdict(self).items() if base[k] != v}

    def __str__(self) -> str:
        changed = self.changes()
        if not changed:
            return "catalogue readings"
        return "catalogue readings except " + ", ".join(f"{k}={v}" for k, v in changed.items())


DEFAULT = HordeRules()
"""The catalogue's readings (written rule over examples, HMC-GAP-09)."""

PRINTED_EXAMPLES = HordeRules(
    rof_full_ranged="whole", magnitude_tens="truncate", partial_fixed_bonus=False
)
"""The readings the source's worked examples follow (HMC-GAP-06, -07, -08)."""

PRESETS: dict[str, HordeRules] = {"catalogue": DEFAULT, "printed": PRINTED_EXAMPLES}
"""Named presets (for the command line)."""


__all__ = ["DEFAULT", "PRESETS", "PRINTED_EXAMPLES", "HordeRules"]
