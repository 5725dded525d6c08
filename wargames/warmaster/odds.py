"""Exact odds of a battle: ``wargames odds warmaster ATTACK DEFENCE [options]``.

``ATTACK`` and ``DEFENCE`` are either totals (``18 12``) or the fighting counters, comma
separated, by counter type id or name (``emperor,custodes horus,justaerin``): then the totals,
the side that keeps a re-roll (WM-REROLL-02 to -06) and the Horror's column shift come from the
engine's own battle code (:func:`wargames.warmaster.battle.numbers` and
:func:`~wargames.warmaster.battle.reroll_side`), read on the named units, so the calculator and
the game cannot disagree. The ratio is the attack total against the defence total rounded down
in the defender's favour (10 against 5 is 2-1, 9 against 5 is 1-1: WM-COMBAT-08, -11-EX,
-12-EX), the column is capped to the table and shifted (Lupercal's Sanctum, Ambush, Horror),
and one D6 is read there (WM-COMBAT-09), re-rolled once by the side that keeps a re-roll when
its policy says so (WM-REROLL-03).

The Battle Results Table is six rows, so every distribution is exact (fractions), computed by
:meth:`wargames.core.odds.CombatResultsTable.distribution` and cached: microseconds a call.

>>> from wargames.warmaster.odds import battle_odds
>>> dist = battle_odds(10, 5)                      # 2-1, no re-roll
>>> str(dist["DR"]), sum(dist.values())
('1/6', Fraction(1, 1))
>>> battle_odds("emperor,custodes", "horus,justaerin") == battle_odds(18, 18)
True
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, NoReturn, cast

import attrs

from wargames.core import bounds
from wargames.core.caches import PER_DATA
from wargames.core.errors import ArgumentError
from wargames.core.odds import CombatResultsTable
from wargames.warmaster.battle import Battle, numbers, reroll_side
from wargames.warmaster.data import IMPERIAL, SIDES, TRAITOR, UnitSpec, WarmasterData, default_data

if TYPE_CHECKING:
    from wargames.warmaster.state import WarmasterState

REROLLS = ("auto", "attacker", "defender", "none")
"""Who re-rolls: ``auto`` derives it from the named units (totals: nobody)."""
POLICIES = ("best", "losses", "setbacks")
"""Named re-roll policies; a comma-separated list of result codes is a policy too.

* ``best``: re-roll a result worse for the re-rolling side than an average roll in the column
  (results ranked as the table lists them, worst to best for the attacker: AE ... DE);
