"""What OpenSpiel is told of a game: its ``GameType`` from the descriptor, the number of seats
it is played with and the bound on a game's length (``GameInfo.max_game_length``)."""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from functools import cache
from typing import Any, Final

import pyspiel

from wargames.adapters.openspiel.parameters import parameter_specification, short_name
from wargames.core.engine import GameState
from wargames.core.errors import CapabilityError, OptionError
from wargames.core.registry import Game, game

DECISIONS_PER_TURN: Mapping[str, int] = {
    "ancients": 250,
    "armageddon": 1000,
    "horde": 500,
    "warmaster": 500,
}
"""The most decisions (chance outcomes not counted) one turn of a game may take, as
:func:`max_game_length` bounds a game. The rules bound them only loosely (every unit may
act, some steps repeat while the dice allow), so each bound is at least four times the most
decisions any turn took in measured games: random and greedy bots, eight games of each
shipped scenario (the most seen in one turn: ancients 56, armageddon 162, horde 63,
warmaster 48). A game not listed gets :data:`DEFAULT_DECISIONS_PER_TURN`."""

DEFAULT_DECISIONS_PER_TURN: Final = 1000


@cache
def game_type(game_id: str) -> Any:
    """The ``pyspiel.GameType`` of a game (see :mod:`wargames.adapters.openspiel`)."""
    described = game(game_id)
    fewest, most = _seat_counts(described)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"wargames: {described.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if described.chance == "explicit"
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if described.information == "imperfect"
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(described),
    )


_PLAYER_COUNTS: Final = range(1, 9)
"""The values of a game's ``players`` option tried when counting its seats."""


def _seat_counts(described: Game) -> tuple[int, int]:
    """The fewest and the most seats a game is played with: its sides, and for a team game
    the seats of every shipped scenario with each number of players it takes."""
    counts = {len(described.players)}
    if described.seats is not None:
        for scenario in described.scenario_ids():
            counts.add(len(described.seats_of(scenario)))
            if "players" in described.options:
                for n in _PLAYER_COUNTS:
                    with suppress(OptionError):  # not a number of players it takes
                        counts.add(len(described.seats_of(scenario, {"players": n})))
    return min(counts), max(counts)


def max_game_length(described: Game, initial: GameState) -> int:
    """The most decisions (chance outcomes not counted) a game started as ``initial`` can
    take: its turns (:attr:`Length.turns <wargames.core.registry.Length.turns>`, turn caps
    included) times :data:`DECISIONS_PER_TURN`. A game the rules leave unbounded must be
    capped (:class:`~wargames.core.errors.CapabilityError` naming the option)."""
    turns = described.length.turns(initial) if described.length.turns is not None else None
    if turns is None:
        cap = described.length.cap_option
        hint = f"; give the option {cap}" if cap else ""
        raise CapabilityError(
            f"OpenSpiel needs a bound on the length of a {described.id} game, and this one "
            f"has none{hint}"
        )
    return max(turns, 1) * DECISIONS_PER_TURN.get(described.id, DEFAULT_DECISIONS_PER_TURN)
