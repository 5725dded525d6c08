"""Starting a game of The Warmaster from a scenario."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargames.core.cards import Pile
from wargames.core.errors import ScenarioError
from wargames.warmaster.data import WarmasterData, default_data, load_setup
from wargames.warmaster.flow import new_game_tasks
from wargames.warmaster.specials import initial_control
from wargames.warmaster.state import CUP, OUT, POOL, UNPLACED, WarmasterState

DEFAULT_SCENARIO = "boarding"
OPTIONS = ("turn_cap", "warp_instability")


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
    options = dict(options or {})
    for key in options:
        if key not in OPTIONS:
            raise ScenarioError("(options)", key, f"The Warmaster takes only {', '.join(OPTIONS)}")
    data = data or default_data()
    setup = load_setup(scenario or DEFAULT_SCENARIO, data)
    cap = options.get("turn_cap") or setup.turn_cap
    if cap is not None and (not isinstance(cap, int) or cap < 1):
        raise ScenarioError("(options)", "turn_cap", f"expected a positive number, got {cap!r}")
    warp = options.get("warp_instability")
    if warp is None:
        warp = setup.warp_instability
    elif not isinstance(warp, bool):
        raise ScenarioError(
            "(options)", "warp_instability", f"expected true or false, got {warp!r}"
        )
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


__all__ = ["DEFAULT_SCENARIO", "new_game"]
