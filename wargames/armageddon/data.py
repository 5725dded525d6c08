"""Battle for Armageddon's reference sheet as typed data.

The rulebook refers to a reference sheet (Combat Results Table, Terrain Effects Chart, counter
manifest, Imperial set-up, build costs, cards) and a map that are not available. The files in
``wargames/armageddon/data/`` reconstruct them from ``shared/research/armageddon-data.md``
with the rulebook's own counters and examples reproducible; every reconstructed record carries
``provenance = "reconstructed"``. An owner of the original sheet can replace the values.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from wargames.core.areas import AreaMap
from wargames.core.odds import CombatResultsTable

ORKS = "orks"
IMPERIUM = "imperium"
SIDES = (ORKS, IMPERIUM)
TRIBES = ("goff", "bad-moon", "evil-sunz")
PHASES = ("movement", "combat", "build")


@attrs.frozen
class CounterSpec:
    """One counter of the manifest: side, kind, tribe and attack-defence-movement."""

    id: str
    name: str
    side: str
    kind: str
    attack: int
    defence: int
    movement: int
    tribe: str | None = None
    exempt: bool = False
    """Does not count against the stacking limit (BFA-STACK-03)."""
    structure: bool = False
    """A hive, factory or fortification: static, never a loss, never retreats (BFA-GAP-10)."""
    provenance: str = "reconstructed"

    def __str__(self) -> str:
        return f"{self.name} ({self.attack}-{self.defence}-{self.movement})"


@attrs.frozen
class BuildCost:
    """Build points of a counter kind and its production-track space (steps from 'ready')."""

    kind: str
    cost: int
    space: int
    provenance: str = "reconstructed"


@attrs.frozen
class Terrain:
    """A row of the Terrain Effects Chart."""

    id: str
    name: str
    enterable: bool = True
    stops: frozenset[str] = frozenset()
    """Sides whose counters must stop on entering (ash wastes: both; jungle: the Imperium)."""
    blocks_supply: bool = False
    defender_modifier: int = 0
    """Die modifier to an attack on a stack in this terrain."""
    provenance: str = "reconstructed"


@attrs.frozen
class StrategyCard:
    """A strategy card: its two phases, in the order they are carried out."""

    id: str
    side: str
    phases: tuple[str, str]
    provenance: str = "reconstructed"

    def __str__(self) -> str:
        return f"{self.phases[0]} & {self.phases[1]}"


@attrs.frozen
class SpecialCard:
    """A special card: its name, when it may be played and its effect (an engine key)."""

    id: str
    side: str
    name: str
    effect: str
    text: str
    provenance: str = "reconstructed"


@attrs.frozen
class Setup:
    """A scenario's starting position."""

    name: str
    imperial: Mapping[str, tuple[str, ...]]
    """Area id -> counter ids placed there at the start (structures included)."""
    reinforcements: Mapping[int, tuple[str, ...]]
    """Turn -> Imperial counter ids that arrive at the start of that turn."""
    ork_areas: tuple[str, ...]
    """Areas where the Ork player may deploy (Ork territory)."""
    ork_counters: tuple[str, ...]
    """The Ork counters deployed (all of them in the campaign)."""
    build_points: int = 20
    turns: int = 8
    provenance: str = "reconstructed"


@attrs.frozen(eq=False)
class ArmageddonData:
    """Everything the reference sheet and the board give the engine."""

    board: AreaMap
    terrain: Mapping[str, Terrain]
    counters: Mapping[str, CounterSpec]
    costs: Mapping[str, BuildCost]
    crt: CombatResultsTable
    strategy: Mapping[str, StrategyCard]
    special: Mapping[str, SpecialCard]
    rivers: Mapping[str, tuple[tuple[str, str], ...]]
    """River name -> the borders it runs along."""
    supply: Mapping[str, tuple[str, ...]]
    """Side -> its supply areas."""
