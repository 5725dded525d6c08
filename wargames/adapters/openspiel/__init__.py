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

The adapter is a package, a module per concept: :mod:`~wargames.adapters.openspiel.parameters`
(scenario and options as OpenSpiel parameters), :mod:`~wargames.adapters.openspiel.gametype`
(``GameType``, seats, length), :mod:`~wargames.adapters.openspiel.context` (what the states of
one game share), :mod:`~wargames.adapters.openspiel.history` and
:mod:`~wargames.adapters.openspiel.play` (a game in progress and its history),
:mod:`~wargames.adapters.openspiel.state` (the pyspiel state),
:mod:`~wargames.adapters.openspiel.observer` (tensor and strings),
:mod:`~wargames.adapters.openspiel.registration` (the pyspiel game, registering and loading)
and :mod:`~wargames.adapters.openspiel.bots` (OpenSpiel's bots against ours). Everything public
is imported from here: ``from wargames.adapters.openspiel import load_game``. Importing it
imports ``pyspiel`` (an ``ImportError`` without the extra).
"""

from __future__ import annotations

from wargames.adapters.openspiel.bots import play_against, players
from wargames.adapters.openspiel.gametype import (
    DECISIONS_PER_TURN,
    DEFAULT_DECISIONS_PER_TURN,
    game_type,
    max_game_length,
)
from wargames.adapters.openspiel.observer import WargamesObserver
from wargames.adapters.openspiel.parameters import (
    PREFIX,
    UNSET_NUMBER,
    UNSET_TEXT,
    parameter_specification,
    short_name,
)
from wargames.adapters.openspiel.registration import (
    WargamesGame,
    load_game,
    register,
    register_all,
)
from wargames.adapters.openspiel.state import PlayerAction, WargamesState

__all__ = [
    "DECISIONS_PER_TURN",
    "DEFAULT_DECISIONS_PER_TURN",
    "PREFIX",
    "UNSET_NUMBER",
    "UNSET_TEXT",
    "PlayerAction",
    "WargamesGame",
    "WargamesObserver",
    "WargamesState",
    "game_type",
    "load_game",
    "max_game_length",
    "parameter_specification",
    "play_against",
    "players",
    "register",
    "register_all",
    "short_name",
]
