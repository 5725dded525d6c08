"""The Warmaster's tables read by dice: the Teleportation Table (``data/teleport.toml``,
WM-GAP-01), the Battle Results Table (``data/battle.toml``, WM-GAP-02) and the rulebook's
numbers (``data/rules.toml``: stacking, movement, the Traitor reinforcement roll).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import attrs

from wargames.core.areas import AreaMap
from wargames.core.dice import d66, d66_faces
from wargames.core.odds import CombatResultsTable
from wargames.core.scenario import Node
from wargames.warmaster.manifest import SIDES

if TYPE_CHECKING:
    from wargames.warmaster.ship import Section

D66_RESULTS = tuple(roll for roll, _ in d66_faces())
"""The 36 results of a D66, 11 to 66 (WM-TELEPORT-03)."""
OUTCOMES = ("reserve", "scatter", "arrive")
CHOOSERS = ("owner", "opponent")
LOSSES = ("none", "one", "all")
DIE_SIDES = 6


@attrs.frozen
class TeleportEffect:
    """A special result of the Teleportation Table (the x6 results).

    ``loss_on``: each unit rolls a D6 and is destroyed on this or less (0: no roll);
    ``hero_loss_on``: the same for units with a re-roll ability (``None``: as ``loss_on``).
    ``outcome``: ``"reserve"`` (survivors teleport again at their side's next Reinforcements
    phase), ``"scatter"`` (roll again for every unit separately; a further x6 is re-rolled
    unless in ``scatter_keeps``) or ``"arrive"`` (survivors arrive together in an area that
    ``chooser`` picks, ``"owner"`` being the teleporting side, inside ``sections`` if not
    empty, never destroyed, and holding no units of the arriving side if
    ``not_with_own_units``).
    """

    id: str
    name: str
    outcome: str
    loss_on: int = 0
    hero_loss_on: int | None = None
    chooser: str | None = None
    sections: frozenset[int] = frozenset()
    not_with_own_units: bool = False
    scatter_keeps: frozenset[int] = frozenset()
    provenance: str = "reconstructed"

    def loss_threshold(self, has_reroll: bool) -> int:
        """The D6 roll at or below which a unit is destroyed (0: never)."""
        if has_reroll and self.hero_loss_on is not None:
            return self.hero_loss_on
        return self.loss_on


@attrs.frozen
class TeleportResult:
    """One line of the Teleportation Table: a D66 roll and either an area or an effect."""

    roll: int
    area: str | None = None
    effect: TeleportEffect | None = None
    provenance: str = "reconstructed"


@attrs.frozen
class Teleportarium:
    """Research 3.2 rule 4: a side in ``sides`` that controls the Teleportarium at the start of
    its Reinforcements phase rolls ``rolls`` times per teleport and picks one result, and if
    ``direct_arrival`` may bring units from reserve straight into the Teleportarium."""

    sides: frozenset[str]
    rolls: int
    direct_arrival: bool
    provenance: str = "reconstructed"


@attrs.frozen(eq=False)
class TeleportTable:
    """The Teleportation Table (WM-GAP-01): every D66 result exactly once.

    ``on_destroyed_area``: ``"reroll"`` (the catalogue's reading) or ``"shift"`` (research 3.2:
    the opponent shifts the arrivals to an adjacent area, Lost in the Warp if there is none).
    ``traitor_reserve``: where a Traitor unit sent back to reserve goes: ``"next-phase"`` (it
    teleports at the next Traitor Reinforcements phase, besides that phase's draw) or
    ``"cup"``.
    """

    results: Mapping[int, TeleportResult]
    effects: Mapping[str, TeleportEffect]
    on_destroyed_area: str
    traitor_reserve: str
    teleportarium: Teleportarium
    provenance: str = "reconstructed"

    def __getitem__(self, roll: int) -> TeleportResult:
        return self.results[roll]

    def roll(self, tens: int, units: int) -> TeleportResult:
        """The line for a first die ``tens`` and a second die ``units`` (5 then 3: 53)."""
        return self.results[d66(tens, units)]

    def area_rolls(self) -> dict[str, tuple[int, ...]]:
        """Area -> the D66 results that land there."""
        out: dict[str, list[int]] = {}
        for roll, result in self.results.items():
            if result.area is not None:
                out.setdefault(result.area, []).append(roll)
        return {area: tuple(rolls) for area, rolls in out.items()}


@attrs.frozen
class BattleResult:
    """What a code of the Battle Results Table does (WM-GAP-02).

    Losses are ``"none"``, ``"one"`` or ``"all"``, chosen by their owner (WM-DESTROY-02);
    retreats move the survivors one area, the opponent choosing where (WM-RETREAT-01 to -05);
    ``retreat_needs_both``: the retreat happens only if both sides still have units after the
    losses; ``heroes_last``: a unit with a re-roll ability may be taken as the loss only when
    no other unit is left.
    """

    code: str
    name: str
    description: str
    attacker_loses: str = "none"
    defender_loses: str = "none"
    attacker_retreats: bool = False
    defender_retreats: bool = False
    retreat_needs_both: bool = False
    heroes_last: bool = False
    provenance: str = "reconstructed"


@attrs.frozen
class Movement:
    """Movement allowances in areas (WM-BRIDGE-05 to -07)."""

    bridge_controller: int = 3
    other: int = 1
    bridge_destroyed: int = 1
    provenance: str = "rulebook"

    def allowance(self, controls_bridge: bool, bridge_destroyed: bool = False) -> int:
        """How many areas a unit of a side may move this turn."""
        if bridge_destroyed:
            return self.bridge_destroyed
        return self.bridge_controller if controls_bridge else self.other


def die_face(node: Node, key: str, default: int | None = None) -> int:
    """A D6 threshold: 0 (never) to 6."""
    return node.number(key, 0, DIE_SIDES, default)


def die_faces(node: Node, key: str) -> frozenset[int]:
    """A list of D6 faces (absent = empty)."""
    out: set[int] = set()
    for item in node.list(key, default_empty=True):
        value = item.as_(int)
        if not 1 <= value <= DIE_SIDES:
            raise item.error(f"expected a die face from 1 to {DIE_SIDES}, got {value}")
        out.add(value)
    return frozenset(out)


_RESULT_KEYS = ("roll", "area", "effect", "provenance")
_EFFECT_KEYS = (
    "id", "name", "outcome", "loss_on", "hero_loss_on", "chooser", "sections",
    "not_with_own_units", "scatter_keeps", "provenance",
)  # fmt: skip


def load_teleport(node: Node, board: AreaMap, sections: Mapping[int, Section]) -> TeleportTable:
    """The Teleportation Table (WM-GAP-01, research 3.2): each of the 36 D66 results once, each
    naming a known area or a defined effect."""
    node.only(("result", "effect", "rules", "teleportarium"))
    effects = _effects(node.list("effect"), sections)
    results: dict[int, TeleportResult] = {}
    where: dict[int, str] = {}
    for item in node.list("result"):
        result = _teleport_result(item, board, effects, where)
        results[result.roll] = result
    missing = [r for r in D66_RESULTS if r not in results]
    if missing:
        raise node.error(
            f"the table must cover the 36 D66 results 11-66; missing {missing}", "result"
        )
    rules = node.child("rules")
    rules.only(("on_destroyed_area", "traitor_reserve", "provenance"))
    return TeleportTable(
        results={r: results[r] for r in D66_RESULTS},
        effects=effects,
        on_destroyed_area=rules.choice("on_destroyed_area", ("reroll", "shift"), what="rule"),
        traitor_reserve=rules.choice("traitor_reserve", ("next-phase", "cup"), what="rule"),
        teleportarium=_teleportarium(node.child("teleportarium")),
        provenance=rules.provenance(),
    )


def _teleport_result(
    node: Node, board: AreaMap, effects: Mapping[str, TeleportEffect], where: dict[int, str]
) -> TeleportResult:
    node.only(_RESULT_KEYS)
    roll_node = node.child("roll")
    roll = roll_node.as_(int)
    if roll not in D66_RESULTS:
        raise roll_node.error(f"{roll} is not a D66 result (two digits, each 1 to 6)")
    if roll in where:
        raise roll_node.error(f"D66 result {roll} is listed twice (first at {where[roll]})")
    where[roll] = node.path
    if node.has("area") == node.has("effect"):
        raise node.error(f"result {roll} needs either an area or an effect, not both or neither")
    area = effect = None
    if node.has("area"):
        area = node.get("area", str)
        if area not in board:
            raise node.error(f"unknown area {area!r}", "area")
    else:
        effect_id = node.get("effect", str)
        if effect_id not in effects:
            raise node.error(f"unknown effect {effect_id!r}; defined: {sorted(effects)}", "effect")
        effect = effects[effect_id]
    return TeleportResult(roll, area, effect, node.provenance())


def _effects(nodes: Iterable[Node], sections: Mapping[int, Section]) -> dict[str, TeleportEffect]:
    seen: dict[str, str] = {}
    out: dict[str, TeleportEffect] = {}
    for item in nodes:
        item.only(_EFFECT_KEYS)
        effect_id = item.unique(seen, "effect id", "id")
        outcome = item.choice("outcome", OUTCOMES, what="outcome")
        chooser = item.choice("chooser", CHOOSERS, what="chooser") if item.has("chooser") else None
        if (outcome == "arrive") != (chooser is not None):
            raise item.error("an 'arrive' effect needs a chooser, and only it has one", "chooser")
        out[effect_id] = TeleportEffect(
            id=effect_id,
            name=item.get("name", str),
            outcome=outcome,
            loss_on=die_face(item, "loss_on", 0),
            hero_loss_on=die_face(item, "hero_loss_on") if item.has("hero_loss_on") else None,
            chooser=chooser,
            sections=_section_ids(item, sections),
            not_with_own_units=item.get("not_with_own_units", bool, False),
            scatter_keeps=_d66_list(item, "scatter_keeps"),
            provenance=item.provenance(),
        )
    return out


def _section_ids(node: Node, sections: Mapping[int, Section]) -> frozenset[int]:
    out: set[int] = set()
    for item in node.list("sections", default_empty=True):
        value = item.as_(int)
        if value not in sections:
            raise item.error(f"unknown section {value}; defined: {sorted(sections)}")
        out.add(value)
    return frozenset(out)


def _d66_list(node: Node, key: str) -> frozenset[int]:
    out: set[int] = set()
    for item in node.list(key, default_empty=True):
        value = item.as_(int)
        if value not in D66_RESULTS:
            raise item.error(f"{value} is not a D66 result (two digits, each 1 to 6)")
        out.add(value)
    return frozenset(out)


def _teleportarium(node: Node) -> Teleportarium:
    node.only(("sides", "rolls", "direct_arrival", "provenance"))
    return Teleportarium(
        sides=frozenset(node.picks("sides", SIDES, "side")),
        rolls=node.number("rolls", least=1),
        direct_arrival=node.get("direct_arrival", bool),
        provenance=node.provenance(),
    )


_BATTLE_RESULT_KEYS = (
    "code", "name", "description", "attacker_loses", "defender_loses", "attacker_retreats",
    "defender_retreats", "retreat_needs_both", "heroes_last", "provenance",
)  # fmt: skip


def load_battle(node: Node) -> tuple[CombatResultsTable, dict[str, BattleResult]]:
    """The Battle Results Table (WM-GAP-02, research 3.3): typed result codes, then one column
    of six results per ratio, columns from worst to best for the attacker."""
    node.only(("provenance", "result", "column"))
    results = _battle_results(node.list("result"))
    descriptions = {code: r.description for code, r in results.items()}
    table = node.odds_table(descriptions, DIE_SIDES, what="a ratio")
    return table, results


def _battle_results(nodes: Iterable[Node]) -> dict[str, BattleResult]:
    seen: dict[str, str] = {}
    out: dict[str, BattleResult] = {}
    for item in nodes:
        item.only(_BATTLE_RESULT_KEYS)
        code = item.unique(seen, "result code", "code")
        out[code] = BattleResult(
            code=code,
            name=item.get("name", str),
            description=item.get("description", str),
            attacker_loses=item.choice("attacker_loses", frozenset(LOSSES), "none"),
            defender_loses=item.choice("defender_loses", frozenset(LOSSES), "none"),
            attacker_retreats=item.get("attacker_retreats", bool, False),
            defender_retreats=item.get("defender_retreats", bool, False),
            retreat_needs_both=item.get("retreat_needs_both", bool, False),
            heroes_last=item.get("heroes_last", bool, False),
            provenance=item.provenance(),
        )
    return out


def load_rules(node: Node) -> tuple[int, Movement, dict[int, int]]:
    """The rulebook's numbers: stacking (WM-STACK-01), movement (WM-BRIDGE-05 to -07) and the
    Traitor reinforcement roll (WM-REINF-06), whose rows cover each D6 face exactly once."""
    node.only(("stacking", "movement", "traitor_reinforcements"))
    stacking = node.child("stacking")
    stacking.only(("limit", "provenance"))
    stacking.provenance()
    moves = node.child("movement")
    moves.only(("bridge_controller", "other", "bridge_destroyed", "provenance"))
    movement = Movement(
        bridge_controller=moves.number("bridge_controller", least=1),
        other=moves.number("other", least=1),
        bridge_destroyed=moves.number("bridge_destroyed", least=1),
        provenance=moves.provenance(),
    )
    table: dict[int, int] = {}
    where: dict[int, str] = {}
    for row in node.list("traitor_reinforcements"):
        row.only(("roll", "units", "provenance"))
        row.provenance()
        units = row.number("units", least=0)
        for item in row.list("roll"):
            face = item.as_(int)
            if not 1 <= face <= DIE_SIDES:
                raise item.error(f"expected a die face from 1 to {DIE_SIDES}, got {face}")
            if face in where:
                raise item.error(f"die face {face} is listed twice (first at {where[face]})")
            where[face] = item.path
            table[face] = units
    missing = [f for f in range(1, DIE_SIDES + 1) if f not in table]
    if missing:
        raise node.error(
            f"every die face 1-{DIE_SIDES} needs a row; missing {missing}", "traitor_reinforcements"
        )
    limit = stacking.number("limit", least=1)
    return limit, movement, dict(sorted(table.items()))
