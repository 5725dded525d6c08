"""Lines of sight on the square grid (HMC-ORDERS-02, -03, HMC-GAP-28).

The core's exact lines are for hex grids (:func:`wargames.core.grids.line`); this is the
square-grid counterpart, exact in the same way. A line runs from the centre of one square to
the centre of another. It *enters* every square whose inside it crosses, however little; where
it passes exactly through the corner where four squares meet, the two squares it slips between
are a *corner pair*. The line is blocked when a square it enters between the two ends blocks,
or when both squares of a corner pair block (a diagonal gap between two blockers can be seen
through only if one of them is clear). The end squares never block.

What blocks is the caller's: terrain that blocks sight, and hordes, enemy or allied
(HMC-ORDERS-03, "other hordes block line of sight"). Lines are translation invariant, so each
offset is worked out once (exact integer arithmetic) and cached.

>>> Sightline.of(3, 0).entered
((1, 0), (2, 0))
>>> Sightline.of(2, 2).entered, Sightline.of(2, 2).corners
(((1, 1),), (((0, 1), (1, 0)), ((1, 2), (2, 1))))
"""

from __future__ import annotations

from functools import lru_cache

import attrs

Offset = tuple[int, int]


@attrs.frozen
class Sightline:
    """The squares between two squares ``(dc, dr)`` apart, as offsets from the first."""

    entered: tuple[Offset, ...]
    """Squares whose inside the line crosses, ends excluded, in order."""
    corners: tuple[tuple[Offset, Offset], ...]
    """Pairs of squares the line slips between through their common corner."""

    @staticmethod
    @lru_cache(maxsize=4096)
    def of(dc: int, dr: int) -> Sightline:
        """The line from ``(0, 0)`` to ``(dc, dr)`` (kept for the 4,096 most recent offsets: a
        shipped battlefield asks a few hundred, some 1 KB each; a huge user map cannot grow the
        process without end)."""
        return _trace(dc, dr)


def _trace(dc: int, dr: int) -> Sightline:
    """Exact in integers: the line is p(t) = (dc t, dr t) for t in [0, 1], and t is counted
    in units of 1/L with L = 2 |dc| |dr| (or 2 |d| along an axis), so every square's bounds
    are whole numbers."""
    scale = 2 * max(1, abs(dc)) * max(1, abs(dr))
    entered: list[tuple[int, Offset]] = []
    touched: dict[int, list[Offset]] = {}
    for x in range(min(0, dc), max(0, dc) + 1):
        for y in range(min(0, dr), max(0, dr) + 1):
            if (x, y) in ((0, 0), (dc, dr)):
                continue
            span = _span(x, y, dc, dr, scale)
            if span is None:
                continue
            lo, hi = span
            if lo < hi and _inside(x, y, dc, dr, lo + hi, scale):
                entered.append((lo, (x, y)))
            elif lo == hi:
                touched.setdefault(lo, []).append((x, y))
    corners = [(pair[0], pair[1]) for _, pair in sorted(touched.items()) if len(pair) == 2]
    return Sightline(entered=tuple(o for _, o in sorted(entered)), corners=tuple(corners))


def _span(x: int, y: int, dc: int, dr: int, scale: int) -> tuple[int, int] | None:
    """The closed interval of t (in 1/scale) where the segment lies in the closed square of
    centre (x, y); ``None`` if it misses it."""
    lo, hi = 0, scale
    for centre, step in ((x, dc), (y, dr)):
        if step == 0:
            if centre != 0:
                return None
            continue
        k = scale // (2 * step)
        a, b = sorted(((2 * centre - 1) * k, (2 * centre + 1) * k))
        lo, hi = max(lo, a), min(hi, b)
    return (lo, hi) if lo <= hi else None


def _inside(x: int, y: int, dc: int, dr: int, twice_mid: int, scale: int) -> bool:
    """Whether the point at t = twice_mid / (2 scale) lies inside the square (x, y):
    |dc t - x| < 1/2 and |dr t - y| < 1/2, times 2 scale."""
    return (
        abs(dc * twice_mid - 2 * scale * x) < scale and abs(dr * twice_mid - 2 * scale * y) < scale
    )


__all__ = ["Offset", "Sightline"]
