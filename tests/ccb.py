"""Helpers shared by the Commands & Colors: Ancients engine tests (``tests/ancients``).

* :func:`position`: a game on the standard board with chosen pieces on chosen hexes (and
  chosen terrain, blocks, hands, card played and ordered pieces), at a chosen step of the turn;
* :func:`roll`: the pending roll of battle dice comes up with the faces given;
* :func:`refused`: an illegal action raises :class:`RuleViolation` naming its rule and leaves
  the state unchanged;
* :func:`strs`, :func:`top`, :func:`piece`: reading a state.

Hexes are the board's ids, ``"CC-RR"``: row 1 is the top player's baseline, row 9 the bottom
player's; odd rows hold 13 hexes, even rows 12 (``"01-02"`` sits half a hex right of
``"01-01"``). The rear hexes of ``"05-05"`` for the bottom player are ``"04-06"`` and
``"05-06"``; for the top player ``"04-04"`` and ``"05-04"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from refusals import refused, strs

from wargames.ancients.actions import Dice, Draw
from wargames.ancients.battle import BattleStep
from wargames.ancients.cards import deck
from wargames.ancients.flow import DrawStep, EndTurn, Task
from wargames.ancients.game import start
from wargames.ancients.movement import MoveStep
from wargames.ancients.orders import OrderStep, PlayStep
from wargames.ancients.scenario import scenario_from_data
from wargames.ancients.state import AncientsState
from wargames.core.cards import Deck, Pile
from wargames.core.engine import CHANCE

State = AncientsState

STEPS: dict[str, tuple[type[Task], ...]] = {
    "play": (PlayStep,),
    "orders": (OrderStep, MoveStep, BattleStep),
    "moves": (MoveStep, BattleStep),
    "battles": (BattleStep,),
}
"""The tasks left in the turn at each step (before the draw and the end of the turn)."""

HAND = (
    "order-two-left",
    "order-two-center",
    "order-two-right",
    "order-three-center",
    "rally",
    "order-three-left",
)
"""The active player's default hand (his Command's worth of it; one less with a card in play)."""
OTHER = (
    "order-three-right",
    "order-two-left",
    "order-two-right",
    "order-four-left",
    "order-three-left",
    "order-two-center",
)
"""The other player's default hand."""


def position(
    bottom: Mapping[str, str] | None = None,
    top: Mapping[str, str] | None = None,
    *,
    leaders: Mapping[str, str] | None = None,
    terrain: Mapping[str, str] | None = None,
    hexsides: Sequence[tuple[str, str, str]] = (),
    blocks: Mapping[str, int] | None = None,
    card: str | None = "order-four-center",
    # the card in play; with step "play" it lies on the discards
    ordered: Iterable[str] = (),
    moved: Mapping[str, int] | None = None,
    step: str = "battles",
    active: str = "bottom",
    hands: tuple[Sequence[str], Sequence[str]] | None = None,
    command: tuple[int, int] = (5, 5),
    targets: tuple[int, int] = (5, 5),
    banners: tuple[int, int] = (0, 0),
    readings: Mapping[str, Any] | None = None,
    objectives: Sequence[Mapping[str, Any]] = (),
    tasks: Sequence[Task] | None = None,
) -> State:
    """A position: ``bottom`` and ``top`` map hexes to unit codes, ``leaders`` hexes to sides
    (a leader in a hex with a friendly unit is attached to it). ``blocks`` sets units' blocks
    by hex, ``ordered`` the hexes of the ordered pieces (``"L05-07"`` for the leader in
    05-07), ``moved`` the hexes a piece in a hex moved this turn. The card ``card`` is in play
    and the turn waits at ``step`` (``"play"``, ``"orders"``, ``"moves"``, ``"battles"``), or
    at the given ``tasks``."""
    data: dict[str, Any] = {
        "title": "test position",
        "provenance": "original",
        "first": active,
        "board": {"layout": "standard", "terrain": dict(terrain or {})},
    }
    if hexsides:
        data["board"]["hexside"] = [{"hexes": [a, b], "terrain": t} for a, b, t in hexsides]
    for i, (seat, units) in enumerate((("bottom", bottom or {}), ("top", top or {}))):
        data[seat] = {
            "army": seat,
            "command": command[i],
            "banners": targets[i],
            "units": [{"hex": h, "type": code} for h, code in units.items()],
            "leaders": [{"hex": h} for h, side in (leaders or {}).items() if side == seat],
        }
    if objectives:
        data["objective"] = [dict(o) for o in objectives]
    scenario = scenario_from_data(data, readings=tuple(sorted((readings or {}).items())))
    if hands is None:
        mine, theirs = (
            HAND[: command[0] - (1 if card and step != "play" else 0)],
            OTHER[: command[1]],
        )
        hands = (mine, theirs) if active == "bottom" else (theirs, mine)
    s = start(scenario)
    s = s.evolve(tasks=(), result=None)
    where = s.where
    values = list(s.blocks)
    for hex_id, n in (blocks or {}).items():
        values[_unit(s, hex_id)] = n
    held = [c for h in hands for c in h]
    rest = list(deck(scenario.cards))
    for c in (*held, *((card,) if card else ())):
        rest.remove(c)
    order = [_piece(s, h) for h in ordered]
    hexes = [0] * len(where)
    for hex_id, n in (moved or {}).items():
        hexes[_piece(s, hex_id)] = n
    if tasks is None:
        tasks = (*(t() for t in STEPS[step]), DrawStep(), EndTurn())
    s = s.evolve(
        blocks=tuple(values),
        hands=(Pile.of(hands[0]), Pile.of(hands[1])),
        deck=Deck(Pile.of(rest)),
        card=None if step == "play" else card,
        active=active,
        turn=1,
        ordered=tuple(order),
        moved=tuple(hexes),
        banners=banners,
        tasks=tuple(reversed(tuple(tasks))),
    )
    if step == "play" and card:
        s = s.evolve(deck=s.deck.discard(card))
    return s.settle()


def _unit(s: State, hex_id: str) -> int:
    unit = s.unit_at(hex_id)
    assert unit is not None, f"no unit in {hex_id}"
    return unit


def _piece(s: State, name: str) -> int:
    if name.startswith("L"):
        leader = s.leader_at(name[1:])
        assert leader is not None, f"no leader in {name[1:]}"
        return leader
    return _unit(s, name)


def piece(s: State, hex_id: str) -> int:
    """The unit in ``hex_id`` (``"L05-07"``: the leader there)."""
    return _piece(s, hex_id)


def roll(s: State, *faces: str) -> State:
    """The pending roll of battle dice shows ``faces`` (e.g. ``roll(s, "heavy", "flag")``)."""
    assert s.current_player == CHANCE, f"no roll pending: {top(s)} for {s.current_player}"
    return s.apply(Dice.of(faces))


def draw(s: State, card: str) -> State:
    assert s.current_player == CHANCE, f"no draw pending: {top(s)}"
    return s.apply(Draw(card))


def legal(s: State) -> list[str]:
    return strs(s.legal_actions())


def top(s: State) -> str:
    return type(s.top).__name__ if s.tasks else "(none)"


def blocks_at(s: State, hex_id: str) -> int:
    unit = s.unit_at(hex_id)
    return 0 if unit is None else s.blocks[unit]


def play_out(s: State, *actions: str) -> State:
    """Apply actions given by notation, in order."""
    for action in actions:
        s = s.apply(action)
    return s


__all__ = [
    "HAND",
    "State",
    "blocks_at",
    "draw",
    "legal",
    "piece",
    "play_out",
    "position",
    "refused",
    "roll",
    "strs",
    "top",
]