* ``losses``: re-roll every result in which the re-rolling side loses units;
* ``setbacks``: re-roll every result in which it loses units or retreats.
"""

Strength = int | str | Sequence[str]
"""A total (``18`` or ``"18"``) or counters (``"emperor,custodes"`` or ``["emperor", ...]``)."""


@attrs.frozen
class BattleOdds:
    """The exact odds of one battle, with how they were read."""

    attack: int
    defence: int
    attacker_side: str
    attackers: tuple[str, ...]
    """The attacking counter type ids (empty when a total was given)."""
    defenders: tuple[str, ...]
    ratio: str
    """The battle ratio rounded down (``"2-1"``; ``"no defence"`` for a total of 0)."""
    column: str
    """The column read, after capping to the table and the column shifts."""
    shifts: tuple[str, ...]
    reroll: str | None
    """``"attacker"``, ``"defender"`` or ``None``: the side that may re-roll the die."""
    reroll_note: str
    policy: str
    rerolled_on: tuple[str, ...]
    """The results the re-rolling side re-rolls (empty without a re-roll)."""
    faces: Mapping[str, tuple[int, ...]]
    """Result code -> the die faces that give it in the column (before any re-roll)."""
    distribution: Mapping[str, Fraction]
    """Result code -> exact probability, every code of the table in its order."""
    names: Mapping[str, str]
    """Result code -> its name (``"EX": "Exchange"``)."""
    unit_names: Mapping[str, str] = attrs.field(factory=dict)
    """Counter type id -> its name, for the named units."""

    def text(self) -> str:
        """A table for humans."""
        names = self.unit_names

        def side(units: tuple[str, ...], total: int, word: str) -> str:
            if not units:
                return f"{word} {total}"
            return f"{' + '.join(names[u] for u in units)} ({word} {total})"

        lines = [
            f"{side(self.attackers, self.attack, 'attack')} against "
            f"{side(self.defenders, self.defence, 'defence')}, {self.attacker_side} attacking",
            f"ratio {self.ratio}, column {self.column}"
            + (f" (shifts: {', '.join(self.shifts)})" if self.shifts else ""),
        ]
        if self.reroll is None:
            lines.append(f"re-roll: none: {self.reroll_note}")
        else:
            again = ", ".join(self.rerolled_on) or "nothing"
            lines.append(
                f"re-roll: {self.reroll}: {self.reroll_note}; policy {self.policy} re-rolls {again}"
            )
        dice = {code: _runs(self.faces.get(code, ())) for code in self.distribution}
        width = max(len(n) for n in self.names.values())
        die = max(3, *map(len, dice.values()))
        lines.append(f"  {'':2}  {'result':{width}}  {'die':{die}}  {'chance':>6}  exact")
        for code, p in self.distribution.items():
            lines.append(
                f"  {code:2}  {self.names[code]:{width}}  {dice[code]:{die}}  {float(p):6.1%}  {p}"
            )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, with a ``text`` entry (the ``wargames odds`` answer)."""
        return {
            "attack": self.attack,
            "defence": self.defence,
            "attacker_side": self.attacker_side,
            "attackers": list(self.attackers),
            "defenders": list(self.defenders),
            "ratio": self.ratio,
            "column": self.column,
            "shifts": list(self.shifts),
            "reroll": self.reroll,
            "reroll_note": self.reroll_note,
            "policy": self.policy,
            "rerolled_on": list(self.rerolled_on),
            "faces": {code: list(f) for code, f in self.faces.items()},
            "results": {code: float(p) for code, p in self.distribution.items()},
            "exact": {code: str(p) for code, p in self.distribution.items()},
            "text": self.text(),
        }


# -- the Python API ----------------------------------------------------------------------------


def analyse(
    attack: Strength,
    defence: Strength,
    *,
    reroll: str = "auto",
    policy: str | Iterable[str] = "best",
    attacker: str | None = None,
    sanctum: bool = False,
    ambush: bool = False,
    horror: bool = False,
    data: WarmasterData | None = None,
) -> BattleOdds:
    """The exact odds of ``attack`` against ``defence`` (totals or counters, see
    :data:`Strength`).

    ``reroll``: who may re-roll the battle die (:data:`REROLLS`; ``auto`` applies the
    cancelling rules to the named units). ``policy``: which results the re-rolling side
    re-rolls (:data:`POLICIES`, or result codes). ``attacker``: the attacking side, for totals
    (named units say it themselves). ``sanctum``: the battle is in Lupercal's Sanctum, Horus
    defending; ``ambush``: the attack of an Ambush's units (Traitor, out of sequence);
    ``horror``: for totals, a Horror is among the defenders of an Imperial attack without the
    Emperor (named units: name the Horror). Bad arguments raise ``ValueError`` (one line).
    """
    codes = policy if isinstance(policy, str) else ",".join(policy)
    return _analyse(
        _key(attack), _key(defence), reroll, codes, attacker, sanctum, ambush, horror, data
    )


def battle_odds(
    attack: Strength,
    defence: Strength,
    *,
    reroll: str = "auto",
    policy: str | Iterable[str] = "best",
    attacker: str | None = None,
    sanctum: bool = False,
    ambush: bool = False,
    horror: bool = False,
    data: WarmasterData | None = None,
) -> dict[str, Fraction]:
    """Result code -> exact probability (every code of the table, in its order); the
    arguments are those of :func:`analyse`.

    >>> {k: str(p) for k, p in battle_odds(9, 5).items() if p}
    {'A1': '1/6', 'AR': '1/6', 'NE': '1/6', 'EX': '1/6', 'DR': '1/6', 'D1': '1/6'}
    """
    found = analyse(
        attack,
        defence,
        reroll=reroll,
        policy=policy,
        attacker=attacker,
        sanctum=sanctum,
        ambush=ambush,
        horror=horror,
        data=data,
    )
    return dict(found.distribution)


def odds_report(attack: Strength, defence: Strength, **options: Any) -> dict[str, Any]:
    """:func:`analyse` as a JSON-ready dict with a ``text`` entry."""
    return analyse(attack, defence, **options).to_dict()


