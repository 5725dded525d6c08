"""A game played at the terminal: ``wargames play GAME --PLAYER human``.

A :class:`Session` runs one match from what the command line asked (a :class:`Table`): it
writes the log with the game's narration (:mod:`wargames.terminal.log`), asks each human
player through :class:`~wargames.terminal.prompt.HumanAgent`, and carries out what the prompt
cannot do alone: ``undo`` (back to this player's previous decision), ``save FILE``, ``quit``
and the end of input (both save to the autosave file and say where; so does Ctrl-C when a
person plays), and ``--svg FILE`` (the
board's picture, written at the start, after every turn and at the end). How chance behaves
on undo and resume is told in :mod:`wargames.terminal.saves`.
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

import attrs

import wargames
from wargames.core import registry
from wargames.core.engine import CHANCE, Agent, Match, Player
from wargames.core.errors import RuleViolation
from wargames.terminal.commands import Quit, Undo
from wargames.terminal.errors import CommandError, EndOfInput
from wargames.terminal.guard import Guarded
from wargames.terminal.log import LogPrinter, outcome_line, turn_of
from wargames.terminal.prompt import HumanAgent
from wargames.terminal.saves import autosave_path, bots_for, rebuild, write_record

__all__ = [
    "HUMAN",
    "PLAY_EPILOG",
    "PROGRESS_EVERY",
    "Session",
    "Table",
    "agents_chosen",
    "new_match",
]

HUMAN = "human"
"""The agent name that asks a person at the terminal (every game has it in the CLI)."""
PROGRESS_EVERY = 1000
"""With no ``turn`` on the state, a progress dot is written every this many actions."""

PLAY_EPILOG = """\
Playing as 'human': each decision shows where the game stands, what is decided and why, and
the numbered legal actions (an attack with its odds). Type a number, an action as listed, or a
command: help, ? (list all actions), map (the board as text), legend (what the codes mean),
undo (take back your last decision; the dice fall again as they did), save [FILE], quit (saves
to wargames-GAME-SEED.json in the current directory and exits 0). Ctrl-D saves the same way
and exits 2; Ctrl-C saves and exits 130. 'wargames play --resume FILE' plays a saved game on
with the same agents (give --PLAYER AGENT to change one)."""
"""The end of ``wargames play --help``: how to play as 'human'."""


@attrs.define
class Table:
    """What ``wargames play`` was asked: the game, who plays each side, seed, scenario,
    options, and how to show it. ``resume`` is a replayed saved game to play on from."""

    game: registry.Game
    names: dict[Player, str]
    seed: int
    scenario: str | None = None
    options: dict[str, Any] = attrs.field(factory=dict)
    max_steps: int | None = None
    json: bool = False
    quiet: bool = False
    as_player: Player | None = None
    svg: str | None = None
    resume: Match | None = None
    resume_name: str = ""


def agents_chosen(
    g: registry.Game, given: Mapping[Player, str | None], saved: Mapping[Player, str]
) -> dict[Player, str]:
    """The agent of each player of ``g``: the one ``given`` on the command line, else the one
    ``saved`` with a game played on (``--resume``), else the default bot (``random``)."""
    default = "random" if "random" in g.agents else next(iter(g.agents))
    names: dict[Player, str] = {}
    for player in g.players:
        name = given.get(player) or saved.get(player, default)
        if name != HUMAN and name not in g.agents:
            raise CommandError(f"unknown agent {name!r} for {g.id}; known: {', '.join(g.agents)}")
        names[player] = name
    return names


def new_match(
    g: registry.Game,
    agents: Mapping[Player, str],
    seed: int | None,
    scenario: str | None = None,
    human_output: IO[str] | None = None,
    options: Mapping[str, Any] | None = None,
    humans: Mapping[Player, HumanAgent] | None = None,
) -> Match:
    """A :class:`Match` of ``g`` with the named agents, seeded like :func:`wargames.play`.

    Bot-only matches get the game's ``bot_options`` (as in :func:`wargames.play`); a match
    with a :data:`HUMAN` player does not; ``options`` are game options, checked against the
    game's schema. Each bot is seeded from ``seed`` and its seat, so ``wargames play GAME
    --seed N --json`` writes the record ``wargames.play(GAME, seed=N)`` returns. ``humans``:
    the human agents to use (default: a new :class:`HumanAgent` writing to ``human_output``).
    """
    bots_only = HUMAN not in agents.values()
    chosen: dict[Player, Agent | str] = {}
    for player in g.players:
        name = agents.get(player, "random")
        if name == HUMAN:
            given = (humans or {}).get(player)
            chosen[player] = given if given is not None else HumanAgent(player, output=human_output)
        elif name not in g.agents:
            raise CommandError(f"unknown agent {name!r} for {g.id}; known: {', '.join(g.agents)}")
        else:
            chosen[player] = name
    return wargames.match(g.id, chosen, seed, scenario, bot_options=bots_only, **(options or {}))


class Session:
    """One game at the terminal, from a :class:`Table` to its outcome (or a save)."""

    def __init__(
        self, table: Table, stdout: IO[str] | None = None, stderr: IO[str] | None = None
    ) -> None:
        self.table = table
        self.g = table.game
        self.out = stdout or sys.stdout
        self.prompts = (stderr or sys.stderr) if table.json else self.out
        self.humans = {
            p: HumanAgent(p, output=self.prompts, host=self)
            for p, name in table.names.items()
            if name == HUMAN
        }
        self.match = self._start()
        viewer = table.as_player
        if viewer is None and len(self.humans) == 1:
            viewer = next(iter(self.humans))  # a person at the table must not read bots' secrets
        self.viewer = viewer
        self.show_log = not (table.json or table.quiet)
        self.log = LogPrinter(
            self.out if self.show_log else None,
            viewer,
            Guarded(self.g.narration()),
            self.g.length.unit,
        )
        self.picture = _Picture(table.svg, self.g, viewer)

    def _start(self) -> Match:
        table = self.table
        if table.resume is None:
            return new_match(
                self.g,
                table.names,
                table.seed,
                table.scenario,
                options=table.options,
                humans=self.humans,
            )
        saved = table.resume
        return self._rebuilt(saved, len(saved.actions))

    def _rebuilt(self, match: Match, length: int) -> Match:
        agents = bots_for(self.g, self.table.names, self.table.seed, self.humans)
        return rebuild(
            match.initial,
            self.table.seed,
            agents,
            match.actions[:length],
            match.scenario,
            match.options,
        )

    # -- the game ----------------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end (or ``max_steps`` actions, or ``quit``); the exit status."""
        self._introduce()
        progress = _Progress(
            sys.stderr,
            enabled=_isatty(sys.stderr)
            and not self.humans
            and not (self.show_log and _isatty(self.out)),
        )
        limit = self.table.max_steps
        self.picture.write(self.match)
        try:
            while not self.match.over and (limit is None or len(self.match.actions) < limit):
                if not self._step():
                    return 0
                progress.update(self.match)
        finally:
            progress.done()
        self.picture.write(self.match, force=True)
        if self.table.json:
            print(
                json.dumps(self.match.record(self.table.as_player).to_json(), default=str),
                file=self.out,
            )
        else:
            print(outcome_line(self.match.outcome, len(self.match.actions)), file=self.out)
        return 0

    def _introduce(self) -> None:
        if not self.show_log:
            self.log.rewind(self.match)
            return
        match, names = self.match, self.table.names
        who = ", ".join(f"{p}: {n}" for p, n in names.items())
        seen = f", as {self.table.as_player} saw it" if self.table.as_player is not None else ""
        scenario = _scenario_name(match) or self.g.default_scenario
        print(
            f"{self.g.title} — scenario {scenario}, seed {self.table.seed} ({who}){seen}",
            file=self.out,
        )
        if self.table.resume is not None:
            turn = turn_of(match.state)
            at = f", turn {turn}" if turn is not None else ""
            print(
                f"Resumed from {self.table.resume_name}: {len(match.actions)} actions "
                f"played again{at}.",
                file=self.out,
            )
            self.log.rewind(match)

    def _step(self) -> bool:
        """One action (or a command's effect); ``False`` when the player quit."""
        match = self.match
        player = match.state.current_player
        try:
            match.step()
        except Undo as signal:
            self._undo(signal.args[0] if signal.args else None)
            return True
        except Quit:
            path = self._autosave()
            print(
                f"Game saved to {path}; continue it with: wargames play --resume {path}",
                file=self.prompts,
            )
            return False
        except KeyboardInterrupt:
            if self.humans:  # Ctrl-C at the prompt: the game is kept, then the command stops
                path = self._autosave()
                print(f"\nGame saved to {path}.", file=self.prompts)
            raise
        except EndOfInput as exc:
            path = self._autosave()
            raise CommandError(
                f"{exc}; the game is saved in {path} (continue it with: wargames play "
                f"--resume {path})"
            ) from None
        except RuleViolation as exc:
            name = self.table.names.get(str(player))
            who = "chance" if player == CHANCE else f"{player}'s agent {name}"
            raise CommandError(f"illegal action by {who}: {exc}") from None
        self.log.catch_up(match)
        if turn_of(match.states[-2]) != turn_of(match.state):
            self.picture.write(match)
        return True

    # -- what the prompt asks of the session (commands.Host) -----------------------------------

    def save(self, path: str | None) -> str:
        """Save the game so far (with its agents) to ``path`` or the autosave file."""
        target = Path(path).expanduser() if path else autosave_path(self.g.id, self.table.seed)
        record = attrs.evolve(self.match.record(), agents=dict(self.table.names))
        try:
            write_record(target, record)
        except OSError as exc:
            return f"cannot save to {target}: {exc.strerror or exc}"
        return f"saved to {target}; continue it with: wargames play --resume {target}"

    def why_no_undo(self, agent: object) -> str:
        if self._previous_decision(agent) is None:
            return "nothing to undo: this is your first decision"
        return ""

    def _previous_decision(self, agent: object) -> int | None:
        match = self.match
        for index in range(len(match.players) - 1, -1, -1):
            player = match.players[index]
            if player is not None and player != CHANCE and match.agent_for(player) is agent:
                return index
        return None

    def _undo(self, agent: object) -> None:
        index = self._previous_decision(agent)
        if index is None:
            return
        taken = len(self.match.actions) - index
        self.match = self._rebuilt(self.match, index)
        self.log.rewind(self.match)
        print(
            f"  undone: {taken} action{'s' if taken != 1 else ''} taken back; "
            f"decide again (the dice will fall as they did)",
            file=self.prompts,
        )

    def _autosave(self) -> Path:
        """Save to the autosave file (in the current directory, else the temporary one)."""
        for directory in (".", tempfile.gettempdir()):
            target = autosave_path(self.g.id, self.table.seed, directory)
            try:
                write_record(
                    target, attrs.evolve(self.match.record(), agents=dict(self.table.names))
                )
            except OSError:
                continue
            return target
        raise CommandError("cannot write the autosave file anywhere")


