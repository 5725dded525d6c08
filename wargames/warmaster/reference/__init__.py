"""The Warmaster's reference sheet as Markdown tables, generated from the data the engine loads
(for the docs page and notebooks), every row with its provenance.

The rulebook's board, Teleportation Table, Battle Results Table, counter manifest and special
rules are missing (WM-GAP-01 to WM-GAP-05); ``wargames/warmaster/data/`` reconstructs them from
the project's research notes (``shared/research/warmaster-horde-data.md``, section 3). A
reconstructed value is shown as ``reconstructed (research 3.n)``, naming the section of the
notes it comes from; values the rulebook states are shown as ``rulebook``. Each function takes
an optional :class:`~wargames.warmaster.data.WarmasterData` (the shipped data by default); the
notes of the shipped files (their ``note`` fields) are shown only for the shipped data.

The tables of the reference sheets and the set-up are in ``sheets``, the special rules' table
in ``special_rules``, and what they share (cells, provenance, the wording of dice) in
``markdown``.

>>> "| 6-1 |" in battle_markdown()
True
"""

from __future__ import annotations

from collections.abc import Callable

from wargames.warmaster.reference.markdown import SOURCES, provenance
from wargames.warmaster.reference.sheets import (
    battle_markdown,
    counters_markdown,
    map_markdown,
    rules_markdown,
    sequence_markdown,
    setup_markdown,
    teleport_markdown,
)
from wargames.warmaster.reference.special_rules import specials_markdown

TABLES: dict[str, Callable[[], str]] = {
    "sequence": sequence_markdown,
    "rules": rules_markdown,
    "map": map_markdown,
    "teleport": teleport_markdown,
    "battle": battle_markdown,
    "counters": counters_markdown,
    "specials": specials_markdown,
    "setup": setup_markdown,
}
"""Every table by name, for ``<!-- warmaster:NAME -->`` markers in the docs."""

__all__ = ["SOURCES", "TABLES", "provenance"]
