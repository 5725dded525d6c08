"""Plugin discovery and the game contract: every game registers a :class:`Game` descriptor
under the entry-point group ``wargames.games``. The CLI, batch simulation and rendering find
games only through here.

The descriptor is the single place a game declares what it is, in the spirit of OpenSpiel's
``GameType``/``GameInfo``:

* who plays: :attr:`Game.players` (the sides) and, for a game played by teams, the seats a
  scenario and its options give (:meth:`Game.seats_of`);
* :attr:`Game.information` (perfect or imperfect, and :attr:`Game.hidden`: what is hidden),
  :attr:`Game.chance` (explicit chance nodes), :attr:`Game.utility` (zero-sum: win +1,
  draw 0, loss -1, see :meth:`~wargames.core.engine.GameState.returns`), a bound on the
  length (:attr:`Game.length`, :meth:`Game.max_turns`);
* the scenarios, with titles and one-line descriptions (:meth:`Game.scenario_list`);
* the options as a schema (:attr:`Game.options`, :mod:`wargames.core.options`), checked in one
  place by :meth:`Game.start`;
* optional capabilities, each with one signature: :attr:`Game.determinize`,
  :attr:`Game.odds` (behind :func:`odds` and ``wargames odds GAME``), :attr:`Game.render`,
  :attr:`Game.narrator` (plain-words narration for people), :attr:`Game.summary` (a finished
  game's figures for a batch's table, :func:`wargames.sim.to_frame`).

Unknown names raise :class:`~wargames.core.errors.UnknownNameError` (a game, an agent, a
player; a scenario: :class:`~wargames.core.errors.UnknownScenarioError`; an option:
:class:`~wargames.core.errors.UnknownOptionError`) listing the valid choices.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

import attrs

from wargames.core import bounds
from wargames.core.engine import Agent, GameState, Player
from wargames.core.errors import (
    CapabilityError,
    ScenarioError,
    UnknownNameError,
    UnknownScenarioError,
)
from wargames.core.narration import Narrator, narrator_of
from wargames.core.options import Options
from wargames.core.scenario import ScenarioInfo
from wargames.core.scenario_value import ScenarioValue
from wargames.core.sequence import SequenceOfPlay
from wargames.core.sources import ScenarioSource

ScenarioArg = str | ScenarioSource | ScenarioValue | None
"""What names a game's scenario: a shipped id, the path to a user's TOML file, a source (a
record's), or a scenario value (:mod:`wargames.core.scenario_value`); ``None``: the default."""

if TYPE_CHECKING:
    import numpy as np

    from wargames.core.actionspace import ActionCodec
    from wargames.core.observation import Observer

GROUP = "wargames.games"

#: Games shipped with the library, found even when the package is not installed (a checkout).
BUILTIN: Mapping[str, str] = {
    "ancients": "wargames.ancients:GAME",
    "armageddon": "wargames.armageddon:GAME",
    "warmaster": "wargames.warmaster:GAME",
    "horde": "wargames.horde:GAME",
}

Information = Literal["perfect", "imperfect"]
"""``"imperfect"``: some of the state is hidden from a player (:meth:`GameState.view`)."""
ChanceMode = Literal["explicit", "deterministic"]
"""``"explicit"``: chance nodes list their outcomes with probabilities (dice, draws);
``"deterministic"``: no chance at all."""


@attrs.frozen
class Utility:
    """What a finished game is worth to each player (:meth:`GameState.returns`).

    Every game here is ``"zero-sum"`` between its sides: the winner ``win`` (+1), the loser
    ``loss`` (-1), both ``draw`` (0) on a draw. A seat of a team game (``side/role``) gets
    its side's value: a team wins or loses together.
    """

    kind: Literal["zero-sum"] = "zero-sum"
    win: float = 1.0
    draw: float = 0.0
    loss: float = -1.0


@attrs.frozen
class Length:
    """A bound on the length of a game, in the game's own turns.

    ``unit`` names a turn (``"game turn"``, ``"battle round"``). ``turns(state)`` is the
    number of turns after which a game started as ``state`` is over for sure (``None``: the
    rules set no limit). ``cap_option`` is the option that caps the turns where the rules do
    not (bots' games get it through :attr:`Game.bot_options`). ``note`` says it in words.
    """

    unit: str = "turn"
    turns: Callable[[GameState], int | None] | None = None
    cap_option: str | None = None
    note: str = ""


@attrs.frozen
class OddsCalculator:
    """A game's odds calculator: ``compute(*args, **kwargs)`` is the Python function
    (:func:`odds`) and ``command(argv)`` the command line (``wargames odds GAME ARGS``), which
    reads its arguments and answers with a JSON-ready dict holding a ``"text"`` for humans.
    ``signature`` says in one line what ``compute`` takes."""

    command: Callable[[Sequence[str]], dict[str, Any]]
    compute: Callable[..., Any] | None = None
    signature: str = ""


def _as_odds(
    value: OddsCalculator | Callable[[Sequence[str]], dict[str, Any]] | None,
) -> OddsCalculator | None:
    """A bare ``odds(argv)`` function (the descriptor's shape before :class:`OddsCalculator`) is a
    command without a Python entry point."""
    if value is None or isinstance(value, OddsCalculator):
        return value
    return OddsCalculator(command=value)


AGENT_SEED_LIMIT = 2**141
"""The largest seed of a bot: a :func:`wargames.match` seeds the bot of seat ``i`` with
``seed * 7919 + i + 1``, so every seat of a match seeded up to ``2**128 - 1`` gets a seed below
this (numpy's seeding takes any such number)."""


Summary = Callable[[GameState], Mapping[str, float | int | str | None]]
"""``summary(state)``: a few figures of a game's last state, by column name
(``{"hives_orks": 2, "hives_imperium": 3}``), for one row of :func:`wargames.sim.to_frame` (a
name of its core columns, :data:`wargames.sim.COLUMNS`, is not used)."""

Determinize = Callable[[GameState, Player, "np.random.Generator"], GameState]
"""``determinize(state, player, rng)``: a full state consistent with what ``player`` sees of
``state``, what he cannot see drawn at random with ``rng`` (for search bots)."""


@attrs.frozen
class Game:
    """What a plugin tells the library about its game (see the module docstring).

    ``new(scenario, options)`` builds the initial state of a scenario (``None``: the
    default); callers go through :meth:`start`, which checks the scenario name and the
    options first; a game whose ``new`` also takes a user's scenario carried in full by a record
    (a :class:`~wargames.core.sources.ScenarioSource`) says so with ``takes_sources``.
    ``scenarios()`` lists the shipped
    scenario ids. ``agents`` maps agent
    names to factories taking a seed and the player the agent plays. ``render(state,
    player)`` draws an SVG as ``player`` sees it (``None``: everything).
    """

    id: str
    title: str
    players: tuple[Player, ...]
    new: Callable[[str | None, Mapping[str, Any]], GameState]
    scenarios: Callable[[], Sequence[str]]
    default_scenario: str
    agents: Mapping[str, Callable[[int | None, Player], Agent]]
    sequence: SequenceOfPlay | None = None
    odds: OddsCalculator | None = attrs.field(default=None, converter=_as_odds)
    render: Callable[[GameState, Player | None], str] | None = None
    bot_options: Mapping[str, Any] = attrs.field(factory=dict)
    """Options used when only bots play (e.g. a turn cap for a game without a turn limit)."""
    options: Options = attrs.field(factory=Options)
    """The options :meth:`start` (and so :func:`wargames.load`) takes, as a schema."""
    information: Information = "perfect"
    hidden: str = ""
    """What a player cannot see, in one line (empty for perfect information)."""
    chance: ChanceMode = "explicit"
    utility: Utility = Utility()
    length: Length = Length()
    scenario_info: Callable[[], Sequence[ScenarioInfo]] | None = None
    """Titles and one-line descriptions of the shipped scenarios (see :meth:`scenario_list`)."""
    seats: Callable[[str | None, Mapping[str, Any]], tuple[Player, ...]] | None = None
    """For a game played by teams: the seats of a scenario with its options (see
    :meth:`seats_of`); ``None``: one seat per side."""
    determinize: Determinize | None = None
    stage: Callable[[GameState], str] | None = None
    """Where a state stands in the sequence of play, in a few words (``"turn 2, second action
    segment (orks: movement)"``), for the one-line ``repr`` of states and matches; ``None``:
    the turn and the declared step of the pending task (:meth:`SequenceOfPlay.step_name`)."""
    narrator: Narrator | None = None
    """The game's plain-words narration for people (:mod:`wargames.core.narration`); use
    :meth:`narration`, which falls back to the action notation and the state summary."""
    action_space: Callable[[GameState], ActionCodec] | None = None
    """The numbered actions of a state's scenario (:mod:`wargames.core.actionspace`): the
    same codec for every state of one scenario and options."""
    observer: Callable[[GameState], Observer] | None = None
    """The observation tensor and string of a state's scenario
    (:mod:`wargames.core.observation`)."""
    summary: Summary | None = None
    """A few figures of a game's last state for a batch's table (:data:`Summary`,
    :func:`wargames.sim.to_frame`): who holds what at the end, what is left of each side."""
    takes_sources: bool = False
    """Whether ``new`` also builds the initial state of a user's scenario carried by a record
    (a :class:`~wargames.core.sources.ScenarioSource`, which its states keep); if not, the
    game's records name shipped scenarios only."""
    scenario_type: type[ScenarioValue] | None = None
    """The game's scenarios as typed Python values (:mod:`wargames.core.scenario_value`):
    :meth:`scenario` reads one, and :meth:`start` plays one (``None``: the game offers none)."""
    _shipped: dict[str, tuple[str, ...]] = attrs.field(
        init=False, factory=dict, eq=False, repr=False
    )
    """The scenario ids, listed once (:meth:`check_scenario` runs at every start)."""

    def narration(self) -> Narrator:
        """The game's :class:`~wargames.core.narration.Narrator` (or the plain fallback)."""
        return narrator_of(self.narrator)

    # -- starting a game --------------------------------------------------------------------

    def scenario_ids(self) -> tuple[str, ...]:
        """The shipped scenario ids (:attr:`scenarios`, listed once)."""
        names = self._shipped.get("ids")
        if names is None:
            names = self._shipped["ids"] = tuple(self.scenarios())
        return names

    def check_scenario(self, scenario: ScenarioArg) -> None:
        """Raise :class:`UnknownScenarioError` (listing the shipped ones) for a scenario that
        is neither shipped nor a path to a user's TOML file (a ``.toml`` name or an existing
        file): what a user may ask for, not what a record may name (see :meth:`start`)."""
        if not isinstance(scenario, str):
            return  # the default, or a source or value: checked when played
        names = self.scenario_ids()
        if scenario in names or Path(scenario).suffix == ".toml" or Path(scenario).exists():
            return
        raise UnknownScenarioError(scenario, names)

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Every option as the game uses it (defaults filled in), or
        :class:`~wargames.core.errors.OptionError`."""
        return self.options.check(options, self.id)

    def scenario(self, scenario: str | None = None) -> ScenarioValue:
        """The scenario ``scenario`` names (a shipped id or the path to a TOML file; ``None``:
        the default) as a typed value to change in Python and play
        (:mod:`wargames.core.scenario_value`); a :class:`CapabilityError` for a game without
        :attr:`scenario_type`."""
        if self.scenario_type is None:
            raise CapabilityError(f"{self.id} offers no scenario values (scenario_type)")
        self.check_scenario(scenario)
        return self.scenario_type.read(scenario or self.default_scenario)

    def start(
        self,
        scenario: ScenarioArg = None,
        options: Mapping[str, Any] | None = None,
    ) -> GameState:
        """The initial state of ``scenario`` with ``options``, both checked first.

        ``scenario`` is a shipped id, the path to a user's TOML file (the user's own input,
        read now), a :class:`~wargames.core.sources.ScenarioSource`, or a scenario value of
        this game (:meth:`scenario`, played as its document): a shipped source is played by
        its id, a user's one carried by a record through ``new`` (a :class:`ScenarioError` for
        a game without :attr:`takes_sources`)."""
        if isinstance(scenario, ScenarioValue):
            if scenario.game_id != self.id:
                raise ScenarioError(
                    f"{scenario.name} (built in Python)",
                    "(scenario)",
                    f"a scenario of {scenario.game_id}, not one of {self.id}",
                )
            scenario = scenario.source()
        if isinstance(scenario, ScenarioSource):
            if scenario.shipped:
                if scenario.name not in self.scenario_ids():  # an id, never a path
                    raise UnknownScenarioError(scenario.name, self.scenario_ids())
                return self.start(scenario.name, options)
            if not self.takes_sources:
                raise ScenarioError(
                    scenario.label, "(scenario)", f"{self.id} plays only its shipped scenarios "
                    "and files, not a user scenario carried in a record"
                )  # fmt: skip
            self.check_options(options)
            return self.new(cast(Any, scenario), dict(options or {}))
        self.check_scenario(scenario)
        self.check_options(options)
        return self.new(scenario, dict(options or {}))

    # -- metadata ---------------------------------------------------------------------------

    def scenario_list(self) -> tuple[ScenarioInfo, ...]:
        """Every shipped scenario with its title and one-line description, in the order of
        :attr:`scenarios` (a scenario the game does not describe is titled by its id)."""
        known = {s.id: s for s in (self.scenario_info() if self.scenario_info else ())}
        return tuple(known.get(name, ScenarioInfo(name, name)) for name in self.scenarios())

    def seats_of(
        self, scenario: ScenarioArg = None, options: Mapping[str, Any] | None = None
    ) -> tuple[Player, ...]:
        """The players who decide in a game of ``scenario`` with ``options``: the sides, or
        for a team game the seats (``side/role``) its scenario and options give."""
        if self.seats is None:
            return self.players
        self.check_scenario(scenario)
        self.check_options(options)
        if isinstance(scenario, ScenarioValue):
            scenario = scenario.source()  # a game takes a source wherever it takes a name
        return self.seats(cast(Any, scenario), dict(options or {}))

    def max_turns(
        self, scenario: ScenarioArg = None, options: Mapping[str, Any] | None = None
    ) -> int | None:
        """The most turns (:attr:`Length.unit`) a game of ``scenario`` with ``options`` can
        last, turn caps included; ``None`` when nothing bounds it."""
        if self.length.turns is None:
            return None
        return self.length.turns(self.start(scenario, options))

    # -- names ------------------------------------------------------------------------------

    def agent(self, name: str, seed: int | None = None, player: Player = "") -> Agent:
        """The bot called ``name`` for ``player`` (:class:`UnknownNameError` listing them),
        seeded with ``seed``: ``None`` or a whole number from 0 to :data:`AGENT_SEED_LIMIT`
        (else :class:`~wargames.core.errors.ArgumentError`)."""
        bounds.seed(seed, high=AGENT_SEED_LIMIT)
        factory = self.agents.get(name)
        if factory is None:
            raise UnknownNameError("agent", name, self.agents, listed=f"{self.id} has")
        return factory(seed, player)

    def check_players(
        self,
        names: Iterable[str],
        scenario: ScenarioArg = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        """Raise :class:`UnknownNameError` for a name that is neither a side nor a seat of
        a game of ``scenario`` with ``options`` (:func:`wargames.match` checks its
        ``agents`` so: a misspelt player would silently get the random agent)."""
        unknown = [name for name in names if name not in self.players]
        if not unknown:
            return
        valid = self.players
        if self.seats is not None:
            valid = tuple(dict.fromkeys((*valid, *self.seats_of(scenario, options))))
        for name in unknown:
            if name not in valid:
                raise UnknownNameError("player", name, valid, listed=f"{self.id} has")

    def to_json(self) -> dict[str, Any]:
        """What the descriptor says, JSON-ready (``wargames games --json`` and docs)."""
        return {
            "id": self.id,
            "title": self.title,
            "players": list(self.players),
            "information": self.information,
            "hidden": self.hidden,
            "chance": self.chance,
            "utility": attrs.asdict(self.utility),
            "length": {
                "unit": self.length.unit,
                "cap_option": self.length.cap_option,
                "note": self.length.note,
            },
            "default_scenario": self.default_scenario,
            "scenarios": [s.to_json() for s in self.scenario_list()],
            "options": [o.to_json() for o in self.options],
            "agents": list(self.agents),
            "capabilities": [
                name
                for name, hook in (
                    ("action_space", self.action_space),
                    ("determinize", self.determinize),
                    ("observer", self.observer),
                    ("odds", self.odds),
                    ("render", self.render),
                    ("seats", self.seats),
                    ("summary", self.summary),
                )
                if hook is not None
            ],
        }


def _load(spec: str) -> Game:
    module, _, attr = spec.partition(":")
    game = getattr(import_module(module), attr)
    if not isinstance(game, Game):
        raise TypeError(f"{spec} is not a wargames Game")
    return game


@cache
def _specs() -> dict[str, str]:
    from importlib.metadata import entry_points  # when a game is first asked for, not at import

    specs = dict(BUILTIN)
    for ep in entry_points(group=GROUP):
        specs[ep.name] = ep.value
    return specs


def games() -> list[str]:
    """Ids of the installed games, sorted."""
    return sorted(_specs())


@cache
def game(game_id: str) -> Game:
    """The :class:`Game` registered as ``game_id`` (:class:`UnknownNameError` listing the
    installed games, also a ``KeyError``)."""
    specs = _specs()
    if game_id not in specs:
        raise UnknownNameError("game", game_id, sorted(specs), listed="installed")
    return _load(specs[game_id])


def game_of(state: GameState) -> Game:
    return game(type(state).game)


def render_svg(state: GameState, player: Player | None = None) -> str | None:
    """The game's SVG drawing of ``state`` (as ``player`` sees it), if the game draws."""
    g = game_of(state)
    return None if g.render is None else g.render(state, player)


