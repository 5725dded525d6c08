"""The 'Armageddon' team variant of Commands & Colors: Ancients: its state (CCA-*).

An :class:`ArmageddonState` is an :class:`~wargames.ancients.state.AncientsState` with teams:
each side has one to four players (:mod:`wargames.ancients.variant.seats`, CCA-ROLE-01 to -07); its
turn is :mod:`wargames.ancients.variant.flow`; its cards are bound to flanks
(:mod:`wargames.ancients.variant.flanks`). Fields added:

* ``team``: players per side (CCA-GEN-01);
* ``placed``: per side, per flank (named from that side) the card lying face down, ``""``
  none (CCA-SEQ-08, CCA-CARDS-12);
* ``revealed`` and ``effective``: the active side's cards of this turn per flank (the card
  turned up or Counter Attack; the card whose rule acts: a Counter Attack's copy);
* ``flank_last``: per side, per flank the card it used on its latest turn (a Counter Attack copies
  it, CCA-GAP-07);
* ``countered``: flanks where a Counter Attack was played this turn; ``played``: per flank
  what its card recorded when its orders began (a ``!``: 1 unit of choice instead, CCB-GAP-33);
* ``flank``: the flank being carried out (its Field General decides); ``flank_orders``: the
  pieces ordered on each flank this turn (CCA-CARDS-15);
* ``flank_banners``: per side, the banners won in each flank, flanks named from the bottom
  (CCA-BANNER-01); ``pending``: banners won on a two-flank hex awaiting the losing
  Commander's choice, as ``(losing side, flank, flank)`` (CCA-BANNER-03);
* ``offered``: the close combat First Strike was last offered before (CCA-CARDS-14);
* ``chosen``: per side, the Commander's set-up choice, ``left`` or ``right``: with three
  players the Field General given the center, with two the outside flank the Commander runs;
  ``""`` not yet made, or a side of one or four (CCA-ROLE-04, -05). The seats keep their
  names; the flanks each runs follow from it (:mod:`wargames.ancients.variant.seats`).

Hidden information: a Commander sees his hand and every card his side placed; a Field
General sees neither the hand (only the Commander holds cards) nor any placed card but those
on the flanks he runs (the courier's orders); nobody sees the other side's hand or face-down
cards. Revealed cards, banners and the board are public.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, NamedTuple, Self, TypeVar, cast

import attrs
import numpy as np

from wargames.ancients import actions as act
from wargames.ancients.close import Combat, DefenderChoice
from wargames.ancients.state import BACK, COMMANDER, SIDES, AncientsState, other
from wargames.ancients.variant.flanks import COUNTER_ATTACK, flanks_of
from wargames.ancients.variant.seats import (
    CHOOSING,
    FLANKS,
    NAMES,
    OUTSIDE,
    mirror,
    roles_of,
    seat_for,
    seats,
    side_of,
)
from wargames.ancients.variant.sequence import SEQUENCE
from wargames.core.cards import Deck, Pile
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import UnknownPlayerError
from wargames.core.sequence import SequenceOfPlay

if TYPE_CHECKING:
    from wargames.ancients.command_dice import RallyStep, SpartacusOrders
    from wargames.ancients.variant.flow import FirstStrikeOffer, TeamDefenderChoice
    from wargames.ancients.variant.orders import FlankRallyStep, FlankSpartacusOrders
    from wargames.ancients.variant.victory import CreditChoice

Three = tuple[str, str, str]
NONE3: Three = ("", "", "")


@saved("ancients/armageddon")
@attrs.frozen(slots=False)
class ArmageddonState(AncientsState):
    """A position of the 'Armageddon' team variant (see the module docstring)."""

    variant: ClassVar[str] = "armageddon"
    sequence: ClassVar[SequenceOfPlay] = SEQUENCE
    """The variant's sequence of play (:mod:`wargames.ancients.variant.sequence`)."""

    team: tuple[int, int] = (1, 1)
    placed: tuple[Three, Three] = (NONE3, NONE3)
    revealed: Three = NONE3
    effective: Three = NONE3
    flank_last: tuple[Three, Three] = (NONE3, NONE3)
    countered: tuple[str, ...] = ()
    played: Three = NONE3
    flank: str = ""
    flank_orders: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] = ((), (), ())
    flank_banners: tuple[tuple[int, int, int], tuple[int, int, int]] = ((0, 0, 0), (0, 0, 0))
    pending: tuple[tuple[str, str, str], ...] = ()
    offered: Combat | None = None
    chosen: tuple[str, str] = ("", "")

    # -- seats ---------------------------------------------------------------------------------

    def players_of(self, side: str) -> int:
        return self.team[SIDES.index(side)]

    def choice_of(self, side: str) -> str:
        """``side``'s set-up choice of flanks (CCA-ROLE-04, -05), ``""`` none yet."""
        return self.chosen[SIDES.index(side)]

    def seat(self, side: str, role: str = COMMANDER) -> Player:
        """The seat deciding for ``side`` in ``role``: the active side's steps of a flank go
        to that flank's Field General (CCA-ROLE-02), the rest to the Commander."""
        if role == COMMANDER and side == self.active and self.flank:
            role = self.flank
        i = SIDES.index(side)  # players_of(side), choice_of(side), written out
        return seat_for(side, role, self.team[i], self.chosen[i])

    def commander_seat(self, side: str) -> Player:
        """The seat of ``side``'s Commander (CCA-ROLE-01)."""
        return seat_for(side, COMMANDER, self.players_of(side))

    def role_of(self, piece: int) -> str:
        """A piece's defence is decided by the Field General of the flank it stands in (the
        first, left to right, on a boundary hex)."""
        side = self.side_of(piece)
        if not self.on_board(piece):
            return COMMANDER
        found = flanks_of(self, side, self.where[piece])
        return found[0] if found else COMMANDER

    def taken(self) -> frozenset[int]:
        """Pieces ordered on another flank this turn (CCA-CARDS-15, -16-EX)."""
        return frozenset([p for orders in self.flank_orders for p in orders])

    # -- banners (CCA-BANNER-01 to -03, CCA-VICTORY-01, -02) -------------------------------------

    def credit_banner(self, piece: int, hex_id: str) -> Self:
        """The banner for ``piece`` goes to the flank it stood in; on a two-flank hex its
        Commander chooses (a pending decision, CCA-BANNER-02, -03)."""
        if hex_id not in self.scenario.board:
            return self
        loser = self.side_of(piece)
        flanks = flanks_of(self, "bottom", hex_id)
        if len(flanks) == 2:
            return self.evolve(pending=(*self.pending, (loser, flanks[0], flanks[1])))
        return self.add_flank_banner(other(loser), flanks[0])

    def add_flank_banner(self, side: str, flank: str) -> Self:
        """One banner for ``side`` in ``flank`` (named from the bottom)."""
        i = SIDES.index(side)
        rows = [list(r) for r in self.flank_banners]
        rows[i][FLANKS.index(flank)] += 1
        a, b = rows
        return self.evolve(flank_banners=((a[0], a[1], a[2]), (b[0], b[1], b[2])))

    def banners_reached(self) -> list[str]:
        """Sides with the target in one flank or twice it in all (CCA-VICTORY-01, -02)."""
        found: list[str] = []
        for i, side in enumerate(SIDES):
            target = self.scenario.target[i]
            if max(self.flank_banners[i]) >= target or self.banners[i] >= 2 * target:
                found.append(side)
        return found

    def victory_reason(self, side: str) -> str:
        """The target reached in one flank (named by the winner), or twice it in all."""
        i = SIDES.index(side)
        army, target = self.scenario.army[i], self.scenario.target[i]
        for flank, n in zip(FLANKS, self.flank_banners[i], strict=True):
            if n >= target:
                named = flank if side == "bottom" else mirror(flank)
                return f"{army} reach {n} victory banners in the {named} flank"
        return f"{army} reach {self.banners[i]} victory banners in all flanks, twice the target"

    # -- decisions the engine inserts, base steps given their flank form ----------------------

    def settle(self) -> Self:
        """Automatic steps, and two decisions inserted when their moment comes: the losing
        Commander's choice of flank for a banner (CCA-BANNER-03) and the opposing Commander's
        First Strike before a close combat's roll (CCA-CARDS-14); Rally's and I Am Spartacus's
        steps are replaced by their flank forms (CCA-CARDS-10)."""
        steps = _inserted_steps()
        state = self
        while state.tasks and state.result is None:
            top = state.tasks[-1]
            kind = type(top)
            if state.pending and kind is not steps.credit_choice:
                state = state.push(steps.credit_choice())
                continue
            if _REPLACED[kind]:
                replaced = _replaced(state, top, steps)
                if replaced is not None:
                    state = replaced
                    continue
            actor = top.actor(state)
            if actor is not None:
                state._memo["player"] = actor  # who decides, found on the way (as the kit's)
                break
            state = top.run(state)
        return state

    # -- what a seat sees --------------------------------------------------------------------------

    def sees_hand(self, player: Player, side: str) -> bool:
        return side_of(player) == side and COMMANDER in self._roles(player)

    def sees_placed(self, player: Player, side: str, flank: str) -> bool:
        if side_of(player) != side:
            return False
        roles = self._roles(player)
        return COMMANDER in roles or flank in roles

    def _roles(self, player: Player) -> tuple[str, ...]:
        side = side_of(player)
        if side not in SIDES:
            raise UnknownPlayerError(player, SIDES)
        if player == side:
            return (COMMANDER, *FLANKS)
        players = self.players_of(side)
        if player not in seats(side, players):
            everyone = (*SIDES, *(seat for s in SIDES for seat in seats(s, self.players_of(s))))
            raise UnknownPlayerError(player, everyone)
        return roles_of(player, players, self.choice_of(side))

    def view(self, player: Player) -> Self:
        """What ``player`` (a seat, or a side: its Commander) sees (see the module docstring)."""
        hands = tuple(
            hand if self.sees_hand(player, side) else Pile((BACK,) * len(hand))
            for side, hand in zip(SIDES, self.hands, strict=True)
        )
        placed = tuple(
            tuple(
                c if not c or self.sees_placed(player, side, f) else BACK
                for f, c in zip(FLANKS, row, strict=True)
            )
            for side, row in zip(SIDES, self.placed, strict=True)
        )
        seen = self.evolve(
            hands=hands,
            placed=placed,
            deck=Deck(Pile((BACK,) * len(self.deck.draw)), self.deck.discards),
        )
        if "index" in self._memo:
            seen._memo["index"] = self._memo["index"]
        return self.share(seen, player)

    def resample_hidden(self, player: Player, rng: np.random.Generator) -> Self:
        """A full state consistent with what ``player`` sees: every card hidden from him (hands
        and face-down cards he may not see, the draw pile) dealt again at random."""
        view = self.view(player)
        unseen: list[str] = []
        for real, seen in zip(self.hands, view.hands, strict=True):
            if real is not seen:
                unseen.extend(real.cards)
        for real_row, seen_row in zip(self.placed, view.placed, strict=True):
            unseen.extend(c for c, v in zip(real_row, seen_row, strict=True) if v == BACK)
        unseen.extend(self.deck.draw.cards)
        order = rng.permutation(len(unseen))
        dealt = [unseen[int(i)] for i in order]
        hands = []
        for real, seen in zip(self.hands, view.hands, strict=True):
            if real is seen:
                hands.append(real)
            else:
                hands.append(Pile.of(dealt[: len(real)]))
                dealt = dealt[len(real) :]
        rows: list[Three] = []
        for real_row, seen_row in zip(self.placed, view.placed, strict=True):
            cells = []
            for c, v in zip(real_row, seen_row, strict=True):
                if v == BACK:
                    c, dealt = dealt[0], dealt[1:]
                cells.append(c)
            rows.append((cells[0], cells[1], cells[2]))
        new = self.evolve(
            hands=(hands[0], hands[1]),
            placed=(rows[0], rows[1]),
            deck=Deck(Pile.of(dealt), self.deck.discards),
        )
        if "index" in self._memo:
            new._memo["index"] = self._memo["index"]
        return new

    def redact(self, action: Action, player: Player) -> str:
        """``action`` as ``player`` may read it: cards drawn or placed by a Commander are
        hidden from those who may not see them."""
        from wargames.ancients.flow import drawing_side
        from wargames.ancients.variant.actions import Place
        from wargames.ancients.variant.flow import PlaceCard

        if isinstance(action, act.Draw):
            side = drawing_side(self)
            if side is not None and not self.sees_hand(player, side):
                return f"draw {BACK}"
        top = self.top if self.tasks else None
        if (
            isinstance(action, Place)
            and isinstance(top, PlaceCard)
            and not self.sees_placed(player, top.side, action.flank)
        ):
            return f"place {BACK} {action.flank}"
        return str(action)

    def parse_action(self, text: str) -> Action:
        from wargames.ancients.variant.actions import parse

        action = parse(text)
        assert isinstance(action, Action)
        return action

    def invariant_violations(self) -> list[str]:
        """The base game's invariants, the cards counted with those lying on the flanks (a
        Commander may hold more than his hand limit, CCA-HAND-04, CCA-GAP-09)."""
        from wargames.ancients.cards import DECK_SIZE
        from wargames.ancients.invariants import violations

        out = violations(self, cards=False) or self._unknown_names()
        if out:
            return out
        table = [c for row in self.placed for c in row if c]
        table += [c for c in self.revealed if c and c != COUNTER_ATTACK]
        every = [*self.hands[0].cards, *self.hands[1].cards, *table]
        every += [*self.deck.draw.cards, *self.deck.discards.cards]
        if len(every) != DECK_SIZE:
            out.append(f"{len(every)} cards in hands, on the flanks and in the deck")
        elif BACK not in every and tuple(sorted(every)) != self.scenario.deck:
            out.append("the cards are not the 60 of the deck")
        if self.pending and any(len(p) != 3 for p in self.pending):
            out.append("a pending banner names a losing side and two flanks")
        return out

    def _unknown_names(self) -> list[str]:
        """The variant's fields name cards of the deck (as played: ``card!``, ``card:as``),
        flanks and sides only (a saved state read back may hold anything)."""
        cards = {*self.scenario.cards, BACK, COUNTER_ATTACK, ""}
        rows = (*self.placed, self.revealed, self.effective, *self.flank_last, self.played)
        if any(c.rstrip("!").split(":", 1)[0] not in cards for row in rows for c in row):
            return ["a card on the flanks that is not in the deck"]
        if self.flank not in (*FLANKS, "") or not set(self.countered) <= set(FLANKS):
            return [f"unknown flank among {self.flank!r} and {list(self.countered)}"]
        if any(p[0] not in SIDES or not {p[1], p[2]} <= set(FLANKS) for p in self.pending):
            return ["a pending banner names no side or unknown flanks"]
        if any(players not in NAMES for players in self.team):
            return [f"teams of {list(self.team)}: a side has 1 to {max(NAMES)} players"]
        for side, players, choice in zip(SIDES, self.team, self.chosen, strict=True):
            if choice and (choice not in OUTSIDE or players not in CHOOSING):
                return [f"{side} of {players} cannot have chosen {choice!r} (CCA-ROLE-04, -05)"]
        return []

    def __str__(self) -> str:
        lines = [super().__str__()]
        for i, side in enumerate(SIDES):
            banners = self.flank_banners[i]
            named = [f if side == "bottom" else mirror(f) for f in FLANKS]
            flanks = ", ".join(f"{n} {b}" for n, b in zip(named, banners, strict=True))
            lines.append(f"  {side} banners by flank: {flanks}")
        return "\n".join(lines)