# -- the command -------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """Argument errors are one-line ``ValueError``s (the CLI prints them and exits 2)."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


def odds_command(argv: Sequence[str]) -> dict[str, Any]:
    """The ``wargames odds warmaster`` command: a JSON-ready dict with a ``text`` entry."""
    parser = _Parser(
        prog="wargames odds warmaster",
        description="Exact odds of a battle of The Warmaster (Battle Results Table, one D6).",
        epilog="examples: 'wargames odds warmaster 10 5'; "
        "'wargames odds warmaster emperor,custodes horus,justaerin --sanctum'",
    )
    parser.add_argument(
        "attack",
        help=f"attack total (1 to {total_limit(None, 'attack')}), or the attacking counters, "
        "comma separated "
        "(emperor,custodes)",
    )
    parser.add_argument(
        "defence",
        help=f"defence total (0 to {total_limit(None, 'defence')}), or the defending counters, "
        "comma separated (horus,crew)",
    )
    parser.add_argument(
        "--reroll",
        choices=REROLLS,
        default="auto",
        help="who may re-roll the die (auto: from the named heroes, cancelling as the game does)",
    )
    parser.add_argument(
        "--policy",
        default="best",
        help="results the re-rolling side re-rolls: best, losses, setbacks, or codes (AE,A1,AR)",
    )
    parser.add_argument(
        "--attacker", choices=SIDES, help="the attacking side, for totals (default imperial)"
    )
    parser.add_argument(
        "--sanctum", action="store_true", help="Horus defends in Lupercal's Sanctum (shift left)"
    )
    parser.add_argument(
        "--ambush", action="store_true", help="an Ambush's units attack (Traitor, shift right)"
    )
    parser.add_argument(
        "--horror",
        action="store_true",
        help="for totals: a Horror defends against an Imperial attack without the Emperor",
    )
    args = parser.parse_args(list(argv))
    return odds_report(
        args.attack,
        args.defence,
        reroll=args.reroll,
        policy=args.policy,
        attacker=args.attacker,
        sanctum=args.sanctum,
        ambush=args.ambush,
        horror=args.horror,
    )


# -- reading the arguments ---------------------------------------------------------------------


def _key(strength: Strength) -> int | str | tuple[str, ...]:
    if isinstance(strength, bool):
        raise ValueError(f"not a strength: {strength!r}")
    if isinstance(strength, int | str):
        return strength
    return tuple(strength)


def _items(strength: int | str | tuple[str, ...]) -> int | tuple[str, ...]:
    """A total, or the counter names."""
    if isinstance(strength, int):
        return strength
    if isinstance(strength, str):
        text = strength.strip()
        if text.lstrip("+-").isdigit():
            if len(text) > _DIGITS:
                raise ArgumentError("strength", f"a total of {len(text)} digits is no total")
            return int(text)
        return tuple(p for p in (part.strip() for part in text.split(",")) if p)
    return tuple(strength)


_DIGITS = 12
"""Totals are read from text of at most this many digits (any longer one is out of bounds
anyway, and Python refuses to read very long numbers)."""


def total_limit(data: WarmasterData | None, factor: Literal["attack", "defence"]) -> int:
    """The largest attack or defence total a battle can have: every counter of the manifest,
    each type ``count`` times, in one battle (222 attack, 218 defence with the shipped
    counters). :func:`analyse` refuses a larger total with
    :class:`~wargames.core.errors.ArgumentError`."""
    return _tables(data or default_data()).limits[factor]


def _normal(text: str) -> str:
    return "-".join(text.lower().replace("_", " ").replace("'", "").split())


@lru_cache(maxsize=8)
def _lookup(data: WarmasterData) -> dict[str, UnitSpec]:
    """Counter type ids, instance ids and names (normalised) -> counter type."""
    table: dict[str, UnitSpec] = {}
    for spec in data.counters.values():
        table[_normal(spec.name)] = spec
        for instance in spec.instances():
            table[instance] = spec
        table[spec.id] = spec
    return table


