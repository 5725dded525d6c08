"""The special rules' numbers (``data/specials.toml``, WM-GAP-05, research 3.1 to 3.5): Traps,
Horrors, Ambushes, Lupercal's Sanctum, area control, destroyed areas, reactor sabotage, the
fleet's lasers, the ship's break-up and the optional warp instability. :mod:`specials
<wargames.warmaster.specials>` and :mod:`battle <wargames.warmaster.battle>` play them.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from wargames.core.scenario import Node
from wargames.warmaster.manifest import SIDES, UnitSpec
from wargames.warmaster.tables import CHOOSERS, DIE_SIDES, die_face, die_faces


@attrs.frozen
class TrapEffect:
    """A revealed Trap: each enemy unit in the area rolls a D6 and is destroyed on ``loss_on``
    or less; then the Trap is removed if ``removed``."""

    loss_on: int
    removed: bool = True
    provenance: str = "reconstructed"


@attrs.frozen
class HorrorEffect:
    """A Horror fights with its factors; while it is in the area, Imperial attacks there shift
    ``imperial_attack_shift`` columns unless a unit of ``negated_by`` is among the attackers;
    it leaves the game after the first battle it fights if ``removed_after_battle``."""

    imperial_attack_shift: int
    negated_by: frozenset[str]
    removed_after_battle: bool = True
    provenance: str = "reconstructed"


@attrs.frozen
class AmbushEffect:
    """A revealed Ambush: ``draw`` units come from the cup into the area (never above the
    stacking limit; the marker does not count) and attack at once, ``attack_shift`` columns;
    then the marker is removed if ``removed``."""

    draw: int
    attack_shift: int
    removed: bool = True
    provenance: str = "reconstructed"


@attrs.frozen
class SanctumRule:
    """``unit`` defending in the area tagged ``sanctum`` shifts the column ``defence_shift``."""

    unit: str
    defence_shift: int
    provenance: str = "reconstructed"


@attrs.frozen
class AreaControl:
    """Area control (research 3.1): taken by being alone in an area at the end of a Battle
    phase, kept until an enemy unit is alone there; ``initial`` holds every area at the start.
    Not the Bridge control of WM-BRIDGE-02."""

    initial: str
    provenance: str = "reconstructed"


@attrs.frozen
class AreaDestruction:
    """What happens to units in an area when it is destroyed: each rolls a D6 and is destroyed
    on ``loss_on`` or less; ``survivors_moved_by`` moves each survivor to an adjacent area not
    destroyed (none: destroyed)."""

    loss_on: int
    survivors_moved_by: str
    provenance: str = "reconstructed"


@attrs.frozen
class ReactorSabotage:
    """Units of ``side`` alone in a reactor area at the end of their Battle phase may detonate
    it: the reactor is destroyed, each adjacent area on a D6 of ``adjacent_destroyed_from`` or
    more. Once every reactor is destroyed: no Bridge movement bonus if
    ``all_reactors_lost_bridge``; the Defensive Screens count as captured if
    ``all_reactors_capture_screens``."""

    side: str
    adjacent_destroyed_from: int
    all_reactors_lost_bridge: bool
    all_reactors_capture_screens: bool
    provenance: str = "reconstructed"


@attrs.frozen
class FleetLasers:
    """From the turn after ``side`` captures the Defensive Screens, each of its Reinforcements
    phases fires ``shots`` D66 rolls (re-rolling a units die in ``reroll_units``); each hit
    destroys the area rolled, but the first hit of a turn goes to an intact hull area while
    one is left if ``hull_first``."""

    side: str
    shots: int
    reroll_units: frozenset[int]
    hull_first: bool
    provenance: str = "reconstructed"


@attrs.frozen
class ShipBreakup:
    """The ship breaks up after ``laser_hits`` hits, or once the Bridge and any reactor are
    destroyed if ``bridge_and_reactor``: ``winner`` wins, unless the Emperor is aboard and fails
    a D6 roll of ``emperor_escape_from`` or more, which gives ``failed_escape``."""

    laser_hits: int
    bridge_and_reactor: bool
    winner: str
    emperor_escape_from: int
    failed_escape: str
    provenance: str = "reconstructed"


@attrs.frozen
class WarpInstability:
    """Optional: from turn ``from_turn``, at the start of each turn a D6 of ``turn -
    turn_offset`` or less destroys one area rolled on a D66 (units die in ``reroll_units``
    re-rolled)."""

    from_turn: int
    turn_offset: int
    reroll_units: frozenset[int]
    provenance: str = "reconstructed"

    def threshold(self, turn: int) -> int:
        """The D6 roll at or below which an area is destroyed at the start of ``turn``."""
        return max(0, turn - self.turn_offset) if turn >= self.from_turn else 0


@attrs.frozen
class Specials:
    """The special rules (WM-GAP-05), all reconstructed from research 3.1 to 3.5."""

    trap: TrapEffect
    horror: HorrorEffect
    ambush: AmbushEffect
    sanctum: SanctumRule
    control: AreaControl
    area_destruction: AreaDestruction
    reactor_sabotage: ReactorSabotage
    fleet_lasers: FleetLasers
    ship_breakup: ShipBreakup
    warp_instability: WarpInstability


_SPECIAL_TABLES = (
    "trap", "horror", "ambush", "sanctum", "control", "area_destruction", "reactor_sabotage",
    "fleet_lasers", "ship_breakup", "warp_instability",
)  # fmt: skip


def load_specials(node: Node, counters: Mapping[str, UnitSpec]) -> Specials:
    """The special rules (WM-GAP-05, research 3.1 to 3.5); named counters must exist."""
    node.only(_SPECIAL_TABLES)
    trap = node.child("trap")
    trap.only(("loss_on", "removed", "provenance"))
    horror = node.child("horror")
    horror.only(("imperial_attack_shift", "negated_by", "removed_after_battle", "provenance"))
    ambush = node.child("ambush")
    ambush.only(("draw", "attack_shift", "removed", "provenance"))
    sanctum = node.child("sanctum")
    sanctum.only(("unit", "defence_shift", "provenance"))
    return Specials(
        trap=TrapEffect(
            loss_on=die_face(trap, "loss_on"),
            removed=trap.get("removed", bool, True),
            provenance=trap.provenance(),
        ),
        horror=HorrorEffect(
            imperial_attack_shift=horror.get("imperial_attack_shift", int),
            negated_by=frozenset(horror.picks("negated_by", counters, "counter")),
            removed_after_battle=horror.get("removed_after_battle", bool, True),
            provenance=horror.provenance(),
        ),
        ambush=AmbushEffect(
            draw=ambush.number("draw", least=1),
            attack_shift=ambush.get("attack_shift", int),
            removed=ambush.get("removed", bool, True),
            provenance=ambush.provenance(),
        ),
        sanctum=SanctumRule(
            unit=sanctum.choice("unit", counters, what="counter"),
            defence_shift=sanctum.get("defence_shift", int),
            provenance=sanctum.provenance(),
        ),
        control=_control(node.child("control")),
        area_destruction=_area_destruction(node.child("area_destruction")),
        reactor_sabotage=_reactor_sabotage(node.child("reactor_sabotage")),
        fleet_lasers=_fleet_lasers(node.child("fleet_lasers")),
        ship_breakup=_ship_breakup(node.child("ship_breakup")),
        warp_instability=_warp_instability(node.child("warp_instability")),
    )


def _control(node: Node) -> AreaControl:
    node.only(("initial", "provenance"))
    return AreaControl(node.choice("initial", SIDES, what="side"), node.provenance())


def _area_destruction(node: Node) -> AreaDestruction:
    node.only(("loss_on", "survivors_moved_by", "provenance"))
    return AreaDestruction(
        loss_on=die_face(node, "loss_on"),
        survivors_moved_by=node.choice("survivors_moved_by", CHOOSERS, what="chooser"),
        provenance=node.provenance(),
    )


def _reactor_sabotage(node: Node) -> ReactorSabotage:
    node.only(
        (
            "side", "adjacent_destroyed_from", "all_reactors_lost_bridge",
            "all_reactors_capture_screens", "provenance",
        ),
    )  # fmt: skip
    return ReactorSabotage(
        side=node.choice("side", SIDES, what="side"),
        adjacent_destroyed_from=node.number("adjacent_destroyed_from", 1, DIE_SIDES + 1),
        all_reactors_lost_bridge=node.get("all_reactors_lost_bridge", bool),
        all_reactors_capture_screens=node.get("all_reactors_capture_screens", bool),
        provenance=node.provenance(),
    )


def _fleet_lasers(node: Node) -> FleetLasers:
    node.only(("side", "shots", "reroll_units", "hull_first", "provenance"))
    return FleetLasers(
        side=node.choice("side", SIDES, what="side"),
        shots=node.number("shots", least=1),
        reroll_units=die_faces(node, "reroll_units"),
        hull_first=node.get("hull_first", bool),
        provenance=node.provenance(),
    )


def _ship_breakup(node: Node) -> ShipBreakup:
    node.only(
        (
            "laser_hits", "bridge_and_reactor", "winner", "emperor_escape_from",
            "failed_escape", "provenance",
        ),
    )  # fmt: skip
    outcomes = (*SIDES, "draw")
    return ShipBreakup(
        laser_hits=node.number("laser_hits", least=1),
        bridge_and_reactor=node.get("bridge_and_reactor", bool),
        winner=node.choice("winner", outcomes, what="outcome"),
        emperor_escape_from=node.number("emperor_escape_from", 1, DIE_SIDES + 1),
        failed_escape=node.choice("failed_escape", outcomes, what="outcome"),
        provenance=node.provenance(),
    )


def _warp_instability(node: Node) -> WarpInstability:
    node.only(("from_turn", "turn_offset", "reroll_units", "provenance"))
    return WarpInstability(
        from_turn=node.number("from_turn", least=1),
        turn_offset=node.number("turn_offset"),
        reroll_units=die_faces(node, "reroll_units"),
        provenance=node.provenance(),
    )
