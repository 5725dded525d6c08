"""Battle for Armageddon in plain words: the :class:`~wargames.core.narration.Narrator` of the
game (what happened, who decides what and why, an attack's exact odds, the board as text and
the legend of every code).

Every step an action sets off is told from the game's own tasks (:func:`wargames.core.steps.trace`)
and its numbers come from the game's own arithmetic: the attack's totals, odds column and die
modifiers from :func:`wargames.armageddon.combat.numbers`, the result from the Combat Results
Table, the odds of a choice from :func:`wargames.armageddon.odds.attack_odds`. What a viewer
may not see (the opponent's hand, draws and unrevealed strategy plan) is never told: the
narration hides what :meth:`~wargames.armageddon.state.ArmageddonState.view` hides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from wargames.armageddon import actions as act
from wargames.armageddon import build, combat, flow, movement, phases, specials, supply
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.describe import area_text as area
from wargames.armageddon.describe import counter_text, where_we_are
from wargames.armageddon.odds import ORDER
from wargames.armageddon.state import DEAD, READY, ArmageddonState, other
from wargames.core.engine import Player
from wargames.core.narration import cap
from wargames.core.steps import Step

S = ArmageddonState
ORDINAL = ("", "first", "second", "third", "fourth")


def side_name(side: str) -> str:
    """``"the Orks"`` or ``"the Imperium"``."""
    return "the Orks" if side == ORKS else "the Imperium"


def says(side: str, verb: str) -> str:
    """``"the Orks attack"`` / ``"the Imperium attacks"``: the verb agrees with the side."""
    if side == ORKS:
        return f"the Orks {verb}"
    third = {"have": "has", "do": "does"}.get(verb, verb + ("es" if verb.endswith("s") else "s"))
    return f"the Imperium {third}"


def possessive(side: str) -> str:
    """``"the Orks'"`` or ``"the Imperium's"``."""
    return "the Orks'" if side == ORKS else "the Imperium's"


def adjective(side: str) -> str:
    """``"Ork"`` or ``"Imperial"``."""
    return "Ork" if side == ORKS else "Imperial"


def names(s: S, counters: Sequence[str]) -> str:
    return ", ".join(counter_text(s, c) for c in counters) or "nothing"


def card_name(s: S, card: str) -> str:
    spec = s.data.special.get(card)
    return spec.name if spec is not None else card


def plan_text(s: S, card: str) -> str:
    """``"orks-mc (movement, then combat)"``."""
    first, second = s.data.strategy[card].phases
    return f"{card} ({first}, then {second})"


def sees_plan(s: S, side: str, viewer: Player | None) -> bool:
    """Whether ``viewer`` may see ``side``'s strategy plan in ``s`` (its own, everything, or the
    Orks' once Astropathic Warning is in force)."""
    return viewer in (None, side) or (side == ORKS and "astropath" in s.effects)


def odds_text(n: combat.AttackNumbers) -> str:
    """``"attack 23 against defence 9: odds 2-1, column 2-1, die modifier -1 (...)"``."""
    odds = "no defence" if n.defence == 0 else f"odds {n.odds}"
    text = f"attack {n.attack} against defence {n.defence}: {odds}, column {n.column}"
    text += f", die modifier {n.modifier:+d}"
    return text + (f" ({'; '.join(n.reasons)})" if n.reasons else "")


def chances_text(dist: dict[str, Fraction]) -> str:
    """``"AE 0%, AR 17%, EX 33%, DR 33%, DE 17%"`` in the table's order."""
    return ", ".join(f"{code} {float(dist.get(code, 0)):.0%}" for code in ORDER if code in dist)


def outcome_text(s: S) -> str:
    """``"Game over after turn 8: a draw — no side has won by the end of turn 8"``."""
    result = s.result
    if result is None:
        return ""
    who = "a draw" if result.winner is None else f"{side_name(result.winner)} win"
    return f"Game over after turn {s.turn}: {who} — {result.reason}"


