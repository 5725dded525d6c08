"""Greedy agents for The Warmaster, one per side, playing from their own view of the state.

Both look one decision ahead, with a plan for the whole Movement phase made at its first
decision. Every battle is scored by its exact expected value on the Battle Results Table (the
ratio column with the data's shifts, one D6, a surviving re-roll used on any result worth less
than a new roll): units destroyed (the owner losing his cheapest), retreats (units with no room
to go die), the prize of clearing the Bridge or the Defensive Screens, and the game itself
when the Emperor or Horus can fall.

- **Imperial.** Groups: the Emperor with two Custodes, each other hero heading a group. Each
  Movement phase: the Emperor first, with two escorts, into an attack worth it or to the area
  where the Traitor's reachable strength (blocking his ways out included) hurts him least;
  then the attacks worth making, against revealed units and against face-down counters as
  the average of what may still be hidden (Horus, Traps, Horrors, Ambushes, Legionaries),
  with spare units standing in the defenders' ways out; then a cheap unit onto the Bridge and
  the Defensive Screens when they are free of Traitors; the rest close in on Horus once he is
  revealed, else on the face-down counters. Reactors are blown when it pays (the Screens, a
  Horus next door), never with the Emperor in the blast; laser hits go where they hurt most.
- **Traitor.** Set-up: Horus in a well-connected inner area, drawn at random (Lupercal's
  Sanctum and the Bridge's neighbours likelier), a Justaerin on the Bridge, an Ambush on the
  Defensive Screens (its drawn units strike first and a retreat evicts the boarders), the rest
  around Horus and on the approaches. Movement: the Emperor's area first if an attack there
  pays, with blockers in his ways out; Horus (once revealed) with his two best defenders to
  where the Imperial strength in reach hurts him least, guards for a face-down Horus under
  threat; units onto the Bridge and the Screens; other attacks; the rest within reach of the
  Emperor.
- **Both.** The Emperor and Horus are worth what their death changes from the standing (the
  Imperial player ahead once the fleet's lasers fire): the side ahead risks its leader less,
  and once the lasers fire the Emperor hides. Losses: the cheapest unit, never the Emperor or
  Horus while another can go.
  Retreats, displacements and arrivals of enemy units: where they are worst off (in reach of
  the chooser's strength, little room, away from what they want, the Emperor or Horus away
  from his escorts). Teleportarium: the best result kept.

Ties are broken by the agent's own seeded generator: the same seed and views give the same
actions.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from typing import Any, TypeVar

import numpy as np

from wargames.core.engine import Action, GameState
from wargames.core.odds import odds_ratio
from wargames.warmaster import actions as act
from wargames.warmaster.battle import numbers
from wargames.warmaster.data import EMPEROR, HORUS, IMPERIAL, TRAITOR, UnitSpec, WarmasterData
from wargames.warmaster.movement import destinations
from wargames.warmaster.state import CUP, HIDDEN, UNKNOWN, UNPLACED, WarmasterState, other

S = WarmasterState
Specs = tuple[UnitSpec, ...]
Stakes = tuple[float, float]
"""The worth of the Emperor and of Horus."""
T = TypeVar("T")

WIN = 500.0
"""The worth of a won game against a lost one (a unit is worth its factors, 8 to 20)."""
STANDING = (0.15, 0.45)
"""The Imperial player's expected result (+1 a win, -1 a loss) as the bots see it, before and
after the fleet's lasers fire: the Emperor's death is worth ``WIN * (1 + standing)``, Horus's
``WIN * (1 - standing)``, so a side ahead risks its leader less and a side behind more."""
HERO = 6.0
"""Extra worth of a re-roll hero."""
HURT = 0.12
"""Share of a unit's worth that a forced retreat costs (scattered, split by the enemy)."""
SPLIT = 15.0
"""Extra cost of the Emperor or Horus retreating, split from his escorts by the enemy."""
PRIZE = {IMPERIAL: {"bridge": 25.0, "screens": 35.0}, TRAITOR: {"bridge": 35.0, "screens": 10.0}}
"""What clearing the Bridge or the Defensive Screens of enemies is worth to each side."""
MIN_GAIN = 0.5
"""The expected gain an attack must beat to be made."""
CAUTION = 5.0
"""The expected gain over staying out of battle that the Emperor's attacks must show."""
EVEN: Stakes = (WIN, WIN)

# -- geography and worth -----------------------------------------------------------------------


@lru_cache(maxsize=64)
def distances(data: WarmasterData, destroyed: frozenset[str]) -> dict[str, dict[str, int]]:
    """Areas crossed between every two intact areas."""
    out: dict[str, dict[str, int]] = {}
    for start in (a for a in data.board.ids if a not in destroyed):
        found, queue = {start: 0}, deque([start])
        while queue:
            here = queue.popleft()
            for n in data.board.neighbours(here):
                if n not in found and n not in destroyed:
                    found[n] = found[here] + 1
                    queue.append(n)
        out[start] = found
    return out


