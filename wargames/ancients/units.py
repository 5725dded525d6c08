"""The unit table of Commands & Colors: Ancients as typed records, and the rules read off it.

Every troop type of the catalogue is one :class:`UnitType` row of ``data/units.toml`` (LI, LS,
LB, AX, WA, MI, HI, HWM, LC, LBC, MC, HC, CHC (cataphracted heavy cavalry), HCH, LBCH, EL, CAM
(camels) and CCAM (cataphracted camels)), with its provenance and the rule ids it rests on.
:func:`load_units` reads and validates the file (or a corrected copy dropped in a folder):
every problem raises :class:`~wargames.core.errors.ScenarioError` naming the file, the key
path and what is wrong.

The functions below read the rules off the rows: :func:`close_dice` (with the elephant's dice
by target, CCB-ELEPHANT-01 to -04), :func:`fire_dice` (and :func:`armed`, a row a scenario
arms with missiles, CCB-RANGED-01), :func:`battle_after_move`,
:func:`may_evade`, :func:`retreat_per_flag`, :func:`mounted_hit_ignores`,
:func:`bonus_combat_allowed`.

>>> units = default_units()
>>> close_dice(units["WA"], units["MI"]), close_dice(units["WA"], units["MI"], full_strength=False)
(4, 3)
>>> close_dice(units["EL"], units["HI"]), close_dice(units["EL"], None)
(5, 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache, lru_cache
from typing import Literal

import attrs

from wargames.ancients.settings import DEFAULT, AncientsSettings
from wargames.core.caches import PER_DATA
from wargames.core.scenario import Node, data_reader

UnitClass = Literal["light", "medium", "heavy"]
Kind = Literal["infantry", "war-machine", "cavalry", "chariot", "camel", "elephant"]
MoveRule = Literal["normal", "auxilia", "warrior-charge", "no-battle-if-moved"]
BonusCombat = Literal["always", "with-leader", "never"]
Role = Literal["attack", "battle-back", "first-strike"]
"""Why a unit rolls close-combat dice: its own attack (a bonus close combat included),
battling back (CCB-BATTLEBACK-04) or striking first under First Strike (CCB-CARDS-32)."""
BattleAfterMove = Literal["may", "must", "may-not"]

CLASSES: tuple[UnitClass, ...] = ("light", "medium", "heavy")
KINDS: tuple[Kind, ...] = ("infantry", "war-machine", "cavalry", "chariot", "camel", "elephant")
MOVE_RULES: tuple[MoveRule, ...] = ("normal", "auxilia", "warrior-charge", "no-battle-if-moved")
BONUS_COMBATS: tuple[BonusCombat, ...] = ("always", "with-leader", "never")
EVADE_TERMS = ("any", "foot", "heavy-mounted", "elephant")
"""Terms of a unit's ``evade`` list: it may evade an attacker that matches any of them."""
FOOT_KINDS = frozenset({"infantry", "war-machine"})
EVERY_SWORD = 99
"""The sword ignores of an elephant: more swords than any roll can show (CCB-ELEPHANT-08)."""
LONE_LEADER_DICE = 1
"""An elephant rolls 1 die against a lone leader (CCB-ELEPHANT-02)."""
RULE_ID = re.compile(r"^CC[AB]-[A-Z]+-\d+(-EX)?$")
SCENARIO_FIRE_DICE: tuple[int, ...] = (2, 1)
"""The dice a unit armed by a scenario fires: 2 if it has not moved this turn, 1 if it has
(CCB-RANGED-09, the rule of every firing unit; the AX's and HWM's exceptions, CCB-RANGED-10,
-11, are theirs alone)."""
MISSILE_RANGES = (2, 12)
"""The least and the most hexes a scenario may arm a unit to fire (range 1 would reach only
adjacent hexes, never fired at, CCB-RANGED-08; 12 is the unit table's most)."""


