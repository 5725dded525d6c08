"""What the PettingZoo and Gymnasium environments share (extra ``[rl]``): a scenario as a
:class:`Table` (its numbered actions, its observer, its seats and their spaces), seeded
episodes (:class:`Episode`), a seat's reward, and the two render modes.

An episode's dice are rolled with a generator seeded with the *episode seed*: the seed given
to ``reset(seed=...)``, or a number drawn from the environment's own generator when
``reset()`` is called without one (seeded by the last seeded reset, so a seeded environment
stays reproducible episode after episode). They are rolled as a
:class:`~wargames.core.engine.Match` rolls them, so an episode is the game
``wargames.replay(env.record())`` plays again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal, get_args

import attrs
import numpy as np
from gymnasium import spaces

from wargames.core import bounds
from wargames.core.actionspace import ActionCodec, ActionIdError
from wargames.core.engine import CHANCE, Action, Agent, GameState, Player, Record, pick_outcome
from wargames.core.errors import CapabilityError, UnknownNameError
from wargames.core.observation import Observer, observer_of
from wargames.core.registry import Game, action_space, game
from wargames.core.sources import recorded_scenario

__all__ = [
    "EPISODE_SEEDS",
    "RENDER_MODES",
    "Episode",
    "RenderMode",
    "Table",
    "as_id",
    "check_render_mode",
    "draw",
    "episode_seed",
    "render_modes",
    "seat_reward",
]

RenderMode = Literal["svg", "ansi"]
"""``"svg"``: the SVG drawing of the public view (:func:`wargames.render`); ``"ansi"``: the
game's board as text, public view (``wargames.render(state, format="text")``)."""
RENDER_MODES: Final[tuple[str, ...]] = get_args(RenderMode)

_UNNUMBERED: Final = -1
"""The id of a legal action that the codec cannot number (see :meth:`Table.legal`)."""

EPISODE_SEEDS: Final = 2**63
"""Episode seeds drawn by an environment are below this."""


