"""A greedy Battle for Armageddon bot that plays either side from its own view of the state.

The bot looks one decision ahead, with a plan for the whole phase where one is needed:

- **Orks.** Each tribe is given a target hive (the one it can strike hardest soonest). At the
  start of a movement phase the bot plans every counter's move at once: garrisons stay in the
  captured hives, the nearest spare counters occupy empty ruins, and each tribe's other stacks
  gather in the areas next to its target, strongest first, so that the combat phase can hit the
  hive with one combined attack at the best odds. Ghazghkull joins the strongest Goff stack
  that is in supply and hard to reach, so that his re-roll serves the attacks without exposing
  him. Every move keeps supply.
- **Imperium.** Threatened hives are garrisoned with their best defenders and fortified; the
  other counters gather around the Ork stacks in ruined hives and around Ghazghkull for
  combined counter-attacks; empty ruins are re-occupied and rebuilt; every build phase is spent
  to the last point.
- **Every attack** is scored by its expected value on the Combat Results Table: enemy counters
  destroyed or driven off, the prize of the area (a hive to ruin, a captured hive to take back,
  Ghazghkull), minus the bot's own expected losses, with Ghazghkull's re-roll used whenever the
  kept result is worth less than a new roll.

Ties are broken by the agent's own seeded generator, so a game is the same for the same seed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from math import ceil
from typing import TypeVar, cast

import numpy as np

from wargames.armageddon import actions as ac
from wargames.armageddon.build import held_ruins, ork_allowance
from wargames.armageddon.combat import defence_of, modifiers
from wargames.armageddon.data import IMPERIUM, ORKS, ArmageddonData
from wargames.armageddon.stacking import fits
from wargames.armageddon.state import DEAD, ArmageddonState, other
from wargames.armageddon.supply import supplied_areas
from wargames.core.engine import Action, GameState
from wargames.core.odds import odds_ratio

S = ArmageddonState
T = TypeVar("T")
GHAZ = "ghazghkull"

HIVE_PRIZE = 45.0
"""What ruining (and taking) an intact hive is worth to the Orks, in counter-worth points."""
FACTORY_PRIZE = 5.0
UNCAPTURE_PRIZE = 30.0
"""What driving the Orks out of a captured hive is worth to the Imperium."""
ENDGAME_PRIZE = 40.0
"""More of it once Ghazghkull is gone: then the last captured hives stand between the Imperium
and victory."""
HOLD_RISK = 0.2
"""The chance of losing a hive the Imperial bot accepts before it pulls in more defenders."""
GANG_RISK = 0.3
"""The danger of losing a hive above which the Imperial bot buys hive gangs to fill it now."""
FORT_CAP = 3
"""Fortifications the Imperial bot wants in one hive at most."""
GHAZ_WORTH = {ORKS: 60.0, IMPERIUM: 70.0}
"""Ghazghkull's worth to his owner (the re-roll, and the Imperium's victory needs his death)
and to the Imperium."""


# -- static geography ------------------------------------------------------------------------


class Geo:
    """What the bot needs of the map, computed once per data set."""

    def __init__(self, data: ArmageddonData) -> None:
        board = data.board
        terrain = data.terrain
        self.passable = frozenset(a for a in board.ids if terrain[board[a].terrain].enterable)
        self.nbrs = {
            a: tuple(n for n in board.neighbours(a) if n in self.passable) for a in board.ids
        }
        self.river = {
            (a, n): board.crosses(a, n, "river") for a in board.ids for n in board.neighbours(a)
        }
        self.defmod = {a: terrain[board[a].terrain].defender_modifier for a in board.ids}
        self.stops = {a: terrain[board[a].terrain].stops for a in board.ids}
        self.supply = {side: frozenset(data.supply[side]) for side in (ORKS, IMPERIUM)}
        self.dist = {a: self.bfs((a,), frozenset()) for a in self.passable}

    def bfs(self, starts: Iterable[str], blocked: frozenset[str]) -> dict[str, int]:
        """Borders crossed from the nearest start to every passable area not blocked (the starts
        themselves are never blocked)."""
        found = {a: 0 for a in starts}
        frontier = deque(found)
        nbrs = self.nbrs
        while frontier:
            here = frontier.popleft()
            d = found[here] + 1
            for n in nbrs[here]:
                if n not in found and n not in blocked:
                    found[n] = d
                    frontier.append(n)
        return found


@cache
def geo(data: ArmageddonData) -> Geo:
    return Geo(data)


@cache
def worths(data: ArmageddonData) -> dict[str, dict[str, float]]:
    """Each counter's worth to each side: its numbers, more for what cannot be replaced."""
    out: dict[str, dict[str, float]] = {ORKS: {}, IMPERIUM: {}, "plain": {}}
    for c, spec in data.counters.items():
        base = spec.attack + spec.defence + 0.5 * spec.movement
        out["plain"][c] = base
        if spec.side == IMPERIUM and spec.kind not in data.costs:
            base += 4.0  # Space Marines, leaders: never rebuilt
        for side in (ORKS, IMPERIUM):
            out[side][c] = base
    for side in (ORKS, IMPERIUM):
        if GHAZ in out[side]:
            out[side][GHAZ] = GHAZ_WORTH[side]
    return out


_HIVES: dict[int, tuple[ArmageddonData, dict[str, str]]] = {}


def hive_sites(s: S) -> dict[str, str]:
    """Hive counter -> its area (hives never move, so once per data set)."""
    found = _HIVES.get(id(s.data))
    if found is None or found[0] is not s.data:
        found = _HIVES[id(s.data)] = (s.data, {h: s.location(h) for h in s.hives()})
    return found[1]


def expected(s: S, col: int, mod: int, values: dict[str, float], reroll: bool) -> float:
    """Expected value of one attack: a D6 on column ``col`` with ``mod``; with a re-roll, a
    result worth less than a new roll is rolled again."""
    crt = s.data.crt
    cells = crt.cells[col]
    n = crt.die_sides
    vals = [values.get(cells[min(n, max(1, r + mod)) - 1], 0.0) for r in range(1, n + 1)]
    base = sum(vals) / n
    if not reroll:
        return base
    return sum(max(v, base) for v in vals) / n


# -- the agent -------------------------------------------------------------------------------


