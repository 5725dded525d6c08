"""What-if positions of Commands & Colors: Ancients: a scenario's pieces where and as you say,
the hands and the discards you name, from the start of a chosen turn; then the game plays on by
the rules.

>>> from wargames.ancients.position import Standing, position
>>> hands = {
...     "bottom": ["rally", "order-two-left", "line-command", "double-time", "out-flanked"],
...     "top": ["order-two-center", "line-command", "mounted-charge", "double-time", "out-flanked"],
... }
>>> s = position(
...     "river-crossing",
...     {"bottom-lc-1": Standing(hex="04-05", blocks=1), "top-li-3": Standing(status="eliminated")},
...     hands=hands,
...     discards=["order-four-left"],
...     turn=7,
... )
>>> s.turn, s.current_player, s.banners, s.view("bottom").hand("top").cards
(7, 'bottom', (1, 0), ('?', '?', '?', '?', '?'))

A position starts where a turn starts (CCB-TURN-01): the active player is about to play a
card. Pieces not named stand as the scenario sets them up; a :class:`Standing` moves a unit or
a leader (each on its own: a leader is attached to the unit he shares a hex with,
CCB-LEADER-01), takes blocks off a unit (CCB-UNITS-16) or takes the piece out of the battle:
``"eliminated"`` gives its enemy a banner (CCB-VICTORY-01), ``"off-board"`` none
(CCB-VICTORY-04). The banner count follows from the pieces eliminated and the objectives held
(the side whose unit stands on one, as the last turn's end counted it, CCB-VICTORY-02); a
``banners`` given is checked against it, and a side already at its target is refused: that
game is over (CCB-VICTORY-03).

The cards: each hand names its cards (a hand not named, or one short of its Command, is
filled by draws from the draw pile before the turn begins: chance nodes, CCB-HAND-01);
``discards`` lie face up; the rest of the 60 cards is the draw pile. A card given more often
than the deck holds it is refused.

The 'Armageddon' team variant (CCA-*): ``players`` per side (CCA-GEN-01), the Commanders'
set-up ``chosen`` flank (CCA-ROLE-04, -05; not given: he chooses first), and per side the three
cards ``placed`` face down on its left, center and right flanks (CCA-SEQ-08; not given: the
Commander places them first, then draws back to his hand limit, CCA-HAND-06). A hand holds up to
the Command plus the side's leaders (CCA-HAND-02 to -04). The banners won in each flank are
credited to the flank of each eliminated piece's starting hex (CCA-BANNER-01; on a boundary
the first of left, center, right). The Epic command rules have no positions yet.

Anything else that breaks a rule of the game (two units in a hex, CCB-UNITS-02; a leader on an
enemy unit) is a :class:`~wargames.core.errors.ScenarioError` naming the key and the problem.
No card is remembered from before the position: a Counter Attack played first orders 1 unit of
choice, as before a side's first turn (CCB-CARDS-14).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import attrs

from wargames.ancients.flow import BeginTurn, DrawCard
from wargames.ancients.game import new_game
from wargames.ancients.scenario_value import AncientsScenario
from wargames.ancients.state import DEAD, OFF, SIDES, AncientsState, other
from wargames.ancients.victory import objective_banners
from wargames.core.cards import Deck, Pile
from wargames.core.errors import OptionError, ScenarioError
from wargames.core.tasks import Task

WHERE = "(what-if position)"
"""What a position's errors name as their file."""

STATUS: tuple[str, ...] = ("on-board", "eliminated", "off-board")
"""How a piece stands: on the board, eliminated (a banner for its enemy, CCB-VICTORY-01) or
gone off the board without one (CCB-VICTORY-04)."""


@attrs.frozen
class Standing:
    """How one piece (a unit or a leader, by its name in the scenario) stands when the position
    starts (``None``: as the scenario sets it up).

    ``hex``: where it stands; ``blocks``: a unit's blocks (1 to its full strength,
    CCB-UNITS-16; a leader has 1); ``status``: ``"on-board"``, ``"eliminated"`` or
    ``"off-board"``.
    """

    hex: str | None = None
    blocks: int | None = None
    status: Literal["on-board", "eliminated", "off-board"] | None = None


