"""The decisions of a P-Scale battle and their notation.

Every action is a small frozen value whose ``str`` reads like the orders of the rules and
parses back with :func:`parse`. Units are named by their ids (``IG1``, ``commissar``); squares
by their grid ids (``05-07``, column then row).

========================================  ===============================================
notation                                   decision
========================================  ===============================================
``activate IG1``                          the side's next activation (HMC-GAP-04)
``pass``                                  the side gives no more orders this round
``IG1 attack CH2 ranged``                 Attack Target! (Half, HMC-ORDERS-03); ``... with
                                          heavy-bolter`` names the weapon when there is a
                                          choice
``IG1 charge CH2``, then ``IG1 to 06-07``  Charge! (Full, HMC-ORDERS-04) and where it ends
``IG1 brace``, ``IG1 get down``            Brace!, Get Down! (Full, HMC-ORDERS-05, -06)
``IG1 tactical advance``, ``IG1 to ..``    Tactical Advance! (Half), Rapid Advance!, Forced
                                          March!, Pull Back!, Tactical Retreat! (Full)
                                          (HMC-ORDERS-07 to -11), then the destination
``IG1 full retreat``                      Full Retreat! (Full, HMC-ORDERS-12 to -14)
``IG1 rally``                             Rally! (Free, HMC-ORDERS-15)
``IG1 split``, ``IG1 split 15``,          Split! (Free, HMC-ORDERS-16), the new horde's
then ``IG1-1 at 04-05``                   Magnitude, then its square
``IG1 merge IG2``                         Merge! (Free, HMC-ORDERS-17): IG2 joins IG1
``IG1 hide``, ``IG1 reveal``               enter stealth (Full), leave it (Free)
                                          (HMC-TALENT-01, -03)
``IG1 medicae commissar``                 a Medic tends an Officer (Half, HMC-SPECIALIST-08)
``IG1 done``                              the activation ends
``IG1 flee 04-06``, ``IG1 rout 02-06``,    a fleeing or routing horde's compelled move
``IG1 rout off``                          (HMC-GAP-03)
``commissar sprint``, ``commissar join     an Officer's own actions (HMC-OFFICER-02, -05)
IG1``, ``commissar leave``
``IG1 bonus commissar``                   the Officer whose bonus applies this round
                                          (HMC-OFFICER-07)
``IG1 return 01-05``                      where a horde back from a Full Retreat! reappears
``roll 7``, ``reroll``, ``keep``,          dice (chance outcomes), Tearing, counter-attacks
``counter``, ``hold``                     (shared with the engagement)
========================================  ===============================================

>>> parse("IG1 charge CH2"), str(parse("IG1 attack CH2 ranged with heavy-bolter"))
(Order(unit='IG1', order='charge', target='CH2'), 'IG1 attack CH2 ranged with heavy-bolter')
>>> parse("IG1 tactical advance")
Order(unit='IG1', order='tactical advance', target=None)
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

import attrs

from wargames.core.errors import NotationError
from wargames.core.notation import Reroll, Roll
from wargames.horde.combat.actions import Counter
from wargames.horde.combat.weapons import Kind

ORDERS: Final = (
    "charge",
    "brace",
    "get down",
    "tactical advance",
    "rapid advance",
    "forced march",
    "pull back",
    "tactical retreat",
    "full retreat",
    "rally",
    "hide",
    "reveal",
    "sprint",
    "leave",
    "split",
)
"""The orders and actions written ``UNIT ORDER [TARGET]``."""

MOVES: Final = frozenset(
    {
        "charge",
        "tactical advance",
        "rapid advance",
        "forced march",
        "pull back",
        "tactical retreat",
        "sprint",
    }
)
"""The orders followed by a destination (``IG1 to 05-06``)."""

COST: Final = {
    "charge": 2,
    "brace": 2,
    "get down": 2,
    "tactical advance": 1,
    "rapid advance": 2,
    "forced march": 2,
    "pull back": 2,
    "tactical retreat": 2,
    "full retreat": 2,
    "hide": 2,
    "sprint": 2,
    "rally": 0,
    "reveal": 0,
    "leave": 0,
    "split": 0,
}
"""Half actions each order spends: Full 2, Half 1, Free 0 (HMC-ORDERS-19)."""

RULE: Final = {
    "charge": "HMC-ORDERS-04",
    "brace": "HMC-ORDERS-05",
    "get down": "HMC-ORDERS-06",
    "tactical advance": "HMC-ORDERS-07",
    "rapid advance": "HMC-ORDERS-08",
    "forced march": "HMC-ORDERS-09",
    "pull back": "HMC-ORDERS-10",
    "tactical retreat": "HMC-ORDERS-11",
    "full retreat": "HMC-ORDERS-12",
    "rally": "HMC-ORDERS-15",
    "hide": "HMC-TALENT-01",
    "reveal": "HMC-TALENT-03",
    "sprint": "HMC-OFFICER-02",
    "leave": "HMC-OFFICER-01",
    "split": "HMC-ORDERS-16",
}
"""The rule each order comes from (named when it is refused)."""

VERBS: Final = frozenset({"activate", "pass", "roll", "reroll", "keep", "counter", "hold"})
"""Words that begin an action and so may not be unit ids."""

_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]*$")


def valid_id(text: str) -> bool:
    """Whether ``text`` may name a unit: a letter, then letters, digits, ``_ . -``; no verb."""
    return bool(_ID.match(text)) and text.lower() not in VERBS


@lru_cache(maxsize=1024)
def weapon_slug(name: str) -> str:
    """A weapon's name as one word: ``"Missile Launcher (frag)"`` is ``missile-launcher-frag``."""
    return "-".join(re.findall(r"[a-z0-9]+", name.lower()))


