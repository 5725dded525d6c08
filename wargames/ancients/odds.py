"""Exact odds of one roll of battle dice, and the ``wargames odds ancients`` command.

:func:`distribution` gives the exact joint distribution of hits and flags of ``n`` dice rolled
in the circumstances of a :class:`~wargames.ancients.dice.Roll`, the distribution of blocks
lost (hits beyond the target's blocks are lost, CCB-DICE-04) and the chance that an attached
leader dies in the check that follows (CCB-LEADER-04, -07). :func:`roll_odds` builds the roll
from unit types, terrain, leader and card bonus (the dice counted as the game counts them).

The distribution itself is computed exactly by :mod:`wargames.ancients.distribution` (a
multinomial per round, a Markov chain for an elephant's re-rolled swords); everything is exact
(``Fraction``) and cached: a repeated query is a dictionary lookup, a new one well under a
millisecond for ordinary rolls.

>>> odds = roll_odds("HI", "MI", leader="attached")
>>> odds.dice, odds.blocks_lost()[0]
(5, Fraction(1, 32))
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any, NoReturn

import attrs

from wargames.ancients.dice import (
    CLOSE_KINDS,
    KINDS,
    LEADERS,
    Kind,
    Leader,
    Roll,
)
from wargames.ancients.distribution import (
    LEADER_SURVIVES_LOSSES,
    LEADER_UNIT_ELIMINATED,
    RollOdds,
    distribution,
    mean_per_die,
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
from wargames.core import bounds
from wargames.core.errors import ArgumentError

RAMPAGE_DICE = 2
"""Dice rolled at each piece next to a rampaging elephant (CCB-ELEPHANT-14)."""
MAX_CARD_BONUS = 6
"""The most bonus dice a card may give: the card files' bound on ``bonus_dice`` (the shipped
decks give at most 2), so every card of any deck can be asked about, and no more."""
MAX_HEXES_MOVED = 6
"""The most hexes a unit moves before it fires: the unit files' bound on ``move``. Fire
dice only tell standing from moving (CCB-RANGED-09 to -11), so this is a sanity bound."""
MAX_BLOCKS = 6
"""The most blocks a unit has: the unit files' bound on ``blocks`` (checked first; then
against the target's own strength)."""
ODDS_CACHE = 1024
"""Rolls :func:`roll_odds` remembers (least recently used first out): the rolls the rules can
ask about are a few thousand at most (unit pairs x kinds x terrain), and each costs a few KB;
a session of what-ifs repeats the same few, and the bound keeps arbitrary queries from
growing memory."""
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

    Bounds (:class:`~wargames.core.errors.ArgumentError`, a ``ValueError``, naming the argument
    and the range): ``card_bonus`` 0 to :data:`MAX_CARD_BONUS` (6), ``blocks`` 1 to the
    target's blocks, ``hexes_moved`` 0 to :data:`MAX_HEXES_MOVED` (6); ``kind`` and ``leader``
    one of :data:`~wargames.ancients.dice.KINDS` and :data:`~wargames.ancients.dice.LEADERS`.
    """
    _check_roll(kind, leader, card_bonus, blocks, hexes_moved)
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


def _check_roll(
    kind: object, leader: object, card_bonus: object, blocks: object, hexes_moved: object
) -> None:
    """The bounds of :func:`roll_odds`'s numbers and names (``blocks`` against the target's
    own strength is checked with the target)."""
    if kind not in KINDS:
        raise ArgumentError("kind", f"expected one of {', '.join(KINDS)}, got {kind!r}")
    if leader not in LEADERS:
        raise ArgumentError("leader", f"expected one of {', '.join(LEADERS)}, got {leader!r}")
    bounds.whole("card_bonus", card_bonus, 0, MAX_CARD_BONUS)
    bounds.whole("hexes_moved", hexes_moved, 0, MAX_HEXES_MOVED)
    if blocks is not None:
        bounds.whole("blocks", blocks, 1, MAX_BLOCKS)


@lru_cache(maxsize=ODDS_CACHE)
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
    full = 1 if aimed is None else aimed.blocks
    if blocks is not None and blocks > full:
        target = "a lone leader" if aimed is None else aimed.code
        raise ArgumentError(
            "blocks",
            f"expected a whole number from 1 to {full} ({target}: 1 to {full} blocks), "
            f"got {blocks}",
        )
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
    parser.add_argument(
        "--bonus", type=int, default=0, help=f"card bonus dice, 0 to {MAX_CARD_BONUS}"
    )
    parser.add_argument("--blocks", type=int, help="the target's blocks left, 1 to its full")
    parser.add_argument(
        "--moved", type=int, default=0, help=f"hexes the firer moved, 0 to {MAX_HEXES_MOVED}"
    )
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
    except ArgumentError as exc:  # named as the command names it
        raise ArgumentError(_FLAGS.get(exc.argument, exc.argument), exc.problem) from None
    return report(odds)


_FLAGS = {"card_bonus": "--bonus", "hexes_moved": "--moved", "blocks": "--blocks"}
"""The flags of the command that give :func:`roll_odds`'s bounded arguments."""


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
    "MAX_BLOCKS",
    "MAX_CARD_BONUS",
    "MAX_HEXES_MOVED",
    "ODDS_CACHE",
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