@attrs.frozen
class Table:
    """A game's scenario with its options, as the environments see it: the initial state,
    the game's :class:`~wargames.core.actionspace.ActionCodec` and
    :class:`~wargames.core.observation.Observer` (the same for every state of the scenario),
    and the seats that decide (:meth:`~wargames.core.registry.Game.seats_of`)."""

    game: Game
    scenario: str | None
    options: Mapping[str, Any]
    initial: GameState
    codec: ActionCodec
    observer: Observer
    seats: tuple[Player, ...]
    _last: list[Any] = attrs.field(init=False, factory=list, eq=False, repr=False)
    """``[state, ids, actions]``: :meth:`legal` of the last state asked about."""

    @classmethod
    def open(cls, game_id: str, scenario: str | None, options: Mapping[str, Any]) -> Table:
        """The table of ``game_id``'s ``scenario`` with ``options`` on top of the game's
        options for bots (:attr:`~wargames.core.registry.Game.bot_options`: a turn cap where
        the rules set none, so that every episode ends). Unknown names raise the library's
        errors (:class:`~wargames.core.errors.UnknownNameError`,
        :class:`~wargames.core.errors.OptionError`)."""
        g = game(game_id)
        merged = {**g.bot_options, **options}
        initial = g.start(scenario, merged)
        return cls(
            game=g,
            scenario=scenario,
            options=merged,
            initial=initial,
            codec=action_space(initial),
            observer=observer_of(initial),
            seats=g.seats_of(scenario, merged),
        )

    @property
    def num_actions(self) -> int:
        return self.codec.num_distinct_actions

    def action_space(self) -> spaces.Discrete:
        """``Discrete(num_distinct_actions)``: an action is an id of the game's codec."""
        return spaces.Discrete(self.num_actions)

    def observation_space(self) -> spaces.Dict:
        """``{"observation": Box(layout.size,) float32, "action_mask": Box(0, 1) int8}``.

        The tensor's entries are unbounded in the space (``-inf`` to ``inf``): a layout
        documents what each entry holds (counts, strengths, one-hot flags), not a range."""
        size = self.observer.layout.size
        return spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )

    def legal(self, state: GameState) -> list[int]:
        """The ids of ``state``'s legal decisions, in the order of its ``legal_actions()``
        (the codec's ``legal_ids``, unsorted; empty at a chance node and at the end).

        A legal action that the game's codec cannot number (a space bounded below what the
        rules allow) has no id, so it is left out: an agent cannot play it through the
        environments, which end an episode as truncated when no legal action is left
        (:meth:`numbers_none`).

        An id means the same move in every state; where the codec numbers an action without
        the state, its id is computed once and looked up after (:meth:`ActionSpace.ids
        <wargames.core.actionspace.ActionSpace.ids>`; the others are numbered in each
        state). The last state's answer is kept for the step that follows its
        observation."""
        last = self._last
        if last and last[0] is state:  # the common case, without a call
            ids: list[int] = last[1]
            return ids
        return self._numbered(state)[0]

    def numbered(self, state: GameState) -> list[int]:
        """:meth:`legal` of a state met for the first time (a new one, just played to)."""
        return self._numbered(state)[0]

    def numbers_none(self, state: GameState) -> bool:
        """Whether a player must decide in ``state`` but the codec numbers none of the legal
        actions (the episode cannot go on through an environment)."""
        return state.current_player is not None and not state.is_chance and not self.legal(state)

    def _numbered(self, state: GameState) -> tuple[list[int], Sequence[Action]]:
        """The ids of ``state``'s numbered legal decisions and those actions, in order."""
        last = self._last
        if last and last[0] is state:
            return last[1], last[2]
        ids: list[int] = []
        actions: Sequence[Action] = ()
        player = state.current_player
        if player is not None and player != CHANCE:
            actions = state._legal_tuple()
            try:  # the common case: the codec numbers every one (no look for the unnumbered)
                ids = self.codec.decisions.legal_ids(state)
            except ActionIdError:
                ids, actions = self._bounded(state, actions)
        last[:] = [state, ids, actions]
        return ids, actions

    def _bounded(self, state: GameState, legal: Sequence[Action]) -> tuple[list[int], list[Action]]:
        """The ids and actions of ``state``'s legal decisions that the codec numbers, leaving
        out those it cannot (a space bounded below what the rules allow)."""
        ids = self.codec.decisions.legal_ids(state, missing=_UNNUMBERED)
        kept = [(n, a) for n, a in zip(ids, legal, strict=True) if n != _UNNUMBERED]
        return [n for n, _ in kept], [a for _, a in kept]

    def action(self, state: GameState, action_id: object) -> Action:
        """The legal action of ``state`` numbered ``action_id`` (an ``int``, a numpy integer
        or 0-d array: :func:`as_id`), or the codec's error:
        :class:`~wargames.core.actionspace.ActionIdError` for an id no state uses (or not a
        whole number), the game's :class:`~wargames.core.errors.RuleViolation` for one
        illegal now."""
        if type(action_id) is not int:  # the common case (a bool is not an id) first
            action_id = as_id(action_id)
        if type(action_id) is int:
            last = self._last
            known = last and last[0] is state
            ids, actions = (last[1], last[2]) if known else self._numbered(state)
            try:
                return actions[ids.index(action_id)]
            except ValueError:
                pass  # not legal now: the codec says why
        return self.codec.action_from_id(state, action_id)

    def mask(self, state: GameState) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal ids of ``state``'s pending decision as an int8 0/1 array (all zeros at
        the end of the game): a new writable array each time.

        Made as a zeroed ``bytearray`` of the whole space (22,085 bytes for Armageddon) with
        its ids set item by item, which numpy then reads in place (``np.frombuffer``): one
        call into numpy. Timed in play, where the engine's action between two masks has
        pushed numpy's code and data out of the caches, that is 5.6 to 6.7 us a mask against
        7.9 to 10.2 us for ``np.zeros`` with the ids set through an index array (three calls
        into numpy, each slow when cold), though the latter is the faster when warm."""
        out = bytearray(self.codec.decisions.size)  # num_actions, without calls
        for i in self.legal(state):
            out[i] = 1
        return np.frombuffer(out, np.int8)

    def episode(self, seed: int, agents: Mapping[Player, Agent] | None = None) -> Episode:
        """A new :class:`Episode` from the initial state, seeded with ``seed``, its dice (and
        the turns of ``agents``) played up to the first decision of a player without one."""
        return Episode(self, seed, agents)


class Episode:
    """One game played by an environment: the current state, every action taken (dice and
    agents' choices included), and the generator that rolls the dice as a
    :class:`~wargames.core.engine.Match` rolls them (:func:`pick_outcome` of a uniform
    draw), so :meth:`record` replays as the same game. Unlike a ``Match`` it keeps no past
    states: an environment only moves forward."""

    def __init__(
        self, table: Table, seed: int, agents: Mapping[Player, Agent] | None = None
    ) -> None:
        self.table = table
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.agents = dict(agents or {})
        self.state = table.initial
        self.actions: list[Action] = []
        self.decisions = 0
        """Players' decisions so far (the agents' too; not the dice)."""
        self.advance()

    def apply(self, action: Action) -> None:
        """Take ``action``, a legal decision of the current state (:meth:`Table.action`)."""
        self.state = self.state.apply(action)
        self.actions.append(action)
        self.decisions += 1

    def play(self, action: Action) -> None:
        """:meth:`apply`, then :meth:`advance` (an environment's step)."""
        self.state = self.state.apply(action)
        self.actions.append(action)
        self.decisions += 1
        self.advance()

    def advance(self) -> None:
        """Roll the dice and play the agents' turns until a player without an agent must
        decide, or the game is over."""
        state = self.state
        while (player := state.current_player) is not None:
            if player == CHANCE:
                action = pick_outcome(state.chance_outcomes(), float(self.rng.random()))
            else:
                agent = self.agents.get(player)
                if agent is None:
                    break
                action = agent.act(state.view(player))
                self.decisions += 1
            state = state.apply(action)
            self.actions.append(action)
        self.state = state

    def record(self) -> Record:
        """The episode so far as a :class:`~wargames.core.engine.Record`: the scenario, the
        options, the seed and every action, so ``wargames.replay(record)`` plays it again."""
        initial = self.table.initial
        return Record(
            game=type(initial).game,
            scenario=recorded_scenario(initial, self.table.scenario),
            seed=self.seed,
            actions=tuple(str(action) for action in self.actions),
            outcome=self.state.outcome,
            options=dict(self.table.options),
        )


def episode_seed(seed: object, rng: np.random.Generator) -> int:
    """The seed of the next episode: ``seed`` if given (a whole number from 0 to
    ``2**128 - 1``, else :class:`~wargames.core.errors.ArgumentError`), or one drawn from
    ``rng``."""
    chosen = bounds.seed(seed)
    return int(rng.integers(EPISODE_SEEDS)) if chosen is None else chosen


def as_id(action: object) -> int:
    """An action id as an ``int`` (numpy integers and 0-d arrays included); anything else is
    passed on as it is, for the codec to refuse with an
    :class:`~wargames.core.actionspace.ActionIdError` naming it."""
    if type(action) is int:  # the common case first
        return action
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    if isinstance(action, np.integer):
        return int(action)
    return action  # type: ignore[return-value]


def seat_reward(state: GameState, seat: Player) -> float:
    """What the game is worth to ``seat`` (:meth:`GameState.returns`: its side's entry, a
    team winning or losing together); 0 while the game goes on."""
    side = seat.split("/", 1)[0]
    return float(state.returns()[type(state).players.index(side)])


def check_render_mode(render_mode: object, g: Game) -> RenderMode | None:
    """``render_mode`` if it is ``None`` or one of ``g``'s :func:`render_modes`, else
    :class:`~wargames.core.errors.UnknownNameError` listing them
    (:class:`~wargames.core.errors.CapabilityError` for ``"svg"`` of a game that does not
    draw)."""
    if render_mode is None:
        return None
    if render_mode not in RENDER_MODES:
        raise UnknownNameError("render_mode", render_mode, RENDER_MODES, listed="render modes")
    if render_mode not in render_modes(g):
        raise CapabilityError(f"{g.id} has no drawing; render_mode='ansi' writes its board")
    return render_mode  # type: ignore[return-value]


def render_modes(g: Game) -> list[str]:
    """The render modes of ``g``'s environments: ``"svg"`` if the game draws, and ``"ansi"``."""
    return [mode for mode in RENDER_MODES if mode != "svg" or g.render is not None]


def draw(state: GameState, render_mode: str | None) -> str | None:
    """``state`` drawn in ``render_mode``: the public view as an SVG document (``"svg"``) or
    as the game's board text (``"ansi"``); ``None`` without a render mode."""
    from wargames.drawing.notebook import render

    if render_mode is None:
        return None
    return render(state, None, "svg" if render_mode == "svg" else "text")
