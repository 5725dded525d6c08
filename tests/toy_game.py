"""A toy game for tests: a two-player dice race ("Pig") that implements the whole protocol.

Rules (ids ``TOY-...``): on his turn a player chooses ``roll`` or ``hold``. ``roll`` makes the
state a chance node where one D6 is rolled (notation ``roll 4``): a 1 loses the points rolled
this turn and passes the turn; any other face adds to the pot and the same player decides
again. ``hold`` (only once something is in the pot) banks the pot; the first player to bank
``target`` points wins. A *turn* is one go for each player; with the ``turn_limit`` option the
game is drawn once that many turns have passed without a winner (bots get a limit through
``Game.bot_options``).

Use it as a fixture wherever a test needs a game that is small, fast and has chance nodes::

    import toy_game

    @pytest.fixture(autouse=True)
    def _toy(monkeypatch):
        toy_game.install(monkeypatch)   # wargames.load("toy"), the CLI, sim ... now find it

Scenarios: ``"default"`` (race to 10), ``"long"`` (race to 30) or the path of a TOML file with
``target = N`` (and optionally ``turn_limit = N``), read through :mod:`wargames.core.scenario`
so a bad file raises :class:`~wargames.core.errors.ScenarioError`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

import attrs

from wargames.core import codec, registry
from wargames.core.agents import RandomAgent
from wargames.core.engine import CHANCE, Action, Agent, GameState, Outcome, Player
from wargames.core.errors import NotationError, RuleViolation, ScenarioError
from wargames.core.options import Option, Options
from wargames.core.scenario import Node, ScenarioInfo, read_toml
from wargames.core.sequence import SequenceOfPlay, Step

if TYPE_CHECKING:
    import pytest

GAME_ID = "toy"
PLAYERS: tuple[Player, ...] = ("red", "blue")
SCENARIOS: Mapping[str, int] = {"default": 10, "long": 30}
OPTIONS = Options(
    (
        Option("target", int, "points to bank to win", low=1, high=1000),
        Option("turn_limit", int, "a draw after N turns", low=1, high=1000, default_text="none"),
    )
)


# -- actions ---------------------------------------------------------------------------------


@attrs.frozen
class Roll:
    """The player's decision to roll the die (``roll``)."""

    def __str__(self) -> str:
        return "roll"


@attrs.frozen
class Hold:
    """The player's decision to bank the pot and pass the turn (``hold``)."""

    def __str__(self) -> str:
        return "hold"


