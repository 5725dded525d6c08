"""The suite's ``quick(n)`` marker (tests/conftest.py): the first ``n`` cases of a parametrised
test run in the quick run, the others only with ``-m slow``, so every case runs in CI."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

CONFTEST = Path(__file__).with_name("conftest.py")

SAMPLE = """
import pytest

@pytest.mark.quick(2)
@pytest.mark.parametrize("case", ["a", "b", "c", "d"])
def test_family(case):
    assert case in "abcd"

@pytest.mark.parametrize("case", ["x", "y"])
def test_unmarked(case):
    assert case in "xy"
"""


def _run(folder: Path, *args: str) -> dict[str, int]:
    """pytest's counts (passed, skipped, deselected) for the sample, in a process of its own."""
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist"]
    done = subprocess.run(
        [*command, "-q", *args, str(folder)],
        capture_output=True,
        text=True,
        cwd=folder,
        timeout=120,
    )
    counts = dict.fromkeys(("passed", "skipped", "deselected", "failed"), 0)
    for number, word in re.findall(r"(\d+) (passed|skipped|deselected|failed)", done.stdout):
        counts[word] = int(number)
    return counts


def test_the_first_cases_run_quick_and_the_rest_with_slow(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(CONFTEST.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\nmarkers =\n    slow: long\n    quick(n): sampled\n", encoding="utf-8"
    )
    (tmp_path / "test_sample.py").write_text(SAMPLE, encoding="utf-8")
    assert _run(tmp_path) == {"passed": 4, "skipped": 2, "deselected": 0, "failed": 0}
    assert _run(tmp_path, "-m", "slow") == {"passed": 2, "skipped": 0, "deselected": 4, "failed": 0}
