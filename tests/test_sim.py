"""Batch simulation (wargames.sim) on the toy game: locally and through an executor."""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import attrs
import pytest
import toy_game

import wargames
from wargames.core import registry
from wargames.core.agents import RandomAgent
from wargames.sim import TASKS_PER_WORKER, chunk_size, simulate, summary, workers_of


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    toy_game.install(monkeypatch)
    yield
    registry.game.cache_clear()


def test_simulate_plays_n_games_with_consecutive_seeds() -> None:
    records = wargames.simulate("toy", 6, agents={"blue": "greedy"}, seed=10)
    assert [r.seed for r in records] == list(range(10, 16))
    for r in records:
        played = wargames.play("toy", agents={"blue": "greedy"}, seed=r.seed)
        assert r == attrs.evolve(played, agents={"red": "random", "blue": "greedy"})
        assert r.options == {"turn_limit": 50}


def test_records_name_the_agents_by_name_only() -> None:
    records = simulate("toy", 2, agents={"red": RandomAgent(1)})
    assert [r.agents for r in records] == [{"blue": "random"}] * 2  # an object has no name


def test_progress_counts_every_game_here_and_through_an_executor() -> None:
    told: list[int] = []
    simulate("toy", 5, progress=told.append)
    assert told == [1] * 5
    told.clear()
    with ThreadPoolExecutor(max_workers=2) as pool:
        simulate("toy", 7, executor=pool, chunksize=3, progress=told.append)
    assert sorted(told) == [1, 3, 3]


def test_same_seeds_same_records_locally_and_through_an_executor() -> None:
    local = simulate("toy", 12, seed=3)
    assert local == simulate("toy", 12, seed=3)
    with ThreadPoolExecutor(max_workers=3) as pool:
        assert simulate("toy", 12, seed=3, executor=pool) == local
        assert simulate("toy", 12, seed=3, executor=pool, chunksize=5) == local
    assert simulate("toy", 12, seed=4) != local


def test_without_a_chunksize_each_worker_gets_several_tasks_of_many_games() -> None:
    """``chunksize=None`` (the default) splits a batch into about TASKS_PER_WORKER tasks a
    worker of the executor, the records as ever."""
    local = simulate("toy", 40, seed=2)
    told: list[int] = []
    with ThreadPoolExecutor(max_workers=2) as pool:
        assert workers_of(pool) == 2
        assert simulate("toy", 40, seed=2, executor=pool, progress=told.append) == local
    assert sorted(told) == [1] + [3] * 13  # 40 games, 16 tasks for 2 workers: 3 a task
    assert TASKS_PER_WORKER == 8 and chunk_size(400, 2) == 25 and chunk_size(400, 64) == 1
    assert chunk_size(0, 2) == 1 and chunk_size(17, 0) == 3
    with ThreadPoolExecutor(max_workers=3) as pool:  # a sweep: the tasks of all its scenarios
        told.clear()
        simulate("toy", 30, executor=pool, scenario=["long", "long"], progress=told.append)
    assert sorted(told) == [3] * 20  # 60 games, 24 tasks for 3 workers: 3 a task


def test_agent_objects_are_copied_for_every_game() -> None:
    agents = {"red": RandomAgent(1), "blue": RandomAgent(2)}
    local = simulate("toy", 5, agents=agents)
    with ThreadPoolExecutor(max_workers=2) as pool:
        assert simulate("toy", 5, agents=agents, executor=pool) == local
    assert simulate("toy", 5, agents=agents) == local  # the originals were not used up


def test_options_scenario_and_max_steps() -> None:
    records = simulate("toy", 3, scenario="long", max_steps=5, target=20)
    assert all(r.scenario == "long" and len(r.actions) == 5 for r in records)
    assert all(r.options == {"turn_limit": 50, "target": 20} and r.outcome is None for r in records)
    assert simulate("toy", 0) == []
    with pytest.raises(ValueError):
        simulate("toy", -1)
    with pytest.raises(ValueError):
        simulate("toy", 1, chunksize=0)


def test_summary_counts_wins_draws_and_lengths() -> None:
    records = simulate("toy", 40, agents={"red": "greedy"}, seed=0)
    records += simulate("toy", 3, seed=0, turn_limit=1)  # some draws after one turn
    records += simulate("toy", 2, seed=0, max_steps=2)  # unfinished
    s = summary(records)
    assert s["games"] == 45
    assert set(s["wins"]) == {"red", "blue"}
    assert sum(s["wins"].values()) + s["draws"] + s["unfinished"] == 45
    assert s["unfinished"] == 2
    assert s["draws"] == sum(1 for r in records if r.outcome and r.outcome.winner is None) >= 1
    assert s["win_rate"]["red"] == s["wins"]["red"] / 45
    lengths = [len(r.actions) for r in records]
    assert s["actions"]["mean"] == pytest.approx(statistics.fmean(lengths))
    assert s["actions"]["median"] == statistics.median(lengths)
    turns = [r.outcome.turn for r in records if r.outcome is not None and r.outcome.turn]
    assert s["turns"]["median"] == statistics.median(turns)
    assert s["turns"]["max"] == max(turns)


def test_summary_of_nothing() -> None:
    assert summary([]) == {
        "games": 0,
        "wins": {},
        "draws": 0,
        "unfinished": 0,
        "win_rate": {},
        "actions": None,
        "turns": None,
    }


def test_a_batch_freezes_what_its_process_has_loaded_once() -> None:
    """After its first game a batch collects and freezes (gc.freeze) what the process holds:
    the collector's full passes skip the modules, data and warm caches from then on."""
    import gc
    import os

    from wargames import sim

    first = simulate("armageddon", 2, seed=5, max_steps=40)
    assert os.getpid() in sim._frozen
    assert gc.get_freeze_count() > 0
    assert simulate("armageddon", 2, seed=5, max_steps=40) == first  # the same games