class GreedyAgent:
    """Greedy bot for one side (``"orks"`` or ``"imperium"``)."""

    def __init__(self, side: str, seed: int | None = None, caution: float = 1.0) -> None:
        self.side = side
        self.rng = np.random.default_rng(seed)
        self.caution = caution
        """The expected gain an attack must beat to be made."""
        self._plan_key: tuple[object, ...] | None = None
        self._plan: list[Action] = []
        """The moves of the movement phase under way still to make (last first)."""
        self._deploy: dict[str, str] = {}
        """Ork counter -> the area it is deployed in."""
        self._aims: dict[str, str] = {}
        """Ork tribe -> the area of its target hive (kept from decision to decision)."""
        self._cache_key: tuple[object, ...] | None = None
        self._cache: dict[str, object] = {}
        """Assessments made once per phase (see :meth:`_cached`)."""

    def __repr__(self) -> str:
        return f"GreedyAgent({self.side!r})"

    def act(self, view: GameState) -> Action:
        assert isinstance(view, ArmageddonState)
        legal = view._legal_tuple()
        if len(legal) == 1:
            return legal[0]
        kind = type(view.top).__name__
        chooser: Callable[[S, Sequence[Action]], Action] = getattr(self, f"_{kind}", self._any)
        return chooser(view, legal)

    # -- helpers -----------------------------------------------------------------------------

    def _cached(self, s: S, name: str, make: Callable[[], T]) -> T:
        """``make()``, computed once per phase (or segment) of the game."""
        key = (s.turn, s.segment, s.phase)
        if self._cache_key != key:
            self._cache_key = key
            self._cache = {}
        if name not in self._cache:
            self._cache[name] = make()
        return cast(T, self._cache[name])

    def _best(self, legal: Sequence[Action], score: Callable[[Action], float]) -> Action:
        best = legal[0]
        top = -float("inf")
        for a in legal:
            v = score(a) + 1e-6 * float(self.rng.random())
            if v > top:
                best, top = a, v
        return best

    def _any(self, s: S, legal: Sequence[Action]) -> Action:
        passes = [a for a in legal if isinstance(a, ac.Pass)]
        return passes[0] if passes else legal[int(self.rng.random() * len(legal))]

    # -- set-up ------------------------------------------------------------------------------

    def _DeployOrks(self, s: S, legal: Sequence[Action]) -> Action:
        if not self._deploy:
            self._deploy = self._deployment(s)
        for a in legal:
            if isinstance(a, ac.Deploy) and self._deploy.get(a.counter) == a.area:
                return a
        g = geo(s.data)
        first = legal[0]
        assert isinstance(first, ac.Deploy)
        tribe = s.spec(first.counter).tribe
        aim = self._aims.get(tribe or "", "")
        return self._best(
            legal, lambda a: -g.dist[a.area].get(aim, 9) if isinstance(a, ac.Deploy) else -99.0
        )

    def _deployment(self, s: S) -> dict[str, str]:
        """Where each Ork counter starts: each tribe in the Ork areas nearest its target hive,
        its slow and strong counters nearest of all."""
        from wargames.armageddon.state import UNPLACED

        g = geo(s.data)
        specs = s.data.counters
        counters = s.in_box(UNPLACED, ORKS)
        tribes: dict[str, list[str]] = {}
        for c in counters:
            t = specs[c].tribe
            if t is not None:
                tribes.setdefault(t, []).append(c)
        self._aims = self._assign_targets(s, {t: cs for t, cs in tribes.items()}, deploying=True)
        areas = [a for a in s.setup.ork_areas if not s.stack(a, IMPERIUM)]
        need = {t: ceil(sum(not specs[c].exempt for c in cs) / 3) for t, cs in tribes.items()}
        order = sorted(tribes, key=lambda t: -sum(specs[c].attack for c in tribes[t]))
        owned: dict[str, list[str]] = {t: [] for t in tribes}
        free = list(areas)
        while free and any(len(owned[t]) < need[t] for t in order):
            for t in order:
                if len(owned[t]) >= need[t] or not free:
                    continue
                aim = self._aims.get(t)
                pick = min(free, key=lambda a: (g.dist[a].get(aim, 9) if aim else 0, a))
                owned[t].append(pick)
                free.remove(pick)
        plan: dict[str, str] = {}
        for t, cs in tribes.items():
            aim = self._aims.get(t)
            slots = sorted(owned[t], key=lambda a: (g.dist[a].get(aim, 9) if aim else 0, a))
            room = {a: 3 for a in slots}
            counting = sorted(
                (c for c in cs if not specs[c].exempt),
                key=lambda c: (specs[c].movement, -specs[c].attack, c),
            )
            for c in counting:
                for a in slots:
                    if room[a] > 0:
                        plan[c] = a
                        room[a] -= 1
                        break
            for c in cs:
                if specs[c].exempt and slots:
                    plan[c] = slots[0]
        return plan

    # -- targets -----------------------------------------------------------------------------

    def _assign_targets(
        self, s: S, tribes: dict[str, list[str]], deploying: bool = False
    ) -> dict[str, str]:
        """Ork tribe -> the area of the hive it goes for: the assignment (one tribe per hive
        while there are enough) that maximises the chance of clearing each hive soon."""
        g = geo(s.data)
        specs = s.data.counters
        imperial = s.occupied(IMPERIUM)
        targets = []
        for h, area in hive_sites(s).items():
            if h not in s.ruined or s.units(area, IMPERIUM):
                targets.append(area)
        if not targets or not tribes:
            return {}
        start_areas = [a for a in s.setup.ork_areas]
        scores: dict[tuple[str, str], float] = {}
        for area in targets:
            dmap = g.bfs((area,), imperial)
            open_sides = [n for n in g.nbrs[area] if n not in imperial]
            slots = 3 * max(1, len(open_sides))
            dfn = max(1, defence_of(s, area, IMPERIUM))
            mod = g.defmod[area] + (1 if s.turn == 1 and deploying else 0)
            for t, cs in tribes.items():
                counting = sorted(
                    (specs[c].attack for c in cs if not specs[c].exempt), reverse=True
                )
                atk = sum(counting[:slots]) + sum(specs[c].attack for c in cs if specs[c].exempt)
                col = s.data.crt.column(odds_ratio(max(1, atk), dfn))
                p = expected(
                    s, col, mod, {"EX": 1.0, "DR": 1.0, "DE": 1.0}, any(c == GHAZ for c in cs)
                )
                if deploying:
                    steps = min(dmap.get(a, 9) for a in start_areas) - 1
                    turns = steps / 4
                else:
                    ds = sorted(
                        max(0, dmap.get(s.location(c), 12) - 1) / max(1, specs[c].movement)
                        for c in cs
                        if not specs[c].exempt
                    )
                    turns = sum(ds[:6]) / max(1, len(ds[:6])) / 2
                scores[(t, area)] = p - 0.25 * turns + (0.15 if self._aims.get(t) == area else 0)
        names = sorted(tribes)
        best: tuple[float, tuple[str, ...]] = (-1e9, ())
        for combo in _combos(targets, len(names)):
            total = 0.0
            for t, a in zip(names, combo, strict=True):
                total += scores[(t, a)]
            dup = len(combo) - len(set(combo))
            total -= 0.4 * dup if len(targets) >= len(names) else 0.1 * dup
            if total > best[0]:
                best = (total, combo)
        return dict(zip(names, best[1], strict=True))

    # -- strategy ----------------------------------------------------------------------------

    def _PlanCards(self, s: S, legal: Sequence[Action]) -> Action:
        for a in legal:
            if isinstance(a, ac.PlayCard):
                return a
        wanted = self._cards(s)
        for a in legal:
            if isinstance(a, ac.Plan) and (a.first, a.second) == wanted:
                return a
        return legal[0]

    def _cards(self, s: S) -> tuple[str, str]:
        """The strategy cards for this turn.

        Orks: move and attack, then attack again and move (two attacks a turn, and the last
        move of the turn garrisons the ruins), or attack and build when destroyed counters can
        come back. Imperium: build twice a turn (the production track moves at every build
        phase), with one move and one combat between the builds."""
        p = self.side
        if p == ORKS:
            dead = any(s.spec(c).side == ORKS and c != GHAZ for c in s.counters_at(DEAD))
            builds = ork_allowance(s) + (1 if s.holds(ORKS, "mekboyz") else 0)
            if dead and (ork_allowance(s) >= 1 or (builds >= 1 and len(held_ruins(s)) >= 1)):
                return (f"{p}-mc", f"{p}-cb")
            return (f"{p}-mc", f"{p}-cm")
        return (f"{p}-bm", f"{p}-cb")

    # -- movement ----------------------------------------------------------------------------

    def _MovementPhase(self, s: S, legal: Sequence[Action]) -> Action:
        """Plan the whole phase at its first decision, then play the plan move by move (a
        counter's reach does not change while the others move)."""
        key = (s.turn, s.segment, s.phase, len(s.effects), len(s.played))
        if self._plan_key != key:
            cards = [a for a in legal if isinstance(a, ac.PlayCard)]
            card = self._movement_card(s, cards) if cards else None
            if card is not None:
                return card
            self._plan_key = key
            moves = [a for a in legal if isinstance(a, ac.Move)]
            self._plan = list(
                self._ork_moves(s, moves) if self.side == ORKS else self._imperial_moves(s, moves)
            )
            self._plan.reverse()
        while self._plan:
            a = self._plan.pop()
            if a.counter not in s.used:  # type: ignore[attr-defined]
                return a
        for a in reversed(legal):
            if isinstance(a, ac.Pass):
                return a
        return legal[-1]

    def _movement_card(self, s: S, cards: list[ac.PlayCard]) -> Action | None:
        if self.side == ORKS:
            for c in cards:
                if c.card == "kult-of-speed" and c.target == self._slowest_tribe(s):
                    return c
        return None

    def _slowest_tribe(self, s: S) -> str | None:
        """The tribe farthest from its target (the one Kult of Speed helps most)."""
        aims = self._ork_aims(s)
        g = geo(s.data)
        worst, far = None, 2.0
        for t, aim in aims.items():
            ds = [g.dist[s.location(c)].get(aim, 9) for c in s.on_map(ORKS) if s.spec(c).tribe == t]
            if ds and sum(ds) / len(ds) > far:
                worst, far = t, sum(ds) / len(ds)
        return worst

    def _ork_aims(self, s: S) -> dict[str, str]:
        return self._cached(s, "aims", lambda: self._ork_aims_now(s))

    def _ork_aims_now(self, s: S) -> dict[str, str]:
        tribes: dict[str, list[str]] = {}
        for c in s.on_map(ORKS):
            t = s.spec(c).tribe
            if t is not None:
                tribes.setdefault(t, []).append(c)
        self._aims = self._assign_targets(s, tribes)
        return self._aims

    def _ork_moves(self, s: S, moves: list[ac.Move]) -> list[ac.Move]:
        """Every Ork move of this phase (see the module docstring)."""
        g = geo(s.data)
        specs = s.data.counters
        plan = _Planner(s, ORKS, moves)
        supplied = supplied_areas(s, ORKS)
        imperial = s.occupied(IMPERIUM)
        hives = hive_sites(s)
        aims = self._ork_aims(s)

        def safe(area: str) -> bool:
            return area in supplied

        # 1. Garrisons stay in captured hives; ruined hives with nobody in them are occupied.
        for h, area in hives.items():
            if h not in s.ruined:
                continue
            inside = [c for c in s.units(area, ORKS) if c != GHAZ]
            if inside:
                threat = _imperial_threat(s, area)
                keep = 3 if threat >= 1.2 * sum(specs[c].defence for c in inside) else 2
                for c in sorted(inside, key=lambda c: (specs[c].movement, specs[c].attack))[:keep]:
                    plan.hold(c)
            elif not s.units(area, IMPERIUM):
                cands = sorted(
                    (c for c in plan.free() if c != GHAZ and area in plan.reach[c]),
                    key=lambda c: (specs[c].attack - specs[c].defence, c),
                )
                for c in cands[:2]:
                    plan.go(c, area)
        # 2. Each tribe gathers around its target.
        order = sorted(
            aims, key=lambda t: -sum(specs[c].attack for c in plan.free() if specs[c].tribe == t)
        )
        for t in order:
            aim = aims[t]
            dmap = g.bfs((aim,), imperial)
            stage = [n for n in g.nbrs[aim] if n not in imperial]
            stage.sort(key=lambda n: (g.river.get((n, aim), False), g.dist[n].get(aim, 0), n))
            pref = {n: 3 - i * 0.1 - 2 * g.river.get((n, aim), False) for i, n in enumerate(stage)}
            units = sorted(
                (c for c in plan.free() if specs[c].tribe == t and c != GHAZ),
                key=lambda c: (-specs[c].attack, c),
            )
            for c in units:
                here = s.location(c)
                if here in pref:
                    plan.hold(c)
                    continue
                opts = [a for a in plan.reach[c] if a in pref and safe(a) and plan.fits(c, a)]
                if opts:
                    plan.go(c, max(opts, key=lambda a: (pref[a], a)))
                    continue
                now = dmap.get(here, 99)
                opts = [
                    a
                    for a in plan.reach[c]
                    if safe(a) and plan.fits(c, a) and dmap.get(a, 99) < now
                ]
                if opts:
                    plan.go(c, min(opts, key=lambda a: (dmap.get(a, 99), a)))
        # 3. Ghazghkull joins the safest strong Goff stack, near the Goff target if possible,
        #    and spare counters guard the supply lines of his stack and of the garrisons.
        guarded = [hives[h] for h in hives if h in s.ruined and plan.at(hives[h])]
        if GHAZ in s.on_map(ORKS):
            self._place_warlord(s, plan, aims.get(specs[GHAZ].tribe or ""), supplied)
            guarded.insert(0, plan.where(GHAZ))
        self._guard_lines(s, plan, guarded, set(guarded))
        return plan.moves()

    def _guard_lines(self, s: S, plan: _Planner, areas: list[str], keep: set[str]) -> None:
        """Put a counter on every area where one Imperial move could cut the supply line of
        the stacks in ``areas`` (Ghazghkull's first, then the captured hives)."""
        g = geo(s.data)
        specs = s.data.counters
        blocked = frozenset(s.occupied(IMPERIUM))
        sources = g.supply[ORKS] - blocked
        reach = self._cached(s, "reach", lambda: _imperial_reach(s))
        base = g.bfs(sources, blocked)
        for area in areas:
            if area not in base or base[area] == 0:
                continue
            held = {a for a, cs in plan.occ.items() if cs}
            path = []
            at = area
            while base[at] > 0:
                at = min(n for n in g.nbrs[at] if base.get(n, 99) == base[at] - 1)
                path.append(at)
            for y in path:
                if y in held or y not in reach:
                    continue
                if area in g.bfs(sources - {y}, blocked | {y}):
                    continue
                cands = [
                    c
                    for c in plan.reach
                    if c != GHAZ
                    and y in plan.reach[c]
                    and plan.where(c) not in keep
                    and plan.fits(c, y)
                ]
                if cands:
                    pick = min(cands, key=lambda c: (specs[c].attack, c))
                    plan.force(pick, y)
                    held.add(y)

    def _place_warlord(
        self, s: S, plan: _Planner, aim: str | None, supplied: frozenset[str]
    ) -> None:
        """Ghazghkull joins a Goff stack next to the Goff target if one is safe: hard to
        destroy where it stands and with a supply line no Imperial move can cut."""
        g = geo(s.data)
        specs = s.data.counters
        here = s.location(GHAZ)
        tribe = specs[GHAZ].tribe
        options = [here, *plan.reach.get(GHAZ, ())]
        held = frozenset(a for a, cs in plan.occ.items() if cs)
        blocked = frozenset(s.occupied(IMPERIUM))
        sources = g.supply[ORKS] - blocked
        reach = self._cached(s, "reach", lambda: _imperial_reach(s))
        depth = g.bfs(sources, blocked)

        def cuttable(area: str) -> bool:
            base = depth
            if area not in base:
                return True
            # Walk back along one supply path; a cut must lie on every path.
            path = []
            at = area
            while base[at] > 0:
                at = min(n for n in g.nbrs[at] if base.get(n, 99) == base[at] - 1)
                path.append(at)
            for y in path:
                if y in held or y not in reach:
                    continue
                if area not in g.bfs(sources - {y}, blocked | {y}):
                    return True
            return False

        def score(area: str) -> float:
            mates = [
                c
                for c in plan.at(area)
                if c != GHAZ and specs[c].side == ORKS and not specs[c].structure
            ]
            if any(specs[c].tribe != tribe for c in mates):
                return -1e9
            dfn = sum(specs[c].defence for c in mates) + specs[GHAZ].defence
            v = -60.0 * _risk(s, area, dfn)
            v += 3.0 * len(mates) - (25.0 if not mates else 0.0)
            if area not in supplied:
                v -= 80.0
            else:
                if area not in g.supply[ORKS] and cuttable(area):
                    v -= 30.0
                v -= 1.0 * max(0, depth.get(area, 9) - 2)
            if aim is not None and aim in g.nbrs[area]:
                v += 6.0 + 0.3 * sum(specs[c].attack for c in mates)
            elif aim is not None:
                v -= 0.5 * g.dist[area].get(aim, 9)
            return v

        best = max(options, key=lambda a: (score(a), a == here, a))
        if best != here:
            plan.go(GHAZ, best)

    def _imperial_moves(self, s: S, moves: list[ac.Move]) -> list[ac.Move]:
        """Every Imperial move of this phase (see the module docstring)."""
        g = geo(s.data)
        specs = s.data.counters
        plan = _Planner(s, IMPERIUM, moves)
        supplied = supplied_areas(s, IMPERIUM)
        orks = s.occupied(ORKS)
        hives = hive_sites(s)

        # 1. Threatened hives keep (and get) the defenders they need: enough that the
        #    strongest Ork attack within reach would more likely fail than clear them.
        danger = dict(self._endangered(s))
        threats = sorted(
            (
                (danger.get(area, 0.0), area)
                for h, area in hives.items()
                if h not in s.ruined and area not in orks
            ),
            reverse=True,
        )
        for threat, area in threats:
            here = sorted(s.units(area, IMPERIUM), key=lambda c: (-specs[c].defence, c))
            if threat <= 0:
                for c in here[:1]:
                    plan.hold(c)
                continue
            pot = (_potential(s, area, 1), _potential(s, area, 2))
            total = sum(specs[c].defence for c in here)

            def safe(
                kept: int,
                pot: tuple[Potential, Potential] = pot,
                area: str = area,
                total: int = total,
            ) -> bool:
                extra = kept - total
                return (
                    max(
                        _danger(s, area, extra, 1, pot[0]), 0.7 * _danger(s, area, extra, 2, pot[1])
                    )
                    <= HOLD_RISK
                )

            kept = 0
            for c in here:
                if kept and safe(kept):
                    break
                plan.hold(c)
                kept += specs[c].defence
            if safe(kept):
                continue
            cands = sorted(
                (c for c in plan.free() if area in plan.reach[c]),
                key=lambda c: (-specs[c].defence, c),
            )
            for c in cands:
                if plan.fits(c, area):
                    plan.go(c, area)
                    kept += specs[c].defence
                    if safe(kept):
                        break
        # 2. Ruins: held ones keep a counter, empty ones are re-occupied (hives first).
        ruins = {s.location(c): c for c in s.ruined}
        for area in sorted(ruins, key=lambda a: (s.spec(ruins[a]).kind != "hive", a)):
            if area in orks:
                continue
            holding = s.units(area, IMPERIUM)
            if holding:
                plan.hold(min(holding, key=lambda c: (specs[c].attack, c)))
                continue
            cands = sorted(
                (c for c in plan.free() if area in plan.reach[c]),
                key=lambda c: (specs[c].attack + specs[c].defence, c),
            )
            for c in cands[: 2 if s.spec(ruins[area]).kind == "hive" else 1]:
                if plan.fits(c, area):
                    plan.go(c, area)
        # 3. Cut the supply of the Ork stacks that are worth it.
        self._cut_supply(s, plan, supplied)
        # 4. Everyone else gathers around the best counter-attack targets, the strongest
        #    attackers in the places next to them (weaker counters there make room).
        targets = self._imperial_targets(s)
        for aim in targets[:2]:
            self._stage(s, plan, aim, supplied)
        # 5. The rest close in on the nearest target, or on the most threatened hive.
        goals = targets[:2] or [a for t, a in threats[:1] if t > 0]
        if goals:
            dmap = g.bfs(goals, orks)
            for c in sorted(plan.free(), key=lambda c: (-specs[c].attack, c)):
                now = dmap.get(s.location(c), 99)
                if now <= 1:
                    continue
                opts = [
                    a
                    for a in plan.reach[c]
                    if a in supplied
                    and plan.fits(c, a)
                    and dmap.get(a, 99) < now
                    and not _jungle(g, a)
                ]
                if opts:
                    plan.go(c, min(opts, key=lambda a: (dmap.get(a, 99), a)))
        return plan.moves()

    def _stage(self, s: S, plan: _Planner, aim: str, supplied: frozenset[str]) -> None:
        """Fill the areas next to ``aim`` with the strongest Imperial attackers that can get
        there; weaker counters standing in them move aside when they can."""
        g = geo(s.data)
        specs = s.data.counters
        orks = s.occupied(ORKS)
        stage = [n for n in g.nbrs[aim] if n not in orks and n in supplied]
        if not stage:
            return
        pref = {
            n: 3 - 2 * g.river.get((n, aim), False) - 0.1 * i for i, n in enumerate(sorted(stage))
        }
        free = set(plan.free())
        room = {
            n: 3
            - sum(
                1
                for c in plan.at(n)
                if c not in free and not specs[c].exempt and not specs[c].structure
            )
            for n in pref
        }
        cands = sorted(
            (c for c in free if plan.where(c) in pref or any(a in pref for a in plan.reach[c])),
            key=lambda c: (-specs[c].attack, c),
        )
        chosen: dict[str, str] = {}
        for c in cands:
            here = plan.where(c)
            if specs[c].exempt:
                chosen[c] = (
                    here
                    if here in pref
                    else max((a for a in plan.reach[c] if a in pref), key=lambda a: (pref[a], a))
                )
                continue
            if here in pref and room[here] > 0:
                chosen[c] = here
                room[here] -= 1
                continue
            opts = [a for a in plan.reach[c] if a in pref and room[a] > 0]
            if opts:
                a = max(opts, key=lambda a: (pref[a], a))
                chosen[c] = a
                room[a] -= 1
        dmap = g.dist
        for c in sorted(free - set(chosen)):
            here = plan.where(c)
            if here not in pref:
                continue
            outs = [
                a
                for a in plan.reach[c]
                if a not in pref and a in supplied and not _jungle(g, a) and plan.fits(c, a)
            ]
            if outs:
                plan.go(c, min(outs, key=lambda a: (dmap[a].get(aim, 99), a)))
            else:
                plan.hold(c)
        for c, a in chosen.items():
            if a == plan.where(c):
                plan.hold(c)
            elif plan.fits(c, a):
                plan.go(c, a)

    def _cut_supply(self, s: S, plan: _Planner, supplied: frozenset[str]) -> None:
        """Put a counter across the supply line of valuable Ork stacks (twice at most)."""
        g = geo(s.data)
        specs = s.data.counters
        w = worths(s.data)[IMPERIUM]
        orks = s.occupied(ORKS)
        blocked = set(s.occupied(IMPERIUM))
        stacks: dict[str, list[str]] = {}
        for c in s.on_map(ORKS):
            stacks.setdefault(s.location(c), []).append(c)
        hive_areas = set(hive_sites(s).values())
        for _ in range(2):
            base = g.bfs(g.supply[ORKS] - blocked, frozenset(blocked))
            exposed = [a for a in stacks if a in base and a not in g.supply[ORKS]]
            if not exposed:
                return
            cands: dict[str, list[str]] = {}
            for c in plan.free():
                for a in plan.reach[c]:
                    if a in supplied and a not in orks and a not in blocked:
                        cands.setdefault(a, []).append(c)
            best, top = None, 6.0
            for x, _units in sorted(cands.items()):
                if x in g.supply[ORKS] and len(g.supply[ORKS] - blocked - {x}) == 0:
                    continue
                cut = g.bfs(g.supply[ORKS] - blocked - {x}, frozenset(blocked | {x}))
                v = 0.0
                for a in exposed:
                    if a not in cut:
                        shelter = 0.5 if a in hive_areas else 1.0
                        v += shelter * sum(w[c] for c in stacks[a])
                if v > top:
                    best, top = x, v
            if best is None:
                return
            units = sorted(
                (c for c in cands[best] if plan.fits(c, best)), key=lambda c: (-specs[c].defence, c)
            )
            if not units:
                return
            plan.go(units[0], best)
            blocked.add(best)

    def _imperial_targets(self, s: S) -> list[str]:
        """Ork-held areas worth a counter-attack, best first: captured hives and Ghazghkull's
        stack, ranked by their worth and by the Imperial strength that can close in on them."""
        return self._cached(s, "targets", lambda: self._imperial_targets_now(s))

    def _imperial_targets_now(self, s: S) -> list[str]:
        hives = hive_sites(s)
        cands: dict[str, float] = {}
        for h, area in hives.items():
            if h in s.ruined and s.units(area, ORKS):
                cands[area] = 3.0
        if s.ghazghkull_in_play():
            area = s.location(GHAZ)
            cands[area] = cands.get(area, 0.0) + 2.5
        ranked = []
        for area, base in cands.items():
            pot = _imperial_threat(s, area, 2)
            dfn = max(1, defence_of(s, area, ORKS))
            ranked.append((-base * min(pot / dfn, 4.0), area))
        return [a for _, a in sorted(ranked)]

    def _Overstacked(self, s: S, legal: Sequence[Action]) -> Action:
        w = worths(s.data)[self.side]
        return self._best(legal, lambda a: w[a.counter])  # type: ignore[attr-defined]

    # -- combat ------------------------------------------------------------------------------

    def _CombatPhase(self, s: S, legal: Sequence[Action]) -> Action:
        memo: dict[object, object] = {}
        best: Action | None = None
        top = self.caution
        for a in legal:
            if isinstance(a, ac.Attack):
                v = self._attack_value(s, a, memo)
                if v > top:
                    best, top = a, v
        cards = [a for a in legal if isinstance(a, ac.PlayCard)]
        for c in cards:
            if c.card == "waaagh" and best is not None and top > 10:
                return c
            if c.card == "orbital-strike" and self._strike_value(s, c) > 4:
                return c
        if best is not None:
            return best
        for a in legal:
            if isinstance(a, ac.Pass):
                return a
        return legal[-1]

    def _attack_value(self, s: S, a: ac.Attack, memo: dict[object, object], drop: int = 0) -> float:
        side = self.side
        specs = s.data.counters
        key = ("dfn", a.target)
        dfn = memo.get(key)
        if dfn is None:
            dfn = memo[key] = defence_of(s, a.target, other(side))
        assert isinstance(dfn, int)
        att = 0
        for st in a.stacks:
            k = ("att", st)
            v = memo.get(k)
            if v is None:
                v = memo[k] = sum(specs[c].attack for c in s.units(st, side))
            assert isinstance(v, int)
            att += v
        if att <= 0:
            return -1e9
        col = s.data.crt.column(odds_ratio(att, max(0, dfn - drop)))
        mod, _ = modifiers(s, side, a.target, a.stacks)
        values = self._code_values(s, a.target, a.stacks, memo)
        reroll = side == ORKS and any(GHAZ in s.units(st, ORKS) for st in a.stacks)
        return expected(s, col, mod, values, reroll)

    def _code_values(
        self,
        s: S,
        target: str,
        stacks: Sequence[str],
        memo: dict[object, object] | None = None,
    ) -> dict[str, float]:
        """What each result of an attack on ``target`` from ``stacks`` is worth to this side."""
        side = self.side
        w = worths(s.data)
        mine = w[side]
        key = ("target", target, self._movers(s, stacks))
        found = memo.get(key) if memo is not None else None
        if found is None:
            found = self._target_values(s, target, stacks)
            if memo is not None:
                memo[key] = found
        assert isinstance(found, tuple)
        kill, driven, ex_gain, prize = found
        own_worth = 0.0
        ex_loss = 0.0
        for st in stacks:
            units = s.units(st, side)
            own_worth += sum(mine[c] for c in units)
            ok = [mine[c] for c in units if c not in s.retreated]
            if ok:
                ex_loss += min(ok)
        return {
            "DE": kill + prize,
            "DR": driven + prize,
            "EX": ex_gain + prize - ex_loss,
            "AR": -0.1 * own_worth - 2.0,
            "AE": -own_worth,
        }

    def _movers(self, s: S, stacks: Sequence[str]) -> bool:
        """Whether an attacking counter could advance after the attack (movement 2 or more)."""
        specs = s.data.counters
        return any(specs[c].movement >= 2 for st in stacks for c in s.units(st, self.side))

    def _target_values(
        self, s: S, target: str, stacks: Sequence[str]
    ) -> tuple[float, float, float, float]:
        """The defender's side of an attack: (worth destroyed by a DE, worth of a DR, what an EX
        takes from the defender, the prize of clearing the area)."""
        foe = other(self.side)
        g = geo(s.data)
        w = worths(s.data)
        theirs = w[self.side]
        plain = w["plain"]
        defenders = s.units(target, foe)
        kill = sum(theirs[c] for c in defenders)
        mine_occ = s.occupied(self.side)
        exits = any(n not in mine_occ for n in g.nbrs[target])
        doomed = sum(theirs[c] for c in defenders if c in s.retreated)
        # Defenders driven out: worth a quarter of their plain value (out of position), all
        # of their worth when they have nowhere to go or retreated already.
        shaken = 0.25 * sum(plain[c] for c in defenders if c not in s.retreated)
        driven = kill if not exits else shaken + doomed
        first = min(defenders, key=lambda c: (theirs[c], c)) if defenders else None
        one = theirs[first] if first else 0.0
        ex_rest = driven - (0.25 * plain[first] if exits else one) if first else 0.0
        return (kill, driven, one + max(0.0, ex_rest), self._prize(s, target, stacks))

    def _prize(self, s: S, target: str, stacks: Sequence[str]) -> float:
        """What clearing ``target`` of enemy counters is worth beyond the counters."""
        specs = s.data.counters
        if self.side == ORKS:
            prize = 0.0
            movers = any(specs[c].movement >= 2 for st in stacks for c in s.units(st, ORKS))
            for c in s.stack(target, IMPERIUM):
                kind = specs[c].kind
                if kind == "hive":
                    prize += HIVE_PRIZE * (1.0 if movers else 0.7)
                elif kind == "factory":
                    prize += FACTORY_PRIZE
                elif kind == "fortification":
                    prize += 2.0
            return prize
        prize = 0.0
        hives = hive_sites(s)
        for h, area in hives.items():
            if area == target and h in s.ruined:
                held = sum(s.hive_captured(x) for x in hives)
                prize += UNCAPTURE_PRIZE * (1.5 if held >= 2 else 1.0)
                if not s.ghazghkull_in_play():
                    prize += ENDGAME_PRIZE
        return prize

    def _strike_value(self, s: S, a: ac.PlayCard) -> float:
        """Orbital Strike: a 1 in 3 chance that the Orks lose their cheapest counter there."""
        if a.card != "orbital-strike":
            return -1.0
        units = s.units(a.target, ORKS)
        if not units:
            return -1.0
        w = worths(s.data)[IMPERIUM]
        lose = min(units, key=lambda c: (w[c] if c != GHAZ else 1e6, c))
        value = w[lose]
        if len(units) == 1:
            value += self._prize(s, a.target, ())
        return value / 3

    def _AttackCards(self, s: S, legal: Sequence[Action]) -> Action:
        top = s.top
        battle = top.battle  # type: ignore[attr-defined]
        hive = sum(
            s.spec(c).defence for c in s.stack(battle.target, IMPERIUM) if s.spec(c).kind == "hive"
        )
        a = ac.Attack(battle.target, battle.stacks)
        memo: dict[object, object] = {}
        gain = self._attack_value(s, a, memo, hive) - self._attack_value(s, a, memo)
        want = gain > 3.0
        for x in legal:
            if isinstance(x, ac.PlayCard) == want:
                return x
        return legal[-1]

    def _DefenceCards(self, s: S, legal: Sequence[Action]) -> Action:
        battle = s.top.battle  # type: ignore[attr-defined]
        kinds = {s.spec(c).kind for c in s.stack(battle.target, IMPERIUM)}
        want = "hive" in kinds or "factory" in kinds or len(s.units(battle.target, IMPERIUM)) >= 2
        for x in legal:
            if isinstance(x, ac.PlayCard) == want:
                return x
        return legal[-1]

    def _HeroicStand(self, s: S, legal: Sequence[Action]) -> Action:
        battle = s.top.battle  # type: ignore[attr-defined]
        kinds = {s.spec(c).kind for c in s.stack(battle.target, IMPERIUM)}
        g = geo(s.data)
        orks = s.occupied(ORKS)
        trapped = not any(n not in orks for n in g.nbrs[battle.target])
        want = "hive" in kinds or trapped
        for x in legal:
            if isinstance(x, ac.PlayCard) == want:
                return x
        return legal[-1]

    def _RerollChoice(self, s: S, legal: Sequence[Action]) -> Action:
        from wargames.armageddon.combat import combat_result

        top = s.top
        b = top.battle  # type: ignore[attr-defined]
        values = self._code_values(s, b.target, b.stacks)
        code = combat_result(s, b, top.roll)  # type: ignore[attr-defined]
        att = sum(s.spec(c).attack for c in b.attackers)
        dfn = defence_of(s, b.target, IMPERIUM)
        col = s.data.crt.column(odds_ratio(max(1, att), dfn))
        mod, _ = modifiers(s, ORKS, b.target, b.stacks)
        fresh = expected(s, col, mod, values, False)
        return ac.Reroll(values.get(code, 0.0) < fresh)

    def _TakeLoss(self, s: S, legal: Sequence[Action]) -> Action:
        w = worths(s.data)[self.side]
        return self._best(legal, lambda a: -w[a.counter])  # type: ignore[attr-defined]

    def _Retreat(self, s: S, legal: Sequence[Action]) -> Action:
        side = self.side
        foe = other(side)
        g = geo(s.data)
        specs = s.data.counters
        supplied = supplied_areas(s, side)
        first = legal[0]
        assert isinstance(first, ac.RetreatTo)
        counter = first.counter

        def score(a: Action) -> float:
            assert isinstance(a, ac.RetreatTo)
            area = a.area
            danger = sum(specs[c].attack for n in g.nbrs[area] for c in s.units(n, foe))
            mates = s.units(area, side)
            dfn = sum(specs[c].defence for c in mates) + specs[counter].defence
            v = -danger / max(1, dfn)
            v += 5.0 if area in supplied else -20.0
            if counter == GHAZ:
                v -= 50.0 * _risk(s, area, dfn)
                v += 2.0 * len(mates)
            return v

        return self._best(legal, score)

    def _AdvanceChoice(self, s: S, legal: Sequence[Action]) -> Action:
        battle = s.top.battle  # type: ignore[attr-defined]
        target = battle.target
        specs = s.data.counters
        hives = hive_sites(s)
        is_hive = target in hives.values()
        inside = [c for c in s.units(target, self.side)]
        advances = [a for a in legal if isinstance(a, ac.Advance)]
        pass_ = [a for a in legal if isinstance(a, ac.Pass)]
        if not advances:
            return legal[-1]
        if self.side == ORKS:
            counting = [c for c in inside if not specs[c].exempt]
            want = 3 if is_hive else 1 if _is_factory(s, target) and not counting else 0
            if len(counting) >= want:
                return pass_[0] if pass_ else legal[-1]
            cands = [a for a in advances if a.counter != GHAZ]
            if not cands:
                return pass_[0] if pass_ else legal[-1]
            return max(
                cands,
                key=lambda a: (specs[a.counter].defence - 0.5 * specs[a.counter].attack, a.counter),
            )
        want = 2 if is_hive else 0
        if len(inside) >= want:
            return pass_[0] if pass_ else legal[-1]
        return max(advances, key=lambda a: (specs[a.counter].defence, a.counter))

    # -- build -------------------------------------------------------------------------------

    def _ImperialBuild(self, s: S, legal: Sequence[Action]) -> Action:
        specs = s.data.counters
        costs = s.data.costs
        top = s.top
        points = getattr(top, "points", 0)
        threatened = self._fort_need(s)

        def score(a: Action) -> float:
            if isinstance(a, ac.PlayCard):
                return (
                    100.0
                    if a.card == "emergency-production"
                    else (self._strike_value(s, a) * 2 if a.card == "orbital-strike" else -1.0)
                )
            if isinstance(a, ac.Rebuild):
                return 60.0
            if isinstance(a, ac.Buy):
                spec = specs[a.counter]
                cost = costs[spec.kind].cost
                if spec.kind == "fortification":
                    return 20.0 if threatened > 0 else 0.5
                value = (spec.attack + spec.defence + 0.3 * spec.movement) / cost
                if spec.kind == "hive-gangs":
                    # Hive gangs reach the map at once: bought to fill an endangered hive now,
                    # otherwise only with the change.
                    if gangs > 0:
                        return 15.0 + value
                    if points >= 5:
                        return 1.0
                return 10.0 + value
            return 0.0

        gangs = self._gangs_wanted(s)
        return self._best(legal, score)

    def _gangs_wanted(self, s: S) -> int:
        """Free places in the endangered hives, less the hive gangs already bought for them."""
        from wargames.armageddon.state import READY, TRACK

        specs = s.data.counters
        want = 0
        for area, d in self._endangered(s):
            if d >= GANG_RISK:
                want += max(0, 3 - sum(1 for c in s.units(area, IMPERIUM) if not specs[c].exempt))
        bought = sum(
            1
            for box in (READY, f"{TRACK}1")
            for c in s.in_box(box, IMPERIUM)
            if specs[c].kind == "hive-gangs"
        )
        return want - bought

    def _fort_need(self, s: S) -> int:
        """How many more fortifications the endangered hives want (beyond those on order)."""
        specs = s.data.counters
        from wargames.armageddon.state import READY, TRACK

        queued = sum(1 for c in s.in_box(READY, IMPERIUM) if specs[c].kind == "fortification")
        for space in range(1, 4):
            queued += sum(
                1 for c in s.in_box(f"{TRACK}{space}", IMPERIUM) if specs[c].kind == "fortification"
            )
        return self._cached(s, "forts", lambda: self._fort_want(s)) - queued

    def _fort_want(self, s: S) -> int:
        specs = s.data.counters
        need = 0
        for area, _danger_now in self._endangered(s):
            forts = sum(1 for c in s.stack(area, IMPERIUM) if specs[c].kind == "fortification")
            pot = _potential(s, area, 2)
            k = 0
            while k < FORT_CAP - forts and _danger(s, area, 3 * k, 2, pot) > 0.25:
                k += 1
            need += k
        return need

    def _endangered(self, s: S) -> list[tuple[str, float]]:
        """Intact hives the Orks could clear within two moves, most endangered first."""
        return self._cached(s, "endangered", lambda: self._endangered_now(s))

    def _endangered_now(self, s: S) -> list[tuple[str, float]]:
        hives = hive_sites(s)
        orks = s.occupied(ORKS)
        out = []
        for h, area in hives.items():
            if h in s.ruined or area in orks:
                continue
            d = max(_danger(s, area, 0, 1), 0.7 * _danger(s, area, 0, 2))
            if d > 0:
                out.append((area, d))
        return sorted(out, key=lambda x: (-x[1], x[0]))

    def _PlaceReady(self, s: S, legal: Sequence[Action]) -> Action:
        specs = s.data.counters
        g = geo(s.data)
        danger = dict(self._endangered(s))
        targets = self._imperial_targets(s)

        def score(a: Action) -> float:
            if not isinstance(a, ac.Place):
                return -100.0  # a ready counter is worth more on the map than in the box
            spec = specs[a.counter]
            area = a.area
            d = danger.get(area, 0.0)
            if spec.kind == "fortification":
                forts = sum(1 for c in s.stack(area, IMPERIUM) if specs[c].kind == "fortification")
                return 10.0 * d + (1.0 if area in danger else 0.0) - 4.0 * (forts >= FORT_CAP)
            v = 5.0 + 10.0 * d
            if targets:
                v -= 0.8 * min(g.dist[area].get(x, 9) for x in targets)
            return v

        return self._best(legal, score)

    def _Arrive(self, s: S, legal: Sequence[Action]) -> Action:
        return self._PlaceReady(s, legal)

    def _OrkBuild(self, s: S, legal: Sequence[Action]) -> Action:
        specs = s.data.counters
        g = geo(s.data)
        aims = self._ork_aims(s)
        hives = hive_sites(s)
        ruined_hive_areas = {hives[h] for h in hives if h in s.ruined}

        def score(a: Action) -> float:
            if isinstance(a, ac.PlayCard):
                return 50.0 if a.card == "mekboyz" and s.in_box(DEAD, ORKS) else -1.0
            if isinstance(a, ac.Return):
                spec = specs[a.counter]
                aim = aims.get(spec.tribe or "")
                v = float(spec.attack + spec.defence)
                if a.area in ruined_hive_areas:
                    v += 3.0
                if aim is not None:
                    v -= 1.5 * g.dist[a.area].get(aim, 9)
                if not fits(s.data, s.stack(a.area, ORKS), a.counter):
                    v -= 100
                return v
            return 0.0

        return self._best(legal, score)

    def _SupplyCheck(self, s: S, legal: Sequence[Action]) -> Action:
        for a in legal:
            if isinstance(a, ac.PlayCard):
                return a
        return legal[-1]


