"""A batch as one row per game (issue 15, item 5): :func:`wargames.sim.rows` and
:func:`wargames.sim.to_frame`, with each game's summary columns."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import attrs
import pytest
import toy_game
from extras import extra

import wargames
from wargames.core import registry
from wargames.core.engine import CHANCE, Record
from wargames.core.errors import CapabilityError, RecordError
from wargames.sim import COLUMNS, rows, simulate, simulate_rows, to_frame


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy dice race, with a summary of its last position: each player's banked points."""

    def points(state: Any) -> dict[str, int]:
        return {f"points_{p}": n for p, n in zip(state.players, state.scores, strict=True)}

    scored = attrs.evolve(toy_game.GAME, summary=points)
    monkeypatch.setattr(toy_game, "GAME", scored)
    toy_game.install(monkeypatch)
    yield
    registry.game.cache_clear()


@pytest.mark.usefixtures("toy")
def test_one_row_per_record_with_the_outcome_and_the_counts() -> None:
    pd = extra("pandas")
    records = simulate("toy", 12, agents={"blue": "greedy"}, seed=40)
    records += simulate("toy", 2, seed=0, turn_limit=1)  # draws after one turn
    records += simulate("toy", 2, seed=0, max_steps=3)  # not over
    frame = to_frame(records)
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == [
        *COLUMNS[:3],
        "agent_red",
        "agent_blue",
        *COLUMNS[3:],
        "points_red",
        "points_blue",
    ]
    assert len(frame) == len(records)
    assert list(frame["seed"]) == [r.seed for r in records]
    assert set(frame["game"]) == {"toy"} and set(frame["scenario"]) == {"default"}
    assert list(frame["agent_blue"][:12]) == ["greedy"] * 12
    assert set(frame["agent_red"]) == {"random"}
    for row, record in zip(frame.itertuples(), records, strict=True):
        match = wargames.replay(record)
        assert row.actions == len(record.actions)
        assert row.decisions == sum(1 for p in match.players if p != CHANCE) < row.actions
        assert (row.points_red, row.points_blue) == match.state.scores
        if record.outcome is None:  # stopped by max_steps
            assert pd.isna(row.winner) and pd.isna(row.reason) and pd.isna(row.turns)
            continue
        assert row.reason == record.outcome.reason
        assert row.turns == record.outcome.turn
        if record.outcome.winner is None:
            assert pd.isna(row.winner)
        else:
            assert row.winner == record.outcome.winner
            assert getattr(row, f"points_{row.winner}") >= 10  # TOY-WIN: the race to 10
    assert (frame["winner"] == "blue").sum() == sum(
        1 for r in records if r.outcome and r.outcome.winner == "blue"
    )
    assert frame["winner"].isna().sum() == 4


@pytest.mark.usefixtures("toy")
def test_rows_are_plain_json_ready_and_the_same_on_an_executor() -> None:
    records = simulate("toy", 6, seed=3)
    table = rows(records)
    assert [r["seed"] for r in table] == [3, 4, 5, 6, 7, 8]
    assert all(type(v) in (int, str, type(None)) for r in table for v in r.values())
    with ThreadPoolExecutor(max_workers=2) as pool:
        assert rows(records, pool) == table
    assert rows([]) == []


@pytest.mark.usefixtures("toy")
def test_rows_made_while_playing_are_those_of_the_replays() -> None:
    records, table = simulate_rows("toy", 8, agents={"red": "greedy"}, seed=11)
    assert records == simulate("toy", 8, agents={"red": "greedy"}, seed=11)
    assert table == rows(records)
    with ThreadPoolExecutor(max_workers=2) as pool:
        assert simulate_rows("toy", 8, {"red": "greedy"}, 11, executor=pool) == (records, table)
    if importlib.util.find_spec("pandas"):
        assert to_frame(table).equals(to_frame(records))


@pytest.mark.parametrize("game", ["armageddon", "warmaster", "horde", "ancients"])
def test_the_games_rows_made_while_playing_are_those_of_the_replays(game: str) -> None:
    records, table = simulate_rows(game, 2, seed=1, max_steps=150)
    assert table == rows(records)


