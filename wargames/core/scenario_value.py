"""Scenarios as Python values: read a scenario, change it in Python, play it, save it as TOML.

A game's scenario file is a TOML document; a :class:`ScenarioValue` is the same document as
typed, frozen attrs values, one class per table of the file (a horde battle's sides, its
hordes and Officers, its objectives), with the file's keys as fields. A notebook reads one
(:func:`wargames.scenario`, or :meth:`ScenarioValue.read` with a shipped id or a file's path),
changes it with ``attrs.evolve`` or the game's typed methods, and plays it
(``wargames.load(game, scenario=value)``).

Nothing is checked twice or differently: a value is played by way of its document
(:meth:`ScenarioValue.to_document`), which the game builds through the very checks a file
goes through, so every problem is a :class:`~wargames.core.errors.ScenarioError` naming the
key path (``blue.horde[2].at``) as it would for a file. A value built in Python and the same
scenario read from TOML make equal states and the same seeded games: both are the same
document, carried by saved games and records in full
(:class:`~wargames.core.sources.ScenarioSource`), never as a path. :meth:`ScenarioValue.to_toml`
writes the document as a file a person can read and edit (:mod:`wargames.core.toml_writer`);
reading that file back gives an equal value.

A game offers scenario values by subclassing :class:`ScenarioValue` (its ``game_id``, its
``package``, :meth:`~ScenarioValue.from_node` and :meth:`~ScenarioValue.to_document`) and
naming the class as its descriptor's ``scenario_type``.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, Self

import attrs

from wargames.core.errors import ScenarioError
from wargames.core.scenario import Node
from wargames.core.sources import ScenarioSource, scenario_source
from wargames.core.toml_writer import toml_text


@attrs.frozen(kw_only=True)
class ScenarioValue(abc.ABC):
    """A game's scenario as a typed value (see the module docstring).

    ``name`` is what saved games and records call the scenario (a file's name without
    ``.toml``, a shipped id, or a name of your choosing for one built in Python).
    """

    game_id: ClassVar[str]
    """The game this is a scenario of (``"horde"``)."""
    package: ClassVar[str]
    """The package whose ``scenarios`` folder holds the shipped files (``"wargames.horde"``)."""

    name: str = "scenario"

    # -- reading ------------------------------------------------------------------------------

    @classmethod
    def read(cls, scenario: str | ScenarioSource) -> Self:
        """The scenario ``scenario`` names: a shipped id, the path to a TOML file (read now),
        or a source already made; the value is named after it."""
        source = scenario_source(cls.package, scenario)
        return attrs.evolve(cls.from_node(source.node(cls.package)), name=source.name)

    @classmethod
    def of(cls, scenario: str | ScenarioValue | None, file: str) -> Self:
        """``scenario`` as a value of this game: a value of it as it is, a shipped id or a
        file's path read (``None``: the game's default); another game's value is a
        :class:`ScenarioError` naming ``file`` and the key ``scenario`` (what-if positions
        take their scenario so)."""
        if isinstance(scenario, cls):
            return scenario
        if isinstance(scenario, ScenarioValue):
            problem = f"a scenario of {scenario.game_id}, not of {cls.game_id}"
            raise ScenarioError(file, "scenario", problem)
        from wargames.core.registry import game

        found = game(cls.game_id).scenario(scenario)
        assert isinstance(found, cls)
        return found

    @classmethod
    def from_document(cls, data: Mapping[str, Any], label: str = "(a document)") -> Self:
        """The value of a scenario document (as :func:`tomllib.loads` gives it); errors name
        ``label`` as the file."""
        if not isinstance(data, Mapping):
            raise ScenarioError(label, "(top level)", "expected a table")
        return cls.from_node(Node(dict(data), label))

    @classmethod
    @abc.abstractmethod
    def from_node(cls, root: Node) -> Self:
        """The value of the document at ``root``: every key the game knows read with its type
        (a :class:`ScenarioError` naming the key for a missing one, a wrong type or an unknown
        key); what the values mean is checked when the scenario is played (:meth:`check`)."""

    # -- writing ------------------------------------------------------------------------------

    @abc.abstractmethod
    def to_document(self) -> dict[str, Any]:
        """The scenario document: ``tomllib.loads`` of the file :meth:`to_toml` writes. Keys
        the value leaves unset (``None``) are left out, as a file would."""

    def source(self) -> ScenarioSource:
        """The scenario as a saved game or a record carries it: its document in full, with
        the document's hash (errors name the scenario as ``'NAME (built in Python)'``)."""
        return ScenarioSource.user(self.name, self.to_document(), f"{self.name} (built in Python)")

    def to_toml(self, header: str | None = None) -> str:
        """The document as TOML text, led by ``header`` as comments (by default, a line
        saying what the file is)."""
        if header is None:
            header = f"{self.game_id} scenario {self.name!r}, written by wargames"
        return toml_text(self.to_document(), header)

    def save(self, path: str | Path, header: str | None = None) -> Path:
        """Write :meth:`to_toml` to ``path`` (UTF-8); returns the path."""
        path = Path(path)
        path.write_text(self.to_toml(header), encoding="utf-8")
        return path

    def check(self) -> None:
        """Build the scenario's start as a game would (the default options), raising the
        :class:`ScenarioError` of its first problem (``wargames.check_scenario`` on a saved
        file lists them all)."""
        from wargames.core.registry import game

        game(self.game_id).start(self.source())


def optional(root: Node, key: str, kind: type[Any]) -> Any:
    """``root[key]`` of type ``kind`` if the document has it, else ``None`` (a key the value
    leaves out, as the file does)."""
    return root.get(key, kind) if root.has(key) else None


def document(*pairs: tuple[str, Any]) -> dict[str, Any]:
    """A document table of ``(key, value)`` pairs, leaving out the ``None`` values (keys the
    scenario does not set)."""
    return {key: value for key, value in pairs if value is not None}


__all__ = ["ScenarioValue", "document", "optional"]
