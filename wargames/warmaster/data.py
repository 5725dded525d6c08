"""The Warmaster's reference data as typed records: ship map, tables, counters, special rules.

The rulebook (``shared/seeds/warmaster.txt``) refers to a board, a Teleportation Table, a
Battle Results Table, a counter manifest and special rules that are not available
(WM-GAP-01 to WM-GAP-05). The files in ``wargames/warmaster/data/`` reconstruct them from
``shared/research/warmaster-horde-data.md`` (sections 3.1 to 3.5) wherever the rules
catalogue's readings allow; the files' header comments list each departure from the research
proposals and why. Every record carries a ``provenance`` (``"reconstructed"`` unless all its
values are the rulebook's) and, where some value is the rulebook's, a ``note`` saying which.
An owner of the original sheets can replace the values.

:func:`load_data` reads and validates those files (or corrected copies dropped in a folder)
into :class:`WarmasterData`. Every problem in a file raises
:class:`~wargames.core.errors.ScenarioError` naming the file, the key path
(``area[3].adjacent[1]``) and what is wrong.

Each part of the reference sheets has its module, holding its records and the reader of its
file: :mod:`~wargames.warmaster.ship` (``map.toml``: sections and areas),
:mod:`~wargames.warmaster.manifest` (``counters.toml``: the sides and their counters),
:mod:`~wargames.warmaster.tables` (``teleport.toml``, ``battle.toml`` and ``rules.toml``: the
Teleportation Table, the Battle Results Table and the rulebook's numbers) and
:mod:`~wargames.warmaster.special_rules` (``specials.toml``). This module puts them together
and names every record again, so ``from wargames.warmaster.data import UnitSpec`` works as
before. A scenario (the Traitor's cup and face-down counters, the Imperial waves, the options)
is read and checked against the data by :mod:`wargames.warmaster.scenario`.

>>> data = default_data()
>>> data.bridge, data.board["21"].name
('21', 'The Bridge')
>>> data.teleport.roll(5, 3).area
'53'
>>> str(data.battle.column_for(9, 5))
'1-1'
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, SupportsIndex

import attrs

from wargames.core.areas import AreaMap
from wargames.core.odds import CombatResultsTable
from wargames.core.scenario import data_reader
from wargames.core.transport import once_reduce
from wargames.warmaster.manifest import (
    BACKS,
    EMPEROR,
    HORUS,
    IMPERIAL,
    KINDS,
    REROLLS,
    SIDES,
    TRAITOR,
    UnitSpec,
    load_counters,
)
from wargames.warmaster.ship import AREA_TAGS, REQUIRED_TAGS, AreaSpec, Section, load_map
from wargames.warmaster.special_rules import (
    AmbushEffect,
    AreaControl,
    AreaDestruction,
    FleetLasers,
    HorrorEffect,
    ReactorSabotage,
    SanctumRule,
    ShipBreakup,
    Specials,
    TrapEffect,
    WarpInstability,
    load_specials,
)
from wargames.warmaster.tables import (
    CHOOSERS,
    D66_RESULTS,
    DIE_SIDES,
    LOSSES,
    OUTCOMES,
    BattleResult,
    Movement,
    Teleportarium,
    TeleportEffect,
    TeleportResult,
    TeleportTable,
    load_battle,
    load_rules,
    load_teleport,
)


@attrs.frozen(eq=False)
class WarmasterData:
    """Everything the board, the reference sheets and the special rules give the engine."""

    board: AreaMap
    sections: Mapping[int, Section]
    areas: Mapping[str, AreaSpec]
    counters: Mapping[str, UnitSpec]
    teleport: TeleportTable
    battle: CombatResultsTable
    results: Mapping[str, BattleResult]
    """Battle Results Table code -> what it does."""
    stack_limit: int
    movement: Movement
    traitor_reinforcements: Mapping[int, int]
    """D6 face -> number of Traitor reinforcements (WM-REINF-06)."""
    specials: Specials

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        """The shipped data pickles as a call of :func:`default_data`
        (:mod:`wargames.core.transport`); data edited in a notebook by value."""
        return once_reduce(self, default_data, protocol)

    @property
    def bridge(self) -> str:
        """The Bridge's area id."""
        return self.board.with_tag("bridge")[0]

    @property
    def sanctum(self) -> str:
        return self.board.with_tag("sanctum")[0]

    @property
    def defensive_screens(self) -> str:
        return self.board.with_tag("defensive-screens")[0]

    @property
    def teleportarium(self) -> str:
        return self.board.with_tag("teleportarium")[0]

    @property
    def reactors(self) -> tuple[str, ...]:
        return self.board.with_tag("reactor")

    @property
    def hull(self) -> tuple[str, ...]:
        return self.board.with_tag("hull")

    def section_areas(self, section: int) -> tuple[str, ...]:
        return self.board.with_tag(f"section-{section}")

    def spec(self, unit: str) -> UnitSpec:
        """The counter type of a counter id or instance id (``"custodes-2"``)."""
        found = self.counters.get(unit)
        if found is None:
            base, _, number = unit.rpartition("-")
            found = self.counters.get(base) if number.isdigit() else None
            if found is None or unit not in found.instances():
                raise KeyError(unit)
        return found

    def instances(self, side: str | None = None) -> tuple[str, ...]:
        """The ids of every individual counter (of ``side``), in manifest order."""
        return tuple(
            unit
            for spec in self.counters.values()
            if side is None or spec.side == side
            for unit in spec.instances()
        )


