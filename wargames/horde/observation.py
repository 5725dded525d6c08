"""What a side sees of a P-Scale battle as a tensor and as text (issue 15).

:class:`HordeObserver` (one per scenario and mission length, :func:`observer`) writes a
player's view (:meth:`~wargames.horde.state.PScaleState.view`: every unit but the squares of
the enemy hordes in stealth, HMC-TALENT-02) into a flat float32 tensor of planes over the
battlefield grid (``planes x rows x columns``, row 1 first, column 1 first) and vectors. Its
:class:`~wargames.core.observation.Layout` says what each block holds; docs/horde.md prints it.

* **The board** (the same in every state of the scenario): the terrain kind of each square
  (:data:`~wargames.horde.terrain.TERRAIN`), each side's HQ area and command post, the control
  objectives' squares (their Turning Points / 3).
* **The hordes**: one plane per side and profile of the scenario (the hordes split from one
  keep its profile), Magnitude / 100 on the horde's square; its Magnitude / its starting
  Magnitude; its morale state (HMC-GAP-03), stealth (its own side's only: an enemy horde in
  stealth is not on the board for the viewer), Brace!, Get Down!, Forced March!, whether it
  was activated or moved this round and the attacks it received (/ 5).
* **The Officers**: per side, the wounds / 20 of the Officers on a square, alone or with the
  horde they joined.
* **The pending decision**: the square of the unit it is about (the activation, the move, the
  striker of an attack), the kind of step (one-hot over :data:`STEPS`), who decides.
* **Vectors**: the round (one-hot and round / rounds), the side with the initiative, the
  sides that passed, the observing side, each side's Magnitude in the battle, on the board,
  off it and unseen (enemy hordes in stealth) / its Magnitude at the start, and the Turning
  Points each side would score now (/ the scenario's total).

:meth:`HordeObserver.text` is the game's own text of the view (the board, every unit, what
is awaited) with the viewer and the enemy hordes it cannot see named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from wargames.core.engine import CHANCE, GameState, Player
from wargames.core.observation import Block, Layout
from wargames.core.sources import ScenarioSource
from wargames.horde.describe import describe
from wargames.horde.scenario import SIDES, BattleSetup
from wargames.horde.terrain import TERRAIN
from wargames.horde.units import CONFUSED, FLEEING, FRENZIED, ROUTING
from wargames.horde.victory import scores

if TYPE_CHECKING:
    import numpy.typing as npt

    from wargames.horde.state import PScaleState

MAGNITUDE_SCALE = 100.0
"""Magnitudes are divided by this (the largest a Merge! may make, HMC-ORDERS-18)."""
WOUNDS_SCALE = 20.0
"""An Officer's wounds are divided by this."""
RECEIVED_SCALE = 5.0
"""Attacks received this round are divided by this (HMC-DEFENSE-05)."""

MORALE_PLANES = (CONFUSED, FLEEING, ROUTING, FRENZIED)
FLAG_PLANES = ("stealth", "brace", "get down", "forced march", "activated", "moved")
UNIT_PLANES = ("strength", *MORALE_PLANES, *FLAG_PLANES, "received")
"""The planes of the hordes of both sides (their side is in the profile planes)."""

STEPS = (
    "Turn",
    "Activation",
    "MoveOrder",
    "SplitSize",
    "SplitPlacement",
    "ReturnToHQ",
    "ChooseBonus",
    "Heal",
    "RetreatLoss",
    "Awareness",
    "MoraleTest",
    "AttackRoll",
    "DefenceRoll",
    "DamageRoll",
    "TearingChoice",
    "CounterChoice",
)
"""The steps a battle waits at (a decision or a die), by their task's class; any other
step is the last entry of the one-hot, ``other``."""
DECIDERS = (*SIDES, "chance", "nobody")


def _profiles(setup: BattleSetup) -> tuple[tuple[str, str], ...]:
    """The ``(side, profile)`` of the scenario's hordes, in the order of its units."""
    return tuple(dict.fromkeys((u.side, u.horde.id) for u in setup.units if u.is_horde))


