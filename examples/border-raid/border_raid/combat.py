"""Combat: the odds of an attack and the combat results table (RAID-COMBAT, RAID-CRT).

The attackers' total strength is compared with the defenders' as an odds ratio rounded in the
defender's favour (the core's :func:`~wargames.core.odds.odds_ratio`); defenders on a hill
count double (RAID-COMBAT-02). An attack needs odds of at least 1:2 (RAID-COMBAT-03); better
odds than 3:1 are read on the 3:1 column. One D6 gives the result on the table below.
"""

from __future__ import annotations

from fractions import Fraction

from wargames.core.odds import CombatResultsTable, Odds, odds_ratio

RESULTS = {
    "AE": "one attacking company is destroyed (its owner chooses which)",
    "NE": "no effect",
    "DR": "the defenders retreat (their owner chooses where)",
    "DE": "one defending company is destroyed (its owner chooses which); the rest retreat",
}

CRT = CombatResultsTable(
    columns=(Odds(1, 2), Odds(1, 1), Odds(2, 1), Odds(3, 1)),
    cells=(
        ("AE", "AE", "AE", "NE", "NE", "DR"),
        ("AE", "AE", "NE", "NE", "DR", "DE"),
        ("AE", "NE", "NE", "DR", "DE", "DE"),
        ("NE", "NE", "DR", "DR", "DE", "DE"),
    ),
    results=RESULTS,
    provenance="rulebook",
)
"""Border Raid's combat results table (RAID-CRT-01): a column per odds, a row per die face."""

LOWEST = Odds(1, 2)


def attack_odds(attack: int, defence: int) -> Odds:
    """The odds ratio of an attack (rounded in the defender's favour, RAID-COMBAT-01)."""
    return odds_ratio(attack, defence)


def column(attack: int, defence: int) -> Odds | None:
    """The column an attack is resolved on, or ``None`` below 1:2 (RAID-COMBAT-03)."""
    odds = attack_odds(attack, defence)
    if odds.value < LOWEST.value:
        return None
    return CRT.column_for(attack, defence)


def result(attack: int, defence: int, die: int) -> str:
    """The result code of an attack for a die face (RAID-CRT-01)."""
    found = column(attack, defence)
    if found is None:
        raise ValueError(f"{attack}:{defence} is below 1:2; no attack")
    return CRT.result(found, die)


def outcome_odds(attack: int, defence: int) -> dict[str, Fraction]:
    """The exact chance of each result of an attack."""
    found = column(attack, defence)
    if found is None:
        return {}
    return CRT.distribution(found)


__all__ = ["CRT", "RESULTS", "attack_odds", "column", "outcome_odds", "result"]