class _InsertedSteps(NamedTuple):
    """The steps :meth:`ArmageddonState.settle` inserts or puts in place of base steps, and
    the test for First Strike."""

    credit_choice: type[CreditChoice]
    team_defender_choice: type[TeamDefenderChoice]
    rally: type[RallyStep]
    flank_rally: type[FlankRallyStep]
    spartacus: type[SpartacusOrders]
    flank_spartacus: type[FlankSpartacusOrders]
    first_strike: type[FirstStrikeOffer]
    offers_first_strike: Callable[[ArmageddonState, Combat], bool]


_V = TypeVar("_V", bound=ArmageddonState)


def _replaced(state: _V, top: object, steps: _InsertedSteps) -> _V | None:
    """The state with the step ``top`` replaced or preceded as :meth:`ArmageddonState.settle`
    says (a defender's choice, Rally, I Am Spartacus), or ``None``: ``top`` stands."""
    kind = type(top)
    if kind is DefenderChoice:
        return state.pop(steps.team_defender_choice(cast(DefenderChoice, top).combat))
    if kind is steps.rally:  # Command dice spent in the flank only (CCA-CARDS-10)
        return state.pop(steps.flank_rally(cast("RallyStep", top).symbols))
    if kind is steps.spartacus:
        return state.pop(steps.flank_spartacus(symbols=cast("SpartacusOrders", top).symbols))
    if (
        isinstance(top, DefenderChoice)
        and state.offered != top.combat
        and steps.offers_first_strike(state, top.combat)
    ):
        return state.evolve(offered=top.combat).push(steps.first_strike(top.combat))
    return None


