"""The circumstances of one attack, as a value the battle game fills from the board.

An :class:`AttackContext` holds what is true of the attack itself (a charge, a counter-attack,
the weapon used) and one :class:`Side` for each horde: the orders in force (Brace!, Get Down!,
Forced March!), cover, close quarters combat, the enemies it is engaged with, the attacks it
has already received this round, its morale state and stealth. The same two :class:`Side`
values, swapped, describe the counter-attack (:meth:`AttackContext.counter_context`).

Everything defaults to "nothing special": ``AttackContext()`` is a plain attack.

>>> ctx = AttackContext(charge=True, defender=Side(cover=True, brace=True))
>>> ctx.counter_context().braced, ctx.counter_context().attacker.brace
(True, True)
"""

from __future__ import annotations

import attrs

from wargames.core.codec import saved


@saved("horde/side")
@attrs.frozen(cache_hash=True)
class Side:
    """What is true of one horde at the moment of the attack."""

    cover: bool = False
    """Behind cover (HMC-DEFENSE-01; +10 Willpower too, HMC-MORALE-02)."""
    in_cqc: bool = False
    """Adjacent to an enemy unit (HMC-COMBAT-01): it may not shoot (HMC-COMBAT-05) and gets
    +3 Defense against ranged attacks (HMC-DEFENSE-03)."""
    engaged_with: tuple[int, ...] = ()
    """The current Magnitudes of the enemy hordes in close combat with this horde *other than
    the horde attacking it* (a melee attacker is always counted), for outnumbering
    (HMC-DEFENSE-04, HMC-GAP-14)."""
    attacks_received: int = 0
    """Attacks this horde has already received this round: -1 Defense each (HMC-DEFENSE-05;
    the battle game resets the count each round, HMC-GAP-15)."""
    brace: bool = False
    """Under Brace!: when charged, its counter-attack goes first without -2 (HMC-ORDERS-05)."""
    get_down: bool = False
    """Under Get Down!: cover bonus doubled, counter-attacks at a further -2 (HMC-ORDERS-06)."""
    forced_march: bool = False
    """Made a Forced March! since its last round began: -2 Attack and Defense
    (HMC-ORDERS-09)."""
    fleeing: bool = False
    """Fleeing or suffering a morale failure: Defense 0 and attacks on it maximise their die
    (HMC-MORALE-09, -10); it cannot counter-attack (HMC-COUNTER-01)."""
    confused: bool = False
    """Confused: it cannot counter-attack (HMC-COUNTER-01)."""
    stealthed: bool = False
    """In stealth (Ambushers): it cannot be attacked (HMC-TALENT-02); its own attack is an
    attack from stealth, +2 Attack and damage (HMC-TALENT-04), and ends its stealth
    (HMC-TALENT-03)."""
    marked: bool = False
    """Marked by an enemy Pathfinder, under the ``marked-target`` reading of HMC-GAP-22."""
    frenzied: bool = False
    """Frenzied (a Blood-Soaked Tide horde after a morale failure, HMC-TALENT-07; the research
    notes' state, reconstructed): +2 Melee Attack, -2 Ranged Attack and -2 Defense."""

    @property
    def may_counter(self) -> bool:
        """Whether its morale state lets it counter-attack (HMC-COUNTER-01)."""
        return not (self.fleeing or self.confused)


PLAIN = Side()


@saved("horde/attack-context")
@attrs.frozen(cache_hash=True)
class AttackContext:
    """The circumstances of one attack (see the module docstring)."""

    attacker: Side = PLAIN
    defender: Side = PLAIN
    charge: bool = False
    """The attacker charged into close combat: +2 Attack (HMC-COMBAT-02, HMC-ORDERS-04)."""
    counter: bool = False
    """The attack is a counter-attack: -2 Attack (HMC-COUNTER-02, HMC-COMBAT-03)."""
    braced: bool = False
    """A counter-attack made first under Brace!, without the -2 (HMC-ORDERS-05)."""
    weapon: str | None = None
    """The weapon's name; ``None``: the horde's first weapon of the attack's kind."""
    counter_weapon: str | None = None
    """The weapon of the defender's counter-attack; ``None``: its first melee weapon."""

    @property
    def brace_first(self) -> bool:
        """Whether the defender's counter-attack goes before this charge (HMC-ORDERS-05)."""
        return self.charge and self.defender.brace and not self.counter

    def counter_context(self) -> AttackContext:
        """The context of the defender's counter-attack on the attacker: the sides swapped,
        the attacker out of stealth (HMC-TALENT-03), braced if Brace! met a charge."""
        return AttackContext(
            attacker=self.defender,
            defender=attrs.evolve(self.attacker, stealthed=False),
            charge=False,
            counter=True,
            braced=self.brace_first,
            weapon=self.counter_weapon,
        )


__all__ = ["PLAIN", "AttackContext", "Side"]
