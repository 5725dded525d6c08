"""Settings for the whole test suite.

Hypothesis runs without deadlines and without the "generation is slow" health check: on a busy
two-core machine (a newcomer's laptop, or CI beside other jobs) both fail tests for the load,
not for the code. The number of examples per test is unchanged.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("wargames", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("wargames")