def _units(names: tuple[str, ...], role: str, data: WarmasterData) -> tuple[UnitSpec, ...]:
    if not names:
        raise ValueError(f"no {role}: give a total or at least one counter")
    lookup = _lookup(data)
    found: list[UnitSpec] = []
    for name in names:
        spec = lookup.get(_normal(name))
        if spec is None:
            known = ", ".join(data.counters)
            raise ValueError(f"unknown counter {name!r} among the {role}; counters: {known}")
        if not spec.fights:
            raise ValueError(
                f"{spec.name} never fights: it takes effect when revealed (WM-HIDDEN-04)"
            )
        found.append(spec)
    sides = {s.side for s in found}
    if len(sides) > 1:
        raise ValueError(f"the {role} mix both sides: {', '.join(s.name for s in found)}")
    for spec in dict.fromkeys(found):
        n = found.count(spec)
        if n > spec.count:
            raise ValueError(f"only {spec.count} {spec.name} counter(s) exist, not {n}")
    if len(found) > data.stack_limit:
        raise ValueError(
            f"at most {data.stack_limit} units of a side share an area (WM-STACK-01), "
            f"not {len(found)} {role}"
        )
    return tuple(found)


@attrs.frozen
class _Roster:
    """The part of a state the battle code reads, every counter standing in ``area``: so the
    engine's own :func:`numbers` and :func:`reroll_side` read the named units."""

    data: WarmasterData
    specs: Mapping[str, UnitSpec]
    area: str
    retreated: frozenset[str] = frozenset()

    def location(self, counter: str) -> str:
        return self.area

    def spec(self, counter: str) -> UnitSpec:
        return self.specs[counter]


_AREA = "@odds"


def _total(side: str, attack: int, defence: int) -> UnitSpec:
    return UnitSpec(f"total-{side}", "total", side, "unit", attack, defence)


def _other(side: str) -> str:
    return TRAITOR if side == IMPERIAL else IMPERIAL


