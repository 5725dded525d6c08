"""The Warmaster's fast playout structures give what they stand for: the where-is-what index
carried from state to state equals the one built again from ``where``, the Movement phase's
carried listing equals a listing worked out afresh, the Imperial view's renaming of the steps
equals core ``relabel``, a game starts from a copy of a cached start, and a user's scenario
file is parsed once per content but read again at every load."""

from __future__ import annotations

from pathlib import Path

import pytest

from wargames.core import sources
from wargames.core.counters import Placement
from wargames.core.tasks import relabel
from wargames.testing import random_states
from wargames.warmaster.data import IMPERIAL
from wargames.warmaster.game import new_game
from wargames.warmaster.movement import STILL_TO_MOVE, MovementPhase
from wargames.warmaster.state import UNKNOWN, WarmasterState, hide_in_tasks

SCENARIO = Path(__file__).parents[2] / "scenarios" / "warmaster" / "spearhead.toml"


def playout(seed: int, scenario: str | None = None) -> list[WarmasterState]:
    """Every state of a seeded random game (turn cap 12), as the benchmarks play it."""
    return list(random_states(new_game(scenario, {"turn_cap": 12}), seed))


@pytest.fixture(scope="module")
def games() -> list[list[WarmasterState]]:
    return [playout(seed) for seed in range(6)] + [playout(6, str(SCENARIO))]


def test_carried_index_equals_the_rebuilt_one(games: list[list[WarmasterState]]) -> None:
    checked = 0
    for states in games:
        for s in states:
            carried = s._memo.get("index")
            if carried is None:
                continue
            rebuilt = Placement.of(s.manifest, s.where)
            assert carried == rebuilt
            assert carried.units == rebuilt.units
            assert all(carried.on_map(side) == rebuilt.on_map(side) for side in s.players)
            checked += 1
    assert checked > 1000


def test_carried_moves_equal_a_fresh_listing(games: list[list[WarmasterState]]) -> None:
    checked = 0
    for states in games:
        for s in states:
            if STILL_TO_MOVE not in s._memo or not isinstance(s.top, MovementPhase):
                continue
            fresh = WarmasterState.from_json(s.to_json())  # its moves worked out afresh
            assert s.legal_actions() == fresh.legal_actions()
            checked += 1
    assert checked > 100


def test_hidden_steps_renamed_as_core_relabel_does(games: list[list[WarmasterState]]) -> None:
    renamed = 0
    for states in games:
        for s in states:
            names = dict.fromkeys(s.hidden_from(IMPERIAL), UNKNOWN)
            fast, core = hide_in_tasks(s.tasks, names), relabel(s.tasks, names)
            assert fast == core
            assert (fast is s.tasks) == (core is s.tasks)
            assert all((a is b) == (c is b) for a, b, c in zip(fast, s.tasks, core, strict=True))
            renamed += fast is not s.tasks
    assert renamed > 0


def test_games_start_from_equal_but_separate_states() -> None:
    a, b = new_game(), new_game()
    assert a == b and a is not b
    assert a._memo is not b._memo
    after = a.apply(a.legal_actions()[0])
    assert b == new_game() and after != b
    assert new_game(options={"turn_cap": 3}).turn_cap == 3 != new_game().turn_cap


def test_a_user_file_is_parsed_once_per_content(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parsed: list[str] = []
    real = sources.parse_toml

    def counting(text: str, label: str):  # type: ignore[no-untyped-def]
        parsed.append(label)
        return real(text, label)

    monkeypatch.setattr(sources, "parse_toml", counting)
    path = tmp_path / "short.toml"
    text = SCENARIO.read_text() + f"\n# {tmp_path}\n"  # bytes no other test has read
    path.write_text(text)
    first = new_game(str(path))
    for _ in range(5):
        assert new_game(str(path)) == first
    assert parsed == [str(path)]
    path.write_text(text.replace('bridge_control = "traitor"', 'bridge_control = "imperial"'))
    edited = new_game(str(path))  # read again: the edit takes effect
    assert edited.bridge == IMPERIAL != first.bridge
    assert len(parsed) == 2
