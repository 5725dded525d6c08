"""Set-up of the Ork army: every Ork counter in Ork territory, one tribe per stack
(BFA-SETUP-06, BFA-SETUP-07, BFA-STACK-04).

The Ork player places his counters one at a time in manifest order and chooses each one's
area. Only placements after which the rest of the army can still be set up legally are
offered: with 33 counting counters for 12 areas of three, a careless placement could leave no
legal home for the last counters, and the rules require the whole army to be deployed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.armageddon import actions as act
from wargames.armageddon.data import ORKS
from wargames.armageddon.stacking import LIMIT, fits

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S


def deploy_options(s: S) -> tuple[act.Deploy, ...]:
    """Areas where the next Ork counter may go, keeping the deployment completable."""
    from wargames.armageddon.state import UNPLACED

    waiting = s.in_box(UNPLACED, ORKS)
    counter = waiting[0]
    rest = waiting[1:]
    out = []
    for area in s.setup.ork_areas:
        stack = s.stack(area, ORKS)
        if s.stack(area, "imperium") or not fits(s.data, stack, counter):
            continue
        if _completable(s, rest, {area: (*stack, counter)}):
            out.append(act.Deploy(counter, area))
    return tuple(out)


def _completable(s: S, rest: tuple[str, ...], changed: dict[str, tuple[str, ...]]) -> bool:
    """Whether the counters in ``rest`` can all still be placed legally."""
    specs = s.data.counters
    owner: dict[str, str | None] = {}
    free: dict[str, int] = {}
    empty = 0
    for area in s.setup.ork_areas:
        stack = changed.get(area, s.stack(area, ORKS))
        tribes = {specs[c].tribe for c in stack}
        if not stack:
            empty += 1
            continue
        tribe = next(iter(tribes))
        owner[area] = tribe
        if tribe is not None:
            free[tribe] = free.get(tribe, 0) + LIMIT - sum(not specs[c].exempt for c in stack)
    need = 0
    for tribe in {specs[c].tribe for c in rest}:
        counting = sum(1 for c in rest if specs[c].tribe == tribe and not specs[c].exempt)
        areas = -(-max(0, counting - free.get(tribe, 0)) // LIMIT)
        if areas == 0 and tribe not in owner.values():
            areas = 1  # an exempt counter still needs a stack of its tribe to join
        need += areas
    return need <= empty
