"""Plugin discovery: every game registers a :class:`Game` under the entry-point group
``wargames.games``. The CLI, batch simulation and rendering find games only through here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from importlib import import_module
from importlib.metadata import entry_points
from typing import Any

import attrs

from wargames.core.engine import Agent, GameState, Player
from wargames.core.sequence import SequenceOfPlay

GROUP = "wargames.games"

#: Games shipped with the library, found even when the package is not installed (a checkout).
BUILTIN: Mapping[str, str] = {
    "ancients": "wargames.ancients:GAME",
    "armageddon": "wargames.armageddon:GAME",
    "warmaster": "wargames.warmaster:GAME",
    "horde": "wargames.horde:GAME",
}


@attrs.frozen
class Game:
    """What a plugin tells the library about its game.

    ``new(scenario, options)`` builds the initial state of a scenario (``None``: the default).
    ``agents`` maps agent names to factories taking a seed and the player the agent plays.
    ``odds(argv)`` answers ``wargames odds GAME ...`` with a JSON-ready dict that has a
    ``"text"`` entry for humans. ``render(state, player)`` draws an SVG.
    """

    id: str
    title: str
    players: tuple[Player, ...]
    new: Callable[[str | None, Mapping[str, Any]], GameState]
    scenarios: Callable[[], Sequence[str]]
    default_scenario: str
    agents: Mapping[str, Callable[[int | None, Player], Agent]]
    sequence: SequenceOfPlay | None = None
    odds: Callable[[Sequence[str]], dict[str, Any]] | None = None
    render: Callable[[GameState, Player | None], str] | None = None
    bot_options: Mapping[str, Any] = attrs.field(factory=dict)
    """Options used when only bots play (e.g. a turn cap for a game without a turn limit)."""


def _load(spec: str) -> Game:
    module, _, attr = spec.partition(":")
    game = getattr(import_module(module), attr)
    if not isinstance(game, Game):
        raise TypeError(f"{spec} is not a wargames Game")
    return game


@cache
def _specs() -> dict[str, str]:
    specs = dict(BUILTIN)
    for ep in entry_points(group=GROUP):
        specs[ep.name] = ep.value
    return specs


def games() -> list[str]:
    """Ids of the installed games, sorted."""
    return sorted(_specs())


@cache
def game(game_id: str) -> Game:
    """The :class:`Game` registered as ``game_id`` (``KeyError`` naming the known games)."""
    specs = _specs()
    if game_id not in specs:
        raise KeyError(f"unknown game {game_id!r}; installed: {', '.join(sorted(specs))}")
    return _load(specs[game_id])


def game_of(state: GameState) -> Game:
    return game(type(state).game)


def render_svg(state: GameState, player: Player | None = None) -> str | None:
    """The game's SVG drawing of ``state`` (as ``player`` sees it), if the game draws."""
    g = game_of(state)
    return None if g.render is None else g.render(state, player)
