"""Horde profiles: characteristics and their bonuses, Magnitude, armour, weapons, talents, and
the Officers and Specialists attached to a horde.

The host game's characteristics are assumed (HMC-GAP-01): Weapon Skill, Ballistic Skill,
Strength, Toughness, Agility, Perception and Willpower, each on a 1-100 scale. A
characteristic's *bonus* is its tens digit (``45`` gives 4) plus any Unnatural modifier, which
here adds to the bonus (the Only War / Dark Heresy 2 reading: Unnatural Strength (3) on
Strength 40 gives SB 7). The horde's ratings are built from these bonuses
(:mod:`wargames.horde.combat.ratings`, HMC-STAT-01 to -06).

A :class:`Horde` is a value: its current Magnitude changes by making a new one
(:meth:`Horde.with_magnitude`), so hordes can be cached and compared. The Magnitude it started
the battle with is kept for Strength (HMC-GAP-10).

>>> from wargames.horde.combat.data import horde
>>> guard = horde("Mk 1 Iron Guard")
>>> guard.tb, guard.agb, guard.wsb, guard.sb
(5, 4, 4, 7)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final, SupportsIndex

import attrs

from wargames.core.caches import PER_PROFILE
from wargames.core.codec import saved
from wargames.horde.combat.weapons import Kind, Weapon

CHARACTERISTICS = ("WS", "BS", "S", "T", "Ag", "Per", "WP")
"""The characteristics a horde profile gives, as the data files spell them."""

TALENTS = (
    "Ambushers",
    "Assault Shooters",
    "Blood-Soaked Tide",
    "Disciplined",
    "Fearless",
    "Fire Drill",
    "Swift Attack",
)
"""The horde talents, traits and abilities of the rules (HMC-TALENT-01 to -12)."""

AMBUSHERS: Final = "Ambushers"
ASSAULT_SHOOTERS: Final = "Assault Shooters"
BLOOD_SOAKED_TIDE: Final = "Blood-Soaked Tide"
DISCIPLINED: Final = "Disciplined"
FEARLESS: Final = "Fearless"
FIRE_DRILL: Final = "Fire Drill"
SWIFT_ATTACK: Final = "Swift Attack"

MAX_FEAR = 4
"""The highest Fear level of the host games (research O5: Fear 1 to 4)."""

OFFICER_TALENTS = ("Iron Discipline", "Into the Jaws of Hell")
"""The Officer talents the rules name (HMC-MORALE-04, -05); other host-game talents have no
effect on hordes here (HMC-GAP-32)."""

INTO_THE_JAWS_OF_HELL: Final = "Into the Jaws of Hell"

SPECIALISTS = ("engineer", "medic", "pathfinder", "weapon-specialist")
"""The Specialist classes (HMC-SPECIALIST-05 to -10)."""

ENGINEER: Final = "engineer"
MEDIC: Final = "medic"
PATHFINDER: Final = "pathfinder"
WEAPON_SPECIALIST: Final = "weapon-specialist"


@saved("horde/characteristics")
@attrs.frozen(cache_hash=True)
class Characteristics:
    """The seven characteristics (or, for :attr:`Horde.unnatural`, the Unnatural modifiers
    added to their bonuses)."""

    ws: int = 0
    bs: int = 0
    s: int = 0
    t: int = 0
    ag: int = 0
    per: int = 0
    wp: int = 0

    def value(self, name: str) -> int:
        """The characteristic named as in :data:`CHARACTERISTICS` (``"Ag"``)."""
        return int(getattr(self, name.lower()))


NO_UNNATURAL = Characteristics()


@saved("horde/officer")
@attrs.frozen(cache_hash=True)
class Officer:
    """A hero attached to the horde (HMC-OFFICER-01): his wounds and the talents that matter
    to hordes (:data:`OFFICER_TALENTS`)."""

    name: str
    wounds: int
    talents: tuple[str, ...] = ()


@saved("horde/specialist")
@attrs.frozen(cache_hash=True)
class Specialist:
    """A Specialist attached to the horde for the whole combat (HMC-SPECIALIST-01), with his
    own wound pool (HMC-SPECIALIST-04). A Weapon Specialist carries ``weapon``, which the
    horde may use (HMC-SPECIALIST-10, HMC-GAP-24)."""

    kind: str
    """One of :data:`SPECIALISTS`."""
    name: str
    wounds: int
    max_wounds: int
    weapon: Weapon | None = None

    @property
    def active(self) -> bool:
        """A Specialist helps his horde while he has wounds left."""
        return self.wounds > 0


@saved("horde/horde")
@attrs.frozen(cache_hash=True)
class Horde:
    """A horde: profile, current and starting Magnitude, and what is attached to it."""

    id: str
    name: str
    characteristics: Characteristics
    magnitude: int
    starting_magnitude: int
    ap: int
    """Armour points (a horde has one armour value)."""
    weapons: tuple[Weapon, ...]
    talents: tuple[str, ...] = ()
    unnatural: Characteristics = NO_UNNATURAL
    officers: tuple[Officer, ...] = ()
    specialists: tuple[Specialist, ...] = ()
    faction: str = ""
    provenance: str = "reconstructed"
    note: str = ""
    fear: int = 0
    """The Fear (N) trait of the host games, 1 to 4 (0: none). An enemy horde in close combat
    with this unit takes -10 per level above 1 on its morale tests (HMC-GAP-03, research 3.6,
    H8, O5; :func:`wargames.horde.morale_checks.morale_terms`)."""

    # -- movement (in 10 m squares; :mod:`wargames.horde.movement`), worked out once ------------

    half_move: int = attrs.field(init=False, eq=False, repr=False)
    """Half Move: the Agility Bonus."""
    full_move: int = attrs.field(init=False, eq=False, repr=False)
    """Full Move: 1.5 x Agility Bonus, rounded up (also the Charge! distance)."""
    run_move: int = attrs.field(init=False, eq=False, repr=False)
    """Three times the Half Move (Forced March!, Tactical Retreat!, fleeing)."""

    def __attrs_post_init__(self) -> None:
        """The moves, fixed by the profile's Agility: asked at nearly every step, so worked out
        here once rather than by a property's call each time."""
        half = max(0, self.characteristics.ag // 10 + self.unnatural.ag)
        fixed = object.__setattr__  # a frozen value: its own fields set once, here
        fixed(self, "half_move", half)
        fixed(self, "full_move", -(-3 * half // 2))
        fixed(self, "run_move", 3 * half)

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        """A shipped profile pickles as the call that gives it back, any other by value
        (:func:`wargames.horde.units.profile_reduce`)."""
        from wargames.horde.units import profile_reduce

        return profile_reduce(self, protocol)

    # -- bonuses ----------------------------------------------------------------------------

    def bonus(self, name: str) -> int:
        """The bonus of the characteristic ``name`` (``"T"``): tens digit plus Unnatural."""
        return self.bonuses.value(name)

    @property
    def bonuses(self) -> Characteristics:
        """The seven characteristic bonuses (tens digit plus Unnatural), worked out once per
        profile (:data:`_BONUSES`)."""
        c, u = self.characteristics, self.unnatural
        key = (id(c), id(u))
        found = _BONUSES.get(key)
        if found is not None and found[0] is c and found[1] is u:
            return found[2]
        made = _bonuses(c, u)
        if len(_BONUSES) >= PER_PROFILE:
            _BONUSES.clear()
        _BONUSES[key] = (c, u, made)
        return made

    @property
    def wsb(self) -> int:
        return self.bonuses.ws

    @property
    def bsb(self) -> int:
        return self.bonuses.bs

    @property
    def sb(self) -> int:
        return self.bonuses.s

    @property
    def tb(self) -> int:
        return self.bonuses.t

    @property
    def agb(self) -> int:
        return self.bonuses.ag

    @property
    def perb(self) -> int:
        return self.bonuses.per

    @property
    def wpb(self) -> int:
        return self.bonuses.wp

    @property
    def willpower(self) -> int:
        """Willpower, the characteristic morale tests are made against (HMC-MORALE-01)."""
        return self.characteristics.wp

    # -- Magnitude --------------------------------------------------------------------------

    @property
    def destroyed(self) -> bool:
        """A horde at Magnitude 0 is destroyed (HMC-DAMAGE-15, HMC-GAP-10)."""
        return self.magnitude <= 0

    def with_magnitude(self, magnitude: int) -> Horde:
        """This horde at ``magnitude`` (never below 0)."""
        return attrs.evolve(self, magnitude=max(0, magnitude))

    def lose(self, loss: int) -> Horde:
        """This horde after losing ``loss`` Magnitude (HMC-DAMAGE-01); never below 0."""
        return self.with_magnitude(self.magnitude - loss)

    # -- talents, weapons, attachments ------------------------------------------------------

    def has(self, talent: str) -> bool:
        """Whether the horde has the talent (one of :data:`TALENTS`)."""
        return talent in self.talents

    @property
    def traits(self) -> tuple[str, ...]:
        """The talents, then ``Fear (N)`` if the horde has Fear (HMC-GAP-03): what a profile
        table shows."""
        return (*self.talents, f"Fear ({self.fear})") if self.fear else self.talents

    def specialist(self, kind: str) -> Specialist | None:
        """The first active Specialist of ``kind`` attached, if any."""
        for spec in self.specialists:
            if spec.kind == kind and spec.active:
                return spec
        return None

    @property
    def usable_weapons(self) -> tuple[Weapon, ...]:
        """The horde's weapons, then those of its active Weapon Specialists (HMC-GAP-24)."""
        return _usable(self.weapons, self.specialists)

    def weapons_of(self, kind: Kind) -> tuple[Weapon, ...]:
        """The usable weapons that make ``kind`` attacks."""
        return _horde_weapons_of(self, kind)

    @property
    def has_pistol(self) -> bool:
        """Whether the horde carries a pistol (HMC-TALENT-06)."""
        return _has_pistol(self.weapons, self.specialists)

    def __str__(self) -> str:
        return f"{self.name} (Magnitude {self.magnitude}/{self.starting_magnitude})"


@lru_cache(maxsize=PER_PROFILE)
def _usable(weapons: tuple[Weapon, ...], specialists: tuple[Specialist, ...]) -> tuple[Weapon, ...]:
    """:attr:`Horde.usable_weapons`, worked out once per set of weapons and Specialists."""
    extra = tuple(
        s.weapon
        for s in specialists
        if s.kind == WEAPON_SPECIALIST and s.active and s.weapon is not None
    )
    return weapons + extra


@lru_cache(maxsize=PER_PROFILE)
def _weapons_of(
    weapons: tuple[Weapon, ...], specialists: tuple[Specialist, ...], kind: Kind
) -> tuple[Weapon, ...]:
    """:meth:`Horde.weapons_of`, worked out once per set of weapons and Specialists."""
    return tuple(w for w in _usable(weapons, specialists) if w.kind == kind)


@lru_cache(maxsize=2048)  # 90.2 % hits over games 100-300 (93.2 % at 4,096): full by game 100
def _horde_weapons_of(horde: Horde, kind: Kind) -> tuple[Weapon, ...]:
    """:meth:`Horde.weapons_of`, looked up by the horde (hordes are made once per profile and
    Magnitude: one hash) before its weapons and Specialists."""
    return _weapons_of(horde.weapons, horde.specialists, kind)


@lru_cache(maxsize=PER_PROFILE)
def _has_pistol(weapons: tuple[Weapon, ...], specialists: tuple[Specialist, ...]) -> bool:
    """:attr:`Horde.has_pistol`, worked out once per set of weapons and Specialists."""
    return any(w.pistol for w in _usable(weapons, specialists))


_BONUSES: dict[tuple[int, int], tuple[Characteristics, Characteristics, Characteristics]] = {}
""":attr:`Horde.bonuses` by the identities of the characteristics and the Unnatural modifiers
(every horde of a profile shares them): read at every rating, damage and morale term, where
the look-up in :func:`_bonuses` hashed both (two calls of attrs' hash each time). The entry
holds both, so their identities stay theirs; emptied when :data:`PER_PROFILE` are kept."""


@lru_cache(maxsize=PER_PROFILE)
def _bonuses(characteristics: Characteristics, unnatural: Characteristics) -> Characteristics:
    """:attr:`Horde.bonuses`: each characteristic's tens digit plus its Unnatural modifier."""
    return Characteristics(
        *(characteristics.value(name) // 10 + unnatural.value(name) for name in CHARACTERISTICS)
    )


__all__ = [
    "AMBUSHERS",
    "ASSAULT_SHOOTERS",
    "BLOOD_SOAKED_TIDE",
    "CHARACTERISTICS",
    "DISCIPLINED",
    "ENGINEER",
    "FEARLESS",
    "FIRE_DRILL",
    "INTO_THE_JAWS_OF_HELL",
    "MAX_FEAR",
    "MEDIC",
    "NO_UNNATURAL",
    "OFFICER_TALENTS",
    "PATHFINDER",
    "SPECIALISTS",
    "SWIFT_ATTACK",
    "TALENTS",
    "WEAPON_SPECIALIST",
    "Characteristics",
    "Horde",
    "Officer",
    "Specialist",
]
