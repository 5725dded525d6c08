"""Set-up of the Ork army: every Ork counter in Ork territory, one tribe per stack
(BFA-SETUP-06, BFA-SETUP-07, BFA-STACK-04).

The Ork player places his counters one at a time in manifest order and chooses each one's
area. Only placements after which the rest of the army can still be set up legally are
offered: with 33 counting counters for 12 areas of three, a careless placement could leave no
legal home for the last counters, and the rules require the whole army to be deployed.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from wargames.armageddon import actions as act
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.stacking import LIMIT, fits

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S


def deploy_options(s: S) -> tuple[act.Deploy, ...]:
    """Areas where the next Ork counter may go, keeping the deployment completable."""
    from wargames.armageddon.state import UNPLACED

    specs = s.data.counters
    waiting = s.in_box(UNPLACED, ORKS)
    counter, rest = waiting[0], waiting[1:]
    spec = specs[counter]
    needs = Counter(specs[c].tribe for c in rest if not specs[c].exempt)
    exempt_tribes = {specs[c].tribe for c in rest if specs[c].exempt}
    areas = [a for a in s.setup.ork_areas if not s.stack(a, IMPERIUM)]
    owners = [_owner(s, a) for a in areas]
    out = []
    for i, area in enumerate(areas):
        if fits(s.data, s.stack(area, ORKS), counter):
            n = owners[i][1]
            after = [*owners[:i], (spec.tribe, n + (not spec.exempt)), *owners[i + 1 :]]
            if _completable(after, needs, exempt_tribes):
                out.append(act.Deploy(counter, area))
    return tuple(out)


def _owner(s: S, area: str) -> tuple[str | None, int]:
    """(tribe, counting counters) of the Ork stack in ``area``; (None, 0) when empty."""
    specs = s.data.counters
    stack = s.stack(area, ORKS)
    if not stack:
        return (None, 0)
    return (specs[stack[0]].tribe, sum(not specs[c].exempt for c in stack))


def _completable(
    owners: list[tuple[str | None, int]], needs: Counter[str | None], exempt_tribes: set[str | None]
) -> bool:
    """Whether the remaining counters fit: each tribe's counters go into its own stacks' free
    places, the rest need empty areas of three."""
    free: Counter[str | None] = Counter()
    held = set()
    empty = 0
    for owner, n in owners:
        if owner is None:
            empty += 1
        else:
            free[owner] += LIMIT - n
            held.add(owner)
    need = 0
    for tribe in set(needs) | exempt_tribes:
        areas = -(-max(0, needs[tribe] - free[tribe]) // LIMIT)
        if areas == 0 and tribe not in held:
            areas = 1  # an exempt counter still needs a stack of its tribe to join
        need += areas
    return need <= empty
