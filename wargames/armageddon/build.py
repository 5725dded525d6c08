"""Build phases and arrivals (BFA-BUILD-01..22, BFA-SURPRISE-04).

Imperial: spend up to the build point track (half on turn 1, rounded down) on counters that
have a cost, each onto its production-track space; the whole track then moves one space and
counters in the 'ready' box may be placed with an intact hive or factory. Orks: return one
destroyed counter for each two smoking ruins they hold, never Ghazghkull, to a held ruin or an
Ork supply area.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.armageddon import actions as act
from wargames.armageddon.data import IMPERIUM, ORKS, ArmageddonData
from wargames.armageddon.flow import DieRoll, Task
from wargames.armageddon.specials import phase_card_count, phase_card_plays, play_phase_card
from wargames.armageddon.stacking import fits, weight
from wargames.armageddon.state import DEAD, POOL, READY
from wargames.core.caches import PER_DATA
from wargames.core.codec import DERIVED, saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S

END_BUILD = act.Pass("build")
END_BUYING = act.Pass("buying")

REBUILD_FACTOR = 2
"""A ruined hive or factory costs twice its value to rebuild (research 5.6, BFA-GAP-10)."""


def build_allowance(s: S) -> int:
    """Points to spend in an Imperial build phase: the track, halved on turn 1
    (BFA-BUILD-05, BFA-SURPRISE-04, BFA-GAP-13)."""
    return s.build_points // 2 if s.turn == 1 else s.build_points


def placement_areas(s: S, counter: str) -> tuple[str, ...]:
    """Areas with an intact hive or factory and no enemy where ``counter`` fits the stacking
    rules (BFA-BUILD-15, BFA-GAP-23); the same for every counter of its weight (once per
    state)."""
    data = s.data

    def found() -> tuple[str, ...]:
        return tuple([a for a in industry_areas(s) if fits(data, s.stack(a, IMPERIUM), counter)])

    counts, tribe = weight(data, counter)
    return s.once(f"placement-areas:{counts}:{tribe}", found)


def each_areas(
    s: S, counters: Iterable[str], areas_of: Callable[[S, str], tuple[str, ...]]
) -> list[tuple[str, ...]]:
    """``areas_of(s, c)`` for each of ``counters``, asked once per weight (counters of one
    weight fit in the same areas)."""
    by_weight: dict[tuple[int, Hashable | None], tuple[str, ...]] = {}
    out = []
    for c in counters:
        key = weight(s.data, c)
        found = by_weight.get(key)
        if found is None:
            found = by_weight[key] = areas_of(s, c)
        out.append(found)
    return out


def industry_areas(s: S) -> tuple[str, ...]:
    """Areas with an intact hive or factory and no Ork counter, sorted (once per state)."""

    def found() -> tuple[str, ...]:
        orks = s.occupied(ORKS)
        areas = {s.location(c) for c in industry(s.data) if c not in s.ruined}
        return tuple(sorted(areas - orks))

    return s.once("industry-areas", found)


@lru_cache(maxsize=PER_DATA)
def industry(data: ArmageddonData) -> tuple[str, ...]:
    """The hive and factory counters."""
    return tuple(c for c, spec in data.counters.items() if spec.kind in ("hive", "factory"))


def buildable(s: S) -> tuple[str, ...]:
    """Imperial counters that may be bought: lost so far or set aside at the start, of a kind
    with a cost (BFA-BUILD-06/08)."""
    cost = build_costs(s.data)
    return tuple(filter(cost.__contains__, (*s.counters_at(POOL), *s.counters_at(DEAD))))


@lru_cache(maxsize=PER_DATA)
def build_costs(data: ArmageddonData) -> dict[str, int]:
    """Imperial counter id -> its build cost, for the counters of a kind with a cost
    (BFA-BUILD-06/08)."""
    costs = data.costs
    return {
        c: costs[spec.kind].cost
        for c, spec in data.counters.items()
        if spec.side == IMPERIUM and spec.kind in costs
    }


@lru_cache(maxsize=64 * PER_DATA)
def affordable(data: ArmageddonData, points: int) -> frozenset[str]:
    """The Imperial counters whose build cost is at most ``points`` (BFA-BUILD-05): asked at
    every purchase, so made once per data set and points left (a few dozen)."""
    return frozenset([c for c, cost in build_costs(data).items() if cost <= points])


@lru_cache(maxsize=PER_DATA)
def _buys(data: ArmageddonData) -> dict[str, act.Buy]:
    """Imperial counter id -> its purchase, for the counters of a kind with a cost (made once
    per data set)."""
    return {c: act.Buy(c) for c in build_costs(data)}


@saved("armageddon/imperial-build")
@attrs.frozen
class ImperialBuild(Task):
    """Imperial build phase, purchases: ``points`` left to spend (unspent points are lost)."""

    points: int
    rule: ClassVar[str] = "BFA-BUILD-05"

    def actor(self, s: S) -> Player | None:
        return IMPERIUM

    def legal(self, s: S) -> tuple[Action, ...]:
        out: list[Action] = [*self.buys(s), *self.rebuilds(s)]
        out += phase_card_plays(s, IMPERIUM, "build")
        out.append(END_BUYING)
        return tuple(out)

    def draw(self, s: S, chance: float) -> Action:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`; the card plays
        are counted, not made."""
        buys, rebuilds = self.buys(s), self.rebuilds(s)
        cards = phase_card_count(s, IMPERIUM, "build")
        i = int(chance * (len(buys) + len(rebuilds) + cards + 1))
        if i < len(buys):
            return buys[i]
        i -= len(buys)
        if i < len(rebuilds):
            return rebuilds[i]
        i -= len(rebuilds)
        return phase_card_plays(s, IMPERIUM, "build")[i] if i < cards else END_BUYING

    def buys(self, s: S) -> list[act.Buy]:
        """The purchases within the points left (BFA-BUILD-05/06/08), in the order of
        :func:`buildable`."""
        within = affordable(s.data, self.points)
        return list(map(_buys(s.data).__getitem__, filter(within.__contains__, buildable(s))))

    def rebuilds(self, s: S) -> list[act.Rebuild]:
        """The ruins that may be rebuilt within the points left (BFA-GAP-10)."""
        return [
            act.made(act.Rebuild, a) for a in rebuildable(s) if rebuild_cost(s, a) <= self.points
        ]

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.Buy):
            cost = s.data.costs[s.spec(action.counter).kind]
            return s.move_counters(
                [(action.counter, f"@track{cost.space}")],
                tasks=s.popped(ImperialBuild(self.points - cost.cost)),
            )
        if isinstance(action, act.Rebuild):
            s = s.evolve(rebuilding=s.rebuilding | set(ruins_in(s, action.area)))
            return s.pop(ImperialBuild(self.points - rebuild_cost(s, action.area)))
        if isinstance(action, act.PlayCard):
            s = play_phase_card(s, IMPERIUM, action)
            if action.card == "emergency-production":
                return s.pop(EmergencyProduction(self.points))
            return s
        return s.pop(advance_track(s), PlaceReady())

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.Buy):
            c = action.counter
            if c not in s.data.counters or s.spec(c).side != IMPERIUM:
                return RuleViolation("BFA-BUILD-08", f"{c} is not an Imperial counter")
            if s.spec(c).kind not in s.data.costs:
                return RuleViolation("BFA-BUILD-06", f"{c} has no build cost: it cannot be built")
            if c not in buildable(s):
                return RuleViolation(
                    "BFA-BUILD-08",
                    f"{c} is in play: only counters lost so "
                    "far or set aside at the start can be built",
                )
            return RuleViolation(
                "BFA-BUILD-05", f"{c} costs more than the {self.points} build points left"
            )
        if isinstance(action, act.Rebuild):
            return RuleViolation(
                "BFA-GAP-10",
                f"no smoking ruins held by an Imperial unit to "
                f"rebuild in {action.area} for {self.points} build points",
            )
        return super().explain(s, action)


