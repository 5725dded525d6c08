"""The Imperial greedy agent: the groups, the Emperor's moves and escorts, the attacks worth
making, the reactors and the fleet's lasers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

from wargames.core.engine import Action
from wargames.warmaster import actions as act
from wargames.warmaster.agents.agent import GreedyAgent
from wargames.warmaster.agents.battles import (
    ambush_draws,
    battle_ev,
    hidden_mix,
    prize,
    room,
    unseen_cup,
)
from wargames.warmaster.agents.plan import Plan
from wargames.warmaster.agents.values import (
    CAUTION,
    WIN,
    S,
    Specs,
    dist,
    ordered,
    specs,
    worth,
)
from wargames.warmaster.data import EMPEROR, HORUS, IMPERIAL, TRAITOR


class ImperialGreedy(GreedyAgent):
    """The Imperial greedy bot (see the module docstring)."""

    side = IMPERIAL

    def _Group(self, s: S, legal: Sequence[Action]) -> Action:
        def score(a: act.Group) -> float:
            g = [s.spec(u) for u in a.units]
            heroes = sum(u.has_reroll for u in g)
            if any(u.id == EMPEROR for u in g):  # the strongest defence, no other hero
                return sum(u.defence + 0.5 * u.attack for u in g) - 30 * (heroes - 1)
            return sum(u.attack + u.defence for u in g) - 40 * abs(heroes - 1)

        return self._best([a for a in legal if isinstance(a, act.Group)], score)

    def _Fire(self, s: S, legal: Sequence[Action]) -> Action:
        shots = [a for a in legal if isinstance(a, act.Fire)]
        return self._best(shots, lambda a: self.blast_value(s, a.area, 1.0))

    def blast_value(self, s: S, area: str, p: float) -> float:
        """Expected gain of ``area`` being destroyed with chance ``p`` (its units may die)."""
        st = self.stakes(s)
        gain = sum(worth(s.spec(u), st) for u in s.units(area, TRAITOR))
        gain -= sum(worth(s.spec(u), st) for u in s.units(area, IMPERIAL))
        if area in s.backs:
            gain += sum(q * worth(spec, st) for spec, q in hidden_mix(s))
        return p * s.data.specials.area_destruction.loss_on / 6 * gain

    def _Detonate(self, s: S, legal: Sequence[Action]) -> Action:
        rule = s.data.specials.reactor_sabotage

        def value(a: Action) -> float:
            if not isinstance(a, act.Detonate):
                return 0.0
            around = [n for n in s.data.board.neighbours(a.area) if n not in s.destroyed]
            p = (7 - rule.adjacent_destroyed_from) / 6
            v = self.blast_value(s, a.area, 1.0) + sum(self.blast_value(s, n, p) for n in around)
            others = [r for r in s.data.reactors if r != a.area and r not in s.destroyed]
            if s.screens is None:  # the last reactor captures the Screens
                v += 60.0 if not others else 25.0 * (s.turn >= 6)
            v += 0.4 * WIN * (s.data.bridge in s.destroyed)  # the ship breaks up
            return v - 20.0 * (not others and s.bridge == IMPERIAL) - 5.0

        return self._best(legal, value)

    def keep_away(self, s: S) -> list[str]:
        away = [s.data.bridge, s.location(EMPEROR)]
        return away + [s.data.defensive_screens] * (s.screens is None and s.setup.fleet_lasers)

    # -- movement --------------------------------------------------------------------------

    def plan(self, s: S) -> list[Action]:
        p = Plan(s, IMPERIAL)
        self.emperor(s, p)
        self.attacks(s, p, lambda area, force: self.attack_value(s, p, area, force))
        self.duties(s, p)
        goal = self.goals(s, p)
        self.place_free(s, p, lambda u, a: self.position(s, p, u, a, goal(a)))
        return p.moves()

    def attack_value(self, s: S, p: Plan, area: str, force: list[str]) -> float:
        """An attack's expected worth; against a face-down counter, the average over what it
        may be. Less the Traitor's best reply on the attackers."""
        data, att, st = s.data, specs(s, force), self.stakes(s)
        visible = specs(s, s.fighters(area, TRAITOR))
        rooms = (room(s, area, IMPERIAL), self.block_room(s, p, area, force))
        pz = prize(s, IMPERIAL, area)
        value = battle_ev(data, area, IMPERIAL, att, visible, rooms, pz, 0, st)
        if area in s.backs:
            mix, value = hidden_mix(s), 0.0
            for spec, q in mix:
                if spec.kind == "trap":
                    v = battle_ev(data, area, IMPERIAL, att, visible, rooms, pz, 0, st)
                    v -= data.specials.trap.loss_on / 6 * sum(worth(u, st) for u in att)
                elif spec.kind == "ambush":
                    v = -self.ambushed(s, area, att, rooms[::-1])
                else:
                    dfn = ordered((*visible, spec))
                    v = battle_ev(data, area, IMPERIAL, att, dfn, rooms, pz, 0, st)
                value += q * v
        risk = self.exposure(s, area, att, TRAITOR)
        return value - risk * (0.6 if any(u.id == EMPEROR for u in att) else 0.25)

    def ambushed(self, s: S, area: str, dfn: Specs, rooms: tuple[int, int]) -> float:
        """The Traitor's expected gain from an Ambush on ``dfn``: every draw of the
        reinforcements not yet seen, weighted by its chance."""
        left = tuple(sorted(Counter(unseen_cup(s)).items(), key=lambda kv: kv[0].id))
        rule, st = s.data.specials.ambush, self.stakes(s)
        reps = ambush_draws(left, rule.draw) if left else ()
        shift = rule.attack_shift
        evs = [battle_ev(s.data, area, TRAITOR, d, dfn, rooms, 0.0, shift, st) for d in reps]
        return sum(evs) / len(evs) if evs else 0.0

    def duties(self, s: S, p: Plan) -> None:
        """A cheap unit onto the Bridge and the Defensive Screens when they are free."""
        data = s.data
        posts = [data.bridge] if s.bridge is not None else []
        if s.screens is None and s.setup.fleet_lasers:
            posts.append(data.defensive_screens)
        for post in (a for a in posts if a not in s.destroyed and a not in p.enemy):
            holders = [u for u in p.at(post) if u in p.free and u != EMPEROR]
            able = holders or [u for u in p.free if u != EMPEROR and p.can(u, post)]
            if able and (holders or not p.at(post)):
                p.put(min(able, key=lambda u: (worth(s.spec(u)), u)), post)

    def emperor(self, s: S, p: Plan) -> None:
        """The Emperor first, with up to two others: into the attack or to the area worth most
        to him (the Traitor's reachable strength against the stack, the way to the goal)."""
        if EMPEROR not in p.free:
            return
        goal = self.goals(s, p)
        best: tuple[float, str, tuple[str, ...]] | None = None
        for area in p.reach[EMPEROR]:
            helpers = [u for u in p.free if u != EMPEROR and p.can(u, area)]
            helpers.sort(key=lambda u: (p.start[u] != p.start[EMPEROR], -s.spec(u).defence, u))
            for k in range(p.limit):
                for crew in combinations(helpers[:5], k):
                    if area in p.enemy:  # only a clear gain is worth his life
                        v = self.attack_value(s, p, area, [EMPEROR, *crew]) - CAUTION
                    else:
                        v = -self.exposure(s, area, specs(s, [EMPEROR, *crew]), TRAITOR)
                        v -= 8.0 * (k < 2) + 1.5 * max(0, 3 - len(s.data.board.neighbours(area)))
                        v -= goal(area) if s.screens is None else 0.0  # lasers firing: hide
                    if best is None or v > best[0]:
                        best = (v, area, crew)
        if best is not None:
            for u in (EMPEROR, *best[2]):
                p.put(u, best[1])

    def goals(self, s: S, p: Plan) -> Callable[[str], float]:
        """Distance from an area to what the hunters go for: Horus, else face-down counters."""
        horus = s.location(HORUS)
        targets = [horus] if horus in s.data.board else sorted(set(s.backs))
        targets = targets or sorted(p.enemy) or [s.data.bridge]
        return lambda area: float(min(dist(s, area, t) for t in targets))

    def position(self, s: S, p: Plan, unit: str, area: str, far: float) -> float:
        here = [u for u in p.at(area) if u != unit]
        v = -2.0 * max(far - 1.0, 0.0) + min(len(here), 2) + 4.0 * (EMPEROR in here)
        return v - 0.3 * self.exposure(s, area, specs(s, [unit, *here]), TRAITOR)
