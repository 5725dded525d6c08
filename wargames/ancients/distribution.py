"""The exact distribution of one roll of battle dice (:func:`distribution`, :class:`RollOdds`),
the engine of :mod:`wargames.ancients.odds`.

Every die is independent, so one round is a multinomial over the five effects of a face
(:data:`~wargames.ancients.dice.EFFECTS`); the target's ignores are applied with the same
function the scoring uses (:func:`~wargames.ancients.dice.add_round`). An elephant's scoring
swords are re-rolled until they show another face (CCB-ELEPHANT-05): that is a Markov chain
whose states are (dice still to roll, hits so far, flags so far, ignores left). Hits are
unbounded, so they are counted up to a cap (at least the target's blocks): the top value means
"that many or more" (:attr:`RollOdds.capped`). At the cap a round in which every die shows
swords again leads back to the same state, and the chain is solved exactly for that loop.
Everything is exact (``Fraction``) and cached.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from functools import cache, lru_cache

import attrs

from wargames.ancients.dice import EFFECTS, Effect, Roll, Tally, add_round
from wargames.ancients.terrain import DiceCount
from wargames.core.dice import chance_that, distribution_of, expectation

LEADER_SURVIVES_LOSSES = Fraction(1, 36)
"""An attached leader dies when his unit survives with losses: two helmets on 2 dice
(CCB-LEADER-04, CCB-LEADER-19-EX)."""
LEADER_UNIT_ELIMINATED = Fraction(1, 6)
"""An attached leader dies when his unit is eliminated: a helmet on 1 die (CCB-LEADER-07,
CCB-LEADER-20-EX)."""

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


@lru_cache(maxsize=4096)  # keyed by rolls (unit types, settings): bounded for edited data
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


__all__ = [
    "LEADER_SURVIVES_LOSSES",
    "LEADER_UNIT_ELIMINATED",
    "RollOdds",
    "distribution",
    "markov_joint",
    "mean_per_die",
]
