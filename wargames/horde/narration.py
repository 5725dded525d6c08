"""A P-Scale battle told in plain words: the :class:`~wargames.core.narration.Narrator` of the
horde game (:data:`NARRATOR`, on :data:`wargames.horde.game.GAME`).

Every die of an attack is told with its numbers, which are the engine's own
(:meth:`PScaleState.numbers <wargames.horde.state.PScaleState.numbers>`, the same
:class:`~wargames.horde.combat.attack.AttackNumbers` the odds calculator reads): the attacker
and the target, the Horde Attack term by term (the rating is WSB + half SB, HMC-STAT-03, or
BSB + half PerB, HMC-STAT-05, and its modifiers), the Defense term by term, each die, full or
partial damage (HMC-ATTACK-05), the damage sum (HMC-DAMAGE-01) and the Magnitude lost. Morale
tests give the Willpower, its modifiers, the d100 and the degrees of failure (HMC-GAP-03); what
an attack or a test changed follows (Magnitude, morale, units destroyed or routed off), then
who must now choose (a Tearing reroll, a counter-attack, a flight or a rout).

A side never learns where an enemy horde in stealth stands (HMC-TALENT-02): its squares are
left out of what that side is told, as :meth:`PScaleState.view
<wargames.horde.state.PScaleState.view>` leaves them out.

>>> import wargames
>>> state = wargames.load("horde", "mirror")
>>> NARRATOR.deciding(state, "blue")
'blue: choose the Officer whose bonus the horde has this round (HMC-OFFICER-07)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from wargames.core.engine import CHANCE, Action, GameState, Player
from wargames.core.errors import RuleViolation
from wargames.core.notation import Reroll, Roll
from wargames.horde import actions as cmd
from wargames.horde import circumstances
from wargames.horde.combat.actions import Counter
from wargames.horde.combat.odds import AttackOdds, attack_odds
from wargames.horde.combat.strikes import (
    AttackRoll,
    CounterChoice,
    DamageRoll,
    DefenceRoll,
    Strike,
    TearingChoice,
)
from wargames.horde.combat.terms import describe as terms_text
from wargames.horde.describe import GROUND, describe
from wargames.horde.flow import (
    Awareness,
    ChooseBonus,
    ReturnToHQ,
    Turn,
    awareness_observer,
    awareness_target,
)
from wargames.horde.morale_checks import (
    MoraleTest,
    degrees_of_failure,
    morale_target,
    morale_terms,
)
from wargames.horde.moves import MoveOrder
from wargames.horde.odds import attack_options
from wargames.horde.orders import Activation, Heal
from wargames.horde.reshape import SplitPlacement, SplitSize
from wargames.horde.withdrawal import RetreatLoss

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState as S
    from wargames.horde.units import Unit

ORDER_WORDS = {
    "charge": "Charge! (a Full action: move and attack in melee at +2, HMC-ORDERS-04)",
    "brace": "Brace! (a Full action: when charged it counter-attacks first, HMC-ORDERS-05)",
    "get down": "Get Down! (a Full action: Defense doubled, HMC-ORDERS-06)",
    "tactical advance": "Tactical Advance! (a Half action: a short move, HMC-ORDERS-07)",
    "rapid advance": "Rapid Advance! (a Full action: a full move, HMC-ORDERS-08)",
    "forced march": "Forced March! (a Full action: a long move at -2 to Attack and Defense, "
    "HMC-ORDERS-09)",
    "pull back": "Pull Back! (a Full action: move away from the enemy, HMC-ORDERS-10)",
    "tactical retreat": "Tactical Retreat! (a Full action, HMC-ORDERS-11)",
    "full retreat": "Full Retreat! (a Full action: off the board to its HQ, HMC-ORDERS-12)",
    "rally": "Rally! (a Free action: a morale test to end its failure, HMC-ORDERS-15)",
    "hide": "enter stealth (a Full action, in cover: the enemy cannot see it, HMC-TALENT-01)",
    "reveal": "leave stealth (a Free action, HMC-TALENT-03)",
    "sprint": "sprint (an Officer's move, HMC-OFFICER-02)",
    "leave": "leave his horde (HMC-OFFICER-05)",
    "split": "Split! (a Free action: part of the horde becomes a new horde, HMC-ORDERS-16)",
}
"""What each order means, in the rules' words."""

