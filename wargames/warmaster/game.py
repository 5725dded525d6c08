"""Starting a game of The Warmaster from a scenario."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargames.core.cards import Pile
from wargames.core.options import Option, Options
from wargames.warmaster.data import WarmasterData, default_data, load_setup
from wargames.warmaster.flow import new_game_tasks
from wargames.warmaster.specials import initial_control
from wargames.warmaster.state import CUP, OUT, POOL, UNPLACED, WarmasterState

DEFAULT_SCENARIO = "boarding"
OPTIONS = Options(
    (
        Option(
            "turn_cap",
            int,
            "end the game after N turns, the scenario's cap_winner winning (0: the scenario's "
            "own cap; the rulebook's game has none)",
            low=0,
            high=1000,
        ),
        Option(
            "warp_instability",
            bool,
            "the optional warp instability (research 3.5.3) on or off; off in the boarding",
        ),
    )
)
"""The options of a game of The Warmaster (``wargames options warmaster``)."""


def new_game(
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    data: WarmasterData | None = None,
) -> WarmasterState:
    """The state at the start of ``scenario`` (a shipped name or a path to a TOML file): the
    Traitor about to set up his face-down units (WM-SETUP-01 to -06).

    Option ``turn_cap``: end the game after that many turns, the scenario's ``cap_winner``
    winning (``None`` or 0: the scenario's own ``turn_cap``, which is off in the rulebook's
    game, WM-VICTORY-05, WM-GAP-20).

    Option ``warp_instability``: ``True`` or ``False`` turns the optional warp instability
    (research 3.5.3, WM-GAP-05) on or off (``None``: the scenario's option, off in the
    boarding scenario).
    """
    chosen = OPTIONS.check(options, "warmaster")
    data = data or default_data()
    setup = load_setup(scenario or DEFAULT_SCENARIO, data)
    cap = chosen["turn_cap"] or setup.turn_cap
    warp = chosen["warp_instability"]
    if warp is None:
        warp = setup.warp_instability
    placed = {c: UNPLACED for c in setup.face_down_units(data)}
    cupped = setup.cup_units(data)
    placed.update({c: CUP for c in cupped})
    for wave in setup.imperial:
        placed.update({c: POOL for c in setup.wave_units(wave, data)})
    state = WarmasterState(
        data=data,
        setup=setup,
        where=tuple(placed.get(c, OUT) for c in data.instances()),
        cup=Pile.of(data.spec(c).id for c in cupped),
        bridge=setup.bridge_control,
        turn_cap=cap,
        control=initial_control(data),
        warp_instability=warp,
        tasks=tuple(reversed(new_game_tasks())),
    )
    return state.settle()


__all__ = ["DEFAULT_SCENARIO", "OPTIONS", "new_game"]
