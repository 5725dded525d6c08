"""Invariants every Battle for Armageddon state keeps (checked by the conformance kit)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.armageddon.data import ORKS, PHASES, SIDES
from wargames.armageddon.stacking import legal_stack
from wargames.armageddon.state import UNPLACED, off_map_places, other
from wargames.core.typecheck import unknown_names

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S

BOTTOM = frozenset({"BeginTurn", "Victory"})
"""The task at the bottom of the stack while the game goes on: the next turn, or the current
turn's victory segment, which begins the next."""


def violations(s: S) -> list[str]:
    """What is wrong with ``s``, in words (empty when all is well)."""
    out = _names(s)
    if out:
        return out  # the checks below look names up
    board = s.data.board
    if len(s.where) != len(s.data.counters):
        out.append("counter total changed")
    boxes = frozenset(off_map_places(s.data))
    for loc in sorted(set(s.where)):
        if loc not in board and loc not in boxes:
            out.append(f"counter in unknown place {loc!r}")
    curing = _curing(s)
    out += _cures_in_order(s)
    for area in board.ids:
        sides = [side for side in SIDES if s.stack(area, side)]
        if len(sides) > 1:
            out.append(f"{area} holds counters of both sides")
        if board[area].terrain in ("mountain", "sea") and s.counters_at(area):
            out.append(f"{area} is impassable yet holds counters")
        for side in sides:
            moving = s.phase == "movement" and s.acting == side
            if moving or (side, area) in curing:
                continue
            if not legal_stack(s.data, s.stack(area, side)):
                out.append(f"illegal {side} stack in {area} outside movement")
    for side, area in sorted(curing):
        if area not in board or legal_stack(s.data, s.stack(area, side)):
            out.append(f"the {side} stack in {area} is to be cured but breaks no rule")
    for c in s.ruined:
        if s.spec(c).kind not in ("hive", "factory"):
            out.append(f"{c} cannot be ruined")
    for area, placed in s.setup.imperial.items():  # hives and factories never move (BFA-GAP-10)
        for c in placed:
            if s.spec(c).kind in ("hive", "factory") and s.location(c) != area:
                out.append(f"{c} stands in {s.location(c)}, not in {area} where it was built")
    from wargames.armageddon.flow import DealSpecial

    for k, task in enumerate(s.tasks):  # two cards at the start, one a turn (BFA-CARDS-01)
        if isinstance(task, DealSpecial) and task.count not in (1, 2):
            out.append(f"tasks[{k}] deals {task.count!r} special cards, not 1 or 2 (BFA-CARDS-01)")
    for c in sorted(s.rebuilding - s.ruined):  # the build phase rebuilds ruins (BFA-BUILD-04)
        out.append(f"{c} is being rebuilt but is not in ruins (BFA-BUILD-04, BFA-GAP-10)")
    expected = sum(
        s.spec(c).defence
        for c, sp in s.data.counters.items()
        if sp.kind in ("hive", "factory") and c not in s.ruined
    )
    if s.build_points != expected:
        out.append(f"build track {s.build_points} but intact hives and factories give {expected}")
    return out + _battles(s)


BEFORE_THE_ROLL = frozenset({"AttackCards", "DefenceCards", "CombatRoll", "RerollChoice"})
"""The steps of a battle between its declaration and its result: nothing has moved or fallen
since the attack was declared (:func:`~wargames.armageddon.combat.declare`)."""


def _battles(s: S) -> list[str]:
    """A battle under way, before or after its roll, is its side's units attacking from stacks
    next to the target (BFA-COMBAT-01, -02); one still to be rolled is one its attacker could
    declare: from a stack at least, with every unit of each (BFA-COMBAT-02) and an attack
    total above 0 (BFA-GAP-14). A retreat moves units of the side retreating
    (BFA-RETREAT-01)."""
    from wargames.armageddon.combat import Battle, Retreat, attack_of, attackers

    board, unit_of, out = s.data.board, s.manifest.unit_of, []
    for t in s.tasks:
        if isinstance(t, Retreat):
            strays = [c for c in t.counters if s.spec(c).side != t.side or not unit_of[c]]
            if strays:
                out.append(f"{strays} retreat with {t.side}'s units (BFA-RETREAT-01)")
        b = getattr(t, "battle", None)
        if not isinstance(b, Battle):
            continue
        foreign = [c for c in b.attackers if s.spec(c).side != b.side]
        if foreign:
            out.append(f"{b.side}'s attack on {b.target} is made by {foreign} (BFA-COMBAT-02)")
        if not all(board.adjacent(a, b.target) for a in b.stacks):
            out.append(f"an attack on {b.target} from a stack not next to it (BFA-COMBAT-01)")
        elif type(t).__name__ in BEFORE_THE_ROLL:
            units = attackers(s, b.side, b.stacks)
            if not b.stacks:
                out.append(f"an attack on {b.target} from no stack (BFA-COMBAT-01)")
            elif b.attackers != units:
                out.append(
                    f"the attack on {b.target} is not made by its whole stacks (BFA-COMBAT-02)"
                )
            elif attack_of(s, units) <= 0:
                out.append(f"the attack on {b.target} has an attack total of 0 (BFA-GAP-14)")
    return out