MORALE_WORDS = {
    "confused": "confused (one degree of failure: -10 to its tests)",
    "fleeing": "fleeing (two degrees: it must flee, Defense 0, attacks on it count a 10)",
    "routing": "routing (three or more degrees: it runs for the board edge)",
    "frenzied": "frenzied (+2 in melee, -2 at range and to Defense)",
}
REASONS = {
    "loss": "it lost a quarter of its Magnitude this round",
    "stealth": "it was hit from stealth for over 20% of its Magnitude (HMC-TALENT-05)",
    "quarter": "it is down to a quarter of its starting Magnitude (Disciplined)",
    "rally": "Rally!",
    "frenzy": "to calm its frenzy",
}
STATUS_WORDS = {
    "destroyed": "is destroyed (Magnitude 0, HMC-DAMAGE-15)",
    "routed": "routs off the field",
    "withdrawn": "withdraws from the battle",
    "merged": "merges into another horde",
    "slain": "is slain",
    "off-board": "leaves the board on a Full Retreat! (back at its HQ later)",
}


def _name(s: S, unit: str) -> str:
    """``IG1 (Imperial Guard Infantry Squad)``."""
    u = s.unit(unit)
    what = u.officer.name if u.officer is not None else u.horde.name
    return f"{unit} ({what})"


def _hidden(s: S, viewer: Player | None) -> frozenset[str]:
    """The enemy hordes whose squares ``viewer`` may not know."""
    return frozenset() if viewer is None else s.hidden_from(viewer)


def _pct(p: object) -> str:
    return f"{100 * float(p):.0f}%"  # type: ignore[arg-type]


def odds_words(odds: AttackOdds) -> str:
    """An attack's exact odds in a few words: full damage, expected loss, destroyed."""
    n = odds.numbers
    return (
        f"Attack {n.attack} vs Defense {n.defence}: full damage {_pct(odds.full)}, "
        f"expected loss {float(odds.expected_loss):.1f} Magnitude, "
        f"destroys {_pct(odds.destroyed)}"
    )


# -- attacks --------------------------------------------------------------------------------


def _opening(s: S, strike: Strike) -> str:
    """Who attacks whom, how, and with what numbers."""
    n = s.numbers(strike)
    how = "counter-attacks" if strike.counter else "charges" if strike.charge else "attacks"
    kind = "in melee" if strike.kind == "melee" else "at range"
    return (
        f"{_name(s, strike.striker)} {how} {_name(s, strike.target)} {kind} with "
        f"{n.weapon.name}: Attack {n.attack} ({terms_text(n.attack_terms)}) against "
        f"Defense {n.defence} ({terms_text(n.defence_terms)})"
    )


def _attack_die(s: S, strike: Strike, die: int) -> list[str]:
    n = s.numbers(strike)
    return [
        _opening(s, strike),
        f"  attack die {die}: {die} + Attack {n.attack} = {die + n.attack} (HMC-ATTACK-02)",
    ]


def _defence_die(s: S, strike: Strike, die: int) -> list[str]:
    n = s.numbers(strike)
    lines = []
    attack_die = strike.attack_die or 0
    if n.fixed_attack_die:
        state = s.unit(strike.target).morale or "fleeing"
        lines += [
            _opening(s, strike),
            f"  {strike.target} is {state}: the attack die counts 10 (HMC-MORALE-10)",
        ]
    hit = n.hit(attack_die, die)
    verdict = "beats" if hit == "full" else "does not beat"
    lines.append(
        f"  {strike.target}'s defence die {die}: {die} + Defense {n.defence} = "
        f"{die + n.defence}; {attack_die + n.attack} {verdict} it: {hit} damage "
        "(HMC-ATTACK-05)"
    )
    return lines


