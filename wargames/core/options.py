"""Game options as a schema: what a game may be started with, checked in one place.

A game declares its options in its :class:`~wargames.core.registry.Game` descriptor as an
:class:`Options` schema of :class:`Option` entries (name, type, default, allowed values or
bounds, one line of help). :meth:`Options.check` is the one validation that
:func:`wargames.load`, :func:`wargames.match`, :func:`wargames.play`,
:func:`wargames.simulate`, :func:`wargames.replay` and the ``wargames`` command go through; a
bad option raises :class:`~wargames.core.errors.OptionError` naming the option and the problem
(an unknown one: :class:`~wargames.core.errors.UnknownOptionError`, listing the valid ones).
The command line builds each game's flags from the same schema (:meth:`Option.flag`,
:meth:`Option.from_text`), and ``wargames options GAME`` lists it.

>>> schema = Options((Option("turn_cap", int, "end after N turns", low=1, high=100),))
>>> schema.check({"turn_cap": 12})
{'turn_cap': 12}
>>> schema.check({"turn_cap": 0})
Traceback (most recent call last):
...
wargames.core.errors.OptionError: option 'turn_cap': must be between 1 and 100, got 0

Every option may be given as ``None``, which stands for its default (for most options: "what
the scenario says"). Every number is bounded: an ``int`` or ``float`` option without a parser
must say its ``low`` and ``high``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs

from wargames.core.errors import OptionError, UnknownOptionError, shown

__all__ = ["Option", "Options", "from_json_text"]

_KINDS: dict[type, str] = {bool: "bool", int: "int", float: "float", str: "str"}
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def from_json_text(text: str) -> Any:
    """A command-line argument read as JSON (``{"tearing": "reroll"}``), else as the text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


