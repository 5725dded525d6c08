"""Actions as numbers: one fixed space of ids per P-Scale scenario (issue 15).

Every decision of a battle and every die is numbered by a
:class:`~wargames.core.actionspace.Template` whose fields range over what the scenario holds:
its units, the squares of its battlefield, the orders (:data:`~wargames.horde.actions.ORDERS`),
the weapons of each unit's profile, each side's HQ area. So ``IG1 to 05-06`` has one id in
every state of the Manufactorum (:func:`action_codec`).

**The units a battle can hold.** Split! (HMC-ORDERS-16) makes hordes that the scenario does not
list, named after the horde they left: the first horde split from ``IG1`` is ``IG1-1``, the
next ``IG1-2``, the first split from ``IG1-1`` is ``IG1-1-1`` (the first free number,
:class:`~wargames.horde.reshape.SplitPlacement`). A horde splits at most once a round, not in
the round it was made (HMC-GAP-26), so ``IG1-k1-k2-...`` is made ``k1 + k2 + ...`` rounds into
the battle at the earliest: by the rules alone a horde has ``2**rounds - 1`` possible
descendants (1,023 in a mission of 10 rounds), far too many to number. Magnitude bounds them
while no Merge! (HMC-ORDERS-17) gives a horde back what it split off: each part keeps 10
(HMC-GAP-26), so a horde of Magnitude ``m`` splits at most ``m // 10 - 1`` times, and its line
of splits ``k1 + k2 + ...`` is at most that too; a horde that can never gather 20 never splits.
The space numbers the lines of splits up to :func:`split_budgets`: the horde's own bound plus
:data:`MERGES` cycle of splitting and merging back, at most :data:`SPLITS` (4) in all. A horde
beyond it (made by more splitting and merging back than that) is outside the space: every
action naming it raises :class:`~wargames.core.actionspace.ActionIdError` (never a wrong or
silently missing id). The greedy agent never splits; uniformly random play goes beyond the bound
in 1 to 6.5 % of full battles (measured over 200 per scenario; docs/horde.md). ``codec_of(setup,
splits=5)`` numbers longer lines, at the cost of a larger space.

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

from collections.abc import Hashable, Iterable, Iterator, Mapping
from typing import Any

import attrs

from wargames.core.actionspace import (
    ActionCodec,
    ActionSpace,
    Choice,
    Dependent,
    Domain,
    Integers,
    Template,
)
from wargames.core.engine import GameState
from wargames.core.notation import Reroll, Roll
from wargames.core.sources import ScenarioSource
from wargames.horde import actions as cmd
from wargames.horde.combat.actions import Counter
from wargames.horde.combat.data import default_hordes
from wargames.horde.combat.profiles import Horde
from wargames.horde.combat.weapons import Kind
from wargames.horde.reshape import MERGE_CAP, SPLIT_MINIMUM
from wargames.horde.scenario import BattleSetup, other_side

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


def split_names(unit: str, budget: int, taken: frozenset[str] = frozenset()) -> Iterator[str]:
    """The ids of the hordes that can come from ``unit`` by at most ``budget`` splits a line
    (:func:`split_budgets`), depth first: ``unit-k`` for the first free numbers ``k``
    (``taken``: ids the scenario already uses) then, the ``k``-th made after ``k`` splits of
    ``unit``, those that come from it by ``budget - k`` more.

    >>> list(split_names("IG1", 2))
    ['IG1-1', 'IG1-1-1', 'IG1-2']
    >>> len(list(split_names("M1", 4)))
    15
    """
    free = (f"{unit}-{k}" for k in range(1, budget + len(taken) + 2))
    children = [name for name in free if name not in taken][:budget]
    for k, child in enumerate(children, start=1):
        yield child
        yield from split_names(child, budget - k, taken)


SPLITS = 4
"""The longest line of splits numbered (:func:`split_budgets`): ``IG1-4``, ``IG1-2-2``,
``IG1-1-1-1-1``."""
MERGES = 1
"""Cycles of splitting and merging back numbered beyond a horde's own Magnitude
(:func:`split_budgets`)."""


def gatherable(setup: BattleSetup) -> dict[str, int]:
    """The most Magnitude each horde of the scenario can gather: its own, or with Merge!
    (HMC-ORDERS-17, -18) its side's hordes of its profile together, at most
    :data:`MERGE_CAP`."""
    groups: dict[tuple[str, str], list[int]] = {}
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


def split_budgets(setup: BattleSetup, splits: int = SPLITS) -> dict[str, int]:
    """The longest line of splits numbered for each horde of the scenario (see the module
    docstring): 0 for a horde that can never gather 20 Magnitude (HMC-GAP-26), else what its
    Magnitude allows without merging (``m // 10 - 1``, ``m`` what it can gather,
    :func:`gatherable`) and :data:`MERGES` more, at most ``splits``."""
    least = 2 * SPLIT_MINIMUM
    return {
        unit: 0 if most < least else min(splits, most // SPLIT_MINIMUM - 1 + MERGES)
        for unit, most in gatherable(setup).items()
    }


@attrs.frozen
class Roster:
    """The units a battle of one scenario can hold: the scenario's, then the hordes split
    from them (:func:`split_names`), with each one's side, profile and kind."""

    ids: tuple[str, ...]
    side: Mapping[str, str]
    profile: Mapping[str, Horde]
    """Each unit's profile as the scenario has it (the split ones: their ancestor's)."""
    officers: tuple[str, ...]
    hordes: tuple[str, ...]
    split: tuple[str, ...]
    """The hordes Split! can make."""

    @classmethod
    def of(cls, setup: BattleSetup, splits: int = SPLITS) -> Roster:
        scenario = {u.id for u in setup.units}
        taken = frozenset(scenario)
        side = {u.id: u.side for u in setup.units}
        profile = {u.id: u.horde for u in setup.units}
        split: list[str] = []
        budgets = split_budgets(setup, splits)
        for u in setup.units:
            if u.is_horde:
                for name in split_names(u.id, budgets[u.id], taken):
                    split.append(name)
                    side[name], profile[name] = u.side, u.horde
        ids = tuple(u.id for u in setup.units) + tuple(split)
        officers = tuple(u.id for u in setup.units if u.is_officer)
        hordes = tuple(i for i in ids if i not in officers)
        return cls(ids, side, profile, officers, hordes, tuple(split))

    def of_side(self, side: str, among: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(i for i in among if self.side[i] == side)

    def same_profile(self, unit: str, other: str) -> bool:
        return self.profile[unit].id == self.profile[other].id

    def enemies(self, unit: str) -> tuple[str, ...]:
        return self.of_side(other_side(self.side[unit]), self.ids)

    def weapons(self, unit: str, kind: Kind) -> tuple[str | None, ...]:
        """The weapons an attack of ``kind`` by ``unit`` may name
        (:func:`~wargames.horde.targets.weapon_choices`): ``None`` (it has one weapon of
        ``kind``), and when its profile has several, counting its Specialists', their slugs."""
        h = self.profile[unit]
        books = (h, default_hordes()[h.id]) if h.id in default_hordes() else (h,)
        slugs = [cmd.weapon_slug(w.name) for book in books for w in book.weapons_of(kind)]
        named = tuple(dict.fromkeys(slugs))
        return (None, *named) if len(named) > 1 else (None,)


def decision_templates(setup: BattleSetup, splits: int = SPLITS) -> tuple[Template, ...]:
    """The templates of the players' decisions (see the module docstring)."""
    roster = Roster.of(setup, splits)
    field = setup.field
    squares = tuple(a for a in field.squares if field.passable(a))
    ids, officers = roster.ids, roster.officers
    units, hordes = _choice(ids, "a unit"), _choice(roster.hordes, "a horde")
    where = _choice(squares, "a passable square")

    def own(among: tuple[str, ...]) -> dict[Hashable, Domain]:
        """Each unit's choice among the units of its side in ``among``."""
        return {u: _choice(roster.of_side(roster.side[u], among)) for u in ids}

    enemies = _per("unit", {u: _choice(roster.enemies(u)) for u in ids}, "an enemy unit")
    orders = _per(
        "unit",
        {u: _choice(OFFICER_ORDERS if u in officers else HORDE_ORDERS) for u in ids},
        "an order of a horde or an Officer",
    )
    partners: dict[Hashable, Domain] = {
        u: _choice(
            o
            for o in roster.of_side(roster.side[u], roster.hordes)
            if o != u and roster.same_profile(o, u)
        )
        for u in roster.hordes
    }
    hq: dict[Hashable, Domain] = {
        u: _choice(sorted(field.hq[roster.side[u]])) for u in roster.hordes
    }
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
                (
                    "weapon",
                    _per(
                        "unit",
                        {u: _choice(roster.weapons(u, kind)) for u in ids},
                        f"none or a {kind} weapon of its profile",
                    ),
                ),
                note="HMC-ORDERS-03",
            )
            for kind in KINDS
        ),
        _template(cmd.MoveTo, ("unit", units), ("square", where)),
        _template(cmd.Flee, ("unit", hordes), ("square", where), note="HMC-GAP-03"),
        _template(
            cmd.Rout, ("unit", hordes), ("square", _choice((None, *squares), "off or a square"))
        ),
        _template(
            cmd.Split,
            ("unit", hordes),
            ("magnitude", Integers(SPLIT_MINIMUM, largest - SPLIT_MINIMUM)),
            note="HMC-ORDERS-16",
        ),
        _template(
            cmd.Place, ("unit", _choice(roster.split, "a horde Split! makes")), ("square", where)
        ),
        _template(
            cmd.Merge,
            ("unit", hordes),
            ("other", _per("unit", partners, "a horde of its side and profile")),
        ),
        _template(
            cmd.Join,
            ("officer", _choice(officers, "an Officer")),
            ("horde", _per("officer", own(roster.hordes), "a horde of his side")),
        ),
        _template(
            cmd.Bonus,
            ("horde", hordes),
            ("officer", _per("horde", own(officers), "an Officer of its side")),
        ),
        _template(
            cmd.Return, ("unit", hordes), ("square", _per("unit", hq, "a square of its HQ area"))
        ),
        _template(
            cmd.Medicae,
            ("unit", hordes),
            ("officer", _per("unit", own(officers), "an Officer of its side")),
        ),
        _template(Reroll, ("reroll", _choice((True, False), "reroll or keep")), note="Tearing"),
        _template(
            Counter, ("attack", _choice((True, False), "counter or hold")), note="HMC-COUNTER-01"
        ),
    )


