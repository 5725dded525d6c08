"""Sets of places as integer bitsets, shared by the games that search their maps that way.

Place ``i`` of a board, in the sorted order of its ids, is bit ``1 << i``: a set of places is
one integer, and the questions asked at every step of play (where may a piece go, who stands
next to whom) become a few integer operations over masks made once per board. Read lowest bit
first, a mask's places come out sorted by id, the order the games list places in. Python
allocates every integer past 30 bits, so a search should make the masks it reads at every
step once, before it (docs/performance-history.md, session 27).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence


def mask_of(bit: Mapping[str, int], ids: Iterable[str]) -> int:
    """The mask of the places ``ids`` (``bit``: place id -> its bit)."""
    found = 0
    for place in ids:
        found |= bit[place]
    return found


def names(mask: int, ids: Sequence[str]) -> list[str]:
    """The ids of the places of ``mask``, lowest bit first (``ids[i]``: bit ``i``'s place)."""
    found = []
    while mask:
        low = mask & -mask
        found.append(ids[low.bit_length() - 1])
        mask ^= low
    return found


def nth(mask: int, n: int) -> int:
    """The index of the ``n``-th bit of ``mask``, lowest first (``mask`` has more than ``n``):
    the ``n``-th place of :func:`names` without the others."""
    for _ in range(n):
        mask &= mask - 1  # the lowest place off
    return (mask & -mask).bit_length() - 1


def spread(mask: int, around: Sequence[int]) -> int:
    """The places next to any place of ``mask`` (``around[i]``: the mask of bit ``i``'s
    neighbours)."""
    found = 0
    while mask:
        low = mask & -mask
        found |= around[low.bit_length() - 1]
        mask ^= low
    return found


__all__ = ["mask_of", "names", "nth", "spread"]