class _Replaced(dict[type, bool]):
    """The table of :data:`_REPLACED`: a class is worked out on its first look-up, so the
    loop of :meth:`ArmageddonState.settle` reads it with one subscript."""

    def __missing__(self, kind: type) -> bool:
        steps = _inserted_steps()
        found = self[kind] = kind in (steps.rally, steps.spartacus) or issubclass(
            kind, DefenderChoice
        )
        return found


_REPLACED = _Replaced()
"""Step class -> whether :meth:`ArmageddonState.settle` may replace or precede a step of
it (a defender's choice, Rally, I Am Spartacus): worked out once per class, so the other
steps pass with one look-up."""


@lru_cache(maxsize=1)  # no arguments: one entry
def _inserted_steps() -> _InsertedSteps:
    """The steps of :class:`_InsertedSteps`, looked up once (their modules import this one,
    hence the import on first use rather than at the top)."""
    from wargames.ancients.command_dice import RallyStep, SpartacusOrders
    from wargames.ancients.variant.flow import (
        FirstStrikeOffer,
        TeamDefenderChoice,
        offers_first_strike,
    )
    from wargames.ancients.variant.orders import FlankRallyStep, FlankSpartacusOrders
    from wargames.ancients.variant.victory import CreditChoice

    return _InsertedSteps(
        CreditChoice,
        TeamDefenderChoice,
        RallyStep,
        FlankRallyStep,
        SpartacusOrders,
        FlankSpartacusOrders,
        FirstStrikeOffer,
        offers_first_strike,
    )


def team(s: AncientsState) -> ArmageddonState:
    """``s`` as the variant's state (the base game's tasks are typed for the base state)."""
    if type(s) is not ArmageddonState:  # the exact class: no check through the ABC machinery
        assert isinstance(s, ArmageddonState)
    return s


__all__ = ["ArmageddonState", "team"]
