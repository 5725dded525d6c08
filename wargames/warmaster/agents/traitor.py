"""The Traitor greedy agent: the face-down set-up around Horus, his guards, the attacks on the
Emperor and the approaches."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from wargames.core.engine import Action
from wargames.warmaster import actions as act
from wargames.warmaster.agents.agent import GreedyAgent
from wargames.warmaster.agents.battles import (
    battle_ev,
    prize,
    room,
)
from wargames.warmaster.agents.plan import Plan
from wargames.warmaster.agents.values import (
    S,
    Specs,
    dist,
    specs,
    worth,
)
from wargames.warmaster.data import EMPEROR, HORUS, IMPERIAL, TRAITOR
from wargames.warmaster.state import UNPLACED


class TraitorGreedy(GreedyAgent):
    """The Traitor greedy bot (see the module docstring)."""

    side = TRAITOR

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._setup: dict[str, str] = {}

    def _Place(self, s: S, legal: Sequence[Action]) -> Action:
        places = [a for a in legal if isinstance(a, act.Place)]
        if not self._setup or not s.face_down:
            self._setup = self.setup(s, [a.area for a in places])
        want = [a for a in places if self._setup.get(a.counter) == a.area]
        return want[0] if want else places[int(self.rng.random() * len(places))]

    def setup(self, s: S, free: list[str]) -> dict[str, str]:
        """Where every starting counter goes (see the module docstring)."""
        data, nbrs = s.data, s.data.board.neighbours
        bridge, screens = data.bridge, data.defensive_screens
        exposed = {bridge, screens, *data.reactors, *data.hull}
        exposed |= {n for r in data.reactors for n in nbrs(r)}
        spots = [a for a in free if a not in exposed and len(nbrs(a)) >= 3] or free
        weight = np.array([3.0 if a == data.sanctum else 1.0 + (bridge in nbrs(a)) for a in spots])
        horus = spots[int(self.rng.choice(len(spots), p=weight / weight.sum()))]
        ring = [a for a in nbrs(horus) if a not in (bridge, screens)]
        ways = [n for post in (bridge, screens) for n in nbrs(post)]
        ways = [a for a in ways if a not in (*ring, horus, bridge, screens)]
        wanted = {  # first choices, then the rest in a random order
            "justaerin": ([bridge], ring + ways),
            "ambush": ([screens], ways + list(data.reactors)),
            "sons-of-horus": ([], ring + ways),
            "horror": ([], ring + ways),
            "trap": ([], ways + list(data.reactors)),
        }
        order = {}
        for kind, (head, tail) in wanted.items():
            order[kind] = head + [str(a) for a in self.rng.permutation(tail)]
        reserved = {bridge: "justaerin", screens: "ambush"}
        out, used = {HORUS: horus}, {horus}
        for c in (c for c in s.in_box(UNPLACED) if c != HORUS):
            kind = s.spec(c).id
            fits = [a for a in free if a not in used and reserved.get(a, kind) == kind] or free
            first = [a for a in order.get(kind, []) if a in fits]
            out[c] = first[0] if first else fits[int(self.rng.random() * len(fits))]
            used.add(out[c])
        return out

    def keep_away(self, s: S) -> list[str]:
        away = [s.data.bridge, s.location(HORUS)]
        if s.screens is None and s.setup.fleet_lasers:
            away.append(s.data.defensive_screens)
        return away + list(s.data.reactors) * s.setup.reactor_sabotage

    def lurking(self, s: S, area: str, units: Specs) -> float:
        value = 0.0
        for c in (c for c in s.units(area, TRAITOR) if c in s.face_down):
            kind = s.spec(c).kind
            if c == HORUS:
                value -= 60.0
            elif kind == "trap":
                trap = s.data.specials.trap.loss_on / 6
                value += trap * sum(worth(u, self.stakes(s)) for u in units)
            elif kind == "ambush":
                value += 4.0
        return value

    # -- movement --------------------------------------------------------------------------

    def plan(self, s: S) -> list[Action]:
        p = Plan(s, TRAITOR)

        def strike(area: str, force: list[str]) -> float:
            return self.attack_value(s, p, area, force)

        self.attacks(s, p, strike, only=s.location(EMPEROR))
        self.horus(s, p)
        self.duties(s, p)
        self.attacks(s, p, strike)
        emperor = s.location(EMPEROR)
        self.place_free(s, p, lambda u, a: self.position(s, p, u, a, emperor))
        return p.moves()

    def attack_value(self, s: S, p: Plan, area: str, force: list[str]) -> float:
        att = specs(s, [u for u in force if s.spec(u).fights])
        dfn = specs(s, s.fighters(area, IMPERIAL))
        rooms = (room(s, area, TRAITOR), self.block_room(s, p, area, force))
        pz = prize(s, TRAITOR, area)
        value = battle_ev(s.data, area, TRAITOR, att, dfn, rooms, pz, 0, self.stakes(s))
        if any(u.id == HORUS for u in att):
            value -= 0.5 * self.exposure(s, area, att, IMPERIAL)
        return value

    def horus(self, s: S, p: Plan) -> None:
        """Horus to safety with his two best defenders; guards for him while face down."""
        if HORUS in s.face_down:
            self.guard(s, p, p.pos[HORUS])
        if HORUS not in p.free:
            return
        best: tuple[float, str, list[str]] | None = None
        for area in (a for a in p.reach[HORUS] if a not in p.enemy):
            able = self.stoutest(s, [u for u in p.free if u != HORUS and p.can(u, area)], 3)
            stay = [u for u in p.at(area) if u not in p.free and u != HORUS]
            crew = (stay + able)[: p.limit - 1]
            v = -self.exposure(s, area, specs(s, [HORUS, *crew]), IMPERIAL)
            if best is None or v + 0.5 * room(s, area, TRAITOR) > best[0]:
                best = (v + 0.5 * room(s, area, TRAITOR), area, [u for u in crew if u in p.free])
        if best is not None:
            for u in (HORUS, *best[2]):
                p.put(u, best[1])

    def guard(self, s: S, p: Plan, area: str) -> None:
        """Face-up units into the face-down Horus's area when Imperial units could reach it."""
        dfn = specs(s, [u for u in p.at(area) if s.spec(u).fights])
        if self.exposure(s, area, dfn, IMPERIAL) >= 5.0:
            able = [u for u in p.free if p.can(u, area)]
            for u in self.stoutest(s, able, p.limit - len(p.at(area))):
                p.put(u, area)

    def duties(self, s: S, p: Plan) -> None:
        """Hold the Bridge (two units when Imperial units could reach it) and fill the
        Defensive Screens with the best defenders while they can still be taken."""
        data = s.data
        posts = []
        if s.bridge is not None:
            posts.append((data.bridge, 1 + bool(self.strikers(s, data.bridge, IMPERIAL))))
        if s.screens is None and s.setup.fleet_lasers:
            posts.append((data.defensive_screens, p.limit))
        for post, want in posts:
            if post in s.destroyed or post in p.enemy:
                continue
            for u in self.stoutest(s, [u for u in p.at(post) if u in p.free], want):
                p.put(u, post)
            held = sum(s.spec(u).fights for u in p.at(post))
            for u in self.stoutest(s, [u for u in p.free if p.can(u, post)], want - held):
                p.put(u, post)

    def stoutest(self, s: S, units: list[str], n: int) -> list[str]:
        """The ``n`` fighting units with the best defence."""
        fighting = [u for u in units if s.spec(u).fights]
        return sorted(fighting, key=lambda u: (-s.spec(u).defence, u))[: max(0, n)]

    def position(self, s: S, p: Plan, unit: str, area: str, target: str) -> float:
        d = dist(s, area, target) if target in s.data.board else 0
        here = [u for u in p.at(area) if u != unit and s.spec(u).fights]
        v = 2.0 * (d <= self.allowance(s, TRAITOR)) - 0.4 * d + 0.5 * min(len(here), 2)
        return v - 0.5 * self.exposure(s, area, specs(s, [unit, *here]), IMPERIAL)
