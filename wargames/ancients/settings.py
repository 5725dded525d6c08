"""Settings of Commands & Colors: Ancients: the readings that an edition or a doubt may change.

The rules catalogue marks some rules *(medium confidence)* or calls them *edition settings*:
the 'Armageddon' team variant (2006) predates the 3rd edition (2009) that the catalogue follows
(CCB-GAP-01). Each such rule is a field of :class:`AncientsSettings`, whose defaults are the
catalogue's readings. Tables that are data (units, terrain, board layouts, cards) live in
``wargames/ancients/data/`` instead and are replaced by dropping corrected files in a folder
(:attr:`AncientsSettings.data`).

>>> AncientsSettings().helmets
'attached-or-adjacent'
>>> AncientsSettings(helmets="attached-only").helmet_hits(attached=False, adjacent=True)
False
"""

from __future__ import annotations

from typing import Literal

import attrs

Helmets = Literal["attached-or-adjacent", "attached-only"]
WarMachineEvade = Literal["always", "as-units"]
MoveFireMove = Literal["full-each", "split"]

HELMETS: tuple[Helmets, ...] = ("attached-or-adjacent", "attached-only")
WAR_MACHINE_EVADES: tuple[WarMachineEvade, ...] = ("always", "as-units")
MOVE_FIRE_MOVES: tuple[MoveFireMove, ...] = ("full-each", "split")
BOARDS = ("standard", "epic", "armageddon")
"""The board layouts shipped in ``data/boards.toml``."""


@attrs.frozen
class AncientsSettings:
    """Every changeable reading of the rules, the catalogue's choice as default.

    * ``helmets``: a helmet scores in close combat when a friendly leader is attached to the
      rolling unit or adjacent to it (3rd edition), or only when attached (CCB-DICE-09,
      CCB-GAP-02).
    * ``lone_leader_support``: one adjacent friendly unit and one adjacent lone friendly
      leader give support (CCB-FLAGS-03, CCB-GAP-03).
    * ``elephant_sword_rerolls``: elephants re-roll every sword that scores, until it shows
      another face (CCB-ELEPHANT-05 to -07, CCB-GAP-04).
    * ``lone_leaders_block_fire``: an adjacent lone enemy leader, not only an enemy unit, stops
      a unit from firing (CCB-BATTLE-04, CCB-GAP-14; off by default).
    * ``war_machine_evade``: ``"always"``: an HWM may evade any close combat, with no free rear
      hex needed; ``"as-units"``: only where an ordinary unit could evade (CCB-EVADE-07,
      CCB-GAP-24).
    * ``move_fire_move``: ``"full-each"``: each move of Move-Fire-Move may go the unit's full
      allowance; ``"split"``: the two moves share one allowance (CCB-CARDS-22, CCB-GAP-31).
    * ``first_strike_vs_bonus``: First Strike may be played against a bonus close combat
      (CCB-CARDS-36, CCB-GAP-35).
    * ``board``: the board layout, a layout id of ``data/boards.toml``: ``"standard"`` 13x9
      (CCB-BOARD-02, -07; CCB-GAP-06, -07), ``"epic"`` 26x9 with three flanks, or
      ``"armageddon"``: 26x9 with three flanks of two sections each (CCB-EPIC-03, CCB-GAP-08,
      CCA-FLANK-01, -02).
    * ``epic_command``: the Epic command rules (CCB-EPIC-07 to -10; CCB-GAP-09; off by default,
      the 'Armageddon' variant has its own).
    * ``ignores_add_up``: several sword-ignoring effects on one unit add up (CCB-GAP-29); when
      off, a unit ignores at most one sword hit from its own nature and terrain together
      (an elephant still ignores every sword).
    * ``data``: a folder whose ``units.toml``, ``terrain.toml``, ``boards.toml`` or
      ``cards.toml`` replace the shipped ones, file by file (``None``: the shipped data; each
      folder is read once; the last eight folders are kept).
    """

    helmets: Helmets = attrs.field(
        default="attached-or-adjacent", validator=attrs.validators.in_(HELMETS)
    )
    lone_leader_support: bool = True
    elephant_sword_rerolls: bool = True
    lone_leaders_block_fire: bool = False
    war_machine_evade: WarMachineEvade = attrs.field(
        default="always", validator=attrs.validators.in_(WAR_MACHINE_EVADES)
    )
    move_fire_move: MoveFireMove = attrs.field(
        default="full-each", validator=attrs.validators.in_(MOVE_FIRE_MOVES)
    )
    first_strike_vs_bonus: bool = True
    board: str = "standard"
    epic_command: bool = False
    ignores_add_up: bool = True
    data: str | None = None

    def helmet_hits(self, attached: bool, adjacent: bool) -> bool:
        """Whether a friendly leader ``attached`` to the rolling unit or ``adjacent`` to it
        (alone or with another unit, CCB-DICE-09) makes its helmets score."""
        return attached or (adjacent and self.helmets == "attached-or-adjacent")


DEFAULT = AncientsSettings()
"""The catalogue's readings."""

__all__ = [
    "BOARDS",
    "DEFAULT",
    "HELMETS",
    "MOVE_FIRE_MOVES",
    "WAR_MACHINE_EVADES",
    "AncientsSettings",
    "Helmets",
    "MoveFireMove",
    "WarMachineEvade",
]
