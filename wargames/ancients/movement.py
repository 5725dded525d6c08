"""Step 3 of a turn: the ordered pieces move, one decision per piece (CCB-MOVE-01 to -19).

``move 05-07 05-05`` moves the unit in 05-07 (with its attached leader, CCB-ORDERS-06) to any
hex within its reach; ``move leader 05-07 04-06`` moves a leader on his own; ``end moves``
ends the step, the pieces not moved staying where they are (CCB-MOVE-01). All movement ends
before any battle (CCB-TURN-04).

Reach (:func:`unit_reach`, :func:`leader_reach`): up to the allowance of the unit table
(CCB-MOVE-06 to -15; a warrior's second hex only as a charge onto an enemy, CCB-MOVE-09, our
reading: the charge must end next to an enemy it can then attack), never into or through a hex
holding an enemy piece or another friendly unit (CCB-MOVE-02; light foot units may pass through
friends under Order Light Troops, CCB-MOVE-03), into a lone friendly leader's hex only to stop
there, the leader attaching (CCB-MOVE-04), never off the board (CCB-MOVE-05); terrain bars
entry or stops the move (CCB-MOVE-19, :func:`wargames.ancients.terrain.may_enter`,
:func:`~wargames.ancients.terrain.must_stop`, a marsh or a wall letting a piece leave only 1
hex, CCB-TERRAIN-37, -45). A lone leader moves up to 3 hexes through friendly pieces, never
into enemies, and may not end on another leader (CCB-MOVE-15 to -18).

Leaders and their units: a leader ordered away from his unit must go before it moves, or he
goes along with it and stays (CCB-ORDERS-11); a unit a moving leader joins may not move any
more (CCB-ORDERS-12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from wargames.ancients import actions as act
from wargames.ancients.combat import marsh_roll
from wargames.ancients.flow import Task, end
from wargames.ancients.state import DEAD, OFF, other
from wargames.ancients.terrain import may_enter
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.ancients.commands import Mods
    from wargames.ancients.geometry import Geometry
    from wargames.ancients.state import AncientsState as S
    from wargames.ancients.units import UnitType

LEADER_MOVE = 3
_OFF_BOARD = frozenset({DEAD, OFF})
"""A lone leader moves up to 3 hexes (CCB-MOVE-15)."""


def allowance(s: S, unit: int) -> int:
    """How far ``unit`` may move this turn: the card's allowance, else its own (a warrior's
    charge: 2); 1 out of a marsh or off a wall (CCB-TERRAIN-37, -45)."""
    return _allowance(s, unit, s.kind(unit), s.mods)


def _allowance(s: S, unit: int, kind: UnitType, mods: Mods) -> int:
    """:func:`allowance` of ``unit``, its ``kind`` and the card's ``mods`` known."""
    hexes = mods.allowance_of(kind.code) or kind.max_move
    if s.scenario.geometry.terrain[s.where[unit]].leave_one:
        hexes = min(hexes, 1)
    step = s.tasks[-1] if s.tasks else None
    return step.limit(unit, hexes) if isinstance(step, MoveStep) else hexes


def passes_friends(s: S, unit: int) -> bool:
    """Light foot units (LI, LS, LB, AX) under a card that lets them pass through friendly
    units (CCB-MOVE-03)."""
    return _passes_friends(s.kind(unit), s.mods)


def _passes_friends(kind: UnitType, mods: Mods) -> bool:
    """:func:`passes_friends` of a unit of ``kind`` under the card's ``mods``."""
    return mods.pass_through and kind.foot and kind.unit_class == "light" and not kind.war_machine


def unit_reach(s: S, unit: int) -> dict[str, int]:
    """Every hex ``unit`` may end its move in, with the hexes it moves to get there."""
    return _by_hex(s.scenario.geometry, _unit_reach(s, unit))


