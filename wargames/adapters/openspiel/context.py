"""What every state of one OpenSpiel game shares: the descriptor, the initial state, the action
codec and the seats, one per game and parameters."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Final

import attrs
import pyspiel

from wargames.adapters.openspiel.gametype import max_game_length
from wargames.adapters.openspiel.parameters import _read
from wargames.core.actionspace import ActionCodec
from wargames.core.caches import PER_SCENARIO
from wargames.core.engine import CHANCE, GameState, Player
from wargames.core.errors import CapabilityError
from wargames.core.registry import Game, action_space, game


@attrs.frozen
class _Context:
    """What every state of one OpenSpiel game shares: the descriptor, the initial state, the
    action codec and the seats. One per game and parameters (:func:`_context`); copying or
    pickling a state keeps it shared."""

    game_id: str
    key: tuple[tuple[str, Any], ...]
    described: Game
    initial: GameState
    codec: ActionCodec
    seats: tuple[Player, ...]
    seat_index: Mapping[Player, int]
    seat_sides: tuple[int, ...]
    """For each seat, the index of its side in the state's :attr:`GameState.players`."""
    length: int

    def number(self, state: GameState, chance: bool) -> list[int]:
        """The id of each legal action (chance outcome) of ``state``, in the order of its
        ``legal_actions()`` (:meth:`ActionSpace.legal_ids
        <wargames.core.actionspace.ActionSpace.legal_ids>`: each numbered once, unless the
        codec numbers it by the state)."""
        space = self.codec.chance if chance else self.codec.decisions
        return space.legal_ids(state)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_context, (self.game_id, self.key))

    def player(self, who: Player | None) -> int:
        """The OpenSpiel player id of a seat, :data:`CHANCE` or ``None`` (the end)."""
        if who is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if who == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        found = self.seat_index.get(who)
        if found is None:
            raise CapabilityError(f"{who!r} decides but is not a seat of {self.seats}")
        return found


_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)


@lru_cache(maxsize=PER_SCENARIO)
def _context(game_id: str, key: tuple[tuple[str, Any], ...]) -> _Context:
    described = game(game_id)
    scenario, options = _read(described, dict(key))
    initial = described.start(scenario, options)
    seats = described.seats_of(scenario, options)
    sides = type(initial).players or described.players
    return _Context(
        game_id=game_id,
        key=key,
        described=described,
        initial=initial,
        codec=action_space(initial),
        seats=seats,
        seat_index={seat: i for i, seat in enumerate(seats)},
        seat_sides=tuple(sides.index(seat.partition("/")[0]) for seat in seats),
        length=max_game_length(described, initial),
    )
