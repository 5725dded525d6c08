"""Starting a P-Scale battle from a scenario, with options.

>>> state = new_battle("mirror", {"rounds": 3, "rules": "printed"})
>>> state.rounds, state.rules.magnitude_tens, state.current_player
(3, 'truncate', 'blue')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from wargames.core.errors import ScenarioError
from wargames.horde.battle import PScaleState
from wargames.horde.flow import new_battle_tasks
from wargames.horde.rules import PRESETS, HordeRules
from wargames.horde.scenario import DEFAULT_SCENARIO, load_scenario

OPTIONS = ("rules", "rounds")


def read_rules(value: Any, default: HordeRules) -> HordeRules:
    """The ``rules`` option: a preset's name (``"catalogue"``, ``"printed"``), a
    :class:`HordeRules`, or a mapping of its fields (changes to the scenario's readings)."""
    if value is None:
        return default
    if isinstance(value, HordeRules):
        return value
    if isinstance(value, str):
        if value not in PRESETS:
            raise ScenarioError(
                "(options)", "rules", f"unknown preset {value!r}; {sorted(PRESETS)}"
            )
        return PRESETS[value]
    if isinstance(value, Mapping):
        try:
            return attrs.evolve(default, **dict(value))
        except (TypeError, ValueError) as exc:
            raise ScenarioError("(options)", "rules", str(exc.args[0])) from None
    raise ScenarioError("(options)", "rules", f"expected a preset name or readings, got {value!r}")


def new_battle(
    scenario: str | None = None, options: Mapping[str, Any] | None = None
) -> PScaleState:
    """The state at the start of ``scenario`` (a shipped name or a path to a TOML file; the
    default ``manufactorum``).

    Options: ``rules`` (the readings of :class:`~wargames.horde.rules.HordeRules`: a preset
    name, an instance, or a mapping of changed fields; the scenario's own by default) and
    ``rounds`` (the mission's length; ``None`` or 0: the scenario's; a shorter mission for bots
    and what-ifs).
    """
    options = dict(options or {})
    for key in options:
        if key not in OPTIONS:
            raise ScenarioError("(options)", key, f"a horde battle takes only {', '.join(OPTIONS)}")
    setup = load_scenario(scenario or DEFAULT_SCENARIO)
    rounds = options.get("rounds") or setup.rounds
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
        raise ScenarioError("(options)", "rounds", f"expected a positive number, got {rounds!r}")
    state = PScaleState(
        setup=setup,
        rules=read_rules(options.get("rules"), setup.rules),
        rounds=rounds,
        units=setup.units,
        initiative=setup.first,
        tasks=new_battle_tasks(),
    )
    return state.settle()


__all__ = ["DEFAULT_SCENARIO", "OPTIONS", "new_battle", "read_rules"]
