"""Whom a unit may attack, and with what: Attack Target! (HMC-ORDERS-03) and Charge!
(HMC-ORDERS-04) targets.

* Melee: the enemies next to it (HMC-COMBAT-06); a lone Officer standing with his own horde
  cannot be picked, the horde must be (HMC-OFFICER-08); nor a horde in stealth
  (HMC-TALENT-02).
* At range: not while in close combat (HMC-COMBAT-05), a target in its line of sight, other
  hordes blocking it (HMC-ORDERS-03); weapons have no range on the P-Scale board (host-game
  ranges, HMC-GAP-01). One order per weapon when the unit has a choice.
* Charge!: not from close combat (HMC-COMBAT-07), with a melee weapon, to a free square next
  to the target within the Full Move (HMC-GAP-31).

Target lists depend only on where the units stand, so they are cached by layout
(:meth:`~wargames.horde.state.PScaleState.by_layout`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from wargames.horde import actions as cmd
from wargames.horde import close_combat, visibility
from wargames.horde.combat.profiles import Horde
from wargames.horde.combat.specialists import ignores_difficult_terrain
from wargames.horde.combat.strikes import Strike
from wargames.horde.combat.weapons import Kind
from wargames.horde.reach import ends
from wargames.horde.units import Unit

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState as S


def can_move(s: S, u: Unit) -> bool:
    """Not held back by an Officer who joined after moving (HMC-OFFICER-06)."""
    return u.id not in s.no_move


def melee_targets(s: S, u: Unit) -> list[Unit]:
    """Enemies ``u`` may attack in melee: adjacent ones it may target (HMC-COMBAT-06)."""
    return [e for e in close_combat.adjacent_enemies(s, u) if visibility.can_target(s, u.side, e)]


def ranged_targets(s: S, u: Unit) -> list[Unit]:
    """Enemies ``u`` may shoot: not in close combat itself (HMC-COMBAT-05), the target in
    its line of sight (HMC-ORDERS-03)."""
    if close_combat.in_cqc(s, u) or not u.horde.weapons_of("ranged"):
        return []
    unit = s.unit
    return [unit(i) for i in in_sight(s, u)]


def in_sight(s: S, u: Unit) -> tuple[str, ...]:
    """The ids of the enemies ``u``'s side may attack that are in ``u``'s line of sight
    (HMC-ORDERS-03), cached by layout (``"in sight"``, by unit)."""
    layout = s.layout()
    memo: dict[str, tuple[str, ...]] | None = layout.get("in sight")
    if memo is None:
        memo = layout["in sight"] = {}
    found = memo.get(u.id)
    if found is None:
        found = memo[u.id] = _in_sight(s, u)
    return found


def _in_sight(s: S, u: Unit) -> tuple[str, ...]:
    square = s.location(u)
    assert square is not None
    return tuple(
        s.field.in_sight_of(
            square, visibility.targets(s, u.side).items(), visibility.blockers(s, u.side)
        )
    )


def attack_actions(s: S, u: Unit, melee_only: bool = False) -> list[cmd.Attack]:
    """Every Attack Target! ``u`` may be given (HMC-ORDERS-03), one per target, kind and
    weapon when it has a choice of weapons."""
    out: list[cmd.Attack] = []
    kinds: tuple[tuple[Kind, list[Unit]], ...] = (("melee", melee_targets(s, u)),)
    if not melee_only:
        kinds += (("ranged", ranged_targets(s, u)),)
    for kind, targets in kinds:
        choices = weapon_choices(u.horde, kind)
        for t in targets:
            out += [cmd.attack(u.id, t.id, kind, w) for w in choices]
    return out


def ranged_attacks(s: S, u: Unit) -> list[cmd.Attack]:
    """The Attack Target! orders at range of :func:`attack_actions` for a unit known not to be
    in close combat (HMC-COMBAT-05): one per target in sight (HMC-ORDERS-03) and weapon when
    it has a choice."""
    choices = weapon_choices(u.horde, "ranged")
    if not choices:
        return []
    uid, attack = u.id, cmd.attack
    return [attack(uid, t, "ranged", w) for t in in_sight(s, u) for w in choices]


@lru_cache(maxsize=2048)  # 91.0 % hits over games 100-300 (93.6 % at 4,096): full by game 100
def weapon_choices(horde: Horde, kind: Kind) -> tuple[str | None, ...]:
    """The weapons an Attack Target! of ``kind`` may name (as action words): none to name when
    the horde has one such weapon (``(None,)``), each when it has several, nothing when it has
    none."""
    slugs = tuple(dict.fromkeys(cmd.weapon_slug(w.name) for w in horde.weapons_of(kind)))
    return (None,) if len(slugs) == 1 else slugs


def attack_strike(s: S, action: cmd.Attack) -> Strike:
    """The strike of an Attack Target! order, with the weapon it names."""
    u = s.unit(action.unit)
    name = None
    if action.weapon is not None:
        for w in u.horde.weapons_of(action.kind):
            if cmd.weapon_slug(w.name) == action.weapon:
                name = w.name
                break
    return Strike(u.id, action.target, action.kind, weapon=name)


def charge_squares(s: S, u: Unit, target: Unit) -> list[str]:
    """Where ``u`` may end a Charge! on ``target``: within its Full Move, adjacent to the
    target (HMC-ORDERS-04, HMC-GAP-31)."""
    assert target.square is not None
    field = s.field
    return sorted(field.squares_in(ends(s, u, u.horde.full_move) & field.around[target.square]))


def charge_orders(s: S, u: Unit, among: list[Unit] | None = None) -> list[cmd.Order]:
    """Charge! orders ``u`` may be given: not in close combat (HMC-COMBAT-07), with a melee
    weapon, a target it can reach."""
    if close_combat.in_cqc(s, u) or not can_move(s, u) or not u.horde.weapons_of("melee"):
        return []
    within = chargeable(s, u, ignores_difficult_terrain(u.horde))
    if among is not None:
        wanted = {e.id for e in among}
        within = tuple(i for i in within if i in wanted)
    return [cmd.order(u.id, "charge", i) for i in within]


def chargeable(s: S, u: Unit, engineer: bool) -> tuple[str, ...]:
    """The ids of the enemies ``u`` could reach with a Charge! (:func:`_chargeable`; ``engineer``
    whether its horde ignores difficult terrain), cached by layout (``"charge"``, by unit and
    ``engineer``)."""
    layout = s.layout()
    memo: dict[tuple[str, bool], tuple[str, ...]] | None = layout.get("charge")
    if memo is None:
        memo = layout["charge"] = {}
    key = (u.id, engineer)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _chargeable(s, u)
    return found


def _chargeable(s: S, u: Unit) -> tuple[str, ...]:
    """The targets next to a square where a Charge! may end (an enemy's own square never is
    one: it may not be entered). A square costs at least one square of movement, so such a
    target stands at most the Full Move plus one squares away (in rows and in columns): when
    none does, there is no search."""
    field = s.field
    bit = field.bit
    full = u.horde.full_move
    here = s.location(u)
    assert here is not None
    box = field.box(here, full + 1)
    targets = visibility.targets(s, u.side)
    for there in targets.values():
        if bit[there] & box:
            break
    else:
        return ()
    close = field.spread(ends(s, u, full))
    return tuple([e for e, there in targets.items() if bit[there] & close])


__all__ = [
    "attack_actions",
    "attack_strike",
    "can_move",
    "charge_orders",
    "charge_squares",
    "chargeable",
    "in_sight",
    "melee_targets",
    "ranged_attacks",
    "ranged_targets",
    "weapon_choices",
]