@attrs.frozen(cache_hash=True)
class Activate:
    """The side's next activation: this unit takes its orders now (HMC-GAP-04)."""

    unit: str

    def __str__(self) -> str:
        return f"activate {self.unit}"


@attrs.frozen(cache_hash=True)
class EndTurn:
    """The side gives no more orders this round."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(cache_hash=True)
class Done:
    """The unit's activation ends."""

    unit: str

    def __str__(self) -> str:
        return f"{self.unit} done"


@attrs.frozen(cache_hash=True)
class Order:
    """An order (or an Officer's action) without further arguments, or one whose destination
    is chosen next (:data:`MOVES`); ``target`` for Charge!."""

    unit: str
    order: str
    target: str | None = None

    def __str__(self) -> str:
        return f"{self.unit} {self.order}" + (f" {self.target}" if self.target else "")


@attrs.frozen(cache_hash=True)
class Attack:
    """Attack Target! (HMC-ORDERS-03): ``kind`` is ``melee`` or ``ranged``; ``weapon`` the
    slug of the weapon (:func:`weapon_slug`) when the unit has a choice."""

    unit: str
    target: str
    kind: Kind
    weapon: str | None = None

    def __str__(self) -> str:
        text = f"{self.unit} attack {self.target} {self.kind}"
        return text + (f" with {self.weapon}" if self.weapon else "")


@attrs.frozen(cache_hash=True)
class MoveTo:
    """Where the unit's move order takes it."""

    unit: str
    square: str

    def __str__(self) -> str:
        return f"{self.unit} to {self.square}"


@attrs.frozen(cache_hash=True)
class Flee:
    """A fleeing horde's move away from the enemy (HMC-GAP-03)."""

    unit: str
    square: str

    def __str__(self) -> str:
        return f"{self.unit} flee {self.square}"


@attrs.frozen(cache_hash=True)
class Rout:
    """A routing horde's move toward its HQ; ``None``: it reaches it and leaves the field."""

    unit: str
    square: str | None

    def __str__(self) -> str:
        return f"{self.unit} rout {self.square or 'off'}"


