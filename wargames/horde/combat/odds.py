"""Exact odds of a horde attack and of a whole engagement:
``wargames odds horde ATTACKER DEFENDER --melee|--ranged [options]``.

:func:`attack_odds` gives, for any attacker, defender, kind, context and rules, the exact
probability of full and of partial damage and the exact distribution of the Magnitude the
defender loses (:class:`fractions.Fraction` values summing to 1). The numbers come from
:func:`~wargames.horde.combat.attack.attack_numbers`, the same as the engine's
(:mod:`wargames.horde.combat.engagement`), so the two cannot disagree:

* full damage happens for the defence dice ``d <= a + Attack - Defense - 1`` of each attack die
  ``a`` (HMC-ATTACK-05), so the 100 pairs of d10s reduce to ten counts; against a fleeing horde
  the attack die is 10 (HMC-MORALE-10);
* each damage die face gives a Magnitude loss (Medic and the target's Magnitude included);
  with a Tearing weapon the attacker's reroll decision follows ``tearing``: ``best`` rerolls the
  faces whose loss is below the mean loss of a fresh roll (the most Magnitude on average),
  ``never`` or ``always``; under the ``best-of-two`` reading the higher of two dice counts
  (HMC-WEAPON-05, HMC-GAP-19).

:func:`engagement_odds` follows a melee attack with the defender's counter-attack (when the
rules allow one, the defender always taking it), with each horde's Magnitude as it stands
after the first attack (HMC-DAMAGE-02), Brace! going first (HMC-ORDERS-05): the joint
distribution of both losses.

Results are cached by value (hordes, context and rules are frozen values): a repeated query is
a dictionary look-up, a new one some tens of microseconds
(``benchmarks/bench_horde_odds.py``).

>>> from wargames.horde.combat.data import horde
>>> odds = attack_odds(horde("stormtroopers"), horde("iron-guard-mk1"), "ranged")
>>> odds.full, odds.partial, sum(odds.loss.values())
(Fraction(21, 100), Fraction(79, 100), Fraction(1, 1))
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal, NoReturn

import attrs

from wargames.core import bounds
from wargames.core.dice import chance_that, distribution_of, expectation
from wargames.core.errors import ArgumentError, RuleViolation, ScenarioError
from wargames.horde.combat.attack import AttackNumbers, attack_numbers
from wargames.horde.combat.context import AttackContext, Side
from wargames.horde.combat.damage import DamageFormula
from wargames.horde.combat.data import HordeBook, default_hordes, load_hordes
from wargames.horde.combat.profiles import Horde
from wargames.horde.combat.rules import DEFAULT, PRESETS, HordeRules
from wargames.horde.combat.terms import describe
from wargames.horde.combat.weapons import Kind

Policy = Literal["best", "never", "always"]
POLICIES: tuple[Policy, ...] = ("best", "never", "always")
"""Tearing reroll policies (see the module docstring)."""

_HUNDREDTHS = tuple(Fraction(k, 100) for k in range(101))
"""``Fraction(k, 100)`` for the chances of full and partial damage (``k`` of the 100 pairs of
d10s)."""

_CONTEXT = AttackContext()

MAX_MAGNITUDE = 1000
"""The largest Magnitude the command takes: the rules print no maximum, the largest shipped
horde has 80, and a damage roll takes a few tens at most; ten times the largest printed
horde is far beyond any battle and still computes at once."""
MAX_ENGAGED = 8
"""The most other enemy hordes in close combat with the defender (``--engaged``): one in each
square around it."""
MAX_RECEIVED = 100
"""The most attacks a defender may have received this round (``--received``; each is -1
Defense, HMC-DEFENSE-05): a sanity bound far beyond any round of play."""


@attrs.frozen
class AttackOdds:
    """The exact odds of one attack."""

    numbers: AttackNumbers
    full: Fraction
    partial: Fraction
    loss: Mapping[int, Fraction]
    """Magnitude lost -> probability, in increasing order of loss."""
    tearing: Policy
    rerolled: Mapping[str, tuple[int, ...]]
    """``"full"``/``"partial"`` -> the damage die faces the attacker rerolls (Tearing)."""

    @property
    def destroyed(self) -> Fraction:
        """The chance the defender is destroyed (HMC-DAMAGE-15)."""
        magnitude = self.numbers.defender.magnitude
        return chance_that(self.loss, lambda x: x >= magnitude)

    @property
    def expected_loss(self) -> Fraction:
        return expectation(self.loss)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        n = self.numbers
        return {
            "attacker": n.attacker.id,
            "defender": n.defender.id,
            "kind": n.kind,
            "weapon": n.weapon.name,
            "attack": n.attack,
            "defence": n.defence,
            "full": float(self.full),
            "partial": float(self.partial),
            "destroyed": float(self.destroyed),
            "expected_loss": float(self.expected_loss),
            "loss": {str(x): float(p) for x, p in self.loss.items()},
            "exact": {
                "full": str(self.full),
                "partial": str(self.partial),
                "loss": {str(x): str(p) for x, p in self.loss.items()},
            },
            "rerolled": {k: list(v) for k, v in self.rerolled.items()},
        }

    def text(self) -> str:
        n = self.numbers
        lines = [
            f"{n.attacker.name} (Magnitude {n.attacker.magnitude}) {n.kind} attack with "
            f"{n.weapon} on {n.defender.name} (Magnitude {n.defender.magnitude})",
            f"  Attack {n.attack}: {describe(n.attack_terms)}",
            f"  Defense {n.defence}: {describe(n.defence_terms)}",
        ]
        if n.fixed_attack_die:
            lines.append(f"  attack die counts {n.fixed_attack_die} (fleeing target)")
        for name, p, formula in (("full", self.full, n.full), ("partial", self.partial, n.partial)):
            lines.append(f"  {name:7s} {float(p):6.1%}  ({p})  damage {_formula_text(formula)}")
            if self.rerolled.get(name):
                faces = ", ".join(map(str, self.rerolled[name]))
                lines.append(f"          Tearing: reroll {faces} ({self.tearing} policy)")
        lines.append("  Magnitude lost:")
        for x, p in self.loss.items():
            lines.append(f"    {x:3d}  {float(p):6.1%}  ({p})")
        lines.append(
            f"  expected loss {float(self.expected_loss):.2f}, "
            f"destroyed {float(self.destroyed):.1%}"
        )
        return "\n".join(lines)


def _formula_text(formula: DamageFormula) -> str:
    parts = [f"1d{formula.sides}"]
    parts += [f"{'+' if t.value >= 0 else '-'} {t.label} {abs(t.value)}" for t in formula.added]
    parts += [f"- {t.label} {t.value}" for t in formula.subtracted]
    return " ".join(parts)


# -- exact computation -----------------------------------------------------------------------


def full_count(numbers: AttackNumbers) -> int:
    """Of the 100 equally likely (attack die, defence die) pairs, how many give full damage
    (HMC-ATTACK-05): for each attack die ``a``, the defence dice ``d <= a + Attack - Defense
    - 1``."""
    edge = numbers.attack - numbers.defence - 1
    if numbers.fixed_attack_die is not None:
        return 10 * min(10, max(0, numbers.fixed_attack_die + edge))
    return _FULL_COUNTS[min(max(edge, -10), 9) + 10]


_FULL_COUNTS = tuple(
    sum(min(10, max(0, a + edge)) for a in range(1, 11)) for edge in range(-10, 10)
)
""":func:`full_count` of an attack by ``Attack - Defense - 1`` from -10 (no pair: 0) to 9 (every
pair: 100); beyond either end it stays 0 or 100."""


def face_losses(numbers: AttackNumbers, formula: DamageFormula) -> tuple[int, ...]:
    """The Magnitude lost for each face of the damage die."""
    return numbers.formula_losses(formula)


def rerolled_faces(losses: Sequence[int], policy: Policy) -> tuple[int, ...]:
    """The die faces (1-based) the attacker rerolls under ``policy``: ``best`` rerolls those
    whose loss is below the mean loss of a fresh roll."""
    if policy == "never":
        return ()
    if policy == "always":
        return tuple(range(1, len(losses) + 1))
    mean_times_sides = sum(losses)
    return tuple(v for v, x in enumerate(losses, 1) if x * len(losses) < mean_times_sides)


def loss_counts(
    numbers: AttackNumbers, formula: DamageFormula, policy: Policy
) -> tuple[dict[int, int], int, tuple[int, ...]]:
    """The Magnitude lost by one hit of ``formula``: counts over a common denominator, the
    denominator, and the faces rerolled."""
    losses = face_losses(numbers, formula)
    sides = len(losses)
    if numbers.max_damage_die:
        return {losses[-1]: 1}, 1, ()
    counts: dict[int, int] = {}
    if numbers.tearing == "none":
        for x in losses:
            counts[x] = counts.get(x, 0) + 1
        return counts, sides, ()
    if numbers.tearing == "best-of-two":
        for v1 in range(sides):
            for v2 in range(sides):
                x = losses[max(v1, v2)]
                counts[x] = counts.get(x, 0) + 1
        return counts, sides * sides, ()
    again = rerolled_faces(losses, policy)
    for v, x in enumerate(losses, 1):
        if v in again:
            for y in losses:
                counts[y] = counts.get(y, 0) + 1
        else:
            counts[x] = counts.get(x, 0) + sides
    return counts, sides * sides, again


@lru_cache(maxsize=16384)
def attack_odds(
    attacker: Horde,
    defender: Horde,
    kind: Kind,
    context: AttackContext = _CONTEXT,
    rules: HordeRules = DEFAULT,
    tearing: Policy = "best",
) -> AttackOdds:
    """The exact odds of ``attacker``'s ``kind`` attack on ``defender`` (see the module
    docstring). Raises :class:`RuleViolation` for an attack the rules forbid."""
    if tearing not in POLICIES:
        raise ValueError(f"unknown Tearing policy {tearing!r}; expected one of {POLICIES}")
    numbers = attack_numbers(attacker, defender, kind, context, rules)
    full = full_count(numbers)
    weights: dict[int, int] = {}
    if numbers.tearing == "none" and not numbers.max_damage_die:
        # loss_counts' plain case, each face counted as it comes: the same weights
        f_losses = numbers.formula_losses(numbers.full)
        p_losses = numbers.formula_losses(numbers.partial)
        fd, pd = len(f_losses), len(p_losses)
        f_again: tuple[int, ...] = ()
        p_again: tuple[int, ...] = ()
        each = full * pd
        for x in f_losses:
            weights[x] = weights.get(x, 0) + each
        each = (100 - full) * fd
        for x in p_losses:
            weights[x] = weights.get(x, 0) + each
    else:
        fc, fd, f_again = loss_counts(numbers, numbers.full, tearing)
        pc, pd, p_again = loss_counts(numbers, numbers.partial, tearing)
        for x, c in fc.items():
            weights[x] = weights.get(x, 0) + full * c * pd
        for x, c in pc.items():
            weights[x] = weights.get(x, 0) + (100 - full) * c * fd
    denominator = 100 * fd * pd
    loss = {x: Fraction(weights[x], denominator) for x in sorted(weights) if weights[x]}
    return AttackOdds(
        numbers=numbers,
        full=_HUNDREDTHS[full],
        partial=_HUNDREDTHS[100 - full],
        loss=loss,
        tearing=tearing,
        rerolled={"full": f_again, "partial": p_again},
    )


# -- engagements -------------------------------------------------------------------------------


@attrs.frozen
class EngagementOdds:
    """The exact odds of an attack and the counter-attack it allows."""

    attack: AttackOdds
    joint: Mapping[tuple[int, int], Fraction]
    """(attacker's loss, defender's loss) -> probability."""
    countered: Fraction
    """The chance a counter-attack is made."""

    def marginal(self, role: str) -> dict[int, Fraction]:
        """The distribution of the loss of the ``"attacker"`` or the ``"defender"``."""
        index = 0 if role == "attacker" else 1
        return distribution_of(self.joint, lambda key: key[index])

    def expected(self, role: str) -> Fraction:
        return expectation(self.marginal(role))

    def to_dict(self) -> dict[str, Any]:
        return {
            "countered": float(self.countered),
            "attacker_loss": {str(x): float(p) for x, p in self.marginal("attacker").items()},
            "defender_loss": {str(x): float(p) for x, p in self.marginal("defender").items()},
            "expected_attacker_loss": float(self.expected("attacker")),
            "expected_defender_loss": float(self.expected("defender")),
        }

    def text(self) -> str:
        lines = [f"  counter-attack made {float(self.countered):.1%} of the time"]
        for role in ("attacker", "defender"):
            dist = ", ".join(f"{x}: {float(p):.1%}" for x, p in self.marginal(role).items())
            lines.append(f"  {role} loses (expected {float(self.expected(role)):.2f}): {dist}")
        return "\n".join(lines)


def _counter_odds(
    striker: Horde, target: Horde, context: AttackContext, rules: HordeRules, tearing: Policy
) -> AttackOdds | None:
    """The counter-attack's odds, or ``None`` if there is none (HMC-COUNTER-01)."""
    if striker.destroyed or target.destroyed:
        return None
    try:
        return attack_odds(striker, target, "melee", context.counter_context(), rules, tearing)
    except RuleViolation:
        return None


