"""Actions as numbers: one fixed action space per scenario of Commands & Colors: Ancients, its
'Armageddon' team variant and its Epic command rules (:mod:`wargames.core.actionspace`).

Every action class the game can list as legal has a template whose fields range over the
scenario's own values, so that an id means the same decision in every state of the battle:

* hexes are the board's (113 on the standard board, 230 on the Epic and 'Armageddon' ones),
  in the board's order; cards are the deck's 29 distinct cards, sorted;
* ``Move(frm, to, leader)``: ``to`` is bounded by the longest move of any piece from ``frm``
  (a unit's allowance or a card's, CCB-MOVE-01, CCB-CARDS-*; a lone leader's 3 hexes,
  CCB-MOVE-15): the hexes within that distance of ``frm``, not every hex;
* ``Fire(frm, at)``: ``at`` within the longest range of the scenario's missile units
  (CCB-RANGED-03); ``Attack(frm, at)``: ``at`` a neighbour of ``frm`` (CCB-CLOSE-01);
* ``RetreatTo(frm, to)``: ``to`` a hex reached from ``frm`` by rear hexes of either seat
  (CCB-RETREAT-08), one step, or more through lone friendly leaders a unit with a leader
  passes (CCB-GAP-21): at most one step more than a side has leaders;
* ``EvadeTo(hexes)``: one of the evader's next hexes (any hex, as a 1-tuple; CCB-EVADE-11),
  or a leader's path of 1 to 3 rear hexes of one seat, ``off`` the board from his baseline
  (CCB-LEADER-11, -14, CCB-GAP-23): every such path of the board, listed once;
* the team variant's set-up choices ``Centre(flank)`` and ``OutsideFlank(flank)``: ``left`` or
  ``right`` (CCA-ROLE-04, -05);
* ``Ignore(flags)``: 0 to the most dice a roll of the scenario may have (a flag is a die);
* chance: ``Draw(card)``, and ``Dice(faces)``, the multiset of 1 to N battle-die faces in the
  die's face order (light, medium, heavy, helmet, flag, swords), N the most dice any roll of
  the scenario can have (a close combat with the best card bonus, CCB-BATTLE-07; a Command
  roll, CCB-CARDS-19); the faces are those of the battle die (CCB-DICE-01).

Nothing legal is left out: a state's legal actions always encode (the tests check every one
of many random states in every scenario). :func:`action_codec` is the ``action_space`` hook
of the game's descriptor.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from functools import lru_cache
from typing import Any

import attrs

from wargames.ancients import actions as act
from wargames.ancients.board import SEATS
from wargames.ancients.commands import RULES
from wargames.ancients.dice import FACES
from wargames.ancients.geometry import Geometry
from wargames.ancients.leaders import EVADE_MOST
from wargames.ancients.movement import LEADER_MOVE
from wargames.ancients.odds import RAMPAGE_DICE
from wargames.ancients.scenario import Readings, Scenario
from wargames.ancients.units import UnitType, close_dice, fire_dice
from wargames.core.actionspace import (
    ActionCodec,
    ActionSpace,
    Choice,
    Dependent,
    Domain,
    Integers,
    Multiset,
    Template,
)
from wargames.core.engine import GameState
from wargames.core.notation import Pass
from wargames.core.sources import CACHE_SIZE, ScenarioSource

__all__ = ["PASSES", "action_codec", "codec_of", "most_dice", "most_move", "most_range"]

PASSES: tuple[str, ...] = (
    "orders",
    "moves",
    "battles",
    "advance",
    "extra",
    "bonus",
    "battle-back",
    "first-strike",
    "counter-attack",
    "cards",
)
"""Every step a ``Pass`` (``end WHAT``) finishes: the base game's, then the team variant's
Counter Attack window and the Epic Overall Commander's giving of cards."""

LEADER_CHECK_DICE = 2
"""The most dice of a leader check (CCB-LEADER-04)."""


@attrs.frozen
class _Battle:
    """A scenario as a cache key: its source and readings (what makes two battles the same)."""

    key: tuple[ScenarioSource, Readings]
    scenario: Scenario = attrs.field(eq=False, hash=False)


def action_codec(state: GameState) -> ActionCodec:
    """The action space of ``state``'s scenario (the same object for every state of it)."""
    scenario: Scenario = state.scenario  # type: ignore[attr-defined]
    return codec_of(scenario)


def codec_of(scenario: Scenario) -> ActionCodec:
    """The action space of ``scenario``, built once per source and readings."""
    return _codec(_Battle((scenario.source, scenario.readings), scenario))


@lru_cache(maxsize=CACHE_SIZE)
def _codec(battle: _Battle) -> ActionCodec:
    scenario = battle.scenario
    return ActionCodec(
        ActionSpace(decision_templates(scenario), "ancients decisions"),
        ActionSpace(chance_templates(scenario), "ancients chance outcomes"),
        note=f"Move, Fire, Attack and RetreatTo bounded by the distance from frm; dice rolls of "
        f"1 to {most_dice(scenario)} dice; see docs/ancients.md",
    )


