"""The registries of planted bugs for ``benchmarks/mutation_sweep.py``, one module per catalogue.

Each module holds ``MUTATIONS``, a list of :class:`Mutation`: a rule id of the catalogue
(``/work/shared/rules/<catalogue>.md``), the engine file that implements it, an exact ``old``
snippet that must occur in that file exactly once, the ``new`` snippet that replaces it, and one
line saying which bug that plants. ``SKIPPED`` maps the catalogue's ids that get no mutation to
the reason (pure flavour or a definition with no code to mutate, or a rule another id's mutation
already plants).
"""

from __future__ import annotations

import importlib
import tomllib
from dataclasses import dataclass
from pathlib import Path

#: the catalogues with a registry module, by the module's name
CATALOGUES = ("warmaster", "armageddon", "ancients", "ancients_base", "horde")


class MutationError(Exception):
    """A mutation that cannot be planted: its ``old`` snippet is not in its file exactly once,
    or its file is missing. The sweep stops on it rather than report a bug it never planted."""


@dataclass(frozen=True)
class Mutation:
    """One planted bug: replace ``old`` by ``new`` in ``file`` (relative to the package's
    parent folder, e.g. ``wargames/warmaster/battle.py``) to break ``rule``."""

    rule: str
    file: str
    old: str
    new: str
    planted: str

    @property
    def name(self) -> str:
        """A short handle for tables: the rule id and the bug."""
        return f"{self.rule}: {self.planted}"

    def apply(self, text: str) -> str:
        """``text`` with the bug planted; :class:`MutationError` unless ``old`` occurs exactly
        once in it."""
        count = text.count(self.old)
        if count != 1:
            raise MutationError(
                f"{self.rule}: the old snippet {self.old!r} occurs {count} times in {self.file}"
                " (it must occur exactly once)"
            )
        return text.replace(self.old, self.new)

    def check(self, root: Path) -> None:
        """Raise :class:`MutationError` unless the mutation can be planted in the tree at
        ``root`` and the planted file still parses (a bug, not a syntax error)."""
        path = root / self.file
        if not path.is_file():
            raise MutationError(f"{self.rule}: no file {self.file} under {root}")
        if self.old == self.new:
            raise MutationError(f"{self.rule}: the new snippet is the old one")
        planted = self.apply(path.read_text(encoding="utf-8"))
        try:
            if path.suffix == ".py":
                compile(planted, str(path), "exec")
            elif path.suffix == ".toml":
                tomllib.loads(planted)
        except (SyntaxError, tomllib.TOMLDecodeError) as error:
            raise MutationError(
                f"{self.rule}: the planted {self.file} does not parse: {error}"
            ) from error


def load(catalogue: str) -> tuple[list[Mutation], dict[str, str]]:
    """The mutations and the skipped ids (with reasons) of one catalogue's registry."""
    if catalogue not in CATALOGUES:
        raise MutationError(f"no registry for catalogue {catalogue!r}; known: {CATALOGUES}")
    module = importlib.import_module(f"mutations.{catalogue}")
    return list(module.MUTATIONS), dict(getattr(module, "SKIPPED", {}))
