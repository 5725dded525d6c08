"""The games as OpenSpiel games (extra ``[openspiel]``): search, CFR and reinforcement learning
from `OpenSpiel <https://github.com/google-deepmind/open_spiel>`_ on our rules.

Each game is registered with ``pyspiel.register_game`` as ``python_wargames_GAME`` (for
example ``python_wargames_armageddon``); :func:`load_game` registers it and loads it in one
call::

    from wargames.adapters.openspiel import load_game

    game = load_game("warmaster")               # a pyspiel.Game
    state = game.new_initial_state()            # a pyspiel.State

What OpenSpiel is told comes from the game's descriptor (:class:`~wargames.core.registry.Game`):

* ``GameType``: sequential, explicit chance (dice and draws are chance nodes with their
  probabilities), imperfect information (all four games hide something), zero-sum, terminal
  rewards; observation tensor and string, information-state string. Its parameters are
  ``scenario`` and the game's options (:func:`parameter_specification`).
* ``GameInfo``: the number of players is the number of seats of the scenario
  (:meth:`Game.seats_of <wargames.core.registry.Game.seats_of>`, in that order: player 0 is
  the first seat); the action ids and chance outcomes are the game's
  :class:`~wargames.core.actionspace.ActionCodec`; the utilities are
  :class:`~wargames.core.registry.Utility`'s; ``max_game_length`` is :func:`max_game_length`.
* A state's observation tensor and string are
  :func:`~wargames.core.observation.observation_tensor` and
  :func:`~wargames.core.observation.observation_string` of the player's seat; its
  information-state string (perfect recall) is every action so far as that seat may read it
  (:meth:`~wargames.core.engine.GameState.redact`) followed by the observation string.

A game OpenSpiel plays must end within a known number of decisions. Where the rules set no
limit on the turns (:class:`~wargames.core.registry.Length`), the game's bot options
(:attr:`Game.bot_options <wargames.core.registry.Game.bot_options>`, e.g. the turn cap) are the
parameters' defaults, as they are for every bots' game.
"""

from __future__ import annotations

import base64
import copy
import json
import operator
import pickle
from collections.abc import Mapping
from contextlib import suppress
from functools import cache, lru_cache
from typing import Any, Final, Literal

import attrs
import numpy as np
import pyspiel

from wargames.core.actionspace import ActionCodec, ActionIdError
from wargames.core.caches import PER_SCENARIO
from wargames.core.engine import CHANCE, Action, Agent, GameState, Player, pick_outcome
from wargames.core.errors import ArgumentError, CapabilityError, OptionError
from wargames.core.observation import observation_string, observation_tensor, observer_of
from wargames.core.options import Option
from wargames.core.registry import Game, action_space, determinize, game, games

__all__ = [
    "DECISIONS_PER_TURN",
    "PlayerAction",
    "WargamesGame",
    "WargamesObserver",
    "WargamesState",
    "load_game",
    "max_game_length",
    "parameter_specification",
    "play_against",
    "players",
    "register",
    "register_all",
    "short_name",
]

PREFIX: Final = "python_wargames_"
"""The registered names are ``PREFIX + game id``."""

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


# -- parameters ---------------------------------------------------------------------------------


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


# -- what OpenSpiel is told -----------------------------------------------------------------------


@cache
def game_type(game_id: str) -> Any:
    """The ``pyspiel.GameType`` of a game (see the module docstring)."""
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


# -- one game: its scenario, options, codec and seats --------------------------------------------


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


# -- the history of a game, as each seat saw it ---------------------------------------------------


