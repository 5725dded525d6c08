"""A greedy commander for the P-Scale battle, playing from its own view of the state.

It looks one decision ahead and values attacks by their exact odds
(:mod:`wargames.horde.odds`, :mod:`wargames.horde.combat.odds`):

* **Focus fire.** Every Attack Target! is worth the Magnitude it is expected to take off the
  target, more for a target already weakened (finishing hordes breaks armies) and for a
  dangerous one (the expected loss its own best attack would inflict), plus a bonus for the
  chance of destroying it; in melee the expected loss of the counter-attack is taken off.
* **Charge at good odds.** A Charge! is valued like a melee attack with its +2 (the attack and
  the counter-attack, exact joint odds), and made only when it beats shooting by a margin.
* **Rally** fleeing, routing and confused hordes first (a Free order); fleeing and routing moves
  go where the enemy is farthest and allies nearest, staying on the board when it can.
* **Support.** Every move prefers squares next to allied hordes (the +10 Willpower of an
  adjacent ally, HMC-GAP-03), in cover, and out of reach of enemies it does not mean to fight.
* **Brace!** when an enemy charge or melee attack threatens more than it could gain by
  attacking; **pull back** (or retreat) hordes below a third of their starting Magnitude that
  are threatened.
* **Objectives.** Hordes advance on the nearest control objective (or the nearest enemy when
  there is none) with a Half move and still shoot; in the last rounds they run for the
  objective squares.
* Officers stay with their hordes (a lone Officer joins the nearest one); the Officer bonus
  prefers Into the Jaws of Hell (Fearless); counter-attacks are always made; Tearing rerolls a
  damage die below its mean; hordes never split.

Ties are broken by the agent's own seeded generator: the same seed and views give the same
actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np

from wargames.core.engine import Action, GameState
from wargames.core.errors import RuleViolation, UnknownPlayerError
from wargames.horde import actions as cmd
from wargames.horde import circumstances, close_combat, visibility
from wargames.horde.combat.odds import AttackOdds, engagement_odds
from wargames.horde.combat.strikes import Strike
from wargames.horde.odds import AttackOption, Threat, attack_options, threats
from wargames.horde.state import PScaleState
from wargames.horde.units import Unit

S = PScaleState
T = TypeVar("T")

CHARGE_MARGIN = 1.5
"""How much a Charge! must be worth over the best shot (in weighted Magnitude) to be made."""
MIN_CHARGE = 3.0
"""The least a Charge! must be worth."""
LOW = 1 / 3
"""Below this share of its starting Magnitude a threatened horde pulls back."""
ENDGAME = 3
"""In the last rounds hordes run for the objectives."""


def mean_loss(odds: AttackOdds) -> float:
    return float(odds.expected_loss)


class HordeGreedy:
    """The greedy commander of one side (see the module docstring)."""

    def __init__(self, seed: int | None = None, side: str = "blue") -> None:
        self.rng = np.random.default_rng(seed)
        self.side = side

    def __repr__(self) -> str:
        return f"HordeGreedy(side={self.side!r})"

    def act(self, view: GameState) -> Action:
        assert isinstance(view, PScaleState)
        s = view
        legal = s._legal_tuple()
        if not legal:
            raise ValueError("no legal action to choose from")
        handler: Callable[[S, Sequence[Action]], Action] | None = getattr(
            self, "_" + type(s.top).__name__, None
        )
        choice = handler(s, legal) if handler is not None else None
        return choice if choice is not None else legal[0]

    # -- helpers ---------------------------------------------------------------------------

    def _best(self, items: Sequence[T], value: Callable[[T], float]) -> T:
        """The item of highest value; ties broken at random (seeded)."""
        scored = [(value(i), i) for i in items]
        top = max(v for v, _ in scored)
        best = [i for v, i in scored if v >= top - 1e-9]
        return best[int(self.rng.random() * len(best))] if len(best) > 1 else best[0]

    def enemies(self, s: S, side: str) -> list[Unit]:
        return [e for e in visibility.visible_enemies(s, side) if s.location(e) is not None]

    def goals(self, s: S, u: Unit) -> list[str]:
        """Where ``u`` heads: the control objectives' squares, else the enemies' squares."""
        squares = [sq for o in s.setup.objectives if o.kind == "control" for sq in o.squares]
        if not squares:
            squares = [sq for e in self.enemies(s, u.side) if (sq := s.location(e))]
        return sorted(squares)

    def goal_distance(self, s: S, u: Unit, square: str) -> int:
        goals = self.goals(s, u)
        return min((s.field.distance(square, g) for g in goals), default=0)

    def endgame(self, s: S) -> bool:
        return s.round > s.rounds - ENDGAME

    def weight(self, s: S, target: Unit) -> float:
        """What one Magnitude off ``target`` is worth: more when weakened or dangerous."""
        start = max(1, target.horde.starting_magnitude)
        worn = 1.0 - target.magnitude / start
        return 1.0 + 0.6 * worn + (0.5 if target.is_officer else 0.0)

    def attack_value(self, s: S, option: AttackOption) -> float:
        target = s.unit(option.action.target)
        w = self.weight(s, target)
        value = w * mean_loss(option.odds) + 0.4 * target.magnitude * float(option.odds.destroyed)
        if option.engagement is not None:
            value -= float(option.engagement.expected("attacker"))
        return value

    def charge_value(self, s: S, u: Unit, target: Unit) -> float:
        """The weighted Magnitude a Charge! on ``target`` is expected to win."""
        strike = Strike(u.id, target.id, "melee", charge=True)
        try:
            eng = engagement_odds(
                u.horde, target.horde, "melee", circumstances.context(s, strike), s.rules
            )
        except RuleViolation:
            return -1e9
        w = self.weight(s, target)
        gain = w * float(eng.expected("defender"))
        gain += 0.4 * target.magnitude * float(eng.attack.destroyed)
        return gain - float(eng.expected("attacker"))

    def danger(self, s: S, u: Unit) -> tuple[float, list[Threat]]:
        """The expected Magnitude the worst enemy attack would take off ``u``."""
        try:
            found = threats(s, u.id)
        except RuleViolation:
            return 0.0, []
        worst = max((mean_loss(t.odds) for t in found), default=0.0)
        return worst, found

    def square_value(self, s: S, u: Unit, square: str, mode: str) -> float:
        """How good ``square`` is for ``u``: ``advance`` (toward the goal), ``away`` (from
        the enemy), ``charge`` (next to the target)."""
        field = s.field
        allies = 0
        foes = 0
        for n in field.steps[square]:
            h = s.horde_at(n)
            if h is not None and h.id != u.id:
                if h.side == u.side:
                    allies += 1
                elif h.id not in s.hidden_from(u.side):
                    foes += 1
        enemies = self.enemies(s, u.side)
        near = min(
            (field.distance(square, sq) for e in enemies if (sq := s.location(e))), default=9
        )
        value = 1.0 * min(allies, 2) + 1.2 * field.cover(square)
        if mode == "away":
            return value + 2.0 * near - 0.3 * field.hq_distance(u.side, square)
        dist = self.goal_distance(s, u, square)
        value -= 2.0 * dist
        if mode == "advance":
            value -= 3.0 * foes
            if u.horde.weapons_of("ranged") and enemies:
                sees = any(
                    visibility.sees(s, u.side, square, sq) for e in enemies if (sq := s.location(e))
                )
                value += 1.5 * sees
        else:
            value -= 1.5 * max(0, foes - 1)
        return value

    # -- whose turn ------------------------------------------------------------------------

    def _Turn(self, s: S, legal: Sequence[Action]) -> Action:
        units = [a for a in legal if isinstance(a, cmd.Activate)]
        if not units:
            return legal[0]

        def priority(a: cmd.Activate) -> float:
            u = s.unit(a.unit)
            if u.failing:
                return 100.0
            if u.is_officer:
                return -5.0
            best = max((self.attack_value(s, o) for o in attack_options(s, u.id)), default=0.0)
            return best + 0.1 * u.magnitude / max(1, u.horde.starting_magnitude)

        return self._best(units, priority)

    # -- an activation ---------------------------------------------------------------------

    def _Activation(self, s: S, legal: Sequence[Action]) -> Action:
        unit: str = getattr(s.top, "unit", "")
        spent: int = getattr(s.top, "spent", 0)
        u = s.unit(unit)
        by_text = {str(a): a for a in legal}
        done = by_text.get(f"{unit} done")
        rally = by_text.get(f"{unit} rally")
        if rally is not None and u.failing:
            return rally
        flee = [a for a in legal if isinstance(a, cmd.Flee)]
        if flee:
            return self._best(flee, lambda a: self.square_value(s, u, a.square, "away"))
        rout = [a for a in legal if isinstance(a, cmd.Rout)]
        if rout:
            stay = [a for a in rout if a.square is not None]
            if not stay:
                return rout[0]
            return self._best(stay, lambda a: self.square_value(s, u, a.square or "", "away"))
        if u.is_officer:
            return self.officer(s, u, legal, done)
        options = [o for o in attack_options(s, unit) if o.action in legal]
        shot = max(options, key=lambda o: self.attack_value(s, o), default=None)
        shot_value = self.attack_value(s, shot) if shot is not None else 0.0
        if spent > 0:
            if shot is not None and shot_value > 0:
                return shot.action
            return done if done is not None else legal[0]
        orders = {a.order: a for a in legal if isinstance(a, cmd.Order) and a.unit == unit}
        # charges
        charges = [a for a in legal if isinstance(a, cmd.Order) and a.order == "charge"]
        if charges:
            best_charge = self._best(
                charges, lambda a: self.charge_value(s, u, s.unit(a.target or ""))
            )
            value = self.charge_value(s, u, s.unit(best_charge.target or ""))
            if value > MIN_CHARGE and value > shot_value * CHARGE_MARGIN:
                return best_charge
        worst, found = self.danger(s, u)
        start = max(1, u.horde.starting_magnitude)
        low = u.magnitude < LOW * start
        # pull back a worn-out horde under threat
        if low and worst > 0 and not self.endgame(s):
            for order in ("pull back", "tactical retreat"):
                if order in orders:
                    return orders[order]
        melee_threat = max(
            (mean_loss(t.odds) for t in found if t.how in ("charge", "melee")), default=0.0
        )
        if shot is not None and shot_value > 0.5:
            # a Half move first when far from the goal, then shoot
            far = self.goal_distance(s, u, s.location(u) or "") > 2
            if far and "tactical advance" in orders and not close_combat.in_cqc(s, u) and not low:
                return orders["tactical advance"]
            return shot.action
        if "brace" in orders and melee_threat >= 0.1 * u.magnitude and melee_threat > shot_value:
            return orders["brace"]
        if shot is not None and shot_value > 0:
            return shot.action
        here = s.location(u) or ""
        if self.goal_distance(s, u, here) > 0 and not close_combat.in_cqc(s, u):
            move = "rapid advance" if self.endgame(s) or not found else "tactical advance"
            for order in (move, "tactical advance", "rapid advance"):
                if order in orders:
                    return orders[order]
        if "hide" in orders and not found:
            return orders["hide"]
        return done if done is not None else legal[0]

    def officer(self, s: S, u: Unit, legal: Sequence[Action], done: Action | None) -> Action:
        joins = [a for a in legal if isinstance(a, cmd.Join)]
        if joins:
            return self._best(joins, lambda a: float(s.unit(a.horde).magnitude))
        options = [o for o in attack_options(s, u.id) if o.action in legal]
        if options:
            best = max(options, key=lambda o: self.attack_value(s, o))
            if self.attack_value(s, best) > 0:
                return best.action
        for a in legal:
            if isinstance(a, cmd.Order) and a.order == "tactical advance":
                return a
        return done if done is not None else legal[0]

    def _MoveOrder(self, s: S, legal: Sequence[Action]) -> Action:
        top: Any = s.top
        u = s.unit(top.unit)
        order: str = top.order
        if order == "charge":
            mode = "charge"
        elif order in ("pull back", "tactical retreat") or (u.failing and not u.is_officer):
            mode = "away"
        else:
            mode = "advance"
        if u.is_officer:
            return self._best(legal, lambda a: self._officer_square(s, u, a))
        return self._best(legal, lambda a: self.square_value(s, u, getattr(a, "square", ""), mode))

    def _officer_square(self, s: S, u: Unit, a: Action) -> float:
        square = getattr(a, "square", "")
        friends = [h for h in s.hordes(u.side) if h.on_board and h.square]
        return -min((s.field.distance(square, h.square or "") for h in friends), default=0)

    # -- other decisions -------------------------------------------------------------------

    def _CounterChoice(self, s: S, legal: Sequence[Action]) -> Action:
        return next((a for a in legal if str(a) == "counter"), legal[0])

    def _TearingChoice(self, s: S, legal: Sequence[Action]) -> Action:
        strike: Strike | None = getattr(s.top, "strike", None)
        die = strike.damage_die if strike is not None and strike.damage_die else 10
        mean = 3 if strike is not None and strike.hit == "partial" else 5.5
        want = die < mean
        return next((a for a in legal if str(a) == ("reroll" if want else "keep")), legal[0])

    def _ChooseBonus(self, s: S, legal: Sequence[Action]) -> Action:
        def value(a: Action) -> float:
            officer = s.unit(getattr(a, "officer", ""))
            return 2.0 * ("Into the Jaws of Hell" in officer.talents) + (
                "Iron Discipline" in officer.talents
            )

        return self._best(legal, value)

    def _ReturnToHQ(self, s: S, legal: Sequence[Action]) -> Action:
        def value(a: Action) -> float:
            unit = s.unit(getattr(a, "unit", ""))
            return self.square_value(s, unit, getattr(a, "square", ""), "advance")

        return self._best(legal, value)

    def _SplitSize(self, s: S, legal: Sequence[Action]) -> Action:
        return legal[-1]

    def _SplitPlacement(self, s: S, legal: Sequence[Action]) -> Action:
        return legal[0]


def greedy(seed: int | None, player: str) -> HordeGreedy:
    """The registry's factory: the greedy commander of ``player``."""
    if player not in ("blue", "red"):
        raise UnknownPlayerError(player, ("blue", "red"))
    return HordeGreedy(seed, player)


__all__ = ["HordeGreedy", "greedy"]
