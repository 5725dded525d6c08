"""The parameters of a game registered with OpenSpiel: ``scenario`` and the game's options, with
their defaults (the bots' options fill in), written as OpenSpiel's parameters and read back."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from wargames.core.errors import ArgumentError, OptionError
from wargames.core.options import Option
from wargames.core.registry import Game

PREFIX: Final = "python_wargames_"
"""The registered names are ``PREFIX + game id``."""

UNSET_NUMBER: Final = -1
"""A number parameter at this value: the option is not given (its default, "the
scenario's")."""
UNSET_TEXT: Final = ""
"""A text parameter at this value: the option is not given."""

_UNSAFE = frozenset(",()=")
"""Characters a parameter's text may not hold: OpenSpiel writes a game as
``name(key=value,...)`` and reads it back (a serialized state names its game so)."""


def short_name(game_id: str) -> str:
    """The name the game ``game_id`` is registered under: ``python_wargames_GAME``."""
    return PREFIX + game_id


def parameter_specification(described: Game) -> dict[str, Any]:
    """The game's parameters with their defaults: ``scenario`` (the default scenario) and each
    option. An option's default is its bots' value (:attr:`Game.bot_options`), else its own
    default; an option with neither is "not given": ``-1`` for a number, ``""`` otherwise.

    The type of a parameter follows its option: ``int``, ``float``, ``bool`` (with a default)
    or text. Options whose values are richer (a number or a pair, a preset or a table), and
    ``bool`` options that default to the scenario's reading, take text, read as on the command
    line (``"on"``, ``"off"``, ``"2"``, ``"printed"``)."""
    spec: dict[str, Any] = {"scenario": described.default_scenario}
    for option in described.options:
        spec[option.name] = _default(option, described.bot_options.get(option.name))
    return spec


def _kind(option: Option) -> type:
    """The type of an option's parameter: its own for a plain number, or a ``bool`` with a
    default; text for everything else."""
    if option.parse is None and option.kind in (int, float):
        return option.kind
    if option.kind is bool and option.default is not None:
        return bool
    return str


def _default(option: Option, bots: Any) -> Any:
    value = option.default if bots is None else bots
    kind = _kind(option)
    if value is None:
        return kind(UNSET_NUMBER) if kind in (int, float) else UNSET_TEXT
    return value if kind is not str else _as_text(option, value)


def _as_text(option: Option, value: Any) -> str:
    """An option's value as a text parameter (the command line's form)."""
    if isinstance(value, bool):
        text = "on" if value else "off"
    elif isinstance(value, list | tuple):
        text = ",".join(str(v) for v in value)
    elif isinstance(value, Mapping):
        text = json.dumps(value)
    else:
        text = str(value)
    if _UNSAFE.intersection(text):
        raise OptionError(
            option.name,
            f"{text!r} cannot be an OpenSpiel parameter (a game's name cannot hold , ( ) =)",
        )
    return text


def _parameters(
    described: Game, scenario: str | None, options: Mapping[str, Any]
) -> dict[str, Any]:
    """The parameters of a game of ``scenario`` with ``options`` (both checked first)."""
    described.check_scenario(scenario)
    described.check_options(options)
    params: dict[str, Any] = {}
    if scenario is not None:
        if _UNSAFE.intersection(scenario):
            raise ArgumentError(
                "scenario", f"{scenario!r} cannot be an OpenSpiel parameter (no , ( ) =)"
            )
        params["scenario"] = scenario
    for name, value in options.items():
        if value is None:
            continue
        option = described.options.get(name, described.id)
        params[name] = _as_text(option, value) if _kind(option) is str else value
    return params


def _read(described: Game, params: Mapping[str, Any]) -> tuple[str | None, dict[str, Any]]:
    """The scenario and options that OpenSpiel parameters stand for, checked."""
    spec = parameter_specification(described)
    unknown = set(params) - set(spec)
    if unknown:
        raise ArgumentError(sorted(unknown)[0], f"not a parameter of {described.id}")
    scenario = params.get("scenario") or None
    options: dict[str, Any] = {}
    for option in described.options:
        value = params.get(option.name, spec[option.name])
        unset = UNSET_TEXT if _kind(option) is str else UNSET_NUMBER
        if value == unset and not isinstance(value, bool):
            continue
        if _kind(option) is str and isinstance(value, str):
            value = option.from_text(value)
        options[option.name] = value
    described.check_scenario(scenario)
    described.check_options(options)
    return scenario, options
