"""MkDocs hook: expand ``<!-- GAME:TABLE -->`` markers with tables generated from the data, so
the docs always show the tables and sequence of play the code uses."""

from __future__ import annotations

import re
from importlib import import_module
from typing import Any

MARKER = re.compile(r"<!--\s*(\w+):(\w+)\s*-->")


def on_page_markdown(markdown: str, **_: Any) -> str:
    def expand(match: re.Match[str]) -> str:
        game, table = match.group(1), match.group(2)
        tables = import_module(f"wargames.{game}.reference").TABLES
        return str(tables[table]())

    return MARKER.sub(expand, markdown)
