"""Seeds of the long conformance runs as test parameters: a few in the default run, all of them
under ``-m slow``.

The default ``python -m pytest`` plays the first few seeds of each conformance run (id
``quick``), so every kind of game still passes the kit's checks in a run of two minutes; the
whole run (hundreds of games) is split into blocks marked ``slow`` (ids ``0-19``, ``20-39``...)
that ``python -m pytest -m slow`` (and so ``.ci/run``) plays.
"""

from __future__ import annotations

from typing import Any

import pytest


def seed_blocks(games: int, size: int, quick: int) -> list[Any]:
    """``quick`` seeds from 0 (not slow), then the seeds ``0..games-1`` in blocks of ``size``
    (slow), each a ``range`` parameter."""
    params = [pytest.param(range(quick), id="quick")]
    for first in range(0, games, size):
        last = min(first + size, games)
        params.append(
            pytest.param(range(first, last), id=f"{first}-{last - 1}", marks=pytest.mark.slow)
        )
    return params
