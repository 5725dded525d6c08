"""Invariants every Warmaster state keeps (checked by the conformance kit)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from wargames.core.counters import Placement
from wargames.core.typecheck import unknown_names
from wargames.warmaster.data import HORUS, IMPERIAL, SIDES, TRAITOR

if TYPE_CHECKING:
    from wargames.warmaster.state import WarmasterState as S

BOXES = frozenset({"@unplaced", "@cup", "@pool", "@warp", "@reserve", "@dead", "@out", "@hidden"})

STACKS_CHECKED = {
    "start-of-turn": SIDES,
    "imperial-reinforcements": (TRAITOR,),
    "imperial-movement": (TRAITOR,),
    "imperial-battle": SIDES,
    "traitor-reinforcements": (IMPERIAL,),
    "traitor-movement": (IMPERIAL,),
    "traitor-battle": SIDES,
}
"""Sides whose stacks must be legal in each phase: a side may be over-stacked only between
its own teleports and the end of its next Movement phase (WM-STACK-03)."""


def violations(s: S) -> list[str]:
    """What is wrong with ``s``, in words (empty when all is well)."""
    out = _names(s)
    if out:
        return out  # the checks below look names up
    board = s.data.board
    if len(s.where) != len(s.manifest.ids):
        out.append("counter total changed")
    for loc in set(s.where):
        if loc not in board and loc not in BOXES:
            out.append(f"counter in unknown place {loc!r}")
    for c in s.face_down:
        if not s.aboard(c) or not s.spec(c).starts_face_down:
            out.append(f"{c} is face down but not a starting unit aboard")
    if s.result is None and s.where[s._ix[HORUS]] == "@dead":
        out.append("Horus is dead and the game goes on (WM-VICTORY-03)")
    for c in s.in_box("@unplaced"):
        if not s.spec(c).starts_face_down:
            out.append(f"{c} waits to be placed face down but is no such unit (WM-SETUP-02)")
    for c in s.secret_dead:
        if s.location(c) != "@dead" or not s.spec(c).starts_face_down:
            out.append(f"{c} is counted as destroyed unseen but is not a dead starting unit")
    down = Counter(s.location(c) for c in s.face_down)
    for area, n in down.items():
        if n > 1:
            out.append(f"{area} holds {n} face-down units (WM-SETUP-02)")
    cup = Counter(s.spec(c).id for c in s.in_box("@cup"))
    if not s.backs and cup != Counter(s.cup.cards):
        out.append(f"the cup {sorted(s.cup.cards)} does not match the counters in it")
    for area in s.destroyed:
        if s.counters_at(area):
            out.append(f"destroyed area {area} holds counters")
    if s.result is None:
        for side in STACKS_CHECKED.get(s.phase, ()):
            for area in s.occupied(side):
                if s.count(area, side) > s.data.stack_limit:
                    out.append(f"{side} over-stacked in {area} during {s.phase}")
    if s._index() != Placement.of(s.manifest, s.where):
        out.append("the where-is-what index carried from earlier states is out of date")
    if s.bridge not in (*SIDES, None):
        out.append(f"unknown Bridge controller {s.bridge!r}")
    for area in sorted(s.control - frozenset(board.ids)):
        out.append(f"control of unknown area {area!r}")
    for area in sorted(s.control & s.destroyed):
        out.append(f"destroyed area {area} is still controlled")
    return out + _dice(s) + _pool(s) + _losses(s) + _steps_under_way(s)


def _pool(s: S) -> list[str]:
    """An Imperial wave still to come waits in the pool, and so do the groups formed at
    set-up, each unit in one group (WM-REINF-01, -02); in a view, counters it may not
    identify pass."""
    from wargames.warmaster.state import HIDDEN, POOL

    out: list[str] = []
    reinforcing = any(type(t).__name__ == "ImperialReinforcements" for t in s.tasks)
    for wave in s.setup.imperial:
        if wave.turn > s.turn or (wave.turn == s.turn and reinforcing):
            for unit in s.setup.wave_units(wave, s.data):
                if s.location(unit) not in (POOL, HIDDEN):
                    out.append(f"{unit} of the turn {wave.turn} wave is at {s.location(unit)}")
    grouped: set[str] = set()
    for group in s.groups:
        for unit in group:
            wrong = s.side_of(unit) != IMPERIAL or s.location(unit) not in (POOL, HIDDEN)
            if unit in grouped or wrong:
                out.append(f"{unit} is in an Imperial group but no Imperial unit in the pool")
            grouped.add(unit)
    return out


def _losses(s: S) -> list[str]:
    """The losses chosen for a battle result are units on the table, each once, while the
    result is being applied (WM-DESTROY-02)."""
    out: list[str] = []
    if s.doomed and not any(type(t).__name__ == "ApplyLosses" for t in s.tasks):
        out.append(f"losses {list(s.doomed)} chosen with no result to apply them (WM-DESTROY-02)")
    if len(set(s.doomed)) != len(s.doomed):
        out.append(f"a loss chosen twice among {list(s.doomed)} (WM-DESTROY-02)")
    return out + [
        f"loss {u} is not on the table (WM-DESTROY-02)" for u in s.doomed if not s.aboard(u)
    ]


TELEPORTING = ("Teleport", "PickResult", "FromReserve", "ArriveChoice")
"""The steps that teleport a body of units onto the table (WM-TELEPORT-01 to -03)."""


def _steps_under_way(s: S) -> list[str]:
    """A battle under way sets the two sides against each other (:func:`_sides_in_battle`); a
    body teleporting is of the teleporting side and not yet on the table: units from the
    Imperial pool or reserve, or Traitor counters drawn into the warp (WM-REINF-01, -07,
    WM-TELEPORT-01), each in one body at a time; in a view, counters it may not identify
    pass."""
    from wargames.warmaster.state import HIDDEN, POOL, RESERVE, UNKNOWN, WARP

    waiting = {POOL, RESERVE, WARP, HIDDEN}
    out: list[str] = []
    seen: set[str] = set()
    for k, step in enumerate(s.tasks):
        out += [f"tasks[{k}] {problem}" for problem in _sides_in_battle(s, step)]
        if type(step).__name__ not in TELEPORTING:
            continue
        task: Any = step  # each of TELEPORTING has a side and its units
        for unit in task.units:
            if unit == UNKNOWN:
                continue
            if unit in seen:
                out.append(f"tasks[{k}] teleports {unit} a second time (WM-TELEPORT-01)")
            seen.add(unit)
            if s.side_of(unit) != task.side or s.location(unit) not in waiting:
                out.append(
                    f"tasks[{k}] teleports {unit} ({s.side_of(unit)}, at {s.location(unit)}) "
                    f"for {task.side}, not a {task.side} unit waiting off the table "
                    "(WM-TELEPORT-01)"
                )
    return out


def _sides_in_battle(s: S, task: object) -> list[str]:
    """A battle under way sets the attacking side's units against the other side's
    (WM-COMBAT-01, -02)."""
    from wargames.warmaster.battle import Battle
    from wargames.warmaster.state import UNKNOWN

    battle = getattr(task, "battle", None)
    if not isinstance(battle, Battle):
        return []
    out: list[str] = []
    for role, units, side in (
        ("attackers", battle.attackers, battle.side),
        ("defenders", battle.defenders, battle.defender),
    ):
        strays = [u for u in units if u != UNKNOWN and s.side_of(u) != side]
        if strays:
            out.append(f"has {strays} among the {side} {role} in {battle.area} (WM-COMBAT-01)")
    return out


def _dice(s: S) -> list[str]:
    """The dice the pending steps hold are faces dice show: a D6 (a D66's tens die, a battle
    roll) 1 to 6, a D66 two such digits (WM-COMBAT-09, WM-TELEPORT-02); a teleport rolls
    once, or as often as the Teleportarium lets it, and keeps fewer results than that until
    they are picked from (research 3.2 rule 4, WM-GAP-01); the Traitor draws from the cup no
    more counters than his reinforcement roll gives (WM-REINF-06); a battle's own column shift
    is the Ambush's, in an Ambush's attack only (WM-COMBAT-08)."""
    from wargames.warmaster.teleport import CupDraw, PickResult

    allowed = {1, s.data.teleport.teleportarium.rolls}
    most = max(s.data.traitor_reinforcements.values(), default=0)
    ambush = s.data.specials.ambush.attack_shift
    out: list[str] = []
    for k, task in enumerate(s.tasks):
        if isinstance(task, CupDraw) and not 0 <= task.left <= most:
            out.append(
                f"tasks[{k}] draws {task.left!r} more counters, not 0 to {most} (WM-REINF-06)"
            )
        battle = getattr(task, "battle", None)
        if battle is not None and battle.shift != (ambush if battle.ambush else 0):
            out.append(f"tasks[{k}]'s battle shifts {battle.shift!r} columns (WM-COMBAT-08)")
        for name in ("tens", "roll"):
            value = getattr(task, name, None)
            if value is not None and (type(value) is not int or not 1 <= value <= 6):
                out.append(f"tasks[{k}].{name} is {value!r}, not a face of a D6")
        results = getattr(task, "results", None)
        if isinstance(results, tuple) and not all(map(_d66, results)):
            out.append(f"tasks[{k}].results {results!r} are not all D66 rolls")
        rolls = getattr(task, "rolls", None)
        if rolls is not None:
            picked = isinstance(task, PickResult)
            kept = len(results) if isinstance(results, tuple) else 0
            if rolls not in allowed or (kept != rolls if picked else kept >= rolls):
                out.append(f"tasks[{k}] rolls {rolls!r} times and holds {kept} results")
    return out


def _d66(roll: object) -> bool:
    """Whether ``roll`` is a D66 roll: two digits, each a face of a D6 (11 to 66)."""
    return type(roll) is int and 1 <= roll // 10 <= 6 and 1 <= roll % 10 <= 6


def _names(s: S) -> list[str]:
    """Every name the state holds is one the game knows (a saved state read back may hold
    anything): its sides, phases, counters, counter types in the cup, areas, teleport effects
    and battle results, in the state's fields and in its pending tasks."""
    from wargames.warmaster.flow import PHASES
    from wargames.warmaster.specials import START

    counters, areas = frozenset(s.manifest.ids), frozenset(s.data.board.ids)
    types = frozenset(spec.id for spec in s.manifest.specs)
    out: list[str] = []
    if s.phase not in ("set-up", START, *PHASES):
        out.append(f"unknown phase {s.phase!r}")
    held = (
        s.face_down | s.moved | s.retreated | s.secret_dead,
        s.doomed,
        *s.groups,
        *s.reserve,
    )
    out += [f"unknown counter {c!r}" for group in held for c in sorted(group) if c not in counters]
    out += [f"unknown area {a!r}" for a in sorted(s.destroyed | s.fought) if a not in areas]
    out += [f"unknown counter type {t!r} in the cup" for t in s.cup.cards if t not in types]
    return out + unknown_names(
        s.tasks,
        {
            "side": SIDES,
            "area": areas,
            "units": counters,
            "attackers": counters,
            "defenders": counters,
            "candidates": counters,
            "drawn": counters,
            "counter": counters,
            "unit": counters,
            "marker": counters,
            "effect": frozenset(s.data.teleport.effects),
            "name": PHASES,
            "code": frozenset(s.data.results),
        },
        "tasks",
    )


