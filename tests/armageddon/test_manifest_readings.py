"""Readings about the counter manifest and shelter that no other test file pins."""

from __future__ import annotations

import pytest

from wargames import Match
from wargames.armageddon.data import ORKS, default_data
from wargames.armageddon.position import position
from wargames.armageddon.stacking import legal_stack
from wargames.armageddon.supply import cut_off


@pytest.mark.rule("BFA-GAP-04", "BFA-STACK-04")
def test_ghazghkull_is_a_goff_and_stacks_only_with_goffs() -> None:
    """The manifest reconstruction makes Ghazghkull a Goff (he leads Goffs in the combat
    example): he may join a Goff stack beyond three counters, never a Bad Moon one."""
    data = default_data()
    assert data.counters["ghazghkull"].tribe == "goff"
    goffs = ["goff-hordes-1", "goff-hordes-2", "goff-hordes-3"]
    assert legal_stack(data, [*goffs, "ghazghkull"])
    assert not legal_stack(data, ["bad-moon-hordes-1", "ghazghkull"])
    tribes = {spec.tribe for spec in data.counters.values() if spec.side == ORKS}
    assert tribes == {"goff", "bad-moon", "evil-sunz"}


@pytest.mark.rule("BFA-GAP-19", "BFA-SUPPLY-07")
def test_a_ruined_hive_shelters_a_cut_off_ork_stack_too() -> None:
    """Engine reading beyond BFA-GAP-19: the ruins shelter whichever side's stack stands in
    the area, so an Ork garrison of ruined Tartarus, cut off from the Ork supply areas, rolls
    for survival (a 4 saves it, a 3 destroys it) instead of dying outright."""
    stacks = {
        "OT4": ["ghazghkull"],
        "TAR": ["evil-sunz-hordes-1"],
        "E3": ["guard-1"],
        "S5": ["guard-2"],
        "S9": ["guard-4"],
    }
    for roll, survives in ((4, True), (3, False)):
        s = position(stacks, side=ORKS, phase="movement", turn=2, ruined=["hive-tartarus"])
        assert cut_off(s, ORKS) == ("TAR",)
        m = Match(s, seed=1)
        m.apply("end phase")
        m.force_dice(roll)
        m.advance()
        assert (m.state.location("evil-sunz-hordes-1") == "TAR") is survives
