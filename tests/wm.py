"""Helpers shared by The Warmaster's engine tests (``tests/warmaster``).

* :func:`position`: a boarding game with chosen counters in chosen areas (every other unit of
  the scenario out of play, the cup as the scenario fills it), at a chosen step of the turn;
* :func:`roll`: resolve the pending chance node with forced dice or draws;
* :func:`refused`: an illegal action raises :class:`RuleViolation` naming its rule and leaves
  the state unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from refusals import refused as refused
from refusals import strs as strs

from wargames.core.cards import Pile
from wargames.core.engine import CHANCE, Match
from wargames.warmaster.data import TRAITOR
from wargames.warmaster.flow import Task
from wargames.warmaster.game import new_game
from wargames.warmaster.state import CUP, OUT, WarmasterState

State = WarmasterState


def position(
    units: Mapping[str, str],
    tasks: Iterable[Task],
    *,
    face_down: Iterable[str] = (),
    phase: str = "imperial-battle",
    turn: int = 3,
    bridge: str | None = TRAITOR,
    destroyed: Iterable[str] = (),
    cup: bool = True,
    retreated: Iterable[str] = (),
    turn_cap: int | None = None,
) -> State:
    """``units`` (counter -> area or box) in play, every other counter out of play except the
    scenario's cup (unless ``cup`` is false), ``tasks`` to be done in order, then settled."""
    s = new_game()
    where = []
    for c, loc in zip(s.manifest.ids, s.where, strict=True):
        if c in units:
            where.append(units[c])
        elif loc == CUP and cup:
            where.append(CUP)
        else:
            where.append(OUT)
    s = s.evolve(
        where=tuple(where),
        face_down=frozenset(face_down),
        cup=Pile.of(
            s.spec(c).id for c, loc in zip(s.manifest.ids, where, strict=True) if loc == CUP
        ),
        groups=(),
        turn=turn,
        phase=phase,
        bridge=bridge,
        destroyed=frozenset(destroyed),
        retreated=frozenset(retreated),
        turn_cap=turn_cap,
        tasks=tuple(reversed(tuple(tasks))),
    )
    return s.settle()


def roll(s: State, *outcomes: int | str) -> State:
    """Resolve chance nodes in turn with these die values (ints) or outcomes (``"draw crew"``),
    then any chance nodes must be done."""
    m = Match(s, seed=0)
    for o in outcomes:
        assert m.state.current_player == CHANCE, f"no chance node for {o!r}: {m.state.top}"
        if isinstance(o, int):
            m.force_dice(o)
        else:
            m.force(o)
        m.roll()
    out = m.state
    assert isinstance(out, WarmasterState)
    return out


def top(s: State) -> str:
    return type(s.top).__name__