@attrs.frozen
class UnitType:
    """One troop type: its class, its dice and every rule the unit table decides.

    ``unit_class`` is the symbol that hits it (``"light"``: green circle, ``"medium"``: blue
    triangle, ``"heavy"``: red square; a white border changes nothing, CCB-UNITS-04 to -07).
    ``move`` is the movement allowance (a warrior's is 1: it moves 2 only as a charge,
    :attr:`max_move`); ``fire_dice[n]`` the dice it fires after moving ``n`` hexes (the last
    entry repeats; empty or ``range`` 0: no ranged combat). ``close_dice`` are its close-combat
    dice (elephants: ``dice_by_target``, see :func:`close_dice`), plus
    ``full_strength_bonus`` while at full strength; ``battle_back_dice`` and
    ``first_strike_dice`` replace them when battling back or striking first (``None``: the
    same). ``sword_ignores`` sword hits of each close-combat roll against it are ignored
    (``ignores_all_swords``: every one, elephants); ``mounted_hit_ignores`` hits of its own
    symbol and ``mounted_flag_ignores`` flags are ignored in close-combat rolls by cavalry or
    chariots. ``evade`` lists the attackers it may evade (:data:`EVADE_TERMS`).
    ``armed_by_scenario``: its missile weapons, range and fire dice come from the scenario, not
    the table (:func:`armed`, CCB-RANGED-01).
    """

    code: str
    name: str
    unit_class: UnitClass
    kind: Kind
    blocks: int
    move: int
    close_dice: int
    white_border: bool = False
    mounted: bool = False
    cavalry: bool = False
    aliases: tuple[str, ...] = ()
    move_rule: MoveRule = "normal"
    full_strength_bonus: int = 0
    battle_back_dice: int | None = None
    first_strike_dice: int | None = None
    dice_by_target: bool = False
    dice_against: tuple[tuple[str, int], ...] = ()
    swords: bool = True
    sword_rerolls: bool = False
    range: int = 0
    fire_dice: tuple[int, ...] = ()
    sword_ignores: int = 0
    ignores_all_swords: bool = False
    mounted_hit_ignores: int = 0
    mounted_flag_ignores: int = 0
    full_strength_flag_ignore: bool = False
    retreat: int = 1
    extra_retreat: bool = False
    evade: tuple[str, ...] = ()
    evade_removed: bool = False
    advances: bool = True
    momentum_extra_hex: bool = False
    bonus_combat: BonusCombat = "always"
    forest_fighter: bool = False
    can_be_rallied: bool = True
    receives_support: bool = True
    leader_benefits: bool = True
    expansion: bool = False
    armed_by_scenario: bool = False
    provenance: str = "rulebook"
    rules: tuple[str, ...] = ()
    note: str = ""
    max_move: int = attrs.field(init=False, eq=False, repr=False)
    """The most hexes it may ever move: a warrior's charge is 2 (CCB-MOVE-09)."""
    can_fire: bool = attrs.field(init=False, eq=False, repr=False)
    """Whether it has missile weapons (CCB-RANGED-01, -02)."""

    def __attrs_post_init__(self) -> None:
        """:attr:`max_move` and :attr:`can_fire`, worked out once: read at nearly every step
        (a property's call costs more than its work)."""
        fixed = object.__setattr__  # a frozen value: its own fields set once, here
        fixed(self, "max_move", 2 if self.move_rule == "warrior-charge" else self.move)
        fixed(self, "can_fire", self.range > 0 and any(self.fire_dice))

    def __str__(self) -> str:
        return self.code

    @property
    def foot(self) -> bool:
        """A foot unit: LI, LS, LB, AX, WA, MI, HI, HWM (CCB-UNITS-08)."""
        return not self.mounted

    @property
    def chariot(self) -> bool:
        """HCH and LBCH (CCB-UNITS-09)."""
        return self.kind == "chariot"

    @property
    def elephant(self) -> bool:
        return self.kind == "elephant"

    @property
    def camel(self) -> bool:
        """Camels and cataphracted camels: never cavalry by default (CCB-GAP-13)."""
        return self.kind == "camel"

    @property
    def war_machine(self) -> bool:
        return self.kind == "war-machine"

    @property
    def cavalry_or_chariot(self) -> bool:
        """The attackers whose close combat elephants and camels answer (CCB-CLOSE-24,
        CCB-ELEPHANT-09) and who retreat further against them (CCB-RETREAT-05)."""
        return self.cavalry or self.chariot

    @property
    def heavy_mounted(self) -> bool:
        """HC, cataphracted HC, HCH and EL: the heavy mounted units MC and camels may evade
        (CCB-EVADE-04)."""
        return self.mounted and self.unit_class == "heavy"

    def against(self, code: str) -> int | None:
        """The fixed dice of an elephant against ``code`` (CCB-ELEPHANT-02), if any."""
        for target, dice in self.dice_against:
            if target == code:
                return dice
        return None


