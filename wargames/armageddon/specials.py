"""Special cards (BFA-CARDS-01..04; texts reconstructed, research 5.4, BFA-GAP-08).

A player may play at most one special card per action segment and discards it after use. The
cards played as actions of a phase are listed here; the cards played in reaction (Tunnel Rats,
Thunderbolt Wing, Heroic Stand, Looted Supplies, Astropathic Warning) are offered by the tasks
of the moment they concern (combat, supply, strategy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from wargames.armageddon import actions as act
from wargames.armageddon.data import IMPERIUM, ORKS, TRIBES
from wargames.armageddon.flow import DieRoll
from wargames.core.codec import saved
from wargames.core.engine import Action

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S

PHASE_CARDS: dict[tuple[str, str], tuple[str, ...]] = {
    (ORKS, "movement"): ("ere-we-go", "kult-of-speed"),
    (ORKS, "combat"): ("waaagh",),
    (ORKS, "build"): ("mekboyz",),
    (IMPERIUM, "movement"): ("rail-convoy", "orbital-strike"),
    (IMPERIUM, "combat"): ("orbital-strike",),
    (IMPERIUM, "build"): ("emergency-production", "orbital-strike"),
}
"""Which cards each side may play as an action of each kind of phase."""

STRIKE_HITS = frozenset({5, 6})


def phase_card_plays(s: S, side: str, phase: str) -> list[Action]:
    """The special-card plays open to ``side`` in its ``phase`` now."""
    if side in s.played:
        return []
    out: list[Action] = []
    for card in PHASE_CARDS[(side, phase)]:
        if s.holds(side, card):
            out.extend([act.made(act.PlayCard, card, t) for t in targets(s, card)])
    return out


def phase_card_count(s: S, side: str, phase: str) -> int:
    """How many plays :func:`phase_card_plays` lists, without making them."""
    if side in s.played:
        return 0
    hand = s.hand(side).cards
    count = 0
    for card in PHASE_CARDS[(side, phase)]:  # a loop: most hands hold none of them
        if card in hand:
            count += target_count(s, card)
    return count


AIMED_AT_AREA = ("ere-we-go", "orbital-strike", "rail-convoy")
"""The cards played at an area (a stack's): every other card names a tribe or nothing."""
AIMED_AT_TRIBE = ("kult-of-speed",)
"""The cards played at an Ork tribe."""


def targets(s: S, card: str) -> tuple[str, ...]:
    """What a card may be aimed at ("" for a card without a target): the areas holding the
    side's own stacks (Ere We Go!, Rail Convoy) or the Orks' (Orbital Strike), or a tribe."""
    if card in ("ere-we-go", "orbital-strike"):
        return s.stack_areas(ORKS)
    if card in AIMED_AT_TRIBE:
        specs = s.data.counters
        present = {specs[c].tribe for c in s.on_map(ORKS)}
        return tuple([t for t in TRIBES if t in present])
    if card == "rail-convoy":
        return s.stack_areas(IMPERIUM)
    return ("",)


def target_count(s: S, card: str) -> int:
    """How many :func:`targets` ``card`` has (the areas of a side's stacks are counted
    without sorting them)."""
    if card in ("ere-we-go", "orbital-strike"):
        return len(s.placement.units[ORKS])
    if card == "rail-convoy":
        return len(s.placement.units[IMPERIUM])
    return len(targets(s, card))


def play_phase_card(s: S, side: str, action: act.PlayCard) -> S:
    """Spend the card and put its effect in force (or queue its die roll)."""
    card, target = action.card, action.target
    effect = {
        "ere-we-go": f"ere-we-go:{target}",
        "kult-of-speed": f"kult:{target}",
        "rail-convoy": f"rail:{target}",
        "waaagh": "waaagh",
    }.get(card)
    s = s.spend_card(side, card, effect)
    if card == "orbital-strike":
        return s.push(OrbitalStrike(target))
    return s


@saved("armageddon/orbital-strike")
@attrs.frozen
class OrbitalStrike(DieRoll):
    """Orbital Strike: a D6; on 5-6 the Ork player removes one of his counters in the area."""

    area: str

    def rolled(self, s: S, value: int) -> S:
        from wargames.armageddon.combat import TakeLoss

        if value not in STRIKE_HITS:
            return s.pop()
        return s.pop(TakeLoss(ORKS, self.area, s.units(self.area, ORKS)))
