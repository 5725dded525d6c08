"""Odds ratios and combat results tables (CRTs) with exact outcome distributions.

An attack's strength against a defence is turned into an *odds column*, always rounded in the
defender's favour: 29 against 6 is 4-1, 11 against 4 is 2-1, 4 against 12 is 1-3 and 5 against
12 is 1-3 too (the true ratio 0.42 is rounded down to the next column, not read as 12/5 -> 1-2).
A :class:`CombatResultsTable` crosses that column with a (modified, clamped) die roll.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cache

import attrs

from wargames.core.dice import clamp, modified_distribution, with_reroll


@attrs.frozen
class Odds:
    """An odds ratio ``attacker:defender`` in lowest terms, one side always 1 (``Odds(4, 1)``)."""

    attacker: int
    defender: int

    def __str__(self) -> str:
        return f"{self.attacker}-{self.defender}"

    @property
    def value(self) -> float:
        return self.attacker / self.defender

    @classmethod
    def parse(cls, text: str) -> Odds:
        """Read ``"4-1"``, ``"4:1"`` or ``"1-3"``."""
        a, _, d = text.replace(":", "-").partition("-")
        return cls(int(a), int(d))


def odds_ratio(attack: int, defence: int) -> Odds:
    """The odds column of ``attack`` against ``defence``, rounded in the defender's favour.

    At least even odds: ``N-1`` with N = attack // defence. Worse than even: ``1-N`` with N the
    defence divided by the attack, rounded *up*. A defence of 0 gives the highest possible odds
    (``attack``-1, which a table caps at its last column); an attack of 0 is not an attack.
    """
    if attack <= 0:
        raise ValueError("an attack needs an attack total above 0")
    if defence < 0:
        raise ValueError("a defence total cannot be negative")
    if defence == 0:
        return Odds(max(attack, 1) * 1000, 1)
    if attack >= defence:
        return Odds(attack // defence, 1)
    return Odds(1, -(-defence // attack))


@attrs.frozen(eq=False)
class CombatResultsTable:
    """A combat results table: odds columns, one row per die face, a result code in each cell.

    ``columns`` are sorted from worst to best for the attacker; odds beyond either end use the
    nearest extreme column. ``cells[c][r]`` is the result for column ``c`` and die value
    ``r + 1``. ``results`` names the codes (``"EX": "Exchange"``).
    """

    columns: tuple[Odds, ...]
    cells: tuple[tuple[str, ...], ...]
    results: Mapping[str, str]
    die_sides: int = 6
    provenance: str = "reconstructed"

    def __attrs_post_init__(self) -> None:
        if list(self.columns) != sorted(self.columns, key=lambda o: o.value):
            raise ValueError("CRT columns must run from worst to best odds")
        if len(self.cells) != len(self.columns):
            raise ValueError(
                f"CRT has {len(self.columns)} columns but {len(self.cells)} columns of results"
            )
        for col in self.cells:
            if len(col) != self.die_sides:
                raise ValueError("each CRT column needs one result per die face")
            for code in col:
                if code not in self.results:
                    raise ValueError(f"CRT result {code!r} is not defined")

    def column(self, odds: Odds) -> int:
        """Index of the column used for ``odds``: the best column not better than ``odds``."""
        return _column_index(self.columns, odds)

    def column_for(self, attack: int, defence: int) -> Odds:
        """The printed column used when ``attack`` meets ``defence``."""
        return self.columns[self.column(odds_ratio(attack, defence))]

    def result(self, odds: Odds, roll: int, modifier: int = 0) -> str:
        """The result for a die ``roll`` plus ``modifier``, clamped to the die's range."""
        value = clamp(roll + modifier, 1, self.die_sides)
        return self.cells[self.column(odds)][value - 1]

    def distribution(
        self,
        odds: Odds,
        modifier: int = 0,
        reroll: Callable[[str], bool] | None = None,
    ) -> dict[str, Fraction]:
        """Exact probability of each result.

        ``reroll(result)`` is a re-roll policy (re-roll the die once when it returns True, and
        keep the second roll), as for Ghazghkull's re-roll.
        """
        col = self.column(odds)
        key = (col, modifier, None if reroll is None else tuple(map(reroll, self._codes())))
        return dict(_distribution(self, *key))

    def _codes(self) -> tuple[str, ...]:
        return tuple(sorted(self.results))


def _column_index(columns: Sequence[Odds], odds: Odds) -> int:
    best = 0
    value = odds.value
    for i, col in enumerate(columns):
        if col.value <= value:
            best = i
    return best


@cache
def _distribution(
    table: CombatResultsTable, col: int, modifier: int, policy: tuple[bool, ...] | None
) -> tuple[tuple[str, Fraction], ...]:
    rolls = modified_distribution(table.die_sides, modifier)
    if policy is not None:
        rerolled = dict(zip(table._codes(), policy, strict=True))
        cells = table.cells[col]
        rolls = with_reroll(rolls, lambda v: rerolled[cells[v - 1]])
    out: dict[str, Fraction] = {}
    for value, p in rolls.items():
        code = table.cells[col][value - 1]
        out[code] = out.get(code, Fraction(0)) + p
    return tuple(sorted(out.items()))


__all__ = ["CombatResultsTable", "Odds", "odds_ratio"]