class _Step:
    """One action of the history: the action, its id and who took it (an OpenSpiel player
    id). ``texts`` holds, per seat, the history up to this step as the seat may read it, once
    asked for (:meth:`history_for`).

    The state the action was taken in (what :meth:`GameState.redact` reads) is not kept: a
    game that kept every state it passed through would hold the whole game in memory, for
    the garbage collector to go through again and again, and only the information-state
    string reads them. They are found again when that string is asked for
    (:func:`_state_before`): from the state after an earlier step, kept (``after``) where the
    string was asked before, else by applying the actions again from the initial state. A step
    taken after a resampling (``before`` given) keeps its state: the history before it led to
    another state, so no replay finds it."""

    __slots__ = ("action", "action_id", "actor", "after", "before", "previous", "texts")

    def __init__(
        self,
        previous: _Step | None,
        action: Action,
        action_id: int,
        actor: int,
        before: GameState | None = None,
    ) -> None:
        self.previous = previous
        self.action = action
        self.action_id = action_id
        self.actor = actor
        self.before = before
        self.after: GameState | None = None
        """The state after this action, kept once the information-state string is asked for
        there (the next step's state, found without a replay)."""
        self.texts: dict[Player, str] | None = None

    def line(self, before: GameState, seat: Player, seats: tuple[Player, ...]) -> str:
        """``"who: notation"``, the notation as ``seat`` may read it in ``before``, the state
        the action was taken in (:meth:`GameState.redact`)."""
        who = CHANCE if self.actor < 0 else seats[self.actor]
        return f"{who}: {before.redact(self.action, seat)}"

    def history_for(self, seat: Player, seats: tuple[Player, ...], initial: GameState) -> str:
        """Every action up to this one, a line each, as ``seat`` may read them (``initial``:
        the state the game started from). Built on the nearest earlier step that holds its
        text, which hands it on: asked at every step of a game, the history is written once,
        not once per step."""
        texts = self.texts
        if texts is not None and seat in texts:
            return texts[seat]
        missing: list[_Step] = []
        step: _Step | None = self
        while step is not None and (step.texts is None or seat not in step.texts):
            missing.append(step)
            step = step.previous
        lines = [step.texts.pop(seat)] if step is not None and step.texts is not None else []
        missing.reverse()
        before = _state_before(missing[0], initial)
        for i, each in enumerate(missing):
            if i:
                previous = missing[i - 1]
                before = (
                    each.before
                    if each.before is not None
                    else previous.after
                    if previous.after is not None
                    else before.apply(previous.action)
                )
            lines.append(each.line(before, seat, seats))
        text = "\n".join(lines)
        if self.texts is None:
            self.texts = {}
        self.texts[seat] = text
        return text


def _state_before(step: _Step, initial: GameState) -> GameState:
    """The state ``step``'s action was taken in: kept on it (after a resampling), kept as the
    state after the step before it, or found by applying the actions again from the nearest
    earlier state kept (``initial`` at the start)."""
    pending: list[_Step] = []
    found = step.before
    while found is None:
        previous = step.previous
        if previous is None:
            found = initial
        elif previous.after is not None:
            found = previous.after
        else:
            pending.append(previous)
            step = previous
            found = step.before
    for each in reversed(pending):
        found = found.apply(each.action)
    return found


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
            found = self._ids = self.context.number(self.state, self.player == _CHANCE)
        return found

    def legal_ids(self) -> list[int]:
        """The legal ids, ascending (:meth:`ActionCodec.legal_ids`); empty at the end."""
        found = self._legal
        if found is None:
            ids = self._ids
            if ids is None and self.player != _TERMINAL:  # ids(), without two calls
                codec, state = self.context.codec, self.state
                space = codec.chance if self.player == _CHANCE else codec.decisions
                ids = self._ids = space.legal_ids(state)
            found = self._legal = [] if ids is None else sorted(ids)
        return found

    def chance_ids(self) -> list[tuple[int, float]]:
        """``(id, probability)`` of each chance outcome, by id
        (:meth:`ActionCodec.chance_ids`); empty at a player's decision."""
        found = self._chance
        if found is None:
            if self.player == _CHANCE:
                outcomes = self.state._chance_tuple()
                found = sorted(zip(self.ids(), [p for _, p in outcomes], strict=True))
            else:
                found = []
            self._chance = found
        return found

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