def _damage_die(s: S, task: DamageRoll, die: int) -> list[str]:
    strike = task.strike
    formula = task.formula(s)
    if task.again == "best":
        die = max(die, strike.first_die or 0)
    again = {"reroll": " (Tearing reroll)", "best": " (the better of two)"}.get(task.again, "")
    return [f"  damage die{again}: {formula.explain(die)}"]


def _strike_step(s: S, task: object, value: int) -> list[str]:
    if isinstance(task, AttackRoll):
        return _attack_die(s, task.strike, value)
    if isinstance(task, DefenceRoll):
        return _defence_die(s, task.strike, value)
    if isinstance(task, DamageRoll):
        return _damage_die(s, task, value)
    return []


def _morale_test(s: S, task: MoraleTest, roll: int) -> list[str]:
    u = s.unit(task.unit)
    target = morale_target(s, u, task.reason, task.blocked)
    terms = morale_terms(s, u, task.reason, task.blocked)
    mods = "".join(f", {term}" for term in terms)
    degrees = degrees_of_failure(roll, target)
    verdict = "passed" if not degrees else f"failed by {degrees} degree{'s' * (degrees > 1)}"
    if task.reason == "rally":
        verdict += ": it rallies" if not degrees else f": it is still {u.morale}"
    elif task.reason == "frenzy":
        verdict += ": it calms down" if not degrees else ": it stays frenzied"
    return [
        f"{_name(s, u.id)} tests morale ({REASONS[task.reason]}): d100 {roll} against "
        f"{target} (Willpower {u.horde.willpower}{mods}): {verdict} (HMC-GAP-03)"
    ]


def _chance(s: S, roll: int, viewer: Player | None) -> list[str]:
    task = s.top
    found = _strike_step(s, task, roll)
    if found:
        return found
    if isinstance(task, MoraleTest):
        return _morale_test(s, task, roll)
    if isinstance(task, Awareness):
        return _awareness(s, task, roll, viewer)
    if isinstance(task, Heal):
        return [f"a Medic tends {_name(s, task.officer)}: 1d5 {roll} wounds back"]
    if isinstance(task, RetreatLoss):
        return [f"{_name(s, task.unit)} finds every path home blocked: it loses 1d5 = {roll}"]
    return [f"roll {roll}"]


def _awareness(s: S, task: Awareness, roll: int, viewer: Player | None) -> list[str]:
    """An Awareness test (HMC-TALENT-02): the hider's side (and a full replay) learns who
    looked and against what; the seeker only learns whether it found anything."""
    u = s.unit(task.unit)
    if viewer is not None and viewer != u.side:
        return [f"{viewer} looks for hordes in stealth: d100 {roll} (HMC-TALENT-02)"]
    observer = awareness_observer(s, u) if u.square is not None else None
    if observer is None:
        return [f"{u.id} stays hidden in stealth: no enemy horde is near enough to see it"]
    target = awareness_target(observer)
    found = "found: it is out of stealth" if roll <= target else "not found"
    return [
        f"{observer.id} looks for {u.id} in stealth: d100 {roll} against its Perception "
        f"{target}: {found} (HMC-TALENT-02, HMC-GAP-20)"
    ]


# -- decisions ------------------------------------------------------------------------------


