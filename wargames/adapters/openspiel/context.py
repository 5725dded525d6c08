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
from wargames.core.actionspace import ActionCodec, ActionIdError
from wargames.core.caches import PER_SCENARIO
from wargames.core.engine import CHANCE, Action, GameState, Player
from wargames.core.errors import CapabilityError
from wargames.core.registry import Game, action_space, game

Chance = tuple[tuple[tuple[Action, float], ...], list[int], list[tuple[int, float]], list[int]]
"""A chance node's numbered outcomes (:meth:`_Context.chance`)."""

_CHANCES_KEPT: Final = 256
"""The most chance tuples a game's :meth:`_Context.chance` keeps (then it starts again)."""


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
    chances: dict[int, Chance] = attrs.field(factory=dict, eq=False, repr=False)
    """The numbered outcomes of each chance node's ``(outcome, probability)`` tuple met, by
    the tuple's identity (:meth:`chance`)."""

    def chance(self, state: GameState) -> Chance:
        """The numbered outcomes of ``state``'s chance node: ``(outcomes, ids, by_id,
        ascending)``, the state's ``(outcome, probability)`` tuple, the id of each outcome in
        its order, ``(id, probability)`` by id, and the ids ascending.

        The engines hand the same tuple to every chance node with the same outcomes (the d100
        of a morale test, the die of a combat), so what is worked out for a tuple is kept by
        its identity (the tuple held, so that its identity is not reused) when every outcome
        is numbered without the state; otherwise it is numbered in each state. Never change
        the lists: the states share them."""
        outcomes = state._chance_tuple()
        found = self.chances.get(id(outcomes))
        if found is not None and found[0] is outcomes:
            return found
        space = self.codec.chance
        actions = [outcome for outcome, _ in outcomes]
        try:  # the same ids in every state (ActionIdError: the state numbers some)
            ids, kept = space.ids(actions), True
        except ActionIdError:
            ids, kept = space.legal_ids(state), False
        pairs = sorted(zip(ids, [p for _, p in outcomes], strict=True))
        found = (outcomes, ids, pairs, [n for n, _ in pairs])
        if kept:
            if len(self.chances) >= _CHANCES_KEPT:
                self.chances.clear()
            self.chances[id(outcomes)] = found
        return found

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