@lru_cache(maxsize=4096)
def engagement_odds(
    attacker: Horde,
    defender: Horde,
    kind: Kind,
    context: AttackContext = _CONTEXT,
    rules: HordeRules = DEFAULT,
    tearing: Policy = "best",
) -> EngagementOdds:
    """The exact joint distribution of both hordes' losses when ``attacker`` attacks and a
    melee attack is countered whenever the rules allow (see the module docstring)."""
    main = attack_odds(attacker, defender, kind, context, rules, tearing)
    joint: dict[tuple[int, int], Fraction] = {}
    countered = Fraction(0)

    def add(key: tuple[int, int], p: Fraction) -> None:
        joint[key] = joint.get(key, Fraction(0)) + p

    if kind == "melee" and context.brace_first:
        first = _counter_odds(defender, attacker, context, rules, tearing)
        if first is not None:
            countered = Fraction(1)
            for y, p in first.loss.items():
                hurt = attacker.lose(y)
                if hurt.destroyed:
                    add((y, 0), p)
                    continue
                for x, q in attack_odds(hurt, defender, kind, context, rules, tearing).loss.items():
                    add((y, x), p * q)
            return EngagementOdds(main, dict(sorted(joint.items())), countered)
    for x, p in main.loss.items():
        back = (
            _counter_odds(defender.lose(x), attacker, context, rules, tearing)
            if kind == "melee"
            else None
        )
        if back is None:
            add((0, x), p)
            continue
        countered += p
        for y, q in back.loss.items():
            add((y, x), p * q)
    return EngagementOdds(main, dict(sorted(joint.items())), countered)