CODECS: dict[tuple[ScenarioSource, int], ActionCodec] = {}
"""The codec of each scenario met, by its source (a user's scenario by name and hash) and
:data:`SPLITS`."""
CODEC_CACHE = 32


def codec_of(setup: BattleSetup, splits: int = SPLITS) -> ActionCodec:
    """The codec of the scenario ``setup``, numbering lines of up to ``splits`` splits
    (cached)."""
    key = (setup.source, splits)
    found = CODECS.get(key)
    if found is not None:
        return found
    if len(CODECS) >= CODEC_CACHE:
        CODECS.clear()
    found = CODECS[key] = ActionCodec(
        ActionSpace(decision_templates(setup, splits), "horde decisions"),
        ActionSpace([_template(Roll, ("value", Integers(1, ROLLS)))], "horde dice"),
        note=f"hordes made by lines of more than {splits} splits (splitting and merging back "
        "beyond a horde's Magnitude) are outside the space: ActionIdError",
    )
    return found


def action_codec(state: GameState) -> ActionCodec:
    """The fixed action space of ``state``'s scenario: the same ids in every state of it."""
    setup: BattleSetup = state.setup  # type: ignore[attr-defined]
    return codec_of(setup)


__all__ = [
    "HORDE_ORDERS",
    "MERGES",
    "OFFICER_ORDERS",
    "ROLLS",
    "SPLITS",
    "Roster",
    "action_codec",
    "codec_of",
    "gatherable",
    "split_budgets",
    "split_names",
]