@attrs.frozen(eq=False)
class UnitTable(Mapping[str, UnitType]):
    """Every unit type by code, with lookup by any of its names (:meth:`find`)."""

    types: Mapping[str, UnitType]
    file: str = ""

    def __getitem__(self, code: str) -> UnitType:
        return self.types[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self.types)

    def __len__(self) -> int:
        return len(self.types)

    def find(self, name: str) -> UnitType:
        """The unit type called ``name``: its code or an alias, in any case (``"lbch"``,
        ``"camel"``); ``KeyError`` naming the codes if there is none."""
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        for unit in self.types.values():
            if key == unit.code.lower() or key in unit.aliases:
                return unit
        raise KeyError(f"unknown unit {name!r}; codes: {', '.join(self.types)}")


# -- the rules read off the table ------------------------------------------------------------


def close_dice(
    unit: UnitType,
    target: UnitType | None,
    role: Role = "attack",
    full_strength: bool = True,
) -> int:
    """The close-combat dice ``unit`` rolls at ``target`` (``None``: a lone leader), before
    terrain caps and card bonuses (those are :func:`wargames.ancients.terrain.close_combat_dice`).

    A unit keeps its dice however many blocks it has lost (CCB-BATTLE-06), except the
    full-strength die of warriors and barbarian chariots, judged as the combat begins
    (CCB-CLOSE-11, -14, -21): ``full_strength`` says whether it was at full strength then.
    Battling back and First Strike use their own counts (HCH 3, camels 2: CCB-CLOSE-16, -18,
    CCB-BATTLEBACK-04, CCB-CARDS-32). An elephant rolls the dice its target would roll when
    attacking (without a full-strength die or battle-back reduction), 3 against an elephant,
    a warrior, a heavy chariot or a camel and 1 against a lone leader, whatever its role
    (CCB-ELEPHANT-01 to -04, CCB-GAP-18).
    """
    if unit.dice_by_target:
        if target is None:
            return LONE_LEADER_DICE
        fixed = unit.against(target.code)
        if fixed is not None:
            return fixed
        if target.dice_by_target:
            raise ValueError(f"{unit.code} against {target.code}: no fixed dice in the table")
        return target.close_dice
    if role == "battle-back" and unit.battle_back_dice is not None:
        base = unit.battle_back_dice
    elif role == "first-strike" and unit.first_strike_dice is not None:
        base = unit.first_strike_dice
    else:
        base = unit.close_dice
    return base + (unit.full_strength_bonus if full_strength else 0)


def fire_dice(unit: UnitType, hexes_moved: int = 0) -> int:
    """Dice fired after moving ``hexes_moved`` hexes, before terrain caps: 2 standing, 1 after
    moving (CCB-RANGED-09), none for an AX that moved 2 (CCB-RANGED-10) or an HWM that moved
    (CCB-RANGED-11), none for a unit without missiles (CCB-RANGED-01, -02)."""
    if hexes_moved < 0:
        raise ValueError("hexes moved cannot be negative")
    if not unit.can_fire:
        return 0
    return unit.fire_dice[min(hexes_moved, len(unit.fire_dice) - 1)]


def armed(unit: UnitType, reach: int) -> UnitType:
    """``unit`` armed with missiles by a scenario (CCB-RANGED-01, CCB-GEN-03): it fires at
    most ``reach`` hexes, :data:`SCENARIO_FIRE_DICE`, and keeps the rest of its row. An LBCH
    may be armed: the scenario's rule overrides CCB-RANGED-02 (CCB-GEN-03). ``ValueError``
    for a unit that already has missile weapons or a range outside :data:`MISSILE_RANGES`."""
    if unit.can_fire:
        raise ValueError(f"{unit.code} already has missile weapons (range {unit.range})")
    least, most = MISSILE_RANGES
    if not least <= reach <= most:
        raise ValueError(f"a range of at least {least} and at most {most} hexes, not {reach}")
    return attrs.evolve(
        unit,
        range=reach,
        fire_dice=SCENARIO_FIRE_DICE,
        armed_by_scenario=True,
        rules=(*unit.rules, "CCB-RANGED-01", "CCB-RANGED-09"),
    )


