"""A greedy agent for Commands & Colors: Ancients, playing from its own view of the state.

It looks one decision ahead and scores what it sees with exact dice odds
(:func:`~wargames.ancients.odds.roll_odds`, cached):

- **Cards.** Each card in hand is tried on the view (playing a card reveals nothing new): the
  orders it allows are given greedily and the card is worth the sum of the ordered units'
  worth (what they can hit now or soon), a little for cards that order nothing.
- **Orders.** Units that can hit first (the expected blocks their best attack takes), then
  units near the enemy, leaders last (a lone leader in danger before them).
- **Moves.** A unit goes where its hex is worth most: the expected hits of its best attack
  from there (close combat against neighbours, fire for units that fire), less the hits the
  enemy next to it may roll back, plus support (two friendly neighbours, CCB-FLAGS-03) and a
  pull toward the enemy; a unit of one block pulls back toward its baseline and its friends.
  Lone leaders go to a friendly unit. A move is made only if it improves the hex.
- **Battles.** The attack (or fire) with the best expected blocks taken, a bonus for
  eliminating, less the expected battle back; none when nothing pays.
- **Defence.** Evade when the attack's expected hits are worth more than the battle back
  (outmatched); always battle back; ignore every flag allowed unless a unit of one block can
  step back to safety; retreat and evade toward support and the own baseline; advance
  (momentum) when the new hex is no worse.

Ties are broken by the agent's own seeded generator over the actions sorted by notation:
the same seed and views give the same actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from wargames.ancients import actions as acts
from wargames.ancients.combat import full_strength
from wargames.ancients.movement import move_unit
from wargames.ancients.odds import roll_odds
from wargames.ancients.settings import AncientsSettings
from wargames.ancients.state import AncientsState
from wargames.ancients.terrain import TerrainType, has_support
from wargames.ancients.units import UnitType, battle_after_move
from wargames.core.engine import Action, GameState, Player
from wargames.core.notation import Pass

S = AncientsState

ELIMINATION = 1.5
"""Extra worth of eliminating a unit (a banner) over the blocks it loses."""
BATTLE_BACK = 0.7
"""Weight of the expected battle back against an attack's expected hits."""
DANGER = 0.35
"""Weight of the hits enemy neighbours may roll against a unit in a hex."""
SUPPORT = 0.3
"""Worth of standing with support (two friendly neighbours)."""
PULL = 0.06
"""Worth of each hex closer to the nearest enemy."""
MIN_GAIN = 0.05
"""What a move must gain to be made."""
MIN_ATTACK = 0.15
"""What an attack must be worth to be made."""


@lru_cache(maxsize=100_000)
def _expect(
    attacker: UnitType,
    target: UnitType | None,
    kind: str,
    leader: str,
    attacker_terrain: TerrainType,
    target_terrain: TerrainType,
    blocks: int | None,
    hexes_moved: int,
    full_strength: bool,
    settings: AncientsSettings,
) -> tuple[float, float]:
    """Expected blocks lost by the target and the chance it is eliminated (0, 0 when the
    roll is not allowed)."""
    try:
        odds = roll_odds(
            attacker,
            target,
            kind=kind,  # type: ignore[arg-type]
            leader=leader,  # type: ignore[arg-type]
            attacker_terrain=attacker_terrain,
            target_terrain=target_terrain,
            blocks=blocks,
            hexes_moved=hexes_moved,
            full_strength=full_strength,
            settings=settings,
        )
    except (ValueError, KeyError):
        return 0.0, 0.0
    if target is None:
        return float(odds.leader_killed()), float(odds.leader_killed())
    return float(odds.mean_blocks_lost()), float(odds.eliminated())


def _after_move(kind: UnitType, moved: int) -> str:
    try:
        return battle_after_move(kind, moved)
    except ValueError:  # more hexes than its allowance (a momentum extra hex): no battle
        return "may-not"


