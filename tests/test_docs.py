"""Every snippet the README and the docs pages show runs as written (issue 14: "every
documented snippet is executed by the tests").

- ``python`` blocks: a page's blocks run in order in one namespace (a later block may use an
  earlier one's names, as a reader typing them would), in a temporary folder (where the
  repository's ``scenarios/`` and ``examples/`` are linked, for snippets that read them).
- ``console`` blocks: each ``wargames ...`` command runs through the command's ``main`` in a
  temporary folder and must exit with status 0; a ``> FILE`` redirection writes its output
  there, so a later ``wargames replay FILE`` reads it. Output shown under a ``$`` command
  (``...`` for what is left out) must appear in what the command prints. Commands that are not
  ``wargames`` (``pip``, ``pytest``, ``mypy``, a benchmark script) and a game with a ``human``
  player (it waits for a person at the terminal) are not run.

Pages whose snippets play whole games or batches take several seconds; they are marked
``slow`` (run by ``pytest -m slow`` and ``.ci/run``).
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from wargames.cli import main

ROOT = Path(__file__).resolve().parent.parent
SITE = sorted(page for page in (ROOT / "docs").rglob("*.md") if not page.name.endswith("-notes.md"))
PAGES = [ROOT / "README.md", *SITE]
"""The README and every page of the site (working notes, excluded from the site, are not)."""

SLOW = {
    "python": {
        "README.md",
        "getting-started.md",
        "reliability.md",
        "horde.md",
        "ancients.md",
        "api/testing.md",
        "scaling.md",
        "openspiel.md",
        "scripting.md",
    },
    "console": {"README.md", "getting-started.md", "ancients.md", "ancients-armageddon.md"},
}
"""Pages whose snippets of a kind take more than about a second (whole games, a batch, a
pool of workers): the rest stay in the quick run, a few seconds in all."""

FENCE = re.compile(r"^```(?P<lang>\w+)[^\n]*\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)


def blocks(page: Path, lang: str) -> list[str]:
    """The bodies of a page's fenced blocks in `lang`, in page order."""
    text = page.read_text(encoding="utf-8")
    return [m.group("body") for m in FENCE.finditer(text) if m.group("lang") == lang]


def commands(body: str) -> list[tuple[str, list[str]]]:
    """A console block's commands, each with the output shown under it. A block with ``$``
    prompts has commands on those lines and output on the others; a block without prompts
    is commands only."""
    lines = body.splitlines()
    if not any(line.startswith("$ ") for line in lines):
        return [(line, []) for line in lines if line.strip()]
    found: list[tuple[str, list[str]]] = []
    for line in lines:
        if line.startswith("$ "):
            found.append((line[2:], []))
        elif found and line.strip():
            found[-1][1].append(line)
    return found


def wargames_runs(line: str) -> list[list[str]]:
    """The ``wargames`` commands of a shell line (``a && b`` is two), as argument lists with
    an optional trailing ``> FILE``; the rest (pip, pytest, ...) is not run."""
    runs = []
    for part in line.split("&&"):
        words = shlex.split(part, comments=True)
        if words and words[0] == "wargames" and "human" not in words:
            runs.append(words[1:])
    return runs


def run_command(words: list[str], folder: Path) -> str:
    """Runs ``wargames WORDS`` in `folder`; its standard output (also written to the file of a
    ``> FILE`` redirection). The status must be 0."""
    target = None
    if ">" in words:
        words, target = words[: words.index(">")], words[words.index(">") + 1]
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.chdir(folder),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        status = main(words)
    assert status == 0, f"wargames {shlex.join(words)} exited {status}: {err.getvalue()}"
    if target is not None:
        (folder / target).write_text(out.getvalue(), encoding="utf-8")
    return out.getvalue()


def check_shown(shown: list[str], printed: str) -> None:
    """Each line of output a page shows (but ``...``) is a line the command printed."""
    lines = {line.rstrip() for line in printed.splitlines()}
    for line in shown:
        if line.strip() != "...":
            assert line.rstrip() in lines, f"the page shows {line!r}; it printed:\n{printed}"


def name(page: Path) -> str:
    """A page by its path under docs/ (``api/core.md``), the README by its name."""
    return page.relative_to(ROOT / "docs").as_posix() if page.parent != ROOT else page.name


