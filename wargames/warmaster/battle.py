"""Battle phases: reveals, Traps, Horrors and Ambushes, battles, re-rolls, losses and retreats
(WM-HIDDEN-02 to -08, WM-COMBAT-01 to -12, WM-REROLL-01 to -07, WM-DESTROY-01, -02,
WM-RETREAT-01 to -09).

At the start of each Battle phase every face-down counter sharing its area with an enemy is
turned face up, before any battle, and revealed Traps and Ambushes take effect at once
(:mod:`wargames.warmaster.data` ``Specials``). Then every contested area is fought, once, in
the order the phasing player picks: attack total against defence total as a ratio rounded
down (WM-GAP-12 below 1-1), with the data's column shifts (Horrors, Lupercal's Sanctum,
Ambushes), one D6 on the Battle Results Table, a re-roll where the heroes allow it, losses
chosen by their owner and retreats chosen by the opponent, unit by unit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.core.codec import saved
from wargames.core.engine import CHANCE, Action, Player
from wargames.core.odds import Odds, odds_ratio
from wargames.core.retreat import RetreatRule
from wargames.warmaster import actions as act
from wargames.warmaster.data import IMPERIAL, TRAITOR
from wargames.warmaster.flow import DieRoll, Task
from wargames.warmaster.state import CUP, DEAD
from wargames.warmaster.teleport import LossRoll

if TYPE_CHECKING:
    from wargames.warmaster.state import WarmasterState as S

RETREAT = RetreatRule(
    chooser="opponent",
    distance=1,
    retreated_defend_at_zero=True,
    retreated_absorb_losses=True,
    second_retreat_eliminates=True,
)
"""Retreats in The Warmaster: one area, the opponent chooses; units that already retreated in
this phase defend at 0, may still be taken as losses and die if forced again (WM-RETREAT-01
to -08)."""


def other(side: str) -> str:
    return TRAITOR if side == IMPERIAL else IMPERIAL


def battle_areas(s: S) -> tuple[str, ...]:
    """Contested areas not yet fought this phase: both sides have face-up fighting units
    (worked out once per state)."""
    found: tuple[str, ...] | None = s._memo.get(BATTLE_AREAS)
    if found is None:
        found = s._memo[BATTLE_AREAS] = tuple(
            [
                a
                for a in s.contested()
                if a not in s.fought and s.fighters(a, IMPERIAL) and s.fighters(a, TRAITOR)
            ]
        )
    return found


BATTLE_AREAS = "battle-areas"
"""The memo entry of :func:`battle_areas`."""


# -- the phase ---------------------------------------------------------------------------------


@saved("warmaster/battle-phase")
@attrs.frozen
class BattlePhase(Task):
    """Reveals first (WM-HIDDEN-02, -03), then one battle in every contested area in the
    order the phasing player picks (WM-COMBAT-01 to -03)."""

    side: str
    revealed: bool = False
    rule: ClassVar[str] = "WM-COMBAT-03"

    def actor(self, s: S) -> Player | None:
        if not self.revealed:
            return None
        return self.side if len(battle_areas(s)) > 1 else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple([act.Fight(a) for a in battle_areas(s)])

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Fight)
        return start_battle(s, self.side, action.area)

    def run(self, s: S) -> S:
        if not self.revealed:
            s = s.pop(BattlePhase(self.side, True))
            return reveal(s)
        areas = battle_areas(s)
        if areas:
            return start_battle(s, self.side, areas[0])
        return s.pop()


def reveal(s: S) -> S:
    """Turn face up every face-down counter sharing its area with an enemy, all before any
    battle; revealed Traps and Ambushes then take effect, area by area (WM-HIDDEN-02 to -04)."""
    imperial = s.occupied(IMPERIAL)
    flipped = sorted(
        [c for c in s.face_down if s.location(c) in imperial], key=s.manifest.index.__getitem__
    )
    if not flipped:
        return s
    s = s.evolve(face_down=s.face_down - set(flipped))
    specials = s.data.specials
    steps: list[Task] = []
    for c in sorted(flipped, key=s.location):
        kind = s.spec(c).kind
        area = s.location(c)
        if kind == "trap":
            steps += [LossRoll(u, specials.trap.loss_on) for u in s.units(area, IMPERIAL)]
            if specials.trap.removed:
                steps.append(Remove(c))
        elif kind == "ambush":
            if specials.ambush.removed:
                steps.append(Remove(c))
            steps.append(AmbushDraw(area, c, specials.ambush.draw, ()))
    return s.push(*steps)


@saved("warmaster/remove")
@attrs.frozen
class Remove(Task):
    """A revealed Trap or Ambush marker leaves the game."""

    counter: str

    def run(self, s: S) -> S:
        return s.move_counter(self.counter, DEAD, tasks=s.popped())


@saved("warmaster/ambush-draw")
@attrs.frozen
class AmbushDraw(Task):
    """A revealed Ambush: units drawn at random from the cup into its area, never taking the
    Traitor above the stacking limit there, then they attack at once (specials ``ambush``)."""

    area: str
    marker: str
    left: int
    drawn: tuple[str, ...]
    rule: ClassVar[str] = "WM-HIDDEN-04"

    def room(self, s: S) -> bool:
        here = [c for c in s.units(self.area, TRAITOR) if c != self.marker]
        return len(here) < s.data.stack_limit

    def actor(self, s: S) -> Player | None:
        return CHANCE if self.left > 0 and len(s.cup) and self.room(s) else None

    def chance(self, s: S) -> tuple[tuple[Action, float], ...]:
        return tuple([(act.Draw(kind), p) for kind, p in s.cup.draw_outcomes()])

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Draw)
        unit = next(c for c in s.in_box(CUP) if s.spec(c).id == action.kind)
        then = AmbushDraw(self.area, self.marker, self.left - 1, (*self.drawn, unit))
        return s.move_counter(unit, self.area, cup=s.cup.remove(action.kind), tasks=s.popped(then))

    def run(self, s: S) -> S:
        attackers = tuple(u for u in self.drawn if s.location(u) == self.area)
        defenders = s.fighters(self.area, IMPERIAL)
        s = s.pop()
        if not attackers or not defenders:
            return s
        shift = s.data.specials.ambush.attack_shift
        return s.push(*battle_tasks(Battle(TRAITOR, self.area, attackers, defenders, shift, True)))


# -- one battle --------------------------------------------------------------------------------


@saved("warmaster/battle")
@attrs.frozen
class Battle:
    """One battle: the attacking side, the area, the units on each side, an extra column shift,
    and whether it is an Ambush's attack (out of sequence)."""

    side: str
    area: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    shift: int = 0
    ambush: bool = False

    @property
    def defender(self) -> str:
        return other(self.side)


