"""Griffe extension for the docs site: the library's docstrings are written with Sphinx roles
(``:class:`~wargames.core.engine.Match```) and bare doctest examples (``>>>``), which
mkdocstrings would show literally and run together. When the package is loaded, every
docstring is rewritten for Markdown:

- each role becomes a cross-reference (an ``<autoref>`` element that mkdocs-autorefs turns into
  a link to the object's entry in the API reference). The name is resolved as Sphinx does: a
  dotted path as written, a short name in the scope of the documented object (its members,
  its imports, then its parents'). The title follows Sphinx: ``~`` keeps the last part,
  ``Title <path>`` gives its own title, functions and methods get ``()``. A member that no
  page shows (a field without a docstring) links to the class or module it belongs to (the
  autoref's ``slug``, its fallback); a name that no rendered page documents (the standard
  library, a private helper) stays as code, without a warning: the references are optional.
- each run of lines starting with ``>>>`` (with the output lines under it) becomes a fenced
  ``pycon`` code block;
- each reStructuredText literal block (a paragraph ending in ``::``, then an indented block)
  becomes a fenced ``python`` code block, the ``::`` written as ``:`` (or dropped after a
  space), as Sphinx shows it.

Fenced code blocks and inline code spans are left as they are. The same conversion serves the
Markdown pages through ``docs/hooks.py`` (:func:`markdown_roles`, no scope: paths only).
Configured in ``mkdocs.yml`` under the Python handler's ``extensions``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from html import escape
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(class|meth|func|attr|mod|data|exc|obj|const):`([^`]+)`")
"""A Sphinx role of the Python domain and its target, e.g. ``:meth:`~Match.step```."""

CALLABLE_ROLES = frozenset({"meth", "func"})
"""Roles whose title Sphinx writes with ``()``."""

EXPLICIT_TITLE = re.compile(r"^(.+?)\s*<([^<>]+)>$")
"""A target written ``Title <dotted.path>``."""

FENCE = re.compile(r"^\s*(```|~~~)")
"""The opening or closing line of a fenced code block."""

FENCED_BLOCK = re.compile(r"^[ \t]*(?P<fence>```|~~~).*?^[ \t]*(?P=fence)[ \t]*$", re.M | re.S)
"""A whole fenced code block, from its opening line to its closing one."""

TOKEN = re.compile(
    rf"(?P<role>{ROLE.pattern})|(?P<span>(?P<ticks>`+)(?!`).*?(?<!`)(?P=ticks)(?!`))"
)
"""A role, or an inline code span (whose content is left alone), whichever comes first."""

Resolver = Callable[[str], str | None]
"""Turns a name as written into the dotted path of its object, or None when unknown."""


def autoref(identifier: str, title: str, fallback: str | None = None) -> str:
    """An optional cross-reference: a link when a page documents `identifier` (else
    `fallback`, the object it belongs to), otherwise code."""
    code = f"<code>{escape(title)}</code>"
    also = f' slug="{escape(fallback)}"' if fallback else ""
    return f'<autoref identifier="{escape(identifier)}"{also} optional>{code}</autoref>'


def convert_role(match: re.Match[str], resolve: Resolver) -> str:
    """The Markdown of one role: a cross-reference titled as Sphinx titles it."""
    kind, target = match.group(1), " ".join(match.group(2).split())
    if explicit := EXPLICIT_TITLE.match(target):
        title, name = explicit.group(1), explicit.group(2).lstrip("~.!").replace(" ", "")
    else:
        short = target.startswith("~")
        name = target.lstrip("~.!").replace(" ", "")
        title = name.rsplit(".", 1)[-1] if short else name
        if kind in CALLABLE_ROLES:
            title += "()"
    if target.startswith("!"):
        return f"<code>{escape(title)}</code>"
    identifier = resolve(name)
    if identifier is None:
        return f"<code>{escape(title)}</code>"
    # a member no page shows (a field or constant without a docstring) links to its owner
    owner = identifier.rsplit(".", 1)[0] if kind != "mod" and "." in identifier else None
    return autoref(identifier, title, owner)


def convert_roles(text: str, resolve: Resolver) -> str:
    """`text` with every Sphinx role outside code turned into a cross-reference."""

    def convert(token: re.Match[str]) -> str:
        if token.group("role") is None:
            return token.group(0)
        role = ROLE.fullmatch(token.group("role"))
        assert role is not None
        return convert_role(role, resolve)

    pieces, end = [], 0
    for block in FENCED_BLOCK.finditer(text):
        pieces += [TOKEN.sub(convert, text[end : block.start()]), block.group(0)]
        end = block.end()
    return "".join([*pieces, TOKEN.sub(convert, text[end:])])


def fence_doctests(text: str) -> str:
    """`text` with each run of ``>>>`` lines (and the output under them) as a fenced block."""
    out: list[str] = []
    lines = text.split("\n")
    index, fenced = 0, False
    while index < len(lines):
        line = lines[index]
        if FENCE.match(line):
            fenced = not fenced
        if fenced or not line.startswith(">>>"):
            out.append(line)
            index += 1
            continue
        block = []
        while index < len(lines) and lines[index].strip():
            block.append(lines[index])
            index += 1
        if out and out[-1].strip():
            out.append("")
        out += ["```pycon", *block, "```"]
        if index < len(lines) and lines[index].strip():
            out.append("")
    return "\n".join(out)


def scope_resolver(obj: griffe.Object) -> Resolver:
    """Names as the docstring of `obj` means them: a dotted path of the library as written,
    else the first part resolved in the scope of `obj` and the rest appended."""

    def resolve(name: str) -> str | None:
        head, _, rest = name.partition(".")
        try:
            path = obj.resolve(head)
        except (griffe.NameResolutionError, AttributeError, KeyError):
            return name if head == obj.package.name else None  # a path from the root
        return f"{path}.{rest}" if rest else path

    return resolve


def markdown_roles(markdown: str) -> str:
    """A Markdown page with its roles converted: only dotted paths of the library resolve
    (a page has no scope); any other name stays as code."""

    def resolve(name: str) -> str | None:
        return name if name.startswith("wargames.") else None

    return convert_roles(markdown, resolve)


def fence_literal_blocks(text: str) -> str:
    """`text` with each ``::`` literal block (the indented lines after a paragraph ending in
    ``::`` and a blank line) as a fenced ``python`` block, the marker as Sphinx prints it."""
    lines = text.split("\n")
    out: list[str] = []
    index, fenced = 0, False
    while index < len(lines):
        line = lines[index]
        if FENCE.match(line):
            fenced = not fenced
        opens = (
            not fenced
            and line.rstrip().endswith("::")
            and index + 2 < len(lines)
            and not lines[index + 1].strip()
            and lines[index + 2].startswith((" ", "\t"))
        )
        if not opens:
            out.append(line)
            index += 1
            continue
        head = line.rstrip()[:-2]
        head = head.rstrip() if head.endswith(" ") or not head.strip() else head + ":"
        if head.strip():
            out.append(head)
        index += 2
        block: list[str] = []
        while index < len(lines) and (not lines[index].strip() or lines[index][:1] in " \t"):
            block.append(lines[index])
            index += 1
        while block and not block[-1].strip():
            block.pop()
        indent = min(len(b) - len(b.lstrip()) for b in block if b.strip())
        out += ["", "```python", *(b[indent:] for b in block), "```", ""]
    return "\n".join(out)


def _objects(obj: griffe.Object) -> Iterator[griffe.Object]:
    """`obj` and every object defined under it (aliases, i.e. imports, excluded)."""
    yield obj
    for member in obj.members.values():
        if not member.is_alias:
            yield from _objects(member)  # type: ignore[arg-type]


class SphinxDocstrings(griffe.Extension):
    """Rewrites every docstring of a loaded package: roles to cross-references, doctest
    examples to code blocks (see the module's docstring)."""

    def on_package(self, *, pkg: griffe.Module, **_: Any) -> None:
        for obj in _objects(pkg):
            if obj.docstring is not None:
                text = convert_roles(obj.docstring.value, scope_resolver(obj))
                obj.docstring.value = fence_literal_blocks(fence_doctests(text))
