"""The Warmaster in plain words: the :class:`~wargames.core.narration.Narrator` of the game
(what happened, who decides what and why, a battle's exact odds, the board as text and the
legend of every code).

Every step an action sets off is told from the game's own tasks (:func:`wargames.core.steps.trace`)
and its numbers come from the game's own arithmetic: a battle's totals, ratio, column and
shifts from :func:`wargames.warmaster.battle.numbers`, the result from the Battle Results
Table, the odds of a choice from :func:`wargames.warmaster.odds.analyse`. The Imperial player
never reads what he may not identify (face-down counters, the cup's draws): such a counter is
told by its back, as :meth:`~wargames.warmaster.state.WarmasterState.view` shows it.
"""

from __future__ import annotations

from collections.abc import Callable

from wargames.core.engine import Player
from wargames.core.narration import cap
from wargames.core.steps import Step
from wargames.warmaster import actions as act
from wargames.warmaster import battle, flow, movement, specials, teleport
from wargames.warmaster.data import IMPERIAL, TRAITOR, TeleportEffect
from wargames.warmaster.describe import (
    area_text,
    hidden,
    phase_name,
    side_name,
    unit_text,
    units_text,
)
from wargames.warmaster.state import DEAD, WarmasterState, other

S = WarmasterState
Teller = Callable[[Step[S], Player | None], list[str]]


def says(side: str, verb: str) -> str:
    """``"the Traitor moves"``: a side and its verb (both sides are one player)."""
    third = {"have": "has", "do": "does"}.get(verb, verb + ("es" if verb.endswith("s") else "s"))
    return f"{side_name(side)} {third}"


def dead(before: S, after: S) -> tuple[str, ...]:
    """Counters destroyed between two states."""
    return tuple(c for c in after.in_box(DEAD) if before.location(c) != DEAD)


def battle_title(s: S, b: battle.Battle) -> str:
    """``"the battle in Lupercal's Sanctum (23), the Imperial player attacking"``."""
    kind = "the Ambush's attack" if b.ambush else "the battle"
    return f"{kind} in {area_text(s, b.area)}, {side_name(b.side)} attacking"


def numbers_text(s: S, n: battle.Numbers) -> str:
    """``"attack 18 against defence 12: ratio 1-1, column 1-2 (column shifts: horror -1)"``."""
    ratio = f"ratio {n.ratio}" if n.defence else "no defence"
    shifts = f" (column shifts: {', '.join(n.shifts)})" if n.shifts else ""
    column = s.data.battle.columns[n.column]
    return f"attack {n.attack} against defence {n.defence}: {ratio}, column {column}{shifts}"


def result_text(s: S, code: str) -> str:
    result = s.data.results[code]
    return f"{code} ({result.name})"


# -- what happened ------------------------------------------------------------------------------


def _place(step: Step[S], viewer: Player | None) -> list[str]:
    a, s = step.action, step.after
    if not isinstance(a, act.Place):
        return []
    if viewer in (None, TRAITOR):
        return [
            f"The Traitor sets up {unit_text(s, a.counter)} face down in {area_text(s, a.area)}."
        ]
    return ["The Traitor sets up a starting unit face down (WM-SETUP-02)."]


def _group(step: Step[S], viewer: Player | None) -> list[str]:
    s0, s1 = step.before, step.after
    made = s1.groups[len(s0.groups) :]
    return [
        f"Teleport group {len(s0.groups) + i + 1}: {units_text(s1, g)} (WM-SETUP-05)."
        for i, g in enumerate(made)
    ]


def _begin_turn(step: Step[S], viewer: Player | None) -> list[str]:
    s0, s1 = step.before, step.after
    if s1.result is not None:
        return []
    bridge = "destroyed" if s1.bridge is None else f"held by {side_name(s1.bridge)}"
    moves = ", ".join(f"{side} {n}" for side, n in s1.allowance.items())
    line = f"Turn {s1.turn} begins. The Bridge is {bridge} (WM-BRIDGE-02)"
    if s1.bridge != s0.bridge and s0.turn:
        line += f", taken from {side_name(s0.bridge or TRAITOR)}"
    return [line + f"; movement this turn: {moves} area(s)."]