@attrs.frozen
class Option:
    """One option of a game.

    ``kind`` is ``bool``, ``int``, ``float`` or ``str``; an option whose values are richer (a
    preset name or a table of readings; a number or a pair) gives a ``parse`` function that
    checks a Python value and returns it as the game uses it (raising ``ValueError`` or
    ``TypeError`` with the problem), a ``text`` function that reads it from a command-line
    argument, and ``shows``, the type as ``wargames options`` lists it. ``choices`` lists the
    allowed values; ``low`` and ``high`` bound a number (both included).
    """

    name: str
    kind: type
    help: str
    default: Any = None
    choices: tuple[Any, ...] = ()
    low: int | float | None = None
    high: int | float | None = None
    parse: Callable[[Any], Any] | None = None
    text: Callable[[str], Any] | None = None
    shows: str = ""
    allowed_text: str = ""
    """How ``wargames options`` shows the allowed values of an option with a ``parse``."""
    default_text: str = ""
    """What the default means, in words (``"the scenario's"``; the default's own value when
    empty and the default is not ``None``)."""

    def __attrs_post_init__(self) -> None:
        if not self.name.isidentifier():
            raise TypeError(f"option name {self.name!r} is not an identifier")
        if self.parse is None and self.kind not in _KINDS:
            raise TypeError(f"option {self.name!r}: a {self.kind.__name__} option needs a parse")
        numeric = self.kind in (int, float) and self.parse is None and not self.choices
        if numeric and (self.low is None or self.high is None):
            raise TypeError(f"option {self.name!r}: a number must have a low and a high bound")

    # -- checking ---------------------------------------------------------------------------

    def check(self, value: Any, game: str = "") -> Any:
        """``value`` as the game uses it (``None``: the default), or :class:`OptionError`."""
        if value is None:
            return self.default
        try:
            return self._check(value)
        except (ValueError, TypeError) as exc:
            raise OptionError(self.name, str(exc), game) from None

    def _check(self, value: Any) -> Any:
        if self.parse is not None:
            return self.parse(value)
        if self.kind is bool:
            if not isinstance(value, bool):
                raise TypeError(f"expected true or false, got {shown(value)}")
        elif self.kind is int:
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"expected a whole number, got {shown(value)}")
        elif self.kind is float:
            if not isinstance(value, int | float) or isinstance(value, bool):
                raise TypeError(f"expected a number, got {shown(value)}")
        elif not isinstance(value, str):
            raise TypeError(f"expected text, got {shown(value)}")
        if self.choices and value not in self.choices:
            raise ValueError(f"expected one of {self.allowed()}, got {shown(value)}")
        if self.low is not None and self.high is not None and not self.low <= value <= self.high:
            raise ValueError(f"must be between {self.low} and {self.high}, got {shown(value)}")
        return value

    # -- the command line -------------------------------------------------------------------

    @property
    def flag(self) -> str:
        """The command-line flag: ``turn_cap`` is ``--turn-cap``."""
        return "--" + self.name.replace("_", "-")

    def from_text(self, text: str) -> Any:
        """The value of a command-line argument (``"12"``, ``"true"``), checked."""
        if self.text is not None:
            value = self.text(text)
        elif self.kind is bool:
            low = text.strip().lower()
            if low not in _TRUE + _FALSE:
                raise OptionError(self.name, f"expected true or false, got {shown(text)}")
            value = low in _TRUE
        elif self.kind in (int, float):
            try:
                value = self.kind(text)
            except ValueError:
                what = "a whole number" if self.kind is int else "a number"
                raise OptionError(self.name, f"expected {what}, got {shown(text)}") from None
        else:
            value = text
        self.check(value)
        return value

    # -- listing ----------------------------------------------------------------------------

    @property
    def type_name(self) -> str:
        """The type as listed: ``int``, ``bool``, ``str`` or the option's own ``shows``."""
        return self.shows or _KINDS.get(self.kind, self.kind.__name__)

    def allowed(self) -> str:
        """The allowed values in words: ``1..1000``, ``a, b``, ``true, false``."""
        if self.allowed_text:
            return self.allowed_text
        if self.choices:
            return ", ".join(str(c) for c in self.choices)
        if self.kind is bool:
            return "true, false"
        if self.low is not None and self.high is not None:
            return f"{self.low}..{self.high}"
        return "any"

    def describe_default(self) -> str:
        """The default in words: :attr:`default_text`, else the value (``None``: "the
        scenario's", what most options without a value mean)."""
        if self.default_text:
            return self.default_text
        if self.default is None:
            return "the scenario's"
        return json.dumps(_jsonable(self.default))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready row for ``wargames options GAME --json``."""
        return {
            "name": self.name,
            "flag": self.flag,
            "type": self.type_name,
            "default": _jsonable(self.default),
            "default_text": self.describe_default(),
            "allowed": self.allowed(),
            "choices": [_jsonable(c) for c in self.choices] or None,
            "low": self.low,
            "high": self.high,
            "help": self.help,
        }


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return str(value)


@attrs.frozen
class Options:
    """A game's options schema: an ordered set of :class:`Option` with distinct names."""

    items: tuple[Option, ...] = ()

    def __attrs_post_init__(self) -> None:
        names = [o.name for o in self.items]
        doubled = sorted({n for n in names if names.count(n) > 1})
        if doubled:
            raise TypeError(f"options declared twice: {', '.join(doubled)}")

    def __iter__(self) -> Iterator[Option]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __contains__(self, name: object) -> bool:
        return any(o.name == name for o in self.items)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.items)

    def get(self, name: str, game: str = "") -> Option:
        """The option called ``name`` (:class:`UnknownOptionError` listing the options)."""
        for option in self.items:
            if option.name == name:
                return option
        raise UnknownOptionError(name, self.names, game)

    def defaults(self) -> dict[str, Any]:
        """Every option at its default."""
        return {o.name: o.default for o in self.items}

    def check(self, given: Mapping[str, Any] | None, game: str = "") -> dict[str, Any]:
        """Every option, as the game uses it: the ``given`` ones checked, the others at their
        default. Raises :class:`OptionError` (an unknown name: :class:`UnknownOptionError`)."""
        given = given or {}
        for name in given:
            if name not in self:
                raise UnknownOptionError(str(name), self.names, game)
        return {o.name: o.check(given.get(o.name), game) for o in self.items}
