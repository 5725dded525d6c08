"""What a player of The Warmaster sees, as a fixed-size float tensor and as text
(:class:`~wargames.core.observation.Observer`), built only from his view of the state.

The tensor is the same size for every scenario (every counter type of the manifest has its
plane), so a network can play them all. Its blocks, one after another:

* the ship: area kinds and sections (fixed), destroyed areas, Imperial control (research 3.1,
  the Traitor controls every other intact area);
* the counters on the ship, counted per area: Imperial units by counter type, the Traitor
  units the viewer can identify by counter type, the face-down counters (backs) the Imperial
  player cannot identify (WM-HIDDEN-01), units that moved or retreated this phase and areas
  fought over (WM-MOVE-06, WM-RETREAT-06, WM-COMBAT-03);
* the off-map boxes per counter type (pool, teleporting, reserve, unplaced, cup, dead) and the
  backs the Imperial player cannot identify there, the cup's size, the Imperial groups;
* the turn, the phase, the pending step, who decides, the observing player, Bridge control,
  the movement allowances and the ship-destruction specials;
* the pending step's details: the area and the counters it concerns, a die already rolled,
  the D66 results offered.

The Traitor set everything up and sees it all, so his tensor names his face-down counters; the
Imperial player's view holds only their backs (``WarmasterState.view``), so his tensor cannot
name them: :func:`~wargames.core.registry.determinize` leaves it unchanged.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from wargames.core.caches import PER_SCENARIO
from wargames.core.codec import state_to_json
from wargames.core.engine import CHANCE, GameState, Player
from wargames.core.observation import Block, Layout
from wargames.core.tasks import UnsettledStateError
from wargames.warmaster.data import D66_RESULTS, DIE_SIDES, IMPERIAL, SIDES, TRAITOR, WarmasterData
from wargames.warmaster.flow import PHASES
from wargames.warmaster.scenario import Setup
from wargames.warmaster.ship import AREA_TAGS
from wargames.warmaster.specials import START
from wargames.warmaster.state import (
    CUP,
    DEAD,
    POOL,
    RESERVE,
    UNPLACED,
    WARP,
    WarmasterState,
)

if TYPE_CHECKING:
    import numpy.typing as npt

MAX_TURN = 16
"""The turn one-hot's last entry: turn 16 or later."""

PHASE_NAMES = ("set-up", START, *PHASES)
"""The phases of the phase one-hot (WM-SEQ-01; the warp instability's start of turn)."""

STEPS = (
    "PlaceFaceDown",
    "FormGroups",
    "WarpRoll",
    "WarpArea",
    "FromReserve",
    "Teleport",
    "PickResult",
    "ArriveChoice",
    "LossRoll",
    "ReinforcementRoll",
    "CupDraw",
    "LaserShot",
    "MovementPhase",
    "Overstacked",
    "BattlePhase",
    "AmbushDraw",
    "BattleRoll",
    "RerollChoice",
    "TakeLoss",
    "Retreat",
    "Sabotage",
    "Blast",
    "Survivors",
    "Escape",
)
"""The steps that wait on a decision or a die, by their class name (the pending-step one-hot
has one more entry: any other)."""

BOXES = {IMPERIAL: (POOL, WARP, RESERVE, DEAD), TRAITOR: (UNPLACED, CUP, WARP, RESERVE, DEAD)}
"""The off-map boxes counted per side."""

BACK_BOXES = (UNPLACED, WARP, DEAD)
"""Where the backs the Imperial player cannot identify may lie off the ship (the cup is a
count of its own)."""

DECIDERS = (IMPERIAL, TRAITOR, CHANCE, None)


