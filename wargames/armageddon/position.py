"""Positions for what-ifs: put chosen counters on the map and start at a chosen phase.

>>> from wargames.armageddon.position import position
>>> s = position({"F1": ["ghazghkull", "goff-hordes-1"], "N2": ["guard-3"]},
...              side="orks", phase="combat", turn=2)
>>> s.current_player
'orks'

Everything not named is off the map (Ork counters in the dead box, Imperial ones in the pool,
hives and factories in their areas unless ``structures=False``). After the phase the game goes
on as usual: the acting side's supply check, the end of the segment, the Victory segment and the
next turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.flow import EndSegment, Victory
from wargames.armageddon.game import new_game
from wargames.armageddon.phases import BeginPhase
from wargames.armageddon.state import DEAD, POOL, ArmageddonState
from wargames.armageddon.supply import SupplyCheck
from wargames.core.cards import Deck, Pile
from wargames.core.errors import ScenarioError

WHERE = "(what-if position)"
"""What a position's errors name as their file."""


def position(
    stacks: Mapping[str, Iterable[str]],
    side: str = ORKS,
    phase: str = "movement",
    turn: int = 2,
    ruined: Iterable[str] = (),
    hands: Mapping[str, Iterable[str]] | None = None,
    structures: bool = True,
    scenario: str | None = None,
) -> ArmageddonState:
    """A state at the start of ``side``'s ``phase`` on ``turn`` with ``stacks`` on the map
    (area id -> counter ids). ``ruined`` hives and factories show their smoking ruins and the
    build track is lowered to match; ``hands`` gives each side's special cards. An unknown
    area or counter is a :class:`ScenarioError` naming the area (``stacks.N2``)."""
    base = new_game(scenario)
    placed = {c: area for area, cs in stacks.items() for c in cs}
    for area, counters in stacks.items():
        if area not in base.data.board:
            raise ScenarioError(WHERE, f"stacks.{area}", f"unknown area {area!r}")
        for c in counters:
            if c not in base.data.counters:
                raise ScenarioError(WHERE, f"stacks.{area}", f"unknown counter {c!r}")
    where = []
    for c, spec in base.data.counters.items():
        if c in placed:
            where.append(placed[c])
        elif structures and spec.kind in ("hive", "factory"):
            where.append(base.location(c))
        else:
            where.append(DEAD if spec.side == ORKS else POOL)
    flipped = frozenset(ruined)
    points = sum(
        spec.defence
        for c, spec in base.data.counters.items()
        if spec.kind in ("hive", "factory") and c not in flipped and (structures or c in placed)
    )
    given = {side: tuple(cards) for side, cards in (hands or {}).items()}
    decks = []
    for i, owner in enumerate((ORKS, IMPERIUM)):
        deck = base.decks[i]
        for card in given.get(owner, ()):
            deck = Deck(deck.draw.remove(card), deck.discards)  # the card is in hand, not deck
        decks.append(deck)
    s = base.evolve(
        decks=(decks[0], decks[1]),
        where=tuple(where),
        ruined=flipped,
        build_points=points,
        turn=turn,
        segment=1,
        initiative=side,
        hands=(Pile.of(given.get(ORKS, ())), Pile.of(given.get(IMPERIUM, ()))),
        tasks=tuple(
            reversed((BeginPhase(phase, side), SupplyCheck(side), EndSegment(), Victory()))
        ),
    )
    return s.settle()
