"""What each pending decision of Battle for Armageddon asks, in the rules' words: who decides,
what, and why (the narrator's :meth:`deciding`, the terminal's prompt header).

A card window (Tunnel Rats, Thunderbolt Wing, Heroic Stand, Looted Supplies) opens only when
its side holds the card, so to the other side it is told without the card's name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wargames.armageddon import actions as act
from wargames.armageddon import build, combat, flow, movement, specials, supply
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.describe import area_text as area
from wargames.armageddon.describe import counter_text, where_we_are
from wargames.armageddon.narration import (
    ORDINAL,
    attack_title,
    battle_of,
    card_name,
    chances_text,
    odds_text,
    outcome_text,
    plan_text,
    side_name,
)
from wargames.armageddon.odds import attack_odds
from wargames.armageddon.state import UNPLACED, ArmageddonState, other
from wargames.core.engine import CHANCE, Action, Player
from wargames.core.narration import cap
from wargames.core.tasks import Task

S = ArmageddonState
Prompt = Callable[[S, Task[Any], Player | None], str]


def _who(side: str) -> str:
    return "Orks" if side == ORKS else "Imperium"


def _segment(s: S) -> str:
    card = f"card {s.card}, " if s.card else ""
    return f"({card}{ORDINAL[s.segment]} action segment, turn {s.turn})"


def _context(s: S, odds: bool = False) -> str:
    """The attack being resolved (with its odds before the die is rolled), or nothing
    outside an attack."""
    b = battle_of(s)
    if b is None:
        return ""
    if not odds:
        return f" — {attack_title(s, b)}"
    n = combat.numbers(s, b.side, b.target, b.stacks)
    return f" — {attack_title(s, b)}: {odds_text(n)}"


def _deploy(s: S, task: Task[Any], viewer: Player | None) -> str:
    waiting = s.in_box(UNPLACED, ORKS)
    return (
        f"Orks: deploy {counter_text(s, waiting[0])} in an area of Ork territory, tribes kept "
        f"apart ({len(waiting)} counters left to place, BFA-SETUP-07)"
    )


def _plan(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, flow.PlanCards)
    return (
        f"{_who(task.side)}: choose two strategy cards for turn {s.turn}, the first to be played "
        "first; each names the two phases of one action segment (BFA-STRAT-03)"
    )


def _movement(s: S, task: Task[Any], viewer: Player | None) -> str:
    side = getattr(task, "side", ORKS)
    return (
        f"{_who(side)}, movement phase {_segment(s)}: move counters up to their movement, "
        "or end the phase (BFA-MOVE-02)"
    )


def _overstacked(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, movement.Overstacked)
    return (
        f"{_who(other(task.side))}: the {task.side} stack in {area(s, task.area)} breaks the "
        "stacking rules; choose a counter of it to destroy (BFA-STACK-05)"
    )


def _combat(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, combat.CombatPhase)
    return (
        f"{_who(task.side)}, combat phase {_segment(s)}: attack an adjacent enemy stack with "
        "whole stacks (each stack and each enemy area once), or end the phase (BFA-COMBAT-01)"
    )


def _card(card: str, why: str, before_roll: bool = True) -> Prompt:
    """The prompt of a card window (the odds shown while the die is still to roll)."""

    def prompt(s: S, task: Task[Any], viewer: Player | None) -> str:
        side = s.data.special[card].side
        about = _context(s, before_roll)
        if viewer not in (None, side):
            return f"{_who(side)}: a special card may be played now{about}"
        return f"{_who(side)}: play {s.data.special[card].name} ({why})?{about}"

    return prompt


def _reroll(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, combat.RerollChoice)
    code = combat.combat_result(s, task.battle, task.roll)
    return (
        f"Orks: Ghazghkull may have the combat die rolled again once (BFA-COMBAT-20) — "
        f"{attack_title(s, task.battle)} rolled {task.roll}, result {code} "
        f"({s.data.crt.results[code].split(':')[0]}). reroll (the new roll stands) or keep?"
    )


def _loss(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, combat.TakeLoss)
    why = "the Orbital Strike hit" if battle_of(s) is None else "exchange result" + _context(s)
    return (
        f"{_who(task.side)}: choose the counter lost from your stack in {area(s, task.area)} "
        f"(BFA-COMBAT-17) — {why}"
    )


def _retreat(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, combat.Retreat)
    c = task.counters[0]
    more = len(task.counters) - 1
    left = f"; {more} more to retreat after it" if more else ""
    return (
        f"{_who(task.side)}: retreat {counter_text(s, c)} one area from "
        f"{area(s, s.location(c))}, away from enemy stacks (BFA-RETREAT-01){left}{_context(s)}"
    )


def _advance(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, combat.AdvanceChoice)
    b = task.battle
    return (
        f"{_who(b.side)}: advance attacking counters of movement 2 or more into the emptied "
        f"{area(s, b.target)}, or stop (BFA-COMBAT-19)"
    )


def _imperial_build(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, build.ImperialBuild)
    return (
        f"Imperium, build phase {_segment(s)}: {task.points} build points to spend: buy "
        "counters onto the production track or rebuild held ruins; unspent points are lost "
        "(BFA-BUILD-05)"
    )


def _place(s: S, task: Task[Any], viewer: Player | None) -> str:
    return (
        "Imperium: place the ready counters with an intact hive or factory, or end the build "
        "phase (what is not placed stays ready, BFA-BUILD-15)"
    )


def _arrive(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, build.Arrive)
    return (
        f"Imperium: reinforcement {counter_text(s, task.counters[0])} arrives: place it with "
        "an intact hive (BFA-BUILD-15)"
    )


def _ork_build(s: S, task: Task[Any], viewer: Player | None) -> str:
    assert isinstance(task, build.OrkBuild)
    return (
        f"Orks, build phase {_segment(s)}: {task.left} destroyed counter(s) may return to a "
        "held smoking ruin or an Ork supply area (one per pair of ruins held, BFA-BUILD-17)"
    )


def _looted(s: S, task: Task[Any], viewer: Player | None) -> str:
    cut = ", ".join(supply.cut_off(s, ORKS))
    if viewer not in (None, ORKS):
        return f"Orks: a special card may be played before the supply check (cut off: {cut})"
    return (
        f"Orks: play Looted Supplies before the supply check? The stacks in {cut} are cut "
        "off (BFA-SUPPLY-01)"
    )


PROMPTS: dict[type, Prompt] = {
    flow.DeployOrks: _deploy,
    flow.PlanCards: _plan,
    movement.MovementPhase: _movement,
    movement.Overstacked: _overstacked,
    combat.CombatPhase: _combat,
    combat.AttackCards: _card("tunnel-rats", "the hive adds nothing to the defence"),
    combat.DefenceCards: _card("thunderbolt-wing", "-1 to the Ork combat die"),
    combat.HeroicStand: _card("heroic-stand", "the DR result is cancelled", before_roll=False),
    combat.RerollChoice: _reroll,
    combat.TakeLoss: _loss,
    combat.Retreat: _retreat,
    combat.AdvanceChoice: _advance,
    build.ImperialBuild: _imperial_build,
    build.PlaceReady: _place,
    build.Arrive: _arrive,
    build.OrkBuild: _ork_build,
    supply.SupplyCheck: _looted,
}
"""What each step waiting for a player asks."""


def _chance(s: S) -> str:
    task = s.top
    if isinstance(task, combat.CombatRoll):
        return f"the combat die is rolled{_context(s, True)}"
    if isinstance(task, flow.DealSpecial):
        return f"a special card is dealt to {side_name(task.side)} (BFA-CARDS-01)"
    if isinstance(task, flow.Initiative):
        who = "the Orks" if task.ork_roll is None else "the Imperium"
        return f"{who} roll for the initiative (BFA-STRAT-05)"
    if isinstance(task, supply.OutOfSupply):
        return f"survival roll for the cut-off stack in {area(s, task.area)} (1-3 fails)"
    if isinstance(task, build.EmergencyProduction):
        return "Emergency Production: a D6 of extra build points"
    if isinstance(task, specials.OrbitalStrike):
        return f"Orbital Strike on {area(s, task.area)}: a hit on 5 or 6"
    return f"chance decides: {task.describe(s)}"


def deciding(s: S, viewer: Player | None) -> str:
    """Who decides what now, and why (see the module docstring)."""
    player = s.current_player
    if player is None:
        return outcome_text(s)
    if player == CHANCE:
        return cap(_chance(s))
    prompt = PROMPTS.get(type(s.top))
    if prompt is None:
        return f"{_who(player)} to decide ({where_we_are(s)})"
    return prompt(s, s.top, viewer)


def note(s: S, action: Action) -> str:
    """The note beside a choice: an attack's exact odds (the odds calculator's), a plan's
    phases, a card's effect, a purchase's cost."""
    side = s.current_player
    if isinstance(action, act.Attack) and side in (ORKS, IMPERIUM):
        n = combat.numbers(s, side, action.target, action.stacks)
        units = combat.attackers(s, side, action.stacks)
        dist = attack_odds(n.attack, n.defence, n.modifier, data=s.data)
        odds = f"odds {n.odds}" if n.defence else "no defence"
        text = f"{n.attack} vs {n.defence}: {odds}, column {n.column}, die {n.modifier:+d}: "
        text += chances_text(dist)
        if side == ORKS and "ghazghkull" in units:
            text += "; Ghazghkull may re-roll"
        return text
    if isinstance(action, act.Plan):
        return f"{plan_text(s, action.first)}, then {plan_text(s, action.second)}"
    if isinstance(action, act.PlayCard):
        return card_name(s, action.card) + ": " + s.data.special[action.card].text
    if isinstance(action, act.Buy):
        cost = s.data.costs[s.spec(action.counter).kind]
        return f"{counter_text(s, action.counter)}: {cost.cost} points, ready in {cost.space}"
    if isinstance(action, act.Rebuild):
        return f"{build.rebuild_cost(s, action.area)} build points"
    if isinstance(action, (act.Move, act.Deploy, act.Place, act.Return, act.RetreatTo)):
        return s.data.board[action.area].name if action.area in s.data.board else ""
    if isinstance(action, (act.Lose, act.Eliminate, act.Advance)):
        return counter_text(s, action.counter)
    return ""


__all__ = ["PROMPTS", "deciding", "note"]
