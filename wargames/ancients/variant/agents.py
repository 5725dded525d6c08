"""A greedy agent for the seats of the 'Armageddon' team variant (CCA-*).

It is the base greedy agent (:mod:`wargames.ancients.agents`) with the variant's own
decisions added, dispatched on the kind of decision; every other decision (a Field General's
orders, moves and battles within his flank, any seat's defence) is the base agent's, played
from the seat's own view (the legal actions of a flank's step already keep it to that flank):

- **Placing** (the Commander, ``place CARD FLANK``): a card is worth, on a flank, what the
  units it could order there are worth (ordered greedily, as the base agent scores a card),
  less a part of what it would be worth on the best other flank, so that a section card goes
  to the flank it names and a card goes where it orders the most useful units; Rally is worth
  the blocks it could give back there, I Am Spartacus about two units.
- **Counter Attack** (``counter-attack FLANK``): played when the card it would copy there is
  worth clearly more than the card lying on that flank (which is kept for next turn).
- **First Strike** (``play first-strike``): played when the defender's strike first is worth
  more than a threshold (the expected blocks it takes from the attacker, a bonus for
  eliminating it).
- **The next combat** (``battles HEX``): the unit with the best attack goes first.
- **A banner on two flanks** (``credit FLANK``): to the flank where the winner holds fewest.
- **The set-up choice** (``centre FLANK`` with three players, ``flank FLANK`` with two,
  CCA-ROLE-04, -05): the center goes to the Field General whose own flank holds fewer of the
  side's units, and the Commander runs the outside flank holding fewer, so that the heavier
  load falls on a Field General; a tie goes to ``left``.

The agent keeps no memory between decisions: what one seat sees never reaches another seat
of its side through it (the software form of CCA-ROLE-08). Ties are broken by the seeded
generator over the actions sorted by notation: the same seed and views give the same actions.
"""

from __future__ import annotations

from collections.abc import Sequence

from wargames.ancients import actions as acts
from wargames.ancients.agents import ELIMINATION, GreedyAgent
from wargames.ancients.state import AncientsState
from wargames.core.engine import Action, GameState, Player

CARD_SHARE = 0.3
"""How much of a card's worth on its best other flank is held against placing it here."""
COUNTER_COST = 0.4
"""What a copy must gain over the card on its flank for Counter Attack to be played."""
FIRST_STRIKE_MIN = 0.9
"""What striking first must be worth for First Strike to be played."""
MAX_ORDERS = 8


