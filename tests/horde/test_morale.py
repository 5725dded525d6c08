"""Willpower modifiers of morale tests (HMC-MORALE-01 to -08, -11; HMC-TALENT-09). The test
procedure itself belongs to the battle game."""

from __future__ import annotations

import attrs
import pytest
from horde.hmc import build, with_rules

from wargames.horde.combat.data import horde
from wargames.horde.combat.morale import (
    outnumbered_ratio,
    under_strength,
    willpower_modifiers,
    willpower_target,
)
from wargames.horde.combat.profiles import Officer
from wargames.horde.combat.terms import total


def values(**kw: object) -> dict[str, int]:
    h = kw.pop("horde", None) or build(magnitude=40)
    return {t.rule: t.value for t in willpower_modifiers(h, **kw)}  # type: ignore[arg-type]


@pytest.mark.rule("HMC-MORALE-01")
def test_an_adjacent_ally_gives_ten_once() -> None:
    assert values(adjacent_ally=True) == {"HMC-MORALE-01": 10}
    assert values() == {}


@pytest.mark.rule("HMC-MORALE-02", "HMC-MORALE-03")
def test_cover_and_hq_give_ten_each() -> None:
    assert values(in_cover=True, in_hq=True) == {"HMC-MORALE-02": 10, "HMC-MORALE-03": 10}


@pytest.mark.rule("HMC-MORALE-04")
def test_an_officer_gives_at_least_ten_on_top_of_the_rest() -> None:
    led = attrs.evolve(build(magnitude=40), officers=(Officer("Sergeant", 10),))
    assert values(horde=led) == {"HMC-MORALE-04": 10}
    assert values(horde=led, officer=False) == {}
    assert values(officer=True, in_cover=True) == {"HMC-MORALE-04": 10, "HMC-MORALE-02": 10}
    command = horde("guard-command")
    terms = willpower_modifiers(command, adjacent_ally=True)
    assert total(terms) == 20
    assert willpower_target(command, terms) == 40 + 20


@pytest.mark.rule("HMC-MORALE-06", "HMC-MORALE-11")
def test_isolation_and_never_with_the_adjacent_ally_bonus() -> None:
    assert values(isolated=True) == {"HMC-MORALE-06": -10}
    with pytest.raises(ValueError, match="adjacent to an ally"):
        willpower_modifiers(build(), adjacent_ally=True, isolated=True)


@pytest.mark.rule("HMC-MORALE-07", "HMC-GAP-14")
def test_outnumbered_three_to_one_in_close_combat() -> None:
    h = build(magnitude=20)
    assert values(horde=h, engaged_with=(20, 20)) == {}
    assert values(horde=h, engaged_with=(30, 30)) == {"HMC-MORALE-07": -10}
    assert values(horde=h, engaged_with=(80,)) == {"HMC-MORALE-07": -10}
    assert outnumbered_ratio(h, (5, 5, 5), with_rules(outnumber_by="hordes")) == 3
    assert outnumbered_ratio(h, ()) == 0


@pytest.mark.rule("HMC-MORALE-08")
def test_an_army_that_lost_half_its_hordes() -> None:
    assert values(army_half_lost=True) == {"HMC-MORALE-08": -10}


@pytest.mark.rule("HMC-TALENT-09")
def test_disciplined_hordes_ignore_the_under_strength_penalty() -> None:
    """Under-strength: below half of the starting Magnitude (the research notes' gap-fill)."""
    weak = build(magnitude=19, starting=40)
    assert under_strength(weak) and not under_strength(build(magnitude=20, starting=40))
    assert values(horde=weak) == {"HMC-TALENT-09": -10}
    drilled = build(magnitude=19, starting=40, talents=("Disciplined",))
    assert values(horde=drilled) == {}


def test_fear_above_one_and_everything_together() -> None:
    assert values(fear=1) == {}
    assert values(fear=3) == {"HMC-GAP-03": -20}
    h = build(magnitude=10, starting=40, wp=35)
    terms = willpower_modifiers(
        h, in_cover=True, in_hq=True, isolated=True, engaged_with=(40,), army_half_lost=True
    )
    assert total(terms) == 10 + 10 - 10 - 10 - 10 - 10
    assert willpower_target(h, terms) == 35 - 20