@attrs.frozen(cache_hash=True)
class Split:
    """Split! (HMC-ORDERS-16): a new horde of ``magnitude`` leaves the unit."""

    unit: str
    magnitude: int

    def __str__(self) -> str:
        return f"{self.unit} split {self.magnitude}"


@attrs.frozen(cache_hash=True)
class Place:
    """Where a horde made by Split! stands."""

    unit: str
    square: str

    def __str__(self) -> str:
        return f"{self.unit} at {self.square}"


@attrs.frozen(cache_hash=True)
class Merge:
    """Merge! (HMC-ORDERS-17): ``other`` joins ``unit``."""

    unit: str
    other: str

    def __str__(self) -> str:
        return f"{self.unit} merge {self.other}"


@attrs.frozen(cache_hash=True)
class Join:
    """An Officer joins a horde (HMC-OFFICER-05)."""

    officer: str
    horde: str

    def __str__(self) -> str:
        return f"{self.officer} join {self.horde}"


@attrs.frozen(cache_hash=True)
class Bonus:
    """The attached Officer whose bonus the horde has this round (HMC-OFFICER-07)."""

    horde: str
    officer: str

    def __str__(self) -> str:
        return f"{self.horde} bonus {self.officer}"


@attrs.frozen(cache_hash=True)
class Return:
    """Where a horde back from a Full Retreat! reappears in its HQ area (HMC-ORDERS-12)."""

    unit: str
    square: str

    def __str__(self) -> str:
        return f"{self.unit} return {self.square}"


@attrs.frozen(cache_hash=True)
class Medicae:
    """A horde's Medic tends a wounded Officer nearby (HMC-SPECIALIST-08)."""

    unit: str
    officer: str

    def __str__(self) -> str:
        return f"{self.unit} medicae {self.officer}"


MOVES_CACHE = 1 << 14
"""``UNIT to SQUARE`` actions :func:`move_to` keeps (units x squares of the scenarios played).
Measured over 100 random games of the three scenarios: 13,000 distinct, hit rate 88 % at
16,384 entries as unbounded (60 % at 4,096); a move is some 210 bytes, so at most 3.4 MB."""
ACTIONS_CACHE = 1 << 11
"""Orders and attacks :func:`order` and :func:`attack` keep: 2,700 and 2,300 distinct in 100
random games, still growing after them (3,900 and 3,600 after 300), so 2,048 entries, full
within the first 100 games, keep the process flat after them (issue 13): hit rates over games
100 to 300 of ``benchmarks/memory.py`` 96.7 % and 90.3 % (98.8 % and 94.9 % at 4,096)."""


@lru_cache(maxsize=MOVES_CACHE)
def move_to(unit: str, square: str) -> MoveTo:
    """The action ``UNIT to SQUARE``, made once (move orders list many of them)."""
    return MoveTo(unit, square)


@lru_cache(maxsize=ACTIONS_CACHE)
def order(unit: str, name: str, target: str | None = None) -> Order:
    """The action :class:`Order`, made once (each activation lists the same orders again)."""
    return Order(unit, name, target)


@lru_cache(maxsize=4096)
def activate(unit: str) -> Activate:
    """The action :class:`Activate`, made once."""
    return Activate(unit)


@lru_cache(maxsize=4096)
def done(unit: str) -> Done:
    """The action :class:`Done`, made once."""
    return Done(unit)


@lru_cache(maxsize=ACTIONS_CACHE)
def attack(unit: str, target: str, kind: Kind, weapon: str | None = None) -> Attack:
    """The action :class:`Attack`, made once."""
    return Attack(unit, target, kind, weapon)


@lru_cache(maxsize=ACTIONS_CACHE)
def split(unit: str, magnitude: int) -> Split:
    """The action :class:`Split`, made once (each split lists its sizes again)."""
    return Split(unit, magnitude)


@lru_cache(maxsize=ACTIONS_CACHE)
def return_to(unit: str, square: str) -> Return:
    """The action :class:`Return`, made once (a returning horde's squares are listed again)."""
    return Return(unit, square)