def _unit_reach(s: S, unit: int) -> Reach:
    """:func:`unit_reach` as a :data:`Reach`: breadth-first, a whole step at a time, as hex
    masks (:attr:`~wargames.ancients.geometry.Geometry.bit`): the hexes next to the last
    step's that the unit's kind may enter
    (:meth:`~wargames.ancients.geometry.Geometry.entry`) and no search has looked at yet; of
    them, the empty ones are reached (and passed on from, unless the terrain stops the move),
    a lone friendly leader's is reached to stop there (CCB-MOVE-04: not by a unit that
    already has a leader), and a friendly unit's is passed through by light foot under a card
    that lets them (CCB-MOVE-02, -03)."""
    scenario = s.scenario
    geometry, sides, kind = scenario.geometry, scenario.sides, s.kind(unit)
    side = sides[unit]
    index = s._index()
    friends, enemies = index.unit_masks[side], index.unit_masks[other(side)]
    friendly_leaders, enemy_leaders = index.leader_masks[side], index.leader_masks[other(side)]
    units, leaders = friends | enemies, friendly_leaders | enemy_leaders
    here = s.where[unit]
    start = geometry.bit[here]
    entry = geometry.entry(kind)
    goes_on = ~entry.stops_mask
    mods = s.mods
    passed = friends & goes_on & ~enemy_leaders if _passes_friends(kind, mods) else 0
    joined = 0 if start & leaders else friendly_leaders & ~units  # one leader a unit
    vacant = ~(units | leaders)
    layers: list[int] = []
    seen = frontier = start
    enters = entry.first_mask
    for step in range(_allowance(s, unit, kind, mods)):
        # the hexes next to the frontier (at the first step, those next to the start: known)
        found = (geometry.spread(frontier) if step else geometry.around[here]) & enters
        found &= ~seen
        seen |= found
        empty = found & vacant
        layers.append((empty | found & joined) if joined else empty)
        frontier = empty & goes_on
        if passed:
            frontier |= found & passed
        if not frontier:
            break
        enters = entry.onward_mask  # every hex next to the start was seen in the first step
    if kind.move_rule == "warrior-charge" and len(layers) > 1:
        # also a Double Time charge of 3 (CCB-CARDS-17): past the first hex only next to an
        # enemy (an enemy unit, or a lone enemy leader)
        beyond = 0
        for layer in layers[1:]:
            beyond |= layer
        seen |= geometry.spread(beyond)
        near_enemy = geometry.spread(index.enemy_mask(side))
        layers[1:] = [layer & near_enemy for layer in layers[1:]]
    return _reach(layers, seen)


def _reach(layers: list[int], seen: int) -> Reach:
    """The :data:`Reach` of a search's ``layers`` and the hexes it looked at."""
    every = 0
    for layer in layers:
        every |= layer
    return tuple(layers), every, seen


def _by_hex(geometry: Geometry, reach: Reach) -> dict[str, int]:
    """Hex -> the step that reaches it, in hex order, of a :data:`Reach`."""
    layers, every, _ = reach
    found: dict[str, int] = {}
    for hex_id in geometry.hexes_in(every):
        here = geometry.bit[hex_id]
        step = 1
        for layer in layers:
            if layer & here:
                break
            step += 1
        found[hex_id] = step
    return found


def leader_reach(s: S, leader: int) -> dict[str, int]:
    """Every hex a leader moving alone may end in (CCB-MOVE-15 to -18)."""
    return _by_hex(s.scenario.geometry, _leader_reach(s, leader))


def _leader_reach(s: S, leader: int) -> Reach:
    """:func:`leader_reach` as a :data:`Reach` of masks: breadth-first through friendly
    pieces, never into an enemy unit's hex nor an enemy leader's, nor to stop on another
    leader (CCB-MOVE-16), over the hexes a lone leader may enter, a whole step at a time (see
    :func:`_unit_reach`)."""
    scenario = s.scenario
    geometry, sides = scenario.geometry, scenario.sides
    side = sides[leader]
    index = s._index()
    enemies = index.unit_masks[other(side)]
    friendly_leaders, enemy_leaders = index.leader_masks[side], index.leader_masks[other(side)]
    here = s.where[leader]
    entry = geometry.entry(None)
    stops = entry.stops_mask
    most = 1 if geometry.terrain[here].leave_one else LEADER_MOVE
    layers: list[int] = []
    seen = frontier = geometry.bit[here]
    enters = entry.first_mask
    for step in range(most):
        looked = (geometry.spread(frontier) if step else geometry.around[here]) & enters & ~seen
        seen |= looked
        found = looked & ~enemies
        no_leader = found & ~friendly_leaders & ~enemy_leaders
        layers.append(no_leader)
        frontier = (no_leader | (found & friendly_leaders)) & ~stops
        enters = entry.onward_mask  # every hex next to the start was seen in the first step
    return _reach(layers, seen)


def movers(s: S) -> tuple[int, ...]:
    """The ordered pieces that may still move, in the order they were ordered."""
    memo = s._memo
    found: tuple[int, ...] | None = memo.get("movers")
    if found is None:
        found = memo["movers"] = _movers(s)
    return found


def _movers(s: S) -> tuple[int, ...]:
    if not s.mods.may_move:
        return ()
    moved, stuck, where = s.moved, s.stuck, s.where
    return tuple(
        [p for p in s.ordered if moved[p] == 0 and p not in stuck and where[p] not in _OFF_BOARD]
    )


Reach = tuple[tuple[int, ...], int, int]
"""A piece's reach as hex masks (:attr:`~wargames.ancients.geometry.Geometry.bit`): the hexes
each step reaches (``[k]``: step ``k + 1``), every hex it may go to, and the hexes whose
pieces it looked at (a move that neither leaves nor enters one of them leaves it as it is)."""


