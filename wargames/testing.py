"""The conformance kit: checks every game passes (DESIGN, "Quality gates").

* :func:`check_state` checks one state: clone equality, an exact JSON round trip, every legal
  action (or chance outcome) applies, illegal actions raise :class:`RuleViolation` and change
  nothing, the game's invariants hold, and every player's view can be taken.
* :func:`playout` plays a game with agents and checks every state on the way (or every k-th),
  and that the game ends within a bound.
* :func:`check_determinism` and :func:`check_game_determinism` play the same seed twice, and
  again in a fresh Python process with another hash seed: the same seed must give the same
  actions everywhere.
* :func:`check_game` runs all of it on any registered game (or a :class:`~wargames.Game`
  descriptor) in one call: its descriptor, seeded random games of every shipped scenario checked
  at every step, a record that replays through JSON, and determinism across processes.
* :func:`check_sequence` checks that a game's flow and its declared sequence of play agree.
* :func:`random_states` walks a seeded random game, for tests that check something on every
  state of real play.

A failed check raises :class:`ConformanceError` (an ``AssertionError``) saying what broke::

    from wargames.testing import check_game_determinism, playout
    final, actions = playout(wargames.load("armageddon"), agents, seed=3, max_steps=5000)
"""

from __future__ import annotations

import importlib.util
import json
import os
import pickle
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from wargames.core.engine import (
    CHANCE,
    Action,
    Agent,
    GameState,
    Match,
    Outcome,
    Player,
    Record,
)
from wargames.core.errors import RuleViolation
from wargames.core.sequence import SequenceOfPlay, plan, task_classes_of, trace
from wargames.core.sources import ScenarioSource

if TYPE_CHECKING:
    from wargames.core.registry import Game

__all__ = [
    "ConformanceError",
    "GameReport",
    "check_determinism",
    "check_game",
    "check_game_determinism",
    "check_light",
    "check_sequence",
    "check_state",
    "playout",
    "playout_actions",
    "random_states",
    "record_actions",
]

S = TypeVar("S", bound=GameState)
NewState = Callable[[], GameState]
AgentsFactory = Callable[[int], Mapping[Player, Agent]]


class ConformanceError(AssertionError):
    """A game breaks the protocol; the message says which check failed and where."""


def _fail(state: GameState, problem: str) -> ConformanceError:
    who = state.current_player
    return ConformanceError(
        f"{type(state).game or type(state).__name__} (to move: {who}): {problem}"
    )


# -- one state --------------------------------------------------------------------------------


def check_state(state: GameState, others: Sequence[Action] = ()) -> None:
    """Run every per-state check on ``state``; ``others`` are actions that should be illegal
    here unless they are in the legal list (e.g. actions taken earlier in the game)."""
    check_light(state, others)
    _check_pickle(state)
    _check_legal(state)


LIGHT_PROBES = 6
"""Recent actions replayed as illegal-action probes at each light check."""


def check_light(state: GameState, others: Sequence[Action] = ()) -> None:
    """The per-action checks cheap enough for every state of many games: clone equality, an
    exact JSON round trip, illegal actions refused without change, the invariants, and the
    views. (:func:`check_state` adds applying every legal action.)"""
    _check_clone(state)
    _check_invariants(state)  # first: reading back refuses a broken state
    saved = _check_json(state)
    _check_illegal(state, others, saved)
    _check_views(state)


def _check_invariants(state: GameState) -> None:
    problems = state.invariant_violations()
    if problems:
        raise _fail(state, "invariants fail: " + "; ".join(problems))


def _check_clone(state: GameState) -> None:
    twin = state.clone()
    if type(twin) is not type(state) or twin != state:
        raise _fail(state, "clone() is not equal to the state")


def _check_pickle(state: GameState) -> None:
    try:
        back = pickle.loads(pickle.dumps(state))
    except Exception as exc:
        raise _fail(state, f"the state does not pickle: {exc!r}") from None
    if back != state:
        raise _fail(state, "pickle round trip is not equal to the state")


