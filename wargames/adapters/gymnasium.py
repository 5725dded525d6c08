"""Gymnasium: one side of a game against any of our agents, as a single-agent environment
(extra ``[rl]``).

``WargamesEnv(game_id, side, opponent="random", scenario=None, render_mode=None,
**options)``; importing this module registers every installed game as ``wargames/GAME-v0``
(:func:`register_envs`), so ``gymnasium.make("wargames/armageddon-v0", side="orks")`` works.

* **The learner** plays ``side``: a seat of the scenario, or a side (every seat of that side
  in a team game). Every other seat is played by ``opponent``: an agent's name
  (``"random"``, ``"greedy"``...: :attr:`~wargames.core.registry.Game.agents`, seeded from the
  episode seed) or an :class:`~wargames.core.engine.Agent` object (used as it is: a
  reproducible episode needs a reproducible agent).
* **Actions** are the ids of the game's codec: ``Discrete(num_distinct_actions)``.
* **Observations** are a ``Dict``: ``"observation"`` (the float32 tensor of the learner's
  seat to act, from its view only) and ``"action_mask"`` (int8, 1 at the legal ids), the
  layout PettingZoo's environments use; the same array is in ``info["action_mask"]``, and
  the mask as a bool array comes from :meth:`WargamesEnv.action_masks` (what
  ``sb3_contrib``'s ``MaskablePPO`` calls).
* **One step** is one decision of the learner; the opponent's decisions and every chance
  node up to the learner's next decision are played inside it, chance with the episode's
  generator (:mod:`wargames.adapters.episodes`).
* **Rewards** come at the end: the side's entry of
  :meth:`~wargames.core.engine.GameState.returns` (+1, -1, 0 for a draw). The game's options
  for bots apply (a turn cap where the rules set none), so every episode terminates.
* **A bounded space**: a legal action the game's codec cannot number (a space bounded
  below what the rules allow) is not in the mask; if none of the learner's legal actions has
  an id, the episode is truncated (``truncated=True``, ``info["truncated"]`` says why).
* **An illegal id** (the mask says which are legal) ends the episode by default
  (``illegal="penalty"``): reward :data:`ILLEGAL_REWARD`, ``terminated=True``, the game
  unchanged, and ``info["illegal_action"]`` says what was wrong in the game's words. This is
  what ``gymnasium.utils.env_checker.check_env`` (which steps with unmasked samples) and
  unmasked learners need. With ``illegal="raise"`` the game's error is raised instead
  (:class:`~wargames.core.actionspace.ActionIdError` or the game's
  :class:`~wargames.core.errors.RuleViolation`) and the episode goes on.

Example::

    import gymnasium
    import wargames.adapters.gymnasium  # registers wargames/GAME-v0

    env = gymnasium.make("wargames/warmaster-v0", side="imperial", opponent="random")
    obs, info = env.reset(seed=3)
    mask = obs["action_mask"]
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(mask))
"""

from __future__ import annotations

from typing import Any, Final, Literal, get_args

import gymnasium
import numpy as np
from gymnasium.utils import EzPickle

from wargames.adapters.episodes import (
    RENDER_MODES,
    Episode,
    Table,
    as_id,
    check_render_mode,
    draw,
    episode_seed,
    render_modes,
)
from wargames.adapters.episodes import seat_reward as _seat_reward
from wargames.core import bounds
from wargames.core.actionspace import ActionIdError
from wargames.core.engine import Agent, GameState, Player, Record
from wargames.core.errors import ArgumentError, RuleViolation, UnknownNameError, UnknownPlayerError
from wargames.core.observation import observation_tensor
from wargames.core.registry import games

__all__ = ["ILLEGAL_REWARD", "Illegal", "WargamesEnv", "env_id", "register_envs"]

ILLEGAL_REWARD: Final = -1.0
"""The reward of an illegal id under ``illegal="penalty"`` (the episode ends)."""

Illegal = Literal["penalty", "raise"]
"""What an illegal id does: end the episode with :data:`ILLEGAL_REWARD`, or raise."""

Observation = dict[str, Any]
"""``{"observation": float32 array, "action_mask": int8 array}``."""

_OPPONENT_SEED = 7919
"""An opponent named by its agent is seeded ``episode_seed * 7919 + seat index + 1``."""