# -- pyspiel classes -----------------------------------------------------------------------------


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
        return (play.legal_ids() if found is None else found).copy()

    def is_chance_node(self) -> bool:
        """Whether the pending decision is chance's (OpenSpiel's answer, without a call from
        C++ back into the state)."""
        return self._play.player == _CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(id, probability)`` of each chance outcome, by id."""
        return self._play.chance_ids()

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


class WargamesObserver:
    """OpenSpiel's observer (``make_py_observer``): ``tensor`` and its named ``dict`` of views
    hold the observation tensor (:func:`~wargames.core.observation.observation_tensor`, its
    blocks named as in the game's layout); ``string_from`` gives the observation string, or
    with ``perfect_recall`` the information-state string (then there is no tensor)."""

    def __init__(
        self, context: _Context, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> None:
        if params:
            raise ArgumentError("params", f"the observer takes no parameters, got {dict(params)}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise CapabilityError(
                "observations are what one player sees (public_info=True, "
                "private_info=SINGLE_PLAYER)"
            )
        self.perfect_recall = recall
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        if not recall:
            layout = observer_of(context.initial).layout
            self.tensor = np.zeros(layout.size, dtype=np.float32)
            self.dict = layout.split(self.tensor)

    def set_from(self, state: WargamesState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` sees of ``state``."""
        if self.tensor is not None:
            self.tensor[:] = observation_tensor(state.wargames_state, state._seat(player))

    def string_from(self, state: WargamesState, player: int) -> str:
        if self.perfect_recall:
            return state._information_state_text(player)
        return state._observation_text(player)


# -- registering and loading ---------------------------------------------------------------------


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


def play_against(
    loaded: Any,
    bot: Any,
    bot_player: int,
    agent: str | Agent = "random",
    seed: int = 0,
    start: WargamesState | None = None,
) -> WargamesState:
    """A whole game of ``loaded`` (a :class:`WargamesGame`): the OpenSpiel ``bot`` (anything
    with ``step(state) -> action id``, e.g. ``MCTSBot``) plays OpenSpiel player
    ``bot_player``, searching a state resampled from what its seat sees
    (:meth:`WargamesState.resample_from_infostate`); ``agent`` (one of our agents, or its
    name) plays every other seat by its view; chance outcomes are drawn with their
    probabilities by a generator seeded with ``seed``. The game starts from ``start`` (a
    copy), else from the beginning. Returns the terminal state."""
    seats = players(loaded)
    if not 0 <= bot_player < len(seats):
        raise ArgumentError("bot_player", f"expected 0 to {len(seats) - 1}, got {bot_player}")
    rng = np.random.default_rng(seed)
    agents = {
        seat: game(loaded.game_id).agent(agent, seed, seat) if isinstance(agent, str) else agent
        for seat in seats
    }
    state: WargamesState = loaded.new_initial_state() if start is None else start.clone()
    while not state.is_terminal():
        player = state.current_player()
        if player == pyspiel.PlayerId.CHANCE:
            outcome: int = pick_outcome(state.chance_outcomes(), float(rng.random()))  # type: ignore[assignment]
            state.apply_action(outcome)
        elif player == bot_player:
            state.apply_action(bot.step(state.resample_from_infostate(player, rng.random)))
        else:
            ours = state.wargames_state
            chosen = agents[seats[player]].act(ours.view(seats[player]))
            state.apply_action(state._play.context.codec.action_id(ours, chosen))
    return state


def players(game_or_state: Any) -> tuple[Player, ...]:
    """The seat of each OpenSpiel player of a game (or a state's game), player 0 first."""
    found = game_or_state.get_game() if hasattr(game_or_state, "get_game") else game_or_state
    seats: tuple[Player, ...] = found.seats
    return seats