@pytest.mark.usefixtures("toy")
def test_a_record_that_does_not_replay_is_a_record_error() -> None:
    record = simulate("toy", 1, seed=1)[0]
    bad = attrs.evolve(record, actions=(*record.actions[:2], "hold", "roll 9"))
    with pytest.raises(RecordError) as caught:
        rows([bad])
    assert caught.value.key.startswith("actions[")
    with pytest.raises(RecordError, match="redacted"):
        rows([attrs.evolve(record, redacted_for="red", seed=None)])
    with pytest.raises(RecordError) as unknown:
        rows([attrs.evolve(record, game="nosuchgame")])
    assert unknown.value.key == "game"


@pytest.mark.usefixtures("toy")
def test_without_pandas_a_capability_error_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    records = simulate("toy", 2)
    monkeypatch.setitem(sys.modules, "pandas", None)  # `import pandas` raises ImportError
    with pytest.raises(CapabilityError, match=r'pip install "wargames-rules\[data\]"'):
        to_frame(records)
    assert len(rows(records)) == 2  # rows need no pandas


def test_importing_wargames_and_sim_does_not_import_pandas() -> None:
    code = "import sys, wargames, wargames.sim, wargames.cli; print('pandas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- the games' summary columns ----------------------------------------------------------------


def _frame(game: str, n: int, **kwargs: Any) -> Any:
    extra("pandas")
    return to_frame(simulate(game, n, **kwargs))


@pytest.mark.rule("BFA-SETUP-03", "BFA-VICTORY-03", "BFA-VICTORY-06")
def test_armageddon_hives_held_by_each_side() -> None:
    start = _frame("armageddon", 1, max_steps=0).iloc[0]
    assert (start.hives_orks, start.hives_imperium, start.units_orks) == (0, 5, 0)
    assert start.units_imperium > 0
    later = _frame("armageddon", 2, seed=3, max_steps=400)
    assert ((later.hives_orks + later.hives_imperium) <= 5).all()
    assert (later.units_orks > 0).all()  # the Orks have landed


@pytest.mark.rule("HMC-DAMAGE-01")
def test_horde_magnitude_left_per_side() -> None:
    start = _frame("horde", 1, max_steps=0).iloc[0]
    state = wargames.load("horde")
    for side in ("blue", "red"):
        assert start[f"magnitude_{side}"] == sum(h.magnitude for h in state.hordes(side)) > 0
        assert start[f"hordes_{side}"] == len(state.hordes(side))
    end = _frame("horde", 2, seed=1)
    assert (end.magnitude_blue <= start.magnitude_blue).all()
    assert (end.magnitude_red <= start.magnitude_red).all()


@pytest.mark.rule("CCB-VICTORY-01", "CCB-VICTORY-03")
def test_ancients_banners_per_side() -> None:
    frame = _frame("ancients", 1, seed=1, agents={"bottom": "greedy"})
    target = wargames.load("ancients").scenario.target
    for row in frame.itertuples():
        assert row.winner == "bottom"  # this seed ends on banners
        assert row.banners_bottom == target[0] > row.banners_top
        assert 0 < row.units_bottom <= 12 and 0 < row.units_top <= 12


@pytest.mark.rule("WM-VICTORY-01")
def test_warmaster_units_areas_and_bridge() -> None:
    frame = _frame("warmaster", 3, seed=6, agents={"traitor": "greedy"})
    assert list(frame.winner) == ["traitor"] * 3  # the Emperor is dead in each
    assert ((frame.areas_imperial + frame.areas_traitor) <= 30).all()
    assert set(frame.bridge) <= {"imperial", "traitor", "destroyed"}
    assert (frame.units_traitor > 0).all()


def test_batches_of_several_games_share_the_core_columns() -> None:
    extra("pandas")
    records: list[Record] = []
    for game in ("warmaster", "horde"):
        records += simulate(game, 1, max_steps=5)
    frame = to_frame(records)
    assert list(frame.game) == ["warmaster", "horde"]
    assert frame.loc[0, "agent_imperial"] == "random" and frame.loc[1, "agent_blue"] == "random"
    assert frame["magnitude_blue"].isna().tolist() == [True, False]
