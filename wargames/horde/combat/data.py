"""Horde profiles from TOML files a GM can copy and edit.

The shipped files (``wargames/horde/combat/data/*.toml``, one per faction) hold the units of the
rules' worked examples (Mk 1 Iron Guard, Stormtroopers, Cultists with bolters and monokatanas,
Marines with chainswords) and enough others for two P-Scale battles (Imperial Guard against Orks and
against Chaos). The host game's statistics are not part of the horde rules (HMC-GAP-01), so
every profile is ``provenance = "reconstructed"``: the values the examples state are kept and
named in each record's ``note``, the rest is our own design. The file format is described at
the top of ``imperium.toml``.

:func:`load_hordes` reads the shipped files, or a folder of edited copies (a file of the same
name replaces a shipped one, others are added); :func:`load_horde_file` reads one file. Every
problem raises :class:`~wargames.core.errors.ScenarioError` naming the file, the key path
(``horde[2].weapon[0].damage``) and what is wrong: an unknown characteristic, a bad damage
code, a negative Magnitude, an unknown talent or quality, a Fear level outside 1-4, an unknown
key...

>>> book = default_hordes()
>>> book["cultists"].magnitude, str(book["Cultists"].weapons[0])
(80, 'Bolter (1d10+6, Pen 4, S/2/-)')
>>> horde("marines").name
'Marines'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path

import attrs

from wargames.core.errors import ScenarioError
from wargames.core.scenario import Node, package_files, read_package_toml, read_toml
from wargames.horde.combat.profiles import (
    CHARACTERISTICS,
    MAX_FEAR,
    OFFICER_TALENTS,
    SPECIALISTS,
    TALENTS,
    WEAPON_SPECIALIST,
    Characteristics,
    Horde,
    Officer,
    Specialist,
)
from wargames.horde.combat.weapons import (
    CLASSES,
    NO_FIRE,
    DamageCode,
    RateOfFire,
    Weapon,
    parse_damage,
    parse_quality,
    parse_rate_of_fire,
)

PACKAGE = "wargames.horde.combat"
FILE_KEYS = ("faction", "provenance", "horde")
HORDE_KEYS = (
    "id",
    "name",
    "provenance",
    "magnitude",
    "starting_magnitude",
    "ap",
    "characteristics",
    "unnatural",
    "talents",
    "fear",
    "weapon",
    "officer",
    "specialist",
)
WEAPON_KEYS = ("name", "class", "damage", "pen", "rof", "qualities", "trained", "provenance")
OFFICER_KEYS = ("name", "wounds", "talents")
SPECIALIST_KEYS = ("kind", "name", "wounds", "max_wounds", "weapon")
MAX_CHARACTERISTIC = 100
MAX_UNNATURAL = 10


@attrs.frozen
class HordeBook:
    """Horde profiles by id, in file order; also found by name (case-insensitive)."""

    hordes: Mapping[str, Horde]
    files: tuple[str, ...] = ()

    def __getitem__(self, name: str) -> Horde:
        """The horde with this id or name (``KeyError`` listing the ids)."""
        found = self.find(name)
        if found is None:
            raise KeyError(f"unknown horde {name!r}; known: {', '.join(self.hordes)}")
        return found

    def find(self, name: str) -> Horde | None:
        if name in self.hordes:
            return self.hordes[name]
        key = name.strip().lower()
        for h in self.hordes.values():
            if key in (h.id.lower(), h.name.lower()):
                return h
        return None

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.find(name) is not None

    def __iter__(self) -> Iterator[Horde]:
        return iter(self.hordes.values())

    def __len__(self) -> int:
        return len(self.hordes)

    def ids(self) -> tuple[str, ...]:
        return tuple(self.hordes)

    def faction(self, faction: str) -> tuple[Horde, ...]:
        """The hordes of one faction (``"Orks"``)."""
        return tuple(h for h in self if h.faction.lower() == faction.lower())


# -- reading ------------------------------------------------------------------------------------


def _names(node: Node, key: str, options: Sequence[str], what: str) -> tuple[str, ...]:
    """Strings under ``key`` (absent: none), each one of ``options`` (case-insensitive, kept in
    the options' spelling), listed once."""
    canon = {o.lower(): o for o in options}
    first: dict[str, str] = {}
    for item in node.list(key, default_empty=True):
        text = item.as_(str)
        name = canon.get(text.strip().lower())
        if name is None:
            raise item.error(f"unknown {what} {text!r}; expected one of {list(options)}")
        if name in first:
            raise item.error(f"{what} {name!r} is listed twice (first at {first[name]})")
        first[name] = item.path
    return tuple(first)


def read_characteristics(node: Node, key: str, unnatural: bool) -> Characteristics:
    """The table under ``key``: all seven characteristics (0-100), or Unnatural modifiers
    (0-10, any subset, absent: none)."""
    if unnatural and not node.has(key):
        return Characteristics()
    table = node.child(key)
    canon = {c.lower(): c for c in CHARACTERISTICS}
    values: dict[str, int] = {}
    names = table.keys()
    for name in names:
        if name == "note":
            continue
        found = canon.get(name.lower())
        if found is None:
            raise table.error(
                f"unknown characteristic {name!r}; expected one of {list(CHARACTERISTICS)}", name
            )
        if found.lower() in values:
            raise table.error(f"characteristic {found} is given twice", name)
        most = MAX_UNNATURAL if unnatural else MAX_CHARACTERISTIC
        values[found.lower()] = table.number(name, 0, most)
    if not unnatural:
        missing = [c for c in CHARACTERISTICS if c.lower() not in values]
        if missing:
            raise table.error(f"missing characteristics {missing}")
    return Characteristics(**values)


def read_damage(node: Node) -> DamageCode:
    text = node.get("damage", str)
    try:
        return parse_damage(text)
    except ValueError as exc:
        raise node.error(str(exc), "damage") from None


def read_rate_of_fire(node: Node, category: str) -> RateOfFire:
    if category == "melee":
        if node.has("rof"):
            raise node.error("a melee weapon has no rate of fire", "rof")
        return NO_FIRE
    text = node.get("rof", str, "S/-/-")
    try:
        return parse_rate_of_fire(text)
    except ValueError as exc:
        raise node.error(str(exc), "rof") from None


def read_weapon(node: Node) -> Weapon:
    """One weapon table."""
    node.only(WEAPON_KEYS)
    node.provenance("reconstructed")
    category = node.choice("class", CLASSES, what="weapon class")
    qualities: dict[str, int] = {}
    for item in node.list("qualities", default_empty=True):
        try:
            name, level = parse_quality(item.as_(str))
        except ValueError as exc:
            raise item.error(str(exc)) from None
        if name in qualities:
            raise item.error(f"quality {name!r} is listed twice")
        qualities[name] = level
    return Weapon(
        name=node.get("name", str),
        category=category,
        damage=read_damage(node),
        pen=node.number("pen", 0, 100, default=0),
        rof=read_rate_of_fire(node, category),
        accurate="accurate" in qualities,
        blast=qualities.get("blast", 0),
        tearing="tearing" in qualities,
        trained=node.get("trained", bool, True),
    )


def read_officer(node: Node) -> Officer:
    node.only(OFFICER_KEYS)
    return Officer(
        name=node.get("name", str),
        wounds=node.number("wounds", 0),
        talents=_names(node, "talents", OFFICER_TALENTS, "officer talent"),
    )


def read_specialist(node: Node) -> Specialist:
    node.only(SPECIALIST_KEYS)
    kind = node.choice("kind", SPECIALISTS, what="specialist")
    wounds = node.number("wounds", 0)
    most = node.number("max_wounds", 1, default=max(wounds, 1))
    if wounds > most:
        raise node.error(f"wounds {wounds} exceed max_wounds {most}", "wounds")
    weapon = None
    if node.has("weapon"):
        if kind != WEAPON_SPECIALIST:
            raise node.error("only a weapon-specialist carries a weapon", "weapon")
        weapon = read_weapon(node.child("weapon"))
    name = node.get("name", str, kind.replace("-", " ").title())
    return Specialist(kind=kind, name=name, wounds=wounds, max_wounds=most, weapon=weapon)


def read_magnitude(node: Node) -> tuple[int, int]:
    """(current, starting) Magnitude: never negative, the starting one at least 1 and not
    below the current one."""
    magnitude = node.get("magnitude", int)
    if magnitude < 0:
        raise node.error(f"negative Magnitude {magnitude}; Magnitude is 0 or more", "magnitude")
    starting = node.get("starting_magnitude", int, magnitude)
    if starting < 1:
        raise node.error(
            f"starting Magnitude must be at least 1, got {starting}", "starting_magnitude"
        )
    if magnitude > starting:
        raise node.error(
            f"Magnitude {magnitude} is above the starting Magnitude {starting}", "magnitude"
        )
    return magnitude, starting


def read_fear(node: Node) -> int:
    """The Fear (N) trait: absent is 0 (no Fear), else a whole number from 1 to
    :data:`~wargames.horde.combat.profiles.MAX_FEAR` (research O5; HMC-GAP-03)."""
    return node.number("fear", 1, MAX_FEAR, default=0)


def read_horde(node: Node, faction: str, seen: dict[str, str]) -> Horde:
    """One ``[[horde]]`` table; ``seen`` maps the ids met so far to where."""
    node.only(HORDE_KEYS)
    ident = node.unique(seen, "horde id", "id")
    seen[ident] = f"{node.file}: {seen[ident]}"
    magnitude, starting = read_magnitude(node)
    weapons = tuple(read_weapon(w) for w in node.list("weapon"))
    if not weapons:
        raise node.error("a horde needs at least one weapon", "weapon")
    note = node.get("note", str, "")
    return Horde(
        id=ident,
        name=node.get("name", str),
        characteristics=read_characteristics(node, "characteristics", unnatural=False),
        unnatural=read_characteristics(node, "unnatural", unnatural=True),
        magnitude=magnitude,
        starting_magnitude=starting,
        ap=node.number("ap", 0, 100),
        weapons=weapons,
        talents=tuple(sorted(_names(node, "talents", TALENTS, "talent"))),
        fear=read_fear(node),
        officers=tuple(read_officer(o) for o in node.list("officer", default_empty=True)),
        specialists=tuple(read_specialist(s) for s in node.list("specialist", default_empty=True)),
        faction=faction,
        provenance=node.provenance("reconstructed"),
        note=note,
    )


def read_file(root: Node, seen: dict[str, str] | None = None) -> tuple[Horde, ...]:
    """Every horde of one parsed file."""
    root.only(FILE_KEYS)
    faction = root.get("faction", str, "")
    root.provenance("reconstructed")
    known = {} if seen is None else seen
    return tuple(read_horde(h, faction, known) for h in root.list("horde"))


def load_horde_file(path: str | Path) -> HordeBook:
    """The hordes of one TOML file."""
    name = str(path)
    hordes = read_file(read_toml(path))
    return HordeBook({h.id: h for h in hordes}, (name,))


def load_hordes(folder: str | Path | None = None) -> HordeBook:
    """The shipped horde files, with the files of ``folder`` replacing those of the same name
    and adding the others. Ids must be unique across all files."""
    nodes: dict[str, Node] = {
        name: read_package_toml(PACKAGE, "data", f"{name}.toml")
        for name in package_files(PACKAGE, "data")
    }
    if folder is not None:
        root = Path(folder)
        if not root.is_dir():
            raise ScenarioError(str(folder), "(folder)", "no such folder")
        for path in sorted(root.glob("*.toml")):
            nodes[path.stem] = read_toml(path)
    seen: dict[str, str] = {}
    hordes: dict[str, Horde] = {}
    for node in nodes.values():
        for h in read_file(node, seen):
            hordes[h.id] = h
    return HordeBook(hordes, tuple(n.file for n in nodes.values()))


@cache
def default_hordes() -> HordeBook:
    """The shipped horde profiles (read once)."""
    return load_hordes()


def horde(name: str) -> Horde:
    """A shipped horde by id or name (``"cultists"``, ``"Mk 1 Iron Guard"``)."""
    return default_hordes()[name]


__all__ = [
    "HordeBook",
    "default_hordes",
    "horde",
    "load_horde_file",
    "load_hordes",
    "read_file",
    "read_horde",
    "read_weapon",
]