def battle_after_move(unit: UnitType, hexes_moved: int) -> BattleAfterMove:
    """Whether a unit that moved ``hexes_moved`` hexes (by its own movement rules, before
    terrain) ``"may"`` battle, ``"must"`` close combat, or ``"may-not"`` battle.

    AX: 1 hex and battle, or 2 and no battle (CCB-MOVE-07). WA: 2 hexes only as a charge,
    which must close combat (CCB-MOVE-09, CCB-BATTLE-02). HWM: no battle after moving
    (CCB-MOVE-11, CCB-CLOSE-13). Anyone else may (CCB-MOVE-06, -10, -12 to -14). Cards change
    these (Double Time, Mounted Charge): that is the engine's business.
    """
    if hexes_moved < 0 or hexes_moved > unit.max_move:
        raise ValueError(f"{unit.code} cannot move {hexes_moved} hexes (at most {unit.max_move})")
    if unit.move_rule == "auxilia" and hexes_moved >= 2:
        return "may-not"
    if unit.move_rule == "warrior-charge" and hexes_moved >= 2:
        return "must"
    if unit.move_rule == "no-battle-if-moved" and hexes_moved >= 1:
        return "may-not"
    return "may"


def may_evade(
    unit: UnitType,
    attacker: UnitType,
    battling_back: bool = False,
    settings: AncientsSettings = DEFAULT,
) -> bool:
    """Whether ``unit`` may evade a close combat by ``attacker`` (by troop types only; the
    engine checks the free rear hexes, CCB-EVADE-13).

    LI, LS, LB, LC, LBC and LBCH evade anyone; MC and camels evade foot and heavy mounted
    units; HC, cataphracted HC and HCH evade foot and elephants; AX, WA, MI, HI and EL never
    (CCB-EVADE-03 to -06); HWM always, then leaves the board (CCB-EVADE-07, CCB-GAP-24; the
    ``war_machine_evade`` setting only changes the rear-hex check). Never a unit battling
    back (CCB-EVADE-08), never ranged combat (CCB-EVADE-01).
    """
    del settings  # the war-machine reading concerns the rear hexes, not the attacker
    if battling_back:
        return False
    for term in unit.evade:
        if (
            term == "any"
            or (term == "foot" and attacker.foot)
            or (term == "heavy-mounted" and attacker.heavy_mounted)
            or (term == "elephant" and attacker.elephant)
        ):
            return True
    return False


def retreat_per_flag(unit: UnitType, roller: UnitType | None = None, close: bool = True) -> int:
    """Hexes ``unit`` retreats for each flag it does not ignore: its table value
    (CCB-RETREAT-02 to -04), 1 more for cavalry and chariots when the flags were rolled in
    close combat by an elephant or a camel (CCB-RETREAT-05, CCB-ELEPHANT-10)."""
    extra = close and roller is not None and roller.extra_retreat and unit.cavalry_or_chariot
    return unit.retreat + (1 if extra else 0)


def retreat_hexes(
    unit: UnitType, flags: int, roller: UnitType | None = None, close: bool = True
) -> int:
    """The whole retreat for ``flags`` flags not ignored (CCB-RETREAT-01, CCB-FLAGS-10)."""
    return flags * retreat_per_flag(unit, roller, close)


def mounted_hit_ignores(target: UnitType, roller: UnitType | None) -> int:
    """Hits of its own symbol ``target`` ignores in a close-combat roll by ``roller``: a camel
    ignores one blue triangle, an elephant one red square, from cavalry or chariots
    (CCB-CLOSE-24, -25, CCB-ELEPHANT-09)."""
    if roller is None or not roller.cavalry_or_chariot:
        return 0
    return target.mounted_hit_ignores


