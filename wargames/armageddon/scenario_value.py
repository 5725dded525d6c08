"""A Battle for Armageddon set-up as a Python value (:mod:`wargames.core.scenario_value`).

:class:`ArmageddonScenario` holds a scenario file's keys (described on the docs page
"Scenarios"): the length of the campaign, the build points, the Imperial deployment area by
area (BFA-SETUP-04), the Imperial reinforcements turn by turn, the Ork army and the areas of
Ork Territory it deploys in (BFA-SETUP-06, -07). Read one, change it, play it::

    >>> import wargames
    >>> campaign = wargames.scenario("armageddon", "campaign")
    >>> turn, marines = next(iter(campaign.reinforcements.items()))
    >>> later = campaign.with_turns(6).with_reinforcements(turn + 1, *marines)
    >>> state = wargames.load("armageddon", scenario=later)
    >>> state.setup.turns, state.setup.reinforcements == {turn + 1: marines}
    (6, True)

Imperial counters the scenario does not set up or bring as reinforcements form the build
pool (BFA-SETUP-05); Ork counters it leaves out of the Ork army stay out of the game. Keys a
file leaves out are ``None`` here and stay out of the document. What the values mean (known
counters and areas, stacking, the build points the hives and factories produce, a turn of the
game) is checked when the scenario is played, exactly as for a file
(:mod:`wargames.armageddon.scenario`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Self, TypeVar

import attrs

from wargames.armageddon.data import PACKAGE
from wargames.armageddon.scenario import SETUP_KEYS
from wargames.core.scenario import Node
from wargames.core.scenario_value import ScenarioValue, document, optional

Stacks = dict[str, tuple[str, ...]]
"""Area id -> the counter ids set up there, in the file's order."""
Arrivals = dict[int, tuple[str, ...]]
"""Game turn -> the counter ids that arrive at its start."""
K = TypeVar("K", str, int)