def _phase(step: Step[S], viewer: Player | None) -> list[str]:
    task = step.task
    assert isinstance(task, flow.Phase)
    return [cap(phase_name(task.name)) + "."]


def _imperial_reinforcements(step: Step[S], viewer: Player | None) -> list[str]:
    s0, s1 = step.before, step.after
    lines = []
    rolls = teleport.teleport_rolls(s0, IMPERIAL)
    if rolls > 1:
        lines.append(
            f"The Imperial player holds the Teleportarium: each teleport is rolled {rolls} "
            "times and he keeps one result."
        )
    bodies = [t.units for t in s1.tasks if isinstance(t, teleport.Teleport)][::-1]
    for body in bodies:
        lines.append(f"To teleport aboard: {units_text(s1, body, viewer)} (WM-REINF-03).")
    return lines


def _traitor_reinforcements(step: Step[S], viewer: Player | None) -> list[str]:
    return ["The Traitor rolls for reinforcements from the cup (WM-REINF-06)."]


def _reinforcement_roll(step: Step[S], viewer: Player | None) -> list[str]:
    a, s = step.action, step.after
    assert isinstance(a, act.Roll)
    n = s.data.traitor_reinforcements[a.value]
    return [
        f"Reinforcement roll {a.value}: {n} counter(s) drawn from the cup "
        f"({len(s.cup)} in it), each teleporting alone (WM-REINF-06, -08)."
    ]


def _cup_draw(step: Step[S], viewer: Player | None) -> list[str]:
    a, s0, s1 = step.action, step.before, step.after
    if isinstance(a, act.Draw):
        drawn = [c for c in s1.in_box("@warp") if s0.location(c) != "@warp"]
        if any(hidden(s1, c, viewer) for c in drawn):
            return ["The Traitor draws a counter from the cup, unseen until it arrives."]
        return [f"Drawn from the cup: {units_text(s1, drawn, viewer)}."]
    task = step.task
    assert isinstance(task, teleport.CupDraw)
    return ["The cup is empty: no more reinforcements (WM-GAP-18)."] if task.left > 0 else []


