"""Planted bugs for the 'Armageddon' team variant of Commands & Colors: Ancients (CCA-*): its
worked example (-EX) so far. See :mod:`mutations` for the fields."""

from __future__ import annotations

from mutations import Mutation as M

MUTATIONS: list[M] = [
    M(
        "CCA-CARDS-16-EX",
        "wargames/ancients/variant/state.py",
        "return frozenset([p for orders in self.flank_orders for p in orders])",
        "return frozenset()",
        "a piece on two flanks may be ordered by both flanks' cards in one turn",
    ),
]

SKIPPED: dict[str, str] = {}