def dist(s: S, a: str, b: str) -> int:
    return distances(s.data, s.destroyed).get(a, {}).get(b, 99)


def worth(spec: UnitSpec, stakes: Stakes = EVEN) -> float:
    if spec.id in (EMPEROR, HORUS):
        return stakes[spec.id == HORUS]
    return spec.attack + spec.defence + (HERO if spec.has_reroll else 0.0) if spec.fights else 0.0


def _order(units: Iterable[UnitSpec]) -> Specs:
    """Canonical order: the Emperor or Horus first, as in the manifest (he retreats first)."""
    return tuple(sorted(units, key=lambda u: (u.id not in (EMPEROR, HORUS), u.id)))


def specs(s: S, units: Iterable[str]) -> Specs:
    return _order(s.spec(u) for u in units)


def cheapest(units: Sequence[UnitSpec], heroes_last: bool = False) -> UnitSpec:
    pool = [u for u in units if not (heroes_last and u.has_reroll)] or list(units)
    return min(pool, key=lambda u: (worth(u), u.id))


# -- battles -----------------------------------------------------------------------------------


def column(data: WarmasterData, area: str, side: str, att: Specs, dfn: Specs, shift: int) -> int:
    """The Battle Results Table column (as :func:`~wargames.warmaster.battle.numbers`)."""
    odds = odds_ratio(max(sum(u.attack for u in att), 1), sum(u.defence for u in dfn))
    sp = data.specials
    horror = any(u.kind == "horror" for u in dfn)
    if side == IMPERIAL and horror and not any(u.id in sp.horror.negated_by for u in att):
        shift += sp.horror.imperial_attack_shift
    if area == data.sanctum and any(u.id == sp.sanctum.unit for u in dfn):
        shift += sp.sanctum.defence_shift
    return max(0, min(len(data.battle.columns) - 1, data.battle.column(odds) + shift))


def reroller(side: str, att: Specs, dfn: Specs) -> str | None:
    """The side keeping a re-roll (as :func:`~wargames.warmaster.battle.reroll_side`)."""
    kinds = {side: {u.reroll for u in att if u.has_reroll}}
    kinds[other(side)] = {u.reroll for u in dfn if u.has_reroll}
    for who in (side, other(side)):
        mine, theirs = kinds[who], kinds[other(who)]
        if ("supreme" in mine and "supreme" not in theirs) or ("hero" in mine and not theirs):
            return who
    return None


def _retreat_cost(units: Specs, room: int, stakes: Stakes) -> float:
    """What a forced retreat costs: the units with no room die, the others are scattered."""
    dead = sum(worth(u, stakes) for u in units[room:])
    hurt = sum(
        HURT * min(worth(u), 25.0) + SPLIT * (u.id in (EMPEROR, HORUS)) for u in units[:room]
    )
    return dead + hurt


def code_value(
    data: WarmasterData,
    code: str,
    att: Specs,
    dfn: Specs,
    rooms: tuple[int, int],
    prize: float = 0.0,
    stakes: Stakes = EVEN,
) -> float:
    """A result's worth to the attacker: losses (the owner's cheapest), retreats, the prize."""
    r = data.results[code]
    gain = 0.0
    a, d = list(att), list(dfn)
    sides = ((a, r.attacker_loses, -1, r.heroes_last), (d, r.defender_loses, 1, False))
    for units, loses, sign, last in sides:
        if loses == "all":
            gain += sign * sum(worth(u, stakes) for u in units)
            units.clear()
        elif loses == "one" and units:
            lost = cheapest(units, last)
            gain += sign * worth(lost, stakes)
            units.remove(lost)
    both = bool(a) and bool(d)
    if r.attacker_retreats and a and (both or not r.retreat_needs_both):
        gain, a = gain - _retreat_cost(tuple(a), rooms[0], stakes), []
    if r.defender_retreats and d and (both or not r.retreat_needs_both):
        gain, d = gain + _retreat_cost(tuple(d), rooms[1], stakes), []
    return gain + (prize if a and not d else 0.0)


@lru_cache(maxsize=1 << 16)
def battle_ev(
    data: WarmasterData,
    area: str,
    side: str,
    att: Specs,
    dfn: Specs,
    rooms: tuple[int, int],
    prize: float = 0.0,
    shift: int = 0,
    stakes: Stakes = EVEN,
) -> float:
    """Expected worth to the attacker of ``att`` attacking ``dfn`` in ``area`` (``rooms``: the
    retreat room of each side); a surviving re-roll replaces any result worth less to its side
    than a new roll."""
    if not att or not dfn:
        return prize if att else 0.0
    cells = data.battle.cells[column(data, area, side, att, dfn, shift)]
    vals = [code_value(data, c, att, dfn, rooms, prize, stakes) for c in cells]
    base = sum(vals) / len(vals)
    who = reroller(side, att, dfn)
    if who is not None:
        keep = max if who == side else min
        return sum(keep(v, base) for v in vals) / len(vals)
    return base


