"""The battle dice of Commands & Colors: Ancients and how a roll scores.

A battle die has six faces, one each: light (green circle), medium (blue triangle), heavy (red
square), helmet, flag and crossed swords (CCB-DICE-01), so each shows with probability 1/6
(CCB-DICE-02-EX). The game never rolls: a roll is a chance node whose outcomes are the faces
(:data:`FACES`), and :func:`score` reads the faces that came up.

What a face does depends on the circumstances, a :class:`Roll`: the kind of roll (ranged,
close, battle back, First Strike, against an evader, rampage, a leader's escape test), the
unit rolling, the target (``None``: a lone leader), a friendly leader attached to the roller
or adjacent to it (CCB-DICE-09, setting CCB-GAP-02) and the sword hits the target ignores.
:meth:`Roll.effect` gives each face's effect; :func:`score` adds them up and applies the
ignores, and says which dice an elephant re-rolls (CCB-ELEPHANT-05 to -07, setting
CCB-GAP-04): every sword that scores is rolled again, again each time it shows swords, and
the whole roll is totalled before anything is applied. Pass the re-rolled faces as further
rounds: ``score(first, roll, [second, third])``.

>>> from wargames.ancients.units import default_units
>>> u = default_units()
>>> roll = Roll("close", u["EL"], u["LI"])
>>> score([Face.SWORDS, Face.FLAG], roll).rerolls
1
>>> s = score([Face.SWORDS, Face.FLAG], roll, [[Face.SWORDS], [Face.LIGHT]])
>>> s.hits, s.flags, s.rerolls
(3, 1, 0)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Literal

import attrs

from wargames.ancients.settings import DEFAULT, AncientsSettings
from wargames.ancients.units import EVERY_SWORD, UnitClass, UnitType, mounted_hit_ignores


class Face(enum.Enum):
    """The six faces of a battle die (CCB-DICE-01)."""

    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"
    HELMET = "helmet"
    FLAG = "flag"
    SWORDS = "swords"

    def __str__(self) -> str:
        return self.value


FACES: tuple[Face, ...] = tuple(Face)
FACE_PROBABILITY = Fraction(1, 6)
"""Each face shows once on a die (CCB-DICE-02-EX)."""

SYMBOLS: dict[UnitClass, Face] = {"light": Face.LIGHT, "medium": Face.MEDIUM, "heavy": Face.HEAVY}
"""The face that hits each class, a white border or not (CCB-UNITS-07, CCB-DICE-03)."""

Kind = Literal["ranged", "close", "battle-back", "first-strike", "evade", "rampage", "escape"]
KINDS: tuple[Kind, ...] = (
    "ranged",
    "close",
    "battle-back",
    "first-strike",
    "evade",
    "rampage",
    "escape",
)
CLOSE_KINDS = frozenset({"close", "battle-back", "first-strike"})
"""Rolls that are close combat in full: swords, helmets, flags, ignores, elephant re-rolls."""
Leader = Literal["none", "attached", "adjacent"]
LEADERS: tuple[Leader, ...] = ("none", "attached", "adjacent")

Effect = Literal["symbol", "sword", "hit", "flag", "none"]
"""What one face does in a roll: a hit of the target's symbol (``"symbol"``, which a camel or
elephant may ignore), a sword hit (``"sword"``, which the target may ignore and an elephant
re-rolls), another hit (``"hit"``: a helmet), a flag, or nothing."""
EFFECTS: tuple[Effect, ...] = ("symbol", "sword", "hit", "flag", "none")


@attrs.frozen
class Roll:
    """The circumstances of one roll: what decides the effect of each face.

    * ``kind``: ``"ranged"``, ``"close"`` (an attack, bonus close combat included),
      ``"battle-back"``, ``"first-strike"``, ``"evade"`` (against a unit that evades),
      ``"rampage"`` (an elephant's rampage, rolled by the piece's opponent) or ``"escape"``
      (a leader's escape test, CCB-LEADER-16);
    * ``roller``: the unit rolling (``None`` for a rampage: no unit rolls it);
    * ``target``: the unit rolled at, ``None`` for a lone leader;
    * ``leader``: a friendly leader ``"attached"`` to the roller or ``"adjacent"`` to it;
    * ``swords_ignored``: sword hits the target ignores in this roll (``None``: its own,
      :attr:`UnitType.sword_ignores`; with terrain use
      :func:`wargames.ancients.terrain.sword_ignores`);
    * ``settings``: the helmet reading (CCB-GAP-02) and the elephant re-roll (CCB-GAP-04).
    """

    kind: Kind = attrs.field(default="close", validator=attrs.validators.in_(KINDS))
    roller: UnitType | None = None
    target: UnitType | None = None
    leader: Leader = attrs.field(default="none", validator=attrs.validators.in_(LEADERS))
    swords_ignored: int | None = None
    settings: AncientsSettings = DEFAULT

    def __attrs_post_init__(self) -> None:
        if self.roller is None and self.kind not in ("rampage",):
            raise ValueError(f"a {self.kind} roll needs the unit that rolls it")
        if self.kind == "escape" and self.target is not None:
            raise ValueError("an escape test is rolled at a leader: target None")

    @property
    def close(self) -> bool:
        return self.kind in CLOSE_KINDS

    @property
    def helmets_score(self) -> bool:
        """Helmets hit a unit in close combat when a friendly leader is attached to the
        roller, or adjacent with the 3rd-edition setting, never for an elephant or a firing
        unit (CCB-DICE-07, -09, CCB-BATTLEBACK-05, CCB-RANGED-14, CCB-ELEPHANT-11)."""
        if not self.close or self.roller is None or not self.roller.leader_benefits:
            return False
        return self.settings.helmet_hits(self.leader == "attached", self.leader == "adjacent")

    @property
    def swords_score(self) -> bool:
        """Swords hit in close combat unless the roller is LI, LS, LB, LC, LBC or HWM
        (CCB-DICE-07, -08)."""
        return self.close and self.roller is not None and self.roller.swords

    @property
    def rerolls_swords(self) -> bool:
        """Whether scoring swords are rolled again (elephants, CCB-ELEPHANT-05, CCB-GAP-04)."""
        return (
            self.swords_score
            and self.roller is not None
            and self.roller.sword_rerolls
            and self.settings.elephant_sword_rerolls
        )

    @property
    def sword_ignores(self) -> int:
        """Sword hits the target ignores in this roll."""
        if self.target is None:
            return 0
        if self.swords_ignored is not None:
            return self.swords_ignored
        return EVERY_SWORD if self.target.ignores_all_swords else self.target.sword_ignores

    @property
    def symbol_ignores(self) -> int:
        """Hits of its own symbol the target ignores: a camel or an elephant against cavalry
        or chariots, in close combat (CCB-CLOSE-24, -25, CCB-ELEPHANT-09)."""
        if self.target is None or not (self.close or self.kind == "evade"):
            return 0
        return mounted_hit_ignores(self.target, self.roller)

    def effect(self, face: Face) -> Effect:
        """What ``face`` does in this roll.

        At a lone leader a helmet is a hit (he is killed if any shows) and nothing else counts
        (CCB-DICE-07, CCB-LEADER-09, -16, CCB-ELEPHANT-17, CCB-FLAGS-11). At a unit: its
        class symbol hits (CCB-DICE-03); swords and helmets as :attr:`swords_score` and
        :attr:`helmets_score`; flags count (CCB-DICE-06), except against an evader, where only
        its symbol scores (CCB-EVADE-09), and in a rampage (CCB-ELEPHANT-16).
        """
        if self.target is None:
            return "hit" if face is Face.HELMET else "none"
        if face is SYMBOLS[self.target.unit_class]:
            return "symbol"
        if self.kind in ("evade", "rampage"):
            return "none"
        if face is Face.FLAG:
            return "flag"
        if face is Face.SWORDS:
            return "sword" if self.swords_score else "none"
        if face is Face.HELMET:
            return "hit" if self.helmets_score else "none"
        return "none"

    def effect_probabilities(self) -> tuple[tuple[Effect, Fraction], ...]:
        """The chance of each effect on one die, in :data:`EFFECTS` order (zeros left out)."""
        counts = dict.fromkeys(EFFECTS, 0)
        for face in FACES:
            counts[self.effect(face)] += 1
        return tuple((e, Fraction(n, 6)) for e, n in counts.items() if n)


@attrs.frozen
class Score:
    """What a roll did.

    ``hits`` after the ignores (hits beyond the target's blocks are lost when applied,
    CCB-DICE-04), ``flags`` before the owner chooses which to ignore (CCB-DICE-05, -06);
    ``rerolls``: how many dice an elephant must roll again now (the scoring swords of the
    last round), ``reroll_dice`` their places in that round. ``ignored_swords`` and
    ``ignored_symbols``: the hits the target ignored.
    """

    hits: int
    flags: int
    rerolls: int = 0
    reroll_dice: tuple[int, ...] = ()
    ignored_swords: int = 0
    ignored_symbols: int = 0
    rounds: int = 1

    @property
    def leader_killed(self) -> bool:
        """At a lone leader: whether a helmet killed him (CCB-LEADER-09)."""
        return self.hits > 0


def count_effects(faces: Iterable[Face], roll: Roll) -> dict[Effect, int]:
    """How many faces of ``faces`` have each effect."""
    counts = dict.fromkeys(EFFECTS, 0)
    for face in faces:
        counts[roll.effect(face)] += 1
    return counts


@attrs.frozen
class Tally:
    """A running total over the rounds of a roll (the first roll and elephant re-rolls)."""

    hits: int = 0
    flags: int = 0
    swords_left: int = 0
    symbols_left: int = 0
    ignored_swords: int = 0
    ignored_symbols: int = 0


def add_round(
    tally: Tally, symbols: int, swords: int, hits: int, flags: int, rerolls: bool
) -> tuple[Tally, int]:
    """Add one round's effect counts to ``tally``; return it and the dice to re-roll.

    The target's ignores are used as soon as their kind of hit shows (an ignored sword is
    not re-rolled, CCB-ELEPHANT-07); every sword that scores is re-rolled when ``rerolls``.
    This is the one place the ignores are applied: :func:`score` and the exact odds
    (:mod:`wargames.ancients.odds`) both use it.
    """
    ign_sw = min(swords, tally.swords_left)
    ign_sy = min(symbols, tally.symbols_left)
    scoring_swords = swords - ign_sw
    new = Tally(
        hits=tally.hits + (symbols - ign_sy) + scoring_swords + hits,
        flags=tally.flags + flags,
        swords_left=tally.swords_left - ign_sw,
        symbols_left=tally.symbols_left - ign_sy,
        ignored_swords=tally.ignored_swords + ign_sw,
        ignored_symbols=tally.ignored_symbols + ign_sy,
    )
    return new, scoring_swords if rerolls else 0


def score(faces: Sequence[Face], roll: Roll, rerolled: Iterable[Sequence[Face]] = ()) -> Score:
    """Score the ``faces`` of a roll made in the circumstances ``roll``.

    ``rerolled`` are the elephant's re-rolls, one round at a time: each round must have as
    many dice as the round before asked for (:attr:`Score.rerolls`). All the rounds are
    totalled together; a re-rolled die counts like any other, flags included
    (CCB-ELEPHANT-06).
    """
    tally = Tally(swords_left=roll.sword_ignores, symbols_left=roll.symbol_ignores)
    rounds = [list(faces), *(list(r) for r in rerolled)]
    pending, done = len(rounds[0]), 0
    places: tuple[int, ...] = ()
    for i, current in enumerate(rounds):
        if len(current) != pending:
            wanted = "no re-roll" if pending == 0 else f"{pending} re-rolled dice"
            raise ValueError(
                f"round {i + 1} of the roll has {len(current)} dice, expected {wanted}"
            )
        effects = [roll.effect(f) for f in current]
        counts = {e: effects.count(e) for e in EFFECTS}
        before = tally.swords_left
        tally, pending = add_round(
            tally,
            counts["symbol"],
            counts["sword"],
            counts["hit"],
            counts["flag"],
            roll.rerolls_swords,
        )
        skip = min(before, counts["sword"])
        swords_at = [j for j, e in enumerate(effects) if e == "sword"]
        places = tuple(swords_at[skip:]) if pending else ()
        done = i + 1
    return Score(
        hits=tally.hits,
        flags=tally.flags,
        rerolls=pending,
        reroll_dice=places,
        ignored_swords=tally.ignored_swords,
        ignored_symbols=tally.ignored_symbols,
        rounds=done,
    )


def rally_restores(face: Face, unit: UnitType) -> bool:
    """Whether a Rally die returns a block to a damaged ``unit`` (next to a friendly leader):
    its class symbol or a helmet, never for elephants and chariots (CCB-CARDS-23, -40,
    CCB-CARDS-42-EX)."""
    return unit.can_be_rallied and face in (SYMBOLS[unit.unit_class], Face.HELMET)


def spartacus_orders(face: Face) -> UnitClass | Literal["any"] | None:
    """What an I Am Spartacus die orders: a unit of the class shown, any unit or leader for a
    helmet, nothing for a flag or swords (CCB-CARDS-19)."""
    for unit_class, symbol in SYMBOLS.items():
        if face is symbol:
            return unit_class
    return "any" if face is Face.HELMET else None


__all__ = [
    "CLOSE_KINDS",
    "EFFECTS",
    "FACES",
    "FACE_PROBABILITY",
    "KINDS",
    "LEADERS",
    "SYMBOLS",
    "Effect",
    "Face",
    "Kind",
    "Leader",
    "Roll",
    "Score",
    "Tally",
    "add_round",
    "count_effects",
    "rally_restores",
    "score",
    "spartacus_orders",
]
