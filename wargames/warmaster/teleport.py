"""Reinforcements phases: teleports on the Teleportation Table and the Traitor's cup.

Every teleport is one D66 roll, made as two chance nodes, the tens die then the units die
(WM-TELEPORT-02, -03): a whole Imperial group as one body (WM-REINF-03), an Imperial Guard
unit or a Traitor reinforcement alone (WM-REINF-04, -08). A result naming a destroyed area is
rolled again (WM-GAP-01). The x6 results are the mishaps of the data
(:class:`~wargames.warmaster.data.TeleportEffect`): loss rolls, back to reserve, scatter, or an
arrival area chosen by a player. The Traitor rolls a D6 for how many reinforcements he gets
(WM-REINF-06) and draws each at random from the cup, a chance node over the counter types
left (WM-REINF-07, -10); they arrive face up (WM-REINF-09).

The Teleportarium (research 3.2 rule 4, data ``teleportarium``; a reconstruction of the
missing table, WM-GAP-01): a side of ``sides`` that controls the Teleportarium (area control,
:meth:`~wargames.warmaster.state.WarmasterState.controller`) at the start of its
Reinforcements phase makes every teleport roll of that phase ``rolls`` times, one D66 after
the other, and then picks the result it keeps (``pick 53``); a roll that would be rolled again
anyway (a destroyed area, a scattered unit's x6) is rolled again before the choice, so the
choice is always between results that stand. With ``direct_arrival`` each body coming back
from reserve may instead arrive straight in the Teleportarium (``arrive 65``) or roll as usual
(``teleport``), while the Teleportarium is intact.

Not implemented: the ``"shift"`` reading of a destroyed-area result (research 3.2 rule 1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from wargames.core.codec import saved
from wargames.core.dice import d66
from wargames.core.engine import CHANCE, Action, Player
from wargames.core.notation import D6_OUTCOMES as D6
from wargames.warmaster import actions as act
from wargames.warmaster.data import IMPERIAL, TRAITOR, TeleportTable
from wargames.warmaster.flow import DieRoll, Task
from wargames.warmaster.state import CUP, DEAD, RESERVE, UNKNOWN, WARP

if TYPE_CHECKING:
    from wargames.warmaster.state import WarmasterState as S


def _other(side: str) -> str:
    return TRAITOR if side == IMPERIAL else IMPERIAL


# -- the Teleportarium -------------------------------------------------------------------------


def teleportarium_held(s: S, side: str) -> bool:
    """Whether ``side`` has the Teleportarium's advantage: it is one of the data's ``sides``
    and controls the (intact) Teleportarium now. Checked as its Reinforcements phase starts
    (research 3.2 rule 4)."""
    port = s.data.teleport.teleportarium
    return side in port.sides and s.controller(s.data.teleportarium) == side


def teleport_rolls(s: S, side: str) -> int:
    """How many D66 rolls ``side`` makes for each teleport of the Reinforcements phase that
    starts now (1 without the Teleportarium)."""
    return s.data.teleport.teleportarium.rolls if teleportarium_held(s, side) else 1


def from_reserve(s: S, side: str, body: tuple[str, ...]) -> Task:
    """The step that brings ``body`` back from reserve as ``side``'s Reinforcements phase
    starts: a teleport, or the choice of arriving straight in a Teleportarium it holds."""
    rolls = teleport_rolls(s, side)
    if teleportarium_held(s, side) and s.data.teleport.teleportarium.direct_arrival:
        return FromReserve(side, body, rolls)
    return Teleport(side, body, rolls=rolls)


@saved("warmaster/from-reserve")
@attrs.frozen
class FromReserve(Task):
    """Units back from reserve, their side holding the Teleportarium: they arrive straight in
    it (``arrive 65``) or teleport on the table as usual (``teleport``; research 3.2 rule 4,
    WM-GAP-01). No choice once the Teleportarium is destroyed: they teleport."""

    side: str
    units: tuple[str, ...]
    rolls: int = 1
    rule: ClassVar[str] = "WM-GAP-01"

    def actor(self, s: S) -> Player | None:
        return self.side if s.data.teleportarium not in s.destroyed else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return (act.RollTable(), act.Arrive(s.data.teleportarium))

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.Arrive):
            return s.move_counters([(u, action.area) for u in self.units]).pop()
        return self.run(s)

    def run(self, s: S) -> S:
        return s.pop(Teleport(self.side, self.units, rolls=self.rolls))

    def describe(self, s: S) -> str:
        return f"{' '.join(self.units)} from reserve: teleport, or arrive in the Teleportarium?"


@saved("warmaster/pick-result")
@attrs.frozen
class PickResult(Task):
    """The Teleportarium: the teleporting side keeps one of the D66 results rolled for a
    body (research 3.2 rule 4, WM-GAP-01)."""

    side: str
    units: tuple[str, ...]
    results: tuple[int, ...]
    scatter: bool = False
    rolls: int = 1
    rule: ClassVar[str] = "WM-GAP-01"

    def actor(self, s: S) -> Player | None:
        return self.side

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple(act.Pick(r) for r in dict.fromkeys(self.results))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Pick)
        return land(s, self.side, self.units, action.result, self.scatter, self.rolls)

    def describe(self, s: S) -> str:
        rolled = ", ".join(str(r) for r in self.results)
        return f"teleport {' '.join(self.units)}: keep one of {rolled}"


@saved("warmaster/imperial-reinforcements")
@attrs.frozen
class ImperialReinforcements(Task):
    """Imperial Reinforcements phase: the fleet's laser shots once the Defensive Screens are
    taken (:mod:`wargames.warmaster.specials`), units back from reserve, then the turn's wave:
    the groups on turn 1 in the order formed, the Emperor's first; on turn 2 the Imperial
    Guard, each alone (WM-SEQ-03, WM-REINF-01 to -05). The Teleportarium's advantage is
    settled as the phase starts, before the lasers fire."""

    rule: ClassVar[str] = "WM-REINF-01"

    def run(self, s: S) -> S:
        lasers = specials.laser_tasks(s)
        rolls = teleport_rolls(s, IMPERIAL)
        back = [from_reserve(s, IMPERIAL, b) for b in s.reserve if s.side_of(b[0]) == IMPERIAL]
        changes: dict[str, Any] = {
            "reserve": tuple(b for b in s.reserve if s.side_of(b[0]) != IMPERIAL)
        }
        bodies: list[tuple[str, ...]] = []
        wave = s.setup.wave(s.turn)
        if wave is not None:
            if wave.teleport == "groups":
                bodies += list(s.groups)
                changes["groups"] = ()
            else:
                bodies += [(u,) for u in s.setup.wave_units(wave, s.data)]
        arrivals = (Teleport(IMPERIAL, body, rolls=rolls) for body in bodies)
        return s.pop(*lasers, *back, *arrivals, **changes)


@saved("warmaster/traitor-reinforcements")
@attrs.frozen
class TraitorReinforcements(Task):
    """Traitor Reinforcements phase: units back from reserve teleport again, then a D6 for the
    number drawn from the cup (WM-SEQ-06, WM-REINF-06 to -10)."""

    rule: ClassVar[str] = "WM-REINF-06"

    def run(self, s: S) -> S:
        bodies = [b for b in s.reserve if s.side_of(b[0]) == TRAITOR]
        steps: list[Task] = [from_reserve(s, TRAITOR, (u,)) for b in bodies for u in b]
        steps.append(ReinforcementRoll(teleport_rolls(s, TRAITOR)))
        return s.pop(*steps, reserve=tuple(b for b in s.reserve if s.side_of(b[0]) != TRAITOR))


@saved("warmaster/reinforcement-roll")
@attrs.frozen
class ReinforcementRoll(DieRoll):
    """1-2: one unit, 3-4: two, 5-6: three (WM-REINF-06). ``rolls``: D66 rolls per teleport
    this phase (the Teleportarium)."""

    rolls: int = 1
    rule: ClassVar[str] = "WM-REINF-06"

    def rolled(self, s: S, value: int) -> S:
        return s.pop(CupDraw(s.data.traitor_reinforcements[value], self.rolls))


@saved("warmaster/cup-draw")
@attrs.frozen
class CupDraw(Task):
    """Draw one counter at random from the cup and teleport it alone; ``left`` draws to go.
    An empty cup gives nothing (WM-REINF-07, -08, -10, WM-GAP-18)."""

    left: int
    rolls: int = 1
    rule: ClassVar[str] = "WM-REINF-07"

    def actor(self, s: S) -> Player | None:
        return CHANCE if self.left > 0 and len(s.cup) else None

    def chance(self, s: S) -> tuple[tuple[Action, float], ...]:
        return tuple([(act.Draw(kind), p) for kind, p in s.cup.draw_outcomes()])

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Draw)
        unit = next(c for c in s.in_box(CUP) if s.spec(c).id == action.kind)
        then = (Teleport(TRAITOR, (unit,), rolls=self.rolls), CupDraw(self.left - 1, self.rolls))
        return s.move_counter(unit, WARP, cup=s.cup.remove(action.kind), tasks=s.popped(*then))

    def run(self, s: S) -> S:
        return s.pop()


@saved("warmaster/teleport")
@attrs.frozen
class Teleport(DieRoll):
    """One D66 roll for a body of units: the tens die, then the units die (WM-TELEPORT-03).
    ``scatter``: a unit scattered by a mishap, whose further x6 results are rolled again
    unless the effect keeps them. ``rolls``: how many D66 results to roll before the
    teleporting side picks one (the Teleportarium; 1: the result applies at once);
    ``results``: those rolled so far."""

    side: str
    units: tuple[str, ...]
    tens: int | None = None
    scatter: bool = False
    rolls: int = 1
    results: tuple[int, ...] = ()
    rule: ClassVar[str] = "WM-TELEPORT-02"

    def rolled(self, s: S, value: int) -> S:
        if self.tens is None:
            return s.pop(self._with(value, self.results))
        roll = d66(self.tens, value)
        if not stands(s, roll, self.scatter):
            # a destroyed area (WM-GAP-01) or a scattered x6: roll again
            return s.pop(self._with(None, self.results))
        results = (*self.results, roll)
        if len(results) < self.rolls:
            return s.pop(self._with(None, results))
        if len(results) == 1:
            return land(s, self.side, self.units, roll, self.scatter, self.rolls)
        return s.pop(PickResult(self.side, self.units, results, self.scatter, self.rolls))

    def _with(self, tens: int | None, results: tuple[int, ...]) -> Teleport:
        """This teleport with the tens die ``tens`` and the results ``results``."""
        return Teleport(self.side, self.units, tens, self.scatter, self.rolls, results)

    def describe(self, s: S) -> str:
        die = "tens" if self.tens is None else "units"
        which = f" (roll {len(self.results) + 1} of {self.rolls})" if self.rolls > 1 else ""
        return f"teleport {' '.join(self.units)}: {die} die{which}"


def stands(s: S, roll: int, scatter: bool = False) -> bool:
    """Whether a D66 result applies, or is rolled again: a result naming a destroyed area
    (WM-GAP-01), a scattered unit's x6 that the scattering effect does not keep (``16`` in
    the data: research 3.2, "re-roll any further x6 except 16")."""
    table = s.data.teleport
    result = table[roll]
    if result.area is not None:
        return result.area not in s.destroyed
    return not scatter or roll in _scatter_keeps(table)


def _scatter_keeps(table: TeleportTable) -> frozenset[int]:
    """The x6 results a scattered unit keeps: those of the scattering effects."""
    return frozenset().union(
        *(e.scatter_keeps for e in table.effects.values() if e.outcome == "scatter")
    )


def land(
    s: S, side: str, units: tuple[str, ...], roll: int, scatter: bool = False, rolls: int = 1
) -> S:
    """Finish the teleporting step on top of ``s`` and apply a D66 result of the Teleportation
    Table to its body (``rolls``: the D66 rolls a further teleport of this phase makes, for a
    scatter)."""
    if not stands(s, roll, scatter):
        return s.pop(Teleport(side, units, None, scatter, rolls))
    result = s.data.teleport[roll]
    if result.area is not None:
        return s.move_counters([(u, result.area) for u in units], tasks=s.popped())
    effect = result.effect
    assert effect is not None
    steps: list[Task] = []
    for u in units:
        threshold = effect.loss_threshold(s.spec(u).has_reroll)
        if threshold > 0:
            steps.append(LossRoll(u, threshold))
    steps.append(EffectOutcome(side, units, effect.id, rolls))
    return s.pop(*steps)


@saved("warmaster/loss-roll")
@attrs.frozen
class LossRoll(DieRoll):
    """A unit rolls a D6 and is destroyed on ``threshold`` or less (teleport mishaps, Traps).
    Re-roll abilities never apply (WM-REROLL-07)."""

    unit: str
    threshold: int
    rule: ClassVar[str] = "WM-REROLL-07"

    def actor(self, s: S) -> Player | None:
        if self.unit == UNKNOWN:  # a view: a hidden counter rolls, as the real state has it
            return CHANCE
        return None if s.location(self.unit) == DEAD else CHANCE

    def run(self, s: S) -> S:
        return s.pop()

    def rolled(self, s: S, value: int) -> S:
        s = s.pop()
        return s.kill((self.unit,)) if value <= self.threshold else s


@saved("warmaster/effect-outcome")
@attrs.frozen
class EffectOutcome(Task):
    """What becomes of a body's survivors after a mishap: reserve, scatter or arrival."""

    side: str
    units: tuple[str, ...]
    effect: str
    rolls: int = 1
    rule: ClassVar[str] = "WM-TELEPORT-02"

    def run(self, s: S) -> S:
        effect = s.data.teleport.effects[self.effect]
        alive = tuple(u for u in self.units if s.location(u) != DEAD)
        if not alive:
            return s.pop()
        if effect.outcome == "reserve":
            if self.side == TRAITOR and s.data.teleport.traitor_reserve == "cup":
                s = s.move_counters([(u, CUP) for u in alive])
                return s.evolve(cup=s.cup.add(*(s.spec(u).id for u in alive))).pop()
            bodies = (alive,) if self.side == IMPERIAL else tuple((u,) for u in alive)
            s = s.move_counters([(u, RESERVE) for u in alive])
            return s.evolve(reserve=s.reserve + bodies).pop()
        if effect.outcome == "scatter":
            return s.pop(*(Teleport(self.side, (u,), None, True, self.rolls) for u in alive))
        return s.pop(ArriveChoice(self.side, alive, self.effect))


