"""Dice: D6, D10, D5, D66, D100, clamped modified rolls and exact distributions.

Chance is explicit in this library: a game never rolls a die itself. It asks for a roll by
becoming a chance node whose outcomes are listed with :func:`faces` / :func:`d66_faces`, and the
:class:`~wargames.core.engine.Match` (or a search bot) picks one. The helpers here give those
outcome lists and the exact arithmetic of modified rolls and re-rolls (the combat results
tables of :mod:`wargames.core.odds`), and read exact distributions the games' odds compute
(:func:`expectation`, :func:`distribution_of`, :func:`chance_that`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import cache
from typing import TypeVar

import attrs

T = TypeVar("T")


@attrs.frozen
class Die:
    """A die with faces ``low..high`` (a D6 is ``Die(6)``, a D5 is a D10 halved: ``Die(5)``)."""

    sides: int
    low: int = 1

    @property
    def high(self) -> int:
        return self.low + self.sides - 1

    def faces(self) -> tuple[int, ...]:
        return tuple(range(self.low, self.high + 1))

    def __str__(self) -> str:
        return f"D{self.sides}"


D5 = Die(5)
D6 = Die(6)
D10 = Die(10)
D100 = Die(100)


@cache
def faces(sides: int) -> tuple[tuple[int, Fraction], ...]:
    """Every face of a fair ``sides``-sided die with its exact probability."""
    p = Fraction(1, sides)
    return tuple((face, p) for face in range(1, sides + 1))


@cache
def d66_faces() -> tuple[tuple[int, Fraction], ...]:
    """The 36 results of a D66: the first D6 gives the tens, the second the units.

    A 5 then a 3 is 53.
    """
    p = Fraction(1, 36)
    return tuple((d66(tens, units), p) for tens in range(1, 7) for units in range(1, 7))


def d66(tens: int, units: int) -> int:
    """Read two D6 as a D66: ``d66(5, 3) == 53``."""
    if not (1 <= tens <= 6 and 1 <= units <= 6):
        raise ValueError(f"D66 dice must be 1-6, got {tens} and {units}")
    return 10 * tens + units


def clamp(value: int, low: int, high: int) -> int:
    """A modified roll "never above ``high`` or below ``low``"."""
    return low if value < low else high if value > high else value


def modified(roll: int, modifier: int, low: int = 1, high: int = 6) -> int:
    """``roll + modifier`` clamped to ``low..high`` (the excess modification is lost)."""
    return clamp(roll + modifier, low, high)


def modified_distribution(
    sides: int, modifier: int, low: int = 1, high: int | None = None
) -> dict[int, Fraction]:
    """Exact distribution of a modified, clamped roll of one die."""
    top = sides if high is None else high
    out: dict[int, Fraction] = {}
    for face, p in faces(sides):
        value = clamp(face + modifier, low, top)
        out[value] = out.get(value, Fraction(0)) + p
    return out


def with_reroll(
    first: Mapping[int, Fraction],
    wants_reroll: Callable[[int], bool],
    second: Mapping[int, Fraction] | None = None,
) -> dict[int, Fraction]:
    """The distribution of a roll that may be re-rolled once, keeping the new roll.

    ``wants_reroll(value)`` is the player's policy: re-roll when it says so; ``second`` is the
    distribution of the re-roll (the same as ``first`` unless given).
    """
    again = first if second is None else second
    out: dict[int, Fraction] = {}
    for value, p in first.items():
        if wants_reroll(value):
            for v2, q in again.items():
                out[v2] = out.get(v2, Fraction(0)) + p * q
        else:
            out[value] = out.get(value, Fraction(0)) + p
    return out


def _pairs(
    dist: Mapping[T, Fraction] | Iterable[tuple[T, Fraction]],
) -> Iterable[tuple[T, Fraction]]:
    """A distribution's ``(outcome, probability)`` pairs, whether a mapping or pairs."""
    if type(dist) is dict or isinstance(dist, Mapping):
        return dist.items()
    return dist


def expectation(dist: Mapping[int, Fraction] | Iterable[tuple[int, Fraction]]) -> Fraction:
    """The exact expected value of a distribution."""
    return sum((v * p for v, p in _pairs(dist)), Fraction(0))


def distribution_of(
    outcomes: Mapping[T, Fraction] | Iterable[tuple[T, Fraction]], value: Callable[[T], int]
) -> dict[int, Fraction]:
    """The exact distribution of ``value(outcome)`` over a distribution of outcomes (a marginal
    of a joint distribution, losses capped at a unit's blocks, ...), in increasing order."""
    out: dict[int, Fraction] = {}
    for outcome, p in _pairs(outcomes):
        v = value(outcome)
        out[v] = out[v] + p if v in out else p
    return dict(sorted(out.items()))


def chance_that(
    outcomes: Mapping[T, Fraction] | Iterable[tuple[T, Fraction]], event: Callable[[T], bool]
) -> Fraction:
    """The exact probability that ``event(outcome)`` holds."""
    return sum((p for outcome, p in _pairs(outcomes) if event(outcome)), Fraction(0))
