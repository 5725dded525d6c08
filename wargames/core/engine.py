"""The game protocol every plugin implements, and the :class:`Match` driver.

A :class:`GameState` is a value: :meth:`GameState.apply` returns the next state and leaves the
old one unchanged, so undo, what-ifs and tree search need no copying discipline. A state knows
whose decision is pending (:attr:`GameState.current_player`): a player (a side or a seat), the
constant :data:`CHANCE` when a rule calls for dice or a draw, or ``None`` once the game is over.

Chance is explicit: at a chance node :meth:`GameState.chance_outcomes` lists ``(outcome,
probability)`` pairs and the state holds no random generator, so a bot that copies a state cannot
see future rolls. A game record is therefore *scenario + seed + every action*, dice included.
"""

from __future__ import annotations

import abc
import math
from bisect import bisect_right
from collections.abc import Callable, Hashable, Mapping, Sequence
from itertools import accumulate, repeat
from operator import is_, itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, Protocol, Self, runtime_checkable

import attrs

from wargames.core import bounds
from wargames.core.bounds import MAX_NAME, MAX_SEED, MAX_STEPS
from wargames.core.codec import saved
from wargames.core.errors import (
    GameOverError,
    NotationError,
    RecordError,
    RuleViolation,
    UnknownPlayerError,
    shown,
)
from wargames.core.history import History
from wargames.core.sources import RecordedScenario, record_scenario, recorded_scenario, saved_form

if TYPE_CHECKING:  # a default for the type parameter, so that a bare ``Match`` is Match[GameState]
    import numpy as np
    from typing_extensions import TypeVar

    S = TypeVar("S", bound="GameState", covariant=True, default="GameState")
else:
    from typing import TypeVar

    S = TypeVar("S", bound="GameState", covariant=True)
"""The state class a :class:`Match` plays (``Match[ArmageddonState]``)."""

CHANCE: Final = "chance"
"""``current_player`` at a chance node: dice are rolled or a card is drawn."""

Player = str
Label = str | int | float | bool | None
"""A sweep's name for a game's scenario (:attr:`Record.label`)."""
"""A player is named by a string: a side (``"orks"``) or a seat (``"rome/commander"``)."""


@runtime_checkable
class Action(Hashable, Protocol):
    """An action: a small frozen value with a readable ``str`` notation that parses back."""

    def __str__(self) -> str: ...


@saved("core/outcome")
@attrs.frozen
class Outcome:
    """How a game ended: the winner (``None`` for a draw), the reason, and on which turn."""

    winner: Player | None
    reason: str
    turn: int | None = None

    def __str__(self) -> str:
        who = "draw" if self.winner is None else f"{self.winner} win"
        return f"{who}: {self.reason}" + (f" (turn {self.turn})" if self.turn else "")

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "turn": self.turn}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(data["winner"], data["reason"], data.get("turn"))


def _no_cache() -> dict[str, Any]:
    return {}