# -- the scenario's bounds --------------------------------------------------------------------


def _kinds(scenario: Scenario) -> list[UnitType]:
    return list({id(k): k for k in scenario.types if k is not None}.values())


def most_move(scenario: Scenario) -> int:
    """The longest move of any piece: the units' allowances, any card's allowance (Double
    Time, Mounted Charge...), a lone leader's 3 hexes (CCB-MOVE-15)."""
    own = [k.max_move for k in _kinds(scenario)]
    cards = [hexes for rule in RULES.values() for _, hexes in rule.mods.allowance]
    return max([LEADER_MOVE, *own, *cards])


def most_range(scenario: Scenario) -> int:
    """The longest range of the scenario's missile units (1 if none fires: no Fire at all)."""
    return max([1, *(k.range for k in _kinds(scenario) if k.can_fire)])


def most_dice(scenario: Scenario) -> int:
    """The most dice any roll of the scenario can have: a unit's close-combat dice (any role,
    any target) with the best card bonus and terrain modifier, its fire dice, a Command roll
    (as many dice as the Command, CCB-CARDS-19), a rampage's 2 or a leader check's 2."""
    kinds = _kinds(scenario)
    close = [
        _close_dice(k, t, role, full)
        for k in kinds
        for t in [*kinds, None]
        for role in ("attack", "battle-back", "first-strike")
        for full in (True, False)
    ]
    fire = [fire_dice(k, moved) for k in kinds for moved in range(len(k.fire_dice) + 1)]
    bonus = max(
        [0, *(r.mods.close_bonus for r in RULES.values())]
        + [spec.bonus_dice for spec in scenario.cards.values()]
    )
    table = scenario.board.table
    modifier = max([0, *(table[t].dice_modifier for t in table)])
    return max(
        max(close, default=0) + bonus + modifier,
        max(fire, default=0) + modifier,
        *scenario.command,
        RAMPAGE_DICE,
        LEADER_CHECK_DICE,
    )


def _close_dice(kind: UnitType, target: UnitType | None, role: str, full: bool) -> int:
    try:
        return close_dice(kind, target, role, full)  # type: ignore[arg-type]
    except ValueError:  # two elephants' tables with no fixed dice: no such combat
        return 0


# -- the domains --------------------------------------------------------------------------------


def _within(geometry: Geometry, reach: int) -> dict[Hashable, Domain]:
    """Per hex, the other hexes at most ``reach`` away (board order)."""
    ids = geometry.ids
    return {
        h: _choice(tuple(o for o in ids if o != h and geometry.distance(h, o) <= reach))
        for h in ids
    }


def _rear_walks(geometry: Geometry, start: str, steps: int) -> list[str]:
    """Hexes reached from ``start`` by 1 to ``steps`` rear hexes of either seat."""
    found: dict[str, None] = {}
    for seat in SEATS:
        rear = geometry.rear[seat]
        frontier = [start]
        for _ in range(steps):
            frontier = [n for h in frontier for n in rear[h]]
            found.update(dict.fromkeys(frontier))
    return [h for h in geometry.ids if h in found]


def _leaders_per_side(scenario: Scenario) -> int:
    return max(
        sum(
            1
            for t, s in zip(scenario.types, scenario.sides, strict=True)
            if t is None and s == seat
        )
        for seat in SEATS
    )


def evade_targets(scenario: Scenario) -> tuple[tuple[str, ...], ...]:
    """Every ``EvadeTo`` path: each hex alone (a unit's next hex), then every leader's path of
    1 to 3 rear hexes of one seat, ending ``off`` the board from that seat's baseline
    (:func:`~wargames.ancients.leaders.evade_paths` without the pieces)."""
    geometry = scenario.geometry
    found: dict[tuple[str, ...], None] = {(h,): None for h in geometry.ids}
    for seat in SEATS:
        for hex_id in geometry.ids:
            _walk_back(geometry, seat, hex_id, (), found)
    return tuple(found)


def _walk_back(
    geometry: Geometry, seat: str, here: str, path: tuple[str, ...], found: dict[Any, None]
) -> None:
    """Add to ``found`` the paths a leader of ``seat`` in ``here`` may evade along, after
    ``path`` (CCB-LEADER-11, -14, CCB-GAP-23)."""
    if len(path) == EVADE_MOST:
        return
    if here in geometry.baseline[seat]:
        found[(*path, act.OFF)] = None
    for nxt in geometry.rear[seat][here]:
        if not geometry.terrain[nxt].impassable:
            longer = (*path, nxt)
            found[longer] = None
            _walk_back(geometry, seat, nxt, longer, found)


def _cards(scenario: Scenario) -> Choice:
    return _choice(tuple(sorted(set(scenario.deck))), "a card of the deck")