def action_space(state: GameState) -> ActionCodec:
    """The numbered actions of ``state``'s game and scenario
    (:class:`~wargames.core.actionspace.ActionCodec`); :class:`CapabilityError` for a game
    that does not number its actions."""
    g = game_of(state)
    if g.action_space is None:
        raise CapabilityError(f"{g.id} does not number its actions")
    return g.action_space(state)


def odds(game_id: str, *args: Any, **kwargs: Any) -> Any:
    """The odds calculator of ``game_id`` called with ``args`` (see each game's
    :attr:`OddsCalculator.signature`); :class:`CapabilityError` for a game without one."""
    calculator = game(game_id).odds
    if calculator is None or calculator.compute is None:
        raise CapabilityError(f"{game_id} has no odds calculator for Python")
    return calculator.compute(*args, **kwargs)


def odds_command(game_id: str, argv: Sequence[str]) -> dict[str, Any]:
    """``wargames odds GAME ARGS``: the game's answer, a JSON-ready dict with a ``"text"``."""
    calculator = game(game_id).odds
    if calculator is None:
        raise CapabilityError(f"{game_id} has no odds calculator")
    return calculator.command(argv)


def determinize(state: GameState, player: Player, rng: np.random.Generator) -> GameState:
    """A full state consistent with what ``player`` sees of ``state``, the rest drawn with
    ``rng`` (the game's :attr:`Game.determinize`); a game of perfect information returns
    ``state``; :class:`CapabilityError` for an imperfect game without the hook."""
    g = game_of(state)
    if g.determinize is not None:
        return g.determinize(state, player, rng)
    if g.information == "perfect":
        return state
    raise CapabilityError(f"{g.id} cannot resample what {player} does not see")