def battle_of(s: S) -> combat.Battle | None:
    """The attack being resolved, found in the pending steps (``None`` outside an attack)."""
    for task in reversed(s.tasks):
        found = getattr(task, "battle", None)
        if isinstance(found, combat.Battle):
            return found
    return None


def attack_title(s: S, b: combat.Battle) -> str:
    """``"the Ork attack on Hades Hive (HAD) from OT7, OT8"``."""
    return f"the {adjective(b.side)} attack on {area(s, b.target)} from {', '.join(b.stacks)}"


def gone(before: S, after: S, box: str = DEAD) -> tuple[str, ...]:
    """Counters that went into ``box`` between two states."""
    return tuple(c for c in after.in_box(box) if before.location(c) != box)


# -- what happened ------------------------------------------------------------------------------


Teller = Callable[[Step[S], Player | None], list[str]]


def _deploy(step: Step[S], viewer: Player | None) -> list[str]:
    a = step.action
    assert isinstance(a, act.Deploy)
    return [f"The Orks deploy {counter_text(step.after, a.counter)} in {area(step.after, a.area)}."]


def _deal(step: Step[S], viewer: Player | None) -> list[str]:
    a = step.action
    if not isinstance(a, act.Draw):
        return []
    if viewer in (None, a.side):
        spec = step.after.data.special[a.card]
        return [f"{cap(says(a.side, 'draw'))} the special card {spec.name} ({a.card}): {spec.text}"]
    return [f"{cap(says(a.side, 'draw'))} a special card (kept face down)."]


