"""Weapons of the host roleplaying game as hordes use them: damage code, Penetration, rate of
fire, the qualities the horde rules name (Accurate, Blast (X), Tearing) and training.

The host game's profiles are assumed (HMC-GAP-01); these records keep just what the horde
rules read:

* a damage code ``NdS+B`` (``1d10+6``, ``2d10+3``, ``1d5+2``, ``3d5``): dice of 5 or 10 sides
  and a fixed bonus (HMC-DAMAGE-03, -07; other dice than d10, HMC-GAP-34);
* Penetration, reducing the defender's armour on full damage (HMC-DAMAGE-06, -09);
* the rate of fire ``S/semi/full`` (``S/2/-``, ``S/3/10``, ``-/-/6``), whose higher automatic
  rate adds to ranged damage (HMC-DAMAGE-05, -12);
* the class (``melee``, ``pistol``, ``basic``, ``heavy``, ``thrown``): melee weapons make
  melee attacks, the others ranged ones, and a pistol enables Assault Shooters
  (HMC-TALENT-06);
* qualities: Accurate (HMC-WEAPON-01), Blast (X) (HMC-WEAPON-02 to -04), Tearing
  (HMC-WEAPON-05, -06);
* whether the horde is trained with it: an untrained horde halves its Horde Attack
  (HMC-COMBAT-04). The source implies a training attribute per horde and weapon without
  defining one (HMC-GAP-33); here it is a flag of the weapon in the horde's profile.

>>> code = parse_damage("2d10+3")
>>> code.dice, code.sides, code.bonus, str(code)
(2, 10, 3, '2d10+3')
>>> parse_rate_of_fire("S/2/-").best
2
"""

from __future__ import annotations

import re
from typing import Final, Literal

import attrs

from wargames.core.codec import saved

Kind = Literal["melee", "ranged"]
"""The two kinds of horde attack (HMC-ATTACK-01)."""

MELEE: Final = "melee"
RANGED: Final = "ranged"
KINDS: tuple[Kind, ...] = ("melee", "ranged")

CLASSES = ("melee", "pistol", "basic", "heavy", "thrown")
"""Weapon classes of the host game; ``melee`` weapons make melee attacks, the others ranged."""

DAMAGE_SIDES = (5, 10)
"""Dice a damage code may use: the host game rolls d10 and d5 for damage (HMC-GAP-34)."""

QUALITIES = ("Accurate", "Blast (X)", "Tearing")
"""The weapon qualities the horde rules give effects to (HMC-WEAPON-01 to -06)."""

_DAMAGE = re.compile(r"^\s*(\d+)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")
_BLAST = re.compile(r"^\s*blast\s*\(\s*(\d+)\s*\)\s*$", re.IGNORECASE)
_RATE = re.compile(r"^\s*(S|-)\s*/\s*(\d+|-)\s*/\s*(\d+|-)\s*$", re.IGNORECASE)


@saved("horde/damage-code")
@attrs.frozen(cache_hash=True)
class DamageCode:
    """A damage code ``NdS+B``: ``dice`` dice of ``sides`` sides plus a fixed ``bonus``."""

    dice: int
    sides: int
    bonus: int = 0

    @property
    def extra_dice(self) -> int:
        """Dice beyond the first (HMC-DAMAGE-07: +2 each in melee)."""
        return self.dice - 1

    def __str__(self) -> str:
        bonus = f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.dice}d{self.sides}{bonus}"


@saved("horde/rate-of-fire")
@attrs.frozen(cache_hash=True)
class RateOfFire:
    """A rate of fire ``S/semi/full``: single shots, and the semi-auto and full-auto rates
    (0 for ``-``)."""

    single: bool = True
    semi: int = 0
    full: int = 0

    @property
    def best(self) -> int:
        """The higher of the semi-auto and full-auto rates; 0 for a weapon with neither
        (HMC-DAMAGE-05)."""
        return max(self.semi, self.full)

    def __str__(self) -> str:
        def part(n: int) -> str:
            return str(n) if n else "-"

        return f"{'S' if self.single else '-'}/{part(self.semi)}/{part(self.full)}"


NO_FIRE = RateOfFire(False, 0, 0)
"""The rate of fire of a melee weapon (``-/-/-``)."""


