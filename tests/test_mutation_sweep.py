"""``benchmarks/mutation_sweep.py``: a planted bug whose snippet is missing stops the sweep
loudly; a planted bug the citing tests catch is reported killed; citing tests are found by the
whole rule id."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"


@pytest.fixture(scope="module")
def sweep() -> Iterator[ModuleType]:
    """The sweep module, loaded from its file (``benchmarks`` is not a package)."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location(
            "mutation_sweep", BENCHMARKS / "mutation_sweep.py"
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["mutation_sweep"] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
        yield module
    finally:
        for name in [n for n in sys.modules if n.split(".")[0] in ("mutation_sweep", "mutations")]:
            del sys.modules[name]
        sys.path.remove(str(BENCHMARKS))


D66 = "wargames/core/dice.py"


def test_a_missing_snippet_fails_loudly(sweep: ModuleType) -> None:
    """A mutation whose ``old`` text is not in its file raises before anything runs, naming
    the rule and the file."""
    bad = sweep.Mutation("WM-TELEPORT-04-EX", D66, "return 10 * tens + unit ", "x", "typo")
    with pytest.raises(sweep.MutationError, match=r"WM-TELEPORT-04-EX.*0 times.*dice\.py"):
        bad.check(ROOT)
    with pytest.raises(sweep.MutationError, match="0 times"):
        sweep.sweep([("warmaster", bad)], baseline=False, root=ROOT)


def test_a_snippet_found_twice_fails_loudly(sweep: ModuleType) -> None:
    twice = sweep.Mutation("WM-TELEPORT-04-EX", D66, "tens", "units", "ambiguous")
    with pytest.raises(sweep.MutationError, match=r"times in wargames/core/dice\.py"):
        twice.check(ROOT)


def test_citing_tests_match_the_whole_id(sweep: ModuleType) -> None:
    """An id is matched whole: ``..-04`` is not the example ``..-04-EX``, ``..-1`` is not
    ``..-10`` (made-up ids, so that no catalogue's rule looks cited here)."""
    assert sweep.cites("ZZ-RULE-04").search('rule("ZZ-RULE-04-EX")') is None
    assert sweep.cites("ZZ-RULE-04-EX").search('rule("ZZ-RULE-04-EX")')
    assert sweep.cites("ZZ-RULE-1").search('rule("ZZ-RULE-10")') is None
    assert sweep.cites("ZZ-RULE-10").search('rule("ZZ-RULE-10", "ZZ-RULE-09")')
    nodes = sweep.citing_tests("WM-TELEPORT-04-EX", ROOT / "tests", ROOT)
    assert nodes and all("::test" in n for n in nodes)


def test_every_planted_bug_can_still_be_planted(sweep: ModuleType) -> None:
    """Every registered mutation's snippet is in its file exactly once, so a change of the
    engine's code that moves a snippet (the hot paths are rewritten for speed) is found here,
    not when a sweep stops on it."""
    unplantable = []
    for catalogue in sweep.CATALOGUES:
        mutations, _ = sweep.load(catalogue)
        assert mutations, catalogue
        for mutation in mutations:
            try:
                mutation.check(ROOT)
            except sweep.MutationError as error:
                unplantable.append(str(error))
    assert not unplantable, unplantable


@pytest.mark.slow
def test_a_caught_bug_is_reported_killed(sweep: ModuleType) -> None:
    """The D66 read units die first (5 then 3 gives 35) is caught by the tests citing the
    example WM-TELEPORT-04-EX; the worktree is left as it was."""
    before = (ROOT / D66).read_text(encoding="utf-8")
    bug = sweep.Mutation(
        "WM-TELEPORT-04-EX", D66, "return 10 * tens + units", "return 10 * units + tens", "swap"
    )
    [result] = sweep.sweep([("warmaster", bug)], baseline=False, root=ROOT, timeout=120)
    assert result.status == "killed", result
    assert result.tests >= 1 and result.failed
    assert (ROOT / D66).read_text(encoding="utf-8") == before
