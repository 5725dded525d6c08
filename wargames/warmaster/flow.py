"""The sequence of play as tasks: the secret Traitor set-up, the Imperial groups, the six
phases of a turn, Bridge control, the optional turn cap and the optional warp instability.

A *task* is one pending step of the sequence. The state keeps them on a stack; the top task
says who decides (or that dice are rolled) and what may be done. Automatic tasks (Bridge
control, the start of a phase) run as soon as they reach the top.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, filterfalse
from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.core import tasks
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation
from wargames.warmaster import actions as act
from wargames.warmaster.data import IMPERIAL, TRAITOR, WarmasterData
from wargames.warmaster.state import UNPLACED, manifest

if TYPE_CHECKING:
    from wargames.warmaster.scenario import Setup
    from wargames.warmaster.state import WarmasterState as S


class Task(tasks.Task["S"]):
    """One pending step of The Warmaster; subclasses are frozen attrs classes."""

    rule: ClassVar[str] = "WM-SEQ-02"
    sequence_rule: ClassVar[str] = "WM-SEQ-02"


class DieRoll(tasks.DieRoll["S"], Task):
    """A step that waits for one D6; subclasses say what the value does in :meth:`rolled`."""


# -- set-up ------------------------------------------------------------------------------------

PLACINGS_CACHE = 256
"""Data sets times counters whose placings :func:`_placings` keeps (the shipped data has
some twenty face-down starting units)."""


@lru_cache(maxsize=PLACINGS_CACHE)
def _placings(data: WarmasterData, unit: str) -> dict[str, act.Place]:
    """Area -> ``unit`` placed there, for each area of the ship (WM-SETUP-02)."""
    return {a: act.Place(unit, a) for a in data.board.ids}


@saved("warmaster/place-face-down")
@attrs.frozen
class PlaceFaceDown(Task):
    """The Traitor sets up his starting units face down, one decision per unit, never two in
    one area (WM-SETUP-01, -02, WM-GAP-13). The units come in manifest order."""

    rule: ClassVar[str] = "WM-SETUP-02"

    def next_unit(self, s: S) -> str | None:
        waiting = s.in_box(UNPLACED)
        return waiting[0] if waiting else None

    def actor(self, s: S) -> Player | None:
        return TRAITOR if self.next_unit(s) is not None else None

    def legal(self, s: S) -> tuple[Action, ...]:
        unit = self.next_unit(s)
        if unit is None:  # the Imperial player's view: the units waiting are hidden from him
            return ()
        barred = s.destroyed.union(map(s.location, s.face_down))
        placings = _placings(s.data, unit)
        return tuple(map(placings.__getitem__, filterfalse(barred.__contains__, s.data.board.ids)))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Place)
        return s.move_counter(action.counter, action.area, face_down=s.face_down | {action.counter})

    def run(self, s: S) -> S:
        return s.pop()


@saved("warmaster/form-groups")
@attrs.frozen
class FormGroups(Task):
    """The Imperial player makes up his turn-1 groups of three from the wave's units, one
    decision per group, the Emperor's group first; the groups teleport in the order formed
    (WM-SETUP-05, WM-REINF-02). The last group is what is left."""

    rule: ClassVar[str] = "WM-SETUP-05"

    def _wave(self, s: S) -> tuple[int, int, str | None, tuple[str, ...]]:
        count, size, first, units = _group_wave(s.setup, s.data)
        grouped = {u for g in s.groups for u in g}
        left = tuple([u for u in units if u not in grouped])
        return count, size, first, left

    def actor(self, s: S) -> Player | None:
        count, _, _, left = self._wave(s)
        return IMPERIAL if len(s.groups) < count - 1 and left else None

    def legal(self, s: S) -> tuple[Action, ...]:
        _, size, first, left = self._wave(s)
        must = first if not s.groups and first is not None else None
        return _groups(s.data, left, size, must)

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Group)
        return s.evolve(groups=(*s.groups, action.units))

    def explain(self, s: S, action: Action) -> RuleViolation:
        """Name the rule a refused group breaks: the Imperial Guard are put aside for turn 2
        (WM-SETUP-04), a group is exactly ``size`` units not yet grouped (WM-SETUP-05), the
        first group holds the Emperor (WM-REINF-02)."""
        if isinstance(action, act.Group) and self.actor(s) is not None:
            _, size, first, left = self._wave(s)
            grouped = {u for g in s.groups for u in g}
            taken = [u for u in action.units if u in grouped]
            if taken:
                return RuleViolation("WM-SETUP-05", f"{', '.join(taken)} already in a group")
            aside = [u for u in action.units if u in s.manifest.index and u not in left]
            if aside:
                return RuleViolation(
                    "WM-SETUP-04", f"{', '.join(aside)} do not teleport with the turn-1 groups"
                )
            if len(action.units) != size or len(set(action.units)) != size:
                return RuleViolation("WM-SETUP-05", f"a group is exactly {size} different units")
            if not s.groups and first is not None and first not in action.units:
                return RuleViolation(
                    "WM-REINF-02", f"the first group holds {first}: it teleports first"
                )
            kinds = sorted(s.spec(u).id for u in action.units if u in s.manifest.index)
            for group in self.legal(s):
                assert isinstance(group, act.Group)
                if sorted(s.spec(u).id for u in group.units) == kinds:
                    return RuleViolation(
                        "WM-SETUP-05", f"identical counters are grouped as: {group}"
                    )
        return super().explain(s, action)

    def run(self, s: S) -> S:
        _, _, _, left = self._wave(s)
        if left:
            s = s.evolve(groups=(*s.groups, left))
        return s.pop()


GROUPS_CACHE = 256
"""Group choices :func:`_groups` keeps (by the units left to group): a set-up offers a few
dozen in all, the same in every game."""


@lru_cache(maxsize=GROUPS_CACHE)
def _group_wave(setup: Setup, data: WarmasterData) -> tuple[int, int, str | None, tuple[str, ...]]:
    """The set-up's group wave: how many groups of how many units, the unit of the first
    group, and the wave's units (WM-SETUP-05, WM-REINF-02); no groups without one."""
    wave = next((w for w in setup.imperial if w.teleport == "groups"), None)
    if wave is None:
        return 0, 0, None, ()
    return wave.groups, wave.group_size, wave.first, setup.wave_units(wave, data)


