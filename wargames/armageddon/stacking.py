"""Battle for Armageddon's stacking rule (BFA-STACK-01..07) on the core mechanism."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from functools import lru_cache

from wargames.armageddon.data import ArmageddonData, CounterSpec
from wargames.core.caches import PER_DATA
from wargames.core.stacking import StackingRule

LIMIT = 3


def _exempt(spec: CounterSpec) -> bool:
    return spec.exempt


def _tribe(spec: CounterSpec) -> str | None:
    return spec.tribe


RULE: StackingRule[CounterSpec] = StackingRule(
    limit=LIMIT, exempt=_exempt, group=_tribe, loss_chooser="opponent", checked="end-of-movement"
)
"""Three counting counters per stack; Ghazghkull, Yarrick, Dante, fortifications, factories and
hives are exempt (BFA-STACK-03); one Ork tribe per stack (BFA-STACK-04); the opponent chooses
the losses of an illegal stack (BFA-STACK-05), checked at the end of movement (BFA-MOVE-08)."""


@lru_cache(maxsize=PER_DATA)
def _weights(data: ArmageddonData) -> dict[str, tuple[int, Hashable | None]]:
    """Counter id -> what :data:`RULE` reads of it: 1 if it counts against the limit (0 if
    exempt), and its tribe (its group). Read once per data set, so a stack is checked without
    looking at the counters' specs."""
    return {
        c: (0 if RULE.exempt(spec) else 1, RULE.group(spec)) for c, spec in data.counters.items()
    }


def weight(data: ArmageddonData, counter: str) -> tuple[int, Hashable | None]:
    """What the stacking rule reads of ``counter``: whether it counts, and its tribe. Counters
    of the same weight fit in the same stacks."""
    return _weights(data)[counter]


def _spec_tuple(data: ArmageddonData, counters: tuple[str, ...]) -> tuple[CounterSpec, ...]:
    return tuple([data.counters[c] for c in counters])


def legal_stack(data: ArmageddonData, counters: Sequence[str]) -> bool:
    """Whether these counters (one side's, in one area) form a legal stack: :data:`RULE`'s
    check (at most :data:`LIMIT` counting counters, one tribe) over the counters' weights."""
    return _legal(_weights(data), counters)


def _legal(
    weights: dict[str, tuple[int, Hashable | None]],
    counters: Iterable[str],
    counting: int = 0,
    tribe: Hashable | None = None,
) -> bool:
    """Whether ``counters`` form a legal stack, with ``counting`` counting counters and the
    ``tribe`` of others already in it (the verdict does not depend on the order)."""
    for c in counters:
        counts, group = weights[c]
        counting += counts
        if group is not None:
            if tribe is None:
                tribe = group
            elif group != tribe:
                return False  # BFA-STACK-04
    return counting <= LIMIT  # BFA-STACK-03


def fits(data: ArmageddonData, stack: Sequence[str], newcomer: str) -> bool:
    """Whether ``newcomer`` may join ``stack`` and leave it legal (BFA-RETREAT-03, BFA-BUILD-15)."""
    weights = _weights(data)
    counting, tribe = weights[newcomer]  # not *weights[newcomer]: a star call is the slow call
    return _legal(weights, stack, counting, tribe)


def removable(data: ArmageddonData, counters: Sequence[str]) -> tuple[str, ...]:
    """Counters whose removal helps cure an illegal stack (BFA-STACK-06, BFA-GAP-16)."""
    specs = RULE.removable(list(_spec_tuple(data, tuple(counters))))
    ids = {id(s) for s in specs}
    return tuple([c for c in counters if id(data.counters[c]) in ids])
