"""MkDocs hook: expand ``<!-- GAME:TABLE -->`` markers with tables generated from the data, so
the docs always show the tables and sequence of play the code uses; and ``<!-- include: PATH
-->`` markers with the file at PATH (from the repository's root) as a code block, so a page
that walks through code shows the shipped files."""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path
from typing import Any

MARKER = re.compile(r"<!--\s*(\w+):(\w+)\s*-->")
INCLUDE = re.compile(r"<!--\s*include:\s*(\S+)\s*-->")
ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = {".py": "python", ".toml": "toml"}


def include(match: re.Match[str]) -> str:
    """The file a marker names, as a fenced code block headed by its path."""
    path = ROOT / match.group(1)
    text = path.read_text(encoding="utf-8").rstrip("\n")
    language = LANGUAGES.get(path.suffix, "text")
    return f'```{language} title="{match.group(1)}"\n{text}\n```'


def on_page_markdown(markdown: str, **_: Any) -> str:
    def expand(match: re.Match[str]) -> str:
        game, table = match.group(1), match.group(2)
        tables = import_module(f"wargames.{game}.reference").TABLES
        return str(tables[table]())

    return MARKER.sub(expand, INCLUDE.sub(include, markdown))