def bonus_combat_allowed(unit: UnitType, leader_attached: bool) -> bool:
    """Whether a unit that made a momentum advance may make a bonus close combat, before
    terrain (CCB-MOMENTUM-07, -08): warriors and every mounted unit always, other foot units
    with a leader attached, war machines never (they do not advance, CCB-MOMENTUM-03)."""
    if not unit.advances or unit.bonus_combat == "never":
        return False
    return unit.bonus_combat == "always" or leader_attached


# -- loading ----------------------------------------------------------------------------------

_KEYS = (
    "code",
    "name",
    "aliases",
    "class",
    "white_border",
    "kind",
    "mounted",
    "cavalry",
    "blocks",
    "move",
    "move_rule",
    "close_dice",
    "full_strength_bonus",
    "battle_back_dice",
    "first_strike_dice",
    "dice_by_target",
    "dice_against",
    "swords",
    "sword_rerolls",
    "range",
    "fire_dice",
    "sword_ignores",
    "mounted_hit_ignores",
    "mounted_flag_ignores",
    "full_strength_flag_ignore",
    "retreat",
    "extra_retreat",
    "evade",
    "evade_removed",
    "advances",
    "momentum_extra_hex",
    "bonus_combat",
    "forest_fighter",
    "can_be_rallied",
    "receives_support",
    "leader_benefits",
    "expansion",
    "provenance",
    "rules",
)


def rule_ids(node: Node, key: str = "rules") -> tuple[str, ...]:
    """The catalogue ids listed under ``key`` (``"CCB-UNITS-11"``), each well formed."""
    found = []
    for item in node.list(key, default_empty=True):
        text = item.as_(str)
        if not RULE_ID.match(text):
            raise item.error(f"expected a rule id like 'CCB-UNITS-11', got {text!r}")
        found.append(text)
    return tuple(found)


def _optional_number(node: Node, key: str, least: int = 0) -> int | None:
    return node.number(key, least) if node.has(key) else None


def _unit(node: Node, seen: dict[str, str]) -> UnitType:
    node.only(_KEYS)
    code = node.unique(seen, "unit code", "code")
    kind = node.choice("kind", KINDS, what="kind")
    mounted = node.get("mounted", bool, False)
    if mounted == (kind in FOOT_KINDS):
        raise node.error(
            f"a {kind} unit is {'foot' if kind in FOOT_KINDS else 'mounted'}", "mounted"
        )
    cavalry = node.get("cavalry", bool, kind == "cavalry")
    if cavalry != (kind == "cavalry") and kind != "camel":
        raise node.error("only cavalry (and camels, CCB-GAP-13) may count as cavalry", "cavalry")
    ignores = node.child("sword_ignores").value if node.has("sword_ignores") else 0
    if ignores == "all":
        sword_ignores, all_swords = 0, True
    else:
        sword_ignores, all_swords = node.number("sword_ignores", 0, 6, default=0), False
    against = []
    if node.has("dice_against"):
        table = node.child("dice_against")
        listed = table.keys()
        for key in listed:
            against.append((key, table.number(key, 1, 12)))
    by_target = node.get("dice_by_target", bool, False)
    close = node.number("close_dice", 0 if by_target else 1, 12)
    fire = tuple(n.as_(int) for n in node.list("fire_dice", default_empty=True))
    if any(f < 0 for f in fire):
        raise node.error("fire dice cannot be negative", "fire_dice")
    evade = node.picks("evade", EVADE_TERMS, "evade term")
    aliases = tuple(a.lower() for a in node.strings("aliases"))
    return UnitType(
        code=code,
        name=node.get("name", str),
        unit_class=node.choice("class", CLASSES, what="class"),  # type: ignore[arg-type]
        kind=kind,  # type: ignore[arg-type]
        blocks=node.number("blocks", 1, 6),
        move=node.number("move", 0, 6),
        close_dice=close,
        white_border=node.get("white_border", bool, False),
        mounted=mounted,
        cavalry=cavalry,
        aliases=aliases,
        move_rule=node.choice("move_rule", MOVE_RULES, "normal", "move rule"),  # type: ignore[arg-type]
        full_strength_bonus=node.number("full_strength_bonus", 0, 6, default=0),
        battle_back_dice=_optional_number(node, "battle_back_dice", 1),
        first_strike_dice=_optional_number(node, "first_strike_dice", 1),
        dice_by_target=by_target,
        dice_against=tuple(against),
        swords=node.get("swords", bool),
        sword_rerolls=node.get("sword_rerolls", bool, False),
        range=node.number("range", 0, 12, default=0),
        fire_dice=fire,
        sword_ignores=sword_ignores,
        ignores_all_swords=all_swords,
        mounted_hit_ignores=node.number("mounted_hit_ignores", 0, 6, default=0),
        mounted_flag_ignores=node.number("mounted_flag_ignores", 0, 6, default=0),
        full_strength_flag_ignore=node.get("full_strength_flag_ignore", bool, False),
        retreat=node.number("retreat", 1, 6),
        extra_retreat=node.get("extra_retreat", bool, False),
        evade=evade,
        evade_removed=node.get("evade_removed", bool, False),
        advances=node.get("advances", bool, True),
        momentum_extra_hex=node.get("momentum_extra_hex", bool, False),
        bonus_combat=node.choice("bonus_combat", BONUS_COMBATS, what="bonus combat"),  # type: ignore[arg-type]
        forest_fighter=node.get("forest_fighter", bool, False),
        can_be_rallied=node.get("can_be_rallied", bool, True),
        receives_support=node.get("receives_support", bool, True),
        leader_benefits=node.get("leader_benefits", bool, True),
        expansion=node.get("expansion", bool, False),
        provenance=node.provenance(),
        rules=rule_ids(node),
        note=node.get("note", str, ""),
    )


