"""Reinforcements phases: teleports on the Teleportation Table and the Traitor's cup.

Every teleport is one D66 roll, made as two chance nodes, the tens die then the units die
(WM-TELEPORT-02, -03): a whole Imperial group as one body (WM-REINF-03), an Imperial Guard
unit or a Traitor reinforcement alone (WM-REINF-04, -08). A result naming a destroyed area is
rolled again (WM-GAP-01). The x6 results are the mishaps of the data
(:class:`~wargames.warmaster.data.TeleportEffect`): loss rolls, back to reserve, scatter, or an
arrival area chosen by a player. The Traitor rolls a D6 for how many reinforcements he gets
(WM-REINF-06) and draws each at random from the cup, a chance node over the counter types
left (WM-REINF-07, -10); they arrive face up (WM-REINF-09).

Not implemented (reconstructed specials of research 3.2): the Teleportarium's double roll and
direct arrival, and the ``"shift"`` reading of a destroyed-area result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.core.dice import d66
from wargames.core.engine import CHANCE, Action, Player
from wargames.core.notation import D6_OUTCOMES as D6
from wargames.warmaster import actions as act
from wargames.warmaster.data import IMPERIAL, TRAITOR
from wargames.warmaster.flow import DieRoll, Task

if TYPE_CHECKING:
    from wargames.warmaster.state import WarmasterState as S


def _other(side: str) -> str:
    return TRAITOR if side == IMPERIAL else IMPERIAL


@attrs.frozen
class ImperialReinforcements(Task):
    """Imperial Reinforcements phase: the fleet's laser shots once the Defensive Screens are
    taken (:mod:`wargames.warmaster.specials`), units back from reserve, then the turn's wave:
    the groups on turn 1 in the order formed, the Emperor's first; on turn 2 the Imperial
    Guard, each alone (WM-SEQ-03, WM-REINF-01 to -05)."""

    rule: ClassVar[str] = "WM-REINF-01"

    def run(self, s: S) -> S:
        from wargames.warmaster.specials import laser_tasks

        lasers = laser_tasks(s)
        bodies = [b for b in s.reserve if s.side_of(b[0]) == IMPERIAL]
        s = s.evolve(reserve=tuple(b for b in s.reserve if s.side_of(b[0]) != IMPERIAL))
        wave = s.setup.wave(s.turn)
        if wave is not None:
            if wave.teleport == "groups":
                bodies += list(s.groups)
                s = s.evolve(groups=())
            else:
                bodies += [(u,) for u in s.setup.wave_units(wave, s.data)]
        return s.pop(*lasers, *(Teleport(IMPERIAL, body) for body in bodies))


@attrs.frozen
class TraitorReinforcements(Task):
    """Traitor Reinforcements phase: units back from reserve teleport again, then a D6 for the
    number drawn from the cup (WM-SEQ-06, WM-REINF-06 to -10)."""

    rule: ClassVar[str] = "WM-REINF-06"

    def run(self, s: S) -> S:
        bodies = [b for b in s.reserve if s.side_of(b[0]) == TRAITOR]
        s = s.evolve(reserve=tuple(b for b in s.reserve if s.side_of(b[0]) != TRAITOR))
        steps: list[Task] = [Teleport(TRAITOR, (u,)) for b in bodies for u in b]
        steps.append(ReinforcementRoll())
        return s.pop(*steps)


@attrs.frozen
class ReinforcementRoll(DieRoll):
    """1-2: one unit, 3-4: two, 5-6: three (WM-REINF-06)."""

    rule: ClassVar[str] = "WM-REINF-06"

    def rolled(self, s: S, value: int) -> S:
        return s.pop(CupDraw(s.data.traitor_reinforcements[value]))


@attrs.frozen
class CupDraw(Task):
    """Draw one counter at random from the cup and teleport it alone; ``left`` draws to go.
    An empty cup gives nothing (WM-REINF-07, -08, -10, WM-GAP-18)."""

    left: int
    rule: ClassVar[str] = "WM-REINF-07"

    def actor(self, s: S) -> Player | None:
        return CHANCE if self.left > 0 and len(s.cup) else None

    def chance(self, s: S) -> tuple[tuple[Action, float], ...]:
        return tuple((act.Draw(kind), p) for kind, p in s.cup.draw_outcomes())

    def act(self, s: S, action: Action) -> S:
        from wargames.warmaster.state import CUP, WARP

        assert isinstance(action, act.Draw)
        unit = next(c for c in s.in_box(CUP) if s.spec(c).id == action.kind)
        s = s.move_counters([(unit, WARP)]).evolve(cup=s.cup.remove(action.kind))
        return s.pop(Teleport(TRAITOR, (unit,)), CupDraw(self.left - 1))

    def run(self, s: S) -> S:
        return s.pop()


@attrs.frozen
class Teleport(DieRoll):
    """One D66 roll for a body of units: the tens die, then the units die (WM-TELEPORT-03).
    ``scatter``: a unit scattered by a mishap, whose further x6 results are rolled again
    unless the effect keeps them."""

    side: str
    units: tuple[str, ...]
    tens: int | None = None
    scatter: bool = False
    rule: ClassVar[str] = "WM-TELEPORT-02"

    def rolled(self, s: S, value: int) -> S:
        if self.tens is None:
            return s.pop(Teleport(self.side, self.units, value, self.scatter))
        return land(s.pop(), self.side, self.units, d66(self.tens, value), self.scatter)

    def describe(self, s: S) -> str:
        die = "tens" if self.tens is None else "units"
        return f"teleport {' '.join(self.units)}: {die} die"


def land(s: S, side: str, units: tuple[str, ...], roll: int, scatter: bool = False) -> S:
    """Apply a D66 result of the Teleportation Table to a teleporting body."""
    table = s.data.teleport
    result = table[roll]
    if result.area is not None:
        if result.area in s.destroyed:
            return s.push(Teleport(side, units, None, scatter))  # WM-GAP-01: roll again
        return s.move_counters([(u, result.area) for u in units])
    effect = result.effect
    assert effect is not None
    if scatter and roll not in effect.scatter_keeps:
        return s.push(Teleport(side, units, None, True))
    steps: list[Task] = []
    for u in units:
        threshold = effect.loss_threshold(s.spec(u).has_reroll)
        if threshold > 0:
            steps.append(LossRoll(u, threshold))
    steps.append(EffectOutcome(side, units, effect.id))
    return s.push(*steps)


@attrs.frozen
class LossRoll(DieRoll):
    """A unit rolls a D6 and is destroyed on ``threshold`` or less (teleport mishaps, Traps).
    Re-roll abilities never apply (WM-REROLL-07)."""

    unit: str
    threshold: int
    rule: ClassVar[str] = "WM-REROLL-07"

    def actor(self, s: S) -> Player | None:
        from wargames.warmaster.state import DEAD

        return None if s.location(self.unit) == DEAD else CHANCE

    def run(self, s: S) -> S:
        return s.pop()

    def rolled(self, s: S, value: int) -> S:
        s = s.pop()
        return s.kill((self.unit,)) if value <= self.threshold else s


@attrs.frozen
class EffectOutcome(Task):
    """What becomes of a body's survivors after a mishap: reserve, scatter or arrival."""

    side: str
    units: tuple[str, ...]
    effect: str
    rule: ClassVar[str] = "WM-TELEPORT-02"

    def run(self, s: S) -> S:
        from wargames.warmaster.state import CUP, DEAD, RESERVE

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
            return s.pop(*(Teleport(self.side, (u,), None, True) for u in alive))
        return s.pop(ArriveChoice(self.side, alive, self.effect))


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
                area in s.data.section_areas(n) for n in effect.sections
            ):
                continue
            if effect.not_with_own_units and s.count(area, self.side):
                continue
            out.append(area)
        return tuple(out)

    def actor(self, s: S) -> Player | None:
        return self.chooser(s) if self.options(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple(act.Arrive(a) for a in self.options(s))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Arrive)
        return s.move_counters([(u, action.area) for u in self.units]).pop()

    def run(self, s: S) -> S:
        # Nowhere to arrive: the body is sent back to reserve (an engine reading).
        from wargames.warmaster.state import RESERVE

        s = s.move_counters([(u, RESERVE) for u in self.units])
        return s.evolve(reserve=(*s.reserve, self.units)).pop()


__all__ = ["D6", "ImperialReinforcements", "Teleport", "TraitorReinforcements", "land"]
