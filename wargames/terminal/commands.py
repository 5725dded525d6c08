"""The commands a player may type at the ``player>`` prompt instead of an action.

``help``, ``?``/``list``, ``map``, ``legend``, ``undo``, ``save [FILE]`` and ``quit``: each is a
:class:`Command` in :data:`COMMANDS`, run on the :class:`Decision` being asked. ``undo`` and
``quit`` end the question: they raise :class:`Undo` or :class:`Quit`, which the session
(:mod:`wargames.terminal.session`) carries out; ``save`` asks the session's :class:`Host`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import IO, Protocol

import attrs

from wargames.core.engine import Action, GameState, Player
from wargames.core.narration import Narrator

__all__ = [
    "COMMANDS",
    "LIST_LIMIT",
    "Command",
    "Decision",
    "Host",
    "Quit",
    "Undo",
    "command_named",
    "list_actions",
]

LIST_LIMIT = 40
"""At most this many lines of actions are shown with a question unless asked for all (``?``)."""
GROUP_AFTER = 10
"""A list of more actions than this groups actions that differ only in their last word."""
TAIL_KEPT = 3
"""A cut list keeps at most this many single actions of its end (``end phase``)."""
LINE_WIDTH = 100
"""Grouped choices wrap before this column."""
NOTE_COLUMN = 34
"""Notes beside listed actions start at most this far in (longer actions push them on)."""


CTRL_D = "Ctrl-D"
CTRL_D_TEXT = "the end of input: saves like quit, but exits with status 2"


class Undo(Exception):
    """Signal from ``undo``: take the game back to this player's previous decision."""


class Quit(Exception):
    """Signal from ``quit``: save the game and leave."""


class Host(Protocol):
    """What the session offers the prompt: saving and taking back decisions."""

    def save(self, path: str | None) -> str:
        """Save the game to ``path`` (``None``: the autosave file); what to tell the player."""
        ...

    def why_no_undo(self, agent: object) -> str:
        """Why ``agent`` cannot take back a decision now (empty: it can)."""
        ...


@attrs.frozen
class Decision:
    """One question put to a player: the view, its legal actions, how to narrate, where to write."""

    view: GameState
    seat: Player
    legal: Sequence[Action]
    narrator: Narrator
    out: IO[str]
    host: Host | None = None
    agent: object = None


@attrs.frozen
class Command:
    """A prompt command: its name(s), its usage and what it does, and the function run."""

    names: tuple[str, ...]
    usage: str
    text: str
    run: Callable[[Decision, str], None]
    takes_argument: bool = False
    """Only ``save`` takes one (``save FILE``): ``map CMD charge X`` is no command, so an
    action whose notation starts with a command's word can still be typed."""


def _help(decision: Decision, argument: str) -> None:
    last = len(decision.legal)
    example = str(decision.legal[0]) if decision.legal else "an action"
    say = decision.out
    if last == 1:
        print(f"Enter 1 or the action as listed ({example}): it is the only one.", file=say)
    else:
        print(
            f"Enter a number from 1 to {last}, or an action as listed (e.g. {example}).", file=say
        )
    print("Commands:", file=say)
    rows = [(c.usage, c.text) for c in COMMANDS] + [(CTRL_D, CTRL_D_TEXT)]
    width = max(len(usage) for usage, _ in rows)
    for usage, text in rows:
        print(f"  {usage:<{width}}  {text}", file=say)


def _list(decision: Decision, argument: str) -> None:
    list_actions(decision, None)


def _map(decision: Decision, argument: str) -> None:
    print(decision.narrator.board(decision.view, decision.seat), file=decision.out)


def _legend(decision: Decision, argument: str) -> None:
    rows = list(decision.narrator.legend(decision.view))
    if not rows:
        print("This game has no codes to explain.", file=decision.out)
        return
    width = min(max(len(code) for code, _ in rows), 16)
    for code, meaning in rows:
        print(f"  {code:<{width}}  {meaning}", file=decision.out)


def _undo(decision: Decision, argument: str) -> None:
    if decision.host is None:
        print("  undo works only in 'wargames play'", file=decision.out)
        return
    why = decision.host.why_no_undo(decision.agent)
    if why:
        print(f"  {why}", file=decision.out)
        return
    raise Undo(decision.agent)


def _save(decision: Decision, argument: str) -> None:
    if decision.host is None:
        print("  save works only in 'wargames play'", file=decision.out)
        return
    print(f"  {decision.host.save(argument or None)}", file=decision.out)


