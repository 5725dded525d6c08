"""The log of a game at the terminal: one line per action, and what it did in plain words.

Each action is written ``player: action`` (redacted for the viewer: a face-down counter is
``place ? ?``), chance as ``chance: roll 4`` like
:attr:`Match.log <wargames.core.engine.Match.log>`, under a header for each turn in the game's
own word (``Game turn 2``, ``Battle round 3``). Under each line comes the game's narration of
what happened (:meth:`Narrator.happened <wargames.core.narration.Narrator.happened>`),
indented, so a player reads the odds, the die, the result and who must now choose.
"""

from __future__ import annotations

import re
import shutil
import textwrap
from typing import IO

import attrs

from wargames.core.engine import CHANCE, GameState, Match, Outcome, Player
from wargames.core.narration import Narrator, PlainNarrator

__all__ = [
    "CHANCE_LABEL",
    "LogPrinter",
    "label",
    "outcome_line",
    "outcome_text",
    "turn_of",
    "width",
    "wrapped",
]

CHANCE_LABEL = str(CHANCE)
"""How the log names the :data:`~wargames.core.engine.CHANCE` player: ``chance: roll 4``
(the same as :attr:`Match.log <wargames.core.engine.Match.log>`)."""


NARROWEST = 60
"""Narration is never wrapped narrower than this, whatever the terminal says."""


def width() -> int:
    """The width narration is wrapped to: the terminal's (``COLUMNS`` or 100 when it is not a
    terminal), at least :data:`NARROWEST`."""
    return max(NARROWEST, shutil.get_terminal_size((100, 24)).columns - 1)


def wrapped(text: str, indent: str) -> list[str]:
    """``text`` as lines of at most :func:`width` characters, each starting with ``indent``."""
    return textwrap.wrap(
        text, width(), initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False
    ) or [indent.rstrip()]


def label(player: Player | None) -> str:
    """The name of ``player`` in the log."""
    return CHANCE_LABEL if player == CHANCE else str(player)


def turn_of(state: GameState) -> int | None:
    """The state's turn number, if it has one."""
    turn = getattr(state, "turn", None)
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


class LogPrinter:
    """Writes the log as a match goes on (:meth:`catch_up` after each step).

    ``viewer``: the player at the table (each action as that player may see it; ``None``:
    everything). ``narrator``: whose :meth:`~wargames.core.narration.Narrator.happened` lines
    follow each action (the plain fallback says nothing more). ``unit``: what the game calls
    a turn (:attr:`Length.unit <wargames.core.registry.Length.unit>`: ``Battle round 3``).
    """

    def __init__(
        self,
        out: IO[str] | None,
        viewer: Player | None = None,
        narrator: Narrator | None = None,
        unit: str = "turn",
    ) -> None:
        self.out = out
        self.unit = unit[:1].upper() + unit[1:]
        self.viewer = viewer
        self.narrator = narrator if narrator is not None else PlainNarrator()
        self.done = 0
        self.turn: int | None = None

    def catch_up(self, match: Match) -> None:
        """Write every action taken since the last call."""
        if self.out is not None and self.done < len(match.actions):
            states = match.states.since(self.done)
            before = next(states)
            for index, after in enumerate(states, self.done):
                self._write(match, index, before, after)
                before = after
        self.done = len(match.actions)

    def rewind(self, match: Match) -> None:
        """Forget what was written after ``match``'s last action (after an undo)."""
        self.done = len(match.actions)
        self.turn = turn_of(match.state)

    def _write(self, match: Match, index: int, before: GameState, after: GameState) -> None:
        """Action ``index`` of ``match``, which took ``before`` to ``after``, and what it did."""
        turn = turn_of(before)
        if turn is not None and turn != self.turn:
            print(f"{self.unit} {turn}", file=self.out)
            self.turn = turn
        indent = "  " if self.turn is not None else ""
        action = match.actions[index]
        text = str(action) if self.viewer is None else before.redact(action, self.viewer)
        print(f"{indent}{label(match.players[index])}: {text}", file=self.out)
        for said in self.narrator.happened(before, action, after, self.viewer):
            for line in wrapped(said, f"{indent}    "):
                print(line, file=self.out)


def outcome_text(outcome: Outcome | None) -> str:
    """The outcome in words (``not over`` for an unfinished game), its turn said once: a
    reason that names the turn (``no side has won by the end of turn 8``) is not followed by
    ``(turn 8)`` again."""
    if outcome is None:
        return "not over"
    turn = outcome.turn
    if turn and re.search(rf"\bturn {turn}\b", outcome.reason):
        return str(attrs.evolve(outcome, turn=None))
    return str(outcome)


def outcome_line(outcome: Outcome | None, actions: int) -> str:
    """The last line of a game's log."""
    if outcome is None:
        return f"Stopped after {actions} actions: the game is not over."
    return f"Outcome: {outcome_text(outcome)} after {actions} actions"
