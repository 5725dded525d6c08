"""What things are worth to the greedy bot: counters, prizes, and the expected value of an attack
on the Combat Results Table."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from wargames.armageddon.data import IMPERIUM, ORKS, ArmageddonData
from wargames.armageddon.state import ArmageddonState as S
from wargames.core.caches import PER_DATA
from wargames.core.odds import odds_ratio

GHAZ = "ghazghkull"

HIVE_PRIZE = 45.0
"""What ruining (and taking) an intact hive is worth to the Orks, in counter-worth points."""
FACTORY_PRIZE = 5.0
UNCAPTURE_PRIZE = 30.0
"""What driving the Orks out of a captured hive is worth to the Imperium."""
ENDGAME_PRIZE = 40.0
"""More of it once Ghazghkull is gone: then the last captured hives stand between the Imperium
and victory."""
VICTORY_PRIZE = 100.0
"""More again when clearing the area completes the side's victory condition: the Orks' third
captured hive (BFA-VICTORY-02), the Imperium's last hive once Ghazghkull is dead
(BFA-VICTORY-05)."""
LAST_TURN_STAKES = 0.3
"""What counters won and lost count for in the last turn, against the prizes: after it only
the victory conditions matter (BFA-VICTORY-08)."""
HOLD_RISK = 0.2
"""The chance of losing a hive the Imperial bot accepts before it pulls in more defenders."""
GANG_RISK = 0.3
"""The danger of losing a hive above which the Imperial bot buys hive gangs to fill it now."""
FORT_CAP = 1
"""Fortifications the Imperial bot wants in one hive at most (one: more fortified hives only
turned decided games into draws)."""
GHAZ_WORTH = {ORKS: 5.0, IMPERIUM: 70.0}
"""Ghazghkull's worth to his owner and to the Imperium. The Ork bot is bold with him (worth
no more than a horde in its attacks, so his re-roll serves the attacks that matter), but never
gives him up as a loss while another counter can go (``battles.take_loss``): the Imperium cannot
win while he lives (BFA-VICTORY-05)."""
GHAZ_RISK = 0.0
"""The weight the Ork bot gives the risk to Ghazghkull's stack where it places him (none:
the bold Ghazghkull goes with the attack; 60 before issue 14)."""
GHAZ_RETREAT_RISK = 0.0
"""The same where he retreats to (50 before issue 14)."""

CLEARS: Mapping[str, float] = {"EX": 1.0, "DR": 1.0, "DE": 1.0}
"""The results that clear the defender's area (an exchange, a retreat, destruction), each
counted once: with :func:`expected`, the chance of clearing it."""


@lru_cache(maxsize=PER_DATA)
def worths(data: ArmageddonData) -> dict[str, dict[str, float]]:
    """Each counter's worth to each side: its numbers, more for what cannot be replaced."""
    out: dict[str, dict[str, float]] = {ORKS: {}, IMPERIUM: {}, "plain": {}}
    for c, spec in data.counters.items():
        base = spec.attack + spec.defence + 0.5 * spec.movement
        out["plain"][c] = base
        if spec.side == IMPERIUM and spec.kind not in data.costs:
            base += 4.0  # Space Marines, leaders: never rebuilt
        for side in (ORKS, IMPERIUM):
            out[side][c] = base
    for side in (ORKS, IMPERIUM):
        if GHAZ in out[side]:
            out[side][GHAZ] = GHAZ_WORTH[side]
    return out


def odds_column(s: S, attack: int, defence: int) -> int:
    """The Combat Results Table column of ``attack`` against ``defence``."""
    return s.data.crt.column(odds_ratio(attack, defence))


def expected(s: S, col: int, mod: int, values: Mapping[str, float], reroll: bool) -> float:
    """Expected value of one attack: a D6 on column ``col`` with ``mod``; with a re-roll, a
    result worth less than a new roll is rolled again."""
    crt = s.data.crt
    cells = crt.cells[col]
    n = crt.die_sides
    vals = [values.get(cells[min(n, max(1, r + mod)) - 1], 0.0) for r in range(1, n + 1)]
    base = sum(vals) / n
    if not reroll:
        return base
    return sum(max(v, base) for v in vals) / n
