"""Exact odds of one roll of battle dice, and the ``wargames odds ancients`` command.

:func:`distribution` gives the exact joint distribution of hits and flags of ``n`` dice rolled
in the circumstances of a :class:`~wargames.ancients.dice.Roll`, the distribution of blocks
lost (hits beyond the target's blocks are lost, CCB-DICE-04) and the chance that an attached
leader dies in the check that follows (CCB-LEADER-04, -07). :func:`roll_odds` builds the roll
from unit types, terrain, leader and card bonus (the dice counted as the game counts them).

Every die is independent, so one round is a multinomial over the five effects of a face
(:data:`~wargames.ancients.dice.EFFECTS`); the target's ignores are applied with the same
function the scoring uses (:func:`~wargames.ancients.dice.add_round`). An elephant's scoring
swords are re-rolled until they show another face (CCB-ELEPHANT-05): that is a Markov chain
whose states are (dice still to roll, hits so far, flags so far, ignores left). Hits are
unbounded, so they are counted up to a cap (at least the target's blocks): the top value means
"that many or more" (:attr:`RollOdds.capped`). At the cap a round in which every die shows
swords again leads back to the same state, and the chain is solved exactly for that loop.
Everything is exact (``Fraction``) and cached: a repeated query is a dictionary lookup, a new
one well under a millisecond for ordinary rolls.

>>> odds = roll_odds("HI", "MI", leader="attached")
>>> odds.dice, odds.blocks_lost()[0]
(5, Fraction(1, 32))
"""

from __future__ import annotations

import argparse
import itertools
import math
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any, NoReturn

import attrs

from wargames.ancients.dice import (
    CLOSE_KINDS,
    EFFECTS,
    Effect,
    Kind,
    Leader,
    Roll,
    Tally,
    add_round,
)
from wargames.ancients.settings import DEFAULT, HELMETS, AncientsSettings
from wargames.ancients.terrain import (
    DiceCount,
    TerrainType,
    close_combat_count,
    ranged_count,
    sword_ignores,
    terrain_for,
)
from wargames.ancients.units import UnitType, close_dice, units_for
from wargames.core.dice import chance_that, distribution_of, expectation

RAMPAGE_DICE = 2
"""Dice rolled at each piece next to a rampaging elephant (CCB-ELEPHANT-14)."""
LEADER_SURVIVES_LOSSES = Fraction(1, 36)
"""An attached leader dies when his unit survives with losses: two helmets on 2 dice
(CCB-LEADER-04, CCB-LEADER-19-EX)."""
LEADER_UNIT_ELIMINATED = Fraction(1, 6)
"""An attached leader dies when his unit is eliminated: a helmet on 1 die (CCB-LEADER-07,
CCB-LEADER-20-EX)."""
MISS = Fraction(5, 6)


# -- leader checks --------------------------------------------------------------------------


def leader_check(unit_eliminated: bool) -> Fraction:
    """The chance an attached leader is killed by the check after his unit lost blocks:
    1/36 if the unit survives (two helmets on 2 dice), 1/6 if it was eliminated (a helmet on
    1 die) (CCB-LEADER-04, -07, -19-EX, -20-EX)."""
    return LEADER_UNIT_ELIMINATED if unit_eliminated else LEADER_SURVIVES_LOSSES


def lone_leader_killed(dice: int) -> Fraction:
    """The chance ``dice`` dice kill a lone leader: at least one helmet, 1 - (5/6)^n
    (CCB-LEADER-09, -21-EX, -23-EX)."""
    if dice < 0:
        raise ValueError("dice cannot be negative")
    return 1 - MISS**dice


def escape_survives(*dice: int) -> Fraction:
    """The chance an evading leader survives escape tests of ``dice`` dice each (one per enemy
    unit he passes through): no helmet at all, (5/6)^(sum) (CCB-LEADER-16, -22-EX)."""
    return MISS ** sum(dice)


