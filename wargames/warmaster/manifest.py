"""The Warmaster's counter manifest (``data/counters.toml``): the two sides, their leaders, and
every counter type with its factors, re-roll ability and back (WM-COMP-03, WM-COMP-04,
WM-GAP-04, research 3.4).
"""

from __future__ import annotations

import re

import attrs

from wargames.core.scenario import Node

IMPERIAL = "imperial"
TRAITOR = "traitor"
SIDES = (IMPERIAL, TRAITOR)
EMPEROR = "emperor"
"""The Emperor's counter id: the Traitor wins when he dies (WM-VICTORY-01)."""
HORUS = "horus"
"""Horus's counter id: the Imperial player wins when he dies (WM-VICTORY-02)."""

KINDS = ("unit", "trap", "horror", "ambush")
"""Counter kinds: fighting units, and the three perils revealed face up (WM-HIDDEN-04)."""
REROLLS = ("none", "hero", "supreme")
"""Re-roll abilities: ``hero`` is cancelled by any opposing re-roll unit (WM-REROLL-04, -06);
``supreme`` (the Emperor, Horus) only by the other supreme one (WM-REROLL-05)."""
BACKS = ("eye", "skull")
"""Traitor counter backs: the Eye of Horus on starting units, the skull on reinforcements
(WM-COMP-04)."""


@attrs.frozen
class UnitSpec:
    """One counter type of the manifest: ``count`` identical counters (WM-COMP-03).

    Traps and Ambushes have factors 0 and never fight: they take effect when revealed and
    are removed (:class:`TrapEffect`, :class:`AmbushEffect`).
    """

    id: str
    name: str
    side: str
    kind: str
    attack: int
    defence: int
    count: int = 1
    reroll: str = "none"
    """``"none"``, ``"hero"`` or ``"supreme"`` (see :data:`REROLLS`)."""
    back: str | None = None
    """Traitor counters: ``"eye"`` (starting unit, set up face down) or ``"skull"`` (in the
    cup); ``None`` for Imperial counters."""
    provenance: str = "reconstructed"

    @property
    def has_reroll(self) -> bool:
        """Whether the unit has the re-roll ability (WM-REROLL-01)."""
        return self.reroll != "none"

    @property
    def starts_face_down(self) -> bool:
        """A Traitor starting unit, set up face down (WM-SETUP-02, WM-HIDDEN-01)."""
        return self.back == "eye"

    @property
    def fights(self) -> bool:
        """Whether the counter takes part in battles (Traps and Ambushes never do)."""
        return self.kind in ("unit", "horror")

    def instances(self) -> tuple[str, ...]:
        """The ids of the individual counters: ``("emperor",)``, ``("custodes-1", ...)``."""
        if self.count == 1:
            return (self.id,)
        return tuple(f"{self.id}-{n}" for n in range(1, self.count + 1))

    def __str__(self) -> str:
        return f"{self.name} ({self.attack}-{self.defence})"


_COUNTER_KEYS = (
    "id", "name", "side", "kind", "attack", "defence", "count", "reroll", "back", "provenance",
)  # fmt: skip


def load_counters(node: Node) -> dict[str, UnitSpec]:
    """The counter manifest (WM-GAP-04, research 3.4): one record per counter type, ids unique;
    exactly one Emperor and one Horus (WM-VICTORY-01, -02)."""
    node.only(("counter",))
    seen: dict[str, str] = {}
    counters: dict[str, UnitSpec] = {}
    for item in node.list("counter"):
        spec = _counter(item, seen)
        counters[spec.id] = spec
    for unit, side in ((EMPEROR, IMPERIAL), (HORUS, TRAITOR)):
        spec_or_none = counters.get(unit)
        if spec_or_none is None:
            raise node.error(f"no counter has the id {unit!r}", "counter")
        if spec_or_none.side != side or spec_or_none.count != 1:
            raise node.error(f"{unit!r} must be one {side} counter", seen[unit])
    return counters


def _counter(node: Node, seen: dict[str, str]) -> UnitSpec:
    node.only(_COUNTER_KEYS)
    unit = node.unique(seen, "counter id", "id")
    if re.search(r"-\d+$", unit):
        raise node.error(f"a counter id may not end in -<number>: {unit!r}", "id")
    side = node.choice("side", SIDES, what="side")
    return UnitSpec(
        id=unit,
        name=node.get("name", str),
        side=side,
        kind=node.choice("kind", KINDS, what="counter kind"),
        attack=node.number("attack"),
        defence=node.number("defence"),
        count=node.number("count", least=1, default=1),
        reroll=node.choice("reroll", REROLLS, "none", what="re-roll ability"),
        back=_back(node, side),
        provenance=node.provenance(),
    )


def _back(node: Node, side: str) -> str | None:
    """Traitor counters have an eye or a skull back (WM-COMP-04); Imperial ones none."""
    if side == TRAITOR:
        return node.choice("back", BACKS, what="back")
    if node.has("back"):
        raise node.error("only Traitor counters have a back (eye or skull)", "back")
    return None