class GreedyAgent:
    """The greedy player of one side (see the module docstring)."""

    def __init__(self, seed: int | None, player: Player) -> None:
        self.rng = np.random.default_rng(seed)
        self.player = player

    # -- the protocol ------------------------------------------------------------------------

    def act(self, view: GameState) -> Action:
        assert isinstance(view, AncientsState)
        legal = sorted(view.legal_actions(), key=str)
        if len(legal) == 1:
            return legal[0]
        return self._best(legal, lambda a: self._score(view, a, legal))

    def _best(self, legal: Sequence[Action], score: Callable[[Action], float]) -> Action:
        scores = np.array([score(a) for a in legal], dtype=float)
        top = np.flatnonzero(scores >= scores.max() - 1e-9)
        return legal[int(top[int(self.rng.integers(len(top)))])]

    # -- scoring one action ------------------------------------------------------------------

    def _score(self, s: S, a: Action, legal: Sequence[Action]) -> float:
        top = s.top if s.tasks else None
        task = type(top).__name__
        if isinstance(a, acts.PlayCard):
            if task in ("DefenderChoice", "ReactionOffer"):  # a reaction (First Strike)
                return 0.1
            return self._card(s, a)
        if isinstance(a, acts.Order):
            return self._order(s, a)
        if isinstance(a, acts.Move):
            return self._move(s, a)
        if isinstance(a, acts.Attack | acts.Fire):
            return self._attack(s, a)
        if isinstance(a, acts.Evade):
            return self._evade(s, top)
        if isinstance(a, acts.Stand):
            return 0.0
        if isinstance(a, acts.Ignore):
            return self._ignore(s, a, top)
        if isinstance(a, acts.RetreatTo):
            return self._place(s, s.unit_at(a.frm), a.frm, a.to)
        if isinstance(a, acts.EvadeTo):
            return self._evade_to(s, a, top)
        if isinstance(a, acts.BattleBack):
            return 1.0
        if isinstance(a, acts.Advance):
            return self._advance(s, top)
        if isinstance(a, acts.Rampage):
            return self._rampage(s, a)
        if isinstance(a, Pass):
            return self._pass(s, a)
        return 0.0

    # -- geometry and odds -----------------------------------------------------------------

    def _side(self, s: S) -> str:
        return self.player.split("/", 1)[0]

    def _leader(self, s: S, unit: int, at: str) -> str:
        side = s.side_of(unit)
        here = s.leader_at(at)
        if here is not None and s.side_of(here) == side:
            return "attached"
        for n in s.scenario.geometry.neighbours[at]:
            other = s.leader_at(n)
            if other is not None and s.side_of(other) == side and s.unit_at(n) is None:
                return "adjacent"
        return "none"

    def _hits(
        self, s: S, unit: int, frm: str, target: int, kind: str = "close", moved: int = 0
    ) -> tuple[float, float]:
        g = s.scenario.geometry
        tgt = s.type_of(target)
        return _expect(
            s.kind(unit),
            tgt,
            kind,
            self._leader(s, unit, frm),
            g.terrain[frm],
            g.terrain[s.where[target]],
            None if tgt is None else s.blocks[target],
            moved,
            full_strength(s, unit),
            s.scenario.settings,
        )

    def _value(self, hits: float, elim: float) -> float:
        return hits + ELIMINATION * elim

    def _enemies_near(self, s: S, side: str, at: str) -> list[int]:
        found = []
        for n in s.scenario.geometry.neighbours[at]:
            p = s.enemy_piece_at(n, side)
            if p is not None:
                found.append(p)
        return found

    def _offence(self, s: S, unit: int, at: str, moved: int = 0) -> float:
        """The best attack ``unit`` could make from ``at``."""
        side = s.side_of(unit)
        kind = s.kind(unit)
        best = 0.0
        enemies = self._enemies_near(s, side, at)
        for e in enemies:
            best = max(best, self._value(*self._hits(s, unit, at, e, "close")))
        if kind.range > 0 and not enemies:
            g = s.scenario.geometry
            occupied = s.occupied()
            for e in s.units_of("top" if side == "bottom" else "bottom"):
                where = s.where[e]
                d = g.distance(at, where)
                if 1 < d <= kind.range and g.sees(at, where, occupied):
                    best = max(best, self._value(*self._hits(s, unit, at, e, "ranged", moved)))
        return best

    def _danger(self, s: S, unit: int, at: str) -> float:
        side = s.side_of(unit)
        total = 0.0
        for e in self._enemies_near(s, side, at):
            if s.is_leader(e):
                continue
            hits, elim = self._hits(s, e, s.where[e], unit, "close")
            total += hits + ELIMINATION * elim
        return total

    def _friends(self, s: S, side: str, at: str, but: str | None = None) -> tuple[int, int]:
        units = leaders = 0
        for n in s.scenario.geometry.neighbours[at]:
            if n == but:
                continue
            u = s.unit_at(n)
            if u is not None and s.side_of(u) == side:
                units += 1
                continue
            leader = s.leader_at(n)
            if leader is not None and s.side_of(leader) == side:
                leaders += 1
        return units, leaders

    def _nearest_enemy(self, s: S, side: str, at: str) -> int:
        g = s.scenario.geometry
        enemy = "top" if side == "bottom" else "bottom"
        return min((g.distance(at, s.where[e]) for e in s.units_of(enemy)), default=0)

    def _hex_worth(self, s: S, unit: int, frm: str, at: str, moved: int = 0) -> float:
        """What standing in ``at`` is worth to ``unit`` (which now stands in ``frm``)."""
        side = s.side_of(unit)
        kind = s.kind(unit)
        weak = s.blocks[unit] <= 1
        moved_s = s if at == frm else move_unit(s, unit, at)
        offence = self._offence(moved_s, unit, at, moved)
        if moved and _after_move(kind, moved) == "may-not":
            offence *= 0.4
        danger = self._danger(moved_s, unit, at) * (2.5 if weak else 1.0)
        units, leaders = self._friends(moved_s, side, at, but=frm)
        support = SUPPORT if has_support(units, leaders, s.scenario.settings) else 0.0
        distance = self._nearest_enemy(moved_s, side, at)
        pull = (PULL if not weak else -PULL) * -distance
        return offence - DANGER * danger + support + pull

    def _unit_worth(self, s: S, unit: int) -> float:
        at = s.where[unit]
        offence = self._offence(s, unit, at)
        near = self._nearest_enemy(s, s.side_of(unit), at)
        return offence + (0.4 if near <= 3 else 0.1) + 0.01 * s.blocks[unit]

    # -- decisions -----------------------------------------------------------------------------

    def _card(self, s: S, a: acts.PlayCard) -> float:
        try:
            t = s.apply(a)
        except Exception:
            return -1.0
        me = s.current_player
        total = 0.0
        for _ in range(12):
            if t.current_player != me or not t.tasks:
                break
            orders = [x for x in t.legal_actions() if isinstance(x, acts.Order)]
            if not orders:
                break
            best = max(orders, key=lambda o: (self._order(t, o), str(o)))
            total += max(0.0, self._order(t, best))
            t = t.apply(best)
        spec = s.scenario.cards[a.card]
        return total + 0.2 * spec.bonus_dice + (0.15 if total == 0 else 0.0)

    def _order(self, s: S, a: acts.Order) -> float:
        if a.leader:
            leader = s.leader_at(a.hex)
            if leader is not None and s.lone(leader):
                side = s.side_of(leader)
                return 0.3 + (0.5 if self._enemies_near(s, side, a.hex) else 0.0)
            return 0.02
        unit = s.unit_at(a.hex)
        return 0.0 if unit is None else self._unit_worth(s, unit)

    def _move(self, s: S, a: acts.Move) -> float:
        g = s.scenario.geometry
        if a.leader:
            leader = s.leader_at(a.frm)
            if leader is None:
                return -1.0
            side = s.side_of(leader)
            u = s.unit_at(a.to)
            if u is not None and s.side_of(u) == side:
                return 1.0 - 0.01 * g.distance(a.frm, a.to)
            here = s.unit_at(a.frm)
            return -1.0 if here is not None else 0.1 * len(self._friends(s, side, a.to))
        unit = s.unit_at(a.frm)
        if unit is None:
            return -1.0
        moved = s.moved[unit] if unit < len(s.moved) else 0
        step = g.distance(a.frm, a.to)
        stay = self._hex_worth(s, unit, a.frm, a.frm, moved)
        go = self._hex_worth(s, unit, a.frm, a.to, moved + step)
        return go - stay - MIN_GAIN

    def _attack(self, s: S, a: acts.Attack | acts.Fire) -> float:
        unit = s.unit_at(a.frm)
        target = s.enemy_piece_at(a.at, self._side(s))
        if unit is None or target is None:
            return 0.0
        if isinstance(a, acts.Fire):
            moved = s.moved[unit] if unit < len(s.moved) else 0
            return self._value(*self._hits(s, unit, a.frm, target, "ranged", moved))
        hits, elim = self._hits(s, unit, a.frm, target, "close")
        value = self._value(hits, elim)
        if not s.is_leader(target):
            back, back_elim = self._hits(s, target, a.at, unit, "battle-back")
            value -= BATTLE_BACK * (1.0 - elim) * self._value(back, back_elim)
        return value

    def _pass(self, s: S, a: Pass) -> float:
        text = str(a)
        if "battle" in text and "back" in text:
            return 0.0
        if "advance" in text or "extra" in text:
            return 0.0
        if "bonus" in text or "battles" in text:
            return MIN_ATTACK
        if "moves" in text or "orders" in text:
            return 0.0
        return 0.0

    def _evade(self, s: S, top: Any) -> float:
        combat = getattr(top, "combat", None)
        if combat is None:
            return 0.0
        attacker, target = combat.attacker, combat.target
        hits, elim = self._hits(s, attacker, combat.frm, target, "close")
        evade_hits, evade_elim = self._hits(s, attacker, combat.frm, target, "evade")
        back, back_elim = self._hits(s, target, combat.at, attacker, "battle-back")
        stand = -self._value(hits, elim) + (1.0 - elim) * self._value(back, back_elim)
        evade = -self._value(evade_hits, evade_elim) - 0.3
        return evade - stand

    def _ignore(self, s: S, a: acts.Ignore, top: Any) -> float:
        unit = getattr(top, "unit", None)
        if unit is None:
            combat = getattr(top, "combat", None)
            unit = None if combat is None else combat.target
        if isinstance(unit, int) and not s.is_leader(unit) and s.blocks[unit] <= 1:
            side = s.side_of(unit)
            rear = s.scenario.geometry.rear[side][s.where[unit]]
            if any(s.unit_at(h) is None and s.leader_at(h) is None for h in rear):
                return -a.flags  # step back rather than stay in contact
        return float(a.flags)

    def _place(self, s: S, unit: int | None, frm: str, to: str) -> float:
        if unit is None:
            return 0.0
        side = s.side_of(unit)
        units, leaders = self._friends(s, side, to, but=frm)
        g = s.scenario.geometry
        home = 1.0 if to in g.baseline[side] else 0.0
        enemies = len(self._enemies_near(s, side, to))
        return units + 0.5 * leaders - 0.8 * enemies + 0.1 * home

    def _evade_to(self, s: S, a: acts.EvadeTo, top: Any) -> float:
        last = a.hexes[-1]
        if last == acts.OFF:
            return -2.0
        unit = getattr(top, "unit", None)
        first = a.hexes[0]
        g = s.scenario.geometry
        frm = next((n for n in g.neighbours[first] if isinstance(unit, int)), first)
        if isinstance(unit, int):
            frm = s.where[unit]
            if s.is_leader(unit):
                u = s.unit_at(last)
                return 2.0 if u is not None and s.side_of(u) == s.side_of(unit) else 0.0
            return self._place(s, unit, frm, last)
        return 0.0

    def _advance(self, s: S, top: Any) -> float:
        combat = getattr(top, "combat", None)
        if combat is None:
            return 0.5
        unit = combat.attacker
        if s.blocks[unit] <= 1:
            return -0.5
        here = s.where[unit]
        return self._hex_worth(s, unit, here, combat.at) - self._hex_worth(s, unit, here, here)

    def _rampage(self, s: S, a: acts.Rampage) -> float:
        p = s.unit_at(a.hex)
        if p is None:
            return 0.0
        return 1.0 if s.side_of(p) != self._side(s) else -1.0


def greedy(seed: int | None, player: Player) -> GreedyAgent:
    """The registry's factory: a greedy agent for ``player`` with its own seeded generator."""
    return GreedyAgent(seed, player)


__all__ = ["GreedyAgent", "greedy"]
