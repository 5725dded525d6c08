"""Actions as numbers: one fixed space of ids per P-Scale scenario (issue 15).

Every decision of a battle and every die is numbered by a
:class:`~wargames.core.actionspace.Template` whose fields range over what the scenario holds:
its units, the squares of its battlefield, the orders (:data:`~wargames.horde.actions.ORDERS`),
the weapons of each unit's profile, each side's HQ area. So ``IG1 to 05-06`` has one id in
every state of the Manufactorum (:func:`action_codec`).

**The units a battle can hold.** Split! (HMC-ORDERS-16) makes hordes that the scenario does not
list, named after the horde they left: the first horde split from ``IG1`` is ``IG1-1``, the
next ``IG1-2``, the first split from ``IG1-1`` is ``IG1-1-1`` (the first free number,
:class:`~wargames.horde.reshape.SplitPlacement`). With Merge! (HMC-ORDERS-17) giving back what
was split off, the names have no bound but the rounds (``2**rounds - 1`` of them from one
horde). So a unit field does not number the split-off hordes by name but by **slot**: each
side and profile has :func:`split_slots` of them, and a split-off horde of that side and profile
holds the slot of its rank among those of the state (:meth:`Roster.split_offs`: not merged
away, sorted by their scenario horde then the numbers of their path, ``IG1-2`` before
``IG1-10``; while a Split! is being placed the horde it makes counts among them). "Split-off 2
of the blue Guard Infantry moves to 08-02" has one id; which horde it is depends on the state
(the ids take the state, :data:`~wargames.core.actionspace.STATE`). Every side sees every
unit's id and status (a view leaves out only the squares of enemy hordes in stealth,
HMC-TALENT-02), so both sides read a slot alike.

**How many slots.** Magnitude bounds the split-off hordes of a side and profile that the
state holds at once: count a horde's *nominal* Magnitude, its Magnitude with casualties left
out. A Split! shares the nominal Magnitude and leaves each part at least 10 (HMC-GAP-26: the
part split off has its Magnitude, the part kept at least its Magnitude), a Merge! adds the two
up (HMC-ORDERS-17), and nothing else raises a horde's Magnitude (a Medic heals Officers only),
so the nominal Magnitudes of the side's hordes of the profile that are not merged away (gone
ones included) add up to the scenario's Magnitude ``W`` of them, and each split-off one has
10 or more: at most ``W // 10``, none if ``W`` is below 20 (no horde can ever split). The bound
is reached (a horde of 20 splits 10 and 10, takes its own part into the one split off by
Merge!, and that one splits again), so a smaller cap would leave legal actions unnumbered.

**Bounds by rule.** An attack or Charge! targets an enemy unit (HMC-ORDERS-03, -04), a Merge!
a horde of the same side and profile (HMC-ORDERS-17), an Officer joins and lends his bonus to a
horde of his side (HMC-OFFICER-05, -07), a Medic tends an Officer of his side
(HMC-SPECIALIST-08), a horde back from a Full Retreat! reappears in its HQ area
(HMC-ORDERS-12); the weapon an attack names is one of its profile's; a Split! leaves at least
10 on each side of the largest Magnitude a horde can gather (its side's hordes of its profile
merged, at most :data:`~wargames.horde.reshape.MERGE_CAP`); units move, flee, rout and stand
only on passable squares. The dice are ``roll 1`` to ``roll 100`` (the d100 morale and
Awareness tests; the d10s and damage dice are the first of them).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from wargames.core.actionspace import (
    ActionCodec,
    ActionSpace,
    Choice,
    Dependent,
    Domain,
    Integers,
    Template,
    state_of,
)
from wargames.core.engine import GameState
from wargames.core.notation import Reroll, Roll
from wargames.core.sources import ScenarioSource
from wargames.horde import actions as cmd
from wargames.horde.combat.actions import Counter
from wargames.horde.combat.data import default_hordes
from wargames.horde.combat.profiles import Horde
from wargames.horde.combat.weapons import Kind
from wargames.horde.reshape import MERGE_CAP, SPLIT_MINIMUM, SplitPlacement
from wargames.horde.scenario import BattleSetup, other_side

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState

ROLLS = 100
"""The most faces a die of the battle has: the d100 tests (HMC-MORALE-01, HMC-TALENT-02)."""

OFFICER_ORDERS = ("tactical advance", "rapid advance", "sprint", "leave")
"""What an Officer may be ordered but Charge! (HMC-OFFICER-02, -01): ``leave`` names the
Officer."""
HORDE_ORDERS = tuple(o for o in cmd.ORDERS if o not in ("charge", "sprint", "leave"))
"""What a horde may be ordered but Charge! (HMC-ORDERS-05 to -16, HMC-TALENT-01, -03)."""
KINDS: tuple[Kind, ...] = ("melee", "ranged")


def _choice(values: Iterable[Hashable], what: str = "") -> Choice:
    """A :class:`Choice` described as ``what (how many)`` (the docs' table of templates)."""
    chosen = tuple[Any, ...](values)
    return Choice(chosen, f"{what} ({len(chosen)})" if what else "")


def _per(on: str, domains: Mapping[Hashable, Domain], what: str) -> Dependent:
    """A :class:`Dependent` on the field ``on``, described as ``what (up to how many)``."""
    most = max((d.size for d in domains.values()), default=0)
    return Dependent(on, domains, f"{what} (up to {most})")


def _template(kind: type, *fields: tuple[str, Domain], note: str = "") -> Template:
    return Template(kind, tuple[Any, ...](fields), note)


Group = tuple[str, str]
"""A side and a profile id: the split-off hordes of a group share its slots."""


@attrs.frozen
class Slot:
    """The ``rank``-th split-off horde of a side and profile (0 first)."""

    side: str
    profile: str
    rank: int


def split_slots(setup: BattleSetup) -> dict[Group, int]:
    """The most split-off hordes of each side and profile a battle holds at once (see the
    module docstring): ``W // 10`` for the scenario's Magnitude ``W`` of them
    (HMC-GAP-26, HMC-ORDERS-16, -17), none if ``W`` is below 20."""
    total: dict[Group, int] = {}
    for u in setup.units:
        if u.is_horde:
            group = (u.side, u.horde.id)
            total[group] = total.get(group, 0) + u.magnitude
    least = 2 * SPLIT_MINIMUM
    return {g: 0 if w < least else w // SPLIT_MINIMUM for g, w in total.items()}


def gatherable(setup: BattleSetup) -> dict[str, int]:
    """The most Magnitude each horde of the scenario can gather: its own, or with Merge!
    (HMC-ORDERS-17, -18) its side's hordes of its profile together, at most
    :data:`MERGE_CAP`."""
    groups: dict[Group, list[int]] = {}
    for u in setup.units:
        if u.is_horde:
            groups.setdefault((u.side, u.horde.id), []).append(u.magnitude)
    found = {}
    for u in setup.units:
        if u.is_horde:
            group = groups[(u.side, u.horde.id)]
            merged = min(MERGE_CAP, sum(group)) if len(group) > 1 else 0
            found[u.id] = max(u.magnitude, merged)
    return found


PATH = re.compile(r"(-[0-9]+)+")
"""What Split! adds to the id of the horde it splits: ``-k`` a split (``IG1-2-1``)."""


_GROUPS_KEPT = 100_000
"""The most unit ids :meth:`Roster.group_of` (and :meth:`Roster.path_key`) keeps the answer
for."""


Standing = tuple[dict[Group, tuple[str, ...]], tuple[tuple[Group, tuple[str, ...]], ...]]
"""A state's split-off hordes by group, and the same as its :meth:`Roster.state_key`."""

_NONE_STANDING: Standing = ({}, ())

_MADE_KEPT = 4096
"""The most lists of split-off hordes :meth:`Roster.split_offs` keeps grouped."""


class Roster:
    """The units a battle of one scenario can hold: the scenario's by id, then the slots of
    the hordes Split! makes (:func:`split_slots`), with each one's side and profile."""

    def __init__(self, setup: BattleSetup) -> None:
        self.ids = tuple(u.id for u in setup.units)
        self.order = {u: i for i, u in enumerate(self.ids)}
        self.side = {u.id: u.side for u in setup.units}
        self.profile: dict[str, Horde] = {u.id: u.horde for u in setup.units}
        self.officers = tuple(u.id for u in setup.units if u.is_officer)
        self.hordes = tuple(u.id for u in setup.units if u.is_horde)
        self.splitting = frozenset(self.hordes)
        self.slot_counts = split_slots(setup)
        self.slots = tuple(
            Slot(side, profile, rank)
            for (side, profile), count in self.slot_counts.items()
            for rank in range(count)
        )
        self._last: tuple[GameState | None, Standing] = (None, _NONE_STANDING)
        self._standing: tuple[tuple[Any, ...] | None, Standing] = (None, _NONE_STANDING)
        """The last units looked at (a state's ``units``, a value) and their split-off
        hordes: states that share their units share them (a Split! being placed aside)."""
        self._by_made: dict[tuple[str, ...], Standing] = {}
        """The split-off hordes grouped and ordered, with their :meth:`state_key`, by the
        ids of the split-off hordes as the units list them: a move changes the units but
        seldom the split-off hordes, which are then not sorted and grouped again."""
        self._groups: dict[str, Group] = {}
        """:meth:`group_of` of each unit asked about (a unit's id names its group)."""
        self._paths: dict[str, tuple[int, tuple[int, ...]]] = {}
        """:meth:`path_key` of each split-off horde asked about."""

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the last state and units looked at (:meth:`split_offs`)."""
        return {
            **self.__dict__,
            "_last": (None, _NONE_STANDING),
            "_standing": (None, _NONE_STANDING),
            "_by_made": {},
        }

    def group(self, unit: str) -> Group:
        """The side and profile of a scenario horde."""
        return self.side[unit], self.profile[unit].id

    def root(self, unit: str) -> str:
        """The scenario horde a split-off horde comes from: the longest scenario id its id
        begins with, followed by a path of splits (``KeyError`` for no horde's)."""
        for cut in range(len(unit) - 2, 0, -1):
            head = unit[:cut]
            if head in self.splitting and PATH.fullmatch(unit, cut):
                return head
        raise KeyError(f"{unit!r} is no unit of the scenario nor split from one")

    def group_of(self, unit: str) -> Group:
        """The side and profile of a scenario horde or a horde split from one (its
        scenario horde's, HMC-ORDERS-16); worked out once per id."""
        found = self._groups.get(unit)
        if found is None:
            found = self.group(unit if unit in self.order else self.root(unit))
            if len(self._groups) < _GROUPS_KEPT:
                self._groups[unit] = found
        return found

    def path_key(self, unit: str) -> tuple[int, tuple[int, ...]]:
        """A split-off horde's place in the canonical order: its scenario horde, then the
        numbers of its path (``IG1-2`` before ``IG1-10``); worked out once per id."""
        found = self._paths.get(unit)
        if found is None:
            root = self.root(unit)
            found = self.order[root], tuple(int(k) for k in unit[len(root) + 1 :].split("-"))
            if len(self._paths) < _GROUPS_KEPT:
                self._paths[unit] = found
        return found

    def split_offs(self, state: GameState) -> dict[Group, tuple[str, ...]]:
        """The split-off hordes of each group in ``state``, those merged away left out and
        the one a Split! being placed makes included, in the canonical order
        (:meth:`path_key`). What a view holds too: every unit's id and status are public.
        Shared by the states with the same split-off hordes: never change it."""
        return self._standing_in(state)[0]

    def state_key(self, state: GameState) -> tuple[tuple[Group, tuple[str, ...]], ...]:
        """What of ``state`` the ids of its actions depend on: its split-off hordes
        (:meth:`split_offs`), which give every slot its horde; two states with the same give
        an action the same id (:attr:`ActionSpace.state_key
        <wargames.core.actionspace.ActionSpace.state_key>`)."""
        return self._standing_in(state)[1]

    def _standing_in(self, state: GameState) -> Standing:
        """:meth:`split_offs` and :meth:`state_key` of ``state``: worked out once per set of
        units, and grouped and sorted once per list of split-off hordes."""
        last, found = self._last
        if last is state:
            return found
        s: PScaleState = state  # type: ignore[assignment]
        top = s.top if s.tasks else None
        placing = isinstance(top, SplitPlacement)
        units, found = self._standing
        if units is not s.units or placing:  # the units' split-offs, once per set of units
            order = self.order
            made = [
                u.id for u in s.units if u.id not in order and u.is_horde and u.status != "merged"
            ]
            if placing:
                made.append(top.new_id(s))  # type: ignore[union-attr]
            listed = tuple(made)
            found = self._by_made.get(listed)  # type: ignore[assignment]
            if found is None:
                found = self._grouped(made)
                if len(self._by_made) >= _MADE_KEPT:
                    self._by_made.clear()
                self._by_made[listed] = found
            if not placing:
                self._standing = (s.units, found)
        self._last = (state, found)
        return found

    def _grouped(self, made: list[str]) -> Standing:
        """Split-off hordes by group, each group's in the canonical order (:meth:`path_key`),
        and that as a :meth:`state_key`."""
        groups: dict[Group, list[str]] = {}
        for unit in sorted(made, key=self.path_key):
            groups.setdefault(self.group_of(unit), []).append(unit)
        standing = {g: tuple(members) for g, members in groups.items()}
        return standing, tuple(standing.items())

    def slot_of(self, unit: str, fields: Mapping[str, Any]) -> Slot:
        """The slot of the split-off horde ``unit`` in the state of ``fields``
        (``ValueError`` for none in it or beyond the slots)."""
        side, profile = group = self.group_of(unit)
        among = self.split_offs(state_of(fields, unit)).get(group, ())
        if unit not in among:
            raise ValueError(f"{unit} is no split-off horde of the state")
        rank = among.index(unit)
        if rank >= self.slot_counts[group]:
            raise ValueError(
                f"{unit} is split-off {rank + 1} of {side} {profile}, beyond the slots"
            )
        return Slot(side, profile, rank)

    def unit_in(self, slot: Slot, fields: Mapping[str, Any]) -> str:
        """The split-off horde holding ``slot`` in the state of ``fields`` (``IndexError``
        for none)."""
        among = self.split_offs(state_of(fields, slot)).get((slot.side, slot.profile), ())
        return among[slot.rank]

    def slots_of(self, side: str, profile: str | None = None) -> tuple[Slot, ...]:
        return tuple(x for x in self.slots if x.side == side and profile in (None, x.profile))

    def of_side(self, side: str, among: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(i for i in among if self.side[i] == side)

    def weapons(self, unit: str, kind: Kind) -> tuple[str | None, ...]:
        """The weapons an attack of ``kind`` by the scenario unit ``unit`` may name
        (:func:`~wargames.horde.targets.weapon_choices`): ``None`` (it has one weapon of
        ``kind``), and when its profile has several, counting its Specialists', their slugs."""
        return _weapons((self.profile[unit],), kind)

    def group_weapons(self, group: Group, kind: Kind) -> tuple[str | None, ...]:
        """The weapons an attack of ``kind`` by a horde split off ``group`` may name: those
        of its profile (a split-off horde has no Specialists, HMC-SPECIALIST-01, so no more
        than its scenario hordes')."""
        return _weapons(tuple(self.profile[u] for u in self.hordes if self.group(u) == group), kind)


def _weapons(profiles: tuple[Horde, ...], kind: Kind) -> tuple[str | None, ...]:
    """``None``, and when ``profiles`` (with their shipped books) have several weapons of
    ``kind``, their slugs."""
    books = list(profiles)
    books += [default_hordes()[h.id] for h in profiles if h.id in default_hordes()]
    slugs = [cmd.weapon_slug(w.name) for book in books for w in book.weapons_of(kind)]
    named = tuple(dict.fromkeys(slugs))
    return (None, *named) if len(named) > 1 else (None,)


@attrs.frozen
class Units:
    """A unit field: scenario units by id and split-off hordes by :class:`Slot` (their
    rank in the state, :meth:`Roster.slot_of`), numbered in ``entries``' order."""

    roster: Roster = attrs.field(eq=False, repr=False)
    entries: tuple[str | Slot, ...]
    label: str = ""
    _at: dict[str | Slot, int] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_at", {e: i for i, e in enumerate(self.entries)})

    @property
    def size(self) -> int:
        return len(self.entries)

    def index(self, value: Any, fields: Mapping[str, Any]) -> int:
        found = self._at.get(value)
        if found is not None:
            return found
        if value in self.roster.order:
            raise ValueError(f"{value} is not one of {self.label or 'these units'}")
        return self._at[self.roster.slot_of(value, fields)]

    def value(self, index: int, fields: Mapping[str, Any]) -> Any:
        entry = self.entries[index]
        return entry if isinstance(entry, str) else self.roster.unit_in(entry, fields)

    def describe(self) -> str:
        ids = sum(isinstance(e, str) for e in self.entries)
        slots = len(self.entries) - ids
        what = self.label or "a unit"
        if not slots:
            return f"{what} ({ids})"
        return f"{what} ({ids} + {slots} split-off slots)" if ids else f"{what} ({slots} slots)"


class PerUnit(Mapping[Hashable, Domain]):
    """The domains of a :class:`~wargames.core.actionspace.Dependent` on a unit field: by
    scenario unit, and for a split-off horde its group's (:meth:`Roster.group_of`)."""

    def __init__(
        self, roster: Roster, units: Mapping[str, Domain], groups: Mapping[Group, Domain]
    ) -> None:
        self.roster = roster
        self.by: dict[Hashable, Domain] = dict(units.items())
        self.by.update(groups.items())

    def __getitem__(self, key: Hashable) -> Domain:
        found = self.by.get(key)
        if found is None:
            if not isinstance(key, str):
                raise KeyError(key)
            found = self.by[self.roster.group_of(key)]
        return found

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.by)

    def __len__(self) -> int:
        return len(self.by)


def decision_templates(setup: BattleSetup, roster: Roster | None = None) -> tuple[Template, ...]:
    """The templates of the players' decisions (see the module docstring), their split-off
    hordes read from ``roster`` (a new one by default)."""
    roster = Roster(setup) if roster is None else roster
    field = setup.field
    squares = tuple(a for a in field.squares if field.passable(a))
    ids, officers, hordes = roster.ids, roster.officers, roster.hordes
    groups = tuple(dict.fromkeys(roster.group(u) for u in hordes))

    def unit_field(entries: Iterable[str | Slot], what: str = "") -> Units:
        return Units(roster, tuple[str | Slot, ...](entries), what)

    def per_unit(
        on: str, unit: Callable[[str], Domain], group: Callable[[Group], Domain], what: str
    ) -> Dependent:
        """A :class:`Dependent` on the unit field ``on``: ``unit(u)`` for each scenario unit,
        ``group(g)`` for the hordes split off each group."""
        domains = PerUnit(roster, {u: unit(u) for u in ids}, {g: group(g) for g in groups})
        return _per(on, domains, what)

    def side_units(side: str) -> Units:
        return unit_field((*roster.of_side(side, ids), *roster.slots_of(side)))

    def side_hordes(side: str) -> Units:
        return unit_field((*roster.of_side(side, hordes), *roster.slots_of(side)))

    def partners(side: str, profile: str, but: str | None = None) -> Units:
        same = (u for u in hordes if roster.group(u) == (side, profile) and u != but)
        return unit_field((*same, *roster.slots_of(side, profile)))

    def own_officers(side: str) -> Domain:
        return _choice(roster.of_side(side, officers))

    units = unit_field((*ids, *roster.slots), "a unit")
    any_horde = unit_field((*hordes, *roster.slots), "a horde")
    where = _choice(squares, "a passable square")
    enemies = per_unit(
        "unit",
        lambda u: side_units(other_side(roster.side[u])),
        lambda g: side_units(other_side(g[0])),
        "an enemy unit",
    )
    orders = per_unit(
        "unit",
        lambda u: _choice(OFFICER_ORDERS if u in officers else HORDE_ORDERS),
        lambda g: _choice(HORDE_ORDERS),
        "an order of a horde or an Officer",
    )
    hq = per_unit(
        "unit",
        lambda u: _choice(sorted(field.hq[roster.side[u]])),
        lambda g: _choice(sorted(field.hq[g[0]])),
        "a square of its HQ area",
    )
    merging = per_unit(
        "unit",
        lambda u: partners(*roster.group(u), but=u) if u in hordes else _choice(()),
        lambda g: partners(*g),
        "a horde of its side and profile",
    )
    helpers = per_unit(
        "horde",
        lambda u: own_officers(roster.side[u]),
        lambda g: own_officers(g[0]),
        "an Officer of its side",
    )
    tending = attrs.evolve(helpers, on="unit")

    def weapons(kind: Kind) -> Dependent:
        return per_unit(
            "unit",
            lambda u: _choice(roster.weapons(u, kind)),
            lambda g: _choice(roster.group_weapons(g, kind)),
            f"none or a {kind} weapon of its profile",
        )

    largest = max(gatherable(setup).values(), default=2 * SPLIT_MINIMUM)
    return (
        _template(cmd.Activate, ("unit", units), note="HMC-GAP-04"),
        _template(cmd.EndTurn, note="the side passes"),
        _template(cmd.Done, ("unit", units), note="the activation ends"),
        _template(
            cmd.Order, ("unit", units), ("order", orders), ("target", _choice((None,), "none"))
        ),
        _template(
            cmd.Order,
            ("unit", units),
            ("order", _choice(("charge",), "charge")),
            ("target", enemies),
            note="HMC-ORDERS-04",
        ),
        *(
            _template(
                cmd.Attack,
                ("unit", units),
                ("target", enemies),
                ("kind", _choice((kind,), kind)),
                ("weapon", weapons(kind)),
                note="HMC-ORDERS-03",
            )
            for kind in KINDS
        ),
        _template(cmd.MoveTo, ("unit", units), ("square", where)),
        _template(cmd.Flee, ("unit", any_horde), ("square", where), note="HMC-GAP-03"),
        _template(
            cmd.Rout, ("unit", any_horde), ("square", _choice((None, *squares), "off or a square"))
        ),
        _template(
            cmd.Split,
            ("unit", any_horde),
            ("magnitude", Integers(SPLIT_MINIMUM, largest - SPLIT_MINIMUM)),
            note="HMC-ORDERS-16",
        ),
        _template(
            cmd.Place,
            ("unit", unit_field(roster.slots, "a horde Split! makes")),
            ("square", where),
        ),
        _template(cmd.Merge, ("unit", any_horde), ("other", merging)),
        _template(
            cmd.Join,
            ("officer", _choice(officers, "an Officer")),
            (
                "horde",
                _per(
                    "officer",
                    {o: side_hordes(roster.side[o]) for o in officers},
                    "a horde of his side",
                ),
            ),
        ),
        _template(cmd.Bonus, ("horde", any_horde), ("officer", helpers)),
        _template(cmd.Return, ("unit", any_horde), ("square", hq)),
        _template(cmd.Medicae, ("unit", any_horde), ("officer", tending)),
        _template(Reroll, ("reroll", _choice((True, False), "reroll or keep")), note="Tearing"),
        _template(
            Counter, ("attack", _choice((True, False), "counter or hold")), note="HMC-COUNTER-01"
        ),
    )


CODECS: dict[ScenarioSource, ActionCodec] = {}
"""The codec of each scenario met, by its source (a user's scenario by name and hash)."""
CODEC_CACHE = 32


def codec_of(setup: BattleSetup) -> ActionCodec:
    """The codec of the scenario ``setup`` (cached)."""
    found = CODECS.get(setup.source)
    if found is not None:
        return found
    if len(CODECS) >= CODEC_CACHE:
        CODECS.clear()
    roster = Roster(setup)
    found = CODECS[setup.source] = ActionCodec(
        ActionSpace(decision_templates(setup, roster), "horde decisions", roster.state_key),
        ActionSpace([_template(Roll, ("value", Integers(1, ROLLS)))], "horde dice"),
        note="a horde Split! makes is numbered by its slot: its rank among the split-off "
        "hordes of its side and profile in the state",
    )
    return found


def action_codec(state: GameState) -> ActionCodec:
    """The fixed action space of ``state``'s scenario: the same ids in every state of it."""
    setup: BattleSetup = state.setup  # type: ignore[attr-defined]
    return codec_of(setup)


__all__ = [
    "HORDE_ORDERS",
    "OFFICER_ORDERS",
    "ROLLS",
    "Roster",
    "Slot",
    "Units",
    "action_codec",
    "codec_of",
    "gatherable",
    "split_slots",
]
