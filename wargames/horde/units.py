"""The pieces of a P-Scale battle: hordes and Officers, where they are and how they stand.

A :class:`Unit` is a horde (one square to itself, HMC-SCALE-05) or an Officer, a hero who may
join and leave hordes (HMC-OFFICER-01) and share squares (HMC-OFFICER-03). Both carry a
:class:`~wargames.horde.combat.profiles.Horde` value for the combat engine: a horde its profile at
its current Magnitude; an Officer his *hero profile*, the statistics of his own horde profile (or
the one the scenario names) with his wounds as its Magnitude. The host game's
character-versus-horde rules are not part of the horde rules (HMC-OFFICER-04, HMC-GAP-01); here
an Officer fights hordes through the same attack procedure as a horde of Magnitude equal to his
wounds (reconstructed), and is slain at 0.

A unit's *status* says whether it is in the battle: ``fighting`` on the board, ``off-board``
after a Full Retreat! until it reappears at its HQ (HMC-ORDERS-12), or gone for good:
``destroyed`` (HMC-DAMAGE-15), ``routed`` (ran off the field), ``withdrawn`` (left the battle
from its HQ, HMC-ORDERS-14), ``merged`` into another horde (HMC-ORDERS-17) or ``slain`` (an
Officer).

Its *morale* state is one of the research notes' states (HMC-GAP-03): ``confused`` (one
degree of failure), ``fleeing`` (two), ``routing`` (three or more), or ``frenzied``
(Blood-Soaked Tide, HMC-TALENT-07); empty in good order.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, Literal, SupportsIndex

import attrs

from wargames.core.codec import saved
from wargames.core.tasks import own_dict
from wargames.core.transport import by_value
from wargames.horde.combat.data import default_hordes
from wargames.horde.combat.profiles import Horde, Officer, Specialist

Status = Literal["fighting", "off-board", "destroyed", "routed", "withdrawn", "merged", "slain"]
STATUSES: tuple[Status, ...] = (
    "fighting",
    "off-board",
    "destroyed",
    "routed",
    "withdrawn",
    "merged",
    "slain",
)
GONE: frozenset[str] = frozenset({"destroyed", "routed", "withdrawn", "merged", "slain"})
"""Statuses of units that have left the battle for good."""

Morale = Literal["", "confused", "fleeing", "routing", "frenzied"]
MORALE_STATES: tuple[Morale, ...] = ("", "confused", "fleeing", "routing", "frenzied")
CONFUSED: Final = "confused"
FLEEING: Final = "fleeing"
ROUTING: Final = "routing"
FRENZIED: Final = "frenzied"
FAILURES: frozenset[str] = frozenset({CONFUSED, FLEEING, ROUTING})
"""The morale failures: a horde in one of them has Defense 0 and attacks on it maximise their
die (HMC-MORALE-09, -10), and it cannot counter-attack (HMC-COUNTER-01)."""


@lru_cache(maxsize=2048)  # 76.5 % hits over games 100-300 (83.2 % at 4,096): full by game 100
def sized(profile: str, magnitude: int, starting: int, wounds: tuple[int, ...]) -> Horde:
    """The shipped profile ``profile`` at ``magnitude`` out of ``starting``, with its
    Specialists at ``wounds`` (none: no Specialists, as for a horde split off or an Officer's
    hero profile), and no Officers (they are units of their own in a battle). Equal values
    are the same object, so comparing states and looking up attack numbers is fast."""
    base = default_hordes()[profile]
    specialists = tuple(
        [
            Specialist(sp.kind, sp.name, w, sp.max_wounds, sp.weapon)
            for sp, w in zip(base.specialists, wounds, strict=False)
        ]
    )
    # attrs.evolve(base, magnitude=..., starting_magnitude=..., officers=(), specialists=...),
    # written out as the call of the constructor: a profile is made again after most losses
    return Horde(
        base.id,
        base.name,
        base.characteristics,
        magnitude,
        starting,
        base.ap,
        base.weapons,
        base.talents,
        base.unnatural,
        (),
        specialists,
        base.faction,
        base.provenance,
        base.note,
        base.fear,
    )


def profile_reduce(h: Horde, protocol: SupportsIndex) -> tuple[Any, ...]:
    """How a horde's profile pickles (:meth:`Horde.__reduce_ex__
    <wargames.horde.combat.profiles.Horde.__reduce_ex__>`): as the call of :func:`sized` that
    gives it back (a shipped profile at its Magnitude, the Specialists' wounds), a few dozen
    bytes instead of the whole profile with its weapons; any other profile (a user scenario's
    own, a hero's) by value (:mod:`wargames.core.transport`)."""
    args = (h.id, h.magnitude, h.starting_magnitude, tuple(sp.wounds for sp in h.specialists))
    if h.id in default_hordes().hordes and not h.officers and sized(*args) == h:
        return (sized, args)
    return by_value(h, protocol)


def resized(
    h: Horde,
    magnitude: int | None = None,
    starting: int | None = None,
    wounds: tuple[int, ...] | None = None,
) -> Horde:
    """``h`` with a new Magnitude (never below 0), starting Magnitude or Specialists' wounds
    (:func:`sized`)."""
    return sized(
        h.id,
        max(0, h.magnitude if magnitude is None else magnitude),
        h.starting_magnitude if starting is None else starting,
        tuple([sp.wounds for sp in h.specialists]) if wounds is None else wounds,
    )


def unit_to_json(u: Unit) -> dict[str, Any]:
    """A unit as saved (:mod:`wargames.core.codec`): its profile id and what the battle
    changed, not the whole profile (read back from the shipped horde data, :func:`sized`)."""
    h, o = u.horde, u.officer
    return {
        "id": u.id,
        "side": u.side,
        "profile": h.id,
        "magnitude": h.magnitude,
        "starting": h.starting_magnitude,
        "specialists": [sp.wounds for sp in h.specialists],
        "square": u.square,
        "status": u.status,
        "officer": None if o is None else [o.name, o.wounds, list(o.talents)],
        "attached_to": u.attached_to,
        "morale": u.morale,
        "morale_round": u.morale_round,
        "stealthed": u.stealthed,
        "orders": [u.brace, u.get_down, u.forced_march, u.orders_round],
        "received": u.received,
        "round_magnitude": u.round_magnitude,
        "fatigued": u.fatigued,
        "bonus": u.bonus,
        "into": u.into,
    }


def unit_from_json(data: dict[str, Any]) -> Unit:
    """Read back :func:`unit_to_json`."""
    o = data["officer"]
    brace, get_down, forced_march, orders_round = data["orders"]
    return Unit(
        id=data["id"],
        side=data["side"],
        horde=sized(
            data["profile"], data["magnitude"], data["starting"], tuple(data["specialists"])
        ),
        square=data["square"],
        status=data["status"],
        officer=None if o is None else Officer(o[0], o[1], tuple(o[2])),
        attached_to=data["attached_to"],
        morale=data["morale"],
        morale_round=data["morale_round"],
        stealthed=data["stealthed"],
        brace=brace,
        get_down=get_down,
        forced_march=forced_march,
        orders_round=orders_round,
        received=data["received"],
        round_magnitude=data["round_magnitude"],
        fatigued=data["fatigued"],
        bonus=data["bonus"],
        into=data["into"],
    )


@saved("horde/unit", encode=unit_to_json, decode=unit_from_json)
@attrs.frozen(cache_hash=True, slots=False)
class Unit:
    """A horde or an Officer in a battle (see the module docstring)."""

    id: str
    side: str
    horde: Horde
    """The combat profile at the current Magnitude (an Officer's: his wounds)."""
    square: str | None = None
    """Where it stands; ``None`` off the board, gone, or (an Officer) attached to a horde."""
    status: Status = "fighting"
    officer: Officer | None = None
    """For an Officer: his name, wounds when the battle began, and talents."""
    attached_to: str | None = None
    """For an Officer: the horde he has joined (HMC-OFFICER-05)."""
    morale: Morale = ""
    morale_round: int = 0
    """The round its morale state began."""
    stealthed: bool = False
    """In stealth (Ambushers, HMC-TALENT-01 to -03)."""
    brace: bool = False
    """Under Brace! (HMC-ORDERS-05)."""
    get_down: bool = False
    """Under Get Down! (HMC-ORDERS-06)."""
    forced_march: bool = False
    """Made a Forced March! (HMC-ORDERS-09)."""
    orders_round: int = 0
    """The round Brace!, Get Down! or Forced March! was given: it lasts until the unit's next
    activation begins, at most to the end of the following round (HMC-GAP-04)."""
    received: int = 0
    """Attacks received this round (HMC-DEFENSE-05, HMC-GAP-15)."""
    round_magnitude: int = 0
    """Magnitude at the start of the round (the 25% loss morale trigger)."""
    fatigued: bool = False
    """An Officer who sprinted (HMC-OFFICER-02)."""
    bonus: str | None = None
    """A horde: the attached Officer whose bonus applies this round (HMC-OFFICER-07)."""
    into: str | None = None
    """A horde merged away: the horde it joined (HMC-ORDERS-17)."""

    def __attrs_post_init__(self) -> None:
        """A dictionary of its own, read fast, which its copies keep (:func:`own_dict`); it
        also holds :attr:`is_officer` and :attr:`is_horde`, fixed for the unit's life (no copy
        changes ``officer``) and asked at nearly every step: read there as plain attributes,
        not through a property's call."""
        own_dict(self, cached_hash=True)
        kind = self.__dict__
        kind["is_officer"] = self.officer is not None
        kind["is_horde"] = self.officer is None

    if TYPE_CHECKING:  # set by __attrs_post_init__; seen by type checkers as read-only

        @property
        def is_officer(self) -> bool:
            """An Officer (``officer`` set)."""

        @property
        def is_horde(self) -> bool:
            """A horde (no ``officer``)."""

    @property
    def magnitude(self) -> int:
        return self.horde.magnitude

    @property
    def fighting(self) -> bool:
        return self.status == "fighting"

    @property
    def gone(self) -> bool:
        return self.status in GONE

    @property
    def on_board(self) -> bool:
        """Standing on a square (a fighting horde or lone Officer)."""
        return self.status == "fighting" and self.square is not None

    @property
    def lone(self) -> bool:
        """An Officer on the board who has joined no horde."""
        return self.officer is not None and self.attached_to is None and self.on_board

    @property
    def failing(self) -> bool:
        """Suffering a morale failure (HMC-MORALE-09, -10)."""
        return self.morale in FAILURES

    @property
    def talents(self) -> tuple[str, ...]:
        """An Officer's talents (Iron Discipline, Into the Jaws of Hell)."""
        return () if self.officer is None else self.officer.talents

    def label(self) -> str:
        """``IG1 Imperial Guard Infantry Squad (Magnitude 40/40)``."""
        what = self.officer.name if self.officer is not None else self.horde.name
        size = "wounds" if self.officer is not None else "Magnitude"
        return f"{self.id} {what} ({size} {self.magnitude}/{self.horde.starting_magnitude})"


__all__ = [
    "CONFUSED",
    "FAILURES",
    "FLEEING",
    "FRENZIED",
    "GONE",
    "MORALE_STATES",
    "ROUTING",
    "STATUSES",
    "Morale",
    "Status",
    "Unit",
    "resized",
    "sized",
    "unit_from_json",
    "unit_to_json",
]