def start_battle(s: S, side: str, area: str) -> S:
    """Every unit of the phasing side in ``area`` attacks every enemy unit there together
    (WM-COMBAT-01, -02, -04)."""
    b = Battle(side, area, s.fighters(area, side), s.fighters(area, other(side)))
    return s.push(*battle_tasks(b))


def battle_tasks(b: Battle) -> tuple[Task, ...]:
    return (BattleRoll(b, False), AfterBattle(b))


@attrs.frozen
class Numbers:
    """Steps 1 to 3 of a battle: the totals, the ratio and the column read (shifts applied)."""

    attack: int
    defence: int
    ratio: str
    column: int
    shifts: tuple[str, ...]


def numbers(s: S, b: Battle) -> Numbers:
    """Attack total, defence total (retreated units count 0), the ratio rounded down and the
    column after shifts, kept within the table (WM-COMBAT-06 to -08, WM-RETREAT-06)."""
    attack, defence, odds, column, shifts = _reading(s, b)
    named = tuple(f"{name} {shift:+d}" for name, shift in shifts)
    return Numbers(attack, defence, str(odds), column, named)


def _reading(s: S, b: Battle) -> tuple[int, int, Odds, int, list[tuple[str, int]]]:
    """Steps 1 to 3 of a battle as numbers: attack and defence totals, the ratio, the column
    after the shifts and the shifts by name (see :func:`numbers`)."""
    attack = sum([s.spec(u).attack for u in b.attackers if s.location(u) == b.area])
    retreated = s.retreated
    present = [u for u in b.defenders if s.location(u) == b.area]
    defence = sum([s.spec(u).defence for u in present if RETREAT.defends(u in retreated)])
    crt = s.data.battle
    odds = odds_ratio(max(attack, 1), defence)
    column = crt.column(odds)
    shifts: list[tuple[str, int]] = [("ambush", b.shift)] if b.shift else []
    specials = s.data.specials
    if (
        b.side == IMPERIAL
        and any(s.spec(u).kind == "horror" for u in present)
        and not any(s.spec(u).id in specials.horror.negated_by for u in b.attackers)
    ):
        shifts.append(("horror", specials.horror.imperial_attack_shift))
    if b.area == s.data.sanctum and any(s.spec(u).id == specials.sanctum.unit for u in present):
        shifts.append(("sanctum", specials.sanctum.defence_shift))
    shift = sum([n for _, n in shifts])
    column = max(0, min(len(crt.columns) - 1, column + shift))
    return attack, defence, odds, column, shifts


def battle_result(s: S, b: Battle, roll: int) -> str:
    """Steps 4 and 5: the die read in the column (WM-COMBAT-09, -10)."""
    return s.data.battle.cells[_reading(s, b)[3]][roll - 1]


