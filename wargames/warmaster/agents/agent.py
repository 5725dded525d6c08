"""The greedy agent both sides share: dispatch by decision, threats, losses, re-rolls, battle
order, retreats, arrivals and the attack planner."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import Any, TypeVar

import numpy as np

from wargames.core.engine import Action, GameState
from wargames.warmaster import actions as act
from wargames.warmaster.agents.battles import (
    battle_ev,
    code_value,
    cup_average,
    prize,
    room,
)
from wargames.warmaster.agents.plan import Plan
from wargames.warmaster.agents.values import (
    MIN_GAIN,
    STANDING,
    WIN,
    S,
    Specs,
    Stakes,
    dist,
    ordered,
    specs,
    worth,
)
from wargames.warmaster.battle import numbers
from wargames.warmaster.data import EMPEROR, HORUS, IMPERIAL, TRAITOR
from wargames.warmaster.state import UNKNOWN, WarmasterState, other

T = TypeVar("T")


class GreedyAgent:
    """What both sides share: dispatch, threats, losses, re-rolls, battle order, retreats,
    arrivals and the attack planner."""

    side: str = ""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)
        self._plan: list[Action] = []
        self._plan_key: tuple[Any, ...] | None = None
        self._memo: dict[Any, Any] = {}
        """Assessments made for the decision under way."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def act(self, view: GameState) -> Action:
        assert isinstance(view, WarmasterState)
        legal = view._legal_tuple()
        if len(legal) == 1:
            return legal[0]
        self._memo = {}
        decide: Callable[[S, Sequence[Action]], Action] | None
        decide = getattr(self, f"_{type(legal[0]).__name__}", None)
        return decide(view, legal) if decide else legal[int(self.rng.random() * len(legal))]

    def _best(self, items: Iterable[T], score: Callable[[T], float]) -> T:
        """The item scoring highest, ties broken at random."""
        pool = list(items)
        scored = [(score(a) + 1e-6 * float(self.rng.random()), i) for i, a in enumerate(pool)]
        return pool[max(scored)[1]]

    def _cached(self, key: tuple[Any, ...], make: Callable[[], T]) -> T:
        if key not in self._memo:
            self._memo[key] = make()
        found: T = self._memo[key]
        return found

    # -- threats ---------------------------------------------------------------------------

    def stakes(self, s: S) -> Stakes:
        """The worth of the Emperor and of Horus: what his death changes from the standing."""
        standing = STANDING[s.screens is not None]
        return (WIN * (1 + standing), WIN * (1 - standing))

    def allowance(self, s: S, side: str) -> int:
        """The side's movement the next time it moves (the Bridge as it is held now)."""
        allow = s.allowance
        if allow[IMPERIAL] == allow[TRAITOR] or (side == TRAITOR and s.phase.startswith(IMPERIAL)):
            return allow[side]  # no Bridge bonus, or the Traitor moves later this turn
        mine, theirs = (s.data.bridge in s.occupied(x) for x in (side, other(side)))
        return s.data.movement.allowance(mine, False) if mine != theirs else allow[side]

    def strikers(self, s: S, area: str, side: str) -> Specs:
        """The three strongest attackers ``side`` can bring to ``area`` next time it moves."""

        def make() -> Specs:
            allow = self.allowance(s, side)
            units = [u for u in s.aboard_units(side) if u not in s.face_down]
            near = [s.spec(u) for u in units if dist(s, s.location(u), area) <= allow]
            near = sorted((u for u in near if u.fights), key=lambda u: (-u.attack, u.id))
            return ordered(near[: s.data.stack_limit])

        return self._cached(("strikers", area, side), make)

    def exposure(self, s: S, area: str, dfn: Specs, by: str) -> float:
        """What ``by``'s best attack on ``dfn`` in ``area`` next turn is expected to win."""
        att = self.strikers(s, area, by)
        if not att or not dfn:
            return 0.0
        rooms = (3, self.threat_room(s, area, other(by), by))
        return max(0.0, battle_ev(s.data, area, by, att, dfn, rooms, 0.0, 0, self.stakes(s)))

    def threat_room(self, s: S, area: str, victim: str, by: str) -> int:
        """``victim``'s retreat room out of ``area`` once ``by`` has blocked what it can: one
        of its face-up units (all but three, kept to strike) within reach of each open
        neighbour."""

        def make() -> int:
            allow = self.allowance(s, by)
            spare = [s.location(u) for u in s.aboard_units(by) if u not in s.face_down][3:]
            total = 0
            for n in s.data.board.neighbours(area):
                if n in s.destroyed or n in s.occupied(by):
                    continue
                near = [i for i, a in enumerate(spare) if dist(s, a, n) <= allow]
                if near and n not in s.occupied(victim):
                    spare.pop(near[0])
                else:
                    total += max(0, s.data.stack_limit - s.count(n, victim))
            return total

        return self._cached(("room", area, victim), make)

    def vulnerability(self, s: S, area: str, foe: str, units: Specs, here: Specs = ()) -> float:
        """How badly off enemy ``units`` (of side ``foe``) would be in ``area``, where ``here``
        of theirs stand (for the retreats and arrivals the chooser decides)."""
        score = self.exposure(s, area, ordered((*units, *here)), self.side)
        score -= 0.7 * min(6, room(s, area, foe))
        if any(u.id in (EMPEROR, HORUS) for u in units):
            score -= 20.0 * len(here)
            score -= 3.0 * sum(dist(s, area, s.location(u)) <= 1 for u in s.aboard_units(foe))
        away = [a for a in self.keep_away(s) if a in s.data.board and a not in s.destroyed]
        if away:
            score += 5.0 * min(3, min(dist(s, area, a) for a in away))
        return score + self.lurking(s, area, units)

    def keep_away(self, s: S) -> list[str]:
        """Areas enemy units should be kept away from."""
        return []

    def lurking(self, s: S, area: str, units: Specs) -> float:
        """What our face-down counters in ``area`` would do to enemy ``units`` arriving."""
        return 0.0

    # -- decisions of both sides -----------------------------------------------------------

    def _Lose(self, s: S, legal: Sequence[Action]) -> Action:
        losses = [a for a in legal if isinstance(a, act.Lose)]
        return self._best(losses, lambda a: -worth(s.spec(a.unit)))

    def _Fight(self, s: S, legal: Sequence[Action]) -> Action:
        def ev(a: act.Fight) -> float:
            att, dfn = (specs(s, s.fighters(a.area, x)) for x in (self.side, other(self.side)))
            rooms = (room(s, a.area, self.side), room(s, a.area, other(self.side)))
            return battle_ev(s.data, a.area, self.side, att, dfn, rooms, 0.0, 0, self.stakes(s))

        return self._best([a for a in legal if isinstance(a, act.Fight)], ev)

    def _Reroll(self, s: S, legal: Sequence[Action]) -> Action:
        b, roll = getattr(s.top, "battle", None), getattr(s.top, "roll", None)
        if b is None or roll is None:
            return legal[-1]
        att = specs(s, [u for u in b.attackers if s.location(u) == b.area])
        dfn = specs(s, [u for u in b.defenders if s.location(u) == b.area])
        rooms = (room(s, b.area, b.side), room(s, b.area, other(b.side)))
        sign = 1.0 if b.side == self.side else -1.0
        cells = s.data.battle.cells[numbers(s, b).column]
        vals = [sign * code_value(s.data, c, att, dfn, rooms, 0.0, self.stakes(s)) for c in cells]
        again = vals[roll - 1] < sum(vals) / len(vals) - 1e-9
        return next(a for a in legal if isinstance(a, act.Reroll) and a.reroll == again)

    def _RetreatTo(self, s: S, legal: Sequence[Action]) -> Action:
        def value(a: act.RetreatTo | act.Displace) -> float:
            foe = s.side_of(a.unit)
            here = specs(s, [u for u in s.units(a.area, foe) if u != a.unit])
            return self.vulnerability(s, a.area, foe, (s.spec(a.unit),), here)

        return self._best([a for a in legal if isinstance(a, act.RetreatTo | act.Displace)], value)

    _Displace = _RetreatTo

    def _Arrive(self, s: S, legal: Sequence[Action]) -> Action:
        units: tuple[str, ...] = getattr(s.top, "units", ())
        side: str = getattr(s.top, "side", self.side)
        areas = [a for a in legal if isinstance(a, act.Arrive)]
        if side == self.side:
            return self._best(areas, lambda a: self.landing(s, units, a.area))
        # the enemy's arrival: an unidentified reinforcement counts as a typical one
        them = ordered(cup_average(s) if u == UNKNOWN else s.spec(u) for u in units)
        return self._best(areas, lambda a: self.vulnerability(s, a.area, side, them))

    def _Pick(self, s: S, legal: Sequence[Action]) -> Action:
        """The Teleportarium: keep the best of the D66 results rolled."""
        units: tuple[str, ...] = getattr(s.top, "units", ())
        picks = [a for a in legal if isinstance(a, act.Pick)]
        return self._best(picks, lambda a: self.result_value(s, units, a.result))

    def _RollTable(self, s: S, legal: Sequence[Action]) -> Action:
        """Back from reserve: straight into the Teleportarium, or the best of ``rolls`` D66."""
        units: tuple[str, ...] = getattr(s.top, "units", ())
        k: int = getattr(s.top, "rolls", 1)
        vals = sorted(self.result_value(s, units, r) for r in s.data.teleport.results)
        n = len(vals)
        rolled = sum(v * ((i + 1) ** k - i**k) / n**k for i, v in enumerate(vals))
        direct = [a for a in legal if isinstance(a, act.Arrive)]
        if direct and self.landing(s, units, direct[0].area) >= rolled:
            return direct[0]
        return next(a for a in legal if not isinstance(a, act.Arrive))

    def result_value(self, s: S, units: tuple[str, ...], roll: int) -> float:
        """What a Teleportation Table result is worth to our teleporting ``units``."""
        result = s.data.teleport[roll]
        if result.area is not None:
            return 0.0 if result.area in s.destroyed else self.landing(s, units, result.area)
        effect = result.effect
        assert effect is not None
        risk = [effect.loss_threshold(s.spec(u).has_reroll) / 6 for u in units]
        lost = sum(worth(s.spec(u), self.stakes(s)) * p for u, p in zip(units, risk, strict=True))
        if effect.outcome == "arrive" and effect.chooser == "owner":
            intact = [a for a in s.data.board.ids if a not in s.destroyed]
            return max(self.landing(s, units, a) for a in intact) - lost
        return -lost - (5.0 if effect.outcome == "reserve" else 10.0)

    def landing(self, s: S, units: tuple[str, ...], area: str) -> float:
        """How good ``area`` is for our own teleporting ``units`` to arrive in."""
        mine, foes = specs(s, units), specs(s, s.fighters(area, other(self.side)))
        rooms = (room(s, area, self.side), room(s, area, other(self.side)))
        pz = prize(s, self.side, area)
        value = battle_ev(s.data, area, self.side, mine, foes, rooms, pz, 0, self.stakes(s))
        return value - 0.5 * self.exposure(s, area, mine, other(self.side))

    # -- movement ----------------------------------------------------------------------------

    def _Move(self, s: S, legal: Sequence[Action]) -> Action:
        if self._plan_key != (s.turn, s.phase) or not s.moved:
            self._plan_key = (s.turn, s.phase)
            self._plan = self.plan(s)[::-1]
        allowed = set(legal)
        while self._plan:
            a = self._plan.pop()
            if a in allowed:
                return a
        return next(a for a in legal if isinstance(a, act.Pass))

    def plan(self, s: S) -> list[Action]:
        """Every move of the Movement phase under way."""
        raise NotImplementedError

    def attacks(
        self, s: S, p: Plan, value: Callable[[str, list[str]], float], only: str | None = None
    ) -> None:
        """Greedily pick the best attacks (up to three units into an enemy area, ``only`` that
        one if given) and stand spare units in the defenders' ways out."""
        taken: set[str] = set()
        areas = p.enemy if only is None else p.enemy & {only}
        while True:
            best: tuple[float, str, tuple[str, ...]] | None = None
            for area in sorted(areas - taken):
                fixed = [u for u in p.at(area) if u not in p.free or not p.exits(u)]
                cands = [u for u in p.free if area in p.reach[u] and u not in fixed]
                cands.sort(key=lambda u: (-s.spec(u).attack, u))
                for k in range(not fixed, p.limit - len(fixed) + 1):
                    for combo in combinations(cands[:5], k):
                        v = value(area, fixed + list(combo))
                        if best is None or v > best[0]:
                            best = (v, area, combo)
            if best is None or best[0] < MIN_GAIN:
                return
            _, area, combo = best
            taken.add(area)
            for u in (*combo, *(u for u in p.at(area) if u in p.free and not p.exits(u))):
                p.put(u, area)
            for u, n in self.block(s, p, area)[1]:
                p.put(u, n)

    def block(
        self, s: S, p: Plan, area: str, force: Iterable[str] = ()
    ) -> tuple[int, list[tuple[str, str]]]:
        """The enemy's retreat room out of ``area`` once our free units (the cheapest able, not
        of the attacking ``force``) stand in its open neighbours, and those moves."""
        taken = {a for u, a in p.pos.items() if u not in force}
        total, moves, used = 0, [], set(force)
        for n in s.data.board.neighbours(area):
            if n in s.destroyed or n in taken:
                continue
            able = [u for u in p.free if u not in used and p.can(u, n)]
            if able and n not in p.enemy:
                u = min(able, key=lambda u: (worth(s.spec(u)), u))
                used.add(u)
                moves.append((u, n))
            else:
                total += max(0, p.limit - s.count(n, other(self.side)))
        return total, moves

    def block_room(self, s: S, p: Plan, area: str, force: Sequence[str]) -> int:
        key = ("block", area, tuple(sorted(p.free)), tuple(sorted(force)))
        return self._cached(key, lambda: self.block(s, p, area, force)[0])

    def place_free(self, s: S, p: Plan, score: Callable[[str, str], float]) -> None:
        """Every free unit, the most valuable first, to its best area free of enemies."""
        for u in sorted(p.free, key=lambda u: (-worth(s.spec(u)), u)):
            options = [a for a in p.reach[u] if a not in p.enemy and p.can(u, a)]
            if options:
                p.put(u, self._best(options, lambda a, u=u: score(u, a)))  # type: ignore[misc]
