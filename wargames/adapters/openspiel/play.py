"""A game in progress: the current state, its OpenSpiel player and the last step of its history,
a value that every clone of a pyspiel state shares; the legal ids and chance outcomes are
worked out once per state."""

from __future__ import annotations

from typing import Any, Literal

import numpy as np

from wargames.adapters.openspiel.context import _CHANCE, _TERMINAL, _Context
from wargames.adapters.openspiel.history import _Step
from wargames.core.engine import CHANCE, Action, GameState, Player


class _Play:
    """A game in progress: its shared :class:`_Context`, the current state and the last step
    of its history. A value (never changed once made: applying an action makes a new one, and
    what it works out is kept on it), so cloning a pyspiel state shares it (``__deepcopy__``)
    and pickling it writes only the action ids (``__reduce__``).

    OpenSpiel asks a state for its player many times per action (a ``legal_actions()`` from
    C++ asks three times, ``apply_action`` once), so :attr:`player` is worked out once, when
    the play is made; the legal ids and the chance outcomes are worked out when first asked."""

    __slots__ = (
        "_chance",
        "_ids",
        "_legal",
        "context",
        "last",
        "player",
        "resampled",
        "state",
    )

    def __init__(
        self,
        context: _Context,
        state: GameState,
        last: _Step | None = None,
        resampled: _Resampled = None,
    ) -> None:
        self.context = context
        self.state = state
        self.last = last
        self.resampled = resampled
        """Not ``None`` when :attr:`state` is not what the history led to (a resampling, or
        a game after one): ``"here"`` for the resampled state itself, ``"before"`` after it.
        Its steps then keep their states (:class:`_Step`)."""
        who = state.current_player
        if who is None:
            self.player: int = _TERMINAL
            """The OpenSpiel player id of the pending decision."""
        elif who == CHANCE:
            self.player = _CHANCE
        else:
            found = context.seat_index.get(who)
            self.player = context.player(who) if found is None else found
        self._ids: list[int] | None = None
        self._legal: list[int] | None = None
        self._chance: list[tuple[int, float]] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_replay, (self.context, tuple(step.action_id for step in self.steps())))

    def steps(self) -> list[_Step]:
        """The history, first action first."""
        found = []
        step = self.last
        while step is not None:
            found.append(step)
            step = step.previous
        found.reverse()
        return found

    def ids(self) -> list[int]:
        """The ids of the legal actions (chance outcomes at a chance node), in the order of
        the state's ``legal_actions()``; numbered once per state."""
        found = self._ids
        if found is None:
            if self.player == _CHANCE:
                self._numbered_chance()
                return self._ids  # type: ignore[return-value]
            found = self._ids = self.context.number(self.state, False)
        return found

    def legal_ids(self) -> list[int]:
        """The legal ids, ascending (:meth:`ActionCodec.legal_ids`); empty at the end."""
        found = self._legal
        if found is None:
            player = self.player
            if player == _CHANCE:
                self._numbered_chance()
                return self._legal  # type: ignore[return-value]
            ids = self._ids
            if ids is None and player != _TERMINAL:  # ids(), without two calls
                ids = self._ids = self.context.codec.decisions.legal_ids(self.state)
            found = self._legal = [] if ids is None else sorted(ids)
        return found

    def chance_ids(self) -> list[tuple[int, float]]:
        """``(id, probability)`` of each chance outcome, by id
        (:meth:`ActionCodec.chance_ids`); empty at a player's decision. Shared: never change
        it."""
        found = self._chance
        if found is None:
            if self.player == _CHANCE:
                self._numbered_chance()
                return self._chance  # type: ignore[return-value]
            found = self._chance = []
        return found

    def _numbered_chance(self) -> None:
        """The ids of the chance node's outcomes, in their order, by id and ascending
        (:meth:`_Context.chance`: worked out once per tuple of outcomes)."""
        _, self._ids, self._chance, self._legal = self.context.chance(self.state)

    def action(self, action_id: int) -> Action | None:
        """The legal action (chance outcome) numbered ``action_id``, ``None`` if none is."""
        ids = self._ids
        try:
            return self.state._legal_tuple()[(self.ids() if ids is None else ids).index(action_id)]
        except ValueError:
            return None

    def after(self, action_id: int) -> _Play:
        """The game after the action numbered ``action_id``; an id not legal now is refused
        by :meth:`ActionCodec.action_from_id` (an :class:`ActionIdError` or the game's
        :class:`RuleViolation`)."""
        state = self.state
        ids = self._ids
        try:  # action(), without a call
            if self.player == _CHANCE:  # the outcome, without listing them as actions
                action = state._chance_tuple()[self.ids().index(action_id)][0]
            else:
                action = state._legal_tuple()[(self.ids() if ids is None else ids).index(action_id)]
        except ValueError:
            action = self.context.codec.action_from_id(state, action_id)
        if self.resampled is None:
            step = _Step(self.last, action, action_id, self.player)
            return _Play(self.context, state.apply(action), step)
        step = _Step(self.last, action, action_id, self.player, state)
        return _Play(self.context, state.apply(action), step, "before")

    def history_for(self, seat: Player) -> str:
        """Each action so far, ``"who: notation"`` a line, as ``seat`` may read it. The state
        is kept on the last step (unless it is a resampled one, which the history did not
        lead to), so that the next step finds the state it was taken in."""
        last = self.last
        if last is None:
            return ""
        text = last.history_for(seat, self.context.seats, self.context.initial)
        if self.resampled != "here":
            last.after = self.state
        return text


_Resampled = Literal["here", "before"] | None


def rng_from(seed: int) -> np.random.Generator:
    """The generator a resampling draws with."""
    return np.random.default_rng(seed)


def _replay(context: _Context, action_ids: tuple[int, ...]) -> _Play:
    play = _Play(context, context.initial)
    for action_id in action_ids:
        play = play.after(action_id)
    return play
