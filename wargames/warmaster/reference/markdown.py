"""How the reference tables are written: Markdown cells and tables, provenance with the research
notes' section, the rules' wording of dice, shifts and names (helpers the table modules share)."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from typing import Any

from wargames.warmaster.data import (
    IMPERIAL,
    PACKAGE,
    TRAITOR,
    WarmasterData,
    default_data,
)

SOURCES: Mapping[str, str] = {
    "map": "research 3.1",
    "teleport": "research 3.2",
    "battle": "research 3.3",
    "counters": "research 3.4",
    "trap": "research 3.4",
    "horror": "research 3.3, 3.4",
    "ambush": "research 3.3, 3.4",
    "sanctum": "research 3.3",
    "control": "research 3.1",
    "area_destruction": "research 3.5.1",
    "reactor_sabotage": "research 3.5.1",
    "fleet_lasers": "research 3.5.2",
    "ship_breakup": "research 3.5.2",
    "warp_instability": "research 3.5.3",
    "setup": "research 3.4, 3.5.3",
}
"""Where each reconstructed table comes from: the section of the research notes."""

_SIDE = {IMPERIAL: "Imperial", TRAITOR: "Traitor", "draw": "draw"}


def _cell(value: object) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def _table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def provenance(value: str, source: str) -> str:
    """A provenance cell: ``reconstructed (research 3.1)``, or the value as it is."""
    return f"{value} ({source})" if value == "reconstructed" else value


def _data(data: WarmasterData | None) -> tuple[WarmasterData, bool]:
    """The data to show and whether it is the shipped data (whose notes may be shown)."""
    shipped = default_data()
    return (data or shipped), data is None or data is shipped


def _notes(shipped: bool, file: str, key: str, id_key: str) -> dict[str, str]:
    """The ``note`` of every record under ``key`` of a shipped data file, by ``id_key``."""
    if not shipped:
        return {}
    text = resources.files(PACKAGE).joinpath("data", file).read_text(encoding="utf-8")
    records: list[dict[str, Any]] = tomllib.loads(text).get(key, [])
    return {str(r[id_key]): str(r["note"]) for r in records if "note" in r}


def _upto(n: int) -> str:
    """A D6 roll of ``n`` or less, in words."""
    return "a 1" if n == 1 else f"1–{n}"


def _names(data: WarmasterData, ids: Iterable[str]) -> str:
    return ", ".join(f"{data.board[a].name} ({a})" for a in ids)


def _faces(faces: Sequence[int]) -> str:
    """Die faces as a range (``3-4``) when they run on, else listed."""
    if len(faces) > 1 and list(faces) == list(range(faces[0], faces[-1] + 1)):
        return f"{faces[0]}-{faces[-1]}"
    return ", ".join(str(f) for f in faces)


def _all_same(values: Iterable[str]) -> str | None:
    found = set(values)
    return found.pop() if len(found) == 1 else None


def _shift(n: int) -> str:
    """A column shift in words: ``-1 column (towards the defender)``."""
    side = "attacker" if n > 0 else "defender"
    return f"{n:+d} column{'' if abs(n) == 1 else 's'} (towards the {side})"
