"""Plant named bugs in the engine and run the tests that cite the rule each one breaks.

    python benchmarks/mutation_sweep.py [--catalogue warmaster ...] [--rule WM-MOVE-04 ...]
                                        [--jobs 2] [--timeout 300] [--json] [--list]
                                        [--no-baseline]

The bugs are data: ``benchmarks/mutations/<catalogue>.py`` lists, per rule id, an exact
snippet of an engine file and its replacement (an off-by-one in a threshold, a comparison
flipped, a modifier dropped, the wrong side, a step skipped) with one line saying what it
plants. A snippet that is not in its file exactly once stops the sweep before anything runs.

Each job copies the worktree's ``wargames/``, ``tests/`` and what the tests read
(``scenarios/``, ``docs/``, ``examples/``, ``pyproject.toml``, ``README.md``) into a scratch
folder (the worktree is never modified), plants one mutation at a time there, runs the tests
whose source cites the rule id (the test function with its decorators, marks included; its
class; the module's ``pytestmark``; or, when only the module's text names the id, the whole
module) with a timeout, and puts the file back. A mutation is

- ``killed`` when a citing test fails (or the run times out: the bug hangs the game),
- ``survived`` when every citing test passes: the tests let the bug through,
- ``error`` when there is no citing test or pytest could not run them.

Before the sweep the union of the citing tests runs once without any mutation (a baseline):
a failure there would make every kill meaningless, so the sweep stops. The summary table lists
every mutation and the counts per catalogue; ``--json`` prints the results as one JSON object.
Exit status 1 when a mutation survived or erred.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from mutations import CATALOGUES, Mutation, MutationError, load  # noqa: E402

COPIED = ("wargames", "tests", "scenarios", "docs", "examples", "pyproject.toml", "README.md")
BASELINE_TIMES = 6
"""The unmutated run of every citing test at once gets this many times a mutation's timeout."""
SELF_TEST = "test_mutation_sweep.py"
"""This tool's own test: it plants a bug to see it killed, but it is no test of that rule."""
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", "wargames-*.json")


def cites(rule: str) -> re.Pattern[str]:
    """A pattern for ``rule`` as a whole id: ``WM-MOVE-1`` does not match ``WM-MOVE-10``, nor
    ``WM-TELEPORT-04`` the example ``WM-TELEPORT-04-EX``."""
    return re.compile(rf"(?<![A-Za-z0-9-]){re.escape(rule)}(?![A-Za-z0-9]|-[A-Za-z0-9])")


def _is_test(node: ast.AST) -> bool:
    return isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test")


def _segment(lines: list[str], node: ast.AST) -> str:
    """The source of a definition, its decorators included."""
    decorators = getattr(node, "decorator_list", [])
    start = min([node.lineno, *(d.lineno for d in decorators)])  # type: ignore[attr-defined]
    return "\n".join(lines[start - 1 : node.end_lineno])  # type: ignore[attr-defined]


def _cites(
    pattern: re.Pattern[str], lines: list[str], named: frozenset[str], node: ast.AST
) -> bool:
    """Whether a test's source names the rule, or uses a module-level name whose value does."""
    if pattern.search(_segment(lines, node)):
        return True
    return any(isinstance(n, ast.Name) and n.id in named for n in ast.walk(node))


def citing_tests(rule: str, tests: Path, root: Path) -> list[str]:
    """The pytest node ids (relative to ``root``) of the tests under ``tests`` that cite
    ``rule``: a test function or method whose source (decorators included) names it or uses a
    module-level name whose value names it (a list of ``pytest.param`` with rule marks), every
    test of a class whose decorators name it, every test of a module whose ``pytestmark`` names
    it, and every test of a module that names it only outside its tests (a docstring)."""
    pattern = cites(rule)
    found: list[str] = []
    for path in sorted(tests.rglob("test_*.py")):
        if path.name == SELF_TEST:
            continue
        text = path.read_text(encoding="utf-8")
        if not pattern.search(text):
            continue
        file = path.relative_to(root).as_posix()
        lines = text.splitlines()
        tree = ast.parse(text)
        marked = False
        named: set[str] = set()  # module-level names whose value cites the rule
        for node in tree.body:
            if isinstance(node, ast.Assign | ast.AnnAssign) and pattern.search(
                _segment(lines, node)
            ):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = {t.id for t in targets if isinstance(t, ast.Name)}
                marked |= "pytestmark" in names
                named |= names
        cited = partial(_cites, pattern, lines, frozenset(named))

        hits: list[str] = []
        for node in tree.body:
            if _is_test(node) and cited(node):
                hits.append(f"{file}::{node.name}")  # type: ignore[attr-defined]
            elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                head = "\n".join(_segment(lines, d) for d in node.decorator_list)
                if pattern.search(head):
                    hits.append(f"{file}::{node.name}")
                    continue
                hits.extend(
                    f"{file}::{node.name}::{item.name}"  # type: ignore[attr-defined]
                    for item in node.body
                    if _is_test(item) and cited(item)
                )
        found.extend([file] if marked or not hits else hits)
    return found