def _flags(values: Iterable[str]) -> Choice:
    return _choice(tuple(values), "a flank")


def decision_templates(scenario: Scenario) -> list[Template]:
    """The players' decisions (see the module docstring), the base game's first, then the
    'Armageddon' variant's or the Epic rules' own."""
    geometry = scenario.geometry
    hexes = _choice(geometry.ids, f"one of {len(geometry.ids)} hexes")
    cards = _cards(scenario)
    yes_no = _choice((False, True), "no, yes")
    steps = _leaders_per_side(scenario) + 1
    rear: dict[Hashable, Domain] = {
        h: _choice(tuple(_rear_walks(geometry, h, steps))) for h in geometry.ids
    }
    moves, fire = most_move(scenario), most_range(scenario)
    templates = [
        _template(act.PlayCard, [("card", cards)]),
        _template(act.Order, [("hex", hexes), ("leader", yes_no)]),
        _template(
            act.Move,
            [
                ("frm", hexes),
                ("to", _dependent("frm", _within(geometry, moves), f"within {moves} of frm")),
                ("leader", yes_no),
            ],
            note=f"to: the hexes within {moves} (the longest move) of frm",
        ),
        _template(
            act.Fire,
            [("frm", hexes), ("at", _dependent("frm", _within(geometry, fire), f"within {fire}"))],
            note=f"at: the hexes within {fire} (the longest range) of frm",
        ),
        _template(
            act.Attack,
            [("frm", hexes), ("at", _dependent("frm", _within(geometry, 1), "a neighbour"))],
        ),
        _template(act.Evade, []),
        _template(act.Stand, []),
        _template(act.EvadeTo, [("hexes", _choice(evade_targets(scenario), "an evade path"))]),
        _template(act.Ignore, [("flags", Integers(0, most_dice(scenario)))]),
        _template(
            act.RetreatTo,
            [("frm", hexes), ("to", _dependent("frm", rear, f"1 to {steps} rear hexes"))],
        ),
        _template(act.Rampage, [("hex", hexes)]),
        _template(act.Rally, [("hex", hexes)]),
        _template(act.Advance, []),
        _template(act.BattleBack, []),
        _template(Pass, [("what", _choice(PASSES, "the step ended"))]),
    ]
    if scenario.variant == "armageddon":
        templates += _variant_templates(hexes, cards)
    if scenario.settings.epic_command:
        templates += _epic_templates(cards)
    return templates


def _variant_templates(hexes: Choice, cards: Choice) -> list[Template]:
    from wargames.ancients.variant.actions import (
        OUTSIDE,
        BattleNext,
        Centre,
        CounterAttack,
        Credit,
        OutsideFlank,
        Place,
    )
    from wargames.ancients.variant.seats import FLANKS

    return [
        _template(Place, [("card", cards), ("flank", _flags(FLANKS))]),
        _template(CounterAttack, [("flank", _flags(FLANKS))]),
        _template(BattleNext, [("hex", hexes)]),
        _template(Credit, [("flank", _flags(FLANKS))]),
        _template(Centre, [("flank", _flags(OUTSIDE))]),
        _template(OutsideFlank, [("flank", _flags(OUTSIDE))]),
    ]


def _epic_templates(cards: Choice) -> list[Template]:
    from wargames.ancients.epic.actions import Give
    from wargames.ancients.epic.seats import FLANKS
    from wargames.ancients.epic.sections import ARMY

    joined = [
        "+".join(f for i, f in enumerate(FLANKS) if mask >> i & 1)
        for mask in range(1, 2 ** len(FLANKS))
    ]
    sections = _choice((ARMY, *sorted(joined, key=lambda j: (j.count("+"), j))), "army or sections")
    return [_template(Give, [("card", cards), ("section", sections)])]


def chance_templates(scenario: Scenario) -> list[Template]:
    """The chance outcomes: the card drawn, the faces of a roll."""
    faces = tuple(f.value for f in FACES)
    dice = most_dice(scenario)
    return [
        _template(act.Draw, [("card", _cards(scenario))]),
        _template(
            act.Dice,
            [("faces", _multiset(faces, dice, 1, f"1 to {dice} dice, faces in the die's order"))],
        ),
    ]


# -- typed constructors (the core domains convert their values with ``tuple``) ------------------


def _template(kind: type, fields: Iterable[tuple[str, Domain]], note: str = "") -> Template:
    return Template(kind, tuple[Any, ...](fields), note)


def _choice(values: Iterable[Hashable], label: str = "") -> Choice:
    return Choice(tuple[Any, ...](values), label)


def _dependent(on: str, domains: Mapping[Hashable, Domain], label: str) -> Dependent:
    return Dependent(on, domains, label)


def _multiset(values: Iterable[Hashable], most: int, least: int, label: str) -> Multiset:
    return Multiset(tuple[Any, ...](values), most, least, label)