def _check_table(root: Node, types: Mapping[str, UnitType]) -> None:
    names: dict[str, str] = {}
    for i, unit in enumerate(types.values()):
        for name in (unit.code.lower(), *unit.aliases):
            if name in names and names[name] != unit.code:
                raise root.error(
                    f"name {name!r} is used by {names[name]} and {unit.code}", f"unit[{i}]"
                )
            names[name] = unit.code
        for target, _ in unit.dice_against:
            if target not in types:
                raise root.error(
                    f"dice_against names unknown unit {target!r}", f"unit[{i}].dice_against"
                )
        if unit.dice_by_target and not unit.dice_against:
            raise root.error("dice by target need fixed dice against elephants", f"unit[{i}]")
        if unit.range and not any(unit.fire_dice):
            raise root.error("a unit with a range needs fire dice", f"unit[{i}].fire_dice")


def load_units(folder: str | None = None) -> UnitTable:
    """The unit table of ``data/units.toml``, or of ``folder/units.toml`` if there is one."""
    root = data_reader("wargames.ancients", folder)("units.toml")
    seen: dict[str, str] = {}
    types = {u.code: u for u in (_unit(n, seen) for n in root.list("unit"))}
    if not types:
        raise root.error("the table needs at least one unit", "unit")
    _check_table(root, types)
    return UnitTable(types, root.file)


@cache
def default_units() -> UnitTable:
    """The shipped unit table (read once)."""
    return load_units()


def units_for(settings: AncientsSettings = DEFAULT) -> UnitTable:
    """The unit table the ``settings`` name (their ``data`` folder, else the shipped one)."""
    return default_units() if settings.data is None else _units_in(settings.data)


@lru_cache(maxsize=PER_DATA)
def _units_in(folder: str) -> UnitTable:
    return load_units(folder)


__all__ = [
    "BONUS_COMBATS",
    "CLASSES",
    "EVADE_TERMS",
    "EVERY_SWORD",
    "KINDS",
    "LONE_LEADER_DICE",
    "MISSILE_RANGES",
    "MOVE_RULES",
    "SCENARIO_FIRE_DICE",
    "BattleAfterMove",
    "BonusCombat",
    "Kind",
    "MoveRule",
    "Role",
    "UnitClass",
    "UnitTable",
    "UnitType",
    "armed",
    "battle_after_move",
    "bonus_combat_allowed",
    "close_dice",
    "default_units",
    "fire_dice",
    "load_units",
    "may_evade",
    "mounted_hit_ignores",
    "retreat_hexes",
    "retreat_per_flag",
    "rule_ids",
    "units_for",
]