@dataclass
class Result:
    """What became of one mutation."""

    catalogue: str
    rule: str
    file: str
    planted: str
    status: str  # killed, survived or error
    tests: int
    seconds: float
    detail: str = ""
    failed: list[str] = field(default_factory=list)


class Scratch:
    """A scratch copy of the package and its tests in which mutations are planted, one at a
    time; every planted file is put back after its run."""

    def __init__(self, root: Path, timeout: float) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="mutation-sweep-"))
        for name in COPIED:
            source = root / name
            if not source.exists():
                continue
            if source.is_dir():
                shutil.copytree(source, self.dir / name, ignore=IGNORED)
            else:
                shutil.copy2(source, self.dir / name)
        self.timeout = timeout
        self._stamp = int(time.time())

    def _write(self, path: Path, text: str) -> None:
        """Write ``text`` and give the file a fresh modification time, so Python never runs a
        cached byte-code of the previous contents (the cache checks size and whole seconds)."""
        path.write_text(text, encoding="utf-8")
        self._stamp += 2
        os.utime(path, (self._stamp, self._stamp))

    def pytest(self, nodes: list[str], timeout: float | None = None) -> tuple[int | None, str]:
        """Run the test ``nodes`` in the scratch copy: pytest's exit status (None after a
        timeout, by default the scratch's) and the tail of its output."""
        timeout = timeout or self.timeout
        env = dict(os.environ, PYTHONPATH=str(self.dir), PYTHONHASHSEED="0")
        command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-x"]
        command += ["-q", "--no-header", "-rf", "--tb=line", *nodes]
        try:
            done = subprocess.run(
                command,
                cwd=self.dir,
                env=env,
                capture_output=True,
                text=True,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired:
            return None, f"timed out after {timeout:g} s"
        return done.returncode, done.stdout[-4000:] + done.stderr[-2000:]

    def run(self, catalogue: str, mutation: Mutation, nodes: list[str]) -> Result:
        """Plant ``mutation``, run ``nodes``, put the file back."""
        start = time.perf_counter()

        def result(status: str, detail: str = "", failed: list[str] | None = None) -> Result:
            seconds = round(time.perf_counter() - start, 1)
            return Result(
                catalogue, mutation.rule, mutation.file, mutation.planted, status,
                len(nodes), seconds, detail, failed or [],
            )  # fmt: skip

        if not nodes:
            return result("error", "no test cites this rule")
        path = self.dir / mutation.file
        original = path.read_text(encoding="utf-8")
        self._write(path, mutation.apply(original))
        try:
            code, output = self.pytest(nodes)
        finally:
            self._write(path, original)
        failed = [
            line[7:].split(" - ")[0] for line in output.splitlines() if line.startswith("FAILED")
        ]
        if code is None:
            return result("killed", output)
        if code == 1:
            return result("killed", "", failed)
        if code == 0:
            return result("survived")
        return result("error", f"pytest exit {code}: " + output[-600:])

    def remove(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


def selected(
    catalogues: list[str], rules: list[str] | None
) -> tuple[list[tuple[str, Mutation]], dict[str, dict[str, str]]]:
    """The mutations to plant (checked against the worktree: a bad snippet raises
    :class:`MutationError` here, before anything runs) and the skipped ids per catalogue."""
    chosen: list[tuple[str, Mutation]] = []
    skipped: dict[str, dict[str, str]] = {}
    for catalogue in catalogues:
        mutations, skips = load(catalogue)
        skipped[catalogue] = skips
        for mutation in mutations:
            if rules and mutation.rule not in rules:
                continue
            mutation.check(ROOT)
            chosen.append((catalogue, mutation))
    if rules:
        unknown = set(rules) - {m.rule for _, m in chosen}
        if unknown:
            raise MutationError(f"no mutation registered for {', '.join(sorted(unknown))}")
    return chosen, skipped


def sweep(
    chosen: list[tuple[str, Mutation]],
    jobs: int = 1,
    timeout: float = 300.0,
    baseline: bool = True,
    root: Path = ROOT,
    progress: bool = False,
) -> list[Result]:
    """Plant every mutation of ``chosen`` in turn, ``jobs`` at a time, each in its own scratch
    copy of ``root``; the results in the order of ``chosen``."""
    nodes = {m.rule: citing_tests(m.rule, root / "tests", root) for _, m in chosen}
    for _, mutation in chosen:
        mutation.check(root)
    scratches = [Scratch(root, timeout) for _ in range(max(1, jobs))]
    try:
        if baseline:
            union = sorted({n for ns in nodes.values() for n in ns})
            if union:
                code, output = scratches[0].pytest(union, timeout * BASELINE_TIMES)
                if code != 0:
                    raise MutationError(f"the citing tests fail without any mutation:\n{output}")
        todo: queue.Queue[int] = queue.Queue()
        for index in range(len(chosen)):
            todo.put(index)
        results: dict[int, Result] = {}

        stop = threading.Event()  # set on Ctrl-C: the workers take no further mutation

        def work(scratch: Scratch) -> None:
            while not stop.is_set():
                try:
                    index = todo.get_nowait()
                except queue.Empty:
                    return
                catalogue, mutation = chosen[index]
                results[index] = scratch.run(catalogue, mutation, nodes[mutation.rule])
                if progress:
                    r = results[index]
                    print(f"{r.status:8s} {r.seconds:6.1f}s  {mutation.name}", file=sys.stderr)

        threads = [threading.Thread(target=work, args=(s,), daemon=True) for s in scratches]
        for thread in threads:
            thread.start()
        try:
            for thread in threads:
                while thread.is_alive():
                    thread.join(0.5)
        except KeyboardInterrupt:
            stop.set()
            raise
        return [results[i] for i in range(len(chosen))]
    finally:
        for scratch in scratches:
            scratch.remove()


def table(results: list[Result], skipped: dict[str, dict[str, str]]) -> str:
    """The summary: one line per mutation, then the counts per catalogue."""
    lines = [f"{'status':8s} {'tests':>5s} {'secs':>6s}  rule: planted bug"]
    for r in results:
        lines.append(f"{r.status:8s} {r.tests:5d} {r.seconds:6.1f}  {r.rule}: {r.planted}")
        if r.status == "error":
            lines.append(f"{'':22s}{r.detail.splitlines()[-1] if r.detail else ''}")
    lines.append("")
    lines.append(f"{'catalogue':14s} {'mutations':>9s} {'killed':>6s} {'survived':>8s} "
                 f"{'error':>5s} {'rules':>5s} {'skipped':>7s}")  # fmt: skip
    for catalogue in dict.fromkeys(r.catalogue for r in results):
        mine = [r for r in results if r.catalogue == catalogue]
        count = Counter(r.status for r in mine)
        lines.append(
            f"{catalogue:14s} {len(mine):9d} {count['killed']:6d} {count['survived']:8d} "
            f"{count['error']:5d} {len({r.rule for r in mine}):5d} "
            f"{len(skipped.get(catalogue, {})):7d}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--catalogue", action="append", choices=CATALOGUES, help="default: all")
    ap.add_argument("--rule", action="append", help="only the mutations of this rule id")
    ap.add_argument("--jobs", type=int, default=1, help="mutations run at once")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per mutation")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    ap.add_argument("--list", action="store_true", help="list the mutations and citing tests")
    ap.add_argument("--no-baseline", action="store_true", help="skip the unmutated run")
    args = ap.parse_args(argv)
    catalogues = args.catalogue or list(CATALOGUES)
    if args.rule and not args.catalogue:
        prefixes = {"WM": "warmaster", "BFA": "armageddon", "CCA": "ancients", "HMC": "horde"}
        prefixes["CCB"] = "ancients_base"
        catalogues = sorted({prefixes.get(r.split("-")[0], "") for r in args.rule} - {""})
    chosen, skipped = selected(catalogues, args.rule)
    if args.list:
        for catalogue, mutation in chosen:
            tests = citing_tests(mutation.rule, ROOT / "tests", ROOT)
            print(f"{catalogue:12s} {mutation.name}  [{len(tests)} tests] {mutation.file}")
        for catalogue, skips in skipped.items():
            for rule, reason in skips.items() if not args.rule else ():
                print(f"{catalogue:12s} skipped {rule}: {reason}")
        return 0
    results = sweep(chosen, args.jobs, args.timeout, not args.no_baseline, progress=True)
    if args.json:
        print(json.dumps({"results": [asdict(r) for r in results], "skipped": skipped}, indent=1))
    else:
        print(table(results, skipped))
    return 0 if all(r.status == "killed" for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
