"""Movement phases (BFA-MOVE-01..16) and the over-stacking check that ends them.

Counters move one at a time, each at most once per phase, up to their movement value in
areas; they never enter sea, mountain or enemy-held areas and stop on entering ash wastes (and,
for the Imperium, jungle: reconstructed terrain chart). Stacking is checked when the phase ends;
the opponent then picks the counters an illegal stack loses.
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import TYPE_CHECKING, ClassVar

import attrs

from wargames.armageddon import actions as act
from wargames.armageddon.combat import eliminate
from wargames.armageddon.data import IMPERIUM, ORKS, ArmageddonData
from wargames.armageddon.flow import Task
from wargames.armageddon.specials import phase_card_count, phase_card_plays, play_phase_card
from wargames.armageddon.stacking import legal_stack, removable
from wargames.armageddon.state import other
from wargames.armageddon.supply import supplied_mask
from wargames.core.caches import PER_DATA
from wargames.core.codec import saved
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S

MOVEMENT_CARDS = {ORKS: ("ere-we-go", "kult-of-speed"), IMPERIUM: ("rail-convoy", "orbital-strike")}


def movement_allowance(s: S, counter: str) -> int:
    """The counter's movement value, +1 for its tribe under Kult of Speed."""
    spec = s.spec(counter)
    bonus = 1 if spec.tribe is not None and f"kult:{spec.tribe}" in s.effects else 0
    return spec.movement + bonus if spec.movement > 0 else 0


@lru_cache(maxsize=PER_DATA)
def _movement(data: ArmageddonData) -> dict[str, tuple[int, str | None]]:
    """Counter id -> its movement value and tribe (:func:`movement_allowance` without the
    Kult of Speed), read once per data set."""
    return {c: (spec.movement, spec.tribe) for c, spec in data.counters.items()}


def destinations(s: S, counter: str) -> tuple[str, ...]:
    """Every area ``counter`` may end its move in this phase (sorted)."""
    return s.bits.names(reach(s, counter))


def reach(s: S, counter: str) -> int:
    """:func:`destinations` as a bitset of the map (:mod:`wargames.armageddon.mapbits`): up to
    the movement value in areas, never into sea, mountains or enemy-held areas, stopping on
    entering ash wastes (and jungle for the Imperium) unless Ere We Go! was played on the
    stack's area; under Rail Convoy the rail network adds its areas (BFA-MOVE-02..06)."""
    steps = movement_allowance(s, counter)
    if steps <= 0:
        return 0  # BFA-MOVE-03
    return reach_from(s, s.spec(counter).side, s.location(counter), steps)


def reach_from(s: S, side: str, start: str, steps: int) -> int:
    """:func:`reach` of a counter of ``side`` in ``start`` with movement ``steps`` (above 0):
    the same for every such counter."""
    bits = s.bits
    effects = s.effects
    ignore_stop = side == ORKS and bool(effects) and f"ere-we-go:{start}" in effects
    enemy = IMPERIUM if side == ORKS else ORKS
    found = bits.reach_near(
        start, steps, s.placement.masks[enemy], 0 if ignore_stop else bits.stops[side]
    )
    if side == IMPERIUM and effects and f"rail:{start}" in effects:
        found |= rail_mask(s, start)
    return found


def rail_network(s: S, start: str) -> tuple[str, ...]:
    """Rail Convoy: areas joined to ``start`` through Imperial-held areas in Imperial supply."""
    return s.bits.names(rail_mask(s, start))


def rail_mask(s: S, start: str) -> int:
    """:func:`rail_network` as a bitset."""
    bits = s.bits
    held = s.placement.masks[IMPERIUM] & supplied_mask(s, IMPERIUM)
    here = bits.bit[start]
    if not held & here:
        return 0
    return bits.connected(here, held) & ~here


END_PHASE = act.Pass("phase")

AIMED_AT_START = ("ere-we-go:", "rail:")
"""The card effects that change the reach of the counters of one area (Ere We Go!, Rail Convoy)."""

DRAWN_ENTRY = "drawn-entry"
"""Memo key: the index of the reach entry whose move :meth:`MovementPhase.draw` drew (so
:meth:`MovementPhase.act` need not look for the counter's entry)."""


Reaches = tuple[tuple[str, int, int], ...]
"""Each unmoved counter's reach in a movement phase: ``(counter, destinations as a bitset, how
many)``, in manifest order; counters with nowhere to go are left out."""

OpenMoves = tuple[Reaches, int]
"""The :data:`Reaches` of a movement phase and how many moves they give in all."""