def _decision(s: S, action: Action, t: S, viewer: Player | None) -> list[str]:
    hidden = _hidden(s, viewer)
    if isinstance(action, cmd.Activate):
        return [f"{s.unit(action.unit).side} activates {_name(s, action.unit)}"]
    if isinstance(action, cmd.Done):
        return [f"{action.unit}'s activation ends"]
    if isinstance(action, cmd.EndTurn):
        return [f"{s.current_player} gives no more orders this round"]
    if isinstance(action, cmd.Attack):
        return [f"{action.unit}: Attack Target! {action.target} ({action.kind}, a Half action)"]
    if isinstance(action, cmd.Order):
        words = ORDER_WORDS.get(action.order, action.order)
        target = f" at {action.target}" if action.target else ""
        return [f"{action.unit}: {words}{target}"]
    if isinstance(action, cmd.MoveTo | cmd.Flee | cmd.Rout):
        return _moved(s, action, hidden, action.unit not in _hidden(t, viewer))
    if isinstance(action, Counter):
        task = s.top
        assert isinstance(task, CounterChoice)
        who = task.attack.target
        return [f"{who} {'counter-attacks' if action.attack else 'holds (no counter-attack)'}"]
    if isinstance(action, Reroll):
        return [f"Tearing: {'reroll the damage die' if action.reroll else 'keep the damage die'}"]
    if isinstance(action, cmd.Split):
        return [f"{action.unit} splits off a new horde of Magnitude {action.magnitude} (Split!)"]
    if isinstance(action, cmd.Place):
        return [f"the new horde {action.unit} stands at {action.square} (HMC-ORDERS-16)"]
    if isinstance(action, cmd.Return):
        return [f"{action.unit} is back from its Full Retreat! at {action.square} in its HQ"]
    if isinstance(action, cmd.Merge):
        return [f"{action.other} merges into {action.unit} (Merge!, HMC-ORDERS-17)"]
    if isinstance(action, cmd.Join):
        return [f"Officer {action.officer} joins {action.horde} (HMC-OFFICER-05)"]
    if isinstance(action, cmd.Bonus):
        return [f"{action.horde} takes the bonus of Officer {action.officer} this round"]
    if isinstance(action, cmd.Medicae):
        return [f"{action.unit}'s Medic tends Officer {action.officer} (HMC-SPECIALIST-08)"]
    return []


def _moved(
    s: S, action: cmd.MoveTo | cmd.Flee | cmd.Rout, hidden: frozenset[str], seen: bool
) -> list[str]:
    """A move; a horde the viewer could not see is told only as far as it is seen now
    (``seen``: it is out of stealth after the move)."""
    u = s.unit(action.unit)
    if u.id in hidden:
        if seen and action.square is not None:
            return [f"{u.id} comes out of stealth at {action.square}"]
        return [f"{u.id} moves unseen (in stealth)"]
    if isinstance(action, cmd.Rout) and action.square is None:
        return []  # the change says it: it routs off the field
    verb = {cmd.Flee: "flees", cmd.Rout: "routs"}.get(type(action), "moves")
    return [f"{u.id} {verb} {s.location(u)} -> {action.square}"]


# -- what changed ---------------------------------------------------------------------------


def _changes(before: S, after: S, viewer: Player | None) -> list[str]:
    """What the step did to the units: Magnitude, morale, units gone or back."""
    out = []
    tested = before.tasks and isinstance(before.top, MoraleTest)
    hidden = _hidden(after, viewer) | _hidden(before, viewer)
    for b in before.units:
        if b.id not in after:
            continue
        a = after.unit(b.id)
        if a.magnitude < b.magnitude and a.status not in ("merged",):
            lost = b.magnitude - a.magnitude
            size = ("wound" if lost == 1 else "wounds") if a.is_officer else "Magnitude"
            out.append(
                f"{b.id} loses {lost} {size} ({a.magnitude}/{a.horde.starting_magnitude} left)"
            )
        elif a.magnitude > b.magnitude and a.is_officer:
            out.append(f"{b.id} has {a.magnitude} wounds again")
        if a.status != b.status and a.status in STATUS_WORDS:
            out.append(f"{b.id} {STATUS_WORDS[a.status]}")
        elif a.morale != b.morale:
            out.append(_morale_change(b, a, bool(tested)))
        if b.stealthed != a.stealthed and a.id not in hidden:
            out.append(f"{b.id} {'is in stealth' if a.stealthed else 'is out of stealth'}")
        if b.square is None and a.square is not None and b.status == "off-board":
            out.append(f"{b.id} is back on the board at {a.square}")
    return out


def _morale_change(b: Unit, a: Unit, tested: bool) -> str:
    if a.morale == "routing" and not tested and 4 * a.magnitude <= a.horde.starting_magnitude:
        return (
            f"{a.id} is down to a quarter of its starting Magnitude: it breaks and routs "
            "without a test (HMC-GAP-03)"
        )
    if not a.morale:
        return f"{a.id} is in good order again (no longer {b.morale})"
    return f"{a.id} is now {MORALE_WORDS.get(a.morale, a.morale)}"


