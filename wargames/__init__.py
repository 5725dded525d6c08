"""wargames: tabletop wargame rules as a typed, importable library.

>>> import wargames
>>> state = wargames.load("armageddon")
>>> state.current_player
'orks'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, overload

from wargames.core import bounds
from wargames.core.agents import RandomAgent
from wargames.core.check import check_scenario
from wargames.core.engine import CHANCE, Action, Agent, GameState, Match, Outcome, Player, Record
from wargames.core.errors import (
    ArgumentError,
    CapabilityError,
    NotationError,
    OptionError,
    RecordError,
    RuleViolation,
    ScenarioError,
    UnknownNameError,
    UnknownOptionError,
    UnknownPlayerError,
    UnknownScenarioError,
    WargamesError,
)
from wargames.core.registry import Game, action_space, determinize, game, odds
from wargames.core.scenario_value import ScenarioValue
from wargames.core.sources import ScenarioSource, data_key, not_shipped
from wargames.core.views import EVERYTHING, PUBLIC
from wargames.drawing.notebook import render
from wargames.sim import simulate

if TYPE_CHECKING:  # the state classes name the types of load() and match(), never imported
    from wargames.ancients.state import AncientsState
    from wargames.armageddon.state import ArmageddonState
    from wargames.horde.state import PScaleState
    from wargames.warmaster.state import WarmasterState

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "EVERYTHING",
    "PUBLIC",
    "Action",
    "Agent",
    "ArgumentError",
    "CapabilityError",
    "Game",
    "GameState",
    "Match",
    "NotationError",
    "OptionError",
    "Outcome",
    "RandomAgent",
    "Record",
    "RecordError",
    "RuleViolation",
    "ScenarioError",
    "ScenarioSource",
    "ScenarioValue",
    "UnknownNameError",
    "UnknownOptionError",
    "UnknownPlayerError",
    "UnknownScenarioError",
    "WargamesError",
    "action_space",
    "agent",
    "check_scenario",
    "determinize",
    "game",
    "games",
    "load",
    "match",
    "odds",
    "play",
    "render",
    "replay",
    "scenario",
    "simulate",
]


def games() -> list[str]:
    """Ids of the installed games (from the ``wargames.games`` entry points)."""
    from wargames.core.registry import games as _games

    return _games()


Scenario = str | ScenarioSource | ScenarioValue | None
"""A shipped scenario's id, the path to a user's TOML file, a ScenarioSource, or a scenario
value (:func:`scenario`)."""


def scenario(game_id: str, scenario: str | None = None) -> ScenarioValue:
    """``game_id``'s scenario ``scenario`` (a shipped id or the path to a TOML file; ``None``:
    the default) as a typed value: change it in Python (``attrs.evolve``, the game's methods)
    and play it with ``load(game_id, scenario=value)``; ``value.to_toml()`` writes it as a
    file (:mod:`wargames.core.scenario_value`)."""
    return game(game_id).scenario(scenario)


@overload
def load(
    game_id: Literal["ancients"], scenario: Scenario = None, **options: Any
) -> AncientsState: ...
@overload
def load(
    game_id: Literal["armageddon"], scenario: Scenario = None, **options: Any
) -> ArmageddonState: ...
@overload
def load(game_id: Literal["horde"], scenario: Scenario = None, **options: Any) -> PScaleState: ...
@overload
def load(
    game_id: Literal["warmaster"], scenario: Scenario = None, **options: Any
) -> WarmasterState: ...
@overload
def load(game_id: str, scenario: Scenario = None, **options: Any) -> GameState: ...
def load(game_id: str, scenario: Scenario = None, **options: Any) -> GameState:
    """The initial state of ``game_id``'s ``scenario`` (its default scenario when ``None``).

    Typed per game: to a type checker ``load("armageddon")`` is an
    :class:`~wargames.armageddon.state.ArmageddonState` (``"warmaster"``: ``WarmasterState``,
    ``"horde"``: ``PScaleState``, ``"ancients"``: ``AncientsState``, whose team and Epic
    states are subclasses), so ``load("armageddon").hives()`` type-checks; any other game id
    is a :class:`GameState`.

    ``scenario`` is a shipped id, the path to a TOML file of your own (read now: edit it and
    load again to play the edit; the state carries its data, so it saves and records in
    full), a :class:`~wargames.core.sources.ScenarioSource`, or a scenario value
    (:func:`scenario`, built or changed in Python; played by way of its document, through
    the same checks as a file).

    ``options`` are checked against the game's schema (``wargames options GAME`` lists them):
    a bad one raises :class:`OptionError`, an unknown game, scenario or option an
    :class:`UnknownNameError` listing the valid names.
    """
    return game(game_id).start(scenario, options)


def agent(game_id: str, name: str, seed: int | None = None, player: Player = "") -> Agent:
    """A bot by name (``"random"``, ``"greedy"``) for ``player`` in ``game_id``
    (:class:`UnknownNameError` listing the game's agents)."""
    return game(game_id).agent(name, seed, player)


Agents = Mapping[Player, Agent | str] | None
"""Players mapped to agents or agent names."""


@overload
def match(
    game_id: Literal["ancients"],
    agents: Agents = None,
    seed: int | None = None,
    scenario: Scenario = None,
    *,
    bot_options: bool = True,
    **options: Any,
) -> Match[AncientsState]: ...
@overload
def match(
    game_id: Literal["armageddon"],
    agents: Agents = None,
    seed: int | None = None,
    scenario: Scenario = None,
    *,
    bot_options: bool = True,
    **options: Any,
) -> Match[ArmageddonState]: ...
@overload
def match(
    game_id: Literal["horde"],
    agents: Agents = None,
    seed: int | None = None,
    scenario: Scenario = None,
    *,
    bot_options: bool = True,
    **options: Any,
) -> Match[PScaleState]: ...
@overload
def match(
    game_id: Literal["warmaster"],
    agents: Agents = None,
    seed: int | None = None,
    scenario: Scenario = None,
    *,
    bot_options: bool = True,
    **options: Any,
) -> Match[WarmasterState]: ...
@overload
def match(
    game_id: str,
    agents: Agents = None,
    seed: int | None = None,
    scenario: Scenario = None,
    *,
    bot_options: bool = True,
    **options: Any,
) -> Match[GameState]: ...
def match(
    game_id: str,
    agents: Agents = None,
    seed: int | None = None,
    scenario: Scenario = None,
    *,
    bot_options: bool = True,
    **options: Any,
) -> Match[Any]:
    """A :class:`Match` of ``game_id`` with an agent on every side, ready to :meth:`~Match.run`
    (typed per game like :func:`load`: ``match("armageddon").state`` is an
    ``ArmageddonState``).

    ``agents`` maps players to agents or agent names; players left out get ``"random"``. A
    team game's seats (``side/role``) may be given their own agents; a seat without one is
    played by its side's. A name that is no player of the game raises
    :class:`UnknownNameError`. Each named agent is seeded from ``seed`` and its player, so the
    same seed gives the same game; ``seed`` is ``None`` (fresh entropy) or a whole number from
    0 to ``2**128 - 1`` (else :class:`ArgumentError`). With ``bot_options`` the game's options
    for bot-only play (such as a turn cap) apply.
    """
    seed = bounds.seed(seed)
    g = game(game_id)
    merged = {**(dict(g.bot_options) if bot_options else {}), **options}
    state = g.start(scenario, merged)  # refuses another game's scenario value
    if isinstance(scenario, ScenarioValue):
        scenario = scenario.source()  # what the record carries: the document in full
    given = dict(agents or {})
    g.check_players(given, scenario, merged)
    chosen: dict[Player, Agent] = {}
    seats = [p for p in given if p not in g.players]
    for i, player in enumerate((*g.players, *seats)):
        spec = given.get(player, "random")
        sub = None if seed is None else seed * 7919 + i + 1
        chosen[player] = g.agent(spec, sub, player) if isinstance(spec, str) else spec
    return Match(state, seed=seed, agents=chosen, scenario=scenario, options=merged)


def play(
    game_id: str,
    agents: Mapping[Player, Agent | str] | None = None,
    seed: int | None = None,
    scenario: Scenario = None,
    max_steps: int | None = None,
    **options: Any,
) -> Record:
    """Play a whole game with bots on every side and return its :class:`Record`.

    The arguments are :func:`match`'s; ``max_steps`` (``None``: to the end) stops the game
    after that many actions, 0 to 1,000,000 (the most a record holds; else
    :class:`ArgumentError`)."""
    if max_steps is not None:
        bounds.whole("max_steps", max_steps, 0, bounds.MAX_STEPS)
    m = match(game_id, agents, seed, scenario, **options)
    m.run(max_steps)
    return m.record()


def replay(record: Record | Mapping[str, Any]) -> Match:
    """Rebuild a :class:`Match` from a record (or its JSON) by applying every action again.

    Every part of the record is checked: a document that is not a record, an unknown game, a
    redacted record (:attr:`Record.redacted_for`: it hides actions) or an action that cannot
    be applied raises :class:`RecordError` naming the key (``actions[12]``) and the problem;
    a bad option raises the game's :class:`OptionError`.

    No file is opened: the record's scenario is a shipped id (any other string, a path
    included, is a :class:`RecordError`) or a user's scenario carried in full, built through
    the same checks as a file (a problem is a :class:`RecordError` naming
    ``scenario.data.KEY``).
    """
    if not isinstance(record, Record):
        record = Record.from_json(record)
    record.check_replayable()
    try:
        described = game(record.game)
    except UnknownNameError as exc:
        raise RecordError("game", exc.message) from None
    state = _initial(described, record)
    match = Match(state, seed=record.seed, scenario=record.scenario, options=record.options)
    for i, action in enumerate(record.actions):
        try:
            match.apply(action)
        except (RuleViolation, NotationError) as exc:
            raise RecordError(f"actions[{i}]", f"{action!r} cannot be applied: {exc}") from exc
    return match


def _initial(described: Game, record: Record) -> GameState:
    """The initial state of a record's game: its scenario is a shipped id or carried in full."""
    scenario = record.scenario
    name = scenario.name if isinstance(scenario, ScenarioSource) and scenario.shipped else scenario
    if isinstance(name, str) and name not in described.scenario_ids():
        raise RecordError("scenario", not_shipped(name, described.scenario_ids()))
    try:
        return described.start(scenario, record.options)
    except ScenarioError as exc:
        if not isinstance(scenario, ScenarioSource) or isinstance(exc, OptionError | RecordError):
            raise
        raise RecordError(data_key("scenario", exc), exc.problem) from None
