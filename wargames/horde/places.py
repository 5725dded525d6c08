"""Where everything stands on the board of a P-Scale battle: the look-ups every rule asks
(the horde on a square, HMC-SCALE-05; the lone Officers there, HMC-OFFICER-03; who joined
whom; the hordes in stealth, HMC-TALENT-02), built once per set of units
(:meth:`~wargames.horde.state.PScaleState.places`).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from wargames.horde.scenario import SIDES
from wargames.horde.units import GONE, Unit


@attrs.frozen
class Places:
    """Where everything is, built once per set of units (the hot-path lookups)."""

    horde_at: dict[str, str]
    """Square -> the fighting horde standing there (HMC-SCALE-05: at most one)."""
    officers_at: dict[str, tuple[str, ...]]
    """Square -> the lone Officers standing there (HMC-OFFICER-03: any number)."""
    attached: dict[str, tuple[str, ...]]
    """Horde -> the Officers who have joined it."""
    stealthed: dict[str, frozenset[str]]
    """Side -> its hordes in stealth on the board."""

    @classmethod
    def of(cls, units: Iterable[Unit]) -> Places:
        horde_at: dict[str, str] = {}
        officers_at: dict[str, list[str]] = {}
        attached: dict[str, list[str]] = {}
        stealthed: dict[str, set[str]] = {side: set() for side in SIDES}
        for u in units:
            if u.attached_to is not None and u.status not in GONE:
                attached.setdefault(u.attached_to, []).append(u.id)
            if u.square is None or u.status != "fighting":  # not on the board
                continue
            if u.officer is None:
                horde_at[u.square] = u.id
                if u.stealthed:
                    stealthed[u.side].add(u.id)
            elif u.attached_to is None:
                officers_at.setdefault(u.square, []).append(u.id)
        return cls(
            horde_at=horde_at,
            officers_at={k: tuple(v) for k, v in officers_at.items()},
            attached={k: tuple(v) for k, v in attached.items()},
            stealthed={k: frozenset(v) for k, v in stealthed.items()},
        )


__all__ = ["Places"]