# -- the exact distribution of one roll ---------------------------------------------------------

Probs = tuple[tuple[Effect, Fraction], ...]
Joint = tuple[tuple[tuple[int, int], Fraction], ...]
SIDES = 6


@cache
def _compositions(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    """Every way to put ``n`` dice into ``k`` ordered boxes (stars and bars)."""
    out = []
    for bars in itertools.combinations(range(n + k - 1), k - 1):
        edges = (-1, *bars, n + k - 1)
        out.append(tuple(edges[i + 1] - edges[i] - 1 for i in range(k)))
    return tuple(out)


@cache
def _outcomes(n: int, faces: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every outcome of ``n`` dice whose effects have ``faces[i]`` faces each: the count of
    each effect and its weight (the number of the ``sum(faces)**n`` face sequences giving it)."""
    live = [i for i, k in enumerate(faces) if k]
    out = []
    for counts in _compositions(n, len(live)):
        weight = math.factorial(n)
        for c, i in zip(counts, live, strict=True):
            weight = weight // math.factorial(c) * faces[i] ** c
        full = [0] * len(faces)
        for c, i in zip(counts, live, strict=True):
            full[i] = c
        out.append((tuple(full), weight))
    return tuple(out)


def _faces(probs: Probs) -> tuple[int, int, int, int, int]:
    """How many of the six faces have each effect, in :data:`EFFECTS` order."""
    p = dict(probs)
    sym, sw, hit, flag, none = (int(p.get(e, Fraction(0)) * SIDES) for e in EFFECTS)
    return sym, sw, hit, flag, none


@cache
def _joint_exact(
    dice: int, probs: Probs, swords_left: int, symbols_left: int, rerolls: bool, cap: int
) -> Joint:
    """The joint distribution of (hits capped at ``cap``, flags), in integers.

    Round one is a multinomial over the effects. With re-rolls, each of its ``m`` scoring
    swords starts a lineage: a re-rolled die shows swords (a hit, and it is rolled again) with
    ``k_sw`` faces in 6, else it ends on another face. That chain is absorbed after a
    geometric number of swords, so over ``m`` lineages the extra swords ``J`` are negative
    binomial, independent of the faces the lineages end on (a multinomial over the other
    effects); ``J`` at or beyond what reaches the cap is one bucket, ``P(J >= t)``. The
    ignores are used up in round one whenever a sword scores (an ignored sword is never
    re-rolled), and symbol ignores apply to the symbols of all rounds together. Every
    probability is a whole number over one common denominator, so only the final values
    become fractions. :func:`markov_joint` walks the same chain state by state; the tests
    check that the two agree.
    """
    k_sym, k_sw, k_hit, k_flag, k_none = _faces(probs)
    if not symbols_left:  # a symbol is then a plain hit: fewer outcomes to enumerate
        k_sym, k_hit = 0, k_hit + k_sym
    if not (swords_left or rerolls):
        k_sw, k_hit = 0, k_hit + k_sw
    q = SIDES - k_sw  # faces that end a lineage
    lineages = dice if rerolls else 0
    # common denominator: 6^dice (round one) * q^dice (lineage ends) * 6^(cap - 1 + dice) (J)
    scale_j = SIDES ** (cap - 1 + lineages)
    den = SIDES**dice * q**lineages * scale_j
    out: dict[tuple[int, int], int] = {}
    by_m: dict[int, dict[tuple[int, int, int], int]] = {}
    for (sym, sw, hit, flag, _none), w in _outcomes(dice, (k_sym, k_sw, k_hit, k_flag, k_none)):
        m = sw - min(sw, swords_left)
        if rerolls and m:
            key3 = (sym, m + hit, flag)
            group = by_m.setdefault(m, {})
            group[key3] = group.get(key3, 0) + w
            continue
        h = min(cap, max(0, sym - symbols_left) + m + hit)
        out[(h, flag)] = out.get((h, flag), 0) + w * q**lineages * scale_j
    for m, group in by_m.items():
        ends = _outcomes(m, (k_sym, k_hit, k_flag, k_none))
        j_num = _j_numerators(m, k_sw, cap)
        lift = q ** (lineages - m) * SIDES ** (lineages - m)
        partial: dict[tuple[int, int], int] = {}
        for (sym, base, flag), w in group.items():
            for (a_sym, a_hit, a_flag, _a_none), e in ends:
                h0 = max(0, sym + a_sym - symbols_left) + base + a_hit
                key = (h0, flag + a_flag)
                partial[key] = partial.get(key, 0) + w * e
        for (h0, flag), we in partial.items():
            for h, jn in _spread(h0, j_num, cap):
                out[(h, flag)] = out.get((h, flag), 0) + we * jn * lift
    return tuple(sorted((key, Fraction(n, den)) for key, n in out.items() if n))


@cache
def _j_numerators(m: int, k_sw: int, cap: int) -> tuple[int, ...]:
    """The chance that ``m`` lineages show ``j`` more swords in all, for ``j < cap``, then the
    tail ``P(J >= cap)``, as numerators over ``6^(cap-1+m) * q^m`` once multiplied by the
    ends' weight (whose own denominator ``q^m`` this carries): ``P(J = j, ends) =
    C(j+m-1, m-1) k_sw^j E_ends / 6^(j+m)``, and the tail is what makes the total 1."""
    q = SIDES - k_sw
    nums = [
        math.comb(j + m - 1, m - 1) * k_sw**j * SIDES ** (cap - 1 - j) * q**m for j in range(cap)
    ]
    return (*nums, SIDES ** (cap - 1 + m) - sum(nums))


def _spread(h0: int, j_num: tuple[int, ...], cap: int) -> list[tuple[int, int]]:
    """The capped hit totals ``h0 + J`` with the numerators of ``J``."""
    if h0 >= cap:
        return [(cap, sum(j_num))]
    found = [(h0 + j, j_num[j]) for j in range(cap - h0)]
    found.append((cap, sum(j_num[cap - h0 :])))
    return found


@cache
def _resolve(
    pending: int,
    hits: int,
    flags: int,
    swords_left: int,
    symbols_left: int,
    probs: Probs,
    rerolls: bool,
    cap: int,
) -> Joint:
    """The final (hits capped at ``cap``, flags) once ``pending`` dice are rolled from a tally."""
    here = (pending, hits, flags, swords_left, symbols_left)
    out: dict[tuple[int, int], Fraction] = {}
    loop = Fraction(0)
    tally = Tally(hits, flags, swords_left, symbols_left)
    faces = _faces(probs)
    for (sym, sw, hit, flag, _none), w in _outcomes(pending, faces):
        p = Fraction(w, SIDES**pending)
        after, again = add_round(tally, sym, sw, hit, flag, rerolls)
        h = min(cap, after.hits)
        if again == 0:
            out[(h, after.flags)] = out.get((h, after.flags), Fraction(0)) + p
            continue
        state = (again, h, after.flags, after.swords_left, after.symbols_left)
        if state == here:
            loop += p
            continue
        for key, r in _resolve(*state, probs, rerolls, cap):
            out[key] = out.get(key, Fraction(0)) + p * r
    if loop:
        out = {key: p / (1 - loop) for key, p in out.items()}
    return tuple(sorted(out.items()))


def markov_joint(roll: Roll, dice: int, cap: int) -> Joint:
    """The reference computation: the Markov chain of the roll walked state by state.

    A state is (dice still to roll, hits so far capped at ``cap``, flags, sword and symbol
    ignores left); rolling the pending dice is a multinomial step scored by
    :func:`~wargames.ancients.dice.add_round`, and the next state's pending dice are the
    swords to re-roll. States only move forward, except that at the cap a round of all swords
    returns to the same state: that loop is solved exactly (divide by ``1 - p_loop``). Slow
    (Fraction arithmetic over every state); :func:`distribution` uses the closed form.
    """
    return _resolve(
        dice,
        0,
        0,
        roll.sword_ignores,
        roll.symbol_ignores,
        roll.effect_probabilities(),
        roll.rerolls_swords,
        cap,
    )


@attrs.frozen
class RollOdds:
    """The exact outcome of one roll of ``dice`` dice at a target with ``blocks`` blocks.

    ``joint`` lists ``((hits, flags), probability)``; hits are counted up to ``hit_cap``, and
    when ``capped`` (elephant re-rolls) the value ``hit_cap`` means that many or more. At a
    lone leader ``blocks`` is 1 and a hit is a helmet that kills him.
    """

    roll: Roll
    dice: int
    blocks: int
    hit_cap: int
    capped: bool
    joint: Joint
    count: DiceCount | None = None

    def hits(self) -> dict[int, Fraction]:
        """The distribution of hits (the top value ``hit_cap`` or more when ``capped``)."""
        return distribution_of(self.joint, lambda key: key[0])

    def flags(self) -> dict[int, Fraction]:
        """The distribution of flags rolled (before any is ignored)."""
        return distribution_of(self.joint, lambda key: key[1])

    def blocks_lost(self) -> dict[int, Fraction]:
        """The distribution of blocks lost to the hits: hits capped at the blocks
        (CCB-DICE-04); 0 to ``blocks``, every value listed."""
        out = dict.fromkeys(range(self.blocks + 1), Fraction(0))
        for (h, _), p in self.joint:
            out[min(h, self.blocks)] += p
        return out

    def at_least(self, hits: int) -> Fraction:
        """The chance of ``hits`` hits or more (``hits`` at most :attr:`hit_cap`)."""
        if hits > self.hit_cap:
            raise ValueError(f"hits are counted up to {self.hit_cap}")
        return chance_that(self.joint, lambda key: key[0] >= hits)

    def mean_blocks_lost(self) -> Fraction:
        return expectation(self.blocks_lost())

    def eliminated(self) -> Fraction:
        """The chance the target loses its last block (at a lone leader: he is killed)."""
        return self.blocks_lost()[self.blocks]

    def leader_killed(self) -> Fraction:
        """The chance a leader attached to the target dies in the check after this roll's hits
        (1/36 if the unit survives with losses, 1/6 if it is eliminated: CCB-LEADER-04, -07);
        at a lone leader, the chance a helmet kills him (CCB-LEADER-09). Losses from a blocked
        retreat are not counted here."""
        if self.roll.target is None:
            return self.eliminated()
        lost = self.blocks_lost()
        survives = chance_that(lost, lambda k: 0 < k < self.blocks)
        return survives * LEADER_SURVIVES_LOSSES + lost[self.blocks] * LEADER_UNIT_ELIMINATED


def distribution(
    roll: Roll, dice: int, blocks: int | None = None, hit_cap: int | None = None
) -> RollOdds:
    """The exact outcome of ``dice`` dice rolled in the circumstances ``roll``, at a target
    with ``blocks`` blocks left (default: its full strength; a lone leader: 1).

    ``hit_cap`` (default: the larger of ``dice`` and ``blocks``) is where hits are counted up
    to; it only matters for elephant re-rolls, whose hits have no upper bound.
    """
    full = 1 if roll.target is None else roll.target.blocks
    blocks = full if blocks is None else blocks
    if not 1 <= blocks <= full:
        raise ValueError(f"the target has 1 to {full} blocks, not {blocks}")
    if dice < 0:
        raise ValueError("dice cannot be negative")
    cap = max(dice, blocks) if hit_cap is None else hit_cap
    if cap < blocks:
        raise ValueError(f"hits must be counted at least up to the blocks ({blocks})")
    joint = _joint(roll, dice, cap)
    capped = roll.rerolls_swords and any(h == cap for (h, _), _p in joint)
    return RollOdds(roll, dice, blocks, cap, capped, joint)


@cache
def _joint(roll: Roll, dice: int, cap: int) -> Joint:
    return _joint_exact(
        dice,
        roll.effect_probabilities(),
        roll.sword_ignores,
        roll.symbol_ignores,
        roll.rerolls_swords,
        cap,
    )


def mean_per_die(roll: Roll) -> tuple[Fraction, Fraction]:
    """Exact mean hits and flags of one die at a target that ignores nothing, re-rolls
    included: a scoring sword is a hit and a new die, so the mean solves ``m = p_hit +
    p_sword * m`` (CCB-ELEPHANT-25-EX: 2/5 of a hit and 1/5 of a flag for an elephant)."""
    p = dict(roll.effect_probabilities())
    zero = Fraction(0)
    hit = p.get("symbol", zero) + p.get("sword", zero) + p.get("hit", zero)
    flag = p.get("flag", zero)
    keep = 1 - p.get("sword", zero) if roll.rerolls_swords else Fraction(1)
    return hit / keep, flag / keep


# -- a roll from the game's terms -----------------------------------------------------------------


def _unit(value: UnitType | str, settings: AncientsSettings) -> UnitType:
    return value if isinstance(value, UnitType) else units_for(settings).find(value)


def _target(value: UnitType | str | None, settings: AncientsSettings) -> UnitType | None:
    if value is None or (
        isinstance(value, str) and value.strip().lower() in ("leader", "lone-leader")
    ):
        return None
    return _unit(value, settings)


def _terrain(value: TerrainType | str, settings: AncientsSettings) -> TerrainType:
    return value if isinstance(value, TerrainType) else terrain_for(settings).find(value)


def roll_odds(
    attacker: UnitType | str,
    target: UnitType | str | None,
    *,
    kind: Kind = "close",
    leader: Leader = "none",
    attacker_terrain: TerrainType | str = "clear",
    target_terrain: TerrainType | str = "clear",
    rampart: bool = False,
    card_bonus: int = 0,
    blocks: int | None = None,
    hexes_moved: int = 0,
    full_strength: bool = True,
    settings: AncientsSettings = DEFAULT,
) -> RollOdds:
    """The exact outcome of ``attacker`` rolling at ``target`` (a code, an alias or a type;
    ``None`` or ``"leader"``: a lone leader), the dice counted as the game counts them.

    ``kind`` is ``"close"``, ``"ranged"``, ``"battle-back"``, ``"first-strike"``, ``"evade"``
    (the target evades: only its symbol scores, CCB-EVADE-09), ``"rampage"`` (2 dice, the
    attacker only names who causes it) or ``"escape"`` (the attacker's close-combat dice at a
    leader, no terrain). ``leader``: a friendly leader attached to the attacker or adjacent.
    ``attacker_terrain``/``target_terrain``: the hexes' terrain; ``rampart``: the attack
    crosses a rampart hexside. ``card_bonus``: dice from the card (attacks only).
    ``hexes_moved``: for fire. ``full_strength``: the attacker's, for warriors and barbarian
    chariots. Raises ``ValueError`` for a roll the rules do not allow (no dice).
    """
    return _roll_odds(
        attacker,
        target,
        kind,
        leader,
        attacker_terrain,
        target_terrain,
        rampart,
        card_bonus,
        blocks,
        hexes_moved,
        full_strength,
        settings,
    )


@cache
def _roll_odds(
    attacker: UnitType | str,
    target: UnitType | str | None,
    kind: Kind,
    leader: Leader,
    attacker_terrain: TerrainType | str,
    target_terrain: TerrainType | str,
    rampart: bool,
    card_bonus: int,
    blocks: int | None,
    hexes_moved: int,
    full_strength: bool,
    settings: AncientsSettings,
) -> RollOdds:
    roller = _unit(attacker, settings)
    aimed = _target(target, settings)
    own, there = _terrain(attacker_terrain, settings), _terrain(target_terrain, settings)
    hexside = (terrain_for(settings)["rampart"],) if rampart else ()
    if kind == "ranged":
        if not roller.can_fire:
            raise ValueError(f"{roller.code} has no ranged combat (CCB-RANGED-01, -02)")
        count = ranged_count(roller, own, there, hexes_moved)
    elif kind == "rampage":
        count = DiceCount(RAMPAGE_DICE)
    elif kind == "escape":
        if aimed is not None:
            raise ValueError("an escape test is rolled at a leader")
        count = DiceCount(close_dice(roller, None))
    else:
        role = "attack" if kind in ("close", "evade") else kind
        count = close_combat_count(
            roller,
            aimed,
            own,
            there,
            card_bonus=card_bonus,
            role=role,  # type: ignore[arg-type]
            full_strength=full_strength,
        )
    if count.total == 0:
        raise ValueError(f"{roller.code} rolls no dice here, so it cannot make this attack")
    close = kind in CLOSE_KINDS
    ignored = sword_ignores(aimed, there, hexside, settings) if close else 0
    roll = Roll(
        kind=kind,
        roller=None if kind == "rampage" else roller,
        target=aimed,
        leader=leader,
        swords_ignored=ignored,
        settings=settings,
    )
    return attrs.evolve(distribution(roll, count.total, blocks), count=count)


# -- the command -----------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """Argument errors are one-line ``ValueError``s (the CLI prints them and exits 2)."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


def _parser() -> _Parser:
    parser = _Parser(
        prog="wargames odds ancients",
        description="Exact odds of one roll of Commands & Colors: Ancients battle dice.",
        epilog="examples: 'wargames odds ancients HI MI --leader attached'; "
        "'wargames odds ancients EL LI'; 'wargames odds ancients LB MI --ranged --terrain forest'",
    )
    parser.add_argument(
        "attacker",
        help="the unit rolling: LI LS LB AX WA MI HI HWM LC LBC MC HC CHC HCH LBCH EL CAM CCAM",
    )
    parser.add_argument("target", help="the unit rolled at, or 'leader' for a lone leader")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--ranged", action="store_true", help="ranged combat (fire)")
    how.add_argument("--evade", action="store_true", help="the target evades")
    how.add_argument("--battle-back", action="store_true", help="the attacker is battling back")
    how.add_argument("--first-strike", action="store_true", help="the attacker strikes first")
    parser.add_argument(
        "--leader", choices=("attached", "adjacent"), help="a friendly leader of the attacker"
    )
    parser.add_argument("--terrain", default="clear", help="the target's hex (forest, hill, ...)")
    parser.add_argument("--from", dest="origin", default="clear", help="the attacker's hex")
    parser.add_argument("--rampart", action="store_true", help="the attack crosses a rampart")
    parser.add_argument("--bonus", type=int, default=0, help="card bonus dice")
    parser.add_argument("--blocks", type=int, help="the target's blocks left")
    parser.add_argument("--moved", type=int, default=0, help="hexes the firer moved")
    parser.add_argument(
        "--damaged", action="store_true", help="the attacker is not at full strength"
    )
    parser.add_argument(
        "--helmets", choices=HELMETS, default=HELMETS[0], help="helmet reading (CCB-GAP-02)"
    )
    parser.add_argument(
        "--no-rerolls", action="store_true", help="no elephant sword re-rolls (CCB-GAP-04)"
    )
    return parser


def _pct(p: Fraction) -> str:
    return f"{float(p):6.1%} ({p})"


def odds_command(argv: Sequence[str]) -> dict[str, Any]:
    """The ``wargames odds ancients`` command: a JSON-ready dict with a ``text`` entry.
    Bad arguments raise a one-line ``ValueError``."""
    args = _parser().parse_args(list(argv))
    kind: Kind = (
        "ranged"
        if args.ranged
        else "evade"
        if args.evade
        else "battle-back"
        if args.battle_back
        else "first-strike"
        if args.first_strike
        else "close"
    )
    settings = AncientsSettings(helmets=args.helmets, elephant_sword_rerolls=not args.no_rerolls)
    try:
        odds = roll_odds(
            args.attacker,
            args.target,
            kind=kind,
            leader=args.leader or "none",
            attacker_terrain=args.origin,
            target_terrain=args.terrain,
            rampart=args.rampart,
            card_bonus=args.bonus,
            blocks=args.blocks,
            hexes_moved=args.moved,
            full_strength=not args.damaged,
            settings=settings,
        )
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None
    return report(odds)


def report(odds: RollOdds) -> dict[str, Any]:
    """A :class:`RollOdds` as a JSON-ready dict with a readable ``text``."""
    roll = odds.roll
    who = roll.roller.code if roll.roller else "rampage"
    at = roll.target.code if roll.target else "a lone leader"
    count = odds.count
    how = f"{odds.dice} dice"
    if count is not None and (count.caps or count.modifier or count.bonus):
        parts = [f"{count.base}"]
        if count.cap is not None and count.cap < count.base:
            parts.append(f"capped at {count.cap} ({min(count.caps)[1]})")
        if count.modifier:
            parts.append(f"{count.modifier:+d} camp")
        if count.bonus:
            parts.append(f"+{count.bonus} card")
        how += " = " + ", ".join(parts)
    notes = []
    if roll.helmets_score:
        notes.append("helmets hit")
    if roll.rerolls_swords:
        notes.append("swords re-rolled")
    if roll.sword_ignores and roll.swords_score:
        n = roll.sword_ignores
        notes.append("every sword ignored" if n >= 99 else f"{n} sword(s) ignored")
    if roll.symbol_ignores:
        notes.append(
            f"{roll.symbol_ignores} {roll.target.unit_class if roll.target else ''} hit ignored"
        )
    lines = [f"{who} at {at}, {roll.kind}: {how}" + (f" ({'; '.join(notes)})" if notes else "")]
    lost = odds.blocks_lost()
    if roll.target is None:
        lines.append(f"  leader killed   {_pct(odds.eliminated())}")
    else:
        lines.append(f"  blocks lost (of {odds.blocks}):")
        lines += [f"    {k}  {_pct(p)}" for k, p in lost.items()]
        flags = odds.flags()
        if any(f for f in flags if f):
            lines.append("  flags rolled:")
            lines += [f"    {f}  {_pct(p)}" for f, p in flags.items()]
        lines.append(f"  mean blocks lost {float(odds.mean_blocks_lost()):.3f}")
        lines.append(f"  attached leader killed {_pct(odds.leader_killed())}")
    return {
        "attacker": who,
        "target": roll.target.code if roll.target else "leader",
        "kind": roll.kind,
        "dice": odds.dice,
        "blocks": odds.blocks,
        "blocks_lost": {str(k): float(p) for k, p in lost.items()},
        "flags": {str(f): float(p) for f, p in odds.flags().items()},
        "joint": [[h, f, float(p)] for (h, f), p in odds.joint],
        "exact": {
            "blocks_lost": {str(k): str(p) for k, p in lost.items()},
            "joint": [[h, f, str(p)] for (h, f), p in odds.joint],
        },
        "hit_cap": odds.hit_cap,
        "capped": odds.capped,
        "leader_killed": float(odds.leader_killed()),
        "text": "\n".join(lines),
    }


__all__ = [
    "LEADER_SURVIVES_LOSSES",
    "LEADER_UNIT_ELIMINATED",
    "RAMPAGE_DICE",
    "RollOdds",
    "distribution",
    "escape_survives",
    "leader_check",
    "lone_leader_killed",
    "mean_per_die",
    "odds_command",
    "report",
    "roll_odds",
]
