"""The pyspiel game class of each of our games, and registering and loading them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pyspiel

from wargames.adapters.openspiel.context import _context
from wargames.adapters.openspiel.gametype import game_type
from wargames.adapters.openspiel.observer import WargamesObserver
from wargames.adapters.openspiel.parameters import _parameters, parameter_specification, short_name
from wargames.adapters.openspiel.play import _Play
from wargames.adapters.openspiel.state import WargamesState
from wargames.core.engine import Player
from wargames.core.errors import CapabilityError
from wargames.core.registry import game, games


class WargamesGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games with its scenario and options, as a ``pyspiel.Game``."""

    game_id: str = ""
    """The game's id (each game registers a subclass setting it)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game_id = self.game_id
        spec = parameter_specification(game(game_id))
        full = {**spec, **dict(params or {})}
        context = _context(game_id, tuple(sorted(full.items())))
        described = context.described
        utility = described.utility
        loss = utility.loss / max(len(described.players) - 1, 1)
        info = pyspiel.GameInfo(
            num_distinct_actions=context.codec.num_distinct_actions,
            max_chance_outcomes=context.codec.max_chance_outcomes,
            num_players=len(context.seats),
            min_utility=min(loss, utility.draw),
            max_utility=utility.win,
            utility_sum=0.0,
            max_game_length=context.length,
        )
        super().__init__(game_type(game_id), info, full)
        self.context = context

    @property
    def seats(self) -> tuple[Player, ...]:
        """The seat of each OpenSpiel player, player 0 first."""
        return self.context.seats

    def new_initial_state(self, *args: Any) -> WargamesState:
        """The scenario's initial state (``args``: OpenSpiel's forms from a string or JSON,
        not supported)."""
        if args:
            raise CapabilityError("a wargames state starts only from its scenario")
        return WargamesState(self, _Play(self.context, self.context.initial))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> WargamesObserver:
        """An observer of the observation tensor and string (the default), or with
        ``perfect_recall`` of the information-state string."""
        if isinstance(iig_obs_type, Mapping):  # called as make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        return WargamesObserver(self.context, iig_obs_type, params)


def register(game_id: str) -> str:
    """Register the game ``game_id`` with OpenSpiel (once) and return its name."""
    name = short_name(game_id)
    if name not in pyspiel.registered_names():
        game(game_id)  # an unknown game: UnknownNameError listing the games
        # a class per game, as OpenSpiel's own Python games register (a class outlives the
        # interpreter's shutdown, where OpenSpiel's registry lets go of what it holds)
        _CLASSES[game_id] = kind = type(
            f"WargamesGame_{game_id}", (WargamesGame,), {"game_id": game_id}
        )
        pyspiel.register_game(game_type(game_id), kind)
    return name


_CLASSES: dict[str, type[WargamesGame]] = {}


def register_all() -> list[str]:
    """Register every installed game; their names."""
    return [register(game_id) for game_id in games()]


def load_game(game_id: str, scenario: str | None = None, **options: Any) -> Any:
    """The ``pyspiel.Game`` of ``game_id`` on ``scenario`` (``None``: the default) with
    ``options`` (checked as :func:`wargames.load` checks them; bot options fill in the
    rest, see :func:`parameter_specification`)."""
    name = register(game_id)
    return pyspiel.load_game(name, _parameters(game(game_id), scenario, options))
