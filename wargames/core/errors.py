"""The errors every game raises: illegal actions, bad scenario files, bad options and unknown
names (every one a :class:`WargamesError`)."""

from __future__ import annotations

import difflib
import reprlib
from collections.abc import Iterable, Sequence
from typing import Any

_SHOWN = reprlib.Repr()
_SHOWN.maxlevel, _SHOWN.maxlist, _SHOWN.maxdict, _SHOWN.maxtuple = 2, 4, 4, 4
_SHOWN.maxstring = _SHOWN.maxother = 60
_SHOWN.maxlong = 40


def shown(value: object, size: int = 60) -> str:
    """``value`` quoted short for an error message: about ``size`` characters at most, however
    long or deeply nested it is (a message never spends memory or recursion on bad input)."""
    if isinstance(value, str):
        return repr(value) if len(value) <= size else repr(value[: size - 3]) + "..."
    try:
        text = _SHOWN.repr(value)
    except ValueError:  # an integer too long to write out
        return "a very long integer"
    except RecursionError:
        return "a deeply nested value"
    return text if len(text) <= size else text[: size - 3] + "..."


class WargamesError(Exception):
    """Base class of every error this library raises on purpose."""


class RuleViolation(WargamesError):
    """An action the rules forbid. The state it was tried on is unchanged.

    ``rule`` is the catalogue id of the rule that forbids it (``"BFA-MOVE-05"``), and the
    message says what is wrong in the rulebook's words.
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}")


class GameOverError(RuleViolation, ValueError):
    """An action asked of a game that is over (rule ``GAME-OVER``): nobody is to decide, so
    there is no action to take or to draw (:meth:`~wargames.core.engine.GameState.random_action`).
    A ``ValueError`` too, as the random agent's "no legal action" was before it."""

    def __init__(self, message: str = "the game is over; no action can be taken") -> None:
        super().__init__("GAME-OVER", message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (GameOverError, (self.message,))


class ScenarioError(WargamesError):
    """A scenario or data file that cannot be used: names the file, the key path and the problem."""

    def __init__(self, file: str, key: str, problem: str) -> None:
        self.file = file
        self.key = key
        self.problem = problem
        super().__init__(f"{file}: {key}: {problem}")


class RecordError(ScenarioError):
    """A game record that cannot be read or replayed: names the key path and the problem
    (``actions[12]: 'move OT7 HAD' cannot be applied: ...``). A :class:`ScenarioError` whose
    ``file`` is ``"(record)"``, as record errors were before they had a class of their own."""

    def __init__(self, key: str, problem: str) -> None:
        self.file, self.key, self.problem = "(record)", key, problem
        Exception.__init__(self, f"record: {key}: {problem}")

    def __str__(self) -> str:
        return str(self.args[0])

    def __reduce__(self) -> tuple[Any, ...]:
        return (RecordError, (self.key, self.problem))


class NotationError(WargamesError, ValueError):
    """Text that does not parse as an action of the game."""


def _did_you_mean(name: object, choices: Sequence[str]) -> str:
    """``; did you mean 'x'?`` for a near miss among ``choices``, else nothing."""
    if not isinstance(name, str):
        return ""
    close = difflib.get_close_matches(name, choices, n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


class UnknownNameError(WargamesError, KeyError):
    """A name the library does not know: a game, an agent, an option, a scenario or a player.

    ``kind`` says which (``"game"``), ``name`` is the name given and ``choices`` the valid
    ones; the message lists them (``listed`` names the list, ``also`` adds to it) and suggests
    a near miss. It is also a ``KeyError``, what a lookup by name raised before, so old
    ``except KeyError`` callers keep working.
    """

    def __init__(
        self,
        kind: str,
        name: object,
        choices: Iterable[str],
        *,
        listed: str = "known",
        also: str = "",
    ) -> None:
        self.kind = kind
        self.name = name
        self.choices = tuple(choices)
        self._listed, self._also = listed, also
        self.message = (
            f"unknown {kind} {name!r}; {listed}: {', '.join(self.choices) or '(none)'}{also}"
            + _did_you_mean(name, self.choices)
        )
        Exception.__init__(self, self.message)

    def __str__(self) -> str:  # a KeyError would print its message in quotes
        return self.message

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (from a worker process) as it was made
        return (_unknown_name, (self.kind, self.name, self.choices, self._listed, self._also))


class OptionError(ScenarioError):
    """A game option that cannot be used: names the option and the problem.

    Raised by the one validation of the options schema
    (:meth:`wargames.core.options.Options.check`) that :func:`wargames.load`, ``match``,
    ``play``, ``simulate``, ``replay`` and the command line all go through. It is a
    :class:`ScenarioError` whose ``file`` is ``"(options)"`` and ``key`` the option, as
    option errors were before there was a schema.
    """

    def __init__(self, option: str, problem: str, game: str = "") -> None:
        self.file, self.key, self.problem = "(options)", option, problem
        self.option = option
        self.game = game
        where = f"{game} option" if game else "option"
        Exception.__init__(self, f"{where} {option!r}: {problem}")

    def __str__(self) -> str:
        return str(self.args[0])

    def __reduce__(self) -> tuple[Any, ...]:
        return (OptionError, (self.option, self.problem, self.game))


class UnknownOptionError(OptionError, UnknownNameError):
    """An option the game does not have; the message lists the game's options."""

    def __init__(self, option: str, choices: Iterable[str], game: str = "") -> None:
        known = tuple(choices)
        listed = f"options: {', '.join(known)}" if known else "the game takes no options"
        problem = f"no such option; {listed}{_did_you_mean(option, known)}"
        OptionError.__init__(self, option, problem, game)
        self.kind, self.name, self.choices = "option", option, known
        self.message = str(self.args[0])

    def __reduce__(self) -> tuple[Any, ...]:
        return (UnknownOptionError, (self.option, self.choices, self.game))


class UnknownScenarioError(UnknownNameError, ScenarioError):
    """A scenario that is neither shipped with the game nor a path to a ``.toml`` file.

    A :class:`ScenarioError` whose ``file`` is the name given and ``key`` ``"(scenario)"``.
    """

    def __init__(self, name: str, choices: Iterable[str]) -> None:
        UnknownNameError.__init__(
            self, "scenario", name, choices, listed="shipped", also=", or a path to a .toml file"
        )
        self.file, self.key = name, "(scenario)"
        self.problem = self.message

    def __reduce__(self) -> tuple[Any, ...]:
        return (UnknownScenarioError, (self.name, self.choices))


def _unknown_name(
    kind: str, name: object, choices: tuple[str, ...], listed: str, also: str
) -> UnknownNameError:
    return UnknownNameError(kind, name, choices, listed=listed, also=also)


class UnknownPlayerError(UnknownNameError, ValueError):
    """A player (a side, or a seat of a team game) that the game does not have.

    Also a ``ValueError``, what an unknown player raised before, so old ``except ValueError``
    callers keep working.
    """

    def __init__(self, name: object, players: Iterable[str]) -> None:
        UnknownNameError.__init__(self, "player", name, players, listed="players")

    def __reduce__(self) -> tuple[Any, ...]:
        return (UnknownPlayerError, (self.name, self.choices))


class CapabilityError(WargamesError, NotImplementedError):
    """A capability (``odds``, ``determinize``, ``render``) that a game does not offer."""


class ArgumentError(WargamesError, ValueError):
    """An argument of a public function or of the ``wargames`` command that is out of its range
    or of the wrong type: names the argument and the allowed values (``seed: expected a whole
    number from 0 to 2**128 - 1, got -1``). A ``ValueError`` too, so code that caught the
    ``ValueError`` of a bad number before there was a class for it still does."""

    def __init__(self, argument: str, problem: str) -> None:
        self.argument = argument
        self.problem = problem
        super().__init__(f"{argument}: {problem}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (ArgumentError, (self.argument, self.problem))
