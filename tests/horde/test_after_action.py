"""What a battle works out after an action, asked more cheaply than by the numbers of an
attack or the Commander's whole sight: the same answers as the rules worked out in full,
along seeded random missions."""

from __future__ import annotations

from typing import cast

import numpy as np
import pytest

import wargames
from wargames import testing
from wargames.core.errors import RuleViolation
from wargames.horde import command
from wargames.horde.combat import profiles
from wargames.horde.combat.data import default_hordes
from wargames.horde.combat.strikes import Strike
from wargames.horde.scenario import SIDES
from wargames.horde.state import PScaleState

SCENARIOS = sorted(wargames.game("horde").scenarios())


def random_states(scenario: str, seed: int) -> list[PScaleState]:
    """Every state of a seeded random mission."""
    start = wargames.load("horde", scenario=scenario)
    assert isinstance(start, PScaleState)
    return cast(list[PScaleState], list(testing.random_states(start, seed)))


def counter_numbers_allowed(s: PScaleState, strike: Strike) -> bool:
    """Whether the target of ``strike`` may counter-attack, as the numbers of the
    counter-attack say: both still stand, and the engine allows the counter-attack."""
    if strike.kind != "melee" or not (s.standing(strike.striker) and s.standing(strike.target)):
        return False
    try:
        s.numbers(strike.countered())
    except RuleViolation:
        return False
    return True


@pytest.mark.rule("HMC-COUNTER-01", "HMC-COUNTER-03", "HMC-TALENT-02")
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.quick(1)
def test_who_may_counter_attack_is_what_the_numbers_allow(scenario: str) -> None:
    """At every state of a seeded mission, for pairs of units in melee and at range: the
    target may strike back exactly when the counter-attack's numbers are allowed (fleeing,
    confused, in stealth, fallen or without a melee weapon: no)."""
    answers = set()
    for s in random_states(scenario, 1):
        ids = [u.id for u in s.units]
        for striker in ids[::2]:
            for target in ids[1::2]:
                for kind in ("melee", "ranged"):
                    strike = Strike(striker, target, kind)
                    expected = counter_numbers_allowed(s, strike)
                    assert s.can_counter(strike) == expected, (str(s), strike)
                    answers.add(expected)
    assert answers == {True, False}


@pytest.mark.rule("HMC-ORDERS-02", "HMC-GAP-28")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_hordes_asked_after_are_those_the_commander_orders(scenario: str) -> None:
    """Whom among some of his hordes the Commander may order: every one at his post, else
    those in his sight, as his whole sight gives them (asked twice: the second answer comes
    from the layout's memo)."""
    away = 0
    for s in random_states(scenario, 0):
        for side in SIDES:
            units = [u for u in s.units if u.side == side and u.on_board and u.is_horde]
            whole = command.commanded(s, side)
            for some in (units[::2], units):
                asked = command.ordered_among(s, side, some)
                if whole is None:
                    assert asked is None
                else:
                    away += 1
                    assert asked == {u.id for u in some if u.id in whole}
    assert away


@pytest.mark.rule("HMC-STAT-01", "HMC-STAT-03")
def test_a_hordes_bonuses_are_its_characteristics_tens_and_unnatural_modifiers() -> None:
    """Every shipped profile's bonuses, at any Magnitude, are the tens digits of its
    characteristics plus its Unnatural modifiers, whether remembered or worked out again."""
    hordes = default_hordes()
    for name in hordes.hordes:
        h = hordes[name]
        for horde in (h, h.with_magnitude(max(1, h.magnitude // 2))):
            first = horde.bonuses
            profiles._BONUSES.clear()
            for field in ("ws", "bs", "s", "t", "ag", "per", "wp"):
                tens = getattr(horde.characteristics, field) // 10
                assert getattr(first, field) == tens + getattr(horde.unnatural, field)
            assert horde.bonuses == first
            assert horde.tb == first.t and horde.sb == first.s


@pytest.mark.rule("HMC-ORDERS-19")
def test_a_drawn_action_is_the_listings_at_the_drawn_index() -> None:
    """At every decision of a seeded mission, the action ``random_action`` draws is the one
    a uniform number picks from the listing, which ``apply`` then takes."""
    start = wargames.load("horde", scenario="mirror")
    state, rng = start, np.random.default_rng(3)
    while (player := state.current_player) is not None:
        twin = state.clone()
        before = rng.bit_generator.state
        action = state.random_action(rng)
        again = np.random.default_rng()
        again.bit_generator.state = before
        u = float(again.random())
        if player != "chance":
            legal = twin.legal_actions()
            assert action == legal[int(u * len(legal))]
        state = state.apply(action)
    assert state.outcome is not None
