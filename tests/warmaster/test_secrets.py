"""What the Imperial player never learns: a reinforcement drawn from the cup until it lands
face up, and a face-down counter destroyed without being revealed (an over-stacking loss).
Both stay hidden in his view, in his log and in resampled states."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from wm import position, roll

from wargames.warmaster.data import IMPERIAL, TRAITOR
from wargames.warmaster.movement import MovementPhase
from wargames.warmaster.state import CUP, DEAD, HIDDEN, WARP, WarmasterState
from wargames.warmaster.teleport import TraitorReinforcements


def overstacked_traitor() -> WarmasterState:
    """The Traitor ends his movement with four counters in 53, one of them face down."""
    units = {
        "sons-of-horus-1": "53",
        "world-eaters-1": "53",
        "world-eaters-2": "53",
        "world-eaters-3": "52",
        "custodes-1": "11",
    }
    s = position(
        units,
        [MovementPhase(TRAITOR)],
        face_down=["sons-of-horus-1"],
        phase="traitor-movement",
        bridge=TRAITOR,
    )
    return s.apply("move world-eaters-3 53").apply("end phase")


@pytest.mark.rule("WM-HIDDEN-01", "WM-HIDDEN-05", "WM-STACK-05")
def test_a_face_down_counter_lost_unrevealed_stays_unknown() -> None:
    s = overstacked_traitor()
    assert s.current_player == TRAITOR
    assert "lose sons-of-horus-1" in [str(a) for a in s.legal_actions()]
    after = s.apply("lose sons-of-horus-1")
    assert after.location("sons-of-horus-1") == DEAD
    assert after.secret_dead == {"sons-of-horus-1"}
    assert not after.invariant_violations()
    seen = after.view(IMPERIAL)
    assert seen.location("sons-of-horus-1") == HIDDEN
    assert DEAD in seen.backs  # he knows a counter died, not which
    assert "sons-of-horus-1" not in str(seen)
    assert s.redact(s.legal_actions()[0], IMPERIAL).startswith("lose")
    assert s.redact(next(a for a in s.legal_actions() if "sons" in str(a)), IMPERIAL) == "lose ?"
    # a face-up loss is public
    shown = s.apply("lose world-eaters-1").view(IMPERIAL)
    assert shown.location("world-eaters-1") == DEAD


@pytest.mark.rule("WM-HIDDEN-01", "WM-HIDDEN-05")
def test_resampling_deals_the_unseen_dead_among_the_starting_units() -> None:
    units = {f"sons-of-horus-{i}": a for i, a in ((1, "53"), (2, "21"), (3, "34"))}
    units |= {"world-eaters-1": "53", "world-eaters-2": "53", "world-eaters-3": "52"}
    units |= {"horus": "23", "custodes-1": "11"}
    s = position(
        units,
        [MovementPhase(TRAITOR)],
        face_down=["sons-of-horus-1", "sons-of-horus-2", "sons-of-horus-3", "horus"],
        phase="traitor-movement",
    )
    s = s.apply("move world-eaters-3 53").apply("end phase").apply("lose sons-of-horus-1")
    seen = s.view(IMPERIAL).to_json()
    rng = np.random.default_rng(5)
    horus: Counter[str] = Counter()
    dead = Counter()
    for _ in range(600):
        r = s.resample_hidden(IMPERIAL, rng)
        assert r.view(IMPERIAL).to_json() == seen
        assert not r.invariant_violations()
        horus[r.location("horus")] += 1
        dead.update(r.secret_dead)
    # Horus never lies dead (his death ends the game): he is under one of the three backs left
    # on the ship, about equally often; the dead one is any of the other starting units
    assert set(horus) == {"21", "34", "23"} and min(horus.values()) > 150
    assert set(dead) == {"sons-of-horus-1", "sons-of-horus-2", "sons-of-horus-3"}


@pytest.mark.rule("WM-REINF-07", "WM-REINF-09")
def test_a_drawn_reinforcement_is_unknown_until_it_lands_face_up() -> None:
    s = position(
        {"custodes-1": "11"},
        [TraitorReinforcements()],
        phase="traitor-reinforcements",
    )
    s = roll(s, 1)  # one unit comes
    s = roll(s, "draw crew")
    warping = s.in_box(WARP)
    assert len(warping) == 1 and s.side_of(warping[0]) == TRAITOR
    seen = s.view(IMPERIAL)
    assert seen.location(warping[0]) == HIDDEN and WARP in seen.backs
    assert len(seen.cup) == len(s.cup)
    r = s.resample_hidden(IMPERIAL, np.random.default_rng(2))
    assert r.view(IMPERIAL).to_json() == seen.to_json()
    assert sorted(r.cup.cards) == sorted(r.spec(c).id for c in r.in_box(CUP))
    landed = roll(s, 2, 3)  # D66 23: the unit arrives face up
    assert landed.location(warping[0]) == "23"
    assert landed.view(IMPERIAL).location(warping[0]) == "23"