def _quit(decision: Decision, argument: str) -> None:
    if decision.host is None:
        print("  quit works only in 'wargames play'", file=decision.out)
        return
    raise Quit()


COMMANDS: tuple[Command, ...] = (
    Command(("help",), "help", "this list", _help),
    Command(("?", "list"), "? or list", "list every legal action (a long list is cut)", _list),
    Command(("map",), "map", "the board as you see it", _map),
    Command(("legend",), "legend", "what the codes on the board and in actions mean", _legend),
    Command(
        ("undo",),
        "undo",
        "take back your last decision and what followed (the dice will fall as they did)",
        _undo,
    ),
    Command(
        ("save",),
        "save [FILE]",
        "save the game to FILE (default: the autosave file); play --resume FILE goes on",
        _save,
        takes_argument=True,
    ),
    Command(("quit",), "quit", "save the game to the autosave file and leave", _quit),
)
"""Every prompt command, in the order ``help`` lists them."""


def command_named(text: str) -> tuple[Command, str] | None:
    """The command ``text`` calls and its argument, or ``None`` if it is no command."""
    word, _, argument = text.strip().partition(" ")
    for command in COMMANDS:
        if word.lower() in command.names and (command.takes_argument or not argument.strip()):
            return command, argument.strip()
    return None


def list_actions(decision: Decision, limit: int | None = LIST_LIMIT) -> None:
    """The numbered legal actions, each with its note (an attack's odds) beside it.

    A long list (more than :data:`GROUP_AFTER` actions) puts actions that differ only in their
    last word on one line (``move goff-nobz-1  [3] OT1  [4] OT2``). ``limit`` caps the lines;
    a cut list still ends with its last lines of single actions (``end phase``)."""
    legal = decision.legal
    rows = _rows(decision) if len(legal) > GROUP_AFTER else _single_rows(decision, 0, len(legal))
    if limit is not None and len(rows) > limit:
        tail: list[tuple[str, int]] = []
        while rows and rows[-1][1] == 1 and len(tail) < TAIL_KEPT:
            tail.insert(0, rows.pop())
        hidden = rows[limit - len(tail) - 1 :]
        rows = rows[: limit - len(tail) - 1]
        rows.append((f"  ... {sum(n for _, n in hidden)} more (? lists them all)", 0))
        rows.extend(tail)
    for line, _ in rows:
        print(line.rstrip(), file=decision.out)


def _single_rows(decision: Decision, start: int, stop: int) -> list[tuple[str, int]]:
    """One line per action from ``start`` to ``stop`` (number, notation, note), each with the
    number of actions it lists (1)."""
    legal = decision.legal
    width = len(str(len(legal)))
    texts = [str(legal[i]) for i in range(start, stop)]
    column = min(max((len(t) for t in texts), default=0), NOTE_COLUMN)
    rows = []
    for i, text in zip(range(start, stop), texts, strict=True):
        note = decision.narrator.note(decision.view, legal[i])
        line = (
            f"  {i + 1:>{width}}. {text:<{column}}  {note}"
            if note
            else f"  {i + 1:>{width}}. {text}"
        )
        rows.append((line, 1))
    return rows


def _rows(decision: Decision) -> list[tuple[str, int]]:
    """The lines of a long list: runs of actions sharing all but their last word grouped."""
    legal = decision.legal
    texts = [str(action) for action in legal]
    rows: list[tuple[str, int]] = []
    start = 0
    while start < len(texts):
        head = texts[start].rpartition(" ")[0]
        stop = start + 1
        while stop < len(texts) and head and texts[stop].rpartition(" ")[0] == head:
            stop += 1
        noted = any(decision.narrator.note(decision.view, legal[i]) for i in range(start, stop))
        if stop - start < 2 or noted:
            rows.extend(_single_rows(decision, start, stop))
        else:
            words = [(i + 1, texts[i].rpartition(" ")[2]) for i in range(start, stop)]
            lines = _grouped(head, words)
            rows.extend((line, 0) for line in lines[:-1])
            rows.append((lines[-1], stop - start))
        start = stop
    return rows


def _grouped(head: str, choices: list[tuple[int, str]]) -> list[str]:
    """``head`` then ``[n] last-word`` for each choice, wrapped at :data:`LINE_WIDTH`."""
    rows = []
    line = f"  {head} "
    indent = " " * len(line)
    for number, word in choices:
        piece = f" [{number}] {word}"
        if len(line) + len(piece) > LINE_WIDTH and line.strip() != head:
            rows.append(line)
            line = indent
        line += piece
    rows.append(line)
    return rows