def ruins_in(s: S, area: str) -> tuple[str, ...]:
    return tuple([c for c in s.structures(area) if c in s.ruined])


def rebuildable(s: S) -> tuple[str, ...]:
    """Areas of smoking ruins held by an Imperial unit and not being rebuilt already."""
    areas = {s.location(c) for c in s.ruined}
    return tuple(
        sorted(
            [a for a in areas if s.units(a, IMPERIUM) and not set(ruins_in(s, a)) <= s.rebuilding]
        )
    )


def rebuild_cost(s: S, area: str) -> int:
    return REBUILD_FACTOR * sum(s.spec(c).defence for c in ruins_in(s, area))


@saved("armageddon/emergency-production")
@attrs.frozen
class EmergencyProduction(DieRoll):
    """Emergency Production: D6 more points to spend in this build phase only (research R15)."""

    points: int

    def rolled(self, s: S, value: int) -> S:
        return s.pop(ImperialBuild(self.points + value))


def advance_track(s: S) -> Task:
    """Every counter on the production track moves one space toward 'ready' (BFA-BUILD-12),
    in manifest order: the track's boxes read off the placement, not every counter's
    place."""
    moves = []
    for box, counters in s.placement.at.items():
        if box.startswith("@track"):
            space = int(box[6:]) - 1
            to = READY if space <= 0 else f"@track{space}"
            moves += [(c, to) for c in counters]
    index = s.manifest.index
    moves.sort(key=lambda move: index[move[0]])
    return _Moved(tuple(moves))


