"""Starting a game of Battle for Armageddon from a scenario."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargames.armageddon.data import IMPERIUM, ORKS, ArmageddonData, default_data, load_setup
from wargames.armageddon.flow import new_game_tasks
from wargames.armageddon.state import ARRIVING, DEAD, POOL, UNPLACED, ArmageddonState
from wargames.core.cards import Deck, Pile
from wargames.core.options import Options

DEFAULT_SCENARIO = "campaign"
OPTIONS = Options()
"""Battle for Armageddon takes no options: the eight turns are the rulebook's bound."""


def new_game(
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    data: ArmageddonData | None = None,
) -> ArmageddonState:
    """The state at the start of ``scenario`` (a shipped name or a path to a TOML file): the
    Imperial set-up done, the Orks about to deploy (BFA-SETUP-01..07)."""
    OPTIONS.check(options, "armageddon")
    data = data or default_data()
    setup = load_setup(scenario or DEFAULT_SCENARIO, data)
    placed = {c: area for area, cs in setup.imperial.items() for c in cs}
    arriving = {c for cs in setup.reinforcements.values() for c in cs}
    orks = set(setup.ork_counters)
    where = []
    for c, spec in data.counters.items():
        if c in placed:
            where.append(placed[c])
        elif c in arriving:
            where.append(ARRIVING)
        elif spec.side == ORKS:
            where.append(UNPLACED if c in orks else DEAD)
        else:
            where.append(POOL)
    decks = tuple(
        Deck(Pile.of(k for k, card in data.special.items() if card.side == side))
        for side in (ORKS, IMPERIUM)
    )
    state = ArmageddonState(
        data=data,
        setup=setup,
        where=tuple(where),
        build_points=setup.build_points,
        decks=(decks[0], decks[1]),
        tasks=tuple(reversed(new_game_tasks())),
    )
    return state.settle()


__all__ = ["DEAD", "DEFAULT_SCENARIO", "IMPERIUM", "OPTIONS", "ORKS", "new_game"]
