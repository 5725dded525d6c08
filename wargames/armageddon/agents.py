"""A greedy Battle for Armageddon bot: attacks at good odds, protects hives and supply,
captures hives. It sees only its own view of the state.

Each decision is scored by a short heuristic for the kind of step the game waits for (the top
task): moves by how much closer they bring a counter to where it is needed, attacks by their
expected gain on the Combat Results Table, losses by the counter's worth, and so on. Ties are
broken by the agent's own seeded generator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import networkx as nx
import numpy as np

from wargames.armageddon import actions as act
from wargames.armageddon.combat import numbers
from wargames.armageddon.data import IMPERIUM, ORKS, ArmageddonData
from wargames.armageddon.state import ArmageddonState, other
from wargames.core.engine import Action, GameState

S = ArmageddonState

OK_CARDS = frozenset({"tunnel-rats", "thunderbolt-wing", "heroic-stand", "looted-supplies",
                      "astropathic-warning"})
"""Reaction cards the bot always plays when offered."""


@cache
def distances(data: ArmageddonData) -> dict[str, dict[str, int]]:
    """Borders crossed between every two passable areas."""
    g = data.board.graph.subgraph(a for a in data.board.ids
                                  if data.terrain[data.board[a].terrain].enterable)
    return {a: dict(d) for a, d in nx.all_pairs_shortest_path_length(g)}


def worth(s: S, counter: str) -> float:
    spec = s.spec(counter)
    return spec.attack + spec.defence + 0.5 * spec.movement + (10 if counter == "ghazghkull" else 0)


class GreedyAgent:
    """Greedy bot for one side (``"orks"`` or ``"imperium"``)."""

    def __init__(self, side: str, seed: int | None = None, caution: float = 2.0) -> None:
        self.side = side
        self.rng = np.random.default_rng(seed)
        self.caution = caution
        """The expected gain an attack must beat to be made."""

    def __repr__(self) -> str:
        return f"GreedyAgent({self.side!r})"

    def act(self, view: GameState) -> Action:
        assert isinstance(view, ArmageddonState)
        self._near: dict[str, float] = {}
        self._goals = self.targets(view)
        legal = view.legal_actions()
        kind = type(view.top).__name__
        chooser: Callable[[S, Sequence[Action]], Action] = getattr(self, f"_{kind}", self._any)
        return chooser(view, legal)

    # -- helpers ---------------------------------------------------------------------------

    def _best(self, legal: Sequence[Action], score: Callable[[Action], float]) -> Action:
        scores = [score(a) + 1e-6 * self.rng.random() for a in legal]
        return legal[int(np.argmax(scores))]

    def _any(self, s: S, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, act.PlayCard) and a.card in OK_CARDS]
        if plays:
            return plays[0]
        passes = [a for a in legal if isinstance(a, act.Pass)]
        return passes[0] if passes else legal[int(self.rng.random() * len(legal))]

    def targets(self, s: S) -> list[str]:
        """Where this side wants its counters now.

        Orks: the areas around the two hives they can hit hardest (weakest defence for the Ork
        strength near them) and any ruined hive to garrison. Imperium: its hives that are
        threatened or empty, else all of them, plus Ghazghkull's area when he is in reach.
        """
        hive_areas = [s.location(h) for h in s.hives()]
        if self.side == ORKS:
            open_hives = [s.location(h) for h in s.hives() if not s.hive_captured(h)]
            ranked = sorted(open_hives, key=lambda a: self._hive_cost(s, a))
            goals = [n for a in ranked[:2] for n in s.data.board.neighbours(a)
                     if s.data.terrain[s.data.board[n].terrain].enterable]
            goals += [s.location(h) for h in s.hives() if h in s.ruined]
            return goals or hive_areas
        threatened = [a for a in hive_areas if self._threat(s, a) > 0 or
                      (not s.units(a, IMPERIUM))]
        if s.ghazghkull_in_play():
            threatened.append(s.location("ghazghkull"))
        return threatened or hive_areas

    def _hive_cost(self, s: S, area: str) -> float:
        from wargames.armageddon.combat import defence_of

        dist = distances(s.data).get(area, {})
        near = sum(s.spec(c).attack for c in s.on_map(ORKS) if dist.get(s.location(c), 9) <= 2)
        return (defence_of(s, area, IMPERIUM) + 1) / (near + 1)

    def _threat(self, s: S, area: str) -> int:
        board = s.data.board
        return sum(s.spec(c).attack for n in board.neighbours(area) for c in s.units(n, ORKS))

    def _closeness(self, s: S, area: str) -> float:
        """Minus the borders from ``area`` to the nearest goal of this decision."""
        found = self._near.get(area)
        if found is None:
            dist = distances(s.data).get(area, {})
            found = self._near[area] = -float(min((dist.get(t, 99) for t in self._goals),
                                                  default=99))
        return found

    # -- set-up and strategy -----------------------------------------------------------------

    def _DeployOrks(self, s: S, legal: Sequence[Action]) -> Action:
        return self._best(legal, lambda a: self._closeness(s, a.area)  # type: ignore[attr-defined]
                          if isinstance(a, act.Deploy) else -99)

    def _PlanCards(self, s: S, legal: Sequence[Action]) -> Action:
        for a in legal:
            if isinstance(a, act.PlayCard):
                return a
        wanted = self._plan(s)
        for a in legal:
            if isinstance(a, act.Plan) and (a.first, a.second) == wanted:
                return a
        return legal[0]

    def _plan(self, s: S) -> tuple[str, str]:
        from wargames.armageddon.build import held_ruins

        p = self.side
        if p == ORKS:
            dead = any(s.spec(c).side == ORKS for c in s.counters_at("@dead"))
            if len(held_ruins(s)) >= 2 and dead:
                return (f"{p}-mc", f"{p}-cb")
            return (f"{p}-mc", f"{p}-cm")
        if s.turn == 1:
            return (f"{p}-mc", f"{p}-bm")
        return (f"{p}-bm", f"{p}-mc") if self.rng.random() < 0.5 else (f"{p}-mc", f"{p}-bc")

    # -- movement ----------------------------------------------------------------------------

    def _MovementPhase(self, s: S, legal: Sequence[Action]) -> Action:
        def score(a: Action) -> float:
            if isinstance(a, act.Pass):
                return 0.25
            if not isinstance(a, act.Move):
                return -1.0
            here = s.location(a.counter)
            if a.counter == "ghazghkull":
                return self._warlord_move(s, a.area, here)
            gain = self._closeness(s, a.area) - self._closeness(s, here)
            if self.side == IMPERIUM and here in self._goals and len(s.units(here, IMPERIUM)) <= 2:
                gain -= 3  # do not strip a hive
            full = sum(not s.spec(c).exempt for c in s.stack(a.area, self.side)) >= 3
            return gain - (5 if full and not s.spec(a.counter).exempt else 0)

        return self._best(legal, score)

    def _warlord_move(self, s: S, there: str, here: str) -> float:
        """Ghazghkull follows the Goffs but never stands where the Imperium can strike him
        without a full Goff stack around him."""

        def safety(area: str) -> float:
            guards = sum(1 for c in s.units(area, ORKS) if c != "ghazghkull") if area == here \
                else len(s.units(area, ORKS))
            exposed = any(s.units(n, IMPERIUM) for n in s.data.board.neighbours(area))
            return guards - (4 if exposed and guards < 3 else 0)

        return safety(there) - safety(here) + 0.1 * (self._closeness(s, there)
                                                     - self._closeness(s, here))

    def _Overstacked(self, s: S, legal: Sequence[Action]) -> Action:
        return self._best(legal, lambda a: worth(s, a.counter))  # type: ignore[attr-defined]

    # -- combat ------------------------------------------------------------------------------

    def _CombatPhase(self, s: S, legal: Sequence[Action]) -> Action:
        for a in legal:
            if isinstance(a, act.PlayCard) and a.card == "waaagh" and len(legal) > 2:
                return a
        return self._best(legal, lambda a: self._attack_value(s, a))

    def _attack_value(self, s: S, a: Action) -> float:
        """Expected gain of an attack on the Combat Results Table (enemy worth destroyed or
        driven off, the area's prize if it is emptied, minus own losses)."""
        if isinstance(a, act.Pass):
            return self.caution
        if isinstance(a, act.PlayCard):
            return self._strike_value(s, a)
        if not isinstance(a, act.Attack):
            return -1.0
        n = numbers(s, self.side, a.target, a.stacks)
        reroll = None
        if self.side == ORKS and any("ghazghkull" in s.units(st, ORKS) for st in a.stacks):
            reroll = self._reroll_policy
        dist = s.data.crt.distribution(n.odds, n.modifier, reroll)
        foe = other(self.side)
        defenders = [worth(s, c) for c in s.units(a.target, foe)]
        d_worth = sum(defenders)
        d_one = min(defenders, default=0.0)
        own = [worth(s, c) for st in a.stacks for c in s.units(st, self.side)]
        a_worth = sum(own)
        prize = self._prize(s, a.target)
        value = {"DE": d_worth + prize, "DR": 0.3 * d_worth + prize,
                 "EX": d_one + 0.2 * d_worth + prize - len(a.stacks) * min(own),
                 "AR": -0.3 * a_worth, "AE": -a_worth}
        return float(sum(p * value.get(code, 0.0) for code, p in dist.items()))

    @staticmethod
    def _reroll_policy(code: str) -> bool:
        return code in ("AE", "AR", "EX")

    def _strike_value(self, s: S, a: act.PlayCard) -> float:
        if a.card == "orbital-strike":
            return sum(worth(s, c) for c in s.units(a.target, ORKS)) / 6
        return -1.0

    def _prize(self, s: S, area: str) -> float:
        kinds = {s.spec(c).kind: c for c in s.structures(area)}
        if self.side == ORKS:
            return 12.0 * ("hive" in kinds and kinds["hive"] not in s.ruined) + 3.0 * (
                "factory" in kinds and kinds["factory"] not in s.ruined)
        return 10.0 * ("hive" in kinds)

    def _RerollChoice(self, s: S, legal: Sequence[Action]) -> Action:
        top = s.top
        from wargames.armageddon.combat import RerollChoice, combat_result

        assert isinstance(top, RerollChoice)
        return act.Reroll(self._reroll_policy(combat_result(s, top.battle, top.roll)))

    def _TakeLoss(self, s: S, legal: Sequence[Action]) -> Action:
        return self._best(legal, lambda a: -worth(s, a.counter))  # type: ignore[attr-defined]

    def _Retreat(self, s: S, legal: Sequence[Action]) -> Action:
        foe = other(self.side)
        board = s.data.board

        def score(a: Action) -> float:
            assert isinstance(a, act.RetreatTo)
            danger = sum(1 for n in board.neighbours(a.area) if s.units(n, foe))
            return -danger + 0.5 * self._closeness(s, a.area)

        return self._best(legal, score)

    def _AdvanceChoice(self, s: S, legal: Sequence[Action]) -> Action:
        return self._best(legal, lambda a: worth(s, a.counter) if isinstance(a, act.Advance)
                          else 0.0)

    # -- build -------------------------------------------------------------------------------

    def _ImperialBuild(self, s: S, legal: Sequence[Action]) -> Action:
        def score(a: Action) -> float:
            if isinstance(a, act.Rebuild):
                return 50.0
            if isinstance(a, act.PlayCard):
                return 40.0 if a.card == "emergency-production" else -1.0
            if isinstance(a, act.Buy):
                spec = s.spec(a.counter)
                cost = s.data.costs[spec.kind].cost
                return (spec.attack + spec.defence + spec.movement) / cost
            return 0.0

        return self._best(legal, score)

    def _PlaceReady(self, s: S, legal: Sequence[Action]) -> Action:
        return self._best(legal, lambda a: self._threat(s, a.area) + 1.0  # type: ignore[attr-defined]
                          if isinstance(a, act.Place) else 0.0)

    def _Arrive(self, s: S, legal: Sequence[Action]) -> Action:
        return self._best(legal, lambda a: float(self._threat(s, a.area)))  # type: ignore[attr-defined]

    def _OrkBuild(self, s: S, legal: Sequence[Action]) -> Action:
        def score(a: Action) -> float:
            if isinstance(a, act.Return):
                return worth(s, a.counter) + self._closeness(s, a.area)
            if isinstance(a, act.PlayCard):
                return 30.0
            return 0.0

        return self._best(legal, score)
