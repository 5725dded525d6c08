"""Observations of Commands & Colors: Ancients a network can read: a float32 tensor per seat,
built only from the seat's view (:mod:`wargames.core.observation`), one layout per scenario
(and, for the team variant and the Epic rules, per number of players).

Planes over the board's hexes (in the board's order): the terrain, hexside features (a
rampart), the sections (left, center, right as the bottom player names them; the team
variant's flanks), the objectives and who holds them, each side's units by type (the value is
the unit's blocks), each side's leaders, this turn's record (ordered, hexes moved, stuck,
battled) and the hexes the pending decision is about (the piece deciding or acting, the
hex it acts on). Vectors: the observing seat, the seat to act (or chance), the pending step,
its numbers (hexes left, flags, dice, hits), the turn and the active side, the banners, the
seat's own hand as counts per card (zeros for a Field General, who holds no cards), the hand
sizes, the draw pile, the discards, the card played and each side's last card; the team
variant adds the cards placed on the flanks (the faces the seat may see, else a back), those
revealed, the flank being carried out, Counter Attacks, the banners per flank and each
Commander's set-up choice of flanks (which seat runs which flank, CCA-ROLE-04, -05); the Epic
rules add the cards given to each section this turn and the sections reached.

:class:`AncientsObserver` is the ``observer`` hook of the game's descriptor
(:func:`observer_for`); :meth:`AncientsObserver.text` is the canonical JSON of the view with
the seat and the player to act.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from wargames.ancients.board import SEATS
from wargames.ancients.scenario import Readings
from wargames.ancients.state import BACK, DEAD, OFF, AncientsState
from wargames.core.engine import CHANCE, GameState, Player
from wargames.core.observation import Block, Layout
from wargames.core.sources import CACHE_SIZE, ScenarioSource

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["AncientsObserver", "observer_for", "step_names"]

SECTIONS = ("left", "center", "right")
EPIC_PLACES = ("army", "left", "center", "right")
PENDING_NUMBERS = ("left", "flags", "dice", "hits")
"""Numeric fields of a pending step shown (divided by 6): hexes left, flags, dice, hits."""
TURN_SCALE = 100.0
"""The turn is shown divided by this (a game lasts some tens of turns a side)."""
MOVED_SCALE = 4.0


@lru_cache(maxsize=1)
def step_names() -> tuple[str, ...]:
    """Every kind of step that can be pending (the task classes of the game's saved modules,
    the team variant's and the Epic rules' included), sorted by name."""
    import importlib

    from wargames.core.tasks import Task

    found: set[str] = set()
    for name in AncientsState.saved_modules:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Task) and value.__module__ == name:
                found.add(value.__name__)
    return tuple(sorted(found))


def _card_id(text: str) -> str:
    """A card as recorded (``card!``, ``card:SECTIONS``) reduced to its id."""
    return text.rstrip("!").split(":", 1)[0]


@attrs.frozen
class _Key:
    key: tuple[ScenarioSource, Readings, Hashable]
    state: AncientsState = attrs.field(eq=False, hash=False)


def observer_for(state: GameState) -> AncientsObserver:
    """The observer of ``state``'s scenario and seats (the descriptor's ``observer`` hook)."""
    assert isinstance(state, AncientsState)
    scenario = state.scenario
    team = getattr(state, "team", None)
    return _observer(_Key((scenario.source, scenario.readings, team), state))


@lru_cache(maxsize=CACHE_SIZE)
def _observer(key: _Key) -> AncientsObserver:
    return AncientsObserver(key.state)


def _seats(state: AncientsState) -> tuple[Player, ...]:
    """The sides, then every seat of a team game (CCA-ROLE-01, CCB-EPIC-04)."""
    from wargames.ancients.epic import seats as epic_seats
    from wargames.ancients.epic.state import EpicState
    from wargames.ancients.variant import seats as team_seats
    from wargames.ancients.variant.state import ArmageddonState

    found: list[Player] = list(SEATS)
    for side in SEATS:
        if isinstance(state, ArmageddonState):
            found += team_seats.seats(side, state.players_of(side))
        elif isinstance(state, EpicState):
            found += epic_seats.seats(side, state.team)
    return tuple(dict.fromkeys(found))


class AncientsObserver:
    """The observation of one scenario (see the module docstring); built from a state of it."""

    def __init__(self, state: AncientsState) -> None:
        from wargames.ancients.epic.state import EpicState
        from wargames.ancients.variant.state import ArmageddonState

        scenario = state.scenario
        self.scenario = scenario
        self.team = isinstance(state, ArmageddonState)
        self.epic = isinstance(state, EpicState)
        geometry = scenario.geometry
        self.hexes = geometry.ids
        self.at = {h: i for i, h in enumerate(self.hexes)}
        table = scenario.board.table
        self.terrains = tuple(t for t in table if not table[t].hexside)
        self.hexsides = tuple(t for t in table if table[t].hexside)
        self.codes = tuple(dict.fromkeys(k.code for k in scenario.types if k is not None))
        self.cards = tuple(sorted(set(scenario.deck)))
        self.card_at = {c: i for i, c in enumerate(self.cards)}
        self.seats = _seats(state)
        self.seat_at = {p: i for i, p in enumerate(self.seats)}
        self.steps = step_names()
        self.step_at = {n: i for i, n in enumerate(self.steps)}
        self.layout = Layout(tuple[Any, ...](self._blocks()))
        self._slices = {
            name: (start, stop) for name, (start, stop) in self.layout.offsets().items()
        }
        self._shapes = {b.name: b.shape for b in self.layout.blocks}
        self._static = self._board_planes()
        self._piece_cell = self._piece_cells()

    # -- the layout ---------------------------------------------------------------------------

    def _blocks(self) -> list[Block]:
        h, k, c = len(self.hexes), len(self.codes), len(self.cards)
        blocks = [
            _block(
                "terrain", (len(self.terrains), h), f"one-hot terrain: {', '.join(self.terrains)}"
            ),
            _block(
                "hexsides",
                (len(self.hexsides), h),
                f"sides of the hex with each hexside feature, / 6: {', '.join(self.hexsides)}",
            ),
            _block("sections", (3, h), "in the left, center, right section (bottom's names)"),
            _block("objectives", (2, h), "banners bottom, top may earn holding the hex"),
            _block("held", (2, h), "objective held by bottom, top"),
            _block(
                "bottom units", (k, h), f"blocks of bottom's unit by type: {', '.join(self.codes)}"
            ),
            _block("top units", (k, h), "blocks of top's unit by type (same order)"),
            _block("leaders", (2, h), "a leader of bottom, top"),
            _block(
                "this turn",
                (4, h),
                f"the piece there: ordered, hexes moved / {MOVED_SCALE:g}, stuck, battled",
            ),
            _block("pending", (2, h), "the pending step's piece, and the hex it acts on"),
            _block("observer", (len(self.seats),), f"the observing seat: {', '.join(self.seats)}"),
            _block("to act", (len(self.seats) + 1,), "the seat to act (same order), then chance"),
            _block(
                "step",
                (len(self.steps) + 1,),
                "the pending step's kind: every kind of the base game, Epic and team rules "
                "(sorted names), then none",
            ),
            _block(
                "step numbers", (len(PENDING_NUMBERS),), "its hexes left, flags, dice, hits / 6"
            ),
            _block("turn", (3,), f"turns begun / {TURN_SCALE:g}; bottom, top active"),
            _block("banners", (2,), "banners won by bottom, top / their targets"),
            _block("hand", (c,), "the observer's own hand: count per card (sorted ids)"),
            _block("hand sizes", (2,), "cards in bottom's, top's hand / Command"),
            _block("draw pile", (1,), "cards in the draw pile / 60"),
            _block("discards", (c,), "discarded cards: count per card"),
            _block("card played", (c,), "the card of this turn"),
            _block("last cards", (2, c), "bottom's, top's card of their latest turn"),
        ]
        if self.team:
            blocks += [
                _block(
                    "placed",
                    (2, 3, c + 1),
                    "per side, per flank (its own names): the card face down, last: a back",
                ),
                _block("revealed", (3, c), "the active side's cards turned up per flank"),
                _block("effective", (3, c), "the card acting per flank (a Counter Attack's copy)"),
                _block("flank", (3,), "the flank being carried out"),
                _block("countered", (3,), "flanks where a Counter Attack was played"),
                _block("flank banners", (2, 3), "banners per flank (bottom's names) / target"),
                _block("credits", (1,), "banners awaiting the losing Commander's flank"),
                _block(
                    "flank choice",
                    (2, 2),
                    "per side, its Commander's set-up choice (the FG given the center, or the "
                    "outside flank he runs): left, right",
                ),
            ]
        if self.epic:
            blocks += [
                _block(
                    "given",
                    (4, c + 1),
                    "cards given this turn to the army, left, center, right; last: a back",
                ),
                _block("section played", (4,), "where the card being played was given"),
                _block("reached", (3,), "sections a reaching card has taken"),
            ]
        return blocks

    def _board_planes(self) -> npt.NDArray[np.float32]:
        """The planes that never change: terrain, hexsides, sections, objectives."""
        scenario = self.scenario
        geometry = scenario.geometry
        out = np.zeros(self._slices["held"][0], dtype=np.float32)
        view = self._view(out)
        for i, h in enumerate(self.hexes):
            terrain = geometry.terrain[h].id
            if terrain in self.terrains:
                view["terrain"][self.terrains.index(terrain), i] = 1.0
            for other in geometry.neighbours[h]:
                for feature in geometry.hexside(h, other):
                    view["hexsides"][self.hexsides.index(feature.id), i] += 1.0 / 6.0
            for j, name in enumerate(SECTIONS):
                if name in geometry.sections["bottom"][h]:
                    view["sections"][j, i] = 1.0
        for objective in scenario.objectives:
            for j, side in enumerate(SEATS):
                if objective.side in (side, "both"):
                    view["objectives"][j, self.at[objective.hex]] += objective.banners
        return out

    def _piece_cells(self) -> list[tuple[str, int]]:
        """Per piece: the block and row its hex goes in."""
        cells: list[tuple[str, int]] = []
        for kind, side in zip(self.scenario.types, self.scenario.sides, strict=True):
            if kind is None:
                cells.append(("leaders", SEATS.index(side)))
            else:
                cells.append((f"{side} units", self.codes.index(kind.code)))
        return cells

    def _view(self, out: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        return {
            name: out[start:stop].reshape(self._shapes[name])
            for name, (start, stop) in self._slices.items()
            if stop <= len(out)
        }

    # -- the observation ------------------------------------------------------------------------

    def fill(self, view: GameState, player: Player, out: npt.NDArray[np.float32]) -> None:
        """Write what ``player`` sees (``view``: the state as he sees it) into ``out``."""
        assert isinstance(view, AncientsState)
        s = view
        out[: len(self._static)] = self._static
        b = self._view(out)
        self._pieces(s, b)
        self._pending(s, b)
        self._seats_and_turn(s, player, b)
        self._cards(s, player, b)
        if self.team:
            self._team(s, b)
        if self.epic:
            self._epic(s, b)

    def _pieces(self, s: AncientsState, b: dict[str, npt.NDArray[np.float32]]) -> None:
        at = self.at
        held = b["held"]
        for i, side in enumerate(s.held):
            if side:
                held[SEATS.index(side), at[self.scenario.objectives[i].hex]] = 1.0
        record = b["this turn"]
        ordered, stuck, battled = set(s.ordered), s.stuck, s.battled
        for piece, where in enumerate(s.where):
            if where in (DEAD, OFF):
                continue
            name, row = self._piece_cell[piece]
            cell = at[where]
            b[name][row, cell] = s.blocks[piece] if name != "leaders" else 1.0
            if piece in ordered:
                record[0, cell] = 1.0
            if s.moved and s.moved[piece]:
                record[1, cell] = max(record[1, cell], s.moved[piece] / MOVED_SCALE)
            if piece in stuck:
                record[2, cell] = 1.0
            if piece in battled:
                record[3, cell] = 1.0

    def _pending(self, s: AncientsState, b: dict[str, npt.NDArray[np.float32]]) -> None:
        step = b["step"]
        if s.result is not None or not s.tasks:
            step[-1] = 1.0
            return
        top = s.top
        step[self.step_at.get(type(top).__name__, len(self.steps))] = 1.0
        fields = _fields(top)
        numbers = b["step numbers"]
        for j, name in enumerate(PENDING_NUMBERS):
            value = fields.get(name)
            if isinstance(value, int) and not isinstance(value, bool):
                numbers[j] = value / 6.0
        pending = b["pending"]
        for frm, at in _focus(s, fields):
            if frm in self.at:
                pending[0, self.at[frm]] = 1.0
            if at in self.at:
                pending[1, self.at[at]] = 1.0

    def _seats_and_turn(
        self, s: AncientsState, player: Player, b: dict[str, npt.NDArray[np.float32]]
    ) -> None:
        if player in self.seat_at:
            b["observer"][self.seat_at[player]] = 1.0
        acting = s.current_player
        if acting == CHANCE:
            b["to act"][-1] = 1.0
        elif acting in self.seat_at:
            b["to act"][self.seat_at[acting]] = 1.0
        turn = b["turn"]
        turn[0] = s.turn / TURN_SCALE
        turn[1 + SEATS.index(s.active)] = 1.0
        target = self.scenario.target
        b["banners"][:] = (s.banners[0] / target[0], s.banners[1] / target[1])

    def _cards(
        self, s: AncientsState, player: Player, b: dict[str, npt.NDArray[np.float32]]
    ) -> None:
        card_at = self.card_at
        side = player.split("/", 1)[0]
        if side in SEATS:
            hand = b["hand"]
            for card in s.hands[SEATS.index(side)].cards:
                if card != BACK:
                    hand[card_at[card]] += 1.0
        command = self.scenario.command
        b["hand sizes"][:] = (len(s.hands[0]) / command[0], len(s.hands[1]) / command[1])
        b["draw pile"][0] = len(s.deck.draw) / 60.0
        discards = b["discards"]
        for card in s.deck.discards.cards:
            discards[card_at[card]] += 1.0
        if s.card is not None:
            b["card played"][card_at[_card_id(s.card)]] = 1.0
        last = b["last cards"]
        for i, card in enumerate(s.last):
            if card:
                last[i, card_at[_card_id(card)]] = 1.0

    def _team(self, s: Any, b: dict[str, npt.NDArray[np.float32]]) -> None:
        card_at, back = self.card_at, len(self.cards)
        placed = b["placed"]
        for i, row in enumerate(s.placed):
            for j, card in enumerate(row):
                if card:
                    placed[i, j, back if card == BACK else card_at[_card_id(card)]] = 1.0
        for name, row in (("revealed", s.revealed), ("effective", s.effective)):
            for j, card in enumerate(row):
                if card:
                    b[name][j, card_at[_card_id(card)]] = 1.0
        if s.flank:
            b["flank"][SECTIONS.index(s.flank)] = 1.0
        for flank in s.countered:
            b["countered"][SECTIONS.index(flank)] = 1.0
        target = self.scenario.target
        for i, row in enumerate(s.flank_banners):
            b["flank banners"][i, :] = np.asarray(row, dtype=np.float32) / target[i]
        b["credits"][0] = len(s.pending)
        for i, choice in enumerate(s.chosen):
            if choice:
                b["flank choice"][i, ("left", "right").index(choice)] = 1.0

    def _epic(self, s: Any, b: dict[str, npt.NDArray[np.float32]]) -> None:
        card_at, back = self.card_at, len(self.cards)
        given = b["given"]
        for card, where in s.given:
            for part in where.split("+"):
                given[EPIC_PLACES.index(part), back if card == BACK else card_at[card]] = 1.0
        if s.section:
            for part in s.section.split("+"):
                b["section played"][EPIC_PLACES.index(part)] = 1.0
        for section in s.reached:
            b["reached"][SECTIONS.index(section)] = 1.0

    def text(self, view: GameState, player: Player) -> str:
        """The view as canonical JSON (sorted keys), with the seat observing and the player to
        act: everything ``player`` sees, nothing else."""
        assert isinstance(view, AncientsState)
        seen = {"observer": player, "to_act": view.current_player, "state": view.to_json()}
        return json.dumps(seen, sort_keys=True, separators=(",", ":"))


def _focus(s: AncientsState, fields: dict[str, Any]) -> list[tuple[str | None, str | None]]:
    """The hexes the pending step is about: a combat's or a roll's two hexes, a piece's hex
    (the unit retreating or evading, the leader checked), a hex it goes to."""
    found: list[tuple[str | None, str | None]] = []
    for value in fields.values():
        frm, at = getattr(value, "frm", None), getattr(value, "at", None)
        if isinstance(frm, str) and isinstance(at, str):
            found.append((frm, at))
    for name in ("unit", "leader", "elephant", "piece"):
        piece = fields.get(name)
        if isinstance(piece, int) and not isinstance(piece, bool) and s.on_board(piece):
            found.append((s.where[piece], None))
    for name in ("hex", "advanced_to"):
        hex_id = fields.get(name)
        if isinstance(hex_id, str):
            found.append((None, hex_id))
    return found


def _block(name: str, shape: tuple[int, ...], doc: str) -> Block:
    """A block (typed: the core converts the shape with ``tuple``)."""
    return Block(name, tuple[Any, ...](shape), doc)


def _fields(task: Any) -> dict[str, Any]:
    """A pending step's fields by name (none for a step without)."""
    if not attrs.has(type(task)):
        return {}
    return {f.name: getattr(task, f.name) for f in attrs.fields(type(task))}
