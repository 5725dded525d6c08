"""Settings for the whole test suite.

Hypothesis runs without deadlines and without the "generation is slow" health check: on a busy
two-core machine (a newcomer's laptop, or CI beside other jobs) both fail tests for the load,
not for the code. The number of examples per test is unchanged.

Tests marked ``slow`` (long fuzzing and conformance runs) are skipped unless ``-m`` selects
them: ``python -m pytest`` stays quick, ``python -m pytest -m slow`` runs them (``.ci/run``
does both).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("wargames", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("wargames")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the tests marked ``slow`` unless the ``-m`` expression names them."""
    if "slow" in (config.option.markexpr or ""):
        return
    skip = pytest.mark.skip(reason="a long run: select it with -m slow")
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(skip)