def _check_json(state: GameState) -> dict[str, Any]:
    """The exact JSON round trip; returns ``state.to_json()`` (for :func:`_check_illegal`)."""
    data = state.to_json()
    try:
        text = json.dumps(data, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise _fail(state, f"to_json() is not JSON-ready: {exc}") from None
    parsed = json.loads(text)
    if parsed != data:
        raise _fail(state, "to_json() changes through JSON text (tuples, non-string keys?)")
    try:
        back = type(state).from_json(parsed)
    except Exception as exc:
        raise _fail(state, f"from_json(to_json()) raised {exc!r}") from None
    if back != state:
        raise _fail(state, "from_json(to_json()) is not equal to the state")
    if json.dumps(back.to_json(), sort_keys=True, allow_nan=False) != text:
        raise _fail(state, "to_json() of the read-back state differs")
    return data


def _check_legal(state: GameState) -> None:
    over, outcome = state.current_player is None, state.outcome
    if over != (outcome is not None):
        raise _fail(state, f"game over is {over} but the outcome is {outcome}")
    legal = state.legal_actions()
    if state.current_player == CHANCE:
        _check_chance(state, legal)
    elif not over and not legal:
        raise _fail(state, "a player must decide but has no legal action")
    if over and legal:
        raise _fail(state, "the game is over but there are legal actions")
    if len(set(legal)) != len(legal):
        raise _fail(state, "legal_actions() lists an action twice")
    before = state.to_json()
    for action in legal:
        _check_apply(state, action)
    if state.to_json() != before:
        raise _fail(state, "applying the legal actions changed the state")


def _check_chance(state: GameState, legal: list[Action]) -> None:
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise _fail(state, "a chance node without outcomes")
    total = sum(p for _, p in outcomes)
    if abs(total - 1) > 1e-9 or any(p <= 0 for _, p in outcomes):
        raise _fail(state, f"chance probabilities must be positive and sum to 1, got {total}")
    if [a for a, _ in outcomes] != legal:
        raise _fail(state, "legal_actions() differs from the chance outcomes")


def _check_apply(state: GameState, action: Action) -> None:
    try:
        parsed = state.parse_action(str(action))
    except Exception as exc:
        raise _fail(state, f"the notation {str(action)!r} does not parse: {exc!r}") from None
    if parsed != action:
        raise _fail(state, f"{str(action)!r} parses to {parsed!r}, not {action!r}")
    try:
        nxt = state.apply(action)
    except Exception as exc:
        raise _fail(state, f"the legal action {action} raised {exc!r}") from None
    if type(nxt) is not type(state):
        raise _fail(state, f"{action} gave a {type(nxt).__name__}")


def _check_illegal(
    state: GameState, others: Sequence[Action], before: dict[str, Any] | None = None
) -> None:
    """``others`` not in the legal list raise :class:`RuleViolation` and change nothing;
    ``before`` is ``state.to_json()`` if the caller has it already."""
    legal = set(state.legal_actions())
    before, twin = state.to_json() if before is None else before, state.clone()
    for action in others:
        if action in legal:
            continue
        try:
            state.apply(action)
        except RuleViolation:
            pass
        except Exception as exc:
            raise _fail(state, f"the illegal {action} raised {exc!r}, not RuleViolation") from None
        else:
            raise _fail(state, f"the illegal {action} did not raise RuleViolation")
        if state != twin:
            raise _fail(state, f"the illegal {action} changed the state")
    if others and state.to_json() != before:
        raise _fail(state, "an illegal action changed the state's JSON")


def _check_views(state: GameState) -> None:
    views: dict[Player, GameState] = {}
    for player in type(state).players:
        try:
            view = views[player] = state.view(player)
        except Exception as exc:
            raise _fail(state, f"view({player!r}) raised {exc!r}") from None
        if not isinstance(view, type(state)):
            raise _fail(state, f"view({player!r}) is a {type(view).__name__}")
    acting = state.current_player
    if not type(state).legal_in_views or acting is None or acting == CHANCE:
        return
    seen = views[acting] if acting in views else state.view(acting)
    if seen._legal_tuple() != state._legal_tuple():
        raise _fail(
            state,
            f"the view of {acting} (to act) lists other actions than the state, "
            "though its class says legal_in_views",
        )


# -- whole games ------------------------------------------------------------------------------


def random_states(state: S, seed: int, limit: int | None = None) -> Iterator[S]:
    """``state`` and every state after it of a seeded random game: at each decision the action
    :meth:`~wargames.core.engine.GameState.random_action` draws (a uniform pick from the legal
    actions, the dice by their probabilities, one number of a NumPy generator seeded with
    ``seed`` each), as a :class:`~wargames.core.agents.RandomAgent` and the benchmarks play;
    ``limit`` states at the most."""
    import numpy as np

    rng = np.random.default_rng(seed)
    yielded = 1
    yield state
    while state.current_player is not None and (limit is None or yielded < limit):
        state = state.apply(state.random_action(rng))
        yielded += 1
        yield state


def playout(
    state: GameState,
    agents: Mapping[Player, Agent],
    seed: int,
    max_steps: int,
    check_every: int = 1,
    must_end: bool = True,
    light: bool = False,
    light_every: int = 1,
    invariants_every: int = 1,
) -> tuple[GameState, list[Action]]:
    """Play from ``state`` with ``agents`` and a seeded :class:`Match`, checking the first
    state, every ``check_every``-th state and the last one in full, and with ``light`` every
    ``light_every``-th other state with :func:`check_light` and every ``invariants_every``-th
    of the rest for its invariants only; the game must end within ``max_steps`` actions
    (unless ``must_end`` is false)."""
    if min(check_every, light_every, invariants_every) < 1:
        raise ValueError("check_every, light_every and invariants_every must be at least 1")
    match = Match(state, seed=seed, agents=agents)
    check_state(state)
    for step in range(1, max_steps + 1):
        if match.over:
            break
        match.step()
        recent = tuple(dict.fromkeys(reversed(match.actions[-20:])))
        if step % check_every == 0 or match.over or step == max_steps:
            check_state(match.state, recent)
        elif light and step % light_every == 0:
            check_light(match.state, recent[:LIGHT_PROBES])
        elif light and step % invariants_every == 0:
            _check_invariants(match.state)
    if must_end and not match.over:
        raise _fail(match.state, f"the game did not end within {max_steps} actions")
    return match.state, list(match.actions)


def playout_actions(
    new_state: NewState, agents_factory: AgentsFactory, seed: int, max_steps: int
) -> list[str]:
    """The notation of every action of a game played with fresh agents (no checks)."""
    match = Match(new_state(), seed=seed, agents=agents_factory(seed))
    match.run(max_steps)
    return [str(a) for a in match.actions]


def record_actions(
    game_id: str,
    seed: int,
    agents: Mapping[Player, str] | None = None,
    scenario: str | None = None,
    max_steps: int | None = None,
) -> list[str]:
    """The actions of ``wargames.play(game_id, ...)``: a registered game with named bots."""
    import wargames

    record = wargames.play(
        game_id, dict(agents or {}), seed=seed, scenario=scenario, max_steps=max_steps
    )
    return list(record.actions)


def check_determinism(
    new_state: NewState,
    agents_factory: AgentsFactory,
    seed: int,
    max_steps: int = 100_000,
    in_subprocess: bool = True,
) -> list[str]:
    """Play the same seed twice (fresh state and agents each time), and once more in another
    Python process with another hash seed; all three must take the same actions.

    For the subprocess ``new_state`` and ``agents_factory`` must be module-level functions
    (they are imported there by name). Returns the actions.
    """
    first = playout_actions(new_state, agents_factory, seed, max_steps)
    _same(first, playout_actions(new_state, agents_factory, seed, max_steps), "a second run")
    if in_subprocess:
        args = [_spec(new_state), _spec(agents_factory), str(seed), str(max_steps)]
        _same(first, _run_child("playout", args), "another process")
    return first


def check_game_determinism(
    game_id: str, seed: int, scenario: str | None = None, max_steps: int | None = None
) -> list[str]:
    """:func:`record_actions` twice here and once in another process must agree."""
    first = record_actions(game_id, seed, scenario=scenario, max_steps=max_steps)
    _same(
        first, record_actions(game_id, seed, scenario=scenario, max_steps=max_steps), "a second run"
    )
    args = [game_id, str(seed), scenario or "", "" if max_steps is None else str(max_steps)]
    _same(first, _run_child("record", args), "another process")
    return first


@attrs.frozen
class GameReport:
    """What :func:`check_game` played: per scenario, the seeds and how the games ended."""

    game: str
    games: int
    decisions: int
    outcomes: Mapping[str, Mapping[str, int]]
    """Scenario -> how often each result came up (a winner's name, or ``"draw"``)."""

    def __str__(self) -> str:
        lines = [f"{self.game}: {self.games} games, {self.decisions} decisions, all checks passed"]
        for scenario, counts in self.outcomes.items():
            shown = ", ".join(f"{who} {n}" for who, n in sorted(counts.items()))
            lines.append(f"  {scenario}: {shown}")
        return "\n".join(lines)


def check_game(
    game: str | Game,
    *,
    seeds: Sequence[int] = (0,),
    scenarios: Sequence[str] | None = None,
    max_steps: int = 100_000,
    check_every: int = 25,
    light: bool = True,
    in_subprocess: bool = True,
) -> GameReport:
    """The whole conformance kit on one game, in one call.

    ``game`` is a registered game id or a :class:`~wargames.Game` descriptor (a game being
    written need not be installed yet). It checks the descriptor (players, scenarios, a
    ``"random"`` agent, the default scenario among the shipped ones), then for every shipped
    scenario (or those given) and every seed plays random agents on every side from the
    initial state with the game's bot options, checking every state on the way
    (:func:`playout`: clone, JSON and pickle round trips, illegal actions refused without
    change, invariants, views, legal actions that apply; ``light`` checks between the full
    ones every ``check_every`` actions), requires the game to end within ``max_steps``, and
    replays its :class:`~wargames.Record` through JSON to the same final state. Finally the
    first seed of the default scenario is played again, here and (for a registered game, with
    ``in_subprocess``) in another Python process, and must give the same game. Raises
    :class:`ConformanceError` naming the first failure; returns a :class:`GameReport`.
    """
    from wargames.core.registry import game as registered

    descriptor = registered(game) if isinstance(game, str) else game
    _check_descriptor(descriptor)
    names = list(scenarios) if scenarios is not None else list(descriptor.scenarios())
    outcomes: dict[str, dict[str, int]] = {}
    games = decisions = 0
    for scenario in names:
        counts = outcomes.setdefault(scenario, {})
        for seed in seeds:
            final, actions = _checked_game(
                descriptor, scenario, seed, max_steps, check_every, light
            )
            games += 1
            decisions += len(actions)
            outcome = final.outcome
            who = "draw" if outcome is None or outcome.winner is None else outcome.winner
            counts[who] = counts.get(who, 0) + 1
    _check_game_seed(descriptor, seeds[0] if seeds else 0, max_steps, in_subprocess)
    return GameReport(descriptor.id, games, decisions, outcomes)


def _check_descriptor(game: Game) -> None:
    def wrong(problem: str) -> ConformanceError:
        return ConformanceError(f"the descriptor of {game.id or '(no id)'}: {problem}")

    if not game.id or not game.title:
        raise wrong("it needs an id and a title")
    if not game.players or len(set(game.players)) != len(game.players):
        raise wrong(f"players must be distinct names, got {game.players!r}")
    names = list(game.scenarios())
    if not names or game.default_scenario not in names:
        raise wrong(f"the default scenario {game.default_scenario!r} is not among {names}")
    if "random" not in game.agents:
        raise wrong(f"it has no 'random' agent (agents: {', '.join(game.agents)})")


def _new_state(game: Game, scenario: str | ScenarioSource | None) -> GameState:
    """The game's initial state (a user's scenario carried by a record through ``start``)."""
    if isinstance(scenario, ScenarioSource):
        state = game.start(scenario, dict(game.bot_options))
    else:
        state = game.new(scenario, dict(game.bot_options))
    if not isinstance(state, GameState) or type(state).game != game.id:
        raise ConformanceError(f"{game.id}: new({scenario!r}) did not give a state of the game")
    return state


def _random_agents(game: Game, seed: int) -> dict[Player, Agent]:
    factory = game.agents["random"]
    return {p: factory(seed * 7919 + i + 1, p) for i, p in enumerate(game.players)}


def _checked_game(
    game: Game, scenario: str, seed: int, max_steps: int, check_every: int, light: bool
) -> tuple[GameState, list[Action]]:
    """One seeded random game, checked at every step, whose record replays through JSON."""
    state = _new_state(game, scenario)
    if state.current_player is None:
        raise _fail(state, f"scenario {scenario!r} starts with the game over")
    final, actions = playout(
        state, _random_agents(game, seed), seed, max_steps, check_every=check_every, light=light
    )
    match = Match(state, seed=seed, scenario=scenario, options=dict(game.bot_options))
    for action in actions:
        match.apply(action)
    text = json.dumps(match.record().to_json())
    record = Record.from_json(json.loads(text))
    again = _new_state(game, record.scenario)
    try:
        for action in record.actions:
            again = again.apply(action)
    except Exception as exc:
        raise _fail(
            final, f"the record of seed {seed} ({scenario}) does not replay: {exc}"
        ) from None
    if again != final or _result(again.outcome) != _result(final.outcome):
        raise _fail(final, f"the record of seed {seed} ({scenario}) replays to another state")
    return final, actions


def _result(outcome: Outcome | None) -> tuple[Any, ...] | None:
    return None if outcome is None else (outcome.winner, outcome.reason, outcome.turn)


def _check_game_seed(game: Game, seed: int, max_steps: int, in_subprocess: bool) -> None:
    """The same seed gives the same game twice here, and in another process when registered."""
    from wargames.core.registry import game as registered
    from wargames.core.registry import games as installed

    if in_subprocess and game.id in installed() and registered(game.id) is game:
        check_game_determinism(game.id, seed, game.default_scenario, max_steps)
        return

    def actions() -> list[str]:
        match = Match(
            _new_state(game, game.default_scenario), seed=seed, agents=_random_agents(game, seed)
        )
        match.run(max_steps)
        return [str(a) for a in match.actions]

    _same(actions(), actions(), "a second run")


def _same(first: list[str], again: list[str], where: str) -> None:
    if first == again:
        return
    i = next(
        (i for i, (a, b) in enumerate(zip(first, again, strict=False)) if a != b),
        min(len(first), len(again)),
    )
    mine, theirs = (xs[i] if i < len(xs) else "(end)" for xs in (first, again))
    raise ConformanceError(
        f"the same seed gave different games in {where}: action {i} is {mine!r}, then {theirs!r}"
    )


# -- the subprocess ---------------------------------------------------------------------------


def _spec(fn: Callable[..., Any]) -> str:
    """``module:qualname@file``: how another process finds ``fn``."""
    name = getattr(fn, "__qualname__", "")
    if "<" in name or not getattr(fn, "__module__", None):
        raise ValueError(
            f"{fn!r} is not a module-level function: another process cannot "
            "import it (pass in_subprocess=False)"
        )
    file = getattr(sys.modules.get(fn.__module__), "__file__", None) or ""
    return f"{fn.__module__}:{name}@{file}"


def _resolve(spec: str) -> Any:
    """Import what :func:`_spec` names (by module name, else from its file, as pytest does)."""
    target, _, file = spec.partition("@")
    module_name, _, name = target.partition(":")
    try:
        obj: Any = import_module(module_name)
    except ImportError:
        if not file:
            raise
        found = importlib.util.spec_from_file_location(module_name, file)
        if found is None or found.loader is None:
            raise
        obj = sys.modules[module_name] = importlib.util.module_from_spec(found)
        found.loader.exec_module(obj)
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def _run_child(kind: str, args: list[str]) -> list[str]:
    """Run :func:`_child` in a fresh interpreter with this one's import path and another hash
    seed, and read back the actions it prints."""
    env = dict(os.environ)
    system = (sys.prefix, sys.base_prefix)
    paths = [p for p in sys.path if p and os.path.isdir(p) and not p.startswith(system)]
    env["PYTHONPATH"] = os.pathsep.join([*paths, *filter(None, [env.get("PYTHONPATH")])])
    env["PYTHONHASHSEED"] = str((int(env.get("PYTHONHASHSEED") or 0) + 12345) % 2**32)
    code = "import sys, wargames.testing as t; t._child(sys.argv[1:])"
    done = subprocess.run(
        [sys.executable, "-c", code, kind, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=3600,
        check=False,
    )
    if done.returncode != 0:
        raise ConformanceError(f"the subprocess failed:\n{done.stderr[-3000:]}")
    result: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _child(argv: list[str]) -> None:
    """Entry point of the subprocess: print the actions of one game as a JSON list."""
    kind, *args = argv
    if kind == "playout":
        state, agents, seed, steps = args
        actions = playout_actions(_resolve(state), _resolve(agents), int(seed), int(steps))
    else:
        game_id, seed, scenario, steps = args
        actions = record_actions(
            game_id, int(seed), scenario=scenario or None, max_steps=int(steps) if steps else None
        )
    print(json.dumps(actions))


def check_sequence(
    new_state: NewState,
    sequence: SequenceOfPlay,
    seeds: Iterable[int],
    max_steps: int = 5000,
    tasks: Iterable[str] | None = None,
) -> None:
    """The game's flow and its declared ``sequence`` of play agree: every task class of the
    game (``tasks``; by default those of the package of its state class) belongs to a declared
    step, and in games played from ``new_state`` with random choices and dice, one per seed,
    the pending tasks come in the declared order and so do the tasks each state's stack
    holds, read from the top down, within one round (:meth:`SequenceOfPlay.check`)."""
    import numpy as np

    first = new_state()
    if tasks is None:
        package = sys.modules[type(first).__module__].__package__ or type(first).__module__
        tasks = task_classes_of(package)
    unclaimed = sequence.unclaimed(tasks)
    if unclaimed:
        raise ConformanceError(
            f"{sequence.game}: task classes that belong to no declared step: "
            + ", ".join(unclaimed)
        )
    for seed in seeds:
        rng = np.random.default_rng(seed)
        state = new_state()
        states = [state]
        for _ in range(max_steps):
            if state.current_player is None:
                break
            if state.current_player == CHANCE:
                choices = [a for a, _p in state.chance_outcomes()]
            else:
                choices = list(state.legal_actions())
            state = state.apply(choices[int(rng.integers(len(choices)))])
            states.append(state)
        problems = sequence.check(trace(states))
        for n, seen in enumerate(states):
            if not problems:
                problems = [f"state {n}: {p}" for p in sequence.check(plan(seen), rounds=False)]
        if problems:
            shown = "\n  ".join(problems[:10])
            raise ConformanceError(
                f"{sequence.game}, seed {seed}: the game left its declared sequence:\n  {shown}"
            )