class GameState(abc.ABC):
    """The state of one game. Subclasses are frozen attrs classes.

    A subclass implements :meth:`_legal`, :meth:`_chance`, :meth:`_apply`, :meth:`_explain`,
    :meth:`to_json`, :meth:`from_json`, :meth:`parse_action`, :meth:`view` and the properties
    :attr:`current_player`, :attr:`outcome` (and :meth:`redact` when its actions can carry
    hidden information); this base class adds the checking, caching and conveniences every
    game shares. Subclasses declare a field
    ``_memo: dict = attrs.field(init=False, factory=dict, eq=False, repr=False)`` that holds
    per-state caches (legal actions, reach); it is never part of equality or serialisation.
    """

    game: ClassVar[str] = ""
    players: ClassVar[tuple[Player, ...]] = ()
    legal_in_views: ClassVar[bool] = False
    """Whether the view of the player to act lists this state's very legal actions, the same
    tuple in the same order (:meth:`~wargames.core.tasks.TaskState.share` makes it so). A
    :class:`Match` then shows an agent that looks at nothing but the legal actions (the
    :class:`~wargames.RandomAgent`, see :func:`acts_on_legal_actions`) the state itself, which
    chooses as it would in the view, and saves making a view at every decision."""
    _memo: dict[str, Any]

    # -- what a game implements ---------------------------------------------------------------

    @property
    @abc.abstractmethod
    def current_player(self) -> Player | None:
        """The player who must decide now, :data:`CHANCE`, or ``None`` when the game is over."""

    @property
    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """``None`` while the game goes on; then who won and why."""

    @abc.abstractmethod
    def _legal(self) -> tuple[Action, ...]:
        """Every legal action of the pending decision, in a deterministic order."""

    def _chance(self) -> tuple[tuple[Action, float], ...]:
        """The outcomes of the pending chance node with their probabilities."""
        return ()

    @abc.abstractmethod
    def _apply(self, action: Action) -> Self:
        """The next state after a legal ``action`` (already checked)."""

    def _explain(self, action: Action) -> RuleViolation:
        """Why ``action`` is illegal here: a :class:`RuleViolation` naming the rule."""
        return RuleViolation("RULES", f"{action} is not a legal action now")

    @abc.abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data; :meth:`from_json` reads it back exactly."""

    @classmethod
    @abc.abstractmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Read back :meth:`to_json`."""

    @abc.abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action in the game's notation (the inverse of ``str(action)``)."""

    @abc.abstractmethod
    def view(self, player: Player) -> Self:
        """What ``player`` may see: hidden information replaced by placeholders."""

    def redact(self, action: Action, player: Player) -> str:
        """The notation of ``action``, taken in this state, as ``player`` may see it.

        What ``player`` may not know is written ``?`` (``place ? ?``, ``draw orks ?``), as
        :meth:`view` hides it; the state is the one the action is taken in, so it tells what
        is hidden at that moment. The default is ``str(action)``: the right answer for games of
        perfect information and for every public action. :meth:`Match.log_for` and
        :meth:`Match.record` use it; a redacted notation need not parse back. A player the
        game does not have is an :class:`~wargames.core.errors.UnknownPlayerError`.
        """
        players = type(self).players
        if players and player not in players:
            raise UnknownPlayerError(player, players)
        return str(action)

    def invariant_violations(self) -> list[str]:
        """Game invariants that fail in this state, in words (the conformance kit checks it)."""
        return []

    # -- the shared protocol ------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action for the pending decision (chance outcomes at a chance node)."""
        return list(self._legal_tuple())

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` pairs at a chance node; empty elsewhere."""
        if self.current_player != CHANCE:
            return []
        return list(self._chance_tuple())

    def _chance_tuple(self) -> tuple[tuple[Action, float], ...]:
        """The pending chance node's ``(outcome, probability)`` pairs, kept on the state (call
        only at a chance node)."""
        memo = self._memo
        found: tuple[tuple[Action, float], ...] | None = memo.get("chance")
        if found is None:
            found = memo["chance"] = self._chance()
        return found

    def random_action(self, rng: np.random.Generator) -> Action:
        """A random legal action drawn with ``rng``: uniformly among the legal actions of a
        player's decision, by their probabilities at a chance node.

        One number ``u = rng.random()`` is drawn and picks the action at index
        ``int(u * len(legal_actions()))`` (at a chance node the outcome
        :func:`pick_outcome` picks), exactly as :class:`~wargames.RandomAgent` and
        ``Match`` have always drawn: the same generator gives the same game. A game may find
        that action without listing every legal action (:meth:`_random_legal`), which is
        what makes random playouts cheaper than ``legal_actions()`` and a choice.

        Raises :class:`~wargames.core.errors.GameOverError` (a :class:`RuleViolation` and a
        ``ValueError``) once the game is over.
        """
        player = self.current_player
        if player is None:
            raise GameOverError("the game is over; there is no action to draw")
        u = float(rng.random())
        if player == CHANCE:
            return pick_outcome(self._chance_tuple(), u)
        return self._random_legal(u)

    def _random_legal(self, u: float) -> Action:
        """The legal action at index ``int(u * len(legal))`` of the listing, for a uniform
        ``u`` in [0, 1) at a player's decision (:meth:`random_action`). A game may override it
        to find that very action without listing the others; it must return the same action
        for every ``u``."""
        legal = self._legal_tuple()
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[int(u * len(legal))]

    def _legal_tuple(self) -> tuple[Action, ...]:
        memo = self._memo
        found: tuple[Action, ...] | None = memo.get("legal")
        if found is None:
            player = self.current_player
            if player is None:
                found = ()
            elif player == CHANCE:
                found = tuple(map(itemgetter(0), self._chance_tuple()))
            else:
                found = self._legal()
            memo["legal"] = found
        return found

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is among the legal actions (anything unhashable is not)."""
        memo = self._memo
        legal: frozenset[Action] | None = memo.get("legal_set")
        if legal is None:
            legal = memo["legal_set"] = frozenset(self._legal_tuple())
        try:
            return action in legal
        except TypeError:  # a list, a dict...: not an action of any game
            return False

    def apply(self, action: Action | str) -> Self:
        """The state after ``action`` (an action or its notation); this state is unchanged.

        Raises :class:`RuleViolation` naming the rule when the action is illegal.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        if self.current_player is None:
            raise RuleViolation("GAME-OVER", "the game is over; no action can be taken")
        # the common case first: the very object listed by legal_actions() (compared by
        # identity, without the actions' own __eq__)
        if not any(map(is_, self._legal_tuple(), repeat(action))) and not self.is_legal(action):
            raise self._explain(action)
        return self._apply(action)

    def returns(self) -> list[float]:
        """What the game is worth to each of :attr:`players`, in their order (zero-sum).

        Once the game is over: +1 for the winner, -1 for the loser, 0 for both on a draw (with
        more than two sides each loser gets -1 / (sides - 1), so the sum stays 0). While the
        game goes on every entry is 0, as in OpenSpiel. A seat of a team game (``side/role``)
        is not listed: it gets its side's entry (a team wins or loses together).
        """
        players = type(self).players
        outcome = self.outcome
        if self.current_player is not None or outcome is None or outcome.winner is None:
            return [0.0] * len(players)
        loss = -1.0 / max(len(players) - 1, 1)
        return [1.0 if p == outcome.winner else loss for p in players]

    @property
    def is_terminal(self) -> bool:
        return self.current_player is None

    @property
    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    def clone(self) -> Self:
        """A copy equal to this state. States are values, so this is shallow and cheap."""
        return attrs.evolve(self)  # type: ignore[misc]

    def parse(self, text: str) -> Action:
        """Alias of :meth:`parse_action`, python-chess style."""
        return self.parse_action(text)

    def __repr__(self) -> str:
        """One line: game and scenario, turn and phase, who decides (``str`` is the summary)."""
        from wargames.drawing.notebook import state_repr

        return state_repr(self)

    def _repr_svg_(self) -> str | None:
        """The drawing Jupyter shows: the public view, or a view as its player sees it."""
        from wargames.drawing.notebook import svg_repr

        return svg_repr(self)

    def find_action(self, text: str) -> Action:
        """The legal action whose notation is ``text`` (raises :class:`NotationError`)."""
        for action in self._legal_tuple():
            if str(action) == text:
                return action
        raise NotationError(f"no legal action {text!r} now")


def legal_strings(state: GameState) -> list[str]:
    """The notation of every legal action, for logs and prompts."""
    return [str(a) for a in state.legal_actions()]


def replay(state: GameState, actions: Sequence[Action | str]) -> GameState:
    """Apply ``actions`` in order from ``state`` and return the final state."""
    for action in actions:
        state = state.apply(action)
    return state


# -- agents -----------------------------------------------------------------------------------


class Agent(Protocol):
    """A player: given its view of the state, it picks one of the legal actions."""

    def act(self, view: GameState) -> Action: ...


_LEGAL_ONLY: set[Callable[..., Action]] = set()
"""The ``act`` methods marked by :func:`acts_on_legal_actions`."""

ActMethod = TypeVar("ActMethod", bound=Callable[..., Action])


def acts_on_legal_actions(act: ActMethod) -> ActMethod:
    """Mark an agent class's ``act`` as looking at nothing of its view but the legal actions
    (:meth:`GameState.random_action`, :meth:`GameState.legal_actions`), which the view of the
    player to act shares with the state: :meth:`Match.step` may then pass the state itself
    (where the game's :attr:`GameState.legal_in_views` says so) and make no view. A subclass
    that overrides ``act`` is not marked, so it is shown views again."""
    _LEGAL_ONLY.add(act)
    return act


def _shown(state: GameState, player: Player, agent: Agent) -> GameState:
    """What :meth:`Match.step` shows ``agent`` deciding for ``player``: ``player``'s view, or
    the state itself to an agent that looks at the legal actions alone where the view lists
    the state's very actions (it chooses the same in both; no view need be made)."""
    if type(state).legal_in_views and getattr(type(agent), "act", None) in _LEGAL_ONLY:
        return state
    return state.view(player)


# -- records ----------------------------------------------------------------------------------


@attrs.frozen(repr=False)
class Record:
    """A whole game: game, scenario, seed and every action (dice included), and the outcome.

    :func:`wargames.replay` rebuilds every state from the scenario, so a record is also a save
    file. A record *redacted* for a player (:meth:`Match.record` with a player) holds the game
    as that player saw it: its actions are :meth:`GameState.redact`-ed (``place ? ?``), its
    seed is left out (the seed would give every hidden draw away) and :attr:`redacted_for`
    names the player. Such a record cannot be replayed (:meth:`check_replayable`).
    """

    game: str
    scenario: RecordedScenario
    """A shipped scenario's id (``None``: the default) or a user's one in full, never a path."""
    seed: int | None
    actions: tuple[str, ...]
    outcome: Outcome | None
    options: dict[str, Any] = attrs.field(factory=dict)
    redacted_for: Player | None = None
    """``None`` for a full record; else the player whose view of the game this record is."""
    agents: dict[Player, str] = attrs.field(factory=dict)
    """Who played each side, by agent name (``human``, ``greedy``), when the game was saved at
    the terminal (``wargames play --resume`` plays on with them); empty when not known."""
    label: Label = None
    """What a sweep called this game's scenario (:func:`wargames.simulate` with several
    scenarios: the scenario's position or key, or the parameter it was made from); ``None``
    outside a sweep."""

    @property
    def replayable(self) -> bool:
        """Whether the record holds every action in full (it is not redacted)."""
        return self.redacted_for is None

    def check_replayable(self) -> None:
        """Raise :class:`~wargames.core.errors.RecordError` if the record is redacted."""
        if self.redacted_for is not None:
            raise RecordError(
                "redacted_for",
                f"this {self.game} record is redacted for {self.redacted_for} (the game as that "
                "player saw it) and cannot be replayed; replay the full record",
            )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its actions as one text, a line each (a worker of
        :func:`wargames.simulate` sends its records home so: a tenth smaller, five times
        faster to write and half again faster to read than one string per action); a record
        whose actions hold a line break pickles them one by one."""
        actions: tuple[str, ...] | str = self.actions
        text = "\n".join(self.actions)
        if self.actions and text.count("\n") == len(self.actions) - 1:
            actions = text
        values = attrs.astuple(self, recurse=False)  # the fields in order, actions the 4th
        return (_record_from_pickle, (values[:3], actions, values[4:]))

    def __repr__(self) -> str:
        """One line: game, scenario, seed, number of actions, outcome (not the actions)."""
        from wargames.drawing.notebook import record_repr

        return record_repr(self)

    def to_json(self) -> dict[str, Any]:
        return (
            {
                "game": self.game,
                "scenario": saved_form(self.scenario),
                "seed": self.seed,
                "options": dict(self.options),
                "actions": list(self.actions),
                "outcome": None if self.outcome is None else self.outcome.to_json(),
                "redacted_for": self.redacted_for,
            }
            | ({"agents": dict(self.agents)} if self.agents else {})
            | ({"label": self.label} if self.label is not None else {})
        )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Record:
        """Read a record written by :meth:`to_json`, checking every key: a document from
        outside that is not a record raises :class:`~wargames.core.errors.RecordError` naming
        the key and the problem (it never loads half a record)."""
        if not isinstance(data, Mapping):
            raise RecordError("(top level)", f"expected a JSON object, got {_kind(data)}")
        unknown = sorted(set(data) - _RECORD_KEYS, key=str)
        if unknown:
            raise RecordError(str(unknown[0]), f"unknown key; a record has {sorted(_RECORD_KEYS)}")
        for key in ("game", "scenario", "actions"):
            if key not in data:
                raise RecordError(key, "missing")
        return cls(
            game=_name(data["game"], "game"),
            scenario=record_scenario(data.get("scenario"), data["game"]),
            seed=_seed(data.get("seed")),
            actions=_actions(data["actions"]),
            outcome=_outcome(data.get("outcome")),
            options=_options(data.get("options")),
            redacted_for=_optional_name(data.get("redacted_for"), "redacted_for"),
            agents=_agents(data.get("agents")),
            label=_label(data.get("label")),
        )


def _record_from_pickle(
    head: tuple[Any, ...], actions: tuple[str, ...] | str, rest: tuple[Any, ...]
) -> Record:
    """A record read back from :meth:`Record.__reduce__`'s form."""
    listed = tuple(actions.split("\n")) if isinstance(actions, str) else actions
    made: Any = Record  # its fields in order, as attrs.astuple gave them
    record: Record = made(*head, listed, *rest)
    return record


_RECORD_KEYS = frozenset(
    {"game", "scenario", "seed", "options", "actions", "outcome", "redacted_for", "agents", "label"}
)
MAX_ACTIONS = MAX_STEPS
"""The most actions a record may hold, the most a game may be played for (the longest shipped
games take a few thousand)."""


def _kind(value: object) -> str:
    return type(value).__name__ if value is not None else "null"


def _name(value: object, key: str) -> str:
    if not isinstance(value, str):
        raise RecordError(key, f"expected a string, got {_kind(value)}")
    if not value or len(value) > MAX_NAME or not value.isprintable():
        raise RecordError(key, f"expected a printable name of 1 to {MAX_NAME} characters")
    return value


def _optional_name(value: object, key: str) -> str | None:
    return None if value is None else _name(value, key)


def _seed(value: object) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError("seed", f"expected a whole number or null, got {_kind(value)}")
    if not 0 <= value < MAX_SEED:
        raise RecordError("seed", "expected a whole number from 0 below 2**128")
    return value


def _actions(value: object) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        raise RecordError("actions", f"expected a list of actions, got {_kind(value)}")
    if len(value) > MAX_ACTIONS:
        raise RecordError("actions", f"more than {MAX_ACTIONS} actions")
    for i, action in enumerate(value):
        if not isinstance(action, str) or not 0 < len(action) <= MAX_NAME:
            raise RecordError(
                f"actions[{i}]", f"expected an action's notation, got {shown(action)}"
            )
    return tuple(value)


def _outcome(value: object) -> Outcome | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) - {"winner", "reason", "turn"}:
        raise RecordError("outcome", "expected {winner, reason, turn} or null")
    turn = value.get("turn")
    if turn is not None and (not isinstance(turn, int) or isinstance(turn, bool) or turn < 0):
        raise RecordError("outcome.turn", f"expected a whole number or null, got {shown(turn)}")
    reason = value.get("reason", "")
    if not isinstance(reason, str) or len(reason) > 10 * MAX_NAME:
        raise RecordError("outcome.reason", "expected a short text")
    return Outcome(_optional_name(value.get("winner"), "outcome.winner"), reason, turn)


def _label(value: object) -> Label:
    """A sweep's label: a short printable text, a whole number within 64 bits, a finite number
    or true/false (or null)."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        return _name(value, "label")
    if isinstance(value, int) and -(2**63) <= value < 2**63:
        return value
    if isinstance(value, float) and math.isfinite(value):
        return value
    raise RecordError("label", f"expected a short text, a number or true/false, got {shown(value)}")


def _agents(value: object) -> dict[Player, str]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise RecordError("agents", f"expected an object of player: agent, got {_kind(value)}")
    return {
        _name(player, "agents"): _name(name, f"agents.{player}") for player, name in value.items()
    }


def _options(value: object) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise RecordError("options", f"expected an object of options, got {_kind(value)}")
    for key in value:
        _name(key, "options")
    return dict(value)  # the values are checked by the game's options schema on replay


# -- the match driver -------------------------------------------------------------------------


def pick_outcome(outcomes: Sequence[tuple[Action, float]], r: float) -> Action:
    """The outcome of a chance node that a uniform ``r`` in [0, 1) picks, by cumulative
    probability (how :meth:`Match.roll` draws; scripts that play states directly use it to
    draw the same way): the first whose running sum of probabilities exceeds ``r``, else the
    last. A tuple of :data:`MANY_OUTCOMES` or more that recurs (a d100, a roll of several
    battle dice: the games keep such tables) is searched by bisection in its running sums
    (:func:`_running_sums`): the same sums, so the same outcome."""
    if len(outcomes) >= MANY_OUTCOMES and type(outcomes) is tuple:
        sums = _running_sums(outcomes)
        if sums is not None:
            i = bisect_right(sums, r)
            found: Action = outcomes[i][0] if i < len(sums) else outcomes[-1][0]
            return found
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    if not outcomes:
        raise RuleViolation("CHANCE", "no dice are called for now")
    return outcomes[-1][0]


MANY_OUTCOMES = 16
"""From this many outcomes :func:`pick_outcome` bisects a recurring tuple (a d10's loop is as
quick as the look-up of its sums; a d100's loop takes several times as long)."""

_SUMS: dict[int, tuple[tuple[tuple[Action, float], ...], tuple[float, ...] | None]] = {}
"""id of an outcome tuple -> (the tuple, its running sums, ``None`` until it recurs): the tuple
is held, so its id is not reused while its entry lives; at most :data:`SUMS_KEPT` entries."""

SUMS_KEPT = 256
"""The outcome tuples :func:`_running_sums` keeps (every game's dice tables are a few dozen;
tuples made afresh at each node, such as a draw pile's cards, fill it and are forgotten)."""


def _running_sums(outcomes: tuple[tuple[Action, float], ...]) -> tuple[float, ...] | None:
    """The running sums of the probabilities of ``outcomes``, in order (the very values
    :func:`pick_outcome`'s loop compares ``r`` with), worked out when the same tuple comes a
    second time and kept by its identity; ``None`` the first time (a tuple made for one node
    is not worth summing)."""
    key = id(outcomes)
    known = _SUMS.get(key)
    if known is not None and known[0] is outcomes:
        sums = known[1]
        if sums is None:  # the same additions in the same order as the loop's
            sums = tuple(accumulate([p for _, p in outcomes]))
            _SUMS[key] = (outcomes, sums)
        return sums
    if len(_SUMS) >= SUMS_KEPT:
        _SUMS.clear()
    _SUMS[key] = (outcomes, None)
    return None


class Match(Generic[S]):
    """Drives one game: resolves chance with a seeded generator, logs, undoes and replays.

    ``Match(state, seed=7)`` starts from ``state``. :meth:`apply` takes a decision (an action or
    its notation), :meth:`step` lets the agent of the pending player decide (or rolls the dice
    at a chance node), :meth:`run` plays on until the game ends. :meth:`force_dice` queues die
    values for the next chance nodes, for what-ifs. The same seed and the same decisions give
    the same game on every machine.
    """

    def __init__(
        self,
        state: S,
        seed: int | None = None,
        agents: Mapping[Player, Agent] | None = None,
        scenario: RecordedScenario = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        import numpy as np

        self.seed = bounds.seed(seed)
        self.scenario = scenario
        self.options = dict(options or {})
        self.rng = np.random.default_rng(self.seed)
        self.agents: dict[Player, Agent] = dict(agents or {})
        self.actions: list[Action] = []
        self.states: History[S] = History(state, self.actions)
        """Every state from the first (:class:`~wargames.core.history.History`: a sequence
        that keeps a few states alive and recomputes the others from the actions)."""
        self.players: list[Player | None] = []
        self._forced: list[Action | int] = []

    # -- state ------------------------------------------------------------------------------

    @property
    def state(self) -> S:
        return self.states.last

    @property
    def initial(self) -> S:
        return self.states[0]

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    @property
    def over(self) -> bool:
        return self.state.current_player is None

    # -- decisions --------------------------------------------------------------------------

    def apply(self, action: Action | str) -> S:
        """Apply one action (or notation) to the current state and log it."""
        state = self.state
        nxt = state.apply(action)
        if isinstance(action, str):
            action = state.parse_action(action)
        self.players.append(state.current_player)
        self.actions.append(action)
        self.states.append(nxt)
        return nxt

    def force_dice(self, *values: int) -> Self:
        """Make the next chance nodes come up with these die values (or outcomes), in order."""
        self._forced.extend(values)
        return self

    def force(self, *outcomes: Action | str) -> Self:
        """Make the next chance nodes come up with these outcomes (actions or notation)."""
        self._forced.extend(o if not isinstance(o, str) else _Notation(o) for o in outcomes)
        return self

    def roll(self) -> S:
        """Resolve the pending chance node: a forced value if one is queued, else the generator
        (from the outcomes the state keeps, not a list copied for each roll)."""
        state = self.state
        outcomes = state._chance_tuple() if state.current_player == CHANCE else ()
        if not outcomes:
            raise RuleViolation("CHANCE", "no dice are called for now")
        if self._forced:
            return self.apply(self._pick_forced(state, outcomes))
        return self.apply(pick_outcome(outcomes, float(self.rng.random())))

    def _pick_forced(self, state: GameState, outcomes: Sequence[tuple[Action, float]]) -> Action:
        want = self._forced[0]
        for action, _ in outcomes:
            if _matches(action, want):
                self._forced.pop(0)
                return action
        self._forced.clear()  # the queued sequence no longer lines up with the dice
        raise RuleViolation(
            "CHANCE",
            f"the forced outcome {want} is not possible here: "
            + ", ".join(str(a) for a, _ in outcomes),
        )

    def step(self) -> S:
        """One decision: roll at a chance node, else ask the pending player's agent (a seat
        ``side/role`` of a team game without an agent of its own is played by its side's)."""
        player = self.state.current_player
        if player is None:
            raise RuleViolation("GAME-OVER", "the game is over")
        if player == CHANCE:
            return self.roll()
        agent = self.agent_for(player)
        if agent is None:
            raise RuleViolation("MATCH", f"no agent plays {player}; apply its action yourself")
        return self.apply(agent.act(_shown(self.state, player, agent)))

    def agent_for(self, player: Player) -> Agent | None:
        """The agent that plays ``player``: its own, or for a seat ``side/role`` of a team game
        without one, its side's."""
        agent = self.agents.get(player)
        if agent is None and "/" in player:
            agent = self.agents.get(player.split("/", 1)[0])
        return agent

    def run(self, max_steps: int | None = None) -> Outcome | None:
        """Play on with the agents (and dice) until the game ends or ``max_steps`` are taken.

        Each step is :meth:`step`'s, written out in the loop (the state and its player read
        once a step, the action logged as :meth:`apply` logs it): random playouts through a
        match spend their time here. A subclass that overrides :meth:`step`, :meth:`roll` or
        :meth:`apply` is stepped through them."""
        if not _plain_steps(type(self)):
            steps = 0
            while self.state.current_player is not None and (
                max_steps is None or steps < max_steps
            ):
                self.step()
                steps += 1
            return self.outcome
        steps, states, rng = 0, self.states, self.rng
        log_player, log_action, keep = self.players.append, self.actions.append, states.append
        playing: dict[Player, Agent] = {}  # each player's agent, found once
        state = states.last
        while True:
            player = state.current_player
            if player is None or (max_steps is not None and steps >= max_steps):
                return state.outcome
            if player == CHANCE:
                if self._forced:
                    state = self.roll()  # the dice forced: roll picks the value queued
                    steps += 1
                    continue
                action = state.random_action(rng)  # roll's draw, found without a list if it can
            else:
                agent = playing.get(player)
                if agent is None:
                    agent = self.agent_for(player)
                    if agent is None:
                        raise RuleViolation(
                            "MATCH", f"no agent plays {player}; apply its action yourself"
                        )
                    playing[player] = agent
                action = agent.act(_shown(state, player, agent))
            nxt = state.apply(action)
            if isinstance(action, str):
                action = state.parse_action(action)
            log_player(player)
            log_action(action)
            keep(nxt)
            state = nxt
            steps += 1

    def advance(self) -> S:
        """Resolve chance nodes (and agents' turns) until a player without an agent must decide."""
        while True:
            player = self.state.current_player
            if player is None or (player != CHANCE and self.agent_for(player) is None):
                return self.state
            self.step()

    def undo(self, count: int = 1) -> S:
        """Take back the last ``count`` actions (dice included)."""
        if count < 0 or count > len(self.actions):
            raise ValueError(f"cannot undo {count} of {len(self.actions)} actions")
        self.states.cut(count)
        del self.actions[len(self.actions) - count :]
        del self.players[len(self.players) - count :]
        return self.state

    def undo_decision(self) -> S:
        """Take back actions until the last decision of a player (not of chance) is undone."""
        while self.players and self.players[-1] == CHANCE:
            self.undo()
        if self.players:
            self.undo()
        return self.state

    # -- records ----------------------------------------------------------------------------

    @property
    def log(self) -> list[str]:
        """``"player: action"`` for every action so far."""
        return [f"{p}: {a}" for p, a in zip(self.players, self.actions, strict=True)]

    def log_for(self, player: Player) -> list[str]:
        """The :attr:`log` as ``player`` saw it: every action :meth:`GameState.redact`-ed for
        ``player`` in the state it was taken in (``"traitor: place ? ?"``)."""
        return [f"{p}: {a}" for p, a in zip(self.players, self.redacted(player), strict=True)]

    def redacted(self, player: Player) -> list[str]:
        """The notation of every action so far as ``player`` may see it."""
        self._check_player(player)
        return [s.redact(a, player) for s, a in zip(self.states, self.actions, strict=False)]

    def record(self, player: Player | None = None) -> Record:
        """The game so far as a :class:`Record`.

        Without ``player``: the full record (seed and every action), which
        :func:`wargames.replay` plays again. With a ``player``: the game as that player saw it,
        each action :meth:`GameState.redact`-ed and the seed left out; the record says so
        (:attr:`Record.redacted_for`) and cannot be replayed.
        """
        scenario = recorded_scenario(self.initial, self.scenario)
        if player is None:
            return Record(
                game=type(self.initial).game,
                scenario=scenario,
                seed=self.seed,
                actions=tuple(str(a) for a in self.actions),
                outcome=self.outcome,
                options=self.options,
            )
        return Record(
            game=type(self.initial).game,
            scenario=scenario,
            seed=None,
            actions=tuple(self.redacted(player)),
            outcome=self.outcome,
            options=self.options,
            redacted_for=player,
        )

    def _check_player(self, player: Player) -> None:
        players = type(self.initial).players
        if players and player not in players:
            raise UnknownPlayerError(player, players)

    def replay(self) -> list[S]:
        """Every state from the start, recomputed from the actions (a check of the log)."""
        states = [self.initial]
        for action in self.actions:
            states.append(states[-1].apply(action))
        return states

    def _repr_svg_(self) -> str | None:
        """The current state's drawing (its public view) in Jupyter."""
        from wargames.drawing.notebook import svg_repr

        return svg_repr(self.state)

    def __repr__(self) -> str:
        """One line: game, scenario, seed, actions so far, turn and phase, who decides."""
        from wargames.drawing.notebook import match_repr

        return match_repr(self)


_PLAIN_STEPS: dict[type, bool] = {}
"""Match class -> whether it steps as :class:`Match` does (:meth:`Match.run` writes the step
out then)."""


def _plain_steps(cls: type) -> bool:
    """Whether the match class ``cls`` keeps :class:`Match`'s own ``step``, ``roll``,
    ``apply``, ``agent_for`` and ``state`` (remembered per class)."""
    found = _PLAIN_STEPS.get(cls)
    if found is None:
        found = _PLAIN_STEPS[cls] = all(
            getattr(cls, name) is getattr(Match, name)
            for name in ("step", "roll", "apply", "agent_for", "state")
        )
    return found


@attrs.frozen
class _Notation:
    text: str

    def __str__(self) -> str:
        return self.text


def _matches(action: Action, want: object) -> bool:
    if isinstance(want, int):
        return getattr(action, "value", None) == want
    if isinstance(want, _Notation):
        return str(action) == want.text
    return action == want