class WargamesEnv(gymnasium.Env[Observation, np.int64], EzPickle):
    """One side of ``game_id`` against ``opponent`` (see the module docstring).

    It pickles as its arguments (``EzPickle``): unpickled, it is a new environment to reset."""

    # Gymnasium reads the render modes from the class (gymnasium.make checks render_mode)
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        side: Player,
        opponent: str | Agent = "random",
        scenario: str | None = None,
        render_mode: str | None = None,
        illegal: Illegal = "penalty",
        **options: Any,
    ) -> None:
        EzPickle.__init__(self, game_id, side, opponent, scenario, render_mode, illegal, **options)
        self.table = Table.open(game_id, scenario, options)
        self.side = side
        self.seats = self._seats_of(side)
        self.opponent = self._check_opponent(opponent)
        if illegal not in get_args(Illegal):
            raise UnknownNameError("illegal", illegal, get_args(Illegal), listed="choices")
        self.illegal: Illegal = illegal
        self.render_mode = check_render_mode(render_mode, self.table.game)
        self.metadata = {**type(self).metadata, "render_modes": render_modes(self.table.game)}
        self.action_space = self.table.action_space()
        self.observation_space = self.table.observation_space()
        self._episode: Episode | None = None
        self._ended = False
        self.episode_seed: int | None = None

    def _seats_of(self, side: Player) -> tuple[Player, ...]:
        """The seats ``side`` names: itself if a seat, or every seat of that side."""
        seats = self.table.seats
        chosen = tuple(s for s in seats if s == side or s.split("/", 1)[0] == side)
        if not chosen:
            raise UnknownPlayerError(side, seats)
        return chosen

    def _check_opponent(self, opponent: object) -> str | Agent:
        if isinstance(opponent, str):
            if opponent not in self.table.game.agents:
                raise UnknownNameError(
                    "agent", opponent, self.table.game.agents, listed=f"{self.table.game.id} has"
                )
            return opponent
        if not callable(getattr(opponent, "act", None)):
            raise ArgumentError(
                "opponent", f"expected an agent's name or an Agent (with act), got {opponent!r}"
            )
        return opponent  # type: ignore[return-value]

    # -- the episode ------------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new episode, played up to the learner's first decision. ``seed`` seeds it (and
        the episodes that follow an unseeded ``reset()``); ``options`` is accepted and ignored
        (the game's options are the constructor's)."""
        seed = bounds.seed(seed)
        super().reset(seed=seed)
        self.episode_seed = episode_seed(seed, self.np_random)
        opponents = {
            seat: self._opponent(seat, i)
            for i, seat in enumerate(self.table.seats)
            if seat not in self.seats
        }
        self._episode = self.table.episode(self.episode_seed, opponents)
        self._ended = False
        return self._observed()

    def _opponent(self, seat: Player, index: int) -> Agent:
        if not isinstance(self.opponent, str):
            return self.opponent
        assert self.episode_seed is not None
        seed = self.episode_seed * _OPPONENT_SEED + index + 1
        return self.table.game.agent(self.opponent, seed, seat)

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """One decision of the learner, then the opponent and the dice up to its next one."""
        episode = self._current()
        if self._ended or episode.state.current_player is None:
            raise RuleViolation("GAME-OVER", "the episode is over; call reset()")
        if self.table.numbers_none(episode.state):  # only after a reset: see below
            return self._truncated()
        try:
            chosen = self.table.action(episode.state, as_id(action))
        except (ActionIdError, RuleViolation) as error:
            if self.illegal == "raise":
                raise
            self._ended = True
            observation, info = self._observed()
            info["illegal_action"] = f"id {_shown(action)}: {error}"
            return observation, ILLEGAL_REWARD, True, False, info
        episode.apply(chosen)
        episode.advance()
        state = episode.state
        if self.table.numbers_none(state):
            return self._truncated()
        terminated = state.current_player is None
        reward = _seat_reward(state, self.seats[0]) if terminated else 0.0
        observation, info = self._observed()
        return observation, reward, terminated, False, info

    def _truncated(self) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The end of an episode that cannot go on: the codec numbers none of the legal
        actions of the learner's decision (a bounded space)."""
        self._ended = True
        observation, info = self._observed()
        player = self._current().state.current_player
        info["truncated"] = f"the game's codec numbers none of {player}'s legal actions"
        return observation, 0.0, False, True, info

    def _current(self) -> Episode:
        if self._episode is None:
            raise RuleViolation("RESET", "call reset() before playing the environment")
        return self._episode

    def _observed(self) -> tuple[Observation, dict[str, Any]]:
        """The learner's observation (as its seat to act sees it: the first of its seats
        between decisions) and the step's info, which holds the same mask."""
        state = self._current().state
        player = state.current_player
        seat = player if player in self.seats else self.seats[0]
        mask = self._mask()
        observation = {"observation": observation_tensor(state, seat), "action_mask": mask}
        info: dict[str, Any] = {"action_mask": mask, "to_act": state.current_player}
        if state.outcome is not None:
            info["outcome"] = str(state.outcome)
        return observation, info

    def _mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        state = self._current().state
        if self._ended or state.current_player not in self.seats:
            return np.zeros(self.table.num_actions, np.int8)
        return self.table.mask(state)

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal ids of the learner's pending decision as a bool array."""
        return self._mask().astype(np.bool_)

    @property
    def game_state(self) -> GameState:
        """The game's current state (the whole state, secrets included: for analysis, not for
        the learner, which sees its observation)."""
        return self._current().state

    # -- rendering and records ------------------------------------------------------------------

    def render(self) -> str | None:
        """The current state in the render mode: an SVG document (``"svg"``) or the board as
        text (``"ansi"``), both the public view; ``None`` without a render mode."""
        return draw(self._current().state, self.render_mode)

    def record(self) -> Record:
        """The episode so far as a :class:`~wargames.core.engine.Record` (seed and every
        action, the opponent's and the dice included): ``wargames.replay`` plays it again."""
        return self._current().record()


def _shown(action: object) -> str:
    text = repr(as_id(action))
    return text if len(text) <= 40 else text[:37] + "..."


def env_id(game_id: str) -> str:
    """The Gymnasium id of ``game_id``: ``wargames/GAME-v0``."""
    return f"wargames/{game_id}-v0"


def register_envs() -> list[str]:
    """Register every installed game as ``wargames/GAME-v0`` (those not registered yet) and
    return their ids."""
    ids = []
    for game_id in games():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name, entry_point=f"{__name__}:WargamesEnv", kwargs={"game_id": game_id}
            )
        ids.append(name)
    return ids


register_envs()