# -- the command line ----------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """Errors become ``ValueError`` (the ``wargames odds`` command reports them)."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="wargames odds horde",
        description="Exact odds of a horde attack (and the counter-attack it allows).",
    )
    p.add_argument("attacker", help="attacking horde: id or name of a shipped profile")
    p.add_argument("defender", help="defending horde: id or name")
    kind = p.add_mutually_exclusive_group(required=True)
    kind.add_argument("--melee", action="store_const", const="melee", dest="kind")
    kind.add_argument("--ranged", action="store_const", const="ranged", dest="kind")
    p.add_argument("--data", help="folder of edited horde files (replacing/adding to the shipped)")
    p.add_argument(
        "--attacker-magnitude",
        type=int,
        help=f"the attacker's current Magnitude, 0 to {MAX_MAGNITUDE}",
    )
    p.add_argument(
        "--defender-magnitude",
        type=int,
        help=f"the defender's current Magnitude, 0 to {MAX_MAGNITUDE}",
    )
    p.add_argument("--weapon", help="the attacker's weapon (default: its first of the kind)")
    p.add_argument("--counter-weapon", help="the defender's weapon for its counter-attack")
    p.add_argument("--charge", action="store_true", help="the attacker charges (+2)")
    p.add_argument("--counter", action="store_true", help="this attack is a counter-attack (-2)")
    p.add_argument("--braced", action="store_true", help="a counter-attack made first (Brace!)")
    p.add_argument("--stealth", action="store_true", help="the attack is made from stealth")
    p.add_argument("--attacker-forced-march", action="store_true")
    p.add_argument("--attacker-get-down", action="store_true")
    p.add_argument("--attacker-cover", action="store_true", help="(for the counter-attack)")
    p.add_argument("--cover", action="store_true", help="the defender is behind cover")
    p.add_argument("--get-down", action="store_true", help="the defender is under Get Down!")
    p.add_argument("--brace", action="store_true", help="the defender is under Brace!")
    p.add_argument("--cqc", action="store_true", help="the defender is tied up in CQC")
    p.add_argument(
        "--engaged",
        default="",
        help="Magnitudes of other enemy hordes in CQC with the defender, comma separated "
        f"(at most {MAX_ENGAGED}, each 1 to {MAX_MAGNITUDE})",
    )
    p.add_argument(
        "--received",
        type=int,
        default=0,
        help=f"attacks it received this round, 0 to {MAX_RECEIVED}",
    )
    p.add_argument("--fleeing", action="store_true", help="the defender is fleeing")
    p.add_argument("--confused", action="store_true", help="the defender is confused")
    p.add_argument("--defender-forced-march", action="store_true")
    p.add_argument("--marked", action="store_true", help="marked by a Pathfinder")
    p.add_argument("--attacker-frenzied", action="store_true", help="the attacker is frenzied")
    p.add_argument("--frenzied", action="store_true", help="the defender is frenzied")
    p.add_argument("--no-counter", action="store_true", help="leave out the counter-attack")
    p.add_argument("--rules", choices=sorted(PRESETS), default="catalogue", help="readings preset")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="change one reading of HordeRules (e.g. scale=E, tearing=best-of-two)",
    )
    p.add_argument("--tearing", choices=POLICIES, default="best", help="Tearing reroll policy")
    return p