@saved("horde/weapon")
@attrs.frozen(cache_hash=True)
class Weapon:
    """A weapon as a horde carries it (see the module docstring)."""

    name: str
    category: str
    """One of :data:`CLASSES` (the host game's weapon class)."""
    damage: DamageCode
    pen: int = 0
    rof: RateOfFire = NO_FIRE
    accurate: bool = False
    blast: int = 0
    """The X of Blast (X); 0 for a weapon without Blast."""
    tearing: bool = False
    trained: bool = True
    """Whether the horde is trained with it (HMC-COMBAT-04, HMC-GAP-33)."""

    @property
    def kind(self) -> Kind:
        """``melee`` for a melee weapon, else ``ranged`` (HMC-ATTACK-01)."""
        return "melee" if self.category == "melee" else "ranged"

    @property
    def pistol(self) -> bool:
        """A pistol enables Assault Shooters (HMC-TALENT-06)."""
        return self.category == "pistol"

    @property
    def qualities(self) -> tuple[str, ...]:
        """The qualities in the data files' notation (``Blast (3)``)."""
        out = []
        if self.accurate:
            out.append("Accurate")
        if self.blast:
            out.append(f"Blast ({self.blast})")
        if self.tearing:
            out.append("Tearing")
        return tuple(out)

    @property
    def penetration(self) -> int:
        """Penetration with Accurate's +2 (HMC-WEAPON-01)."""
        return self.pen + (2 if self.accurate else 0)

    @property
    def hits_several_hordes(self) -> bool:
        """Whether a Blast weapon can hit more than its target horde: only from Blast (20)
        (HMC-WEAPON-04; which hordes is left to the battle game, HMC-GAP-12)."""
        return self.blast >= 20

    def __str__(self) -> str:
        parts = [str(self.damage), f"Pen {self.pen}"]
        if self.kind == "ranged":
            parts.append(str(self.rof))
        parts += self.qualities
        if not self.trained:
            parts.append("untrained")
        return f"{self.name} ({', '.join(parts)})"


def parse_damage(text: str) -> DamageCode:
    """Read a damage code (``1d10+6``, ``2d10-1``, ``3d5``); ``ValueError`` says what is wrong."""
    match = _DAMAGE.match(text)
    if match is None:
        raise ValueError(f"bad damage code {text!r}; expected a code like '1d10+6' or '3d5'")
    dice, sides = int(match.group(1)), int(match.group(2))
    bonus = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
    if not 1 <= dice <= 10:
        raise ValueError(f"bad damage code {text!r}: from 1 to 10 dice")
    if sides not in DAMAGE_SIDES:
        raise ValueError(f"bad damage code {text!r}: damage dice are d5 or d10")
    return DamageCode(dice, sides, bonus)


def parse_rate_of_fire(text: str) -> RateOfFire:
    """Read a rate of fire ``S/semi/full`` (``S/2/-``, ``-/-/10``)."""
    match = _RATE.match(text)
    if match is None:
        raise ValueError(f"bad rate of fire {text!r}; expected one like 'S/2/-' or 'S/3/10'")

    def rate(part: str) -> int:
        return 0 if part == "-" else int(part)

    single = match.group(1).upper() == "S"
    return RateOfFire(single, rate(match.group(2)), rate(match.group(3)))


def parse_quality(text: str) -> tuple[str, int]:
    """Read one quality: ``("accurate", 1)``, ``("blast", 3)``, ``("tearing", 1)``."""
    blast = _BLAST.match(text)
    if blast is not None:
        level = int(blast.group(1))
        if level < 1:
            raise ValueError(f"bad quality {text!r}: Blast needs a level of at least 1")
        return "blast", level
    name = text.strip().lower()
    if name in ("accurate", "tearing"):
        return name, 1
    raise ValueError(f"unknown weapon quality {text!r}; expected one of {list(QUALITIES)}")


__all__ = [
    "CLASSES",
    "DAMAGE_SIDES",
    "KINDS",
    "MELEE",
    "NO_FIRE",
    "QUALITIES",
    "RANGED",
    "DamageCode",
    "Kind",
    "RateOfFire",
    "Weapon",
    "parse_damage",
    "parse_quality",
    "parse_rate_of_fire",
]