END_TURN: Final = EndTurn()
"""The action :class:`EndTurn`, made once (every activation step lists it)."""


BattleAction = (
    Activate
    | EndTurn
    | Done
    | Order
    | Attack
    | MoveTo
    | Flee
    | Rout
    | Split
    | Place
    | Merge
    | Join
    | Bonus
    | Return
    | Medicae
    | Roll
    | Reroll
    | Counter
)

_PHRASES = sorted((tuple(o.split()) for o in ORDERS), key=len, reverse=True)


def parse(text: str) -> BattleAction:
    """Read an action of a P-Scale battle (raises :class:`NotationError`)."""
    words = text.split()
    if not words:
        raise NotationError("empty action")
    try:
        found = _verb(words) if words[0].lower() in VERBS else _unit_action(words)
    except (ValueError, IndexError):
        found = None
    if found is None:
        raise NotationError(
            f"no action of a P-Scale battle reads {text!r} (a unit's id and its order, or "
            f"{', '.join(repr(v) for v in sorted(VERBS))} first)"
        )
    return found


def _verb(words: list[str]) -> BattleAction | None:
    verb, args = words[0].lower(), words[1:]
    if verb == "activate" and len(args) == 1:
        return Activate(args[0])
    if verb == "roll" and len(args) == 1:
        return Roll(int(args[0]))
    if args:
        return None
    bare: dict[str, BattleAction] = {
        "pass": END_TURN,
        "reroll": Reroll(True),
        "keep": Reroll(False),
        "counter": Counter(True),
        "hold": Counter(False),
    }
    return bare.get(verb)


def _unit_action(words: list[str]) -> BattleAction | None:
    unit, verb, args = words[0], words[1].lower(), words[2:]
    if verb == "split" and len(args) == 1:
        return Split(unit, int(args[0]))
    for phrase in _PHRASES:
        n = len(phrase)
        if tuple(w.lower() for w in words[1 : 1 + n]) == phrase:
            rest = words[1 + n :]
            if len(rest) > 1 or (rest and phrase != ("charge",)):
                return None
            if phrase == ("charge",) and not rest:
                return None
            return Order(unit, " ".join(phrase), rest[0] if rest else None)
    if verb == "attack":
        return _attack(unit, args)
    if verb == "done" and not args:
        return Done(unit)
    if verb == "rout" and len(args) == 1:
        return Rout(unit, None if args[0].lower() == "off" else args[0])
    if len(args) != 1:
        return None
    kinds: dict[str, type[MoveTo | Flee | Place | Merge | Join | Bonus | Return | Medicae]] = {
        "to": MoveTo,
        "flee": Flee,
        "at": Place,
        "merge": Merge,
        "join": Join,
        "bonus": Bonus,
        "return": Return,
        "medicae": Medicae,
    }
    cls = kinds.get(verb)
    return None if cls is None else cls(unit, args[0])


def _attack(unit: str, args: list[str]) -> Attack | None:
    if len(args) == 2 and args[1] in ("melee", "ranged"):
        return Attack(unit, args[0], "melee" if args[1] == "melee" else "ranged")
    if len(args) == 4 and args[1] in ("melee", "ranged") and args[2] == "with":
        return Attack(unit, args[0], "melee" if args[1] == "melee" else "ranged", args[3])
    return None


__all__ = [
    "COST",
    "END_TURN",
    "MOVES",
    "ORDERS",
    "RULE",
    "VERBS",
    "Activate",
    "Attack",
    "BattleAction",
    "Bonus",
    "Counter",
    "Done",
    "EndTurn",
    "Flee",
    "Join",
    "Medicae",
    "Merge",
    "MoveTo",
    "Order",
    "Place",
    "Reroll",
    "Return",
    "Roll",
    "Rout",
    "Split",
    "activate",
    "attack",
    "done",
    "move_to",
    "order",
    "parse",
    "return_to",
    "split",
    "valid_id",
    "weapon_slug",
]
