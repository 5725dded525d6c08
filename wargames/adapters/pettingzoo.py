"""PettingZoo: every game as an AEC environment (extra ``[rl]``).

``env(game_id, scenario=None, render_mode=None, max_cycles=None, **options)`` is the
environment with PettingZoo's usual wrappers, :func:`raw_env` the bare :class:`WargamesAEC`.

* **Agents** are the seats of the scenario (:meth:`~wargames.core.registry.Game.seats_of`:
  the sides, or ``side/role`` seats of a team game), in the game's order.
  ``agent_selection`` is the player the game waits for, so the same agent acts several times
  in a row whenever the rules give one side many decisions (a whole movement phase).
* **Actions** are the ids of the game's codec (:func:`wargames.action_space`):
  ``action_space(agent)`` is ``Discrete(num_distinct_actions)``, the same for every state.
* **Observations** are ``{"observation": float32 tensor, "action_mask": int8 0/1}``: the
  agent's tensor (:func:`~wargames.core.observation.observation_tensor`, built from its view
  only) and the legal ids, all zeros for an agent that is not to act.
* **Chance** (dice, draws) is resolved inside :meth:`~WargamesAEC.step` and
  :meth:`~WargamesAEC.reset` with the environment's generator seeded by ``reset(seed=...)``
  (:mod:`wargames.adapters.episodes`): the same seed and actions give the same episode, and
  :meth:`~WargamesAEC.record` is the :class:`~wargames.core.engine.Record` that
  :func:`wargames.replay` plays again.
* **Rewards** come at the end only: :meth:`~wargames.core.engine.GameState.returns` (win +1,
  loss -1, draw 0; a seat gets its side's). The game's options for bots apply (a turn cap
  where the rules set none), so every episode terminates.
* **max_cycles** truncates an episode after ``max_cycles × len(possible_agents)`` decisions
  (a *cycle* is as many decisions as there are agents, as PettingZoo's tests count them;
  chance outcomes are not decisions).
* **A bounded space**: a legal action the game's codec cannot number (a space bounded
  below what the rules allow) has no id and is not in the mask; if none of the legal
  actions has one, the episode is truncated (``infos[agent]["truncated"]`` says why).
* **Illegal ids**: the bare environment raises the game's error and keeps its state
  (:class:`~wargames.core.actionspace.ActionIdError` for an id no state uses, the game's
  :class:`~wargames.core.errors.RuleViolation` for one illegal now); :func:`env` wraps it in
  PettingZoo's ``TerminateIllegalWrapper``: the episode ends, the offender scoring -1.
* **Rendering**: ``render_mode="svg"`` returns the SVG drawing of the public view,
  ``"ansi"`` the game's board as text (public view).

Example::

    from wargames.adapters.pettingzoo import env

    aec = env("warmaster")
    aec.reset(seed=1)
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, info = aec.last()
        done = terminated or truncated
        aec.step(None if done else aec.action_space(agent).sample(obs["action_mask"]))
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from wargames.adapters.episodes import (
    RENDER_MODES,
    Episode,
    Table,
    check_render_mode,
    draw,
    episode_seed,
    render_modes,
    seat_reward,
)
from wargames.core import bounds
from wargames.core.engine import GameState, Player, Record
from wargames.core.errors import RuleViolation, UnknownPlayerError
from wargames.core.observation import observation_tensor

__all__ = ["ILLEGAL_REWARD", "WargamesAEC", "env", "raw_env"]

ILLEGAL_REWARD = -1.0
"""What :func:`env` scores an agent that plays an illegal id (the episode ends there)."""

Observation = dict[str, np.ndarray[Any, Any]]


class WargamesAEC(AECEnv, EzPickle):  # type: ignore[misc]  # pettingzoo is untyped
    """One game's scenario as a PettingZoo AEC environment (see the module docstring).

    It pickles as its arguments (``EzPickle``): unpickled, it is a new environment to reset."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": list(RENDER_MODES),
        "name": "wargames_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }
    agent_selection: Player

    def __init__(
        self,
        game_id: str,
        scenario: str | None = None,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        EzPickle.__init__(self, game_id, scenario, render_mode, max_cycles, **options)
        self.table = Table.open(game_id, scenario, options)
        self.render_mode = check_render_mode(render_mode, self.table.game)
        self.max_cycles = None if max_cycles is None else bounds.whole("max_cycles", max_cycles, 1)
        self._limit = (
            float("inf") if self.max_cycles is None else self.max_cycles * len(self.table.seats)
        )
        """The decisions after which an episode is truncated."""
        self.metadata = {
            **type(self).metadata,
            "name": f"wargames_{game_id}_v0",
            "render_modes": render_modes(self.table.game),
        }
        self.possible_agents: list[Player] = list(self.table.seats)
        self.agents: list[Player] = []
        self.action_spaces = {a: self.table.action_space() for a in self.possible_agents}
        self.observation_spaces = {a: self.table.observation_space() for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self._episode: Episode | None = None
        self.decisions = 0
        """Decisions taken in this episode (chance outcomes not counted)."""

    # -- spaces ---------------------------------------------------------------------------------

    def observation_space(self, agent: Player) -> spaces.Dict:
        """``{"observation": Box, "action_mask": Box int8}``, one object per agent."""
        return self.observation_spaces[self._known(agent)]

    def action_space(self, agent: Player) -> spaces.Discrete:
        """``Discrete(num_distinct_actions)``, one object per agent."""
        return self.action_spaces[self._known(agent)]

    def _known(self, agent: Player) -> Player:
        """``agent`` if it is a seat of the scenario, else :class:`UnknownPlayerError`."""
        if agent not in self.observation_spaces:
            raise UnknownPlayerError(agent, self.possible_agents)
        return agent

    # -- the episode ------------------------------------------------------------------------------

    @property
    def game_state(self) -> GameState:
        """The game's current state (the whole state, secrets included: for analysis, not for
        an agent, which sees :meth:`observe`)."""
        return self._current().state

    def _current(self) -> Episode:
        if self._episode is None:
            raise RuleViolation("RESET", "call reset() before playing the environment")
        return self._episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new episode: ``seed`` seeds its dice (and the seeds of the episodes that
        follow an unseeded ``reset()``). ``options`` is accepted and ignored (the game's
        options are the constructor's)."""
        if seed is not None:
            self._seeds = np.random.default_rng(bounds.seed(seed))
        self.episode_seed = episode_seed(seed, self._seeds)
        self._episode = self.table.episode(self.episode_seed)
        self.decisions = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[Player, dict[str, Any]] = {a: {} for a in self.agents}
        self._settle(self.agents[0])

    def observe(self, agent: Player) -> Observation:
        """What ``agent`` sees: its observation tensor and :meth:`action_mask`."""
        tensor = observation_tensor(self._current().state, self._known(agent))
        return {"observation": tensor, "action_mask": self.action_mask(agent)}

    def action_mask(self, agent: Player) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal ids of ``agent`` as int8 0/1 (all zeros if it is not to act), without
        the observation tensor: for a loop that needs only the mask."""
        episode = self._episode or self._current()
        to_act = agent == self.agent_selection and not (
            self.terminations.get(agent) or self.truncations.get(agent)
        )
        if not to_act:
            return np.zeros(self.table.num_actions, np.int8)
        return self.table.mask(episode.state)

    def step(self, action: int | None) -> None:
        """Play the id ``action`` for ``agent_selection``, then roll every chance node that
        follows; ``None`` for an agent whose episode is over (PettingZoo's dead step). An
        illegal id raises the game's error (see the module docstring), the state unchanged."""
        episode = self._episode or self._current()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        episode.play(table.action(episode.state, action))
        self.decisions += 1
        self._cumulative_rewards[agent] = 0.0
        state = episode.state
        player = state.current_player
        if player is not None and self.decisions < self._limit and table.numbered(state):
            # rewards stay 0 until the end; an unknown player: _seat raises
            known = player in self.observation_spaces
            self.agent_selection = player if known else self._seat(player)
            return
        self._clear_rewards()
        self._settle(agent)
        self._accumulate_rewards()

    def _settle(self, last: Player) -> None:
        """After a decision (or the reset): who acts next, or the end of the episode: every
        agent terminated with its reward, or truncated after ``max_cycles`` cycles."""
        state = self._current().state
        if state.current_player is None:
            outcome = str(state.outcome)
            for a in self.agents:
                self.rewards[a] = seat_reward(state, a)
                self.terminations[a] = True
                self.infos[a] = {"outcome": outcome}
            self.agent_selection = last
        elif self.decisions >= self._limit or self.table.numbers_none(state):
            why = (
                f"max_cycles={self.max_cycles}"
                if self.decisions >= self._limit
                else f"the game's codec numbers none of {state.current_player}'s legal actions"
            )
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"truncated": why}
            self.agent_selection = last
        else:
            self.agent_selection = self._seat(state.current_player)

    def _seat(self, player: Player) -> Player:
        """The agent of the game's player to act (a seat of the scenario)."""
        if player not in self.observation_spaces:
            raise UnknownPlayerError(player, self.possible_agents)
        return player

    # -- rendering and records ------------------------------------------------------------------

    def render(self) -> str | None:
        """The current state in the render mode: an SVG document (``"svg"``) or the board as
        text (``"ansi"``), both the public view; ``None`` without a render mode."""
        return draw(self._current().state, self.render_mode)

    def close(self) -> None:
        """Nothing to release (the drawings are strings)."""

    def record(self) -> Record:
        """The episode so far as a :class:`~wargames.core.engine.Record` (seed and every
        action, dice included): ``wargames.replay(env.record())`` plays it again."""
        return self._current().record()


def raw_env(
    game_id: str,
    scenario: str | None = None,
    render_mode: str | None = None,
    max_cycles: int | None = None,
    **options: Any,
) -> WargamesAEC:
    """The bare environment: :class:`WargamesAEC` (an illegal id raises)."""
    return WargamesAEC(game_id, scenario, render_mode, max_cycles, **options)


def env(
    game_id: str,
    scenario: str | None = None,
    render_mode: str | None = None,
    max_cycles: int | None = None,
    **options: Any,
) -> AECEnv:
    """:func:`raw_env` with PettingZoo's wrappers, as its classic games have them: an illegal
    id ends the episode with :data:`ILLEGAL_REWARD` for the offender
    (``TerminateIllegalWrapper``), an id outside the space is an assertion
    (``AssertOutOfBoundsWrapper``), and calls out of order are refused
    (``OrderEnforcingWrapper``)."""
    wrapped: AECEnv = raw_env(game_id, scenario, render_mode, max_cycles, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