def _scenario_name(match: Match) -> str | None:
    from wargames.core.sources import scenario_name

    return scenario_name(match.record().scenario)


class _Picture:
    """``--svg FILE``: the board as the viewer sees it, rewritten as the game goes on."""

    def __init__(self, path: str | None, g: registry.Game, viewer: Player | None) -> None:
        if path is not None and g.render is None:
            raise CommandError(f"{g.id} has no drawing (--svg)")
        self.path = path
        self.g = g
        self.viewer = viewer
        self.written = -1

    def write(self, match: Match, force: bool = False) -> None:
        if self.path is None or self.g.render is None:
            return
        if len(match.actions) == self.written and not force:
            return
        try:
            Path(self.path).write_text(self.g.render(match.state, self.viewer), encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"cannot write {self.path}: {exc.strerror or exc}") from None
        self.written = len(match.actions)


class _Progress:
    """Dots on stderr while a long game runs: one per turn, or one per 1000 actions."""

    def __init__(self, stream: IO[str], enabled: bool) -> None:
        self.stream = stream
        self.enabled = enabled
        self.turn: int | None = None
        self.wrote = False

    def update(self, match: Match) -> None:
        if not self.enabled:
            return
        turn = turn_of(match.state)
        if turn is not None:
            tick = self.turn is not None and turn != self.turn
            self.turn = turn
        else:
            tick = len(match.actions) % PROGRESS_EVERY == 0
        if tick:
            self.stream.write(".")
            self.stream.flush()
            self.wrote = True

    def done(self) -> None:
        if self.wrote:
            self.stream.write("\n")
            self.stream.flush()
            self.wrote = False


def _isatty(stream: IO[str]) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
