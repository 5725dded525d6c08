"""How a P-Scale battle ends: a side breaks, or Turning Points after the last round
(research H11)."""

from __future__ import annotations

from pathlib import Path

import pytest
from horde.pscale import battle, changed, play

from wargames.horde.units import resized
from wargames.horde.victory import broken, held, lineage, scores

GUARD = "guard-infantry"
TRAITORS = "traitor-guard"


@pytest.mark.rule("HMC-DAMAGE-15", "HMC-GAP-10")
def test_a_side_whose_last_horde_falls_has_broken(tmp_path: Path) -> None:
    state = battle(tmp_path, [("A", "cultists", "05-04")], [("Z", TRAITORS, "06-04")])
    z = state.unit("Z")
    state = changed(state, "Z", horde=resized(z.horde, 2), round_magnitude=2)
    state = play(state, "activate A", "A attack Z melee", 10, 1, 10)
    assert state.unit("Z").status == "destroyed"
    assert state.outcome is not None and state.outcome.winner == "blue"
    assert "broke" in state.outcome.reason and state.outcome.turn == 1


@pytest.mark.rule("HMC-GAP-03")
def test_routing_hordes_do_not_hold_a_side_together(tmp_path: Path) -> None:
    state = battle(
        tmp_path, [("A", GUARD, "05-04"), ("B", GUARD, "02-02")], [("Z", TRAITORS, "09-08")]
    )
    assert not broken(state, "blue")
    one = changed(state, "A", morale="routing")
    assert not broken(one, "blue")
    both = changed(one, "B", morale="routing")
    assert broken(both, "blue")
    away = changed(state, "A", status="off-board", square=None)
    assert not broken(changed(away, "B", status="destroyed", square=None), "blue")


def test_turning_points_decide_after_the_last_round(tmp_path: Path) -> None:
    """Control: more Magnitude on the area; collapse: half the enemy's hordes lost; destroy:
    the named unit (and what split from it) gone or routing."""
    objectives = [
        {"kind": "control", "name": "the hill", "squares": ["05-04:06-05"], "points": 3},
        {"kind": "collapse", "points": 2},
        {"kind": "destroy", "unit": "Y", "points": 1},
    ]
    state = battle(
        tmp_path,
        [("A", GUARD, "05-04"), ("B", GUARD, "02-02")],
        [("Z", TRAITORS, "06-05"), ("Y", TRAITORS, "09-08")],
        objectives=objectives,
        options={"rounds": 1},
    )
    hill = state.setup.objectives[0]
    assert held(state, hill, "blue") == 40 and held(state, hill, "red") == 40
    assert scores(state) == {"blue": [], "red": []}
    ended = play(state, "pass", "pass")
    assert ended.outcome is not None and ended.outcome.winner is None
    assert "Turning Points blue 0, red 0 after 1 rounds" in ended.outcome.reason
    weaker = changed(state, "Z", horde=resized(state.unit("Z").horde, 30))
    won = play(changed(weaker, "Y", status="destroyed", square=None), "pass", "pass")
    assert won.outcome is not None and won.outcome.winner == "blue"
    got = {o.name: p for o, p in scores(won)["blue"]}
    assert got == {"the hill": 3, "collapse the enemy": 2, "destroy Y": 1}


def test_a_split_unit_must_be_destroyed_whole(tmp_path: Path) -> None:
    state = battle(tmp_path, [("A", GUARD, "03-04")], [("Z", TRAITORS, "09-08")])
    state = play(state, "activate A", "A split", "A split 10", "A-1 at 03-05")
    assert [u.id for u in lineage(state, "A")] == ["A", "A-1"]
