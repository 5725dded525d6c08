"""Invariants every P-Scale battle state keeps (the conformance kit checks them).

* One horde per square (HMC-SCALE-05), on a square of the board that is not impassable; no
  lone Officer on an enemy horde's square.
* Magnitude never negative nor above the starting Magnitude; an Officer's wounds likewise.
* Magnitude only falls, except by Split! and Merge!, which move it between hordes
  (HMC-ORDERS-16, -17), and a Medic's aid, which heals Officers only (HMC-SPECIALIST-08): so
  each side's hordes, gone ones included, never hold more than they began with.
* Units that left the battle stay gone: no square, joined to nobody, in no stealth; a horde off
  the board after a Full Retreat! has no square either. Every unit the scenario sets up stays
  in the roll (its Commanders among them).
* Officers are joined only to fighting or off-board hordes of their side; a horde's bonus
  Officer is one of its own.
* Stealth only for Ambushers on a cover square (HMC-TALENT-01).
* The where-is-what lookups carried from earlier states match the units, and the layout
  lookups (per unit, and those carried over a move by
  :func:`~wargames.horde.carry.carry_layout`: the square masks, the enemies each side sees
  and may attack) match a fresh rebuild.

A saved state read back must also have its pending steps in the shape play gives them
(:func:`sequence_violations`): one round at the bottom, one activation under way with its
order's steps right above it, one Split! a horde at most.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from wargames.core.typecheck import unknown_names
from wargames.horde import close_combat, flow, visibility
from wargames.horde.actions import ORDERS
from wargames.horde.combat.profiles import AMBUSHERS
from wargames.horde.places import Places
from wargames.horde.scenario import SIDES
from wargames.horde.state import PER_UNIT

if TYPE_CHECKING:
    from wargames.horde.combat.strikes import Strike
    from wargames.horde.state import PScaleState as S


def violations(s: S) -> list[str]:
    """What is wrong with ``s``, in words (empty when all is well)."""
    out = _names(s)
    if out:
        return out  # the checks below look units up
    out += _squares(s)
    out += _magnitudes(s) + _splits(s) + _spent(s) + _dice(s) + _foes(s)
    out += _attachments(s)
    if s.places() != Places.of(s.units):
        out.append("the where-is-what lookups shared by equal layouts are out of date")
    out += _carried(s)
    return out


def _names(s: S) -> list[str]:
    """Every name the state holds is one the battle knows (a saved state read back may hold
    anything): units with distinct ids the notation reads, each of a side of the battle; the
    units, sides, squares, orders and weapons named in the state's fields and its pending
    tasks."""
    from wargames.horde.actions import valid_id
    from wargames.horde.moves import MOVE_ORDERS

    ids = [u.id for u in s.units]
    out = [f"unit id {i!r} is not one the notation reads" for i in ids if not valid_id(i)]
    if len(set(ids)) != len(ids):
        out.append("two units share an id")
    out += [
        f"{u.id} fights for no side of the battle ({u.side!r})"
        for u in s.units
        if u.side not in SIDES
    ]
    known = frozenset(ids)
    out += _roll(s)
    joined = (
        {u.attached_to for u in s.units} | {u.bonus for u in s.units} | {u.into for u in s.units}
    )
    rosters = s.activated | s.moved | s.no_move | s.rallied | s.reshaped | s.tested | s.quartered
    if not joined - {None} <= known or not rosters | s.hidden <= known:
        out.append("a unit joined to, merged into or listed as a unit that is not in the battle")
    if s.initiative not in SIDES or not s.passed <= set(SIDES):
        out.append(f"initiative {s.initiative!r} or passed {sorted(s.passed)} names no side")
    weapons = {w.name for u in s.units for w in u.horde.weapons}
    weapons |= {sp.weapon.name for u in s.units for sp in u.horde.specialists if sp.weapon}
    units = {*known, None}
    return out + unknown_names(
        s.tasks,
        {
            "side": SIDES,
            "last": SIDES,
            **dict.fromkeys(("unit", "horde", "officer", "striker"), frozenset(units)),
            "target": units | set(s.field.number),
            "order": {*MOVE_ORDERS, *ORDERS},
            **dict.fromkeys(("weapon", "counter_weapon"), frozenset({*weapons, None})),
        },
        "tasks",
    )


def _roll(s: S) -> list[str]:
    """Every unit the scenario sets up is still in the battle under its id, on its side and of
    its kind (a horde or an Officer), gone or not: units leave the board, never the roll, and
    Split! adds a unit beside the first (HMC-ORDERS-16, -17); so each side's Commander, an
    Officer named by the scenario, is there to give orders (HMC-ORDERS-01, -02)."""
    roll = {u.id: (u.side, u.is_horde) for u in s.units}
    lost = [u.id for u in s.setup.units if roll.get(u.id) != (u.side, u.is_horde)]
    if lost:
        return [f"the scenario's units {lost[:5]} are not in the battle as set up"]
    return []


def _carried(s: S) -> list[str]:
    """The per-unit layout lookups and the masks and target lists (those carried over a move)
    against a fresh rebuild on a copy with a layout of its own."""
    from wargames.horde.combat.specialists import ignores_difficult_terrain
    from wargames.horde.moves import _with_room
    from wargames.horde.reach import _search
    from wargames.horde.targets import _chargeable
    from wargames.horde.units import FRENZIED

    layout = s.layout()
    fresh = s.evolve(units=tuple(s.units))
    fresh.lookups()["layout"] = {}
    out: list[str] = []
    for name in (*PER_UNIT, "charge"):
        entries: dict[Any, Any] = layout.get(name, {})
        for key, value in entries.items():
            uid = key if isinstance(key, str) else key[0]
            u = fresh.unit(uid)
            if fresh.location(u) is None:
                continue
            eng = u.is_horde and ignores_difficult_terrain(u.horde)
            if name == "adjacent":
                again: Any = close_combat.adjacent_enemy_ids(fresh, u)
            elif name == "reach":
                if key[2] != eng:
                    continue
                found = _search(fresh, u, key[1])
                again, value = found.cost, value.cost
            elif name == "destination":
                if key[1] != (u.morale == FRENZIED) or key[2] != eng:
                    continue
                again = _with_room(fresh, u)
            else:
                if key[1] != eng:
                    continue
                again = _chargeable(fresh, u)
            if again != value:
                out.append(f"the {name} lookup of {key} is out of date: {value} not {again}")
    per_side: dict[str, Callable[[str], Any]] = {
        "enemy mask": lambda side: visibility.enemy_mask(fresh, side),
        "blockers": lambda side: visibility.blockers(fresh, side),
        "no_stop": lambda side: visibility.horde_mask(fresh, fresh.hidden_from(side)),
        "seen": lambda side: visibility.seen(fresh, side),
        "targets": lambda side: visibility.targets(fresh, side),
        "acting": lambda side: flow.acting_units(fresh, side),
    }
    for name, rebuild in per_side.items():
        for side, value in layout.get(name, {}).items():
            again = rebuild(side)
            if isinstance(value, MappingProxyType):  # unit id -> square, in units' order
                value, again = list(value.items()), list(again.items())
            if value != again:
                out.append(f"the {name} lookup of {side} is out of date")
    return out


def _squares(s: S) -> list[str]:
    out: list[str] = []
    field = s.field
    hordes = Counter(u.square for u in s.units if u.is_horde and u.on_board)
    for square, n in hordes.items():
        if n > 1:
            out.append(f"{n} hordes on {square} (HMC-SCALE-05)")
    for u in s.units:
        if u.square is None:
            if u.on_board:
                out.append(f"{u.id} is on the board without a square")
            if u.stealthed and u.id not in s.hidden:  # a view leaves hidden squares out
                out.append(f"{u.id} is in stealth without a square of its own (HMC-TALENT-01)")
            continue
        if u.gone or u.status == "off-board":
            out.append(f"{u.id} is {u.status} but stands on {u.square}")
        elif u.square not in field or not field.passable(u.square):
            out.append(f"{u.id} stands on {u.square}, not a passable square of the board")
        elif u.is_officer:
            h = s.horde_at(u.square)
            if h is not None and h.side != u.side:
                out.append(f"Officer {u.id} stands on the enemy horde {h.id}")
        if u.stealthed and not (u.horde.has(AMBUSHERS) and field.cover(u.square)):
            out.append(f"{u.id} is in stealth but is not an Ambushers horde in cover")
    return out


def _magnitudes(s: S) -> list[str]:
    out: list[str] = []
    for u in s.units:
        h = u.horde
        if h.magnitude < 0:
            out.append(f"{u.id} has negative Magnitude {h.magnitude}")
        if h.magnitude > h.starting_magnitude:
            out.append(
                f"{u.id} has Magnitude {h.magnitude} above its starting {h.starting_magnitude}"
            )
        if u.fighting and u.magnitude == 0:
            out.append(f"{u.id} is at 0 but still fighting")
        for sp in h.specialists:
            if not 0 <= sp.wounds <= sp.max_wounds:
                out.append(f"{u.id}'s {sp.name} has {sp.wounds} wounds")
    for side in SIDES:
        now = sum(u.magnitude for u in s.units if u.side == side and u.is_horde)
        if now > s.setup.magnitude_total(side):
            out.append(f"the {side} hordes hold {now} Magnitude, more than they began with")
    return out


def _spent(s: S) -> list[str]:
    """An activation has spent 0 to 2 Half actions: one Full or two Half orders
    (HMC-ORDERS-19)."""
    from wargames.horde.orders import Activation

    return [
        f"tasks[{k}] has spent {task.spent!r} Half actions, not 0 to 2 (HMC-ORDERS-19)"
        for k, task in enumerate(s.tasks)
        if isinstance(task, Activation) and task.spent not in (0, 1, 2)
    ]


def _strikes(s: S) -> Iterator[tuple[int, Any, Strike]]:
    """``(k, task, strike)`` for each pending step ``k`` that carries an attack under way."""
    for k, task in enumerate(s.tasks):
        strike = getattr(task, "strike", None) or getattr(task, "attack", None)
        if strike is not None:
            yield k, task, strike


AGAIN = ("", "reroll", "best")
"""How a damage die is rolled: first, again for a Tearing reroll, or as the second die of
``best-of-two`` (HMC-WEAPON-05, HMC-GAP-19)."""


def _dice(s: S) -> list[str]:
    """The dice of an attack under way are faces the dice show: the attack and defence d10s
    1 to 10 (HMC-ATTACK-02, -04), the damage die 1 to 10 (one d10, or a d5 for partial
    damage, HMC-DAMAGE-03, -07, -10), its hit full or partial, its damage and loss not below
    0; a damage die rolled again is a Tearing reroll or the second of two, after a first
    (HMC-WEAPON-05, HMC-GAP-19)."""
    from wargames.horde.combat.strikes import DamageRoll

    out: list[str] = []
    for k, task, strike in _strikes(s):
        if isinstance(task, DamageRoll) and (
            task.again not in AGAIN or (task.again == "best" and strike.first_die is None)
        ):
            out.append(
                f"tasks[{k}]'s damage die is rolled again as {task.again!r}, not a Tearing "
                "reroll or the second of two dice after a first (HMC-WEAPON-05, HMC-GAP-19)"
            )
        for name in ("attack_die", "defence_die", "first_die", "damage_die"):
            value = getattr(strike, name)
            if value is not None and (type(value) is not int or not 1 <= value <= 10):
                out.append(f"tasks[{k}]'s {name} is {value!r}, not a face of its die")
        if strike.hit not in (None, "full", "partial"):
            out.append(f"tasks[{k}]'s hit is {strike.hit!r}, neither full nor partial")
        for name in ("damage", "loss"):
            value = getattr(strike, name)
            if value is not None and (type(value) is not int or value < 0):
                out.append(f"tasks[{k}]'s {name} is {value!r}, below 0")
    return out


def _foes(s: S) -> list[str]:
    """An attack under way sets a unit against an enemy (HMC-ORDERS-03); in melee, while both
    stand on the board, against one next to it (HMC-COMBAT-06)."""
    out: list[str] = []
    unit, field = s.unit, s.field
    for k, _, strike in _strikes(s):
        a, d = unit(strike.striker), unit(strike.target)
        if a.side == d.side:
            out.append(f"tasks[{k}] sets {a.id} against its own side's {d.id} (HMC-ORDERS-03)")
            continue
        here, there = s.location(a), s.location(d)
        if here is None or there is None or not (a.fighting and d.fighting):
            continue  # no longer both on the board: nothing to measure
        if strike.kind == "melee" and not field.adjacent(here, there):
            out.append(
                f"tasks[{k}] has {a.id} on {here} strike {d.id} on {there} in melee, "
                "not next to it (HMC-COMBAT-06)"
            )
    return out


ONCE = (
    "EndRound",
    "BeginRound",
    "Turn",
    "NextTurn",
    "AfterActivation",
    "Activation",
    "MoveOrder",
    "SplitSize",
    "SplitPlacement",
    "Heal",
    "RetreatLoss",
)
"""The steps pending once at most: one round, one side's turn, one activation and one order
being carried out at a time (HMC-GAP-04, HMC-ORDERS-19)."""

ORDER_STEPS = frozenset({"MoveOrder", "SplitSize", "SplitPlacement", "Heal"})
"""The steps of an order being carried out: right above the activation that gave it
(:meth:`~wargames.horde.orders.Activation.order`)."""

ROUND_START = frozenset({"Awareness", "ChooseBonus", "ReturnToHQ"})
"""The steps of the start of a round, above its first side's turn
(:class:`~wargames.horde.flow.BeginRound`)."""


def sequence_violations(s: S) -> list[str]:
    """What a saved state read back must also keep while the battle goes on (checked when it
    is read, :meth:`~wargames.horde.state.PScaleState.saved_state_violations`): the pending
    steps in the shape the sequence of play gives them (:mod:`wargames.horde.sequence`). The
    round at the bottom, once; each step of :data:`ONCE` once at most; a side's turn or the
    turn passing on, not both; an activation right above the step that follows it, of the
    same unit, and that right above the turn passing on; an order's steps right above the
    activation that gave it, of its unit; the start of the round's steps above its first
    turn, a return to the HQ area for each side at most (HMC-GAP-04, HMC-ORDERS-19)."""
    tasks = s.tasks
    if s.result is not None or not tasks:
        return []
    names = [type(t).__name__ for t in tasks]
    out: list[str] = []
    if names[0] != "EndRound" or "EndRound" in names[1:]:
        out.append("the round is not the one step at the bottom of the pending steps (HMC-GAP-04)")
    twice = [name for name in ONCE if names.count(name) > 1]
    if twice:
        out.append(f"{', '.join(twice)} pending more than once (HMC-GAP-04, HMC-ORDERS-19)")
    if "Turn" in names and "NextTurn" in names:
        out.append("a side's turn is pending beside the turn passing on (HMC-GAP-04)")
    return out or _activation_order(tasks, names) + _round_start_order(tasks, names)


def _activation_order(tasks: tuple[Any, ...], names: list[str]) -> list[str]:
    """An activation and its order's steps stand where :meth:`Turn.act
    <wargames.horde.flow.Turn.act>` and :meth:`Activation.order
    <wargames.horde.orders.Activation.order>` put them."""
    out: list[str] = []
    if "Activation" in names or "AfterActivation" in names:
        i = names.index("Activation") if "Activation" in names else -1
        below = tasks[i - 1] if i >= 2 else None
        if (
            i < 2
            or names[i - 1] != "AfterActivation"
            or names[i - 2] != "NextTurn"
            or getattr(below, "unit", None) != tasks[i].unit
        ):
            out.append(
                "an activation is pending apart from the steps that follow it, or they name "
                "another unit (HMC-ORDERS-19)"
            )
    for k, name in enumerate(names):
        if name not in ORDER_STEPS:
            continue
        own = getattr(tasks[k], "unit", None)  # a Medic's aid names the Officer it heals
        if k == 0 or names[k - 1] != "Activation" or own not in (None, tasks[k - 1].unit):
            out.append(
                f"{name} is pending but not right above the activation of its unit (HMC-ORDERS-19)"
            )
    return out


def _round_start_order(tasks: tuple[Any, ...], names: list[str]) -> list[str]:
    """The start of a round's steps wait above its first turn, a return to the HQ area for
    each side at most (:class:`~wargames.horde.flow.BeginRound`)."""
    starts = [k for k, name in enumerate(names) if name in ROUND_START]
    if not starts:
        return []
    sides = [t.side for t in tasks if type(t).__name__ == "ReturnToHQ"]
    if "Turn" not in names or min(starts) < names.index("Turn") or len(set(sides)) < len(sides):
        return ["the start of a round's steps are pending out of place (HMC-GAP-04)"]
    return []


def _splits(s: S) -> list[str]:
    """A Split! still to be placed keeps at least the least Magnitude in each part, the two
    adding up to the horde's (HMC-ORDERS-16, HMC-GAP-26); a horde has one Split! under way
    at most, and none once it has split or merged this round (its Split! is ordered only
    then, :func:`~wargames.horde.orders.free_orders`)."""
    from wargames.horde.reshape import SPLIT_MINIMUM, SplitPlacement, SplitSize

    out: list[str] = []
    under_way: set[str] = set()
    for task in s.tasks:
        if isinstance(task, SplitSize | SplitPlacement):
            if task.unit in under_way or task.unit in s.reshaped:
                out.append(
                    f"{task.unit} has a second Split! under way, or one after it split or "
                    "merged this round (HMC-ORDERS-16)"
                )
            under_way.add(task.unit)
        if isinstance(task, SplitPlacement):
            whole = s.unit(task.unit).magnitude
            if not SPLIT_MINIMUM <= task.magnitude <= whole - SPLIT_MINIMUM:
                out.append(
                    f"a Split! of {task.unit} into {task.magnitude} and the rest of its "
                    f"{whole} Magnitude leaves a part below {SPLIT_MINIMUM} (HMC-GAP-26)"
                )
    return out


def _attachments(s: S) -> list[str]:
    out: list[str] = []
    for u in s.units:
        if u.gone and (u.attached_to is not None or u.stealthed):
            out.append(f"{u.id} has left the battle but is still joined or in stealth")
        if u.attached_to is not None:
            if u.is_horde:
                out.append(f"the horde {u.id} is joined to {u.attached_to}")
                continue
            h = s.unit(u.attached_to)
            if h.side != u.side or h.status not in ("fighting", "off-board") or not h.is_horde:
                out.append(f"Officer {u.id} is joined to {h.id}, not a fighting allied horde")
            if u.square is not None:
                out.append(f"Officer {u.id} is joined to {h.id} but stands on {u.square}")
        if u.is_horde and u.bonus is not None and s.unit(u.bonus).attached_to != u.id:
            out.append(f"{u.id}'s bonus Officer {u.bonus} is not with it")
    return out


__all__ = ["sequence_violations", "violations"]