class HordeObserver:
    """The observation of one scenario and mission length (see the module docstring)."""

    def __init__(self, setup: BattleSetup, rounds: int) -> None:
        field = setup.field
        self.rounds = rounds
        self.shape = (field.height, field.width)
        self.profiles = _profiles(setup)
        self.profile_plane = {p: i for i, p in enumerate(self.profiles)}
        self.cell = {
            sq: (field.coords(sq)[1] - 1) * field.width + field.coords(sq)[0] - 1
            for sq in field.squares
        }
        self.scale = np.repeat([max(1, setup.magnitude_total(side)) for side in SIDES], 4)
        """Each side's starting Magnitude, once per entry of the ``magnitude`` block."""
        self.points = max(1, sum(o.points for o in setup.objectives))
        self.layout = Layout(tuple[Any, ...](self._blocks()))
        offsets = self.layout.offsets()
        self.start = {name: start for name, (start, _) in offsets.items()}
        self.board = self._board(setup)

    def _blocks(self) -> list[Block]:
        """The blocks of the tensor, in order (see the module docstring)."""
        h, w = self.shape
        kinds = ", ".join(TERRAIN)
        profiles = ", ".join(f"{side} {profile}" for side, profile in self.profiles)
        return [
            _block("terrain", (len(TERRAIN), h, w), f"1 on a square of each kind: {kinds}"),
            _block("hq", (2, h, w), "1 on each side's HQ area (blue, red)"),
            _block("command posts", (2, h, w), "1 on each side's command post (blue, red)"),
            _block("objectives", (1, h, w), "a control objective's Turning Points / 3"),
            _block(
                "hordes",
                (len(self.profiles), h, w),
                f"Magnitude / 100 of the horde on the square, a plane per side and profile: "
                f"{profiles}",
            ),
            _block(
                "horde state",
                (len(UNIT_PLANES), h, w),
                "the horde on the square: Magnitude / starting Magnitude, morale "
                "(confused, fleeing, routing, frenzied), in stealth (own side only), Brace!, "
                "Get Down!, Forced March!, activated and moved this round, attacks received "
                "this round / 5",
            ),
            _block("officers", (2, h, w), "wounds / 20 of each side's Officers on the square"),
            _block("pending unit", (1, h, w), "1 on the square of the unit the step is about"),
            _block("step", (len(STEPS) + 1,), f"one-hot: {', '.join(STEPS)}, other"),
            _block("decider", (len(DECIDERS),), "one-hot: blue, red, chance, nobody (over)"),
            _block("round", (self.rounds + 2,), "one-hot round 0 .. rounds, then round / rounds"),
            _block("initiative", (2,), "one-hot: the side activating first this round"),
            _block("passed", (2,), "1 for each side that gives no more orders this round"),
            _block("observer", (2,), "one-hot: the side observing (blue, red)"),
            _block(
                "magnitude",
                (2, 4),
                "per side: Magnitude in the battle, on the board, off it (Full Retreat!) "
                "and unseen (enemy hordes in stealth), / the side's starting Magnitude",
            ),
            _block("turning points", (2,), "the Turning Points each side would score now / all"),
        ]

    def _board(self, setup: BattleSetup) -> npt.NDArray[np.float32]:
        """The blocks that never change: terrain, HQ areas, command posts, objectives."""
        field = setup.field
        out = np.zeros(self.layout.size, dtype=np.float32)
        blocks = self.layout.split(out)
        kind = {name: i for i, name in enumerate(TERRAIN)}
        for sq in field.squares:
            blocks["terrain"].reshape(len(TERRAIN), -1)[
                kind[field.kind(sq).name], self.cell[sq]
            ] = 1
        for i, side in enumerate(SIDES):
            for sq in field.hq[side]:
                blocks["hq"].reshape(2, -1)[i, self.cell[sq]] = 1
            blocks["command posts"].reshape(2, -1)[i, self.cell[field.command_posts[side]]] = 1
        for objective in setup.objectives:
            if objective.kind == "control":
                for sq in objective.squares:
                    blocks["objectives"].reshape(-1)[self.cell[sq]] += objective.points / 3
        return out

    # -- the tensor ---------------------------------------------------------------------------

    def fill(self, view: GameState, player: Player, out: npt.NDArray[np.float32]) -> None:
        """Write what ``player`` sees of ``view`` (``state.view(player)``) into ``out``."""
        s: PScaleState = view  # type: ignore[assignment]
        out[:] = self.board
        cells = self.shape[0] * self.shape[1]
        self._units(s, player, out, cells)
        self._pending(s, out, cells)
        self._vectors(s, player, out)

    def _units(
        self, s: PScaleState, player: Player, out: npt.NDArray[np.float32], cells: int
    ) -> None:
        start = self.start
        hordes, state, officers = start["hordes"], start["horde state"], start["officers"]
        cell, planes = self.cell, self.profile_plane
        activated, moved = s.activated, s.moved
        for u in s.units:
            if u.status != "fighting":
                continue
            where = u.square if u.attached_to is None else s.location(u)
            if where is None:
                continue
            at = cell[where]
            if u.officer is not None:
                out[officers + SIDES.index(u.side) * cells + at] += u.magnitude / WOUNDS_SCALE
                continue
            out[hordes + planes.get((u.side, u.horde.id), 0) * cells + at] = (
                u.magnitude / MAGNITUDE_SCALE
            )
            at += state
            out[at] = u.magnitude / max(1, u.horde.starting_magnitude)
            if u.morale:
                out[at + (1 + MORALE_PLANES.index(u.morale)) * cells] = 1
            flags = (
                u.stealthed and u.side == player,
                u.brace,
                u.get_down,
                u.forced_march,
                u.id in activated,
                u.id in moved,
            )
            for i, flag in enumerate(flags, start=1 + len(MORALE_PLANES)):
                if flag:
                    out[at + i * cells] = 1
            if u.received:
                out[at + (len(UNIT_PLANES) - 1) * cells] = u.received / RECEIVED_SCALE

    def _pending(self, s: PScaleState, out: npt.NDArray[np.float32], cells: int) -> None:
        step = len(STEPS)
        unit: str | None = None
        if s.tasks and s.result is None:
            top = s.top
            name = type(top).__name__
            step = STEPS.index(name) if name in STEPS else len(STEPS)
            unit = _about(top)
        out[self.start["step"] + step] = 1
        if unit is not None and unit in s:
            u = s.unit(unit)
            where = s.location(u) if u.fighting else None
            if where is not None:
                out[self.start["pending unit"] + self.cell[where]] = 1
        decider = s.current_player if s.result is None else "nobody"
        out[self.start["decider"] + DECIDERS.index("chance" if decider == CHANCE else decider)] = 1

    def _vectors(self, s: PScaleState, player: Player, out: npt.NDArray[np.float32]) -> None:
        start = self.start
        out[start["round"] + min(s.round, self.rounds)] = 1
        out[start["round"] + self.rounds + 1] = s.round / max(1, self.rounds)
        out[start["initiative"] + SIDES.index(s.initiative)] = 1
        for side in s.passed:
            out[start["passed"] + SIDES.index(side)] = 1
        out[start["observer"] + SIDES.index(player)] = 1
        totals = [0.0] * 8
        hidden = s.hidden
        for u in s.units:
            if u.officer is None and u.status in ("fighting", "off-board"):
                row = 4 * SIDES.index(u.side)
                where = 3 if u.id in hidden else 2 if u.status == "off-board" else 1
                totals[row] += u.horde.magnitude
                totals[row + where] += u.horde.magnitude
        at = start["magnitude"]
        out[at : at + 8] = totals
        out[at : at + 8] /= self.scale
        at = start["turning points"]
        out[at : at + 2] = _turning_points(s)
        out[at : at + 2] /= self.points

    # -- the text -----------------------------------------------------------------------------

    def text(self, view: GameState, player: Player) -> str:
        """The game's text of ``view`` (board, units, what is awaited), the viewer first and
        the enemy hordes in stealth it cannot see last."""
        s: PScaleState = view  # type: ignore[assignment]
        unseen = ", ".join(sorted(s.hidden)) or "none"
        return f"{player} sees:\n{describe(s)}\nunseen (in stealth): {unseen}"


