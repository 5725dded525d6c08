"""Terrain of Commands & Colors: Ancients: the terrain table and the dice, caps and ignores it
decides.

Every terrain type of the catalogue is one :class:`TerrainType` row of ``data/terrain.toml``:
clear, broken ground, forest, hill, seacoast (lake shore), river, fordable river, rampart (a
hexside), fortified camp, bridge, scalable and fortified city walls, marsh. Towns are not a
terrain type of this game: naming one is an error unless it is mapped to a type
(CCB-GAP-38).

The pure functions here are what a combat needs from the ground:

* :func:`close_combat_dice` / :func:`close_combat_count`: a unit's close-combat dice after the
  caps, the fortified camp's die less and card bonus dice, in the order of CCB-GAP-28;
* :func:`ranged_dice` / :func:`ranged_count`: the same for fire;
* :func:`sword_ignores`: how many sword hits of a roll the target ignores (its own nature,
  its hex, a rampart it is attacked across: CCB-GAP-29);
* :func:`flag_ignores`: which flags a unit may ignore, as a tuple of reasons (leader,
  support, terrain, full strength, elephant against mounted: CCB-FLAGS-01);
* :func:`has_support` (CCB-FLAGS-03), :func:`may_enter`, :func:`must_stop`,
  :func:`may_battle_on_entry`, :func:`bonus_after_advance`, :func:`may_advance_out`.

>>> from wargames.ancients.units import default_units
>>> t, u = default_terrain(), default_units()
>>> close_combat_dice(u["HI"], u["MI"], t["clear"], t["forest"], card_bonus=2)
4
>>> ranged_dice(u["LB"], t["clear"], t["forest"])
1
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import cache, lru_cache
from typing import Literal

import attrs

from wargames.ancients.settings import DEFAULT, AncientsSettings
from wargames.ancients.units import (
    EVERY_SWORD,
    Role,
    UnitType,
    close_dice,
    fire_dice,
    rule_ids,
)
from wargames.core.caches import PER_DATA
from wargames.core.scenario import Node, data_reader

Piece = Literal["foot", "mounted", "war-machine", "leader"]
Who = Literal["all", "foot", "forest-fighters"]
AdvanceOut = Literal["yes", "if-not-moved"]
Combat = Literal["close", "ranged"]

PIECES: tuple[Piece, ...] = ("foot", "mounted", "war-machine", "leader")
WHO: tuple[Who, ...] = ("all", "foot", "forest-fighters")
ADVANCE_OUT: tuple[AdvanceOut, ...] = ("yes", "if-not-moved")
TOWNS = frozenset({"town", "towns", "village", "city"})
"""Names that are not terrain of this game (CCB-GAP-38)."""


@attrs.frozen
class TerrainType:
    """One terrain type (see the field list at the top of ``data/terrain.toml``).

    Caps are ``None`` where the terrain sets none. ``hexside`` types (the rampart) lie along
    a hexside: their ignores apply to a defender attacked across it.
    """

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    hexside: bool = False
    impassable: bool = False
    no_entry: frozenset[str] = frozenset()
    stops: frozenset[str] = frozenset()
    entry_from_adjacent: bool = False
    leave_one: bool = False
    entry_roll: bool = False
    battle_on_entry: Who = "all"
    close_cap_in: int | None = None
    close_cap_out: int | None = None
    ranged_cap_in: int | None = None
    ranged_cap_out: int | None = None
    dice_modifier: int = 0
    height: int = 0
    uphill_cap: int | None = None
    downhill_cap_foot: int | None = None
    downhill_cap_mounted: int | None = None
    caps_ranged: bool = False
    sword_ignores: int = 0
    flag_ignores_close: int = 0
    flag_ignores_ranged: int = 0
    ignores_for: Literal["foot", "all"] = "all"
    first_strike: bool = False
    blocks_los: bool = False
    bonus_after_advance: Who = "all"
    advance_out: AdvanceOut = "yes"
    extra_hex_out: bool = True
    expansion: bool = False
    provenance: str = "rulebook"
    rules: tuple[str, ...] = ()
    note: str = ""

    def __str__(self) -> str:
        return self.id

    def protects(self, unit: UnitType) -> bool:
        """Whether its sword and flag ignores serve ``unit`` (ramparts and camps serve foot
        units only, CCB-TERRAIN-27, -28)."""
        return self.ignores_for == "all" or unit.foot


@attrs.frozen(eq=False)
class TerrainTable(Mapping[str, TerrainType]):
    """Every terrain type by id, with lookup by name or alias (:meth:`find`)."""

    types: Mapping[str, TerrainType]
    file: str = ""

    def __getitem__(self, key: str) -> TerrainType:
        return self.types[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.types)

    def __len__(self) -> int:
        return len(self.types)

    def find(self, name: str, mapped: Mapping[str, str] | None = None) -> TerrainType:
        """The terrain called ``name`` (its id or an alias, any case). ``mapped`` maps other
        names to ids: a scenario that uses towns must map them (CCB-GAP-38), else
        ``KeyError``."""
        key = _key(name)
        for source, target in (mapped or {}).items():
            if _key(source) == key:
                return self.find(target)
        for terrain in self.types.values():
            if key == terrain.id or key in terrain.aliases:
                return terrain
        if key in TOWNS:
            raise KeyError(
                f"{name!r}: towns are not a terrain of Commands & Colors: Ancients; map them to"
                " a terrain type, e.g. fortified-camp or scalable-wall (CCB-GAP-38)"
            )
        raise KeyError(f"unknown terrain {name!r}; known: {', '.join(self.types)}")


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def pieces(unit: UnitType | None) -> frozenset[str]:
    """The :data:`PIECES` words that describe ``unit`` (``None``: a lone leader)."""
    if unit is None:
        return frozenset({"leader"})
    if unit.war_machine:
        return frozenset({"foot", "war-machine"})
    return frozenset({"mounted" if unit.mounted else "foot"})


# -- movement ---------------------------------------------------------------------------------


def may_enter(terrain: TerrainType, piece: UnitType | None, started_adjacent: bool = True) -> bool:
    """Whether a unit (``None``: a lone leader) may move into a hex of ``terrain``:
    never into impassable terrain (CCB-TERRAIN-02, -19, -20, -43), nor war machines into
    broken ground or marsh (CCB-TERRAIN-03, -46), nor mounted units and war machines onto a
    scalable wall, which others enter only from an adjacent start (CCB-TERRAIN-36, -38)."""
    if terrain.impassable or terrain.no_entry & pieces(piece):
        return False
    return started_adjacent or not terrain.entry_from_adjacent


def must_stop(terrain: TerrainType, piece: UnitType | None) -> bool:
    """Whether a unit (``None``: a lone leader) must stop on entering ``terrain``: broken
    ground stops mounted units and lone leaders (CCB-TERRAIN-03), forest, fordable river and
    marsh everyone (CCB-TERRAIN-08, -21, -44), a scalable wall foot units and leaders
    (CCB-TERRAIN-36). Retreats ignore this (CCB-RETREAT-10)."""
    return bool(terrain.stops & pieces(piece))


def _who(rule: Who, unit: UnitType) -> bool:
    return (
        rule == "all"
        or (rule == "foot" and unit.foot)
        or (rule == "forest-fighters" and unit.forest_fighter)
    )


def may_battle_on_entry(terrain: TerrainType, unit: UnitType) -> bool:
    """Whether ``unit`` may battle on the turn it entered ``terrain``: in broken ground foot
    units only (CCB-TERRAIN-04), in a forest LI, LS, LB, AX and WA only (CCB-TERRAIN-09);
    a fordable river, a bridge and a fortified camp allow it (CCB-TERRAIN-21, -31,
    CCB-GAP-26)."""
    return _who(terrain.battle_on_entry, unit)


def bonus_after_advance(terrain: TerrainType, unit: UnitType) -> bool:
    """Whether terrain lets ``unit`` make a bonus close combat after a momentum advance into
    it: not mounted units in broken ground (CCB-TERRAIN-06), only LI, LS, LB, AX and WA in a
    forest (CCB-TERRAIN-12). (Whether the unit may at all: ``units.bonus_combat_allowed``.)"""
    return _who(terrain.bonus_after_advance, unit)


def may_advance_out(terrain: TerrainType, moved: bool) -> bool:
    """Whether a unit in ``terrain`` may make a momentum advance out of it: out of a marsh only
    if it did not move this turn (CCB-TERRAIN-49); out of a fordable river always
    (CCB-TERRAIN-23)."""
    return terrain.advance_out == "yes" or not moved


# -- dice ---------------------------------------------------------------------------------------


@attrs.frozen
class DiceCount:
    """How a unit's dice were counted: ``base`` dice, the lowest ``cap`` that applied (with
    every cap and why), the ``modifier`` of its hex and the card ``bonus``: ``total`` dice
    (0: it cannot make that attack, CCB-GAP-28)."""

    base: int
    caps: tuple[tuple[int, str], ...] = ()
    modifier: int = 0
    bonus: int = 0

    @property
    def cap(self) -> int | None:
        return min((c for c, _ in self.caps), default=None)

    @property
    def total(self) -> int:
        capped = self.base if self.cap is None else min(self.base, self.cap)
        return max(0, capped + self.modifier) + self.bonus


def _hill_limits(
    unit: UnitType, own: TerrainType, other: TerrainType, ranged: bool
) -> tuple[int | None, int | None]:
    """The hill caps that apply: against higher ground (CCB-TERRAIN-15) and from a hill,
    downhill or level (CCB-TERRAIN-16); ``None`` where none does."""
    up = other.uphill_cap
    if other.height <= own.height or (ranged and not other.caps_ranged):
        up = None
    down = None
    if own.height > 0 and other.height <= own.height and (not ranged or own.caps_ranged):
        down = own.downhill_cap_mounted if unit.mounted else own.downhill_cap_foot
    return up, down


def _hill_caps(
    unit: UnitType, own: TerrainType, other: TerrainType, ranged: bool
) -> list[tuple[int, str]]:
    caps: list[tuple[int, str]] = []
    up, down = _hill_limits(unit, own, other, ranged)
    if up is not None:
        caps.append((up, f"uphill, against {other.id} (CCB-TERRAIN-15)"))
    if down is not None:
        caps.append((down, f"from {own.id}, downhill or level (CCB-TERRAIN-16)"))
    return caps


def _total(base: int, caps: tuple[int | None, ...], modifier: int, bonus: int) -> int:
    """:attr:`DiceCount.total` of the count with ``caps`` (``None``: no cap there), counted
    without writing the reasons (the dice asked for at every listing of battles)."""
    capped = base
    for cap in caps:
        if cap is not None and cap < capped:
            capped = cap
    return max(0, capped + modifier) + bonus


def _check_bonus(card_bonus: int, role: Role) -> None:
    """Card bonus dice are never negative and add to an attack only (CCB-BATTLEBACK-06)."""
    if card_bonus < 0:
        raise ValueError("card bonus dice cannot be negative")
    if card_bonus and role != "attack":
        raise ValueError(
            "card bonus dice never add to a battle back or a First Strike (CCB-BATTLEBACK-06)"
        )


def close_combat_count(
    attacker: UnitType,
    target: UnitType | None,
    attacker_terrain: TerrainType,
    target_terrain: TerrainType,
    *,
    card_bonus: int = 0,
    role: Role = "attack",
    full_strength: bool = True,
) -> DiceCount:
    """The counting of :func:`close_combat_dice`, with each cap and its reason."""
    _check_bonus(card_bonus, role)
    base = close_dice(attacker, target, role, full_strength)
    caps: list[tuple[int, str]] = []
    if attacker_terrain.close_cap_out is not None:
        caps.append((attacker_terrain.close_cap_out, f"out of {attacker_terrain.id}"))
    if target_terrain.close_cap_in is not None:
        caps.append((target_terrain.close_cap_in, f"into {target_terrain.id}"))
    caps += _hill_caps(attacker, attacker_terrain, target_terrain, ranged=False)
    return DiceCount(base, tuple(caps), attacker_terrain.dice_modifier, card_bonus)


def close_combat_dice(
    attacker: UnitType,
    target: UnitType | None,
    attacker_terrain: TerrainType,
    target_terrain: TerrainType,
    *,
    card_bonus: int = 0,
    role: Role = "attack",
    full_strength: bool = True,
) -> int:
    """The dice ``attacker`` rolls in close combat at ``target`` (``None``: a lone leader).

    ``attacker`` is the unit rolling (the defender when it battles back: ``role``), standing
    in ``attacker_terrain``; the target stands in ``target_terrain`` (an escape test gives the
    leader no terrain: pass clear, CCB-LEADER-16). Order (CCB-GAP-28): the unit's dice
    (:func:`~wargames.ancients.units.close_dice`), then the lowest cap that applies (into or
    out of broken ground, forest, fordable river, bridge, wall or marsh: 2, CCB-TERRAIN-05,
    -10, -22, -32, -33, -39, -48; against higher ground 2, CCB-TERRAIN-15; from a hill foot 3,
    mounted 2, CCB-TERRAIN-16), then 1 less in a fortified camp (CCB-TERRAIN-29), then the
    card's bonus dice on top (CCB-BATTLE-07, CCB-TERRAIN-01). 0 means it cannot attack.
    """
    _check_bonus(card_bonus, role)
    base = close_dice(attacker, target, role, full_strength)
    caps = (
        attacker_terrain.close_cap_out,
        target_terrain.close_cap_in,
        *_hill_limits(attacker, attacker_terrain, target_terrain, False),
    )
    return _total(base, caps, attacker_terrain.dice_modifier, card_bonus)


def ranged_count(
    firer: UnitType, firer_terrain: TerrainType, target_terrain: TerrainType, hexes_moved: int = 0
) -> DiceCount:
    """The counting of :func:`ranged_dice`, with each cap and its reason."""
    base = fire_dice(firer, hexes_moved)
    caps: list[tuple[int, str]] = []
    if target_terrain.ranged_cap_in is not None:
        caps.append((target_terrain.ranged_cap_in, f"at {target_terrain.id}"))
    if firer_terrain.ranged_cap_out is not None:
        caps.append((firer_terrain.ranged_cap_out, f"out of {firer_terrain.id}"))
    caps += _hill_caps(firer, firer_terrain, target_terrain, ranged=True)
    modifier = firer_terrain.dice_modifier if base else 0
    return DiceCount(base, tuple(caps), modifier)


def ranged_dice(
    firer: UnitType, firer_terrain: TerrainType, target_terrain: TerrainType, hexes_moved: int = 0
) -> int:
    """The dice ``firer`` fires after moving ``hexes_moved`` hexes (CCB-RANGED-09 to -11),
    capped by terrain (CCB-RANGED-12): at a unit in a forest 1 (CCB-TERRAIN-11), out of a
    fordable river, a bridge or a marsh 1 (CCB-TERRAIN-22, -32, -48), 1 less out of a
    fortified camp (CCB-TERRAIN-29). Hills do not cap fire and fire out of a forest is not
    capped (CCB-GAP-27, data: ``caps_ranged``, ``ranged_cap_out``)."""
    base = fire_dice(firer, hexes_moved)
    caps = (
        target_terrain.ranged_cap_in,
        firer_terrain.ranged_cap_out,
        *_hill_limits(firer, firer_terrain, target_terrain, True),
    )
    return _total(base, caps, firer_terrain.dice_modifier if base else 0, 0)


# -- ignores ----------------------------------------------------------------------------------


def sword_ignores(
    target: UnitType | None,
    target_terrain: TerrainType,
    hexside: Iterable[TerrainType] = (),
    settings: AncientsSettings = DEFAULT,
) -> int:
    """Sword hits of one close-combat roll that ``target`` ignores: its own (chariots,
    cataphracts 1, CCB-CLOSE-22, -23, -25; elephants every one, :data:`EVERY_SWORD`,
    CCB-ELEPHANT-08), a foot unit's in a fortified camp 1 (CCB-TERRAIN-28), anyone's on a
    scalable wall 1 (CCB-TERRAIN-40), a foot unit's attacked across a rampart 1
    (CCB-TERRAIN-26). They add up (CCB-GAP-29), unless ``settings.ignores_add_up`` is off
    (then at most 1). A lone leader ignores nothing (swords never touch him)."""
    if target is None:
        return 0
    if target.ignores_all_swords:
        return EVERY_SWORD
    total = target.sword_ignores
    for terrain in (target_terrain, *hexside):
        if terrain.protects(target):
            total += terrain.sword_ignores
    return total if settings.ignores_add_up else min(total, 1)


def has_support(
    friendly_units: int, lone_friendly_leaders: int = 0, settings: AncientsSettings = DEFAULT
) -> bool:
    """Whether a unit with that many adjacent friendly units and lone friendly leaders has
    support: two units, or one unit and one lone leader (CCB-FLAGS-03, the lone leader an
    edition setting, CCB-GAP-03). Elephants count as units here (CCB-FLAGS-05)."""
    if friendly_units >= 2:
        return True
    return friendly_units >= 1 and lone_friendly_leaders >= 1 and settings.lone_leader_support


def flag_ignores(
    unit: UnitType,
    terrain: TerrainType,
    *,
    combat: Combat = "close",
    hexside: Iterable[TerrainType] = (),
    leader_attached: bool = False,
    leader_survived: bool = True,
    support: bool = False,
    full_strength: bool = True,
    roller: UnitType | None = None,
) -> tuple[str, ...]:
    """Why ``unit`` may ignore flags of one roll: one reason per flag it may ignore
    (``len()`` is the count; ignoring is its owner's choice, CCB-FLAGS-09). The effects add up
    (CCB-FLAGS-01) and apply to flags from any combat (CCB-GAP-15):

    * ``"leader"``: an attached leader who survived this roll's check (CCB-FLAGS-02), never
      for an elephant (CCB-FLAGS-06);
    * ``"support"`` (:func:`has_support`), never for an elephant (CCB-FLAGS-04, -05);
    * the terrain's id: a foot unit in a fortified camp (CCB-TERRAIN-28), a foot unit on a
      bridge (CCB-TERRAIN-34), any unit on a scalable wall (CCB-TERRAIN-40), a foot unit
      attacked across a rampart, in close combat or by fire whose line crosses it
      (``hexside``, CCB-TERRAIN-26);
    * ``"full strength"``: a warrior or barbarian chariot at full strength as the combat
      began (CCB-FLAGS-07, CCB-GAP-17);
    * ``"against mounted"``: an elephant in close combat with cavalry or chariots
      (CCB-ELEPHANT-09).
    """
    reasons: list[str] = []
    if leader_attached and leader_survived and unit.leader_benefits:
        reasons.append("leader")
    if support and unit.receives_support:
        reasons.append("support")
    for place in (terrain, *hexside):
        n = place.flag_ignores_close if combat == "close" else place.flag_ignores_ranged
        if n and place.protects(unit):
            reasons += [place.id] * n
    if full_strength and unit.full_strength_flag_ignore:
        reasons.append("full strength")
    if combat == "close" and roller is not None and roller.cavalry_or_chariot:
        reasons += ["against mounted"] * unit.mounted_flag_ignores
    return tuple(reasons)


# -- loading ----------------------------------------------------------------------------------

_KEYS = (
    "id",
    "name",
    "aliases",
    "hexside",
    "impassable",
    "no_entry",
    "stops",
    "entry_from_adjacent",
    "leave_one",
    "entry_roll",
    "battle_on_entry",
    "close_cap_in",
    "close_cap_out",
    "ranged_cap_in",
    "ranged_cap_out",
    "dice_modifier",
    "height",
    "uphill_cap",
    "downhill_cap_foot",
    "downhill_cap_mounted",
    "caps_ranged",
    "sword_ignores",
    "flag_ignores_close",
    "flag_ignores_ranged",
    "ignores_for",
    "first_strike",
    "blocks_los",
    "bonus_after_advance",
    "advance_out",
    "extra_hex_out",
    "expansion",
    "provenance",
    "rules",
)


def _cap(node: Node, key: str) -> int | None:
    return node.number(key, 0, 12) if node.has(key) else None


def _terrain(node: Node, seen: dict[str, str]) -> TerrainType:
    node.only(_KEYS)
    tid = node.unique(seen, "terrain id", "id")
    if tid in TOWNS:
        raise node.error("towns are not a terrain of this game (CCB-GAP-38)", "id")
    modifier = node.get("dice_modifier", int, 0)
    if not -6 <= modifier <= 6:
        raise node.error(f"expected a whole number from -6 to 6, got {modifier}", "dice_modifier")
    height = node.number("height", 0, 3, default=0)
    hill_caps = ("uphill_cap", "downhill_cap_foot", "downhill_cap_mounted")
    if height == 0 and any(node.has(k) for k in hill_caps):
        raise node.error("hill caps need a height above 0", "height")
    return TerrainType(
        id=tid,
        name=node.get("name", str),
        aliases=tuple(_key(a) for a in node.strings("aliases")),
        hexside=node.get("hexside", bool, False),
        impassable=node.get("impassable", bool, False),
        no_entry=frozenset(node.picks("no_entry", PIECES, "piece")),
        stops=frozenset(node.picks("stops", PIECES, "piece")),
        entry_from_adjacent=node.get("entry_from_adjacent", bool, False),
        leave_one=node.get("leave_one", bool, False),
        entry_roll=node.get("entry_roll", bool, False),
        battle_on_entry=node.choice("battle_on_entry", WHO, "all", "battle rule"),  # type: ignore[arg-type]
        close_cap_in=_cap(node, "close_cap_in"),
        close_cap_out=_cap(node, "close_cap_out"),
        ranged_cap_in=_cap(node, "ranged_cap_in"),
        ranged_cap_out=_cap(node, "ranged_cap_out"),
        dice_modifier=modifier,
        height=height,
        uphill_cap=_cap(node, "uphill_cap"),
        downhill_cap_foot=_cap(node, "downhill_cap_foot"),
        downhill_cap_mounted=_cap(node, "downhill_cap_mounted"),
        caps_ranged=node.get("caps_ranged", bool, False),
        sword_ignores=node.number("sword_ignores", 0, 6, default=0),
        flag_ignores_close=node.number("flag_ignores_close", 0, 6, default=0),
        flag_ignores_ranged=node.number("flag_ignores_ranged", 0, 6, default=0),
        ignores_for=node.choice("ignores_for", ("foot", "all"), "all", "defender"),  # type: ignore[arg-type]
        first_strike=node.get("first_strike", bool, False),
        blocks_los=node.get("blocks_los", bool, False),
        bonus_after_advance=node.choice("bonus_after_advance", WHO, "all", "bonus rule"),  # type: ignore[arg-type]
        advance_out=node.choice("advance_out", ADVANCE_OUT, "yes", "advance rule"),  # type: ignore[arg-type]
        extra_hex_out=node.get("extra_hex_out", bool, True),
        expansion=node.get("expansion", bool, False),
        provenance=node.provenance(),
        rules=rule_ids(node),
        note=node.get("note", str, ""),
    )


def load_terrain(folder: str | None = None) -> TerrainTable:
    """The terrain table of ``data/terrain.toml``, or of ``folder/terrain.toml`` if there is
    one. It must have ``clear``; names and aliases must not repeat."""
    root = data_reader("wargames.ancients", folder)("terrain.toml")
    seen: dict[str, str] = {}
    types = {t.id: t for t in (_terrain(n, seen) for n in root.list("terrain"))}
    if "clear" not in types:
        raise root.error("the table needs the 'clear' terrain", "terrain")
    names: dict[str, str] = {}
    for i, terrain in enumerate(types.values()):
        for name in (terrain.id, *terrain.aliases):
            if name in names:
                raise root.error(
                    f"name {name!r} is used by {names[name]} and {terrain.id}", f"terrain[{i}]"
                )
            if name in TOWNS:
                raise root.error(f"{name!r}: towns are not terrain (CCB-GAP-38)", f"terrain[{i}]")
            names[name] = terrain.id
    return TerrainTable(types, root.file)


@cache
def default_terrain() -> TerrainTable:
    """The shipped terrain table (read once)."""
    return load_terrain()


def terrain_for(settings: AncientsSettings = DEFAULT) -> TerrainTable:
    """The terrain table the ``settings`` name (their ``data`` folder, else the shipped one)."""
    return default_terrain() if settings.data is None else _terrain_in(settings.data)


@lru_cache(maxsize=PER_DATA)
def _terrain_in(folder: str) -> TerrainTable:
    return load_terrain(folder)


__all__ = [
    "ADVANCE_OUT",
    "EVERY_SWORD",
    "PIECES",
    "TOWNS",
    "WHO",
    "AdvanceOut",
    "Combat",
    "DiceCount",
    "Piece",
    "TerrainTable",
    "TerrainType",
    "Who",
    "bonus_after_advance",
    "close_combat_count",
    "close_combat_dice",
    "default_terrain",
    "flag_ignores",
    "has_support",
    "load_terrain",
    "may_advance_out",
    "may_battle_on_entry",
    "may_enter",
    "must_stop",
    "pieces",
    "ranged_count",
    "ranged_dice",
    "sword_ignores",
    "terrain_for",
]