@attrs.frozen(kw_only=True)
class ArmageddonScenario(ScenarioValue):
    """A Battle for Armageddon scenario (see the module docstring).

    ``title`` is the file's ``name`` key (the scenario's own name, which a file may leave
    out); the value's ``name`` is what saved games and records call it, as for every game.
    """

    game_id = "armageddon"
    package = PACKAGE

    provenance: str
    build_points: int
    turns: int
    ork_areas: tuple[str, ...]
    ork_counters: tuple[str, ...]
    imperial: Stacks = attrs.field(hash=False)
    reinforcements: Arrivals | None = attrs.field(default=None, hash=False)
    title: str | None = None
    note: str | None = None

    @classmethod
    def from_node(cls, root: Node) -> Self:
        root.only(SETUP_KEYS)
        return cls(
            title=optional(root, "name", str),
            provenance=root.get("provenance", str),
            note=optional(root, "note", str),
            build_points=root.get("build_points", int),
            turns=root.get("turns", int),
            ork_areas=root.strings("ork_areas", default_empty=False),
            ork_counters=root.strings("ork_counters", default_empty=False),
            imperial=_stacks(root.child("imperial")),
            reinforcements=_arrivals(root.child("reinforcements"))
            if root.has("reinforcements")
            else None,
        )

    def to_document(self) -> dict[str, Any]:
        arrivals = None
        if self.reinforcements is not None:
            arrivals = {str(turn): list(cs) for turn, cs in self.reinforcements.items()}
        return document(
            ("name", self.title),
            ("provenance", self.provenance),
            ("note", self.note),
            ("build_points", self.build_points),
            ("turns", self.turns),
            ("ork_areas", list(self.ork_areas)),
            ("ork_counters", list(self.ork_counters)),
            ("imperial", {area: list(cs) for area, cs in self.imperial.items()}),
            ("reinforcements", arrivals),
        )

    # -- changing it ----------------------------------------------------------------------------

    def with_turns(self, turns: int) -> Self:
        """This scenario lasting ``turns`` game turns (the campaign's 8, BFA-SETUP-01): after
        the last one the game is a draw. Reinforcements stay on their turns (one after the
        last turn is the file's error: :meth:`with_reinforcements` moves them)."""
        return attrs.evolve(self, turns=turns)

    def deploy(self, area: str, *counters: str) -> Self:
        """This scenario with the Imperial ``counters`` also set up in ``area`` at the start
        (BFA-SETUP-04), on top of the stack there; an Imperial counter not set up anywhere
        comes from the build pool (BFA-SETUP-05)."""
        if not counters:
            raise ValueError(f"deploy: no counters given for {area!r}")
        imperial = dict(self.imperial)
        imperial[area] = (*imperial.get(area, ()), *counters)
        return attrs.evolve(self, imperial=imperial)

    def deploy_orks(self, *counters: str) -> Self:
        """This scenario with ``counters`` added to the Ork army, which deploys in its areas
        of Ork Territory (BFA-SETUP-06, -07)."""
        if not counters:
            raise ValueError("deploy_orks: no counters given")
        return attrs.evolve(self, ork_counters=(*self.ork_counters, *counters))

    def with_ork_areas(self, *areas: str) -> Self:
        """This scenario with the Orks deploying in ``areas`` only (BFA-SETUP-07)."""
        return attrs.evolve(self, ork_areas=tuple(areas))

    def without(self, *counters: str) -> Self:
        """This scenario without ``counters``, wherever it has them: an Imperial counter set up
        or arriving as a reinforcement goes to the build pool (BFA-SETUP-05), an Ork counter
        leaves the Ork army. A ``KeyError`` names a counter the scenario does not have."""
        missing = [c for c in counters if self.where(c) is None]
        if missing:
            raise KeyError(f"no counter {', '.join(map(repr, missing))} in this scenario")
        gone = set(counters)
        kept = tuple(c for c in self.ork_counters if c not in gone)
        return attrs.evolve(self._taken(gone), ork_counters=kept)

    def moved(self, counter: str, area: str) -> Self:
        """This scenario with the Imperial ``counter`` (set up elsewhere or arriving as a
        reinforcement) set up in ``area`` at the start instead. A ``KeyError`` if the scenario
        neither sets it up nor brings it (:meth:`deploy` takes one from the build pool)."""
        where = self.where(counter)
        if where is None or where == "orks":
            raise KeyError(
                f"{counter!r} is neither set up nor a reinforcement in this scenario"
                + (" (it is in the Ork army)" if where == "orks" else "")
            )
        return self._taken({counter}).deploy(area, counter)

    def with_reinforcements(self, turn: int, *counters: str) -> Self:
        """This scenario with exactly ``counters`` arriving at the start of ``turn`` (none: no
        reinforcements that turn); a counter the scenario sets up or brings on another turn
        is taken from there, so ``with_reinforcements(2, *s.reinforcements[3])`` brings the
        turn-3 arrivals a turn early."""
        taken = self._taken(set(counters))
        if taken.reinforcements is None and not counters:
            return taken
        arrivals = {t: cs for t, cs in (taken.reinforcements or {}).items() if t != turn}
        if counters:
            arrivals[turn] = tuple(counters)
        return attrs.evolve(taken, reinforcements=dict(sorted(arrivals.items())))

    def where(self, counter: str) -> str | None:
        """Where the scenario has ``counter``: its area id, ``"turn N"`` for a reinforcement,
        ``"orks"`` in the Ork army, ``None`` if nowhere (a pool counter, or not a counter)."""
        for area, stack in self.imperial.items():
            if counter in stack:
                return area
        for turn, arriving in (self.reinforcements or {}).items():
            if counter in arriving:
                return f"turn {turn}"
        return "orks" if counter in self.ork_counters else None

    def _taken(self, counters: set[str]) -> Self:
        """This scenario with ``counters`` taken out of the Imperial set-up and the
        reinforcements (an area or a turn left empty is dropped)."""
        imperial = _kept(self.imperial, counters)
        arrivals = None if self.reinforcements is None else _kept(self.reinforcements, counters)
        return attrs.evolve(self, imperial=imperial, reinforcements=arrivals)


def _kept(table: Mapping[K, tuple[str, ...]], gone: Iterable[str]) -> dict[K, tuple[str, ...]]:
    """``table`` without the counters ``gone``; an entry left empty is dropped."""
    out = {key: tuple(c for c in stack if c not in gone) for key, stack in table.items()}
    return {key: stack for key, stack in out.items() if stack or not table[key]}


def _stacks(node: Node) -> Stacks:
    """The ``[imperial]`` table: each area's list of counter ids."""
    return {area: node.strings(area, default_empty=False) for area in node.keys()}  # noqa: SIM118


def _arrivals(node: Node) -> Arrivals:
    """The ``[reinforcements]`` table: each turn's list of counter ids (a key that is not a
    turn number, or a turn listed twice, is named; which turns the game has is checked when
    it is played)."""
    out: Arrivals = {}
    for key in node.keys():  # noqa: SIM118 - a Node, not a dict
        if not (key.isascii() and key.isdigit() and len(key) <= 4):
            raise node.error("expected a turn number", key)
        if int(key) in out:
            raise node.error(f"turn {int(key)} is listed twice", key)
        out[int(key)] = node.strings(key, default_empty=False)
    return out


__all__ = ["ArmageddonScenario"]
