"""Stacking rules as one configurable object.

A :class:`StackingRule` says how many pieces may share an area, which pieces do not count
against the limit, which pieces may not stack together (Ork tribes), whether the limit differs
per side, when it is checked, and who chooses the losses when a stack breaks it. Games differ
only in the settings.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Generic, Literal, TypeVar

import attrs

P = TypeVar("P")

Chooser = Literal["owner", "opponent"]
Checked = Literal["always", "end-of-movement"]


def _never(_piece: object) -> bool:
    return False


def _no_group(_piece: object) -> Hashable | None:
    return None


@attrs.frozen
class StackingRule(Generic[P]):
    """``limit`` counting pieces per side in one area (or ``per_side`` limits).

    ``exempt(piece)``: the piece does not count against the limit. ``group(piece)``: pieces whose
    groups differ (both not ``None``) may never share a stack. ``loss_chooser``: who picks the
    pieces removed from an illegal stack. ``checked``: ``"end-of-movement"`` when over-stacking
    is allowed while moving.
    """

    limit: int
    exempt: Callable[[P], bool] = _never
    group: Callable[[P], Hashable | None] = _no_group
    per_side: Mapping[str, int] = attrs.field(factory=dict)
    loss_chooser: Chooser = "opponent"
    checked: Checked = "always"

    def limit_for(self, side: str | None = None) -> int:
        return self.per_side.get(side, self.limit) if side is not None else self.limit

    def counting(self, pieces: Iterable[P]) -> int:
        """How many pieces count against the limit."""
        exempt = self.exempt
        return len([p for p in pieces if not exempt(p)])

    def groups(self, pieces: Iterable[P]) -> set[Hashable]:
        group = self.group
        return {g for p in pieces if (g := group(p)) is not None}

    def is_legal(self, pieces: Sequence[P], side: str | None = None) -> bool:
        """Whether one side's pieces in one area form a legal stack."""
        return self.counting(pieces) <= self.limit_for(side) and len(self.groups(pieces)) <= 1

    def can_join(self, pieces: Sequence[P], newcomer: P, side: str | None = None) -> bool:
        """Whether ``newcomer`` may join ``pieces`` and leave a legal stack."""
        return self.is_legal([*pieces, newcomer], side)

    def problems(self, pieces: Sequence[P], side: str | None = None) -> list[str]:
        """What is wrong with a stack, in words (empty when legal)."""
        out = []
        n, cap = self.counting(pieces), self.limit_for(side)
        if n > cap:
            out.append(f"{n} counting pieces where at most {cap} may stack")
        groups = self.groups(pieces)
        if len(groups) > 1:
            out.append(
                f"pieces of {len(groups)} groups that may not stack together: "
                + ", ".join(sorted(map(str, groups)))
            )
        return out

    def removable(self, pieces: Sequence[P], side: str | None = None) -> list[P]:
        """The pieces whose removal helps cure an illegal stack (empty when legal).

        Over the limit: any counting piece. Mixed groups: any piece not of the largest group
        (ties: any grouped piece may go). Exempt pieces are never chosen for an over-limit stack.
        """
        if self.is_legal(pieces, side):
            return []
        groups = self.groups(pieces)
        if len(groups) > 1:
            sizes: dict[Hashable, int] = {}
            for p in pieces:
                g = self.group(p)
                if g is not None:
                    sizes[g] = sizes.get(g, 0) + 1
            top = max(sizes.values())
            keep = [g for g, n in sizes.items() if n == top]
            if len(keep) == 1:
                return [p for p in pieces if self.group(p) not in (None, keep[0])]
            return [p for p in pieces if self.group(p) is not None]
        return [p for p in pieces if not self.exempt(p)]