def _rules(args: argparse.Namespace, parser: argparse.ArgumentParser) -> HordeRules:
    rules = PRESETS[args.rules]
    fields = {f.name: f for f in attrs.fields(HordeRules)}
    changes: dict[str, Any] = {}
    for item in args.set:
        name, _, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if name not in fields:
            parser.error(f"unknown reading {name!r}; the readings are {', '.join(fields)}")
        if fields[name].type in (bool, "bool"):
            changes[name] = value.strip().lower() in ("1", "true", "yes", "on")
        else:
            changes[name] = value.strip()
    try:
        return attrs.evolve(rules, **changes)
    except ValueError as exc:
        parser.error(str(exc))


def _horde(
    book: HordeBook,
    name: str,
    magnitude: int | None,
    parser: argparse.ArgumentParser,
    flag: str = "--magnitude",
) -> Horde:
    found = book.find(name)
    if found is None:
        parser.error(f"unknown horde {name!r}; known: {', '.join(book.ids())}")
    if magnitude is None:
        return found
    bounds.whole(flag, magnitude, 0, MAX_MAGNITUDE)
    return attrs.evolve(
        found, magnitude=magnitude, starting_magnitude=max(magnitude, found.starting_magnitude)
    )


def _context(args: argparse.Namespace, parser: argparse.ArgumentParser) -> AttackContext:
    try:
        engaged = tuple(int(x) for x in args.engaged.split(",") if x.strip())
    except ValueError:
        parser.error(f"--engaged takes Magnitudes separated by commas, got {args.engaged!r}")
    if len(engaged) > MAX_ENGAGED:
        raise ArgumentError(
            "--engaged", f"expected at most {MAX_ENGAGED} Magnitudes, got {len(engaged)}"
        )
    for magnitude in engaged:
        bounds.whole("--engaged", magnitude, 1, MAX_MAGNITUDE)
    bounds.whole("--received", args.received, 0, MAX_RECEIVED)
    attacker = Side(
        cover=args.attacker_cover,
        forced_march=args.attacker_forced_march,
        get_down=args.attacker_get_down,
        stealthed=args.stealth,
        frenzied=args.attacker_frenzied,
    )
    defender = Side(
        cover=args.cover,
        get_down=args.get_down,
        brace=args.brace,
        in_cqc=args.cqc,
        engaged_with=engaged,
        attacks_received=args.received,
        fleeing=args.fleeing,
        confused=args.confused,
        forced_march=args.defender_forced_march,
        marked=args.marked,
        frenzied=args.frenzied,
    )
    return AttackContext(
        attacker=attacker,
        defender=defender,
        charge=args.charge,
        counter=args.counter,
        braced=args.braced,
        weapon=args.weapon,
        counter_weapon=args.counter_weapon,
    )


