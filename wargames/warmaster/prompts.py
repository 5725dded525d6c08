"""What each pending decision of The Warmaster asks, in the rules' words (who decides, what,
and why: the battle, the roll, the teleport a choice is about), and the notes beside the
choices (a battle's exact odds from the odds calculator).

The Imperial player never reads what he may not identify: a face-down counter the Traitor
decides about is told by its back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wargames.core.engine import CHANCE, Action, Player
from wargames.core.narration import cap
from wargames.core.tasks import Task
from wargames.warmaster import actions as act
from wargames.warmaster import battle, flow, movement, specials, teleport
from wargames.warmaster.data import IMPERIAL, TRAITOR
from wargames.warmaster.describe import (
    area_text,
    phase_name,
    unit_text,
    units_text,
    who,
)
from wargames.warmaster.narration import _result_name, battle_title, numbers_text
from wargames.warmaster.odds import BattleOdds, analyse
from wargames.warmaster.state import UNPLACED, WarmasterState, other

S = WarmasterState
Prompt = Callable[[S, Task[Any], Player | None], str]


def _pending_result(s: S) -> str:
    """The battle whose result is being applied: ``" — result EX (Exchange) of the battle in
    ..."`` while its code is still pending, else ``" — after the battle in ..."``; nothing
    outside a battle."""
    for task in reversed(s.tasks):
        if isinstance(task, battle.RetreatStep):
            name = s.data.results[task.code].name
            return f" — result {task.code} ({name}) of {battle_title(s, task.battle)}"
        if isinstance(task, battle.AfterBattle):
            return f" — after {battle_title(s, task.battle)}"
    return ""


def _place(s: S, task: Task[Any], viewer: Player | None) -> str:
    waiting = s.in_box(UNPLACED)
    if viewer not in (None, TRAITOR):
        return f"Traitor: set up the starting units face down ({len(waiting)} left, WM-SETUP-02)"
    return (
        f"Traitor: set up {unit_text(s, waiting[0])} face down, never two face-down counters "
        f"in one area ({len(waiting)} left, WM-SETUP-02)"
    )


def _group(s: S, task: Task[Any], viewer: Player | None) -> str:
    return (
        f"Imperial player: form teleport group {len(s.groups) + 1} of three units; the groups "
        "teleport in the order formed, the Emperor's first (WM-SETUP-05, WM-REINF-02)"
    )


def _movement(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, movement.MovementPhase)
    steps = s.allowance[task.side]
    return (
        f"{who(task.side)}, {phase_name(s.phase)} of turn {s.turn}: move units up to {steps} "
        "area(s), stopping on entering an area with enemy units; or end the phase (WM-MOVE-02)"
    )


def _overstacked(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, movement.Overstacked)
    limit = s.data.stack_limit
    # in the Imperial player's view the Traitor's over-stacked counters are backs: counted
    area = task.area(s) or next(
        (a for a in sorted(s.occupied(task.side)) if s.count(a, task.side) > limit), None
    )
    where = area_text(s, area) if area is not None else "an area"
    return (
        f"{who(task.side)}: {where} holds more than {limit} of your units; choose one to "
        "destroy (WM-STACK-05)"
    )


def _fight(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, battle.BattlePhase)
    areas = ", ".join(area_text(s, a) for a in battle.battle_areas(s))
    return (
        f"{who(task.side)}, {phase_name(s.phase)}: choose the next contested area to fight "
        f"({areas}); each is fought once (WM-COMBAT-03)"
    )


def _reroll(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, battle.RerollChoice)
    b = task.battle
    holder = battle.reroll_side(s, b) or b.side
    code = battle.battle_result(s, b, task.roll)
    n = battle.numbers(s, b)
    return (
        f"{who(holder)}: {battle_title(s, b)} ({numbers_text(s, n)}) rolled {task.roll}: "
        f"{code} ({s.data.results[code].name}). reroll (once; the new roll stands, "
        "WM-REROLL-03) or keep?"
    )


def _loss(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, battle.TakeLoss)
    last = "; a re-roll hero only if nothing else is left" if task.heroes_last else ""
    return (
        f"{who(task.side)}: choose which of your units in {area_text(s, task.area)} is lost "
        f"(WM-DESTROY-02{last}){_pending_result(s)}"
    )


def _retreat(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, battle.Retreat)
    unit = task.units[0]
    more = len(task.units) - 1
    left = f"; {more} more after it" if more else ""
    return (
        f"{who(other(task.side))}: retreat the enemy's {unit_text(s, unit, viewer)} one area "
        f"from {area_text(s, task.area)}, you choose where (WM-RETREAT-01, -03){left}"
        f"{_pending_result(s)}"
    )


def _arrive(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, teleport.ArriveChoice)
    effect = s.data.teleport.effects[task.effect]
    chooser = task.chooser(s)
    body = units_text(s, task.units, viewer)
    whose = "your" if chooser == task.side else f"the {task.side.capitalize()}"
    return (
        f"{who(chooser)}: {whose} teleport of {body} came up {effect.name}: choose the "
        "area where they arrive"
    )


def _from_reserve(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, teleport.FromReserve)
    return (
        f"{who(task.side)}: {units_text(s, task.units, viewer)} come back from reserve: "
        f"arrive straight in the Teleportarium ({s.data.teleportarium}) or teleport on the table"
    )


def _pick(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, teleport.PickResult)
    rolled = ", ".join(f"{r} ({_result_name(s, r)})" for r in task.results)
    return (
        f"{who(task.side)}: the Teleportarium rolled {rolled} for the teleport of "
        f"{units_text(s, task.units, viewer)}: keep one"
    )


def _sabotage(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, specials.Sabotage)
    reactors = ", ".join(area_text(s, a) for a in specials.sabotage_targets(s, task.side))
    return f"{who(task.side)}: your units alone hold {reactors}: detonate a reactor, or not"


def _laser(s: S, task: Task[Any], viewer: Player | None) -> str:
    side = s.data.specials.fleet_lasers.side
    return f"{who(side)}: the fleet's first laser hit of the turn: choose the hull area it destroys"


def _survivors(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, specials.Survivors)
    unit = s.units(task.area, IMPERIAL) + s.units(task.area, TRAITOR)
    chooser = s.current_player or IMPERIAL
    return (
        f"{who(chooser)}: move {unit_text(s, unit[0], viewer)}, a survivor of the destroyed "
        f"{area_text(s, task.area)}, to an adjacent intact area"
    )


PROMPTS: dict[type, Prompt] = {
    flow.PlaceFaceDown: _place,
    flow.FormGroups: _group,
    movement.MovementPhase: _movement,
    movement.Overstacked: _overstacked,
    battle.BattlePhase: _fight,
    battle.RerollChoice: _reroll,
    battle.TakeLoss: _loss,
    battle.Retreat: _retreat,
    teleport.ArriveChoice: _arrive,
    teleport.FromReserve: _from_reserve,
    teleport.PickResult: _pick,
    specials.Sabotage: _sabotage,
    specials.LaserShot: _laser,
    specials.Survivors: _survivors,
}
"""What each step waiting for a player asks."""


def _chance(s: S, viewer: Player | None) -> str:
    task = s.top
    if isinstance(task, battle.BattleRoll):
        n = battle.numbers(s, task.battle)
        return f"the battle die is rolled: {battle_title(s, task.battle)} ({numbers_text(s, n)})"
    if isinstance(task, teleport.Teleport):
        die = "tens" if task.tens is None else "units"
        return f"the teleport of {units_text(s, task.units, viewer)}: the D66's {die} die"
    if isinstance(task, teleport.LossRoll):
        return (
            f"loss roll for {unit_text(s, task.unit, viewer)}: destroyed on {task.threshold} "
            "or less"
        )
    if isinstance(task, teleport.ReinforcementRoll):
        return "the Traitor's reinforcement roll: 1-2 one counter, 3-4 two, 5-6 three"
    if isinstance(task, teleport.CupDraw):
        return f"a counter is drawn from the cup ({task.left} to draw)"
    if isinstance(task, battle.AmbushDraw):
        return f"the Ambush in {area_text(s, task.area)} draws a counter from the cup"
    if isinstance(task, specials.Escape):
        need = s.data.specials.ship_breakup.emperor_escape_from
        return f"the Emperor rolls to teleport clear of the breaking ship ({need}+ needed)"
    if isinstance(task, specials.Blast):
        return f"blast roll for {area_text(s, task.area)}: destroyed on {task.at_least}+"
    if isinstance(task, specials.LaserShot):
        die = "tens" if task.tens is None else "units"
        return f"the fleet's lasers fire: the D66's {die} die picks the area hit"
    return task.describe(s)


def deciding(s: S, viewer: Player | None) -> str:
    """Who decides what now, and why (see the module docstring)."""
    player = s.current_player
    if player is None:
        from wargames.warmaster.narration import outcome_text

        return outcome_text(s)
    if player == CHANCE:
        return cap(_chance(s, viewer))
    prompt = PROMPTS.get(type(s.top))
    if prompt is None:
        return f"{who(player)} to decide ({phase_name(s.phase)}, turn {s.turn})"
    return prompt(s, s.top, viewer)


def fight_odds(s: S, b: battle.Battle) -> BattleOdds:
    """The exact odds of battle ``b`` from the odds calculator (:func:`analyse`): on the
    fighting counters themselves, or on the totals when a defender already retreated in this
    phase (it defends at 0, WM-RETREAT-06), with the same re-roll and column shifts."""
    n = battle.numbers(s, b)
    if not any(u in s.retreated for u in b.defenders) and not b.ambush:
        return analyse(
            [s.spec(u).id for u in b.attackers],
            [s.spec(u).id for u in b.defenders],
            sanctum=any(x.startswith("sanctum") for x in n.shifts),
            data=s.data,
        )
    holder = battle.reroll_side(s, b)
    return analyse(
        max(n.attack, 1),
        n.defence,
        reroll="none" if holder is None else "attacker" if holder == b.side else "defender",
        attacker=b.side,
        sanctum=any(x.startswith("sanctum") for x in n.shifts),
        ambush=b.ambush,
        horror=any(x.startswith("horror") for x in n.shifts),
        data=s.data,
    )


def note(s: S, action: Action) -> str:
    """The note beside a choice: a battle's exact odds (the odds calculator's), where a move
    or a retreat goes, what a unit is."""
    side = s.current_player
    if isinstance(action, act.Fight) and side in (IMPERIAL, TRAITOR):
        area = action.area
        b = battle.Battle(side, area, s.fighters(area, side), s.fighters(area, other(side)))
        odds = fight_odds(s, b)
        chances = ", ".join(f"{code} {float(p):.0%}" for code, p in odds.distribution.items() if p)
        text = f"{odds.attack} vs {odds.defence}, column {odds.column}: {chances}"
        if odds.reroll is not None:
            text += f" (re-roll: {odds.reroll}, policy {odds.policy})"
        return text
    if isinstance(action, (act.Move, act.RetreatTo, act.Displace, act.Place)):
        area = action.area
        return s.data.board[area].name if area in s.data.board else ""
    if isinstance(action, act.Arrive):
        return s.data.board[action.area].name if action.area in s.data.board else ""
    if isinstance(action, act.Pick):
        return _result_name(s, action.result)
    if isinstance(action, act.Lose):
        return unit_text(s, action.unit)
    return ""


__all__ = ["PROMPTS", "deciding", "fight_odds", "note"]