# -- who decides ----------------------------------------------------------------------------


def _deciding(s: S, viewer: Player | None) -> str:
    player = s.current_player
    if player is None:
        return f"the battle is over: {s.outcome}"
    if player == CHANCE:
        task = s.top
        text = task.describe(s)
        return f"the dice: {text}"
    task = s.top
    why = _why(s, task, viewer)
    return f"{player}: {why}"


def _why(s: S, task: object, viewer: Player | None) -> str:
    if isinstance(task, Turn):
        return (
            f"activate one of its units (or pass for the rest of round {s.round}); "
            f"{s.initiative} has the initiative"
        )
    if isinstance(task, Activation):
        return _activation(s, task, viewer)
    if isinstance(task, MoveOrder):
        what = ORDER_WORDS.get(task.order, task.order).split(" (")[0]
        target = f" toward {task.target}" if task.target else ""
        u = s.unit(task.unit)
        start = "" if u.id in _hidden(s, viewer) else f" (from {u.square})"
        return f"choose the square where {task.unit}'s {what}{target} ends{start}"
    if isinstance(task, TearingChoice):
        strike = task.strike
        return (
            f"{strike.striker}'s Tearing weapon: reroll the damage die of {strike.damage_die} "
            "(the new roll stands) or keep it (HMC-WEAPON-05)"
        )
    if isinstance(task, CounterChoice):
        a = task.attack
        first = " first, before the charge (Brace!)" if task.first else " at -2"
        return (
            f"{a.target} was attacked in melee by {a.striker}: counter-attack{first} or hold "
            "(HMC-COUNTER-01)"
        )
    if isinstance(task, ChooseBonus):
        return "choose the Officer whose bonus the horde has this round (HMC-OFFICER-07)"
    if isinstance(task, ReturnToHQ):
        return "choose where the horde back from its Full Retreat! reappears in its HQ"
    if isinstance(task, SplitSize):
        return "choose the Magnitude of the new horde (Split!, HMC-ORDERS-16)"
    if isinstance(task, SplitPlacement):
        return "choose the square of the new horde (Split!, HMC-ORDERS-16)"
    describe_task = getattr(task, "describe", None)
    return str(describe_task(s)) if describe_task is not None else type(task).__name__


def _activation(s: S, task: Activation, viewer: Player | None) -> str:
    u = s.unit(task.unit)
    left = 2 - task.spent
    where = f" at {u.square}" if u.square and u.id not in _hidden(s, viewer) else ""
    if u.morale == "fleeing":
        return f"{task.unit}{where} is fleeing: it must flee away from the enemy (HMC-GAP-03)"
    if u.morale == "routing":
        return f"{task.unit}{where} is routing: it must run toward the board edge or off it"
    state = f" ({u.morale})" if u.morale else ""
    return (
        f"orders for {_name(s, task.unit)}{where}{state}: {left} Half action"
        f"{'s' * (left != 1)} left (a Full order costs 2, HMC-ORDERS-19), or done"
    )


