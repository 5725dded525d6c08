"""The errors of the ``wargames`` command and of play at the terminal.

Each is reported by :func:`wargames.cli.main` as one line ``wargames: error: ...`` with exit
status 2; the control signals of the prompt (``undo``, ``quit``) are not errors and live in
:mod:`wargames.terminal.commands`.
"""

from __future__ import annotations

__all__ = ["CommandError", "EndOfInput"]


class CommandError(Exception):
    """An error the command reports in one line and exits 2 for."""


class EndOfInput(CommandError):
    """The human player's input ended (Ctrl-D) before a decision was made."""
