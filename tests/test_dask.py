"""Batches on a Dask cluster (issue 15, item 6): a ``LocalCluster`` of two worker processes
plays the same records as a local run, through :func:`wargames.simulate` and through
``wargames simulate --dask ADDRESS``."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from extras import extra

import wargames
from wargames.cli import main
from wargames.sim import simulate_rows, workers_of

BATCH: dict[str, Any] = {"seed": 6, "agents": {"traitor": "greedy"}, "max_steps": 80}
"""A small batch of short games: Warmaster games of seeds 6 to 10, 44 to 80 actions each."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A local Dask cluster of two worker processes, one thread each, and its client."""
    distributed = extra("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            processes=True,
            threads_per_worker=1,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as local,
        distributed.Client(local) as client,
    ):
        yield client


def test_a_local_cluster_plays_the_records_of_a_local_run(cluster: Any) -> None:
    local = simulate_rows("warmaster", 5, **BATCH)
    executor = cluster.get_executor()
    assert simulate_rows("warmaster", 5, executor=executor, chunksize=2, **BATCH) == local
    assert wargames.simulate("warmaster", 2, executor=executor, **BATCH) == local[0][:2]
    assert len(cluster.scheduler_info()["workers"]) == 2
    assert workers_of(executor) == 2  # without a chunksize: 8 tasks a worker
    assert simulate_rows("warmaster", 5, executor=executor, **BATCH) == local


def test_the_command_line_runs_on_the_scheduler_at_an_address(
    cluster: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "warmaster", "4", "--seed", "6", "--traitor", "greedy", "--json"]
    args += ["--max-steps", "80"]
    assert main(args) == 0
    here = json.loads(capsys.readouterr().out)
    assert main([*args, "--dask", cluster.scheduler.address]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out) == here
    assert captured.err == ""
    assert [g["seed"] for g in here["games"]] == [6, 7, 8, 9]