def _plan(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s = step.task, step.action, step.after
    assert isinstance(task, flow.PlanCards)
    if isinstance(a, act.PlayCard):
        lines = [f"The Imperium plays Astropathic Warning: {s.data.special[a.card].text}"]
        if viewer in (None, IMPERIUM, ORKS) and s.plans[0]:
            shown = ", then ".join(plan_text(s, c) for c in s.plans[0])
            lines.append(f"The Orks' strategy cards, top first: {shown}.")
        return lines
    assert isinstance(a, act.Plan)
    if sees_plan(step.before, task.side, viewer):
        return [
            f"{cap(says(task.side, 'stack'))} two strategy cards face down for turn {s.turn}: "
            f"first {plan_text(s, a.first)}, then {plan_text(s, a.second)}."
        ]
    return [f"{cap(says(task.side, 'stack'))} two strategy cards face down for turn {s.turn}."]


def _initiative(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s = step.task, step.action, step.after
    assert isinstance(task, flow.Initiative)
    if a is None:
        return [
            f"Turn {s.turn}: the Orks have the initiative without a roll "
            "(First Turn Surprise, BFA-SURPRISE-01)."
        ]
    assert isinstance(a, act.Roll)
    if task.ork_roll is None:
        return [f"Initiative: the Orks roll {a.value}."]
    if a.value == task.ork_roll:
        return [
            f"Initiative: the Imperium rolls {a.value} too; a tie is rolled again (BFA-GAP-11)."
        ]
    return [
        f"Initiative: the Imperium rolls {a.value} against the Orks' {task.ork_roll}: "
        f"{says(s.initiative or ORKS, 'have')} the initiative and act first (BFA-STRAT-05)."
    ]


def _begin_turn(step: Step[S], viewer: Player | None) -> list[str]:
    s = step.after
    line = f"Turn {s.turn} of {s.setup.turns} begins."
    arriving = s.setup.reinforcements.get(s.turn, ())
    if arriving:
        line += f" Imperial reinforcements arrive: {names(s, arriving)}."
    return [line]


def _segment(step: Step[S], viewer: Player | None) -> list[str]:
    task, s = step.task, step.after
    assert isinstance(task, flow.ActionSegment)
    side = s.acting or ORKS
    card = s.card or ""
    return [
        f"{cap(ORDINAL[task.number])} action segment: {says(side, 'reveal')} "
        f"{plan_text(s, card)} (BFA-SEQ-04)."
    ]


def _phase(step: Step[S], viewer: Player | None) -> list[str]:
    task = step.task
    assert isinstance(task, phases.BeginPhase)
    return [f"{cap(possessive(task.side))} {task.kind} phase begins."]


def _movement(step: Step[S], viewer: Player | None) -> list[str]:
    a, s0, s1 = step.action, step.before, step.after
    if isinstance(a, act.Move):
        return [
            f"{counter_text(s1, a.counter)} moves from {area(s1, s0.location(a.counter))} "
            f"to {area(s1, a.area)}."
        ]
    if isinstance(a, act.PlayCard):
        return _card_played(step, viewer)
    side = getattr(step.task, "side", ORKS)
    lines = [f"{cap(says(side, 'end'))} the movement phase."]
    for area_id in movement.overstacked(s1, side):
        lines.append(
            f"The {adjective(side)} stack in {area(s1, area_id)} breaks the stacking rules: "
            f"{says(other(side), 'destroy')} counters of it until it is legal (BFA-STACK-05)."
        )
    return lines


def _overstacked(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s = step.task, step.action, step.after
    assert isinstance(task, movement.Overstacked) and isinstance(a, act.Eliminate)
    return [
        f"{cap(says(other(task.side), 'destroy'))} {counter_text(s, a.counter)} of the "
        f"over-stacked stack in {area(s, task.area)} (BFA-STACK-05)."
    ]


def _card_played(step: Step[S], viewer: Player | None) -> list[str]:
    a, s = step.action, step.after
    assert isinstance(a, act.PlayCard)
    spec = s.data.special[a.card]
    side = spec.side
    target = ""
    if a.target:
        on_map = a.target in s.data.board
        tribe = a.target.replace("-", " ").title()
        target = f" on {area(s, a.target)}" if on_map else f" for the {tribe} tribe"
    return [f"{cap(says(side, 'play'))} {spec.name}{target}: {spec.text}"]


def _combat_phase(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s0, s1 = step.task, step.action, step.before, step.after
    assert isinstance(task, combat.CombatPhase)
    if isinstance(a, act.PlayCard):
        return _card_played(step, viewer)
    if not isinstance(a, act.Attack):
        return [f"{cap(says(task.side, 'end'))} the combat phase."]
    units = combat.attackers(s0, task.side, a.stacks)
    defenders = s0.stack(a.target, other(task.side))
    n = combat.numbers(s1, task.side, a.target, a.stacks)
    return [
        f"{cap(says(task.side, 'attack'))} {area(s1, a.target)} from {', '.join(a.stacks)} "
        f"with {names(s1, units)}.",
        f"Defending: {names(s1, defenders)}.",
        cap(odds_text(n)) + ".",
    ]


def _card_window(step: Step[S], viewer: Player | None) -> list[str]:
    """A card window before the combat die: the card played, or none."""
    if isinstance(step.action, act.PlayCard):
        return _card_played(step, viewer)
    if step.action is None:
        return []  # the window did not open: the side does not hold the card
    side = ORKS if isinstance(step.task, combat.AttackCards) else IMPERIUM
    return [f"{cap(says(side, 'play'))} no special card before the die is rolled."]


def _combat_roll(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s0 = step.task, step.action, step.before
    assert isinstance(task, combat.CombatRoll) and isinstance(a, act.Roll)
    b = task.battle
    n = combat.numbers(s0, b.side, b.target, b.stacks)
    kept = max(1, min(s0.data.crt.die_sides, a.value + n.modifier))
    again = "re-rolled combat die" if task.rerolled else "combat die"
    line = f"The {again} for {attack_title(s0, b)}: {a.value}"
    if n.modifier:
        line += f", modified {n.modifier:+d} to {kept}"
    line += f", read in column {n.column}"
    if isinstance(step.after.top, combat.RerollChoice):
        code = combat.combat_result(s0, b, a.value)
        line += f": {code} unless Ghazghkull has it re-rolled (BFA-COMBAT-20)"
    return [line + "."]


def _reroll(step: Step[S], viewer: Player | None) -> list[str]:
    task, a = step.task, step.action
    assert isinstance(task, combat.RerollChoice) and isinstance(a, act.Reroll)
    if a.reroll:
        return ["Ghazghkull has the combat die rolled again; the new roll stands (BFA-COMBAT-20)."]
    return [f"The Orks keep the {task.roll}."]


def _announce(step: Step[S], viewer: Player | None) -> list[str]:
    task, s = step.task, step.before
    assert isinstance(task, combat.Announce)
    return [f"Result {task.code}: {s.data.crt.results[task.code]}"]


def _eliminated(step: Step[S], viewer: Player | None) -> list[str]:
    dead = gone(step.before, step.after)
    return [f"Destroyed: {names(step.after, dead)}."] if dead else []


def _loss(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s = step.task, step.action, step.after
    if not isinstance(a, act.Lose):
        return []
    side = getattr(task, "side", ORKS)
    where = getattr(task, "area", s.location(a.counter))
    return [
        f"{cap(says(side, 'lose'))} {counter_text(s, a.counter)} from the stack in "
        f"{area(s, where)} (BFA-COMBAT-17)."
    ]


def _retreat(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s0, s1 = step.task, step.action, step.before, step.after
    assert isinstance(task, combat.Retreat)
    if isinstance(a, act.RetreatTo):
        return [
            f"{counter_text(s1, a.counter)} retreats from {area(s1, s0.location(a.counter))} "
            f"to {area(s1, a.area)} (BFA-RETREAT-01)."
        ]
    dead = gone(s0, s1)
    if not dead:
        return []
    c = dead[0]
    why = (
        "it has already retreated in this phase (BFA-RETREAT-09)"
        if c in s0.retreated
        else "it has nowhere to retreat to (BFA-RETREAT-05)"
    )
    return [f"{counter_text(s1, c)} is destroyed: {why}."]


def _heroic(step: Step[S], viewer: Player | None) -> list[str]:
    if step.action is None:
        return []
    if not isinstance(step.action, act.PlayCard):
        return ["The Imperium plays no special card: the result stands."]
    return [*_card_played(step, viewer), "The DR has no effect: no retreat, no ruin, no advance."]


def _ruin(step: Step[S], viewer: Player | None) -> list[str]:
    s0, s1 = step.before, step.after
    lines = []
    flipped = sorted(s1.ruined - s0.ruined)
    if flipped:
        drop = s0.build_points - s1.build_points
        lines.append(
            f"{names(s1, flipped)} {'is' if len(flipped) == 1 else 'are'} reduced to smoking "
            f"ruins; the build points drop by {drop} to {s1.build_points} (BFA-GAP-10)."
        )
    forts = gone(s0, s1)
    if forts:
        lines.append(f"Removed: {names(s1, forts)} (BFA-GAP-10).")
    return lines


def _advance(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s = step.task, step.action, step.after
    assert isinstance(task, combat.AdvanceChoice)
    if isinstance(a, act.Advance):
        return [f"{counter_text(s, a.counter)} advances into {area(s, task.battle.target)}."]
    return [f"{cap(says(task.battle.side, 'do'))} not advance (any further)."]


def _supply(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s0 = step.task, step.action, step.before
    assert isinstance(task, supply.SupplyCheck)
    if isinstance(a, act.PlayCard):
        return [*_card_played(step, viewer), "Every Ork counter is in supply at this check."]
    cut = supply.cut_off(s0, task.side)
    if not cut:
        return [f"Supply check: every {adjective(task.side)} stack is in supply (BFA-SUPPLY-01)."]
    return [
        f"Supply check: {possessive(task.side)} stacks in {', '.join(cut)} are cut off from "
        "supply (BFA-SUPPLY-02)."
    ]


def _out_of_supply(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s0, s1 = step.task, step.action, step.before, step.after
    assert isinstance(task, supply.OutOfSupply)
    if isinstance(a, act.Roll):
        fails = a.value in supply.FAIL
        verdict = "fails" if fails else "the stack survives"
        return [
            f"Survival roll for the cut-off stack in {area(s1, task.area)}: {a.value}, {verdict}."
        ]
    dead = gone(s0, s1)
    if not dead:
        return []
    return [
        f"The cut-off stack in {area(s1, task.area)} is destroyed (BFA-SUPPLY-06): "
        f"{names(s1, dead)}."
    ]


def _victory(step: Step[S], viewer: Player | None) -> list[str]:
    s0, s1 = step.before, step.after
    captured = sum(s0.hive_captured(h) for h in s0.hives())
    line = f"Victory check after turn {s0.turn}: the Orks hold {captured} captured hives (3 win)"
    line += "; Ghazghkull is " + ("in play" if s0.ghazghkull_in_play() else "gone")
    line += f", the Imperium controls {sum(s0.hive_controlled(h) for h in s0.hives())} of "
    line += f"{len(s0.hives())} hives."
    if s1.result is not None:
        return [line, outcome_text(s1) + "."]
    return [line]


def _imperial_build(step: Step[S], viewer: Player | None) -> list[str]:
    task, a, s0, s1 = step.task, step.action, step.before, step.after
    assert isinstance(task, build.ImperialBuild)
    if isinstance(a, act.Buy):
        cost = s1.data.costs[s1.spec(a.counter).kind]
        return [
            f"The Imperium buys {counter_text(s1, a.counter)} for {cost.cost} build points: it "
            f"goes on space {cost.space} of the production track (BFA-BUILD-08)."
        ]
    if isinstance(a, act.Rebuild):
        return [
            f"The Imperium pays {build.rebuild_cost(s0, a.area)} build points to rebuild the "
            f"ruins in {area(s1, a.area)}; they flip face up when the build phase ends."
        ]
    if isinstance(a, act.PlayCard):
        return _card_played(step, viewer)
    return ["The Imperium stops buying; unspent build points are lost (BFA-BUILD-05)."]


def _track(step: Step[S], viewer: Player | None) -> list[str]:
    ready = gone(step.before, step.after, READY)
    line = "The production track advances one space (BFA-BUILD-12)"
    return [line + (f"; ready: {names(step.after, ready)}." if ready else ".")]


def _emergency(step: Step[S], viewer: Player | None) -> list[str]:
    a, s = step.action, step.after
    assert isinstance(a, act.Roll) and isinstance(s.top, build.ImperialBuild)
    return [f"Emergency Production: {a.value} more build points ({s.top.points} to spend)."]


def _place(step: Step[S], viewer: Player | None) -> list[str]:
    a, s0, s1 = step.action, step.before, step.after
    if isinstance(a, act.Place):
        return [f"The Imperium places {counter_text(s1, a.counter)} in {area(s1, a.area)}."]
    rebuilt = sorted(s0.rebuilding)
    line = "The Imperial build phase is over."
    if rebuilt:
        line += f" Rebuilt: {names(s1, rebuilt)} (build points now {s1.build_points})."
    return [line]


def _arrive(step: Step[S], viewer: Player | None) -> list[str]:
    a, s0, s1 = step.action, step.before, step.after
    if isinstance(a, act.Place):
        return [f"Reinforcement {counter_text(s1, a.counter)} arrives in {area(s1, a.area)}."]
    waiting = gone(s0, s1, READY)
    if not waiting:
        return []
    return [
        f"{names(s1, waiting)} cannot be placed with an intact hive and waits in the ready box."
    ]


def _ork_build(step: Step[S], viewer: Player | None) -> list[str]:
    a, s = step.action, step.after
    if isinstance(a, act.Return):
        return [
            f"{counter_text(s, a.counter)} returns to play in {area(s, a.area)} (BFA-BUILD-17)."
        ]
    if isinstance(a, act.PlayCard):
        return _card_played(step, viewer)
    return ["The Orks end their build phase."]


def _strike(step: Step[S], viewer: Player | None) -> list[str]:
    task, a = step.task, step.action
    assert isinstance(task, specials.OrbitalStrike) and isinstance(a, act.Roll)
    hit = a.value in specials.STRIKE_HITS
    verdict = "a hit: the Orks remove one counter of their choice" if hit else "a miss"
    return [f"Orbital Strike on {area(step.after, task.area)}: {a.value}, {verdict}."]


TELLERS: dict[type, Teller] = {
    flow.DeployOrks: _deploy,
    flow.DealSpecial: _deal,
    flow.PlanCards: _plan,
    flow.Initiative: _initiative,
    flow.BeginTurn: _begin_turn,
    flow.ActionSegment: _segment,
    flow.Victory: _victory,
    phases.BeginPhase: _phase,
    movement.MovementPhase: _movement,
    movement.Overstacked: _overstacked,
    combat.CombatPhase: _combat_phase,
    combat.AttackCards: _card_window,
    combat.DefenceCards: _card_window,
    combat.CombatRoll: _combat_roll,
    combat.RerollChoice: _reroll,
    combat.Announce: _announce,
    combat.Eliminated: _eliminated,
    combat.TakeLoss: _loss,
    combat.Retreat: _retreat,
    combat.HeroicStand: _heroic,
    combat.Ruin: _ruin,
    combat.AdvanceChoice: _advance,
    supply.SupplyCheck: _supply,
    supply.OutOfSupply: _out_of_supply,
    build.ImperialBuild: _imperial_build,
    build._Moved: _track,
    build.EmergencyProduction: _emergency,
    build.PlaceReady: _place,
    build.Arrive: _arrive,
    build.OrkBuild: _ork_build,
    specials.OrbitalStrike: _strike,
}
"""Who tells each step of the sequence of play; a step not listed says nothing."""


def told(step: Step[S], viewer: Player | None) -> list[str]:
    """What one step did, in plain words."""
    teller = TELLERS.get(type(step.task))
    return teller(step, viewer) if teller is not None else []


# -- who must now choose ------------------------------------------------------------------------


CHOICES = {
    combat.TakeLoss: "choose a counter to lose",
    combat.Retreat: "choose where a counter retreats",
    combat.AdvanceChoice: "choose whether to advance",
    combat.RerollChoice: "choose whether Ghazghkull re-rolls the die",
    movement.Overstacked: "choose a counter of the over-stacked stack to destroy",
}
"""The steps of a result that wait for a player, told at the end of what happened."""


def new_choice(before: S, after: S) -> list[str]:
    """:func:`next_choice` after an action that brought a new kind of choice (not the next
    of a series: the second of three retreats says nothing)."""
    if after.tasks and type(after.top) is not type(before.top):
        return next_choice(after)
    return []


def next_choice(s: S) -> list[str]:
    """``["The Orks must now choose a counter to lose."]`` when a step of a result waits for
    a player; nothing otherwise (the prompt tells the rest)."""
    if s.result is not None or not s.tasks:
        return []
    choice = CHOICES.get(type(s.top))
    player = s.current_player
    if choice is None or player not in (ORKS, IMPERIUM):
        return []
    return [f"{cap(side_name(player))} must now {choice}."]


__all__ = [
    "ORDINAL",
    "TELLERS",
    "attack_title",
    "battle_of",
    "new_choice",
    "next_choice",
    "odds_text",
    "outcome_text",
    "sees_plan",
    "side_name",
    "told",
    "where_we_are",
]