@lru_cache(maxsize=256)
def ambush_draws(left: tuple[tuple[UnitSpec, int], ...], k: int, n: int = 6) -> tuple[Specs, ...]:
    """``n`` draws of ``k`` counters standing for every draw from ``left`` (type, count): the
    medians of ``n`` equally likely slices of the draws ordered by attack total."""
    count = dict(left)
    draws = []
    for draw in combinations_with_replacement(list(count), k):
        w = prod(comb(count[u], draw.count(u)) for u in set(draw))
        draws.append((sum(u.attack for u in draw), [u.id for u in draw], w, _order(draw)))
    draws.sort(key=lambda d: (d[0], d[1]))
    total, acc, reps = sum(d[2] for d in draws), 0, list[Specs]()
    for _, _, w, draw in draws:
        while len(reps) < n and acc + w > (len(reps) + 0.5) / n * total:
            reps.append(draw)
        acc += w
    return tuple(reps)


def room(s: S, area: str, side: str) -> int:
    """How many of ``side``'s units could retreat out of ``area`` (WM-RETREAT-03)."""
    shut = s.occupied(other(side))
    near = [n for n in s.data.board.neighbours(area) if n not in s.destroyed and n not in shut]
    return sum(max(0, s.data.stack_limit - s.count(n, side)) for n in near)


def prize(s: S, side: str, area: str) -> float:
    """What clearing ``area`` of enemies is worth to ``side``."""
    if area == s.data.bridge and s.bridge is not None:
        return PRIZE[side]["bridge"]
    if area == s.data.defensive_screens and s.screens is None and s.setup.fleet_lasers:
        return PRIZE[side]["screens"]
    return 0.0


def hidden_mix(s: S) -> list[tuple[UnitSpec, float]]:
    """For the Imperial player: what a face-down counter may be, each starting type not yet
    seen with its share of the unidentified starting counters."""
    counts: dict[str, int] = {}
    for c in s.manifest.ids:
        if s.spec(c).starts_face_down and s.location(c) == HIDDEN:
            counts[s.spec(c).id] = counts.get(s.spec(c).id, 0) + 1
    total = sum(counts.values())
    return [(s.data.counters[k], n / total) for k, n in sorted(counts.items())]


def unseen_cup(s: S) -> list[UnitSpec]:
    """The reinforcements not yet seen (the cup's make-up is public knowledge)."""
    ids = s.manifest.ids
    return [s.spec(c) for c in ids if s.spec(c).back == "skull" and s.location(c) in (HIDDEN, CUP)]


def cup_average(s: S) -> UnitSpec:
    """A typical reinforcement not yet seen."""
    left = unseen_cup(s)
    n = max(1, len(left))
    attack, defence = (round(sum(getattr(u, f) for u in left) / n) for f in ("attack", "defence"))
    return UnitSpec("cup-unit", "reinforcement", TRAITOR, "unit", attack, defence)


# -- a Movement phase being planned ------------------------------------------------------------


class Plan:
    """Where each of the side's units will end the phase; units not yet given a job are free."""

    def __init__(self, s: S, side: str) -> None:
        units = list(s.aboard_units(side))
        self.start = {u: s.location(u) for u in units}
        self.pos = dict(self.start)
        self.free = [u for u in units if u not in s.face_down and u not in s.moved]
        self.reach = {u: (self.start[u], *destinations(s, u)) for u in self.free}
        self.enemy = s.occupied(other(side))
        self.limit = s.data.stack_limit

    def at(self, area: str) -> list[str]:
        return [u for u, a in self.pos.items() if a == area]

    def put(self, unit: str, area: str) -> None:
        self.pos[unit] = area
        if unit in self.free:
            self.free.remove(unit)

    def can(self, unit: str, area: str) -> bool:
        full = len(self.at(area)) >= self.limit
        return area in self.reach.get(unit, ()) and (self.pos[unit] == area or not full)

    def exits(self, unit: str) -> bool:
        """Whether ``unit`` can end the phase somewhere free of enemies."""
        return any(a not in self.enemy and self.can(unit, a) for a in self.reach.get(unit, ()))

    def moves(self) -> list[Action]:
        return [act.Move(u, a) for u, a in self.pos.items() if a != self.start[u]]


# -- the agents --------------------------------------------------------------------------------


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
            return _order(near[: s.data.stack_limit])

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
        score = self.exposure(s, area, _order((*units, *here)), self.side)
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
        them = _order(cup_average(s) if u == UNKNOWN else s.spec(u) for u in units)
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
                    dfn = _order((*visible, spec))
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


def greedy(seed: int | None, player: str) -> GreedyAgent:
    """The registry's factory: the greedy bot for ``player``."""
    if player not in (IMPERIAL, TRAITOR):
        raise ValueError(f"unknown player {player!r}")
    return ImperialGreedy(seed) if player == IMPERIAL else TraitorGreedy(seed)


__all__ = ["GreedyAgent", "ImperialGreedy", "TraitorGreedy", "battle_ev", "column", "greedy"]