@saved("armageddon/_moved")
@attrs.frozen
class _Moved(Task):
    """Applies a prepared set of counter moves (the production track advancing)."""

    moves: tuple[tuple[str, str], ...]

    def run(self, s: S) -> S:
        return s.move_counters(self.moves, tasks=s.popped())


ReadyAreas = Mapping[tuple[int, Hashable | None], tuple[str, tuple[str, ...]]]
"""Weight -> a counter of that weight and the areas where it may be placed (BFA-BUILD-15)."""


def _ready_areas(s: S) -> ReadyAreas:
    found: dict[tuple[int, Hashable | None], tuple[str, tuple[str, ...]]] = {}
    for c in s.in_box(READY, IMPERIUM):
        key = weight(s.data, c)
        if key not in found:
            found[key] = (c, placement_areas(s, c))
    return found


@saved("armageddon/place-ready")
@attrs.frozen
class PlaceReady(Task):
    """Counters in the 'ready' box may be placed with an intact hive or factory; what does not
    fit stays in the box (BFA-BUILD-13..16, BFA-GAP-24). Ruins paid for flip face up at the end."""

    areas: ReadyAreas | None = attrs.field(default=None, eq=False, repr=False, metadata=DERIVED)
    """Each weight's areas, carried from placement to placement within the phase (a placement
    changes only the stack it joins; the Orks and the ruins stay as they are)."""
    rule: ClassVar[str] = "BFA-BUILD-15"

    def actor(self, s: S) -> Player | None:
        return IMPERIUM

    def ready_areas(self, s: S) -> ReadyAreas:
        """Weight -> a counter of that weight in the 'ready' box and its areas."""
        if self.areas is not None:
            return self.areas
        return s.once("ready-areas", lambda: _ready_areas(s))

    def each(self, s: S) -> list[tuple[str, tuple[str, ...]]]:
        """Each counter in the 'ready' box with the areas it may be placed in."""
        areas, data = self.ready_areas(s), s.data
        return [(c, areas[weight(data, c)][1]) for c in s.in_box(READY, IMPERIUM)]

    def legal(self, s: S) -> tuple[Action, ...]:
        out: list[Action] = [act.made(act.Place, c, a) for c, found in self.each(s) for a in found]
        out.append(END_BUILD)
        return tuple(out)

    def draw(self, s: S, chance: float) -> Action:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, found by
        counting each counter's areas: the only placement made."""
        each = self.each(s)
        i = int(chance * (sum([len(found) for _, found in each]) + 1))
        for c, found in each:
            if i < len(found):
                place: act.Place = act.made(act.Place, c, found[i])
                return place
            i -= len(found)
        return END_BUILD

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.Place):
            counter, area = action.counter, action.area
            stack, data = (*s.stack(area, IMPERIUM), counter), s.data
            left = {}  # only the stack joined changed: each weight asks again only there
            for key, (c, found) in self.ready_areas(s).items():
                if area in found and not fits(data, stack, c):
                    found = tuple([a for a in found if a != area])
                left[key] = (c, found)
            return s.move_counters([(counter, area)], tasks=s.popped(PlaceReady(left)))
        if not s.rebuilding:  # no ruins flip: the where-is-what index holds
            return s.pop(phase=None)
        gain = sum(s.spec(c).defence for c in s.rebuilding)
        return s.pop(
            ruined=s.ruined - s.rebuilding,
            rebuilding=frozenset(),
            build_points=s.build_points + gain,
            phase=None,
        )


@saved("armageddon/arrive")
@attrs.frozen
class Arrive(Task):
    """Reinforcements arriving at the start of a turn are placed with an intact hive, obeying
    stacking; one that cannot be placed waits in the 'ready' box (research 5.8)."""

    counters: tuple[str, ...]
    rule: ClassVar[str] = "BFA-BUILD-15"

    def actor(self, s: S) -> Player | None:
        if not self.counters:
            return None
        return IMPERIUM if self.hive_areas(s, self.counters[0]) else None

    def hive_areas(self, s: S, counter: str) -> tuple[str, ...]:
        hives = {s.location(h) for h in s.hives() if h not in s.ruined}
        return tuple(a for a in placement_areas(s, counter) if a in hives)

    def legal(self, s: S) -> tuple[Action, ...]:
        c = self.counters[0]
        return tuple(act.made(act.Place, c, a) for a in self.hive_areas(s, c))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Place)
        return s.move_counters(
            [(action.counter, action.area)], tasks=s.popped(Arrive(self.counters[1:]))
        )

    def run(self, s: S) -> S:
        if not self.counters:
            return s.pop()
        return s.move_counters(
            [(self.counters[0], READY)], tasks=s.popped(Arrive(self.counters[1:]))
        )


