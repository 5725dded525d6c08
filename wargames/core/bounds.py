"""The bounds of the numbers a caller gives the library, checked in one place.

Every number that reaches the library from outside — a seed, a step cap, a batch size, an odds
calculator's dice and bonuses — is checked against the range the rules (or the library's own
limits) allow before anything is computed with it, so a huge or wrong-typed number is a clear
:class:`~wargames.core.errors.ArgumentError` naming the argument and the range, never a raw
``ValueError``/``TypeError`` of numpy, nor minutes of work and gigabytes of memory.

>>> whole("dice", 3, 1, 10)
3
>>> whole("dice", 11, 1, 10)
Traceback (most recent call last):
...
wargames.core.errors.ArgumentError: dice: expected a whole number from 1 to 10, got 11
>>> seed(2**128)
Traceback (most recent call last):
...
wargames.core.errors.ArgumentError: seed: expected a whole number from 0 to 2**128 - 1, got 2**128
"""

from __future__ import annotations

import operator

from wargames.core.errors import ArgumentError

__all__ = [
    "MAX_GAMES",
    "MAX_NAME",
    "MAX_SEED",
    "MAX_STEPS",
    "seed",
    "whole",
]

MAX_NAME = 200
"""The longest name the library reads from outside: a game, scenario, player or option name in
a record, a name or title in a scenario file, a user scenario's name in a saved form, an
action's notation."""
MAX_SEED = 2**128
"""Seeds run from 0 below this: the 128 bits of entropy of numpy's ``SeedSequence`` (the
generator of a :class:`~wargames.core.engine.Match`), and the seeds a record may carry."""
MAX_STEPS = 1_000_000
"""The most actions a game may be played for (``max_steps``, ``--max-steps``): the most a
record holds (``Record.from_json`` reads at most this many actions)."""
MAX_GAMES = 1_000_000
"""The most games one :func:`wargames.simulate` batch plays (run larger studies as several
batches: the records of a batch are all kept in memory)."""


def _shown(value: int) -> str:
    """A number as a message shows it: ``2**128`` for a power of two past 2**64, the digits
    (at most 40 of them) otherwise."""
    if value > 2**64 and value & (value - 1) == 0:
        return f"2**{value.bit_length() - 1}"
    text = str(value) if abs(value) < 10**40 else f"a number of {len(str(abs(value)))} digits"
    return text


def whole(name: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` as an ``int`` if it is a whole number (not a bool) from ``low`` to ``high``
    (both included; ``None``: no upper bound), else :class:`ArgumentError` naming ``name`` and
    the range."""
    span = f"from {_shown(low)} to {_shown(high)}" if high is not None else f">= {_shown(low)}"
    number = _integer(value)
    if number is None:
        raise ArgumentError(name, f"expected a whole number {span}, got {_kind(value)}")
    if number < low or (high is not None and number > high):
        raise ArgumentError(name, f"expected a whole number {span}, got {_shown(number)}")
    return number


def seed(value: object, name: str = "seed", high: int = MAX_SEED - 1) -> int | None:
    """A seed: ``None`` (fresh entropy) or a whole number from 0 to ``high`` (by default
    ``2**128 - 1``, see :data:`MAX_SEED`)."""
    if value is None:
        return None
    span = "2**128 - 1" if high == MAX_SEED - 1 else _shown(high)
    number = _integer(value)
    if number is None:
        raise ArgumentError(name, f"expected a whole number from 0 to {span}, got {_kind(value)}")
    if not 0 <= number <= high:
        raise ArgumentError(name, f"expected a whole number from 0 to {span}, got {_shown(number)}")
    return number


def _integer(value: object) -> int | None:
    """``value`` as an ``int`` if it is a whole number (an ``int`` or an integer type such as
    numpy's, through ``__index__``), not a bool; else ``None``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return f"a bool ({value})"
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 40 else text[:37] + '...'}"