SHARED = ("scenarios", "examples")
"""Folders of the repository a snippet may read by a relative path (a scenario file of one's
own), linked into the temporary folder the snippets run in."""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A temporary folder to run a page's snippets in, with the repository's example folders."""
    for name in SHARED:
        if (ROOT / name).is_dir():
            (tmp_path / name).symlink_to(ROOT / name, target_is_directory=True)
    return tmp_path


def page_params(kind: str) -> list[object]:
    """The pages as test parameters, the slow ones marked."""
    return [
        pytest.param(page, id=name(page), marks=[pytest.mark.slow] * (name(page) in SLOW[kind]))
        for page in PAGES
    ]


@pytest.mark.parametrize("page", page_params("python"))
@pytest.mark.quick(2)
def test_python_snippets_run(page: Path, folder: Path) -> None:
    namespace: dict[str, object] = {"__name__": "__snippet__"}
    with contextlib.chdir(folder), contextlib.redirect_stdout(io.StringIO()):
        for number, body in enumerate(blocks(page, "python"), 1):
            code = compile(body, f"{name(page)}, python block {number}", "exec")
            exec(code, namespace)


@pytest.mark.parametrize("page", page_params("console"))
@pytest.mark.quick(2)
def test_console_snippets_run(page: Path, folder: Path) -> None:
    for body in blocks(page, "console"):
        for line, shown in commands(body):
            for words in wargames_runs(line):
                check_shown(shown, run_command(words, folder))


def test_every_page_is_read() -> None:
    """The pages above are the site's pages: a new page's snippets are tested too."""
    names = {name(page) for page in PAGES}
    assert {"README.md", "index.md", "getting-started.md", "armageddon.md"} <= names
    assert SLOW["python"] | SLOW["console"] <= names
    assert all(blocks(page, "python") or blocks(page, "console") for page in PAGES[:2])


# -- the docs build's conversion of docstrings (docs/sphinx_roles.py) --------------------------


def sphinx_roles() -> Any:
    """docs/sphinx_roles.py, the Griffe extension of the docs build (needs the docs extra)."""
    pytest.importorskip("griffe")
    spec = importlib.util.spec_from_file_location("sphinx_roles", ROOT / "docs/sphinx_roles.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PACKAGE = '''"""See :class:`Thing`, :func:`helper` and :mod:`battle <pkg.battle>`.

>>> helper()
1
"""
from collections import OrderedDict

class Thing:
    """Call :meth:`run`; not `` :class:`Thing` ``; :class:`OrderedDict`; :data:`~pkg.LIMIT`."""

    def run(self):
        """See :meth:`Thing.run`, :attr:`nowhere.x` and :func:`!plain`."""

LIMIT = 3

def helper():
    """Help, after :data:`LIMIT
    <pkg.LIMIT>` (a role broken over two lines)."""
'''


def test_roles_become_cross_references_resolved_in_scope() -> None:
    griffe = pytest.importorskip("griffe")
    extension = sphinx_roles().SphinxDocstrings()
    with griffe.temporary_visited_package("pkg", {"__init__.py": PACKAGE}) as pkg:
        extension.on_package(pkg=pkg, loader=None)
        module, thing = pkg.docstring.value, pkg["Thing"].docstring.value
        run, helper = pkg["Thing.run"].docstring.value, pkg["helper"].docstring.value

    def ref(path: str, title: str) -> str:  # with the owner as the fallback
        owner = path.rsplit(".", 1)[0]
        return (
            f'<autoref identifier="{path}" slug="{owner}" optional><code>{title}</code></autoref>'
        )

    assert ref("pkg.Thing", "Thing") in module
    assert ref("pkg.helper", "helper()") in module
    battle = '<autoref identifier="pkg.battle" optional><code>battle</code></autoref>'
    assert battle in module  # Title <path>; a module has no fallback
    assert ref("pkg.Thing.run", "run()") in thing  # a member, from the class
    assert ref("collections.OrderedDict", "OrderedDict") in thing  # an import
    assert ref("pkg.LIMIT", "LIMIT") in thing  # ~ keeps the last part
    assert "`` :class:`Thing` ``" in thing  # code is left alone
    assert ref("pkg.Thing.run", "Thing.run()") in run  # a sibling, from a method
    assert "<code>nowhere.x</code>" in run and "<code>plain()</code>" in run  # no link
    assert ref("pkg.LIMIT", "LIMIT") in helper
    assert ":class:" not in module + run + helper and ":data:" not in thing + helper
    assert thing.count(":class:") == 1


def test_doctest_examples_become_code_blocks() -> None:
    fence = sphinx_roles().fence_doctests
    text = "Intro:\n>>> a = 1\n>>> a\n1\n\nAfter.\n```python\n>>> kept\n```"
    assert fence(text) == (
        "Intro:\n\n```pycon\n>>> a = 1\n>>> a\n1\n```\n\nAfter.\n```python\n>>> kept\n```"
    )


def test_literal_blocks_become_code_blocks() -> None:
    fence = sphinx_roles().fence_literal_blocks
    text = "Example::\n\n    import wargames\n\n    x = 1\n\nAfter ::\n\n    y\nEnd."
    assert fence(text) == (
        "Example:\n\n```python\nimport wargames\n\nx = 1\n```\n\nAfter\n\n```python\ny\n```\n\nEnd."
    )
    kept = "```text\nA::\n\n    b\n```"
    assert fence(kept) == kept
