"""The sizes of the play-time caches, measured, in one place (docs/design.md, "Performance:
caches", has the figures).

A cache that lives for the whole process must be bounded, or a long run (a bot playing
thousands of games, a service replaying records) grows without end: every cache here is a
:func:`functools.lru_cache` (or a dictionary emptied when full) of one of these sizes. Each
size was chosen by measuring the cache's hit rate against its size over seeded random games
(``benchmarks/memory.py`` for the memory, ``benchmarks/bench_instructions.py`` for the speed):
the smallest size whose hit rate is within a point or so of an unbounded cache's, so that the
cache is full within the first hundred games and process memory is flat after them.
"""

from __future__ import annotations

__all__ = ["PER_DATA", "PER_PROFILE", "PER_SCENARIO"]

PER_DATA = 8
"""Entries of a cache keyed by a game's data set (tables, counters, map): one for the shipped
data, the rest for data edited in a notebook (each entry is a derived table of some KB)."""
PER_PROFILE = 256
"""Entries of a cache keyed by one profile of a game's data (a horde's weapons, its
characteristics, a weapon by name): the shipped books hold a few dozen profiles (44 weapon
sets in 100 random horde games), and edited books add some."""
PER_SCENARIO = 64
"""Entries of a cache keyed by a scenario's set-up: every shipped scenario of a game and
some user scenarios."""
