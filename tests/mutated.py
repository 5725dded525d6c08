"""Scenario files mutated from a shipped one: each refused with a :class:`ScenarioError` naming
the file, the key and the problem, or accepted and then playable (shared by every game's
``test_scenario_checks``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import wargames
from wargames.core.engine import Match
from wargames.core.errors import ScenarioError


def shipped(game: str, scenario: str) -> Path:
    """The path of a scenario shipped with ``game``."""
    return Path(wargames.__file__).parent / game / "scenarios" / f"{scenario}.toml"


def mutated(tmp_path: Path, source: Path, *edits: tuple[str, str], name: str = "mutated") -> str:
    """``source`` copied into ``tmp_path`` with each ``(old, new)`` replaced; ``old`` must be
    found exactly once, so a test cannot silently stop mutating anything."""
    text = source.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, f"{old!r} is not in {source.name} exactly once"
        text = text.replace(old, new)
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def refusal(game: str, path: str, key: str, problem: str) -> ScenarioError:
    """Start ``game`` from the file at ``path``: it must be refused with a ScenarioError at
    ``key`` whose problem contains ``problem``, all three in its message."""
    with pytest.raises(ScenarioError) as caught:
        wargames.load(game, path)
    error = caught.value
    assert error.file == path
    assert error.key == key, error
    assert problem in error.problem, error
    assert path in str(error) and key in str(error)
    assert "\n" not in str(error)
    return error


def plays(game: str, path: str, seed: int = 1, steps: int = 300) -> int:
    """Start ``game`` from ``path`` and play up to ``steps`` actions with random bots (and the
    game's bot options), checking the invariants after every action; the number played."""
    match = wargames.match(game, seed=seed, scenario=path)
    assert isinstance(match, Match)
    assert match.state.invariant_violations() == []
    played = 0
    while not match.over and played < steps:
        match.step()
        played += 1
        assert match.state.invariant_violations() == [], f"after {match.actions[-1]}"
    return played