@saved("armageddon/movement-phase")
@attrs.frozen
class MovementPhase(Task):
    """The acting player moves any, all or none of his counters (BFA-MOVE-01)."""

    side: str
    moves: OpenMoves | None = attrs.field(
        default=None, eq=False, repr=False, metadata={"derived": True}
    )
    """The moves still open, counter by counter (:data:`OpenMoves`), carried from state to state
    within the phase: a counter's reach depends only on enemy positions and card effects, which
    do not change while it moves (except under Rail Convoy, whose network follows the Imperial
    counters: not carried)."""
    rule: ClassVar[str] = "BFA-MOVE-02"

    def actor(self, s: S) -> Player | None:
        return self.side

    def open_moves(self, s: S) -> OpenMoves:
        """Each unmoved counter's destinations; worked out once per state when the task does
        not carry them."""
        if self.moves is not None:
            return self.moves
        return s.once("open-moves", lambda: self._open_moves(s))

    def _open_moves(self, s: S) -> OpenMoves:
        side = self.side
        used = s.used
        reaches: dict[tuple[str, int], tuple[int, int]] = {}  # one per area and movement value
        out = []
        total = 0
        movement = _movement(s.data)
        effects = s.effects
        kult = {e[5:] for e in effects if e.startswith("kult:")}  # Kult of Speed's tribes
        where, index = s.where, s.manifest.index
        placement = s.placement
        if effects and any(e.startswith(AIMED_AT_START) for e in effects):
            walk = partial(reach_from, s, side)
        else:  # no card effect where a counter starts: the same walk for every start
            walk = partial(
                s.bits.reach_near, blocked=placement.masks[other(side)], stops=s.bits.stops[side]
            )
        for c in placement.on_map(side):
            if c in used:
                continue
            steps, tribe = movement[c]
            if steps <= 0:
                continue  # BFA-MOVE-03
            if kult and tribe in kult:
                steps += 1
            start = where[index[c]]
            found = reaches.get((start, steps))
            if found is None:
                mask = walk(start, steps)
                found = reaches[start, steps] = (mask, mask.bit_count())
            if found[0]:
                out.append((c, *found))
                total += found[1]
        return tuple(out), total

    def legal(self, s: S) -> tuple[Action, ...]:
        cards = phase_card_plays(s, self.side, "movement")
        moves_to = s.bits.moves_to
        out: list[Action] = []
        for c, mask, _ in self.open_moves(s)[0]:
            out += moves_to(c, mask)  # extending copies whole tuples: faster than chain
        out += cards
        out.append(END_PHASE)
        return tuple(out)

    def draw(self, s: S, chance: float) -> Action:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, found by
        counting each counter's destinations in its bitset: the only action made."""
        reaches, total = self.open_moves(s)
        cards = phase_card_count(s, self.side, "movement")
        i = int(chance * (total + cards + 1))
        for entry, (c, mask, n) in enumerate(reaches):
            if i < n:
                s._memo[DRAWN_ENTRY] = entry  # read by :meth:`act`
                bits = s.bits
                return bits.moves[c][bits.nth(mask, i)]
            i -= n
        if i < cards:
            return phase_card_plays(s, self.side, "movement")[i]
        return END_PHASE

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.Move):
            counter = action.counter
            reaches, total = self.open_moves(s)
            i = s._memo.get(DRAWN_ENTRY, -1)
            if not 0 <= i < len(reaches) or reaches[i][0] != counter:
                i = next(i for i, m in enumerate(reaches) if m[0] == counter)
            left: OpenMoves | None = (reaches[:i] + reaches[i + 1 :], total - reaches[i][2])
            if s.effects and any([e.startswith("rail:") for e in s.effects]):
                left = None  # the rail network follows the Imperial counters: recompute
            return s.move_counters(
                [(counter, action.area)],
                used=s.used | {counter},
                tasks=s.popped(MovementPhase(self.side, left)),
            )
        if isinstance(action, act.PlayCard):
            return play_phase_card(s.pop(MovementPhase(self.side)), self.side, action)
        s = s.evolve(used=frozenset(), phase=None)
        return s.pop(*(Overstacked(self.side, a) for a in overstacked(s, self.side)))

    def explain(self, s: S, action: Action) -> RuleViolation:
        return explain_move(s, self.side, action) or super().explain(s, action)


def overstacked(s: S, side: str) -> tuple[str, ...]:
    """Areas where ``side``'s stack breaks the stacking rules (BFA-MOVE-09)."""
    stacks = s.placement.stacks[side]
    illegal = {a for a, stack in stacks.items() if not legal_stack(s.data, stack)}
    return tuple(a for a in s.data.board.ids if a in illegal) if illegal else ()


@saved("armageddon/overstacked")
@attrs.frozen
class Overstacked(Task):
    """An illegal stack after movement: the opponent destroys counters until it is legal
    (BFA-STACK-05, BFA-STACK-06, BFA-MOVE-09)."""

    side: str
    area: str
    rule: ClassVar[str] = "BFA-STACK-06"

    def actor(self, s: S) -> Player | None:
        return other(self.side)

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple(
            [act.made(act.Eliminate, c) for c in removable(s.data, s.stack(self.area, self.side))]
        )

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Eliminate)
        s = eliminate(s, (action.counter,))
        return s.pop() if legal_stack(s.data, s.stack(self.area, self.side)) else s


def explain_move(s: S, side: str, action: Action) -> RuleViolation | None:
    """The rule a refused move breaks, or None."""
    if not isinstance(action, act.Move):
        return None
    if action.counter not in s.data.counters or s.spec(action.counter).side != side:
        return RuleViolation("BFA-ACTION-03", f"{action.counter} is not one of your counters")
    if action.area not in s.data.board:
        return RuleViolation("BFA-COMP-02", f"there is no area {action.area!r}")
    if action.counter in s.used:
        return RuleViolation("BFA-MOVE-07", f"{action.counter} has already moved this phase")
    if movement_allowance(s, action.counter) <= 0:
        return RuleViolation("BFA-MOVE-03", f"{action.counter} has movement 0")
    terrain = s.data.terrain[s.data.board[action.area].terrain]
    if not terrain.enterable:
        return RuleViolation("BFA-MOVE-04", f"{action.area} is {terrain.name}: no counter enters")
    if action.area in s.occupied(other(side)):
        return RuleViolation("BFA-MOVE-05", f"{action.area} holds enemy counters")
    return RuleViolation(
        "BFA-MOVE-02",
        f"{action.area} is beyond {action.counter}'s reach "
        "(movement value, enemy areas, ash wastes stop a move)",
    )
