"""What the base box of Commands & Colors: Ancients holds (CCB-COMP-01 to -04).

>>> BASE_BOX.total_blocks
345
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Box:
    """The contents of a game box; ``blocks`` lists (kind, count)."""

    command_cards: int
    battle_dice: int
    blocks: tuple[tuple[str, int], ...]
    terrain_tiles: int
    scenarios: int
    armies: tuple[str, ...]
    provenance: str = "rulebook"

    @property
    def total_blocks(self) -> int:
        return sum(n for _, n in self.blocks)

    def block_count(self, kind: str) -> int:
        return dict(self.blocks)[kind]


BASE_BOX = Box(
    command_cards=60,
    battle_dice=7,
    blocks=(
        ("foot", 220),
        ("cavalry", 81),
        ("elephant", 12),
        ("leader-and-chariot", 16),
        ("banner", 16),
    ),
    terrain_tiles=45,
    scenarios=15,
    armies=("Rome", "Carthage"),
)
"""The base box: 60 cards, 7 dice, 345 blocks, 45 tiles, 15 scenarios, Rome and Carthage
(CCB-COMP-01, -02, -04)."""

__all__ = ["BASE_BOX", "Box"]