def position(
    scenario: str | AncientsScenario | None = None,
    pieces: Mapping[str, Standing] | None = None,
    *,
    hands: Mapping[str, Sequence[str]] | None = None,
    discards: Sequence[str] = (),
    turn: int = 1,
    active: str | None = None,
    banners: Mapping[str, int] | None = None,
    players: int | tuple[int, int] | None = None,
    chosen: Mapping[str, str] | None = None,
    placed: Mapping[str, Sequence[str]] | None = None,
    turn_cap: int | None = None,
) -> AncientsState:
    """The battle of ``scenario`` (a shipped id, a file's path or a scenario value) at the start
    of ``turn`` (turns count each player's, CCB-TURN-01), ``active`` to play a card (default:
    the scenario's first player in odd turns, the other in even ones), with ``pieces``,
    ``hands``, ``discards`` and, in the team variant, ``players``, ``chosen`` and ``placed``
    as the module docstring says; ``turn_cap``: the bot-play option (not a rule)."""
    base = _start(AncientsScenario.of(scenario, WHERE), players, turn_cap)
    team = _team(base)
    if not team and (chosen or placed):
        key = "chosen" if chosen else "placed"
        raise ScenarioError(WHERE, key, "only the 'Armageddon' team variant has flanks to give")
    side = _active(base, turn, active)
    if turn_cap is not None and turn_cap < turn:
        raise ScenarioError(WHERE, "turn_cap", f"expected at least the turn, {turn}")
    where, blocks = _stand(base, dict(pieces or {}))
    state = base.evolve(where=where, blocks=blocks)
    state = _banners(state, turn, dict(banners or {}))
    state = _cards(state, dict(hands or {}), discards, dict(placed or {}))
    if team:
        state = state.evolve(chosen=_chosen(state, dict(chosen or {})))
    state = state.evolve(turn=turn - 1, active=side, tasks=_tasks(state, side))
    problems = state.invariant_violations() + state.saved_state_violations()
    if problems:
        raise ScenarioError(WHERE, "pieces", "; ".join(problems))
    return state.settle()


def _start(value: AncientsScenario, players: Any, turn_cap: int | None) -> AncientsState:
    """The scenario set up (CCB-GEN-02), its seats as ``players`` asks (CCA-GEN-01)."""
    if value.settings is not None and value.settings.epic_command:
        raise ScenarioError(WHERE, "scenario", "the Epic command rules have no positions yet")
    options = {"players": players, "turn_cap": turn_cap}
    try:
        return new_game(value.source(), {k: v for k, v in options.items() if v is not None})
    except OptionError as exc:
        raise ScenarioError(WHERE, exc.key, exc.problem) from None


def _team(s: AncientsState) -> bool:
    """Whether ``s`` is a game of the 'Armageddon' team variant (imported on first use: the
    base game does not import its sub-packages, :mod:`wargames.ancients.game`)."""
    from wargames.ancients.variant.state import ArmageddonState

    return isinstance(s, ArmageddonState)


def _active(s: AncientsState, turn: int, active: str | None) -> str:
    """Who plays a card in ``turn``: the players alternate, the scenario's first player
    first (CCB-TURN-07, CCB-GAP-11)."""
    if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
        raise ScenarioError(WHERE, "turn", f"expected a turn from 1, got {turn!r}")
    if active is None:
        first = s.scenario.first
        return first if turn % 2 else other(first)
    if active not in SIDES:
        raise ScenarioError(WHERE, "active", f"expected one of {list(SIDES)}, got {active!r}")
    return active


# -- the pieces ----------------------------------------------------------------------------------


