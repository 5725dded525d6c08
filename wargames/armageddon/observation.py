"""What a Battle for Armageddon player sees, as a tensor and as text (the descriptor's
``observer``).

:class:`ArmageddonObserver` reads a view (:meth:`~wargames.armageddon.state.ArmageddonState.view`:
the opponent's hand, draw pile and unrevealed strategy cards are ``?``) into a flat float32
tensor whose :class:`~wargames.core.observation.Layout` is printed on the docs page: planes
over the map's areas (terrain, tags, each side's units by kind, the Ork tribes, hives,
factories and fortifications intact or in ruins, strength totals, what moved, attacked or
retreated this phase, the battle being resolved), every counter's place (an area or an
off-map box), then vectors (turn, segment, initiative, phase, strategy cards, the player's
own special cards, how many the opponent holds, effects in force, build points, the pending
step and whose decision it is). One observer per data set and scenario length, cached.

Example::

    import wargames
    from wargames.core.observation import observation_tensor, observer_of

    state = wargames.load("armageddon")
    tensor = observation_tensor(state, "imperium")
    blocks = observer_of(state).layout.split(tensor)
    blocks["imperial units"].shape              # (kinds, areas)
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from wargames.armageddon import build, combat, flow, movement, specials, supply
from wargames.armageddon.data import IMPERIUM, ORKS, PHASES, SIDES, TAGS, TRIBES, ArmageddonData
from wargames.armageddon.describe import board_text
from wargames.armageddon.state import off_map_places
from wargames.core.caches import PER_SCENARIO
from wargames.core.engine import CHANCE
from wargames.core.observation import Block, Layout

if TYPE_CHECKING:
    import numpy.typing as npt

    from wargames.armageddon.state import ArmageddonState as S
    from wargames.core.engine import GameState, Player

__all__ = ["STEPS", "ArmageddonObserver", "observer", "observer_for"]

STEPS: tuple[type, ...] = (
    flow.DeployOrks,
    flow.DealSpecial,
    flow.PlanCards,
    flow.Initiative,
    movement.MovementPhase,
    movement.Overstacked,
    combat.CombatPhase,
    combat.AttackCards,
    combat.DefenceCards,
    combat.CombatRoll,
    combat.RerollChoice,
    combat.TakeLoss,
    combat.Retreat,
    combat.HeroicStand,
    combat.AdvanceChoice,
    build.ImperialBuild,
    build.EmergencyProduction,
    build.PlaceReady,
    build.Arrive,
    build.OrkBuild,
    specials.OrbitalStrike,
    supply.SupplyCheck,
    supply.OutOfSupply,
)
"""The steps a game waits on (the top task when a player or the dice must act)."""

EFFECTS = ("waaagh", "astropath", "tunnel-rats", "thunderbolt", *(f"kult:{t}" for t in TRIBES))
"""Card effects in force for the whole segment or battle (area effects are planes)."""
STRUCTURES = ("hive", "hive ruins", "factory", "factory ruins", "fortification", "rebuilding")
STRENGTH = ("ork attack", "ork defence", "imperial attack", "imperial defence")
PHASE_MARKS = ("moved or attacked", "retreated", "attacked", "ere we go", "rail convoy")
BATTLE = ("battle target", "attacking stacks", "step area")
DECIDERS = (ORKS, IMPERIUM, CHANCE, "nobody")
SCALE = 0.1
"""Strength totals and build points are scaled by 1/10 (a stack's attack rarely passes 20)."""


def observer(state: GameState) -> ArmageddonObserver:
    """The observer of ``state``'s scenario (the descriptor's ``observer`` hook)."""
    from wargames.armageddon.state import ArmageddonState

    assert isinstance(state, ArmageddonState)
    return observer_for(state.data, state.setup.turns)


@lru_cache(maxsize=PER_SCENARIO)
def observer_for(data: ArmageddonData, turns: int) -> ArmageddonObserver:
    """The observer of a scenario of ``turns`` turns on ``data``'s map and counters."""
    return ArmageddonObserver(data, turns)


def _kinds(data: ArmageddonData, side: str) -> tuple[str, ...]:
    return tuple(
        dict.fromkeys(s.kind for s in data.counters.values() if s.side == side and not s.structure)
    )


class ArmageddonObserver:
    """The tensor and text of a player's view (see the module docstring for the layout)."""

    def __init__(self, data: ArmageddonData, turns: int) -> None:
        self.data = data
        self.turns = turns
        board = data.board
        self.areas = board.ids
        self.places = (*self.areas, *off_map_places(data))
        self._place = {p: i for i, p in enumerate(self.places)}
        self.counters = tuple(data.counters)
        self.kinds = {side: _kinds(data, side) for side in SIDES}
        self.cards = tuple(data.strategy)
        self.special = tuple(data.special)
        self.layout = self._layout()
        self._slices = tuple(
            (b.name, start, stop, b.shape)
            for b, (start, stop) in zip(
                self.layout.blocks, self.layout.offsets().values(), strict=True
            )
        )
        self._static = self._static_planes()
        self._tables()

    # -- the layout ----------------------------------------------------------------------------

    def _layout(self) -> Layout:
        a, n, c = len(self.areas), len(self.counters), len(self.cards)
        terrain = tuple(self.data.terrain)
        blocks = [
            _block("terrain", (len(terrain), a), f"1 where the area's terrain is {_list(terrain)}"),
            _block(
                "area tags", (len(TAGS), a), f"1 where the area is tagged {_list(sorted(TAGS))}"
            ),
            _block("ork units", (len(self.kinds[ORKS]), a), _by("Ork units", self.kinds[ORKS])),
            _block("ork tribes", (len(TRIBES), a), _by("Ork units", TRIBES, "tribe")),
            _block(
                "imperial units",
                (len(self.kinds[IMPERIUM]), a),
                _by("Imperial units", self.kinds[IMPERIUM]),
            ),
            _block(
                "structures",
                (len(STRUCTURES), a),
                f"counters per area: {_list(STRUCTURES)} (ruins being rebuilt)",
            ),
            _block(
                "strength",
                (len(STRENGTH), a),
                f"{_list(STRENGTH)} of the stack, / 10 (defence: intact structures added, "
                "counters that retreated count 0, BFA-RETREAT-07)",
            ),
            _block(
                "this phase",
                (len(PHASE_MARKS), a),
                "units that moved or attacked, units that retreated, 1 if attacked "
                "(BFA-COMBAT-05), 1 under Ere We Go!, 1 under Rail Convoy",
            ),
            _block(
                "battle",
                (len(BATTLE), a),
                "1 at the target and at the attacking stacks of the attack being resolved, "
                "1 at the area the pending step concerns (loss, retreat, over-stacking, "
                "strike, supply roll)",
            ),
            _block(
                "counter places",
                (n, len(self.places)),
                f"1 at each counter's place: an area or {_list(self.places[a:])} "
                "(counters in manifest order)",
            ),
            _block(
                "counter marks",
                (4, n),
                "per counter: moved or attacked, retreated, in ruins, concerned by the "
                "pending step",
            ),
            _block("observer", (len(SIDES),), "1 for the observing player: orks, imperium"),
            _block("turn", (self.turns,), "1 at the current turn"),
            _block("segment", (6,), "1 at the segment: strategy, actions 1-4, victory"),
            _block("initiative", (len(SIDES),), "1 for the side with the initiative"),
            _block("acting", (len(SIDES),), "1 for the side whose action segment it is"),
            _block("phase", (len(PHASES),), f"1 at the action phase: {_list(PHASES)}"),
            _block("strategy card", (c,), "1 at the strategy card revealed this segment"),
            _block(
                "plans",
                (len(SIDES), 2, c + 1),
                "each side's strategy cards still to reveal, top first: 1 at the card, or "
                "at the last entry when it is face down",
            ),
            _block("hand", (len(self.special),), "the observer's special cards, counts"),
            _block("draw pile", (len(self.special),), "the observer's cards still to draw"),
            _block("discards", (len(self.special),), "both sides' discarded special cards"),
            _block(
                "card counts",
                (len(SIDES), 2),
                "per side: cards in hand, cards in the draw pile",
            ),
            _block("played", (len(SIDES),), "1 if the side played a card this segment"),
            _block("effects", (len(EFFECTS),), f"1 if in force: {_list(EFFECTS)}"),
            _block("build points", (1,), "the build point track, / 10"),
            _block(
                "step numbers",
                (2,),
                "Imperial build points left to spend / 10, Ork counters left to return",
            ),
            _block("die", (6,), "1 at the die the pending step shows (re-roll, initiative)"),
            _block(
                "decision", (len(DECIDERS),), "1 for who acts now: orks, imperium, chance, nobody"
            ),
            _block(
                "step", (len(STEPS),), f"1 at the pending step: {_list(t.__name__ for t in STEPS)}"
            ),
            _block("result", (3,), "at the end: 1 for the winner (orks, imperium) or a draw"),
        ]
        return Layout(tuple[Any, ...](blocks))

    def _static_planes(self) -> npt.NDArray[np.float32]:
        """Terrain and tags: the same in every state."""
        data, board = self.data, self.data.board
        terrain = list(data.terrain)
        tags = sorted(TAGS)
        planes = np.zeros((len(terrain) + len(tags), len(self.areas)), dtype=np.float32)
        for j, area in enumerate(self.areas):
            planes[terrain.index(board[area].terrain), j] = 1
            for tag in board[area].tags:
                planes[len(terrain) + tags.index(tag), j] = 1
        return planes.reshape(-1)

    def _tables(self) -> None:
        """Per counter: the first cell of its row in each area block it counts in (its kind,
        its tribe, its structure, its side's strength), -1 where it counts in none; a counter
        in area ``j`` adds to cell ``row + j``."""
        a = len(self.areas)
        at = {name: start for name, start, _, _ in self._slices}
        specs = [self.data.counters[c] for c in self.counters]

        def row(block: str, plane: int, counts: bool) -> int:
            return at[block] + plane * a if counts else -1

        units = {ORKS: "ork units", IMPERIUM: "imperial units"}
        self._kind = np.array(
            [
                row(units[s.side], self.kinds[s.side].index(s.kind), True)
                if not s.structure
                else -1
                for s in specs
            ],
            dtype=np.intp,
        )
        self._tribe = np.array(
            [row("ork tribes", TRIBES.index(s.tribe), True) if s.tribe else -1 for s in specs],
            dtype=np.intp,
        )
        self._structure = np.array(
            [
                row("structures", STRUCTURES.index(s.kind), s.kind in STRUCTURES)
                if s.structure
                else -1
                for s in specs
            ],
            dtype=np.intp,
        )
        self._ruinable = np.array([s.kind in ("hive", "factory") for s in specs]) * a
        strength = [2 * SIDES.index(s.side) for s in specs]
        self._attack_row = np.array(
            [row("strength", k, not s.structure) for k, s in zip(strength, specs, strict=True)],
            dtype=np.intp,
        )
        self._defence_row = np.array(
            [row("strength", k + 1, True) for k, s in zip(strength, specs, strict=True)],
            dtype=np.intp,
        )
        self._attack = np.array([s.attack for s in specs], dtype=np.float64) * SCALE
        self._defence = np.array([s.defence for s in specs], dtype=np.float64) * SCALE
        self._rebuilding_row = at["structures"] + STRUCTURES.index("rebuilding") * a
        self._used_row = at["this phase"]
        self._retreated_row = at["this phase"] + a
        self._places_at = at["counter places"] + np.arange(len(specs)) * len(self.places)
        self._index = {c: i for i, c in enumerate(self.counters)}
        n = len(specs)
        # the rows a counter adds to, one line per kind of contribution (see _map)
        self._rows = np.stack(
            [
                self._kind,
                self._tribe,
                self._structure,
                self._attack_row,
                self._defence_row,
                np.full(n, self._used_row),
                np.full(n, self._retreated_row),
                np.full(n, self._rebuilding_row),
            ]
        )
        self._weights = np.stack(
            [np.ones(n)] * 3 + [self._attack, self._defence] + [np.ones(n)] * 3
        )
        self._counts = self._rows >= 0

    # -- the tensor ----------------------------------------------------------------------------

    def fill(self, view: GameState, player: Player, out: npt.NDArray[np.float32]) -> None:
        """Write what ``player`` sees in ``view`` into ``out`` (see :attr:`layout`)."""
        from wargames.armageddon.state import ArmageddonState

        assert isinstance(view, ArmageddonState)
        blocks = {name: out[start:stop].reshape(shape) for name, start, stop, shape in self._slices}
        static = self._static.size
        out[:static] = self._static
        marks = blocks["counter marks"]
        self._map(view, out, marks)
        self._phase(view, blocks["this phase"])
        self._pending(view, blocks, marks)
        self._sequence(view, blocks)
        self._cards(view, player, blocks)

    def _map(self, s: S, out: npt.NDArray[np.float32], marks: npt.NDArray[np.float32]) -> None:
        """The area blocks and every counter's place, from where the counters are: each
        counter on the map adds to the cell of its area in each row of ``_rows`` it counts in
        (its kind, its tribe, its structure, ruined or not, its side's attack and defence, and
        whether it moved, attacked, retreated or is being rebuilt)."""
        place, ix = self._place, self._index
        n, a = len(self.counters), len(self.areas)
        loc = np.fromiter((place[w] for w in s.where), dtype=np.intp, count=n)
        out[self._places_at + loc] = 1
        for mark, found in enumerate((s.used, s.retreated, s.ruined)):
            if found:
                marks[mark, [ix[c] for c in found]] = 1
        used, retreated, ruined = marks[0] > 0, marks[1] > 0, marks[2] > 0
        cells = self._rows + loc
        cells[2] += ruined * self._ruinable  # "hive" -> "hive ruins"
        counted = self._counts & (loc < a)
        counted[4] &= ~(ruined | retreated)  # BFA-RETREAT-07; ruins defend nothing
        counted[5] &= used
        counted[6] &= retreated
        counted[7] = False
        if s.rebuilding:
            counted[7, [ix[c] for c in s.rebuilding]] = True
        counts = np.bincount(cells[counted], self._weights[counted])
        out[: len(counts)] += counts.astype(np.float32)

    def _phase(self, s: S, phase: npt.NDArray[np.float32]) -> None:
        """The areas attacked this phase and those under an area card."""
        at = self._place
        for area in s.attacked:
            phase[2, at[area]] = 1
        for effect in s.effects:
            key, _, area = effect.partition(":")
            if key in ("ere-we-go", "rail") and area in self.data.board:
                phase[3 if key == "ere-we-go" else 4, at[area]] = 1

    def _pending(self, s: S, blocks: dict[str, Any], marks: npt.NDArray[np.float32]) -> None:
        """The pending step, whose decision it is, the battle and what the step concerns."""
        decider = s.current_player
        blocks["decision"][DECIDERS.index(decider) if decider in DECIDERS else 3] = 1
        if s.result is not None:
            winner = s.result.winner
            blocks["result"][SIDES.index(winner) if winner in SIDES else 2] = 1
        if not s.tasks:
            return
        top = s.top
        if type(top) in STEPS:
            blocks["step"][STEPS.index(type(top))] = 1
        battle = next((t.battle for t in reversed(s.tasks) if hasattr(t, "battle")), None)
        at = self._place.__getitem__
        plane = blocks["battle"]
        if battle is not None:
            plane[0, at(battle.target)] = 1
            plane[1, [at(a) for a in battle.stacks]] = 1
        area = getattr(top, "area", None)
        if isinstance(area, str) and area in self.data.board:
            plane[2, at(area)] = 1
        ix = self._index
        for c in _concerned(s, top):
            marks[3, ix[c]] = 1
        die = getattr(top, "roll", None) or getattr(top, "ork_roll", None)
        if isinstance(die, int) and 1 <= die <= 6:
            blocks["die"][die - 1] = 1
        numbers = blocks["step numbers"]
        if isinstance(top, build.ImperialBuild):
            numbers[0] = top.points * SCALE
        if isinstance(top, build.OrkBuild):
            numbers[1] = top.left

    def _sequence(self, s: S, blocks: dict[str, Any]) -> None:
        blocks["turn"][min(s.turn, self.turns) - 1] = 1
        blocks["segment"][s.segment] = 1
        if s.initiative in SIDES:
            blocks["initiative"][SIDES.index(s.initiative)] = 1
        if s.acting in SIDES:
            blocks["acting"][SIDES.index(s.acting)] = 1
        if s.phase in PHASES:
            blocks["phase"][PHASES.index(s.phase)] = 1
        if s.card in self.cards:
            blocks["strategy card"][self.cards.index(s.card)] = 1
        blocks["build points"][0] = s.build_points * SCALE
        for effect in s.effects:
            if effect in EFFECTS:
                blocks["effects"][EFFECTS.index(effect)] = 1

    def _cards(self, s: S, player: Player, blocks: dict[str, Any]) -> None:
        """Plans, the observer's own cards, both discard piles and the card counts; the
        opponent's hidden cards are only counted."""
        blocks["observer"][SIDES.index(player)] = 1
        plans = blocks["plans"]
        hidden = len(self.cards)
        for i, plan in enumerate(s.plans):
            for k, card in enumerate(plan[:2]):
                plans[i, k, self.cards.index(card) if card in self.cards else hidden] = 1
        special = self.special.index
        mine = SIDES.index(player)
        for card in s.hands[mine]:
            blocks["hand"][special(card)] += 1
        for card in s.decks[mine].draw:
            blocks["draw pile"][special(card)] += 1
        for i in range(len(SIDES)):
            for card in s.decks[i].discards:
                blocks["discards"][special(card)] += 1
            blocks["card counts"][i] = (len(s.hands[i]), len(s.decks[i].draw))
            if SIDES[i] in s.played:
                blocks["played"][i] = 1

    # -- the text ------------------------------------------------------------------------------

    def text(self, view: GameState, player: Player) -> str:
        """The board as ``player`` sees it (:func:`~wargames.armageddon.describe.board_text`),
        then what the tensor adds: the boxes, this phase's marks, the discards and the pending
        step."""
        from wargames.armageddon.state import ArmageddonState

        assert isinstance(view, ArmageddonState)
        s = view
        lines = [f"observer: {player}", board_text(s, player)]
        for box in (b for b in self.places[len(self.areas) :] if not b.startswith("@track")):
            if held := s.counters_at(box):
                lines.append(f"{box}: {' '.join(held)}")
        for name, found in (
            ("moved or attacked", s.used),
            ("retreated", s.retreated),
            ("attacked", s.attacked),
            ("played a card", s.played),
        ):
            if found:
                lines.append(f"{name}: {' '.join(sorted(found))}")
        for side, deck in zip(SIDES, s.decks, strict=True):
            lines.append(
                f"{side} discards: {' '.join(deck.discards) or 'none'}; {len(deck.draw)} to draw"
            )
        own = s.decks[SIDES.index(player)].draw
        lines.append(f"own draw pile: {' '.join(own) or 'none'}")
        if s.tasks:
            lines.append(f"pending: {s.current_player} — {s.top.describe(s)}")
        return "\n".join(lines)


def _concerned(s: S, top: object) -> tuple[str, ...]:
    """The counters the pending step is about: the next to deploy, arrive or retreat, the
    candidates for a loss, the attackers of the battle."""
    from wargames.armageddon.state import UNPLACED

    if isinstance(top, flow.DeployOrks):
        return s.in_box(UNPLACED, ORKS)[:1]
    if isinstance(top, build.Arrive | combat.Retreat):
        return top.counters[:1]
    if isinstance(top, combat.TakeLoss):
        return top.eligible(s)
    battle = getattr(top, "battle", None)
    return battle.attackers if battle is not None else ()


def _list(names: Any) -> str:
    return ", ".join(str(n) for n in names)


def _by(what: str, names: tuple[str, ...], by: str = "kind") -> str:
    return f"{what} per area by {by}: {_list(names)}"


def _block(name: str, shape: tuple[int, ...], doc: str) -> Block:
    return Block(name, tuple[Any, ...](shape), doc)
