"""What the ``wargames`` command prints besides its answers: JSON, and errors as one line.

Every error is one line ``wargames: error: ...`` on stderr with exit status
:data:`EXIT_ERROR`, never a traceback (:func:`describe` says what went wrong).
"""

from __future__ import annotations

import json
import os
import sys

from wargames.core.errors import (
    OptionError,
    RuleViolation,
    ScenarioError,
    UnknownNameError,
    WargamesError,
)
from wargames.terminal.errors import CommandError

PROG = "wargames"


EXIT_ERROR = 2


def print_json(data: object) -> None:
    print(json.dumps(data, default=str))


def first_arg(exc: BaseException) -> str:
    return str(exc.args[0]) if exc.args else type(exc).__name__


def describe(exc: BaseException) -> str:
    """One line saying what went wrong, without the traceback."""
    if isinstance(exc, CommandError | OptionError | UnknownNameError):
        text = str(exc)
    elif isinstance(exc, ScenarioError):
        text = f"bad scenario: {exc}"
    elif isinstance(exc, RuleViolation):
        text = f"illegal action: {exc}"
    elif isinstance(exc, KeyError):
        text = first_arg(exc)
    elif isinstance(exc, OSError) and exc.strerror:
        text = f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    elif isinstance(exc, WargamesError | ValueError | TypeError | ImportError):
        text = str(exc) or type(exc).__name__
    else:
        text = f"{type(exc).__name__}: {exc}"
    return " ".join(text.split())


def print_error(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


def silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