def _curing(s: S) -> set[tuple[str, str]]:
    """The stacks (side, area) whose counters are being destroyed because the stack broke
    the stacking rules at the end of the side's movement (BFA-MOVE-09, BFA-STACK-05)."""
    from wargames.armageddon.movement import Overstacked

    return {(t.side, t.area) for t in s.tasks if isinstance(t, Overstacked)}


def _cures_in_order(s: S) -> list[str]:
    """Illegal stacks are cured as soon as the movement phase that made them ends, one task
    per stack, before anything else happens (BFA-MOVE-09, BFA-STACK-05): the pending cures are
    the top of the stack, each for a different area."""
    from wargames.armageddon.movement import Overstacked

    cures = [isinstance(t, Overstacked) for t in s.tasks]
    if True not in cures:
        return []
    first = cures.index(True)
    if not all(cures[first:]) or len(_curing(s)) != len(cures) - first:
        return ["illegal stacks are cured below other steps, or one twice (BFA-MOVE-09)"]
    return []


def _names(s: S) -> list[str]:
    """Every name the state holds is one the game knows (a saved state read back may hold
    anything): its sides, phases, strategy and special cards, counters and areas, in the
    state's fields and in its pending tasks; the segment is 0 to 5 (set-up or strategy, the
    four action segments, victory) and the turn within the scenario's."""
    d, out = s.data, []
    counters, areas = frozenset(d.counters), frozenset(d.board.ids)
    if s.initiative not in (*SIDES, None):
        out.append(f"initiative {s.initiative!r} is no side")
    if s.phase not in (*PHASES, None):
        out.append(f"unknown phase {s.phase!r}")
    if not 0 <= s.segment <= 5 or not 1 <= s.turn <= s.setup.turns + 1:
        out.append(f"turn {s.turn}, segment {s.segment} out of the game's range")
    for name, held, known in (
        ("plans", {c for plan in s.plans for c in plan} | {s.card} - {None}, d.strategy),
        ("hands", {c for pile in s.hands for c in pile.cards}, d.special),
        ("decks", {c for k in s.decks for c in k.draw.cards + k.discards.cards}, d.special),
        ("played", s.played, SIDES),
        ("used", s.used | s.retreated | s.rebuilding | s.ruined, counters),
        ("attacked", s.attacked, areas),
    ):
        out.extend(f"{name}: unknown {n!r}" for n in sorted(map(str, held)) if n not in known)
    if not out:
        out += _segments(s)
    if s.result is None and (not s.tasks or type(s.tasks[0]).__name__ not in BOTTOM):
        out.append("the game goes on but no turn is pending below its steps (BFA-SEQ-01)")
    deploying = sum(type(t).__name__ == "DeployOrks" for t in s.tasks)
    if deploying > 1 or (deploying and not s.in_box(UNPLACED, ORKS)):
        out.append("the Ork deployment is pending without one Ork counter to place (BFA-SETUP-07)")
    return out + unknown_names(
        s.tasks,
        {
            "side": SIDES,
            "area": areas,
            "target": areas,
            "stacks": areas,
            "attackers": counters,
            "counters": counters,
            "candidates": counters,
            "kind": PHASES,
        },
        "tasks",
    )


def _segments(s: S) -> list[str]:
    """The action segments agree with the strategy cards (BFA-SEQ-04..07, BFA-STRAT-06): each
    side's plan holds cards of its own side (BFA-STRAT-01, -03); the revealed card is the
    acting side's, and its phases are the ones carried out or still to begin (BFA-ACTION-02);
    each side holds a card for every one of its action segments still to come."""
    from wargames.armageddon.flow import ActionSegment
    from wargames.armageddon.phases import BeginPhase

    out: list[str] = []
    for side, plan in zip(SIDES, s.plans, strict=True):
        if any(c in s.data.strategy and s.data.strategy[c].side != side for c in plan):
            out.append(f"{side} plans with strategy cards of the other side (BFA-STRAT-01, -03)")
    card = None if s.card is None else s.data.strategy[s.card]
    if card is not None and card.side != s.acting:
        out.append(f"the revealed card {s.card} is not the acting side's ({s.acting})")
    if s.phase is not None and (card is None or s.phase not in card.phases):
        out.append(f"the {s.phase} phase is carried out without a strategy card calling it")
    for task in s.tasks:  # a phase still to begin, of the card revealed (BFA-ACTION-02)
        if isinstance(task, BeginPhase) and (
            card is None or task.kind not in card.phases or task.side != card.side
        ):
            out.append(f"the {task.kind} phase is pending without a strategy card calling it")
    coming = [t.number for t in s.tasks if isinstance(t, ActionSegment)]
    if coming and s.initiative is not None:  # (while it is rolled for, no side has it yet)
        first, second = s.initiative, other(s.initiative)
        for side in SIDES:
            due = sum((first if n % 2 else second) == side for n in coming)
            if any(not 1 <= n <= 4 for n in coming) or due > len(s.plans[SIDES.index(side)]):
                out.append(f"{side} has {due} action segments to come and fewer cards")
    return out
