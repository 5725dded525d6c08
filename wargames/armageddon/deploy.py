"""Set-up of the Ork army: every Ork counter in Ork territory, one tribe per stack
(BFA-SETUP-06, BFA-SETUP-07, BFA-STACK-04).

The Ork player places his counters one at a time in manifest order and chooses each one's
area. Only placements after which the rest of the army can still be set up legally are
offered: with 33 counting counters for 12 areas of three, a careless placement could leave no
legal home for the last counters, and the rules require the whole army to be deployed.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

import attrs

from wargames.armageddon import actions as act
from wargames.armageddon.data import IMPERIUM, ORKS, ArmageddonData
from wargames.armageddon.stacking import LIMIT, fits
from wargames.armageddon.state import UNPLACED
from wargames.core.caches import PER_DATA

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S


def deploy_options(s: S) -> tuple[act.Deploy, ...]:
    """Areas where the next Ork counter may go, keeping the deployment completable: the
    stacks and the room they leave read in one pass, then each kind of stack the counter may
    join asked once (:meth:`Room.completable`)."""
    data = s.data
    specs = data.counters
    waiting = unplaced(s)
    counter = waiting[0]
    spec = specs[counter]
    needs, tribes = _still_to_place(data, waiting[1:])
    stacks = s.placement.stacks
    imperial, orks = stacks[IMPERIUM], stacks[ORKS]
    counting = _counting(data).__getitem__
    free: dict[str | None, int] = {}
    held: dict[str | None, int] = {}
    empty = 0
    open_areas: list[tuple[str, tuple[str | None, int]]] = []  # where it fits, and its owner
    for area in s.setup.ork_areas:
        if area in imperial:
            continue
        stack = orks.get(area)
        if stack is None:
            empty += 1
            open_areas.append((area, NO_OWNER))
            continue
        tribe, n = specs[stack[0]].tribe, sum(map(counting, stack))  # its owner
        if tribe is None:
            empty += 1
        else:
            free[tribe] = free.get(tribe, 0) + LIMIT - n
            held[tribe] = held.get(tribe, 0) + 1
        if fits(data, stack, counter):
            open_areas.append((area, (tribe, n)))
    room = Room(free, held, empty)
    base = room.needed(needs, tribes)
    weight = not spec.exempt
    completable: dict[tuple[str | None, int], bool] = {}  # the same for stacks alike
    out = []
    for area, owner in open_areas:
        ok = completable.get(owner)
        if ok is None:
            after = (spec.tribe, owner[1] + weight)
            ok = completable[owner] = room.completable(owner, after, needs, tribes, base)
        if ok:
            out.append(act.made(act.Deploy, counter, area))
    return tuple(out)


NO_OWNER: tuple[str | None, int] = (None, 0)
"""The owner of an empty area: no tribe, no counting counter (an area's owner is its stack's
tribe, the first counter's, and its counting counters)."""


def unplaced(s: S) -> tuple[str, ...]:
    """The Ork counters still to place, in manifest order (once per state)."""
    return s.once("unplaced", lambda: s.in_box(UNPLACED, ORKS))


@lru_cache(maxsize=64)
def _still_to_place(
    data: ArmageddonData, rest: tuple[str, ...]
) -> tuple[dict[str | None, int], frozenset[str | None]]:
    """What the counters still to place need: each tribe's counting counters, and the tribes
    of all of them, exempt ones included (an exempt counter needs a stack of its tribe to
    join). The counters wait in manifest order, so the few dozen tails of one deployment are
    all it is asked about."""
    specs = data.counters
    needs = Counter(specs[c].tribe for c in rest if not specs[c].exempt)
    exempt = frozenset(specs[c].tribe for c in rest if specs[c].exempt)
    return dict(needs), frozenset(needs.keys() | exempt)


@lru_cache(maxsize=PER_DATA)
def _counting(data: ArmageddonData) -> dict[str, int]:
    """Counter id -> 1 if it counts against the stacking limit, else 0 (BFA-STACK-03)."""
    return {c: int(not spec.exempt) for c, spec in data.counters.items()}


@attrs.frozen
class Room:
    """The room left in the Ork deployment areas: free places in each tribe's stacks, how many
    stacks each tribe holds, and the empty areas (an area whose stack has no tribe counts as
    empty)."""

    free: dict[str | None, int]
    held: dict[str | None, int]
    empty: int

    def needed(self, needs: dict[str | None, int], tribes: frozenset[str | None]) -> int:
        """The empty areas the remaining counters (of ``tribes``, ``needs`` of each counting)
        need as the room stands: each tribe's counters go into its own stacks' free places,
        the rest need empty areas of three, and an exempt counter needs a stack of its tribe
        to join."""
        free, held = self.free, self.held
        return sum([_areas(needs.get(t, 0), free.get(t, 0), held.get(t, 0)) for t in tribes])

    def completable(
        self,
        old: tuple[str | None, int],
        new: tuple[str | None, int],
        needs: dict[str | None, int],
        tribes: frozenset[str | None],
        needed: int,
    ) -> bool:
        """Whether the remaining counters (of ``tribes``, ``needs`` of each counting) fit once
        one area's stack went from ``old`` to ``new``: the room's :meth:`needed` (``needed``,
        worked out once per listing) with only the tribes of ``old`` and ``new`` asked again,
        against the empty areas left."""
        (was, n_was), (now, n_now) = old, new
        empty = self.empty - (was is None) + (now is None)
        need = needed
        for tribe in {was, now}:
            if tribe is None or tribe not in tribes:
                continue
            free = self.free.get(tribe, 0)
            held = self.held.get(tribe, 0)
            wanted = needs.get(tribe, 0)
            need -= _areas(wanted, free, held)
            if tribe == was:
                free -= LIMIT - n_was
                held -= 1
            if tribe == now:
                free += LIMIT - n_now
                held += 1
            need += _areas(wanted, free, held)
        return need <= empty


def _areas(wanted: int, free: int, held: int) -> int:
    """Empty areas of three that ``wanted`` counting counters of a tribe need beyond the
    ``free`` places of its ``held`` stacks (one for a tribe with no stack: an exempt counter
    still needs a stack of its tribe to join)."""
    areas = -(-max(0, wanted - free) // LIMIT)
    return 1 if areas == 0 and not held else areas
