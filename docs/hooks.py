"""MkDocs hook: expand ``<!-- GAME:TABLE -->`` markers with tables generated from the data, so
the docs always show the tables and sequence of play the code uses; ``<!-- include: PATH -->``
markers with the file at PATH (from the repository's root) as a code block, so a page that
walks through code shows the shipped files; and ``<!-- board: GAME SCENARIO -->`` markers with
the drawing of that shipped scenario's initial state, made at build time by the game's own
``render`` (``boards/GAME-SCENARIO.svg`` in the site), so the pages show the boards the code
draws. The Sphinx roles of generated text become links (docs/sphinx_roles.py)."""

from __future__ import annotations

import re
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

# (each marker stands alone on its line: one quoted in the text is left as it is)
MARKER = re.compile(r"^<!--[ \t]*(\w+):(\w+)[ \t]*-->[ \t]*$", re.M)
INCLUDE = re.compile(r"^<!--[ \t]*include:[ \t]*(\S+)[ \t]*-->[ \t]*$", re.M)
BOARD = re.compile(
    r"^<!--[ \t]*board:[ \t]*(\w+)[ \t]+([\w-]+)[ \t]*(?:(\S+\.md)[ \t]*)?-->[ \t]*$", re.M
)
"""``<!-- board: GAME SCENARIO -->``, or ``... PAGE.md -->`` for a picture that links to a page."""
ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = {".py": "python", ".toml": "toml"}

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sphinx_roles import markdown_roles  # noqa: E402  (docs/sphinx_roles.py, beside this file)


def include(match: re.Match[str]) -> str:
    """The file a marker names, as a fenced code block headed by its path."""
    path = ROOT / match.group(1)
    text = path.read_text(encoding="utf-8").rstrip("\n")
    language = LANGUAGES.get(path.suffix, "text")
    return f'```{language} title="{match.group(1)}"\n{text}\n```'


def board_path(game: str, scenario: str) -> str:
    """Where the drawing of a scenario's initial state is in the site."""
    return f"boards/{game}-{scenario}.svg"


def draw(game: str, scenario: str) -> str:
    """The game's own drawing of the initial state of a shipped scenario, as everyone sees
    the board (no player's view)."""
    wargames = import_module("wargames")
    descriptor = wargames.game(game)
    if descriptor.render is None:
        raise ValueError(f"{game} has no drawing for the board marker")
    return str(descriptor.render(wargames.load(game, scenario), None))


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Adds the drawing of every board a page's marker names to the site's files."""
    wanted: set[tuple[str, str]] = set()
    for file in files.documentation_pages():
        text = Path(file.abs_src_path or "").read_text(encoding="utf-8")
        wanted |= {(m.group(1), m.group(2)) for m in BOARD.finditer(text)}
    for game, scenario in sorted(wanted):
        files.append(
            File.generated(config, board_path(game, scenario), content=draw(game, scenario))
        )
    return files


def board(match: re.Match[str], page: Page) -> str:
    """A board marker as a figure: the drawing, scaled to the text's width, with a caption.
    The picture links to the page a marker names, else to the drawing at full size."""
    game, scenario, target = match.group(1), match.group(2), match.group(3)
    infos = import_module("wargames").game(game).scenario_list()
    title = next(info.title for info in infos if info.id == scenario)
    src = "../" * page.file.src_uri.count("/") + board_path(game, scenario)
    image = f"[![{title}: the board at the start]({src})]({target or src})"
    if target:
        caption = f"{title} (`{game}`)"
    else:
        caption = f"{title} (`{game}`, scenario `{scenario}`): the board at the start"
        caption += f" ([full size]({src}))"
    figcaption = f"<figcaption markdown>{caption}</figcaption>"
    return f'<figure class="board" markdown>\n{image}\n{figcaption}\n</figure>'


def on_page_markdown(markdown: str, page: Page, **_: Any) -> str:
    def expand(match: re.Match[str]) -> str:
        game, table = match.group(1), match.group(2)
        tables = import_module(f"wargames.{game}.reference").TABLES
        return str(tables[table]())

    markdown = BOARD.sub(lambda match: board(match, page), markdown)
    return markdown_roles(MARKER.sub(expand, INCLUDE.sub(include, markdown)))
