"""Settings for the whole test suite.

Hypothesis runs without deadlines and without the "generation is slow" health check: on a busy
two-core machine (a newcomer's laptop, or CI beside other jobs) both fail tests for the load,
not for the code. The number of examples per test is unchanged.

Tests marked ``slow`` (long fuzzing and conformance runs) are skipped unless ``-m`` selects
them: ``python -m pytest`` stays quick, ``python -m pytest -m slow`` runs them (``.ci/run``
does both).

A parametrised test marked ``quick(n)`` runs its first ``n`` cases in the quick suite and the
others with ``-m slow``: one scenario, game or match-up stands for its family in a quick run,
and CI runs every case.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("wargames", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("wargames")


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects by the marks added here
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``slow`` the cases of a ``quick(n)`` test after its first ``n``; skip the tests
    marked ``slow`` unless the ``-m`` expression names them."""
    _sample_families(items)
    if "slow" in (config.option.markexpr or ""):
        return
    skip = pytest.mark.skip(reason="a long run: select it with -m slow")
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(skip)


def _sample_families(items: list[pytest.Item]) -> None:
    """Mark ``slow`` every case of a ``quick(n)`` parametrised test after its first ``n`` (in
    the order of its parametrisation)."""
    seen: dict[tuple[str, str], int] = {}
    for item in items:
        marker = item.get_closest_marker("quick")
        if marker is None or not isinstance(item, pytest.Function):
            continue
        family = (item.parent.nodeid if item.parent else "", item.originalname)
        seen[family] = seen.get(family, 0) + 1
        if seen[family] > marker.args[0]:
            item.add_marker(pytest.mark.slow)