def odds_command(argv: Sequence[str]) -> dict[str, Any]:
    """The ``wargames odds horde`` command: a JSON-ready dict with a ``text`` entry."""
    parser = _parser()
    args = parser.parse_args(list(argv))
    try:
        book = default_hordes() if args.data is None else load_hordes(args.data)
    except ScenarioError as exc:
        parser.error(str(exc))
    attacker = _horde(book, args.attacker, args.attacker_magnitude, parser, "--attacker-magnitude")
    defender = _horde(book, args.defender, args.defender_magnitude, parser, "--defender-magnitude")
    rules = _rules(args, parser)
    context = _context(args, parser)
    try:
        if args.no_counter or args.kind == "ranged" or context.counter:
            odds = attack_odds(attacker, defender, args.kind, context, rules, args.tearing)
            engagement = None
        else:
            engagement = engagement_odds(
                attacker, defender, args.kind, context, rules, args.tearing
            )
            odds = engagement.attack
    except RuleViolation as exc:
        parser.error(str(exc))
    out = odds.to_dict()
    text = [odds.text(), f"  rules: {rules}"]
    if engagement is not None:
        out["engagement"] = engagement.to_dict()
        text += ["with the defender's counter-attack whenever allowed:", engagement.text()]
    out["rules"] = rules.to_json()
    out["text"] = "\n".join(text)
    return out


__all__ = [
    "MAX_ENGAGED",
    "MAX_MAGNITUDE",
    "MAX_RECEIVED",
    "POLICIES",
    "AttackOdds",
    "EngagementOdds",
    "Policy",
    "attack_odds",
    "engagement_odds",
    "face_losses",
    "full_count",
    "loss_counts",
    "odds_command",
    "rerolled_faces",
]
