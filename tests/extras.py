"""Tests that need an optional extra (``[openspiel]``, ``[rl]``, ``[data]``, ``[dask]``).

``extra(module)`` imports ``module`` or skips the test with the extra to install, so the
README's test command works on a fresh machine without them. ``.ci/run`` installs every extra
and sets ``WARGAMES_REQUIRE_EXTRAS=1``: there a missing extra fails the test instead, so
nothing adapter-related is skipped in CI.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

EXTRAS = {
    "pyspiel": "openspiel",
    "open_spiel": "openspiel",
    "pettingzoo": "rl",
    "gymnasium": "rl",
    "pandas": "data",
    "dask": "dask",
    "distributed": "dask",
}


def extra(module: str) -> ModuleType:
    """``module`` imported, or the test skipped (failed under ``WARGAMES_REQUIRE_EXTRAS``)."""
    root = module.partition(".")[0]
    hint = f'pip install -e ".[{EXTRAS.get(root, root)}]"'
    try:
        return importlib.import_module(module)
    except ImportError as error:
        if os.environ.get("WARGAMES_REQUIRE_EXTRAS"):
            pytest.fail(f"{module} is required here ({hint}): {error}")
        pytest.skip(f"needs {module}: {hint}")
