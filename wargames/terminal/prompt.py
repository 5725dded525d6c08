"""The human player at the terminal: one question format for every game.

Each decision is asked the same way::

    ── Battle for Armageddon — turn 2, Ork movement            (the state's own summary line)
       Orks: move the stacks of the first phase ...            (what is decided, and why)
       1. move OT7 HAD         odds 3-1 ...                    (legal actions, with notes)
       2. end phase
    orks>

The header is the first line of the state as the player sees it, then the game narrator's
:meth:`~wargames.core.narration.Narrator.deciding` sentence; each legal action carries its
:meth:`~wargames.core.narration.Narrator.note`. The player types a number, an action as
listed, or a command (:mod:`wargames.terminal.commands`: ``help`` lists them).
"""

from __future__ import annotations

import sys
from typing import IO

from wargames.core import registry
from wargames.core.engine import Action, GameState, Player
from wargames.core.errors import NotationError, WargamesError
from wargames.core.narration import Narrator, PlainNarrator
from wargames.terminal.commands import Decision, Host, command_named, list_actions
from wargames.terminal.errors import CommandError, EndOfInput
from wargames.terminal.guard import Guarded
from wargames.terminal.log import wrapped

__all__ = ["HumanAgent", "header"]


class HumanAgent:
    """An agent that asks a person: the header, the numbered legal actions, then reads a
    number, an action's notation or a command, and asks again on bad input.

    ``input``/``output`` default to the current ``sys.stdin``/``sys.stdout``; ``host`` is the
    session that carries out ``save``, ``undo`` and ``quit`` (without one they are refused).
    The end of input raises :class:`~wargames.terminal.errors.EndOfInput`.
    """

    def __init__(
        self,
        player: Player,
        input: IO[str] | None = None,
        output: IO[str] | None = None,
        host: Host | None = None,
    ) -> None:
        self.player = player
        self.input = input
        self.output = output
        self.host = host
        self.hinted = False

    def act(self, view: GameState) -> Action:
        """Ask for this decision until a legal action is given (or a command ends it)."""
        out = self.output or sys.stdout
        legal = view.legal_actions()
        seat = view.current_player if view.current_player is not None else self.player
        if not legal:
            raise CommandError(f"{seat} must decide but has no legal action")
        decision = Decision(view, seat, legal, _narrator(view), out, self.host, self)
        print(file=out)
        for line in header(decision):
            print(line, file=out)
        list_actions(decision)
        if not self.hinted:
            print("  (a number, an action as listed, or 'help' for the commands)", file=out)
            self.hinted = True
        while True:
            print(f"{seat}> ", end="", file=out, flush=True)
            line = (self.input or sys.stdin).readline()
            if not line:
                print(file=out)
                raise EndOfInput(f"end of input while {seat} was to decide")
            text = line.strip()
            if not text:
                continue
            command = command_named(text)
            if command is not None:
                command[0].run(decision, command[1])
                continue
            action = read_action(view, legal, text)
            if not isinstance(action, str):
                return action
            print(
                f"  {action}; enter a number 1-{len(legal)}, an action as listed, or help",
                file=out,
            )


def header(decision: Decision) -> list[str]:
    """The lines above the choices: the game and where it stands, then what is decided."""
    summary = str(decision.view).splitlines()[0] if str(decision.view) else ""
    title = _title(decision.view)
    if title and title not in summary:
        summary = f"{title} — {summary}" if summary else title
    deciding = decision.narrator.deciding(decision.view, decision.seat)
    return [f"── {summary}", *wrapped(deciding, "   ")]


def read_action(view: GameState, legal: list[Action], text: str) -> Action | str:
    """The action ``text`` chooses (a number of the list or a notation), or why it is none."""
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        return f"there is no action {number}"
    try:
        return view.find_action(text)
    except NotationError:
        pass
    try:
        action = view.parse_action(text)
    except (NotationError, ValueError) as exc:
        return f"cannot read {text!r}: {_one_line(exc)}"
    if action in legal:
        return action
    try:
        view.apply(action)  # states are values: this only asks why it is illegal
    except WargamesError as exc:
        return f"{text!r} is not legal now ({_one_line(exc)})"
    return f"{text!r} is not legal now"


def _narrator(view: GameState) -> Narrator:
    try:
        return Guarded(registry.game(type(view).game).narration())
    except (KeyError, WargamesError):
        return PlainNarrator()


def _title(view: GameState) -> str:
    try:
        return registry.game(type(view).game).title
    except (KeyError, WargamesError):
        return ""


def _one_line(exc: BaseException) -> str:
    return " ".join((str(exc) or type(exc).__name__).split())
