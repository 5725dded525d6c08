"""A state of one of our games as a ``pyspiel.State``: the game in progress, numbered as the
game's codec numbers it, with OpenSpiel's history, strings, returns and resampling."""

from __future__ import annotations

import base64
import copy
import operator
import pickle
from typing import TYPE_CHECKING, Any

import attrs
import pyspiel

from wargames.adapters.openspiel.context import _CHANCE, _TERMINAL
from wargames.adapters.openspiel.play import _Play, rng_from
from wargames.core.actionspace import ActionIdError
from wargames.core.engine import GameState, Player
from wargames.core.errors import ArgumentError
from wargames.core.observation import observation_string
from wargames.core.registry import determinize

if TYPE_CHECKING:
    from wargames.adapters.openspiel.registration import WargamesGame


@attrs.frozen
class PlayerAction:
    """One entry of :meth:`WargamesState.full_history`: who took the action (an OpenSpiel
    player id, ``PlayerId.CHANCE`` for a chance outcome) and its id, as OpenSpiel's own
    ``PlayerAction`` reads (``.player``, ``.action``)."""

    player: int
    action: int


class WargamesState(pyspiel.State):  # type: ignore[misc]
    """A state of a :class:`WargamesGame`: our state (:attr:`wargames_state`) and how the
    game got there."""

    def __init__(self, game: WargamesGame, play: _Play) -> None:
        super().__init__(game)
        self._play = play

    @property
    def wargames_state(self) -> GameState:
        """Our state (a value: never change it, apply actions to this pyspiel state)."""
        return self._play.state

    def current_player(self) -> int:
        """The seat's player id, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        return self._play.player

    def _legal_actions(self, player: int) -> list[int]:
        """The ids of the legal actions, ascending (:meth:`ActionCodec.legal_ids`)."""
        return self._play.legal_ids()

    def legal_actions(self, *player: int) -> list[int]:
        """The legal ids of the pending decision (the chance outcomes' at a chance node, none
        at the end), ascending: what OpenSpiel's ``State.legal_actions`` answers, answered
        here without the five calls from C++ back into this state that it makes. Asked for
        another player than the one to act, OpenSpiel answers."""
        play = self._play
        if player and player[0] != play.player:
            return list(super().legal_actions(*player))
        found = play._legal
        if found is not None:
            return found.copy()
        if play.player >= 0:  # sorted afresh: a new list, the play's own not kept
            ids = play._ids
            return sorted(play.ids() if ids is None else ids)
        return play.legal_ids().copy()

    def is_chance_node(self) -> bool:
        """Whether the pending decision is chance's (OpenSpiel's answer, without a call from
        C++ back into the state)."""
        return self._play.player == _CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(id, probability)`` of each chance outcome, by id."""
        return self._play.chance_ids().copy()

    def apply_action(self, action: int) -> None:
        """Apply the action (chance outcome) numbered ``action``, in Python.

        OpenSpiel's own ``apply_action`` goes through C++, which calls back into this state
        twice (its player, then :meth:`_apply_action`), some 10 µs an action: a third of what
        the adapter added to an engine action. The history is kept by the game in progress
        (:meth:`history`, :meth:`full_history`, :meth:`move_number` and :meth:`serialize`
        read it), so nothing is lost. Actions applied by OpenSpiel's C++ (its algorithms,
        ``random_sim_test``, ``child``) still go through :meth:`_apply_action`; C++'s own copy
        of the history then holds only those (see the docs page's "Limits")."""
        self._play = self._play.after(operator.index(action))

    def _apply_action(self, action: int) -> None:
        self._play = self._play.after(int(action))

    def clone(self) -> WargamesState:
        """A copy (the game in progress is a value: both share it), made in Python."""
        twin = WargamesState(self.get_game(), self._play)
        for key, value in self.__dict__.items():
            if key != "_play":
                setattr(twin, key, copy.deepcopy(value))
        return twin

    def child(self, action: int) -> WargamesState:
        """A copy with ``action`` applied."""
        twin = self.clone()
        twin.apply_action(action)
        return twin

    def history(self) -> list[int]:
        """The id of every action so far (chance outcomes included), first first."""
        return [step.action_id for step in self._play.steps()]

    def full_history(self) -> list[PlayerAction]:
        """Every action so far with the OpenSpiel player who took it (``PlayerId.CHANCE``
        for a chance outcome): :class:`PlayerAction` s, ``.player`` and ``.action``."""
        return [PlayerAction(step.actor, step.action_id) for step in self._play.steps()]

    def history_str(self) -> str:
        """The action ids so far, ``", "`` between them (OpenSpiel's form)."""
        return ", ".join(str(action) for action in self.history())

    def move_number(self) -> int:
        """The number of actions so far (chance outcomes included)."""
        return len(self._play.steps())

    def is_initial_state(self) -> bool:
        return self._play.last is None

    def is_initial_non_chance_state(self) -> bool:
        """Whether a player decides and every action so far was chance's."""
        return self._play.player != _CHANCE and all(
            step.actor == _CHANCE for step in self._play.steps()
        )

    def serialize(self) -> str:
        """OpenSpiel's form of a Python game's state (``history=``, ``move_number=`` and the
        pickled attributes), which ``game.deserialize_state`` reads back."""
        pairs = ",".join(f"{h.player}:{h.action}" for h in self.full_history())
        attributes = base64.b64encode(pickle.dumps(self.__dict__)).decode("ascii")
        return f"history={pairs}\nmove_number={self.move_number()}\n__dict__={attributes}"

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's notation (chance outcomes in the chance space)."""
        if player == self._play.player:  # an action of this state, numbered already
            found = self._play.action(int(action))
            if found is not None:
                return str(found)
        codec = self._play.context.codec
        space = codec.chance if player == pyspiel.PlayerId.CHANCE else codec.decisions
        try:
            return str(space.decode(int(action)))
        except ActionIdError:  # numbered by the state (Horde's split-off hordes)
            return str(space.decode(int(action), self._play.state))

    def is_terminal(self) -> bool:
        return self._play.player == _TERMINAL

    def returns(self) -> list[float]:
        """Each seat's return: its side's (:meth:`GameState.returns`)."""
        sides = self._play.state.returns()
        return [sides[i] for i in self._play.context.seat_sides]

    def _information_state_text(self, player: int) -> str:
        """The information-state string of ``player`` (perfect recall): every action so far as
        his seat may read it, then his observation string."""
        seat = self._seat(player)
        seen = observation_string(self._play.state, seat)
        history = self._play.history_for(seat)
        return f"{history}\n{seen}" if history else seen

    def _observation_text(self, player: int) -> str:
        return observation_string(self._play.state, self._seat(player))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WargamesState:
        """A state consistent with what ``player_id`` sees here, what his seat cannot see drawn
        again (the game's :attr:`Game.determinize <wargames.core.registry.Game.determinize>`)
        with a generator seeded by ``probability_sampler()`` (a float in [0, 1), as OpenSpiel
        passes); for search bots. Its history is not this state's: only its future is."""
        seed = int(float(probability_sampler()) * 2**53)
        resampled = determinize(self._play.state, self._seat(player_id), rng_from(seed))
        play = _Play(self._play.context, resampled, self._play.last, "here")
        return WargamesState(self.get_game(), play)

    def _seat(self, player: int) -> Player:
        seats = self._play.context.seats
        if not 0 <= int(player) < len(seats):
            raise ArgumentError("player", f"{player} is not a player (0 to {len(seats) - 1})")
        return seats[int(player)]

    def __str__(self) -> str:
        return str(self._play.state)