def reroll_side(s: S, b: Battle) -> str | None:
    """The side that may re-roll the battle die, if any (WM-REROLL-02 to -06, WM-GAP-11).

    A ``supreme`` unit (the Emperor, Horus) is cancelled only by the opposing supreme unit; a
    ``hero`` by any opposing re-roll unit. At most one side can keep its re-roll."""
    kinds = {IMPERIAL: set(), TRAITOR: set()}  # type: dict[str, set[str]]
    for u in (*b.attackers, *b.defenders):
        if s.location(u) == b.area:
            spec = s.spec(u)
            if spec.has_reroll:
                kinds[spec.side].add(spec.reroll)
    for side in (b.side, b.defender):
        mine, theirs = kinds[side], kinds[other(side)]
        if "supreme" in mine and "supreme" not in theirs:
            return side
        if "hero" in mine and not theirs:
            return side
    return None


@saved("warmaster/battle-roll")
@attrs.frozen
class BattleRoll(DieRoll):
    """The attacker rolls one D6 (WM-COMBAT-09); a side with a re-roll may then have it
    rolled again once (WM-REROLL-02, -03)."""

    battle: Battle
    rerolled: bool
    rule: ClassVar[str] = "WM-COMBAT-09"

    def rolled(self, s: S, value: int) -> S:
        b = self.battle
        if not self.rerolled and reroll_side(s, b) is not None:
            return s.pop(RerollChoice(b, value))
        return s.pop(*result_tasks(s, b, value))

    def describe(self, s: S) -> str:
        return f"battle die in {self.battle.area}"


@saved("warmaster/reroll-choice")
@attrs.frozen
class RerollChoice(Task):
    """The side whose re-roll survives cancelling decides: re-roll (and take the new roll,
    WM-REROLL-03) or keep."""

    battle: Battle
    roll: int
    rule: ClassVar[str] = "WM-REROLL-02"

    def actor(self, s: S) -> Player | None:
        return reroll_side(s, self.battle)

    def legal(self, s: S) -> tuple[Action, ...]:
        return (act.Reroll(True), act.Reroll(False))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Reroll)
        if action.reroll:
            return s.pop(BattleRoll(self.battle, True))
        return s.pop(*result_tasks(s, self.battle, self.roll))

    def describe(self, s: S) -> str:
        code = battle_result(s, self.battle, self.roll)
        return f"re-roll the {self.roll} ({code})?"


def result_tasks(s: S, b: Battle, roll: int) -> tuple[Task, ...]:
    """The steps of a Battle Results Table result: losses chosen by their owner and destroyed
    together, then retreats chosen by the opponent (WM-COMBAT-10, WM-DESTROY-02,
    WM-RETREAT-01)."""
    code = battle_result(s, b, roll)
    result = s.data.results[code]
    steps: list[Task] = [Announce(b, roll, code)]
    for side, units, loses, heroes_last in (
        (b.side, b.attackers, result.attacker_loses, result.heroes_last),
        (b.defender, b.defenders, result.defender_loses, False),
    ):
        if loses == "one":
            steps.append(TakeLoss(side, b.area, units, heroes_last))
        elif loses == "all":
            steps.append(Doom(b.area, units))
    steps += [ApplyLosses(), RetreatStep(b, code)]
    return tuple(steps)


@saved("warmaster/announce")
@attrs.frozen
class Announce(Task):
    """Records the die and the result (for logs; no decision)."""

    battle: Battle
    roll: int
    code: str

    def run(self, s: S) -> S:
        return s.pop()


@saved("warmaster/take-loss")
@attrs.frozen
class TakeLoss(Task):
    """The owner picks one of his units of the battle to be destroyed (WM-DESTROY-02); units
    that retreated may be taken (WM-RETREAT-08); with ``heroes_last`` a re-roll unit only if
    nothing else is left."""

    side: str
    area: str
    candidates: tuple[str, ...]
    heroes_last: bool = False
    rule: ClassVar[str] = "WM-DESTROY-02"

    def eligible(self, s: S) -> tuple[str, ...]:
        here = tuple(
            [
                c
                for c in self.candidates
                if s.location(c) == self.area
                and c not in s.doomed
                and RETREAT.may_absorb(c in s.retreated)
            ]
        )
        if self.heroes_last:
            plain = tuple(c for c in here if not s.spec(c).has_reroll)
            return plain or here
        return here

    def actor(self, s: S) -> Player | None:
        return self.side if self.eligible(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple([act.Lose(c) for c in self.eligible(s)])

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Lose)
        return s.pop(doomed=(*s.doomed, action.unit))

    def run(self, s: S) -> S:
        return s.pop()


