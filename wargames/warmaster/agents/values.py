"""What the greedy agents count: the worth of units, of the Emperor and Horus, of a won game
and of the Bridge and the Defensive Screens; distances across the ship."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from functools import lru_cache

from wargames.warmaster.data import EMPEROR, HORUS, IMPERIAL, TRAITOR, UnitSpec, WarmasterData
from wargames.warmaster.state import WarmasterState

S = WarmasterState
Specs = tuple[UnitSpec, ...]
Stakes = tuple[float, float]
"""The worth of the Emperor and of Horus."""

WIN = 500.0
"""The worth of a won game against a lost one (a unit is worth its factors, 8 to 20)."""
STANDING = (0.15, 0.45)
"""The Imperial player's expected result (+1 a win, -1 a loss) as the bots see it, before and
after the fleet's lasers fire: the Emperor's death is worth ``WIN * (1 + standing)``, Horus's
``WIN * (1 - standing)``, so a side ahead risks its leader less and a side behind more."""
HERO = 6.0
"""Extra worth of a re-roll hero."""
HURT = 0.12
"""Share of a unit's worth that a forced retreat costs (scattered, split by the enemy)."""
SPLIT = 15.0
"""Extra cost of the Emperor or Horus retreating, split from his escorts by the enemy."""
PRIZE = {IMPERIAL: {"bridge": 25.0, "screens": 35.0}, TRAITOR: {"bridge": 35.0, "screens": 10.0}}
"""What clearing the Bridge or the Defensive Screens of enemies is worth to each side."""
MIN_GAIN = 0.5
"""The expected gain an attack must beat to be made."""
CAUTION = 5.0
"""The expected gain over staying out of battle that the Emperor's attacks must show."""
EVEN: Stakes = (WIN, WIN)


@lru_cache(maxsize=64)
def distances(data: WarmasterData, destroyed: frozenset[str]) -> dict[str, dict[str, int]]:
    """Areas crossed between every two intact areas."""
    out: dict[str, dict[str, int]] = {}
    for start in (a for a in data.board.ids if a not in destroyed):
        found, queue = {start: 0}, deque([start])
        while queue:
            here = queue.popleft()
            for n in data.board.neighbours(here):
                if n not in found and n not in destroyed:
                    found[n] = found[here] + 1
                    queue.append(n)
        out[start] = found
    return out


def dist(s: S, a: str, b: str) -> int:
    return distances(s.data, s.destroyed).get(a, {}).get(b, 99)


def worth(spec: UnitSpec, stakes: Stakes = EVEN) -> float:
    if spec.id in (EMPEROR, HORUS):
        return stakes[spec.id == HORUS]
    return spec.attack + spec.defence + (HERO if spec.has_reroll else 0.0) if spec.fights else 0.0


def ordered(units: Iterable[UnitSpec]) -> Specs:
    """Canonical order: the Emperor or Horus first, as in the manifest (he retreats first)."""
    return tuple(sorted(units, key=lambda u: (u.id not in (EMPEROR, HORUS), u.id)))


def specs(s: S, units: Iterable[str]) -> Specs:
    return ordered(s.spec(u) for u in units)


def cheapest(units: Sequence[UnitSpec], heroes_last: bool = False) -> UnitSpec:
    pool = [u for u in units if not (heroes_last and u.has_reroll)] or list(units)
    return min(pool, key=lambda u: (worth(u), u.id))