@lru_cache(maxsize=4096)
def _analyse(
    attack_in: int | str | tuple[str, ...],
    defence_in: int | str | tuple[str, ...],
    reroll: str,
    policy: str,
    attacker: str | None,
    sanctum: bool,
    ambush: bool,
    horror: bool,
    data_in: WarmasterData | None,
) -> BattleOdds:
    data = data_in or default_data()
    specials = data.specials
    if reroll not in REROLLS:
        raise ValueError(f"unknown re-roll {reroll!r}; use one of {', '.join(REROLLS)}")
    if attacker is not None and attacker not in SIDES:
        raise ValueError(f"unknown side {attacker!r}; use {' or '.join(SIDES)}")
    att_items, def_items = _items(attack_in), _items(defence_in)
    named = not isinstance(att_items, int) or not isinstance(def_items, int)
    if named and (isinstance(att_items, int) or isinstance(def_items, int)):
        for items in (att_items, def_items):
            for name in () if isinstance(items, int) else items:
                if _normal(name) not in _lookup(data):
                    raise ValueError(
                        f"unknown counter {name!r}; counters: {', '.join(data.counters)}"
                    )
        raise ValueError("give both sides as totals or both as counters")

    specs: dict[str, UnitSpec] = {}
    att_ids: list[str] = []
    def_ids: list[str] = []
    att_units: tuple[UnitSpec, ...] = ()
    def_units: tuple[UnitSpec, ...] = ()
    if isinstance(att_items, int) and isinstance(def_items, int):
        limits = _tables(data).limits
        bounds.whole("attack", att_items, 1, limits["attack"])
        bounds.whole("defence", def_items, 0, limits["defence"])
        side = attacker or (TRAITOR if ambush else IMPERIAL)
        if ambush and side != TRAITOR:
            raise ValueError("an Ambush's units are Traitors: --ambush needs a Traitor attack")
        if (sanctum or horror) and side != IMPERIAL:
            flag = "--sanctum" if sanctum else "--horror"
            raise ValueError(f"{flag} needs an Imperial attack")
        specs["a"] = _total(side, att_items, 0)
        specs["d"] = _total(_other(side), 0, def_items)
        att_ids, def_ids = ["a"], ["d"]
        if horror:  # a Horror among the defenders, its factors inside the total
            kind = next(u for u in data.counters.values() if u.kind == "horror")
            specs["h"] = attrs.evolve(kind, attack=0, defence=0)
            def_ids.append("h")
        if sanctum:  # Horus among the defenders, his factors inside the total
            unit = data.counters[specials.sanctum.unit]
            specs["s"] = attrs.evolve(unit, attack=0, defence=0, reroll="none")
            def_ids.append("s")
    else:
        assert not isinstance(att_items, int) and not isinstance(def_items, int)
        if horror:
            raise ValueError("--horror is for totals: name the Horror among the defenders")
        att_units = _units(att_items, "attackers", data)
        def_units = _units(def_items, "defenders", data)
        side = att_units[0].side
        if def_units[0].side == side:
            raise ValueError(f"attackers and defenders are all {side}: one side attacks the other")
        if attacker is not None and attacker != side:
            raise ValueError(f"the attackers are {side}, not {attacker}")
        if ambush and side != TRAITOR:
            raise ValueError("an Ambush's units are Traitors: --ambush needs Traitor attackers")
        if sanctum and specials.sanctum.unit not in {u.id for u in def_units}:
            name = data.counters[specials.sanctum.unit].name
            raise ValueError(f"--sanctum shifts the column only when {name} defends")
        for i, spec in enumerate(att_units):
            specs[f"a{i}"] = spec
            att_ids.append(f"a{i}")
        for i, spec in enumerate(def_units):
            specs[f"d{i}"] = spec
            def_ids.append(f"d{i}")

    area = data.sanctum if sanctum else _AREA
    roster = cast("WarmasterState", _Roster(data, specs, area))
    battle = Battle(
        side,
        area,
        tuple(att_ids),
        tuple(def_ids),
        specials.ambush.attack_shift if ambush else 0,
        ambush,
    )
    found = numbers(roster, battle)
    column = found.column
    cells = data.battle.cells[column]

    who: str | None
    if reroll == "auto":
        holder = reroll_side(roster, battle) if named else None
        who = None if holder is None else ("attacker" if holder == side else "defender")
        note = _reroll_note(att_units, def_units, who)
    else:
        who = None if reroll == "none" else reroll
        note = "as asked" if who else "none asked"
    tables = _tables(data)
    # the policy is checked even when nobody re-rolls, so a typo is never silently ignored
    rerolled = tables.named.get((policy.strip().lower(), who or "attacker", column))
    if rerolled is None:
        rerolled = _policy(policy, who or "attacker", cells, data)
    key = (column, who is not None, frozenset(rerolled) if who is not None else frozenset())
    read = tables.read.get(key) or _read(data.battle, *key)
    return BattleOdds(
        attack=found.attack,
        defence=found.defence,
        attacker_side=side,
        attackers=tuple(u.id for u in att_units),
        defenders=tuple(u.id for u in def_units),
        ratio=found.ratio if found.defence else "no defence",
        column=tables.columns[column],
        shifts=found.shifts,
        reroll=who,
        reroll_note=note,
        policy=policy,
        rerolled_on=read[0],
        faces=dict(tables.faces[column]),
        distribution=dict(read[1]),
        names=dict(tables.names),
        unit_names={u.id: u.name for u in (*att_units, *def_units)},
    )


_Read = tuple[tuple[str, ...], dict[str, Fraction]]
"""A column's results re-rolled on, and its exact distribution (every code, in table order)."""


def _read(crt: CombatResultsTable, column: int, rerolls: bool, chosen: frozenset[str]) -> _Read:
    """The column ``column`` of ``crt`` read with one D6, re-rolled once on the results
    ``chosen`` when ``rerolls``."""
    cells = crt.cells[column]
    order = tuple(crt.results)
    dist = crt.distribution(
        crt.columns[column], 0, (lambda code: code in chosen) if rerolls else None
    )
    return (
        tuple(c for c in order if c in chosen and c in cells),
        {code: dist.get(code, Fraction(0)) for code in order},
    )


@attrs.frozen
class _Tables:
    """What an odds query reads of a data set, worked out once per data set (dozens of entries)."""

    limits: Mapping[str, int]
    """``attack`` and ``defence`` -> :func:`total_limit`."""
    columns: tuple[str, ...]
    """Each column's heading (``"2-1"``)."""
    names: Mapping[str, str]
    """Result code -> its name, every code of the table in its order."""
    faces: tuple[Mapping[str, tuple[int, ...]], ...]
    """Per column: result code -> the die faces that give it (codes without faces left out)."""
    named: Mapping[tuple[str, str, int], tuple[str, ...]]
    """(named policy, re-rolling side, column) -> the codes re-rolled (:func:`_policy`)."""
    read: Mapping[tuple[int, bool, frozenset[str]], _Read]
    """(column, re-rolled?, codes re-rolled) -> :func:`_read`, for no re-roll and for every
    named policy."""


