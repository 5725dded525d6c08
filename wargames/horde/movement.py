"""Movement rates of a horde on the P-Scale grid, from its Agility Bonus.

The source leaves Half and Full Move to the host game (HMC-GAP-01). The research notes
(``shared/research/warmaster-horde-data.md`` 3.6, from the wiki's own scaled table) give, in
10-metre squares: Half Move = Agility Bonus, Full Move = 1.5 x Agility Bonus rounded up, and
three times the Half Move for Forced March! and Tactical Retreat!, which is also the notes' Run
rate for fleeing hordes. Charge! moves the Full Move (the catalogue's HMC-ORDERS-04, which
supersedes the notes' 2 x AB). The battle game applies these; this module only computes them.

>>> from wargames.horde.combat.data import horde
>>> guard = horde("guard-infantry")
>>> guard.agb, half_move(guard), full_move(guard), run_move(guard)
(3, 3, 5, 9)
"""

from __future__ import annotations

from wargames.horde.combat.profiles import Horde


def half_move(horde: Horde) -> int:
    """Half Move in squares: the Agility Bonus."""
    return horde.half_move


def full_move(horde: Horde) -> int:
    """Full Move in squares: 1.5 x Agility Bonus, rounded up (also the Charge! distance)."""
    return horde.full_move


def run_move(horde: Horde) -> int:
    """Three times the Half Move: Forced March!, Tactical Retreat!, and fleeing hordes."""
    return horde.run_move


__all__ = ["full_move", "half_move", "run_move"]
