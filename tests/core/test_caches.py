"""Every process-wide cache of the library is bounded (docs/design.md, "Performance: caches"):
a cache whose keys can keep growing — states, layouts, data sets, scenarios, user input — has a
size, so a long run's memory is flat. The unbounded ones left are listed here with the reason
their keys cannot grow without end."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Iterator
from typing import Any

import wargames
from wargames.core import caches

FINITE = {
    # no argument: one entry
    "wargames.ancients.board.default_layouts",
    "wargames.ancients.cards.default_cards",
    "wargames.ancients.terrain.default_terrain",
    "wargames.ancients.units.default_units",
    "wargames.armageddon.data.default_data",
    "wargames.core.dice.d66_faces",
    "wargames.core.registry._specs",
    "wargames.horde.combat.data.default_hordes",
    "wargames.warmaster.data.default_data",
    # keyed by the installed games, by die sizes, by names the rules fix
    "wargames.core.registry.game",
    "wargames.adapters.openspiel.gametype.game_type",
    "wargames.core.sources.shipped_ids",
    "wargames.fuzz.cases._matches",
    "wargames.fuzz.cases.record_bases",
    "wargames.fuzz.cases.scenario_bases",
    "wargames.fuzz.cases.state_bases",
    "wargames.core.dice.faces",
    "wargames.horde.combat.strikes.die_outcomes",
    "wargames.ancients.actions.dice_outcomes",
    "wargames.ancients.tactics._stretch_rule",
    "wargames.ancients.variant.seats.seats",
    "wargames.ancients.variant.seats.seat_for",
    # keyed by hex offsets of a board and dice counts the rules bound (a dozen dice at most)
    "wargames.core.grids._line_offsets",
    "wargames.ancients.distribution._compositions",
    "wargames.ancients.distribution._outcomes",
    "wargames.ancients.distribution._joint_exact",
    "wargames.ancients.distribution._j_numerators",
    "wargames.ancients.distribution._resolve",
    # a table per data set x its columns x the die modifiers
    "wargames.core.odds._distribution",
}
"""Unbounded caches whose keys come from a finite set."""

FILES: set[str] = set()
"""Unbounded caches of data or scenario files (none: scenario files are cached by content in
:mod:`wargames.core.sources`, Ancients' data folders by folder, the last
:data:`~wargames.core.caches.PER_DATA`)."""


def _caches() -> Iterator[tuple[str, Any]]:
    for info in pkgutil.walk_packages(wargames.__path__, "wargames."):
        if ".adapters" not in info.name:
            importlib.import_module(info.name)
    seen: set[int] = set()
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("wargames."):
            continue
        for attr, value in vars(module).items():
            found = [(attr, value)]
            if isinstance(value, type) and value.__module__ == name:
                found += [
                    (f"{attr}.{k}", getattr(v, "__func__", v)) for k, v in vars(value).items()
                ]
            for label, f in found:
                cached = hasattr(f, "cache_info") and getattr(f, "__module__", None) == name
                if cached and id(f) not in seen:
                    seen.add(id(f))
                    yield f"{name}.{label}", f


def test_every_play_time_cache_is_bounded() -> None:
    found = dict(_caches())
    assert "wargames.core.tasks._made" in found and "wargames.horde.actions.move_to" in found
    unbounded = {name for name, f in found.items() if f.cache_info().maxsize is None}
    assert unbounded - FINITE - FILES == set()


def test_the_sizes_are_the_measured_ones() -> None:
    found = dict(_caches())
    size = {name: f.cache_info().maxsize for name, f in found.items()}
    assert size["wargames.armageddon.actions.made"] == 1 << 15
    assert "wargames.armageddon.stacking._legal" not in size  # read from per-data weights
    assert "wargames.armageddon.movement._moves" not in size  # the map's bitsets
    assert size["wargames.warmaster.movement._moves"] == 4096
    assert size["wargames.core.tasks._made"] == 4096
    assert size["wargames.armageddon.state.manifest"] == caches.PER_DATA
    assert size["wargames.horde.combat.profiles._bonuses"] == caches.PER_PROFILE
    assert not hasattr(found.get("wargames.armageddon.stacking._spec_tuple"), "cache_info")


def test_the_horde_keeps_no_table_of_layouts() -> None:
    """A horde layout's lookups live with the states that share it (handed on by
    ``replace``), not in a table of every layout met: nothing of a game outlives it."""
    from wargames.horde import state

    assert not hasattr(state, "LAYOUTS")
    s = wargames.load("horde", "mirror")
    for step in range(60):
        if s.current_player is None:
            break
        if s.current_player == wargames.CHANCE:
            s = s.apply(s.chance_outcomes()[0][0])
        else:
            legal = s.legal_actions()
            s = s.apply(legal[step % len(legal)])
    assert s.layout() is s.layout()