# -- Ork build ----------------------------------------------------------------------------------


def held_ruins(s: S) -> tuple[str, ...]:
    """Smoking ruins (of hives and factories) with an Ork counter in their area (BFA-BUILD-18)."""
    return tuple(c for c in sorted(s.ruined) if s.stack(s.location(c), ORKS))


def ork_allowance(s: S) -> int:
    """One counter per complete pair of held ruins (BFA-BUILD-17, BFA-BUILD-19-EX)."""
    return len(held_ruins(s)) // 2


def return_areas(s: S, counter: str) -> tuple[str, ...]:
    """A held smoking ruin or an Ork supply area free of Imperial counters, where the counter
    fits the stacking rules (BFA-BUILD-21); the same for every counter of its weight (once per
    state)."""
    data = s.data

    def found() -> tuple[str, ...]:
        return tuple([a for a in _return_areas(s) if fits(data, s.stack(a, ORKS), counter)])

    counts, tribe = weight(data, counter)
    return s.once(f"return-areas:{counts}:{tribe}", found)


def _return_areas(s: S) -> tuple[str, ...]:
    """The held smoking ruins' areas and the Ork supply areas free of Imperial counters,
    sorted (once per state)."""

    def found() -> tuple[str, ...]:
        imperial = s.occupied(IMPERIUM)
        areas = {s.location(c) for c in held_ruins(s)}
        areas |= {a for a in s.data.supply[ORKS] if a not in imperial}
        return tuple(sorted(areas))

    return s.once("return-areas", found)


def returnable(s: S) -> tuple[str, ...]:
    """Destroyed Ork counters that may return: any of them but Ghazghkull (BFA-BUILD-20)."""
    return tuple([c for c in s.in_box(DEAD, ORKS) if c != "ghazghkull"])


@saved("armageddon/ork-build")
@attrs.frozen
class OrkBuild(Task):
    """Ork build phase: ``left`` counters may still return."""

    left: int
    rule: ClassVar[str] = "BFA-BUILD-17"

    def actor(self, s: S) -> Player | None:
        return ORKS

    def legal(self, s: S) -> tuple[Action, ...]:
        out: list[Action] = []
        if self.left > 0:
            out = [act.made(act.Return, c, a) for c in returnable(s) for a in return_areas(s, c)]
        out += phase_card_plays(s, ORKS, "build")
        out.append(END_BUILD)
        return tuple(out)

    def draw(self, s: S, chance: float) -> Action:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, found by
        counting each counter's areas and the card plays: the only action made."""
        dead = returnable(s) if self.left > 0 else ()
        areas = each_areas(s, dead, return_areas)
        cards = phase_card_count(s, ORKS, "build")
        i = int(chance * (sum(map(len, areas)) + cards + 1))
        for c, found in zip(dead, areas, strict=True):
            if i < len(found):
                back: act.Return = act.made(act.Return, c, found[i])
                return back
            i -= len(found)
        return phase_card_plays(s, ORKS, "build")[i] if i < cards else END_BUILD

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.Return):
            return s.move_counters(
                [(action.counter, action.area)], tasks=s.popped(OrkBuild(self.left - 1))
            )
        if isinstance(action, act.PlayCard):
            s = play_phase_card(s, ORKS, action)
            return s.pop(OrkBuild(self.left + 1)) if action.card == "mekboyz" else s
        return s.evolve(phase=None, tasks=s.popped())

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.Return):
            c = action.counter
            if c == "ghazghkull":
                return RuleViolation("BFA-BUILD-20", "Warlord Ghazghkull can never be returned")
            if c not in s.data.counters or s.spec(c).side != ORKS or s.location(c) != DEAD:
                return RuleViolation("BFA-BUILD-22", f"{c} is not a destroyed Ork counter")
            if self.left <= 0:
                return RuleViolation(
                    "BFA-BUILD-17",
                    "no more counters may return: one per pair of smoking ruins held",
                )
            if action.area not in return_areas(s, c):
                return RuleViolation(
                    "BFA-BUILD-21",
                    f"{c} may not be placed in {action.area}: "
                    "a held smoking ruin or an Ork supply area, obeying stacking",
                )
        return super().explain(s, action)