@lru_cache(maxsize=GROUPS_CACHE)
def _groups(
    data: WarmasterData, left: tuple[str, ...], size: int, must: str | None
) -> tuple[act.Group, ...]:
    """Every group of ``size`` of the units ``left`` (holding ``must``), one of each make-up
    of identical counters (WM-SETUP-05)."""
    kind = dict(zip(manifest(data).ids, (spec.id for spec in manifest(data).specs), strict=True))
    seen: set[tuple[str, ...]] = set()
    out: list[act.Group] = []
    for combo in combinations(left, size):
        if must is not None and must not in combo:
            continue
        kinds = tuple(sorted([kind[u] for u in combo]))
        if kinds in seen:
            continue  # identical counters: one group of each make-up
        seen.add(kinds)
        out.append(act.Group(combo))
    return tuple(out)


# -- the turn ----------------------------------------------------------------------------------

PHASES = (
    "imperial-reinforcements",
    "imperial-movement",
    "imperial-battle",
    "traitor-reinforcements",
    "traitor-movement",
    "traitor-battle",
)
"""The six phases of a turn, in order (WM-SEQ-01)."""


@saved("warmaster/begin-turn")
@attrs.frozen
class BeginTurn(Task):
    """A new turn: the turn cap (if any), Bridge control (WM-BRIDGE-02 to -04), the optional
    warp instability (specials ``warp_instability``, WM-GAP-05), then the six phases in order
    (WM-SEQ-01)."""

    rule: ClassVar[str] = "WM-SEQ-01"

    def run(self, s: S) -> S:
        turn = s.turn + 1
        if s.turn_cap is not None and turn > s.turn_cap:
            winner = s.setup.cap_winner
            return s.end(
                None if winner == "draw" else winner,
                f"the turn cap ({s.turn_cap} turns) is reached with the Emperor and Horus alive",
            )
        s = s.evolve(turn=turn, bridge=bridge_control(s))
        return s.pop(*specials.warp_tasks(s), *phase_tasks(), BeginTurn())


def phase_tasks() -> tuple[Task, ...]:
    """The six phases of a turn as tasks, in order (WM-SEQ-01)."""
    return (
        Phase(PHASES[0]),
        teleport.ImperialReinforcements(),
        Phase(PHASES[1]),
        movement.MovementPhase(IMPERIAL),
        Phase(PHASES[2]),
        battle.BattlePhase(IMPERIAL),
        specials.EndOfBattle(IMPERIAL),
        Phase(PHASES[3]),
        teleport.TraitorReinforcements(),
        Phase(PHASES[4]),
        movement.MovementPhase(TRAITOR),
        Phase(PHASES[5]),
        battle.BattlePhase(TRAITOR),
        specials.EndOfBattle(TRAITOR),
    )


def bridge_control(s: S) -> str | None:
    """Who controls the Bridge as the turn begins: the side alone with a unit (face-down ones
    count) on it; an empty or shared Bridge stays with its holder; nobody once the Bridge is
    destroyed (WM-BRIDGE-02, -04, -07, WM-GAP-08)."""
    bridge = s.data.bridge
    if bridge in s.destroyed:
        return None
    imperial = bridge in s.occupied(IMPERIAL)
    traitor = bridge in s.occupied(TRAITOR)
    if imperial and not traitor:
        return IMPERIAL
    if traitor and not imperial:
        return TRAITOR
    return s.bridge


@saved("warmaster/phase")
@attrs.frozen
class Phase(Task):
    """A phase begins (WM-SEQ-02): per-phase records are cleared."""

    name: str

    def run(self, s: S) -> S:
        return s.pop(phase=self.name, moved=frozenset(), retreated=frozenset(), fought=frozenset())


def new_game_tasks() -> tuple[Task, ...]:
    """The tasks of a new game, in order: the Traitor set-up, the Imperial groups, turn 1."""
    return (PlaceFaceDown(), FormGroups(), BeginTurn())


# The phases are tasks built on this module's (they import it): their modules are imported once
# this one is complete, and named at run time (not inside the functions: an import there costs
# more than half a microsecond at every call).
from wargames.warmaster import battle, movement, specials, teleport  # noqa: E402

__all__ = ["PHASES", "DieRoll", "Task", "new_game_tasks", "phase_tasks"]