@saved("warmaster/doom")
@attrs.frozen
class Doom(Task):
    """Every unit of one side of the battle is destroyed by the result."""

    area: str
    units: tuple[str, ...]

    def run(self, s: S) -> S:
        dying = tuple(u for u in self.units if s.location(u) == self.area and u not in s.doomed)
        return s.pop(doomed=s.doomed + dying)


@saved("warmaster/apply-losses")
@attrs.frozen
class ApplyLosses(Task):
    """The chosen losses are destroyed together, so the Emperor and Horus can fall at the same
    time (WM-VICTORY-03, -04)."""

    rule: ClassVar[str] = "WM-VICTORY-04"

    def run(self, s: S) -> S:
        dying = s.doomed
        return s.pop(doomed=()).kill(dying)


@saved("warmaster/retreat-step")
@attrs.frozen
class RetreatStep(Task):
    """The result's retreats, for the survivors still in the area."""

    battle: Battle
    code: str

    def run(self, s: S) -> S:
        b = self.battle
        result = s.data.results[self.code]
        att = tuple([u for u in b.attackers if s.location(u) == b.area])
        dfn = tuple([u for u in b.defenders if s.location(u) == b.area])
        both = bool(att) and bool(dfn)
        steps: list[Task] = []
        if result.attacker_retreats and att and (both or not result.retreat_needs_both):
            steps.append(Retreat(b.side, b.area, att))
        if result.defender_retreats and dfn and (both or not result.retreat_needs_both):
            steps.append(Retreat(b.defender, b.area, dfn))
        return s.pop(*steps)


RETREATS = "retreats"
"""The memo entry of :meth:`Retreat.options`: retreating unit -> where it may go, in a state
(asked for who decides, then for the choices)."""


@saved("warmaster/retreat")
@attrs.frozen
class Retreat(Task):
    """Each retreating unit is moved one area by the opposing player, one unit at a time
    (WM-RETREAT-01, -02, -05): never into a destroyed area, an area with enemy units (face-down
    ones included) or one where its side would exceed three units (WM-RETREAT-03). A unit with
    nowhere to go, or that already retreated this phase, is destroyed (WM-RETREAT-04, -07)."""

    side: str
    area: str
    units: tuple[str, ...]
    rule: ClassVar[str] = "WM-RETREAT-03"

    def options(self, s: S, unit: str) -> tuple[str, ...]:
        known: dict[str, tuple[str, ...]] | None = s._memo.get(RETREATS)
        if known is None:
            known = s._memo[RETREATS] = {}
        found = known.get(unit)
        if found is not None:
            return found
        blocked = s.occupied(other(self.side))
        limit = s.data.stack_limit

        def can_enter(area: str) -> bool:
            return area not in s.destroyed and area not in blocked

        def room(area: str) -> bool:
            return s.count(area, self.side) < limit

        found = known[unit] = RETREAT.destinations(s.data.board, self.area, can_enter, room)
        return found

    def _next(self, s: S) -> str | None:
        return self.units[0] if self.units else None

    def actor(self, s: S) -> Player | None:
        unit = self._next(s)
        if unit is None or s.location(unit) != self.area:
            return None
        if RETREAT.must_eliminate(unit in s.retreated, self.options(s, unit)):
            return None
        return other(self.side)

    def legal(self, s: S) -> tuple[Action, ...]:
        unit = self._next(s)
        assert unit is not None
        return tuple([act.RetreatTo(unit, a) for a in self.options(s, unit)])

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.RetreatTo)
        return s.move_counter(
            action.unit,
            action.area,
            retreated=s.retreated | {action.unit},
            tasks=s.popped(Retreat(self.side, self.area, self.units[1:])),
        )

    def run(self, s: S) -> S:
        unit = self._next(s)
        if unit is None:
            return s.pop()
        rest = Retreat(self.side, self.area, self.units[1:])
        if s.location(unit) != self.area:
            return s.pop(rest)
        return s.pop(rest).kill((unit,))


@saved("warmaster/after-battle")
@attrs.frozen
class AfterBattle(Task):
    """The battle is over: Horrors that fought leave the game (specials ``horror``), and the
    area is not fought again this phase (WM-COMBAT-03, -05)."""

    battle: Battle

    def run(self, s: S) -> S:
        b = self.battle
        if s.data.specials.horror.removed_after_battle:
            horrors = [
                u
                for u in (*b.attackers, *b.defenders)
                if s.spec(u).kind == "horror" and s.aboard(u)
            ]
            s = s.move_counters([(u, DEAD) for u in horrors])
        if not b.ambush:
            return s.pop(fought=s.fought | {b.area})
        return s.pop()


__all__ = ["RETREAT", "Battle", "BattlePhase", "battle_areas", "numbers", "reroll_side"]