# -- planning helpers ------------------------------------------------------------------------


class _Planner:
    """A phase's moves, planned counter by counter against the stacks they will make."""

    def __init__(self, s: S, side: str, moves: Iterable[ac.Move]) -> None:
        self.s = s
        self.side = side
        self.reach: dict[str, set[str]] = {}
        for m in moves:
            self.reach.setdefault(m.counter, set()).add(m.area)
        self.occ: dict[str, list[str]] = {}
        for c in s.on_map(side):
            self.occ.setdefault(s.location(c), []).append(c)
        self.dest: dict[str, str] = {}
        self.fixed: set[str] = set()
        self._structures: dict[str, tuple[str, ...]] = {}

    def free(self) -> list[str]:
        return [c for c in self.reach if c not in self.fixed]

    def at(self, area: str) -> list[str]:
        return self.occ.get(area, [])

    def fits(self, counter: str, area: str) -> bool:
        stack = [c for c in self.occ.get(area, []) if c != counter]
        structures = self._structures.get(area)
        if structures is None:
            specs = self.s.data.counters
            structures = self._structures[area] = tuple(
                c for c in self.s.stack(area, self.side) if specs[c].structure
            )
        return fits(self.s.data, (*structures, *stack), counter)

    def hold(self, counter: str) -> None:
        self.fixed.add(counter)

    def go(self, counter: str, area: str) -> None:
        if counter in self.fixed or area not in self.reach.get(counter, ()):
            return
        here = self.dest.get(counter, self.s.location(counter))
        self.occ[here].remove(counter)
        self.occ.setdefault(area, []).append(counter)
        self.dest[counter] = area
        self.fixed.add(counter)

    def force(self, counter: str, area: str) -> None:
        """Send ``counter`` to ``area`` even if it was planned otherwise."""
        self.fixed.discard(counter)
        self.go(counter, area)

    def where(self, counter: str) -> str:
        return self.dest.get(counter, self.s.location(counter))

    def moves(self) -> list[ac.Move]:
        return [ac.Move(c, a) for c, a in self.dest.items() if a != self.s.location(c)]