def _stand(
    s: AncientsState, standing: dict[str, Standing]
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Where each piece stands and its blocks, ``standing`` applied (checked one by one)."""
    names = s.scenario.names
    for name in standing:
        if name not in names:
            raise ScenarioError(WHERE, f"pieces.{name}", f"no piece {name!r} in the scenario")
        if not isinstance(standing[name], Standing):
            raise ScenarioError(WHERE, f"pieces.{name}", "expected a Standing(hex, blocks, status)")
    where, blocks = list(s.where), list(s.blocks)
    for piece, name in enumerate(names):
        if name in standing:
            where[piece], blocks[piece] = _stood(s, piece, standing[name])
    return tuple(where), tuple(blocks)


def _stood(s: AncientsState, piece: int, standing: Standing) -> tuple[str, int]:
    key = f"pieces.{s.scenario.names[piece]}"
    hex_id, blocks = s.where[piece], s.blocks[piece]
    if standing.hex is not None:
        terrain = s.scenario.geometry.terrain.get(standing.hex)
        if terrain is None:
            raise ScenarioError(WHERE, f"{key}.hex", f"{standing.hex!r} is no hex of the board")
        if terrain.impassable:
            problem = f"{standing.hex} is impassable {terrain.name} (CCB-TERRAIN-02)"
            raise ScenarioError(WHERE, f"{key}.hex", problem)
        hex_id = standing.hex
    if standing.blocks is not None:
        full = s.scenario.full(piece)
        if not 1 <= standing.blocks <= full:
            raise ScenarioError(WHERE, f"{key}.blocks", f"expected 1 to {full} (CCB-UNITS-16)")
        blocks = standing.blocks
    if standing.status is None or standing.status == "on-board":
        return hex_id, blocks
    if standing.status not in STATUS:
        raise ScenarioError(WHERE, f"{key}.status", f"expected one of {list(STATUS)}")
    if standing.hex is not None or standing.blocks is not None:
        raise ScenarioError(WHERE, f"{key}.status", "a piece off the board has no hex nor blocks")
    return (DEAD if standing.status == "eliminated" else OFF), 0


def _banners(s: AncientsState, turn: int, given: dict[str, int]) -> AncientsState:
    """One banner per enemy piece eliminated (CCB-VICTORY-01), more per objective held by the
    side whose unit stands on it (as the last turn's end counted, CCB-VICTORY-02); in the team
    variant each banner credited to a flank (CCA-BANNER-01). A side at its target has won:
    refused (CCB-VICTORY-03)."""
    held = tuple("" for _ in s.scenario.objectives)
    if turn > 1:
        held = tuple(_holder(s, objective) for objective in s.scenario.objectives)
    s = s.evolve(held=held)
    dead = [s.side_of(p) for p, where in enumerate(s.where) if where == DEAD]
    counts = tuple(dead.count(other(side)) + objective_banners(s, side) for side in SIDES)
    s = s.evolve(banners=(counts[0], counts[1]))
    if _team(s):
        s = s.evolve(flank_banners=_flank_banners(s))
    for side, n in given.items():
        if side not in SIDES:
            raise ScenarioError(WHERE, f"banners.{side}", f"expected a side of {list(SIDES)}")
        if n != s.banners[SIDES.index(side)]:
            raise ScenarioError(
                WHERE,
                f"banners.{side}",
                f"{side} holds {s.banners[SIDES.index(side)]} banners, one per enemy piece "
                f"eliminated and its objectives' (CCB-VICTORY-01, -02), not {n}",
            )
    reached = s.banners_reached()
    if reached:
        raise ScenarioError(
            WHERE, f"banners.{reached[0]}", "the side has reached its target: the game is over"
        )
    return s


def _holder(s: AncientsState, objective: Any) -> str:
    """The side holding ``objective``: its unit stands on it, and may earn it (CCB-VICTORY-02)."""
    units = [p for p, where in enumerate(s.where) if where == objective.hex and s.type_of(p)]
    holder = s.side_of(units[0]) if units else ""
    return holder if objective.side in ("both", holder) else ""


def _flank_banners(s: Any) -> tuple[tuple[int, int, int], ...]:
    """Per side, its banners per flank (named from the bottom): each eliminated enemy piece
    credited to the flank of its starting hex, the first on a boundary (CCA-BANNER-01)."""
    from wargames.ancients.variant.flanks import flanks_of
    from wargames.ancients.variant.seats import FLANKS

    rows = [[0, 0, 0], [0, 0, 0]]
    for piece, where in enumerate(s.where):
        if where == DEAD:
            flank = flanks_of(s, "bottom", s.scenario.start[piece])[0]
            rows[SIDES.index(other(s.side_of(piece)))][FLANKS.index(flank)] += 1
    return tuple((a, b, c) for a, b, c in rows)


# -- the cards -----------------------------------------------------------------------------------


def _cards(
    s: AncientsState,
    hands: dict[str, Sequence[str]],
    discards: Sequence[str],
    placed: dict[str, Sequence[str]],
) -> AncientsState:
    """The hands, the face-down cards of the team variant and the discards as given, the rest
    of the 60 cards in the draw pile; no card given more often than the deck holds it."""
    for key, given in (("hands", hands), ("placed", placed)):
        for side in given:
            if side not in SIDES:
                raise ScenarioError(WHERE, f"{key}.{side}", f"expected a side of {list(SIDES)}")
    piles = {f"hands.{side}": _listed(f"hands.{side}", hands.get(side, ())) for side in SIDES}
    rows = {side: _placed(s, side, placed[side]) for side in SIDES if side in placed}
    piles |= {f"placed.{side}": tuple(c for c in row if c) for side, row in rows.items()}
    piles["discards"] = _listed("discards", discards)
    left = Counter(s.scenario.deck)
    for key, cards in piles.items():
        for card in cards:
            if card not in s.scenario.cards:
                raise ScenarioError(WHERE, key, f"{card!r} is no card of the deck")
            if not left[card]:
                copies = s.scenario.deck.count(card)
                raise ScenarioError(WHERE, key, f"{card} given more often than the deck's {copies}")
            left[card] -= 1
    for side in SIDES:
        _hand_size(s, side, len(piles[f"hands.{side}"]))
    draw = Pile.of(sorted(left.elements()))
    s = s.evolve(
        hands=(Pile.of(piles["hands.bottom"]), Pile.of(piles["hands.top"])),
        deck=Deck(draw, Pile.of(discards)),
    )
    if rows:
        from wargames.ancients.variant.state import team

        found = list(team(s).placed)
        for side, row in rows.items():
            found[SIDES.index(side)] = row
        s = s.evolve(placed=(found[0], found[1]))
    return s


def _listed(key: str, cards: Sequence[str]) -> tuple[str, ...]:
    """Cards given as a list of card ids (a lone string is no list)."""
    if isinstance(cards, str) or not all(isinstance(card, str) for card in cards):
        raise ScenarioError(WHERE, key, f"expected a list of card ids, got {cards!r}")
    return tuple(cards)


def _hand_size(s: AncientsState, side: str, size: int) -> None:
    """A hand holds at most the side's Command (CCB-HAND-01); in the team variant its Command
    plus its leaders (CCA-HAND-02, -03), the most a Commander may have been left holding
    (CCA-HAND-04)."""
    limit = s.command(side)
    if _team(s):
        limit += sum(1 for p in s.scenario.pieces if s.is_leader(p) and s.side_of(p) == side)
    if size > limit:
        raise ScenarioError(WHERE, f"hands.{side}", f"{size} cards: a hand holds at most {limit}")


def _placed(s: AncientsState, side: str, row: Sequence[str]) -> tuple[str, str, str]:
    """A side's cards face down on its left, center and right flanks (``""``: none, the
    Commander places one first), never a reaction card (CCA-SEQ-08, CCA-GAP-08)."""
    from wargames.ancients.variant.flanks import REACTIONS

    cards = _listed(f"placed.{side}", row)
    if len(cards) != 3:
        raise ScenarioError(WHERE, f"placed.{side}", "expected 3 cards: left, center, right")
    for card in cards:
        if card in REACTIONS:
            raise ScenarioError(WHERE, f"placed.{side}", f"{card} is played, never placed")
    return (cards[0], cards[1], cards[2])


# -- the seats and the turn ----------------------------------------------------------------------


def _chosen(s: AncientsState, given: dict[str, str]) -> tuple[str, str]:
    """Each side's set-up choice of flanks: only a side of two or three players makes one,
    ``left`` or ``right`` (CCA-ROLE-04, -05); not given, its Commander makes it first."""
    from wargames.ancients.variant.seats import CHOOSING, OUTSIDE
    from wargames.ancients.variant.state import team

    found = ["", ""]
    for side, choice in given.items():
        key = f"chosen.{side}"
        if side not in SIDES:
            raise ScenarioError(WHERE, key, f"expected a side of {list(SIDES)}")
        players = team(s).players_of(side)
        if players not in CHOOSING:
            raise ScenarioError(WHERE, key, f"a side of {players} players chooses no flank")
        if choice not in OUTSIDE:
            raise ScenarioError(WHERE, key, f"expected one of {list(OUTSIDE)}, got {choice!r}")
        found[SIDES.index(side)] = choice
    return (found[0], found[1])


def _tasks(s: AncientsState, side: str) -> tuple[Task[Any], ...]:
    """The stack (its top last): what the position leaves to do before ``side``'s turn, then
    the turn (CCB-TURN-01, CCA-SEQ-01)."""
    order = (side, other(side))
    if _team(s):
        from wargames.ancients.variant.flow import (
            BeginTeamTurn,
            ChooseFlanks,
            PlaceCard,
            Refill,
        )
        from wargames.ancients.variant.seats import FLANKS

        todo: list[Task[Any]] = [ChooseFlanks(who) for who in order]
        todo += [Refill(who) for who in order]
        todo += [PlaceCard(who, flank) for who in order for flank in FLANKS]
        todo += [*(Refill(who) for who in order), BeginTeamTurn()]
    else:
        missing = {who: s.command(who) - len(s.hand(who)) for who in order}
        todo = [DrawCard(who) for who in order for _ in range(missing[who])]
        todo.append(BeginTurn())
    return tuple(reversed(todo))


__all__ = ["STATUS", "WHERE", "Standing", "position"]
