"""Every scenario file a game has: those shipped in its package and those of the repository's
``scenarios/`` folder, written as a user would (shared by the scenario-value tests)."""

from __future__ import annotations

from pathlib import Path

import wargames

PACKAGE = Path(wargames.__file__).parent


def scenario_files(game: str = "*") -> list[Path]:
    """The scenario files of ``game`` (``"*"``: of every game), shipped ones first."""
    shipped = sorted(PACKAGE.glob(f"{game}/scenarios/*.toml"))
    return shipped + sorted(PACKAGE.parent.glob(f"scenarios/{game}/*.toml"))