@lru_cache(maxsize=PER_DATA)
def _tables(data: WarmasterData) -> _Tables:
    crt = data.battle
    order = tuple(crt.results)
    named: dict[tuple[str, str, int], tuple[str, ...]] = {}
    read: dict[tuple[int, bool, frozenset[str]], _Read] = {}
    faces: list[Mapping[str, tuple[int, ...]]] = []
    for column, cells in enumerate(crt.cells):
        by_code = {code: tuple(i + 1 for i, c in enumerate(cells) if c == code) for code in order}
        faces.append({code: f for code, f in by_code.items() if f})
        read[(column, False, frozenset())] = _read(crt, column, False, frozenset())
        for name in POLICIES:
            for who in ("attacker", "defender"):
                codes = _policy(name, who, cells, data)
                named[(name, who, column)] = codes
                key = (column, True, frozenset(codes))
                if key not in read:
                    read[key] = _read(crt, *key)
    return _Tables(
        limits={
            factor: sum(getattr(u, factor) * u.count for u in data.counters.values())
            for factor in ("attack", "defence")
        },
        columns=tuple(str(c) for c in crt.columns),
        names={code: data.results[code].name for code in order},
        faces=tuple(faces),
        named=named,
        read=read,
    )


def _policy(policy: str, who: str, cells: tuple[str, ...], data: WarmasterData) -> tuple[str, ...]:
    """The result codes the re-rolling side (``attacker`` or ``defender``) re-rolls."""
    order = tuple(data.battle.results)
    name = policy.strip().lower()
    if name == "best":
        rank = {code: i for i, code in enumerate(order)}
        mean = Fraction(sum(rank[c] for c in cells), len(cells))
        if who == "attacker":
            return tuple(c for c in order if rank[c] < mean)
        return tuple(c for c in order if rank[c] > mean)
    if name in ("losses", "setbacks"):
        out = []
        for code in order:
            r = data.results[code]
            loses = r.attacker_loses if who == "attacker" else r.defender_loses
            retreats = r.attacker_retreats if who == "attacker" else r.defender_retreats
            if loses != "none" or (name == "setbacks" and retreats):
                out.append(code)
        return tuple(out)
    codes = tuple(c for c in (part.strip().upper() for part in policy.split(",")) if c)
    if not codes:
        raise ValueError("an empty re-roll policy; use best, losses, setbacks or result codes")
    for code in codes:
        if code not in data.battle.results:
            raise ValueError(
                f"unknown re-roll policy or result {code!r}; use {', '.join(POLICIES)} "
                f"or codes of {', '.join(order)}"
            )
    return tuple(c for c in order if c in codes)


def _reroll_note(att: tuple[UnitSpec, ...], dfn: tuple[UnitSpec, ...], who: str | None) -> str:
    mine = " and ".join(u.name for u in att if u.has_reroll)
    theirs = " and ".join(u.name for u in dfn if u.has_reroll)
    if not mine and not theirs:
        return "no re-roll unit"
    if who is None:
        return f"{mine} against {theirs}, cancelled (WM-REROLL-04, -05)"
    keep, lose = (mine, theirs) if who == "attacker" else (theirs, mine)
    if lose:
        return f"{keep}, not cancelled by {lose} (WM-REROLL-05)"
    return f"{keep} (WM-REROLL-02)"


def _runs(faces: tuple[int, ...]) -> str:
    """``(1, 2, 3, 5)`` -> ``"1-3,5"``; ``"-"`` for none."""
    parts: list[str] = []
    for face in faces:
        if parts and parts[-1].split("-")[-1] == str(face - 1):
            parts[-1] = f"{parts[-1].split('-')[0]}-{face}"
        else:
            parts.append(str(face))
    return ",".join(parts) or "-"


__all__ = [
    "POLICIES",
    "REROLLS",
    "BattleOdds",
    "analyse",
    "battle_odds",
    "odds_command",
    "total_limit",
]