def reach(s: S, piece: int) -> dict[str, int]:
    """Where ``piece`` may move, with the hexes it takes (kept in the state's cache, and
    carried to the next state for pieces too far from the last move to feel it)."""
    return _by_hex(s.scenario.geometry, _reach_of(s, piece))


def moves_of(s: S, piece: int) -> tuple[act.Move, ...]:
    """The move actions of ``piece``, in hex order."""
    moves = _moves_from(s.where[piece], s.is_leader(piece))
    return tuple([moves[h] for h in destinations(s, piece)])


def _reach_of(s: S, piece: int) -> Reach:
    memo: dict[int, Reach] | None = s._memo.get("reach")
    if memo is None:
        memo = s._memo["reach"] = {}
    found = memo.get(piece)
    if found is None:
        found = memo[piece] = (
            _leader_reach(s, piece) if s.is_leader(piece) else _unit_reach(s, piece)
        )
    return found


def destinations(s: S, piece: int) -> list[str]:
    """The hexes ``piece`` may move to, in hex order (its reach, kept as :func:`reach`)."""
    return s.scenario.geometry.hexes_in(_reach_of(s, piece)[1])


def hexes_to(s: S, piece: int, hex_id: str) -> int:
    """The hexes ``piece`` moves to reach ``hex_id``, one of its :func:`destinations`."""
    here = s.scenario.geometry.bit[hex_id]
    for k, layer in enumerate(_reach_of(s, piece)[0], 1):
        if layer & here:
            return k
    raise ValueError(f"{hex_id} is out of reach")


def _carry_reach(old: S, new: S, frm: str, to: str) -> None:
    """Give ``new`` the reaches of ``old`` that a move from ``frm`` to ``to`` cannot change:
    those that looked at neither hex (the moved piece's own among the others). Within a
    movement step nothing else a reach reads changes: the card, the allowances, the board."""
    known: dict[int, Reach] | None = old._memo.get("reach")
    if not known:
        return
    bit = new.scenario.geometry.bit
    moved = bit[frm] | bit[to]
    new._memo["reach"] = {piece: found for piece, found in known.items() if not found[2] & moved}


class _Moves(dict[str, act.Move]):
    """The (shared) actions moving the piece in one hex, a unit or a leader, by the hex it
    goes to: made on first use."""

    def __init__(self, frm: str, leader: bool) -> None:
        super().__init__()
        self.frm, self.leader = frm, leader

    def __missing__(self, to: str) -> act.Move:
        found = self[to] = act.Move(self.frm, to, self.leader)
        return found


_MOVES: dict[tuple[str, bool], _Moves] = {}


def _moves_from(frm: str, leader: bool) -> _Moves:
    found = _MOVES.get((frm, leader))
    if found is None:
        found = _MOVES[(frm, leader)] = _Moves(frm, leader)
    return found


def move_action(frm: str, to: str, leader: bool) -> act.Move:
    """The (shared) action moving the piece in ``frm`` to ``to``."""
    return _moves_from(frm, leader)[to]


@saved("ancients/move-step")
@attrs.frozen
class MoveStep(Task):
    """Step 3: the active player moves his ordered pieces, one at a time (CCB-TURN-04)."""

    rule: ClassVar[str] = "CCB-MOVE-01"

    def options(self, s: S) -> tuple[Action, ...]:
        found: tuple[Action, ...] | None = s._memo.get("moves")  # once(), written out
        if found is None:
            found = s._memo["moves"] = self._options(s)
        return found

    def _options(self, s: S) -> tuple[Action, ...]:
        found: list[Action] = []
        for piece in movers(s):
            found.extend(moves_of(s, piece))
        return tuple(found)

    def actor(self, s: S) -> Player | None:
        for piece in movers(s):
            if _reach_of(s, piece)[1]:  # kept in the memo
                return s.seat(s.active)
        return None

    def legal(self, s: S) -> tuple[Action, ...]:
        return (*self.options(s), end("moves"))

    def draw(self, s: S, chance: float) -> Action:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, counted off
        each mover's moves (kept with its reach) without listing them all."""
        pieces = movers(s)
        per = [_reach_of(s, piece)[1].bit_count() for piece in pieces]
        i = int(chance * (sum(per) + 1))
        for piece, count in zip(pieces, per, strict=True):
            if i < count:
                to = s.scenario.geometry.nth_hex(_reach_of(s, piece)[1], i)
                return move_action(s.where[piece], to, s.is_leader(piece))
            i -= count
        return end("moves")

    def act(self, s: S, action: Action) -> S:
        if not isinstance(action, act.Move):
            return s.pop()
        piece = mover(s, action)
        assert piece is not None
        new = move(s, piece, action.to, hexes_to(s, piece, action.to))
        _carry_reach(s, new, action.frm, action.to)
        return new

    def limit(self, unit: int, hexes: int) -> int:
        """The most ``unit`` may move in this step, given its allowance (a second move of
        Move-Fire-Move may get less, CCB-GAP-31)."""
        return hexes

    def run(self, s: S) -> S:
        return s.pop()

    def explain(self, s: S, action: Action) -> RuleViolation:
        if isinstance(action, act.Move):
            return why_not(s, action)
        return super().explain(s, action)