def _teleport(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s0, s1 = step.task, step.action, step.before, step.after
    assert isinstance(task, teleport.Teleport) and isinstance(a, act.Roll)
    body = units_text(s1, task.units, viewer)
    if task.tens is None:
        return [f"Teleport of {body}: tens die {a.value}."]
    roll = task.tens * 10 + a.value
    result = s0.data.teleport[roll]
    line = f"Teleport of {body}: units die {a.value}, D66 result {roll}"
    if not teleport.stands(s0, roll, task.scatter):
        return [line + ": rolled again (a destroyed area or a further x6, WM-GAP-01)."]
    if len(task.results) + 1 < task.rolls or isinstance(s1.top, teleport.PickResult):
        return [line + f" ({_result_name(s0, roll)}), one of {task.rolls} to choose from."]
    if result.area is not None:
        return [line + f": they arrive in {area_text(s1, result.area)} (WM-TELEPORT-02)."]
    assert result.effect is not None
    return [line + f": {result.effect.name}!" + _effect_words(result.effect)]


def _result_name(s: S, roll: int) -> str:
    result = s.data.teleport[roll]
    if result.area is not None:
        return area_text(s, result.area)
    assert result.effect is not None
    return result.effect.name


def _effect_words(effect: TeleportEffect) -> str:
    """What a teleport mishap does, from its data."""
    words = []
    if effect.loss_on:
        hero = effect.hero_loss_on
        extra = f" ({hero} or less for a hero)" if hero is not None else ""
        words.append(f"each unit is destroyed on a D6 of {effect.loss_on} or less{extra}")
    outcome = {
        "reserve": "the survivors go back to reserve and teleport again next phase",
        "scatter": "each survivor teleports again alone",
        "arrive": f"the {'owner' if effect.chooser == 'owner' else 'opponent'} picks where "
        "the survivors arrive",
    }.get(effect.outcome, effect.outcome)
    words.append(outcome)
    return " " + cap("; ".join(words)) + "."


def _pick(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s1 = step.task, step.action, step.after
    assert isinstance(task, teleport.PickResult) and isinstance(a, act.Pick)
    return [
        f"{cap(says(task.side, 'keep'))} {a.result} ({_result_name(step.before, a.result)}) for "
        f"{units_text(s1, task.units, viewer)} (the Teleportarium)."
    ]


def _loss_roll(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s1 = step.task, step.action, step.after
    assert isinstance(task, teleport.LossRoll)
    if not isinstance(a, act.Roll):
        return []
    fate = "destroyed" if a.value <= task.threshold else "survives"
    return [
        f"Loss roll for {unit_text(s1, task.unit, viewer)} (destroyed on {task.threshold} or "
        f"less, no re-roll, WM-REROLL-07): {a.value}, {fate}."
    ]


def _effect_outcome(step: Step[S], viewer: Player | None) -> list[str]:
    task, s0, s1 = step.task, step.before, step.after
    assert isinstance(task, teleport.EffectOutcome)
    alive = [u for u in task.units if s0.location(u) != DEAD]
    if not alive:
        return []
    effect = s0.data.teleport.effects[task.effect]
    body = units_text(s1, alive, viewer)
    if effect.outcome == "reserve":
        where = "the cup" if s1.location(alive[0]) == "@cup" else "reserve"
        return [f"{cap(body)} go back to {where} ({effect.name})."]
    if effect.outcome == "scatter":
        return [f"{effect.name}: {body} teleport(s) again, each alone."]
    return []


def _arrive(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s1 = step.task, step.action, step.after
    units = getattr(task, "units", ())
    if isinstance(a, act.Arrive):
        return [f"{cap(units_text(s1, units, viewer))} arrive in {area_text(s1, a.area)}."]
    if isinstance(a, act.RollTable):
        return [f"{cap(units_text(s1, units, viewer))} teleport on the Teleportation Table."]
    if isinstance(task, teleport.ArriveChoice):
        return [f"{cap(units_text(s1, units, viewer))} have nowhere to arrive: back to reserve."]
    return []


def _movement(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s0, s1 = step.task, step.action, step.before, step.after
    assert isinstance(task, movement.MovementPhase)
    if isinstance(a, act.Move):
        return [
            f"{unit_text(s1, a.unit, viewer)} moves from {area_text(s1, s0.location(a.unit))} "
            f"to {area_text(s1, a.area)}."
        ]
    lines = [f"{cap(says(task.side, 'end'))} the movement phase."]
    if s1.tasks and isinstance(s1.top, movement.Overstacked):
        area = s1.top.area(s1)
        if area is not None:
            lines.append(
                f"{cap(area_text(s1, area))} holds more than {s1.data.stack_limit} "
                f"{task.side.capitalize()} units: {says(task.side, 'destroy')} the extra ones "
                "(WM-STACK-05)."
            )
    return lines


def _overstacked(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s0, s1 = step.task, step.action, step.before, step.after
    assert isinstance(task, movement.Overstacked)
    if not isinstance(a, act.Lose):
        return []
    return [
        f"{cap(says(task.side, 'destroy'))} {unit_text(s1, a.unit, viewer)}, over-stacked in "
        f"{area_text(s1, s0.location(a.unit))} (at most {s0.data.stack_limit} units, "
        "WM-STACK-05)."
    ]


def _battle_phase(step: Step[S], viewer: Player | None) -> list[str]:
    task, s0, s1 = step.task, step.before, step.after
    assert isinstance(task, battle.BattlePhase)
    lines = []
    if step.action is None and not task.revealed:
        lines += _reveals(s0, s1, viewer)
    started = s1.tasks[len(s0.tasks) - 1 :]
    for t in started:
        if isinstance(t, battle.BattleRoll):
            lines += battle_lines(s1, t.battle, viewer)
    if step.action is None and task.revealed and not started:
        lines.append("No contested area is left to fight in this phase.")
    return lines


def _reveals(s0: S, s1: S, viewer: Player | None) -> list[str]:
    """The face-down counters turned face up at the start of a Battle phase (WM-HIDDEN-02)."""
    flipped = sorted(s0.face_down - s1.face_down, key=s1.location)
    lines = []
    for c in flipped:
        spec = s1.spec(c)
        line = f"Revealed in {area_text(s1, s1.location(c))}: "
        if spec.kind == "trap":
            trap = s1.data.specials.trap
            line += f"a Trap! Each Imperial unit there is destroyed on a D6 of {trap.loss_on}"
            line += " or less (WM-HIDDEN-03)"
        elif spec.kind == "ambush":
            line += (
                f"an Ambush! {s1.data.specials.ambush.draw} counter(s) are drawn from the "
                "cup into the area and attack at once (WM-HIDDEN-04)"
            )
        else:
            line += unit_text(s1, c, viewer)
        if spec.kind == "horror":
            line += ": a Horror (an Imperial attack on it is shifted, unless the Emperor fights)"
        lines.append(line + ".")
    return lines


def battle_lines(s: S, b: battle.Battle, viewer: Player | None) -> list[str]:
    """A battle as it starts: who attacks whom, and the numbers (WM-COMBAT-04 to -08)."""
    n = battle.numbers(s, b)
    lines = [
        f"{cap(battle_title(s, b))}: {units_text(s, b.attackers, viewer)} against "
        f"{units_text(s, b.defenders, viewer)}.",
        cap(numbers_text(s, n)) + ".",
    ]
    holder = battle.reroll_side(s, b)
    if holder is not None:
        lines.append(f"{cap(side_name(holder))} may have the battle die rolled again once.")
    return lines


def _ambush_draw(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s0, s1 = step.task, step.action, step.before, step.after
    assert isinstance(task, battle.AmbushDraw)
    if isinstance(a, act.Draw):
        drawn = [c for c in s1.units(task.area, TRAITOR) if s0.location(c) != task.area]
        return [
            f"The Ambush draws {units_text(s1, drawn, viewer)} into {area_text(s1, task.area)}."
        ]
    started = [t for t in s1.tasks[len(s0.tasks) - 1 :] if isinstance(t, battle.BattleRoll)]
    return [line for t in started for line in battle_lines(s1, t.battle, viewer)]


def _battle_roll(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s0, s1 = step.task, step.action, step.before, step.after
    assert isinstance(task, battle.BattleRoll) and isinstance(a, act.Roll)
    b = task.battle
    n = battle.numbers(s0, b)
    code = battle.battle_result(s0, b, a.value)
    again = "re-rolled battle die" if task.rerolled else "battle die"
    column = s0.data.battle.columns[n.column]
    line = f"The {again} of {battle_title(s0, b)}: {a.value}, read in column {column}"
    if isinstance(s1.top, battle.RerollChoice):
        holder = battle.reroll_side(s0, b) or b.side
        line += f": {result_text(s0, code)} unless {side_name(holder)} has it rolled again"
    return [line + "."]


def _reroll(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s = step.task, step.action, step.before
    assert isinstance(task, battle.RerollChoice) and isinstance(a, act.Reroll)
    holder = battle.reroll_side(s, task.battle) or task.battle.side
    where = area_text(s, task.battle.area)
    if a.reroll:
        return [
            f"{cap(says(holder, 'have'))} the battle die in {where} rolled again; the new roll "
            "stands (WM-REROLL-03)."
        ]
    return [f"{cap(says(holder, 'keep'))} the {task.roll} in {where}."]


def _announce(step: Step[S], viewer: Player | None) -> list[str]:
    task, s = step.task, step.before
    assert isinstance(task, battle.Announce)
    result = s.data.results[task.code]
    return [f"Result {task.code} ({result.name}): {result.description}"]


def _take_loss(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s = step.task, step.action, step.after
    assert isinstance(task, battle.TakeLoss)
    if not isinstance(a, act.Lose):
        return []
    return [
        f"{cap(says(task.side, 'choose'))} {unit_text(s, a.unit, viewer)} as the loss in "
        f"{area_text(s, task.area)} (WM-DESTROY-02)."
    ]


def _destroyed(step: Step[S], viewer: Player | None) -> list[str]:
    gone = dead(step.before, step.after)
    if not gone:
        return []
    return [f"Destroyed: {units_text(step.after, gone, viewer)}."]


def _retreat(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s0, s1 = step.task, step.action, step.before, step.after
    assert isinstance(task, battle.Retreat)
    if isinstance(a, act.RetreatTo):
        return [
            f"{cap(says(other(task.side), 'retreat'))} {unit_text(s1, a.unit, viewer)} from "
            f"{area_text(s1, task.area)} to {area_text(s1, a.area)} (WM-RETREAT-01)."
        ]
    gone = dead(s0, s1)
    if not gone:
        return []
    why = (
        "it already retreated in this phase (WM-RETREAT-07)"
        if gone[0] in s0.retreated
        else "it has nowhere to retreat to (WM-RETREAT-04)"
    )
    return [f"{cap(unit_text(s1, gone[0], viewer))} is destroyed: {why}."]


def _after_battle(step: Step[S], viewer: Player | None) -> list[str]:
    gone = dead(step.before, step.after)
    if not gone:
        return []
    return [f"{cap(units_text(step.after, gone, viewer))} leave(s) the game after the battle."]


def _end_of_battle(step: Step[S], viewer: Player | None) -> list[str]:
    s0, s1 = step.before, step.after
    lines = []
    won, lost = sorted(s1.control - s0.control), sorted(s0.control - s1.control)
    if won:
        lines.append(f"The Imperial player takes control of {', '.join(won)}.")
    if lost:
        lines.append(f"The Traitor takes back control of {', '.join(lost)}.")
    if s1.screens is not None and s0.screens is None:
        lines.append(
            "The Imperial player holds the Defensive Screens: the fleet's lasers fire from "
            "his next turn."
        )
    return lines


def _sabotage(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s = step.task, step.action, step.after
    assert isinstance(task, specials.Sabotage)
    if isinstance(a, act.Detonate):
        return [f"{cap(says(task.side, 'detonate'))} the reactor in {area_text(s, a.area)}!"]
    return [] if a is None else [f"{cap(says(task.side, 'leave'))} the reactors intact."]


def _area_roll(what: str) -> Teller:
    """A die that destroys an area (a blast next to a reactor, the warp, the fleet's lasers)."""

    def tell(step: Step[S], viewer: Player | None) -> list[str]:
        a, s0, s1 = step.action, step.before, step.after
        if isinstance(a, act.Fire):
            return [f"The fleet's laser hit falls on {area_text(s1, a.area)}."]
        if not isinstance(a, act.Roll):
            return []
        if not hasattr(step.task, "tens"):
            line = f"{what}: {a.value}"
        elif step.task.tens is None:
            line = f"{what}: tens die {a.value}"
        else:
            line = f"{what}: units die {a.value}, D66 {step.task.tens}{a.value}"
        hit = [t for t in s1.tasks[len(s0.tasks) - 1 :] if isinstance(t, specials.Collapse)]
        if hit:
            line += f": {area_text(s1, hit[0].area)} is hit"
        return [line + "."]

    return tell


def _collapse(step: Step[S], viewer: Player | None) -> list[str]:
    task, s0, s1 = step.task, step.before, step.after
    assert isinstance(task, specials.Collapse)
    lines = [
        f"{cap(area_text(s1, task.area))} is destroyed; every counter in it is turned face up."
    ]
    shown = [c for side in (IMPERIAL, TRAITOR) for c in s0.units(task.area, side)]
    if shown:
        lines.append(f"In it: {units_text(s1, shown, viewer)}; each unit rolls for its life.")
    return lines


def _survivors(step: Step[S], viewer: Player | None) -> list[str]:
    a, s0, s1 = step.action, step.before, step.after
    if isinstance(a, act.Displace):
        return [
            f"{unit_text(s1, a.unit, viewer)} is moved from {area_text(s1, s0.location(a.unit))} "
            f"to {area_text(s1, a.area)}."
        ]
    return _destroyed(step, viewer)


def _gone_for_good(step: Step[S], viewer: Player | None) -> list[str]:
    task = step.task
    assert isinstance(task, specials.Destroyed)
    return [f"{cap(area_text(step.after, task.area))} is destroyed for good."]


def _breakup(step: Step[S], viewer: Player | None) -> list[str]:
    s0, s1 = step.before, step.after
    if not specials.breaking_up(s0):
        return []
    rule = s0.data.specials.ship_breakup
    why = (
        f"{s0.laser_hits} laser hits"
        if s0.laser_hits >= rule.laser_hits
        else "the Bridge and a reactor are destroyed"
    )
    line = f"The Warmaster's ship breaks up ({why})!"
    if s1.result is None:
        line += " The Emperor is still aboard and must teleport clear."
    return [line]


def _escape(step: Step[S], viewer: Player | None) -> list[str]:
    a = step.action
    assert isinstance(a, act.Roll)
    need = step.before.data.specials.ship_breakup.emperor_escape_from
    return [
        f"The Emperor tries to teleport clear of the breaking ship ({need}+ needed): {a.value}."
    ]


def _form_last(step: Step[S], viewer: Player | None) -> list[str]:
    return _group(step, viewer)


TELLERS: dict[type, Teller] = {
    flow.PlaceFaceDown: _place,
    flow.FormGroups: _form_last,
    flow.BeginTurn: _begin_turn,
    flow.Phase: _phase,
    teleport.ImperialReinforcements: _imperial_reinforcements,
    teleport.TraitorReinforcements: _traitor_reinforcements,
    teleport.ReinforcementRoll: _reinforcement_roll,
    teleport.CupDraw: _cup_draw,
    teleport.Teleport: _teleport,
    teleport.PickResult: _pick,
    teleport.LossRoll: _loss_roll,
    teleport.EffectOutcome: _effect_outcome,
    teleport.ArriveChoice: _arrive,
    teleport.FromReserve: _arrive,
    movement.MovementPhase: _movement,
    movement.Overstacked: _overstacked,
    battle.BattlePhase: _battle_phase,
    battle.AmbushDraw: _ambush_draw,
    battle.BattleRoll: _battle_roll,
    battle.RerollChoice: _reroll,
    battle.Announce: _announce,
    battle.TakeLoss: _take_loss,
    battle.ApplyLosses: _destroyed,
    battle.Retreat: _retreat,
    battle.AfterBattle: _after_battle,
    specials.EndOfBattle: _end_of_battle,
    specials.Sabotage: _sabotage,
    specials.Blast: _area_roll("Blast roll next to the reactor"),
    specials.LaserShot: _area_roll("The fleet's lasers"),
    specials.WarpRoll: _area_roll("Warp instability roll"),
    specials.WarpArea: _area_roll("The warp strikes"),
    specials.Collapse: _collapse,
    specials.Survivors: _survivors,
    specials.Destroyed: _gone_for_good,
    specials.Breakup: _breakup,
    specials.Escape: _escape,
}
"""Who tells each step of the sequence of play; a step not listed says nothing."""


def told(step: Step[S], viewer: Player | None) -> list[str]:
    """What one step did, in plain words, and the end of the game if it came with it."""
    teller = TELLERS.get(type(step.task))
    lines = teller(step, viewer) if teller is not None else []
    if step.after.result is not None and step.before.result is None:
        lines.append(outcome_text(step.after) + ".")
    return lines


def outcome_text(s: S) -> str:
    """``"Game over on turn 5: the Imperial player wins — Horus is dead"``."""
    result = s.result
    if result is None:
        return ""
    who = "a draw" if result.winner is None else f"{side_name(result.winner)} wins"
    return f"Game over on turn {s.turn}: {who} — {result.reason}"


__all__ = ["TELLERS", "battle_lines", "battle_title", "outcome_text", "told"]