@saved("warmaster/arrive-choice")
@attrs.frozen
class ArriveChoice(Task):
    """A player picks where a teleporting body arrives: the teleporting side or its opponent
    as the effect says, never a destroyed area, inside the effect's sections, and away from
    the arriving side's units if the effect says so."""

    side: str
    units: tuple[str, ...]
    effect: str
    rule: ClassVar[str] = "WM-TELEPORT-02"

    def chooser(self, s: S) -> str:
        effect = s.data.teleport.effects[self.effect]
        return self.side if effect.chooser == "owner" else _other(self.side)

    def options(self, s: S) -> tuple[str, ...]:
        effect = s.data.teleport.effects[self.effect]
        out = []
        for area in s.data.board.ids:
            if area in s.destroyed:
                continue
            if effect.sections and not any(
                [area in s.data.section_areas(n) for n in effect.sections]
            ):
                continue
            if effect.not_with_own_units and s.count(area, self.side):
                continue
            out.append(area)
        return tuple(out)

    def actor(self, s: S) -> Player | None:
        return self.chooser(s) if self.options(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple([act.Arrive(a) for a in self.options(s)])

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Arrive)
        return s.move_counters([(u, action.area) for u in self.units]).pop()

    def run(self, s: S) -> S:
        # Nowhere to arrive: the body is sent back to reserve (an engine reading).
        s = s.move_counters([(u, RESERVE) for u in self.units])
        return s.evolve(reserve=(*s.reserve, self.units)).pop()


# The special rules' tasks import this module's: imported once it is complete, named at run time.
from wargames.warmaster import specials  # noqa: E402

__all__ = [
    "D6",
    "FromReserve",
    "ImperialReinforcements",
    "PickResult",
    "Teleport",
    "TraitorReinforcements",
    "land",
    "stands",
    "teleport_rolls",
    "teleportarium_held",
]