def _combos(targets: list[str], n: int) -> Iterable[tuple[str, ...]]:
    if n == 0:
        yield ()
        return
    for t in targets:
        for rest in _combos(targets, n - 1):
            yield (t, *rest)


def _jungle(g: Geo, area: str) -> bool:
    return IMPERIUM in g.stops[area] and ORKS not in g.stops[area]


def _is_factory(s: S, area: str) -> bool:
    return any(s.spec(c).kind == "factory" for c in s.structures(area))


def _ork_threat(s: S, area: str, moves: int = 1) -> float:
    """The strongest one-tribe Ork attack that could reach ``area`` in ``moves`` moves."""
    g = geo(s.data)
    specs = s.data.counters
    dmap = g.bfs((area,), s.occupied(IMPERIUM))
    by_tribe: dict[str, float] = {}
    for c in s.on_map(ORKS):
        d = dmap.get(s.location(c))
        if d is None:
            continue
        spec = specs[c]
        if d - 1 <= moves * spec.movement:
            by_tribe[spec.tribe or ""] = by_tribe.get(spec.tribe or "", 0.0) + spec.attack
    return max(by_tribe.values(), default=0.0)


Potential = tuple[list[tuple[int, bool]], int, int]


def _potential(s: S, area: str, moves: int) -> Potential:
    """The strongest attack of each Ork tribe that could be brought against ``area`` within
    ``moves`` Ork moves (with whether Ghazghkull is in it), the die modifier and the defence."""
    g = geo(s.data)
    specs = s.data.counters
    imperial = s.occupied(IMPERIUM)
    slots = [n for n in g.nbrs[area] if n not in imperial]
    dmap = g.bfs((area,), imperial) if slots else {}
    by_tribe: dict[str, list[int]] = {}
    lead: dict[str, int] = {}
    for c in s.on_map(ORKS):
        d = dmap.get(s.location(c))
        spec = specs[c]
        if d is None or d - 1 > moves * spec.movement:
            continue
        t = spec.tribe or ""
        if spec.exempt:
            lead[t] = lead.get(t, 0) + spec.attack
        else:
            by_tribe.setdefault(t, []).append(spec.attack)
    attacks = []
    for t, atks in by_tribe.items():
        atks.sort(reverse=True)
        attacks.append((sum(atks[: 3 * len(slots)]) + lead.get(t, 0), t in lead))
    mod = g.defmod[area] + (1 if s.turn == 1 else 0)
    if slots and all(g.river.get((n, area), False) for n in slots):
        mod -= 1
    return (attacks, mod, defence_of(s, area, IMPERIUM))