def _block(name: str, shape: tuple[int, ...], doc: str) -> Block:
    return Block(name, tuple[Any, ...](shape), doc)


def _turning_points(s: PScaleState) -> list[int]:
    """Each side's Turning Points now (:func:`~wargames.horde.victory.scores`), kept with the
    state's lookups: they depend on the units only."""
    lookups = s.lookups()
    found: list[int] | None = lookups.get("turning points")
    if found is None:
        found = lookups["turning points"] = [sum(p for _, p in got) for got in scores(s).values()]
    return found


def _about(task: object) -> str | None:
    """The unit a step is about: its ``unit`` or ``horde``, or its strike's striker."""
    for name in ("unit", "horde"):
        found = getattr(task, name, None)
        if isinstance(found, str):
            return found
    strike = getattr(task, "strike", None) or getattr(task, "attack", None)
    striker = getattr(strike, "striker", None)
    return striker if isinstance(striker, str) else None


OBSERVERS: dict[tuple[ScenarioSource, int], HordeObserver] = {}
"""The observer of each scenario and mission length met."""
OBSERVER_CACHE = 32


def observer(state: GameState) -> HordeObserver:
    """The observer of ``state``'s scenario and mission length (cached)."""
    s: PScaleState = state  # type: ignore[assignment]
    key = (s.setup.source, s.rounds)
    found = OBSERVERS.get(key)
    if found is None:
        if len(OBSERVERS) >= OBSERVER_CACHE:
            OBSERVERS.clear()
        found = OBSERVERS[key] = HordeObserver(s.setup, s.rounds)
    return found


__all__ = ["STEPS", "UNIT_PLANES", "HordeObserver", "observer"]