@attrs.frozen
class Die:
    """A chance outcome: the die shows ``value`` (``roll 4``)."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


ToyAction = Roll | Hold | Die
FACES = tuple(Die(v) for v in range(1, 7))
_FACE_NAMES = frozenset(str(face.value) for face in FACES)


# -- the state -------------------------------------------------------------------------------


@codec.saved("toy/state")
@attrs.frozen
class ToyState(GameState):
    """One position of the race: banked scores, the pot, whose go it is, and the turn.

    A plain :class:`~wargames.core.engine.GameState` (tests build positions field by field),
    saved by the core codec like the task-driven states of the four games."""

    game: ClassVar[str] = GAME_ID
    players: ClassVar[tuple[Player, ...]] = PLAYERS

    target: int = 10
    turn_limit: int | None = None
    scores: tuple[int, int] = (0, 0)
    pot: int = 0
    seat: int = 0
    rolling: bool = False
    turn: int = 1
    _memo: dict[str, Any] = attrs.field(init=False, factory=dict, eq=False, repr=False)

    # -- whose decision ------------------------------------------------------------------------

    @property
    def winner(self) -> Player | None:
        for player, score in zip(PLAYERS, self.scores, strict=True):
            if score >= self.target:
                return player
        return None

    @property
    def outcome(self) -> Outcome | None:
        winner = self.winner
        if winner is not None:
            return Outcome(winner, f"reached {self.target} points", self.turn)
        if self.turn_limit is not None and self.turn > self.turn_limit:
            return Outcome(None, f"no winner in {self.turn_limit} turns", self.turn_limit)
        return None

    @property
    def current_player(self) -> Player | None:
        if self.outcome is not None:
            return None
        return CHANCE if self.rolling else PLAYERS[self.seat]

    # -- rules ---------------------------------------------------------------------------------

    def _legal(self) -> tuple[Action, ...]:
        # TOY-HOLD-01: hold only with something in the pot.
        return (Roll(), Hold()) if self.pot > 0 else (Roll(),)

    def _chance(self) -> tuple[tuple[Action, float], ...]:
        return tuple((face, 1 / 6) for face in FACES)

    def _apply(self, action: Action) -> Self:
        if isinstance(action, Roll):
            return attrs.evolve(self, rolling=True)
        if isinstance(action, Die):
            if action.value == 1:  # TOY-ROLL-02: a 1 loses the pot.
                return attrs.evolve(self, rolling=False, pot=0)._pass_turn()
            return attrs.evolve(self, rolling=False, pot=self.pot + action.value)
        assert isinstance(action, Hold)
        scores = list(self.scores)
        scores[self.seat] += self.pot
        banked = attrs.evolve(self, scores=(scores[0], scores[1]), pot=0)
        return banked if banked.winner is not None else banked._pass_turn()

    def _pass_turn(self) -> Self:
        seat = 1 - self.seat
        return attrs.evolve(self, seat=seat, turn=self.turn + 1 if seat == 0 else self.turn)

    def _explain(self, action: Action) -> RuleViolation:
        if self.rolling:
            return RuleViolation("TOY-ROLL-01", f"the die must be rolled before {action}")
        if isinstance(action, Die):
            return RuleViolation("TOY-ROLL-01", "the die is rolled only after a player rolls")
        if isinstance(action, Hold):
            return RuleViolation("TOY-HOLD-01", "a player may hold only with points in the pot")
        return RuleViolation("TOY", f"{action} is not a legal action now")

    # -- notation, views, JSON -----------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        words = text.strip().split()
        if words == ["roll"]:
            return Roll()
        if words == ["hold"]:
            return Hold()
        if len(words) == 2 and words[0] == "roll" and words[1] in _FACE_NAMES:
            return Die(int(words[1]))
        raise NotationError(f"not a toy action: {text!r} (expected roll, hold or 'roll 1-6')")

    def view(self, player: Player) -> Self:
        return self  # nothing is hidden

    def to_json(self) -> dict[str, Any]:
        return codec.state_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        return codec.state_from_json(cls, data)

    def invariant_violations(self) -> list[str]:
        out = []
        if self.seat not in (0, 1):
            out.append(f"seat {self.seat} is not 0 or 1")
        if self.pot < 0 or min(self.scores) < 0:
            out.append("negative points")
        return out

    def __str__(self) -> str:
        scores = ", ".join(f"{p} {s}" for p, s in zip(PLAYERS, self.scores, strict=True))
        who = self.current_player
        status = "over" if who is None else f"{who} to {'roll' if who == CHANCE else 'play'}"
        return f"turn {self.turn} · {scores} · {status} · pot {self.pot} (race to {self.target})"


# -- the plugin ------------------------------------------------------------------------------


def new(scenario: str | None, options: Mapping[str, Any]) -> ToyState:
    """The initial state of a scenario name or TOML file, with options applied."""
    name = scenario or "default"
    chosen = OPTIONS.check(options, GAME_ID)
    if name in SCENARIOS:
        target, limit = SCENARIOS[name], None
    elif name.endswith(".toml"):
        node = read_toml(name)
        target = _positive(node, "target")
        limit = _positive(node, "turn_limit") if node.has("turn_limit") else None
    else:
        raise ScenarioError(name, "(scenario)", f"unknown scenario; known: {sorted(SCENARIOS)}")
    target = chosen["target"] or target
    turn_limit = chosen["turn_limit"] or limit
    return ToyState(target=target, turn_limit=None if turn_limit is None else int(turn_limit))


def _positive(node: Node, key: str) -> int:
    value = node.get(key, int)
    if value < 1:
        raise node.error(f"must be at least 1, got {value}", key)
    return value


class Cautious:
    """Rolls until the pot holds at least ``stop`` points, then holds (deterministic)."""

    def __init__(self, stop: int = 4) -> None:
        self.stop = stop

    def act(self, view: GameState) -> Action:
        assert isinstance(view, ToyState)
        return Hold() if view.pot >= self.stop else Roll()


def roll_odds(rolls: int) -> tuple[float, float]:
    """The chance that ``rolls`` more rolls never show a 1, and the mean points kept."""
    safe = (5 / 6) ** rolls
    return safe, safe * 4 * rolls  # faces 2-6 average 4


def odds(argv: Sequence[str]) -> dict[str, Any]:
    """``wargames odds toy N``: the chance that N more rolls never show a 1, and the mean gain."""
    if len(argv) != 1 or not argv[0].isdigit():
        raise ValueError("toy odds takes one argument: the number of rolls (e.g. 3)")
    rolls = int(argv[0])
    safe, gain = roll_odds(rolls)
    text = f"{rolls} roll(s): no 1 with probability {safe:.3f}; mean points kept {gain:.2f}"
    return {"rolls": rolls, "p_safe": safe, "mean_gain": gain, "text": text}


def _random(seed: int | None, player: Player) -> Agent:
    return RandomAgent(seed)


def _greedy(seed: int | None, player: Player) -> Agent:
    return Cautious(4)


SEQUENCE = SequenceOfPlay(
    GAME_ID,
    (
        Step(
            "Turn",
            "each player in turn takes one go",
            repeat="until a player reaches the target",
            steps=(
                Step("Decide", "roll or hold", ("TOY-HOLD-01",)),
                Step("Roll", "a 1 loses the pot; else add it", ("TOY-ROLL-01", "TOY-ROLL-02")),
            ),
        ),
    ),
)

GAME = registry.Game(
    id=GAME_ID,
    title="Toy dice race",
    players=PLAYERS,
    new=new,
    scenarios=lambda: tuple(SCENARIOS),
    default_scenario="default",
    agents={"random": _random, "greedy": _greedy},
    sequence=SEQUENCE,
    odds=registry.OddsCalculator(command=odds, compute=roll_odds, signature="rolls -> (p, mean)"),
    bot_options={"turn_limit": 50},
    options=OPTIONS,
    scenario_info=lambda: (
        ScenarioInfo("default", "The Short Race", "race to 10 points"),
        ScenarioInfo("long", "The Long Race", "race to 30 points"),
    ),
)


def install(monkeypatch: pytest.MonkeyPatch) -> registry.Game:
    """Register :data:`GAME` as ``"toy"`` for one test (undone by ``monkeypatch``)."""
    specs = {**registry._specs(), GAME_ID: f"{__name__}:GAME"}
    monkeypatch.setattr(registry, "_specs", lambda: specs)
    registry.game.cache_clear()
    return GAME