def _danger(
    s: S, area: str, extra: int = 0, moves: int = 1, potential: Potential | None = None
) -> float:
    """Chance that the strongest one-tribe Ork attack that could be brought against the
    Imperial stack in ``area`` within ``moves`` Ork moves clears it (defence + ``extra``)."""
    attacks, mod, dfn = potential or _potential(s, area, moves)
    worst = 0.0
    for atk, lead in attacks:
        col = s.data.crt.column(odds_ratio(max(1, atk), max(1, dfn + extra)))
        worst = max(worst, expected(s, col, mod, {"EX": 1.0, "DR": 1.0, "DE": 1.0}, lead))
    return worst


def _imperial_threat(s: S, area: str, moves: int = 1) -> float:
    """The Imperial attack that could reach ``area`` in ``moves`` moves."""
    g = geo(s.data)
    specs = s.data.counters
    dmap = g.bfs((area,), s.occupied(ORKS))
    total = 0.0
    for c in s.on_map(IMPERIUM):
        d = dmap.get(s.location(c))
        if d is not None and d - 1 <= moves * specs[c].movement:
            total += specs[c].attack
    return total


def _imperial_reach(s: S) -> frozenset[str]:
    """Areas some Imperial counter could enter in its next move (stops ignored)."""
    g = geo(s.data)
    specs = s.data.counters
    orks = s.occupied(ORKS)
    by_move: dict[int, list[str]] = {}
    for c in s.on_map(IMPERIUM):
        m = specs[c].movement
        if m > 0:
            by_move.setdefault(m, []).append(s.location(c))
    out: set[str] = set()
    for m, starts in by_move.items():
        out.update(a for a, d in g.bfs(starts, orks).items() if 0 < d <= m)
    return frozenset(out)


def _risk(s: S, area: str, dfn: int) -> float:
    """Chance that an Ork stack of defence ``dfn`` in ``area`` is destroyed by the Imperial
    counters that could close in on it in one move: a DE, or a retreat with nowhere to go."""
    g = geo(s.data)
    att = _imperial_threat(s, area, 1)
    if att <= 0:
        return 0.0
    imperial = s.occupied(IMPERIUM)
    exits = sum(1 for n in g.nbrs[area] if n not in imperial)
    col = s.data.crt.column(odds_ratio(int(att), max(1, dfn)))
    values = {"DE": 1.0}
    if exits <= 1:
        doom = 1.0 if exits == 0 else 0.5
        values.update({"DR": doom, "EX": doom})
    return expected(s, col, g.defmod[area], values, False)


__all__ = ["GreedyAgent"]
