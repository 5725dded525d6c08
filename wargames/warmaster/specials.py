"""Area control and the designer's other routes to victory, as reconstructed in
``data/specials.toml`` (research 3.1, 3.5; the rulebook's special rules are missing,
WM-GAP-05): reactor sabotage, the fleet's lasers once the Imperial player holds the Defensive
Screens, destroyed areas, the optional warp instability, and the ship breaking up.

* **Area control** (specials ``control``, research 3.1): at the end of every Battle phase,
  either side's, a side alone with units in an area (face-down counters count, as for the
  Bridge, WM-GAP-08) takes control of it; an area where both or neither side have units stays
  with its controller. ``initial`` controls every area at the start; nobody controls a
  destroyed area (:attr:`~wargames.warmaster.state.WarmasterState.control`). It is what the
  Teleportarium's advantage needs (:mod:`wargames.warmaster.teleport`). It is not the Bridge
  control of WM-BRIDGE-02 to -04 (a unit on the Bridge as the turn begins), nor the capture of
  the Defensive Screens or a reactor, which need the side alone there at the end of *its own*
  Battle phase, the same test made at the same moment (research 3.5.1, 3.5.2).
* **Reactor sabotage** (scenario option ``reactor_sabotage``): at the end of the saboteur's
  Battle phase, his units alone in an intact reactor area may detonate it. The reactor is
  destroyed, each adjacent intact area on a D6 of ``adjacent_destroyed_from`` or more. Once
  every reactor is gone nobody has the Bridge's movement bonus and the Defensive Screens count
  as taken.
* **Fleet lasers** (scenario option ``fleet_lasers``): the Imperial player takes the Defensive
  Screens by being alone there at the end of his Battle phase. From his next turn each of his
  Reinforcements phases fires ``shots`` laser shots: the first hit of a turn destroys an intact
  hull area he picks (while one is left), every other hit the area of a D66 roll (a units die
  in ``reroll_units`` rolled again; an area already destroyed is a miss).
* **Destroyed areas**: every counter in the area is turned face up (Traps and Ambushes are
  simply removed), each unit rolls a D6 and dies on ``loss_on`` or less, and the opposing
  player moves each survivor to an adjacent intact area (none: it dies). A destroyed area is
  never entered again (WM-MOVE-03, WM-RETREAT-03); a destroyed Bridge ends Bridge control
  (WM-BRIDGE-07).
* **Warp instability** (scenario option or game option ``warp_instability``, off in the
  boarding scenario; research 3.5.3): from turn ``from_turn``, as each turn begins (after
  Bridge control), a D6 of ``turn - turn_offset`` or less destroys the area of a D66 roll (a
  units die in ``reroll_units`` rolled again, both dice, as for the lasers; an area already
  destroyed: nothing happens).
* **Ship break-up**: after ``laser_hits`` hits, or once the Bridge and a reactor are
  destroyed (by any means), the ship breaks up: ``winner`` wins, unless the Emperor is aboard
  and fails a D6 roll of ``emperor_escape_from``, which gives ``failed_escape``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.warmaster import actions as act
from wargames.warmaster.data import EMPEROR, IMPERIAL, TRAITOR, WarmasterData
from wargames.warmaster.flow import DieRoll, Phase, Task
from wargames.warmaster.state import DEAD
from wargames.warmaster.teleport import LossRoll

if TYPE_CHECKING:
    from wargames.warmaster.state import WarmasterState as S


def _other(side: str) -> str:
    return TRAITOR if side == IMPERIAL else IMPERIAL


# -- area control ------------------------------------------------------------------------------


def initial_control(data: WarmasterData) -> frozenset[str]:
    """The areas the Imperial player controls at the start (specials ``control``)."""
    return frozenset(data.board.ids) if data.specials.control.initial == IMPERIAL else frozenset()


def alone(s: S, area: str, side: str) -> bool:
    """Whether ``side`` alone has counters in ``area`` (face-down ones, and unidentified backs
    in a view, included)."""
    return area in s.occupied(side) and area not in s.occupied(_other(side))


def take_control(s: S) -> S:
    """Area control at the end of a Battle phase: each side takes the areas it alone holds
    (research 3.1)."""
    control = control_after_battle(s)
    return s if control == s.control else s.evolve(control=control)


def control_after_battle(s: S) -> frozenset[str]:
    """The areas the Imperial player controls once each side takes the areas it alone holds
    (research 3.1)."""
    imperial, traitor = s.occupied(IMPERIAL), s.occupied(TRAITOR)
    return (s.control | (imperial - traitor)) - (traitor - imperial)


# -- end of a Battle phase ---------------------------------------------------------------------


@saved("warmaster/end-of-battle")
@attrs.frozen
class EndOfBattle(Task):
    """After a side's Battle phase: area control, the Defensive Screens taken, the reactors
    offered."""

    side: str

    def run(self, s: S) -> S:
        changes: dict[str, Any] = {}
        control = control_after_battle(s)
        if control != s.control:
            changes["control"] = control
        lasers = s.data.specials.fleet_lasers
        if (
            s.setup.fleet_lasers
            and self.side == lasers.side
            and s.screens is None
            and alone(s, s.data.defensive_screens, self.side)
        ):
            changes["screens"] = s.turn
        sabotage = s.data.specials.reactor_sabotage
        if s.setup.reactor_sabotage and self.side == sabotage.side:
            return s.pop(Sabotage(self.side), **changes)
        return s.pop(**changes)


def sabotage_targets(s: S, side: str) -> tuple[str, ...]:
    """Intact reactor areas where ``side`` alone has units."""
    return tuple(r for r in s.data.reactors if r not in s.destroyed and alone(s, r, side))


@saved("warmaster/sabotage")
@attrs.frozen
class Sabotage(Task):
    """The saboteur may detonate any reactor his units alone hold, one at a time."""

    side: str
    rule: ClassVar[str] = "WM-GAP-05"

    def actor(self, s: S) -> Player | None:
        return self.side if sabotage_targets(s, self.side) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        targets = sabotage_targets(s, self.side)
        return (*(act.Detonate(r) for r in targets), act.Pass("sabotage"))

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.Detonate):
            rule = s.data.specials.reactor_sabotage
            around = [a for a in s.data.board.neighbours(action.area) if a not in s.destroyed]
            return s.push(
                *destroy_area(action.area),
                *(Blast(a, rule.adjacent_destroyed_from) for a in around),
                AllReactors(),
                Breakup(),
            )
        return s.pop()

    def run(self, s: S) -> S:
        return s.pop()


@saved("warmaster/blast")
@attrs.frozen
class Blast(DieRoll):
    """An area next to a detonated reactor is destroyed on ``at_least`` or more."""

    area: str
    at_least: int

    def actor(self, s: S) -> Player | None:
        return None if self.area in s.destroyed else super().actor(s)

    def run(self, s: S) -> S:
        return s.pop()

    def rolled(self, s: S, value: int) -> S:
        return s.pop(*destroy_area(self.area)) if value >= self.at_least else s.pop()


@saved("warmaster/all-reactors")
@attrs.frozen
class AllReactors(Task):
    """Once every reactor is destroyed the Defensive Screens count as taken."""

    def run(self, s: S) -> S:
        rule = s.data.specials.reactor_sabotage
        gone = all(r in s.destroyed for r in s.data.reactors)
        if gone and rule.all_reactors_capture_screens and s.screens is None:
            s = s.evolve(screens=s.turn)
        return s.pop()


# -- the fleet's lasers ------------------------------------------------------------------------


def laser_tasks(s: S) -> tuple[Task, ...]:
    """The shots of an Imperial Reinforcements phase, if the lasers fire this turn."""
    lasers = s.data.specials.fleet_lasers
    if not s.setup.fleet_lasers or s.screens is None or s.turn <= s.screens:
        return ()
    return tuple(LaserShot(n == 0) for n in range(lasers.shots))


@saved("warmaster/laser-shot")
@attrs.frozen
class LaserShot(DieRoll):
    """One shot: a D66 roll, tens then units; the first hit of a turn goes to a hull area."""

    first: bool
    tens: int | None = None

    def hull(self, s: S) -> tuple[str, ...]:
        lasers = s.data.specials.fleet_lasers
        if not (self.first and lasers.hull_first):
            return ()
        return tuple(a for a in s.data.hull if a not in s.destroyed)

    def actor(self, s: S) -> Player | None:
        if self.hull(s):
            return s.data.specials.fleet_lasers.side
        return super().actor(s)

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple(act.Fire(a) for a in self.hull(s))

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.Fire):
            return hit(s.pop(), action.area)
        return super().act(s, action)

    def rolled(self, s: S, value: int) -> S:
        if self.tens is None:
            return s.pop(LaserShot(self.first, value))
        if value in s.data.specials.fleet_lasers.reroll_units:
            return s.pop(LaserShot(self.first))
        area = f"{self.tens}{value}"  # area ids are D66 results
        s = s.pop()
        if area not in s.data.board or area in s.destroyed:
            return s
        return hit(s, area)


def hit(s: S, area: str) -> S:
    """A laser hit destroys ``area``; the ship may break up."""
    return s.evolve(laser_hits=s.laser_hits + 1).push(*destroy_area(area), Breakup())


# -- destroyed areas ---------------------------------------------------------------------------


def destroy_area(area: str) -> tuple[Task, ...]:
    """The steps of destroying ``area``."""
    return (Collapse(area), Survivors(area), Destroyed(area))


@saved("warmaster/collapse")
@attrs.frozen
class Collapse(Task):
    """Every counter in a destroyed area is turned face up; Traps and Ambushes are removed;
    each unit rolls a D6 and dies on ``loss_on`` or less."""

    area: str

    def run(self, s: S) -> S:
        here = [c for side in (IMPERIAL, TRAITOR) for c in s.units(self.area, side)]
        markers = [c for c in here if not s.spec(c).fights]
        s = s.move_counters([(c, DEAD) for c in markers])
        s = s.evolve(face_down=s.face_down - set(here))
        threshold = s.data.specials.area_destruction.loss_on
        units = [c for c in here if c not in markers]
        return s.pop(*(LossRoll(c, threshold) for c in units))


@saved("warmaster/survivors")
@attrs.frozen
class Survivors(Task):
    """The opposing player moves each survivor to an adjacent intact area where its side has
    room (the stacking limit, as for retreats: an engine reading); a survivor with none is
    destroyed."""

    area: str

    def _next(self, s: S) -> str | None:
        here = [c for side in (IMPERIAL, TRAITOR) for c in s.units(self.area, side)]
        return here[0] if here else None

    def options(self, s: S, unit: str) -> tuple[str, ...]:
        side = s.side_of(unit)
        limit = s.data.stack_limit
        return tuple(
            a
            for a in s.data.board.neighbours(self.area)
            if a not in s.destroyed and s.count(a, side) < limit
        )

    def chooser(self, s: S, unit: str) -> str:
        side = s.side_of(unit)
        return (
            _other(side)
            if s.data.specials.area_destruction.survivors_moved_by == "opponent"
            else side
        )

    def actor(self, s: S) -> Player | None:
        unit = self._next(s)
        if unit is None or not self.options(s, unit):
            return None
        return self.chooser(s, unit)

    def legal(self, s: S) -> tuple[Action, ...]:
        unit = self._next(s)
        assert unit is not None
        return tuple(act.Displace(unit, a) for a in self.options(s, unit))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Displace)
        return s.move_counter(action.unit, action.area)

    def run(self, s: S) -> S:
        unit = self._next(s)
        if unit is None:
            return s.pop()
        return s.kill((unit,))


@saved("warmaster/destroyed")
@attrs.frozen
class Destroyed(Task):
    """The area is destroyed for good; nobody controls it any more."""

    area: str

    def run(self, s: S) -> S:
        return s.pop(destroyed=s.destroyed | {self.area}, control=s.control - {self.area})


# -- warp instability --------------------------------------------------------------------------

START = "start-of-turn"
"""The phase name while the turn's warp instability is rolled (before the Imperial
Reinforcements phase)."""


def warp_tasks(s: S) -> tuple[Task, ...]:
    """The start-of-turn warp instability roll, if the option is on and ``s.turn`` is late
    enough (research 3.5.3)."""
    rule = s.data.specials.warp_instability
    if not s.warp_instability or rule.threshold(s.turn) <= 0:
        return ()
    return (Phase(START), WarpRoll())


@saved("warmaster/warp-roll")
@attrs.frozen
class WarpRoll(DieRoll):
    """A D6: on ``turn - turn_offset`` or less an area rolled on a D66 is destroyed."""

    rule: ClassVar[str] = "WM-GAP-05"

    def rolled(self, s: S, value: int) -> S:
        if value <= s.data.specials.warp_instability.threshold(s.turn):
            return s.pop(WarpArea())
        return s.pop()

    def describe(self, s: S) -> str:
        threshold = s.data.specials.warp_instability.threshold(s.turn)
        return f"warp instability: an area is destroyed on {threshold} or less"


@saved("warmaster/warp-area")
@attrs.frozen
class WarpArea(DieRoll):
    """The D66 of the area the warp destroys, tens then units; a units die in
    ``reroll_units`` has both dice rolled again (as for the lasers). An area already
    destroyed: nothing more happens."""

    tens: int | None = None
    rule: ClassVar[str] = "WM-GAP-05"

    def rolled(self, s: S, value: int) -> S:
        if self.tens is None:
            return s.pop(WarpArea(value))
        if value in s.data.specials.warp_instability.reroll_units:
            return s.pop(WarpArea())
        area = f"{self.tens}{value}"  # area ids are D66 results
        s = s.pop()
        if area not in s.data.board or area in s.destroyed:
            return s
        return s.push(*destroy_area(area), Breakup())

    def describe(self, s: S) -> str:
        return f"warp instability: the area's {'tens' if self.tens is None else 'units'} die"


# -- the end of the ship -----------------------------------------------------------------------


def breaking_up(s: S) -> bool:
    rule = s.data.specials.ship_breakup
    if s.laser_hits >= rule.laser_hits:
        return True
    return (
        rule.bridge_and_reactor
        and s.data.bridge in s.destroyed
        and any(r in s.destroyed for r in s.data.reactors)
    )


@saved("warmaster/breakup")
@attrs.frozen
class Breakup(Task):
    """The ship breaks up: its winner wins, unless the Emperor, aboard, fails to teleport
    clear."""

    def run(self, s: S) -> S:
        if not breaking_up(s):
            return s.pop()
        rule = s.data.specials.ship_breakup
        if s.aboard(EMPEROR):
            return s.pop(Escape())
        return _outcome(s, rule.winner, "the Warmaster's ship breaks up")


@saved("warmaster/escape")
@attrs.frozen
class Escape(DieRoll):
    """The Emperor teleports clear of the breaking ship on a D6 of ``emperor_escape_from``."""

    def rolled(self, s: S, value: int) -> S:
        rule = s.data.specials.ship_breakup
        if value >= rule.emperor_escape_from:
            return _outcome(s, rule.winner, "the ship breaks up; the Emperor teleports clear")
        return _outcome(s, rule.failed_escape, "the ship breaks up with the Emperor still aboard")


def _outcome(s: S, winner: str, reason: str) -> S:
    return s.end(None if winner == "draw" else winner, reason)


__all__ = [
    "START",
    "EndOfBattle",
    "alone",
    "initial_control",
    "laser_tasks",
    "sabotage_targets",
    "take_control",
    "warp_tasks",
]