class HordeNarrator:
    """The narration of a P-Scale battle (see the module docstring)."""

    def happened(
        self, before: GameState, action: Action, after: GameState, viewer: Player | None
    ) -> Sequence[str]:
        """The dice of an attack with their numbers, a morale test, an order; then what
        changed and who must now choose."""
        s, t = _battle(before), _battle(after)
        if s.current_player == CHANCE and isinstance(action, Roll):
            lines = _chance(s, action.value, viewer)
        else:
            lines = _decision(s, action, t, viewer)
        changes = _changes(s, t, viewer)
        kept = isinstance(s.top, TearingChoice) and action == Reroll(False)
        if (kept or isinstance(s.top, DamageRoll)) and not changes and not _is_prompt(t):
            changes = ["no Magnitude lost"]
        lines += [f"  {line}" for line in changes]
        if t.round != s.round and t.outcome is None:
            lines.append(f"Round {t.round} of {t.rounds} begins: {t.initiative} has the initiative")
        if t.outcome is not None:
            lines.append(f"The battle is over: {t.outcome}")
        elif _is_prompt(t):
            lines.append(f"  now {_deciding(t, viewer)}")
        return lines

    def deciding(self, state: GameState, viewer: Player | None) -> str:
        return _deciding(_battle(state), viewer)

    def note(self, state: GameState, action: Action) -> str:
        """An Attack Target!'s exact odds (and the counter-attack's), a Charge!'s if it
        reaches, an order's meaning."""
        s = _battle(state)
        if isinstance(action, cmd.Attack):
            for option in attack_options(s, action.unit):
                if option.action == action:
                    return odds_words(option.odds)
            return ""
        if isinstance(action, cmd.Order) and action.order == "charge" and action.target:
            return _charge_note(s, action)
        if isinstance(action, cmd.Order):
            return ORDER_WORDS.get(action.order, "")
        return ""

    def board(self, state: GameState, viewer: Player | None) -> str:
        s = _battle(state)
        text = describe(s if viewer is None else s.view(viewer))
        return "\n".join(x for x in text.splitlines() if not x.startswith("waiting for:"))

    def legend(self, state: GameState) -> Sequence[tuple[str, str]]:
        """The map characters and terms (:data:`LEGEND`), then every unit's id."""
        s = _battle(state)
        units = [(u.id, f"{u.side}: {u.label().split(' ', 1)[1]}") for u in s.units]
        return [*LEGEND, *units]


def _is_prompt(t: S) -> bool:
    """Whether the next decision is one a combat forces (a Tearing reroll, a counter-attack,
    a flight or a rout): worth saying after the die that caused it."""
    top = t.top if t.tasks else None
    return isinstance(top, TearingChoice | CounterChoice)


def _charge_note(s: S, action: cmd.Order) -> str:
    assert action.target is not None
    a, d = s.unit(action.unit), s.unit(action.target)
    strike = Strike(a.id, d.id, "melee", charge=True)
    try:
        odds = attack_odds(a.horde, d.horde, "melee", circumstances.context(s, strike), s.rules)
    except RuleViolation:  # the rules forbid this charge's attack: no note
        return ""
    return f"if it reaches: {odds_words(odds)}"


def _battle(state: GameState) -> S:
    from wargames.horde.state import PScaleState

    assert isinstance(state, PScaleState), f"not a horde state: {type(state).__name__}"
    return state


LEGEND: tuple[tuple[str, str], ...] = (
    *((mark, f"map: {ground} ground") for ground, mark in GROUND.items() if ground != "woods"),
    ("%", "map: ruins or woods"),
    ("B / R", "map: a blue / red horde (lower case b / r: in stealth)"),
    ("+", "map: Officers alone in a square"),
    ("o", "map: an objective square"),
    ("h", "map: a square of an HQ area"),
    ("*", "map: a command post"),
    ("05-07", "a square: column 5, row 7"),
    ("Magnitude", "a horde's size; it fights with its current Magnitude (HMC-DAMAGE-02)"),
    ("Half / Full / Free", "what an order costs of a unit's two Half actions (HMC-ORDERS-19)"),
    (
        "Attack",
        "the Horde Attack: WSB + half SB (melee) or BSB + half PerB (ranged), "
        "with its modifiers (HMC-STAT-03, -05)",
    ),
    ("Defense", "TB + AgB with its modifiers (HMC-STAT-01)"),
    (
        "full / partial",
        "full damage when die + Attack beats die + Defense, else partial (1d5; HMC-ATTACK-05)",
    ),
    *((state, words) for state, words in MORALE_WORDS.items()),
    ("Brace! / Get Down! / Forced March!", "orders still in force on the unit"),
)
"""Every code of the horde game's text: the map characters, squares, ratings, morale."""

NARRATOR = HordeNarrator()
"""The horde game's narrator (on :data:`wargames.horde.game.GAME`)."""

__all__ = ["LEGEND", "NARRATOR", "HordeNarrator", "odds_words"]
