"""P-Scale battle scenarios: TOML files read through the checked
:class:`~wargames.core.scenario.Node` cursor into a :class:`BattleSetup`.

A scenario gives the battlefield (size, terrain, each side's HQ area and command post,
HMC-GAP-25), the two armies (hordes from the shipped profiles, Officers, a Commander), the
mission (its length in rounds and its objectives, scored in Turning Points, research H11) and
who has the initiative in the first round (HMC-GAP-04). The sides are always ``blue`` and
``red``; each names its army. The shipped scenarios are in ``wargames/horde/scenarios/``; the
format is described at the top of ``manufactorum.toml``. :func:`load_scenario` takes a shipped
id, the path to a user's file (read again at every call) or a
:class:`~wargames.core.sources.ScenarioSource`; the set-up keeps its source, which saved states
and records name (a shipped id, or a user's data in full: never a path).

Every problem raises :class:`~wargames.core.errors.ScenarioError` naming the file, the key
path and what is wrong: a unit off the grid, two hordes on one square (HMC-SCALE-05), an
unknown profile, terrain or objective, a command post outside its HQ area...

>>> setup = load_scenario("manufactorum")
>>> setup.field.width, setup.field.height, setup.rounds, sorted(setup.sides)
(16, 12, 10, ['blue', 'red'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, SupportsIndex

import attrs

from wargames.core.grids import grid_coords
from wargames.core.scenario import Node, package_files
from wargames.core.sources import CACHE_SIZE, ScenarioSource, scenario_source
from wargames.core.transport import SharedValues, shared_reduce
from wargames.horde.actions import valid_id
from wargames.horde.battlefield import Battlefield, rectangle
from wargames.horde.combat.data import default_hordes
from wargames.horde.combat.profiles import AMBUSHERS, OFFICER_TALENTS, Horde, Officer
from wargames.horde.combat.rules import PRESETS, HordeRules
from wargames.horde.terrain import TERRAIN
from wargames.horde.units import Unit, resized, sized

PACKAGE = "wargames.horde"
SIDES: tuple[str, str] = ("blue", "red")
"""The two sides of every battle (each scenario names their armies)."""
DEFAULT_SCENARIO: Final = "manufactorum"
DEFAULT_ROUNDS: Final = 10
"""P-Scale missions last 10 rounds (research H11)."""

TOP_KEYS = (
    "title",
    "provenance",
    "width",
    "height",
    "rounds",
    "first",
    "rules",
    "terrain",
    "objective",
    *SIDES,
)
SIDE_KEYS = ("army", "hq", "command_post", "commander", "horde", "officer")
HORDE_KEYS = ("id", "profile", "at", "magnitude", "stealthed")
OFFICER_KEYS = ("id", "name", "profile", "wounds", "talents", "at", "join")
OBJECTIVE_KEYS = ("kind", "name", "squares", "unit", "side", "points")
OBJECTIVES = ("control", "collapse", "destroy")
MAX_ID = 40
"""The longest unit id (ids are written in every action naming the unit; the shipped ones
have at most a dozen characters)."""


def other_side(side: str) -> str:
    """The opposing side."""
    return SIDES[1] if side == SIDES[0] else SIDES[0]


@attrs.frozen
class SideSetup:
    """One side: its army's name and its Commander (an Officer's id, or ``None``: the
    Commander stays at the command post)."""

    name: str
    army: str
    commander: str | None = None


@attrs.frozen
class Objective:
    """A mission objective scored at the end of the last round (research H11):

    * ``control``: the side with more Magnitude on ``squares`` (hordes in good order or
      merely confused, fleeing or frenzied; routing hordes count as destroyed);
    * ``collapse``: a side whose enemy has at least half of its hordes destroyed, routed or
      routing;
    * ``destroy``: ``unit`` (and any horde split from it) destroyed, routed or routing, or an
      Officer slain.

    ``side`` limits who may score it (``None``: either side, or for ``destroy`` the enemy of
    the unit's side).
    """

    kind: Literal["control", "collapse", "destroy"]
    name: str
    points: int
    squares: frozenset[str] = frozenset()
    unit: str | None = None
    side: str | None = None


@attrs.frozen(eq=False)
class BattleSetup:
    """A scenario, read and checked."""

    name: str
    """The shipped scenario's id, or a user file's name without ``.toml``."""
    title: str
    field: Battlefield
    sides: Mapping[str, SideSetup]
    rounds: int
    first: str
    """The side with the initiative in the first round (HMC-GAP-04)."""
    objectives: tuple[Objective, ...]
    units: tuple[Unit, ...]
    """The units as the battle begins."""
    rules: HordeRules
    note: str = ""
    provenance: str = "reconstructed"
    source: ScenarioSource = attrs.field(kw_only=True)
    """Where the scenario came from: a shipped id or a user's data (saved with a state)."""

    totals: Mapping[str, int] = attrs.field(init=False, repr=False)

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        """Pickled as its source (:data:`SETUPS`, :mod:`wargames.core.transport`)."""
        return shared_reduce(self, SETUPS, _built, protocol)

    def __attrs_post_init__(self) -> None:
        totals = {
            side: sum(u.magnitude for u in self.units if u.side == side and u.is_horde)
            for side in SIDES
        }
        object.__setattr__(self, "totals", totals)

    def magnitude_total(self, side: str) -> int:
        """The Magnitude of ``side``'s hordes as the battle begins (the invariants)."""
        return self.totals[side]


def scenario_names() -> list[str]:
    """The shipped scenarios."""
    return package_files(PACKAGE, "scenarios")


def load_scenario(scenario: str | ScenarioSource) -> BattleSetup:
    """A shipped scenario by id, a user's scenario file by path (read again at every call, so
    an edit takes effect) or a source. Built once per source (the last
    :data:`~wargames.core.sources.CACHE_SIZE`)."""
    return _built(scenario_source(PACKAGE, scenario))


def _built(source: ScenarioSource) -> BattleSetup:
    """The set-up of ``source``, built once (:data:`SETUPS`); what a pickled set-up is read
    back with."""
    return SETUPS.get(source)


def _build(source: ScenarioSource) -> BattleSetup:
    return read_setup(source.node(PACKAGE), source)


SETUPS: SharedValues[BattleSetup] = SharedValues(_build, CACHE_SIZE)
"""The set-ups built, by source (the last :data:`~wargames.core.sources.CACHE_SIZE`); one
pickles as its source (:mod:`wargames.core.transport`)."""


def read_setup(root: Node, source: ScenarioSource) -> BattleSetup:
    """The scenario in ``root``, the document of ``source`` (see the module docstring)."""
    root.only(TOP_KEYS)
    width, height = root.number("width", 2, 99), root.number("height", 2, 99)
    terrain = _terrain(root, width, height)
    hq: dict[str, tuple[str, ...]] = {}
    posts: dict[str, str] = {}
    for side in SIDES:
        node = root.child(side)
        node.only(SIDE_KEYS)
        hq[side] = _squares(node, "hq", width, height)
        posts[side] = _square(node.child("command_post"), width, height)
        if posts[side] not in hq[side]:
            raise node.error(
                f"the command post {posts[side]} is not in the HQ area", "command_post"
            )
    field = Battlefield.build(width, height, terrain, hq, posts)
    for side in SIDES:
        for square in (*hq[side], posts[side]):
            if not field.passable(square):
                raise root.child(side).error(f"HQ square {square} is impassable", "hq")
    units = _units(root, field)
    sides = {side: _side(root.child(side), side, units) for side in SIDES}
    preset = root.choice("rules", PRESETS, "catalogue", what="rules preset")
    return BattleSetup(
        name=source.name,
        title=root.name("title"),
        field=field,
        sides=sides,
        rounds=root.number("rounds", 1, 99, default=DEFAULT_ROUNDS),
        first=root.choice("first", SIDES, SIDES[0], what="side"),
        objectives=tuple(_objective(o, field, units) for o in root.list("objective", True)),
        units=units,
        rules=PRESETS[preset],
        note=root.text("note"),
        provenance=root.provenance("reconstructed"),
        source=source,
    )


# -- squares ------------------------------------------------------------------------------------


def _square(node: Node, width: int, height: int) -> str:
    text = node.as_(str)
    try:
        col, row = grid_coords(text)
    except ValueError:
        raise node.error(f"expected a square like '05-07' (column-row), got {text!r}") from None
    if not (1 <= col <= width and 1 <= row <= height):
        raise node.error(f"square {text} is off the {width}x{height} grid")
    return f"{col:02d}-{row:02d}"


def _squares(node: Node, key: str, width: int, height: int) -> tuple[str, ...]:
    """The squares listed under ``key``: single squares or rectangles ``"01-01:02-12"``."""
    found: dict[str, None] = {}
    for item in node.list(key):
        text = item.as_(str)
        ends = text.split(":")
        if len(ends) > 2:
            raise item.error(f"expected a square or a rectangle 'a:b', got {text!r}")
        corners = [_square(Node(e.strip(), item.file, item.path), width, height) for e in ends]
        for square in rectangle(corners[0], corners[-1]):
            found[square] = None
    if not found:
        raise node.error("expected at least one square", key)
    return tuple(found)


def _terrain(root: Node, width: int, height: int) -> dict[str, str]:
    terrain: dict[str, str] = {}
    if not root.has("terrain"):
        return terrain
    node = root.child("terrain")
    node.only(tuple(TERRAIN))
    for kind in (k for k in node.keys() if k != "note"):  # noqa: SIM118 - a Node, not a dict
        for square in _squares(node, kind, width, height):
            terrain[square] = kind
    return terrain


# -- units --------------------------------------------------------------------------------------


def _units(root: Node, field: Battlefield) -> tuple[Unit, ...]:
    seen: dict[str, str] = {}
    taken: dict[str, str] = {}
    hordes: list[Unit] = []
    officers: list[Unit] = []
    for side in SIDES:
        node = root.child(side)
        for item in node.list("horde", default_empty=True):
            horde, extra = _horde(item, side, field, seen, taken)
            hordes.append(horde)
            officers.extend(extra)
        if not any(h.side == side for h in hordes):
            raise node.error(f"the {side} army needs at least one horde", "horde")
    index = {h.id: h for h in hordes}
    for side in SIDES:
        for item in root.child(side).list("officer", default_empty=True):
            officers.append(_officer(item, side, field, seen, taken, index))
    return (*hordes, *officers)


def _profile(node: Node) -> Horde:
    book = default_hordes()
    name = node.get("profile", str)
    found = book.find(name)
    if found is None:
        raise node.error(f"unknown horde profile {name!r}; known: {list(book.ids())}", "profile")
    return found


def _unit_id(node: Node, seen: dict[str, str]) -> str:
    ident = node.unique(seen, "unit id", "id")
    if not valid_id(ident) or len(ident) > MAX_ID:
        raise node.error(
            f"bad unit id {ident[:MAX_ID]!r}: a letter, then letters, digits, '_', '.' or '-' "
            f"(at most {MAX_ID} characters), and not an action word (activate, pass, roll...)",
            "id",
        )
    return ident


def _place(node: Node, field: Battlefield, taken: dict[str, str], ident: str) -> str:
    square = _square(node.child("at"), field.width, field.height)
    if not field.passable(square):
        raise node.error(f"{ident} stands on impassable terrain at {square}", "at")
    if square in taken:
        raise node.error(
            f"two hordes on square {square}: {taken[square]} and {ident} (one horde per "
            "square, HMC-SCALE-05)",
            "at",
        )
    taken[square] = ident
    return square


def _horde(
    node: Node, side: str, field: Battlefield, seen: dict[str, str], taken: dict[str, str]
) -> tuple[Unit, list[Unit]]:
    node.only(HORDE_KEYS)
    ident = _unit_id(node, seen)
    profile = _profile(node)
    square = _place(node, field, taken, ident)
    magnitude = node.number("magnitude", 1, profile.starting_magnitude, default=profile.magnitude)
    stealthed = node.get("stealthed", bool, False)
    if stealthed and not (profile.has(AMBUSHERS) and field.cover(square)):
        raise node.error(
            f"only Ambushers in cover may start in stealth (HMC-TALENT-01); {ident} is "
            f"{profile.name} on {field.kind(square).name} ground",
            "stealthed",
        )
    horde = resized(profile, magnitude)
    unit = Unit(ident, side, horde, square, stealthed=stealthed, round_magnitude=magnitude)
    extra: list[Unit] = []
    for officer in profile.officers:
        oid = f"{ident}-{'-'.join(officer.name.lower().split())}"
        if oid in seen or not valid_id(oid):
            raise node.error(f"the profile's Officer {officer.name!r} clashes with unit {oid!r}")
        seen[oid] = f"{node.path}.profile"
        hero = hero_profile(profile, officer.wounds)
        extra.append(Unit(oid, side, hero, None, officer=officer, attached_to=ident))
    if extra:
        unit = attrs.evolve(unit, bonus=extra[0].id)
    return unit, extra


def hero_profile(profile: Horde, wounds: int) -> Horde:
    """An Officer's combat profile: the statistics and weapons of ``profile`` with his wounds
    as its Magnitude, no attachments (HMC-OFFICER-04, HMC-GAP-01; reconstructed)."""
    return sized(profile.id, wounds, wounds, ())


def _officer(
    node: Node,
    side: str,
    field: Battlefield,
    seen: dict[str, str],
    taken: dict[str, str],
    hordes: Mapping[str, Unit],
) -> Unit:
    node.only(OFFICER_KEYS)
    ident = _unit_id(node, seen)
    profile = _profile(node)
    wounds = node.number("wounds", 1, 999)
    talents = _talents(node)
    officer = Officer(node.name("name", ident), wounds, talents)
    hero = hero_profile(profile, wounds)
    if node.has("join") == node.has("at"):
        raise node.error("an Officer either stands 'at' a square or 'join's a horde")
    if node.has("join"):
        horde = node.get("join", str)
        found = hordes.get(horde)
        if found is None or found.side != side:
            raise node.error(f"no {side} horde {horde!r} to join", "join")
        return Unit(ident, side, hero, None, officer=officer, attached_to=horde)
    square = _square(node.child("at"), field.width, field.height)
    if not field.passable(square):
        raise node.error(f"{ident} stands on impassable terrain at {square}", "at")
    owner = taken.get(square)
    if owner is not None and hordes[owner].side != side:
        raise node.error(f"{ident} stands on the enemy horde {owner} at {square}", "at")
    return Unit(ident, side, hero, square, officer=officer, round_magnitude=wounds)


def _talents(node: Node) -> tuple[str, ...]:
    canon = {t.lower(): t for t in OFFICER_TALENTS}
    out: list[str] = []
    for item in node.list("talents", default_empty=True):
        name = canon.get(item.as_(str).strip().lower())
        if name is None:
            raise item.error(
                f"unknown officer talent {item.value!r}; expected one of {list(OFFICER_TALENTS)}"
            )
        if name in out:
            raise item.error(f"officer talent {name!r} is listed twice")
        out.append(name)
    return tuple(out)


def _side(node: Node, side: str, units: tuple[Unit, ...]) -> SideSetup:
    commander = node.get("commander", str, "") or None
    if commander is not None:
        found = next((u for u in units if u.id == commander), None)
        if found is None or found.side != side or found.officer is None:
            raise node.error(f"no {side} Officer {commander!r} to be the Commander", "commander")
    return SideSetup(side, node.name("army"), commander)


def _objective(node: Node, field: Battlefield, units: tuple[Unit, ...]) -> Objective:
    node.only(OBJECTIVE_KEYS)
    kind = node.choice("kind", OBJECTIVES, what="objective")
    side = node.choice("side", SIDES, "", what="side") if node.has("side") else None
    points = node.number("points", 1, 99)
    if kind == "control":
        squares = frozenset(_squares(node, "squares", field.width, field.height))
        name = node.name("name", "an area")
        return Objective("control", name, points, squares=squares, side=side)
    if kind == "destroy":
        ident = node.get("unit", str)
        if not any(u.id == ident for u in units):
            raise node.error(f"no unit {ident!r} to destroy", "unit")
        return Objective("destroy", node.name("name", f"destroy {ident}"), points, unit=ident)
    return Objective("collapse", node.name("name", "collapse the enemy"), points, side=side)


__all__ = [
    "DEFAULT_ROUNDS",
    "DEFAULT_SCENARIO",
    "PACKAGE",
    "SIDES",
    "BattleSetup",
    "Objective",
    "SideSetup",
    "hero_profile",
    "load_scenario",
    "other_side",
    "read_setup",
    "scenario_names",
]