class WarmasterObserver:
    """The observation of one scenario (see the module docstring); :attr:`layout` says what
    each entry holds."""

    def __init__(self, setup: Setup, data: WarmasterData) -> None:
        self.data = data
        self.areas = data.board.ids
        self.area_at = {a: i for i, a in enumerate(self.areas)}
        self.kinds = {
            side: tuple(k for k, s in data.counters.items() if s.side == side) for side in SIDES
        }
        self.kind_at = {side: {k: i for i, k in enumerate(self.kinds[side])} for side in SIDES}
        counters = data.instances()
        self.counter_side = np.array([SIDES.index(data.spec(c).side) for c in counters])
        self.counter_kind = np.array(
            [self.kind_at[data.spec(c).side][data.spec(c).id] for c in counters]
        )
        self.counter_at = {c: i for i, c in enumerate(counters)}
        self.max_groups = len(data.instances(IMPERIAL))  # groups of one at most
        self.terrain = self._terrain()
        self._layout = self._make_layout()
        self._size = self._layout.size
        self._boxes_at = {side: {box: k for k, box in enumerate(BOXES[side])} for side in SIDES}
        self._slices = tuple(
            (block.name, start, stop, block.shape)
            for block, (start, stop) in zip(
                self._layout.blocks, self._layout.offsets().values(), strict=True
            )
        )

    # -- layout ------------------------------------------------------------------------------

    def _terrain(self) -> npt.NDArray[np.float32]:
        sections = sorted(self.data.sections)
        out = np.zeros((len(AREA_TAGS) + len(sections), len(self.areas)), dtype=np.float32)
        for j, area in enumerate(self.areas):
            for i, tag in enumerate(AREA_TAGS):
                out[i, j] = area in self.data.board.with_tag(tag)
            for i, section in enumerate(sections):
                out[len(AREA_TAGS) + i, j] = area in self.data.section_areas(section)
        return out

    def _make_layout(self) -> Layout:
        n = len(self.areas)
        ni, nt = len(self.kinds[IMPERIAL]), len(self.kinds[TRAITOR])
        sections = sorted(self.data.sections)
        tags = ", ".join(AREA_TAGS)
        blocks = (
            (
                _block("terrain", (len(AREA_TAGS) + len(sections), n),
                      f"1 where the area has the tag ({tags}), then 1 per section "
                      f"({', '.join(map(str, sections))}); areas in map order"),
                _block("destroyed", (n,), "1 for a destroyed area"),
                _block("imperial control", (n,),
                      "1 for an area the Imperial player controls (research 3.1); the Traitor "
                      "controls every other intact area"),
                _block("imperial units", (ni, n), "Imperial counters per counter type and area"),
                _block("traitor units", (nt, n),
                      "Traitor counters the viewer can identify, per counter type and area "
                      "(the Traitor's face-down ones in his own tensor only)"),
                _block("backs", (n,),
                      "face-down Traitor counters per area (WM-HIDDEN-01): what the Imperial "
                      "player sees of them"),
                _block("moved", (2, n), "units of each side (imperial, traitor) per area that "
                      "moved this phase (WM-MOVE-06)"),
                _block("retreated", (2, n), "units of each side per area that retreated this "
                      "phase (WM-RETREAT-06)"),
                _block("fought", (n,), "1 for an area already fought over this phase "
                      "(WM-COMBAT-03)"),
                _block("imperial boxes", (len(BOXES[IMPERIAL]), ni),
                      f"Imperial counters per box ({', '.join(BOXES[IMPERIAL])}) and type"),
                _block("traitor boxes", (len(BOXES[TRAITOR]), nt),
                      f"identified Traitor counters per box ({', '.join(BOXES[TRAITOR])}) "
                      "and type"),
                _block("hidden boxes", (len(BACK_BOXES) + 1,),
                      f"counters the Imperial player cannot identify off the ship "
                      f"({', '.join(BACK_BOXES)}), then the cup's size"),
                _block("groups", (self.max_groups, ni),
                      "the Imperial groups formed at set-up, in teleport order: units per "
                      "type (WM-SETUP-05); a row per Imperial counter, the most groups there "
                      "can be"),
                _block("turn", (MAX_TURN + 1,), f"one-hot: turn 0 (set-up) to {MAX_TURN} or later"),
                _block("phase", (len(PHASE_NAMES),), f"one-hot: {', '.join(PHASE_NAMES)}"),
                _block("step", (len(STEPS) + 1,),
                      f"one-hot: the pending step ({', '.join(STEPS)}, other)"),
                _block("deciding", (len(DECIDERS),),
                      "one-hot: who decides now (imperial, traitor, chance, nobody)"),
                _block("observer", (len(SIDES),),
                      "one-hot: the observing player (imperial, traitor)"),
                _block("bridge", (3,), "one-hot: Bridge control (imperial, traitor, nobody)"),
                _block("allowance", (2,), "movement allowance this turn in areas (imperial, "
                      "traitor; WM-BRIDGE-05 to -07)"),
                _block("specials", (5,),
                      "Defensive Screens taken, areas destroyed by the fleet's lasers, warp "
                      "instability on, turn cap on, the turn cap / 100"),
                _block("result", (4,), "one-hot once over: imperial win, traitor win, draw; "
                      "then 1 while the game goes on"),
                _block("focus area", (n,), "1 at the area the pending step concerns (a battle, "
                      "a retreat, a blast, an arrival)"),
                _block("focus units", (2, max(ni, nt)),
                      "counters the pending step concerns (a teleporting body, loss "
                      "candidates, retreating units), per side and type, identified ones only"),
                _block("die", (DIE_SIDES,), "one-hot: a die already rolled for the pending "
                      "step (a D66's tens die, the battle roll a re-roll may cancel)"),
                _block("d66 results", (len(D66_RESULTS),),
                      "1 for each D66 result rolled for the pending teleport (the "
                      "Teleportarium's choice)"),
            )
        )  # fmt: skip
        return Layout(tuple[Any, ...](blocks))

    @property
    def layout(self) -> Layout:
        return self._layout

    # -- the tensor ----------------------------------------------------------------------------

    def fill(self, view: GameState, player: Player, out: npt.NDArray[np.float32]) -> None:
        """Write what ``player`` sees into ``out`` from ``view`` alone (see the layout)."""
        assert isinstance(view, WarmasterState)
        if out.shape != (self._size,):
            raise ValueError(f"expected a tensor of shape ({self._size},), got {out.shape}")
        b = {name: out[start:stop].reshape(shape) for name, start, stop, shape in self._slices}
        b["terrain"][:] = self.terrain
        self._ship(view, b)
        self._boxes(view, player, b)
        self._progress(view, player, b)
        self._pending(view, b)

    def _ship(self, v: WarmasterState, b: dict[str, Any]) -> None:
        area_at, where = self.area_at, v.where
        for a in v.destroyed:
            b["destroyed"][area_at[a]] = 1
        for a in v.control:
            b["imperial control"][area_at[a]] = 1
        units = (b["imperial units"], b["traitor units"])
        for i, loc in enumerate(where):
            j = area_at.get(loc)
            if j is not None:
                units[self.counter_side[i]][self.counter_kind[i], j] += 1
        backs = [where[self.counter_at[c]] for c in v.face_down] + list(v.backs)
        for area in backs:
            if area in area_at:
                b["backs"][area_at[area]] += 1
        for name, group in (("moved", v.moved), ("retreated", v.retreated)):
            for c in group:
                at = self.counter_at.get(c)
                if at is not None and where[at] in area_at:
                    b[name][self.counter_side[at], area_at[where[at]]] += 1
        for a in v.fought:
            b["fought"][area_at[a]] = 1

    def _boxes(self, v: WarmasterState, player: Player, b: dict[str, Any]) -> None:
        boxes = self._boxes_at
        planes = (b["imperial boxes"], b["traitor boxes"])
        for i, loc in enumerate(v.where):
            side = self.counter_side[i]
            k = boxes[SIDES[side]].get(loc)
            if k is not None:
                planes[side][k, self.counter_kind[i]] += 1
        hidden = b["hidden boxes"]
        if player == TRAITOR:
            unseen = [v.location(c) for c in v.hidden_from(IMPERIAL)]
        else:
            unseen = list(v.backs)
        for k, box in enumerate(BACK_BOXES):
            hidden[k] = unseen.count(box)
        hidden[-1] = len(v.cup)
        kinds = self.kind_at[IMPERIAL]
        for g, group in enumerate(v.groups[: self.max_groups]):
            for u in group:
                b["groups"][g, kinds[self.data.spec(u).id]] += 1

    def _progress(self, v: WarmasterState, player: Player, b: dict[str, Any]) -> None:
        b["turn"][min(v.turn, MAX_TURN)] = 1
        if v.phase in PHASE_NAMES:
            b["phase"][PHASE_NAMES.index(v.phase)] = 1
        b["deciding"][DECIDERS.index(_deciding(v))] = 1
        b["observer"][SIDES.index(player)] = 1
        b["bridge"][(IMPERIAL, TRAITOR, None).index(v.bridge)] = 1
        allowance = v.allowance
        b["allowance"][:] = (allowance[IMPERIAL], allowance[TRAITOR])
        cap = v.turn_cap or 0
        b["specials"][:] = (
            v.screens is not None,
            v.laser_hits,
            v.warp_instability,
            cap > 0,
            cap / 100,
        )
        if v.result is None:
            b["result"][3] = 1
        else:
            b["result"][(IMPERIAL, TRAITOR, None).index(v.result.winner)] = 1

    def _pending(self, v: WarmasterState, b: dict[str, Any]) -> None:
        if not v.tasks or v.result is not None:
            b["step"][-1] = 1
            return
        top = v.top
        name = type(top).__name__
        b["step"][STEPS.index(name) if name in STEPS else -1] = 1
        battle = getattr(top, "battle", None)
        area = getattr(top, "area", None) or getattr(battle, "area", None)
        if isinstance(area, str) and area in self.area_at:
            b["focus area"][self.area_at[area]] = 1
        concerned: list[str] = []
        for field in ("units", "candidates", "drawn"):
            value = getattr(top, field, ())
            if isinstance(value, tuple):
                concerned += [u for u in value if isinstance(u, str)]
        for field in ("unit", "counter"):
            value = getattr(top, field, None)
            if isinstance(value, str):
                concerned.append(value)
        for u in concerned:
            if u in self.counter_at:  # a counter the viewer cannot identify reads "?"
                spec = self.data.spec(u)
                b["focus units"][SIDES.index(spec.side), self.kind_at[spec.side][spec.id]] += 1
        for field in ("tens", "roll"):
            value = getattr(top, field, None)
            if isinstance(value, int) and 1 <= value <= DIE_SIDES:
                b["die"][value - 1] = 1
        for result in getattr(top, "results", ()):
            if result in D66_RESULTS:
                b["d66 results"][D66_RESULTS.index(result)] = 1

    # -- the text ------------------------------------------------------------------------------

    def text(self, view: GameState, player: Player) -> str:
        """What ``player`` sees: the board as the game prints it (backs as ``[eye]``), who is to
        decide what, and the whole view as canonical JSON (the pending steps included; the scenario
        by its name, and a user's by its hash too)."""
        from wargames.warmaster import prompts

        assert isinstance(view, WarmasterState)
        try:
            pending = prompts.deciding(view, player)
        except UnsettledStateError:  # pragma: no cover - a settled view always says
            pending = ""
        seen = state_to_json(view)
        source = view.setup.source  # a user scenario by its name and hash, not its whole file
        seen["scenario"] = f"{source.name} {source.sha256}".strip()
        state = json.dumps(seen, sort_keys=True, separators=(",", ":"))
        return f"{player} observes\n{view}\n{pending}\nstate: {state}"


def _block(name: str, shape: tuple[int, ...], doc: str) -> Block:
    """A block of the layout (typed for mypy: the class converts its shape to a tuple)."""
    return Block(name, tuple[Any, ...](shape), doc)


def _deciding(v: WarmasterState) -> Player | None:
    """Who is to act in a view (public even where the step waits on what it hides)."""
    try:
        return v.current_player
    except UnsettledStateError:
        return None


def observer(state: GameState) -> WarmasterObserver:
    """The observer of ``state``'s scenario, built once per scenario."""
    assert isinstance(state, WarmasterState)
    return _observer(state.setup, state.data)


@lru_cache(maxsize=PER_SCENARIO)
def _observer(setup: Setup, data: WarmasterData) -> WarmasterObserver:
    return WarmasterObserver(setup, data)


__all__ = ["BOXES", "MAX_TURN", "PHASE_NAMES", "STEPS", "WarmasterObserver", "observer"]