PACKAGE = "wargames.warmaster"
DATA_FILES = (
    "map.toml", "counters.toml", "teleport.toml", "battle.toml", "rules.toml", "specials.toml",
)  # fmt: skip


def load_data(folder: Path | None = None) -> WarmasterData:
    """Read and validate the map, tables, manifest and special rules (WM-GAP-01 to -05).

    ``None`` reads the files shipped in ``wargames/warmaster/data``. A ``folder`` replaces them
    file by file: each of :data:`DATA_FILES` found there is used instead of the shipped one.
    Any problem raises :class:`ScenarioError` naming the file, the key path and what is wrong.
    """
    read = data_reader(PACKAGE, folder)
    sections, areas, board = load_map(read("map.toml"))
    counters = load_counters(read("counters.toml"))
    teleport = load_teleport(read("teleport.toml"), board, sections)
    battle, results = load_battle(read("battle.toml"))
    stack_limit, movement, reinforcements = load_rules(read("rules.toml"))
    return WarmasterData(
        board=board,
        sections=sections,
        areas=areas,
        counters=counters,
        teleport=teleport,
        battle=battle,
        results=results,
        stack_limit=stack_limit,
        movement=movement,
        traitor_reinforcements=reinforcements,
        specials=load_specials(read("specials.toml"), counters),
    )


@cache
def default_data() -> WarmasterData:
    """The shipped data, loaded once."""
    return load_data()


__all__ = [
    "AREA_TAGS",
    "BACKS",
    "CHOOSERS",
    "D66_RESULTS",
    "DATA_FILES",
    "DIE_SIDES",
    "EMPEROR",
    "HORUS",
    "IMPERIAL",
    "KINDS",
    "LOSSES",
    "OUTCOMES",
    "PACKAGE",
    "REQUIRED_TAGS",
    "REROLLS",
    "SIDES",
    "TRAITOR",
    "AmbushEffect",
    "AreaControl",
    "AreaDestruction",
    "AreaSpec",
    "BattleResult",
    "FleetLasers",
    "HorrorEffect",
    "Movement",
    "ReactorSabotage",
    "SanctumRule",
    "Section",
    "ShipBreakup",
    "Specials",
    "TeleportEffect",
    "TeleportResult",
    "TeleportTable",
    "Teleportarium",
    "TrapEffect",
    "UnitSpec",
    "WarmasterData",
    "WarpInstability",
    "default_data",
    "load_data",
]