def mover(s: S, action: act.Move) -> int | None:
    return s.leader_at(action.frm) if action.leader else s.unit_at(action.frm)


def move_unit(s: S, unit: int, to: str, **changes: Any) -> S:
    """``unit`` goes to ``to`` with its attached leader (CCB-ORDERS-06, CCB-RETREAT-14); the
    state's other ``changes`` made with it."""
    leader = s.attached(unit)
    moves = [(unit, to)] if leader is None else [(unit, to), (leader, to)]
    return s.relocate(moves, **changes)


def move(s: S, piece: int, to: str, hexes: int) -> S:
    """``piece`` moves to ``to``; leaders attach or are carried (see the module docstring).
    The move is recorded: it moved ``hexes`` hexes in this turn's movement step."""
    stuck = set(s.stuck)
    moved = list(s.moved)
    moved[piece] = hexes
    if s.is_leader(piece):
        joined = s.unit_at(to)
        if joined is not None and joined in s.ordered and s.moved[joined] == 0:
            stuck.add(joined)  # CCB-ORDERS-12
        s = s.relocate([(piece, to)], moved=tuple(moved), stuck=frozenset(stuck))
    else:
        carried = s.attached(piece)
        if carried is not None:
            stuck.add(carried)  # he no longer may leave it (CCB-ORDERS-11)
        met = s.leader_at(to)
        if met is not None:
            stuck.add(met)  # the lone leader joins it (CCB-MOVE-04)
        s = move_unit(s, piece, to, moved=tuple(moved), stuck=frozenset(stuck))
    return marsh_roll(s, piece)


def why_not(s: S, action: act.Move) -> RuleViolation:
    """The rule a refused move breaks."""
    piece = mover(s, action)
    if piece is None or s.side_of(piece) != s.active:
        return RuleViolation("CCB-ORDERS-01", f"no piece of yours to move in {action.frm}")
    if piece not in s.ordered:
        return RuleViolation("CCB-ORDERS-01", "only ordered pieces move")
    if piece in s.stuck:
        rule = "CCB-ORDERS-11" if s.is_leader(piece) else "CCB-ORDERS-12"
        return RuleViolation(rule, "that piece may not move any more this turn")
    if s.moved[piece]:
        return RuleViolation("CCB-MOVE-01", "a piece moves once a turn")
    if not s.mods.may_move:
        return RuleViolation("CCB-CARDS-01", "the card played lets no unit move")
    if action.to not in s.scenario.geometry.terrain:
        return RuleViolation("CCB-MOVE-05", f"{action.to} is off the board")
    index = s._index()
    unit, leader = index.unit_at.get(action.to), index.leader_at.get(action.to)
    side = s.active
    if (unit is not None and s.side_of(unit) != side) or (
        leader is not None and s.side_of(leader) != side
    ):
        return RuleViolation("CCB-MOVE-02", "no piece may enter a hex holding an enemy")
    if unit is not None and not s.is_leader(piece):
        rule = "CCB-MOVE-03" if passes_friends(s, piece) else "CCB-MOVE-02"
        return RuleViolation(rule, "a unit may not end its move on another unit")
    if leader is not None:
        return RuleViolation("CCB-MOVE-16", "a hex holds at most one leader")
    terrain = s.scenario.geometry.terrain[action.to]
    if terrain.impassable:
        return RuleViolation("CCB-TERRAIN-02", f"{action.to} is impassable")
    if s.is_leader(piece) and not may_enter(terrain, None):
        return RuleViolation("CCB-MOVE-19", f"a leader may not enter {terrain.name}")
    if not s.is_leader(piece):
        kind = s.kind(piece)
        distance = s.scenario.geometry.distance(s.where[piece], action.to)
        if kind.move_rule == "warrior-charge" and distance == 2:
            return RuleViolation("CCB-MOVE-09", "a warrior moves 2 hexes only to charge an enemy")
        if not may_enter(terrain, kind):
            return RuleViolation("CCB-MOVE-19", f"a {kind.code} may not enter {terrain.name}")
    return RuleViolation(
        "CCB-MOVE-01", f"{action.to} is beyond the piece's reach (allowance, pieces, terrain)"
    )


__all__ = [
    "LEADER_MOVE",
    "MoveStep",
    "allowance",
    "leader_reach",
    "move",
    "movers",
    "passes_friends",
    "reach",
    "unit_reach",
    "why_not",
]