def sequence_violations(s: S) -> list[str]:
    """What a saved state read back must also keep: while the game goes on, the next turn is
    pending below the steps of this one (WM-SEQ-01), so play goes on after them. (Not among
    :func:`violations`: the tests' positions are fragments of a turn, with no turn below.)"""
    if s.result is None and (not s.tasks or type(s.tasks[0]).__name__ != "BeginTurn"):
        return ["the game goes on but no turn is pending below its steps (WM-SEQ-01)"]
    return _phases_in_order(s)


def _phases_in_order(s: S) -> list[str]:
    """The phases of the turn still pending come in the order of the sequence of play
    (WM-SEQ-01): read from the top of the stack, their steps are the last steps of
    :func:`~wargames.warmaster.flow.phase_tasks`, in order (a phase under way keeps its own
    step on top of the others)."""
    from wargames.warmaster.flow import phase_tasks

    order = [_phase_key(t) for t in phase_tasks()]
    kinds = {k[0] for k in order}
    pending = [_phase_key(t) for t in reversed(s.tasks) if type(t).__name__ in kinds]
    if len(pending) > len(order) or pending != order[len(order) - len(pending) :]:
        return ["the phases of the turn are pending out of the sequence of play (WM-SEQ-01)"]
    if s.result is None and not _phase_under_way(s.phase, order, len(order) - len(pending)):
        return [f"the phase {s.phase!r} is not the one the pending steps are in (WM-SEQ-02)"]
    return []


def _phase_under_way(phase: str, order: list[tuple[str, object, object]], done: int) -> bool:
    """Whether ``phase`` is the phase under way when the first ``done`` steps of the turn's
    sequence (``order``) are done: its marker has run (or is the next step, as a position
    made to start at that phase has it) and the next phase's has not (WM-SEQ-02). Before
    the first phase, and once the last is over, the turn's start (or the set-up) is."""
    from wargames.warmaster.flow import PHASES

    if phase not in PHASES:
        return done in (0, len(order))  # the turn's start or the set-up: no phase begun
    begins = order.index(("Phase", None, phase))
    later = [i for i, k in enumerate(order) if k[0] == "Phase" and i > begins]
    return begins <= done <= (later[0] if later else len(order))


def _phase_key(task: object) -> tuple[str, object, object]:
    """A step of the sequence of play by its kind, side and phase name (not its progress)."""
    return (type(task).__name__, getattr(task, "side", None), getattr(task, "name", None))
