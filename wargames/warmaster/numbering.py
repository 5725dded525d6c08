"""The Warmaster's actions as numbers: one fixed space per scenario
(:class:`~wargames.core.actionspace.ActionCodec`), where an id means the same move in every
state of the scenario.

Every field ranges over the scenario's own values: its counters (the Traitor's face-down
units and cup, the Imperial waves, in manifest order), the ship's areas, the D66 results, the
cup's counter types. The fields that could explode are bounded by the rules:

* ``place COUNTER AREA`` only names the face-down starting units (WM-SETUP-02);
* ``group U1 U2 U3`` is a set of exactly ``group_size`` distinct units of the scenario's
  group wave, in the wave's order (WM-SETUP-05: four groups of exactly three of the twelve
  assault units, so ``C(12, 3) = 220`` ids in the boarding); the Imperial Guard are set aside
  (WM-SETUP-04) and never numbered in a group. A group names counters, not counter types, so
  ``custodes-1`` and ``custodes-3`` with the same partners are two ids; the game lists one
  group of each make-up, with the first copies still free;
* ``fire AREA`` only names hull areas and ``detonate AREA`` reactors (specials
  ``fleet_lasers``, ``reactor``);
* chance: ``roll N`` is one D6 (a D66 is two of them, WM-TELEPORT-02) and ``draw KIND`` a
  counter type of the scenario's cup (WM-REINF-07).

Nothing is decomposed or left out: every action the game can list has its id. Example::

    import wargames
    state = wargames.load("warmaster")
    codec = wargames.action_space(state)
    ids = codec.legal_ids(state)            # the Traitor placing Horus in any of 30 areas
    codec.action_from_id(state, ids[0])     # Place(counter='horus', area='11')
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from wargames.core.actionspace import (
    ActionCodec,
    ActionSpace,
    Choice,
    Domain,
    Integers,
    Subset,
    Template,
)
from wargames.core.caches import PER_SCENARIO
from wargames.warmaster import actions as act
from wargames.warmaster.data import D66_RESULTS, DIE_SIDES, WarmasterData
from wargames.warmaster.scenario import Setup

if TYPE_CHECKING:
    from wargames.core.engine import GameState

PASSES = ("phase", "sabotage")
"""What ``end ...`` finishes: the Movement phase (WM-MOVE-02) or the reactor sabotage
(specials ``reactor``)."""


def action_codec(state: GameState) -> ActionCodec:
    """The numbered actions and chance outcomes of ``state``'s scenario (the same object for
    every state of one scenario: see the module docstring)."""
    from wargames.warmaster.state import WarmasterState

    assert isinstance(state, WarmasterState)
    return _codec(state.setup, state.data)


@lru_cache(maxsize=PER_SCENARIO)
def _codec(setup: Setup, data: WarmasterData) -> ActionCodec:
    # a set-up and the data compare by identity: one is built per scenario source and data
    # (``scenario.load_setup``), so this is one codec per scenario
    return codec_for(setup, data)


def scenario_units(setup: Setup, data: WarmasterData) -> tuple[str, ...]:
    """Every counter the scenario uses, in manifest order: the Traitor's face-down starting
    units and cup (WM-SETUP-02, -03) and the units of the Imperial waves (WM-REINF-01)."""
    used = {*setup.face_down_units(data), *setup.cup_units(data)}
    for wave in setup.imperial:
        used.update(setup.wave_units(wave, data))
    return tuple(c for c in data.instances() if c in used)


def group_template(setup: Setup, data: WarmasterData) -> Template | None:
    """``group``: exactly ``group_size`` distinct units of the scenario's (first) group wave,
    in the wave's order, as the set-up forms them (WM-SETUP-05); ``None`` if no wave teleports
    in groups."""
    wave = next((w for w in setup.imperial if w.teleport == "groups"), None)
    if wave is None:
        return None
    units = setup.wave_units(wave, data)
    size = wave.group_size
    domain = Subset(
        tuple[Any, ...](units), max_size=size, min_size=size, label=f"{size} of {len(units)} units"
    )
    return _template(act.Group, (("units", domain),), "WM-SETUP-05")


def _choice(values: Sequence[Hashable], label: str = "") -> Choice:
    return Choice(tuple[Any, ...](values), label)


def _template(kind: type, fields: Sequence[tuple[str, Domain]], note: str = "") -> Template:
    return Template(kind, tuple[Any, ...](fields), note)


def codec_for(setup: Setup, data: WarmasterData) -> ActionCodec:
    """The codec of one scenario (see the module docstring)."""
    areas = _choice(data.board.ids, label=f"one of {len(data.board)} areas")
    units = scenario_units(setup, data)
    unit = _choice(units, label=f"one of {len(units)} counters")
    starting = _choice(setup.face_down_units(data), label="a face-down starting unit")
    group = group_template(setup, data)
    decisions = [
        _template(act.Place, (("counter", starting), ("area", areas)), "WM-SETUP-02"),
        *([group] if group is not None else []),
        _template(act.Move, (("unit", unit), ("area", areas)), "WM-MOVE-02"),
        _template(
            act.Pass,
            (("what", _choice(PASSES, "end phase or sabotage")),),
            "WM-MOVE-02, reactor sabotage",
        ),
        _template(act.Fight, (("area", areas),), "WM-COMBAT-03"),
        _template(
            act.Reroll, (("reroll", _choice((True, False), "reroll or keep")),), "WM-REROLL-02"
        ),
        _template(act.Lose, (("unit", unit),), "WM-DESTROY-02, WM-STACK-05"),
        _template(act.RetreatTo, (("unit", unit), ("area", areas)), "WM-RETREAT-01"),
        _template(act.Arrive, (("area", areas),), "WM-TELEPORT-02"),
        _template(act.Pick, (("result", _choice(D66_RESULTS, label="a D66 result")),)),
        _template(act.RollTable, ()),
        _template(act.Detonate, (("area", _choice(data.reactors, label="a reactor")),)),
        _template(act.Fire, (("area", _choice(data.hull, label="a hull area")),)),
        _template(act.Displace, (("unit", unit), ("area", areas))),
    ]
    kinds = tuple(setup.cup)
    chance = [
        _template(act.Roll, (("value", Integers(1, DIE_SIDES)),), "one D6"),
        _template(act.Draw, (("kind", _choice(kinds, label="a cup counter type")),), "WM-REINF-07"),
    ]
    return ActionCodec(
        ActionSpace(decisions, "warmaster actions"),
        ActionSpace(chance, "warmaster chance outcomes"),
        note="nothing decomposed or left out; a group is a set of exactly group_size units of "
        "the group wave (WM-SETUP-05)",
    )


__all__ = ["PASSES", "action_codec", "codec_for", "group_template", "scenario_units"]
