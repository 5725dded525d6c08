"""The actions of The Warmaster and their notation.

Every action is a small frozen value whose ``str`` reads like the rulebook (``place horus 23``,
``group emperor custodes-1 custodes-2``, ``move sanguinius 52``, ``battle 23``, ``retreat
justaerin-1 22``, ``pick 53``) and parses back with :func:`parse`. Chance outcomes are actions
too: ``roll 4`` (one D6; a D66 is two of them, tens then units) and ``draw crew`` (a counter
type drawn from the cup).
"""

from __future__ import annotations

import attrs

from wargames.core.notation import (
    REROLL_READERS,
    Reader,
    end,
    no_args,
    one,
    parse_notation,
    roll,
    two,
)
from wargames.core.notation import (
    Pass as Pass,
)
from wargames.core.notation import (
    Reroll as Reroll,
)
from wargames.core.notation import (
    Roll as Roll,
)


@attrs.frozen(cache_hash=True)
class Place:
    """Set-up: the Traitor puts his next face-down starting unit in an area (WM-SETUP-02)."""

    counter: str
    area: str

    def __str__(self) -> str:
        return f"place {self.counter} {self.area}"


@attrs.frozen(cache_hash=True)
class Group:
    """Set-up: the Imperial player forms his next teleport group (WM-SETUP-05)."""

    units: tuple[str, ...]

    def __str__(self) -> str:
        return "group " + " ".join(self.units)


@attrs.frozen(cache_hash=True)
class Draw:
    """A chance outcome: a counter of type ``kind`` is drawn from the cup (WM-REINF-07)."""

    kind: str

    def __str__(self) -> str:
        return f"draw {self.kind}"


@attrs.frozen(cache_hash=True)
class Move:
    """Movement phase: one unit moves to an area within its allowance (WM-MOVE-02)."""

    unit: str
    area: str

    def __str__(self) -> str:
        return f"move {self.unit} {self.area}"


@attrs.frozen(cache_hash=True)
class Fight:
    """Battle phase: the phasing player picks the next contested area to fight (WM-COMBAT-03)."""

    area: str

    def __str__(self) -> str:
        return f"battle {self.area}"


@attrs.frozen(cache_hash=True)
class Lose:
    """The owner picks one of his units to be destroyed (WM-DESTROY-02, WM-STACK-05)."""

    unit: str

    def __str__(self) -> str:
        return f"lose {self.unit}"


@attrs.frozen(cache_hash=True)
class RetreatTo:
    """The opponent moves a retreating unit one area (WM-RETREAT-01, -02)."""

    unit: str
    area: str

    def __str__(self) -> str:
        return f"retreat {self.unit} {self.area}"


@attrs.frozen(cache_hash=True)
class Arrive:
    """A player picks the area where teleporting units arrive: a teleport effect lets him, or
    units from reserve arrive straight in the Teleportarium his side controls (research 3.2
    rule 4)."""

    area: str

    def __str__(self) -> str:
        return f"arrive {self.area}"


@attrs.frozen(cache_hash=True)
class Pick:
    """The Teleportarium: of the D66 results rolled for one teleport, the teleporting player
    keeps ``result`` (research 3.2 rule 4)."""

    result: int

    def __str__(self) -> str:
        return f"pick {self.result}"


@attrs.frozen(cache_hash=True)
class RollTable:
    """The Teleportarium: units from reserve teleport by rolling on the Teleportation Table
    rather than arriving straight in the Teleportarium (research 3.2 rule 4)."""

    def __str__(self) -> str:
        return "teleport"


@attrs.frozen(cache_hash=True)
class Detonate:
    """Reactor sabotage: units alone in a reactor area blow it up (specials ``reactor``)."""

    area: str

    def __str__(self) -> str:
        return f"detonate {self.area}"


@attrs.frozen(cache_hash=True)
class Fire:
    """The fleet's first laser hit of a turn: the firing player picks an intact hull area."""

    area: str

    def __str__(self) -> str:
        return f"fire {self.area}"


@attrs.frozen(cache_hash=True)
class Displace:
    """A survivor of a destroyed area is moved to an adjacent area by the opposing player."""

    unit: str
    area: str

    def __str__(self) -> str:
        return f"displace {self.unit} {self.area}"


WarmasterAction = (
    Place
    | Group
    | Roll
    | Draw
    | Move
    | Fight
    | Reroll
    | Lose
    | RetreatTo
    | Arrive
    | Pick
    | RollTable
    | Detonate
    | Fire
    | Displace
    | Pass
)


def parse(text: str) -> WarmasterAction:
    """Read an action from its notation (the inverse of ``str``)."""
    return parse_notation(text, _READERS)


def _group(args: list[str]) -> Group:
    if not args:
        raise ValueError("a group needs units")
    return Group(tuple(args))


_READERS: dict[str, Reader[WarmasterAction]] = {
    "place": lambda a: Place(*two(a)),
    "group": _group,
    "roll": roll,
    "draw": lambda a: Draw(one(a)),
    "move": lambda a: Move(*two(a)),
    "battle": lambda a: Fight(one(a)),
    **REROLL_READERS,
    "lose": lambda a: Lose(one(a)),
    "retreat": lambda a: RetreatTo(*two(a)),
    "arrive": lambda a: Arrive(one(a)),
    "pick": lambda a: Pick(int(one(a))),
    "teleport": no_args(RollTable()),
    "detonate": lambda a: Detonate(one(a)),
    "fire": lambda a: Fire(one(a)),
    "displace": lambda a: Displace(*two(a)),
    "end": end,
}