class TeamGreedyAgent(GreedyAgent):
    """The greedy player of a side's seats in the variant, the base agent elsewhere."""

    def act(self, view: GameState) -> Action:
        from wargames.ancients.variant.state import ArmageddonState

        if not isinstance(view, ArmageddonState):
            return super().act(view)
        legal = sorted(view.legal_actions(), key=str)
        if len(legal) == 1:
            return legal[0]
        return self._best(legal, lambda a: self._team_score(view, a, legal))

    def _team_score(self, s: AncientsState, a: Action, legal: Sequence[Action]) -> float:
        from wargames.ancients.variant.actions import (
            BattleNext,
            Centre,
            CounterAttack,
            Credit,
            OutsideFlank,
            Place,
        )
        from wargames.ancients.variant.flow import FirstStrikeOffer
        from wargames.ancients.variant.state import team

        ts = team(s)
        top = s.top if s.tasks else None
        if isinstance(a, Centre | OutsideFlank):
            return self._light_flank(ts, a.flank)
        if isinstance(a, Place):
            return self._place_card(ts, a)
        if isinstance(a, CounterAttack):
            return self._counter(ts, a.flank)
        if isinstance(a, BattleNext):
            unit = s.unit_at(a.hex)
            return 0.0 if unit is None else self._offence(s, unit, a.hex)
        if isinstance(a, Credit):
            return self._credit(ts, a.flank)
        if isinstance(top, FirstStrikeOffer):
            if isinstance(a, acts.PlayCard):
                c = top.combat
                back = self._hits(s, c.target, c.at, c.attacker, "battle-back")
                return self._value(*back) - FIRST_STRIKE_MIN
            return 0.0
        if isinstance(a, acts.Rally):
            unit = s.unit_at(a.hex)
            return 1.0 if unit is None else 1.0 + 0.1 * self._unit_worth(s, unit)
        if str(a) == "end counter-attack":
            return 0.0
        return self._score(s, a, legal)

    def _light_flank(self, s: AncientsState, flank: str) -> float:
        """The set-up choice: fewer of the deciding side's units in ``flank`` score higher, and
        ``left`` wins a tie (CCA-ROLE-04, -05)."""
        from wargames.ancients.variant.flanks import in_flank
        from wargames.ancients.variant.flow import ChooseFlanks
        from wargames.ancients.variant.state import team

        top = s.top if s.tasks else None
        side = top.side if isinstance(top, ChooseFlanks) else s.active
        ts = team(s)
        units = len([p for p in ts.units_of(side) if in_flank(ts, side, p, flank)])
        return -units - (0.5 if flank == "right" else 0.0)

    # -- the Commander's cards ---------------------------------------------------------------

    def _worth(self, s: AncientsState, side: str, card: str, flank: str) -> float:
        """What ``card`` placed on ``flank`` could order there now, ordered greedily."""
        from wargames.ancients.variant.flanks import (
            COUNTER_ATTACK,
            in_flank,
            orderable,
            placed_right,
        )
        from wargames.ancients.variant.state import team

        if not card:
            return 0.0
        ts = team(s)
        spec = s.scenario.cards[card]
        if not placed_right(spec, flank):
            return -1.0
        if card == "rally":
            return 0.5 * sum(
                s.scenario.full(u) - s.blocks[u]
                for u in s.units_of(side)
                if in_flank(ts, side, u, flank) and s.kind(u).can_be_rallied
            )
        if card == "i-am-spartacus":
            mine = [u for u in s.units_of(side) if in_flank(ts, side, u, flank)]
            return sum(sorted((self._unit_worth(s, u) for u in mine), reverse=True)[:2])
        t = ts.evolve(
            active=side,
            ordered=(),
            flank=flank,
            card=card,
            flank_orders=((), (), ()),
            tasks=(),
        )
        total = 0.0
        try:
            for _ in range(MAX_ORDERS):
                units = [p for p in orderable(t, side, flank, card) if not s.is_leader(p)]
                if not units:
                    break
                best = max(units, key=lambda p: (self._unit_worth(t, p), -p))
                total += max(0.0, self._unit_worth(t, best))
                t = t.evolve(ordered=(*t.ordered, best))
                if card == COUNTER_ATTACK:
                    break
        except (AssertionError, KeyError, IndexError, ValueError, AttributeError):
            return total
        return total + 0.2 * spec.bonus_dice

    def _place_card(self, s: AncientsState, a: object) -> float:
        from wargames.ancients.variant.actions import Place
        from wargames.ancients.variant.flow import PlaceCard
        from wargames.ancients.variant.seats import FLANKS

        assert isinstance(a, Place)
        top = s.top
        side = top.side if isinstance(top, PlaceCard) else s.active
        here = self._worth(s, side, a.card, a.flank)
        elsewhere = max(self._worth(s, side, a.card, f) for f in FLANKS if f != a.flank)
        return here - CARD_SHARE * max(0.0, elsewhere)

    def _counter(self, s: AncientsState, flank: str) -> float:
        from wargames.ancients.variant.flow import copied, index
        from wargames.ancients.variant.state import team

        ts = team(s)
        side = s.active
        copy = copied(ts, flank)
        lying = ts.placed[0 if side == "bottom" else 1][index(flank)]
        gain = self._worth(s, side, copy, flank) - 0.5 * max(
            0.0, self._worth(s, side, lying, flank)
        )
        return gain - COUNTER_COST

    def _credit(self, s: AncientsState, flank: str) -> float:
        from wargames.ancients.variant.seats import FLANKS
        from wargames.ancients.variant.state import team
        from wargames.ancients.variant.victory import own_name

        ts = team(s)
        loser = ts.pending[0][0] if ts.pending else self._side(s)
        winner = 1 if loser == "bottom" else 0
        held = ts.flank_banners[winner][FLANKS.index(own_name(loser, flank))]
        return -float(held) - ELIMINATION * (held + 1 >= s.scenario.target[winner])


def team_greedy(seed: int | None, player: Player) -> TeamGreedyAgent:
    """The registry's factory: the greedy agent, team-aware, with its own seeded generator."""
    return TeamGreedyAgent(seed, player)


__all__ = ["TeamGreedyAgent", "team_greedy"]
