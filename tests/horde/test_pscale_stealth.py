"""Ambushers and stealth in a P-Scale battle: entering and leaving stealth, what the enemy
sees, Awareness tests (HMC-TALENT-01 to -05, HMC-GAP-20)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from horde.pscale import battle, changed, legal, play

from wargames.core.engine import CHANCE
from wargames.core.errors import RuleViolation
from wargames.horde import close_combat, visibility
from wargames.horde.flow import AWARENESS_RANGE, Awareness, awareness_observer
from wargames.horde.morale_checks import MoraleTest
from wargames.horde.state import PScaleState

VETERANS = "guard-veterans"
TRAITORS = "traitor-guard"


def ambush(tmp_path: Path, vet: str = "05-04", foe: str = "09-04", **extra: object) -> PScaleState:
    return battle(
        tmp_path,
        [("VET", VETERANS, vet, dict(extra))],
        [("Z", TRAITORS, foe)],
        terrain={"cover": ["03-04", "05-04", "06-06", "07-04"]},
    )


@pytest.mark.rule("HMC-TALENT-01")
def test_ambushers_in_cover_enter_stealth_with_a_full_action(tmp_path: Path) -> None:
    state = play(ambush(tmp_path), "activate VET")
    assert "VET hide" in legal(state)
    hidden = play(state, "VET hide")
    assert hidden.unit("VET").stealthed and legal(hidden) == ["VET reveal", "VET done"]
    in_the_open = play(ambush(tmp_path, vet="05-05"), "activate VET")
    assert "VET hide" not in legal(in_the_open)
    with pytest.raises(RuleViolation) as info:
        in_the_open.apply("VET hide")
    assert info.value.rule == "HMC-TALENT-01"
    guards = battle(
        tmp_path,
        [("A", "guard-infantry", "05-04")],
        [("Z", TRAITORS, "09-04")],
        terrain={"cover": ["05-04"]},
    )
    assert "A hide" not in legal(play(guards, "activate A"))


@pytest.mark.rule("HMC-TALENT-02")
def test_a_horde_in_stealth_can_be_neither_seen_nor_attacked(tmp_path: Path) -> None:
    state = ambush(tmp_path, stealthed=True)
    state = play(state, 100)  # the Awareness test (Z is too far anyway)
    state = play(state, "pass", "activate Z")
    assert not [x for x in legal(state) if "attack" in x]
    red = state.view("red")
    assert red.unit("VET").square is None and red.hidden == {"VET"}
    assert state.view("blue").unit("VET").square == "05-04"
    assert "VET" not in {u.id for u in visibility.visible_enemies(state, "red")}
    assert not close_combat.in_cqc(state, state.unit("Z"))


@pytest.mark.rule("HMC-GAP-20", "HMC-TALENT-02")
def test_awareness_tests_discover_hidden_hordes(tmp_path: Path) -> None:
    """At the start of each round the enemy horde with the best Perception within 5 squares
    and in sight tests d100 against its Perception; a success discovers the hidden horde."""
    state = ambush(tmp_path, foe="08-04", stealthed=True)
    assert isinstance(state.top, Awareness) and state.current_player == CHANCE
    observer = awareness_observer(state, state.unit("VET"))
    assert observer is not None and observer.id == "Z" and AWARENESS_RANGE == 5
    assert play(state, 30).unit("VET").stealthed is False  # Perception 30
    assert play(state, 31).unit("VET").stealthed is True
    far = ambush(tmp_path, vet="03-04", foe="10-04", stealthed=True)
    assert awareness_observer(far, far.unit("VET")) is None
    assert play(far, 1).unit("VET").stealthed  # rolled, but nobody is looking


@pytest.mark.rule("HMC-TALENT-03", "HMC-TALENT-04", "HMC-TALENT-05")
def test_attacking_or_moving_ends_stealth(tmp_path: Path) -> None:
    state = play(ambush(tmp_path, foe="07-04", stealthed=True), 100, "activate VET")
    assert "VET reveal" in legal(state)
    assert not play(state, "VET reveal").unit("VET").stealthed
    moved = play(state, "VET tactical advance", "VET to 05-05")
    assert not moved.unit("VET").stealthed
    shot = play(state, "VET attack Z ranged with long-las")
    numbers = shot.numbers(shot.top.strike)  # type: ignore[attr-defined]
    assert ("attack from stealth", 2) in [(t.label, t.value) for t in numbers.attack_terms]
    hit = play(shot, 10, 1, 10)
    assert not hit.unit("VET").stealthed
    # HMC-TALENT-04: against the same shot from the open, +2 Attack and +2 damage on every die
    seen = play(ambush(tmp_path, foe="07-04"), "activate VET", "VET attack Z ranged with long-las")
    plain = seen.numbers(seen.top.strike)  # type: ignore[attr-defined]
    assert [numbers.full.damage(d) - plain.full.damage(d) for d in range(1, 11)] == [2] * 10
    assert numbers.attack == plain.attack + 2
    # HMC-TALENT-05: over 20% of the 40 Magnitude (9 or more) from stealth forces a test; 8
    # (exactly 20%) does not; 9 lost to an attack in the open forces none (25% would).
    assert play(shot, 10, 1, 2).unit("Z").magnitude == 32
    assert play(shot, 10, 1, 2).current_player == "blue"
    tested = play(shot, 10, 1, 3)
    assert tested.unit("Z").magnitude == 31
    assert isinstance(tested.top, MoraleTest) and tested.top.reason == "stealth"
    calm = play(seen, 10, 1, 5)
    assert calm.unit("Z").magnitude == 31 and calm.current_player == "blue"


@pytest.mark.rule("HMC-TALENT-02", "HMC-SCALE-06")
def test_a_move_into_a_hidden_horde_stops_short_and_finds_it(tmp_path: Path) -> None:
    state = play(ambush(tmp_path, stealthed=True), 100, "pass", "activate Z", "Z rapid advance")
    assert "Z to 05-04" in legal(state)  # red cannot know the square is taken
    state = play(state, "Z to 05-04")
    z = state.unit("Z")
    assert z.square != "05-04" and state.field.adjacent(z.square or "", "05-04")
    assert not state.unit("VET").stealthed


def test_views_share_legal_actions_and_resampling_keeps_the_view(tmp_path: Path) -> None:
    state = play(ambush(tmp_path, stealthed=True), 100, "pass")
    view = state.view("red")
    assert view.legal_actions() == state.legal_actions()
    rng = np.random.default_rng(3)
    for _ in range(5):
        full = view.resample_hidden("red", rng)
        vet = full.unit("VET")
        assert vet.stealthed and vet.square is not None and full.field.cover(vet.square)
        assert full.invariant_violations() == []
        assert full.view("red").units == view.units
    same = changed(state, "VET", stealthed=False)
    assert same.resample_hidden("red", rng) == same


@pytest.mark.rule("HMC-SCALE-05", "HMC-SCALE-06")
def test_a_move_stopped_short_never_ends_on_an_ally(tmp_path: Path) -> None:
    """In a corridor, an ally stands just before the hidden horde: the move that finds it
    steps back off the ally's square."""
    walls = [f"{c:02d}-{r:02d}" for c in range(5, 9) for r in (3, 5)]
    state = battle(
        tmp_path,
        [("VET", VETERANS, "05-04", {"stealthed": True}), ("A", "guard-infantry", "02-08")],
        [("Z", TRAITORS, "08-04"), ("Y", TRAITORS, "06-04")],
        terrain={"cover": ["05-04"], "wall": walls},
    )
    state = play(state, 100, "pass", "activate Z", "Z rapid advance", "Z to 05-04")
    assert state.unit("Z").square == "07-04" and not state.unit("VET").stealthed
    assert state.invariant_violations() == []
